// GitHub Actions annotations. `-f github` writes them as workflow commands
// (`::error file=…,line=…,col=…,title=…::message`, escaped by GitHub's rules: data escapes
// % \r \n; properties also : and ,); the Action picks the same ones and issues them
// through @actions/core.
import type { LintMessage, LintResult } from '../common/types.ts';
import { findingContext } from '../common/text.ts';

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
/**
 * Control characters other than the escaped ones are dropped: a runner or a log viewer would
 * act on them. So are C1 controls and the bidi characters that reorder what the page shows.
 */
export const dropControls = (s: string): string =>
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '');

export interface AnnotationOptions {
  /** The path GitHub should show (relative to the repository); default: the report's path. */
  readonly pathOf?: (filePath: string) => string;
  /** At most this many error and warning annotations (GitHub shows 10 of each per step). */
  readonly maxErrors?: number;
  readonly maxWarnings?: number;
}

/** One annotation: where, and its text with the controls dropped (escaping is the writer's). */
export interface Annotation {
  readonly kind: 'error' | 'warning';
  readonly file: string;
  readonly message: string;
  readonly title: string;
  readonly finding: LintMessage;
}

/** The findings to annotate, in report order, the first `max…` of each severity. */
export function selectAnnotations(results: readonly LintResult[], opts: AnnotationOptions = {}): Annotation[] {
  const out: Annotation[] = [];
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    const file = dropControls(opts.pathOf ? opts.pathOf(r.filePath) : r.filePath);
    for (const m of r.messages) {
      if (m.severity === 2) {
        if (errors >= (opts.maxErrors ?? Infinity)) continue;
        errors++;
      } else {
        if (warnings >= (opts.maxWarnings ?? Infinity)) continue;
        warnings++;
      }
      const where = findingContext(m);
      out.push({ kind: m.severity === 2 ? 'error' : 'warning', file, message: dropControls(where ? `${m.message} [${where}]` : m.message), title: `meshlint (${m.ruleId})`, finding: m });
    }
  }
  return out;
}

/** `-f github`: every finding as a workflow command, for a workflow that runs the CLI. */
export function formatGithub(results: readonly LintResult[]): string {
  return selectAnnotations(results)
    .map((a) => {
      const m = a.finding;
      const props = [`file=${escapeProperty(a.file)}`, `line=${m.line}`, `col=${m.column}`, `endLine=${m.endLine}`, `endColumn=${m.endColumn}`, `title=${escapeProperty(a.title)}`].join(',');
      return `::${a.kind} ${props}::${escapeData(a.message)}\n`;
    })
    .join('');
}
