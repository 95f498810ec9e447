// The command line: exit codes, --help and --version, output options, --fix and
// --fix-dry-run, deterministic output, and one end-to-end run of the built program.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, CLEAN, INJECT_UNQUOTED, WARN_ONLY, cli, parseJsonReport, withTemp, type TempDir } from './helpers/cli.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { version: string };

/** Two warnings (duplicate keys repeated with the same value) and nothing else. */
const TWO_WARNINGS = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    app: web\n    app: web\n    tier: api\n    tier: api\n';

// ---------------------------------------------------------------- exit codes

test('exit 0 when there are no errors (warnings alone do not fail)', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    t.write('warn.yaml', WARN_ONLY);
    const run = cli(['.'], { cwd: t.dir });
    assert.is(run.code, 0);
    assert.ok(run.stdout.includes('1 problem (0 errors, 1 warning)'), run.stdout);
  });
});

test('exit 1 with lint errors', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    t.write('bad.yaml', BAD_LABEL);
    const run = cli(['.'], { cwd: t.dir });
    assert.is(run.code, 1);
    assert.is(run.stderr, '');
  });
});

test('exit 1 when warnings exceed --max-warnings, 0 when they do not', () => {
  withTemp((t) => {
    t.write('w.yaml', TWO_WARNINGS);
    const over = cli(['w.yaml', '--max-warnings', '1'], { cwd: t.dir });
    assert.is(over.code, 1);
    assert.ok(over.stderr.includes('too many warnings (maximum: 1)'), over.stderr);
    assert.is(cli(['w.yaml', '--max-warnings', '2'], { cwd: t.dir }).code, 0);
    assert.is(cli(['w.yaml', '--max-warnings', '0'], { cwd: t.dir }).code, 1);
    assert.is(cli(['w.yaml', '--max-warnings', '-1'], { cwd: t.dir }).code, 0, '-1 means no limit');
    const bad = cli(['w.yaml', '--max-warnings', 'few'], { cwd: t.dir });
    assert.is(bad.code, 2);
    assert.ok(bad.stderr.includes('--max-warnings'), bad.stderr);
  });
});

test('exit 2 for an unknown flag, with a pointer to --help', () => {
  withTemp((t) => {
    t.write('a.yaml', CLEAN);
    const run = cli(['--frobnicate', 'a.yaml'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.ok(run.stderr.includes("'--frobnicate'"), run.stderr);
    assert.ok(run.stderr.includes('meshlint --help'), run.stderr);
    assert.is(run.stdout, '');
  });
});

test('exit 2 for an unknown --format, listing the formats', () => {
  withTemp((t) => {
    t.write('a.yaml', CLEAN);
    const run = cli(['--format', 'tap', 'a.yaml'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.ok(run.stderr.includes('"tap"'), run.stderr);
    for (const f of ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab', 'checkstyle']) assert.ok(run.stderr.includes(f), `lists ${f}`);
  });
});

test('exit 2 for flags that cannot go together or cannot apply', () => {
  withTemp((t) => {
    t.write('a.yaml', BAD_LABEL);
    assert.is(cli(['a.yaml', '--fix', '--fix-dry-run'], { cwd: t.dir }).code, 2);
    const stdin = cli(['-', '--fix'], { cwd: t.dir, stdin: BAD_LABEL });
    assert.is(stdin.code, 2);
    assert.ok(stdin.stderr.includes('--fix-dry-run'), stdin.stderr);
    assert.is(readFileSync(t.path('a.yaml'), 'utf8'), BAD_LABEL);
  });
});

// ---------------------------------------------------------------- --help, --version

test('--help lists every flag the parser accepts', () => {
  // The option table of src/cli/args.ts, read from its source so that a new flag must be documented.
  const source = readFileSync(`${REPO_ROOT}src/cli/args.ts`, 'utf8');
  const table = /const OPTIONS = \{([\s\S]*?)\n\} as const;/.exec(source)?.[1] ?? '';
  const options = [...table.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{ type: '(?:string|boolean)'(?:, short: '(\w)')?/gm)].map((m) => ({ name: m[1] ?? '', short: m[2] }));
  assert.ok(options.length >= 15, `found ${options.length} options in src/cli/args.ts`);
  for (const name of ['config', 'format', 'fix', 'help', 'version', 'no-color']) assert.ok(options.some((o) => o.name === name), `the table has --${name}`);

  withTemp((t) => {
    const run = cli(['--help'], { cwd: t.dir });
    assert.is(run.code, 0);
    for (const o of options) {
      assert.ok(new RegExp(`(^|[\\s,])--${o.name}\\b`, 'm').test(run.stdout), `--help mentions --${o.name}`);
      if (o.short) assert.ok(run.stdout.includes(`-${o.short}, --${o.name}`), `--help shows -${o.short} for --${o.name}`);
    }
    // And the other way round: every flag --help documents is accepted.
    const documented = [...new Set([...run.stdout.matchAll(/(?:^|[\s,])--([a-z][a-z-]+)/gm)].map((m) => m[1] ?? ''))];
    for (const flag of documented) assert.ok(options.some((o) => o.name === flag), `--help documents --${flag}, which the parser rejects`);
    assert.ok(run.stdout.includes('meshlint rules'));
    assert.equal(cli(['-h'], { cwd: t.dir }).stdout, run.stdout);
  });
});

test('--version prints the version from package.json', () => {
  withTemp((t) => {
    const run = cli(['--version'], { cwd: t.dir });
    assert.equal([run.code, run.stdout, run.stderr], [0, `${pkg.version}\n`, '']);
    assert.is(cli(['-v'], { cwd: t.dir }).stdout, `${pkg.version}\n`);
  });
});

// ---------------------------------------------------------------- output options

test('--quiet reports errors only', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    t.write('warn.yaml', WARN_ONLY);
    const loud = parseJsonReport(cli(['.', '-f', 'json'], { cwd: t.dir }));
    assert.equal(loud.map((r) => r.messages.length), [1, 1]);
    const run = cli(['.', '-f', 'json', '--quiet'], { cwd: t.dir });
    const quiet = parseJsonReport(run);
    assert.equal(quiet.map((r) => [r.filePath, r.messages.map((m) => m.severity), r.warningCount]), [
      ['bad.yaml', [2], 0],
      ['warn.yaml', [], 0],
    ]);
    assert.is(run.code, 1);
    const stylish = cli(['.', '--quiet'], { cwd: t.dir }).stdout;
    assert.not.ok(stylish.includes('warn.yaml'), stylish);
    assert.ok(stylish.includes('1 problem (1 error, 0 warnings)'), stylish);
    // Only warnings: quiet and clean.
    const onlyWarnings = cli(['warn.yaml', '--quiet'], { cwd: t.dir });
    assert.equal([onlyWarnings.code, onlyWarnings.stdout], [0, '']);
  });
});

test('--output-file writes the report to the file (creating its folder), not to stdout', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    const run = cli(['bad.yaml', '-f', 'json', '-o', 'reports/meshlint.json'], { cwd: t.dir, isTTY: true });
    assert.is(run.code, 1, 'the exit code still reflects the problems');
    assert.is(run.stdout, '');
    const written = JSON.parse(readFileSync(t.path('reports/meshlint.json'), 'utf8')) as { filePath: string; errorCount: number }[];
    assert.equal(written.map((r) => [r.filePath, r.errorCount]), [['bad.yaml', 1]]);
    // A stylish report written to a file has no colour codes, even from a terminal.
    cli(['bad.yaml', '--output-file', 'report.txt'], { cwd: t.dir, isTTY: true });
    const text = readFileSync(t.path('report.txt'), 'utf8');
    assert.ok(text.includes('bad.yaml') && text.includes('1 problem'), text);
    assert.not.ok(text.includes('\u001b'), 'no ANSI escapes in the file');
  });
});

// ---------------------------------------------------------------- --fix, --fix-dry-run

test('--fix quotes an unquoted sidecar.istio.io/inject: true, keeps comments, and the file is then clean', () => {
  withTemp((t) => {
    const path = t.write('web.yaml', INJECT_UNQUOTED);
    t.write('other.yaml', CLEAN);
    const before = cli(['web.yaml'], { cwd: t.dir });
    assert.is(before.code, 1, 'the unquoted value is an error before fixing');
    const run = cli(['.', '--fix'], { cwd: t.dir });
    assert.is(run.code, 0, run.stdout);
    assert.is(run.stdout, '', 'nothing left to report');
    const after = readFileSync(path, 'utf8');
    assert.is(after, INJECT_UNQUOTED.replace('sidecar.istio.io/inject: true', 'sidecar.istio.io/inject: "true"'));
    assert.ok(after.includes('# the web tier\n') && after.includes('"true" # we want a sidecar\n'), 'comments kept');
    assert.is(readFileSync(t.path('other.yaml'), 'utf8'), CLEAN, 'a file without fixes is left alone');
    const again = cli(['.'], { cwd: t.dir });
    assert.equal([again.code, again.stdout], [0, '']);
  });
});

test('--fix leaves problems it cannot fix, and exits 1 for them', () => {
  withTemp((t) => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    a: "1"\n    a: "2"\n    b: true\n';
    const path = t.write('c.yaml', text);
    const run = cli(['c.yaml', '--fix', '-f', 'json'], { cwd: t.dir });
    assert.is(run.code, 1);
    assert.equal(parseJsonReport(run)[0]?.messages.map((m) => m.ruleId), ['duplicate-key']);
    assert.is(readFileSync(path, 'utf8'), text.replace('b: true', 'b: "true"'));
  });
});

test('--fix-dry-run prints a unified diff and leaves the file unchanged', () => {
  withTemp((t) => {
    const path = t.write('web.yaml', INJECT_UNQUOTED);
    const run = cli(['web.yaml', '--fix-dry-run'], { cwd: t.dir });
    assert.is(readFileSync(path, 'utf8'), INJECT_UNQUOTED, 'file unchanged');
    assert.is(run.code, 0, 'the exit code is that of the fixed text');
    const lines = run.stdout.split('\n');
    assert.equal(lines.slice(0, 2), ['--- a/web.yaml', '+++ b/web.yaml']);
    assert.match(lines[2] ?? '', /^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    assert.equal(
      lines.filter((l) => /^[-+](?![-+]{2} [ab]\/)/.test(l)),
      ['-        sidecar.istio.io/inject: true # we want a sidecar', '+        sidecar.istio.io/inject: "true" # we want a sidecar'],
    );
    assert.ok(lines.includes('         app: web'), 'context lines');
    // With another format, the fixed text travels in the report instead.
    const json = cli(['web.yaml', '--fix-dry-run', '-f', 'json'], { cwd: t.dir });
    const [result] = JSON.parse(json.stdout) as { output?: string }[];
    assert.ok(result?.output?.includes('sidecar.istio.io/inject: "true"'), json.stdout);
    assert.is(readFileSync(path, 'utf8'), INJECT_UNQUOTED);
  });
});

// ---------------------------------------------------------------- determinism

function manyProblems(t: TempDir): void {
  t.write('z/last.yaml', BAD_LABEL);
  t.write('a/first.yaml', TWO_WARNINGS + '---\n' + BAD_LABEL);
  t.write('m/middle.yml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\n  labels: { b: 1, a: true }\ndata: { x: 2, y: yes }\n');
  t.write('m/broken.yaml', 'kind: [\n');
}

test('output order is deterministic across runs: files by path, problems by position', () => {
  withTemp((t) => {
    manyProblems(t);
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const one = cli(['.', '-f', format], { cwd: t.dir });
      const two = cli(['.', '-f', format], { cwd: t.dir });
      assert.ok(one.stdout.length > 100, `${format} has output`);
      assert.is(two.stdout, one.stdout, `${format}: two runs differ`);
    }
    const results = parseJsonReport(cli(['.', '-f', 'json'], { cwd: t.dir }));
    assert.equal(results.map((r) => r.filePath), ['a/first.yaml', 'm/broken.yaml', 'm/middle.yml', 'z/last.yaml']);
    for (const r of results) {
      const keys = r.messages.map((m) => m.line * 10_000 + m.column);
      assert.equal(keys, [...keys].sort((a, b) => a - b), `${r.filePath}: problems in position order`);
    }
    // The order of the arguments does not change the order of the files found in a directory.
    const reversed = parseJsonReport(cli(['z', 'm', 'a', '-f', 'json'], { cwd: t.dir })).map((r) => r.filePath);
    assert.equal(reversed, ['z/last.yaml', 'm/broken.yaml', 'm/middle.yml', 'a/first.yaml'], 'arguments are linted in the order given');
  });
});

// ---------------------------------------------------------------- end to end

test('end to end: bin/meshlint.js reads a pipe and exits 1 with a JSON report', () => {
  const bin = `${REPO_ROOT}bin/meshlint.js`;
  assert.ok(existsSync(`${REPO_ROOT}dist/cli.cjs`), 'dist/cli.cjs is missing: run node scripts/build.mjs first');
  withTemp((t) => {
    const run = spawnSync(process.execPath, [bin, '-', '--stdin-filename', 'piped.yaml', '-f', 'json'], {
      cwd: t.dir,
      input: BAD_LABEL,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.is(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    assert.equal(report.map((r) => [r.filePath, r.messages.map((m) => `${m.line} ${m.ruleId}`)]), [['piped.yaml', ['6 yaml-nonstring-value']]]);

    t.write('ok.yaml', CLEAN);
    const clean = spawnSync(process.execPath, [bin, 'ok.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.equal([clean.status, clean.stdout, clean.stderr], [0, '', '']);
    const usage = spawnSync(process.execPath, [bin, '--bogus'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(usage.status, 2);
    assert.ok(usage.stderr.includes('--help'), usage.stderr);
  });
});

test('-q prints errors only, as ESLint\'s --quiet does: no warning, and no note', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('cm.yaml', BAD_LABEL);
    t.write('warn.yaml', WARN_ONLY);
    t.write('overlay/kustomization.yaml', 'resources:\n- cm.yaml\n');
    t.write('overlay/cm.yaml', CLEAN);
    const loud = cli(['.'], { cwd: t.dir });
    assert.match(loud.stderr, /note: 1 Kustomize overlay was not built/, 'without -q the note is there');
    const quiet = cli(['-q', '.'], { cwd: t.dir });
    assert.is(quiet.code, 1);
    assert.match(quiet.stdout, /yaml-nonstring-value/);
    assert.not.match(quiet.stdout, /\swarning\s/, quiet.stdout);
    assert.is(quiet.stderr, '', quiet.stderr);
  });
});

test('a note the config answered does not come back: kustomize.renderOverlays: false, helm.renderCharts: false', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('overlay/kustomization.yaml', 'resources:\n- cm.yaml\n');
    t.write('overlay/cm.yaml', CLEAN);
    t.write('chart/Chart.yaml', 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
    t.write('chart/templates/cm.yaml', CLEAN);
    const asked = cli(['.'], { cwd: t.dir });
    assert.match(asked.stderr, /Kustomize overlay was not built/);
    assert.match(asked.stderr, /Helm chart was not linted/);
    t.write('.meshlint.yaml', 'kustomize:\n  renderOverlays: false\nhelm:\n  renderCharts: false\n');
    const answered = cli(['.'], { cwd: t.dir });
    assert.is(answered.code, 0, answered.stderr);
    assert.not.match(answered.stderr, /Kustomize overlay was not built/);
    assert.not.match(answered.stderr, /Helm chart was not linted/);
  });
});

test.run();
