// Where an unclosed flow collection or quoted scalar opens. The YAML parser notices one only
// where it gives up, often lines later (at the next key, or the next document's `---`); the
// user fixes it where it opens.

/** Parser messages that mean "something opened earlier was never closed". */
const UNCLOSED = /Missing closing ["']quote|end with an? [}\]]|Flow (?:map|sequence|collection)[^.]*(?:end|terminated)|Unexpected end of flow/i;

export function isUnclosedError(message: string): boolean {
  return UNCLOSED.test(message);
}

/**
 * The offset of the innermost flow collection (`{`, `[`) or quoted scalar still open at `end`,
 * scanning `text` from `start`: quotes and comments are skipped as YAML reads them. One pass,
 * linear in the text; undefined when nothing is open.
 */
export function unclosedOpener(text: string, start: number, end: number): number | undefined {
  const stack: number[] = [];
  let quote: { char: string; at: number } | undefined;
  let lineStart = true;
  let prev = '\n';
  for (let i = start; i < end && i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (quote.char === '"' && c === '\\') {
        i++;
        continue;
      }
      if (c === quote.char) {
        if (quote.char === "'" && text[i + 1] === "'") {
          i++;
          continue;
        }
        quote = undefined;
      }
      prev = c;
      continue;
    }
    if (c === '#' && (prev === ' ' || prev === '\t' || prev === '\n' || lineStart)) {
      const nl = text.indexOf('\n', i);
      if (nl === -1 || nl >= end) break;
      i = nl - 1;
      continue;
    }
    // A quote opens a scalar only where a node starts: after a flow or block indicator or blanks.
    if ((c === '"' || c === "'") && /[\s[{,:\-?]/.test(prev)) quote = { char: c, at: i };
    else if ((c === '{' || c === '[') && /[\s[{,:\-?]/.test(prev)) stack.push(i);
    else if ((c === '}' || c === ']') && stack.length > 0) stack.pop();
    lineStart = c === '\n';
    prev = c;
  }
  return quote?.at ?? stack[stack.length - 1];
}
