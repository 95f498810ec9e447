// A document with more values than meshlint reads is one located finding, found before any
// parsing memory is spent on it; real large documents, and large texts inside values, are read.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_DOCUMENT_VALUES, tooManyValues } from '../../src/parse/value-count.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import type { SourceFile } from '../../src/common/types.ts';

const file = (text: string): SourceFile => ({ displayPath: 'f.yaml', absPath: undefined, text });
const flowMap = (pairs: number): string => `{apiVersion: v1, kind: ConfigMap, metadata: {name: big}, data: {${Array.from({ length: pairs }, (_, i) => `k${i}: "${i}"`).join(', ')}}}\n`;

test('a single-line flow map of more values than the limit is refused at its start; the next document is read', () => {
  const head = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\n';
  const text = `${head}${flowMap(MAX_DOCUMENT_VALUES / 2 + 10)}---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n`;
  const docs = [...parseFile(file(text))];
  assert.is(docs.length, 3);
  assert.is(docs[1]?.value, undefined);
  assert.match(docs[1]?.syntaxErrors[0]?.message ?? '', 'more than 250,000 values in one document');
  assert.is(docs[1]?.syntaxErrors[0]?.offset, head.length);
  assert.equal((docs[2]?.value as { metadata: unknown }).metadata, { name: 'b' });
});

test('just under the limit, the same map is read', () => {
  const text = flowMap(MAX_DOCUMENT_VALUES / 2 - 20);
  assert.is(tooManyValues(text), undefined);
  const [doc] = parseFile(file(text));
  assert.is(Object.keys((doc?.value as { data: object }).data).length, MAX_DOCUMENT_VALUES / 2 - 20);
});

test('values are counted, not characters: a block scalar of 300,000 lines and colons is one value', () => {
  const lines = Array.from({ length: 300_000 }, (_, i) => `    line ${i}: a, b, [c]`).join('\n');
  const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: script\ndata:\n  run.sh: |\n${lines}\n`;
  assert.is(tooManyValues(text), undefined);
  const [doc] = parseFile(file(text));
  assert.equal(doc?.syntaxErrors, []);
});

test('a document the size of the largest real CRDs (60,000 nodes, 1.4 MB) is far from the limit', () => {
  const props = Array.from({ length: 9000 }, (_, i) => `            p${i}:\n              description: Property ${i} of the spec, with words.\n              type: string\n              x-kubernetes-int-or-string: true\n`).join('');
  const text = `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: xs.example.com\nspec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        properties:\n${props}`;
  assert.ok(text.length > 1_000_000);
  assert.is(tooManyValues(text), undefined);
});

test.run();
