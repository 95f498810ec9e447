// The go-yaml leniency repair: lines that start inside a flow collection or a quoted scalar are
// re-indented past their key, nothing else is touched, and positions in the repaired tree are
// those of the original text. (What kubectl makes of such files: kubectl-flow.test.ts.)
import { isSeq, type Node as YamlNode } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLenient, repairContinuations, toOriginal } from '../../src/parse/lenient.ts';
import { Locator } from '../../src/parse/locator.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import { STRUCTURE_OPTIONS } from '../../src/parse/yaml-options.ts';
import type { SourceFile } from '../../src/common/types.ts';

const file = (text: string): SourceFile => ({ displayPath: 'f.yaml', absPath: undefined, text });
const repaired = (text: string): string | undefined => repairContinuations(text)?.text;

test('a flow continued at or left of its key is indented one past the key; the line that closes it too', () => {
  assert.is(repaired('rules:\n- apiGroups: [\n  ""\n  ]\n  verbs: [get]\n'), 'rules:\n- apiGroups: [\n   ""\n   ]\n  verbs: [get]\n');
  assert.is(repaired('a: {k:\nv,\n\tl: w}\n'), 'a: {k:\n v,\n \tl: w}\n');
  assert.is(repaired('a: [x, [y,\nz], "p\nq"]\n'), 'a: [x, [y,\n z], "p\n q"]\n');
});

test('comment lines, blank lines and a document marker at column 0 are left as they are', () => {
  assert.is(repaired('a: [x,\n# c\n\ny]\n'), 'a: [x,\n# c\n\n y]\n');
  // go-yaml ends the document at `...` even inside a flow: the document stays refused.
  assert.is(repaired('a: [x,\n...\n]\n'), 'a: [x,\n...\n ]\n');
});

test('brackets and quotes in block scalars, plain scalars and comments open nothing', () => {
  for (const text of ['a: |\n  [x\nb: 1\n', 'a: >-\n  "x\nb: 1\n', '- |\n  {x\n- 1\n', 'a: x [y\nb: 1\n', 'a: x\n  [y\nb: 1\n', 'a: 1 # [x\nb: 1\n', "a: it's\nb: 1\n", 'a: [x] # [y\nb: 1\n']) {
    assert.is(repaired(text), undefined, JSON.stringify(text));
  }
});

test('a flow closed on a continuation line leaves block context as it was', () => {
  const text = 'spec:\n  a:\n  - b: [\n  x]\n    c: "p\n    q"\n';
  assert.is(repaired(text), 'spec:\n  a:\n  - b: [\n     x]\n    c: "p\n     q"\n');
  const [doc] = parseFile(file(`apiVersion: v1\nkind: X\nmetadata:\n  name: n\n${text}`));
  assert.equal((doc?.value as { spec: unknown }).spec, { a: [{ b: ['x'], c: 'p q' }] });
});

test('positions in a repaired tree are those of the original text', () => {
  const text = 'a: [\nx,\n  "y"\n]\nb: 1\n';
  const doc = parseLenient(text, STRUCTURE_OPTIONS);
  assert.equal(doc.errors, []);
  const seq = doc.get('a', true) as YamlNode;
  assert.ok(isSeq(seq));
  const [x, y] = seq.items as YamlNode[];
  assert.is(text.slice(x?.range?.[0], x?.range?.[1]), 'x');
  assert.is(text.slice(y?.range?.[0], y?.range?.[1]), '"y"');
  const b = doc.get('b', true) as YamlNode;
  assert.is(text.slice(b.range?.[0], b.range?.[1]), '1');
});

test('a finding in a document read through the repair points at the line to fix', () => {
  const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {\n  app: x,\n  sidecar.istio.io/inject: "true"}\nspec: {}\n';
  const [doc] = parseFile(file(text));
  assert.ok(doc);
  assert.equal(doc.syntaxErrors, []);
  for (const locator of [new Locator(), new Locator({ fast: false })]) {
    const [start, end] = locator.offsets(doc, ['metadata', 'labels', 'sidecar.istio.io/inject']);
    assert.equal(locator.position(doc.file, start), { line: 7, column: 3 });
    assert.is(text.slice(start, end), 'sidecar.istio.io/inject: "true"');
  }
});

test('offsets map back through many insertions: each one found by binary search', () => {
  const insertions = Array.from({ length: 1000 }, (_, i) => ({ at: i * 10, count: 2 }));
  // The k-th line of the repaired text starts at 12k + 2 (its two spaces), which is 10k originally.
  for (const k of [0, 1, 500, 999]) assert.is(toOriginal(12 * k + 2, insertions), 10 * k);
  assert.is(toOriginal(12 * 999 + 2 + 5, insertions), 10 * 999 + 5);
});

test('a flow of 50,000 items continued at column 0 is read whole', () => {
  const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  a: [\n${'x,\n'.repeat(50_000)}]\n`;
  const [doc] = parseFile(file(text));
  assert.equal(doc?.syntaxErrors, []);
  assert.is(((doc?.value as { data: { a: unknown[] } }).data.a).length, 50_000);
});

test.run();
