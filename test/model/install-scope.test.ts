// Which install applies to an object: one cluster's installs are merged; several clusters'
// (the same webhook defined in two folders) are told apart by nearness in the folder tree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installScope } from '../../src/model/install/install-scope.ts';
import type { InjectorWebhook } from '../../src/model/injection/mesh.ts';

const selector = (revision: string) => ({ requirements: [{ key: 'istio.io/rev', operator: 'In', values: [revision] }] });
const hook = (file: string, configName: string, revision = 'default'): InjectorWebhook =>
  ({
    configName,
    name: 'namespace.sidecar-injector.istio.io',
    revision,
    namespaceSelector: selector(revision),
    objectSelector: { requirements: [] },
    deactivated: false,
    resource: { doc: { file: { displayPath: file } } },
  }) as unknown as InjectorWebhook;
const revisionsOf = (w: ReturnType<ReturnType<typeof installScope>['forFile']>['webhooks']): string[] | 'ambiguous' =>
  w === 'ambiguous' ? w : w.map((x) => x.revision).sort();

test('one install, or revisions in sibling folders: one cluster, every object sees all of it', () => {
  const scope = installScope([hook('istio/default/istiod.yaml', 'istio-sidecar-injector'), hook('istio/canary/istiod.yaml', 'istio-sidecar-injector-canary', 'canary')]);
  assert.is(scope.several, false);
  assert.equal(revisionsOf(scope.forFile('apps/shop/ns.yaml').webhooks), ['canary', 'default']);
});

test('one cluster per folder: an object is judged against the install nearest to it', () => {
  const scope = installScope([
    hook('clusters/a/istio/default/istiod.yaml', 'istio-sidecar-injector'),
    hook('clusters/a/istio/canary/istiod.yaml', 'istio-sidecar-injector-canary', 'canary'),
    hook('clusters/b/istio/istiod.yaml', 'istio-sidecar-injector', 'b'),
  ]);
  assert.is(scope.several, true);
  assert.equal(revisionsOf(scope.forFile('clusters/a/apps/ns.yaml').webhooks), ['canary', 'default'], "a's two revision folders are equally near, and define different webhooks");
  assert.equal(revisionsOf(scope.forFile('clusters/b/apps/web/deploy.yaml').webhooks), ['b']);
});

test('samples that each install Istio: an object equally near to several is ambiguous', () => {
  const scope = installScope([hook('install/1.11/istiod.yaml', 'istio-sidecar-injector'), hook('install/1.14/istiod.yaml', 'istio-sidecar-injector', '1-14')]);
  const found = scope.forFile('getting-started/2.0/in-mesh.yaml');
  assert.is(found.webhooks, 'ambiguous');
  assert.equal(found.folders, ['install/1.11', 'install/1.14']);
  assert.equal(revisionsOf(scope.forFile('install/1.14/app.yaml').webhooks), ['1-14'], 'beside its own install, an object uses it');
  assert.is(scope.forFile(undefined).webhooks, 'ambiguous', 'an object without a file cannot be placed');
});

test('one folder is one cluster: variants side by side are merged; the same webhook written alike in two folders is one object', () => {
  assert.is(installScope([hook('testdata/a.yaml', 'istio-sidecar-injector'), hook('testdata/b.yaml', 'istio-sidecar-injector', 'canary')]).several, false);
  assert.is(installScope([hook('samples/a/istiod.yaml', 'istio-sidecar-injector'), hook('samples/b/istiod.yaml', 'istio-sidecar-injector')]).several, false);
});

test.run();
