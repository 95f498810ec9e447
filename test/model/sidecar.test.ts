// The start-up model against the injector's own golden files: for every input X.yaml with an
// expected output X.injected.yaml, what the model predicts from the input (native sidecar,
// held, or neither) must be what the injector rendered. Istio's test run injects with native
// sidecars on (ENABLE_NATIVE_SIDECARS=true) and no mesh-wide hold.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAllDocuments } from 'yaml';
import { nativeSidecarSetting, type InstallSettings } from '../../src/model/install/install.ts';
import { parseIstioVersion, type IstioVersion } from '../../src/model/install/istio-version.ts';
import { hasAppContainers, holdFor, nativeSidecarsFor, renderedProxy } from '../../src/model/pod/sidecar.ts';
import { asObject, podTemplateOf, type PodTemplate } from '../../src/model/workload.ts';
import type { KubeObject, Resource } from '../../src/common/types.ts';
import { sharedPath } from '../helpers/shared.ts';

const V = parseIstioVersion('1.31') as IstioVersion;
const testRun: InstallSettings = {
  revision: 'default',
  cni: undefined,
  nativeSidecars: { value: 'true', source: 'the injector test run', origin: 'config', target: undefined },
  holdMesh: undefined,
  holdValues: undefined,
  proxyLifecycle: undefined,
  proxySeccompProfile: undefined,
  declaredBy: undefined,
  declaredIn: [],
};

function templatesOf(file: string): PodTemplate[] {
  const out: PodTemplate[] = [];
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    const o = asObject(doc.toJS());
    if (!o || typeof o.kind !== 'string') continue;
    const items = o.kind === 'List' && Array.isArray(o.items) ? o.items : [o];
    for (const item of items) {
      const object = asObject(item) as KubeObject;
      const resource = { object, kind: object.kind, apiVersion: object.apiVersion, name: '' } as unknown as Resource;
      const t = podTemplateOf(resource);
      if (t) out.push(t);
    }
  }
  return out;
}

const dir = sharedPath('corpus/istio-inject-testdata/pkg/kube/inject/testdata/inject');

(dir ? test : test.skip)('native sidecars and hold: the model agrees with every golden file of the injector', () => {
  if (!dir) return; // declared as a test only when present; this narrows its type
  let compared = 0;
  const disagreements: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.yaml') || name.includes('.injected') || name.includes('.iop')) continue;
    const golden = join(dir, name.replace(/\.yaml$/, '.injected.yaml'));
    if (!existsSync(golden)) continue;
    const inputs = templatesOf(join(dir, name));
    const outputs = templatesOf(golden);
    inputs.forEach((t, i) => {
      const out = outputs[i];
      const rendered = out && renderedProxy(out);
      if (!rendered || !hasAppContainers(t)) return;
      const predicted = nativeSidecarsFor(t, testRun, V).value === true ? 'native' : holdFor(t, testRun, V).value === true ? 'held' : 'neither';
      const actual = rendered.native ? 'native' : rendered.first && rendered.holdHook ? 'held' : 'neither';
      compared++;
      if (predicted !== actual) disagreements.push(`${name} #${i}: predicted ${predicted}, injected ${actual}`);
    });
  }
  assert.equal(disagreements, []);
  assert.ok(compared >= 80, `compared ${compared} pods`);
});

/** A Deployment's pod template with these annotations. */
const podWith = (annotations: Record<string, string>): PodTemplate => {
  const object = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { metadata: { annotations }, spec: { containers: [{ name: 'web', image: 'web' }] } } } } as unknown as KubeObject;
  return podTemplateOf({ object, kind: 'Deployment', apiVersion: 'apps/v1', name: 'web' } as unknown as Resource) as PodTemplate;
};
const at = (v: string): IstioVersion => parseIstioVersion(v) as IstioVersion;
const withNative = (value: 'true' | 'false' | 'auto'): InstallSettings => ({ ...testRun, nativeSidecars: { value, source: 'the config', origin: 'config', target: undefined } });

test('an empty nativeSidecar annotation: classic on 1.24-1.26 (isset, then eq "true"), istiod\'s setting from 1.27', () => {
  const empty = podWith({ 'sidecar.istio.io/nativeSidecar': '' });
  assert.is(nativeSidecarsFor(empty, withNative('true'), at('1.24')).value, false);
  assert.is(nativeSidecarsFor(empty, withNative('true'), at('1.26.3')).value, false);
  assert.is(nativeSidecarsFor(empty, withNative('true'), at('1.27')).value, true);
  assert.is(nativeSidecarsFor(empty, withNative('false'), at('1.27')).value, false);
  // Not read before 1.24: istiod's setting decides.
  assert.is(nativeSidecarsFor(empty, withNative('true'), at('1.23')).value, true);
});

test('ENABLE_NATIVE_SIDECARS=auto is off before 1.27 (the template compares with "true"), the node check from 1.27', () => {
  const plain = podWith({});
  assert.is(nativeSidecarsFor(plain, withNative('auto'), at('1.26')).value, false);
  assert.is(nativeSidecarsFor(plain, withNative('auto'), at('1.27')).value, 'unknown');
});

test('ENABLE_NATIVE_SIDECARS is compared case and all: "True" and "AUTO" are false', () => {
  assert.equal(['true', 'True', 'TRUE', 'auto', 'AUTO', 'false', 'yes'].map(nativeSidecarSetting), ['true', 'false', 'false', 'auto', 'false', 'false', 'false']);
});

test.run();
