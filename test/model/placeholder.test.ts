// What counts as a value a tool fills in later: unknown to every rule, never a literal name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isPlaceholder } from '../../src/model/placeholder.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import { rulesById } from '../../rules/index.ts';

test('placeholders of envsubst, shells, templates and scripts', () => {
  for (const v of ['$REVISION', '${REVISION}', 'istio-${REV}', '$(REV)', '{{ .Values.rev }}', 'rev-{{rev}}', 'REPLACE_ME', 'REPLACE_REVISION', '<revision>']) assert.ok(isPlaceholder(v), v);
  for (const v of ['canary', '1-11', 'default', 'prod-$', 'a$b', 'REPLACEMENT', '<', 'price: $5']) assert.not.ok(isPlaceholder(v), v);
});

test('a Namespace whose labels a tool fills in is not a fact: its injection stays unknown', () => {
  const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: ${INJECTION}\n';
  const web = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, namespace: shop }\nspec:\n  template:\n    spec:\n      hostNetwork: true\n      containers: [{ name: web, image: web }]\n';
  const report = lint([decodeSource(Buffer.from(ns), 'ns.yaml', undefined), decodeSource(Buffer.from(web), 'web.yaml', undefined)], { config: EMPTY_CONFIG, rules: [...rulesById.values()] });
  assert.is(report.facts.namespaces.has('shop'), false);
  assert.equal(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)), []);
});

test('a folder of Jinja templates: what parses is linted, and its placeholders are unknown values, not invalid ones', () => {
  // One template YAML cannot read (set aside, one warning for the folder), one that parses.
  const unreadable = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: mesh-agent\n{% if sidecar %}\n  labels: { sidecar.istio.io/inject: "true" }\n{% endif %}\n';
  const parses = [
    'apiVersion: v1',
    'kind: Namespace',
    'metadata: { name: shop, labels: { istio-injection: enabled } }',
    '---',
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: { name: web, namespace: shop }',
    'spec:',
    '  template:',
    '    metadata:',
    '      labels:',
    '        sidecar.istio.io/inject: "{{ tg_sidecar }}"',
    '        istio.io/rev: "{{ istio_revision }}"',
    '      annotations:',
    '        sidecar.istio.io/inject: "{{ tg_sidecar_annotation }}"',
    '        proxy.istio.io/config: "{{ proxy_config }}"',
    '        traffic.sidecar.istio.io/excludeOutboundPorts: "{{ exclude_ports }}"',
    '    spec:',
    '      containers: [{ name: web, image: web }]',
    '',
  ].join('\n');
  const report = lint(
    [decodeSource(Buffer.from(unreadable), 'roles/mesh/templates/agent.yaml', undefined), decodeSource(Buffer.from(parses), 'roles/mesh/templates/web.yaml', undefined)],
    { config: EMPTY_CONFIG, rules: [...rulesById.values()] },
  );
  assert.equal(report.results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.ruleId}`)), ['roles/mesh/templates/agent.yaml unrendered-template']);
});

test('a namespace a tool fills in is an unknown namespace; the object keeps it as written', () => {
  const text = 'apiVersion: v1\nkind: Service\nmetadata: { name: web, namespace: "{{ .Release.Namespace }}" }\n';
  const doc = [...parseFile({ displayPath: 'svc.yaml', absPath: undefined, text })][0];
  const r = doc && resourcesOf(doc, 'shop').resources[0];
  assert.is(r?.namespace, undefined);
  assert.is(r?.declaredNamespace, '{{ .Release.Namespace }}');
});

test.run();
