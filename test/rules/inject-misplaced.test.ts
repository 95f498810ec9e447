import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import rule from '../../rules/inject-misplaced.ts';
import { rulesById } from '../../rules/index.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// The RuleTester runs the rule at "error"; its default level, a warning, is checked at the end.

const shop = (labels: string): { filename: string; code: string } => ({
  filename: 'namespace.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels: { ${labels} }
  `,
});

/** A Deployment in shop whose pod template has annotation sidecar.istio.io/inject: "true" (line 8, column 9). */
const annotated = yaml`
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
  `;

ruleTester(rule, {
  valid: [
    {
      name: 'the same key on the Deployment and on its template',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels:
          sidecar.istio.io/inject: "true"
      spec:
        template:
          metadata:
            labels:
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'label on the Deployment, annotation with the same key on the template',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: { sidecar.istio.io/inject: "false" }
      spec:
        template:
          metadata:
            annotations: { sidecar.istio.io/inject: "false" }
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'a Pod\'s own metadata is the pod',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'istio.io/rev label on a Deployment\'s metadata (Istio\'s own control plane does this)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: istiod-canary
        namespace: istio-system
        labels: { app: istiod, istio.io/rev: canary }
      spec:
        template:
          metadata:
            labels: { app: istiod }
          spec:
            containers: [{ name: discovery, image: pilot }]
      `,
    },
    {
      name: 'istio-injection on a Namespace',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { istio-injection: enabled }
      `,
    },
    {
      name: 'a ConfigMap may carry any label',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: c
        labels: { istio-injection: enabled, sidecar.istio.io/inject: "true" }
      `,
    },
    { name: 'annotation "true" in an istio-injection=enabled namespace', code: annotated, files: [shop('istio-injection: enabled')] },
    { name: 'annotation "true" in an istio.io/rev=default namespace', code: annotated, files: [shop('istio.io/rev: default')] },
    { name: 'annotation "true" with the namespace unknown: not certain', code: annotated },
    {
      name: 'annotation "true" with no namespace at all: not certain',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'annotation "true" next to the label "true"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels: { sidecar.istio.io/inject: "true" }
        annotations: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: a, image: a }]
      `,
      files: [shop('team: shop')],
    },
    { name: 'annotation "true" in a namespace with no labels, but namespaces are enabled by default', code: annotated, files: [shop('team: shop')], config: { istio: { enableNamespacesByDefault: true } } },
  ],
  invalid: [
    {
      name: 'inject label on the Deployment, not its template: moved',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: shop
        labels:
          app: web
          sidecar.istio.io/inject: "true"
      spec:
        template:
          metadata:
            labels:
              app: web
          spec:
            containers: [{ name: web, image: web }]
      `,
      // The pods are injected today (shop is enabled): moving "true" where Istio reads it changes nothing.
      files: [shop('istio-injection: enabled')],
      errors: [{ messageId: 'onWorkload', line: 8, column: 5, endLine: 8, endColumn: 36, message: 'Label sidecar.istio.io/inject is on the Deployment\'s own metadata' }],
      output: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: shop
        labels:
          app: web
      spec:
        template:
          metadata:
            labels:
              app: web
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: '"false" moved into an injected namespace would remove the sidecar the pods get today: a suggestion, not --fix',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: shop
        labels:
          sidecar.istio.io/inject: "false"
      spec:
        template:
          metadata:
            labels:
              app: web
          spec:
            containers: [{ name: web, image: web }]
      `,
      files: [shop('istio-injection: enabled')],
      errors: [{ messageId: 'onWorkload', line: 7, column: 5 }],
      output: null,
    },
    {
      name: 'where the pods\' outcome is unknown (no namespace among the inputs), the move is a suggestion',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: elsewhere
        labels:
          sidecar.istio.io/inject: "true"
      spec:
        template:
          metadata:
            labels:
              app: web
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'onWorkload', line: 7, column: 5 }],
      output: null,
    },
    {
      name: 'the only label moves; the labels map stays a map',
      code: yaml`
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: db
        namespace: shop
        labels:
          sidecar.istio.io/inject: "false"
      spec:
        template:
          metadata:
            labels:
              app: db
          spec:
            containers: [{ name: db, image: db }]
      `,
      files: [shop('istio-injection: disabled')],
      errors: [{ messageId: 'onWorkload', line: 7, column: 5, message: 'Put it under spec.template.metadata.labels' }],
      output: yaml`
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: db
        namespace: shop
        labels: {}
      spec:
        template:
          metadata:
            labels:
              app: db
              sidecar.istio.io/inject: "false"
          spec:
            containers: [{ name: db, image: db }]
      `,
    },
    {
      name: 'template without labels: reported, no fix',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels:
          sidecar.istio.io/inject: "true"
      spec:
        template:
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'onWorkload', line: 6, column: 5 }],
      output: null,
    },
    {
      name: 'annotation on the Deployment, not its template: no fix',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        template:
          metadata:
            labels:
              app: web
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'onWorkload', line: 6, column: 5, message: 'Annotation sidecar.istio.io/inject' }],
      output: null,
    },
    {
      name: 'CronJob: put under spec.jobTemplate.spec.template',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: nightly
        namespace: shop
        labels:
          sidecar.istio.io/inject: "false"
      spec:
        schedule: "@daily"
        jobTemplate:
          spec:
            template:
              metadata:
                labels:
                  app: nightly
              spec:
                restartPolicy: Never
                containers: [{ name: job, image: job }]
      `,
      files: [shop('team: batch')],
      errors: [{ messageId: 'onWorkload', line: 7, column: 5, message: 'spec.jobTemplate.spec.template.metadata.labels' }],
      output: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: nightly
        namespace: shop
        labels: {}
      spec:
        schedule: "@daily"
        jobTemplate:
          spec:
            template:
              metadata:
                labels:
                  app: nightly
                  sidecar.istio.io/inject: "false"
              spec:
                restartPolicy: Never
                containers: [{ name: job, image: job }]
      `,
    },
    {
      name: 'istio-injection on a pod template',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web }
      spec:
        template:
          metadata:
            labels:
              istio-injection: enabled
          spec:
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'injectionOnPod', line: 8, column: 9, endLine: 8, endColumn: 33, message: 'on a pod template it does nothing' }],
      output: null,
    },
    {
      name: 'istio-injection on a Pod',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels:
          istio-injection: enabled
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'injectionOnPod', line: 6, column: 5, message: 'on a Pod it does nothing' }],
    },
    {
      name: 'sidecar.istio.io/inject on a Namespace (label and annotation)',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          sidecar.istio.io/inject: "true"
        annotations:
          sidecar.istio.io/inject: "true"
      `,
      errors: [
        { messageId: 'injectOnNamespace', line: 6, column: 5, endLine: 6, endColumn: 36, message: 'Use istio-injection=enabled' },
        { messageId: 'injectOnNamespace', line: 8, column: 5 },
      ],
      output: null,
    },
    {
      name: 'annotation "true" in a known namespace without injection labels (other file)',
      code: annotated,
      files: [shop('team: shop')],
      errors: [{ messageId: 'annotationOptIn', line: 8, column: 9, endLine: 8, endColumn: 40, message: 'cannot opt this pod in: webhooks see only labels, and namespace shop has team=shop. Make it a label.' }],
      output: null,
    },
    {
      name: 'annotation "true" on Istio 1.9: its webhooks select on the namespace only, so the advice is the namespace label',
      code: annotated,
      files: [shop('team: shop')],
      istioVersion: '1.9.5',
      errors: [{ messageId: 'annotationOptInBefore110', line: 8, column: 9, message: "Istio 1.9.5's webhooks select on the namespace only. Label the namespace istio-injection=enabled." }],
    },
    {
      name: 'annotation "true" in a namespace from the config without labels',
      code: annotated,
      config: { namespaces: { shop: {} } },
      errors: [{ messageId: 'annotationOptIn', line: 8, column: 9 }],
    },
  ],
});

test('inject-misplaced: an annotation opting in from a disabled namespace is inject-label-conflict\'s finding alone', () => {
  const ns = shop('istio-injection: disabled');
  const inputs = [decodeSource(Buffer.from(annotated), 'test.yaml', undefined), decodeSource(Buffer.from(ns.code), ns.filename, undefined)];
  const report = lint(inputs, { config: EMPTY_CONFIG, rules: [...rulesById.values()], fix: false });
  const onLine = report.results.flatMap((r) => r.messages).filter((m) => m.line === 8).map((m) => m.ruleId);
  assert.equal(onLine, ['inject-label-conflict']);
});

test('inject-misplaced: a move that would change the pods is offered as a suggestion', () => {
  const code = yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: web
      namespace: shop
      labels:
        sidecar.istio.io/inject: "false"
    spec:
      template:
        metadata:
          labels:
            app: web
        spec:
          containers: [{ name: web, image: web }]
    `;
  const ns = shop('istio-injection: enabled');
  const report = lint([decodeSource(Buffer.from(code), 'test.yaml', undefined), decodeSource(Buffer.from(ns.code), ns.filename, undefined)], { config: EMPTY_CONFIG, rules: [rule], fix: false });
  const m = report.results.flatMap((r) => r.messages)[0];
  assert.is(m?.fix, undefined);
  assert.match(m?.suggestions?.[0]?.desc ?? '', /Move sidecar\.istio\.io\/inject: "false" to the pod template; this removes the sidecar the pods get today/);
});

test('inject-misplaced: reported as a warning at its default level', () => {
  const code = yaml`
    apiVersion: v1
    kind: Namespace
    metadata:
      name: shop
      labels: { sidecar.istio.io/inject: "true" }
    `;
  const report = lint([decodeSource(Buffer.from(code), 'test.yaml', undefined)], { config: EMPTY_CONFIG, rules: [rule], fix: false });
  const messages = report.results.flatMap((r) => r.messages);
  assert.equal(messages.map((m) => [m.ruleId, m.messageId, m.severity, m.line, m.column]), [['inject-misplaced', 'injectOnNamespace', 1, 5, 13]]);
});

test.run();
