// A cluster snapshot as context, offline: what `kubectl get … -o yaml` saves (the README's
// command) is a `kind: List` whose items carry managedFields, status and kubectl's
// last-applied annotation. Read with --context (or the config's context), it supplies the
// Namespaces, injector webhooks and mesh config that the repository does not hold.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, webDeployment, withTemp, type CliRun } from './helpers/cli.ts';

const rows = (run: CliRun): string[] => parseJsonReport(run).flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.line}:${m.column} ${m.ruleId} ${m.severity === 2 ? 'error' : 'warn'}`));

/** The shape `kubectl get namespaces,mutatingwebhookconfigurations,configmaps -n istio-system -o yaml` prints. */
const SNAPSHOT = `apiVersion: v1
items:
- apiVersion: v1
  kind: Namespace
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{},"labels":{"istio-injection":"enabled"},"name":"shop"}}
    creationTimestamp: "2026-03-02T10:14:07Z"
    labels:
      istio-injection: enabled
      kubernetes.io/metadata.name: shop
    managedFields:
    - apiVersion: v1
      fieldsType: FieldsV1
      fieldsV1:
        f:metadata:
          f:labels:
            .: {}
            f:istio-injection: {}
      manager: kubectl-client-side-apply
      operation: Update
      time: "2026-03-02T10:14:07Z"
    name: shop
    resourceVersion: "48211"
    uid: 6f1d2c8e-1a7b-4c55-9a55-0d6f0e1c2b3a
  spec:
    finalizers:
    - kubernetes
  status:
    phase: Active
- apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    creationTimestamp: "2026-03-02T10:12:52Z"
    generation: 3
    labels:
      app: sidecar-injector
      istio.io/rev: default
    name: istio-sidecar-injector
    resourceVersion: "47811"
    uid: 2b7e1f0a-9c3d-4e5f-8a6b-1c2d3e4f5a6b
  webhooks:
  - admissionReviewVersions: [v1beta1, v1]
    clientConfig:
      caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvRENDQWVTZ0F3SUJBZ0lRCg==
      service: { name: istiod, namespace: istio-system, path: /inject, port: 443 }
    failurePolicy: Fail
    matchPolicy: Equivalent
    name: namespace.sidecar-injector.istio.io
    namespaceSelector:
      matchExpressions:
      - { key: istio-injection, operator: In, values: [enabled] }
    objectSelector:
      matchExpressions:
      - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
    reinvocationPolicy: Never
    rules:
    - apiGroups: [""]
      apiVersions: [v1]
      operations: [CREATE]
      resources: [pods]
      scope: '*'
    sideEffects: None
    timeoutSeconds: 10
- apiVersion: v1
  data:
    mesh: |-
      defaultConfig:
        discoveryAddress: istiod.istio-system.svc:15012
        holdApplicationUntilProxyStarts: true
      defaultProviders:
        metrics:
        - prometheus
      rootNamespace: istio-system
      trustDomain: cluster.local
    meshNetworks: 'networks: {}'
  kind: ConfigMap
  metadata:
    creationTimestamp: "2026-03-02T10:12:51Z"
    labels:
      app.kubernetes.io/managed-by: Helm
      istio.io/rev: default
      release: istiod
    name: istio
    namespace: istio-system
    resourceVersion: "47790"
    uid: 0d8b8f0e-3c1e-4b7e-8f8a-6d1f7c2a9e41
kind: List
metadata:
  resourceVersion: ""
`;

test('a kubectl get List as --context: its Namespace labels decide injection, nothing in it is reported', () => {
  withTemp((t) => {
    t.write('cluster.yaml', SNAPSHOT);
    t.write('apps/web.yaml', webDeployment(true));
    assert.equal(rows(cli(['apps/', '-f', 'json'], { cwd: t.dir })), [], 'without the snapshot, namespace shop is unknown: no finding');
    const r = cli(['apps/', '--context', 'cluster.yaml', '-f', 'json'], { cwd: t.dir });
    assert.equal(rows(r), ['apps/web.yaml 12:7 injection-host-network warn']);
    // The config's context reads it the same way.
    t.write('.meshlint.yaml', 'context: [cluster.yaml]\n');
    assert.equal(rows(cli(['apps/', '-f', 'json'], { cwd: t.dir })), ['apps/web.yaml 12:7 injection-host-network warn']);
  });
});

test("the snapshot's mesh config settles start-up: no note asks for it; without it, the note does", () => {
  withTemp((t) => {
    t.write('cluster.yaml', SNAPSHOT);
    t.write('apps/web.yaml', webDeployment(false));
    const notesOf = (args: string[]): string[] =>
      (JSON.parse(cli(['apps/', '-f', 'json-with-metadata', ...args], { cwd: t.dir }).stdout) as { metadata: { notes: { id: string }[] } }).metadata.notes.map((n) => n.id);
    assert.not.ok(notesOf(['--context', 'cluster.yaml']).includes('unknown:mesh-startup'), 'holdApplicationUntilProxyStarts: true in the mesh ConfigMap');
    t.write('no-mesh.yaml', SNAPSHOT.slice(0, SNAPSHOT.indexOf('- apiVersion: v1\n  data:')) + 'kind: List\nmetadata:\n  resourceVersion: ""\n');
    assert.ok(notesOf(['--context', 'no-mesh.yaml']).includes('unknown:mesh-startup'));
  });
});

test.run();
