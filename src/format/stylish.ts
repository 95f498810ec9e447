// The default, human format: grouped by file, one line per problem, a summary at the end.
import type { LintResult } from '../types.ts';
import { findingContext, plural, safeText } from './text.ts';

export interface StylishOptions {
  readonly color: boolean;
}

export function formatStylish(results: readonly LintResult[], opts: StylishOptions): string {
  const c = (code: string, s: string): string => (opts.color ? `\u001b[${code}m${s}\u001b[0m` : s);
  let out = '';
  let errors = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  for (const r of results) {
    if (r.messages.length === 0) continue;
    errors += r.errorCount;
    warnings += r.warningCount;
    fixableErrors += r.fixableErrorCount;
    fixableWarnings += r.fixableWarningCount;
    out += `\n${c('4', safeText(r.filePath))}\n`;
    const rows = r.messages.map((m) => ({
      pos: `${m.line}:${m.column}`,
      sev: m.severity === 2 ? 'error' : 'warning',
      m,
    }));
    const posWidth = Math.max(...rows.map((x) => x.pos.length));
    for (const { pos, sev, m } of rows) {
      const where = findingContext(m);
      out += `  ${c('2', pos.padEnd(posWidth))}  ${sev === 'error' ? c('31', 'error  ') : c('33', 'warning')}  ${safeText(m.message)}  ${c('2', m.ruleId)}\n`;
      if (where) out += `  ${' '.repeat(posWidth)}           ${c('2', safeText(where))}\n`;
    }
  }
  const total = errors + warnings;
  if (total === 0) return '';
  const summary = `${total === 1 ? '1 problem' : `${total} problems`} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  out += `\n${c(errors ? '31;1' : '33;1', `✖ ${summary}`)}\n`;
  if (fixableErrors + fixableWarnings > 0) {
    out += c(errors ? '31;1' : '33;1', `  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`) + '\n';
  }
  return out;
}
