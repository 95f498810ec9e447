// `--cache`: what a lint run keeps for the next one, in one file (.meshlintcache by default).
// - The report of the last run, with everything it looked at on disk (fs-record.ts): reused,
//   byte for byte, while the arguments, meshlint and all of those are the same.
// - Each file's documents, by the digest of its text (parse-records.ts): a run that lints again
//   (a file changed) parses only what changed; facts and findings are always computed afresh
//   from the documents, so no finding can outlive a change to any file it rests on.
// The file is data, bounded in size, written as other outputs are (write.ts), and ignored, then
// rewritten, when it cannot be read or was written by another meshlint or Node. It holds two
// parts: the head (what made it, the report) and the documents, read only by a run that lints.
import { crypto, v8 } from '../common/builtins.ts';
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../common/meta.ts';
import { exactText } from '../common/masked-text.ts';
import type { ParsedDocument, SourceFile } from '../common/types.ts';
import { topFolder } from '../load/boundary.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { describeFsError, displayPathOf, readRegularFile } from '../load/read.ts';
import { encodeDocuments, encodeGroups, RecordedDocuments } from '../parse/parse-records.ts';
import { groupsOf, parseGroup, type Slice } from '../parse/yaml.ts';
import type { Values } from './args.ts';
import { type CacheStrategy, type Looked, startRecording, unchanged, unrecorded, type Recording } from './fs-record.ts';
import { type CliIO, UsageError } from './io.ts';

export const DEFAULT_CACHE_FILE = '.meshlintcache';
/** Documents kept, in characters of their records: past it, files are parsed again next time (the corpus's 100 MB of YAML keep about 17 million). */
export const MAX_PARSE_BYTES = 256 * 1024 * 1024;
/** A cache file larger than this is not read (it was not written by meshlint): a record of text past Latin-1 takes two bytes a character. */
const MAX_CACHE_FILE_BYTES = 2 * MAX_PARSE_BYTES + 64 * 1024 * 1024;
/** The report kept: at most this much output (a run whose report is larger is linted every time). */
const MAX_REPORT_CHARS = 64 * 1024 * 1024;
const MAGIC = 'meshlint-cache';
const FORMAT = 2;
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** What a run printed, in order, and its exit code: given again as it was. */
interface Printed {
  readonly chunks: readonly (readonly ['out' | 'err' | 'file', string])[];
  readonly code: number;
}

interface RunEntry {
  /** The arguments, folder, colours and meshlint the report was made with. */
  readonly key: string;
  readonly looked: readonly Looked[];
  /** Files the run wrote (its cache, its report): not entries of the folders it listed. */
  readonly written: readonly string[];
  readonly printed: Printed;
}

/** The head of the file: what made it and its last report. */
interface CacheHead {
  readonly magic: string;
  readonly format: number;
  readonly build: string;
  readonly strategy: CacheStrategy;
  readonly run: RunEntry | undefined;
}

/** Each file's documents (parse-records.ts), by the digest of its text: the file's second part. */
type Parses = readonly (readonly [string, string])[];

interface CacheFile {
  readonly head: CacheHead;
  /**
   * The documents part as written, read from the file and decoded only when a run lints (see
   * RunCache.parses): a report given again reads the head alone. Undefined when the file is no
   * longer the one the head was read from.
   */
  readonly parses: () => Uint8Array | undefined;
}

/** The file: the head's length (4 bytes, big-endian), the head, the documents; each part V8's serialization of plain data. */
const HEAD_LENGTH_BYTES = 4;

export interface CacheSettings {
  /** The cache file, absolute. */
  readonly file: string;
  readonly strategy: CacheStrategy;
}

/** --cache, --cache-location and --cache-strategy, as ESLint reads them; undefined without --cache. */
export function cacheSettings(v: Values, io: Pick<CliIO, 'cwd'>): CacheSettings | undefined {
  const strategy = v['cache-strategy'] ?? 'metadata';
  if (strategy !== 'metadata' && strategy !== 'content') throw new UsageError(`--cache-strategy takes metadata or content, not "${strategy}"`);
  if (!v.cache) return undefined;
  const named = v['cache-location'];
  let file = resolve(io.cwd, named ?? DEFAULT_CACHE_FILE);
  // A folder (one that exists, or a name ending in a slash) holds the file under its default name.
  if (named !== undefined && (/[\\/]$/.test(named) || isDirectory(file))) file = join(file, DEFAULT_CACHE_FILE);
  return { file, strategy };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Which meshlint made a cache: its version, the digest of the program itself (a build of the same version differs), Node's serializer. */
function buildOf(io: Pick<CliIO, 'parseWorker'>): string {
  const hash = crypto().createHash('sha256').update(`${FORMAT}\0${VERSION}\0${process.versions.v8}`);
  if (io.parseWorker) {
    try {
      hash.update(readFileSync(fileURLToPath(io.parseWorker)));
    } catch {
      hash.update('unreadable');
    }
  }
  return hash.digest('hex');
}

/** The documents of files met before, by the digest of their text, and those parsed now, for the next run. */
export class ParseStore {
  private readonly kept = new Map<string, string>();
  private keptBytes = 0;
  private readonly digests = new WeakMap<SourceFile, string>();
  /** Files read for facts only: the groups the facts pass took this run, and whether any was parsed now. */
  private readonly groupsRead = new Map<string, { groups: Map<number, readonly [Slice, readonly ParsedDocument[]]>; parsed: boolean; record: string | undefined }>();
  /** Files whose documents came from the cache, and how many were parsed; the same for groups of files read for facts only. */
  readonly counts = { reused: 0, parsed: 0, groupsReused: 0, groupsParsed: 0 };

  constructor(private readonly known: ReadonlyMap<string, string>) {}

  private digestOf(file: SourceFile): string {
    let d = this.digests.get(file);
    if (d === undefined) {
      d = crypto().createHash('sha256').update(exactText(file)).digest('base64');
      this.digests.set(file, d);
    }
    return d;
  }

  private lookup(file: SourceFile): RecordedDocuments | undefined {
    const record = this.known.get(this.digestOf(file));
    return record ? RecordedDocuments.decode(record, file) : undefined;
  }

  /** The file's documents as a run parsed them before, or undefined (parse it). */
  recorded(file: SourceFile): RecordedDocuments | undefined {
    const key = this.digestOf(file);
    const docs = this.lookup(file);
    if (!docs?.documents()) return undefined;
    this.keep(key, this.known.get(key) as string);
    this.counts.reused++;
    return docs;
  }

  /** Documents just parsed, every one of the file's, as parseFile yielded them. */
  record(file: SourceFile, docs: readonly ParsedDocument[]): void {
    this.counts.parsed++;
    const key = this.digestOf(file);
    if (this.kept.has(key) || this.keptBytes >= MAX_PARSE_BYTES) return;
    const record = encodeDocuments(docs, groupsOf(file.text));
    if (record) this.keep(key, record);
  }

  /**
   * One group of a file read for facts only (--context, the rest of the repository): from the
   * cache, else parsed here and recorded. The facts pass parses the same group the same way.
   */
  group(file: SourceFile, group: Slice): readonly ParsedDocument[] {
    const key = this.digestOf(file);
    let read = this.groupsRead.get(key);
    if (!read) {
      read = { groups: new Map(), parsed: false, record: this.known.get(key) };
      this.groupsRead.set(key, read);
    }
    const had = read.groups.get(group.start);
    if (had) return had[1];
    const cached = read.record ? RecordedDocuments.decode(read.record, file)?.group(group) : undefined;
    const docs = cached ?? parseGroup(file, group);
    if (!cached) read.parsed = true;
    this.counts[cached ? 'groupsReused' : 'groupsParsed']++;
    read.groups.set(group.start, [group, docs]);
    return docs;
  }

  private keep(key: string, record: string): void {
    if (this.kept.has(key) || this.keptBytes + record.length > MAX_PARSE_BYTES) return;
    this.kept.set(key, record);
    this.keptBytes += record.length;
  }

  /** What the next run gets: the documents of this run's files only (those of files gone or changed are let go). */
  entries(): (readonly [string, string])[] {
    for (const [key, read] of this.groupsRead) {
      if (this.kept.has(key)) continue;
      // Groups all taken from one record: kept as they were; else written again with the new ones.
      const record = !read.parsed && read.record ? read.record : encodeGroups([...read.groups.values()].sort(([a], [b]) => a.start - b.start));
      if (record) this.keep(key, record);
    }
    return [...this.kept];
  }
}

/** One run's use of the cache: what it found, what it records, what it writes. */
export class RunCache {
  private store: ParseStore | undefined;
  /** Reads the documents part (see CacheFile.parses), until it is read. */
  private readParts: (() => Uint8Array | undefined) | undefined;
  /** The documents part as read, until it is decoded (the file's bytes are let go then). */
  private parsesRead: Uint8Array | undefined;
  private recording: Recording | undefined;

  private constructor(
    private readonly settings: CacheSettings,
    private readonly build: string,
    /** What the cache file said it was made by, and its last report. */
    private readonly head: CacheHead | undefined,
    parses: (() => Uint8Array | undefined) | undefined,
    private readonly key: string,
    private readonly written: ReadonlySet<string>,
  ) {
    this.readParts = parses;
  }

  /** The documents part as the file holds it, read once. */
  private partsRead(): Uint8Array | undefined {
    if (this.readParts) {
      this.parsesRead = this.readParts();
      this.readParts = undefined;
    }
    return this.parsesRead;
  }

  /** The documents the cache holds, read from the file the first time they are asked for (a report given again needs none). */
  get parses(): ParseStore {
    if (!this.store) {
      const read = this.partsRead();
      this.store = new ParseStore(new Map(read ? readParses(read) : []));
      this.parsesRead = undefined;
    }
    return this.store;
  }

  /** The cache for a run of `argv`: what the file holds for this meshlint, the run's key, the files it writes. */
  static open(settings: CacheSettings, v: Values, argv: readonly string[], io: CliIO, color: boolean): RunCache {
    const build = buildOf(io);
    const found = readCache(settings, build);
    const outputFile = v['output-file'] === undefined ? undefined : resolve(io.cwd, v['output-file']);
    const written = new Set([settings.file, ...(outputFile ? [outputFile] : [])]);
    const key = JSON.stringify({ argv, cwd: io.cwd, color, strategy: settings.strategy });
    return new RunCache(settings, build, found?.head, found?.parses, key, written);
  }

  /** The last run's output, when it was made with the same arguments and nothing it looked at has changed. */
  replay(): Printed | undefined {
    const run = this.head?.run;
    if (!run || run.key !== this.key) return undefined;
    if (run.written.length !== this.written.size || !run.written.every((w) => this.written.has(w))) return undefined;
    return unchanged(run.looked, this.settings.strategy, this.written) ? run.printed : undefined;
  }

  /** Watches what the run reads, from now to stopRecording() (see fs-record.ts). */
  record(): void {
    this.recording ??= startRecording(this.settings.strategy, this.written);
  }

  /** Stops watching; what was looked at, or undefined when the run is not to be kept. */
  stopRecording(): readonly Looked[] | undefined {
    const looked = this.recording?.stop();
    this.recording = undefined;
    return looked;
  }

  /**
   * Writes the cache: the documents of this run's files, and its report when `printed` is given
   * with what it looked at. A cache that cannot be written is said once on standard error, and
   * the run's result stands.
   */
  save(io: CliIO, looked: readonly Looked[] | undefined, printed: Printed | undefined): void {
    const size = printed?.chunks.reduce((n, [, t]) => n + t.length, 0) ?? 0;
    // A command that is never given again (diff, the Action's lint) leaves the last report as it
    // was: it is checked against the disk when it is next asked for.
    const run: RunEntry | undefined = !printed ? this.head?.run : looked && size <= MAX_REPORT_CHARS ? { key: this.key, looked, written: [...this.written], printed } : undefined;
    const head: CacheHead = { magic: MAGIC, format: FORMAT, build: this.build, strategy: this.settings.strategy, run };
    try {
      const headBytes = v8().serialize(head);
      const length = Buffer.alloc(HEAD_LENGTH_BYTES);
      length.writeUInt32BE(headBytes.length);
      // Documents never read this run are written back as they were read.
      const parses = (this.store ? undefined : this.partsRead()) ?? v8().serialize(this.parses.entries() satisfies Parses);
      writeWithin(this.settings.file, Buffer.concat([length, headBytes, parses]), { root: topFolder(io.cwd), outsideAllowed: true });
    } catch (e) {
      const why = e instanceof WriteRefused ? e.message : describeFsError(e);
      io.stderr(`meshlint: cannot write the cache ${displayPathOf(this.settings.file, io.cwd)}: ${why}; the next run lints everything again\n`);
    }
  }
}

/** `length` bytes of an open file from `at`, or undefined when it holds fewer. */
function readExactly(fd: number, at: number, length: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(length);
  for (let done = 0; done < length; ) {
    const n = readSync(fd, bytes, done, length - done, at + done);
    if (n === 0) return undefined;
    done += n;
  }
  return bytes;
}

/** Which file a cache was read from, and when it was last written: its documents part is read from that file only. */
interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
}

const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;

/**
 * Opens the cache file (never through a link: a repository cannot point the cache at another
 * file) and calls `read` with it and what it is; undefined when it cannot be read or is not a
 * regular file of a size meshlint writes.
 */
function withCacheFile<T>(file: string, read: (fd: number, identity: FileIdentity) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile() || st.size > BigInt(MAX_CACHE_FILE_BYTES)) return undefined;
    return read(fd, { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The cache file's head, or undefined when there is none, it cannot be read, or another meshlint or Node wrote it; its report only with the same strategy. */
function readCache(settings: CacheSettings, build: string): CacheFile | undefined {
  const read = withCacheFile(settings.file, (fd, identity) => {
    const length = readExactly(fd, 0, HEAD_LENGTH_BYTES);
    if (!length) return undefined;
    const headEnd = HEAD_LENGTH_BYTES + length.readUInt32BE(0);
    if (BigInt(headEnd) > identity.size) return undefined;
    const bytes = readExactly(fd, HEAD_LENGTH_BYTES, headEnd - HEAD_LENGTH_BYTES);
    return bytes ? { bytes, headEnd, identity } : undefined;
  });
  if (!read) return undefined;
  let head: unknown;
  try {
    head = v8().deserialize(read.bytes);
  } catch {
    return undefined;
  }
  if (!isCacheHead(head) || head.build !== build) return undefined;
  const { headEnd, identity } = read;
  // The documents are read later, from the same file as it was then (a file written since holds
  // another run's), and while a run is recorded: the cache's own file is not one of its inputs.
  const parses = (): Uint8Array | undefined =>
    unrecorded(() => withCacheFile(settings.file, (fd, now) => (sameFile(identity, now) ? readExactly(fd, headEnd, Number(now.size) - headEnd) : undefined)));
  // The documents hold whatever the strategy; the report was checked against one.
  return { head: head.strategy === settings.strategy ? head : { ...head, run: undefined }, parses };
}

/** The documents part, or none when it cannot be read: those files are parsed again. */
function readParses(bytes: Uint8Array): Parses {
  let data: unknown;
  try {
    data = v8().deserialize(bytes);
  } catch {
    return [];
  }
  return Array.isArray(data) && data.every((p: unknown) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string') ? (data as Parses) : [];
}

const OPS = new Set(['file', 'stat', 'lstat', 'exists', 'realpath', 'readlink', 'dir']);

/** The head save() writes, checked: the file may have been written by anyone. */
function isCacheHead(x: unknown): x is CacheHead {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  if (c.magic !== MAGIC || c.format !== FORMAT || typeof c.build !== 'string') return false;
  if (c.run === undefined) return true;
  const r = c.run as Record<string, unknown>;
  if (typeof r !== 'object' || r === null || typeof r.key !== 'string') return false;
  if (!Array.isArray(r.written) || !r.written.every((w: unknown) => typeof w === 'string')) return false;
  if (!Array.isArray(r.looked) || !r.looked.every((l: unknown) => typeof l === 'object' && l !== null && OPS.has((l as Looked).op) && typeof (l as Looked).path === 'string' && typeof (l as Looked).sig === 'string')) return false;
  const p = r.printed as Record<string, unknown> | undefined;
  return typeof p === 'object' && p !== null && Number.isInteger(p.code) && Array.isArray(p.chunks) && p.chunks.every((ch: unknown) => Array.isArray(ch) && ch.length === 2 && ['out', 'err', 'file'].includes(ch[0] as string) && typeof ch[1] === 'string');
}

/** The cache file, when it lies in the repository and git tracks it: a committed cache would let a change decide its own report. */
export function trackedCache(file: string): boolean {
  const root = topFolder(dirname(file));
  const index = join(root, '.git', 'index');
  const rel = relative(root, file).split(sep).join('/');
  if (rel.startsWith('..')) return false;
  const read = readRegularFile(index);
  if (!read.ok) return false;
  const bytes = read.bytes;
  // An index entry (versions 2 and 3) ends with its flags (the path's length in the low 12
  // bits; bit 14 says two more bytes of flags follow), then the path and a NUL.
  const name = Buffer.from(`${rel}\0`, 'utf8');
  const length = Math.min(name.length - 1, 0xfff);
  for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1)) {
    if (at >= 2 && (bytes.readUInt16BE(at - 2) & 0xfff) === length) return true;
    if (at >= 4 && (bytes.readUInt16BE(at - 4) & 0x4fff) === (0x4000 | length)) return true;
  }
  return false;
}

/**
 * --cache for a command whose report is never given again (diff, the Action's lint): the
 * documents only. undefined without --cache, or when git tracks the cache (said once).
 */
export function documentsCache(v: Values, io: CliIO): { readonly store: ParseStore; save(): void } | undefined {
  const settings = cacheSettings(v, io);
  if (!settings) return undefined;
  if (trackedCache(settings.file)) {
    io.stderr(trackedNote(settings, io));
    return undefined;
  }
  const cache = RunCache.open(settings, v, [], io, false);
  return { store: cache.parses, save: () => cache.save(io, undefined, undefined) };
}

/** Why a cache git tracks is not used, and what to do. */
export function trackedNote(settings: CacheSettings, io: Pick<CliIO, 'cwd'>): string {
  return `meshlint: note: ${displayPathOf(settings.file, io.cwd)} is tracked by git, so a change could bring its own report: not used. Untrack it and list it in .gitignore.\n`;
}
