// Whether meshlint reads a kustomization as Kustomize does (src/load/render/kustomize-reading.ts):
// what go-yaml v2 and Go's JSON decoder read otherwise is named; the user's own keys are not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readingHazard } from '../src/load/render/kustomize-reading.ts';

test('a key twice, a merge key, a path field in another case, several documents or bad YAML: named, with where', () => {
  const why = (text: string): string | undefined => readingHazard(text)?.why;
  assert.match(why('resources: [a.yaml]\nresources: [b.yaml]\n') ?? '', 'a key written twice');
  assert.match(why('base: &b {resources: [x]}\n<<: *b\n') ?? '', 'merge key');
  assert.match(why('Resources: [a.yaml]\n') ?? '', '"Resources" (Kustomize reads it as "resources")');
  assert.match(why('patches:\n  - Path: p.yaml\n') ?? '', '"Path"');
  assert.match(why('resources: [\n') ?? '', 'does not parse');
  assert.is(readingHazard('resources: [a.yaml]\npatches:\n  - Path: p.yaml\n')?.offset, 'resources: [a.yaml]\npatches:\n  - '.length, 'the key is located');
});

test("the user's own keys (labels, annotations, literals, chart values) are names, not fields: read as written", () => {
  assert.is(readingHazard('resources: [a.yaml]\ncommonLabels:\n  Source: git\n  Env: prod\nlabels:\n  - pairs: { Path: x }\nconfigMapGenerator:\n  - name: c\n    literals: [Files=1]\nhelmCharts:\n  - name: c\n    valuesInline: { Values: 1, Env: x }\n'), undefined);
  assert.is(readingHazard('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - deployment.yaml\n'), undefined);
});

test.run();
