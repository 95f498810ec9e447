// --cache (src/cli/cache.ts, fs-record.ts, parse/parse-records.ts): a run given again is the run
// it stands for, byte for byte; a change to any file a finding rests on (a Namespace's label, an
// injector ConfigMap, a HelmRelease's values, a file added, a config above) lints again, and
// that run equals a cold one; the cache file is data, read with care and written link-safely.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { execFileSync } from 'node:child_process';
import { cacheSettings, ParseStore, RunCache } from '../src/cli/cache.ts';
import { type Looked, signature, unchanged } from '../src/cli/fs-record.ts';
import { parse } from '../src/cli/args.ts';
import { lintFromArgs, lintParsed } from '../src/cli/lint.ts';
import { lookupFor } from '../src/cli/config.ts';
import { encodeDocuments, RecordedDocuments } from '../src/parse/parse-records.ts';
import { groupsOf, parseFile } from '../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../src/common/types.ts';
import { cli, type CliRun, type TempDir, withTemp } from './helpers/cli.ts';

const FILES: Record<string, string> = {
  'ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: payments\n  labels:\n    istio-injection: enabled\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: batch\n',
  'apps/agent.yaml': [
    'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: metrics-agent', '  namespace: payments', 'spec:',
    '  selector:', '    matchLabels: { app: metrics-agent }', '  template:', '    metadata:', '      labels: { app: metrics-agent }',
    '    spec:', '      hostNetwork: true', '      containers: [{ name: agent, image: example.com/agent:1.4 }]', '---',
    'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: nightly', '  namespace: batch', 'spec:',
    '  selector:', '    matchLabels: { app: nightly }', '  template:', '    metadata:', '      labels: { app: nightly }',
    '    spec:', '      hostNetwork: true', '      containers: [{ name: job, image: example.com/nightly:1.0 }]', '',
  ].join('\n'),
  'apps/job.yaml': 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: nightly\n  namespace: batch\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{ name: job, image: example.com/nightly:1.0 }]\n',
  'apps/clean.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n  namespace: payments\ndata:\n  a: "1"\n',
  'istio/release.yaml': [
    'apiVersion: helm.toolkit.fluxcd.io/v2', 'kind: HelmRelease', 'metadata:', '  name: istiod', '  namespace: istio-system', 'spec:',
    '  chart:', '    spec:', '      chart: istiod', '      version: 1.24.2', '      sourceRef: { kind: HelmRepository, name: istio }',
    '  values:', '    sidecarInjectorWebhook:', '      enableNamespacesByDefault: false', '',
  ].join('\n'),
};

const LINT = ['.', '-f', 'json', '--no-repository-context'];

function repo(t: TempDir): void {
  for (const [name, text] of Object.entries(FILES)) t.write(name, text);
}

const cached = (t: TempDir, extra: readonly string[] = []): CliRun => cli([...LINT, '--cache', ...extra], { cwd: t.dir });
const cold = (t: TempDir): CliRun => cli(LINT, { cwd: t.dir });
const same = (a: CliRun, b: CliRun, what: string): void => {
  assert.is(a.stdout, b.stdout, `${what}: the report`);
  assert.is(a.stderr, b.stderr, `${what}: standard error`);
  assert.is(a.code, b.code, `${what}: the exit code`);
};

const quietIO = (t: TempDir) => ({ cwd: t.dir, stdout: () => {}, stderr: () => {}, readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });

/** A lint's results, as JSON, with the documents of `store` when given (the CLI's lintParsed, as --cache calls it). */
function results(t: TempDir, argv: readonly string[], store?: ParseStore): string {
  const io = quietIO(t);
  const { values, positionals } = parse(argv);
  const r = lintParsed(values, positionals, lookupFor(values, io), io, undefined, store);
  if (typeof r === 'number') throw new Error(`exit ${r}`);
  return JSON.stringify(r.results);
}

/** Whether the cache would give the last run again for these arguments (nothing it looked at changed). */
function replayable(t: TempDir, extra: readonly string[] = []): boolean {
  const argv = [...LINT, '--cache', ...extra];
  const { values } = parse(argv);
  const io = quietIO(t);
  const settings = cacheSettings(values, io);
  if (!settings) throw new Error('no --cache');
  return RunCache.open(settings, values, argv, io, false).replay() !== undefined;
}

test('an unchanged run is given again, byte for byte, as the run it stands for', () => {
  withTemp((t) => {
    repo(t);
    const first = cached(t);
    assert.ok(existsSync(t.path('.meshlintcache')), 'the cache is written where ESLint writes its own');
    assert.ok(replayable(t), 'the next run is given again');
    same(cached(t), first, 'given again');
    same(cold(t), first, 'a cold run');
    assert.ok(JSON.parse(first.stdout).some((r: { messages: unknown[] }) => r.messages.length > 0), 'the report has findings to lose');
  });
});

test('each kind of fact-bearing file changed: linted again, and the same as a cold run', () => {
  const changes: readonly (readonly [string, string, string, string])[] = [
    ['a Namespace label', 'ns.yaml', 'istio-injection: enabled', 'istio-injection: disabled'],
    ['a HelmRelease values', 'istio/release.yaml', 'enableNamespacesByDefault: false', 'enableNamespacesByDefault: true'],
    ['an injector ConfigMap added', 'istio/injector.yaml', '', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  config: |\n    policy: disabled\n'],
  ];
  for (const strategy of ['metadata', 'content']) {
    for (const [what, file, from, to] of changes) {
      withTemp((t) => {
        repo(t);
        const extra = ['--cache-strategy', strategy];
        const before = cached(t, extra);
        const text = existsSync(t.path(file)) ? readFileSync(t.path(file), 'utf8') : '';
        assert.ok(from === '' || text.includes(from), `${what}: the fixture holds ${from}`);
        t.write(file, from === '' ? to : text.replace(from, to));
        assert.not.ok(replayable(t, extra), `${strategy}, ${what}: not given again`);
        const after = cached(t, extra);
        same(after, cold(t), `${strategy}, ${what}`);
        assert.is.not(after.stdout, before.stdout, `${what} changes the report (else this case proves nothing)`);
        same(cached(t, extra), after, `${strategy}, ${what}: then given again`);
      });
    }
  }
});

test('a file added to a folder, a config created above, a file removed: linted again', () => {
  withTemp((t) => {
    repo(t);
    cached(t);
    t.write('apps/new.yaml', FILES['apps/agent.yaml']?.replaceAll('metrics-agent', 'other-agent') ?? '');
    assert.not.ok(replayable(t), 'a new file');
    same(cached(t), cold(t), 'a new file');
    t.write('.meshlint.yaml', 'rules:\n  injection-host-network: off\n');
    assert.not.ok(replayable(t), 'a new config');
    same(cached(t), cold(t), 'a new config');
    execFileSync('rm', [t.path('apps/new.yaml')]);
    assert.not.ok(replayable(t), 'a file removed');
    same(cached(t), cold(t), 'a file removed');
  });
});

test('a path that did not exist is looked at again when its folder holds a name that could be it: a dangling link whose target appears', () => {
  withTemp((t) => {
    t.write('dir/keep.txt', '');
    symlinkSync(t.path('target.yaml'), t.path('dir/.meshlint.yaml'));
    const dir = t.path('dir');
    const looked: Looked[] = [
      { op: 'dir', path: dir, sig: signature('dir', dir, 'metadata') },
      { op: 'exists', path: t.path('dir/.meshlint.yaml'), sig: 'false' },
      { op: 'exists', path: t.path('dir/.meshlint.yml'), sig: 'false' },
    ];
    assert.ok(unchanged(looked, 'metadata', new Set()), 'nothing changed');
    t.write('target.yaml', 'rules: {}\n');
    assert.not.ok(unchanged(looked, 'metadata', new Set()), 'the link now leads to a file');
    execFileSync('rm', [t.path('target.yaml')]);
    assert.ok(unchanged(looked, 'metadata', new Set()));
    t.write('dir/.meshlint.yml', '');
    assert.not.ok(unchanged(looked, 'metadata', new Set()), 'a new file: the folder lists it');
  });
});

test('metadata strategy: a touched file lints again; content strategy: only a changed digest does', () => {
  withTemp((t) => {
    repo(t);
    cached(t, ['--cache-strategy', 'content']);
    const file = t.path('apps/clean.yaml');
    const later = new Date(statSync(file).mtimeMs + 10_000);
    utimesSync(file, later, later);
    assert.ok(replayable(t, ['--cache-strategy', 'content']), 'content: the same bytes are the same file');
    cached(t);
    utimesSync(file, new Date(0), new Date(0));
    assert.not.ok(replayable(t), 'metadata: a new time is a change');
  });
});

test('the report written to --output-file is written again; the cache and the report are no change to the folder', () => {
  withTemp((t) => {
    repo(t);
    const first = cached(t, ['-o', 'report.json']);
    const report = readFileSync(t.path('report.json'), 'utf8');
    writeFileSync(t.path('report.json'), 'stale');
    assert.ok(replayable(t, ['-o', 'report.json']));
    same(cached(t, ['-o', 'report.json']), first, 'given again');
    assert.is(readFileSync(t.path('report.json'), 'utf8'), report);
  });
});

test('a report of many pieces (written a run at a time) is given again whole, to --output-file and to standard output', () => {
  withTemp((t) => {
    repo(t);
    // Each file's result is about 200 characters of JSON: 1,200 files make a report of several runs.
    for (let i = 0; i < 1200; i++) t.write(`many/config-${i}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n  namespace: payments\n`);
    const first = cached(t, ['-o', 'report.json']);
    const report = readFileSync(t.path('report.json'), 'utf8');
    assert.ok(report.length > 3 * 65536, `a report of several runs (${report.length} characters)`);
    assert.equal(JSON.parse(report).length, 1205);
    writeFileSync(t.path('report.json'), 'stale');
    assert.ok(replayable(t, ['-o', 'report.json']));
    same(cached(t, ['-o', 'report.json']), first, 'given again');
    assert.is(readFileSync(t.path('report.json'), 'utf8'), report, 'the file is written whole again');
    const out = cached(t);
    assert.ok(out.stdout.length > 3 * 65536 && out.stdout.endsWith(']\n'));
    assert.ok(replayable(t));
    same(cached(t), out, 'standard output given again');
  });
});

test('a damaged, foreign or hostile cache file is ignored, then rewritten', () => {
  withTemp((t) => {
    repo(t);
    const expected = cold(t);
    const bad: readonly (readonly [string, Buffer | string])[] = [
      ['not serialized', 'garbage'],
      ['another shape', serialize({ magic: 'meshlint-cache', format: 1, build: 'x', run: 'no' })],
      ['truncated', serialize({ magic: 'meshlint-cache' }).subarray(0, 5)],
    ];
    for (const [what, bytes] of bad) {
      writeFileSync(t.path('.meshlintcache'), bytes);
      same(cached(t), expected, what);
      assert.ok(replayable(t), `${what}: rewritten`);
    }
  });
});

test('a record gives back exactly what was parsed: __proto__ keys, large numbers, characters past the BMP, a Helm source, problems', () => {
  const text = [
    '# Source: chart/templates/a.yaml',
    'a: "\\U0001F600 and \\u2028 kept"',
    '__proto__: {polluted: 1}',
    'big: 123456789012345678901234567890',
    'huge: 1e999',
    'neg: -0.0',
    'b: 1',
    'b: 2',
    '---',
    'c: .inf',
    '---',
    'd: [1, 2',
    '',
  ].join('\n');
  const file: SourceFile = { displayPath: 'a.yaml', absPath: undefined, text };
  const docs = [...parseFile(file)];
  const record = encodeDocuments(docs, groupsOf(file.text));
  assert.ok(record);
  const back = RecordedDocuments.decode(record as string, file)?.documents();
  assert.ok(back);
  const fields = (d: ParsedDocument): unknown => ({ ...d, file: undefined });
  assert.equal(back.map(fields), docs.map(fields), 'the same documents');
  assert.ok(back.every((d, i) => d.file === file && d.index === docs[i]?.index), 'given to the file of this run');
  const first = back[0]?.value as Record<string, unknown>;
  assert.is(first.a, '\u{1F600} and \u2028 kept', 'characters past the BMP and line separators, as they were');
  assert.ok(Object.hasOwn(first, '__proto__') && Object.getPrototypeOf(first) === Object.prototype, '__proto__ an own key, the prototype untouched');
  assert.ok(docs[0]?.helmSource && back[0]?.helmSource === docs[0].helmSource, 'the Helm source');
  assert.ok((docs[0]?.duplicateKeys.length ?? 0) > 0 && (docs[1]?.syntaxErrors.length ?? 0) > 0 && (docs[2]?.syntaxErrors.length ?? 0) > 0, 'the case holds a duplicate key and problems');
});

test('the documents part is read only by a run that lints: a damaged one still gives the report again, and a lint parses every file again', () => {
  withTemp((t) => {
    repo(t);
    const first = cached(t);
    const file = readFileSync(t.path('.meshlintcache'));
    const headEnd = 4 + file.readUInt32BE(0);
    assert.ok(headEnd < file.length, 'a head, then the documents');
    // The documents part cut short: not read when the report is given again.
    writeFileSync(t.path('.meshlintcache'), file.subarray(0, headEnd + 3));
    assert.ok(replayable(t));
    same(cached(t), first, 'given again with the documents part damaged');
    t.write('apps/clean.yaml', FILES['apps/clean.yaml']?.replace('"1"', '"3"') ?? '');
    writeFileSync(t.path('.meshlintcache'), Buffer.concat([readFileSync(t.path('.meshlintcache')).subarray(0, headEnd), Buffer.from('not V8 data')]));
    const { values } = parse([...LINT, '--cache']);
    const io = quietIO(t);
    const settings = cacheSettings(values, io);
    if (!settings) throw new Error('no --cache');
    const store = RunCache.open(settings, values, [...LINT, '--cache'], io, false).parses;
    const warm = results(t, LINT, store);
    assert.equal([store.counts.reused, store.counts.parsed], [0, 5], 'every file parsed again');
    assert.is(warm, results(t, LINT), 'the same as without the cache');
    same(cached(t), cold(t), 'a lint with the damaged part is a cold lint');
    assert.ok(replayable(t), 'then rewritten whole');
  });
});

test('a record that is not what YAML parses to (a number past what is finite, an offset past the text, not JSON) is not used', () => {
  const file: SourceFile = { displayPath: 'a.yaml', absPath: undefined, text: 'a: 1\n---\nb: [2]\n' };
  const record = (docValue: string, endOffset = 5): string => `{"whole":true,"starts":[0],"counts":[1],"docs":[{"index":0,"startOffset":0,"endOffset":${endOffset},"value":${docValue},"syntaxErrors":[],"duplicateKeys":[]}]}`;
  assert.ok(RecordedDocuments.decode(record('{"a":1}'), file), 'a well-formed record');
  for (const [what, json] of [['1e999', record('{"a":1e999}')], ['an offset past the text', record('{"a":1}', 999)], ['not JSON', record('{"a":1}').slice(0, 20)], ['a count that is not the documents', record('{"a":1}').replace('"counts":[1]', '"counts":[2]')]] as const) {
    assert.is(RecordedDocuments.decode(json, file), undefined, what);
  }
});

test('one changed file is the only one parsed again; the report equals a cold run', () => {
  withTemp((t) => {
    repo(t);
    const run = (store?: ParseStore): string => results(t, LINT, store);
    const first = new ParseStore(new Map());
    run(first);
    assert.is(first.counts.parsed, 5, 'every file parsed the first time');
    t.write('apps/clean.yaml', FILES['apps/clean.yaml']?.replace('"1"', '"2"') ?? '');
    const second = new ParseStore(new Map(first.entries()));
    const warm = run(second);
    assert.equal([second.counts.reused, second.counts.parsed], [4, 1]);
    assert.is(warm, run(), 'the same as without the cache');
  });
});

test('a file read for facts only (--context) has its groups kept too; a change to it is read again', () => {
  withTemp((t) => {
    repo(t);
    const ns = FILES['ns.yaml'] ?? '';
    execFileSync('mv', [t.path('ns.yaml'), t.path('cluster.yaml')]);
    t.write('cluster/ns.yaml', ns);
    execFileSync('rm', [t.path('cluster.yaml')]);
    const run = (store?: ParseStore): string => results(t, ['apps', '-f', 'json', '--no-repository-context', '--context', 'cluster'], store);
    const first = new ParseStore(new Map());
    const before = run(first);
    assert.is(first.counts.groupsParsed, 2, 'the two Namespaces of the context file');
    const second = new ParseStore(new Map(first.entries()));
    assert.is(run(second), before);
    assert.equal([second.counts.groupsReused, second.counts.groupsParsed], [2, 0], 'taken from the cache');
    t.write('cluster/ns.yaml', ns.replace('istio-injection: enabled', 'istio-injection: disabled'));
    const third = new ParseStore(new Map(second.entries()));
    const after = run(third);
    assert.is(third.counts.groupsParsed, 2, 'a changed file is parsed again');
    assert.is(after, run(), 'the same as without the cache');
    assert.is.not(after, before, 'the change changes the report');
  });
});

test('diff and the Action\'s lint take the documents too, and say the same as without them', () => {
  withTemp((t) => {
    repo(t);
    const git = (...args: string[]): void => void execFileSync('git', ['-C', t.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'one');
    t.write('ns.yaml', (FILES['ns.yaml'] ?? '').replace('istio-injection: enabled', 'istio-injection: disabled'));
    const diff = (extra: readonly string[]): CliRun => cli(['diff', 'HEAD', '-f', 'json', ...extra], { cwd: t.dir, env: process.env });
    const plain = diff([]);
    assert.match(plain.stdout, /metrics-agent/, 'the change shows');
    same(diff(['--cache']), plain, 'diff, the first run');
    assert.ok(existsSync(t.path('.meshlintcache')));
    same(diff(['--cache']), plain, 'diff, documents from the cache');
    const io = quietIO(t);
    const viaAction = (argv: readonly string[]): string => {
      const r = lintFromArgs(argv, io);
      if (typeof r === 'number') throw new Error(`exit ${r}`);
      return JSON.stringify(r.results);
    };
    const expected = viaAction(['.', '--no-repository-context']);
    assert.is(viaAction(['.', '--no-repository-context', '--cache']), expected);
    assert.is(viaAction(['.', '--no-repository-context', '--cache']), expected);
  });
});

test('a cache git tracks is not used; a cache path that is a link is not written through', () => {
  withTemp((t) => {
    repo(t);
    execFileSync('git', ['init', '-q', t.dir]);
    cached(t);
    execFileSync('git', ['-C', t.dir, 'add', '-f', '.meshlintcache']);
    const run = cached(t);
    assert.match(run.stderr, /\.meshlintcache is tracked by git/);
    same({ ...run, stderr: run.stderr.replace(/^.*tracked by git.*\n/m, '') }, cold(t), 'linted as without the cache');
  });
  withTemp((t) => {
    repo(t);
    t.write('elsewhere/target', 'keep');
    symlinkSync(t.path('elsewhere/target'), t.path('.meshlintcache'));
    const run = cached(t);
    assert.match(run.stderr, /cannot write the cache/);
    assert.is(readFileSync(t.path('elsewhere/target'), 'utf8'), 'keep', 'the link was not followed');
  });
});

test('--cache goes with a lint run; --cache-strategy takes metadata or content; --cache-location names a file or a folder', () => {
  withTemp((t) => {
    repo(t);
    const explain = cli(['explain', '.', '--cache'], { cwd: t.dir });
    assert.is(explain.code, 2);
    assert.match(explain.stderr, /--cache goes with a lint run/);
    const strategy = cli([...LINT, '--cache', '--cache-strategy', 'mtime'], { cwd: t.dir });
    assert.is(strategy.code, 2);
    assert.match(strategy.stderr, /--cache-strategy takes metadata or content/);
    t.write('store/.keep', '');
    cached(t, ['--cache-location', 'store']);
    assert.ok(existsSync(join(t.dir, 'store', '.meshlintcache')), 'a folder holds the file under its default name');
    cached(t, ['--cache-location', 'named-cache']);
    assert.ok(existsSync(t.path('named-cache')));
  });
});

test('the documents part is read from the file the head came from: one written in between is not taken', () => {
  withTemp((t) => {
    repo(t);
    cached(t);
    const { values } = parse([...LINT, '--cache']);
    const io = quietIO(t);
    const settings = cacheSettings(values, io);
    if (!settings) throw new Error('no --cache');
    const opened = RunCache.open(settings, values, [...LINT, '--cache'], io, false);
    // Another run rewrites the cache after this one read its head: its documents are another run's.
    const file = readFileSync(t.path('.meshlintcache'));
    writeFileSync(t.path('.meshlintcache'), Buffer.concat([file, Buffer.alloc(1)]));
    const store = opened.parses;
    assert.equal([store.counts.reused, store.counts.parsed], [0, 0], 'no documents taken');
    assert.is(results(t, LINT, store), results(t, LINT), 'the same as without the cache');
    assert.equal(store.counts.parsed, 5, 'every file parsed again');
    // Read from the same file as the head, they are taken.
    cached(t);
    const again = RunCache.open(settings, values, [...LINT, '--cache'], io, false).parses;
    assert.is(results(t, LINT, again), results(t, LINT));
    assert.equal([again.counts.reused, again.counts.parsed], [5, 0], 'every file from the cache');
  });
});

test.run();
