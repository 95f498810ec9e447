// `meshlint diff` of a hostile revision: a tree that names one large blob many times, filter
// drivers and an fsmonitor in the repository's config, a committed link on the way to the
// folder the user is in, and runs that end without cleaning up (a signal, SIGKILL).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gitEnv, openSide, openStagedSide, RevisionError } from '../src/load/revision.ts';
import { cli, tempDir, withTemp, type TempDir } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n';

function git(t: TempDir, args: string[], input?: string): string {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: t.dir, encoding: 'utf8', input });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function repo(t: TempDir): void {
  git(t, ['init', '-q']);
  t.write('k8s/ns.yaml', ns);
  git(t, ['add', '-A']);
  git(t, ['commit', '-q', '-m', 'base']);
}

/** A commit whose tree names the blob of `bytes` bytes `copies` times (`big/fN.yaml`), beside the repository's files. */
function repeatedBlob(t: TempDir, bytes: number, copies: number, ext = 'yaml'): string {
  const blobFile = join(t.dir, '.git', 'blob');
  writeFileSync(blobFile, Buffer.alloc(bytes, 0x61));
  const oid = git(t, ['hash-object', '-w', blobFile]);
  const lines = Array.from({ length: copies }, (_, i) => `100644 ${oid}\tbig/f${i}.${ext}`).join('\n');
  git(t, ['update-index', '--index-info'], `${lines}\n`);
  git(t, ['commit', '-q', '-m', 'big']);
  return git(t, ['rev-parse', 'HEAD']);
}

/** This process's revision folders (the diff runs in it and names them with its pid): another run on the machine makes its own meanwhile. */
const temps = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith(`meshlint-diff-${process.pid}-`));

const hasGit = spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasGit) skipping('the hostile diff tests (git is not installed)');
else {
  test('a tree naming one large blob many times is refused from its listing, in one line, before anything is read', () => {
    withTemp((t) => {
      repo(t);
      repeatedBlob(t, 20 * 1024 * 1024, 30);
      const before = temps();
      const r = cli(['diff', 'HEAD'], { cwd: t.dir, env });
      assert.is(r.code, 2, r.stderr);
      assert.match(r.stderr, /^meshlint: revision "HEAD" holds 600 MB in the files a lint reads, more than the 512 MB meshlint reads from a revision; compare folders instead\n$/);
      assert.equal(temps().filter((n) => !before.includes(n)), [], 'nothing was written');
    });
  });

  test('budgets: bytes and files of what a lint reads; other files are neither counted nor written', () => {
    withTemp((t) => {
      repo(t);
      repeatedBlob(t, 1024 * 1024, 5, 'bin');
      const side = openSide('HEAD', t.dir, env, { budget: { bytes: 64 * 1024, files: 10 } });
      try {
        assert.ok(existsSync(join(side.cwd, 'k8s/ns.yaml')));
        assert.not.ok(existsSync(join(side.cwd, 'big')), 'files no lint reads are not written');
      } finally {
        side.close();
      }
      repeatedBlob(t, 1024, 20);
      assert.throws(() => openSide('HEAD', t.dir, env, { budget: { bytes: 64 * 1024 * 1024, files: 10 } }), (e: unknown) => e instanceof RevisionError && /21 files a lint reads, more than the 10/.test(e.message));
      assert.throws(() => openSide('HEAD', t.dir, env, { budget: { bytes: 8 * 1024, files: 1000 } }), (e: unknown) => e instanceof RevisionError && /more than the 0 MB/.test(e.message));
    });
  });

  test('the repository\'s filter drivers and fsmonitor never run, for a revision or the staged files', () => {
    withTemp((t) => {
      repo(t);
      const marker = t.path('MARKER');
      const hook = t.write('hook.sh', `#!/bin/sh\ntouch '${marker}'\ncat\n`);
      chmodSync(hook, 0o755);
      t.write('.gitattributes', '* filter=evil diff=evil\n');
      t.write('k8s/web.yaml', ns.replace('shop', 'web'));
      git(t, ['add', '-A']);
      git(t, ['commit', '-q', '-m', 'attributes']);
      git(t, ['config', 'filter.evil.smudge', hook]);
      git(t, ['config', 'filter.evil.clean', hook]);
      git(t, ['config', 'filter.evil.required', 'true']);
      git(t, ['config', 'diff.evil.textconv', hook]);
      git(t, ['config', 'core.fsmonitor', hook]);
      for (const open of [() => openSide('HEAD', t.dir, env), () => openStagedSide(t.dir, env)]) {
        const side = open();
        try {
          assert.ok(existsSync(join(side.cwd, 'k8s/web.yaml')));
        } finally {
          side.close();
        }
      }
      assert.not.ok(existsSync(marker), 'a program of the repository ran');
    });
  });

  test('git gets the allow-listed environment: no tokens, the variables that locate the repository kept', () => {
    const e = gitEnv({ PATH: '/usr/bin', HOME: '/home/u', GITHUB_TOKEN: 'secret', AWS_SECRET_ACCESS_KEY: 'secret', GIT_INDEX_FILE: '/r/.git/next-index', GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='x'", GIT_EXTERNAL_DIFF: 'x' });
    assert.not.ok(Object.values(e).includes('secret'));
    assert.is(e.GIT_CONFIG_PARAMETERS, undefined);
    assert.is(e.GIT_EXTERNAL_DIFF, undefined);
    assert.is(e.GIT_INDEX_FILE, '/r/.git/next-index');
    assert.is(e.GIT_ATTR_NOSYSTEM, '1');
  });

  test('a committed link on the way to the folder the user is in: refused before any folder is made through it', () => {
    withTemp((t) => {
      repo(t);
      mkdirSync(t.path('outside'));
      // The base commit holds `app -> <outside>`; the working tree holds a folder app/sub.
      git(t, ['update-index', '--add', '--cacheinfo', `120000,${git(t, ['hash-object', '-w', '--stdin'], t.path('outside'))},app`]);
      git(t, ['commit', '-q', '-m', 'link']);
      git(t, ['rm', '-q', '--cached', 'app']);
      t.write('app/sub/x.yaml', ns);
      const r = cli(['diff', 'HEAD'], { cwd: t.path('app/sub'), env });
      assert.is(r.code, 2, r.stderr);
      assert.match(r.stderr, /leads out of the repository/);
      assert.equal(readdirSync(t.path('outside')), [], 'a folder was made through the link');
    });
  });

  test('a diff killed mid-run (SIGINT, SIGTERM, SIGKILL) leaves no temporary folder; stale ones of earlier runs are removed', async () => {
    await withTempAsync(async (t) => {
      repo(t);
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
        const code = `import { openSide } from ${JSON.stringify(join(REPO_ROOT, 'src/load/revision.ts'))}; const s = openSide('HEAD', process.cwd(), process.env); process.stdout.write(s.cwd + '\\n'); setInterval(() => {}, 1000);`;
        const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', code], { cwd: t.dir, env: { ...process.env }, stdio: ['ignore', 'pipe', 'inherit'] });
        let said = '';
        child.stdout.on('data', (d: Buffer) => (said += d.toString()));
        const sideCwd = await until(() => /^(.*)\n/.exec(said)?.[1]);
        assert.ok(existsSync(sideCwd), signal);
        child.kill(signal);
        await until(() => (existsSync(sideCwd) ? undefined : true));
      }
      // A folder of a run that is gone (no such process), left as a killed run leaves it.
      let dead = 999_999;
      while (isAlive(dead)) dead--;
      const stale = join(tmpdir(), `meshlint-diff-${dead}-stale`);
      mkdirSync(join(stale, 'tree'), { recursive: true });
      const side = openSide('HEAD', t.dir, env);
      side.close();
      assert.not.ok(existsSync(stale), 'a stale folder was left');
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for `f` to give a value, polling; fails after many tries (a count, not a clock). */
async function until<T>(f: () => T | undefined): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const v = f();
    if (v !== undefined) return v;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  throw new Error('gave up waiting');
}

async function withTempAsync(fn: (t: TempDir) => Promise<void>): Promise<void> {
  const t = tempDir();
  try {
    await fn(t);
  } finally {
    t.cleanup();
  }
}

test.run();
