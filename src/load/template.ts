// Detects Helm (Go template) sources that were not rendered: `{{ … }}` outside quoted
// strings, block scalars and comments. Such text may still parse as YAML
// (`replicas: {{ .Values.n }}` is a flow mapping), so it must be caught before linting.

import { findClosingQuote, opensAfter } from '../parse/quotes.ts';

const BLOCK_SCALAR_START = /(?:^|[:\-?]\s*)[|>][-+0-9]*\s*$/;

/** Offset of the first template action outside strings, block scalars and comments, or undefined. */
export function findUnrenderedTemplate(text: string): number | undefined {
  const last = text.lastIndexOf('{{');
  if (last === -1) return undefined;
  let blockIndent = -1; // indentation of the line that opened a block scalar; -1 = not in one
  let offset = 0;
  while (offset <= last) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(offset, end);
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === '';
    if (blockIndent >= 0) {
      if (blank || indent > blockIndent) {
        offset = end + 1;
        continue;
      }
      blockIndent = -1;
    }
    // Most lines hold no quote, comment or block indicator: they are read as they are.
    const code = /["'#]/.test(line) ? stripStringsAndComment(line) : line;
    const at = templateAction(code);
    if (at !== -1) return offset + at;
    if (/[|>]/.test(code) && BLOCK_SCALAR_START.test(code.trimEnd())) blockIndent = indent;
    if (nl === -1) break;
    offset = end + 1;
  }
  return undefined;
}

/**
 * The first `{{` of a line that opens a template action; `${{ … }}` is a GitHub Actions
 * (or Argo Workflows) expression, data in a workflow file, not Helm.
 */
function templateAction(code: string): number {
  for (let at = code.indexOf('{{'); at !== -1; at = code.indexOf('{{', at + 2)) {
    if (code[at - 1] !== '$') return at;
  }
  return -1;
}

/** Blanks out quoted strings (keeping offsets) and drops a trailing comment. */
function stripStringsAndComment(line: string): string {
  let out = '';
  // The last character kept that is not blank: blanked strings do not count (linear per line).
  let prev = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if ((c === '"' || c === "'") && opensAfter(prev)) {
      const close = findClosingQuote(line, i, c);
      if (close === -1) return out; // a string continues on the next line: nothing after it counts
      out += ' '.repeat(close - i + 1);
      i = close;
      continue;
    }
    if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) return out;
    out += c;
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}

/** Does the document at [start, end) of a file contain template syntax outside strings? */
export function isTemplatedDocument(text: string, start: number, end: number): boolean {
  return findUnrenderedTemplate(text.slice(start, end)) !== undefined;
}
