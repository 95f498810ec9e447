import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import rule from '../../rules/webhook-service-missing.ts';
import { runCase, ruleTester, yaml } from '../helpers/rule-tester.ts';

// The RuleTester runs the rule at "error", its default level too.

interface HookOptions {
  readonly apiVersion?: string;
  readonly configName?: string;
  readonly labels?: string;
  readonly hook?: string;
  /** clientConfig lines, indented under `clientConfig:` (line 8 is the first). */
  readonly clientConfig?: readonly string[];
  readonly failurePolicy?: string;
  readonly namespaceSelector?: string;
}

/**
 * An injector configuration: `clientConfig:` on line 8; with `service(...)` lines, `service:` is
 * on line 9 (column 7), its name on line 10, namespace on line 11 and port on line 13 (column 9).
 */
const webhook = (o: HookOptions = {}): string => yaml`
  apiVersion: ${o.apiVersion ?? 'admissionregistration.k8s.io/v1'}
  kind: MutatingWebhookConfiguration
  metadata:
    name: ${o.configName ?? 'istio-sidecar-injector'}
    labels: ${o.labels ?? '{ istio.io/rev: default }'}
  webhooks:
    - name: ${o.hook ?? 'namespace.sidecar-injector.istio.io'}
      clientConfig:
        ${(o.clientConfig ?? service('istiod')).join('\n        ')}
      ${o.failurePolicy === undefined ? 'failurePolicy: Fail' : o.failurePolicy}
      namespaceSelector: ${o.namespaceSelector ?? '{ matchLabels: { istio-injection: enabled } }'}
      rules: [{ operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods] }]
      sideEffects: None
      admissionReviewVersions: [v1]
  `;

/** clientConfig.service lines: name on the first line after `service:`, namespace on the second, then path and port (none when null). */
const service = (name: string, namespace = 'istio-system', port: string | null = '443'): string[] => [
  'service:',
  `  name: ${name}`,
  `  namespace: ${namespace}`,
  '  path: /inject',
  ...(port === null ? [] : [`  port: ${port}`]),
];

/** istiod's Service as the chart renders it (443 → 15017), or with the ports given. */
const istiodService = (name = 'istiod', namespace: string | null = 'istio-system', ports = '[{ name: grpc-xds, port: 15010 }, { name: https-dns, port: 15012 }, { name: https-webhook, port: 443, targetPort: 15017 }, { name: http-monitoring, port: 15014 }]'): string => yaml`
  ---
  apiVersion: v1
  kind: Service
  metadata:
    name: ${name}
    ${namespace === null ? '' : `namespace: ${namespace}`}
  spec:
    ports: ${ports}
    selector: { app: istiod }
  `;

const istiodDeployment = (name = 'istiod', namespace = 'istio-system'): string => yaml`
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: ${name}
    namespace: ${namespace}
  spec:
    selector: { matchLabels: { app: istiod } }
    template:
      metadata: { labels: { app: istiod } }
      spec:
        containers:
          - name: discovery
            image: docker.io/istio/pilot:1.27.0
            ports: [{ containerPort: 15017 }]
  `;

/** istiod of a revision as a rendered chart holds it: its Deployment and Service. */
const install = (name = 'istiod', namespace = 'istio-system'): string => istiodDeployment(name, namespace) + istiodService(name, namespace);

ruleTester(rule, {
  valid: [
    { name: 'a rendered install: the webhook calls its own istiod Service', code: webhook() + install() },
    {
      name: 'a revision webhook whose Service istiod-canary is installed beside istiod',
      code: webhook({ configName: 'istio-sidecar-injector-canary', labels: '{ istio.io/rev: canary }', hook: 'rev.namespace.sidecar-injector.istio.io', clientConfig: service('istiod-canary') }) + install() + install('istiod-canary'),
    },
    { name: 'no install among the inputs: the webhook alone says nothing', code: webhook({ clientConfig: service('istiod-old') }) },
    { name: 'clientConfig.url: an external istiod', code: webhook({ clientConfig: ['url: https://istiod.example.com:15017/inject'] }) + install() },
    {
      name: "a Service alone is no install (a revision-tag chart's istiod shim): the revisions it points at live elsewhere",
      code: webhook({ configName: 'istio-revision-tag-prod', clientConfig: service('istiod-stable') }) + istiodService(),
    },
    {
      name: "the install is in another folder (another cluster's): nothing is known of this folder's",
      code: webhook({ clientConfig: service('istiod-old') }),
      files: [{ filename: 'clusters/b/istiod.yaml', code: install() }],
    },
    {
      name: 'the Service is installed from another folder of the inputs',
      code: webhook({ clientConfig: service('istiod-canary') }) + install(),
      files: [{ filename: 'canary/istiod.yaml', code: install('istiod-canary') }],
    },
    {
      name: 'an IstioOperator installs the revision',
      code: webhook({ clientConfig: service('istiod-canary') }) + install(),
      files: [{ filename: 'operator/canary.yaml', code: 'apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: canary, namespace: istio-system }\nspec: { revision: canary }\n' }],
    },
    {
      name: 'a Service named by a tool (istiod-${REVISION}) may be any revision',
      code: webhook({ clientConfig: service('istiod-canary') }) + install() + istiodService('istiod-${REVISION}'),
    },
    {
      name: 'a deactivated webhook is never called',
      code: webhook({ clientConfig: service('istiod-old'), namespaceSelector: '{ matchLabels: { istio.io/deactivated: never-match } }' }) + install(),
    },
    { name: 'a Service that is not the control plane\'s (a proxy in front of istiod)', code: webhook({ clientConfig: service('injector-proxy') }) + install() },
    { name: 'a Service with no namespace stated may land in any', code: webhook({ clientConfig: service('istiod', 'istio-control') }) + istiodDeployment('istiod', 'istio-control') + istiodService('istiod', null) },
    { name: 'a Deployment without its Service among the inputs stands for it (a cluster snapshot of deployments)', code: webhook() + istiodDeployment() },
    { name: 'port unset: 443, which the chart exposes', code: webhook({ clientConfig: service('istiod', 'istio-system', null) }) + install() },
    {
      name: 'an ExternalName Service: the API server calls the port as given',
      code: webhook({ clientConfig: service('istiod', 'istio-system', '15017') }) + istiodDeployment() + yaml`
        ---
        apiVersion: v1
        kind: Service
        metadata: { name: istiod, namespace: istio-system }
        spec: { type: ExternalName, externalName: istiod.example.com, ports: [{ port: 443 }] }
        `,
    },
    { name: 'a Service whose ports are not plain numbers: unknown', code: webhook({ clientConfig: service('istiod', 'istio-system', '8443') }) + istiodDeployment() + istiodService('istiod', 'istio-system', '[{ port: "{{ .Values.port }}" }]') },
    { name: 'a name filled in by a tool', code: webhook({ clientConfig: service('istiod-{{ .Values.revision }}') }) + install() },
    { name: 'an invalid failurePolicy: the API server rejects the configuration first', code: webhook({ clientConfig: service('istiod-old'), failurePolicy: 'failurePolicy: Never' }) + install() },
    {
      name: 'odd shapes do not throw',
      code: yaml`
        apiVersion: admissionregistration.k8s.io/v1
        kind: MutatingWebhookConfiguration
        metadata: { name: istio-sidecar-injector }
        webhooks: [null, 3, "x", { name: a.sidecar-injector.istio.io, clientConfig: [] }, { name: b.sidecar-injector.istio.io, clientConfig: { service: 7 } }, { name: c.sidecar-injector.istio.io, clientConfig: { service: { name: 7, namespace: [] } } }, { name: d.sidecar-injector.istio.io, clientConfig: { service: { name: istiod, namespace: istio-system, port: "443" } } }]
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: MutatingWebhookConfiguration
        metadata: { name: istio-sidecar-injector-2 }
        webhooks: { a: 1 }
        ---
        apiVersion: v1
        kind: Service
        metadata: { name: istiod, namespace: istio-system }
        spec: { ports: 443 }
        ---
        apiVersion: v1
        kind: Service
        metadata: { name: istiod-x, namespace: 5 }
        spec: [1]
        ` + istiodDeployment(),
    },
  ],
  invalid: [
    {
      name: 'a webhook left by an earlier revision: its Service istiod-old is not in the install',
      code: webhook({ configName: 'istio-sidecar-injector-old', labels: '{ istio.io/rev: old }', clientConfig: service('istiod-old') }) + install(),
      errors: [{
        messageId: 'missing', line: 10, column: 9, severity: 2,
        message: 'No Service istio-system/istiod-old in the install here (istio-system/istiod): with failurePolicy Fail, no pod it matches can be created. Delete this leftover webhook, or point it at istiod.',
      }],
      output: null,
    },
    {
      name: 'the install moved to another namespace',
      code: webhook({ clientConfig: service('istiod', 'istio-system') }) + install('istiod', 'istio-control'),
      errors: [{ messageId: 'otherNamespace', line: 11, column: 9, message: 'No Service istio-system/istiod: the install has istiod in istio-control; with failurePolicy Fail, no pod it matches can be created. Set clientConfig.service.namespace to it.' }],
    },
    {
      name: 'failurePolicy Ignore: pods silently lose their sidecar',
      code: webhook({ clientConfig: service('istiod-old'), failurePolicy: 'failurePolicy: Ignore' }) + install(),
      errors: [{ messageId: 'missing', line: 10, column: 9, message: 'with failurePolicy Ignore, pods it matches silently get no sidecar.' }],
    },
    {
      name: 'failurePolicy unset in admissionregistration.k8s.io/v1: Fail',
      code: webhook({ clientConfig: service('istiod-old'), failurePolicy: '' }) + install(),
      errors: [{ messageId: 'missing', message: 'with failurePolicy Fail,' }],
    },
    {
      name: 'failurePolicy unset in admissionregistration.k8s.io/v1beta1: Ignore',
      code: webhook({ apiVersion: 'admissionregistration.k8s.io/v1beta1', clientConfig: service('istiod-old'), failurePolicy: '' }) + install(),
      errors: [{ messageId: 'missing', message: 'with failurePolicy Ignore,' }],
    },
    {
      name: "Istio 1.4's injector webhook left after the upgrade to istiod",
      code: webhook({ apiVersion: 'admissionregistration.k8s.io/v1beta1', labels: '{ app: sidecarInjectorWebhook }', hook: 'sidecar-injector.istio.io', clientConfig: service('istio-sidecar-injector', 'istio-system', null) }) + install(),
      errors: [{ messageId: 'missing', line: 10, column: 9, message: 'No Service istio-system/istio-sidecar-injector in the install here (istio-system/istiod)' }],
    },
    {
      name: 'a revision tag pointing at a removed revision',
      code: webhook({ configName: 'istio-revision-tag-default', labels: '{ istio.io/rev: 1-20, istio.io/tag: default }', clientConfig: service('istiod-1-20') }) + install('istiod-1-21'),
      errors: [{ messageId: 'missing', line: 10, column: 9, message: 'No Service istio-system/istiod-1-20 in the install here (istio-system/istiod-1-21)' }],
    },
    {
      name: 'the install split into files of one folder',
      code: webhook({ clientConfig: service('istiod-old') }),
      files: [{ filename: 'deployment.yaml', code: istiodDeployment() }, { filename: 'service.yaml', code: istiodService() }],
      errors: [{ messageId: 'missing', line: 10, column: 9 }],
    },
    {
      name: 'a saved cluster snapshot (kubectl get … -o yaml): a List with the webhooks and Deployments, no Services',
      code: yaml`
        apiVersion: v1
        kind: List
        items:
          - apiVersion: apps/v1
            kind: Deployment
            metadata: { name: istiod-1-21, namespace: istio-system }
          - apiVersion: admissionregistration.k8s.io/v1
            kind: MutatingWebhookConfiguration
            metadata: { name: istio-sidecar-injector-1-21 }
            webhooks:
              - name: rev.namespace.sidecar-injector.istio.io
                clientConfig: { service: { name: istiod-1-21, namespace: istio-system } }
                failurePolicy: Fail
          - apiVersion: admissionregistration.k8s.io/v1
            kind: MutatingWebhookConfiguration
            metadata: { name: istio-sidecar-injector-1-20 }
            webhooks:
              - name: rev.namespace.sidecar-injector.istio.io
                clientConfig: { service: { name: istiod-1-20, namespace: istio-system } }
                failurePolicy: Ignore
        `,
      errors: [{ messageId: 'missing', line: 19, column: 36, message: 'No Service istio-system/istiod-1-20 in the install here (istio-system/istiod-1-21): with failurePolicy Ignore' }],
    },
    {
      name: 'every entry calls the stale Service: one finding, the other entries related',
      code: yaml`
        apiVersion: admissionregistration.k8s.io/v1
        kind: MutatingWebhookConfiguration
        metadata: { name: istio-sidecar-injector-old }
        webhooks:
          - name: rev.namespace.sidecar-injector.istio.io
            clientConfig: { service: { name: istiod-old, namespace: istio-system } }
            failurePolicy: Fail
          - name: rev.object.sidecar-injector.istio.io
            clientConfig: { service: { name: istiod-old, namespace: istio-system } }
            failurePolicy: Fail
        ` + install(),
      errors: [{ messageId: 'missing', line: 6, column: 32 }],
    },
    {
      name: 'a port the Service does not expose',
      code: webhook({ clientConfig: service('istiod', 'istio-system', '15017') }) + install(),
      errors: [{ messageId: 'port', line: 13, column: 9, message: "Service istio-system/istiod has no port 15017 (it has 443, 15010, 15012 and 1 more): with failurePolicy Fail, no pod it matches can be created. Call port 443, which reaches istiod's 15017." }],
    },
    {
      name: 'port unset (443) on a Service without it',
      code: webhook({ clientConfig: service('istiod', 'istio-system', null) }) + istiodDeployment() + istiodService('istiod', 'istio-system', '[{ name: https-webhook, port: 15017 }]'),
      errors: [{ messageId: 'port', line: 9, column: 7, message: 'has no port 443 (it has 15017): with failurePolicy Fail, no pod it matches can be created. Expose port 443 (targetPort 15017) on the Service.' }],
    },
  ],
});

test('webhook-service-missing: the other entries are related places', () => {
  const code = webhook({ clientConfig: service('istiod-old') }).replace(
    'webhooks:\n',
    'webhooks:\n  - name: rev.object.sidecar-injector.istio.io\n    clientConfig: { service: { name: istiod-old, namespace: istio-system } }\n    failurePolicy: Fail\n',
  ) + install();
  const { messages } = runCase(rule, { code });
  assert.equal(messages.map((m) => [m.line, m.column, m.related?.map((r) => [r.line, r.column, r.message])]), [[8, 32, [[13, 9, 'namespace.sidecar-injector.istio.io calls it too']]]]);
});

test('webhook-service-missing: reported as an error at its default level', () => {
  const code = webhook({ clientConfig: service('istiod-old') }) + install();
  const report = lint([decodeSource(Buffer.from(code), 'test.yaml', undefined)], { config: EMPTY_CONFIG, rules: [rule], fix: false });
  const messages = report.results.flatMap((r) => r.messages);
  assert.equal(messages.map((m) => [m.ruleId, m.messageId, m.severity, m.line, m.column]), [['webhook-service-missing', 'missing', 2, 10, 9]]);
});

test.run();
