// The two sides of `meshlint diff`: a directory as it is, or a git revision written into a
// temporary directory, never by changing the user's checkout, index or worktrees. Only the
// files a lint reads are written (manifests, configs and ignore files, and every file of a
// chart or a kustomization's folder), each blob streamed from `git cat-file --batch` to disk
// within a byte and file-count budget told before anything is read. git runs with an argument
// array (never a shell), a time limit, the allow-listed environment of the renderers, no
// filter, textconv or fsmonitor of the repository, and no hooks. The temporary directory is
// removed by `close`, by a watcher when meshlint ends any other way (a signal, a crash), and,
// for a run that left one behind anyway, by the next diff. A file the working tree holds with
// the same bytes is linked, not written, and a revision it holds as it is is not written at
// all: it is linted in place (worktree.ts).
import { closeSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, realpathSync, rmdirSync, rmSync, statSync, symlinkSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, posix, resolve } from 'node:path';
import { isInside } from './boundary.ts';
import { spawnDetached, spawnSync, spawnSyncBytes } from '../common/builtins.ts';
import { PASSED_THROUGH, findOnPath } from './render/process.ts';
import { entriesALintReads, type TreeEntry } from './tree-entries.ts';
import { WorkingTree, type GitRun } from './worktree.ts';

const TIME_LIMIT_MS = 5 * 60_000;
/** The bytes of the files a lint reads that one revision may hold: far above a repository of manifests. */
export const MAX_REVISION_BYTES = 512 * 1024 * 1024;
/** The files (and links) a lint reads that one revision may hold. */
export const MAX_REVISION_FILES = 200_000;
const TEMP_PREFIX = 'meshlint-diff-';

/** A side that cannot be read: its text says what to do (exit 2). */
export class RevisionError extends Error {}

/** One side of a diff: the folder to lint as the working directory, and how to clean up. */
export interface Side {
  /** What the user named: the directory or the revision. */
  readonly label: string;
  /** The folder that stands for the working directory on this side. */
  readonly cwd: string;
  /** The commit a revision resolved to. */
  readonly commit?: string;
  /** A revision's tree: the folder that stands for the repository's top folder. */
  readonly root?: string;
  /** Removes what was made for this side (nothing for a directory). */
  readonly close: () => void;
}

/** Budgets of a revision read (tests lower them). */
export interface RevisionBudget {
  readonly bytes: number;
  readonly files: number;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * What git is given of the user's environment: the renderers' allow-list (no tokens, no
 * credentials), HOME and the XDG config folder (the user's own git config: safe.directory),
 * and the variables by which git itself points at a repository or an index (a pre-commit hook
 * runs with GIT_INDEX_FILE). Never the system's gitattributes; no prompt; no transport.
 */
const GIT_PASSED = [...PASSED_THROUGH, 'HOME', 'XDG_CONFIG_HOME', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES'];
export function gitEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const k of GIT_PASSED) if (env[k] !== undefined) out[k] = env[k];
  return { ...out, GIT_TERMINAL_PROMPT: '0', GIT_ATTR_NOSYSTEM: '1', GIT_ALLOW_PROTOCOL: 'none', GIT_OPTIONAL_LOCKS: '0', GIT_NO_REPLACE_OBJECTS: '1' };
}

/**
 * Options before every git command: the repository's fsmonitor (a program git would run on
 * reading the index) off, hooks nowhere, and no attributes file of the repository's config.
 * Blobs are read raw (`cat-file --batch` applies no filter or textconv).
 */
export const GIT_HARDENING = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'core.attributesFile=/dev/null', '-c', 'core.untrackedCache=false'];

function git(binary: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ok: boolean; stdout: string; stderr: string } {
  const r = spawnSync(binary, [...GIT_HARDENING, ...args], { cwd, env: gitEnv(env), encoding: 'utf8', maxBuffer: 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new RevisionError(`cannot run git: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}`);
  return { ok: r.status === 0, stdout: (r.stdout ?? '').trim(), stderr: (r.stderr ?? '').trim() };
}

/** The commit `spec` names in the repository `cwd` is in, or undefined: its object must be there (a shallow clone lacks history). */
function commitOf(gitBin: string, spec: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  // --end-of-options: a revision that starts with "-" is never read as an option. Peeling to
  // ^{commit} reads the object, so a full hash whose commit was never fetched is not taken.
  const commit = git(gitBin, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${spec}^{commit}`], cwd, env);
  return commit.ok && /^[0-9a-f]{40,64}$/.test(commit.stdout) ? commit.stdout : undefined;
}

/**
 * Whether `spec` names a commit present in the repository `cwd` is in; undefined when git is
 * not on PATH or `cwd` is in no repository (openSide then says which).
 */
export function hasCommit(spec: string, cwd: string, env: NodeJS.ProcessEnv): boolean | undefined {
  const gitBin = findOnPath(['git'], env);
  if (!gitBin) return undefined;
  try {
    if (!git(gitBin, ['rev-parse', '--show-toplevel'], cwd, env).ok) return undefined;
    return commitOf(gitBin, spec, cwd, env) !== undefined;
  } catch (e) {
    if (e instanceof RevisionError) return undefined;
    throw e;
  }
}

/**
 * The commit a change starts from: the merge base of `base` and HEAD. For GitHub's merge
 * checkout of a pull request (refs/pull/N/merge) it is `base` itself; for the pull request's
 * own head checked out, it is where the branch left `base`, so what the base branch gained
 * since is not taken for the change's undoing. `base` when git cannot tell (no shared history).
 */
export function changeBase(base: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const gitBin = findOnPath(['git'], env);
  if (!gitBin) return base;
  try {
    const r = git(gitBin, ['merge-base', '--end-of-options', base, 'HEAD'], cwd, env);
    return r.ok && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(r.stdout) ? r.stdout : base;
  } catch (e) {
    if (e instanceof RevisionError) return base;
    throw e;
  }
}

export interface OpenSideOptions {
  /** Read `spec` as a revision even when a directory of that name is there (a base commit a change could shadow). */
  readonly revisionOnly?: boolean;
  readonly budget?: RevisionBudget;
  /** The files written for the sides of one diff, by blob: see Blobs. */
  readonly blobs?: Blobs;
  /**
   * The working trees met by the sides of one diff, by top folder: a revision the working tree
   * holds is linted there, and the files it holds of one are linked (see worktree.ts).
   */
  readonly worktrees?: Map<string, WorkingTree>;
}

/**
 * The files written for the sides of one diff, by the blob they hold: a blob met again, on this
 * side or the other, is a hard link to the file already written (two revisions share most of
 * their blobs), not read from git and written again. Only files meshlint wrote itself, in its
 * own temporary folders, are linked; where links cannot be made, the blob is written.
 */
export type Blobs = Map<string, string>;

/**
 * A side of the diff: `spec` as a directory (relative to `cwd`) when one is there, else as a
 * git revision of the repository `cwd` is in, materialised in a temporary directory. The side's
 * folder is the one that stands for `cwd` in that revision, so paths read the same on both sides.
 */
export function openSide(spec: string, cwd: string, env: NodeJS.ProcessEnv, opts: OpenSideOptions = {}): Side {
  const dir = resolve(cwd, spec);
  if (!opts.revisionOnly && !spec.startsWith('-') && isDir(dir)) return { label: spec, cwd: dir, close: () => {} };
  const gitBin = findOnPath(['git'], env);
  if (!gitBin) throw new RevisionError(`"${spec}" is not a directory, and git is not on PATH to read it as a revision`);
  const top = git(gitBin, ['rev-parse', '--show-toplevel'], cwd, env);
  if (!top.ok) throw new RevisionError(`"${spec}" is not a directory, and the current directory is not in a git repository to read it as a revision`);
  const prefix = git(gitBin, ['rev-parse', '--show-prefix'], cwd, env).stdout;
  const commit = commitOf(gitBin, spec, cwd, env);
  if (commit === undefined) {
    if (commitOf(gitBin, 'HEAD', cwd, env) === undefined && git(gitBin, ['rev-list', '-n', '1', '--all'], cwd, env).stdout === '') {
      throw new RevisionError(`"${spec}" is not a directory, and this repository has no commit yet to compare with; make the first commit (git commit --no-verify skips the hooks), or name a directory`);
    }
    throw new RevisionError(`"${spec}" is neither a directory nor a commit of this repository; fetch it (a shallow clone lacks history: fetch-depth 0) or name a directory`);
  }
  let worktree: WorkingTree | undefined;
  if (opts.worktrees) {
    worktree = opts.worktrees.get(top.stdout);
    if (!worktree) opts.worktrees.set(top.stdout, (worktree = new WorkingTree(top.stdout, gitIn(gitBin, top.stdout, env))));
  }
  return materialise(gitBin, env, top.stdout, prefix, { treeish: commit }, `revision "${spec}"`, { label: spec, commit }, opts.budget, opts.blobs, worktree && { tree: worktree, cwd: resolve(cwd) });
}

/** git run in `top` with the hardening, its output as bytes, for the working tree's questions. */
function gitIn(gitBin: string, top: string, env: NodeJS.ProcessEnv): GitRun {
  return (args) => {
    const r = spawnSyncBytes(gitBin, [...GIT_HARDENING, ...args], { cwd: top, env: gitEnv(env), maxBuffer: 256 * 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    return r.error || r.status !== 0 ? undefined : r.stdout;
  };
}

/** A path of the tree that can be written below a folder: no empty, ".", ".." or ".git" part (git's own verify_path). */
function safeTreePath(path: string): boolean {
  return path.split('/').every((p) => p !== '' && p !== '.' && p !== '..' && p.toLowerCase() !== '.git' && !p.includes('\\') && !p.includes('\0'));
}

const mb = (n: number): string => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * The side a tree-ish of the repository at `top` stands for, its files written into a
 * temporary directory; its folder is the one at `prefix` (where the user is). `what` names it
 * in messages ("revision main", "the staged files").
 */
/** The blobs and links of a tree-ish, with their sizes (`git ls-tree -r -l`). */
function treeEntries(gitBin: string, env: NodeJS.ProcessEnv, top: string, treeish: string, what: string, budget: RevisionBudget): TreeEntry[] {
  const listed = gitBytes(gitBin, env, top, ['ls-tree', '-r', '-z', '-l', '--full-tree', treeish], undefined, what, budget);
  const all: TreeEntry[] = [];
  for (const record of listed.toString('utf8').split('\0')) {
    const m = /^(\d{6}) (\w+) ([0-9a-f]{40,64}) +(\d+|-)\t(.*)$/s.exec(record);
    // Blobs and links only: a submodule (a commit) is not in this repository.
    if (!m || m[2] !== 'blob' || !safeTreePath(m[5] as string)) continue;
    all.push({ mode: m[1] as string, oid: m[3] as string, size: Number(m[4]), path: m[5] as string });
  }
  return all;
}

/**
 * The blobs and links of git's index (`git ls-files --stage`, their sizes from `cat-file
 * --batch-check`): read, never written (`write-tree` would rewrite the index and hash racily
 * clean files through the repository's clean filters). An entry not merged yet is refused.
 */
function indexEntries(gitBin: string, env: NodeJS.ProcessEnv, top: string, what: string, budget: RevisionBudget): TreeEntry[] {
  const listed = gitBytes(gitBin, env, top, ['ls-files', '--stage', '-z', '--full-name'], undefined, what, budget);
  const staged: Omit<TreeEntry, 'size'>[] = [];
  for (const record of listed.toString('utf8').split('\0')) {
    const m = /^(\d{6}) ([0-9a-f]{40,64}) (\d)\t(.*)$/s.exec(record);
    if (!m) continue;
    if (m[3] !== '0') throw new RevisionError(`cannot read ${what}: ${JSON.stringify(m[4])} is not merged (resolve the merge conflicts first)`);
    // Files and links only: a submodule (160000) is not in this repository.
    if ((m[1] !== '100644' && m[1] !== '100755' && m[1] !== '120000') || !safeTreePath(m[4] as string)) continue;
    staged.push({ mode: m[1] as string, oid: m[2] as string, path: m[4] as string });
  }
  if (staged.length === 0) return [];
  const sizes = new Map<string, number>();
  const checked = gitBytes(gitBin, env, top, ['cat-file', '--batch-check'], [...new Set(staged.map((e) => e.oid))].join('\n') + '\n', what, budget);
  for (const line of checked.toString('utf8').split('\n')) {
    const m = /^([0-9a-f]{40,64}) blob (\d+)$/.exec(line);
    if (m) sizes.set(m[1] as string, Number(m[2]));
  }
  return staged.flatMap((e) => (sizes.has(e.oid) ? [{ ...e, size: sizes.get(e.oid) as number }] : []));
}

/** A git command's output as bytes, or the error that names it. */
function gitBytes(gitBin: string, env: NodeJS.ProcessEnv, top: string, args: readonly string[], input: string | undefined, what: string, budget: RevisionBudget): Buffer {
  const r = spawnSyncBytes(gitBin, [...GIT_HARDENING, ...args], { cwd: top, env: gitEnv(env), maxBuffer: 256 * 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, ...(input !== undefined ? { input } : {}), stdio: [input !== undefined ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  if (r.error || r.status !== 0) {
    const code = (r.error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOBUFS') throw new RevisionError(`${what} holds more files than meshlint reads (over ${budget.files}); compare folders instead`);
    const why = r.error ? (code ?? r.error.message) : r.stderr.toString('utf8').trim().split('\n')[0];
    throw new RevisionError(`cannot read ${what}: git ${args[0]}: ${why}`);
  }
  return r.stdout;
}

function materialise(
  gitBin: string,
  env: NodeJS.ProcessEnv,
  top: string,
  prefix: string,
  source: { readonly treeish: string } | { readonly index: true },
  what: string,
  side: { label: string; commit?: string },
  budget: RevisionBudget = { bytes: MAX_REVISION_BYTES, files: MAX_REVISION_FILES },
  blobs: Blobs = new Map(),
  worktree?: { readonly tree: WorkingTree; readonly cwd: string },
): Side {
  const all = 'index' in source ? indexEntries(gitBin, env, top, what, budget) : treeEntries(gitBin, env, top, source.treeish, what, budget);
  const entries = entriesALintReads(all);
  const bytes = entries.reduce((n, e) => n + e.size, 0);
  if (entries.length > budget.files) throw new RevisionError(`${what} holds ${entries.length} files a lint reads, more than the ${budget.files} meshlint reads from a revision; compare folders instead`);
  if (bytes > budget.bytes) throw new RevisionError(`${what} holds ${mb(bytes)} in the files a lint reads, more than the ${mb(budget.bytes)} meshlint reads from a revision; compare folders instead`);
  // The working tree holds the revision as it is: it is linted there, nothing is written.
  if (worktree?.tree.holds(entries)) return { ...side, cwd: worktree.cwd, root: top, close: () => {} };

  sweepStale();
  const base = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
  const stopWatch = watchRemoval(base);
  const created: Created = { files: [], dirs: [] };
  const close = (): void => {
    // What was written, by name, deepest first (no folder is listed or looked at again: a
    // third faster than rmSync's walk over thousands of files), then whatever else is there.
    for (const f of created.files) {
      try {
        unlinkSync(f);
      } catch {
        // Gone already, or removed with the folder below.
      }
    }
    for (let i = created.dirs.length - 1; i >= 0; i--) {
      try {
        rmdirSync(created.dirs[i] as string);
      } catch {
        // Not empty: removed with the folder below.
      }
    }
    rmSync(base, { recursive: true, force: true });
    stopWatch();
  };
  try {
    const root = join(base, 'tree');
    mkdirSync(root);
    writeEntries(gitBin, env, top, base, root, entries, what, blobs, created, worktree?.tree);
    // The tree's root is the repository's root: marked so, as the checkout is, so that config
    // files, .gitignore and fingerprints stop and start there on both sides.
    mkdirSync(join(root, '.git'));
    const sideCwd = join(root, prefix);
    // A folder of the path that is a link in that tree must not lead out of it; the folders
    // it lacks are made only once that is known.
    const realRoot = realpathSync(root);
    let dir = root;
    for (const part of prefix.split('/').filter(Boolean)) {
      dir = join(dir, part);
      if (!existsSync(dir)) {
        try {
          lstatSync(dir);
          throw new RevisionError(`in ${what}, ${prefix} leads nowhere (a link whose target is missing)`);
        } catch (e) {
          if (e instanceof RevisionError) throw e;
        }
        mkdirSync(dir);
      } else if (!isInside(realRoot, realpathSync(dir))) throw new RevisionError(`in ${what}, ${prefix} leads out of the repository (a symbolic link)`);
    }
    return { ...side, cwd: sideCwd, root, close };
  } catch (e) {
    close();
    throw e;
  }
}

/** What writeEntries made, in the order made (a folder before what it holds), for removing it. */
interface Created {
  readonly files: string[];
  readonly dirs: string[];
}

/**
 * Writes the entries' blobs under `root`: `git cat-file --batch` writes every blob once, raw,
 * to a file beside the tree (never into memory), which is then copied to each path. Folders
 * are made here and links last, so nothing is ever written through a link.
 */
function writeEntries(gitBin: string, env: NodeJS.ProcessEnv, top: string, base: string, root: string, entries: readonly TreeEntry[], what: string, blobs: Blobs, created: Created, worktree?: WorkingTree): void {
  const made = new Set<string>([root]);
  const folderOf = (path: string): string | undefined => {
    let dir = root;
    for (const part of path.split('/').slice(0, -1)) {
      dir = join(dir, part);
      if (made.has(dir)) continue;
      try {
        mkdirSync(dir);
      } catch {
        return undefined; // a file or link of that name: the tree is not one git would check out
      }
      made.add(dir);
      created.dirs.push(dir);
    }
    return dir;
  };
  // A blob written already (on the other side) or held by the working tree is linked; the others are read from git.
  const rest: TreeEntry[] = [];
  for (const e of entries) {
    const written = e.mode === '120000' ? undefined : (blobs.get(e.oid) ?? worktree?.fileHolding(e));
    if (written === undefined) {
      rest.push(e);
      continue;
    }
    const dir = folderOf(e.path);
    if (dir === undefined) continue;
    try {
      const path = join(dir, basename(e.path));
      linkSync(written, path);
      created.files.push(path);
    } catch (err) {
      // Taken already (a path met twice is written once), else written from git.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') rest.push(e);
    }
  }
  entries = rest;
  const unique = [...new Set(entries.map((e) => e.oid))];
  if (unique.length === 0) return;
  const batchFile = join(base, 'blobs');
  const out = openSync(batchFile, 'wx');
  let r;
  try {
    r = spawnSync(gitBin, [...GIT_HARDENING, 'cat-file', '--batch'], { cwd: top, env: gitEnv(env), input: `${unique.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['pipe', out, 'pipe'] });
  } finally {
    closeSync(out);
  }
  if (r.error || r.status !== 0) throw new RevisionError(`cannot read ${what}: git cat-file: ${r.error ? ((r.error as NodeJS.ErrnoException).code ?? r.error.message) : (r.stderr ?? '').trim().split('\n')[0]}`);
  const fd = openSync(batchFile, 'r');
  try {
    // Each blob: "<oid> blob <size>\n<content>\n", in the order asked.
    const at = new Map<string, { offset: number; size: number }>();
    const head = Buffer.alloc(200);
    let pos = 0;
    for (const oid of unique) {
      const n = readSync(fd, head, 0, head.length, pos);
      const nl = head.subarray(0, n).indexOf(10);
      const m = nl < 0 ? null : /^([0-9a-f]+) blob (\d+)$/.exec(head.subarray(0, nl).toString('latin1'));
      if (!m || m[1] !== oid) throw new RevisionError(`cannot read ${what}: git cat-file did not give blob ${oid}`);
      const size = Number(m[2]);
      at.set(oid, { offset: pos + nl + 1, size });
      pos += nl + 1 + size + 1;
    }
    const chunk = Buffer.alloc(1024 * 1024);
    const links: TreeEntry[] = [];
    for (const e of entries) {
      if (e.mode === '120000') {
        links.push(e);
        continue;
      }
      const dir = folderOf(e.path);
      const blob = at.get(e.oid);
      if (dir === undefined || blob === undefined) continue;
      const path = join(dir, basename(e.path));
      const written = blobs.get(e.oid);
      if (written !== undefined) {
        try {
          linkSync(written, path);
          created.files.push(path);
          continue;
        } catch {
          // Written below (a path met twice fails there too).
        }
      }
      let dest: number;
      try {
        // O_EXCL: a path met twice (a crafted tree) is written once, and never through a link.
        dest = openSync(path, 'wx');
      } catch {
        continue;
      }
      created.files.push(path);
      try {
        for (let done = 0; done < blob.size; ) {
          const n = readSync(fd, chunk, 0, Math.min(chunk.length, blob.size - done), blob.offset + done);
          if (n === 0) break;
          writeSync(dest, chunk, 0, n);
          done += n;
        }
      } finally {
        closeSync(dest);
      }
      blobs.set(e.oid, path);
    }
    for (const e of links) {
      const dir = folderOf(e.path);
      const blob = at.get(e.oid);
      if (dir === undefined || blob === undefined || blob.size > 4096) continue;
      const target = Buffer.alloc(blob.size);
      readSync(fd, target, 0, blob.size, blob.offset);
      try {
        const path = join(dir, basename(e.path));
        symlinkSync(target.toString('utf8'), path);
        created.files.push(path);
      } catch {
        // Taken already, or links not allowed here (Windows without the privilege): left out.
      }
    }
  } finally {
    closeSync(fd);
    rmSync(batchFile, { force: true });
  }
}

/**
 * Removes `dir` when meshlint ends however it ends (Ctrl-C, SIGTERM, SIGKILL, a crash), which
 * the synchronous run cannot notice: a small Node process of its own session holds a pipe from
 * meshlint, and removes the folder when the pipe closes. It starts beside the run, not before
 * it. Returns the function that ends the watch.
 */
function watchRemoval(dir: string): () => void {
  const script = 'const rm=()=>{require("node:fs").rmSync(process.argv[1],{recursive:true,force:true});process.exit(0)};process.stdin.on("end",rm).on("close",rm).on("error",rm).resume()';
  try {
    const child = spawnDetached(process.execPath, ['-e', script, dir], { detached: true, stdio: ['pipe', 'ignore', 'ignore'], env: {}, shell: false });
    child.on('error', () => {});
    child.unref();
    const pipe = child.stdin as (NodeJS.WritableStream & { unref?: () => void; destroy: () => void }) | null;
    pipe?.unref?.();
    return () => pipe?.destroy();
  } catch {
    return () => {};
  }
}

/**
 * Folders of earlier diffs that ended without removing theirs (killed before the watcher
 * started, a machine that went down): those of a process no longer running, and those of
 * earlier releases (no process id in the name) a day old.
 */
function sweepStale(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((n) => n.startsWith(TEMP_PREFIX));
  } catch {
    return;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const p = join(tmpdir(), name);
    try {
      const st = lstatSync(p);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      const pid = /^meshlint-diff-(\d+)-/.exec(name)?.[1];
      const stale = pid !== undefined ? !running(Number(pid)) : Date.now() - st.mtimeMs > 24 * 3600_000;
      if (stale) rmSync(p, { recursive: true, force: true });
    } catch {
      // Another run's, or gone meanwhile.
    }
  }
}

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The staged files (git's index) as a side: what a commit made now would hold. The index is
 * listed and its blobs read raw, as a revision's are; nothing is written to it (see indexEntries).
 */
export function openStagedSide(cwd: string, env: NodeJS.ProcessEnv, budget?: RevisionBudget, blobs?: Blobs): Side {
  const gitBin = findOnPath(['git'], env);
  if (!gitBin) throw new RevisionError('git is not on PATH to read the staged files');
  const top = git(gitBin, ['rev-parse', '--show-toplevel'], cwd, env);
  if (!top.ok) throw new RevisionError('--staged reads the staged files of a git repository, and the current directory is in none');
  const prefix = git(gitBin, ['rev-parse', '--show-prefix'], cwd, env).stdout;
  return materialise(gitBin, env, top.stdout, prefix, { index: true }, 'the staged files', { label: 'staged files' }, budget, blobs);
}
