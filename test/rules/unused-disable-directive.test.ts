// unused-disable-directive is reported by the engine (only it knows which suppression was
// used), at the rule's configured level or as an error with --report-unused-disable-directives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../../rules/index.ts';
import { EMPTY_CONFIG, type Config } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { yaml } from '../helpers/rule-tester.ts';

const run = (code: string, config: Config = EMPTY_CONFIG, reportUnused = false) =>
  lint([decodeSource(Buffer.from(code), 'test.yaml', undefined)], { config, rules: allRules, reportUnusedDisableDirectives: reportUnused }).results[0]?.messages.map(
    (m) => `${m.line}:${m.column} ${m.severity} ${m.ruleId} ${m.message}`,
  ) ?? [];

const enabled: Config = { ...EMPTY_CONFIG, rules: { 'unused-disable-directive': { level: 'warn', options: [] } } };

const used = yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c
    labels:
      # meshlint-disable-next-line yaml-nonstring-value -- kept as a boolean on purpose
      enabled: true
  `;
const unused = yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: c
    labels:
      # meshlint-disable-next-line yaml-nonstring-value -- fixed since
      enabled: "true"
  `;

test('off by default: an unused directive is not reported', () => {
  assert.equal(run(unused), []);
});

test('a directive that suppresses a problem is not reported', () => {
  assert.equal(run(used, enabled), []);
});

test('an unused directive is reported at its comment, at the configured level', () => {
  assert.equal(run(unused, enabled), ["6:5 1 unused-disable-directive Unused meshlint-disable-next-line directive: no problems were reported from 'yaml-nonstring-value'. Remove it."]);
});

test('--report-unused-disable-directives reports it as an error', () => {
  assert.equal(run(unused, EMPTY_CONFIG, true).map((m) => m.split(' ').slice(0, 3).join(' ')), ['6:5 2 unused-disable-directive']);
});

test('a directive naming several rules: the unused one is named, to take out of it; a bare directive is removed whole', () => {
  const several = used.replace('yaml-nonstring-value -- kept', 'yaml-nonstring-value, duplicate-key -- kept');
  assert.equal(run(several, enabled), [
    "6:5 1 unused-disable-directive Unused meshlint-disable-next-line directive: no problems were reported from 'duplicate-key'. Remove 'duplicate-key' from it.",
  ]);
  const bare = unused.replace(' yaml-nonstring-value -- fixed since', '');
  assert.equal(run(bare, enabled), ['6:5 1 unused-disable-directive Unused meshlint-disable-next-line directive: no problems were reported here. Remove it.']);
});

test('a directive naming an unknown rule is reported', () => {
  const code = unused.replace('yaml-nonstring-value', 'yaml-nonstring-valeu');
  assert.equal(run(code, enabled), ["6:5 1 unused-disable-directive meshlint-disable-next-line names an unknown rule 'yaml-nonstring-valeu'; run \"meshlint rules\" for the list"]);
});

test('an unused meshlint.io/ignore entry is reported at the annotation', () => {
  const code = yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: c
      annotations:
        meshlint.io/ignore: "duplicate-key"
    `;
  assert.equal(run(code, enabled), ["6:5 1 unused-disable-directive Unused meshlint.io/ignore entry 'duplicate-key': no problems were reported from it here. Remove it."]);
});

test.run();
