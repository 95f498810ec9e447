import { test } from 'uvu';
import rule from '../../rules/injection-revision-missing.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

/** Namespace shop with the given labels, one per line (the first on line 6, column 5). */
const namespace = (...labels: string[]): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels:
      ${labels.join('\n      ')}
  `;

/** A Deployment in shop whose pod template has istio.io/rev: <rev> (line 8, column 9). */
const podRev = (rev: string, ...more: string[]): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        labels:
          istio.io/rev: ${rev}
          ${more.join('\n          ')}
      spec:
        containers: [{ name: web, image: web }]
  `;

const canaryOnly = { istio: { revisions: ['canary'] } };

/** The chart's revision-tag configuration for tag prod → revision canary. */
const prodTag = {
  filename: 'istio/tag-prod.yaml',
  code: yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: istio-revision-tag-prod
    labels:
      istio.io/rev: canary
      istio.io/tag: prod
  webhooks:
    - name: rev.namespace.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod-canary, namespace: istio-system, path: /inject, port: 443 }
      namespaceSelector:
        matchExpressions:
          - { key: istio.io/rev, operator: In, values: [prod] }
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
          - { key: istio.io/rev, operator: In, values: [prod] }
  `,
};

/** The default revision's configuration, deactivated by `istioctl tag set`. */
const deactivatedDefault = {
  filename: 'istio/default.yaml',
  code: yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: istio-sidecar-injector
    labels: { istio.io/rev: default }
  webhooks:
    - name: namespace.sidecar-injector.istio.io
      clientConfig:
        service: { name: istiod, namespace: istio-system, path: /inject }
      namespaceSelector:
        matchLabels: { istio.io/deactivated: never-match }
      objectSelector:
        matchLabels: { istio.io/deactivated: never-match }
  `,
};

ruleTester(rule, {
  valid: [
    // A revision a script fills in is unknown, never a literal name (envsubst, make).
    {
      name: 'an IstioOperator whose revision is a placeholder: which revisions exist is not known',
      code: podRev('1-11'),
      files: [{ filename: 'iop.yaml', code: 'apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: istio, namespace: istio-system }\nspec:\n  revision: $REVISION\n' }],
    },
    { name: 'a pod whose revision label is a placeholder', code: podRev('${REVISION}'), config: canaryOnly },
    { name: 'a namespace whose revision label is a placeholder', code: namespace('istio.io/rev: "{{ .Values.revision }}"'), config: canaryOnly },
    { name: 'istio.io/rev=canary, canary installed (config)', code: namespace('istio.io/rev: canary'), config: canaryOnly },
    { name: 'pod template istio.io/rev=canary, canary installed', code: podRev('canary'), config: canaryOnly },
    { name: 'no webhooks known (no istio section, no configuration among the inputs): silent', code: namespace('istio.io/rev: stable') },
    { name: 'no webhooks known: pod template silent too', code: podRev('stable') },
    {
      name: 'no webhooks known, only namespaces in the config: silent',
      code: namespace('istio.io/rev: stable'),
      config: { namespaces: { other: { labels: { 'istio-injection': 'enabled' } } } },
    },
    {
      name: 'only enableNamespacesByDefault in the config: the revisions are not stated, silent',
      code: namespace('istio.io/rev: canary'),
      config: { istio: { version: '1.28', enableNamespacesByDefault: true } },
    },
    { name: 'a configuration in another file serves prod', code: namespace('istio.io/rev: prod'), files: [prodTag] },
    {
      name: 'pod template istio.io/rev=stable, its namespace unknown: a note naming the namespace, no finding',
      code: podRev('stable'),
      config: canaryOnly,
      notes: ['unknown:namespace-labels'],
    },
    {
      name: 'samples that each install the same webhook differently, equally near: which applies is unknown, a note',
      code: namespace('istio.io/rev: stable'),
      files: [{ ...prodTag, filename: 'samples/a/tag.yaml' }, { ...prodTag, filename: 'samples/b/tag.yaml', code: prodTag.code.replaceAll('[prod]', '[qa]') }],
      notes: ['unknown:install-ambiguous'],
    },
    {
      name: 'samples that each install the same webhook alike: one object, and it serves prod only',
      code: namespace('istio.io/rev: prod'),
      files: [{ ...prodTag, filename: 'samples/a/tag.yaml' }, { ...prodTag, filename: 'samples/b/tag.yaml' }],
      notes: [],
    },
    { name: 'a configuration in another file serves prod: pod template', code: podRev('prod'), files: [prodTag] },
    { name: 'the config\'s tag prod', code: namespace('istio.io/rev: prod'), config: { istio: { revisions: ['canary'], revisionTags: { prod: 'canary' } } } },
    { name: 'a tag without stated revisions: its target revision is installed', code: namespace('istio.io/rev: canary'), config: { istio: { revisionTags: { prod: 'canary' } } } },
    { name: 'istio.io/rev=default with the default revision stated', code: namespace('istio.io/rev: default'), config: { istio: { revisions: ['default'] } } },
    {
      name: 'istio-injection=enabled with a "default" tag',
      code: namespace('istio-injection: enabled'),
      config: { istio: { revisions: ['canary'], revisionTags: { default: 'canary' } } },
    },
    { name: 'istio-injection=enabled with the default revision', code: namespace('istio-injection: enabled'), config: { istio: { revisions: ['default', 'canary'] } } },
    {
      name: 'istio-injection=disabled + an unserved istio.io/rev: the namespace is not injected anyway',
      code: namespace('istio-injection: disabled', 'istio.io/rev: stable'),
      config: canaryOnly,
    },
    { name: 'pod template opted out', code: podRev('stable', 'sidecar.istio.io/inject: "false"'), config: canaryOnly },
    { name: 'istiod\'s own Deployment carries its revision', code: podRev('stable', 'app: istiod'), config: canaryOnly },
  ],
  invalid: [
    {
      name: 'Namespace istio.io/rev=stable, only canary installed (config)',
      code: namespace('istio.io/rev: stable'),
      config: canaryOnly,
      errors: [{ messageId: 'missing', line: 6, column: 5, endLine: 6, endColumn: 25, severity: 2, message: 'Namespace shop has istio.io/rev=stable, which no revision or tag in the config serves: its pods run without a sidecar. Served: canary. Install or tag it' }],
      output: null,
    },
    {
      name: 'several clusters: the same webhook in two folders, the nearest one serves prod only',
      code: namespace('istio.io/rev: stable'),
      files: [{ ...prodTag, filename: 'tag.yaml' }, { ...prodTag, filename: 'samples/b/tag.yaml', code: prodTag.code.replaceAll('[prod]', '[stable]') }],
      errors: [{ messageId: 'missing', message: 'Namespace shop has istio.io/rev=stable, which no webhook serves' }],
    },
    {
      name: 'pod template istio.io/rev=stable in a known namespace without injection labels: an error',
      code: podRev('stable'),
      config: { ...canaryOnly, namespaces: { shop: { labels: {} } } },
      errors: [{ messageId: 'missing', line: 8, column: 9, severity: 2, message: 'The pod template has istio.io/rev=stable, which no revision or tag in the config serves: its pods run without a sidecar.' }],
    },
    {
      name: 'many served revisions: the message names three and counts the rest',
      code: namespace('istio.io/rev: stable'),
      config: { istio: { revisions: ['1-20', '1-21', '1-22', '1-23', 'canary'] } },
      errors: [{ messageId: 'missing', line: 6, column: 5, message: 'Served: 1-20, 1-21, 1-22 and 2 more.' }],
    },
    {
      name: 'configuration among the inputs serves only prod',
      code: namespace('istio.io/rev: stable'),
      files: [prodTag],
      errors: [{ messageId: 'missing', line: 6, column: 5, message: 'Namespace shop has istio.io/rev=stable, which no webhook serves: its pods run without a sidecar. Served: prod.' }],
    },
    {
      name: 'the inputs win over the config',
      code: namespace('istio.io/rev: canary'),
      files: [prodTag],
      config: canaryOnly,
      errors: [{ messageId: 'missing', line: 6, column: 5, message: 'Served: prod.' }],
    },
    {
      name: 'istio-injection=enabled with only a "prod" tag: no default webhook',
      code: namespace('istio-injection: enabled'),
      config: { istio: { revisions: ['canary'], revisionTags: { prod: 'canary' } } },
      errors: [{ messageId: 'noDefault', line: 6, column: 5, endLine: 6, endColumn: 29, severity: 2, message: 'Namespace shop has istio-injection=enabled, but no default revision or "default" tag exists in the config: its pods run without a sidecar. Served: canary, prod.' }],
    },
    {
      name: 'istio-injection=enabled + istio.io/rev=canary, only canary installed: istio-injection wins, and nothing serves it',
      code: namespace('istio-injection: enabled', 'istio.io/rev: canary'),
      config: canaryOnly,
      errors: [{ messageId: 'noDefault', line: 6, column: 5 }],
    },
    {
      name: 'istio-injection=enabled, the default configuration deactivated and only a prod tag active',
      code: namespace('istio-injection: enabled'),
      files: [deactivatedDefault, prodTag],
      errors: [{ messageId: 'noDefault', line: 6, column: 5, message: 'no default revision or "default" tag exists: its pods run without a sidecar. Served: prod.' }],
    },
  ],
});

test.run();
