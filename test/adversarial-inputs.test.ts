// File-system inputs chosen to break a linter: empty files, unreadable files, directories
// named like manifests, FIFOs, sockets, devices and links to them. None may crash meshlint,
// hang it, or pass in silence; --stats accounts for every path it met.
// Also huge and deep content: a 100 MB scalar, 10,000 levels of nesting.
// (Symbolic link loops, dangling links, BOMs and CRLF are in load.test.ts; binary and
// invalid UTF-8 bytes as findings in rules/parse-error.test.ts; alias bombs there too.)
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, CLEAN, cli, parseJsonReport, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
const files = (run: CliRun): string[] => parseJsonReport(run).map((r) => r.filePath);
const findings = (run: CliRun): string[] => parseJsonReport(run).flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.ruleId}: ${m.message}`));
const statsOf = (run: CliRun): string => run.stderr.split('\n').find((l) => / linted/.test(l)) ?? `no --stats line in:\n${run.stderr}`;

/**
 * meshlint from the sources in a child process with a time limit: a regression that blocks
 * on a FIFO fails the test instead of hanging the suite. The in-process runs come after.
 */
function runWithTimeLimit(args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', TSX, MAIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  assert.is(r.signal, null, `meshlint ${args.join(' ')} did not finish within 30 s (blocked reading a FIFO?)`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** mkfifo, or a reason the platform has none. */
function makeFifo(path: string): string | undefined {
  if (process.platform === 'win32') return 'Windows has no mkfifo';
  try {
    execFileSync('mkfifo', [path]);
    return undefined;
  } catch (e) {
    return `mkfifo failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

/**
 * Makes a path unreadable; a reason when that cannot be: as root (or on a file system that
 * ignores modes) chmod 000 does not stop reading, so the case is skipped, not faked.
 */
function makeUnreadable(path: string): string | undefined {
  chmodSync(path, 0o000);
  try {
    readdirOrRead(path);
    return 'chmod 000 does not stop this user from reading (running as root?)';
  } catch {
    return undefined;
  }
}
const readdirOrRead = (path: string): void => {
  try {
    readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EISDIR') throw e;
    readdirSync(path);
  }
};

const skip = (name: string, why: string): void => console.log(`skip: ${name}: ${why}`);

// ---------------------------------------------------------------- huge and deep content

// Its speed is npm run bench's to measure: a test bounds work, never seconds.
test('a 100 MB scalar is linted like any value', () => {
  withTemp((t) => {
    t.write('big.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: ${'x'.repeat(100_000_000)}\n  flag: yes\n`);
    const run = cli(['big.yaml', '-f', 'json', '--stats'], { cwd: t.dir });
    assert.is(run.code, 1, run.stderr);
    assert.equal(findings(run).map((f) => f.split(':')[0]), ['big.yaml yaml-nonstring-value'], 'the value after it is still read');
    assert.match(statsOf(run), '1 file linted');
  });
});

const BUNDLE_BIN = fileURLToPath(new URL('../bin/meshlint.js', import.meta.url));
/** Prints the process's peak resident memory when it exits (process.exit included), in KiB. */
const REPORT_PEAK = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('\\npeak-rss-kib=' + process.resourceUsage().maxRSS + '\\n'))")}`;

test('a 14 MB document on one line ({k0: "0", k1: "1", …}) is one finding at its start, in under 300 MB; the next document is linted', () => {
  if (!existsSync(fileURLToPath(new URL('../dist/cli.cjs', import.meta.url)))) return skip('peak memory of the bundle', 'dist/cli.cjs is not built (npm run build)');
  withTemp((t) => {
    const pairs: string[] = [];
    let size = 0;
    for (let i = 0; size < 14_000_000; i++) {
      const pair = `k${i}: "value ${i}"`;
      pairs.push(pair);
      size += pair.length + 2;
    }
    t.write('flow.yaml', `{apiVersion: v1, kind: ConfigMap, metadata: {name: big}, data: {${pairs.join(', ')}}}\n---\n${BAD_LABEL}`);
    const r = spawnSync(process.execPath, ['--import', REPORT_PEAK, BUNDLE_BIN, '-f', 'json', 'flow.yaml'], { cwd: t.dir, encoding: 'utf8', maxBuffer: 1 << 26 });
    assert.is(r.status, 1, r.stderr);
    const peak = Number(/peak-rss-kib=(\d+)/.exec(r.stderr)?.[1]) * 1024;
    assert.ok(peak > 0 && peak < 300_000_000, `peak resident memory ${Math.round(peak / 1e6)} MB`);
    const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string; line: number; column: number; message: string }[] }[];
    assert.equal(result?.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`), ['1:1 parse-error', '8:5 yaml-nonstring-value']);
    assert.match(result?.messages[0]?.message ?? '', 'more than 250,000 values in one document');
  });
});

test('10,000 levels of nesting, block and flow: one finding each, no stack overflow; the other documents are linted', () => {
  withTemp((t) => {
    let block = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: deep }\ndata:\n';
    for (let i = 1; i <= 10_000; i++) block += `${' '.repeat(i * 2)}a:\n`;
    t.write('block.yaml', `${block}---\n${BAD_LABEL}`);
    t.write('flow.yaml', `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n---\n${BAD_LABEL}`);
    const run = cli(['block.yaml', 'flow.yaml', '-f', 'json'], { cwd: t.dir });
    assert.is(run.code, 1, run.stderr);
    const got = findings(run);
    for (const f of ['block.yaml', 'flow.yaml']) {
      assert.ok(got.some((m) => m.startsWith(`${f} parse-error`) && m.includes('nesting deeper than 1000 levels')), got.join('\n'));
      assert.ok(got.some((m) => m.startsWith(`${f} yaml-nonstring-value`)), got.join('\n'));
    }
  });
});

// ---------------------------------------------------------------- empty files

test('empty and comment-only files: no crash, no finding, counted as linted', () => {
  withTemp((t) => {
    t.write('zero.yaml', '');
    t.write('zero.json', '');
    t.write('blank.yml', '   \n\n\t\n');
    t.write('comments.yaml', '# to be written\n---\n# still nothing\n');
    const run = cli(['.', '-f', 'json', '--stats'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    assert.equal(files(run), ['blank.yml', 'comments.yaml', 'zero.json', 'zero.yaml']);
    assert.equal(findings(run), []);
    assert.match(statsOf(run), /^meshlint: 4 files linted, /);
    assert.match(statsOf(run), /; skipped: none$/);

    const stdin = cli(['-', '-f', 'json', '--stats'], { cwd: t.dir, stdin: '' });
    assert.is(stdin.code, 0, stdin.stderr);
    assert.equal(files(stdin), ['<stdin>']);
    assert.match(statsOf(stdin), /^meshlint: 1 file linted, 0 documents, /);
  });
});

// ---------------------------------------------------------------- unreadable and not text

test('an unreadable file is a finding and exit 1, never clean; --stats counts it as unreadable', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    const locked = t.write('locked.yaml', CLEAN);
    const why = makeUnreadable(locked);
    if (why) return skip('unreadable file', why);
    for (const args of [['.'], ['locked.yaml'], ['*.yaml']]) {
      const run = cli([...args, '-f', 'json', '--stats'], { cwd: t.dir });
      assert.is(run.code, 1, `${args}: ${run.stderr}`);
      assert.equal(findings(run), ['locked.yaml parse-error: cannot read the file: permission denied.'], args.join(' '));
      assert.match(statsOf(run), /\(1 unreadable\)/);
    }
  });
});

test('a directory that cannot be listed is a finding and exit 1, never a silent pass', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    t.write('locked/hidden.yaml', BAD_LABEL);
    const why = makeUnreadable(t.path('locked'));
    try {
      if (why) return skip('unreadable directory', why);
      const run = cli(['.', '-f', 'json', '--stats'], { cwd: t.dir });
      assert.is(run.code, 1, run.stderr);
      assert.equal(findings(run), ['locked parse-error: cannot read the directory: permission denied; make it readable, or add it to .meshlintignore.']);
      assert.match(statsOf(run), /2 files linted \(1 unreadable\)/);
      // Ignored, it is not even looked into.
      const ignored = cli(['.', '--ignore-pattern', 'locked/', '--stats'], { cwd: t.dir });
      assert.is(ignored.code, 0, ignored.stderr);
      assert.match(statsOf(ignored), /skipped: 1 ignored directory$/);
    } finally {
      chmodSync(t.path('locked'), 0o755); // so that the temporary directory can be removed
    }
  });
});

test('binary and non-UTF-8 files fail the run with default settings; --stats names them', () => {
  withTemp((t) => {
    t.write('ok.yaml', CLEAN);
    t.write('image.yaml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a]));
    t.write('latin1.yaml', Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: caf\xe9}\n', 'latin1'));
    const run = cli(['.', '-f', 'json', '--stats'], { cwd: t.dir });
    assert.is(run.code, 1, 'a file that is not text is never treated as clean');
    assert.equal(findings(run), [
      'image.yaml parse-error: binary file (contains NUL bytes); not YAML or JSON.',
      'latin1.yaml parse-error: not valid UTF-8 text; Kubernetes manifests must be UTF-8.',
    ]);
    assert.match(statsOf(run), /^meshlint: 3 files linted \(2 binary or not UTF-8\), 1 document, 1 resource/);
    // From standard input too.
    const piped = cli(['-', '-f', 'json'], { cwd: t.dir, stdin: Buffer.from([0x00, 0x01, 0x02]) });
    assert.is(piped.code, 1);
    assert.equal(findings(piped), ['<stdin> parse-error: binary file (contains NUL bytes); not YAML or JSON.']);
  });
});

// ---------------------------------------------------------------- directories named like files

test('a directory named x.yaml is walked, never read: met while walking, named, or matched by a glob', () => {
  withTemp((t) => {
    t.write('x.yaml/inner.yaml', BAD_LABEL);
    t.write('x.yaml/deeper.yml/leaf.json', '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "leaf"}}');
    mkdirSync(t.path('empty.yaml'));
    for (const args of [['.'], ['x.yaml'], ['*.yaml'], ['x.yaml', 'empty.yaml']]) {
      const run = cli([...args, '-f', 'json'], { cwd: t.dir });
      assert.is(run.code, 1, `${args}: ${run.stderr}`);
      assert.equal(files(run), ['x.yaml/deeper.yml/leaf.json', 'x.yaml/inner.yaml'], args.join(' '));
      assert.equal(findings(run).map((f) => f.split(':')[0]), ['x.yaml/inner.yaml yaml-nonstring-value'], 'no read error on a directory');
      assert.is(run.stderr, '', args.join(' '));
    }
    // Only an empty directory: nothing to lint, said as such (not a read error).
    const empty = cli(['empty.yaml'], { cwd: t.dir });
    assert.is(empty.code, 2);
    assert.match(empty.stderr, /^meshlint: no YAML or JSON files to lint in empty\.yaml/);
  });
});

test('a symbolic link to a directory named x.yml is walked: met while walking, named, or matched by a glob', () => {
  withTemp((t) => {
    t.write('real/app.yaml', BAD_LABEL);
    symlinkSync('real', t.path('linked.yml'));
    const walked = cli(['.', '-f', 'json'], { cwd: t.dir });
    assert.equal(files(walked), ['linked.yml/app.yaml', 'real/app.yaml']);
    for (const args of [['linked.yml'], ['*.yml']]) {
      const run = cli([...args, '-f', 'json'], { cwd: t.dir });
      assert.is(run.code, 1, `${args}: ${run.stderr}`);
      assert.equal(findings(run).map((f) => f.split(':')[0]), ['linked.yml/app.yaml yaml-nonstring-value'], args.join(' '));
      assert.is(run.stderr, '');
    }
  });
});

// ---------------------------------------------------------------- FIFOs, sockets, devices

test('a FIFO is skipped with a reason, never opened: walked, named, globbed, behind a link', () => {
  withTemp((t) => {
    t.write('app.yaml', BAD_LABEL);
    const why = makeFifo(t.path('pipe.yaml'));
    if (why) return skip('FIFO', why);
    execFileSync('mkfifo', [t.path('.gitignore')]); // read by the walk in every folder
    symlinkSync('pipe.yaml', t.path('to-pipe.yml'));
    const cases = [['.'], ['pipe.yaml'], ['to-pipe.yml'], ['*.y*ml'], ['pipe.yaml', 'app.yaml']];
    for (const args of cases) {
      const child = runWithTimeLimit([...args, '-f', 'json'], t.dir);
      assert.ok(child.status === 1 || child.status === 2, `${args}: exit ${child.status}\n${child.stderr}`);
    }
    const expectSkips = (args: string[], skipped: string[]): void => {
      const run = cli([...args, '-f', 'json', '--stats'], { cwd: t.dir });
      const said = run.stderr.split('\n').filter((l) => l.includes('skipped '));
      assert.equal(said, skipped.map((p) => `meshlint: skipped ${p}: not a regular file (FIFO)`), args.join(' '));
      assert.match(statsOf(run), new RegExp(`skipped: ${skipped.length} not (a )?regular files?$`));
    };
    expectSkips(['.'], ['pipe.yaml', 'to-pipe.yml']);
    expectSkips(['*.y*ml'], ['pipe.yaml', 'to-pipe.yml']);
    expectSkips(['to-pipe.yml', 'app.yaml'], ['to-pipe.yml']);
    // Named alone: skipped, so there is nothing to lint (exit 2, one line after the skip).
    const alone = cli(['pipe.yaml'], { cwd: t.dir });
    assert.is(alone.code, 2);
    assert.equal(alone.stderr.trimEnd().split('\n'), ['meshlint: skipped pipe.yaml: not a regular file (FIFO)', 'meshlint: no YAML or JSON files to lint in pipe.yaml (after ignore patterns).']);
    // Standard input is still read.
    assert.equal(files(cli(['-', '-f', 'json'], { cwd: t.dir, stdin: CLEAN })), ['<stdin>']);
  });
});

test('a FIFO named as the config file is a configuration error, not a hang', () => {
  withTemp((t) => {
    t.write('app.yaml', CLEAN);
    const why = makeFifo(t.path('.meshlint.yaml'));
    if (why) return skip('FIFO config', why);
    const child = runWithTimeLimit(['app.yaml'], t.dir);
    assert.is(child.status, 2, child.stderr);
    const run = cli(['app.yaml'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.is(run.stderr, 'meshlint: configuration error: .meshlint.yaml: cannot read the file: not a regular file (FIFO); the configuration must be a regular file\n');
  });
});

test('a socket and a device are skipped as not regular files', async () => {
  if (process.platform === 'win32') return skip('socket and device', 'no Unix sockets or /dev/null on Windows');
  const t: TempDir = (await import('./helpers/cli.ts')).tempDir();
  const server = createServer();
  try {
    t.write('app.yaml', CLEAN);
    await new Promise<void>((done, failed) => server.once('error', failed).listen(t.path('sock.yaml'), done));
    const run = cli(['.', '/dev/null', '-f', 'json', '--stats'], { cwd: t.dir });
    assert.is(run.code, 0, run.stderr);
    assert.equal(files(run), ['app.yaml']);
    assert.match(run.stderr, /skipped sock\.yaml: not a regular file \(socket\)\n/);
    assert.match(run.stderr, /skipped \S*\/dev\/null: not a regular file \(character device\)\n/);
    assert.match(statsOf(run), /skipped: 2 not regular files$/);
  } finally {
    server.close();
    t.cleanup();
  }
});

// ---------------------------------------------------------------- --stats accounts for everything

/** The counts of a --stats line: files linted, and every "N reason" after "skipped:". */
function accounted(line: string): { linted: number; skipped: Record<string, number> } {
  const linted = Number(/ (\d+) files? linted/.exec(line)?.[1] ?? NaN);
  const tail = /; skipped: (.*)$/.exec(line)?.[1] ?? '';
  const skipped: Record<string, number> = {};
  for (const part of tail === 'none' ? [] : tail.split(', ')) {
    const m = /^(\d+) (.+)$/.exec(part);
    assert.ok(m, `"${part}" is a count and a reason`);
    skipped[m[2] ?? ''] = Number(m[1]);
  }
  return { linted, skipped };
}

test('--stats puts every path met in exactly one bucket: linted (and how) or skipped (and why)', () => {
  withTemp((t) => {
    // One of each kind. Not counted: README.md (not a manifest name), the ignore file itself.
    const kinds: Record<string, (path: string) => string | undefined> = {
      'clean.yaml': (p) => void t.write(p, CLEAN),
      'finding.yaml': (p) => void t.write(p, BAD_LABEL),
      'empty.yaml': (p) => void t.write(p, ''),
      'binary.yaml': (p) => void t.write(p, Buffer.from([0, 1, 2, 3])),
      'template.yaml': (p) => void t.write(p, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n'),
      'ignored.yaml': (p) => void t.write(p, BAD_LABEL),
      generated: (p) => void t.write(`${p}/out.yaml`, BAD_LABEL),
      'dangling.yaml': (p) => void symlinkSync('gone.yaml', t.path(p)),
      loop: (p) => void symlinkSync('.', t.path(p)),
      'pipe.yaml': (p) => makeFifo(t.path(p)),
      'locked.yaml': (p) => {
        t.write(p, CLEAN);
        return makeUnreadable(t.path(p));
      },
    };
    t.write('README.md', '# not a manifest\n');
    t.write('.meshlintignore', 'ignored.yaml\ngenerated/\n');
    const made: string[] = [];
    for (const [name, make] of Object.entries(kinds)) {
      const why = make(name);
      if (why) {
        skip(`--stats bucket for ${name}`, why);
        rmSync(t.path(name), { force: true });
      } else made.push(name);
    }
    const run = cli(['.', '--stats', '-f', 'json'], { cwd: t.dir });
    assert.is(run.code, 1, run.stderr);
    const line = statsOf(run);
    const { linted, skipped } = accounted(line);
    const total = linted + Object.values(skipped).reduce((a, b) => a + b, 0);
    assert.is(total, made.length, `every path in one bucket: ${line}\npaths: ${made.join(', ')}`);

    const has = (name: string): boolean => made.includes(name);
    const lintedNames = ['clean.yaml', 'finding.yaml', 'empty.yaml', 'binary.yaml', 'template.yaml', 'locked.yaml'].filter(has);
    assert.equal(files(run), [...lintedNames].sort(), 'the files linted are the files reported');
    assert.is(linted, lintedNames.length, line);
    assert.match(line, new RegExp(`linted \\(${has('locked.yaml') ? '1 unreadable, ' : ''}1 binary or not UTF-8, 1 unrendered template\\)`));
    assert.equal(skipped, {
      ignored: 1,
      'ignored directory': 1,
      'dangling link': 1,
      'link loop': 1,
      ...(has('pipe.yaml') ? { 'not a regular file': 1 } : {}),
    });
    // Documents too: every one linted, or counted as skipped with its reason.
    assert.match(line, /, 3 documents \(1 without resources: 1 unrendered template\), 2 resources, 0 pod templates;/);
  });
});

test('--stats counts files ignored when named, walked or matched by a glob', () => {
  withTemp((t) => {
    t.write('.gitignore', '*.local.yaml\nbuild/\n');
    t.write('app.yaml', CLEAN);
    t.write('dev.local.yaml', BAD_LABEL);
    t.write('build/out.yaml', BAD_LABEL);
    t.write('node_modules/dep/x.yaml', BAD_LABEL);
    // node_modules and .git are never linted and not worth a count.
    assert.match(statsOf(cli(['.', '--stats'], { cwd: t.dir })), /1 file linted, .*; skipped: 1 ignored, 1 ignored directory$/);
    assert.match(statsOf(cli(['**/*.yaml', '--stats'], { cwd: t.dir })), /1 file linted, .*; skipped: 2 ignored$/);
    const named = cli(['app.yaml', 'dev.local.yaml', '--stats'], { cwd: t.dir });
    assert.match(named.stderr, /skipped dev\.local\.yaml: ignored by an ignore pattern/);
    assert.match(statsOf(named), /; skipped: 1 ignored$/);
  });
});

test.run();
