import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/inject-value-invalid.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

/** A Deployment whose pod template has `sidecar.istio.io/inject: <value>` as a label (line 8, column 9). */
const withLabel = (value: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        labels:
          sidecar.istio.io/inject: ${value}
      spec:
        containers: [{ name: web, image: web }]
  `;

/** The same with an annotation (line 8, column 9). */
const withAnnotation = (value: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: shop }
  spec:
    template:
      metadata:
        annotations:
          sidecar.istio.io/inject: ${value}
      spec:
        containers: [{ name: web, image: web }]
  `;

ruleTester(rule, {
  valid: [
    { name: 'label "true"', code: withLabel('"true"') },
    { name: 'label "false"', code: withLabel('"false"') },
    { name: 'annotation "true"', code: withAnnotation('"true"') },
    { name: 'annotation \'false\' (single quotes)', code: withAnnotation("'false'") },
    { name: 'label "true" on Istio 1.26', code: withLabel('"true"'), istioVersion: '1.26' },
    // Up to 1.11 injectRequired reads only the annotation: a label's value is not Istio's to parse.
    { name: 'label "False" on Istio 1.11, which does not read the label', code: withLabel('"False"'), istioVersion: '1.11' },
    { name: 'label "" on Istio 1.11', code: withLabel('""'), istioVersion: '1.11' },
    // A value a tool fills in before the manifest is applied is unknown, not invalid.
    { name: 'label filled in by Jinja', code: withLabel('"{{ tg_sidecar }}"') },
    { name: 'label filled in by Helm', code: withLabel('"{{ .Values.sidecar.inject }}"') },
    { name: 'annotation filled in by envsubst', code: withAnnotation('"${INJECT}"') },
    { name: 'annotation filled in by a shell, Istio 1.26', code: withAnnotation('$(INJECT)'), istioVersion: '1.26' },
    {
      name: 'the key on the Deployment\'s own metadata is not a pod template value',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        annotations: { sidecar.istio.io/inject: "yes" }
      spec:
        template:
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'a Pod with "false"',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels: { sidecar.istio.io/inject: "false" }
      spec:
        containers: [{ name: a, image: a }]
      `,
    },
  ],
  invalid: [
    {
      name: 'an Argo Workflow: spec.podMetadata reaches both step pods, reported once where it is written',
      code: 'apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: { name: w }\nspec:\n  podMetadata:\n    labels:\n      sidecar.istio.io/inject: ""\n  templates:\n    - { name: a, container: { image: a } }\n    - { name: b, script: { image: b, source: x } }\n',
      errors: [{ messageId: 'empty', line: 7, column: 7 }],
    },
    {
      name: 'an Argo step template\'s own label, on its own line',
      code: 'apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: { name: w }\nspec:\n  templates:\n    - name: a\n      metadata:\n        labels: { sidecar.istio.io/inject: "" }\n      container: { image: a }\n',
      errors: [{ messageId: 'empty', line: 8, column: 19 }],
    },
    {
      name: 'an empty value: Istio treats it as not set; a warning with suggestions',
      code: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    sidecar.istio.io/inject: ""\nspec:\n  containers: [{ name: a, image: a }]\n',
      errors: [{ messageId: 'empty', line: 6, column: 5, severity: 1, message: 'has no value: Istio treats it as not set' }],
      output: null,
    },
    {
      name: 'a key with nothing after it (null) is the same',
      code: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    sidecar.istio.io/inject:\nspec:\n  containers: [{ name: a, image: a }]\n',
      errors: [{ messageId: 'empty', line: 6, column: 5, severity: 1 }],
    },
    {
      // From 1.27 istiod ignores "True": writing "true" would change what the pod gets. A suggestion.
      name: 'label "True" on 1.31: suggestions, not --fix',
      istioVersion: '1.31',
      code: withLabel('"True"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9, endLine: 8, endColumn: 40, severity: 2, message: 'Label sidecar.istio.io/inject: "True" is neither "true" nor "false"' }],
      output: null,
    },
    {
      name: 'label "False" on 1.31: ignored today, so "false" would remove a sidecar: suggestions, not --fix',
      istioVersion: '1.31',
      code: withLabel('"False"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9, endLine: 8, endColumn: 41, message: 'Istio 1.31 ignores it, so the namespace and the injector policy decide' }],
      output: null,
    },
    {
      name: 'label "False" on 1.26 means false already: --fix writes "false"',
      code: withLabel('"False"'),
      istioVersion: '1.26',
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Istio 1.26 reads it as false' }],
      output: withLabel('"false"'),
    },
    {
      name: 'label "False" on 1.12, the first release that reads the label',
      code: withLabel('"False"'),
      istioVersion: '1.12',
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Istio 1.12 reads it as false' }],
      output: withLabel('"false"'),
    },
    {
      name: 'annotation "False" on 1.11 is still judged',
      code: withAnnotation('"False"'),
      istioVersion: '1.11',
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Istio 1.11 reads it as false' }],
      output: withAnnotation('"false"'),
    },
    {
      name: 'unquoted label on 1.11: the API server rejects it whatever Istio reads',
      code: withLabel('true'),
      istioVersion: '1.11',
      errors: [{ messageId: 'unquoted', line: 8, column: 9 }],
      output: withLabel('"true"'),
    },
    {
      name: 'label "True" on 1.26 means true already: --fix writes "true"',
      code: withLabel('"True"'),
      istioVersion: '1.26',
      errors: [{ messageId: 'invalid', line: 8, column: 9 }],
      output: withLabel('"true"'),
    },
    {
      name: 'label FALSE (plain) is a YAML 1.1 boolean: fixed to "false"',
      code: withLabel('FALSE'),
      errors: [{ messageId: 'unquoted', line: 8, column: 9, message: 'Write "false"' }],
      output: withLabel('"false"'),
    },
    {
      name: 'label "yes": suggestions only',
      istioVersion: '1.31',
      code: withLabel('"yes"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Istio 1.31 ignores it' }],
      output: null,
    },
    {
      name: 'label "enabled": suggestions only',
      istioVersion: '1.31',
      code: withLabel('"enabled"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Istio 1.31 ignores it' }],
      output: null,
    },
    {
      name: 'unquoted true is a boolean: quoted',
      code: withLabel('true'),
      errors: [{ messageId: 'unquoted', line: 8, column: 9, endLine: 8, endColumn: 38, severity: 2, message: 'YAML reads it as a boolean' }],
      output: withLabel('"true"'),
    },
    {
      name: 'unquoted yes is a YAML 1.1 boolean: fixed to "true"',
      code: withLabel('yes'),
      errors: [{ messageId: 'unquoted', line: 8, column: 9, message: 'Write "true"' }],
      output: withLabel('"true"'),
    },
    {
      name: 'unquoted false in an annotation',
      code: withAnnotation('false'),
      errors: [{ messageId: 'unquoted', line: 8, column: 9, message: 'Annotation sidecar.istio.io/inject' }],
      output: withAnnotation('"false"'),
    },
    {
      name: 'unquoted number: no fix (the meaning is not known)',
      code: withLabel('1'),
      errors: [{ messageId: 'unquoted', line: 8, column: 9, message: 'YAML reads it as a number' }],
      output: null,
    },
    {
      name: 'annotation "False" on 1.31: suggestions, not --fix',
      istioVersion: '1.31',
      code: withAnnotation('"False"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9, message: 'Annotation sidecar.istio.io/inject: "False"' }],
      output: null,
    },
    {
      name: 'annotation "False" on 1.25: --fix writes "false"',
      code: withAnnotation('"False"'),
      istioVersion: '1.25',
      errors: [{ messageId: 'invalid', line: 8, column: 9 }],
      output: withAnnotation('"false"'),
    },
    {
      name: 'annotation "on": suggestions only',
      istioVersion: '1.31',
      code: withAnnotation('"on"'),
      errors: [{ messageId: 'invalid', line: 8, column: 9 }],
      output: null,
    },
    {
      name: 'Istio 1.28: "enabled" is ignored and the namespace decides',
      code: withLabel('"enabled"'),
      istioVersion: '1.28',
      errors: [{ messageId: 'invalid', message: 'Istio 1.28 ignores it, so the namespace and the injector policy decide. Write "true" or "false".' }],
      output: null,
    },
    {
      name: 'Istio 1.26: "enabled" means false',
      code: withLabel('"enabled"'),
      istioVersion: '1.26',
      errors: [{ messageId: 'invalid', message: 'Istio 1.26 reads it as false, and 1.27 and later ignore it' }],
      output: null,
    },
    {
      name: 'Istio 1.26: "yes" means true',
      code: withLabel('"yes"'),
      istioVersion: '1.26',
      errors: [{ messageId: 'invalid', message: 'Istio 1.26 reads it as true, and 1.27 and later ignore it' }],
    },
    {
      name: 'Istio version from the config',
      code: withLabel('"True"'),
      config: { istio: { version: '1.26' } },
      errors: [{ messageId: 'invalid', message: 'Istio 1.26 reads it as true, and 1.27 and later ignore it' }],
      output: withLabel('"true"'),
    },
    {
      name: 'label and annotation both invalid: two findings, label first; on 1.31 neither is --fix',
      istioVersion: '1.31',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        labels:
          sidecar.istio.io/inject: "True"
        annotations:
          sidecar.istio.io/inject: "no"
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [
        { messageId: 'invalid', line: 6, column: 5, message: 'Label' },
        { messageId: 'invalid', line: 8, column: 5, message: 'Annotation' },
      ],
      output: null,
    },
  ],
});

test('inject-value-invalid: the message follows the stated Istio version', () => {
  const at = (istioVersion: string): string => {
    const { messages } = runCase(rule, { code: withLabel('"enabled"'), istioVersion });
    assert.is(messages.length, 1);
    return messages[0]?.message ?? '';
  };
  const old = at('1.26');
  const current = at('1.28');
  assert.is.not(old, current);
  assert.ok(old.includes('Istio 1.26 reads it as false'), old);
  assert.not.ok(old.includes('1.26 ignores it'), old);
  assert.ok(current.includes('Istio 1.28 ignores it') && current.includes('namespace'), current);
  assert.not.ok(current.includes('reads it as') || current.includes('later ignore'), current);
});

test('inject-value-invalid: values with no safe fix offer both suggestions', () => {
  for (const value of ['"yes"', '"enabled"']) {
    const { messages } = runCase(rule, { code: withLabel(value), istioVersion: '1.31' });
    assert.is(messages[0]?.fix, undefined, `${value}: no fix`);
    const suggestions = messages[0]?.suggestions ?? [];
    assert.is(suggestions.length, 2, `${value}: two suggestions`);
    assert.equal(suggestions.map((s) => s.fix.text), ['"true"', '"false"']);
  }
});

test.run();
