// The two sides of `meshlint diff`: a directory as it is, or a git revision written into a
// temporary directory with `git archive` and `tar`, never by changing the user's checkout,
// index or worktrees. The programs come from PATH (absolute entries only), run with argument
// arrays (never a shell), a time limit and bounded output. The caller removes the directory.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isInside } from './boundary.ts';
import { spawnSync, spawnSyncBytes } from '../builtins.ts';
import { findOnPath } from './render/process.ts';

const TIME_LIMIT_MS = 5 * 60_000;
/** The largest archive of a revision read: far above a repository of manifests. */
export const MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024 - 1;

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
  /** Removes what was made for this side (nothing for a directory). */
  readonly close: () => void;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function git(binary: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ok: boolean; stdout: string; stderr: string } {
  const r = spawnSync(binary, args, { cwd, env: { ...env, GIT_TERMINAL_PROMPT: '0' }, encoding: 'utf8', maxBuffer: 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
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

export interface OpenSideOptions {
  /** Read `spec` as a revision even when a directory of that name is there (a base commit a change could shadow). */
  readonly revisionOnly?: boolean;
}

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
  return materialise(gitBin, env, top.stdout, prefix, commit, `revision "${spec}"`, { label: spec, commit });
}

/**
 * The side a tree-ish of the repository at `top` stands for, written with `git archive` and
 * `tar` into a temporary directory; its folder is the one at `prefix` (where the user is).
 * `what` names it in messages ("revision main", "the staged files").
 */
function materialise(gitBin: string, env: NodeJS.ProcessEnv, top: string, prefix: string, treeish: string, what: string, side: { label: string; commit?: string }): Side {
  const tarBin = findOnPath(['tar'], env);
  if (!tarBin) throw new RevisionError(`tar is not on PATH: it is needed to read ${what}`);
  const archive = spawnSyncBytes(gitBin, ['archive', '--format=tar', treeish], { cwd: top, env: { ...env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: MAX_ARCHIVE_BYTES, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
  if (archive.error || archive.status !== 0) {
    const why = archive.error ? ((archive.error as NodeJS.ErrnoException).code ?? archive.error.message) : archive.stderr.toString('utf8').trim().split('\n')[0];
    throw new RevisionError(`cannot read ${what} with git archive: ${why}`);
  }
  const root = mkdtempSync(join(tmpdir(), 'meshlint-diff-'));
  const close = (): void => rmSync(root, { recursive: true, force: true });
  try {
    const x = spawnSync(tarBin, ['-x', '-f', '-', '-C', root], { input: archive.stdout, encoding: 'utf8', maxBuffer: 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['pipe', 'pipe', 'pipe'] });
    if (x.error || x.status !== 0) throw new RevisionError(`cannot unpack ${what}: ${x.error ? ((x.error as NodeJS.ErrnoException).code ?? x.error.message) : (x.stderr ?? '').trim().split('\n')[0]}`);
    // The archive's root is the repository's root: marked so, as the checkout is, so that
    // config files, .gitignore and fingerprints stop and start there on both sides.
    mkdirSync(join(root, '.git'));
    const sideCwd = join(root, prefix);
    if (!existsSync(sideCwd)) mkdirSync(sideCwd, { recursive: true });
    // A folder of the path that is a link in that tree must not lead out of it.
    if (!isInside(realpathSync(root), realpathSync(sideCwd))) throw new RevisionError(`in ${what}, ${prefix} leads out of the repository (a symbolic link)`);
    return { ...side, cwd: sideCwd, close };
  } catch (e) {
    close();
    throw e;
  }
}

/**
 * The staged files (git's index) as a side: what a commit made now would hold. `git write-tree`
 * records the index as a tree object (as `git stash` does; the index and checkout are not
 * changed), which is then read as a revision is.
 */
export function openStagedSide(cwd: string, env: NodeJS.ProcessEnv): Side {
  const gitBin = findOnPath(['git'], env);
  if (!gitBin) throw new RevisionError('git is not on PATH to read the staged files');
  const top = git(gitBin, ['rev-parse', '--show-toplevel'], cwd, env);
  if (!top.ok) throw new RevisionError('--staged reads the staged files of a git repository, and the current directory is in none');
  const prefix = git(gitBin, ['rev-parse', '--show-prefix'], cwd, env).stdout;
  const tree = git(gitBin, ['write-tree'], cwd, env);
  if (!tree.ok || !/^[0-9a-f]{40,64}$/.test(tree.stdout)) throw new RevisionError(`cannot read the staged files: ${tree.stderr.split('\n')[0] || 'git write-tree failed'} (resolve the merge conflicts first)`);
  return materialise(gitBin, env, top.stdout, prefix, tree.stdout, 'the staged files', { label: 'staged files' });
}
