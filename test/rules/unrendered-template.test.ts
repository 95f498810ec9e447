import { test } from 'uvu';
import rule from '../../rules/unrendered-template.ts';
import * as assert from 'uvu/assert';
import nonString from '../../rules/yaml-nonstring-value.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { findUnrenderedTemplate } from '../../src/load/template.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';
import { rulesById } from '../../rules/index.ts';

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
    // A file whose YAML parses is linted, whatever `{{ }}` its strings hold: it is data.
    { name: 'a placeholder inside a plain multi-line scalar (a CRD description)', code: yaml`
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: { name: analysistemplates.argoproj.io }
      spec:
        description: Lookback duration, substituted at run
          time as {{args.lookback_duration}} by the controller
      ` },
    { name: 'an apostrophe and a placeholder in a plain scalar', code: "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n  note: don't {{ panic }}\n" },
    { name: 'a ${{ }} expression and a Helm action in one plain scalar', code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n  a: ${{ x }} {{ .Values.y }}\n' },
    { name: 'Argo runtime arguments inside a string (Argo substitutes them there)', code: 'apiVersion: argoproj.io/v1alpha1\nkind: AnalysisTemplate\nmetadata: { name: a }\nspec:\n  metrics:\n    - successCondition: result == "{{args.success-condition}}"\n' },
    // YAML that is not a Kubernetes object is skipped, templated or not.
    { name: 'a GoReleaser config', code: 'builds:\n  - ldflags: -s -w -X main.commit={{.Commit}}\n' },
    { name: 'a kind cluster config with a make placeholder where a value starts', code: 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n  - role: control-plane\n    extraMounts:\n      - hostPath: {{KIND_IMAGES}}\n        containerPath: /images\n' },
    { name: 'a Jinja fragment with no object in it', code: '{% if x %}\n- name: a\n{% endif %}\n' },
  ],
  invalid: [
    {
      name: 'a line that is only a marker a build script replaces (an operator\'s CSV template): a template, not a YAML syntax error',
      code: 'apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: __NAME__.v__VERSION__\n  annotations:\n    categories: Integration\n    __OLM_SUBSCRIPTION_ANNOTATION__\n    containerImage: __IMAGE_SRC__\n',
      errors: [{ messageId: 'folderOne', line: 7, column: 5, severity: 1, message: 'placeholder template' }],
    },
    {
      name: 'a Helm action where a value starts: YAML reads a mapping as a key; one warning, no syntax error',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: {{ .Values.replicas }}
      `,
      errors: [{ messageId: 'folderOne', line: 6, column: 13, severity: 1, message: 'This file is a Helm template, not a manifest: it is not linted as it stands. Lint the chart with --render-charts or --helm-chart DIR.' }],
    },
    {
      name: 'control structures',
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
      errors: [{ messageId: 'folderOne', line: 1, column: 1 }],
    },
    {
      name: 'Jinja statements (an Ansible role\'s template)',
      code: '{% if kiali_vars.deployment.ingress.enabled %}\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: {{ kiali_vars.deployment.instance_name }}\n{% endif %}\n',
      errors: [{ messageId: 'folderOne', line: 1, column: 1, message: 'This file is a Jinja template, not a manifest: it is not linted as it stands. Lint what Ansible renders, or add the folder to ignorePatterns.' }],
    },
    {
      name: 'Argo runtime arguments where a value starts: a real bug, kubectl rejects the object',
      code: 'apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata: { name: r }\nspec:\n  template:\n    metadata:\n      annotations:\n        linkerd.io/inject: {{args.linkerd-enabled}}\n',
      errors: [{ messageId: 'argo', line: 8, column: 28, severity: 2, message: 'Quote it: "{{args.linkerd-enabled}}"' }],
    },
    {
      name: 'templates in one folder and its subfolders: one warning for all',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Name }}\n',
      files: [
        { filename: 'cases/a/one.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata:\n  namespace: {{ .Ns }}\n' },
        { filename: 'cases/b/two.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata:\n  namespace: {{ .Ns }}\n' },
        { filename: 'cases/c/three.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata:\n  namespace: {{ .Ns }}\n' },
      ],
      errors: [
        { messageId: 'folderOne', line: 4, column: 9 },
        { messageId: 'folder', message: '3 files in cases, this one first, are Go templates, not manifests, so not linted. Lint what the tool renders, or add the folder to ignorePatterns.' },
      ],
    },
  ],
});

test('a template is never a parse-error as well', () => {
  const jinja = '{% if x %}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ name }}\n{% endif %}\n';
  const report = lint([decodeSource(Buffer.from(jinja), 'roles/app/templates/cm.yaml', undefined)], { config: EMPTY_CONFIG, rules: [...rulesById.values()] });
  assert.equal(report.results[0]?.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.severity}`), ['1:1 unrendered-template 1']);
  assert.is(report.stats.unrenderedFiles, 1);
});

test('Ansible roles are warned about one by one; case folders merge upwards', () => {
  const t = (p: string) => decodeSource(Buffer.from('{% if x %}\napiVersion: v1\nkind: ConfigMap\n{% endif %}\n'), p, undefined);
  const report = lint([t('roles/a/templates/x.yaml'), t('roles/a/tasks/y.yml'), t('roles/b/templates/z.yaml'), t('molecule/t1/cr.yaml'), t('molecule/t2/cr.yaml')], { config: EMPTY_CONFIG, rules: [rule] });
  const rows = report.results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.message.slice(0, 40)}`));
  assert.equal(rows, [
    'roles/a/templates/x.yaml 2 files in roles/a, this one first, are ',
    'roles/b/templates/z.yaml This file is a Jinja template, not a man',
    'molecule/t1/cr.yaml 2 files in molecule, this one first, are',
  ]);
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
  assert.equal(report.results[0]?.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.messageId}`), ['10:29 unrendered-template folderOne', '16:13 yaml-nonstring-value nonString']);
  assert.is(report.stats.skippedDocuments.template, 1);
});

test('a line of 35,000 quoted strings is scanned (found by fuzzing: it took seconds; its time is npm run bench\'s to measure)', () => {
  const line = `  note: ${'""'.repeat(35_000)} {{ .Values.x }}\n`;
  const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\ndata:\n${line}`;
  assert.is(findUnrenderedTemplate(text), text.indexOf('{{'));
  assert.is(findUnrenderedTemplate(text.replace('{{ .Values.x }}', '"{{ .Values.x }}"')), undefined);
});

test.run();
