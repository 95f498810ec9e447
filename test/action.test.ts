// The GitHub Action, run as the runner runs it: the committed bundle (dist/action.js) with
// INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, workflow commands read
// back from stdout. Also: the committed bundle is the one the sources build. Pull requests
// are simulated with a scratch git repository and a pull_request event payload.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { cli, parseJsonReport, withTemp, type TempDir } from './helpers/cli.ts';
import { sarifValidator } from './helpers/sarif.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { testBinary } from './helpers/binaries.ts';
import { parseListInput, splitWords } from '../src/action/args.ts';
import { baseShaOf, chooseMode, effectiveFailOn, failureLine, fitDiffSummary } from '../src/action/action.ts';
import { formatSummary } from '../src/format/summary.ts';
import { VERSION } from '../src/common/meta.ts';
import type { LintMessage, LintResult } from '../src/common/types.ts';
import { skipping } from './helpers/skip.ts';

const BUNDLE = join(REPO_ROOT, 'dist', 'action.js');

interface ActionRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  readonly summary: string;
  readonly annotations: { kind: string; props: Record<string, string>; message: string }[];
}

/** Parses $GITHUB_OUTPUT as the runner does: `name<<DELIM` … `DELIM` blocks, or name=value lines. */
function readOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delim] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delim; i++) value.push(lines[i] ?? '');
      out[name] = value.join('\n');
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

const unescape = (s: string): string => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

function runAction(t: TempDir, inputs: Record<string, string>, cwd = REPO_ROOT, runner: NodeJS.ProcessEnv = {}): ActionRun {
  const output = t.write('runner/output', '');
  const summary = t.write('runner/summary', '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // The test runner's network guard (scripts/test.mjs), kept for the Action as for every child.
    NODE_OPTIONS: process.env.NODE_OPTIONS,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: cwd,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/platform',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    ...runner,
  };
  // The runner's own naming: INPUT_ + the name in upper case, spaces as "_", "-" kept.
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  const r = spawnSync(process.execPath, [BUNDLE], { cwd, env, encoding: 'utf8' });
  const annotations = r.stdout.split('\n').flatMap((line) => {
    const m = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!m) return [];
    const props = Object.fromEntries((m[2] ?? '').split(',').filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), unescape(p.slice(p.indexOf('=') + 1))]));
    return [{ kind: m[1] ?? '', props, message: unescape(m[3] ?? '') }];
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, outputs: readOutputs(readFileSync(output, 'utf8')), summary: readFileSync(summary, 'utf8'), annotations };
}

test('action.yml: node24, the committed bundle, the documented inputs and outputs', () => {
  const action = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; main: string }; inputs: Record<string, { default?: string }>; outputs: Record<string, unknown> };
  assert.is(action.runs.using, 'node24');
  assert.is(action.runs.main, 'dist/action.js');
  for (const name of ['paths', 'config', 'format', 'sarif-file', 'fail-on', 'diff', 'annotations', 'helm-chart', 'kustomize', 'istio-version']) assert.ok(action.inputs[name], `input ${name}`);
  assert.is(action.inputs.format?.default, 'sarif');
  assert.is(action.inputs['sarif-file']?.default, 'meshlint.sarif');
  assert.is(action.inputs.diff?.default, 'auto');
  assert.is(action.inputs['fail-on']?.default, '', 'empty: new-error on a pull request diff, error otherwise');
  assert.equal(Object.keys(action.outputs).sort(), ['charts-missing', 'errors', 'mode', 'pull-commands', 'sarif-file', 'sidecars-lost', 'warnings']);
  assert.is(action.inputs.command?.default, 'lint');
  assert.ok(existsSync(BUNDLE), 'dist/action.js is committed');
});

test('the committed dist/action.js is what the sources build (else: npm run build:action, and commit it)', () => {
  withTemp((t) => {
    const fresh = t.path('action.js');
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--action', fresh], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    const same = readFileSync(fresh, 'utf8') === readFileSync(BUNDLE, 'utf8');
    assert.ok(same, 'dist/action.js is out of date with src/: run "npm run build:action" and commit dist/action.js');
    // @actions/core's unused OIDC client (undici) and platform probe (exec) are left out.
    assert.not.match(readFileSync(BUNDLE, 'utf8'), /undici|ProxyAgent|@actions\/exec|@actions\/http-client/, 'the Action bundle carries no HTTP client');
  });
});

test('a failing run: SARIF for code scanning, 10+10 annotations at most, the summary lists all, outputs count all', () => {
  withTemp((t) => {
    const sarifFile = t.path('out/meshlint.sarif');
    const r = runAction(t, { paths: 'examples/', config: 'examples/.meshlint.yaml', 'sarif-file': sarifFile });
    const expected = parseJsonReport(cli(['-c', 'examples/.meshlint.yaml', '-f', 'json', 'examples/'], { cwd: REPO_ROOT }));
    const errors = expected.reduce((n, f) => n + f.errorCount, 0);
    const warnings = expected.reduce((n, f) => n + f.warningCount, 0);
    assert.ok(errors > 10 && warnings > 10, 'the examples have more than 10 of each: the cap is exercised');

    assert.is(r.code, 1, 'fail-on: error (the default) fails the step');
    assert.equal(r.outputs, { 'sarif-file': sarifFile, errors: String(errors), warnings: String(warnings), 'sidecars-lost': '', mode: 'lint' });

    const located = r.annotations.filter((a) => a.props.file);
    assert.is(located.filter((a) => a.kind === 'error').length, 10);
    assert.is(located.filter((a) => a.kind === 'warning').length, 10);
    const first = expected.flatMap((f) => f.messages.filter((m) => m.severity === 2).map((m) => `${f.filePath}:${m.line}:${m.column}`))[0];
    const firstError = located.find((a) => a.kind === 'error');
    assert.is(`${firstError?.props.file}:${firstError?.props.line}:${firstError?.props.col}`, first);
    assert.match(firstError?.props.title ?? '', /^meshlint \([a-z-]+\)$/);
    assert.ok(r.annotations.some((a) => a.kind === 'error' && !a.props.file && /found \d+ error/.test(a.message)), 'the failure is said');

    assert.match(r.summary, new RegExp(`\\*\\*${errors} errors, ${warnings} warnings\\*\\*`));
    // Rule pages as of the running version's tag.
    assert.ok(r.summary.includes(`| [injection-host-network](https://github.com/meshlint/meshlint/blob/main/rules/injection-host-network.md) | 1 | 1 |`), r.summary);
    assert.match(r.summary, /\[examples\/injection-host-network\/bad\.yaml:16\]\(https:\/\/github\.com\/acme\/platform\/blob\/0123456789abcdef0123456789abcdef01234567\/examples\/injection-host-network\/bad\.yaml#L16\)/);
    assert.match(r.summary, new RegExp(`20 of ${errors + warnings} findings are annotated`));

    // Every finding: the first 20 open, the rest in one collapsed block.
    const rows = (md: string): number => md.split('\n').filter((l) => /^\| (error|warning) \| /.test(l)).length;
    const [open = '', collapsed = ''] = r.summary.split('<details>');
    assert.is(rows(open), 20);
    assert.is(rows(collapsed), errors + warnings - 20);
    assert.ok(collapsed.startsWith(`<summary>${errors + warnings - 20} more findings</summary>\n\n| | Where | Rule | Problem |\n`), collapsed.slice(0, 200));
    assert.match(collapsed, /\n\n<\/details>\n/);

    const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as { runs: { automationDetails: { id: string }; results: unknown[] }[] };
    assert.equal(sarifValidator()(sarif), []);
    assert.is(sarif.runs[0]?.results.length, errors + warnings);
    assert.is(sarif.runs[0]?.automationDetails.id, 'meshlint/examples/');
  });
});

test('a committed meshlint.sarif link, or a linked folder on the way, is never written through', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/warn.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    a: "1"\n    a: "1"\n');
    const target = t.write('outside/bashrc', 'keep\n');
    mkdirSync(t.path('outside/dir'));
    const cwd = t.path('repo');
    symlinkSync(target, join(cwd, 'meshlint.sarif'));
    symlinkSync(t.path('outside/dir'), join(cwd, 'out'));
    for (const inputs of [{}, { 'sarif-file': 'out/meshlint.sarif' }] as Record<string, string>[]) {
      const r = runAction(t, { paths: '.', config: '', ...inputs }, cwd);
      assert.is(r.code, 2, JSON.stringify(inputs));
      assert.match(r.stdout, /::error[^:]*::sarif-file .*not written: .*symbolic link/);
    }
    assert.is(readFileSync(target, 'utf8'), 'keep\n');
    assert.not.ok(existsSync(t.path('outside/dir/meshlint.sarif')));
  });
});

test('fail-on: never and warning; annotations: false; format json prints to the log and writes no SARIF', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/warn.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    a: "1"\n    a: "1"\n');
    const cwd = t.path('repo');
    const never = runAction(t, { 'fail-on': 'never', paths: '.', config: '' }, cwd);
    assert.is(never.code, 0);
    assert.is(never.outputs.warnings, '1');
    assert.ok(existsSync(join(cwd, 'meshlint.sarif')), 'the default sarif-file, in the workspace');
    assert.is(runAction(t, { 'fail-on': 'error' }, cwd).code, 0, 'warnings alone pass with fail-on: error');
    assert.is(runAction(t, { 'fail-on': 'warning' }, cwd).code, 1);
    const quiet = runAction(t, { annotations: 'false' }, cwd);
    assert.equal(quiet.annotations, []);
    const json = runAction(t, { format: 'json', 'sarif-file': 'other.sarif' }, cwd);
    assert.is(json.outputs['sarif-file'], '');
    assert.ok(!existsSync(join(cwd, 'other.sarif')));
    assert.match(json.stdout, /"ruleId": ?"duplicate-key"/);
  });
});

const helm3 = testBinary('helm3');
const anyHelm = helm3 ?? testBinary('helm4');

(helm3 ? test : test.skip)('charts: the folder a previous step pulled the charts to; the HelmReleases are rendered from it', () => {
  const helm = helm3;
  if (!helm) return; // declared as a test only when present; this narrows its type
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('src/Chart.yaml', 'apiVersion: v2\nname: webapp\nversion: 1.0.0\n');
    t.write('src/templates/d.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    on: {{ .Values.on }}\n');
    const packed = spawnSync(helm, ['package', t.path('src'), '--destination', t.path('repo/.charts')], { encoding: 'utf8', env: { HOME: t.path('home') } });
    assert.is(packed.status, 0, packed.stderr);
    t.write('repo/apps/web.yaml', 'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  chart:\n    spec:\n      chart: webapp\n      sourceRef: {kind: HelmRepository, name: acme}\n  values:\n    on: "true"\n');
    const cwd = t.path('repo');
    const runner = { PATH: `${dirname(helm)}:${process.env.PATH ?? ''}` };
    const r = runAction(t, { paths: '.', charts: '.charts', format: 'json', 'fail-on': 'never' }, cwd, runner);
    assert.is(r.code, 0, r.stderr);
    // The rendered label `on: true` (YAML 1.1 boolean) is reported on the release that renders it.
    assert.match(r.stdout, /"ruleId": ?"yaml-nonstring-value"/);
    assert.match(r.stdout, /"filePath": ?"apps\/web\.yaml"/);
  });
});

(anyHelm ? test : test.skip)("the README's GitOps steps, run verbatim: command: charts lists the pull commands, the run step pulls them, the lint renders them", () => {
  const helm = anyHelm;
  if (!helm) return; // declared as a test only when present; this narrows its type
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').find((b) => b.includes('command: charts'));
  assert.ok(block, 'the README shows the GitOps steps');
  const steps = parseYaml(block) as { id?: string; uses?: string; with?: Record<string, string>; run?: string; env?: Record<string, string> }[];
  withTemp((t) => {
    t.write('src/Chart.yaml', 'apiVersion: v2\nname: webapp\nversion: 1.2.0\n');
    t.write('src/templates/d.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    on: {{ .Values.on }}\n');
    const packed = spawnSync(helm, ['package', t.path('src'), '--destination', t.path('pulled')], { encoding: 'utf8', env: { HOME: t.path('home') } });
    assert.is(packed.status, 0, packed.stderr);
    // helm on the runner: `pull` copies the packaged chart into --destination (no network here); the rest is helm.
    const fake = t.write('bin/helm', `#!/bin/sh\nif [ "$1" = pull ]; then\n  for a in "$@"; do case "$a" in --destination=*) d="\${a#--destination=}";; esac; done\n  echo "$@" >> '${t.path('pulls.log')}'\n  cp '${t.path('pulled/webapp-1.2.0.tgz')}' "$d/"\n  exit 0\nfi\nexec '${helm}' "$@"\n`);
    chmodSync(fake, 0o755);
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/apps/web.yaml', 'apiVersion: source.toolkit.fluxcd.io/v1\nkind: HelmRepository\nmetadata: {name: acme, namespace: flux-system}\nspec:\n  url: https://charts.example.com\n---\napiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  chart:\n    spec:\n      chart: webapp\n      version: 1.2.0\n      sourceRef: {kind: HelmRepository, name: acme, namespace: flux-system}\n  values:\n    on: "true"\n');
    const cwd = t.path('repo');
    const runner = { PATH: `${t.path('bin')}:${process.env.PATH ?? ''}` };
    const outputs: Record<string, Record<string, string>> = {};
    let last: ActionRun | undefined;
    for (const step of steps) {
      if (step.uses?.startsWith('azure/setup-helm')) continue;
      if (step.uses?.startsWith('meshlint/meshlint')) {
        last = runAction(t, { ...(step.with ?? {}), ...(step.with?.command ? {} : { format: 'json', 'fail-on': 'never' }) }, cwd, runner);
        assert.is(last.code, 0, last.stderr);
        if (step.id) outputs[step.id] = last.outputs;
        continue;
      }
      assert.ok(step.run, `a step the test does not know: ${JSON.stringify(step)}`);
      const env: NodeJS.ProcessEnv = { ...process.env, ...runner };
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = v.replace(/\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}/g, (_m, id: string, out: string) => outputs[id]?.[out] ?? '');
      const r = spawnSync('sh', ['-c', step.run], { cwd, env, encoding: 'utf8' });
      assert.is(r.status, 0, r.stderr);
    }
    assert.is(outputs.charts?.['charts-missing'], '1');
    assert.match(readFileSync(t.path('pulls.log'), 'utf8'), /pull --repo=https:\/\/charts\.example\.com --version=1\.2\.0 --destination=\.charts -- webapp/);
    // The rendered label `on: true` (YAML 1.1 boolean) is reported on the release: the chart was pulled and rendered.
    assert.match(last?.stdout ?? '', /"ruleId": ?"yaml-nonstring-value"/);
  });
});

test("the README's --cache for the Action: a folder actions/cache keeps; the same SARIF with it as without", () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/warn.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    a: "1"\n    a: "1"\n');
    const cwd = t.path('repo');
    const plain = runAction(t, { paths: '.' }, cwd);
    const sarif = readFileSync(join(cwd, 'meshlint.sarif'), 'utf8');
    const args = '--cache --cache-strategy content --cache-location .meshlint-cache/';
    for (const round of ['first', 'second']) {
      const cached = runAction(t, { paths: '.', args }, cwd);
      assert.is(cached.code, plain.code, round);
      assert.equal(cached.outputs, plain.outputs, round);
      assert.is(readFileSync(join(cwd, 'meshlint.sarif'), 'utf8'), sarif, `${round}: the same SARIF`);
      assert.ok(existsSync(join(cwd, '.meshlint-cache', '.meshlintcache')), `${round}: the cache is in the folder`);
    }
  });
});

test('several steps keep their own code scanning alerts: the category follows paths, charts and overlays', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/a/x.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    t.write('repo/b/y.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n');
    const cwd = t.path('repo');
    const id = (inputs: Record<string, string>): string | undefined => {
      runAction(t, inputs, cwd);
      return (JSON.parse(readFileSync(join(cwd, 'meshlint.sarif'), 'utf8')) as { runs: { automationDetails?: { id: string } }[] }).runs[0]?.automationDetails?.id;
    };
    assert.is(id({ paths: 'a/' }), 'meshlint/a/');
    assert.is(id({ paths: 'b/' }), 'meshlint/b/');
    assert.is(id({}), 'meshlint/all/');
    assert.is(id({ paths: 'a/', category: 'prod-manifests' }), 'prod-manifests/');
  });
});

test('bad inputs and config: exit 2 and one error the UI shows, naming the input or the key', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/x.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const cwd = t.path('repo');
    const failOn = runAction(t, { 'fail-on': 'sometimes' }, cwd);
    assert.is(failOn.code, 2);
    assert.match(failOn.annotations[0]?.message ?? '', /input fail-on: "sometimes" is not one of error, warning, never, new-error/);
    const diff = runAction(t, { diff: 'always' }, cwd);
    assert.is(diff.code, 2);
    assert.match(diff.annotations[0]?.message ?? '', /^input diff: "always" is not one of auto, off\. Fix the step's "with:" block\.$/);
    assert.match(runAction(t, { annotations: 'yes' }, cwd).annotations[0]?.message ?? '', /input annotations: "yes" is not a boolean/);
    t.write('repo/.meshlint.yaml', 'rulez: {}\n');
    const config = runAction(t, {}, cwd);
    assert.is(config.code, 2);
    assert.match(config.annotations[0]?.message ?? '', /\.meshlint\.yaml: rulez: unknown key \(did you mean "rules"\?\)/);
    t.write('repo/.meshlint.yaml', 'rules: {}\n');
    const missing = runAction(t, { paths: 'nowhere/' }, t.path('repo'));
    assert.is(missing.code, 2);
    assert.match(missing.annotations[0]?.message ?? '', /no such file, directory or matching files: "nowhere\/"/);
  });
});

test('text from a manifest cannot inject workflow commands, Markdown or HTML into the step', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    // A duplicate key whose name carries a line break, a workflow command, HTML and a table pipe.
    t.write('repo/evil.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: e\n  labels:\n    "x\\n::error::forged <img src=x> | [a](http://e)": "1"\n    "x\\n::error::forged <img src=x> | [a](http://e)": "1"\n');
    const r = runAction(t, { 'fail-on': 'never' }, t.path('repo'));
    assert.is(r.code, 0);
    assert.ok(!r.stdout.split('\n').some((l) => l.startsWith('::error::forged')), 'no forged workflow command');
    assert.not.match(r.summary, /<img/);
    assert.match(r.summary, /&lt;img src=x&gt; \\\| \\\[a\\\]/);
  });
});

test('args and list inputs: a YAML list or shell-like quoting, so a path with a space gets through', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/my manifests/warn.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    a: "1"\n    a: "1"\n');
    t.write('repo/team config/quiet.yaml', 'rules:\n  duplicate-key: off\n');
    const cwd = t.path('repo');
    const base = { 'fail-on': 'never', format: 'json' };
    const warns = (inputs: Record<string, string>): string | undefined => {
      const r = runAction(t, { ...base, ...inputs }, cwd);
      assert.is(r.code, 0, r.stdout + r.stderr);
      return r.outputs.warnings;
    };
    assert.is(warns({ paths: '"my manifests/"' }), '1', 'a quoted path');
    assert.is(warns({ paths: 'my\\ manifests/warn.yaml' }), '1', 'a backslash before the space');
    assert.is(warns({ paths: '- my manifests/' }), '1', 'a YAML list of one');
    assert.is(warns({ paths: '"my manifests/"', args: "--config 'team config/quiet.yaml'" }), '0', 'args on one line, quoted');
    assert.is(warns({ paths: '"my manifests/"', args: '- --config\n- team config/quiet.yaml\n' }), '0', 'args as a YAML list');
    assert.is(warns({ paths: '"my manifests/"', args: '--config\n  "team config/quiet.yaml"' }), '0', 'args over several lines');

    const open = runAction(t, { paths: '"my manifests/', args: '' }, cwd);
    assert.is(open.code, 2);
    assert.match(open.annotations[0]?.message ?? '', /^input paths: the " quote opened at character 1 is not closed\. Fix the step's "with:" block\.$/);
    const nested = runAction(t, { args: '- --config\n- [a, b]' }, cwd);
    assert.is(nested.code, 2);
    assert.match(nested.annotations[0]?.message ?? '', /^input args: item 2 of the YAML list is not a plain string/);
  });
});

const ns = (labels: string): string => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n${labels}`;
/** A Deployment in shop; with hostNetwork it also opts in to injection: an injection-host-network error at 13:7. */
const deployment = (name: string, hostNetwork = false): string =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  selector:\n    matchLabels: { app: ${name} }\n  template:\n    metadata:\n      labels: { app: ${name}${hostNetwork ? ', sidecar.istio.io/inject: "true"' : ''} }\n    spec:\n${hostNetwork ? '      hostNetwork: true\n' : ''}      containers:\n        - name: app\n          image: example.com/${name}:1\n`;

function git(cwd: string, ...args: string[]): string {
  const env = { PATH: process.env.PATH, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: cwd };
  const r = spawnSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/**
 * A repository (repo/) whose base commit has the namespace shop injected, web in it, and
 * legacy with an injection-host-network error; the pull request (the next commit, checked out)
 * relabels the namespace (web loses its sidecar) and adds agent with the same error. Returns
 * the base commit and the runner's variables of a pull_request event for it.
 */
function pullRequest(t: TempDir): { base: string; runner: NodeJS.ProcessEnv } {
  const cwd = t.path('repo');
  t.write('repo/k8s/ns.yaml', ns('    istio-injection: enabled\n'));
  t.write('repo/k8s/web.yaml', deployment('web'));
  t.write('repo/k8s/legacy.yaml', deployment('legacy', true));
  git(cwd, 'init', '-q');
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '-m', 'base');
  const base = git(cwd, 'rev-parse', 'HEAD');
  t.write('repo/k8s/ns.yaml', ns('    team: shop\n'));
  t.write('repo/k8s/agent.yaml', deployment('agent', true));
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '-m', 'change');
  const event = t.write('runner/event.json', JSON.stringify({ action: 'synchronize', number: 7, pull_request: { number: 7, base: { ref: 'main', sha: base }, head: { sha: git(cwd, 'rev-parse', 'HEAD') } } }));
  return { base, runner: { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event } };
}

const hasGit = spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasGit) skipping('the Action pull-request tests (git is not installed)');
else {
  test('a merge queue (merge_group): compared with the group\'s base commit, as a pull request is', () => {
    withTemp((t) => {
      const { base } = pullRequest(t);
      const cwd = t.path('repo');
      const event = t.write('runner/merge-group.json', JSON.stringify({ action: 'checks_requested', merge_group: { base_sha: base, head_sha: git(cwd, 'rev-parse', 'HEAD'), base_ref: 'refs/heads/main' } }));
      const r = runAction(t, { paths: 'k8s/' }, cwd, { GITHUB_EVENT_NAME: 'merge_group', GITHUB_EVENT_PATH: event });
      assert.is(r.code, 1, r.stderr);
      assert.equal([r.outputs.mode, r.outputs.errors, r.outputs['sidecars-lost']], ['diff', '1', '1']);
      assert.match(r.summary, /^## What this change does to the mesh\n\nbase [0-9a-f]{12} → this merge group: \*\*1 workload loses its sidecar; 1 added\*\*; 1 new finding, 0 fixed\.\n/);
    });
  });

  test('the pull request head checked out, its base branch moved on since: compared from their merge base, so what the base gained is not the change', () => {
    withTemp((t) => {
      const { base } = pullRequest(t);
      const cwd = t.path('repo');
      const head = git(cwd, 'rev-parse', 'HEAD');
      // The base branch gains a workload with an error after the pull request left it.
      git(cwd, 'checkout', '-q', '-b', 'main-later', base);
      t.write('repo/k8s/later.yaml', deployment('later', true));
      git(cwd, 'add', '-A');
      git(cwd, 'commit', '-q', '-m', 'base moves on');
      const moved = git(cwd, 'rev-parse', 'HEAD');
      git(cwd, 'checkout', '-q', head);
      const event = t.write('runner/moved.json', JSON.stringify({ action: 'synchronize', number: 7, pull_request: { number: 7, base: { ref: 'main', sha: moved }, head: { sha: head } } }));
      const r = runAction(t, { paths: 'k8s/', 'fail-on': 'never' }, cwd, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event });
      assert.is(r.code, 0, r.stderr);
      assert.equal([r.outputs.mode, r.outputs.errors, r.outputs['sidecars-lost']], ['diff', '1', '1'], 'the change alone: agent added with an error, web loses its sidecar');
      assert.not.match(r.summary, /later/, "the base branch's own workload is not removed by the change");
    });
  });

  test('a pull request that edits the policy (its own failOn, a rule level) passes as it asks, and the summary leads with the edit', () => {
    withTemp((t) => {
      const { runner } = pullRequest(t);
      const cwd = t.path('repo');
      t.write('repo/.meshlint.yaml', 'diff:\n  failOn: []\nrules:\n  injection-host-network: off\n');
      git(cwd, 'add', '-A');
      git(cwd, 'commit', '-q', '-m', 'quiet');
      const r = runAction(t, { paths: 'k8s/', 'fail-on': '' }, cwd, runner);
      assert.ok(r.summary.startsWith("## ⚠️ This change edits meshlint's policy\n"), r.summary.slice(0, 300));
      assert.match(r.summary, /^\| diff\.failOn \| \\\["new-error"\\\] \| \\\[\\\] \|$/m);
      assert.match(r.summary, /^\| rules\.injection-host-network \| \\\(not set\\\) \| off \|$/m);
      assert.match(r.stdout, /This change edits meshlint's policy:/);
    });
  });

  test('a pull request: the summary leads with what the change does to the mesh; annotations, SARIF and counts hold only new findings', () => {
    withTemp((t) => {
      const { base, runner } = pullRequest(t);
      const cwd = t.path('repo');
      const r = runAction(t, { paths: 'k8s/' }, cwd, runner);
      assert.is(r.code, 1, `fail-on defaults to new-error on a pull request: ${r.stderr}`);
      assert.equal(r.outputs, { 'sarif-file': 'meshlint.sarif', errors: '1', warnings: '0', 'sidecars-lost': '1', mode: 'diff' });

      assert.ok(r.summary.startsWith('## What this change does to the mesh\n'), r.summary.slice(0, 200));
      const [mesh = '', findings = ''] = r.summary.split('### Findings');
      assert.match(mesh, /^\| Deployment shop\/web \| loses its sidecar \| sidecar .*\| no sidecar: .*\| \[k8s\/ns\.yaml:(\d+) \\\(its namespace's labels\\\)\]\(https:\/\/github\.com\/acme\/platform\/blob\/0123456789abcdef0123456789abcdef01234567\/k8s\/ns\.yaml#L\1\) \|$/m, 'a link to the line in the commit checked out');
      assert.match(mesh, /^\| Deployment shop\/agent \| added \|/m);
      assert.match(findings, /^: 1 new, 0 fixed, 1 unchanged\n/);
      assert.match(findings, /^\| \[k8s\/agent\.yaml:13:7\]\(https:\/\/github\.com\/acme\/platform\/blob\/0123456789abcdef0123456789abcdef01234567\/k8s\/agent\.yaml#L13\) \| error \| injection-host-network \|/m);
      assert.not.match(findings, /legacy/, 'the finding the base already had is not listed');
      assert.match(findings, /\*\*Fails diff\.failOn \[new-error\]:\*\* 1 new error/);
      assert.match(findings, /The findings this change adds are in `meshlint\.sarif` \(SARIF\)/);

      const located = r.annotations.filter((a) => a.props.file);
      assert.equal(located.map((a) => `${a.kind} ${a.props.file}:${a.props.line}:${a.props.col} ${a.props.title}`), ['error k8s/agent.yaml:13:7 meshlint (injection-host-network)'], 'the unchanged finding in legacy.yaml is not annotated');
      const failure = r.annotations.filter((a) => !a.props.file);
      assert.equal(failure.map((a) => a.message), ['meshlint: this change fails diff.failOn [new-error]: 1 new error (fail-on: new-error); see the job summary.']);

      const sarif = JSON.parse(readFileSync(join(cwd, 'meshlint.sarif'), 'utf8')) as { runs: { automationDetails: { id: string }; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
      assert.equal(sarifValidator()(sarif), []);
      assert.equal(sarif.runs[0]?.results.map((x) => `${x.ruleId} ${x.locations[0]?.physicalLocation.artifactLocation.uri}`), ['injection-host-network k8s/agent.yaml']);
      assert.is(sarif.runs[0]?.automationDetails.id, 'meshlint/k8s/pull-request/', 'a category of its own: the base branch\'s alerts are not read as fixed');

      assert.is(runAction(t, { 'fail-on': 'never' }, cwd, runner).code, 0);
      assert.is(runAction(t, { 'fail-on': 'error' }, cwd, runner).code, 1, 'error means new-error on a pull request');
      // The log carries the comparison in the other formats.
      const json = runAction(t, { format: 'json', 'fail-on': 'never' }, cwd, runner);
      const printed = JSON.parse(json.stdout.slice(json.stdout.indexOf('{'), json.stdout.lastIndexOf('}') + 1)) as { base: string; findings: { counts: { new: number } } };
      assert.equal([printed.base, printed.findings.counts.new], [`base ${base.slice(0, 12)}`, 1]);
      assert.is(json.outputs['sarif-file'], '');
      assert.match(runAction(t, { format: 'stylish', 'fail-on': 'never' }, cwd, runner).stdout, /What this change does to the mesh: 1 workload loses its sidecar; 1 added\n {2}Deployment shop\/web: loses its sidecar/);
    });
  });

  test('a pull request: a lost sidecar fails only when diff.failOn lists it; warning fails on any new finding', () => {
    withTemp((t) => {
      const { runner } = pullRequest(t);
      const cwd = t.path('repo');
      // The same change without the new error: only web loses its sidecar.
      t.write('repo/k8s/agent.yaml', deployment('agent'));
      const passes = runAction(t, {}, cwd, runner);
      assert.is(passes.code, 0, passes.stdout);
      assert.equal([passes.outputs.errors, passes.outputs['sidecars-lost']], ['0', '1']);
      assert.match(passes.summary, /Passes diff\.failOn \[new-error\]\./);
      t.write('repo/.meshlint.yaml', 'diff:\n  failOn: [new-error, sidecar-lost]\n');
      const strict = runAction(t, {}, cwd, runner);
      assert.is(strict.code, 1);
      assert.match(strict.annotations.at(-1)?.message ?? '', /this change fails diff\.failOn \[new-error, sidecar-lost\]: 1 workload lost its sidecar/);
      // A new warning (a duplicate key) fails fail-on: warning, and only that.
      t.write('repo/.meshlint.yaml', 'rules: {}\n');
      t.write('repo/k8s/extra.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    a: "1"\n    a: "1"\n');
      assert.is(runAction(t, {}, cwd, runner).code, 0);
      const warning = runAction(t, { 'fail-on': 'warning' }, cwd, runner);
      assert.is(warning.code, 1);
      assert.match(warning.annotations.at(-1)?.message ?? '', /this change adds 0 new errors and 1 new warning \(fail-on: warning\)/);
    });
  });

  test('a pull request with diff: off, and the other events, lint the checkout as before', () => {
    withTemp((t) => {
      const { runner } = pullRequest(t);
      const cwd = t.path('repo');
      for (const [inputs, env] of [
        [{ diff: 'off' }, runner],
        [{}, { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: runner.GITHUB_EVENT_PATH }],
        // pull_request_target checks out the base: there is no change to compare.
        [{}, { GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: runner.GITHUB_EVENT_PATH }],
      ] as const) {
        const r = runAction(t, { paths: 'k8s/', ...inputs }, cwd, env);
        assert.is(r.code, 1);
        assert.equal(r.outputs, { 'sarif-file': 'meshlint.sarif', errors: '2', warnings: '0', 'sidecars-lost': '', mode: 'lint' }, JSON.stringify(env));
        assert.ok(r.summary.startsWith('## meshlint (k8s/)'), r.summary.slice(0, 100));
        assert.is(r.annotations.filter((a) => a.props.file).length, 2, 'both errors, old and new');
      }
      // new-error outside a pull request is error.
      assert.is(runAction(t, { diff: 'off', 'fail-on': 'new-error' }, cwd, runner).code, 1);
      // A push (the base branch) also holds the pull requests' category, empty: their
      // analysis then has one on the base to be compared with.
      const push = runAction(t, { paths: 'k8s/', 'sarif-file': t.path('push.sarif') }, cwd, { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: runner.GITHUB_EVENT_PATH });
      const runs = (JSON.parse(readFileSync(t.path('push.sarif'), 'utf8')) as { runs: { automationDetails: { id: string }; results: unknown[]; tool: { driver: { name: string } } }[] }).runs;
      assert.is(push.code, 1);
      assert.equal(runs.map((r) => [r.tool.driver.name, r.automationDetails.id, r.results.length]), [['meshlint', runs[0]?.automationDetails.id, 2], ['meshlint', `${runs[0]?.automationDetails.id}pull-request/`, 0]]);
      const pr = runAction(t, { paths: 'k8s/', 'sarif-file': t.path('pr.sarif') }, cwd, runner);
      const prRuns = (JSON.parse(readFileSync(t.path('pr.sarif'), 'utf8')) as { runs: { automationDetails: { id: string } }[] }).runs;
      assert.ok(pr.code >= 0);
      assert.equal(prRuns.map((r) => r.automationDetails.id), [`${runs[0]?.automationDetails.id}pull-request/`], 'the pull request uploads the category the push prepared');
    });
  });

  test('a pull request whose base commit is not in the checkout (a shallow clone): exit 2, one error saying what to set', () => {
    withTemp((t) => {
      const { base, runner } = pullRequest(t);
      // actions/checkout's default: fetch-depth 1, the pull request's commit alone.
      git(t.dir, 'clone', '-q', '--depth', '1', `file://${t.path('repo')}`, 'shallow');
      const r = runAction(t, { paths: 'k8s/' }, t.path('shallow'), runner);
      assert.is(r.code, 2);
      assert.equal(r.annotations.map((a) => a.message), [`the base commit ${base} is not in the checkout; set fetch-depth: 0 on actions/checkout (or fetch the base commit), or set diff: off`]);
      assert.equal(r.outputs, {});
      assert.is(runAction(t, { paths: 'k8s/', diff: 'off' }, t.path('shallow'), runner).outputs.mode, 'lint');
      // Fetching the base commit is enough.
      git(t.path('shallow'), 'fetch', '-q', '--depth', '1', 'origin', base);
      assert.is(runAction(t, { paths: 'k8s/' }, t.path('shallow'), runner).outputs.mode, 'diff');

      // A payload with no base commit, or not JSON: said, not guessed.
      for (const payload of ['{"pull_request": {"base": {"sha": "main"}}}', '{"pull_request": null}', 'not json']) {
        const bad = runAction(t, {}, t.path('repo'), { ...runner, GITHUB_EVENT_PATH: t.write('runner/bad.json', payload) });
        assert.is(bad.code, 2, payload);
        assert.match(bad.annotations[0]?.message ?? '', /the pull_request event names no base commit \(pull_request\.base\.sha/);
      }
    });
  });

  test('a pull request cannot pose a directory of its own as the base commit', () => {
    withTemp((t) => {
      const { base, runner } = pullRequest(t);
      const cwd = t.path('repo');
      // A folder named as the base commit, holding the change itself: read as the base, nothing would be new.
      t.write(`repo/${base}/k8s/agent.yaml`, deployment('agent', true));
      const r = runAction(t, { paths: 'k8s/' }, cwd, runner);
      assert.is(r.code, 1);
      assert.equal([r.outputs.errors, r.outputs['sidecars-lost']], ['1', '1']);
    });
  });
}

test('chooseMode: diff only on a pull_request or merge_group event with a full base commit, unless diff: off', () => {
  const sha = 'a'.repeat(40);
  const event = { pull_request: { base: { sha } } };
  assert.equal(chooseMode('auto', 'pull_request', () => event), { mode: 'diff', base: sha });
  assert.equal(chooseMode('off', 'pull_request', () => event), { mode: 'lint' });
  for (const name of ['push', 'pull_request_target', 'constructor', undefined]) assert.equal(chooseMode('auto', name, () => event), { mode: 'lint' });
  // A merge queue: the group's base commit.
  assert.equal(chooseMode('auto', 'merge_group', () => ({ merge_group: { base_sha: sha, head_sha: 'c'.repeat(40) } })), { mode: 'diff', base: sha });
  assert.equal(chooseMode('off', 'merge_group', () => ({ merge_group: { base_sha: sha } })), { mode: 'lint' });
  const missing = chooseMode('auto', 'merge_group', () => event);
  assert.ok('error' in missing && /merge_group\.base_sha/.test(missing.error));
  assert.ok('error' in chooseMode('auto', 'pull_request', () => undefined));
  assert.is(baseShaOf({ pull_request: { base: { sha: 'b'.repeat(64) } } }), 'b'.repeat(64), 'SHA-256 repositories');
  for (const odd of [null, 7, [], { pull_request: [] }, { pull_request: { base: 'x' } }, { pull_request: { base: { sha: 42 } } }, { pull_request: { base: { sha: `${sha}\n` } } }, { pull_request: { base: { sha: 'A'.repeat(40) } } }, { pull_request: { base: { sha: '-'.repeat(40) } } }]) {
    assert.is(baseShaOf(odd), undefined, JSON.stringify(odd));
  }
});

test('fail-on: empty is new-error on a diff and error on a lint; error, warning and never on a diff speak of new findings', () => {
  assert.is(effectiveFailOn('', 'diff'), 'new-error');
  assert.is(effectiveFailOn('', 'lint'), 'error');
  assert.is(effectiveFailOn('new-error', 'lint'), 'error');
  assert.is(effectiveFailOn('warning', 'diff'), 'warning');
  const none = { errors: 0, warnings: 0 };
  const fail = (mode: 'lint' | 'diff', failOn: Parameters<typeof failureLine>[1], counts: { errors: number; warnings: number }, why: string[] = []): string | undefined => failureLine(mode, failOn, counts, why, ['new-error', 'sidecar-lost']);
  assert.is(fail('lint', 'error', { errors: 0, warnings: 3 }), undefined);
  assert.match(fail('lint', 'warning', { errors: 0, warnings: 3 }) ?? '', /found 0 error\(s\) and 3 warning\(s\) \(fail-on: warning\)/);
  assert.is(fail('diff', 'new-error', { errors: 0, warnings: 2 }), undefined, 'new warnings alone pass new-error');
  assert.is(fail('diff', 'error', { errors: 1, warnings: 0 }), undefined, 'the diff fails only as diff.failOn says (why)');
  assert.match(fail('diff', 'new-error', { errors: 1, warnings: 0 }, ['1 new error']) ?? '', /fails diff\.failOn \[new-error, sidecar-lost\]: 1 new error \(fail-on: new-error\)/);
  assert.match(fail('diff', 'new-error', none, ['2 workloads lost their sidecars']) ?? '', /2 workloads lost their sidecars/);
  assert.match(fail('diff', 'warning', { errors: 0, warnings: 1 }) ?? '', /adds 0 new errors and 1 new warning \(fail-on: warning\)/);
  assert.match(fail('diff', 'warning', none, ['1 workload lost its sidecar']) ?? '', /1 workload lost its sidecar/);
  assert.is(fail('diff', 'never', { errors: 5, warnings: 5 }, ['5 new errors']), undefined);
  assert.is(fail('diff', 'warning', none), undefined);
});

test('the diff summary keeps under its size: the mesh and the findings cut at a line, the notes kept', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => `| Deployment shop/w${i} | loses its sidecar | ${'x'.repeat(200)} |`).join('\n');
  const md = `## What this change does to the mesh\n\n${rows}\n`;
  const tail = '\n**Notes**\n\n- a note\n';
  const fitted = fitDiffSummary(md, tail, 64 * 1024);
  assert.ok(Buffer.byteLength(fitted) <= 64 * 1024, `${Buffer.byteLength(fitted)} bytes`);
  assert.ok(fitted.startsWith('## What this change does to the mesh\n'));
  assert.ok(fitted.endsWith(tail), 'the notes are kept');
  assert.match(fitted, /\| x{200} \|\n\nThe rest does not fit in the job summary \(GitHub takes 1 MiB per step\): `meshlint diff -f json` prints it all\.\n/);
  assert.is(fitDiffSummary('short\n', tail, 64 * 1024), `short\n${tail}`);
});

test('splitWords: quotes and backslashes as a POSIX shell reads them, nothing expanded', () => {
  assert.equal(splitWords('  a  b\tc\nd  '), ['a', 'b', 'c', 'd']);
  assert.equal(splitWords(`--set 'a b' "c d" e\\ f`), ['--set', 'a b', 'c d', 'e f']);
  assert.equal(splitWords(`'it''s' "say \\"hi\\"" x"y"'z'`), ['its', 'say "hi"', 'xyz']);
  assert.equal(splitWords(`'' "" a`), ['', '', 'a'], 'empty quotes are an empty word');
  assert.equal(splitWords(`'$HOME' $HOME * ; | \`x\``), ['$HOME', '$HOME', '*', ';', '|', '`x`'], 'no expansion, no operators');
  assert.equal(splitWords('k8s\\prod C:\\x\\y'), ['k8s\\prod', 'C:\\x\\y'], 'a Windows path keeps its backslashes');
  assert.equal(splitWords(`'a\\b' "a\\b" "a\\\\b"`), ['a\\b', 'a\\b', 'a\\b']);
  assert.throws(() => splitWords(`a 'b`), /the ' quote opened at character 3 is not closed/);
  assert.throws(() => splitWords(`"a\\"`), /the " quote opened at character 1 is not closed/);
  // Linear: a long line of quotes splits at once.
  assert.is(splitWords(`'x' `.repeat(50_000)).length, 50_000);
});

test('parseListInput: a YAML list when the first line is an item, each item verbatim; words otherwise', () => {
  assert.equal(parseListInput(''), []);
  assert.equal(parseListInput(' \n '), []);
  assert.equal(parseListInput('\n- a b\n- "c"\n  # note\n- 1.10\n- on\n'), ['a b', 'c', '1.10', 'on']);
  assert.equal(parseListInput('-\n  x'), ['x']);
  assert.equal(parseListInput('--namespace shop -n x'), ['--namespace', 'shop', '-n', 'x'], 'a flag is not a list item');
  assert.throws(() => parseListInput('- '), /item 1 of the YAML list is empty/);
  assert.throws(() => parseListInput('- a\n- '), /item 2 of the YAML list is empty/);
  assert.throws(() => parseListInput('- a\nb: c'), /not a YAML list/);
  assert.throws(() => parseListInput('- a: b'), /item 1 of the YAML list is not a plain string/);
});

test('the job summary links a file whose name holds parentheses as a whole', () => {
  const m = { ruleId: 'duplicate-key', severity: 2, message: 'x', line: 3, column: 1, endLine: 3, endColumn: 2 } as unknown as LintMessage;
  const results = [{ filePath: 'k8s/a(b).yaml', messages: [m], errorCount: 1, warningCount: 0 }] as unknown as LintResult[];
  const md = formatSummary(results, { pathOf: (p: string) => p, openFindings: 20, files: 1, blobUrl: 'https://github.com/acme/platform/blob/0123/' });
  assert.match(md, /\| error \| \[k8s\/a\\\(b\\\)\.yaml:3\]\(https:\/\/github\.com\/acme\/platform\/blob\/0123\/k8s\/a%28b%29\.yaml#L3\) \|/);
});

test('the job summary keeps under its size: rows past it are counted, not cut', () => {
  const message = (n: number): LintMessage => ({ ruleId: 'duplicate-key', severity: 1, message: `finding ${n} `.padEnd(200, 'x'), line: n, column: 1, endLine: n, endColumn: 2 }) as unknown as LintMessage;
  const results = [{ filePath: 'a.yaml', messages: Array.from({ length: 100 }, (_, n) => message(n + 1)), errorCount: 0, warningCount: 100 }] as unknown as LintResult[];
  const opts = { pathOf: (p: string) => p, openFindings: 20, files: 1 };
  const all = formatSummary(results, opts);
  assert.match(all, /<summary>80 more findings<\/summary>/);
  assert.not.match(all, /not fit/);
  const small = formatSummary(results, { ...opts, maxBytes: 4096 + 1000 + 30 * 260 });
  assert.ok(Buffer.byteLength(small) <= 4096 + 1000 + 30 * 260, `${Buffer.byteLength(small)} bytes`);
  const listed = small.split('\n').filter((l) => l.startsWith('| warning |')).length;
  assert.ok(listed > 20 && listed < 100, `${listed} rows`);
  assert.ok(small.includes(`<summary>${listed - 20} more findings</summary>`));
  assert.ok(small.includes(`${100 - listed} more findings do not fit in the job summary (GitHub takes 1 MiB per step).`));
});

test.run();
