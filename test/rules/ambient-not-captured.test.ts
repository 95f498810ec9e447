// Pods a label puts in ambient that ztunnel will not capture (istio-cni's order: excluded
// namespaces, hostNetwork, an injected sidecar wins), and the combinations Istio supports.
import { test } from 'uvu';
import rule from '../../rules/ambient-not-captured.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const ns = (name: string, labels: string): { filename: string; code: string } => ({
  filename: `${name}.yaml`,
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: ${name}
    labels: { ${labels} }
  `,
});

/** A Deployment in `namespace` whose pod labels are app: web plus `labels` (line 8), and `spec` lines before containers. */
const web = (namespace: string, labels = '', spec = ''): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: ${namespace} }
  spec:
    template:
      metadata:
        labels:
          app: web${labels ? `\n          ${labels.split(', ').join('\n          ')}` : ''}
      spec:${spec ? `\n        ${spec}` : ''}
        containers: [{ name: web, image: web }]
  `;

const cniConfig = (data: string): { filename: string; code: string } => ({
  filename: 'cni.yaml',
  code: `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio-cni-config, namespace: istio-system }\ndata:\n${data}`,
});

ruleTester(rule, {
  valid: [
    {
      name: 'the install excludes only kube-system: a pod in shop that asks for ambient is captured',
      code: web('shop', 'istio.io/dataplane-mode: ambient'),
      files: [ns('shop', 'team: a'), cniConfig('  EXCLUDE_NAMESPACES: kube-system\n  AMBIENT_ENABLED: "true"\n')],
    },
    {
      name: 'the install leaves kube-system out of its excluded namespaces: a pod there is captured',
      code: web('kube-system', 'istio.io/dataplane-mode: ambient'),
      files: [cniConfig('  EXCLUDE_NAMESPACES: ""\n')],
    },
    { name: 'a pod in an ambient namespace', code: web('shop'), files: [ns('shop', 'istio.io/dataplane-mode: ambient')] },
    { name: 'a pod label ambient in a plain namespace', code: web('shop', 'istio.io/dataplane-mode: ambient'), files: [ns('shop', 'team: a')] },
    {
      name: 'mixed mode: a pod in an ambient namespace that asks for a sidecar itself (label inject "true")',
      code: web('shop', 'sidecar.istio.io/inject: "true"'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
    },
    {
      name: 'mixed mode: a pod istio.io/rev in an ambient namespace',
      code: web('shop', 'istio.io/rev: canary'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      config: { istio: { revisions: ['canary'] } },
    },
    {
      name: 'a namespace with both kinds of labels: inject-label-conflict reports the Namespace, not each pod',
      code: web('shop'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient, istio-injection: enabled')],
    },
    {
      name: 'istio-injection=enabled + ambient: a pod that opts out of injection is captured',
      code: web('shop', 'sidecar.istio.io/inject: "false", istio.io/dataplane-mode: ambient'),
      files: [ns('shop', 'istio-injection: enabled')],
    },
    {
      name: 'istio-injection=disabled + ambient: captured (no IST0123 either)',
      code: web('shop'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient, istio-injection: disabled')],
    },
    {
      name: 'a hostNetwork pod in an ambient namespace that opts out',
      code: web('shop', 'istio.io/dataplane-mode: none', 'hostNetwork: true'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
    },
    {
      name: 'a hostNetwork pod nothing puts in ambient',
      code: web('shop', '', 'hostNetwork: true'),
      files: [ns('shop', 'team: a')],
    },
    {
      name: 'namespace labels unknown: injection may win, so silent, with the note that names the namespace',
      code: web('shop', 'istio.io/dataplane-mode: ambient'),
      notes: ['unknown:namespace-labels'],
    },
    { name: 'a Namespace not excluded', code: ns('shop', 'istio.io/dataplane-mode: ambient').code },
    {
      name: 'Istio 1.29: the node agent does not read excludeNamespaces, so a pod label ambient in kube-system is captured',
      code: web('kube-system', 'istio.io/dataplane-mode: ambient'),
      istioVersion: '1.29',
    },
    {
      name: 'Istio 1.29: kube-system labelled ambient is captured too (the install\'s list is ignored by the node agent)',
      code: ns('kube-system', 'istio.io/dataplane-mode: ambient').code,
      files: [{ filename: 'dns.yaml', code: web('kube-system') }],
      istioVersion: '1.29.6',
    },
    {
      name: 'Istio 1.29: the install\'s EXCLUDE_NAMESPACES does not keep an ambient pod out',
      code: web('legacy', 'istio.io/dataplane-mode: ambient'),
      files: [ns('legacy', 'team: a'), cniConfig('  EXCLUDE_NAMESPACES: kube-system,legacy\n')],
      istioVersion: '1.29',
    },
  ],
  invalid: [
    {
      name: 'the install excludes the namespace (istio-cni-config EXCLUDE_NAMESPACES)',
      istioVersion: '1.31',
      code: web('legacy', 'istio.io/dataplane-mode: ambient'),
      files: [ns('legacy', 'team: a'), cniConfig('  EXCLUDE_NAMESPACES: kube-system,legacy\n')],
      errors: [{ messageId: 'excludedPod', message: 'istio-cni excludes it (ConfigMap istio-system/istio-cni-config (cni.yaml) EXCLUDE_NAMESPACES)' }],
    },
    {
      name: 'Istio 1.30: the node agent reads EXCLUDE_NAMESPACES too',
      code: web('legacy', 'istio.io/dataplane-mode: ambient'),
      files: [ns('legacy', 'team: a'), cniConfig('  EXCLUDE_NAMESPACES: kube-system,legacy\n')],
      istioVersion: '1.30',
      errors: [{ messageId: 'excludedPod' }],
    },
    {
      name: 'Istio 1.29: in an excluded namespace, a hostNetwork pod is still never captured',
      code: web('kube-system', 'istio.io/dataplane-mode: ambient', 'hostNetwork: true'),
      istioVersion: '1.29',
      errors: [{ messageId: 'hostNetwork' }],
    },
    {
      name: 'istio-cni runs with ambient off: the pod\'s own ambient label captures nothing',
      code: web('shop', 'istio.io/dataplane-mode: ambient'),
      files: [ns('shop', 'team: a'), cniConfig('  AMBIENT_ENABLED: "false"\n')],
      errors: [{ messageId: 'ambientOff', line: 9 }],
    },
    {
      name: 'istio-cni runs with ambient off: said once on the ambient Namespace, not per pod',
      code: `${ns('shop', 'istio.io/dataplane-mode: ambient').code}---\n${web('shop')}`,
      files: [cniConfig('  AMBIENT_ENABLED: "false"\n')],
      errors: [{ messageId: 'ambientOff', line: 5 }],
    },
    {
      name: 'pod label ambient in a namespace with istio-injection=enabled: the sidecar wins',
      code: web('shop', 'istio.io/dataplane-mode: ambient'),
      files: [ns('shop', 'istio-injection: enabled')],
      errors: [{ messageId: 'sidecarWins', line: 9, column: 9, severity: 2, message: 'namespace shop has istio-injection=enabled' }],
    },
    {
      name: 'pod label ambient and pod label inject "true": the pod asks for both',
      code: web('shop', 'istio.io/dataplane-mode: ambient, sidecar.istio.io/inject: "true"'),
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'sidecarWins', line: 9, column: 9, message: 'Remove one of the two.' }],
    },
    {
      name: 'a namespace labelled ambient in a mesh that injects every namespace by default: each pod gets a sidecar',
      code: web('shop'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      config: { istio: { enableNamespacesByDefault: true } },
      errors: [{ messageId: 'sidecarWinsNamespace', line: 6, column: 5, message: 'inject: "false"' }],
    },
    {
      name: 'pod label ambient on a hostNetwork pod',
      code: web('shop', 'istio.io/dataplane-mode: ambient', 'hostNetwork: true'),
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'hostNetwork', line: 9, column: 9, severity: 2 }],
    },
    {
      name: 'a hostNetwork pod in an ambient namespace: a warning, with a suggestion that states the intent',
      code: web('shop', '', 'hostNetwork: true'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [{ messageId: 'hostNetworkNamespace', line: 10, column: 7, severity: 1 }],
      output: null,
      suggestionOutput: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels:
              app: web
              istio.io/dataplane-mode: "none"
          spec:
            hostNetwork: true
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'a hostNetwork pod in an ambient namespace with another pod value: the suggestion sets it, no second key',
      code: web('shop', 'istio.io/dataplane-mode: disabled', 'hostNetwork: true'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [{ messageId: 'hostNetworkNamespace', severity: 1 }],
      suggestionOutput: web('shop', 'istio.io/dataplane-mode: "none"', 'hostNetwork: true'),
    },
    {
      name: 'pod label ambient in kube-system, which istio-cni excludes by default',
      istioVersion: '1.31',
      code: web('kube-system', 'istio.io/dataplane-mode: ambient'),
      errors: [{ messageId: 'excludedPod', line: 9, column: 9, message: 'namespace kube-system' }],
    },
    {
      name: 'kube-system labelled ambient: reported once, on the Namespace',
      istioVersion: '1.31',
      code: ns('kube-system', 'istio.io/dataplane-mode: ambient').code,
      files: [{ filename: 'dns.yaml', code: web('kube-system') }],
      errors: [{ messageId: 'excludedNamespace', line: 5, column: 13 }],
    },
    {
      name: 'Istio 1.30.0: kube-system labelled ambient is excluded',
      code: ns('kube-system', 'istio.io/dataplane-mode: ambient').code,
      files: [{ filename: 'dns.yaml', code: web('kube-system') }],
      istioVersion: '1.30.0',
      errors: [{ messageId: 'excludedNamespace' }],
    },
  ],
});

test.run();
