// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
// Escaping follows GitHub's rules: data escapes % \r \n; properties also : and ,.
import type { LintMessage, LintResult } from '../types.ts';
import { findingContext } from './text.ts';

export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
/**
 * Control characters other than the escaped ones are dropped: a runner or a log viewer would
 * act on them. So are C1 controls and the bidi characters that reorder what the page shows.
 */
const dropControls = (s: string): string =>
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '');

export interface AnnotationOptions {
  /** The path GitHub should show (relative to the repository); default: the report's path. */
  readonly pathOf?: (filePath: string) => string;
  /** At most this many error and warning annotations (GitHub shows 10 of each per step). */
  readonly maxErrors?: number;
  readonly maxWarnings?: number;
}

export interface Annotations {
  readonly text: string;
  readonly errors: number;
  readonly warnings: number;
}

function annotation(path: string, m: LintMessage): string {
  const props = [
    `file=${escapeProperty(dropControls(path))}`,
    `line=${m.line}`,
    `col=${m.column}`,
    `endLine=${m.endLine}`,
    `endColumn=${m.endColumn}`,
    `title=${escapeProperty(`meshlint (${m.ruleId})`)}`,
  ].join(',');
  const where = findingContext(m);
  return `::${m.severity === 2 ? 'error' : 'warning'} ${props}::${escapeData(dropControls(where ? `${m.message} [${where}]` : m.message))}\n`;
}

/** Workflow commands for the findings, in report order, the first `max…` of each severity. */
export function annotations(results: readonly LintResult[], opts: AnnotationOptions = {}): Annotations {
  let text = '';
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    const path = opts.pathOf ? opts.pathOf(r.filePath) : r.filePath;
    for (const m of r.messages) {
      if (m.severity === 2) {
        if (errors >= (opts.maxErrors ?? Infinity)) continue;
        errors++;
      } else {
        if (warnings >= (opts.maxWarnings ?? Infinity)) continue;
        warnings++;
      }
      text += annotation(path, m);
    }
  }
  return { text, errors, warnings };
}

export function formatGithub(results: readonly LintResult[]): string {
  return annotations(results).text;
}

/** A workflow command without a location (`::error::…`, `::notice::…`). */
export function workflowCommand(kind: 'error' | 'warning' | 'notice', message: string, title?: string): string {
  return `::${kind}${title ? ` title=${escapeProperty(dropControls(title))}` : ''}::${escapeData(dropControls(message))}\n`;
}
