// The ESLint plugin (meshlint/eslint-plugin), loaded from the built bundle through the
// package's own export and run by real ESLint: the same findings as the CLI, fixes, facts
// from context paths, rule options, configuration errors, Helm charts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules, rulesById } from '../rules/index.ts';
import { validateConfig } from '../src/engine/config.ts';
import { readConfigFile } from '../src/engine/config-file.ts';
import { BAD_LABEL, INJECT_UNQUOTED, cli, parseJsonReport, shopNamespace, tempDir, webDeployment, type CliRun, type TempDir } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

type Plugin = typeof import('../src/eslint/plugin.ts').default;

const BUNDLE = join(REPO_ROOT, 'dist', 'eslint-plugin.js');
assert.ok(existsSync(BUNDLE), 'dist/eslint-plugin.js is missing: run npm run build first');
assert.ok(statSync(BUNDLE).mtimeMs >= statSync(join(REPO_ROOT, 'src', 'eslint', 'plugin.ts')).mtimeMs, 'dist/eslint-plugin.js is older than src/eslint/plugin.ts: run npm run build');
// The package's self-reference: what `import meshlint from 'meshlint/eslint-plugin'` loads.
const SPECIFIER = 'meshlint/eslint-plugin';
const plugin = ((await import(SPECIFIER)) as { default: Plugin }).default;

const EXAMPLES_SETTINGS = { meshlint: { config: 'examples/.meshlint.yaml', context: ['examples'] } };

function eslintFor(cwd: string, ...extra: Linter.Config[]): ESLint {
  return new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, ...extra] });
}

/** One line per finding, with everything the CLI's JSON and ESLint's results both carry. */
interface Row {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number | undefined;
  readonly endColumn: number | undefined;
  readonly ruleId: string | null;
  readonly severity: number;
  readonly message: string;
  readonly messageId: string | undefined;
  readonly fix: unknown;
  readonly suggestions: unknown;
}
const show = (r: Row): string => JSON.stringify(r);

function eslintRows(results: readonly ESLint.LintResult[], cwd: string): string[] {
  return results.flatMap((r) =>
    r.messages.map((m) =>
      show({
        file: r.filePath.slice(cwd.length + 1),
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        messageId: m.messageId,
        fix: m.fix ? { range: m.fix.range, text: m.fix.text } : undefined,
        suggestions: m.suggestions?.length ? m.suggestions.map((s) => ({ desc: s.desc, fix: { range: s.fix.range, text: s.fix.text } })) : undefined,
      }),
    ),
  );
}

function cliRows(run: CliRun): string[] {
  return parseJsonReport(run).flatMap((r) =>
    r.messages.map((m) => {
      const extra = m as { fix?: unknown; suggestions?: unknown };
      return show({
        file: r.filePath,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ruleId: `meshlint/${m.ruleId}`,
        severity: m.severity,
        message: m.message,
        messageId: m.messageId,
        fix: extra.fix,
        suggestions: extra.suggestions,
      });
    }),
  );
}

const sorted = (rows: readonly string[]): string[] => [...rows].sort();

/** ESLint rule levels as a .meshlint.yaml sets them: ESLint's config decides levels, so a project states them there. */
function levelsOf(configFile: string): Linter.RulesRecord {
  const config = validateConfig(readConfigFile(configFile), configFile, rulesById);
  return Object.fromEntries(Object.entries(config.rules).map(([id, s]) => [`meshlint/${id}`, [s.level, ...s.options]])) as Linter.RulesRecord;
}

async function inTemp<T>(files: Record<string, string>, fn: (t: TempDir) => Promise<T>): Promise<T> {
  const t = tempDir('meshlint-eslint-');
  try {
    for (const [rel, text] of Object.entries(files)) t.write(rel, text);
    return await fn(t);
  } finally {
    t.cleanup();
  }
}

async function lintFile(cwd: string, file: string, ...extra: Linter.Config[]): Promise<Linter.LintMessage[]> {
  const [result] = await eslintFor(cwd, ...extra).lintFiles([file]);
  return result?.messages ?? [];
}

const brief = (messages: readonly Linter.LintMessage[]): string[] => messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.severity}`);

// ---------------------------------------------------------------- the plugin object

test('the plugin: one ESLint rule per meshlint rule, recommended at meshlint\'s default levels, with the YAML parser', () => {
  assert.equal(plugin.meta.name, 'meshlint');
  assert.equal(plugin.meta.version, (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  assert.equal(Object.keys(plugin.rules).sort(), allRules.map((r) => r.name).sort());
  const [recommended] = plugin.configs.recommended;
  assert.equal(recommended?.files, ['**/*.yaml', '**/*.yml']);
  assert.is(recommended?.plugins?.meshlint, plugin);
  assert.equal(recommended?.rules, Object.fromEntries(allRules.map((r) => [`meshlint/${r.name}`, r.meta.docs.defaultLevel])));
  for (const r of allRules) {
    const meta = plugin.rules[r.name]?.meta;
    assert.is(meta?.fixable, r.meta.fixable, `${r.name}: fixable`);
    assert.is(Boolean(meta?.hasSuggestions), Boolean(r.meta.hasSuggestions), `${r.name}: hasSuggestions`);
  }
});

// ---------------------------------------------------------------- the same findings as the CLI

test('examples/: ESLint finds exactly what the CLI finds (position, rule, severity, message, fix, suggestions)', async () => {
  const cliRun = cli(['-c', 'examples/.meshlint.yaml', '-f', 'json', 'examples/'], { cwd: REPO_ROOT });
  const expected = sorted(cliRows(cliRun));
  assert.ok(expected.length > 20, `the CLI finds something in examples/ (${expected.length})`);
  const eslint = eslintFor(REPO_ROOT, { settings: EXAMPLES_SETTINGS }, { rules: levelsOf(join(REPO_ROOT, 'examples/.meshlint.yaml')) });
  const results = await eslint.lintFiles(['examples/**/*.{yaml,yml}']);
  assert.equal(sorted(eslintRows(results, REPO_ROOT)), expected);
  // Lower-severity findings of error rules (a hostNetwork pod only its namespace asks to inject) stay warnings.
  assert.ok(expected.some((r) => r.includes('"messageId":"namespaceOnly"') && r.includes('"severity":1')));
});

test('examples/ with the recommended config alone: only the levels .meshlint.yaml changes differ from the CLI', async () => {
  const configFile = join(REPO_ROOT, 'examples/.meshlint.yaml');
  const config = validateConfig(readConfigFile(configFile), configFile, rulesById);
  const changed = new Set(allRules.filter((r) => config.rules[r.name] && config.rules[r.name]?.level !== r.meta.docs.defaultLevel).map((r) => `meshlint/${r.name}`));
  assert.ok(changed.has('meshlint/unused-disable-directive'), 'the example config turns on a rule that is off by default');
  const results = await eslintFor(REPO_ROOT, { settings: EXAMPLES_SETTINGS }).lintFiles(['examples/**/*.{yaml,yml}']);
  const got = eslintRows(results, REPO_ROOT);
  const cliAll = cliRows(cli(['-c', 'examples/.meshlint.yaml', '-f', 'json', 'examples/'], { cwd: REPO_ROOT }));
  const isChanged = (row: string): boolean => changed.has((JSON.parse(row) as Row).ruleId ?? '');
  assert.equal(sorted(got.filter((r) => !isChanged(r))), sorted(cliAll.filter((r) => !isChanged(r))));
  assert.equal(got.filter(isChanged), [], 'off in the recommended config: ESLint decides');
  assert.ok(cliAll.some(isChanged), 'the CLI reports the rule the config turned on');
});

// ---------------------------------------------------------------- severity

test('severity comes from the ESLint config: warn, off', async () => {
  await inTemp({ 'bad.yaml': BAD_LABEL }, async (t) => {
    assert.equal(brief(await lintFile(t.dir, 'bad.yaml')), ['6:5 meshlint/yaml-nonstring-value 2']);
    assert.equal(brief(await lintFile(t.dir, 'bad.yaml', { rules: { 'meshlint/yaml-nonstring-value': 'warn' } })), ['6:5 meshlint/yaml-nonstring-value 1']);
    assert.equal(brief(await lintFile(t.dir, 'bad.yaml', { rules: { 'meshlint/yaml-nonstring-value': 'off' } })), []);
  });
});

// ---------------------------------------------------------------- fixes

test('fix: ESLint\'s output equals meshlint --fix, BOM and comments kept', async () => {
  const text = `${BAD_LABEL}---\n${INJECT_UNQUOTED}`;
  for (const content of [text, `\ufeff${text}`]) {
    await inTemp({ 'a.yaml': content }, async (t) => {
      const [result] = await new ESLint({ cwd: t.dir, fix: true, overrideConfigFile: true, overrideConfig: plugin.configs.recommended }).lintFiles(['a.yaml']);
      assert.ok(result?.output !== undefined, 'ESLint fixed something');
      assert.equal(result?.messages, [], 'nothing left after fixing');
      const run = cli(['--fix', 'a.yaml'], { cwd: t.dir });
      assert.is(run.code, 0, run.stdout + run.stderr);
      const fixed = readFileSync(t.path('a.yaml'), 'utf8');
      assert.is.not(fixed, content);
      assert.is(result?.output, fixed);
      assert.ok(fixed.includes('feature-enabled: "true" # turned on by hand'), fixed);
    });
  }
});

test('suggestions: ESLint applies the same edit as meshlint\'s suggestion', async () => {
  const [result] = await eslintFor(REPO_ROOT, { settings: EXAMPLES_SETTINGS }).lintFiles(['examples/proxy-config-invalid/bad.yaml']);
  const withSuggestion = result?.messages.find((m) => m.suggestions?.length);
  assert.ok(withSuggestion, 'a finding with a suggestion');
  const source = readFileSync(join(REPO_ROOT, 'examples/proxy-config-invalid/bad.yaml'), 'utf8');
  const s = withSuggestion?.suggestions?.[0];
  const applied = s ? source.slice(0, s.fix.range[0]) + s.fix.text + source.slice(s.fix.range[1]) : source;
  assert.is.not(applied, source);
  // The edited text no longer has that finding.
  const after = await eslintFor(REPO_ROOT, { settings: EXAMPLES_SETTINGS }).lintText(applied, { filePath: join(REPO_ROOT, 'examples/proxy-config-invalid/bad.yaml') });
  assert.not.ok(after[0]?.messages.some((m) => m.line === withSuggestion?.line && m.column === withSuggestion?.column && m.ruleId === withSuggestion?.ruleId));
});

// ---------------------------------------------------------------- facts from context paths

const NAMESPACE = shopNamespace('enabled');
const HOST_NETWORK = webDeployment(true);

test('context: the Namespace in another folder decides injection, as with the CLI\'s --context', async () => {
  await inTemp({ 'platform/namespaces.yaml': NAMESPACE, 'platform/settings.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    on: true\n', 'apps/web.yaml': HOST_NETWORK }, async (t) => {
    assert.equal(brief(await lintFile(t.dir, 'apps/web.yaml')), [], 'without the Namespace, injection is unknown');
    const messages = await lintFile(t.dir, 'apps/web.yaml', { settings: { meshlint: { context: ['platform'] } } });
    assert.equal(brief(messages), ['12:7 meshlint/injection-host-network 1']);
    const viaCli = parseJsonReport(cli(['-f', 'json', '--context', 'platform', 'apps/web.yaml'], { cwd: t.dir }))[0]?.messages[0];
    assert.is(messages[0]?.message, viaCli?.message);
  });
});

test('context: the linted file\'s own copy on disk is not a fact; ESLint\'s (unsaved) text is', async () => {
  // On disk the file holds the Namespace that turns injection on; the edited text no longer does.
  await inTemp({ 'apps/web.yaml': `${NAMESPACE}---\n${HOST_NETWORK}` }, async (t) => {
    const eslint = eslintFor(t.dir, { settings: { meshlint: { context: ['.'] } } });
    const saved = await eslint.lintFiles(['apps/web.yaml']);
    assert.equal(brief(saved[0]?.messages ?? []), ['19:7 meshlint/injection-host-network 1']);
    const edited = await eslint.lintText(HOST_NETWORK, { filePath: t.path('apps/web.yaml') });
    assert.equal(brief(edited[0]?.messages ?? []), [], 'the Namespace was removed in the editor');
  });
});

test('a Flux repository: ESLint places files as the CLI does (a targetNamespace, one cluster\'s Namespaces)', async () => {
  const kustomization = (name: string, path: string, target = ''): string =>
    `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: { name: ${name}, namespace: flux-system }\nspec:\n  path: ${path}\n${target ? `  targetNamespace: ${target}\n` : ''}  sourceRef: { kind: GitRepository, name: flux-system }\n`;
  await inTemp(
    {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'clusters/a/flux-system/gotk-sync.yaml': kustomization('flux-system', './clusters/a'),
      'clusters/b/flux-system/gotk-sync.yaml': kustomization('flux-system', './clusters/b'),
      'clusters/a/namespaces.yaml': NAMESPACE,
      'clusters/b/namespaces.yaml': NAMESPACE.replace('istio-injection: enabled', 'istio-injection: disabled'),
      'clusters/a/apps.yaml': kustomization('apps', './apps/a', 'shop'),
      'clusters/b/apps.yaml': kustomization('apps', './apps/b', 'shop'),
      // Declared elsewhere: the targetNamespace puts it in shop.
      'apps/a/web.yaml': HOST_NETWORK.replace('namespace: shop', 'namespace: elsewhere'),
      'apps/b/web.yaml': HOST_NETWORK.replace('namespace: shop', 'namespace: elsewhere'),
    },
    async (t) => {
      for (const file of ['apps/a/web.yaml', 'apps/b/web.yaml']) {
        const viaCli = parseJsonReport(cli(['-f', 'json', file], { cwd: t.dir })).flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} meshlint/${m.ruleId} ${m.severity}`));
        assert.equal(brief(await lintFile(t.dir, file)), viaCli, file);
      }
      assert.equal(brief(await lintFile(t.dir, 'apps/a/web.yaml')), ['12:7 meshlint/injection-host-network 1'], 'cluster a injects shop');
    },
  );
});

test('context: a missing path is an error naming the setting', async () => {
  await inTemp({ 'apps/web.yaml': HOST_NETWORK }, async (t) => {
    try {
      await lintFile(t.dir, 'apps/web.yaml', { settings: { meshlint: { context: ['nowhere'] } } });
      assert.unreachable('no error');
    } catch (e) {
      assert.match((e as Error).message, /meshlint configuration error: ESLint settings: meshlint\.context: nowhere: no such file or directory/);
    }
  });
});

test('the nearest .meshlint.yaml above the file, read again when it changes', async () => {
  const config = (injection: string): string => `namespaces:\n  shop:\n    labels: { istio-injection: ${injection} }\n`;
  await inTemp({ 'apps/web.yaml': HOST_NETWORK, 'apps/.meshlint.yaml': config('enabled') }, async (t) => {
    const eslint = eslintFor(t.dir);
    assert.equal(brief((await eslint.lintFiles(['apps/web.yaml']))[0]?.messages ?? []), ['12:7 meshlint/injection-host-network 1']);
    t.write('apps/.meshlint.yaml', config('disabled'));
    assert.equal(brief((await eslint.lintFiles(['apps/web.yaml']))[0]?.messages ?? []), []);
  });
});

// ---------------------------------------------------------------- options and configuration errors

test('rule options in the ESLint config: the same findings as the CLI with those options', async () => {
  const options = ['warn', { ignore: 'app=ledger' }] as const;
  const file = 'examples/startup-order-hold/bad.yaml';
  const all = await lintFile(REPO_ROOT, file, { settings: EXAMPLES_SETTINGS });
  const withOptions = await lintFile(REPO_ROOT, file, { settings: EXAMPLES_SETTINGS }, { rules: { 'meshlint/startup-order-hold': [...options] } });
  const viaCli = cli(['-c', 'examples/.meshlint.yaml', '-f', 'json', '--rule', `startup-order-hold=${JSON.stringify(options)}`, file], { cwd: REPO_ROOT });
  assert.equal(brief(all), ['16:9 meshlint/startup-order-hold 1', '37:9 meshlint/startup-order-hold 1']);
  assert.equal(brief(withOptions), ['16:9 meshlint/startup-order-hold 1'], 'the ledger Deployment is ignored');
  assert.equal(sorted(eslintRows([{ filePath: join(REPO_ROOT, file), messages: withOptions } as ESLint.LintResult], REPO_ROOT)), sorted(cliRows(viaCli)));
});

test('bad rule options: ESLint\'s schema check, then the engine\'s (label selector syntax)', async () => {
  const file = 'examples/startup-order-hold/bad.yaml';
  const fails = async (rule: Linter.RuleEntry, pattern: RegExp): Promise<void> => {
    try {
      await lintFile(REPO_ROOT, file, { rules: { 'meshlint/startup-order-hold': rule } });
      assert.unreachable('no error');
    } catch (e) {
      assert.match((e as Error).message, pattern);
    }
  };
  await fails(['warn', { ignroe: 'app=web' }], /meshlint\/startup-order-hold.*invalid|additional properties/is);
  await fails(['warn', { ignore: 'app in (web' }], /meshlint configuration error: ESLint config: rules\["meshlint\/startup-order-hold"\]: options\[0\]\.ignore: /);
});

test('configuration errors name the file and the key', async () => {
  await inTemp({ 'a.yaml': BAD_LABEL, '.meshlint.yaml': 'rules:\n  duplicate-kee: warn\n' }, async (t) => {
    try {
      await lintFile(t.dir, 'a.yaml');
      assert.unreachable('no error');
    } catch (e) {
      const message = (e as Error).message;
      assert.match(message, /meshlint configuration error: /);
      assert.ok(message.includes(`${t.path('.meshlint.yaml')}: rules.duplicate-kee: unknown rule`), message);
      assert.match(message, /duplicate-key/, 'suggests the rule meant');
    }
    // Edited in a running session (an editor's ESLint server): read again.
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    assert.equal(brief(await lintFile(t.dir, 'a.yaml')), ['6:5 meshlint/yaml-nonstring-value 2'], 'levels come from ESLint, not from .meshlint.yaml');
    try {
      await lintFile(t.dir, 'a.yaml', { settings: { meshlint: { contxt: ['.'] } } });
      assert.unreachable('no error');
    } catch (e) {
      assert.match((e as Error).message, /ESLint settings: meshlint\.contxt: unknown key \(did you mean "context"\?\)/);
    }
    try {
      await lintFile(t.dir, 'a.yaml', { settings: { meshlint: { istioVersion: 1.3 } } });
      assert.unreachable('no error');
    } catch (e) {
      assert.match((e as Error).message, /ESLint settings: meshlint\.istioVersion: must be an Istio version/);
    }
  });
});

// ---------------------------------------------------------------- charts, ignores, files the YAML parser rejects

test('a Helm chart: nothing on its Chart.yaml, templates and values (as the CLI, which says it in a note)', async () => {
  const results = await eslintFor(REPO_ROOT, { settings: EXAMPLES_SETTINGS }).lintFiles(['examples/helm-chart/**/*.yaml']);
  const rows = results.map((r) => `${r.filePath.slice(REPO_ROOT.length + 1)}: ${brief(r.messages).join(', ')}`).sort();
  assert.equal(rows, [
    'examples/helm-chart/Chart.yaml: ',
    'examples/helm-chart/templates/export.yaml: ',
    'examples/helm-chart/templates/web.yaml: ',
    'examples/helm-chart/values-prod.yaml: ',
    'examples/helm-chart/values.yaml: ',
  ]);
});

test('a chart the config has the CLI render, and files the config ignores: nothing', async () => {
  await inTemp(
    {
      'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 0.1.0\n',
      'chart/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n',
      'generated/bad.yaml': BAD_LABEL,
      'bad.yaml': BAD_LABEL,
      '.meshlint.yaml': 'ignorePatterns: ["generated/**"]\nhelm:\n  renderCharts: true\n',
    },
    async (t) => {
      const results = await eslintFor(t.dir).lintFiles(['**/*.yaml']);
      const rows = results.map((r) => `${r.filePath.slice(t.dir.length + 1)}: ${brief(r.messages).join(', ')}`).sort();
      // .meshlint.yaml is YAML too; not a Kubernetes object, it has nothing to report (nor with the CLI).
      assert.equal(rows, ['.meshlint.yaml: ', 'bad.yaml: 6:5 meshlint/yaml-nonstring-value 2', 'chart/Chart.yaml: ', 'chart/templates/cm.yaml: ', 'generated/bad.yaml: ']);
      assert.equal(cliRows(cli(['-f', 'json', 'bad.yaml', 'generated/bad.yaml'], { cwd: t.dir })).map((r) => (JSON.parse(r) as Row).file), ['bad.yaml'], 'the CLI skips the ignored file too');
    },
  );
});

test('YAML the parser rejects (duplicate keys): meshlint still reports, and eslint-disable comments work', async () => {
  const dup = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    app: web\n    app: api\n';
  await inTemp({ 'dup.yaml': dup, 'quiet.yaml': dup.replace('    app: api', '    # eslint-disable-next-line meshlint/duplicate-key -- generated\n    app: api') }, async (t) => {
    const [loud, quiet] = await eslintFor(t.dir).lintFiles(['dup.yaml', 'quiet.yaml']);
    assert.equal(brief(loud?.messages ?? []), ['7:5 meshlint/duplicate-key 2']);
    assert.equal(brief(quiet?.messages ?? []), [], 'suppressed by the comment');
    assert.is(quiet?.suppressedMessages.length, 1);
  });
});

test('bytes ESLint cannot read as they are: invalid UTF-8 is the parse error the CLI gives; UTF-16 says why it is not linted here', async () => {
  await inTemp({}, async (t) => {
    t.write('latin1.yaml', Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: caf\xe9\n  labels:\n    on: yes\n', 'latin1'));
    t.write('utf16.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BAD_LABEL, 'utf16le')]));
    const viaCli = cli(['-f', 'json', 'latin1.yaml'], { cwd: t.dir });
    const [latin1, utf16] = await eslintFor(t.dir).lintFiles(['latin1.yaml', 'utf16.yaml']);
    // ESLint hands over U+FFFD for the byte; the CLI refuses the file: so does the plugin, with the same finding.
    assert.equal(sorted(eslintRows([latin1 as ESLint.LintResult], t.dir)), sorted(cliRows(viaCli)));
    assert.equal(brief(utf16?.messages ?? []), ['1:1 meshlint/parse-error 2']);
    assert.match(utf16?.messages[0]?.message ?? '', 'UTF-16LE text, which ESLint reads as UTF-8');
    // Unsaved text in an editor is the truth: the same bytes on disk do not matter once the text differs.
    const [edited] = await eslintFor(t.dir).lintText('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: caf\ufffd\n', { filePath: join(t.dir, 'latin1.yaml') });
    assert.equal(brief(edited?.messages ?? []), []);
  });
});

test('lines as ESLint counts them: a U+2028 in a quoted string moves the finding down one line', async () => {
  // In a quoted string, go-yaml (and so the CLI) keeps U+2028 as text; ESLint ends a line there.
  const text = BAD_LABEL.replace('  name: settings\n', '  name: settings\n  annotations:\n    note: "one\u2028two"\n');
  await inTemp({ 'a.yaml': text }, async (t) => {
    const cliLine = parseJsonReport(cli(['-f', 'json', 'a.yaml'], { cwd: t.dir }))[0]?.messages[0]?.line;
    const [m] = await lintFile(t.dir, 'a.yaml');
    assert.is(cliLine, 8);
    assert.is(m?.line, 9);
    assert.is(m?.column, 5);
    // The position is the same key: the fix lands where the CLI's does.
    const [fixed] = await new ESLint({ cwd: t.dir, fix: true, overrideConfigFile: true, overrideConfig: plugin.configs.recommended }).lintFiles(['a.yaml']);
    assert.ok(fixed?.output?.includes('feature-enabled: "true"'), fixed?.output);
  });
});

test.run();
