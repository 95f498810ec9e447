// meshlint is offline and inert (DESIGN.md, principle 4): no mode touches the network, no
// external program runs through a shell, and the config file is data, never code.
//
// The whole suite runs with networking disabled: scripts/test.mjs preloads
// test/helpers/no-network.mjs, in-process and through NODE_OPTIONS in every Node child. This
// file imports it as well, so that it holds when run on its own.
import './helpers/no-network.mjs';
import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import { lookup as lookupPromise } from 'node:dns/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net, { connect as netConnect } from 'node:net';
import { join, relative } from 'node:path';
import tls from 'node:tls';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_NAMES } from '../src/engine/config-file.ts';
import { cli, shopNamespace, webDeployment, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const GUARD = join(REPO_ROOT, 'test', 'helpers', 'no-network.mjs');
const GUARD_MESSAGE = 'meshlint test: network access attempted';
const BIN = join(REPO_ROOT, 'bin', 'meshlint.js');

interface GuardState {
  readonly attempts: string[];
  expected: boolean;
}
const guard = (globalThis as Record<symbol, unknown>)[Symbol.for('meshlint.test.noNetwork')] as GuardState | undefined;

/** Runs `fn` expecting the guard to refuse it; the attempt is not counted against the suite. */
function refused(what: string, fn: () => unknown): void {
  assert.ok(guard, 'the network guard is loaded');
  guard.expected = true;
  try {
    assert.throws(fn, (e: Error) => e.message.startsWith(GUARD_MESSAGE), `${what} was not refused by the guard`);
  } finally {
    guard.expected = false;
  }
}

// ---------------------------------------------------------------- the network guard

test('the network guard refuses every way out: TCP, TLS, HTTP(S), HTTP/2, UDP, DNS, fetch', () => {
  refused('net.connect', () => net.connect(9, '127.0.0.1'));
  refused('net.connect (ESM binding)', () => netConnect({ host: '127.0.0.1', port: 9 }));
  refused('net.createConnection', () => net.createConnection(9, '127.0.0.1'));
  refused('net.Socket#connect', () => new net.Socket().connect(9, '127.0.0.1'));
  refused('tls.connect', () => tls.connect(443, '127.0.0.1'));
  refused('http.get', () => http.get('http://127.0.0.1:9/'));
  refused('http.request', () => http.request({ host: '127.0.0.1', port: 9 }));
  refused('https.request', () => https.request('https://127.0.0.1:9/'));
  refused('https.get', () => https.get('https://127.0.0.1:9/'));
  refused('http2.connect', () => http2.connect('http://127.0.0.1:9'));
  refused('dgram send', () => dgram.createSocket('udp4').send('x', 9, '127.0.0.1'));
  refused('dns.lookup', () => dns.lookup('localhost', () => {}));
  refused('dns.resolve4', () => dns.resolve4('localhost', () => {}));
  refused('new dns.Resolver().resolve', () => new dns.Resolver().resolve('localhost', () => {}));
  refused('dns/promises lookup', () => lookupPromise('localhost'));
  refused('dns.promises.resolve', () => dns.promises.resolve('localhost'));
  refused('fetch', () => fetch('http://127.0.0.1:9/'));
  if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function') {
    refused('WebSocket', () => new (globalThis as unknown as { WebSocket: new (url: string) => unknown }).WebSocket('ws://127.0.0.1:9/'));
  }
});

test('the guard is loud: a refused attempt that the caller swallows still fails the process', () => {
  const child = spawnSync(process.execPath, ['--import', pathToFileURL(GUARD).href, '-e', "try { require('node:net').connect(9, '127.0.0.1') } catch {}"], { encoding: 'utf8' });
  assert.is(child.status, 1, child.stderr);
  assert.match(child.stderr, /meshlint test: network access attempted: net\.connect\(9 127\.0\.0\.1\)/);
});

test('the suite runs under the guard, and Node processes the tests start inherit it', () => {
  const options = process.env.NODE_OPTIONS ?? '';
  if (!options.includes('no-network.mjs')) {
    console.log('notice: this file was run without scripts/test.mjs: NODE_OPTIONS does not carry the network guard (npm test sets it)');
    return;
  }
  const child = spawnSync(process.execPath, ['-e', "require('node:net').connect(9, '127.0.0.1')"], { encoding: 'utf8' });
  assert.not.equal(child.status, 0);
  assert.ok(child.stderr.includes(GUARD_MESSAGE), child.stderr);
});

test('the CLI over examples/ in every format, in-process and as a program, attempts no network access', () => {
  assert.ok(guard, 'the network guard is loaded');
  const before = guard.attempts.length;
  const base = ['--config', 'examples/.meshlint.yaml', 'examples/'];
  const runs = [...['stylish', 'json', 'sarif', 'github'].map((f) => [...base, '-f', f]), ['explain', ...base], ['--stats', '--fix-dry-run', ...base], ['rules']];
  for (const args of runs) {
    const run = cli(args, { cwd: REPO_ROOT });
    assert.ok(run.code === 0 || run.code === 1, `meshlint ${args.join(' ')}: exit ${run.code}\n${run.stderr}`);
    assert.ok(run.stdout.length > 0, `meshlint ${args.join(' ')}: a report`);
  }
  assert.equal(guard.attempts.slice(before), [], 'no network access in-process');

  assert.ok(existsSync(join(REPO_ROOT, 'dist', 'cli.cjs')), 'dist/cli.cjs is missing: run node scripts/build.mjs first');
  const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(GUARD).href}`].filter(Boolean).join(' ') };
  for (const format of ['stylish', 'json', 'sarif', 'github']) {
    const child = spawnSync(process.execPath, [BIN, ...base, '-f', format], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    assert.is(child.status, 1, `${format}: ${child.stderr}`);
    assert.not.ok(child.stderr.includes(GUARD_MESSAGE), child.stderr);
    assert.ok(child.stdout.length > 0, `${format}: a report`);
  }
});

// ---------------------------------------------------------------- no shell

/** Every TypeScript file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The code of a source file, without its comments (which may well say "shell:"). */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** Reasons a source file could run a command line through a shell. */
function shellUses(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  if (/\bshell\s*:(?!\s*false\b)/.test(text)) found.push('a shell option other than false');
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"](?:node:)?child_process['"]/g)) {
    for (const name of (m[1] ?? '').split(',').map((s) => s.trim().split(/\s+as\s+/)[0])) {
      if (name === 'exec' || name === 'execSync') found.push(`imports ${name} from child_process`);
    }
  }
  if (/import\s+(?:\*\s+as\s+)?\w+\s+from\s+['"](?:node:)?child_process['"]/.test(text)) found.push('imports child_process whole (use named imports, so this check can see them)');
  // The one lazy loader (src/common/builtins.ts) may require it, to hand out spawnSync and spawn alone
  // (both take an argument array; the shell option is checked above).
  for (const m of text.matchAll(/[rR]equire\(\s*['"](?:node:)?child_process['"]\s*\)(\s*as[^)]*\))?(\.\w+)?/g)) {
    if (m[2] !== '.spawnSync' && m[2] !== '.spawn') found.push('requires child_process');
  }
  if (/\bimport\(\s*['"](?:node:)?child_process['"]\s*\)/.test(text)) found.push('imports child_process dynamically');
  // spawn/execFile with one string and no argument array is a command line in waiting.
  for (const m of text.matchAll(/\b(spawn|spawnSync|execFile|execFileSync)\(\s*([^,)]*)\s*([,)])/g)) {
    const [, fn, first, next] = m;
    if (next === ')') found.push(`${fn}(${first}) without an argument array`);
    else if (/^['"`][^'"`]*\s/.test(first ?? '')) found.push(`${fn}(${first}, …): a command line as the program`);
  }
  return found;
}

test('no source file runs a program through a shell: helm, kubectl and kustomize get argument arrays', () => {
  const files = [...sources(join(REPO_ROOT, 'src')), ...sources(join(REPO_ROOT, 'rules'))];
  const spawning: string[] = [];
  const problems: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    if (/child_process/.test(text)) spawning.push(relative(REPO_ROOT, f).split('\\').join('/'));
    for (const p of shellUses(text)) problems.push(`${relative(REPO_ROOT, f)}: ${p}`);
  }
  assert.equal(problems, []);
  assert.ok(spawning.includes('src/common/builtins.ts'), `the lazy loader is checked (files with child_process: ${spawning.join(', ')})`);
  assert.ok(shellUses("nodeRequire('node:child_process').exec('x')").length > 0, 'only spawnSync may be taken from a required child_process');
  // The check is not vacuous.
  assert.ok(shellUses("import { exec } from 'node:child_process';").length > 0);
  assert.ok(shellUses("spawnSync(binary, args, { shell: true })").length > 0);
  assert.ok(shellUses("spawnSync('helm template x')").length > 0);
  assert.ok(shellUses("spawn('helm template', [])").length > 0);
  assert.equal(shellUses("spawnSync(binary, args, { cwd, shell: false })"), []);
});

// ---------------------------------------------------------------- config is data

test('a config file that is code is never loaded or run: .meshlint.js, .cjs, .mjs, .ts, and YAML tags', () => {
  withTemp((t) => {
    const marker = t.path('EXECUTED');
    const code = (how: string): string => `${how}\nwriteFileSync(${JSON.stringify(marker)}, 'config code ran');\nexport default { rules: {} };\n`;
    const names = ['.meshlint.js', '.meshlint.cjs', '.meshlint.mjs', '.meshlint.ts', 'meshlint.config.js', 'meshlint.config.mjs', '.meshlintrc.js'];
    for (const name of names) t.write(name, name.endsWith('.cjs') ? `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'config code ran');\nmodule.exports = {};\n` : code("import { writeFileSync } from 'node:fs';"));
    t.write('ns.yaml', shopNamespace());
    t.write('web.yaml', webDeployment());
    assert.equal(CONFIG_NAMES.filter((n) => !/\.(ya?ml|json)$/.test(n)), [], 'only YAML and JSON names are looked for');

    const found = cli(['.'], { cwd: t.dir });
    // A warning (only the namespace asks for a sidecar): exit 0, and the finding is there.
    assert.is(found.code, 0, found.stderr);
    assert.ok(found.stdout.includes('injection-host-network'), 'linted with the default config');
    for (const name of names) {
      const named = cli(['--config', name, '.'], { cwd: t.dir });
      assert.is(named.code, 2, `${name}: ${named.stderr}`);
      assert.match(named.stderr, /configuration is data only/);
    }
    const explain = cli(['explain', '.'], { cwd: t.dir });
    assert.is(explain.code, 0, explain.stderr);

    // YAML tags that some loaders turn into code are not resolved.
    t.write('.meshlint.yaml', `rules: !!js/function "function () { require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x') }"\n`);
    const tagged = cli(['.'], { cwd: t.dir });
    assert.is(tagged.code, 2, tagged.stderr);
    assert.not.ok(existsSync(marker), 'no config code ran');
  });
});

test.run();
