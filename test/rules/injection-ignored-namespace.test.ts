import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/injection-ignored-namespace.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

/** kube-system labelled for injection, in a file of its own. */
const kubeSystemEnabled = {
  filename: 'kube-system.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: kube-system
    labels: { istio-injection: enabled }
  `,
};

ruleTester(rule, {
  valid: [
    {
      name: 'kube-system without any injection signal',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: coredns
        namespace: kube-system
      spec:
        template:
          spec:
            containers: [{ name: coredns, image: coredns }]
      `,
    },
    {
      name: 'kube-system, opted out with label "false"',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: kube-proxy
        namespace: kube-system
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "false" }
          spec:
            containers: [{ name: kube-proxy, image: kube-proxy }]
      `,
    },
    {
      name: 'kube-system, opted out with annotation "false"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: debug
        namespace: kube-system
        annotations: { sidecar.istio.io/inject: "false" }
      spec:
        containers: [{ name: debug, image: debug }]
      `,
    },
    {
      name: 'inject "true" in an ordinary namespace',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "true" }
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'inject "true" with the namespace unknown',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "true" }
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'istio-system is not an ignored namespace',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: istio-system
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'kube-system labelled istio-injection=disabled, workload without signal',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: metrics-server, namespace: kube-system }
      spec:
        template:
          spec:
            containers: [{ name: m, image: m }]
      `,
      config: { namespaces: { 'kube-system': { labels: { 'istio-injection': 'disabled' } } } },
    },
  ],
  invalid: [
    {
      name: 'Deployment in kube-system with label inject "true"',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: kube-system
      spec:
        template:
          metadata:
            labels:
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'ignored', line: 5, column: 3, endLine: 5, endColumn: 25, severity: 2, message: 'Istio never injects pods in kube-system, though the pod template has label sidecar.istio.io/inject: "true". Move it, or label it sidecar.istio.io/inject: "false".' }],
      output: null,
    },
    {
      name: 'kube-node-lease (not in the docs, in the code)',
      code: yaml`
      apiVersion: apps/v1
      kind: StatefulSet
      metadata: { name: lease-watcher, namespace: kube-node-lease }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "true" }
          spec:
            containers: [{ name: w, image: w }]
      `,
      errors: [{ messageId: 'ignored', line: 3, column: 34, endLine: 3, endColumn: 60, severity: 2, message: 'never injects pods in kube-node-lease' }],
    },
    {
      name: 'local-path-storage (not in the docs, in the code)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: local-path-provisioner
        namespace: local-path-storage
      spec:
        template:
          metadata:
            labels:
              istio.io/rev: canary
          spec:
            containers: [{ name: p, image: p }]
      `,
      errors: [{ messageId: 'ignored', line: 5, column: 3, message: 'the pod template has label istio.io/rev: canary' }],
    },
    {
      name: 'kube-public Pod with the annotation "true"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: kube-public
        annotations:
          sidecar.istio.io/inject: "true"
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'ignored', line: 5, column: 3, message: 'annotation sidecar.istio.io/inject: "true"' }],
    },
    {
      name: 'kube-system labelled istio-injection=enabled (other file), no pod signal',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: node-agent
        namespace: kube-system
      spec:
        template:
          spec:
            containers: [{ name: a, image: a }]
      `,
      files: [kubeSystemEnabled],
      errors: [{ messageId: 'ignored', line: 5, column: 3, message: 'namespace kube-system has istio-injection=enabled' }],
    },
    {
      name: 'namespace from defaultNamespace (not written): reported at metadata.name',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: a, image: a }]
      `,
      config: { defaultNamespace: 'kube-system' },
      errors: [{ messageId: 'ignored', line: 4, column: 3, message: 'never injects pods in kube-system' }],
    },
  ],
});

test('injection-ignored-namespace: the message names the pod\'s own request; the namespace label is a related location too', () => {
  const { messages } = runCase(rule, {
    code: yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: dns-cache, namespace: kube-system }
    spec:
      template:
        metadata:
          labels: { sidecar.istio.io/inject: "true" }
        spec:
          containers: [{ name: a, image: a }]
    `,
    files: [kubeSystemEnabled],
  });
  assert.is(messages.length, 1);
  const m = messages[0];
  assert.ok(m?.message.includes('though the pod template has label sidecar.istio.io/inject: "true". Move it'), m?.message);
  assert.not.ok(m?.message.includes('istio-injection=enabled'), m?.message);
  assert.equal(m?.related?.map((r) => [r.filePath, r.line]), [['kube-system.yaml', 5], ['test.yaml', 7]]);
});

test.run();
