// Shapes from Istio's ambient facts: exact label values (istio-cni's selectors, waypoint-for,
// ingress-use-waypoint), labels on objects Istio never reads, and the redirection status
// annotation written by hand.
import { test } from 'uvu';
import rule from '../../rules/ambient-label-invalid.ts';
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

/** A Deployment in shop whose pod template has istio.io/dataplane-mode: <value> (line 9, column 11). */
const podMode = (value: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        labels:
          app: web
          istio.io/dataplane-mode: ${value}
      spec:
        containers: [{ name: web, image: web }]
  `;

/** A Service with a waypoint whose ingress-use-waypoint is `value` (line 5). */
const ingressService = (value: string): string => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: reviews
    labels: { istio.io/use-waypoint: wp, istio.io/ingress-use-waypoint: "${value}" }
  spec:
    ports: [{ port: 9080 }]
  `;

const ingressNamespace = (value: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels: { istio.io/use-waypoint: wp, istio.io/ingress-use-waypoint: "${value}" }
  `;

ruleTester(rule, {
  valid: [
    { name: 'namespace ambient', code: ns('shop', 'istio.io/dataplane-mode: ambient').code },
    { name: 'pod ambient and pod none', code: podMode('ambient'), files: [ns('shop', 'team: a')] },
    { name: 'pod none in an ambient namespace', code: podMode('none'), files: [ns('shop', 'istio.io/dataplane-mode: ambient')] },
    { name: 'a placeholder value is unknown, not wrong', code: podMode('"${DATAPLANE_MODE}"') },
    { name: 'an unquoted boolean is yaml-nonstring-value\'s (the object is rejected)', code: podMode('true') },
    {
      name: 'the label on the Deployment and on its template (commonLabels copy it to both)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: { istio.io/dataplane-mode: ambient, istio.io/use-waypoint: wp }
      spec:
        template:
          metadata:
            labels: { istio.io/dataplane-mode: ambient, istio.io/use-waypoint: wp }
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'use-waypoint on a Service, a Pod, a Namespace',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata:
        name: reviews
        labels: { istio.io/use-waypoint: waypoint, istio.io/ingress-use-waypoint: "true" }
      spec:
        ports: [{ port: 9080 }]
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels: { istio.io/use-waypoint: none }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'waypoint-for values of a Gateway API waypoint (istioctl waypoint generate)',
      code: yaml`
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata:
        name: waypoint
        labels: { istio.io/waypoint-for: all }
      spec:
        gatewayClassName: istio-waypoint
        listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
      `,
    },
    {
      name: 'waypoint-for on Istio\'s own Gateway kind is not read there, nor judged',
      code: yaml`
      apiVersion: networking.istio.io/v1
      kind: Gateway
      metadata:
        name: gw
        labels: { istio.io/waypoint-for: Service }
      spec:
        selector: { istio: ingressgateway }
      `,
    },
    {
      name: 'a Service with dataplane-mode (commonLabels): not read, harmless, not reported',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata:
        name: web
        labels: { istio.io/dataplane-mode: ambient }
      spec:
        ports: [{ port: 80 }]
      `,
    },
    {
      name: 'a Pod read back from a cluster carries the annotation istio-cni wrote',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web-5d9c
        namespace: shop
        uid: 0b4c1f0e-6a47-4d1c-9d1e-3f5e2a7c9b10
        resourceVersion: "48213"
        annotations: { ambient.istio.io/redirection: enabled }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'ingress-use-waypoint "False" or "no" is read as false by every version: what it says',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata:
        name: reviews
        labels: { istio.io/use-waypoint: wp, istio.io/ingress-use-waypoint: "False", other: "no" }
      spec:
        ports: [{ port: 9080 }]
      ---
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { istio.io/ingress-use-waypoint: "no" }
      `,
    },
    { name: 'ingress-use-waypoint "True" is read as true from 1.25 on (EqualFold, then ParseBool)', code: ingressService('True') },
    { name: 'Istio 1.30 parses ingress-use-waypoint with ParseBool: "1" reads as true', code: ingressService('1'), istioVersion: '1.30' },
    { name: 'Istio 1.29: "TRUE" is read as true, as 1.30 reads it', code: ingressService('TRUE'), istioVersion: '1.29' },
    { name: 'Istio 1.24 does not read ingress-use-waypoint on a Namespace', code: ingressNamespace('yes'), istioVersion: '1.24' },
    { name: 'Istio 1.23 has no ingress-use-waypoint', code: ingressService('yes'), istioVersion: '1.23' },
    {
      name: 'Knative\'s Service kind is not the Service Istio reads ingress-use-waypoint from',
      code: yaml`
      apiVersion: serving.knative.dev/v1
      kind: Service
      metadata:
        name: hello
        labels: { istio.io/ingress-use-waypoint: "yes" }
      spec:
        template:
          spec:
            containers: [{ image: hello }]
      `,
    },
    {
      name: 'odd shapes: labels as a list, annotations as a string, a null template metadata',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: odd
        labels: [istio.io/dataplane-mode, ambient]
        annotations: "istio.io/dataplane-mode: ambient"
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: odd
        labels: { istio.io/dataplane-mode: [ambient] }
      spec:
        template:
          metadata: null
          spec:
            containers: [{ name: a, image: a }]
      `,
    },
  ],
  invalid: [
    {
      name: 'namespace "Ambient": labels match exactly, no pod is captured',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/dataplane-mode: Ambient
      `,
      errors: [{ messageId: 'namespaceValue', line: 6, column: 5, severity: 2 }],
      output: null,
      suggestionOutput: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/dataplane-mode: "ambient"
      `,
    },
    {
      name: 'namespace "true"',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/dataplane-mode: "true"
      `,
      errors: [{ messageId: 'namespaceValue', message: 'only exactly "ambient"' }],
    },
    {
      name: 'namespace "none" does nothing: a warning, removed by --fix (behaviour stays)',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          team: a
          istio.io/dataplane-mode: none
      `,
      errors: [{ messageId: 'namespaceNone', line: 7, column: 5, severity: 1, message: 'a pod opts out with its own label' }],
      output: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          team: a
      `,
    },
    {
      name: 'pod "disabled" in an ambient namespace: still captured; writing "none" changes that, so a suggestion',
      code: podMode('disabled'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [{ messageId: 'podValue', line: 9, column: 9, message: 'ztunnel captures it anyway: namespace shop' }],
      output: null,
    },
    {
      name: 'pod "enabled" in an ambient namespace: captured already, so --fix writes "ambient"',
      code: podMode('enabled'),
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [{ messageId: 'podValue', line: 9, column: 9 }],
      output: podMode('"ambient"'),
    },
    {
      name: 'pod "Ambient" outside ambient: not captured; writing "ambient" would capture it, a suggestion',
      code: podMode('Ambient'),
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'podValue', message: 'ztunnel does not capture the pod' }],
      output: null,
      suggestionOutput: podMode('"ambient"'),
    },
    {
      name: 'pod "sidecar" outside ambient: not captured either way, so --fix writes "none"',
      code: podMode('sidecar'),
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'podValue' }],
      output: podMode('"none"'),
    },
    {
      name: 'pod value with the namespace unknown: the namespace decides; suggestions only',
      code: podMode('"true"'),
      errors: [{ messageId: 'podValue', message: "the pod's namespace decides" }],
      output: null,
    },
    {
      name: 'dataplane-mode and use-waypoint on the Deployment\'s own metadata; the pods are already ambient, so dataplane-mode moves',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: shop
        labels:
          app: web
          istio.io/dataplane-mode: ambient
          istio.io/use-waypoint: reviews-wp
      spec:
        template:
          metadata:
            labels:
              app: web
          spec:
            containers: [{ name: web, image: web }]
      `,
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [
        { messageId: 'onWorkload', line: 8, column: 5, message: 'Put it under spec.template.metadata.labels.' },
        { messageId: 'onWorkload', line: 9, column: 5, message: 'or on the Service' },
      ],
      output: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: shop
        labels:
          app: web
          istio.io/use-waypoint: reviews-wp
      spec:
        template:
          metadata:
            labels:
              app: web
              istio.io/dataplane-mode: "ambient"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'dataplane-mode ambient on a StatefulSet\'s metadata outside ambient: moving it captures the pods, a suggestion',
      code: yaml`
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: db
        namespace: shop
        labels:
          istio.io/dataplane-mode: ambient
      spec:
        template:
          metadata:
            labels:
              app: db
          spec:
            containers: [{ name: db, image: db }]
      `,
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'onWorkload', line: 7, column: 5, message: "on the StatefulSet's own metadata" }],
      output: null,
    },
    {
      name: 'ingress-use-waypoint on a Deployment belongs on the Service',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: { istio.io/ingress-use-waypoint: "true" }
      spec:
        template:
          metadata:
            labels: { app: web }
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'onWorkload', message: 'Put it on the Service' }],
    },
    {
      name: 'dataplane-mode written as a Namespace annotation',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        annotations:
          istio.io/dataplane-mode: ambient
      `,
      errors: [{ messageId: 'asAnnotation', line: 6, column: 5 }],
    },
    {
      name: 'use-waypoint written as a pod-template annotation',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web }
      spec:
        template:
          metadata:
            annotations:
              istio.io/use-waypoint: wp
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'asAnnotation', line: 8, column: 9 }],
    },
    {
      name: 'redirection "disabled" in an ambient namespace: ignored since 1.22, the pod is captured; replacing it is a suggestion',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels:
              app: web
            annotations:
              ambient.istio.io/redirection: disabled
          spec:
            containers: [{ name: web, image: web }]
      `,
      files: [ns('shop', 'istio.io/dataplane-mode: ambient')],
      errors: [{ messageId: 'redirectionDisabled', line: 10, column: 9, message: 'ztunnel captures this pod' }],
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
            annotations: {}
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'redirection "disabled" outside ambient: the label says the same and changes nothing, so --fix',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels:
          app: p
        annotations:
          ambient.istio.io/redirection: disabled
      spec:
        containers: [{ name: a, image: a }]
      `,
      files: [ns('shop', 'team: a')],
      errors: [{ messageId: 'redirectionDisabled' }],
      output: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels:
          app: p
          istio.io/dataplane-mode: "none"
        annotations: {}
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'redirection "enabled" by hand: a status',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { ambient.istio.io/redirection: enabled }
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'redirectionSet', line: 5, column: 18 }],
      output: null,
    },
    {
      name: 'waypoint-for "Service" on a Gateway API Gateway: treated as none',
      code: yaml`
      apiVersion: gateway.networking.k8s.io/v1
      kind: Gateway
      metadata:
        name: waypoint
        labels:
          istio.io/waypoint-for: Service
      spec:
        gatewayClassName: istio-waypoint
        listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
      `,
      errors: [{ messageId: 'waypointFor', line: 6, column: 5, message: 'Write "service".' }],
      output: null,
    },
    {
      name: 'waypoint-for "workloads" on a GatewayClass',
      code: yaml`
      apiVersion: gateway.networking.k8s.io/v1
      kind: GatewayClass
      metadata:
        name: custom-waypoint
        labels: { istio.io/waypoint-for: workloads }
      spec:
        controllerName: istio.io/mesh-controller
      `,
      errors: [{ messageId: 'waypointFor', message: 'the default is service' }],
    },
    {
      name: 'ingress-use-waypoint "yes" on a Service reads as false',
      istioVersion: '1.31',
      code: ingressService('yes'),
      errors: [{ messageId: 'ingressInvalid', line: 5, column: 40, message: 'Istio 1.31 reads it as false' }],
      output: null,
    },
    {
      name: 'Istio 1.29 compares ingress-use-waypoint with EqualFold "true": "1" reads as false',
      code: ingressService('1'),
      istioVersion: '1.29',
      errors: [{ messageId: 'ingressInvalid', message: 'Istio 1.29 reads it as false' }],
    },
    {
      name: 'Istio 1.29 reads "tRue" as true, 1.30\'s ParseBool as false: it breaks on upgrade',
      code: ingressService('tRue'),
      istioVersion: '1.29',
      errors: [{ messageId: 'ingressLoose', message: 'as false from 1.30' }],
    },
    {
      name: 'Istio 1.30 parses ingress-use-waypoint with ParseBool: "tRue" reads as false',
      code: ingressService('tRue'),
      istioVersion: '1.30',
      errors: [{ messageId: 'ingressInvalid', message: 'Istio 1.30 reads it as false' }],
    },
    {
      name: 'Istio 1.25 reads ingress-use-waypoint on a Namespace too',
      code: ingressNamespace('yes'),
      istioVersion: '1.25',
      errors: [{ messageId: 'ingressInvalid', line: 5, message: 'Istio 1.25 reads it as false' }],
    },
    {
      name: 'Istio 1.24 matches exactly "true" on the Service: "True" reads as false',
      code: ingressService('True'),
      istioVersion: '1.24',
      errors: [{ messageId: 'ingressInvalid', message: 'Istio 1.24 reads it as false' }],
    },
  ],
});

test.run();
