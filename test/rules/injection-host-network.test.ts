import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/injection-host-network.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const shopEnabled = {
  filename: 'namespaces.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels:
      istio-injection: enabled
  `,
};

const agentInShop = yaml`
apiVersion: apps/v1
kind: DaemonSet
metadata: { name: agent, namespace: shop }
spec:
  template:
    spec:
      hostNetwork: true
      containers: [{ name: agent, image: agent }]
`;

ruleTester(rule, {
  valid: [
    { name: 'hostNetwork without a sidecar request', code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: node-agent }
      spec:
        template:
          spec:
            hostNetwork: true
            containers: [{ name: a, image: a }]
      ` },
    { name: 'istio-cni style: hostNetwork and inject "false"', code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: istio-cni-node }
      spec:
        template:
          metadata:
            labels:
              sidecar.istio.io/inject: "false"
          spec:
            hostNetwork: true
            containers: [{ name: cni, image: cni }]
      ` },
    { name: 'sidecar requested, no hostNetwork', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        hostNetwork: false
        containers: [{ name: a, image: a }]
      ` },
    {
      name: 'namespace enabled (other file), but the pod opts out with label "false"',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: agent, namespace: shop }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "false" }
          spec:
            hostNetwork: true
            containers: [{ name: agent, image: agent }]
      `,
      files: [shopEnabled],
    },
    {
      name: 'namespace enabled in the config, the pod opts out with annotation "false"',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: agent, namespace: shop }
      spec:
        template:
          metadata:
            annotations: { sidecar.istio.io/inject: "false" }
          spec:
            hostNetwork: true
            containers: [{ name: agent, image: agent }]
      `,
      config: { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } },
    },
    {
      name: 'unknown namespace and no pod signal: nothing says a sidecar is meant',
      code: agentInShop,
    },
    {
      name: 'namespace known without injection labels',
      code: agentInShop,
      files: [{ filename: 'ns.yaml', code: yaml`
        apiVersion: v1
        kind: Namespace
        metadata: { name: shop, labels: { team: shop } }
        ` }],
    },
    {
      name: 'namespace istio-injection=disabled',
      code: agentInShop,
      config: { namespaces: { shop: { labels: { 'istio-injection': 'disabled' } } } },
    },
    {
      name: 'istio-cni DaemonSet in an injection-enabled istio-system (hostNetwork + inject "false")',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: istio-cni-node
        namespace: istio-system
      spec:
        template:
          metadata:
            labels:
              k8s-app: istio-cni-node
              sidecar.istio.io/inject: "false"
          spec:
            hostNetwork: true
            containers: [{ name: install-cni, image: install-cni }]
      `,
      config: { namespaces: { 'istio-system': { labels: { 'istio-injection': 'enabled' } } } },
    },
  ],
  invalid: [
    {
      name: 'Deployment: label true + hostNetwork',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels:
              app: web
              sidecar.istio.io/inject: "true"
          spec:
            hostNetwork: true
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'hostNetwork', line: 11, column: 7, endLine: 11, endColumn: 24, severity: 2, message: 'Istio never injects this hostNetwork pod, though the pod template has label sidecar.istio.io/inject: "true". Drop hostNetwork, or the opt-in.' }],
      output: null,
    },
    {
      name: 'CronJob template',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: nightly }
      spec:
        schedule: "0 0 * * *"
        jobTemplate:
          spec:
            template:
              metadata:
                labels: { sidecar.istio.io/inject: "true" }
              spec:
                hostNetwork: true
                restartPolicy: Never
                containers: [{ name: job, image: job }]
      `,
      errors: [{ messageId: 'hostNetwork', line: 12, column: 11 }],
    },
    {
      name: 'two signals of its own: both named, joined with "and"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels: { sidecar.istio.io/inject: "true", istio.io/rev: canary }
      spec:
        hostNetwork: true
        containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'hostNetwork', line: 7, column: 3, severity: 2, message: 'though the pod template has label sidecar.istio.io/inject: "true" and the pod template has label istio.io/rev: canary. Drop' }],
    },
    {
      name: 'namespace istio-injection=enabled in another file',
      code: agentInShop,
      files: [shopEnabled],
      // Only the namespace asks: a node agent is the usual case, so a warning that says how to state it.
      errors: [{ messageId: 'namespaceOnly', line: 7, column: 7, endLine: 7, endColumn: 24, severity: 1, message: 'though namespace shop has istio-injection=enabled. If that is intended, label it sidecar.istio.io/inject: "false".' }],
      output: null,
    },
    {
      name: 'namespace istio-injection=enabled in the config',
      code: agentInShop,
      config: { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } },
      errors: [{ messageId: 'namespaceOnly', line: 7, column: 7, severity: 1, message: 'namespace shop has istio-injection=enabled (in the config file)' }],
    },
    {
      name: 'namespace istio.io/rev in the config',
      code: agentInShop,
      config: { namespaces: { shop: { labels: { 'istio.io/rev': 'canary' } } }, istio: { revisions: ['canary'] } },
      errors: [{ messageId: 'namespaceOnly', line: 7, column: 7, message: 'namespace shop has istio.io/rev=canary' }],
    },
    {
      name: 'Namespace in the same file, Pod with hostNetwork',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { istio-injection: enabled }
      ---
      apiVersion: v1
      kind: Pod
      metadata: { name: probe, namespace: shop }
      spec:
        hostNetwork: true
        containers: [{ name: probe, image: probe }]
      `,
      errors: [{ messageId: 'namespaceOnly', line: 11, column: 3, endLine: 11, endColumn: 20, severity: 1 }],
    },
  ],
});

test('injection-host-network: the finding points back at the namespace label in the other file', () => {
  const { messages } = runCase(rule, { code: agentInShop, files: [shopEnabled] });
  assert.is(messages.length, 1);
  const related = messages[0]?.related ?? [];
  assert.is(related.length, 1);
  assert.is(related[0]?.filePath, 'namespaces.yaml');
  assert.is(related[0]?.line, 6);
  assert.is(related[0]?.column, 5);
  assert.ok(related[0]?.message.includes('istio-injection=enabled'));
});

test('injection-host-network: a namespace stated in the config has no location to point at', () => {
  const { messages } = runCase(rule, { code: agentInShop, config: { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } } });
  assert.is(messages.length, 1);
  assert.equal(messages[0]?.related ?? [], []);
});

test.run();
