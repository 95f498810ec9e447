// OpenShift Service Mesh 2.x: a ServiceMeshControlPlane is the install. Its operator's webhook
// selects member namespaces (maistra.io/member-of, set from the ServiceMeshMemberRoll or a
// ServiceMeshMember), its injector's policy is "disabled" unless autoInject says otherwise, and
// istio-injection=enabled does nothing. Each change is judged at the versions on both sides of it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG, validateConfig } from '../../src/engine/config.ts';
import { explain, type Explanation } from '../../src/engine/explain.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { rulesById } from '../../rules/index.ts';
import { yaml } from '../helpers/rule-tester.ts';

const smcp = (version: string, spec = ''): string => yaml`
  apiVersion: maistra.io/v2
  kind: ServiceMeshControlPlane
  metadata: { name: basic, namespace: istio-system }
  spec: { version: ${version}${spec ? `, ${spec}` : ''} }
`;
const roll = (members: string): string => yaml`
  apiVersion: maistra.io/v1
  kind: ServiceMeshMemberRoll
  metadata: { name: default, namespace: istio-system }
  spec: ${members}
`;
const namespace = (name: string, labels = '{}'): string => `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name}, labels: ${labels} }\n`;
const deployment = (name: string, ns: string, meta = '{}'): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: ${name}, namespace: ${ns} }
  spec:
    template:
      metadata: ${meta}
      spec:
        containers: [{ name: app, image: app }]
`;
const ASKS = '{ annotations: { sidecar.istio.io/inject: "true" } }';

const outcomes = (...docs: string[]): Record<string, string> => {
  const run = explain([decodeSource(Buffer.from(docs.join('---\n')), 'mesh.yaml', undefined)], EMPTY_CONFIG, {});
  return Object.fromEntries(run.explanations.map((e: Explanation) => [e.resource.replace(/^Deployment /, ''), e.outcome]));
};

test('a member namespace: a pod that asks is injected, one that does not is not (policy "disabled"); istio-injection=enabled alone does nothing', () => {
  for (const version of ['v2.0', 'v2.6']) {
    const o = outcomes(
      smcp(version), roll('{ members: [bookinfo] }'),
      namespace('bookinfo'), namespace('other', '{ istio-injection: enabled }'),
      deployment('asks', 'bookinfo', ASKS), deployment('plain', 'bookinfo'), deployment('enabled', 'other', ASKS), deployment('plain2', 'other'),
    );
    assert.equal(o, { 'bookinfo/asks': 'injected', 'bookinfo/plain': 'not-injected', 'other/enabled': 'not-injected', 'other/plain2': 'not-injected' }, version);
  }
});

test('autoInject: true makes the policy "enabled"; a profile list without default or base leaves it unknown, the pod\'s own answer still decides', () => {
  const base = [roll('{ members: [bookinfo] }'), namespace('bookinfo'), deployment('plain', 'bookinfo'), deployment('optout', 'bookinfo', '{ annotations: { sidecar.istio.io/inject: "false" } }')];
  assert.equal(outcomes(smcp('v2.5', 'proxy: { injection: { autoInject: true } }'), ...base), { 'bookinfo/plain': 'injected', 'bookinfo/optout': 'not-injected' });
  assert.equal(outcomes(smcp('v2.5', 'profiles: [small]'), ...base), { 'bookinfo/plain': 'unknown', 'bookinfo/optout': 'not-injected' });
  assert.equal(outcomes(smcp('v2.5', 'profiles: [default]'), ...base), { 'bookinfo/plain': 'not-injected', 'bookinfo/optout': 'not-injected' });
});

test('the pod label is read from 2.2 (Istio 1.12), only the annotation before (2.1: Istio 1.9)', () => {
  const docs = (version: string): string[] => [smcp(version), roll('{ members: [bookinfo] }'), namespace('bookinfo'), deployment('labelled', 'bookinfo', '{ labels: { sidecar.istio.io/inject: "true" } }')];
  assert.equal(outcomes(...docs('v2.1')), { 'bookinfo/labelled': 'not-injected' });
  assert.equal(outcomes(...docs('v2.2')), { 'bookinfo/labelled': 'injected' });
});

test('the webhook leaves app=istiod alone from 2.4 (its objectSelector); before, only the policy does', () => {
  const docs = (version: string): string[] => [smcp(version), roll('{ members: [bookinfo] }'), namespace('bookinfo'), deployment('istiod-like', 'bookinfo', '{ labels: { app: istiod }, annotations: { sidecar.istio.io/inject: "true" } }')];
  assert.equal(outcomes(...docs('v2.3')), { 'bookinfo/istiod-like': 'injected' });
  assert.equal(outcomes(...docs('v2.4')), { 'bookinfo/istiod-like': 'not-injected' });
});

test('the control plane\'s own namespace is injected from 2.4 only (before, the operator labels it maistra.io/ignore-namespace)', () => {
  const docs = (version: string): string[] => [smcp(version), roll('{ members: [] }'), namespace('istio-system'), deployment('tool', 'istio-system', ASKS)];
  assert.equal(outcomes(...docs('v2.3')), { 'istio-system/tool': 'not-injected' });
  assert.equal(outcomes(...docs('v2.4')), { 'istio-system/tool': 'injected' });
  // No version: whether the namespace is ignored is unknown.
  assert.equal(outcomes(smcp('""'), roll('{ members: [] }'), namespace('istio-system'), deployment('tool', 'istio-system', ASKS)), { 'istio-system/tool': 'unknown' });
});

test('"*" makes every namespace a member from operator 2.3, kube-* and openshift-* excepted; memberSelectors from 2.4', () => {
  const wildcard = (version: string): Record<string, string> =>
    outcomes(smcp(version), roll('{ members: ["*"] }'), namespace('shop'), namespace('openshift-monitoring'), deployment('a', 'shop', ASKS), deployment('b', 'openshift-monitoring', ASKS));
  assert.equal(wildcard('v2.2'), { 'shop/a': 'not-injected', 'openshift-monitoring/b': 'not-injected' });
  assert.equal(wildcard('v2.3'), { 'shop/a': 'injected', 'openshift-monitoring/b': 'not-injected' });
  const selected = (version: string): Record<string, string> =>
    outcomes(smcp(version), roll('{ memberSelectors: [{ matchLabels: { mesh: "yes" } }] }'), namespace('shop', '{ mesh: "yes" }'), namespace('other'), deployment('a', 'shop', ASKS), deployment('b', 'other', ASKS));
  assert.equal(selected('v2.3'), { 'shop/a': 'not-injected', 'other/b': 'not-injected' });
  assert.equal(selected('v2.4'), { 'shop/a': 'injected', 'other/b': 'not-injected' });
  // A selector over a namespace defined nowhere: unknown.
  assert.equal(outcomes(smcp('v2.4'), roll('{ memberSelectors: [{ matchLabels: { mesh: "yes" } }] }'), deployment('c', 'elsewhere', ASKS)), { 'elsewhere/c': 'unknown' });
});

test('a ServiceMeshMember joins its namespace; with neither a roll nor a member among the inputs, membership is unknown; ClusterWide (2.4) selects istio-injection=enabled', () => {
  const member = yaml`
    apiVersion: maistra.io/v1
    kind: ServiceMeshMember
    metadata: { name: default, namespace: shop }
    spec: { controlPlaneRef: { name: basic, namespace: istio-system } }
  `;
  assert.equal(outcomes(smcp('v2.5'), member, namespace('shop'), deployment('a', 'shop', ASKS)), { 'shop/a': 'injected' });
  assert.equal(outcomes(smcp('v2.5'), namespace('shop'), deployment('a', 'shop', ASKS)), { 'shop/a': 'unknown' });
  const clusterWide = (version: string): Record<string, string> =>
    outcomes(smcp(version, 'mode: ClusterWide'), namespace('shop', '{ istio-injection: enabled }'), namespace('plain'), deployment('a', 'shop', ASKS), deployment('b', 'plain', ASKS));
  assert.equal(clusterWide('v2.4'), { 'shop/a': 'injected', 'plain/b': 'not-injected' });
  assert.equal(clusterWide('v2.3'), { 'shop/a': 'unknown', 'plain/b': 'unknown' });
});

test('explain names the webhook the operator renders and why the namespace is a member', () => {
  const run = explain([decodeSource(Buffer.from([smcp('v2.5'), roll('{ members: [bookinfo] }'), namespace('bookinfo'), deployment('asks', 'bookinfo', ASKS)].join('---\n')), 'mesh.yaml', undefined)], EMPTY_CONFIG, {});
  const e = run.explanations[0];
  assert.is(e?.via, 'sidecar-injector.istio.io (MutatingWebhookConfiguration istiod-basic-istio-system)');
  assert.is(e?.revision, 'basic');
  assert.ok(e?.trace.some((s) => s.text === 'ServiceMeshMemberRoll istio-system/default lists namespace bookinfo → the operator labels it maistra.io/member-of=istio-system'), JSON.stringify(e?.trace));
});

test('no upstream advice where OpenShift Service Mesh is the install: istio-injection=enabled without a default revision, an annotation "that cannot opt in"', () => {
  const files = [smcp('v2.5'), roll('{ members: [bookinfo] }'), namespace('bookinfo', '{ istio-injection: enabled }'), namespace('other', '{ istio-injection: enabled }'), deployment('asks', 'bookinfo', ASKS), deployment('outside', 'other', ASKS)];
  const report = lint([decodeSource(Buffer.from(files.join('---\n')), 'mesh.yaml', undefined)], { config: validateConfig({}, 'test', rulesById), rules: [...rulesById.values()] });
  const ids = report.results.flatMap((r) => r.messages.map((m) => m.ruleId));
  assert.not.ok(ids.includes('injection-revision-missing'), ids.join(', '));
  assert.not.ok(ids.includes('inject-misplaced'), ids.join(', '));
});

test.run();
