// The GitHub Action, run as the runner runs it: the committed bundle (dist/action.js) with
// INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, workflow commands read
// back from stdout. Also: the committed bundle is the one the sources build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { cli, parseJsonReport, withTemp, type TempDir } from './helpers/cli.ts';
import { sarifValidator } from './helpers/sarif.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { parseListInput, splitWords } from '../src/action-args.ts';
import { formatSummary } from '../src/format/summary.ts';
import { VERSION } from '../src/meta.ts';
import type { LintMessage, LintResult } from '../src/types.ts';

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

function runAction(t: TempDir, inputs: Record<string, string>, cwd = REPO_ROOT): ActionRun {
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
  for (const name of ['paths', 'config', 'format', 'sarif-file', 'fail-on', 'annotations', 'helm-chart', 'kustomize', 'istio-version']) assert.ok(action.inputs[name], `input ${name}`);
  assert.is(action.inputs.format?.default, 'sarif');
  assert.is(action.inputs['sarif-file']?.default, 'meshlint.sarif');
  assert.equal(Object.keys(action.outputs).sort(), ['errors', 'sarif-file', 'warnings']);
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
    assert.equal(r.outputs, { 'sarif-file': sarifFile, errors: String(errors), warnings: String(warnings) });

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
    assert.ok(r.summary.includes(`| [injection-host-network](https://github.com/meshlint/meshlint/blob/v${VERSION}/rules/injection-host-network.md) | 1 | 1 |`), r.summary);
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
    assert.match(failOn.annotations[0]?.message ?? '', /input fail-on: "sometimes" is not one of error, warning, never/);
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
