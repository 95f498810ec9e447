// Which Istio the inputs show: each kind of version evidence, read with its place; text that is
// not a version (latest, $(TAG), a template) says nothing, and chart placeholders are not versions.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeSource } from '../../src/load/read.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import { rangeText, probesWithin, parseIstioVersion, minorRange, MODELLED_RANGE, type IstioVersion } from '../../src/model/install/istio-version.ts';
import { revisionNameVersion, versionEvidenceOf, versionSpec } from '../../src/model/install/version-evidence.ts';
import type { Resource } from '../../src/common/types.ts';
import { yaml } from '../helpers/rule-tester.ts';

const resources = (text: string): Resource[] => {
  const input = decodeSource(Buffer.from(text), 'x.yaml', undefined);
  if (!input.ok) throw new Error('unreadable');
  return [...parseFile(input.file)].flatMap((d) => resourcesOf(d, undefined).resources);
};
const evidence = (text: string): string[] => resources(text).flatMap((r) => versionEvidenceOf(r)).map((e) => `${e.source} ${e.strength} ${rangeText(e.range)}`);
const v = (s: string): IstioVersion => parseIstioVersion(s) as IstioVersion;

test('versionSpec: exact versions and whole minors; anything else is no version', () => {
  assert.is(rangeText(versionSpec('1.27.1') ?? MODELLED_RANGE), '1.27.1');
  assert.is(rangeText(versionSpec('v1.24.3') ?? MODELLED_RANGE), '1.24.3');
  for (const minor of ['1.27.x', '1.27.*', '~1.27.0', 'v1.27-latest']) assert.is(rangeText(versionSpec(minor) ?? MODELLED_RANGE), '1.27', minor);
  for (const bad of ['latest', '$(TAG)', '${TAG}', '{{ .Values.tag }}', '>=1.20.0', '^1.27.0', '*', '', 'master', '2.1.0', 1.27, undefined, null, 'x'.repeat(10000)]) {
    assert.is(versionSpec(bad), undefined, String(bad).slice(0, 20));
  }
  assert.is(rangeText(revisionNameVersion('1-13') ?? MODELLED_RANGE), '1.13');
  assert.is(rangeText(revisionNameVersion('1-20-3') ?? MODELLED_RANGE), '1.20.3');
  assert.is(revisionNameVersion('canary'), undefined);
  assert.is(revisionNameVersion('stable-1-20'), undefined);
});

test('images of Istio components: istiod and old control planes are the install; an injected proxy is one pod', () => {
  assert.equal(evidence(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: istiod, namespace: istio-system }
    spec:
      template:
        spec:
          containers: [{ name: discovery, image: docker.io/istio/pilot:1.22.3-distroless }]
  `), ['istiod install 1.22.3']);
  assert.equal(evidence(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: istio-sidecar-injector, namespace: istio-system }
    spec:
      template:
        spec:
          containers: [{ name: sidecar-injector-webhook, image: gcr.io/istio-release/sidecar_injector:1.4.6 }]
  `), ['image install 1.4.6']);
  // An app with an injected proxy: what injected it once, not the install.
  assert.equal(evidence(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      template:
        spec:
          initContainers: [{ name: istio-init, image: docker.io/istio/proxyv2:1.8.3 }]
          containers: [{ name: web, image: nginx:1.25.3 }, { name: istio-proxy, image: docker.io/istio/proxyv2:1.8.3 }]
  `), ['istio-init pod 1.8.3', 'image pod 1.8.3']);
  // Images of other projects with version-like tags, and Istio images with no version, say nothing.
  assert.equal(evidence(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: pilot }
    spec:
      template:
        spec:
          containers: [{ name: a, image: example.com/team/pilot:1.2.3 }, { name: b, image: docker.io/istio/pilot:latest }, { name: c, image: "docker.io/istio/pilot:{{ .Values.tag }}" }]
  `), []);
});

test('installs: IstioOperator tag, chart labels, GitOps chart versions, Sail, OpenShift Service Mesh, revision names', () => {
  assert.equal(evidence(yaml`
    apiVersion: install.istio.io/v1alpha1
    kind: IstioOperator
    metadata: { name: control-plane }
    spec: { tag: 1.13.4, revision: 1-13 }
  `), ['operator install 1.13.4', 'revision-name name 1.13']);
  // A tag YAML reads as a number is not what was written (1.10 reads as 1.1): no evidence.
  assert.equal(evidence('apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: x }\nspec: { tag: 1.10 }\n'), []);
  assert.equal(evidence(yaml`
    apiVersion: v1
    kind: ServiceAccount
    metadata:
      name: istiod
      labels: { helm.sh/chart: istiod-1.27.1, operator.istio.io/version: 1.27.1 }
  `), ['label install 1.27.1', 'label install 1.27.1']);
  // Istio's charts in its source tree carry 1.0.0 (1.2.0 before 1.12): not a release's version.
  assert.equal(evidence('apiVersion: v1\nkind: ServiceAccount\nmetadata: { name: istiod, labels: { helm.sh/chart: istiod-1.0.0 } }\n'), []);
  assert.equal(evidence(yaml`
    apiVersion: helm.toolkit.fluxcd.io/v2
    kind: HelmRelease
    metadata: { name: istiod, namespace: istio-system }
    spec:
      chart: { spec: { chart: istiod, version: 1.27.1, sourceRef: { kind: HelmRepository, name: istio } } }
    ---
    apiVersion: helm.toolkit.fluxcd.io/v2
    kind: HelmRelease
    metadata: { name: base, namespace: istio-system }
    spec:
      chart: { spec: { chart: base, version: 1.27.x, sourceRef: { kind: HelmRepository, name: istio } } }
    ---
    apiVersion: helm.toolkit.fluxcd.io/v2
    kind: HelmRelease
    metadata: { name: other }
    spec:
      chart: { spec: { chart: gateway, version: 2.3.1, sourceRef: { kind: HelmRepository, name: company } } }
  `), ['chart install 1.27.1', 'chart install 1.27']);
  assert.equal(evidence(yaml`
    apiVersion: argoproj.io/v1alpha1
    kind: Application
    metadata: { name: istiod, namespace: argocd }
    spec:
      sources:
        - { repoURL: "https://istio-release.storage.googleapis.com/charts", chart: istiod, targetRevision: 1.26.2 }
        - { repoURL: "https://example.com/charts", chart: base, targetRevision: 1.0.0 }
  `), ['chart install 1.26.2']);
  assert.equal(evidence(yaml`
    apiVersion: sailoperator.io/v1
    kind: Istio
    metadata: { name: default }
    spec: { version: v1.24.3 }
    ---
    apiVersion: maistra.io/v2
    kind: ServiceMeshControlPlane
    metadata: { name: basic, namespace: istio-system }
    spec: { version: v2.1 }
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio.io/rev: 1-20-3 } }
  `), ['sail install 1.24.3', 'smcp install 1.9', 'revision-name name 1.20.3']);
});

test('probesWithin: the range start and each step below the top; none for one version', () => {
  const steps = [v('1.27'), v('1.22'), v('1.29'), v('1.9'), v('1.27.6')];
  assert.equal(probesWithin(MODELLED_RANGE, steps).map((p) => p.text), ['1.18', '1.22', '1.27', '1.27.6']);
  assert.equal(probesWithin(minorRange(1, 27), steps).map((p) => p.text), ['1.27']);
  assert.equal(probesWithin({ from: v('1.26.1'), to: v('1.26.1') }, steps), []);
});


test('a prerelease is not yet its release: a Sail Istio or an image at 1.31.0-beta.1 allows 1.30 to 1.31.0; a build variant is the release', () => {
  const sail = yaml`
    apiVersion: sailoperator.io/v1
    kind: Istio
    metadata: { name: default }
    spec: { version: v1.31.0-beta.1 }
  `;
  assert.equal(evidence(sail), ['sail install 1.30 to 1.31.0']);
  assert.equal(evidence(sail.replace('v1.31.0-beta.1', 'v1.31.2-rc.0')), ['sail install 1.31.1 to 1.31.2']);
  assert.equal(evidence(sail.replace('v1.31.0-beta.1', 'v1.31.0')), ['sail install 1.31.0']);
  const istiod = (tag: string): string => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: istiod, namespace: istio-system }\nspec: { template: { spec: { containers: [{ name: discovery, image: "docker.io/istio/pilot:${tag}" }] } } }\n`;
  assert.equal(evidence(istiod('1.29.0-alpha.1')), ['istiod install 1.28 to 1.29.0']);
  assert.equal(evidence(istiod('1.29.0-distroless')), ['istiod install 1.29.0']);
});

test.run();
