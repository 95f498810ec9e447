import { test } from 'uvu';
import rule from '../../rules/unrendered-template.ts';
import * as assert from 'uvu/assert';
import nonString from '../../rules/yaml-nonstring-value.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { findUnrenderedTemplate } from '../../src/load/template.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

ruleTester(rule, {
  valid: [
    { name: 'template syntax inside quoted strings (Argo CD ApplicationSet)', code: yaml`
      apiVersion: argoproj.io/v1alpha1
      kind: ApplicationSet
      metadata: { name: apps }
      spec:
        template:
          metadata:
            name: '{{path.basename}}'
          spec:
            source: { path: "{{path}}" }
      ` },
    { name: 'template text inside a block scalar (Istio injector ConfigMap)', code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio-sidecar-injector }
      data:
        config: |-
          policy: enabled
          templates:
            sidecar: |
              {{- if .Values.global.proxy }}
              x: {{ .ProxyImage }}
              {{- end }}
        values: '{}'
      ` },
    { name: 'GitHub Actions expressions ${{ }} in a workflow file', code: 'name: ci\njobs:\n  a:\n    if: ${{ github.event_name == \'push\' }}\n    steps:\n      - with:\n          sarif_file: ${{ steps.x.outputs.sarif-file }}\n' },
    { name: 'in a comment', code: '# rendered from {{ .Values.x }}\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\n' },
  ],
  invalid: [
    {
      name: 'a value that still parses as YAML (a flow mapping)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: {{ .Values.replicas }}
      `,
      errors: [{ messageId: 'unrendered', line: 6, column: 13, endColumn: 35, message: 'found {{ .Values.replicas }})' }],
    },
    {
      name: 'a Helm action on a line that also holds a ${{ }} expression',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n  a: ${{ x }} {{ .Values.y }}\n',
      errors: [{ line: 5, column: 15 }],
    },
    {
      name: "an apostrophe in a plain scalar does not open a string that hides what follows",
      code: "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n  note: don't {{ panic }}\n",
      errors: [{ line: 5, column: 15 }],
    },
    {
      name: 'control structures; one finding per file',
      code: yaml`
      {{- if .Values.enabled }}
      apiVersion: v1
      kind: Service
      metadata:
        name: {{ include "x.fullname" . }}
        labels:
          sidecar.istio.io/inject: true
      {{- end }}
      `,
      errors: [{ line: 1, column: 1 }],
    },
  ],
});

test('unrendered-template: templated documents are skipped, the file\'s other documents are still linted', () => {
  const code = yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      template:
        metadata:
          labels: { broken: true }
        spec:
          containers: [{ name: web, image: "web:{{ .Values.tag }}", command: [run] }]
          nodeSelector: { pool: {{ .Values.pool }} }
    ---
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: settings
      labels: { enabled: yes }
    `;
  const report = lint([decodeSource(Buffer.from(code), 'mixed.yaml', undefined)], { config: EMPTY_CONFIG, rules: [rule, nonString] });
  assert.equal(report.results[0]?.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`), ['10:29 unrendered-template', '16:13 yaml-nonstring-value']);
  assert.is(report.stats.skippedDocuments.template, 1);
});

test('a line of 35,000 quoted strings is scanned in linear time (found by fuzzing: it took seconds)', () => {
  const line = `  note: ${'""'.repeat(35_000)} {{ .Values.x }}\n`;
  const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n${line}`;
  const started = Date.now();
  assert.is(findUnrenderedTemplate(text), text.indexOf('{{'));
  assert.is(findUnrenderedTemplate(text.replace('{{ .Values.x }}', '"{{ .Values.x }}"')), undefined);
  assert.ok(Date.now() - started < 500, `took ${Date.now() - started} ms`);
});

test.run();
