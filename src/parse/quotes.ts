// Scanning quoted YAML scalars on one line of text, without parsing: shared by the
// unrendered-template detector and the go-yaml leniency repair.

/** Index of the quote that closes the one at `open` (pass -1 to scan from the line start), or -1. */
export function findClosingQuote(line: string, open: number, quote: string): number {
  for (let j = open + 1; j < line.length; j++) {
    const c = line[j];
    if (quote === '"' && c === '\\') {
      j++;
      continue;
    }
    if (c === quote) {
      if (quote === "'" && line[j + 1] === "'") {
        j++;
        continue;
      }
      return j;
    }
  }
  return -1;
}

/**
 * A quote opens a scalar only where one can begin (not inside `don't`): after `: `, `- `, `[`,
 * `{`, `,`, `?` or at the start. `prev` is the last character before it that is not blank.
 */
export function opensAfter(prev: string): boolean {
  return prev === '' || ':-[{,?'.includes(prev);
}

/** Whether a quote at `at` in `line` opens a scalar. Looks back only over blanks: linear per line. */
export function quoteOpensScalar(line: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(line[i] ?? '')) i--;
  return opensAfter(i < 0 ? '' : (line[i] ?? ''));
}
