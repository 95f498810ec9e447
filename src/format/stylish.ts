// The default, human format: grouped by file, one line per problem, a summary at the end.
import type { LintResult } from '../common/types.ts';
import { findingContext, painter, plural, safeText } from '../common/text.ts';

export interface StylishOptions {
  readonly color: boolean;
}

export function formatStylish(results: readonly LintResult[], opts: StylishOptions): string {
  const c = painter(opts.color);
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
    out += `\n${c('underline', safeText(r.filePath))}\n`;
    const rows = r.messages.map((m) => ({
      pos: `${m.line}:${m.column}`,
      sev: m.severity === 2 ? 'error' : 'warning',
      m,
    }));
    const posWidth = Math.max(...rows.map((x) => x.pos.length));
    for (const { pos, sev, m } of rows) {
      const where = findingContext(m);
      out += `  ${c('dim', pos.padEnd(posWidth))}  ${sev === 'error' ? c('red', 'error  ') : c('yellow', 'warning')}  ${safeText(m.message)}  ${c('dim', m.ruleId)}\n`;
      if (where) out += `  ${' '.repeat(posWidth)}           ${c('dim', safeText(where))}\n`;
    }
  }
  const total = errors + warnings;
  if (total === 0) return '';
  const summary = `${total === 1 ? '1 problem' : `${total} problems`} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  out += `\n${c(errors ? ['red', 'bold'] : ['yellow', 'bold'], `✖ ${summary}`)}\n`;
  if (fixableErrors + fixableWarnings > 0) {
    out += c(errors ? ['red', 'bold'] : ['yellow', 'bold'], `  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`) + '\n';
  }
  return out;
}
