// ESLint's JSON formatter shape, plus the resource each problem belongs to.
import type { LintResult } from '../types.ts';
import { jsonText } from './text.ts';

export function formatJson(results: readonly LintResult[]): string {
  return jsonText(
    results.map((r) => ({
      filePath: r.filePath,
      messages: r.messages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.resource ? { resource: m.resource } : {}),
        ...(m.helmSource ? { helmSource: m.helmSource } : {}),
        ...(m.renders ? { renders: m.renders } : {}),
        ...(m.fix ? { fix: m.fix } : {}),
        ...(m.suggestions ? { suggestions: m.suggestions } : {}),
        ...(m.related ? { related: m.related } : {}),
      })),
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      fixableErrorCount: r.fixableErrorCount,
      fixableWarningCount: r.fixableWarningCount,
      ...(r.output !== undefined ? { output: r.output } : {}),
    })),
  );
}
