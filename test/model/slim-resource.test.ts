// The stand-in a rule keeps of an object until the run ends: its place, its metadata and the
// paths a finding may name, and nothing else of the document.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { forgetLastStandIn, slimResource, templatePlace, wholeResource } from '../../src/model/place.ts';
import { Locator } from '../../src/parse/locator.ts';
import { decodeSource } from '../../src/load/read.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import type { Resource } from '../../src/common/types.ts';

const TEXT = `apiVersion: v1
kind: List
items:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: orders, namespace: shop, labels: { app: orders } }
    spec:
      template:
        spec:
          containers:
            - name: app
              image: orders
              env: [{ name: A, value: "1" }, { name: URL, value: "http://billing.shop" }]
  - apiVersion: v1
    kind: Service
    metadata: { name: orders, namespace: shop }
    spec: { ports: [{ port: 80 }] }
`;

function resources(): Resource[] {
  const read = decodeSource(Buffer.from(TEXT), 'list.yaml', undefined);
  if (!read.ok) throw new Error('unreadable');
  return [...parseFile(read.file)].flatMap((doc) => resourcesOf(doc, undefined).resources);
}

test('keeps the place, the kind and the metadata; a scalar path by value, a collection path empty', () => {
  const [deployment] = resources() as [Resource];
  const env = ['spec', 'template', 'spec', 'containers', 0, 'env', 1, 'value'];
  const slim = slimResource(deployment, [env, ['spec', 'template']]);
  assert.is(slim.doc.file, deployment.doc.file);
  assert.is(slim.doc.index, deployment.doc.index);
  assert.equal(slim.basePath, ['items', 0]);
  assert.is(slim.name, 'orders');
  assert.equal(slim.object.metadata, deployment.object.metadata);
  const containers = (slim.object as { spec: { template: { spec: { containers: { env: ({ value: string } | undefined)[]; image?: string }[] } } } }).spec.template.spec.containers;
  assert.is(containers[0]?.env[1]?.value, 'http://billing.shop');
  assert.is(containers[0]?.env[0], undefined, 'an entry not named is not kept');
  assert.is(containers[0]?.image, undefined);
  // The document's own value holds the same, under the item's path: what a rendered input's mapping reads.
  const item = (slim.doc.value as { items: unknown[] }).items[0] as Record<string, unknown>;
  assert.equal(item.metadata, deployment.object.metadata);
  assert.is(((slim.doc.value as { items: unknown[] }).items[1]), undefined);
});

test('a collection named keeps its scalars: a Service port its number', () => {
  const [, service] = resources() as [Resource, Resource];
  const slim = slimResource(service, [['spec', 'ports', 0]]);
  assert.equal((slim.object.spec as { ports: unknown[] }).ports, [{ port: 80 }]);
});

test('the object as written stands in the document; Flux\'s substitutions stand in the object', () => {
  const [deployment] = resources() as [Resource];
  const substituted = { ...deployment, object: { ...deployment.object, metadata: { name: 'orders', namespace: 'prod' } } };
  const slim = slimResource(substituted);
  assert.equal(slim.object.metadata, { name: 'orders', namespace: 'prod' });
  assert.is(((slim.doc.value as { items: { metadata: { namespace: string } }[] }).items[0]?.metadata.namespace), 'shop');
});

test('the rules that keep one object share its stand-in, each path asked for kept in it', () => {
  const [deployment, service] = resources() as [Resource, Resource];
  const env = ['spec', 'template', 'spec', 'containers', 0, 'env', 1, 'value'];
  const first = slimResource(deployment, [env]);
  const second = slimResource(deployment, [['spec', 'template', 'spec', 'containers', 0]]);
  assert.is(second, first, 'one stand-in for the object');
  const container = (first.object as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } }).spec.template.spec.containers[0];
  // The path named whole later gives the container its scalars; the value the first asked for stays.
  assert.is(container?.name, 'app');
  assert.is(container?.image, 'orders');
  assert.is((container?.env as { value: string }[])[1]?.value, 'http://billing.shop');
  // The document's value (what a rendered input's mapping reads) holds the same.
  const item = (first.doc.value as { items: Record<string, unknown>[] }).items[0];
  assert.is(item, first.object);
  // Another object has a stand-in of its own; so has the first again once a run has ended.
  assert.is.not(slimResource(service), first);
  const again = slimResource(deployment);
  assert.is.not(again, first);
  forgetLastStandIn();
  assert.is.not(slimResource(deployment), again);
});

test('a stand-in is placed where its object is', () => {
  const [deployment] = resources() as [Resource];
  const place = templatePlace({ resource: deployment, path: ['spec', 'template'] });
  const locator = new Locator();
  const path = (r: Resource): (string | number)[] => [...r.basePath, 'metadata', 'name'];
  assert.equal(locator.offsets(place.resource.doc, path(place.resource)), locator.offsets(deployment.doc, path(deployment)));
});


test('an object kept whole is a copy of every value, its strings its own; a key named __proto__ stays a key', () => {
  const text = [
    'apiVersion: security.istio.io/v1',
    'kind: AuthorizationPolicy',
    'metadata: { name: ledger-callers-of-the-treasury, namespace: treasury }',
    'spec:',
    '  selector: { matchLabels: { app: ledger } }',
    '  rules:',
    '    - from: [{ source: { principals: ["cluster.local/ns/billing/sa/invoicer"] } }]',
    '      __proto__: { polluted: true }',
    '',
  ].join('\n');
  const read = decodeSource(Buffer.from(text), 'policy.yaml', undefined);
  if (!read.ok) throw new Error('unreadable');
  const [policy] = [...parseFile(read.file)].flatMap((doc) => resourcesOf(doc, undefined).resources) as [Resource];
  forgetLastStandIn();
  const whole = wholeResource(policy);
  assert.equal(whole.object, policy.object, 'every value');
  assert.is.not(whole.object.spec, policy.object.spec, 'a copy');
  const rule = (whole.object.spec as { rules: Record<string, unknown>[] }).rules[0] as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(rule), Object.prototype, 'the key did not become the prototype');
  assert.ok(Object.hasOwn(rule, '__proto__'));
  assert.is((rule as { polluted?: unknown }).polluted, undefined);
  assert.is(whole.name, 'ledger-callers-of-the-treasury');
  // Another rule keeping the same object gets the same stand-in.
  assert.is(wholeResource(policy), whole);
  assert.is(slimResource(policy, [['spec', 'selector']]), whole);
  forgetLastStandIn();
});

test.run();
