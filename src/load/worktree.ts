// What the working tree holds of a revision. A revision whose files a lint reads are all in the
// working tree as it holds them (a CI checkout of the head commit, a clean clone) need not be
// written: the diff lints it where it is, as `meshlint diff BASE` lints the working tree. A file
// the working tree holds as a revision does is linked into that revision's tree, not written
// again. "As it holds them" is checked on the bytes (git's own hash of each file, never its
// stat cache, which calls a file with other line ends or a filter clean), on the index (the
// same files tracked, no submodule, no conflict), and on the untracked files (none that a lint
// would read: git's ignore files are not trusted to hide one, as meshlint reads other ones).
import { lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { crypto } from '../common/builtins.ts';
import { readRegularFile } from './read.ts';
import { entriesALintReads, type TreeEntry } from './tree-entries.ts';

/** Runs git in the repository's top folder with the diff's hardening: its output, or undefined when it failed. */
export type GitRun = (args: readonly string[]) => Buffer | undefined;

/** A file of the index (`git ls-files --stage`), of stage 0: no conflict. */
interface IndexEntry {
  readonly mode: string;
  readonly oid: string;
  readonly path: string;
}

/** Folders meshlint never reads (see discover.ts): left out of the untracked files asked for. */
const NEVER_READ = ['node_modules'];

/** The working tree of one repository, as the sides of one diff see it. */
export class WorkingTree {
  /** The lint-read files of the index, by path; undefined when the working tree cannot stand for a revision. */
  private tracked: Map<string, IndexEntry> | undefined | null = null;
  /** Each path's blob as git would hash the working tree's file, once read (undefined: not such a file). */
  private readonly oids = new Map<string, string | undefined>();

  constructor(
    private readonly top: string,
    private readonly git: GitRun,
  ) {}

  /**
   * Whether a lint of the working tree reads exactly `entries` (a revision's files a lint reads,
   * see entriesALintReads), each with the bytes the revision holds.
   */
  holds(entries: readonly TreeEntry[]): boolean {
    const tracked = this.trackedFiles();
    if (!tracked || tracked.size !== entries.length) return false;
    for (const e of entries) {
      const t = tracked.get(e.path);
      if (!t || t.mode !== e.mode || t.oid !== e.oid) return false;
    }
    return entries.every((e) => this.oidOf(e) === e.oid);
  }

  /** The working tree's file when it holds `entry`'s bytes, tracked as the revision has it: to link, not write. */
  fileHolding(entry: TreeEntry): string | undefined {
    if (entry.mode !== '100644' && entry.mode !== '100755') return undefined;
    const t = this.trackedFiles()?.get(entry.path);
    // Only a file git tracks there: git writes none beyond a link, so the path leads to the working tree's own file.
    if (!t || t.mode !== entry.mode) return undefined;
    return this.oidOf(entry) === entry.oid ? join(this.top, entry.path) : undefined;
  }

  private trackedFiles(): Map<string, IndexEntry> | undefined {
    if (this.tracked === null) this.tracked = this.readIndex();
    return this.tracked;
  }

  /**
   * The index's files a lint reads; undefined when the working tree holds what no revision
   * written out would: a submodule's files, a conflict, or an untracked file a lint reads.
   */
  private readIndex(): Map<string, IndexEntry> | undefined {
    const staged = this.git(['ls-files', '--stage', '-z']);
    const others = this.git(['ls-files', '--others', '-z', ...NEVER_READ.map((d) => `--exclude=${d}`)]);
    if (!staged || !others) return undefined;
    const index: IndexEntry[] = [];
    for (const record of staged.toString('utf8').split('\0')) {
      if (record === '') continue;
      const m = /^(\d{6}) ([0-9a-f]{40,64}) (\d)\t(.*)$/s.exec(record);
      if (!m || m[1] === '160000' || m[3] !== '0') return undefined;
      index.push({ mode: m[1] as string, oid: m[2] as string, path: m[4] as string });
    }
    const untracked: TreeEntry[] = [];
    for (const path of others.toString('utf8').split('\0')) {
      if (path === '') continue;
      // A folder git lists whole: another repository inside this one, whose files a lint reads.
      if (path.endsWith('/')) return undefined;
      untracked.push({ mode: '100644', oid: '', size: 0, path });
    }
    const read = entriesALintReads([...index.map((e) => ({ mode: e.mode, oid: e.oid, size: 0, path: e.path })), ...untracked]);
    if (read.some((e) => e.oid === '')) return undefined;
    const byPath = new Map(index.map((e) => [e.path, e]));
    return new Map(read.map((e) => [e.path, byPath.get(e.path) as IndexEntry]));
  }

  /** git's blob id of the working tree's file at the entry's path (its hash, with the entry's algorithm). */
  private oidOf(entry: TreeEntry): string | undefined {
    if (this.oids.has(entry.path)) return this.oids.get(entry.path);
    const oid = this.hashOf(entry);
    this.oids.set(entry.path, oid);
    return oid;
  }

  private hashOf(entry: TreeEntry): string | undefined {
    const path = join(this.top, entry.path);
    let bytes: Buffer;
    try {
      const st = lstatSync(path);
      if (entry.mode === '120000') {
        if (!st.isSymbolicLink()) return undefined;
        bytes = readlinkSync(path, { encoding: 'buffer' });
      } else {
        if (!st.isFile() || st.size !== entry.size) return undefined;
        const read = readRegularFile(path);
        if (!read.ok) return undefined;
        bytes = read.bytes;
      }
    } catch {
      return undefined;
    }
    const hash = crypto().createHash(entry.oid.length === 64 ? 'sha256' : 'sha1');
    return hash.update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  }
}
