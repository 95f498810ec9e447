// The facts pass parses only documents that may hold a fact (mightHoldFacts): an injected
// workload is not one of them, however many Istio names its pod spec carries, unless an Istio
// image with a version says which Istio injected it; istiod's own Service and Deployment are,
// however their metadata is written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { mightHoldFacts } from '../../src/model/facts.ts';
import { mightHoldVersionEvidence } from '../../src/model/install/version-evidence.ts';

const injectedPod = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: reviews
  labels:
    app: reviews
spec:
  template:
    spec:
      containers:
        - name: istio-proxy
          image: auto
      volumes:
        - name: istiod-ca-cert
          configMap:
            name: istio-ca-root-cert
`;

test('an injected pod\'s volume istiod-ca-cert does not make its Deployment a fact to parse', () => {
  assert.not.ok(mightHoldFacts(injectedPod));
  assert.not.ok(mightHoldFacts(injectedPod.replace('kind: Deployment', 'kind: Service')));
});

test('an Istio image with a version tag is version evidence, whatever the kind', () => {
  assert.ok(mightHoldFacts(injectedPod.replace('image: auto', 'image: docker.io/istio/proxyv2:1.26.0')));
  assert.ok(mightHoldFacts(injectedPod.replace('image: auto', '"image": "gcr.io/istio-release/proxyv2:v1.26.0-distroless"')));
  assert.not.ok(mightHoldFacts(injectedPod.replace('image: auto', 'image: docker.io/istio/proxyv2:latest')));
  assert.not.ok(mightHoldFacts(injectedPod.replace('image: auto', 'image: docker.io/istio/proxyv2@sha256:abc')));
});

test('istiod\'s Service and Deployment are still parsed, wherever metadata.name sits', () => {
  for (const name of ['istiod', 'istiod-canary', '"istiod-1-26"', 'istio-pilot', 'istio-sidecar-injector', "'istiod-{{ .Values.revision }}'"]) {
    assert.ok(mightHoldFacts(injectedPod.replace('name: reviews', `name: ${name}`)), name);
    // name after labels, metadata after spec, four-space indent
    assert.ok(mightHoldFacts(`kind: Service\napiVersion: v1\nspec:\n  ports: [{port: 443}]\nmetadata:\n    labels:\n        app: istiod\n    # the revision's\n\n    name: ${name}\n`), `${name}, after labels`);
  }
  // metadata not a block mapping: the plain pattern decides
  assert.ok(mightHoldFacts('kind: Service\nmetadata: {name: istiod, namespace: istio-system}\n'));
  assert.ok(mightHoldFacts('kind: Service\nmetadata: &m\n  name: istiod\n'));
  // a label named like istiod is not the object's name
  assert.not.ok(mightHoldFacts('kind: Service\nmetadata:\n  name: reviews\n  labels:\n    name: istiod\n'));
});


test('the version pre-check answers as its three patterns alone: each tried only where its fixed text is', () => {
  const distributions = JSON.parse(readFileSync(new URL('../../src/model/data/istio-distributions.json', import.meta.url), 'utf8')) as { images: string[]; distinctCharts: string[] };
  const alone = new RegExp(
    [`/(?:${distributions.images.join('|')}):v?1\\.\\d`, `helm\\.sh/chart["']?\\s*:\\s*["']?(?:${distributions.distinctCharts.join('|')})-v?\\d`, 'operator\\.istio\\.io/version'].join('|'),
  );
  const texts = [
    'image: docker.io/istio/proxyv2:1.26.0',
    'image: docker.io/istio/proxyv2:v1.26.0',
    'image: docker.io/istio/proxyv2:latest',
    'image: nginx:1.25.3\n  other: /pilot:2.0',
    'image: example.com/pilot:1.x and a:1.2',
    'labels:\n  helm.sh/chart: istiod-1.22.0',
    "labels: { 'helm.sh/chart': 'ztunnel-v1.23.1' }",
    'labels:\n  helm.sh/chart: nginx-1.0.0',
    'labels:\n  operator.istio.io/version: 1.20.3',
    'operator.istio.io/versions: none',
    ':1.',
    '',
  ];
  for (const t of texts) assert.is(mightHoldVersionEvidence(t), alone.test(t), t);
});

test.run();
