// What a run read of the file system, for `--cache`: every file opened or read, every path
// looked at and every folder listed while the inputs were gathered and linted, each with what
// it was then (its contents' digest or its size and time, its type, its entries). A cached
// report is reused only while each of these is the same again (signature() computes both), so
// a file added to a folder, a config created above, a Namespace edited or a link changed all
// make the next run lint again. The calls are watched where Node's own modules serve them (the
// fs module's functions, for the length of the run), so no reader of the code base can be
// left out; a library that kept its own references (glob's) is not used by a run that is cached.
import { crypto } from '../common/builtins.ts';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type CacheStrategy = 'metadata' | 'content';

/** One thing looked at: the call and its path, with what it saw. */
export interface Looked {
  readonly op: Op;
  readonly path: string;
  readonly sig: string;
}

type Op = 'file' | 'stat' | 'lstat' | 'exists' | 'realpath' | 'readlink' | 'dir';

/** The fs module as the run found it (the watched functions call these). */
const real = {
  openSync: fs.openSync,
  readFileSync: fs.readFileSync,
  readSync: fs.readSync,
  statSync: fs.statSync,
  lstatSync: fs.lstatSync,
  existsSync: fs.existsSync,
  realpathSync: fs.realpathSync,
  readlinkSync: fs.readlinkSync,
  readdirSync: fs.readdirSync,
  opendirSync: fs.opendirSync,
  accessSync: fs.accessSync,
  fstatSync: fs.fstatSync,
  closeSync: fs.closeSync,
};

const NON_BLOCKING = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function errorSig(e: unknown): string {
  return `E:${(e as NodeJS.ErrnoException).code ?? 'unknown'}`;
}

function typeOf(st: fs.Stats | fs.Dirent): string {
  return st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : st.isFIFO() ? 'p' : st.isSocket() ? 's' : 'o';
}

function statSig(st: fs.Stats): string {
  // A folder's size depends on its file system, not on what meshlint reads of it: its entries are a `dir` of their own.
  return `${typeOf(st)}:${st.isFile() ? st.size : ''}:${st.mode}`;
}

function metadataSig(st: fs.Stats): string {
  return st.isFile() ? `M:${st.size}:${st.mtimeMs}:${st.ino}` : `T:${typeOf(st)}`;
}

const digest = (bytes: Buffer | string): string => `C:${crypto().createHash('sha256').update(bytes).digest('hex')}`;

/** Read through when a file's digest is checked: one buffer for every file, not one per file. */
let chunk: Buffer | undefined;
const CHUNK_BYTES = 1024 * 1024;

/** The digest of an open file's bytes, as digest() gives it for the bytes a run read. */
function digestOfFile(fd: number): string {
  chunk ??= Buffer.allocUnsafe(CHUNK_BYTES);
  const hash = crypto().createHash('sha256');
  for (;;) {
    const n = real.readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (n === 0) break;
    hash.update(chunk.subarray(0, n));
  }
  return `C:${hash.digest('hex')}`;
}

/** A file's signature: its digest (content) or size, time and inode (metadata); its type when it is not a regular file; the error that opening it gives. */
function fileSig(path: string, strategy: CacheStrategy): string {
  let fd: number;
  try {
    fd = real.openSync(path, NON_BLOCKING);
  } catch (e) {
    return errorSig(e);
  }
  try {
    const st = real.fstatSync(fd);
    if (!st.isFile() || strategy === 'metadata') return metadataSig(st);
    return digestOfFile(fd);
  } catch (e) {
    return errorSig(e);
  } finally {
    real.closeSync(fd);
  }
}

/** A folder's entries, less those meshlint writes itself (its cache, the report): a run's own output is no change to its inputs. */
function dirSig(dir: string, entries: readonly fs.Dirent[], written: ReadonlySet<string>): string {
  const names = entries.filter((d) => !written.has(resolve(dir, d.name))).map((d) => `${typeOf(d)}${d.name}`);
  return `D:${crypto().createHash('sha256').update(names.sort().join('\0')).digest('hex')}`;
}

/** A folder's signature now, with its entries when it could be listed. */
function listing(path: string, written: ReadonlySet<string>): { readonly sig: string; readonly entries?: fs.Dirent[] } {
  try {
    const entries = real.readdirSync(path, { withFileTypes: true });
    return { sig: dirSig(path, entries, written), entries };
  } catch (e) {
    return { sig: errorSig(e) };
  }
}

/** What `op` sees at `path` now: the same computation at the run and at the check. */
export function signature(op: Op, path: string, strategy: CacheStrategy, written: ReadonlySet<string> = new Set()): string {
  try {
    switch (op) {
      case 'file':
        return fileSig(path, strategy);
      case 'stat':
        return statSig(real.statSync(path));
      case 'lstat':
        return statSig(real.lstatSync(path));
      case 'exists':
        return String(real.existsSync(path));
      case 'realpath':
        // The system's (one call): the same path as Node's own gives, which looks at each component.
        return `R:${real.realpathSync.native(path)}`;
      case 'readlink':
        return `L:${real.readlinkSync(path, 'utf8')}`;
      case 'dir':
        return listing(path, written).sig;
    }
  } catch (e) {
    return errorSig(e);
  }
}

/** A path as the fs module takes it, absolute; undefined for a descriptor or what cannot be told. */
function pathOf(p: unknown): string | undefined {
  if (typeof p === 'string') return resolve(p);
  if (Buffer.isBuffer(p)) return resolve(p.toString('utf8'));
  if (p instanceof URL && p.protocol === 'file:') return fileURLToPath(p);
  return undefined;
}

/** The recording of one run; `stop()` ends it and gives what was looked at, or undefined when it cannot be told (a path the calls do not show). */
export interface Recording {
  stop(): readonly Looked[] | undefined;
}

let active: Recorder | undefined;

class Recorder implements Recording {
  readonly seen = new Map<string, Looked>();
  /** Files opened and not read through their descriptor yet. */
  readonly opened = new Map<number, string>();
  broken = false;
  /** Calls made while this is set are meshlint's own reads, not the run's inputs (see unrecorded). */
  paused = false;

  constructor(
    readonly strategy: CacheStrategy,
    readonly written: ReadonlySet<string>,
  ) {}

  note(op: Op, path: string | undefined, sig: () => string): void {
    if (this.paused) return;
    if (path === undefined) {
      this.broken = true;
      return;
    }
    const key = `${op}\0${path}`;
    if (this.seen.has(key)) return;
    this.seen.set(key, { op, path, sig: sig() });
  }

  /** A file read: its signature from the bytes read (content), or from its metadata then. */
  read(path: string, bytes: Buffer | string | undefined): void {
    this.note('file', path, () => (this.strategy === 'content' && bytes !== undefined ? digest(bytes) : fileSig(path, this.strategy)));
  }

  stop(): readonly Looked[] | undefined {
    if (active === this) {
      active = undefined;
      restore();
    }
    // Files opened and never read are signed as they are now.
    for (const path of this.opened.values()) this.read(path, undefined);
    this.opened.clear();
    return this.broken ? undefined : [...this.seen.values()];
  }
}

function call<T>(fn: () => T, after: (r: T) => void, failed: (e: unknown) => void): T {
  let result: T;
  try {
    result = fn();
  } catch (e) {
    failed(e);
    throw e;
  }
  after(result);
  return result;
}

/** Runs `read` without recording its calls: the cache reading its own file while a run is recorded. */
export function unrecorded<T>(read: () => T): T {
  const rec = active;
  if (!rec || rec.paused) return read();
  rec.paused = true;
  try {
    return read();
  } finally {
    rec.paused = false;
  }
}

/**
 * Watches the fs module's calls until stop(); one recording at a time (a second start while one
 * runs gives undefined). `written`: the files the run writes (its cache, its report), left out of
 * the folders' entries.
 */
export function startRecording(strategy: CacheStrategy, written: ReadonlySet<string>): Recording | undefined {
  if (active) return undefined;
  const rec = new Recorder(strategy, written);
  active = rec;
  const m = fs as unknown as Record<string, unknown>;
  const watch = (op: Exclude<Op, 'file'>) => (p: unknown, sig: string) => rec.note(op, pathOf(p), () => sig);
  m.openSync = (...args: Parameters<typeof fs.openSync>) => {
    const path = pathOf(args[0]);
    return call(() => real.openSync(...args), (fd) => {
      if (path === undefined) rec.broken = true;
      else rec.opened.set(fd, path);
    }, (e) => rec.note('file', path, () => errorSig(e)));
  };
  m.closeSync = (fd: number) => {
    const path = rec.opened.get(fd);
    if (path !== undefined) {
      rec.opened.delete(fd);
      rec.read(path, undefined);
    }
    return real.closeSync(fd);
  };
  m.readFileSync = (...args: Parameters<typeof fs.readFileSync>) => {
    const target = args[0];
    const path = typeof target === 'number' ? rec.opened.get(target) : pathOf(target);
    return call(() => real.readFileSync(...args), (bytes) => {
      if (path === undefined) {
        // A descriptor not opened during the recording: standard input, which is never cached.
        rec.broken = true;
        return;
      }
      if (typeof target === 'number') rec.opened.delete(target);
      rec.read(path, bytes as Buffer | string);
    }, (e) => rec.note('file', path, () => errorSig(e)));
  };
  const stats = (op: 'stat' | 'lstat', fn: typeof fs.statSync) =>
    ((p: fs.PathLike, options?: fs.StatSyncOptions) => call(() => fn(p, options as fs.StatSyncOptions & { bigint?: false }), (st) => {
      if (st) watch(op)(p, statSig(st as fs.Stats));
      else watch(op)(p, 'E:ENOENT');
    }, (e) => watch(op)(p, errorSig(e)))) as typeof fs.statSync;
  m.statSync = stats('stat', real.statSync);
  m.lstatSync = stats('lstat', real.lstatSync);
  m.existsSync = (p: fs.PathLike) => {
    const r = real.existsSync(p);
    watch('exists')(p, String(r));
    return r;
  };
  m.accessSync = (p: fs.PathLike, mode?: number) => call(() => real.accessSync(p, mode), () => watch('stat')(p, signature('stat', pathOf(p) ?? '', strategy)), () => watch('stat')(p, signature('stat', pathOf(p) ?? '', strategy)));
  const realpath = (fn: (p: fs.PathLike, o?: unknown) => string | Buffer) => (p: fs.PathLike, o?: unknown) => call(() => fn(p, o), (r) => watch('realpath')(p, `R:${String(r)}`), (e) => watch('realpath')(p, errorSig(e)));
  m.realpathSync = Object.assign(realpath(real.realpathSync as never), { native: realpath(real.realpathSync.native as never) });
  m.readlinkSync = (p: fs.PathLike, o?: unknown) => call(() => real.readlinkSync(p, o as never), (r) => watch('readlink')(p, `L:${String(r)}`), (e) => watch('readlink')(p, errorSig(e)));
  const listed = (p: fs.PathLike): string => signature('dir', pathOf(p) ?? '', strategy, written);
  m.readdirSync = (p: fs.PathLike, o?: unknown) => call(() => real.readdirSync(p, o as never), () => watch('dir')(p, listed(p)), (e) => watch('dir')(p, errorSig(e)));
  m.opendirSync = (p: fs.PathLike, o?: unknown) => call(() => real.opendirSync(p, o as never), () => watch('dir')(p, listed(p)), (e) => watch('dir')(p, errorSig(e)));
  syncBuiltinESMExports();
  return rec;
}

function restore(): void {
  Object.assign(fs as unknown as Record<string, unknown>, real);
  syncBuiltinESMExports();
}

/** A name as a file system that ignores case or Unicode normalization may match it. */
const looseName = (name: string): string => name.normalize('NFC').toLowerCase();

/**
 * Whether everything a run looked at is as it was (the first difference ends the check). The
 * folders are checked first: a path that did not exist (the config files looked for in every
 * folder, most of what a run looks at) still does not while its folder lists the same entries
 * and none of them could be that name (compared without case or normalization, as some file
 * systems compare names, so a link or a name that differs only in case is looked at again).
 */
export function unchanged(looked: readonly Looked[], strategy: CacheStrategy, written: ReadonlySet<string>): boolean {
  const names = new Map<string, Set<string>>();
  for (const l of looked) {
    if (l.op !== 'dir') continue;
    const { sig, entries } = listing(l.path, written);
    if (sig !== l.sig) return false;
    if (entries) names.set(l.path, new Set(entries.map((d) => looseName(d.name))));
  }
  for (const l of looked) {
    if (l.op === 'dir') continue;
    if (l.op === 'exists' && l.sig === 'false' && !written.has(l.path)) {
      const listed = names.get(dirname(l.path));
      if (listed && !listed.has(looseName(basename(l.path)))) continue;
    }
    if (signature(l.op, l.path, strategy, written) !== l.sig) return false;
  }
  return true;
}
