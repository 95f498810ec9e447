// Install settings per revision, read from the install manifests among the inputs and the
// config file: which sources count, which wins, and disagreement left unknown.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG, type Config } from '../../src/engine/config.ts';
import { factsPass } from '../../src/engine/facts-pass.ts';
import { decodeSource } from '../../src/load/read.ts';
import type { Facts } from '../../src/model/facts.ts';
import { sharedExtra, sharedPath } from '../helpers/shared.ts';
import { yaml } from '../helpers/rule-tester.ts';

const factsOf = (files: readonly string[], istio: Config['istio'] = {}): Facts =>
  factsPass(files.map((code, i) => decodeSource(Buffer.from(code), `f${i}.yaml`, undefined)), { ...EMPTY_CONFIG, istio });

const injector = (name: string, values: unknown): string => yaml`
apiVersion: v1
kind: ConfigMap
metadata: { name: ${name}, namespace: istio-system }
data:
  config: "policy: enabled"
  values: '${JSON.stringify(values)}'
`;

test('the injector ConfigMap values give CNI, hold, lifecycle and seccomp per revision', () => {
  const facts = factsOf([
    injector('istio-sidecar-injector', { pilot: { cni: { enabled: true } }, global: { proxy: { holdApplicationUntilProxyStarts: true, lifecycle: { preStop: {} }, seccompProfile: {} } } }),
    injector('istio-sidecar-injector-canary', { revision: 'canary', istio_cni: { enabled: false } }),
  ]);
  const def = facts.mesh.installFor('default');
  assert.is(def.cni?.value, true);
  assert.is(def.cni?.source, 'ConfigMap istio-sidecar-injector (values pilot.cni.enabled)');
  assert.is(def.holdValues?.value, true);
  assert.is(def.proxyLifecycle?.value, true);
  assert.is(def.proxySeccompProfile?.value, false, 'an empty seccompProfile sets nothing');
  const canary = facts.mesh.installFor('canary');
  assert.is(canary.cni?.value, false, 'the older istio_cni.enabled name');
  assert.is(canary.holdValues, undefined);
});

test('the mesh ConfigMap and istiod env', () => {
  const facts = factsOf([
    yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: istio-canary, namespace: istio-system }
    data:
      mesh: |-
        defaultConfig:
          holdApplicationUntilProxyStarts: true
    `,
    yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: istiod-canary, namespace: istio-system }
    spec:
      template:
        spec:
          containers:
            - name: discovery
              env:
                - { name: REVISION, value: canary }
                - { name: ENABLE_NATIVE_SIDECARS, value: "yes" }
    `,
  ]);
  const canary = facts.mesh.installFor('canary');
  assert.is(canary.holdMesh?.value, true);
  assert.is(canary.nativeSidecars?.value, 'false', 'istiod reads anything but true/false/auto as false');
  assert.is(canary.nativeSidecars?.source, 'Deployment istiod-canary (env ENABLE_NATIVE_SIDECARS = "yes", read as false)');
  assert.equal(canary.nativeSidecars?.target && 'path' in canary.nativeSidecars.target ? canary.nativeSidecars.target.path : undefined, ['spec', 'template', 'spec', 'containers', 0, 'env', 1, 'value']);
  assert.is(facts.mesh.installFor('default').holdMesh, undefined);
});

test('a mesh config istiod rejects as a whole sets nothing: its hold is not applied', () => {
  const facts = factsOf([
    yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: istio, namespace: istio-system }
    data:
      mesh: |-
        accessLogEncoding: json
        defaultConfig:
          holdApplicationUntilProxyStarts: true
    `,
  ]);
  const def = facts.mesh.installFor('default');
  assert.is(def.holdMesh, undefined);
  assert.ok(def.declaredBy, 'the ConfigMap still declares the install: the defaults apply');
});

test('IstioOperator and the istio-cni DaemonSet: the node agent alone leaves CNI unknown; the injector values decide', () => {
  const operator = yaml`
  apiVersion: install.istio.io/v1alpha1
  kind: IstioOperator
  metadata: { name: cp }
  spec:
    components:
      cni: { enabled: true }
    meshConfig:
      defaultConfig: { holdApplicationUntilProxyStarts: false }
    values:
      pilot:
        env: { ENABLE_NATIVE_SIDECARS: auto }
  `;
  const daemonSet = yaml`
  apiVersion: apps/v1
  kind: DaemonSet
  metadata: { name: istio-cni-node, namespace: istio-system }
  spec:
    template:
      spec:
        containers: [{ name: install-cni, image: install-cni }]
  `;
  const fromOperator = factsOf([operator]).mesh.installFor('default');
  assert.is(fromOperator.cni?.value, true);
  assert.is(fromOperator.holdMesh?.value, false);
  assert.is(fromOperator.nativeSidecars?.value, 'auto');
  // The node agent alone does not say whether istiod's injection template uses it (Istio #54968).
  assert.is(factsOf([daemonSet]).mesh.installFor('default').cni, undefined);
  const both = factsOf([daemonSet, injector('istio-sidecar-injector', { pilot: { cni: { enabled: false } } })]);
  assert.is(both.mesh.installFor('default').cni?.value, false, 'the injector values decide what it renders');
});

test('inputs that disagree leave a setting unknown, with a note; inputs win over the config', () => {
  const facts = factsOf([
    injector('istio-sidecar-injector', { pilot: { cni: { enabled: true } } }),
    injector('istio-sidecar-injector', { pilot: { cni: { enabled: false } } }),
  ], { cni: true });
  assert.is(facts.mesh.installFor('default').cni, undefined);
  assert.ok(facts.mesh.notes.some((n) => n.includes('disagree on CNI')));
  const overridden = factsOf([injector('istio-sidecar-injector', { pilot: { cni: { enabled: false } } })], { cni: true });
  assert.is(overridden.mesh.installFor('default').cni?.value, false);
  assert.ok(overridden.mesh.notes.some((n) => n.includes("the config's istio.cni says true")));
  // The config's istio.* keys state the mesh and its default revision: a canary install of its own is no disagreement.
  const canary = factsOf([injector('istio-sidecar-injector-canary', { revision: 'canary', pilot: { cni: { enabled: true } } })], { cni: false });
  assert.equal([canary.mesh.installFor('canary').cni?.value, canary.mesh.installFor('default').cni?.value], [true, false]);
  assert.equal(canary.mesh.notes, []);
  const fromConfig = factsOf([], { cni: true, nativeSidecars: 'auto', holdApplicationUntilProxyStarts: true }).mesh.installFor('default');
  assert.equal([fromConfig.cni?.origin, fromConfig.nativeSidecars?.value, fromConfig.holdMesh?.value], ['config', 'auto', true]);
});

const rendered = sharedPath('corpus/istio-rendered');

(rendered ? test : test.skip)('rendered charts: hold from the Helm values, native sidecars on in the Kubeflow install', () => {
  if (!rendered) return; // declared as a test only when present; this narrows its type
  const read = (f: string): string => readFileSync(join(rendered, f), 'utf8');
  const hold = factsOf([read('istiod-holdapp.yaml')]).mesh.installFor('default');
  assert.is(hold.holdValues?.value, true);
  assert.is(hold.cni?.value, false);
  const plain = factsOf([read('istiod-default.yaml')]).mesh.installFor('default');
  assert.is(plain.holdValues, undefined, 'the default chart does not set the Helm value');
  assert.is(plain.nativeSidecars, undefined, 'the chart sets no ENABLE_NATIVE_SIDECARS: the version default applies');
  const kubeflow = sharedExtra('corpus/rendered-kustomize/kubeflow-istio-install-insecure.yaml');
  if (kubeflow) assert.is(factsOf([readFileSync(kubeflow, 'utf8')]).mesh.installFor('default').nativeSidecars?.value, 'true');
});

test.run();
