import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/ambient-sidecar-setting.ts';
import { AMBIENT_HONOURED, AMBIENT_IGNORED, NOT_INERT } from '../../src/model/ambient/settings.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const ambientNs = { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient' } } } };

/** A Deployment in namespace shop with the given pod-template labels and annotations. */
const web = (annotations: string, labels = '{ app: web }', ns = 'shop'): string => yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: ${ns} }
spec:
  template:
    metadata:
      labels: ${labels}
      annotations: ${annotations}
    spec:
      containers: [{ name: web, image: web:1 }]
`;

ruleTester(rule, {
  valid: [
    { name: 'a sidecar namespace: the annotations are read', code: web(`{ traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8" }`), config: { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } } },
    { name: 'no ambient label anywhere', code: web(`{ traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8" }`), config: { namespaces: { shop: { labels: {} } } } },
    { name: 'the annotations ambient honours', code: web(`{ ambient.istio.io/bypass-inbound-capture: "true", istio.io/reroute-virtual-interfaces: "eth1", ambient.istio.io/dns-capture: "false" }`), config: ambientNs },
    { name: 'sidecar.istio.io/inject is not inert: it keeps the pod out of the sidecar', code: web(`{ sidecar.istio.io/inject: "false" }`), config: ambientNs },
    { name: 'the pod opts out of ambient with dataplane-mode none', code: web(`{ proxy.istio.io/config: "{}" }`, `{ app: web, istio.io/dataplane-mode: none }`), config: ambientNs },
    { name: 'the pod\'s dataplane-mode filled in by Helm may be none: capture unknown', code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`, `{ app: web, istio.io/dataplane-mode: "{{ .Values.dataplaneMode }}" }`), config: ambientNs },
    { name: 'an inject label filled in by Jinja may ask for a sidecar, which wins', code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`, `{ app: web, sidecar.istio.io/inject: "{{ tg_sidecar }}" }`), config: ambientNs },
    {
      name: 'ambient and injection both asked: the sidecar wins, so its annotations count',
      code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`),
      config: { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient', 'istio-injection': 'enabled' } } } },
    },
    { name: 'the namespace is not among the inputs: capture unknown, nothing said', code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`) },
    { name: 'namespace label value Ambient (wrong case) enables nothing', code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`), config: { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'Ambient' } } } } },
    {
      name: 'hostNetwork: never captured',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/proxyCPU: "100m" }
      spec:
        hostNetwork: true
        containers: [{ name: app, image: app }]
      `,
      config: ambientNs,
    },
    { name: 'kube-system is excluded from capture', code: web(`{ sidecar.istio.io/proxyCPU: "100m" }`, `{ app: web, istio.io/dataplane-mode: ambient }`, 'kube-system') },
    {
      name: 'a removed annotation is left to annotation-deprecated',
      code: web(`{ sidecar.istio.io/statsCompression: "gzip" }`),
      config: ambientNs,
      istioVersion: '1.29.0',
    },
  ],
  invalid: [
    {
      name: 'traffic annotation on a pod of an ambient namespace',
      code: web(`{ traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8" }`),
      config: ambientNs,
      errors: [{ messageId: 'ignored', line: 8, message: 'traffic.sidecar.istio.io/excludeOutboundIPRanges does nothing here' }],
    },
    {
      name: 'pod label asks for ambient in a namespace without ambient label',
      code: web(`{ traffic.sidecar.istio.io/kubevirtInterfaces: "net1" }`, `{ app: web, istio.io/dataplane-mode: ambient }`),
      config: { namespaces: { shop: { labels: {} } } },
      errors: [{ messageId: 'ignored', message: 'istio.io/reroute-virtual-interfaces' }],
    },
    {
      name: 'one finding per annotation, on its own line',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { app: web }
            annotations:
              team: web
              sidecar.istio.io/proxyCPU: "100m"
              traffic.sidecar.istio.io/excludeInboundPorts: "9090"
              sidecar.istio.io/logLevel: debug
          spec:
            containers: [{ name: web, image: web:1 }]
      `,
      config: ambientNs,
      errors: [
        { line: 10, column: 9, message: 'no per-pod equivalent' },
        { line: 11, message: 'ambient.istio.io/bypass-inbound-capture' },
        { line: 12, message: "waypoint reads it from its Gateway's annotations" },
      ],
    },
    {
      name: 'hold in proxy.istio.io/config: nothing to hold',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations:
          proxy.istio.io/config: |
            holdApplicationUntilProxyStarts: true
      spec:
        containers: [{ name: app, image: app }]
      `,
      config: ambientNs,
      errors: [{ line: 7, message: 'nothing to hold' }],
    },
    {
      name: 'other proxy config',
      code: web(`{ proxy.istio.io/config: '{"concurrency": 2}' }`),
      config: ambientNs,
      errors: [{ message: 'L7 runs in a waypoint' }],
    },
    {
      name: 'the Namespace object among the inputs; an odd value type is still an annotation',
      code: web(`{ status.sidecar.istio.io/port: 0 }`),
      files: [{ filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: { istio.io/dataplane-mode: ambient }\n' }],
      errors: [{ message: 'status.sidecar.istio.io/port does nothing here' }],
    },
    {
      name: 'sidecar.istio.io/inject=false in an injected ambient namespace: the pod is captured, its sidecar settings are not read',
      code: web(`{ sidecar.istio.io/proxyMemory: "128Mi" }`, `{ app: web, sidecar.istio.io/inject: "false" }`),
      config: { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient', 'istio-injection': 'enabled' } } } },
      errors: [{ message: 'sidecar.istio.io/proxyMemory' }],
    },
  ],
});

test('the table never lists what ambient reads or what decides injection', () => {
  for (const n of [...AMBIENT_HONOURED, ...Object.keys(NOT_INERT)]) assert.not.ok(AMBIENT_IGNORED.has(n), n);
  assert.ok(AMBIENT_IGNORED.has('proxy.istio.io/config'));
  assert.ok(AMBIENT_IGNORED.size >= 40);
});

test.run();
