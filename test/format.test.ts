// The four output formats: json (ESLint's shape), stylish (terminal-safe), github
// (workflow commands, escaped) and SARIF (valid against the official 2.1.0 schema).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sarifValidator } from './helpers/sarif.ts';
import type { Log } from 'sarif';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { formatGithub } from '../src/format/github.ts';
import { formatReport, reportParts } from '../src/cli/output.ts';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { batched } from '../src/common/text.ts';
import type { LintResult } from '../src/common/types.ts';
import { BAD_LABEL, CLEAN, WARN_ONLY, cli, parseJsonReport, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';
import { skipping } from './helpers/skip.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ESC = '\u001b';
const SGR = /\u001b\[[0-9;]*m/g;

/** Two files with problems (an error and a warning) and one clean file. */
function sample(t: TempDir): void {
  t.write('a/clean.yaml', CLEAN);
  t.write('a/settings.yaml', BAD_LABEL);
  t.write('b/labels.yaml', WARN_ONLY);
}

const sarifOf = (run: CliRun): Log => JSON.parse(run.stdout) as Log;

// ---------------------------------------------------------------- json

test('json: ESLint JSON formatter shape, one entry per linted file', () => {
  withTemp((t) => {
    sample(t);
    const run = cli(['-f', 'json', '.'], { cwd: t.dir });
    assert.is(run.code, 1);
    const results = parseJsonReport(run) as unknown as Record<string, unknown>[];
    assert.ok(Array.isArray(results));
    assert.equal(results.map((r) => r.filePath), ['a/clean.yaml', 'a/settings.yaml', 'b/labels.yaml']);
    for (const r of results) {
      // ESLint's JSON formatter's fields, in its order.
      assert.equal(Object.keys(r), ['filePath', 'messages', 'suppressedMessages', 'errorCount', 'fatalErrorCount', 'warningCount', 'fixableErrorCount', 'fixableWarningCount', 'usedDeprecatedRules']);
      assert.equal([r.suppressedMessages, r.usedDeprecatedRules, r.fatalErrorCount], [[], [], 0]);
      for (const k of ['errorCount', 'warningCount', 'fixableErrorCount', 'fixableWarningCount']) assert.type(r[k], 'number', k);
      const messages = r.messages as Record<string, unknown>[];
      assert.ok(Array.isArray(messages));
      for (const m of messages) {
        for (const k of ['ruleId', 'message', 'resource']) assert.type(m[k], 'string', k);
        for (const k of ['line', 'column', 'endLine', 'endColumn']) assert.ok(Number.isInteger(m[k]) && (m[k] as number) >= 1, `${k}: ${String(m[k])}`);
        assert.ok(m.severity === 1 || m.severity === 2, 'severity is 1 or 2');
      }
    }
    const [clean, settings, labels] = results;
    assert.equal([clean?.errorCount, clean?.warningCount, (clean?.messages as unknown[]).length], [0, 0, 0]);
    assert.equal([settings?.errorCount, settings?.warningCount, settings?.fixableErrorCount, settings?.fixableWarningCount], [1, 0, 1, 0]);
    assert.equal([labels?.errorCount, labels?.warningCount], [0, 1]);
    const m = (settings?.messages as Record<string, unknown>[])[0];
    assert.equal(
      { ruleId: m?.ruleId, severity: m?.severity, line: m?.line, column: m?.column, endLine: m?.endLine, endColumn: m?.endColumn, resource: m?.resource },
      { ruleId: 'yaml-nonstring-value', severity: 2, line: 6, column: 5, endLine: 6, endColumn: 26, resource: 'ConfigMap settings' },
    );
  });
});

// ---------------------------------------------------------------- stylish

test('stylish: grouped by file, ending with a summary line; no ANSI escapes when not a TTY', () => {
  withTemp((t) => {
    sample(t);
    const run = cli(['.'], { cwd: t.dir, isTTY: false });
    assert.is(run.code, 1);
    assert.not.ok(run.stdout.includes(ESC), 'no escape sequences');
    const lines = run.stdout.split('\n');
    const headers = lines.filter((l) => l !== '' && !l.startsWith(' '));
    assert.equal(headers, ['a/settings.yaml', 'b/labels.yaml', '✖ 2 problems (1 error, 1 warning)'], 'a header per file with problems, then the summary');
    const first = lines.indexOf('a/settings.yaml');
    assert.match(lines[first + 1] ?? '', /^ {2}6:5 +error +Label "feature-enabled" .* yaml-nonstring-value$/);
    assert.match(lines[first + 2] ?? '', /^ +ConfigMap settings$/);
    const second = lines.indexOf('b/labels.yaml');
    assert.match(lines[second + 1] ?? '', /^ {2}7:5 +warning +Duplicate key "app" .* duplicate-key$/);
    assert.ok(/✖ 2 problems \(1 error, 1 warning\)\n {2}1 error and 0 warnings potentially fixable with the `--fix` option\.\n$/.test(run.stdout), run.stdout);
  });
});

test('stylish: colours only on a terminal, and never with NO_COLOR or --no-color', () => {
  withTemp((t) => {
    sample(t);
    assert.ok(cli(['.'], { cwd: t.dir, isTTY: true }).stdout.includes(`${ESC}[`), 'a terminal gets colours');
    assert.not.ok(cli(['.'], { cwd: t.dir, isTTY: true, env: { NO_COLOR: '1' } }).stdout.includes(ESC), 'NO_COLOR');
    assert.not.ok(cli(['.', '--no-color'], { cwd: t.dir, isTTY: true }).stdout.includes(ESC), '--no-color');
    assert.ok(cli(['.', '--color'], { cwd: t.dir, isTTY: false }).stdout.includes(`${ESC}[`), '--color forces them');
    assert.not.ok(cli(['.'], { cwd: t.dir, isTTY: true, env: { TERM: 'dumb' } }).stdout.includes(ESC), 'TERM=dumb');
  });
});

// A real terminal, through util-linux's script(1): the CLI asks the stream itself (hasColors()).
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasScript) skipping('the terminal colour test (no script(1): apt-get install bsdutils)');
else {
  test('on a real terminal: colours, except where TERM=dumb says the terminal has none', () => {
    withTemp((t) => {
      sample(t);
      const bin = join(REPO_ROOT, 'bin', 'meshlint.js');
      const onTerminal = (term: string): string => {
        const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, TERM: term };
        return spawnSync('script', ['-qec', `'${process.execPath}' '${bin}' .`, '/dev/null'], { cwd: t.dir, env, encoding: 'utf8' }).stdout;
      };
      const xterm = onTerminal('xterm-256color');
      assert.match(xterm, /yaml-nonstring-value/);
      assert.ok(xterm.includes(`${ESC}[`), 'a terminal gets colours');
      const dumb = onTerminal('dumb');
      assert.match(dumb, /yaml-nonstring-value/);
      assert.not.ok(dumb.includes(`${ESC}[`), 'TERM=dumb');
    });
  });
}

test('stylish: a clean run prints nothing', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    const run = cli(['ok.yaml'], { cwd: t.dir });
    assert.equal([run.code, run.stdout, run.stderr], [0, '', '']);
  });
});

test('stylish: an ESC character from a manifest never reaches the output raw', () => {
  withTemp((t) => {
    // YAML's "\e" is ESC: in a label value, a label key, a resource name and a file name.
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: "evil\\e[2J"',
      '  labels:',
      '    "key\\e[2J": true',
      '    dup: "one\\e[2J"',
      '    dup: "two\\e[2J\\e]0;pwned\\a"',
      '',
    ].join('\n');
    assert.ok(text.includes('name: "evil\\e[2J"'), 'the YAML escape, not the character, is in the file');
    t.write('plain.yaml', text);
    t.write(`named${ESC}[2J.yaml`, text);
    for (const isTTY of [false, true]) {
      const run = cli(['.'], { cwd: t.dir, isTTY });
      assert.is(run.code, 1);
      const visible = run.stdout.replace(SGR, '');
      assert.not.ok(visible.includes(ESC), `raw ESC in the output (isTTY ${isTTY}):\n${JSON.stringify(run.stdout)}`);
      assert.not.ok(visible.includes('\u0007'), 'raw BEL');
      assert.ok(visible.includes('evil\\u001b[2J'), 'shown escaped, still readable');
      assert.ok(visible.includes('named\\u001b[2J.yaml'), 'the file name is escaped too');
    }
    // Names on standard error (skipped files) are escaped the same way.
    symlinkSync('gone.yaml', t.path(`dangling${ESC}[2J.yaml`));
    const stderr = cli(['.'], { cwd: t.dir }).stderr;
    assert.ok(stderr.includes('dangling\\u001b[2J.yaml: a symbolic link whose target does not exist'), stderr);
    assert.not.ok(stderr.includes(ESC), 'raw ESC on standard error');
  });
});

// ---------------------------------------------------------------- github

test('github: one workflow command per problem, with file, line, col, endLine, endColumn and title', () => {
  withTemp((t) => {
    sample(t);
    const run = cli(['.', '-f', 'github'], { cwd: t.dir });
    assert.is(run.code, 1);
    const lines = run.stdout.trimEnd().split('\n');
    assert.is(lines.length, 2);
    assert.match(lines[0] ?? '', /^::error file=a\/settings\.yaml,line=6,col=5,endLine=6,endColumn=26,title=meshlint \(yaml-nonstring-value\)::Label "feature-enabled" .*\[ConfigMap settings\]$/);
    assert.match(lines[1] ?? '', /^::warning file=b\/labels\.yaml,line=7,col=5,endLine=7,endColumn=8,title=meshlint \(duplicate-key\)::Duplicate key "app"/);
  });
});

test('github: % \\r \\n are escaped in the message; : and , also in properties', () => {
  withTemp((t) => {
    t.write('deploy:prod,eu/100%.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    "a%b\\r\\nc:d,e": true\n');
    const run = cli(['.', '-f', 'github'], { cwd: t.dir });
    const lines = run.stdout.trimEnd().split('\n');
    assert.is(lines.length, 1, 'the CR/LF in the key did not split the command');
    const line = lines[0] ?? '';
    assert.ok(line.startsWith('::error file=deploy%3Aprod%2Ceu/100%25.yaml,line=6,col=5,'), line);
    const message = line.slice(line.indexOf('::', 2) + 2);
    assert.ok(message.includes('"a%25b%0D%0Ac:d,e"'), `message data: ${message}`);
    assert.not.ok(line.includes('\r'), 'no raw CR');
  });
});

test('github: escaping of every property and of the data, checked on the formatter', () => {
  const result: LintResult = {
    filePath: 'a,b:c%d\r\ne.yaml',
    messages: [
      { ruleId: 'x', severity: 1, message: '100% done\r\nnext: a,b', line: 1, column: 2, endLine: 3, endColumn: 4, identity: 'i', resource: `Pod p${ESC}[2J` },
    ],
    errorCount: 0,
    warningCount: 1,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
  };
  assert.is(
    formatGithub([result]),
    '::warning file=a%2Cb%3Ac%25d%0D%0Ae.yaml,line=1,col=2,endLine=3,endColumn=4,title=meshlint (x)::100%25 done%0D%0Anext: a,b [Pod p[2J]\n',
  );
});

// ---------------------------------------------------------------- sarif

test('sarif: the log validates against the official SARIF 2.1.0 schema', () => {
  const validate = sarifValidator();
  // The validator is not vacuous: a broken log is refused.
  assert.ok(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }).length > 0, 'a log without driver.name must be invalid');
  withTemp((t) => {
    sample(t);
    t.write('c/dup.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n  labels:\n    a: "1"\n    a: "2"\n');
    t.write('c/broken.yaml', 'apiVersion: v1\nkind: [\n');
    const run = cli(['.', '-f', 'sarif'], { cwd: t.dir });
    assert.is(run.code, 1);
    const log = sarifOf(run);
    assert.equal(validate(log), []);
    assert.is(log.version, '2.1.0');
    const results = log.runs[0]?.results ?? [];
    assert.equal(results.map((r) => r.ruleId).sort(), ['duplicate-key', 'duplicate-key', 'parse-error', 'yaml-nonstring-value']);
    assert.ok(results.some((r) => (r.relatedLocations?.length ?? 0) > 0), 'related locations are included (and valid)');
    // An empty run is valid too.
    t.write('only/clean.yaml', CLEAN);
    const clean = cli(['only', '-f', 'sarif'], { cwd: t.dir });
    assert.is(clean.code, 0);
    assert.equal(validate(sarifOf(clean)), []);
    assert.equal(sarifOf(clean).runs[0]?.results, []);
  });
});

test('sarif: the rules with results are described (every rule with --sarif-all-rules, its whole page as help); results point at their rule; the file is sized to its findings', () => {
  withTemp((t) => {
    sample(t);
    const compact = cli(['.', '-f', 'sarif'], { cwd: t.dir });
    const full = cli(['.', '-f', 'sarif', '--sarif-all-rules'], { cwd: t.dir });
    const used = [...new Set((sarifOf(compact).runs[0]?.results ?? []).map((r) => r.ruleId))];
    assert.equal(sarifOf(compact).runs[0]?.tool.driver.rules?.map((r) => r.id), allRules.map((r) => r.name).filter((id) => used.includes(id)), 'only the rules with results, in the rules\' order');
    assert.ok(compact.stdout.length * 4 < full.stdout.length, `compact ${compact.stdout.length} bytes, full ${full.stdout.length}`);
    const validate = sarifValidator();
    for (const run of [compact, full]) {
      const log = sarifOf(run);
      assert.equal(validate(log), [], 'SARIF 2.1.0');
      for (const res of log.runs[0]?.results ?? []) assert.is(log.runs[0]?.tool.driver.rules?.[res.ruleIndex ?? -1]?.id, res.ruleId, 'ruleIndex points at the rule');
    }
    const log = sarifOf(full);
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    assert.equal(rules.map((r) => r.id), allRules.map((r) => r.name));
    for (const r of rules) {
      assert.ok((r.help?.text ?? '').trim().length > 20, `${r.id}: help.text`);
      assert.ok((r.help?.markdown ?? '').trim().length > 20, `${r.id}: help.markdown`);
      assert.ok(r.shortDescription?.text, `${r.id}: shortDescription`);
      assert.ok(r.helpUri?.startsWith('https://'), `${r.id}: helpUri`);
      assert.ok(['error', 'warning', 'note', 'none'].includes(r.defaultConfiguration?.level ?? ''), `${r.id}: level`);
    }
    for (const res of log.runs[0]?.results ?? []) {
      assert.is(rules[res.ruleIndex ?? -1]?.id, res.ruleId, 'ruleIndex points at the rule');
    }
  });
});

test('sarif: URIs are repo-relative and percent-encoded', () => {
  withTemp((t) => {
    t.write('a b#1.yaml', BAD_LABEL);
    const log = sarifOf(cli(['a b#1.yaml', '-f', 'sarif'], { cwd: t.dir }));
    const loc = log.runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation;
    assert.equal(loc, { uri: 'a%20b%231.yaml', uriBaseId: '%SRCROOT%' });

    // Run from a subdirectory of a repository: still relative to the repository root.
    mkdirSync(t.path('.git'));
    t.write('deploy/prod/ü?x.yaml', BAD_LABEL);
    const sub = sarifOf(cli(['prod', '-f', 'sarif'], { cwd: t.path('deploy') }));
    const uri = sub.runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
    assert.is(uri, 'deploy/prod/%C3%BC%3Fx.yaml');
    assert.is(new URL(uri, 'file:///repo/').pathname, '/repo/deploy/prod/%C3%BC%3Fx.yaml', 'a valid relative reference');
    assert.is(decodeURIComponent(uri), 'deploy/prod/ü?x.yaml');
  });
});

test('sarif: primaryLocationLineHash does not change when blank lines are inserted above', () => {
  withTemp((t) => {
    const docA = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels:\n    x: true\n    y: 1\n';
    const docB = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n  labels:\n    x: true\n';
    const hashes = (text: string): [number[], string[]] => {
      t.write('m.yaml', text);
      const results = sarifOf(cli(['m.yaml', '-f', 'sarif'], { cwd: t.dir })).runs[0]?.results ?? [];
      return [
        results.map((r) => r.locations?.[0]?.physicalLocation?.region?.startLine ?? 0),
        results.map((r) => r.partialFingerprints?.primaryLocationLineHash ?? ''),
      ];
    };
    const [lines1, before] = hashes(`${docA}---\n${docB}`);
    const [lines2, after] = hashes(`\n\n\n${docA}\n\n---\n\n${docB}`);
    assert.equal(lines1, [6, 7, 14]);
    assert.equal(lines2, [9, 10, 20], 'the findings did move');
    assert.equal(after, before);
    assert.is(new Set(before).size, 3, 'distinct findings have distinct fingerprints');
    for (const h of before) assert.match(h, /^[0-9a-f]{16,}:\d+$/);
  });
});


test('the JSON reports in pieces are the reports whole, a file a piece; pieces are joined into runs of a bounded size', () => {
  const messages = [{ ruleId: 'injection-host-network', severity: 1 as const, identity: 'apps/v1/Deployment/a/b', message: 'a \u2028 line\u00a0sep', line: 1, column: 1, endLine: 1, endColumn: 2, related: [{ filePath: 'b.yaml', message: 'm', line: 2, column: 1, endLine: 2, endColumn: 3 }] }];
  const results: LintResult[] = Array.from({ length: 50 }, (_, i) => ({ filePath: `f${i}.yaml`, messages: i % 7 === 0 ? messages : [], errorCount: 0, warningCount: i % 7 === 0 ? 1 : 0, fixableErrorCount: 0, fixableWarningCount: 0 }));
  const config = EMPTY_CONFIG;
  const opts = { color: false, cwd: '/repo', notes: [{ id: 'facts', message: 'a note' }] };
  for (const format of ['json', 'json-with-metadata'] as const) {
    const parts = [...reportParts(format, results, config, opts)];
    assert.is(parts.join(''), formatReport(format, results, config, opts), `${format}: the same text`);
    assert.ok(parts.length > results.length, `${format}: a piece a file (${parts.length} pieces)`);
    JSON.parse(parts.join(''));
  }
  assert.equal([...reportParts('stylish', results, config, opts)], [formatReport('stylish', results, config, opts)], 'the other formats: one piece');
  const pieces = ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30), 'd'.repeat(5)];
  assert.equal([...batched(pieces, 50)], ['a'.repeat(30) + 'b'.repeat(30), 'c'.repeat(30) + 'd'.repeat(5)]);
  assert.equal([...batched([], 50)], []);
  assert.equal([...batched([''], 50)], []);
});

test.run();
