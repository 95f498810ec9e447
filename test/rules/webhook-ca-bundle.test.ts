import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import rule from '../../rules/webhook-ca-bundle.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// The RuleTester runs the rule at "error"; its default level, a warning, is checked at the end.

/**
 * An injector configuration with one metadata line after its name (line 5, blank when none)
 * and one entry whose clientConfig lines are given: `clientConfig:` is on line 8, column 5.
 */
const injector = (opts: { name?: string; metadata?: string; hook?: string; clientConfig: string[] }): string => yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: ${opts.name ?? 'istio-sidecar-injector'}
    ${opts.metadata ?? ''}
  webhooks:
    - name: ${opts.hook ?? 'namespace.sidecar-injector.istio.io'}
      clientConfig:
        ${opts.clientConfig.join('\n        ')}
      namespaceSelector:
        matchLabels: { istio-injection: enabled }
      sideEffects: None
      admissionReviewVersions: [v1]
  `;

const service = 'service: { name: istiod, namespace: istio-system, path: /inject, port: 443 }';

ruleTester(rule, {
  valid: [
    { name: 'clientConfig.url with the istio.io/rev label: an external istiod may patch it (features.ExternalIstiod)', code: injector({ metadata: 'labels: { istio.io/rev: default }', clientConfig: ['url: https://istiod.example.com:15017/inject'] }) },
    { name: 'clientConfig.url and an empty caBundle, labelled', code: injector({ metadata: 'labels: { istio.io/rev: default }', clientConfig: ['url: https://istiod.example.com:15017/inject', 'caBundle: ""'] }) },
    {
      name: 'chart render: istio.io/rev label, a service, name ending in sidecar-injector.istio.io (istiod patches it)',
      code: injector({ metadata: 'labels: { istio.io/rev: default, app: sidecar-injector }', clientConfig: [service] }),
    },
    {
      name: 'chart render with caBundle: ""',
      code: injector({ metadata: 'labels: { istio.io/rev: canary }', name: 'istio-sidecar-injector-canary', clientConfig: ['service: { name: istiod-canary, namespace: istio-system, path: /inject }', 'caBundle: ""'] }),
    },
    {
      name: 'revision tag: labelled with the revision it points at',
      code: injector({ name: 'istio-revision-tag-prod', metadata: 'labels: { istio.io/rev: canary, istio.io/tag: prod }', hook: 'rev.namespace.sidecar-injector.istio.io', clientConfig: ['service: { name: istiod-canary, namespace: istio-system, path: /inject }'] }),
    },
    {
      name: 'cert-manager injects the CA',
      code: injector({ metadata: 'annotations: { cert-manager.io/inject-ca-from: "istio-system/istiod-webhook" }', clientConfig: ['url: https://istiod.example.com:15017/inject'] }),
    },
    {
      name: 'non-empty caBundle with a url (remote istiod)',
      code: injector({ clientConfig: ['url: https://istiod.example.com:15017/inject', 'caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t'] }),
    },
    {
      name: 'non-empty caBundle without the istio.io/rev label',
      code: injector({ clientConfig: [service, 'caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t'] }),
    },
    {
      name: 'not an injector configuration',
      code: yaml`
      apiVersion: admissionregistration.k8s.io/v1
      kind: MutatingWebhookConfiguration
      metadata: { name: other-webhook }
      webhooks:
        - name: mutate.example.com
          clientConfig: { url: https://example.com/mutate }
      `,
    },
  ],
  invalid: [
    {
      name: 'no istio.io/rev label and no caBundle',
      code: injector({ metadata: 'labels: { app: sidecar-injector }', clientConfig: [service] }),
      errors: [{ messageId: 'unpatched', line: 8, column: 5, severity: 2, message: 'This webhook has no caBundle, and istiod will not fill it in: its configuration has no istio.io/rev label. Pod creation fails.' }],
      output: null,
    },
    {
      name: 'no labels at all and a url: the label is the reason',
      code: injector({ clientConfig: ['url: https://istiod.example.com:15017/inject'] }),
      errors: [{ messageId: 'unpatched', line: 8, column: 5, message: 'will not fill it in: its configuration has no istio.io/rev label.' }],
    },
    {
      name: 'an entry name not ending in sidecar-injector.istio.io',
      code: injector({ metadata: 'labels: { istio.io/rev: default }', hook: 'sidecar-injector.example.com', clientConfig: [service] }),
      errors: [{ messageId: 'unpatched', line: 8, column: 5, message: 'will not fill it in: its name does not end in sidecar-injector.istio.io.' }],
    },
    {
      name: 'both reasons, in one message',
      code: injector({ hook: 'sidecar-injector.example.com', clientConfig: [service] }),
      errors: [{ messageId: 'unpatched', line: 8, column: 5, message: 'will not fill it in: it lacks istio.io/rev and the suffix sidecar-injector.istio.io. Pod creation fails.' }],
    },
    {
      name: 'several entries: only the ones istiod will not patch',
      code: yaml`
      apiVersion: admissionregistration.k8s.io/v1
      kind: MutatingWebhookConfiguration
      metadata:
        name: istio-sidecar-injector
        labels: { istio.io/rev: default }
      webhooks:
        - name: namespace.sidecar-injector.istio.io
          clientConfig:
            service: { name: istiod, namespace: istio-system }
        - name: object.sidecar-injector.example.com
          clientConfig:
            url: https://istiod.example.com:15017/inject
        - name: auto.sidecar-injector.istio.io
          clientConfig:
            url: https://istiod.example.com:15017/inject
            caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t
      `,
      errors: [{ messageId: 'unpatched', line: 11, column: 5, message: 'its name does not end in sidecar-injector.istio.io.' }],
    },
  ],
});

test('webhook-ca-bundle: reported as a warning at its default level', () => {
  const code = injector({ clientConfig: ['url: https://istiod.example.com:15017/inject'] });
  const report = lint([decodeSource(Buffer.from(code), 'test.yaml', undefined)], { config: EMPTY_CONFIG, rules: [rule], fix: false });
  const messages = report.results.flatMap((r) => r.messages);
  assert.equal(messages.map((m) => [m.ruleId, m.messageId, m.severity, m.line, m.column]), [['webhook-ca-bundle', 'unpatched', 1, 8, 5]]);
});

test.run();
