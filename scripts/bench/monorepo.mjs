// A synthetic monorepo of about `MB` megabytes, as a platform team keeps one: teams, each with
// Namespaces (injection labels of every kind), apps (Deployment, Service, PeerAuthentication,
// AuthorizationPolicy, DestinationRule), a Helm chart and a Kustomize base with overlays; Flux
// clusters with Kustomizations and HelmReleases; istio-system with one injector webhook
// configuration per revision. Everything grows with the size: files, namespaces, webhooks.
// Deterministic (no randomness): the same size gives the same tree.
// Usage: node scripts/bench/monorepo.mjs DIR MB  → prints {"files","bytes","namespaces","webhooks"}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, mbText] = process.argv.slice(2);
if (!dir || !mbText) {
  console.error('usage: node scripts/bench/monorepo.mjs DIR MB');
  process.exit(2);
}
const target = Number(mbText) * 1e6;
/** Apps per team, namespaces per team, and one revision's webhook per this many bytes. */
const APPS_PER_TEAM = 40;
const WEBHOOK_BYTES = 32e6;

let files = 0;
let bytes = 0;
let namespaces = 0;
const write = (path, text) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
  files++;
  bytes += Buffer.byteLength(text);
};

const LABELS = ['istio-injection: enabled', 'istio-injection: disabled', 'istio.io/rev: canary', 'istio.io/dataplane-mode: ambient', null];
/** What each label makes of the namespace's pods. */
const MODES = ['sidecar', 'none', 'sidecar', 'ambient', 'none'];

function namespace(name, i) {
  const label = LABELS[i % LABELS.length];
  return `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n${label ? `  labels:\n    ${label}\n` : ''}`;
}

/**
 * An app as teams write them, mostly right: a finding in about one app in a hundred (a
 * hostNetwork pod in an injected namespace), as in a repository that lints clean most days.
 * `mode`: the namespace's data plane (an ambient pod carries no sidecar settings).
 */
function app(ns, name, i, mode) {
  const sidecar = mode === 'sidecar';
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${ns}
  labels: { app: ${name}, team: ${ns} }
spec:
  replicas: ${1 + (i % 3)}
  selector:
    matchLabels: { app: ${name} }
  template:
    metadata:
      labels:
        app: ${name}
        version: v${1 + (i % 4)}${sidecar && i % 53 === 0 ? '\n        sidecar.istio.io/inject: "false"' : ''}${sidecar ? `\n      annotations:\n        proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": ${i % 2 === 0}}'` : ''}
    spec:
      serviceAccountName: ${name}${i % 97 === 0 ? '\n      hostNetwork: true' : ''}
      containers:
        - name: app
          image: registry.example.com/${ns}/${name}:1.${i % 20}.0
          ports:
            - { containerPort: 8080, name: http }
            - { containerPort: 9090, name: grpc-internal }
          env:
            - { name: UPSTREAM, value: "http://${name}-upstream.${ns}.svc.cluster.local:8080" }
            - { name: LOG_LEVEL, value: info }
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { cpu: "1", memory: 512Mi }
          readinessProbe: { httpGet: { path: /ready, port: 8080 }, periodSeconds: 5 }
          securityContext: { runAsUser: 10001, allowPrivilegeEscalation: false }
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${ns}
spec:
  selector: { app: ${name} }
  ports:
    - { name: http, port: 80, targetPort: 8080 }
    - { name: grpc-internal, port: 9090, targetPort: 9090 }
${sidecar ? `---
apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata:
  name: ${name}-allow
  namespace: ${ns}
spec:
  selector: { matchLabels: { app: ${name} } }
  action: ALLOW
  rules:
    - from: [{ source: { principals: ["cluster.local/ns/${ns}/sa/${name}-client"] } }]
      to: [{ operation: { methods: [GET, POST], paths: ["/api/*"] } }]
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: ${name}
  namespace: ${ns}
spec:
  host: ${name}.${ns}.svc.cluster.local
  subsets:
    - { name: v${1 + (i % 4)}, labels: { version: v${1 + (i % 4)} } }
` : ''}`;
}

function webhook(rev) {
  return `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: istio-sidecar-injector-${rev}
  labels: { istio.io/rev: ${rev}, app: sidecar-injector }
webhooks:
  - name: rev.namespace.sidecar-injector.istio.io
    admissionReviewVersions: [v1]
    sideEffects: None
    clientConfig: { service: { name: ${rev === 'default' ? 'istiod' : `istiod-${rev}`}, namespace: istio-system, path: /inject } }
    namespaceSelector:
      matchExpressions:
        - { key: istio.io/rev, operator: In, values: [${rev}] }
        - { key: istio-injection, operator: DoesNotExist }
    objectSelector:
      matchExpressions:
        - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
${rev === 'default' ? `  - name: namespace.sidecar-injector.istio.io
    admissionReviewVersions: [v1]
    sideEffects: None
    clientConfig: { service: { name: istiod, namespace: istio-system, path: /inject } }
    namespaceSelector:
      matchLabels: { istio-injection: enabled }
    objectSelector:
      matchExpressions:
        - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
` : ''}`;
}

let team = 0;
while (bytes < target) {
  const ns = `team-${team}`;
  const base = `teams/${ns}`;
  write(`${base}/namespace.yaml`, `${namespace(ns, team)}---\n${namespace(`${ns}-jobs`, team + 1)}`);
  namespaces += 2;
  for (let i = 0; i < APPS_PER_TEAM; i++) write(`${base}/apps/app-${i}.yaml`, app(ns, `app-${i}`, team * APPS_PER_TEAM + i, MODES[team % MODES.length]));
  write(`${base}/peer-authentication.yaml`, `apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata:\n  name: default\n  namespace: ${ns}\nspec:\n  mtls: { mode: ${team % 3 === 0 ? 'STRICT' : 'PERMISSIVE'} }\n`);
  // A chart of the team's own (rendered only when asked), and a Kustomize base with two overlays.
  write(`${base}/chart/Chart.yaml`, `apiVersion: v2\nname: ${ns}-worker\nversion: 0.1.${team}\n`);
  write(`${base}/chart/values.yaml`, `replicas: 2\nimage: registry.example.com/${ns}/worker:1.0\n`);
  write(`${base}/chart/templates/deployment.yaml`, `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}-worker\nspec:\n  replicas: {{ .Values.replicas }}\n  template:\n    spec:\n      containers:\n        - name: worker\n          image: {{ .Values.image }}\n`);
  write(`${base}/kustomize/base/kustomization.yaml`, 'resources:\n  - deployment.yaml\n');
  write(`${base}/kustomize/base/deployment.yaml`, app(ns, 'kustomized', team, MODES[team % MODES.length]).split('\n---\n')[0] ?? '');
  for (const env of ['staging', 'prod']) {
    write(`${base}/kustomize/overlays/${env}/kustomization.yaml`, `resources:\n  - ../../base\nnamespace: ${ns}\npatches:\n  - target: { kind: Deployment, name: kustomized }\n    patch: |\n      - op: replace\n        path: /spec/replicas\n        value: ${env === 'prod' ? 4 : 1}\n`);
  }
  // The team's Flux objects, in the cluster folder of its cluster.
  const cluster = `clusters/cluster-${team % 4}/${ns}`;
  write(`${cluster}/kustomization.yaml`, `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: ${ns}\n  namespace: flux-system\nspec:\n  interval: 10m\n  path: ./teams/${ns}/apps\n  prune: true\n  targetNamespace: ${ns}\n  sourceRef: { kind: GitRepository, name: monorepo }\n`);
  write(`${cluster}/release.yaml`, `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: ${ns}-worker\n  namespace: ${ns}\nspec:\n  chart:\n    spec:\n      chart: ./teams/${ns}/chart\n      sourceRef: { kind: GitRepository, name: monorepo, namespace: flux-system }\n  values:\n    replicas: 3\n`);
  team++;
}
const webhooks = Math.max(1, Math.round(bytes / WEBHOOK_BYTES));
write('istio-system/webhooks.yaml', Array.from({ length: webhooks + 1 }, (_, i) => webhook(i === 0 ? 'default' : i === 1 ? 'canary' : `rev-${i}`)).join('---\n'));
write('istio-system/namespace.yaml', namespace('istio-system', 4));
console.log(JSON.stringify({ files, bytes, namespaces: namespaces + 1, webhooks: webhooks + 1 }));
