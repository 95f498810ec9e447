// An entry appended to a block mapping (a suggestion's `insert`) lands where the `yaml` syntax
// tree says, whether it is placed from the fast path's events or from the tree: on the examples
// and a sample of the corpus, at every mapping, with the edge cases the events decline.
import { readFileSync } from 'node:fs';
import { globSync } from 'glob';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTextEdits } from '../src/engine/fix.ts';
import { Locator } from '../src/parse/locator.ts';
import { parseFile } from '../src/parse/yaml.ts';
import type { ParsedDocument, Path, SourceFile } from '../src/common/types.ts';
import { REPO_ROOT, sharedExtra } from './helpers/shared.ts';

const file = (text: string): SourceFile => ({ displayPath: 'f.yaml', absPath: undefined, text });

/** Every path to a mapping with entries in a document's value. */
function mappingPaths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((x, i) => mappingPaths(x, [...at, i], out));
  else if (value && typeof value === 'object') {
    if (Object.keys(value).length > 0) out.push(at);
    for (const [k, x] of Object.entries(value)) mappingPaths(x, [...at, k], out);
  }
  return out;
}

function sameBothWays(doc: ParsedDocument, path: Path, label: string): boolean {
  const insert = { op: 'insert' as const, path, key: 'added', value: { a: 'b' } };
  const quick = new Locator();
  const fromEvents = quick.mappingEnds(doc, path) !== undefined;
  assert.equal(toTextEdits(quick, doc, insert), toTextEdits(new Locator({ fast: false }), doc, insert), `${label} ${JSON.stringify(path)}`);
  return fromEvents;
}

test('inserted entries land where the syntax tree puts them (examples and a corpus sample, every mapping)', () => {
  const files = globSync('examples/**/*.{yaml,yml}', { cwd: REPO_ROOT, absolute: true });
  const corpus = sharedExtra('corpus');
  if (corpus) files.push(...globSync('**/*.{yaml,yml}', { cwd: corpus, absolute: true }).sort().filter((_, i) => i % 60 === 0));
  let byEvents = 0;
  let compared = 0;
  for (const path of files) {
    const f = file(readFileSync(path, 'utf8').replace(/^\ufeff/, ''));
    for (const doc of parseFile(f)) {
      for (const p of mappingPaths(doc.value)) {
        if (sameBothWays(doc, p, path.slice(REPO_ROOT.length))) byEvents++;
        compared++;
      }
    }
  }
  assert.ok(compared > 500 && byEvents > compared / 4, `${byEvents} of ${compared} placed from events`);
});

test('the events decline what only the tree can place: a trailing comment, a comment or blank line after, a block scalar, an alias, a flow mapping', () => {
  const cases: [string, Path][] = [
    ['metadata:\n  labels:\n    app: x # note\nspec: {}\n', ['metadata', 'labels']],
    ['metadata:\n  labels:\n    app: x\n    # the end of labels?\nspec: {}\n', ['metadata', 'labels']],
    ['metadata:\n  labels:\n    app: x\n\nspec: {}\n', ['metadata', 'labels']],
    ['metadata:\n  annotations:\n    a: |\n      text\nspec: {}\n', ['metadata', 'annotations']],
    ['base: &b {x: 1}\nmetadata:\n  labels:\n    app: *b\n', ['metadata', 'labels']],
    ['metadata:\n  labels: {app: x}\n', ['metadata', 'labels']],
    ['metadata:\n  labels:\n    app: x', ['metadata', 'labels']],
    ['metadata:\n  labels:\n    "app": \'x\'\n  name: n\n', ['metadata']],
  ];
  for (const [text, path] of cases) {
    const [doc] = [...parseFile(file(text))];
    assert.ok(doc, text);
    sameBothWays(doc, path, JSON.stringify(text));
  }
  // And the plain case is placed from the events.
  const [doc] = [...parseFile(file('metadata:\n  labels:\n    app: x\nspec: {}\n'))];
  assert.ok(doc && new Locator().mappingEnds(doc, ['metadata', 'labels']));
});

test.run();
