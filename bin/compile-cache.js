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
'use strict';
const { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } = require('node:fs');
const { createRequire } = require('node:module');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

/** Caches kept: those of the meshlint builds and Node versions used lately (a build's script, fuller script and chunks). */
const KEPT = 16;

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

/** The bundle's chunks, loaded the first time a run needs them (a config's validators, semver): from the cache too. */
const CHUNK = /^\.\/[a-z-]+\.cjs$/;

/**
 * Runs the script `file` as a CommonJS module, from and into the code cache where there is one;
 * the chunks it requires (`./name.cjs`) likewise. A cache written by a run that loaded none
 * holds none of the code a run with a config compiles: the first run that loads a chunk writes
 * a fuller cache of the script (`.full.cache`), which later runs read first.
 */
function runCached(file) {
  const dir = cacheDir();
  const base = cacheBase(file);
  const full = read(dir, `${base}.full.cache`);
  const plain = full ? undefined : read(dir, `${base}.cache`);
  const script = compile(file, full ?? plain);
  const fresh = !(full ?? plain) || script.cachedDataRejected;
  let chunksLoaded = false;
  if (dir && (fresh || !full)) {
    // Written when the run ends: by then the code holds the functions the run compiled.
    process.once('exit', () => {
      // A fuller cache V8 refused is replaced by a fuller one's name, or it would be read, and refused, again.
      if (fresh || chunksLoaded) keep(dir, `${base}${chunksLoaded || full ? '.full' : ''}.cache`, script);
    });
  }
  const plainRequire = createRequire(file);
  const chunks = new Map();
  const require = Object.assign((id) => {
    if (typeof id !== 'string' || !CHUNK.test(id)) return plainRequire(id);
    chunksLoaded = true;
    const path = join(dirname(file), id.slice(2));
    if (!chunks.has(path)) chunks.set(path, runChunk(path, dir));
    return chunks.get(path);
  }, plainRequire);
  return run(script, file, require);
}

/** A chunk, run from and into a cache of its own; its exports. */
function runChunk(file, dir) {
  const name = `${cacheBase(file)}.cache`;
  const cachedData = read(dir, name);
  const script = compile(file, cachedData);
  if (dir && (!cachedData || script.cachedDataRejected)) process.once('exit', () => keep(dir, name, script));
  return run(script, file, createRequire(file));
}

/** A cache's name without its ending: the Node version, and the file's size, time and inode, so that a new build never meets an old build's code. */
function cacheBase(file) {
  const st = statSync(file);
  return `${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}-${st.ino}`;
}

/** A cache file's bytes, or undefined (no cache folder, no such file). */
function read(dir, name) {
  if (!dir) return undefined;
  try {
    return readFileSync(join(dir, name));
  } catch {
    return undefined;
  }
}

const compile = (file, cachedData) => new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData });

/** Runs a compiled CommonJS script; its exports. */
function run(script, file, require) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return module.exports;
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

module.exports = { runCached };
