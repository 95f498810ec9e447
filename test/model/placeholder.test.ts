// What counts as a value a tool fills in later: unknown to every rule, never a literal name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isPlaceholder } from '../../src/model/placeholder.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
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

test.run();
