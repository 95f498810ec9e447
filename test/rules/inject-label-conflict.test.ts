import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/inject-label-conflict.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

/** A pod template whose inject label ("true") and annotation ("false") disagree; the annotation is on line 10. */
const LABEL_TRUE_ANNOTATION_FALSE = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        labels:
          sidecar.istio.io/inject: "true"
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: web, image: web }]
`;

const namespace = (labels: string): { filename: string; code: string } => ({
  filename: 'namespace.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels: { ${labels} }
  `,
});

/** A Deployment in namespace shop with the given pod template labels (the first on line 8, column 9). */
const web = (...labels: string[]): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        labels:
          ${labels.join('\n          ')}
      spec:
        containers: [{ name: web, image: web }]
  `;

ruleTester(rule, {
  valid: [
    {
      name: 'label and annotation agree (Istio\'s own gateway chart writes both)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: istio-ingressgateway, namespace: istio-ingress }
      spec:
        template:
          metadata:
            annotations:
              inject.istio.io/templates: gateway
              sidecar.istio.io/inject: "true"
            labels:
              istio: ingressgateway
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: istio-proxy, image: auto }]
      `,
    },
    {
      name: 'both "false"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels: { sidecar.istio.io/inject: "false" }
        annotations: { sidecar.istio.io/inject: "false" }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    { name: 'inject "true" in an enabled namespace', code: web('sidecar.istio.io/inject: "true"'), files: [namespace('istio-injection: enabled')] },
    { name: 'inject "true" in a namespace without injection labels', code: web('sidecar.istio.io/inject: "true"'), files: [namespace('team: shop')] },
    { name: 'inject "true", namespace unknown', code: web('sidecar.istio.io/inject: "true"') },
    { name: 'inject "false" in a disabled namespace', code: web('sidecar.istio.io/inject: "false"'), files: [namespace('istio-injection: disabled')] },
    { name: 'pod istio.io/rev equals the namespace\'s', code: web('istio.io/rev: canary'), files: [namespace('istio.io/rev: canary')] },
    { name: 'pod istio.io/rev in a namespace without labels', code: web('istio.io/rev: canary'), files: [namespace('team: shop')] },
    {
      name: 'pod istio.io/rev, opted out with inject "false", in an enabled namespace',
      code: web('istio.io/rev: canary', 'sidecar.istio.io/inject: "false"'),
      files: [namespace('istio-injection: enabled')],
    },
    {
      name: 'Namespace istio-injection=disabled + istio.io/rev (IST0123 counts rev only when istio-injection is absent or enabled)',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: legacy
        labels:
          istio-injection: disabled
          istio.io/rev: canary
      `,
    },
    {
      name: 'Namespace with istio.io/rev only',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/rev: canary
      `,
    },
    {
      name: 'Namespace with istio-injection=enabled only',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio-injection: enabled
      `,
    },
    {
      name: 'Namespace in ambient mode only',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: mesh
        labels:
          istio.io/dataplane-mode: ambient
      `,
    },
    {
      name: 'istio-injection=enabled with dataplane-mode=none: IST0123 counts it, but it does nothing (ambient-label-invalid says so)',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio-injection: enabled
          istio.io/dataplane-mode: none
      `,
    },
  ],
  invalid: [
    {
      name: 'pod istio.io/rev in a namespace with istio-injection=disabled: no revision webhook matches',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        namespace: quiet
        labels: { istio.io/rev: canary }
      spec:
        containers: [{ name: web, image: web }]
      `,
      files: [{ filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: quiet\n  labels: { istio-injection: disabled }\n' }],
      errors: [{ messageId: 'revInDisabled', line: 6, column: 13, severity: 2, message: 'Pod label istio.io/rev: canary cannot override istio-injection=disabled on namespace quiet: no webhook matches' }],
    },
    {
      name: 'label "true" + annotation "false": reported at the annotation',
      code: LABEL_TRUE_ANNOTATION_FALSE,
      errors: [{ messageId: 'labelVsAnnotation', line: 10, column: 9, endLine: 10, endColumn: 41, severity: 2, message: 'so the pod is meant to be injected' }],
      output: null,
    },
    {
      name: 'label and annotation disagree on Istio 1.11: the annotation decides (the label is read from 1.12)',
      istioVersion: '1.11.8',
      code: LABEL_TRUE_ANNOTATION_FALSE,
      errors: [{ messageId: 'labelVsAnnotationBefore112', line: 10, column: 9, message: 'disagree; Istio 1.11.8 decides by the annotation and selects webhooks by the label. Make them agree.' }],
    },
    {
      name: 'the same on Istio 1.12: the label wins',
      istioVersion: '1.12.0',
      code: LABEL_TRUE_ANNOTATION_FALSE,
      errors: [{ messageId: 'labelVsAnnotation', line: 10, column: 9, message: 'Istio reads the label, so the pod is meant to be injected' }],
    },
    {
      name: 'label "false" + annotation "true"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations:
          sidecar.istio.io/inject: "true"
        labels:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'labelVsAnnotation', line: 6, column: 5, message: 'so the pod is not injected' }],
    },
    {
      name: 'pod inject "true" in a namespace with istio-injection=disabled (other file)',
      code: web('sidecar.istio.io/inject: "true"'),
      files: [namespace('istio-injection: disabled')],
      errors: [{ messageId: 'disabledNamespace', line: 8, column: 9, endLine: 8, endColumn: 40, severity: 2, message: 'sidecar.istio.io/inject: "true" cannot override istio-injection=disabled on namespace shop: the pod runs without a sidecar. Set the namespace label to enabled' }],
      output: null,
    },
    {
      name: 'pod inject "true" in a namespace with istio-injection=disabled (config)',
      code: web('sidecar.istio.io/inject: "true"'),
      config: { namespaces: { shop: { labels: { 'istio-injection': 'disabled' } } } },
      errors: [{ messageId: 'disabledNamespace', line: 8, column: 9 }],
    },
    {
      name: 'annotation "true" in a namespace with istio-injection=Enabled (not "enabled")',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
      config: { namespaces: { shop: { labels: { 'istio-injection': 'Enabled' } } } },
      errors: [{ messageId: 'disabledNamespace', line: 8, column: 9, message: 'istio-injection=Enabled' }],
    },
    {
      name: 'pod istio.io/rev=canary in a namespace with istio-injection=enabled',
      code: web('istio.io/rev: canary'),
      files: [namespace('istio-injection: enabled')],
      errors: [{ messageId: 'revVsInjection', line: 8, column: 9, endLine: 8, endColumn: 29, severity: 2, message: 'the injector that serves istio-injection=enabled injects this pod, not canary' }],
    },
    {
      name: 'pod istio.io/rev=canary in a namespace with istio.io/rev=stable',
      code: web('istio.io/rev: canary'),
      files: [namespace('istio.io/rev: stable')],
      errors: [{ messageId: 'revVsRev', line: 8, column: 9, severity: 2, message: 'revision stable injects this pod' }],
    },
    {
      name: 'pod istio.io/rev=canary in a namespace with istio.io/rev=stable (config)',
      code: web('istio.io/rev: canary'),
      config: { namespaces: { shop: { labels: { 'istio.io/rev': 'stable' } } } },
      errors: [{ messageId: 'revVsRev', line: 8, column: 9 }],
    },
    {
      name: 'Namespace with istio-injection=enabled + istio.io/rev',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio-injection: enabled
          istio.io/rev: canary
      `,
      errors: [{ messageId: 'namespaceLabels', line: 6, column: 5, endLine: 6, endColumn: 29, severity: 2, message: 'istio-injection=enabled wins, so canary injects none of its pods' }],
      output: null,
    },
    {
      name: 'Namespace with istio.io/rev + istio.io/dataplane-mode=ambient',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/rev: canary
          istio.io/dataplane-mode: ambient
      `,
      errors: [{ messageId: 'namespaceLabels', line: 6, column: 5, severity: 2, message: 'revision canary (if installed) injects every pod, and a sidecar wins over ambient' }],
    },
    {
      name: 'Namespace with istio-injection=enabled + dataplane-mode=ambient',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/dataplane-mode: ambient
          istio-injection: enabled
      `,
      errors: [{ messageId: 'namespaceLabels', line: 7, column: 5, message: 'every pod gets a sidecar, and a sidecar wins over ambient' }],
    },
    {
      name: 'Namespace istio-injection=Enabled: a warning',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio-injection: Enabled
      `,
      errors: [{ messageId: 'namespaceValue', line: 6, column: 5, endLine: 6, endColumn: 29, severity: 1, message: 'only "enabled" turns injection on' }],
    },
    {
      name: 'Namespace istio-injection="true": a warning',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { istio-injection: "true" }
      `,
      errors: [{ messageId: 'namespaceValue', line: 5, column: 13, severity: 1 }],
    },
  ],
});

/** istiod's pod as Istio 1.8's chart renders it: istio.io/rev labelled, the opt-out only as an annotation. */
const istiod18 = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: istiod, namespace: istio-system, labels: { app: istiod, istio.io/rev: default } }
  spec:
    template:
      metadata:
        labels:
          app: istiod
          istio.io/rev: default
          install.operator.istio.io/owning-resource: unknown
          operator.istio.io/component: Pilot
          istio: pilot
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: discovery, image: docker.io/istio/pilot:1.8.6 }]
  `;

/** istiod's pod as current charts render it (manifests/charts/istio-control/istio-discovery/templates/deployment.yaml). */
const istiod = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: istiod-canary, namespace: istio-system }
  spec:
    template:
      metadata:
        labels:
          app: istiod
          istio.io/rev: canary
          sidecar.istio.io/inject: "false"
          operator.istio.io/component: Pilot
          istio: istiod
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: discovery, image: docker.io/istio/pilot:1.30.3 }]
  `;

/** The legacy ingress gateway as Istio 1.8's gateways chart renders it: its own proxy, the opt-out as an annotation. */
const ingress18 = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: istio-ingressgateway, namespace: istio-system }
  spec:
    template:
      metadata:
        labels:
          app: istio-ingressgateway
          istio: ingressgateway
          istio.io/rev: default
          operator.istio.io/component: IngressGateways
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: istio-proxy, image: docker.io/istio/proxyv2:1.8.6 }]
  `;

/** A gateway of the gateway chart with a revision: injected with the gateway template of that revision. */
const gateway = (ns: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: istio-ingressgateway, namespace: ${ns} }
  spec:
    template:
      metadata:
        annotations:
          inject.istio.io/templates: gateway
        labels:
          sidecar.istio.io/inject: "true"
          istio.io/rev: canary
          app: istio-ingressgateway
          istio: ingressgateway
      spec:
        containers: [{ name: istio-proxy, image: auto }]
  `;

const istioSystem = (labels: string): { filename: string; code: string } => ({
  filename: 'istio-system.yaml',
  code: `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: istio-system\n  labels: { ${labels} }\n`,
});

ruleTester(rule, {
  valid: [
    // Values a tool fills in are unknown: whether they conflict is not known.
    { name: 'label filled in by a template, annotation "true"', code: web('sidecar.istio.io/inject: "{{ tg_sidecar }}"').replace('\n    spec:', '\n      annotations: { sidecar.istio.io/inject: "true" }\n    spec:') },
    { name: 'pod istio.io/rev filled in by Helm, namespace istio-injection=enabled', code: web('istio.io/rev: "{{ .Values.revision }}"'), files: [namespace('istio-injection: enabled')] },
    { name: 'pod istio.io/rev filled in by envsubst, namespace istio.io/rev=stable', code: web('istio.io/rev: ${REV}'), files: [namespace('istio.io/rev: stable')] },
    { name: 'pod istio.io/rev filled in by a shell, namespace istio-injection=disabled', code: web('istio.io/rev: $(REV)'), files: [namespace('istio-injection: disabled')] },
    // Istio's own workloads carry istio.io/rev for the revision they belong to.
    { name: 'istiod (1.8 chart: annotation opt-out) in a disabled istio-system', code: istiod18, files: [istioSystem('istio-injection: disabled')] },
    { name: 'istiod (1.8 chart) in an enabled istio-system', code: istiod18, files: [istioSystem('istio-injection: enabled')] },
    { name: 'istiod of a revision (current chart) in istio-system labelled with another revision', code: istiod, files: [istioSystem('istio.io/rev: stable')] },
    { name: 'legacy ingress gateway (1.8 chart) in a disabled istio-system', code: ingress18, files: [istioSystem('istio-injection: disabled')] },
    { name: 'gateway chart with revision canary in an enabled namespace', code: gateway('istio-ingress'), files: [{ filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: istio-ingress\n  labels: { istio-injection: enabled }\n' }] },
    // The revision the namespace selects is the pod's own.
    { name: 'pod istio.io/rev=default in a namespace with istio-injection=enabled', code: web('istio.io/rev: default'), files: [namespace('istio-injection: enabled')] },
    { name: 'pod istio.io/rev names the tag the namespace\'s revision has', code: web('istio.io/rev: prod'), files: [namespace('istio.io/rev: canary')], config: { istio: { revisions: ['canary'], revisionTags: { prod: 'canary' } } } },
    { name: 'an app that opts out by annotation, in a disabled namespace', code: web('istio.io/rev: canary').replace('\n    spec:', '\n      annotations: { sidecar.istio.io/inject: "false" }\n    spec:'), files: [namespace('istio-injection: disabled')] },
  ],
  invalid: [
    {
      name: 'an app workload with istio.io/rev in an enabled namespace, beside istiod',
      code: web('istio.io/rev: canary'),
      files: [namespace('istio-injection: enabled'), { filename: 'istiod.yaml', code: istiod18 }],
      errors: [{ messageId: 'revVsInjection', line: 8, column: 9 }],
    },
    {
      name: 'with the install among the inputs, the message names the revision it installs',
      code: web('istio.io/rev: canary'),
      files: [namespace('istio-injection: enabled')],
      config: { istio: { revisions: ['default', 'canary'] } },
      errors: [{ messageId: 'revVsInjection', message: 'revision default injects this pod, not canary' }],
    },
    {
      name: 'a gateway in a disabled namespace: reported once, on the label that asks (the chart needs injection)',
      code: gateway('istio-system'),
      files: [istioSystem('istio-injection: disabled')],
      errors: [{ messageId: 'disabledNamespace', line: 10, column: 9 }],
    },
    {
      name: 'an app that asks for a sidecar and a revision in a disabled namespace: one finding, for one fix',
      code: web('sidecar.istio.io/inject: "true"', 'istio.io/rev: canary'),
      files: [namespace('istio-injection: disabled')],
      errors: [{ messageId: 'disabledNamespace', line: 8, column: 9 }],
    },
  ],
});

test('inject-label-conflict: pod findings point at the namespace label in the other file', () => {
  const { messages } = runCase(rule, { code: web('istio.io/rev: canary'), files: [namespace('istio-injection: enabled')] });
  assert.is(messages.length, 1);
  const related = messages[0]?.related ?? [];
  assert.is(related.length, 1);
  assert.is(related[0]?.filePath, 'namespace.yaml');
  assert.is(related[0]?.line, 5);
  assert.is(related[0]?.column, 13);
});

test.run();
