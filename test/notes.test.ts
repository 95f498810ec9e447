// The run's notes on what rules could not decide (src/engine/notes.ts): one per fact, counting
// the objects it leaves undecided by the right noun.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UnknownFacts } from '../src/engine/notes.ts';
import { resourcesOf } from '../src/load/resources.ts';
import { parseFile } from '../src/parse/yaml.ts';
import type { Resource } from '../src/common/types.ts';

const resources = (text: string): Resource[] => [...parseFile({ displayPath: 'x.yaml', absPath: undefined, text })].flatMap((d) => resourcesOf(d, undefined).resources);
const [install] = resources('apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: cp, namespace: istio-system }\n');
const [web] = resources('apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, namespace: shop }\nspec:\n  template:\n    spec:\n      containers: [{ name: web, image: web }]\n');

test('a fact missing for workloads counts workloads; one that an install (no workload) also waits on counts objects', () => {
  const onlyWorkloads = new UnknownFacts();
  onlyWorkloads.add('istio-version', web as Resource, 'Deployment shop/web');
  assert.match(onlyWorkloads.notes(() => undefined)[0]?.message ?? '', /^1 workload is broken on some Istio versions only/);
  const withInstall = new UnknownFacts();
  withInstall.add('istio-version', install as Resource, 'IstioOperator istio-system/cp');
  assert.match(withInstall.notes(() => undefined)[0]?.message ?? '', /^1 object is broken on some Istio versions only/, 'an install is no workload');
});

test.run();
