// The baseline: --write-baseline records today's findings, --baseline (or the config's
// `baseline`) reports only new ones and counts the rest; a finding whose lines move stays
// matched; a corrupt, hostile or huge baseline is one clean line and exit 2.
import { readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { argsFromInputs } from '../src/action/action.ts';
import { applyBaseline, baselineEntries, BaselineError, formatBaseline, parseBaseline } from '../src/engine/baseline.ts';
import { BAD_LABEL, CLEAN, WARN_ONLY, cli, parseJsonReport, tempDir, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const KNOWN = /note: 1 known finding not shown \(in the baseline base\.json\)/;

test('write a baseline, then only new findings are reported and the known ones counted', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    t.write('ok.yaml', CLEAN);
    assert.is(cli(['.'], { cwd: t.dir }).code, 1, 'the error fails the run before a baseline');

    const wrote = cli(['.', '--write-baseline', 'base.json'], { cwd: t.dir });
    assert.is(wrote.code, 0, wrote.stderr);
    assert.is(wrote.stdout, '', 'no report when writing the baseline');
    assert.match(wrote.stderr, /wrote 1 finding to base\.json/);
    const written = JSON.parse(readFileSync(t.path('base.json'), 'utf8')) as { version: number; findings: { file: string; ruleId: string; fingerprint: string }[] };
    assert.is(written.version, 1);
    assert.equal(written.findings.map((f) => [f.file, f.ruleId]), [['bad.yaml', 'yaml-nonstring-value']]);

    // The fingerprint is SARIF's partialFingerprints.primaryLocationLineHash.
    const sarif = JSON.parse(cli(['.', '-f', 'sarif'], { cwd: t.dir }).stdout) as { runs: { results: { partialFingerprints: { primaryLocationLineHash: string } }[] }[] };
    assert.is(written.findings[0]?.fingerprint, sarif.runs[0]?.results[0]?.partialFingerprints.primaryLocationLineHash);

    const quiet = cli(['.', '--baseline', 'base.json'], { cwd: t.dir });
    assert.is(quiet.code, 0, quiet.stderr);
    assert.is(quiet.stdout, '');
    assert.match(quiet.stderr, KNOWN);

    // A new finding is reported; the known one still is not.
    t.write('warn.yaml', WARN_ONLY);
    t.write('bad2.yaml', BAD_LABEL.replace('name: settings', 'name: other'));
    const added = cli(['.', '--baseline', 'base.json', '-f', 'json'], { cwd: t.dir });
    assert.is(added.code, 1);
    const report = parseJsonReport(added);
    assert.equal(
      report.filter((r) => r.messages.length > 0).map((r) => [r.filePath, r.errorCount, r.warningCount]),
      [['bad2.yaml', 1, 0], ['warn.yaml', 0, 1]],
    );
    assert.is(report.find((r) => r.filePath === 'bad.yaml')?.errorCount, 0, 'the counts are made again without the known finding');
    assert.match(added.stderr, KNOWN);
  });
});

test('a finding whose lines move stays matched; a second equal finding is new', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    assert.is(cli(['bad.yaml', '--write-baseline', 'base.json'], { cwd: t.dir }).code, 0);
    // Lines above it, and a key before it in the same mapping: the finding moves by four lines.
    t.write('bad.yaml', `# owned by the platform team\n# reviewed\n\n${BAD_LABEL.replace('  labels:\n', '  labels:\n    team: platform\n')}`);
    const moved = cli(['bad.yaml', '--baseline', 'base.json', '-f', 'json'], { cwd: t.dir });
    assert.is(moved.code, 0, moved.stdout);
    assert.match(moved.stderr, KNOWN);
    const moving = cli(['bad.yaml', '-f', 'json'], { cwd: t.dir });
    assert.is(parseJsonReport(moving)[0]?.messages[0]?.line, 10, 'the finding did move');

    // The same object twice in the file (a copy pasted below): one of the two is new, and so
    // is the copy itself (duplicate-object).
    t.write('bad.yaml', `${BAD_LABEL}---\n${BAD_LABEL}`);
    const twice = cli(['bad.yaml', '--baseline', 'base.json', '-f', 'json'], { cwd: t.dir });
    assert.is(twice.code, 1);
    assert.equal(parseJsonReport(twice)[0]?.messages.map((m) => m.ruleId).sort(), ['duplicate-object', 'yaml-nonstring-value']);
  });
});

test('a syntax error stays matched when a document is added above it in its file', () => {
  withTemp((t) => {
    const broken = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: [unclosed\n';
    t.write('broken.yaml', broken);
    assert.is(cli(['broken.yaml', '--write-baseline', 'base.json'], { cwd: t.dir }).code, 0);
    t.write('broken.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n---\n${broken}`);
    const r = cli(['broken.yaml', '--baseline', 'base.json', '-f', 'json'], { cwd: t.dir });
    assert.is(r.code, 0, r.stdout);
    assert.match(r.stderr, KNOWN);
  });
});

test('findings the baseline holds that are gone are counted, with how to drop them', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    cli(['bad.yaml', '--write-baseline', 'base.json'], { cwd: t.dir });
    t.write('bad.yaml', CLEAN);
    const run = cli(['bad.yaml', '--baseline', 'base.json'], { cwd: t.dir });
    assert.is(run.code, 0);
    assert.match(run.stderr, /1 of its findings is gone: run --write-baseline base\.json again/);
  });
});

test('the config names the baseline (for the pre-commit hook); --baseline wins; outside the repository is refused', () => {
  withTemp((t) => {
    t.write('k8s/bad.yaml', BAD_LABEL);
    t.write('k8s/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: [unclosed\n');
    t.write('.meshlint.yaml', 'baseline: .meshlint-baseline.json\n');
    // Written from a subfolder: the paths in it do not depend on where meshlint runs.
    assert.is(cli(['.', '--write-baseline', '../.meshlint-baseline.json'], { cwd: t.path('k8s') }).code, 0);
    const run = cli(['k8s/bad.yaml', 'k8s/broken.yaml'], { cwd: t.dir });
    assert.is(run.code, 0, run.stdout);
    // A parse error belongs to no resource: it is matched by file and place in it, wherever meshlint runs.
    assert.match(run.stderr, /[2-9] known findings not shown \(in the baseline \.meshlint-baseline\.json\)/);

    // A baseline in the config that is not there: say so, and how to create it.
    t.write('.meshlint.yaml', 'baseline: missing.json\n');
    const missing = cli(['k8s/bad.yaml'], { cwd: t.dir });
    assert.is(missing.code, 2);
    assert.match(missing.stderr, /baseline missing\.json \(named in \.meshlint\.yaml\): cannot read it: no such file; create it with meshlint --write-baseline missing\.json/);
    assert.is(cli(['k8s/bad.yaml', '--baseline', '.meshlint-baseline.json'], { cwd: t.dir }).code, 0, '--baseline replaces the config one');

    t.write('.meshlint.yaml', 'baseline: ../../etc/baseline.json\n');
    const outside = cli(['k8s/bad.yaml'], { cwd: t.dir });
    assert.is(outside.code, 2);
    assert.match(outside.stderr, /baseline: "\.\.\/\.\.\/etc\/baseline\.json" is outside the repository/);
    // A link in the repository to a file outside it is not read.
    const outsideDir = tempDir();
    try {
      symlinkSync(outsideDir.write('base.json', readFileSync(t.path('.meshlint-baseline.json'))), t.path('linked.json'));
      t.write('.meshlint.yaml', 'baseline: linked.json\n');
      const linked = cli(['k8s/bad.yaml'], { cwd: t.dir });
      assert.is(linked.code, 2);
      assert.match(linked.stderr, /baseline linked\.json \(named in \.meshlint\.yaml\): it is a symbolic link, or in a linked folder, that leads outside the repository/);
      assert.is(cli(['k8s/bad.yaml', '--baseline', 'linked.json'], { cwd: t.dir }).code, 0, 'named on the command line, it is read');
    } finally {
      outsideDir.cleanup();
    }
    t.write('.meshlint.yaml', 'baseline: [a]\n');
    assert.match(cli(['k8s/bad.yaml'], { cwd: t.dir }).stderr, /baseline: must be a string/);
  });
});

test('a corrupt, hostile or huge baseline: one line naming it, exit 2, nothing reported', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    const cases: [string, string | (() => void), RegExp][] = [
      ['not JSON', '{"version": 1, "findings": [', /not valid JSON/],
      ['deeply nested', '['.repeat(200_000) + ']'.repeat(200_000), /not valid JSON|not a baseline/],
      ['an array', '[]', /not a baseline/],
      ['no version', '{"findings": []}', /"version" must be 1/],
      ['a newer version', '{"version": 7, "findings": []}', /version 7 is newer than this meshlint reads/],
      ['findings not a list', '{"version": 1, "findings": {}}', /"findings" must be a list/],
      ['a bad fingerprint', '{"version": 1, "findings": [{"file": "a", "ruleId": "r", "fingerprint": "x"}]}', /findings\[0\] is not a finding/],
      ['a huge file', () => truncateSync(t.write('base.json', ''), 64 * 1024 * 1024), /larger than 32 MB/],
    ];
    for (const [what, content, expected] of cases) {
      if (typeof content === 'string') writeFileSync(t.path('base.json'), content);
      else content();
      const run = cli(['bad.yaml', '--baseline', 'base.json'], { cwd: t.dir });
      assert.is(run.code, 2, what);
      assert.is(run.stdout, '', what);
      assert.match(run.stderr, /^meshlint: --baseline base\.json: /, what);
      assert.match(run.stderr, expected, what);
      assert.is(run.stderr.trim().split('\n').length, 1, what);
    }
    const dir = cli(['bad.yaml', '--baseline', '.'], { cwd: t.dir });
    assert.is(dir.code, 2);
    assert.match(dir.stderr, /--baseline \.: not a file/);
  });
});

test('flags that do not go together are refused', () => {
  withTemp((t) => {
    t.write('bad.yaml', BAD_LABEL);
    assert.match(cli(['bad.yaml', '--write-baseline', 'a.json', '--baseline', 'b.json'], { cwd: t.dir }).stderr, /cannot be combined/);
    assert.match(cli(['bad.yaml', '--write-baseline', 'a.json', '--fix'], { cwd: t.dir }).stderr, /run --fix first/);
  });
});

test('the Action: the baseline input passes --baseline; the known findings do not fail the step', () => {
  withTemp((t) => {
    process.env.INPUT_BASELINE = 'base.json';
    try {
      assert.equal(argsFromInputs().slice(-2), ['--baseline', 'base.json']);
    } finally {
      delete process.env.INPUT_BASELINE;
    }
    t.write('bad.yaml', BAD_LABEL);
    assert.is(cli(['.', '--write-baseline', 'base.json'], { cwd: t.dir }).code, 0);
    // The committed bundle, as the runner runs it.
    const run = (inputs: Record<string, string>): { code: number; out: string } => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: t.dir, GITHUB_OUTPUT: t.write('runner/output', ''), GITHUB_STEP_SUMMARY: t.write('runner/summary', '') };
      for (const [k, v] of Object.entries({ format: 'json', annotations: 'false', paths: 'bad.yaml', ...inputs })) env[`INPUT_${k.toUpperCase()}`] = v;
      const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'action.js')], { cwd: t.dir, env, encoding: 'utf8' });
      return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
    };
    assert.is(run({}).code, 1, 'without the baseline the error fails the step');
    const known = run({ baseline: 'base.json' });
    assert.is(known.code, 0, known.out);
    assert.match(known.out, KNOWN);
  });
});

test('the baseline file is sorted and stable: the same findings give the same bytes', () => {
  const msg = (ruleId: string, identity: string) => ({ ruleId, severity: 2 as const, message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2, identity });
  const results = [
    { filePath: 'b.yaml', messages: [msg('z-rule', 'x'), msg('a-rule', 'x')], errorCount: 2, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 },
    { filePath: 'a.yaml', messages: [msg('a-rule', 'x'), msg('a-rule', 'x')], errorCount: 2, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 },
  ];
  const entries = baselineEntries(results, (p) => p);
  const text = formatBaseline(entries);
  assert.is(formatBaseline([...entries].reverse()), text);
  assert.equal(
    entries.map((e) => [e.file, e.ruleId]),
    [['a.yaml', 'a-rule'], ['a.yaml', 'a-rule'], ['b.yaml', 'a-rule'], ['b.yaml', 'z-rule']],
  );
  assert.equal(entries.filter((e) => e.file === 'a.yaml').map((e) => e.fingerprint.split(':')[1]).sort(), ['1', '2'], 'equal findings told apart by occurrence');
  const parsed = parseBaseline(text);
  assert.equal(parsed.entries, entries);
  // Reading it back and applying it hides every finding; another file's are not matched.
  const applied = applyBaseline(results, parsed, (p) => p);
  assert.is(applied.known, 4);
  assert.ok(applied.results.every((r) => r.messages.length === 0 && r.errorCount === 0));
  assert.is(applyBaseline(results, parsed, (p) => `other/${p}`).known, 0);
  assert.throws(() => parseBaseline('\u0000'), (e: unknown) => e instanceof BaselineError);
});

test.run();
