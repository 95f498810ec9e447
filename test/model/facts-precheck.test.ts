// The facts pass parses only documents that may hold a fact (mightHoldFacts): an injected
// workload is not one of them, however many Istio names its pod spec carries, unless an Istio
// image with a version says which Istio injected it; istiod's own Service and Deployment are,
// however their metadata is written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mightHoldFacts } from '../../src/model/facts.ts';

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

test.run();
