// The command line around the lint: runs with nothing to lint (every path ignored, the
// pre-commit hooks), the commands' own --help and JSON, "did you mean" for a misspelt
// command, Istio versions meshlint does not know, numeric --rule levels, colours, and
// ESLint's JSON result fields.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { allRules } from '../rules/index.ts';
import { COMMAND_HELP, HELP } from '../src/cli/help.ts';
import { BAD_LABEL, CLEAN, cli, parseJsonReport, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const ESC = '\u001b';

// ---------------------------------------------------------------- nothing to lint

test('a run whose every path is ignored passes with a note, in every format', () => {
  withTemp((t) => {
    t.write('gen/a.yaml', BAD_LABEL);
    t.write('gen/b.yaml', BAD_LABEL);
    t.write('.meshlintignore', 'gen/\n');
    const named = cli(['gen/a.yaml', 'gen/b.yaml'], { cwd: t.dir });
    assert.is(named.code, 0, named.stderr);
    assert.is(named.stdout, '');
    assert.match(named.stderr, /note: nothing to lint: every path in gen\/a\.yaml, gen\/b\.yaml is ignored \(\.meshlintignore/);
    const folder = cli(['gen'], { cwd: t.dir });
    assert.is(folder.code, 0, folder.stderr);
    assert.match(folder.stderr, /note: nothing to lint: every path in gen is ignored/);
    const meta = cli(['gen/a.yaml', '-f', 'json-with-metadata'], { cwd: t.dir });
    const parsed = JSON.parse(meta.stdout) as { results: unknown[]; metadata: { notes: { id: string }[] } };
    assert.equal(parsed.results, []);
    assert.equal(parsed.metadata.notes.map((n) => n.id), ['nothing-to-lint']);
    // A folder with nothing lintable in it at all is still a usage error, unless asked.
    t.write('docs/readme.txt', 'text\n');
    assert.is(cli(['docs'], { cwd: t.dir }).code, 2);
    const allowed = cli(['docs', 'missing.yaml', '--no-error-on-unmatched-pattern'], { cwd: t.dir });
    assert.is(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stderr, /note: no such file, directory or matching files: "missing\.yaml"; not linted/);
    assert.match(allowed.stderr, /note: nothing to lint: no YAML or JSON files in docs, missing\.yaml/);
  });
});

/** A hook's entry as arguments (after the program name); pre-commit appends the files. */
function hookArgs(id: string): string[] {
  const hooks = parseYaml(readFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string }[];
  const entry = hooks.find((h) => h.id === id)?.entry ?? '';
  const [program, ...args] = entry.split(/\s+/);
  assert.is(program, 'meshlint');
  return args;
}

test('the pre-commit hook: a commit of ignored files passes; the config baseline hides known findings', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('vendor/chart.yaml', BAD_LABEL);
    t.write('.meshlintignore', 'vendor/\n');
    const ignored = cli([...hookArgs('meshlint'), 'vendor/chart.yaml'], { cwd: t.dir });
    assert.is(ignored.code, 0, ignored.stderr);
    assert.match(ignored.stderr, /nothing to lint/);
    assert.ok(hookArgs('meshlint-charts').includes('--no-error-on-unmatched-pattern'));

    t.write('apps/settings.yaml', BAD_LABEL);
    t.write('.meshlint.yaml', 'baseline: .meshlint-baseline.json\n');
    assert.is(cli(['.', '--write-baseline', '.meshlint-baseline.json'], { cwd: t.dir }).code, 0);
    t.write('apps/new.yaml', BAD_LABEL.replace('name: settings', 'name: fresh'));
    const run = cli([...hookArgs('meshlint'), 'apps/settings.yaml', 'apps/new.yaml'], { cwd: t.dir });
    assert.is(run.code, 1, 'the new finding fails the hook');
    assert.match(run.stdout, /apps\/new\.yaml/);
    assert.not.match(run.stdout, /apps\/settings\.yaml/);
    assert.match(run.stderr, /1 known finding not shown/);
  });
});

// ---------------------------------------------------------------- commands

test('each command has its own --help', () => {
  withTemp((t) => {
    const rules = cli(['rules', '--help'], { cwd: t.dir });
    assert.is(rules.code, 0);
    assert.is(rules.stdout, COMMAND_HELP.rules);
    assert.match(rules.stdout, /^Usage: meshlint rules/);
    assert.is(cli(['explain', '--help'], { cwd: t.dir }).stdout, COMMAND_HELP.explain);
    assert.is(cli(['explain', 'k8s/', '-h'], { cwd: t.dir }).stdout, COMMAND_HELP.explain);
    assert.is(cli(['--help'], { cwd: t.dir }).stdout, HELP);
    for (const flag of ['--baseline FILE', '--write-baseline FILE', '--no-error-on-unmatched-pattern', 'FORCE_COLOR', '--no-config-lookup']) assert.ok(HELP.includes(flag), flag);
    // Every line fits a terminal of 100 columns.
    for (const [name, text] of [["meshlint", HELP] as const, ...Object.entries(COMMAND_HELP)]) {
      for (const line of text.split('\n')) assert.ok(line.length <= 100, `${name} --help: a line of ${line.length} characters: ${line}`);
    }
  });
});

test('meshlint rules --format json: every rule with its level under the config and --rule', () => {
  withTemp((t) => {
    t.write('.meshlint.yaml', 'rules:\n  duplicate-key: off\n');
    const run = cli(['rules', '--format', 'json', '--rule', 'yaml-nonstring-value=1'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    const list = JSON.parse(run.stdout) as { id: string; level: string; fixable: boolean; description: string; url: string | null }[];
    assert.equal(list.map((r) => r.id), allRules.map((r) => r.name));
    assert.is(list.find((r) => r.id === 'duplicate-key')?.level, 'off');
    assert.is(list.find((r) => r.id === 'yaml-nonstring-value')?.level, 'warn');
    assert.is(list.find((r) => r.id === 'yaml-nonstring-value')?.fixable, true);
    const bad = cli(['rules', '-f', 'sarif'], { cwd: t.dir });
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /rules prints text \(the default\) or --format json/);
  });
});

test('a misspelt command: did you mean', () => {
  withTemp((t) => {
    const run = cli(['rulez'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.match(run.stderr, /no such file or directory "rulez", and no command of that name: did you mean "meshlint rules"\?/);
    assert.match(cli(['explian', 'k8s'], { cwd: t.dir }).stderr, /did you mean "meshlint explain"/);
    // A path far from any command is just a missing path.
    assert.not.match(cli(['deployments'], { cwd: t.dir }).stderr, /did you mean/);
  });
});

// ---------------------------------------------------------------- options

test('an Istio version meshlint does not know: a note that says whose behaviour is predicted', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    const newer = cli(['ok.yaml', '--istio-version', '9.9'], { cwd: t.dir });
    assert.is(newer.code, 0);
    assert.match(newer.stderr, /note: Istio 9\.9 \(--istio-version\) is newer than the versions meshlint knows \(1\.18 to 1\.31\): predicting what Istio 1\.31 does/);
    assert.match(cli(['ok.yaml', '--istio-version', '1.6'], { cwd: t.dir }).stderr, /Istio 1\.6 \(--istio-version\) is older than the versions meshlint knows .*predicting what Istio 1\.18 does/);
    assert.is(cli(['ok.yaml', '--istio-version', '1.26'], { cwd: t.dir }).stderr, '', 'a known version says nothing');
    t.write('.meshlint.yaml', 'istio:\n  version: "1.40"\n');
    const meta = JSON.parse(cli(['ok.yaml', '-f', 'json-with-metadata'], { cwd: t.dir }).stdout) as { metadata: { notes: { message: string }[] } };
    assert.ok(meta.metadata.notes.some((n) => n.message.startsWith('Istio 1.40 (istio.version in the config) is newer')), JSON.stringify(meta.metadata.notes));
  });
});

test('--rule takes the levels 0, 1 and 2 as the config does', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    const counts = (level: string): [number, number] => {
      const run = cli(['bad.yaml', '-f', 'json', '--rule', `yaml-nonstring-value=${level}`], { cwd: t.dir });
      const r = parseJsonReport(run)[0];
      return [r?.errorCount ?? -1, r?.warningCount ?? -1];
    };
    assert.equal(counts('1'), [0, 1]);
    assert.equal(counts('2'), [1, 0]);
    assert.equal(counts('0'), [0, 0]);
    assert.equal(counts('warn'), [0, 1]);
    assert.is(cli(['bad.yaml', '--rule', 'yaml-nonstring-value=3'], { cwd: t.dir }).code, 2);
  });
});

test('colours: FORCE_COLOR turns them on or off over NO_COLOR and the terminal; the flags win', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    const out = (args: string[], isTTY: boolean, env: NodeJS.ProcessEnv): string => cli(['bad.yaml', ...args], { cwd: t.dir, isTTY, env }).stdout;
    assert.ok(out([], false, { FORCE_COLOR: '1' }).includes(`${ESC}[31m`), 'FORCE_COLOR=1 without a terminal: red errors');
    assert.ok(out([], false, { FORCE_COLOR: '' }).includes(ESC), 'FORCE_COLOR set empty');
    assert.ok(out([], false, { FORCE_COLOR: '1', NO_COLOR: '1' }).includes(ESC), 'FORCE_COLOR wins over NO_COLOR');
    assert.not.ok(out([], true, { FORCE_COLOR: '0' }).includes(ESC), 'FORCE_COLOR=0 on a terminal');
    assert.not.ok(out([], true, { NO_COLOR: '1' }).includes(ESC), 'NO_COLOR on a terminal');
    assert.not.ok(out(['--no-color'], true, { FORCE_COLOR: '1' }).includes(ESC), '--no-color wins');
    assert.ok(out(['--color'], false, { FORCE_COLOR: '0' }).includes(ESC), '--color wins');
  });
});

// ---------------------------------------------------------------- json

test('json: fatalErrorCount counts files that could not be parsed; their messages are fatal', () => {
  withTemp((t) => {
    t.write('broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: [unclosed\n');
    t.write('bad.yaml', BAD_LABEL);
    const results = parseJsonReport(cli(['-f', 'json', '.'], { cwd: t.dir })) as unknown as { filePath: string; fatalErrorCount: number; errorCount: number; messages: { ruleId: string; fatal?: boolean }[] }[];
    const broken = results.find((r) => r.filePath === 'broken.yaml');
    assert.ok(broken && broken.errorCount > 0, JSON.stringify(results));
    assert.ok((broken?.fatalErrorCount ?? 0) >= 1, 'the syntax error is fatal');
    assert.is(broken?.fatalErrorCount, broken?.messages.filter((m) => m.ruleId === 'parse-error').length);
    assert.ok(broken?.messages.every((m) => m.ruleId !== 'parse-error' || m.fatal === true));
    const bad = results.find((r) => r.filePath === 'bad.yaml');
    assert.equal([bad?.errorCount, bad?.fatalErrorCount, bad?.messages[0]?.fatal], [1, 0, undefined]);
  });
});

test.run();
