import { test } from 'uvu';
import rule from '../../rules/webhook-overlap.ts';
import * as assert from 'uvu/assert';
import { runCase, ruleTester, yaml } from '../helpers/rule-tester.ts';

/**
 * A MutatingWebhookConfiguration with one `namespace.sidecar-injector.istio.io` entry as the
 * chart renders it (namespaceSelector istio-injection In [enabled]); its name is on line 7, column 5.
 */
const namespaceEntry = (name: string, labels: string, service: string): string => yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: ${name}
    labels: { ${labels} }
  webhooks:
    - name: namespace.sidecar-injector.istio.io
      clientConfig:
        service: { name: ${service}, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchExpressions:
          - { key: istio-injection, operator: In, values: [enabled] }
      objectSelector:
        matchExpressions:
          - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
      rules:
        - { operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods] }
      sideEffects: None
      admissionReviewVersions: [v1]
      failurePolicy: Fail
  `;

const defaultConfig = namespaceEntry('istio-sidecar-injector', 'istio.io/rev: default', 'istiod');
const defaultTag = namespaceEntry('istio-revision-tag-default', 'istio.io/rev: canary, istio.io/tag: default', 'istiod-canary');
/** Both in one file: the tag's entry name is on line 28 (20 lines, the `---`, then its line 7). */
const bothInOneFile = `${defaultConfig}---\n${defaultTag}`;

/** The default configuration as `istioctl tag set default` leaves it. */
const deactivatedDefault = yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: istio-sidecar-injector
    labels: { istio.io/rev: default }
  webhooks:
    - name: namespace.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchLabels: { istio.io/deactivated: never-match }
      objectSelector:
        matchLabels: { istio.io/deactivated: never-match }
    - name: object.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchLabels: { istio.io/deactivated: never-match }
      objectSelector:
        matchLabels: { istio.io/deactivated: never-match }
  `;

/** The chart's two revision entries for revision canary (no default entries). */
const canaryConfig = yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: istio-sidecar-injector-canary
    labels: { istio.io/rev: canary }
  webhooks:
    - name: rev.namespace.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod-canary, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchExpressions:
          - { key: istio.io/rev, operator: In, values: [canary] }
          - { key: istio-injection, operator: DoesNotExist }
      objectSelector:
        matchExpressions:
          - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
    - name: rev.object.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod-canary, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchExpressions:
          - { key: istio.io/rev, operator: DoesNotExist }
          - { key: istio-injection, operator: DoesNotExist }
      objectSelector:
        matchExpressions:
          - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }
          - { key: istio.io/rev, operator: In, values: [canary] }
  `;

/** The four entries the chart renders for the default revision or a "default" tag (names on lines 7, 17, 28 and 37). */
const fullRender = (name: string, labels: string, service: string): string => {
  const expr = (key: string, operator: string, values?: string): string => `- { key: ${key}, operator: ${operator}${values ? `, values: [${values}]` : ''} }`;
  const entry = (short: string, ns: string[], obj: string[]): string => [
    `  - name: ${short}.sidecar-injector.istio.io`,
    '    clientConfig:',
    `      service: { name: ${service}, namespace: istio-system, path: /inject, port: 443 }`,
    '    namespaceSelector:',
    '      matchExpressions:',
    ...ns.map((e) => `        ${e}`),
    '    objectSelector:',
    '      matchExpressions:',
    ...obj.map((e) => `        ${e}`),
  ].join('\n');
  return [
    'apiVersion: admissionregistration.k8s.io/v1',
    'kind: MutatingWebhookConfiguration',
    'metadata:',
    `  name: ${name}`,
    `  labels: { ${labels} }`,
    'webhooks:',
    entry('rev.namespace', [expr('istio.io/rev', 'In', 'default'), expr('istio-injection', 'DoesNotExist')], [expr('sidecar.istio.io/inject', 'NotIn', '"false"')]),
    entry('rev.object', [expr('istio.io/rev', 'DoesNotExist'), expr('istio-injection', 'DoesNotExist')], [expr('sidecar.istio.io/inject', 'NotIn', '"false"'), expr('istio.io/rev', 'In', 'default')]),
    entry('namespace', [expr('istio-injection', 'In', 'enabled')], [expr('sidecar.istio.io/inject', 'NotIn', '"false"')]),
    entry('object', [expr('istio-injection', 'DoesNotExist'), expr('istio.io/rev', 'DoesNotExist')], [expr('sidecar.istio.io/inject', 'In', '"true"'), expr('istio.io/rev', 'DoesNotExist')]),
    '',
  ].join('\n');
};

ruleTester(rule, {
  valid: [
    { name: 'the default configuration alone', code: defaultConfig },
    { name: 'default and tag in separate files (alternative renders): not compared by default', code: defaultConfig, files: [{ filename: 'tag.yaml', code: defaultTag }] },
    { name: 'the default deactivated, the default tag active', code: `${deactivatedDefault}---\n${defaultTag}` },
    { name: 'the default deactivated, scope all', code: deactivatedDefault, files: [{ filename: 'tag.yaml', code: defaultTag }], options: [{ scope: 'all' }] },
    { name: 'the default revision and a canary revision do not overlap', code: `${defaultConfig}---\n${canaryConfig}` },
    { name: 'the same configuration twice in a file: the later replaces it', code: `${defaultConfig}---\n${defaultConfig}` },
    {
      name: 'not an injector',
      code: yaml`
      apiVersion: admissionregistration.k8s.io/v1
      kind: MutatingWebhookConfiguration
      metadata: { name: other }
      webhooks:
        - name: a.example.com
          clientConfig: { service: { name: a, namespace: a } }
        - name: b.example.com
          clientConfig: { service: { name: b, namespace: b } }
      `,
    },
  ],
  invalid: [
    {
      name: 'the default configuration and an active default tag in one file: both entries reported',
      code: bothInOneFile,
      errors: [
        { messageId: 'overlap', line: 7, column: 5, endLine: 7, endColumn: 46, severity: 2, message: 'This webhook and namespace.sidecar-injector.istio.io of istio-revision-tag-default both inject' },
        { messageId: 'overlap', line: 28, column: 5, endLine: 28, endColumn: 46, severity: 2, message: 'This webhook and namespace.sidecar-injector.istio.io of istio-sidecar-injector both inject' },
      ],
      output: null,
    },
    {
      name: 'the message names a pod and namespace that match both',
      code: bothInOneFile,
      errors: [
        { messageId: 'overlap', message: 'both inject a pod in a namespace with istio-injection=enabled. Deactivate one, or narrow its selectors.' },
        { messageId: 'overlap', message: 'both inject a pod in a namespace with istio-injection=enabled. Deactivate one, or narrow its selectors.' },
      ],
    },
    {
      name: 'full renders of the default revision and an active default tag: every entry overlaps its twin',
      code: `${fullRender('istio-sidecar-injector', 'istio.io/rev: default', 'istiod')}---\n${fullRender('istio-revision-tag-default', 'istio.io/rev: canary, istio.io/tag: default', 'istiod-canary')}`,
      errors: [7, 17, 28, 37, 55, 65, 76, 85].map((line) => ({ messageId: 'overlap', line, column: 5 })),
    },
    {
      name: 'separate files with scope all: each entry reported in its own file',
      code: defaultConfig,
      files: [{ filename: 'tag.yaml', code: defaultTag }],
      options: [{ scope: 'all' }],
      errors: [
        { messageId: 'overlap', line: 7, column: 5, message: 'namespace.sidecar-injector.istio.io of istio-revision-tag-default both inject' },
        { messageId: 'overlap', line: 7, column: 5, message: 'namespace.sidecar-injector.istio.io of istio-sidecar-injector both inject' },
      ],
    },
  ],
});

test('webhook-overlap: each finding points at the entries it overlaps with (SARIF relatedLocations)', () => {
  const { messages } = runCase(rule, { code: bothInOneFile });
  assert.is(messages.length, 2);
  const [first, second] = messages;
  assert.equal(first?.related?.map((r) => [r.filePath, r.line]), [['test.yaml', second?.line]]);
  assert.equal(second?.related?.map((r) => [r.filePath, r.line]), [['test.yaml', first?.line]]);
  assert.match(first?.related?.[0]?.message ?? '', /overlapping webhook namespace\.sidecar-injector\.istio\.io \(MutatingWebhookConfiguration istio-revision-tag-default\)/);
});

test('webhook-overlap: 300 tags that all overlap are 300 findings, each naming one other and counting the rest, with 10 related places', () => {
  const code = Array.from({ length: 300 }, (_, i) => namespaceEntry(`istio-revision-tag-t${i}`, `istio.io/tag: t${i}`, 'istiod')).join('---\n');
  const { messages } = runCase(rule, { code });
  assert.is(messages.length, 300);
  const first = messages[0];
  assert.ok(first?.message.startsWith('This webhook, namespace.sidecar-injector.istio.io of istio-revision-tag-t1 and 298 more all inject a pod'), first?.message.slice(0, 400));
  assert.not.ok(first?.message.includes('istio-revision-tag-t2'));
  assert.ok((first?.message.length ?? 0) <= 200, first?.message);
  assert.is(first?.related?.length, 10);
});

test.run();
