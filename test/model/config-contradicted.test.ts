// The config's istio.* facts that the inputs state differently: for every fact, one note names
// the config key, the input and its file:line, and which one is used (the input). The same
// fact stated alike, or by another revision's own install, is no contradiction.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG, type Config } from '../../src/engine/config.ts';
import { factsPass } from '../../src/engine/facts-pass.ts';
import { decodeSource } from '../../src/load/read.ts';
import type { Facts } from '../../src/model/facts.ts';
import { yaml } from '../helpers/rule-tester.ts';

const factsOf = (files: readonly string[], istio: Config['istio'] = {}): Facts =>
  factsPass(files.map((code, i) => decodeSource(Buffer.from(code), `install/f${i}.yaml`, undefined)), { ...EMPTY_CONFIG, istio });

/** A Flux HelmRelease of the istiod chart; `values` are the lines under spec.values (line 8 is the first). */
const istiod = (values: string): string =>
  [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata: { name: istiod, namespace: istio-system }',
    'spec:',
    '  chart:',
    '    spec: { chart: istiod, sourceRef: { kind: HelmRepository, name: istio } }',
    '  values:',
    ...values.split('\n').map((l) => `    ${l}`),
    '',
  ].join('\n');

const injector = (config: string, values: unknown): string => yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata: { name: istio-sidecar-injector, namespace: istio-system }
  data:
    config: ${JSON.stringify(config)}
    values: '${JSON.stringify(values)}'
`;

/** The one note about `key`, checked to name the config key, the input's place, and that the input is used. */
function contradiction(facts: Facts, key: string, place: string): string {
  const notes = facts.mesh.notes.filter((n) => n.includes(`the config's istio.${key} `));
  assert.is(notes.length, 1, `one note on istio.${key}: ${JSON.stringify(facts.mesh.notes)}`);
  const note = notes[0] as string;
  assert.ok(note.includes(`(${place})`), `names ${place}: ${note}`);
  assert.match(note, /; the inputs? (is|are) used$/);
  return note;
}

test('istio.cni', () => {
  const facts = factsOf([istiod('pilot:\n  cni:\n    enabled: false')], { cni: true });
  const note = contradiction(facts, 'cni', 'install/f0.yaml:10');
  assert.match(note, /^HelmRelease istio-system\/istiod \(spec\.values\.pilot\.cni\.enabled\) \(install\/f0\.yaml:10\) says false, the config's istio\.cni says true/);
  assert.is(facts.mesh.installFor('default').cni?.value, false);
  // From the rendered injector: its values line.
  contradiction(factsOf([injector('policy: enabled', { pilot: { cni: { enabled: false } } })], { cni: true }), 'cni', 'install/f0.yaml:6');
  assert.equal(factsOf([istiod('pilot: { cni: { enabled: true } }')], { cni: true }).mesh.notes, [], 'stated alike');
});

test('istio.nativeSidecars', () => {
  const facts = factsOf([istiod('env:\n  ENABLE_NATIVE_SIDECARS: "true"')], { nativeSidecars: 'false' });
  contradiction(facts, 'nativeSidecars', 'install/f0.yaml:9');
  assert.is(facts.mesh.installFor('default').nativeSidecars?.value, 'true');
});

test('istio.holdApplicationUntilProxyStarts: the mesh config, and the Helm value that holds every pod', () => {
  const mesh = factsOf([istiod('meshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true')], { holdApplicationUntilProxyStarts: false });
  contradiction(mesh, 'holdApplicationUntilProxyStarts', 'install/f0.yaml:10');
  assert.is(mesh.mesh.installFor('default').holdMesh?.value, true);
  // global.proxy.holdApplicationUntilProxyStarts is OR-ed with the pod's setting: the config's "off" cannot hold.
  const values = factsOf([istiod('global:\n  proxy:\n    holdApplicationUntilProxyStarts: true')], { holdApplicationUntilProxyStarts: false });
  contradiction(values, 'holdApplicationUntilProxyStarts', 'install/f0.yaml:10');
  assert.equal(factsOf([istiod('global:\n  proxy:\n    holdApplicationUntilProxyStarts: true')], { holdApplicationUntilProxyStarts: true }).mesh.notes, []);
});

test('istio.injectionPolicy: the injector ConfigMap and an install that sets global.proxy.autoInject', () => {
  const configMap = factsOf([injector('policy: disabled', {})], { injectionPolicy: 'enabled' });
  contradiction(configMap, 'injectionPolicy', 'install/f0.yaml:5');
  const release = factsOf([istiod('global:\n  proxy:\n    autoInject: disabled')], { injectionPolicy: 'enabled' });
  contradiction(release, 'injectionPolicy', 'install/f0.yaml:10');
  assert.is(release.mesh.injectorFor('default').policy, 'disabled');
  assert.equal(factsOf([istiod('global:\n  proxy:\n    autoInject: enabled')], { injectionPolicy: 'enabled' }).mesh.notes, []);
});

test('istio.enableNamespacesByDefault: the install among the inputs wins, as for every istio.* fact', () => {
  const facts = factsOf([istiod('sidecarInjectorWebhook:\n  enableNamespacesByDefault: true')], { enableNamespacesByDefault: false });
  contradiction(facts, 'enableNamespacesByDefault', 'install/f0.yaml:9');
  assert.ok(facts.mesh.webhooks.some((w) => w.shortName === 'auto'), 'the input renders the auto webhook');
  const operator = factsOf([yaml`
    apiVersion: install.istio.io/v1alpha1
    kind: IstioOperator
    metadata: { name: installed, namespace: istio-system }
    spec:
      values:
        sidecarInjectorWebhook: { enableNamespacesByDefault: false }
  `], { enableNamespacesByDefault: true });
  contradiction(operator, 'enableNamespacesByDefault', 'install/f0.yaml:6');
  assert.not.ok(operator.mesh.webhooks.some((w) => w.shortName === 'auto'));
});

test('istio.revisions: the injector webhooks among the inputs, located', () => {
  const mwc = yaml`
    apiVersion: admissionregistration.k8s.io/v1
    kind: MutatingWebhookConfiguration
    metadata: { name: istio-sidecar-injector-canary, labels: { istio.io/rev: canary } }
    webhooks:
      - name: rev.namespace.sidecar-injector.istio.io
        clientConfig: { service: { name: istiod-canary, namespace: istio-system, path: /inject } }
        namespaceSelector: { matchLabels: { istio.io/rev: canary } }
  `;
  const facts = factsOf([mwc], { revisions: ['default'] });
  const note = contradiction(facts, 'revisions', 'install/f0.yaml:5');
  assert.match(note, /serve canary/);
});

test('istio.revisionTags: a tag the inputs point at another revision', () => {
  const facts = factsOf([istiod('revisionTags: [prod]')], { revisionTags: { prod: 'canary' } });
  const note = contradiction(facts, 'revisionTags', 'install/f0.yaml:8');
  assert.match(note, /prod/);
  assert.ok(facts.mesh.webhooks.some((w) => w.tag === 'prod' && w.revision === 'default'), 'the input is used');
  assert.equal(factsOf([istiod('revisionTags: [prod]')], { revisionTags: { prod: 'default' } }).mesh.notes, []);
});

test("another revision's own install is no contradiction of the config's mesh-wide facts", () => {
  const canary = factsOf([istiod('revision: canary\npilot: { cni: { enabled: true } }\nenv: { ENABLE_NATIVE_SIDECARS: "true" }\nglobal: { proxy: { holdApplicationUntilProxyStarts: true } }')], {
    cni: false, nativeSidecars: 'false', holdApplicationUntilProxyStarts: false,
  });
  assert.equal(canary.mesh.notes, []);
});

test.run();
