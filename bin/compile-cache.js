// Runs the CLI's bundle (a CommonJS script) with V8's code cache, as Node 22's compile cache
// does for modules (module.enableCompileCache, which Node 20 lacks): the first run of a
// meshlint build on a Node version compiles its code and keeps the compiled code in the
// temporary folder, every later run starts from it. Linting one file in a pre-commit hook then
// takes 1.4 times as long as starting Node, not 2 times: compiling functions on their first
// call was most of the rest.
//
// The cache is meshlint's own, never what a repository contains: one folder of the temporary
// folder, made by this user, readable and writable by this user only. A folder there that is
// anything else (a link, another user's, open to others) is not used, and the code is compiled
// as without a cache. V8 refuses cached code made by another V8 or for another source length;
// the file's name also holds the bundle's size, time and inode, so a new build never meets an
// old build's code. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's.
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** Caches kept: one per meshlint build and Node version used lately. */
const KEPT = 8;

/** The cache folder, when it is this user's alone; undefined otherwise. */
function cacheDir() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const dir = join(tmpdir(), 'meshlint-compile-cache');
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch {
    // There already, or not made: looked at below.
  }
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory() || (st.mode & 0o077) !== 0) return undefined;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** Runs the script `file` as a CommonJS module, from and into the code cache where there is one. */
export function runCached(file) {
  const source = readFileSync(file, 'utf8');
  const dir = cacheDir();
  const st = statSync(file);
  const name = `${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}-${st.ino}.cache`;
  let cachedData;
  if (dir) {
    try {
      cachedData = readFileSync(join(dir, name));
    } catch {
      cachedData = undefined;
    }
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  if (dir && (!cachedData || script.cachedDataRejected)) {
    // Written when the run ends: by then the code holds the functions the run compiled.
    process.once('exit', () => keep(dir, name, script));
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

/** Writes the script's compiled code to the cache (a file of its own, renamed into place), and drops the oldest. */
function keep(dir, name, script) {
  const temp = join(dir, `${name}.${process.pid}.tmp`);
  try {
    const data = script.createCachedData();
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, name));
    const caches = readdirSync(dir).filter((f) => f.endsWith('.cache'));
    if (caches.length > KEPT) {
      const byAge = caches.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
      for (const { f } of byAge.slice(0, caches.length - KEPT)) rmSync(join(dir, f), { force: true });
    }
  } catch {
    // A cache that cannot be written is only a slower next start.
    rmSync(temp, { force: true });
  }
}
