// The document cache gives exactly what parseFile gives, on the first parse and after edits
// that shift, change, add and remove documents; it re-parses only the changed ones.
import { readFileSync } from 'node:fs';
import { globSync } from 'glob';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DocumentCache, documentGroups } from '../../src/parse/document-cache.ts';
import { documentText, parseFile } from '../../src/parse/yaml.ts';
import { documentEvents, recentEvents } from '../../src/parse/events.ts';
import { Locator } from '../../src/parse/locator.ts';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';
import { REPO_ROOT, sharedExtra } from '../helpers/shared.ts';

const plain = (docs: Iterable<ParsedDocument>): string => JSON.stringify([...docs].map((d) => ({ ...d, file: d.file.text.length })));
const file = (text: string): SourceFile => ({ displayPath: 'f.yaml', absPath: '/ws/f.yaml', text });

function sameAsParseFile(cache: DocumentCache, text: string, label: string): void {
  const f = file(text);
  const cached = cache.parse(f);
  assert.is(plain(cached), plain(parseFile(f)), label);
  for (const d of cached) assert.is(d.file, f, `${label}: documents point at the new text`);
}

const A = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels:\n    x: "1"\n    x: "2"\n';
const B = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: [\n';
const C = '# a comment\napiVersion: v1\nkind: Secret\nmetadata:\n  name: c\n';

test('edits that shift, change, add and remove documents give what parseFile gives', () => {
  const cache = new DocumentCache();
  const steps = [
    `# header\n${A}---\n${B}---\n${C}`,
    `# header, longer now\n${A}---\n${B}---\n${C}`, // every later document shifts
    `# header, longer now\n${A.replace('name: a', 'name: aa')}---\n${B}---\n${C}`,
    `# header, longer now\n${A}---\n${C}`, // one removed
    `${C}---\n${A}---\n${A}---\n${C}`, // reordered, repeated
    `%YAML 1.1\n---\n${A}\n---\n\n# only a comment\n`,
    '',
    `---\n${A}...\n---\n${C}`,
  ];
  for (const [i, text] of steps.entries()) sameAsParseFile(cache, text, `step ${i}`);
});

test('an unchanged document is not parsed again; a changed one is', () => {
  const cache = new DocumentCache();
  const first = cache.parse(file(`${A}---\n${C}`));
  const second = cache.parse(file(`${A}---\n${C.replace('name: c', 'name: cc')}`));
  assert.is(second[0]?.value, first[0]?.value, 'the same value object: reused');
  assert.is.not(second[1]?.value, first[1]?.value);
});

test('an unchanged document keeps its events for the locator, edit after edit, however many documents were parsed since', () => {
  const docs = Array.from({ length: 12 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  k: "${i}"\n`);
  const cache = new DocumentCache({ keepEvents: true });
  cache.parse(file(docs.join('---\n')));
  // An edit in the last document: the first is not parsed again, and more than a few were parsed since.
  const edited = file([...docs.slice(0, -1), docs[11]?.replace('"11"', '"x"')].join('---\n'));
  const [first] = cache.parse(edited);
  assert.ok(first);
  const text = documentText(edited, first.startOffset, first.endOffset) as string;
  const kept = recentEvents(edited, first.startOffset, text);
  assert.ok(kept, 'kept');
  assert.equal(kept, documentEvents(text));
  // A cache made without keepEvents keeps none; one released keeps them no longer (a run's own keeps them for its version steps only).
  const again = file(`${docs.join('---\n')}# edited\n`);
  const textOf = (d: ParsedDocument): string => documentText(again, d.startOffset, d.endOffset) as string;
  const plainCache = new DocumentCache();
  plainCache.parse(again);
  const [firstAgain] = plainCache.parse(again);
  assert.ok(firstAgain);
  assert.is(recentEvents(again, firstAgain.startOffset, textOf(firstAgain)), undefined);
  const stepCache = new DocumentCache({ keepEvents: true });
  const [stepFirst] = stepCache.parse(again);
  stepCache.parse(file('a: 1\n---\nb: 2\n---\nc: 3\n---\nd: 4\n---\ne: 5\n'));
  assert.ok(stepFirst && recentEvents(again, stepFirst.startOffset, textOf(stepFirst)), 'kept until released');
  stepCache.release();
  assert.is(recentEvents(again, stepFirst.startOffset, textOf(stepFirst)), undefined);
  // And the locator places a key there as it would from a fresh parse.
  assert.equal(new Locator().offsets(first, ['metadata', 'name']), new Locator({ fast: false }).offsets(first, ['metadata', 'name']));
});

test('groups: comments before the first marker join the next piece; "---" with only comments is an empty document of its own', () => {
  const text = '# lead\n---\n# only comments\n---\na: 1\n---\nb: 2\n# trailing\n---\n# tail\n';
  assert.equal(
    documentGroups(text).map((g) => text.slice(g.start, g.end)),
    ['# lead\n---\n# only comments\n', '---\na: 1\n', '---\nb: 2\n# trailing\n', '---\n# tail\n'],
  );
  sameAsParseFile(new DocumentCache(), text, 'empty documents');
});

test('the examples and a sample of the corpus: first parse and a parse after a mid-file edit', () => {
  const files = globSync('examples/**/*.{yaml,yml,json}', { cwd: REPO_ROOT, absolute: true });
  const corpus = sharedExtra('corpus');
  if (corpus) files.push(...globSync('**/*.{yaml,yml}', { cwd: corpus, absolute: true }).sort().filter((_, i) => i % 50 === 0));
  for (const path of files) {
    const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    const cache = new DocumentCache();
    sameAsParseFile(cache, text, path);
    const mid = text.indexOf('\n---', Math.floor(text.length / 2));
    if (mid > 0) sameAsParseFile(cache, `${text.slice(0, mid)}\n# edited\nextra: 1${text.slice(mid)}`, `${path} (edited)`);
  }
});

test.run();
