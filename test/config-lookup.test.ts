// One config lookup for every shell: each linted file takes the nearest .meshlint.yaml above
// it (up to the folder holding .git), wherever meshlint runs from. Run from a parent folder,
// the CLI, the ESLint plugin and the language server report the same findings on files under
// a nested config.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, cli, parseJsonReport, tempDir, webDeployment, withTemp } from './helpers/cli.ts';
import { startLsp, stopLsp } from './helpers/lsp.ts';

type Plugin = typeof import('../src/eslint/plugin.ts').default;
// The built bundle, as `import meshlint from 'meshlint/eslint-plugin'` loads it.
const SPECIFIER = 'meshlint/eslint-plugin';
const plugin = ((await import(SPECIFIER)) as { default: Plugin }).default;

/**
 * A repository whose root config says Namespace shop has injection off, and whose apps/ config
 * says it is on and ignores skipped.yaml. The same hostNetwork Deployment is clean at the top
 * and an injection-host-network error under apps/.
 */
const FILES: Record<string, string> = {
  'repo/.git/HEAD': 'ref: refs/heads/main\n',
  'repo/.meshlint.yaml': 'namespaces:\n  shop:\n    labels:\n      istio-injection: disabled\n',
  'repo/apps/.meshlint.yaml': 'namespaces:\n  shop:\n    labels:\n      istio-injection: enabled\nignorePatterns: [skipped.yaml]\n',
  'repo/top/web.yaml': webDeployment(true),
  'repo/top/bad.yaml': BAD_LABEL,
  'repo/apps/web.yaml': webDeployment(true),
  'repo/apps/skipped.yaml': BAD_LABEL,
};
const LINTED = ['top/web.yaml', 'top/bad.yaml', 'apps/web.yaml', 'apps/skipped.yaml'];
const EXPECTED = ['apps/web.yaml 12:7 injection-host-network', 'top/bad.yaml 6:5 yaml-nonstring-value'];

test('run from the repository root, the CLI, the ESLint plugin and the language server agree on files under a nested config', async () => {
  const t = tempDir('meshlint-lookup-');
  try {
    for (const [rel, text] of Object.entries(FILES)) t.write(rel, text);
    const repo = t.path('repo');

    const run = cli(['-f', 'json', '.'], { cwd: repo });
    const fromCli = parseJsonReport(run).flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.line}:${m.column} ${m.ruleId}`));
    assert.equal(fromCli.sort(), EXPECTED, run.stderr);

    const eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended] });
    const results = await eslint.lintFiles(LINTED);
    const fromEslint = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(repo.length + 1)} ${m.line}:${m.column} ${String(m.ruleId).replace(/^meshlint\//, '')}`));
    assert.equal(fromEslint.sort(), EXPECTED);
  } finally {
    t.cleanup();
  }

  const s = await startLsp({ files: FILES, root: 'repo' });
  try {
    const fromLsp: string[] = [];
    for (const rel of LINTED) {
      s.open(join('repo', rel), FILES[`repo/${rel}`] ?? '');
      const diagnostics = await s.diagnostics(join('repo', rel));
      fromLsp.push(...diagnostics.filter((d) => d.code !== undefined && d.severity !== 3).map((d) => `${rel} ${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`));
    }
    assert.equal(fromLsp.sort(), EXPECTED);
  } finally {
    await stopLsp(s);
  }
});

test('--print-config FILE names the config nearest the file and every effective value, defaults included', () => {
  const t = tempDir('meshlint-lookup-');
  try {
    for (const [rel, text] of Object.entries(FILES)) t.write(rel, text);
    const repo = t.path('repo');
    const printed = JSON.parse(cli(['--print-config', 'apps/web.yaml'], { cwd: repo }).stdout) as Record<string, unknown>;
    assert.is(printed.configFile, 'apps/.meshlint.yaml', 'relative to the working directory: no machine path');
    assert.equal(printed.namespaces, { shop: { labels: { 'istio-injection': 'enabled' } } });
    assert.is((printed.istio as { version: unknown }).version, null, 'a config that states no Istio version leaves it to the inputs: no version is assumed');
    assert.equal(printed.helm, { renderCharts: false, charts: [] });
    assert.equal(printed.kustomize, { overlays: [], renderOverlays: false });
    assert.equal(printed.context, []);
    assert.is(printed.baseline, null);
    assert.is(JSON.parse(cli(['--print-config', 'apps/skipped.yaml'], { cwd: repo }).stdout).ignored, true);
    assert.is(JSON.parse(cli(['--print-config', 'top/web.yaml'], { cwd: repo }).stdout).configFile, '.meshlint.yaml');
    // --config overrides the lookup for every file.
    assert.is(JSON.parse(cli(['--config', 'apps/.meshlint.yaml', '--print-config', 'top/web.yaml'], { cwd: repo }).stdout).configFile, 'apps/.meshlint.yaml');
  } finally {
    t.cleanup();
  }
});

test('--no-config-lookup: no config file is looked for, --config alone applies, else the defaults', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    t.write('other.yaml', 'rules:\n  yaml-nonstring-value: warn\n');
    t.write('k8s/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    on: yes\n');
    const levels = (args: string[]): number[] => parseJsonReport(cli(['-f', 'json', ...args, 'k8s'], { cwd: t.dir })).flatMap((r) => r.messages.map((m) => m.severity));
    assert.equal(levels([]), [], 'the nearest config turns the rule off');
    assert.equal(levels(['--no-config-lookup']), [2], 'the defaults: an error');
    assert.equal(levels(['--no-config-lookup', '--config', 'other.yaml']), [1], '--config alone');
  });
});

test('the lookup stops at the repository root: a config above the folder holding .git does not apply', () => {
  const t = tempDir('meshlint-lookup-');
  try {
    t.write('.meshlint.yaml', 'rules:\n  yaml-nonstring-value: off\n');
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/bad.yaml', BAD_LABEL);
    const run = cli(['-f', 'json', 'repo'], { cwd: t.dir });
    assert.equal(parseJsonReport(run).flatMap((r) => r.messages.map((m) => m.ruleId)), ['yaml-nonstring-value']);
    assert.is(JSON.parse(cli(['--print-config', 'bad.yaml'], { cwd: t.path('repo') }).stdout).configFile, null);
  } finally {
    t.cleanup();
  }
});

test.run();
