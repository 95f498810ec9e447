// bin/meshlint.js runs the CLI's script from V8's code cache: kept in a folder of the temporary
// folder that is this user's alone, written once per build and Node version, never trusted
// when the folder is anyone else's, a link, or open to others; a cache V8 refuses is replaced.
// The report is the same with and without it.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withTemp, type TempDir } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const BIN = join(REPO_ROOT, 'bin', 'meshlint.js');
const BUILT = existsSync(join(REPO_ROOT, 'dist', 'cli.cjs'));
const MANIFEST = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: shop\n  labels:\n    sidecar.istio.io/inject: "yes"\nspec:\n  containers:\n    - name: app\n      image: app:1\n';

/** A lint of one file by the bin, its temporary folder `tmp`: exit code, report, and the cache files there. */
function run(t: TempDir, tmp: string, env: NodeJS.ProcessEnv = {}): { out: string; caches: string[] } {
  const r = spawnSync(process.execPath, [BIN, 'pod.yaml', '-f', 'json'], { cwd: t.path('work'), encoding: 'utf8', env: { PATH: process.env.PATH, TMPDIR: tmp, ...env } });
  const dir = join(tmp, 'meshlint-compile-cache');
  const caches = existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).filter((f) => f.endsWith('.cache')) : [];
  return { out: `exit ${r.status}\n${r.stdout}\n${r.stderr}`, caches };
}

function setUp(t: TempDir): string {
  t.write('work/.git/HEAD', 'ref: refs/heads/main\n');
  t.write('work/pod.yaml', MANIFEST);
  const tmp = t.path('tmp');
  mkdirSync(tmp);
  return tmp;
}

if (!BUILT) skipping('the code cache tests: run "npm run build" first');
else {
  test('the first run writes the code cache, this user\'s alone; the next runs from it, with the same report', () => {
    withTemp((t) => {
      const tmp = setUp(t);
      const first = run(t, tmp);
      assert.match(first.out, /^exit 1\n\[\{"filePath":"pod.yaml","messages":\[\{"ruleId":"inject-value-invalid"/);
      assert.is(first.caches.length, 1, first.out);
      const dir = join(tmp, 'meshlint-compile-cache');
      assert.is(statSync(dir).mode & 0o777, 0o700);
      const file = join(dir, first.caches[0] as string);
      assert.is(statSync(file).mode & 0o777, 0o600);
      assert.ok(statSync(file).size > 100_000, 'compiled code, not a stub');
      const again = run(t, tmp);
      assert.is(again.out, first.out);
      assert.equal(again.caches, first.caches);
      // A cache V8 refuses (damaged, another build's) is only a slower start, then replaced.
      writeFileSync(file, 'not compiled code');
      assert.is(run(t, tmp).out, first.out);
      assert.ok(statSync(file).size > 100_000, 'written again');
      // Off, as Node's own is.
      const off = join(t.path('tmp-off'));
      mkdirSync(off);
      assert.is(run(t, off, { NODE_DISABLE_COMPILE_CACHE: '1' }).out, first.out);
      assert.not.ok(existsSync(join(off, 'meshlint-compile-cache')));
    });
  });

  test('a run with a config loads the validators chunk from a cache of its own, and writes a fuller cache of the script once; the next runs read them', () => {
    withTemp((t) => {
      const tmp = setUp(t);
      const plain = run(t, tmp);
      assert.is(plain.caches.length, 1, plain.out);
      t.write('work/.meshlint.yaml', 'rules:\n  inject-value-invalid: warn\n');
      const first = run(t, tmp);
      assert.match(first.out, /^exit 0\n\[\{"filePath":"pod.yaml","messages":\[\{"ruleId":"inject-value-invalid","severity":1/);
      const dir = join(tmp, 'meshlint-compile-cache');
      const written = first.caches.filter((f) => !plain.caches.includes(f));
      assert.equal(written.map((f) => (f.endsWith('.full.cache') ? 'full' : 'chunk')).sort(), ['chunk', 'full'], first.caches.join(', '));
      const times = new Map(first.caches.map((f) => [f, statSync(join(dir, f)).mtimeMs]));
      const again = run(t, tmp);
      assert.is(again.out, first.out);
      assert.equal(again.caches, first.caches, 'nothing more written');
      for (const f of again.caches) assert.is(statSync(join(dir, f)).mtimeMs, times.get(f), `${f} not written again`);
      // A run without a config reads the fuller cache too.
      rmSync(t.path('work/.meshlint.yaml'));
      assert.is(run(t, tmp).out, plain.out);
    });
  });

  test('a cache folder that is a link, or open to others, is not used', () => {
    withTemp((t) => {
      const tmp = setUp(t);
      const elsewhere = t.path('elsewhere');
      mkdirSync(elsewhere, { mode: 0o700 });
      symlinkSync(elsewhere, join(tmp, 'meshlint-compile-cache'));
      const linked = run(t, tmp);
      assert.match(linked.out, /^exit 1\n\[\{"filePath":"pod.yaml","messages":\[\{"ruleId":"inject-value-invalid"/);
      assert.equal(readdirSync(elsewhere), [], 'nothing written through the link');

      const open = t.path('tmp-open');
      mkdirSync(join(open, 'meshlint-compile-cache'), { recursive: true });
      chmodSync(join(open, 'meshlint-compile-cache'), 0o777);
      writeFileSync(join(open, 'meshlint-compile-cache', 'planted.cache'), 'x');
      assert.is(run(t, open).out, linked.out);
      assert.equal(readdirSync(join(open, 'meshlint-compile-cache')), ['planted.cache']);
      assert.is(readFileSync(join(open, 'meshlint-compile-cache', 'planted.cache'), 'utf8'), 'x');
    });
  });

  test('the folder keeps the caches of the last few builds and Node versions only', () => {
    withTemp((t) => {
      const tmp = setUp(t);
      const dir = join(tmp, 'meshlint-compile-cache');
      mkdirSync(dir, { mode: 0o700 });
      chmodSync(dir, 0o700);
      for (let i = 0; i < 20; i++) {
        const old = join(dir, `old-${i}.cache`);
        writeFileSync(old, 'old');
        utimesSync(old, 1_000_000 + i, 1_000_000 + i);
      }
      const { caches } = run(t, tmp);
      assert.is(caches.length, 16);
      assert.ok(caches.some((f) => !f.startsWith('old-')), 'the new one is kept');
      assert.not.ok(caches.includes('old-0.cache'), 'the oldest are dropped');
    });
  });
}

test.run();
