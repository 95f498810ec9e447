// Every usage, configuration and I/O failure: exit 2, nothing on stdout, and exactly one line
// on stderr that names the flag, key or file at fault (and says what to do).
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, CLEAN, cli, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';

/** The files every case may use. */
function fixture(t: TempDir): void {
  t.write('ok.yaml', CLEAN);
  t.write('bad-label.yaml', BAD_LABEL);
  t.write('configs/invalid.yaml', 'rules: [\n  duplicate-key\n');
  t.write('configs/unknown-key.yaml', 'rulez:\n  duplicate-key: off\n');
  t.write('configs/wrong-type.yaml', 'ignorePatterns: vendor/\n');
  t.write('configs/wrong-type-nested.yaml', 'helm:\n  renderCharts: "yes"\n');
  t.write('configs/unknown-rule.yaml', 'rules:\n  no-such-rule: error\n');
  t.write('configs/bad-level.yaml', 'rules:\n  duplicate-key: loud\n');
  t.write('configs/bad-version.yaml', 'istio:\n  version: latest\n');
  t.write('configs/not-a-mapping.yaml', '- rules\n');
  t.write('configs/code.js', 'module.exports = {};\n');
  mkdirSync(t.path('configs/folder.yaml'));
  mkdirSync(t.path('reports'));
}

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** Each must appear in the one line: the flag, key or file at fault. */
  readonly names: readonly string[];
}

const CASES: readonly Case[] = [
  // flags
  { name: 'unknown flag', args: ['--bogus', 'ok.yaml'], names: ["'--bogus'", 'meshlint --help'] },
  { name: 'misspelt flag', args: ['--formt', 'json', 'ok.yaml'], names: ["'--formt'", 'did you mean --format'] },
  { name: 'unknown short flag', args: ['-Z', 'ok.yaml'], names: ["'-Z'"] },
  { name: 'flag missing its value (last)', args: ['ok.yaml', '--format'], names: ['--format needs a value'] },
  { name: 'short flag missing its value', args: ['ok.yaml', '-c'], names: ['--config needs a value'] },
  { name: '--max-warnings missing its value', args: ['ok.yaml', '--max-warnings'], names: ['--max-warnings needs a value'] },
  { name: 'a value for a flag that takes none', args: ['--stats=yes', 'ok.yaml'], names: ['--stats takes no value'] },
  { name: 'an ignore pattern longer than any real one', args: ['--ignore-pattern', 'a'.repeat(40_000), 'ok.yaml'], names: ['--ignore-pattern', 'longer than 4096'] },
  { name: 'bad --format', args: ['-f', 'tap', 'ok.yaml'], names: ['"tap"', 'stylish, json, json-with-metadata, sarif, github, junit, gitlab, checkstyle'] },
  { name: 'bad --format for explain', args: ['explain', '-f', 'sarif', 'ok.yaml'], names: ['--format json'] },
  { name: '--max-warnings not a number', args: ['--max-warnings', 'many', 'ok.yaml'], names: ['--max-warnings'] },
  { name: '--max-warnings below -1', args: ['--max-warnings', '-5', 'ok.yaml'], names: ['--max-warnings', '-1 for no limit'] },
  { name: 'bad --istio-version', args: ['--istio-version', 'banana', 'ok.yaml'], names: ['--istio-version', 'banana'] },
  { name: 'bad --namespace', args: ['--namespace', 'Not_A_Name', 'ok.yaml'], names: ['--namespace', 'Not_A_Name'] },
  { name: '--rule without a level', args: ['--rule', 'duplicate-key', 'ok.yaml'], names: ['--rule', 'id=level'] },
  { name: '--rule with an unknown rule', args: ['--rule', 'no-such-rule=error', 'ok.yaml'], names: ['--rule', 'no-such-rule', 'meshlint rules'] },
  { name: '--rule with a bad level', args: ['--rule', 'duplicate-key=loud', 'ok.yaml'], names: ['--rule', '"loud"'] },
  { name: '--rule options not JSON', args: ['--rule', 'duplicate-key=[warn', 'ok.yaml'], names: ['--rule', 'JSON array'] },
  { name: '--fix with --fix-dry-run', args: ['--fix', '--fix-dry-run', 'ok.yaml'], names: ['--fix', '--fix-dry-run'] },
  { name: '--fix on standard input', args: ['-', '--fix'], names: ['--fix', '--fix-dry-run'] },
  { name: '--values without --helm-chart', args: ['--values', 'v.yaml', 'ok.yaml'], names: ['--values', '--helm-chart'] },
  { name: '--helm-chart that is not a chart', args: ['--helm-chart', 'configs'], names: ['--helm-chart configs', 'Chart.yaml'] },
  { name: '--kustomize that is not an overlay', args: ['--kustomize', 'configs'], names: ['--kustomize configs', 'kustomization.yaml'] },
  { name: '--resource without explain', args: ['--resource', 'web', 'ok.yaml'], names: ['--resource', 'explain'] },
  { name: '--context that does not exist', args: ['--context', 'nowhere', 'ok.yaml'], names: ['--context nowhere'] },
  // inputs
  { name: 'a path that does not exist', args: ['ok.yaml', 'no/such.yaml'], names: ['"no/such.yaml"', 'Check the path'] },
  { name: 'a glob matching nothing', args: ['manifests/**/*.yaml'], names: ['"manifests/**/*.yaml"', 'quote a glob'] },
  { name: 'a folder with nothing to lint', args: ['reports'], names: ['reports', 'no YAML or JSON files'] },
  // configuration
  { name: 'config file that does not exist', args: ['-c', 'configs/missing.yaml', 'ok.yaml'], names: ['--config', 'configs/missing.yaml', 'no such file'] },
  { name: 'config that is a folder', args: ['-c', 'configs/folder.yaml', 'ok.yaml'], names: ['configs/folder.yaml', 'is a directory'] },
  { name: 'config that is invalid YAML', args: ['-c', 'configs/invalid.yaml', 'ok.yaml'], names: ['configs/invalid.yaml', 'line 3'] },
  { name: 'config that is not a mapping', args: ['-c', 'configs/not-a-mapping.yaml', 'ok.yaml'], names: ['configs/not-a-mapping.yaml', 'mapping'] },
  { name: 'config with an unknown key', args: ['-c', 'configs/unknown-key.yaml', 'ok.yaml'], names: ['configs/unknown-key.yaml', 'rulez', 'did you mean "rules"'] },
  { name: 'config with a wrong type', args: ['-c', 'configs/wrong-type.yaml', 'ok.yaml'], names: ['configs/wrong-type.yaml', 'ignorePatterns', 'list of strings'] },
  { name: 'config with a wrong type, nested', args: ['-c', 'configs/wrong-type-nested.yaml', 'ok.yaml'], names: ['configs/wrong-type-nested.yaml', 'helm.renderCharts', 'true or false'] },
  { name: 'config naming an unknown rule', args: ['-c', 'configs/unknown-rule.yaml', 'ok.yaml'], names: ['configs/unknown-rule.yaml', 'rules.no-such-rule'] },
  { name: 'config with a bad level', args: ['-c', 'configs/bad-level.yaml', 'ok.yaml'], names: ['configs/bad-level.yaml', 'rules.duplicate-key', '"loud"'] },
  { name: 'config with a bad Istio version', args: ['-c', 'configs/bad-version.yaml', 'ok.yaml'], names: ['configs/bad-version.yaml', 'istio.version'] },
  { name: 'config that is code', args: ['-c', 'configs/code.js', 'ok.yaml'], names: ['configs/code.js', 'data only'] },
  { name: 'config errors stop `rules` too', args: ['rules', '-c', 'configs/unknown-key.yaml'], names: ['configs/unknown-key.yaml', 'rulez'] },
  // output
  { name: '--output-file below a file', args: ['bad-label.yaml', '-o', 'ok.yaml/report.txt'], names: ['--output-file ok.yaml/report.txt', 'not a folder'] },
  { name: '--output-file that is a folder', args: ['bad-label.yaml', '-o', 'reports'], names: ['--output-file reports', 'is a directory'] },
];

/** Exit 2, nothing on stdout, one line on stderr holding each of `names`. */
function assertOneLineFailure(run: CliRun, what: string, names: readonly string[]): void {
  assert.is(run.code, 2, `${what}: exit code; stderr: ${run.stderr}`);
  assert.is(run.stdout, '', `${what}: nothing on stdout`);
  assert.ok(run.stderr.startsWith('meshlint: '), `${what}: ${run.stderr}`);
  assert.is(run.stderr.split('\n').length - 1, 1, `${what}: one line, got:\n${run.stderr}`);
  assert.ok(run.stderr.endsWith('\n'), what);
  for (const n of names) assert.ok(run.stderr.includes(n), `${what}: names ${n}: ${run.stderr}`);
  assert.not.match(run.stderr, /\n\s+at /, `${what}: no stack trace`);
}

test('usage, configuration and I/O failures: exit 2, one line naming the flag, key or file', () => {
  withTemp((t) => {
    fixture(t);
    for (const c of CASES) assertOneLineFailure(cli(c.args, { cwd: t.dir, stdin: CLEAN }), c.name, c.names);
  });
});

test('the same failures through --format json and sarif: stdout stays empty', () => {
  withTemp((t) => {
    fixture(t);
    for (const c of CASES.filter((x) => !x.args.some((a) => a === '-f' || a.startsWith('--form')))) {
      assertOneLineFailure(cli(['-f', 'sarif', ...c.args], { cwd: t.dir, stdin: CLEAN }), `sarif: ${c.name}`, c.names);
    }
  });
});

/** Makes a file unreadable (or unwritable); a reason when chmod cannot (as root it does not). */
function lockedOut(path: string, mode: number, probe: (p: string) => void): string | undefined {
  chmodSync(path, mode);
  try {
    probe(path);
    return 'chmod does not stop this user (running as root?)';
  } catch {
    return undefined;
  }
}

test('an unreadable config file: exit 2, one line naming it', () => {
  withTemp((t) => {
    fixture(t);
    const cfg = t.write('.meshlint.yaml', 'rules: {}\n');
    const why = lockedOut(cfg, 0o000, (p) => readFileSync(p));
    if (why) return console.log(`skip: unreadable config file: ${why}`);
    assertOneLineFailure(cli(['ok.yaml'], { cwd: t.dir }), 'found config', ['.meshlint.yaml', 'permission denied', 'make it readable']);
    assertOneLineFailure(cli(['-c', '.meshlint.yaml', 'ok.yaml'], { cwd: t.dir }), '--config', ['.meshlint.yaml', 'permission denied']);
  });
});

test('--fix that cannot write a file: exit 2, one line naming it', () => {
  withTemp((t) => {
    const file = t.write('bad-label.yaml', BAD_LABEL);
    const why = lockedOut(file, 0o444, (p) => closeSync(openSync(p, 'r+')));
    if (why) return console.log(`skip: read-only file for --fix: ${why}`);
    const run = cli(['--fix', 'bad-label.yaml'], { cwd: t.dir });
    assert.is(run.code, 2, run.stderr);
    assert.equal(run.stderr.split('\n').length - 1, 1, run.stderr);
    assert.match(run.stderr, /^meshlint: --fix: cannot write bad-label\.yaml: permission denied; .*--fix-dry-run\n$/);
  });
});

test('standard input that cannot be read (a folder redirected to it): exit 2, one line', () => {
  if (process.platform === 'win32') return console.log('skip: standard input from a folder: not on Windows');
  withTemp((t) => {
    const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
    const dirFd = openSync(t.dir, 'r');
    try {
      const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), main, '-'], { cwd: t.dir, stdio: [dirFd, 'pipe', 'pipe'], encoding: 'utf8' });
      assert.is(r.signal, null, 'finished');
      assert.is(r.status, 2, r.stderr);
      assert.is(r.stdout, '');
      assert.is(r.stderr, 'meshlint: cannot read standard input ("-"): is a directory; pipe a manifest into meshlint, or name files instead of "-"\n');
    } finally {
      closeSync(dirFd);
    }
  });
});

test.run();
