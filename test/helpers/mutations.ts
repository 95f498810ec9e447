// Seeded mutations of YAML text, for tests that hold two ways of parsing to the same answer.

/** A small seeded generator (mulberry32), so that a failure is found again. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [' ', '  ', '\n', ':', ': ', '- ', '#', ' #', "'", '"', '|', '>', '|2', '[', ']', '{', '}', ',', '&a ', '*a', '!', '\\', '\\n', 'a', '1', '\t', 'yes', '<<', '?', '%', '---', '\n- ', '\n  ', 'x: 1', '.inf'];

/** One mutation inside the text after `from`: a piece inserted, a span deleted, a line duplicated, re-indented or moved. */
export function mutate(text: string, from: number, rnd: () => number): string {
  const at = from + Math.floor(rnd() * (text.length - from));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at) + 1;
  switch (Math.floor(rnd() * 6)) {
    case 0:
    case 1:
      return text.slice(0, at) + (PIECES[Math.floor(rnd() * PIECES.length)] as string) + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 3));
    case 3:
      return text.slice(0, lineEnd) + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
    case 4:
      return rnd() < 0.5 ? text.slice(0, lineStart) + ' '.repeat(1 + Math.floor(rnd() * 3)) + text.slice(lineStart) : text.slice(0, lineStart) + text.slice(lineStart).replace(/^ {1,2}/, '');
    default: {
      const other = from + Math.floor(rnd() * (text.length - from));
      const otherStart = text.lastIndexOf('\n', other - 1) + 1;
      return text.slice(0, otherStart) + text.slice(lineStart, lineEnd) + text.slice(otherStart);
    }
  }
}
