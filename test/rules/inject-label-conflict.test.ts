import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/inject-label-conflict.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

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
      code: yaml`
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
      `,
      errors: [{ messageId: 'labelVsAnnotation', line: 10, column: 9, endLine: 10, endColumn: 41, severity: 2, message: 'so the pod is meant to be injected' }],
      output: null,
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
      errors: [{ messageId: 'revVsInjection', line: 8, column: 9, endLine: 8, endColumn: 29, severity: 2, message: 'the default revision injects this pod, not canary' }],
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
      errors: [{ messageId: 'namespaceLabels', line: 6, column: 5, endLine: 6, endColumn: 29, severity: 2, message: 'the default revision injects, not canary' }],
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
