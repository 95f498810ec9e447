// Finding a rendered key in a Helm template's source: by the literal line, by the key and its
// parents, by a parent key, else the first line. Never a guess between two candidates.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { locateInTemplate, type RenderedSpot } from '../../src/parse/template-locator.ts';

const TEMPLATE = [
  '{{- if .Values.serviceAccount.create }}', // 1
  'apiVersion: v1', // 2
  'kind: ServiceAccount', // 3
  'metadata:', // 4
  '  name: {{ .Values.name }}', // 5
  '---', // 6
  '{{- end }}', // 7
  'apiVersion: apps/v1', // 8
  'kind: Deployment', // 9
  'metadata:', // 10
  '  name: {{ .Values.name }}', // 11
  'spec:', // 12
  '  template:', // 13
  '    metadata:', // 14
  '      labels:', // 15
  '        app: web', // 16
  '        "sidecar.istio.io/inject": "true"', // 17
  '      {{- with .Values.podAnnotations }}', // 18
  '      annotations:', // 19
  '        {{- toYaml . | nindent 8 }}', // 20
  '      {{- end }}', // 21
  '    spec:', // 22
  '      hostNetwork: {{ .Values.hostNetwork }}', // 23
  '      containers:', // 24
  '      - name: web', // 25
  '        image: {{ .Values.image }}', // 26
  '        env:', // 27
  '        - name: MODE', // 28
  '          value: fast', // 29
  '      - name: helper', // 30
  '        image: busybox', // 31
  '        env:', // 32
  '        - name: MODE', // 33
  '          value: slow', // 34
].join('\n');

const spot = (path: (string | number)[], lineText: string, column = lineText.length - lineText.trimStart().length + 1, kind = 'Deployment'): RenderedSpot => ({ kind, path, lineText, column });

test('a literal line is found where it is written, at the same column inside it', () => {
  const hit = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'spec', 'containers', 1, 'env', 0, 'value'], '          value: slow', 18));
  assert.equal([hit.precision, hit.range.line, hit.range.column], ['line', 34, 18]);
});

test('a templated value is found by its key and the chain of parent keys', () => {
  const hit = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'spec', 'hostNetwork'], '      hostNetwork: true'));
  assert.equal([hit.precision, hit.range.line, hit.range.column, hit.range.endColumn], ['key', 23, 7, 45]);
  // A quoted key in the template matches the plain key of the path.
  const quoted = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'metadata', 'labels', 'sidecar.istio.io/inject'], '        sidecar.istio.io/inject: "false"'));
  assert.equal([quoted.precision, quoted.range.line], ['key', 17]);
});

test('a sequence item under its key at the same column belongs to that key', () => {
  const hit = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'spec', 'containers'], '      containers:'));
  assert.equal([hit.precision, hit.range.line], ['line', 24]);
  const byKey = locateInTemplate(TEMPLATE.replace('      containers:', '      containers: {{- /* none */}}'), spot(['spec', 'template', 'spec', 'containers'], '      containers:'));
  assert.equal([byKey.precision, byKey.range.line], ['key', 24]);
});

test('a key written by an expression is placed on its nearest written parent, said as such', () => {
  const hit = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'metadata', 'annotations', 'proxy.istio.io/config'], '        proxy.istio.io/config: |'));
  assert.equal([hit.precision, hit.range.line, hit.key], ['ancestor', 19, 'annotations']);
});

test('two equally good candidates are never guessed between', () => {
  // containers[1].image: two "image:" keys under containers; the templated one cannot be told apart by line.
  const hit = locateInTemplate(TEMPLATE, spot(['spec', 'template', 'spec', 'containers', 0, 'image'], '        image: registry/web:1'));
  assert.equal([hit.precision, hit.range.line], ['ancestor', 24]);
  // Two "value: fast"-like lines: the literal line is ambiguous, and so is the key.
  const twice = TEMPLATE + '\n        - name: OTHER\n          value: fast';
  const env = locateInTemplate(twice, spot(['spec', 'template', 'spec', 'containers', 0, 'env', 0, 'value'], '          value: fast'));
  assert.is.not(env.precision, 'line');
  assert.is.not(env.precision, 'key');
});

test('the section that renders the kind is searched; a kind with no section searches the whole file', () => {
  // "name:" under metadata appears in both sections: the ServiceAccount's is line 5.
  const sa = locateInTemplate(TEMPLATE, spot(['metadata', 'name'], '  name: web', 3, 'ServiceAccount'));
  assert.equal([sa.precision, sa.range.line], ['key', 5]);
  const dep = locateInTemplate(TEMPLATE, spot(['metadata', 'name'], '  name: web', 3, 'Deployment'));
  assert.equal([dep.precision, dep.range.line], ['key', 11]);
  const unknown = locateInTemplate(TEMPLATE, spot(['metadata', 'name'], '  name: web', 3, 'ConfigMap'));
  assert.is(unknown.precision, 'file');
});

test('nothing to go on: the first line of the template', () => {
  const hit = locateInTemplate(TEMPLATE, { kind: 'Deployment', path: undefined, lineText: 'a: {', column: 1 });
  assert.equal([hit.precision, hit.range.line, hit.range.column], ['file', 1, 1]);
  const deep = locateInTemplate('{{ include "lib.deployment" . }}\n', spot(['spec', 'template', 'spec', 'hostNetwork'], '      hostNetwork: true'));
  assert.equal([deep.precision, deep.range.line], ['file', 1]);
});

test("a literal line in another block is not taken: the path's parents must fit", () => {
  const t = ['kind: Deployment', 'metadata:', '  labels:', '    app: web', 'spec:', '  template:', '    metadata:', '      labels:', '        {{- include "labels" . | nindent 8 }}'].join('\n');
  const hit = locateInTemplate(t, spot(['spec', 'template', 'metadata', 'labels', 'app'], '        app: web'));
  assert.equal([hit.precision, hit.range.line, hit.key], ['ancestor', 8, 'labels']);
  const own = locateInTemplate(t, spot(['metadata', 'labels', 'app'], '    app: web'));
  assert.equal([own.precision, own.range.line], ['line', 4]);
});

test('a kind of 40,000 characters picks its section by comparing text (a pattern of it is too large for V8)', () => {
  const kind = 'K'.repeat(40_000);
  const t = ['kind: ConfigMap', 'metadata:', '  name: a', '---', `kind: "${kind}" # generated`, 'metadata:', '  name: b'].join('\n');
  const hit = locateInTemplate(t, spot(['metadata', 'name'], '  name: x', 3, kind));
  assert.equal([hit.precision, hit.range.line], ['key', 7]);
});

test.run();
