// Every source of version evidence, through the whole pipeline: the CLI's facts command on files
// in a folder, as block YAML and as JSON. A reader that the facts pass's pre-check hides (a
// gateway's proxyv2 image once was) fails here, where a unit test of the reader passes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAllDocuments } from 'yaml';
import { cli, withTemp } from './helpers/cli.ts';
import { yaml } from './helpers/rule-tester.ts';

interface Source {
  readonly name: string;
  /** File name → text. */
  readonly files: Readonly<Record<string, string>>;
  /** The version `meshlint facts` reads, as it prints it. */
  readonly version: string;
}

const workload = (kind: string, name: string, containers: string, ns = 'istio-system'): string => yaml`
  apiVersion: apps/v1
  kind: ${kind}
  metadata: { name: ${name}, namespace: ${ns} }
  spec:
    selector: { matchLabels: { app: ${name} } }
    template:
      metadata: { labels: { app: ${name} } }
      spec:
        containers: ${containers}
`;

const SOURCES: readonly Source[] = [
  { name: 'a gateway Deployment running proxyv2', version: '1.22.3', files: { 'gw.yaml': workload('Deployment', 'istio-ingressgateway', '[{ name: istio-proxy, image: docker.io/istio/proxyv2:1.22.3-distroless }]') } },
  { name: 'an injected pod\'s istio-init', version: '1.24.2', files: { 'app.yaml': workload('Deployment', 'web', '[{ name: web, image: nginx }]', 'shop').replace('containers:', 'initContainers: [{ name: istio-init, image: docker.io/istio/proxyv2:1.24.2 }]\n      containers:') } },
  { name: 'an injected pod\'s istio-proxy', version: '1.25.1', files: { 'app.yaml': workload('Deployment', 'web', '[{ name: web, image: nginx }, { name: istio-proxy, image: gcr.io/istio-release/proxyv2:1.25.1 }]', 'shop') } },
  { name: 'istiod\'s image', version: '1.26.0', files: { 'istiod.yaml': workload('Deployment', 'istiod', '[{ name: discovery, image: docker.io/istio/pilot:1.26.0 }]') } },
  { name: 'the istio-cni node agent\'s image', version: '1.23.4', files: { 'cni.yaml': workload('DaemonSet', 'istio-cni-node', '[{ name: install-cni, image: docker.io/istio/install-cni:1.23.4 }]', 'kube-system') } },
  { name: 'ztunnel\'s image', version: '1.27.2', files: { 'ztunnel.yaml': workload('DaemonSet', 'ztunnel', '[{ name: istio-proxy, image: docker.io/istio/ztunnel:1.27.2 }]') } },
  {
    name: 'an IstioOperator\'s tag',
    version: '1.20.3',
    files: { 'iop.yaml': yaml`
      apiVersion: install.istio.io/v1alpha1
      kind: IstioOperator
      metadata: { name: main, namespace: istio-system }
      spec: { tag: 1.20.3 }
    ` },
  },
  {
    name: 'an injector ConfigMap\'s global.tag',
    version: '1.21.2',
    files: { 'cm.yaml': yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio-sidecar-injector, namespace: istio-system }
      data:
        config: "policy: enabled"
        values: '{"global":{"tag":"1.21.2"}}'
    ` },
  },
  {
    name: 'a Flux HelmRelease of the istiod chart',
    version: '1.24.1',
    files: { 'hr.yaml': yaml`
      apiVersion: helm.toolkit.fluxcd.io/v2
      kind: HelmRelease
      metadata: { name: istiod, namespace: istio-system }
      spec:
        chart: { spec: { chart: istiod, version: 1.24.1, sourceRef: { kind: HelmRepository, name: istio } } }
    ` },
  },
  {
    name: 'a Flux OCIRepository of the istiod chart',
    version: '1.25.0',
    files: { 'oci.yaml': yaml`
      apiVersion: source.toolkit.fluxcd.io/v1beta2
      kind: OCIRepository
      metadata: { name: istiod, namespace: flux-system }
      spec: { url: oci://example.com/charts/istiod, ref: { tag: 1.25.0 } }
    ` },
  },
  {
    name: 'an Argo CD Application of the istiod chart',
    version: '1.23.0',
    files: { 'app.yaml': yaml`
      apiVersion: argoproj.io/v1alpha1
      kind: Application
      metadata: { name: istiod, namespace: argocd }
      spec:
        destination: { namespace: istio-system }
        source: { chart: istiod, repoURL: https://istio-release.storage.googleapis.com/charts, targetRevision: 1.23.0 }
    ` },
  },
  {
    name: 'an umbrella chart\'s dependency',
    version: '1.22.0',
    files: { 'mesh/Chart.yaml': yaml`
      apiVersion: v2
      name: mesh
      version: 0.1.0
      dependencies:
        - { name: istiod, version: 1.22.0, repository: https://istio-release.storage.googleapis.com/charts }
    ` },
  },
  {
    name: 'the chart label on any object a chart renders',
    version: '1.26.2',
    files: { 'sa.yaml': yaml`
      apiVersion: v1
      kind: ServiceAccount
      metadata: { name: istiod, namespace: istio-system, labels: { helm.sh/chart: istiod-1.26.2 } }
    ` },
  },
  {
    name: 'the installer\'s version label',
    version: '1.19.5',
    files: { 'role.yaml': yaml`
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata: { name: istio-reader, labels: { operator.istio.io/version: 1.19.5 } }
      rules: []
    ` },
  },
  {
    name: 'a Sail Istio',
    version: '1.27.1',
    files: { 'istio.yaml': yaml`
      apiVersion: sailoperator.io/v1
      kind: Istio
      metadata: { name: default }
      spec: { version: v1.27.1, namespace: istio-system }
    ` },
  },
  {
    name: 'an OpenShift ServiceMeshControlPlane',
    version: '1.20',
    files: { 'smcp.yaml': yaml`
      apiVersion: maistra.io/v2
      kind: ServiceMeshControlPlane
      metadata: { name: basic, namespace: istio-system }
      spec: { version: v2.6 }
    ` },
  },
  {
    name: 'a revision named after its version',
    version: '1.21',
    files: { 'ns.yaml': yaml`
      apiVersion: v1
      kind: Namespace
      metadata: { name: shop, labels: { istio.io/rev: 1-21 } }
    ` },
  },
  {
    name: 'an istiod values file\'s global.tag',
    version: '1.22.1',
    files: { 'values.yaml': yaml`
      global: { tag: 1.22.1, istioNamespace: istio-system }
      sidecarInjectorWebhook: { enableNamespacesByDefault: false }
      meshConfig: { accessLogFile: /dev/stdout }
    ` },
  },
];

/** The same files as JSON (one object a file; a values file stays as it is): no block `kind:` line to find. */
const asJson = (files: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(files).map(([name, text]) => {
      if (/(^|\/)(values|Chart)\.yaml$/.test(name)) return [name, text];
      const docs = parseAllDocuments(text).map((d) => d.toJS() as unknown);
      return [name.replace(/\.yaml$/, '.json'), docs.map((d) => JSON.stringify(d)).join('\n')];
    }),
  );

const versionRead = (files: Readonly<Record<string, string>>): { value: unknown; evidence: unknown[] } =>
  withTemp((t) => {
    for (const [name, text] of Object.entries(files)) t.write(name, text);
    const run = cli(['facts', '-f', 'json', '.'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    const facts = JSON.parse(run.stdout) as { istioVersion: { value: unknown }; versionEvidence: unknown[] };
    return { value: facts.istioVersion.value, evidence: facts.versionEvidence };
  });

for (const source of SOURCES) {
  test(`meshlint facts reads the Istio version from ${source.name}`, () => {
    const read = versionRead(source.files);
    assert.is(read.value, source.version, JSON.stringify(read.evidence));
    const json = versionRead(asJson(source.files));
    assert.is(json.value, source.version, `as JSON: ${JSON.stringify(json.evidence)}`);
  });
}

test('text that only looks like evidence is none: a comment, an image of another project, a digest alone', () => {
  const read = versionRead({
    'a.yaml': workload('Deployment', 'web', '[{ name: web, image: example.com/tools/kubectl:1.28.3 }, { name: p, image: docker.io/istio/proxyv2@sha256:0123456789abcdef }]', 'shop').replace('apiVersion', '# image: docker.io/istio/pilot:1.20.0\napiVersion'),
  });
  assert.is(read.value, null, JSON.stringify(read.evidence));
});

test.run();
