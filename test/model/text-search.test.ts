// Scanning instead of patterns built from manifest text: the scans find exactly what the
// patterns they replace found (checked against those patterns on many generated texts), and
// stay linear on adversarial text where the patterns failed or crawled.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listEntryInSource, nthWholeWordInSource, pruneLine, removalLine, wholeWordsBefore } from '../../src/model/text-search.ts';
import { prng } from '../helpers/fuzz.ts';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const IDENT = 'A-Za-z0-9_';

// The patterns the scans replace, as they were written.
const reference = {
  wordsBefore(text: string, token: string, end: number): number {
    const re = new RegExp(`(?<![${IDENT}])${escapeRegExp(token)}(?![${IDENT}])`, 'g');
    let n = 0;
    for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) n++;
    return n;
  },
  nth(token: string, n: number): RegExp {
    const word = `(?<!(?<!\\\\)[${IDENT}])${escapeRegExp(token)}(?![${IDENT}])`;
    if (n === 0) return new RegExp(word);
    return new RegExp(`${word}(?<=^(?:(?:(?!${word})[\\s\\S])*${word}){${n + 1}})`);
  },
  entry: (element: string): RegExp => new RegExp(`(?<=^["']?|,)${escapeRegExp(element)}(?=,|["']?$)`),
  prune: (group: string): RegExp => new RegExp(`^.*\\b${escapeRegExp(group)}\\s+prune\\b.*$`, 'm'),
  removal: (tool: string): RegExp => new RegExp(`^.*\\b${escapeRegExp(tool)}\\b.*(?<![-\\w])(?:rm|remove)\\b.*$`, 'm'),
};

const span = (re: RegExp, text: string): readonly [number, number] | undefined => {
  const m = re.exec(text);
  return m ? [m.index, m.index + m[0].length] : undefined;
};

/** Short texts from a small alphabet, so that words, boundaries and lines meet often. */
function texts(seed: number, alphabet: readonly string[], count: number): string[] {
  const rng = prng(seed);
  return Array.from({ length: count }, () => Array.from({ length: rng.int(24) }, () => rng.pick(alphabet)).join(''));
}

test('whole words before an offset: the same count as the global pattern', () => {
  for (const text of texts(1, ['ab', 'a', 'b', '_', '.', ' ', '\\', 'n', 'aba'], 3000)) {
    for (const token of ['ab', 'a', 'aba', 'a.b', '.']) {
      for (const end of [0, 3, 7, text.length]) assert.is(wholeWordsBefore(text, token, end), reference.wordsBefore(text, token, end), `${JSON.stringify(text)} ${token} ${end}`);
    }
  }
});

test('the n-th whole word in a scalar\'s source: the same span as the look-behind pattern', () => {
  for (const text of texts(2, ['ab', 'a', 'b', '\\n', '\\', ' ', '"', 'x', 'aab'], 3000)) {
    for (const token of ['ab', 'a', 'aab']) {
      for (const n of [0, 1, 2]) assert.equal(nthWholeWordInSource(token, n)(text), span(reference.nth(token, n), text), `${JSON.stringify(text)} ${token} ${n}`);
    }
  }
});

test('a list entry in the source: the same span as the entry pattern', () => {
  for (const text of texts(3, ['10.0.0.0/8', ',', ' ', '"', "'", 'a', 'aa', '1'], 3000)) {
    for (const entry of ['a', 'aa', '10.0.0.0/8', ' a', '1']) assert.equal(listEntryInSource(entry)(text), span(reference.entry(entry), text), `${JSON.stringify(text)} ${JSON.stringify(entry)}`);
  }
});

test('the line of a prune or a removal: the same span as the line patterns', () => {
  const alphabet = ['system', 'container', 'prune', 'docker', 'nerdctl', 'rm', 'remove', ' ', '  ', '\n', '\r', '-', 'x', '_', '\u2028', '\t', 'rmx', '/'];
  for (const text of texts(4, alphabet, 6000)) {
    for (const group of ['system', 'container']) assert.equal(pruneLine(group)(text), span(reference.prune(group), text), `${JSON.stringify(text)} ${group}`);
    for (const tool of ['docker', 'nerdctl']) assert.equal(removalLine(tool)(text), span(reference.removal(tool), text), `${JSON.stringify(text)} ${tool}`);
  }
});

test('adversarial texts: a 100,000-character word and 100,000 repeated tokens are scanned, not matched by patterns', () => {
  const word = 'a'.repeat(100_000);
  const text = `${'a'.repeat(150_000)} ${word}`;
  assert.is(wholeWordsBefore(text, word, text.length), 1);
  assert.equal(nthWholeWordInSource(word, 0)(text), [150_001, 250_001]);
  const tokens = 'holdApplicationUntilProxyStarts '.repeat(100_000);
  assert.equal(nthWholeWordInSource('holdApplicationUntilProxyStarts', 99_999)(tokens), [99_999 * 32, 99_999 * 32 + 31]);
  const entries = `${'10.0.0.0/8,'.repeat(100_000)}x`;
  assert.equal(listEntryInSource('x')(entries), [entries.length - 1, entries.length]);
  const script = `${'docker ps -a '.repeat(50_000)}\n${'system '.repeat(50_000)}prune`;
  assert.is(removalLine('docker')(script), undefined);
  assert.equal(pruneLine('system')(script)?.[1], script.length);
});

test.run();
