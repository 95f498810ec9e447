import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/ztunnel-cni-pod-security.ts';
import { nodeAgentOf } from '../../src/model/ambient/install.ts';
import { podViolations } from '../../src/model/pod/pod-security.ts';
import { podTemplatesOf } from '../../src/model/workload.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// The pod specs as Istio's charts render them (manifests/charts/ztunnel and istio-cni daemonset.yaml, 1.24+).
const ztunnel = (ns: string, extra = ''): string => yaml`
  apiVersion: apps/v1
  kind: DaemonSet
  metadata:
    name: ztunnel
    namespace: ${ns}
  spec:
    selector: { matchLabels: { app: ztunnel } }
    template:
      metadata:
        labels: { app: ztunnel, istio.io/dataplane-mode: none, sidecar.istio.io/inject: "false" }
      spec:
        serviceAccountName: ztunnel
        containers:
          - name: istio-proxy
            image: docker.io/istio/ztunnel:1.26.0-distroless
            securityContext:
              allowPrivilegeEscalation: true
              privileged: false
              capabilities:
                drop: [ALL]
                add: [NET_ADMIN, SYS_ADMIN, NET_RAW]
              readOnlyRootFilesystem: true
              runAsGroup: 1337
              runAsNonRoot: false
              runAsUser: 0
        volumes:
          - name: cni-ztunnel-sock-dir
            hostPath: { path: /var/run/ztunnel, type: DirectoryOrCreate }
          - name: tmp
            emptyDir: {}
        ${extra}
  `;
const istioCni = (ns: string): string => yaml`
  apiVersion: apps/v1
  kind: DaemonSet
  metadata:
    name: istio-cni-node
    namespace: ${ns}
    labels: { k8s-app: istio-cni-node }
  spec:
    selector: { matchLabels: { k8s-app: istio-cni-node } }
    template:
      metadata:
        labels: { k8s-app: istio-cni-node, app.kubernetes.io/name: istio-cni, istio.io/dataplane-mode: none }
      spec:
        containers:
          - name: install-cni
            image: docker.io/istio/install-cni:1.26.0
            securityContext:
              privileged: false
              runAsGroup: 0
              runAsUser: 0
              runAsNonRoot: false
              capabilities:
                drop: [ALL]
                add: [NET_ADMIN, NET_RAW, SYS_PTRACE, SYS_ADMIN, DAC_OVERRIDE]
        volumes:
          - { name: cni-bin-dir, hostPath: { path: /opt/cni/bin } }
          - { name: cni-host-procfs, hostPath: { path: /proc, type: Directory } }
          - { name: cni-net-dir, hostPath: { path: /etc/cni/net.d } }
  `;
const namespace = (name: string, labels: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: ${name}
    labels: { ${labels} }
  `;
const join = (...docs: string[]): string => docs.join('---\n');

ruleTester(rule, {
  valid: [
    { name: 'the namespace enforces privileged', code: join(namespace('istio-system', 'pod-security.kubernetes.io/enforce: privileged'), ztunnel('istio-system')) },
    {
      name: 'warn and audit labels reject nothing',
      code: join(namespace('istio-system', 'pod-security.kubernetes.io/warn: restricted, pod-security.kubernetes.io/audit: baseline'), ztunnel('istio-system'), istioCni('istio-system')),
    },
    { name: "the namespace's labels are not among the inputs", code: ztunnel('istio-system') },
    { name: 'a namespace with no Pod Security label', code: join(namespace('kube-system', 'team: platform'), istioCni('kube-system')) },
    {
      name: 'another DaemonSet in a baseline namespace (a CNI agent of another mesh with a container named install-cni)',
      code: join(
        namespace('linkerd-cni', 'pod-security.kubernetes.io/enforce: baseline'),
        yaml`
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: { name: linkerd-cni, namespace: linkerd-cni }
          spec:
            template:
              metadata: { labels: { k8s-app: linkerd-cni } }
              spec:
                containers:
                  - name: install-cni
                    image: cr.l5d.io/linkerd/cni-plugin:v1.5.0
                volumes: [{ name: cni-bin-dir, hostPath: { path: /opt/cni/bin } }]
        `,
      ),
    },
    {
      name: 'a ztunnel build whose pod spec passes baseline is judged by its spec, not its name',
      code: join(
        namespace('istio-system', 'pod-security.kubernetes.io/enforce: baseline'),
        yaml`
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: { name: ztunnel, namespace: istio-system }
          spec:
            template:
              metadata: { labels: { app: ztunnel } }
              spec:
                containers: [{ name: istio-proxy, image: example/ztunnel:dev, securityContext: { capabilities: { add: [NET_BIND_SERVICE] } } }]
        `,
      ),
    },
    {
      name: 'a Deployment with the label is no node agent',
      code: join(
        namespace('apps', 'pod-security.kubernetes.io/enforce: restricted'),
        yaml`
          apiVersion: apps/v1
          kind: Deployment
          metadata: { name: ztunnel-dashboard, namespace: apps }
          spec:
            template:
              metadata: { labels: { app: ztunnel } }
              spec:
                containers: [{ name: ui, image: example/ui, securityContext: { capabilities: { add: [NET_ADMIN] } } }]
        `,
      ),
    },
    { name: 'odd shapes do not throw', code: join(namespace('istio-system', 'pod-security.kubernetes.io/enforce: baseline'), yaml`
        apiVersion: apps/v1
        kind: DaemonSet
        metadata: { name: ztunnel, namespace: istio-system }
        spec:
          template:
            metadata: { labels: { app: 7 } }
            spec:
              volumes: 3
              containers: [{ name: istio-proxy, image: 12, securityContext: [] }, null]
      `) },
  ],
  invalid: [
    {
      name: 'ztunnel in a baseline namespace: capabilities and hostPath',
      code: join(namespace('istio-system', 'pod-security.kubernetes.io/enforce: baseline'), ztunnel('istio-system')),
      errors: [{
        messageId: 'rejected',
        message: 'Pod Security "baseline" of namespace istio-system rejects these ztunnel pods (hostPath volumes, non-default capabilities), so ambient pods get no traffic. Set its enforce label to privileged.',
        line: 11,
        column: 3,
      }],
    },
    {
      name: 'istio-cni in a restricted namespace: more checks fail',
      code: join(namespace('kube-system', 'pod-security.kubernetes.io/enforce: restricted'), istioCni('kube-system')),
      errors: [{ message: 'rejects these istio-cni pods (hostPath volumes, non-default capabilities and 5 more), so pods on those nodes cannot join the mesh' }],
    },
    {
      name: 'the Namespace in another file; both DaemonSets reported',
      code: join(ztunnel('istio-system'), istioCni('istio-system')),
      files: [{ filename: 'ns.yaml', code: namespace('istio-system', 'pod-security.kubernetes.io/enforce: restricted') }],
      errors: [{ message: 'ztunnel pods' }, { message: 'istio-cni pods' }],
    },
    {
      name: 'the namespace as the config states it',
      code: ztunnel('istio-system'),
      config: { namespaces: { 'istio-system': { labels: { 'pod-security.kubernetes.io/enforce': 'baseline' } } } },
      errors: [{ message: 'Pod Security "baseline" of namespace istio-system rejects these ztunnel pods' }],
    },
    {
      name: 'recognised by its image; hostNetwork (the old shareHostNetworkNamespace) counts too',
      code: join(
        namespace('mesh-nodes', 'pod-security.kubernetes.io/enforce: baseline'),
        yaml`
          apiVersion: apps/v1
          kind: DaemonSet
          metadata: { name: cni, namespace: mesh-nodes }
          spec:
            template:
              spec:
                hostNetwork: true
                containers: [{ name: cni, image: "gcr.io/istio-release/install-cni:1.22.3@sha256:0123" }]
        `,
      ),
      errors: [{ message: '(host namespaces), so pods on those nodes' }],
    },
  ],
});

const template = (text: string) => {
  const r = [...parseFile({ displayPath: 't.yaml', absPath: undefined, text })].flatMap((doc) => resourcesOf(doc, 'default').resources)[0];
  const t = r && podTemplatesOf(r)[0];
  if (!t) throw new Error('no template');
  return t;
};

test('podViolations: baseline checks only what baseline forbids; restricted adds its own', () => {
  const t = template(ztunnel('istio-system'));
  assert.equal(podViolations('baseline', t), ['hostPath volumes (cni-ztunnel-sock-dir)', 'non-default capabilities (NET_ADMIN, SYS_ADMIN, NET_RAW)']);
  assert.equal(podViolations('restricted', t), [
    'hostPath volumes (cni-ztunnel-sock-dir)',
    'non-default capabilities (NET_ADMIN, SYS_ADMIN, NET_RAW)',
    'allowPrivilegeEscalation != false',
    'unrestricted capabilities',
    'runAsNonRoot != true',
    'runAsUser=0',
    'seccompProfile not RuntimeDefault or Localhost',
  ]);
  const plain = template(yaml`
    apiVersion: v1
    kind: Pod
    metadata: { name: p }
    spec:
      securityContext: { runAsNonRoot: true, seccompProfile: { type: RuntimeDefault } }
      containers: [{ name: a, image: a, ports: [{ containerPort: 80, hostPort: 8080 }], securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: [ALL] } } }]
      volumes: [{ name: nfs, nfs: { server: x, path: / } }, { name: c, configMap: { name: c } }]
  `);
  assert.equal(podViolations('baseline', plain), ['hostPort (a)']);
  assert.equal(podViolations('restricted', plain), ['restricted volume types (nfs)', 'hostPort (a)']);
});

test('nodeAgentOf: the charts\' labels or the image name, nothing else', () => {
  assert.is(nodeAgentOf({ app: 'ztunnel' }, [])?.component, 'ztunnel');
  assert.is(nodeAgentOf({}, ['registry.istio.io/release/ztunnel:1.24.0'])?.component, 'ztunnel');
  assert.is(nodeAgentOf({ 'k8s-app': 'istio-cni-node' }, [])?.component, 'istio-cni');
  assert.is(nodeAgentOf({}, ['localhost:5000/install-cni'])?.component, 'istio-cni');
  assert.is(nodeAgentOf({ 'k8s-app': 'calico-node' }, ['calico/cni:v3.28.0', 'calico/node:v3.28.0']), undefined);
  assert.is(nodeAgentOf({}, [undefined, 3, null]), undefined);
});

test.run();
