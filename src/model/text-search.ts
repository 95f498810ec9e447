// Finding words and list entries in a manifest's source text by scanning it. A regular
// expression built from the text it searches is compiled from input: V8 refuses large ones
// ("Regular expression too large") and look-behinds over repeated tokens run in quadratic
// time or worse. Every function here is linear in the text and the word.
import type { SpanFinder } from '../common/types.ts';

/** [A-Za-z0-9_]: the characters of `\w`, which `\b` separates from the others. */
export function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** The line terminators of JavaScript: where `.` stops and `^`/`$` match with the m flag. */
function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** The characters of `\s`. */
function isSpace(c: number): boolean {
  return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

const lineEnd = (text: string, at: number): number => {
  let i = at;
  while (i < text.length && !isLineTerminator(text.charCodeAt(i))) i++;
  return i;
};

/** Every offset where `needle` starts in `text`, overlapping ones included, in order (Knuth–Morris–Pratt). */
export function* occurrences(text: string, needle: string): Generator<number> {
  const m = needle.length;
  if (m === 0) return;
  const fail = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && needle.charCodeAt(i) !== needle.charCodeAt(k)) k = fail[k - 1] as number;
    if (needle.charCodeAt(i) === needle.charCodeAt(k)) k++;
    fail[i] = k;
  }
  for (let i = 0, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== needle.charCodeAt(k)) k = fail[k - 1] as number;
    if (text.charCodeAt(i) === needle.charCodeAt(k)) k++;
    if (k === m) {
      yield i - m + 1;
      k = fail[k - 1] as number;
    }
  }
}

/**
 * Occurrences of `word` that `accept` takes, scanned left to right without overlap: after one
 * is taken the scan goes on past its end, as a global regular expression's matches do.
 */
function* takenOccurrences(text: string, word: string, accept: (start: number) => boolean): Generator<number> {
  let from = 0;
  for (const start of occurrences(text, word)) {
    if (start < from || !accept(start)) continue;
    yield start;
    from = start + word.length;
  }
}

/** Not inside a longer word on either side: the neighbours are not word characters. */
const wholeWordAt = (text: string, word: string, start: number): boolean =>
  (start === 0 || !isWordChar(text.charCodeAt(start - 1))) && !isWordChar(text.charCodeAt(start + word.length));

/** How often `word` occurs as a whole word in `text` before offset `end`. */
export function wholeWordsBefore(text: string, word: string, end: number): number {
  let n = 0;
  for (const start of takenOccurrences(text, word, (s) => wholeWordAt(text, word, s))) {
    if (start >= end) break;
    n++;
  }
  return n;
}

/**
 * The (n+1)-th whole-word occurrence of `word` in the source text of a scalar. In a
 * double-quoted scalar a newline is written `\n`: a word character after a backslash is an
 * escape, not part of the word, so `\nholdApplicationUntilProxyStarts` holds the word.
 */
export function nthWholeWordInSource(word: string, n: number): SpanFinder {
  return (text) => {
    const accept = (s: number): boolean =>
      (s === 0 || !isWordChar(text.charCodeAt(s - 1)) || (s >= 2 && text.charCodeAt(s - 2) === 0x5c)) && !isWordChar(text.charCodeAt(s + word.length));
    let seen = 0;
    for (const start of takenOccurrences(text, word, accept)) {
      if (seen++ === n) return [start, start + word.length];
    }
    return undefined;
  };
}

const isQuote = (c: number): boolean => c === 0x22 || c === 0x27;

/**
 * One entry of a comma-separated value as written in the source: the whole text (inside its
 * quotes, if any) or a stretch between commas. Entries hold no comma, so each comparison
 * stops at the next comma of the text, and the scan is linear.
 */
export function listEntryInSource(entry: string): SpanFinder {
  return (text) => {
    const m = entry.length;
    const fits = (start: number): boolean => {
      if (!text.startsWith(entry, start)) return false;
      const end = start + m;
      return end === text.length || text.charCodeAt(end) === 0x2c || (end === text.length - 1 && isQuote(text.charCodeAt(end)));
    };
    if (fits(0)) return [0, m];
    if (text.length > 0 && isQuote(text.charCodeAt(0)) && fits(1)) return [1, 1 + m];
    for (let comma = text.indexOf(','); comma !== -1; comma = text.indexOf(',', comma + 1)) {
      if (fits(comma + 1)) return [comma + 1, comma + 1 + m];
    }
    return undefined;
  };
}

/** The runs of word characters of a text, in order: [start, end). */
function* wordRuns(text: string, from = 0, to = text.length): Generator<readonly [number, number]> {
  let i = from;
  while (i < to) {
    while (i < to && !isWordChar(text.charCodeAt(i))) i++;
    if (i >= to) return;
    const start = i;
    while (i < to && isWordChar(text.charCodeAt(i))) i++;
    yield [start, i];
  }
}

const runIs = (text: string, run: readonly [number, number], word: string): boolean => run[1] - run[0] === word.length && text.startsWith(word, run[0]);

/**
 * The line that holds `<group> prune` (`system prune`, `container prune`), the words apart by
 * white space (which may break the line); when a line holds it twice, the last one decides
 * where the span ends.
 */
export function pruneLine(group: string): SpanFinder {
  return (text) => {
    for (let start = 0; start <= text.length; ) {
      const end = lineEnd(text, start);
      let pruneEnd = -1;
      for (const run of wordRuns(text, start, end)) {
        if (!runIs(text, run, group)) continue;
        let i = run[1];
        while (i < text.length && isSpace(text.charCodeAt(i))) i++;
        if (i > run[1] && text.startsWith('prune', i) && !isWordChar(text.charCodeAt(i + 'prune'.length))) pruneEnd = i + 'prune'.length;
      }
      if (pruneEnd !== -1) return [start, lineEnd(text, pruneEnd)];
      start = end + 1;
    }
    return undefined;
  };
}

/** The first line that holds `tool` as a word and, after it, `rm` or `remove` as a word not preceded by `-`. */
export function removalLine(tool: string): SpanFinder {
  return (text) => {
    for (let start = 0; start <= text.length; ) {
      const end = lineEnd(text, start);
      let sawTool = false;
      for (const run of wordRuns(text, start, end)) {
        if (sawTool && (runIs(text, run, 'rm') || runIs(text, run, 'remove')) && text.charCodeAt(run[0] - 1) !== 0x2d) return [start, end];
        if (runIs(text, run, tool)) sawTool = true;
      }
      start = end + 1;
    }
    return undefined;
  };
}
