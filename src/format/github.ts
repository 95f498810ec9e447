// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
// Escaping follows GitHub's rules: data escapes % \r \n; properties also : and ,.
import type { LintResult } from '../types.ts';
import { findingContext } from './text.ts';

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(results: readonly LintResult[]): string {
  let out = '';
  for (const r of results) {
    for (const m of r.messages) {
      const props = [
        `file=${escapeProperty(r.filePath)}`,
        `line=${m.line}`,
        `col=${m.column}`,
        `endLine=${m.endLine}`,
        `endColumn=${m.endColumn}`,
        `title=${escapeProperty(`meshlint (${m.ruleId})`)}`,
      ].join(',');
      const where = findingContext(m);
      // Control characters other than the escaped ones are dropped: a runner would interpret them.
      const text = (where ? `${m.message} [${where}]` : m.message).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
      out += `::${m.severity === 2 ? 'error' : 'warning'} ${props}::${escapeData(text)}\n`;
    }
  }
  return out;
}
