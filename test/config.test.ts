// The configuration file and its command-line overrides: where it is found, what it may
// say, and how every mistake in it is reported (exit 2, one line, naming the file and key).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules, rulesById } from '../rules/index.ts';
import { ConfigError, validateConfig } from '../src/engine/config.ts';
import { rulesSchema } from '../src/engine/config-schema.ts';
import { parse as parseYaml } from 'yaml';
import { readConfigFile } from '../src/engine/config-file.ts';
import { parseYamlWithinLimits, plainValue } from '../src/parse/limits.ts';
import { BAD_LABEL, WARN_ONLY, cli, parseJsonReport, withTemp, type CliRun } from './helpers/cli.ts';

const severities = (run: CliRun): [string, number][] => parseJsonReport(run).flatMap((r) => r.messages.map((m) => [m.ruleId, m.severity] as [string, number]));

/** A config mistake: exit 2, nothing on stdout, exactly one line on stderr naming the file and the key. */
function assertConfigError(run: CliRun, file: string, key: string): void {
  assert.is(run.code, 2, `exit code; stderr: ${run.stderr}`);
  assert.is(run.stdout, '');
  const lines = run.stderr.trimEnd().split('\n');
  assert.is(lines.length, 1, `one line, got:\n${run.stderr}`);
  assert.ok(lines[0]?.includes(file), `names the file ${file}: ${lines[0]}`);
  assert.ok(lines[0]?.includes(key), `names ${key}: ${lines[0]}`);
}

test('.meshlint.yaml is found from a subdirectory upwards', () => {
  withTemp((t) => {
    t.write('repo/.meshlint.yaml', 'rules:\n  yaml-nonstring-value: warn\n');
    t.write('repo/apps/web/settings.yaml', BAD_LABEL);
    const run = cli(['settings.yaml', '-f', 'json'], { cwd: t.path('repo/apps/web') });
    assert.equal(severities(run), [['yaml-nonstring-value', 1]]);
    assert.is(run.code, 0, 'a warning does not fail the run');
    // The nearest file wins over one further up.
    t.write('repo/apps/.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    assert.equal(severities(cli(['settings.yaml', '-f', 'json'], { cwd: t.path('repo/apps/web') })), []);
  });
});

test('--config FILE is used instead of the nearest file', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    t.write('ci/strict.yml', 'rules:\n  duplicate-key: off\n');
    t.write('a.yaml', BAD_LABEL);
    t.write('b.yaml', WARN_ONLY);
    // The nearest file alone would give one duplicate-key warning; ci/strict.yml alone gives this.
    const run = cli(['--config', 'ci/strict.yml', 'a.yaml', 'b.yaml', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(run), [['yaml-nonstring-value', 2]]);
    assert.is(run.code, 1);
    assert.equal(severities(cli(['a.yaml', 'b.yaml', '-f', 'json'], { cwd: t.dir })), [['duplicate-key', 1]]);
  });
});

test('.meshlint.json is read as well', () => {
  withTemp((t) => {
    t.write('.meshlint.json', JSON.stringify({ rules: { 'yaml-nonstring-value': 'warn', 'duplicate-key': ['off'] } }));
    t.write('a.yaml', BAD_LABEL);
    t.write('b.yaml', WARN_ONLY);
    const run = cli(['-f', 'json'], { cwd: t.dir });
    assert.equal(severities(run), [['yaml-nonstring-value', 1]]);
    assert.is(run.code, 0);
  });
});

test('rule levels off, warn and error change the outcome', () => {
  withTemp((t) => {
    t.write('a.yaml', BAD_LABEL);
    const outcome = (level: string): [number, [string, number][]] => {
      t.write('.meshlint.yaml', `rules:\n  yaml-nonstring-value: ${level}\n`);
      const run = cli(['a.yaml', '-f', 'json'], { cwd: t.dir });
      return [run.code, severities(run)];
    };
    assert.equal(outcome('off'), [0, []]);
    assert.equal(outcome('warn'), [0, [['yaml-nonstring-value', 1]]]);
    assert.equal(outcome('error'), [1, [['yaml-nonstring-value', 2]]]);
    assert.equal(outcome('1'), [0, [['yaml-nonstring-value', 1]]], 'ESLint numbers work too');
  });
});

test('an unknown top-level key exits 2 naming the file and the key', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rulez:\n  duplicate-key: off\n');
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(run, '.meshlint.yaml', 'rulez');
    assert.ok(run.stderr.includes('did you mean "rules"'), run.stderr);
  });
});

test('an unknown rule id exits 2 naming the file and the key', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  duplicate-keys: warn\n');
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(run, '.meshlint.yaml', 'rules.duplicate-keys');
    assert.ok(run.stderr.includes('did you mean "duplicate-key"'), run.stderr);
  });
});

test('a bad level exits 2 naming the file and the key', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  duplicate-key: loud\n');
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(run, '.meshlint.yaml', 'rules.duplicate-key');
    assert.ok(run.stderr.includes('"loud"'), run.stderr);
  });
});

test('an unquoted istio.version: 1.30 exits 2, and never suggests the mangled 1.3', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'istio:\n  version: 1.30\n');
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(run, '.meshlint.yaml', 'istio.version');
    assert.ok(run.stderr.includes('quote'), run.stderr);
    assert.not.ok(run.stderr.includes('"1.3"'), `suggests a version the user did not write: ${run.stderr}`);
    // Quoted, it is accepted.
    t.write('.meshlint.yaml', 'istio:\n  version: "1.30"\n');
    assert.is(cli(['a.yaml', '--rule', 'yaml-nonstring-value=off'], { cwd: t.dir }).code, 0);
  });
});

test('a namespace label value that is not a string exits 2 naming the file and the key', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'namespaces:\n  shop:\n    labels:\n      istio-injection: enabled\n      team-owned: true\n');
    t.write('a.yaml', BAD_LABEL);
    assertConfigError(cli(['a.yaml'], { cwd: t.dir }), '.meshlint.yaml', 'namespaces.shop.labels.team-owned');
  });
});

test('invalid YAML in the config exits 2 with the file and the position', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  duplicate-key: [warn\n  yaml-nonstring-value: off\n');
    t.write('a.yaml', BAD_LABEL);
    assertConfigError(cli(['a.yaml'], { cwd: t.dir }), '.meshlint.yaml', 'line 3');
    // A key written twice is a mistake too, not "the last one wins".
    t.write('.meshlint.yaml', 'rules:\n  duplicate-key: warn\nrules:\n  duplicate-key: off\n');
    const dup = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(dup, '.meshlint.yaml', 'line 3, column 1');
    assert.ok(dup.stderr.includes('unique'), dup.stderr);
    // An alias to no anchor: the yaml package composes it without an error, then throws.
    t.write('.meshlint.yaml', 'ignorePatterns: [vendor/]\nrules: *nope\n');
    const alias = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(alias, '.meshlint.yaml', 'line 2, column 8');
    assert.ok(alias.stderr.includes('*nope names no anchor'), alias.stderr);
  });
});

test('aliases are legal in a config: 150 uses of one anchor are read, not refused', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', `ignorePatterns: [&p vendor/, ${Array(150).fill('*p').join(', ')}]\nrules:\n  yaml-nonstring-value: warn\n`);
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(run), [['yaml-nonstring-value', 1]]);
    assert.is(run.code, 0, run.stderr);
  });
});

test('a config beyond the limits exits 2 with the file, the position and the excess', () => {
  const bomb = ['a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, l) => `a${l + 1}: &a${l + 1} [${Array(9).fill(`*a${l}`).join(', ')}]`)].join('\n');
  const cases: [string, string, string, string][] = [
    ['.meshlint.yaml', bomb, 'line 6', 'an alias bomb'],
    ['.meshlint.yaml', `ignorePatterns: [&p vendor/, ${Array(1001).fill('*p').join(', ')}]`, 'line 1', 'more than 1,000 aliases'],
    ['.meshlint.yaml', `rules: ${'['.repeat(1000)}${']'.repeat(1000)}`, 'line 1, column', 'nested deeper than 100 levels'],
    ['.meshlint.yaml', `${'- '.repeat(5000)}x`, 'line 1', 'nested deeper than 100 levels'],
    ['.meshlint.yaml', 'a: &r [*r]', 'line 1, column 8', 'inside the node it names'],
    ['.meshlint.yaml', `ignorePatterns: ["${'x'.repeat(1024 * 1024)}"]`, '.meshlint.yaml', 'larger than 1 MiB'],
    ['.meshlint.json', `{"rules": ${'{"a": '.repeat(5000)}1${'}'.repeat(5000)}}`, 'line 1', 'nested deeper than 100 levels'],
  ];
  for (const [name, text, where, problem] of cases) {
    withTemp((t) => {
      t.write(name, text);
      t.write('a.yaml', BAD_LABEL);
      const run = cli(['a.yaml'], { cwd: t.dir });
      assertConfigError(run, name, where);
      assert.ok(run.stderr.includes(problem), `${problem}: ${run.stderr.slice(0, 300)}`);
    });
  }
});

test('an ignore pattern of 40,000 characters is a config error, not a pattern too large for V8', () => {
  withTemp((t) => {
    t.write('a.yaml', BAD_LABEL);
    t.write('.meshlint.yaml', `ignorePatterns: [vendor/, "${'x'.repeat(40_000)}"]\n`);
    const run = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(run, '.meshlint.yaml', 'line 1, column 27');
    assert.ok(run.stderr.includes('a string of 40,000 characters'), run.stderr.slice(0, 300));
    // As long as a path may be, it is still read.
    t.write('.meshlint.yaml', `ignorePatterns: ["${'x'.repeat(4096)}"]\n`);
    assert.is(cli(['a.yaml', '-f', 'json'], { cwd: t.dir }).code, 1);
  });
});

test('25,000 namespaces in a config are read, and a name written twice among them is found at its line', () => {
  withTemp((t) => {
    const names = Array.from({ length: 25_000 }, (_, i) => `  ns-${i}: { labels: { team: a } }`);
    t.write('.meshlint.yaml', `namespaces:\n${names.join('\n')}\n`);
    t.write('a.yaml', BAD_LABEL);
    const run = cli(['a.yaml', '-f', 'json'], { cwd: t.dir });
    assert.is(run.code, 1, run.stderr);
    t.write('.meshlint.yaml', `namespaces:\n${names.join('\n')}\n  ns-7: { labels: {} }\n`);
    const dup = cli(['a.yaml'], { cwd: t.dir });
    assertConfigError(dup, '.meshlint.yaml', 'line 25002, column 3');
    assert.ok(dup.stderr.includes('unique'), dup.stderr);
  });
});

test('end to end: a config alias bomb is one line on stderr and exit 2, never a stack trace', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', ['a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, l) => `a${l + 1}: &a${l + 1} [${Array(9).fill(`*a${l}`).join(', ')}]`)].join('\n'));
    t.write('aliases.yaml', `ignorePatterns: [&p vendor/, ${Array(150).fill('*p').join(', ')}]\n`);
    t.write('a.yaml', BAD_LABEL);
    const bin = fileURLToPath(new URL('../bin/meshlint.js', import.meta.url));
    const bombed = spawnSync(process.execPath, [bin, 'a.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(bombed.status, 2, bombed.stderr);
    assert.is(bombed.stdout, '');
    assert.is(bombed.stderr.trimEnd().split('\n').length, 1, bombed.stderr);
    assert.not.match(bombed.stderr, /\n\s+at |Error:/);
    // 150 aliases (the yaml package alone refuses 100: an uncaught ReferenceError and its stack).
    const aliased = spawnSync(process.execPath, [bin, '--config', 'aliases.yaml', 'a.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(aliased.status, 1, aliased.stderr);
    assert.not.match(aliased.stderr, /\n\s+at |Error/);
  });
});

test('invalid JSON in .meshlint.json exits 2 naming the file', () => {
  withTemp((t) => {
    t.write('.meshlint.json', '{ "rules": { "duplicate-key": "warn", } ');
    t.write('a.yaml', BAD_LABEL);
    assertConfigError(cli(['a.yaml'], { cwd: t.dir }), '.meshlint.json', 'line 1');
  });
});

test('a config file named .js is refused, and a .meshlint.js lying around is never run', () => {
  withTemp((t) => {
    const marker = t.path('ran.txt');
    const code = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); module.exports = { rules: {} };\n`;
    t.write('meshlint.config.js', code);
    t.write('.meshlint.js', code);
    t.write('a.yaml', BAD_LABEL);
    const refused = cli(['--config', 'meshlint.config.js', 'a.yaml'], { cwd: t.dir });
    assertConfigError(refused, 'meshlint.config.js', 'data only');
    // Without --config, .meshlint.js is not a config file at all: the defaults apply.
    const run = cli(['a.yaml', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(run), [['yaml-nonstring-value', 2]]);
    assert.not.ok(existsSync(marker), 'the JavaScript file was executed');
  });
});

test('a --config file that does not exist exits 2 naming it', () => {
  withTemp((t) => {
    t.write('a.yaml', BAD_LABEL);
    assertConfigError(cli(['--config', 'missing.yaml', 'a.yaml'], { cwd: t.dir }), 'missing.yaml', 'cannot read');
  });
});

test('--rule id=level overrides the file; repeated, the last one wins', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    t.write('a.yaml', BAD_LABEL);
    const on = cli(['a.yaml', '--rule', 'yaml-nonstring-value=error', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(on), [['yaml-nonstring-value', 2]]);
    assert.is(on.code, 1);
    const last = cli(['a.yaml', '--rule', 'yaml-nonstring-value=error', '--rule', 'yaml-nonstring-value=warn', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(last), [['yaml-nonstring-value', 1]]);
    assert.is(last.code, 0);
    const json = cli(['a.yaml', '--rule', 'yaml-nonstring-value=["warn"]', '-f', 'json'], { cwd: t.dir });
    assert.equal(severities(json), [['yaml-nonstring-value', 1]]);
  });
});

test('--rule with an unknown rule or a bad level exits 2', () => {
  withTemp((t) => {
    t.write('a.yaml', BAD_LABEL);
    const unknown = cli(['a.yaml', '--rule', 'no-such-rule=off'], { cwd: t.dir });
    assert.is(unknown.code, 2);
    assert.match(unknown.stderr, /--rule: no-such-rule: unknown rule/);
    const level = cli(['a.yaml', '--rule', 'duplicate-key=sometimes'], { cwd: t.dir });
    assert.is(level.code, 2);
    assert.ok(level.stderr.includes('"sometimes"'), level.stderr);
    const shape = cli(['a.yaml', '--rule', 'duplicate-key'], { cwd: t.dir });
    assert.is(shape.code, 2);
    assert.ok(shape.stderr.includes('id=level'), shape.stderr);
  });
});

test('--print-config FILE prints JSON with the effective levels', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: warn\n  duplicate-key: off\nignorePatterns: [vendor/]\n');
    t.write('vendor/x.yaml', BAD_LABEL);
    const run = cli(['--print-config', 'a.yaml', '--rule', 'duplicate-key=error'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as { file: string; configFile: string; ignored: boolean; rules: Record<string, unknown[]>; ignorePatterns: string[] };
    assert.is(printed.file, 'a.yaml');
    assert.is(printed.configFile, '.meshlint.yaml');
    assert.equal(Object.keys(printed.rules).sort(), allRules.map((r) => r.name).sort(), 'every rule is listed');
    assert.equal(printed.rules['yaml-nonstring-value'], ['warn']);
    assert.equal(printed.rules['duplicate-key'], ['error'], '--rule applies');
    for (const r of allRules) {
      if (r.name === 'yaml-nonstring-value' || r.name === 'duplicate-key') continue;
      assert.equal(printed.rules[r.name], [r.meta.docs.defaultLevel], `${r.name} has its default level`);
    }
    assert.equal(printed.ignorePatterns, ['vendor/']);
    assert.is(printed.ignored, false);
    assert.is((JSON.parse(cli(['--print-config', 'vendor/x.yaml'], { cwd: t.dir }).stdout) as { ignored: boolean }).ignored, true);
  });
});

test('"meshlint rules" lists every rule id with its level', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  duplicate-key: warn\n');
    const run = cli(['rules'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    const rows = run.stdout.trimEnd().split('\n').map((l) => l.split(/\s+/));
    assert.equal(rows.map((r) => r[0]), allRules.map((r) => r.name));
    assert.equal(rows.find((r) => r[0] === 'duplicate-key')?.[1], 'warn', 'the config is applied');
    assert.equal(rows.find((r) => r[0] === 'yaml-nonstring-value')?.[1], 'error');
  });
});

test('a label selector option is parsed when the config is read', () => {
  const good = validateConfig({ rules: { 'startup-order-hold': ['warn', { ignore: 'app in (batch),tier!=web' }] } }, 'c.yaml', rulesById);
  assert.equal(good.rules['startup-order-hold']?.options, [{ ignore: 'app in (batch),tier!=web' }]);
  assert.throws(
    () => validateConfig({ rules: { 'startup-order-hold': ['warn', { ignore: 'app in ((' }] } }, 'c.yaml', rulesById),
    (e: Error) => e instanceof ConfigError && e.message.includes('options[0].ignore: not a label selector'),
  );
});

test('helm and kustomize sections: paths are relative to the config file; mistakes name the key', () => {
  const config = validateConfig(
    { helm: { renderCharts: true, charts: [{ path: 'charts/shop', namespace: 'shop', values: ['v.yaml'], valuesSets: [[], ['p.yaml']] }] }, kustomize: { overlays: ['overlays/prod'] } },
    '/repo/.meshlint.yaml',
    rulesById,
  );
  assert.equal(config.helm.charts[0]?.path, '/repo/charts/shop');
  assert.equal(config.helm.charts[0]?.values, ['/repo/v.yaml']);
  assert.equal(config.helm.charts[0]?.valuesSets, [[], ['/repo/p.yaml']]);
  assert.equal(config.kustomize, { overlays: ['/repo/overlays/prod'], renderOverlays: false });
  const mistakes: [unknown, RegExp][] = [
    [{ helm: { chart: [] } }, /helm\.chart: unknown key \(did you mean "charts"\?\); known keys: renderCharts, charts/],
    [{ helm: { charts: [{ release: 'x' }] } }, /helm\.charts\[0\].*path/],
    [{ helm: { charts: [{ path: 'c', valuesSets: ['a.yaml'] }] } }, /helm\.charts\[0\]\.valuesSets\[0\]/],
    [{ helm: { charts: [{ path: 'c', namespace: 'Shop' }] } }, /helm\.charts\[0\]\.namespace: is not a valid namespace name/],
    [{ kustomize: { overlays: 'overlays/prod' } }, /kustomize\.overlays/],
    // A repository's config never chooses a program or reaches outside the repository.
    [{ helm: { binary: './tools/helm' } }, /helm\.binary: a configuration cannot name a program to run.*--helm-binary PATH or set MESHLINT_HELM/],
    [{ helm: { binary: 'sh', renderCharts: true } }, /helm\.binary: a configuration cannot name a program/],
    [{ kustomize: { binary: 'node' } }, /kustomize\.binary: a configuration cannot name a program.*--kustomize-binary PATH or set MESHLINT_KUSTOMIZE/],
    [{ helm: { charts: [{ path: 'c', release: '--post-renderer=./pr.sh' }] } }, /helm\.charts\[0\]\.release: is not a Helm release name/],
    [{ helm: { charts: [{ path: 'c', release: 'a'.repeat(54) }] } }, /helm\.charts\[0\]\.release: is not a Helm release name/],
    [{ helm: { charts: [{ path: 'c', kubeVersion: '--x' }] } }, /helm\.charts\[0\]\.kubeVersion: must be a Kubernetes version/],
    [{ helm: { charts: [{ path: 'c', apiVersions: ['--post-renderer=x'] }] } }, /helm\.charts\[0\]\.apiVersions\[0\]: must be group\/version/],
    [{ helm: { charts: [{ path: '../elsewhere' }] } }, /helm\.charts\[0\]\.path: "\.\.\/elsewhere" is outside the repository/],
    [{ helm: { charts: [{ path: 'c', values: ['/etc/passwd'] }] } }, /helm\.charts\[0\]\.values\[0\]: "\/etc\/passwd" is outside the repository/],
    [{ helm: { charts: [{ path: 'c', valuesSets: [['../../x.yaml']] }] } }, /helm\.charts\[0\]\.valuesSets\[0\]\[0\]: .* is outside the repository/],
    [{ kustomize: { overlays: ['/'] } }, /kustomize\.overlays\[0\]: "\/" is outside the repository/],
    [{ context: ['/'] }, /context\[0\]: "\/" is outside the repository/],
    [{ ignorePatterns: ['../../**'] }, /ignorePatterns\[0\]: .* reaches above the config file's folder/],
  ];
  for (const [raw, message] of mistakes) {
    assert.throws(() => validateConfig(raw, '/repo/.meshlint.yaml', rulesById), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(raw));
  }
  // A config below the repository's root may name its siblings, not what lies above the root.
  const nested = validateConfig({ context: ['../platform'], helm: { charts: [{ path: '../charts/shop', release: 'shop.v2' }] } }, '/repo/apps/.meshlint.yaml', rulesById, { root: '/repo' });
  assert.equal(nested.context, ['/repo/platform']);
  assert.equal(nested.helm.charts[0]?.path, '/repo/charts/shop');
  assert.throws(() => validateConfig({ context: ['../../x'] }, '/repo/apps/.meshlint.yaml', rulesById, { root: '/repo' }), /context\[0\]: "\.\.\/\.\.\/x" is outside the repository \(the folder holding \.git\)/);
});

type Node = { $ref?: string; properties?: Record<string, Node>; additionalProperties?: boolean | Node; items?: Node; anyOf?: Node[]; description?: string; type?: unknown };
const SCHEMA = JSON.parse(readFileSync(new URL('../schema/meshlint.schema.json', import.meta.url), 'utf8')) as Node & { definitions: Record<string, Node> };
const deref = (n: Node): Node => (n.$ref ? { ...(SCHEMA.definitions[n.$ref.replace('#/definitions/', '')] ?? {}), ...n, $ref: undefined } : n);

test('the JSON Schema covers every key of examples/.meshlint.yaml, each property with a description for completion', () => {
  const example = parseYaml(readFileSync(new URL('../examples/.meshlint.yaml', import.meta.url), 'utf8')) as unknown;
  const keys: string[] = [];
  const walk = (value: unknown, node: Node, path: string): void => {
    const n = deref(node);
    if (Array.isArray(value)) {
      value.forEach((v, i) => n.items && walk(v, n.items, `${path}[${i}]`));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      const key = path ? `${path}.${k}` : k;
      keys.push(key);
      const own = n.properties?.[k] ?? (typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined);
      assert.ok(own, `${key} is in the schema`);
      if (own) walk(v, own, key);
    }
  };
  walk(example, SCHEMA, '');
  assert.ok(keys.includes('istio.holdApplicationUntilProxyStarts') && keys.includes('rules.duplicate-key'), keys.join(', '));
  // Every key the schema names says what it is.
  const described = (n: Node, path: string): void => {
    for (const [k, p] of Object.entries(n.properties ?? {})) {
      assert.ok(p.description, `${path}${k} has a description`);
      described(deref(p), `${path}${k}.`);
      const items = deref(p).items;
      if (items) described(deref(items), `${path}${k}[].`);
    }
  };
  described(SCHEMA, '');
  // The schema is what validateConfig applies: the example as a whole is accepted.
  validateConfig(example, '/repo/.meshlint.yaml', rulesById);
});

test('the schema lists every rule with its description and options (else: npm run schema)', () => {
  assert.equal(SCHEMA.properties?.rules, rulesSchema(allRules));
  const ids = Object.keys((SCHEMA.properties?.rules as Node).properties ?? {});
  assert.equal(ids, allRules.map((r) => r.name).sort());
  // The options a rule takes are checked by the schema, as editors check them.
  assert.throws(() => validateConfig({ rules: { 'proxy-uid-conflict': ['warn', { allowInitContainer: true }] } }, 'c.yaml', rulesById), /rules\.proxy-uid-conflict: options\[0\]\.allowInitContainer: unknown key \(did you mean "allowInitContainers"\?\)/);
});

test('the schema ships in the package, and the README names it for editors', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] };
  assert.ok(pkg.files.includes('schema/meshlint.schema.json'), pkg.files.join(', '));
  assert.ok(readFileSync(new URL('../README.md', import.meta.url), 'utf8').includes('# yaml-language-server: $schema='), 'README: the modeline');
});

test('a misspelt key, at any depth, is named with the nearest key the schema knows there', () => {
  const cases: [unknown, RegExp][] = [
    [{ ignorePattern: [] }, /: ignorePattern: unknown key \(did you mean "ignorePatterns"\?\)/],
    [{ istio: { verison: '1.28' } }, /: istio\.verison: unknown key \(did you mean "version"\?\)/],
    [{ istio: { holdApplicationUntilProxyStart: true } }, /istio\.holdApplicationUntilProxyStart: unknown key \(did you mean "holdApplicationUntilProxyStarts"\?\)/],
    [{ helm: { charts: [{ path: 'c', valueSets: [] }] } }, /helm\.charts\[0\]\.valueSets: unknown key \(did you mean "valuesSets"\?\)/],
    [{ namespaces: { shop: { label: {} } } }, /namespaces\.shop\.label: unknown key \(did you mean "labels"\?\)/],
    [{ baseLine: 'b.json' }, /baseLine: unknown key \(did you mean "baseline"\?\)/],
  ];
  for (const [raw, message] of cases) {
    assert.throws(() => validateConfig(raw, '/repo/.meshlint.yaml', rulesById), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(raw));
  }
  // Far from any key: no guess, the known keys are listed.
  assert.throws(() => validateConfig({ zzz: 1 }, '/repo/.meshlint.yaml', rulesById), (e: Error) => !e.message.includes('did you mean') && e.message.includes('known keys: rules, ignorePatterns'));
});

test('schema mistakes name the key as a path and say what is expected', () => {
  const mistakes: [unknown, RegExp][] = [
    [{ istio: { cni: 'yes' } }, /istio\.cni: must be true or false \(got the string "yes"\)/],
    [{ istio: { injectionPolicy: 'maybe' } }, /istio\.injectionPolicy: must be one of "enabled", "disabled" \(got "maybe"\)/],
    [{ istio: { nativeSidecars: 'sometimes' } }, /istio\.nativeSidecars: must be true, false or "auto"/],
    [{ ignorePatterns: 'vendor/' }, /ignorePatterns: must be a list of strings \(got the string "vendor\/"\)/],
    [{ defaultNamespace: 'Shop' }, /defaultNamespace: is not a valid namespace name/],
    [{ namespaces: { Shop: {} } }, /namespaces\.Shop: is not a valid namespace name/],
    [{ rules: { 'webhook-overlap': ['warn', { scope: 'cluster' }] } }, /rules\.webhook-overlap: options\[0\]\.scope: must be one of "file", "all" \(got "cluster"\)/],
    [{ rules: { 'webhook-overlap': ['warn', {}, {}] } }, /rules\.webhook-overlap: options: takes at most 1 option\(s\), got 2/],
    [{ rules: { 'duplicate-key': ['warn', {}] } }, /rules\.duplicate-key: options: takes no options, got 1/],
    [{ baseline: 3 }, /baseline: must be a string: quote it/],
    [{ baseline: '' }, /baseline: must not be empty/],
    [{ baseline: '../../elsewhere.json' }, /baseline: "\.\.\/\.\.\/elsewhere\.json" is outside the repository/],
  ];
  for (const [raw, message] of mistakes) {
    assert.throws(() => validateConfig(raw, '/repo/apps/.meshlint.yaml', rulesById, { root: '/repo' }), (e: Error) => e instanceof ConfigError && message.test(e.message), JSON.stringify(raw));
  }
  const ok = validateConfig({ baseline: '../meshlint-baseline.json', istio: { nativeSidecars: false, version: '1.28' } }, '/repo/apps/.meshlint.yaml', rulesById, { root: '/repo' });
  assert.is(ok.baseline, '/repo/meshlint-baseline.json');
  assert.equal(ok.istio, { version: '1.28', nativeSidecars: 'false' });
});

test('a config reads the same whichever parser reads it: the fast path only where YAML 1.2 and go-yaml agree', () => {
  const configs = [
    'rules:\n  host-network: warn\n',
    'istio:\n  version: "1.26"\n  revisions: [canary, stable]\nhelm:\n  renderCharts: true\n  charts:\n    - { path: charts/app, namespace: shop }\n',
    '{"rules": {"startup-order-hold": ["warn", {"ignore": "app in (a)"}]}, "defaultNamespace": "shop"}',
    'namespaces:\n  shop:\n    labels: {istio-injection: enabled, n: 10, f: 1.30, t: true}\n',
    // read apart: YAML 1.2 keeps these strings (go-yaml v2 would make booleans, numbers, a date)
    'helm:\n  renderCharts: yes\n',
    'namespaces:\n  shop:\n    labels: {a: on, b: 0777, c: 1_000, d: 2024-01-02, e: ~, f: 0o17}\n',
    'a: &x {b: 1}\nc: *x\n',
    '', '# only a comment\n', '- a\n', 'a: [1, 2\n',
  ];
  // the yaml path's own checks: a key written twice, a long string
  const refused = ['rules: {}\nrules: {}\n', `defaultNamespace: ${'n'.repeat(5000)}\n`];
  withTemp((t) => {
    for (const [i, text] of configs.entries()) {
      const file = t.write(`c${i}/.meshlint.yaml`, text);
      const reference = (): unknown => {
        const parsed = parseYamlWithinLimits(text, { uniqueKeys: false, prettyErrors: false });
        return 'problem' in parsed || parsed.doc.errors.length > 0 ? 'error' : plainValue(parsed.doc);
      };
      let got: unknown;
      try {
        got = readConfigFile(file);
      } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        got = 'error';
      }
      const want = reference();
      if (want !== 'error' || got !== 'error') assert.equal(got, want, JSON.stringify(text.slice(0, 80)));
    }
    for (const [i, text] of refused.entries()) assert.throws(() => readConfigFile(t.write(`r${i}/.meshlint.yaml`, text)), (e: Error) => e instanceof ConfigError, text.slice(0, 40));
  });
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('.meshlint.yaml', 'helm:\n  renderCharts: yes\n');
    t.write('a.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n');
    assertConfigError(cli(['a.yaml'], { cwd: t.dir }), '.meshlint.yaml', 'helm.renderCharts');
  });
});

test.run();
