// The ambient capture decision: istio-cni's order (excluded namespaces, hostNetwork, an
// injected sidecar wins, pod label, namespace label), with unknown where a fact is missing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { factsPass } from '../../src/engine/facts-pass.ts';
import { decodeSource } from '../../src/load/read.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import type { CapturePrediction } from '../../src/model/ambient/capture.ts';
import { captureForTemplate } from '../../src/model/injection/pod-injection.ts';
import { podTemplateOf } from '../../src/model/workload.ts';
import { parseFile } from '../../src/parse/yaml.ts';

const namespace = (name: string, labels: string): string => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n  labels: { ${labels} }\n`;
const deployment = (ns: string, podLabels = '', extra = ''): string =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, namespace: ${ns} }\nspec:\n  template:\n    metadata:\n      labels: { app: web${podLabels ? `, ${podLabels}` : ''} }\n    spec:\n      ${extra}containers: [{ name: web, image: web }]\n`;

function capture(docs: readonly string[], istioVersion?: string): CapturePrediction {
  const inputs = docs.map((d, i) => decodeSource(Buffer.from(d), `f${i}.yaml`, undefined));
  const facts = factsPass(inputs, EMPTY_CONFIG, { cliIstioVersion: istioVersion });
  const last = inputs[inputs.length - 1];
  if (!last?.ok) throw new Error('unreadable');
  const r = resourcesOf([...parseFile(last.file)][0]!, undefined).resources[0]!;
  return captureForTemplate(podTemplateOf(r)!, facts);
}

const outcome = (docs: readonly string[]): string => capture(docs).outcome;

test('a namespace labelled ambient: its pods are captured, unless the pod says none', () => {
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop')]), 'ambient');
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop', 'istio.io/dataplane-mode: none')]), 'none');
  // Any other pod value still lets the namespace decide.
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop', 'istio.io/dataplane-mode: sidecar')]), 'ambient');
  // sidecar.istio.io/inject=false opts out of injection, not of ambient.
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop', 'sidecar.istio.io/inject: "false"')]), 'ambient');
});

test('a pod label ambient is captured in any namespace; a value that is not exactly "ambient" enables nothing', () => {
  assert.is(outcome([namespace('shop', 'team: a'), deployment('shop', 'istio.io/dataplane-mode: ambient')]), 'ambient');
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: Ambient'), deployment('shop')]), 'none');
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: "true"'), deployment('shop')]), 'none');
});

test('an injected sidecar wins over ambient; hostNetwork and excluded namespaces are never captured', () => {
  const both = capture([namespace('shop', 'istio.io/dataplane-mode: ambient, istio-injection: enabled'), deployment('shop')]);
  assert.is(both.outcome, 'sidecar');
  assert.ok(both.trace.some((s) => s.text.includes('has no effect')), JSON.stringify(both.trace));
  assert.is(outcome([namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop', '', 'hostNetwork: true\n      ')]), 'none');
  assert.is(outcome([deployment('kube-system', 'istio.io/dataplane-mode: ambient')]), 'none');
});

test('before 1.30 the node agent ignores excludeNamespaces: a labelled pod there is captured (#59471)', () => {
  const pod = [deployment('kube-system', 'istio.io/dataplane-mode: ambient')];
  const old = capture(pod, '1.29');
  assert.is(old.outcome, 'ambient');
  assert.ok(old.trace.some((s) => s.text.includes('does not read that list')), JSON.stringify(old.trace));
  assert.is(capture(pod, '1.30').outcome, 'none');
  // Pods nothing asks to be in ambient stay out either way.
  assert.is(capture([namespace('kube-system', 'team: a'), deployment('kube-system')], '1.29').outcome, 'none');
});

test('what is not known stays unknown, with the fact that decides', () => {
  const unknownNs = capture([deployment('shop')]);
  assert.is(unknownNs.outcome, 'unknown');
  assert.match(unknownNs.unknownBecause ?? '', /shop/);
  // A pod that asks for ambient in a namespace whose labels are unknown: injection may still win.
  const asks = capture([deployment('shop', 'istio.io/dataplane-mode: ambient')]);
  assert.is(asks.outcome, 'unknown');
  assert.is(asks.ambientAsked, true);
  // No label anywhere asks for ambient in a known namespace: none, and nothing to say about ambient.
  const plain = capture([namespace('shop', 'team: a'), deployment('shop')]);
  assert.equal([plain.outcome, plain.ambientAsked], ['none', false]);
});

const cniConfig = (data: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio-cni-config, namespace: istio-system }\ndata:\n${data}`;

test('the install among the inputs: istio-cni-config\'s EXCLUDE_NAMESPACES and AMBIENT_ENABLED decide', () => {
  const ns = namespace('shop', 'istio.io/dataplane-mode: ambient');
  assert.is(outcome([cniConfig('  EXCLUDE_NAMESPACES: kube-system,shop\n  AMBIENT_ENABLED: "true"\n'), ns, deployment('shop')]), 'none');
  assert.is(outcome([cniConfig('  EXCLUDE_NAMESPACES: kube-system\n  AMBIENT_ENABLED: "true"\n'), ns, deployment('shop')]), 'ambient');
  const off = capture([cniConfig('  AMBIENT_ENABLED: "false"\n'), ns, deployment('shop')]);
  assert.is(off.outcome, 'none');
  assert.ok(off.trace.some((t) => t.text.includes('istio-cni runs without ambient')), JSON.stringify(off.trace));
  // kube-system is no longer excluded when the list leaves it out.
  assert.is(outcome([cniConfig('  EXCLUDE_NAMESPACES: ""\n'), deployment('kube-system', 'istio.io/dataplane-mode: ambient')]), 'ambient');
});

test('custom enablement selectors (1.27+) replace the two defaults', () => {
  const selectors = `  AMBIENT_ENABLEMENT_SELECTOR: |\n    - podSelector:\n        matchLabels: { mesh: ambient }\n`;
  assert.is(outcome([cniConfig(selectors), namespace('shop', 'istio.io/dataplane-mode: ambient'), deployment('shop')]), 'none');
  assert.is(outcome([cniConfig(selectors), namespace('shop', 'team: a'), deployment('shop', 'mesh: ambient')]), 'ambient');
});

test('the cni chart\'s values from a GitOps object; sources that disagree leave the setting unknown', () => {
  const release = (exclude: string): string => `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: { name: istio-cni, namespace: istio-system }\nspec:\n  chart:\n    spec: { chart: cni, sourceRef: { kind: HelmRepository, name: istio } }\n  values:\n    cni:\n      excludeNamespaces: [${exclude}]\n      ambient: { enabled: true }\n`;
  const ns = namespace('shop', 'istio.io/dataplane-mode: ambient');
  assert.is(outcome([release('kube-system, shop'), ns, deployment('shop')]), 'none');
  assert.is(outcome([release('kube-system'), ns, deployment('shop')]), 'ambient');
  const inputs = [release('kube-system, shop'), cniConfig('  EXCLUDE_NAMESPACES: kube-system\n'), ns, deployment('shop')];
  assert.is(outcome(inputs), 'unknown');
});

test('the Istio version: custom selectors are read from 1.27, the pod label from 1.22 (before, the redirection annotation opted out)', () => {
  const run = (docs: readonly string[], version: string): string => {
    const inputs = docs.map((d, i) => decodeSource(Buffer.from(d), `f${i}.yaml`, undefined));
    const facts = factsPass(inputs, EMPTY_CONFIG, { cliIstioVersion: version });
    const last = inputs[inputs.length - 1];
    if (!last?.ok) throw new Error('unreadable');
    const r = resourcesOf([...parseFile(last.file)][0]!, undefined).resources[0]!;
    return captureForTemplate(podTemplateOf(r)!, facts).outcome;
  };
  const selectors = cniConfig(`  AMBIENT_ENABLEMENT_SELECTOR: |\n    - podSelector:\n        matchLabels: { mesh: ambient }\n`);
  const ambientNs = namespace('shop', 'istio.io/dataplane-mode: ambient');
  assert.is(run([selectors, ambientNs, deployment('shop')], '1.27'), 'none');
  assert.is(run([selectors, ambientNs, deployment('shop')], '1.26'), 'ambient', 'before 1.27 the default selectors hold');
  assert.is(run([namespace('shop', 'team: a'), deployment('shop', 'istio.io/dataplane-mode: ambient')], '1.21'), 'none', 'no pod label before 1.22');
  assert.is(run([ambientNs, deployment('shop', 'istio.io/dataplane-mode: none')], '1.21'), 'ambient', 'the pod label none opted out only from 1.22');
  const annotated = deployment('shop').replace('    spec:\n      containers', '    spec:\n      containers').replace('labels: { app: web }', 'labels: { app: web }\n      annotations: { ambient.istio.io/redirection: disabled }');
  assert.is(run([ambientNs, annotated], '1.21'), 'none');
  // From 1.27 the node agent lost its hostNetwork check; the trace says so, the outcome stays none for new pods.
  const host = [ambientNs, deployment('shop', '', 'hostNetwork: true\n      ')];
  const traced = capture(host, '1.28');
  assert.is(traced.outcome, 'none');
  assert.ok(traced.trace.some((t) => t.text.includes('fixed in 1.31')), JSON.stringify(traced.trace));
  // #61168 is on the 1.29 and 1.30 branches too, after 1.29.6 and 1.30.3.
  const missing = (v: string): boolean => capture(host, v).trace.some((t) => t.text.includes('may still try'));
  assert.equal(['1.26', '1.27.0', '1.29.6', '1.29.7', '1.30.3', '1.30.4', '1.31'].map(missing), [false, true, true, false, true, false, false]);
});

test('ztunnel and istiod\'s PILOT_ENABLE_AMBIENT among the inputs: rendered objects, Sail ZTunnel, an istiod release with the ambient profile', () => {
  const factsOf = (docs: readonly string[]) => factsPass(docs.map((d, i) => decodeSource(Buffer.from(d), `f${i}.yaml`, undefined)), EMPTY_CONFIG);
  const ztunnel = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: ztunnel, namespace: istio-system }\nspec:\n  template:\n    spec:\n      containers: [{ name: istio-proxy, image: docker.io/istio/ztunnel:1.26.0 }]\n';
  const istiod = (env: string): string => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: istiod, namespace: istio-system }\nspec:\n  template:\n    spec:\n      containers:\n        - name: discovery\n          image: pilot\n          env: [${env}]\n`;
  const rendered = factsOf([ztunnel, istiod('{ name: PILOT_ENABLE_AMBIENT, value: "true" }')]).mesh.capture;
  assert.equal(rendered.ztunnel, ['DaemonSet istio-system/ztunnel (f0.yaml)']);
  assert.equal(rendered.istiodAmbient, { value: true, source: 'Deployment istiod (f1.yaml) env PILOT_ENABLE_AMBIENT' });
  assert.equal(factsOf([istiod('')]).mesh.capture.istiodAmbient, { value: false, source: 'Deployment istiod (f0.yaml), no PILOT_ENABLE_AMBIENT' });
  const sail = factsOf(['apiVersion: sailoperator.io/v1\nkind: ZTunnel\nmetadata: { name: default }\nspec: { namespace: ztunnel }\n']).mesh.capture;
  assert.equal(sail.ztunnel, ['ZTunnel default']);
  const profiled = factsOf(['apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: { name: istiod, namespace: istio-system }\nspec:\n  chart:\n    spec: { chart: istiod }\n  values: { profile: ambient }\n']).mesh.capture;
  assert.is(profiled.istiodAmbient, 'unknown', 'the ambient profile sets it, and meshlint does not read presets');
});

test.run();
