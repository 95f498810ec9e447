// What `meshlint diff`'s BASE and HEAD name, read as a reviewer reads `git diff`: the commits
// each side stands for, before revision.ts reads them. A branch or remote-tracking branch as
// BASE is compared from where HEAD left it (the merge base, as `git diff main...HEAD`), not
// from its tip: what main did since is not this change. `A...B` and `A..B` are git's ranges.
// A repository's first commit is compared with the empty tree. The programs come from PATH and
// run as revision.ts runs them: argument arrays, no shell.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from '../common/builtins.ts';
import { RevisionError, type Side } from './revision.ts';
import { findOnPath } from './render/process.ts';

const TIME_LIMIT_MS = 60_000;

/** One side as it will be opened: a spec for openSide, or the empty tree; and how to name it. */
export interface SideRef {
  /** For openSide: a directory or a revision (a full commit when resolved here). */
  readonly spec: string;
  /** The header's name for it ("origin/main (merge base 1a2b3c4)"); the spec when undefined. */
  readonly label?: string;
  /** Read as a revision even where a directory of that name stands. */
  readonly revisionOnly?: boolean;
  /** No commit yet: the empty tree. */
  readonly empty?: boolean;
}

export interface DiffRefs {
  readonly base: SideRef;
  /** Undefined: the working tree, or the staged files. */
  readonly head?: SideRef;
}

function git(gitBin: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ok: boolean; out: string } {
  const r = spawnSync(gitBin, args, { cwd, env: { ...env, GIT_TERMINAL_PROMPT: '0' }, encoding: 'utf8', maxBuffer: 1024 * 1024, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new RevisionError(`cannot run git: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}`);
  return { ok: r.status === 0, out: (r.stdout ?? '').trim() };
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

const short = (commit: string): string => commit.slice(0, 7);

/**
 * The commits BASE and HEAD stand for. `args` are diff's positionals; `staged` says HEAD is
 * the index; `baseIsRevision` that BASE is a revision even where a directory of its name is.
 * A directory stays a directory; what git cannot resolve is left to openSide, except where
 * better advice can be given here.
 */
export function resolveDiffRefs(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, opts: { staged?: boolean; baseIsRevision?: boolean } = {}): DiffRefs {
  const [first = '', second] = args;
  const dirFirst = !opts.baseIsRevision && !first.startsWith('-') && isDir(resolve(cwd, first));
  const gitBin = findOnPath(['git'], env);
  if (!gitBin || !git(gitBin, ['rev-parse', '--show-toplevel'], cwd, env).ok) {
    return { base: { spec: first, revisionOnly: opts.baseIsRevision === true }, ...(second !== undefined ? { head: { spec: second } } : {}) };
  }
  const commitOf = (spec: string): string | undefined => {
    const r = git(gitBin, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${spec}^{commit}`], cwd, env);
    return r.ok && /^[0-9a-f]{40,64}$/.test(r.out) ? r.out : undefined;
  };
  const need = (spec: string): string => commitOf(spec) ?? notFound(gitBin, spec, cwd, env);
  const mergeBase = (a: string, b: string, ca: string, cb: string): string => {
    const r = git(gitBin, ['merge-base', ca, cb], cwd, env);
    if (r.ok && /^[0-9a-f]{40,64}$/.test(r.out)) return r.out;
    throw new RevisionError(`${a} and ${b} have no common commit here${shallow(gitBin, cwd, env) ? `: this clone is shallow (${FETCH_ALL})` : ''}; name the commit to compare with`);
  };

  // git's ranges, when no directory has that name: A...B from their merge base, A..B as A and B.
  const range = dirFirst || second !== undefined ? undefined : /^(.*?)(\.\.\.?)(.*)$/.exec(first);
  if (range && !first.startsWith('-')) {
    const [, a = '', dots, b = ''] = range;
    if (opts.staged) throw new RevisionError(`--staged compares BASE with the staged files: "${first}" names both sides already`);
    const nameA = a || 'HEAD';
    const nameB = b || 'HEAD';
    const ca = need(nameA);
    const cb = need(nameB);
    const head: SideRef = { spec: cb, label: nameB, revisionOnly: true };
    if (dots === '..') return { base: { spec: ca, label: nameA, revisionOnly: true }, head };
    const base = mergeBase(nameA, nameB, ca, cb);
    return { base: { spec: base, label: `${nameA} (merge base with ${nameB}: ${short(base)})`, revisionOnly: true }, head };
  }
  if (dirFirst) return { base: { spec: first }, ...(second !== undefined ? { head: { spec: second } } : {}) };

  // The first commit: HEAD names nothing yet, and the change adds every file.
  if (first === 'HEAD' && commitOf('HEAD') === undefined && git(gitBin, ['rev-list', '-n', '1', '--all'], cwd, env).out === '') {
    return { base: { spec: first, label: 'HEAD (no commit yet: the empty tree)', empty: true }, ...(second !== undefined ? { head: { spec: second } } : {}) };
  }

  const headSpec = second !== undefined && !isDir(resolve(cwd, second)) ? second : 'HEAD';
  const full = git(gitBin, ['rev-parse', '--verify', '--quiet', '--symbolic-full-name', '--end-of-options', first], cwd, env).out;
  if (first !== 'HEAD' && first !== '@' && /^refs\/(heads|remotes)\//.test(full)) {
    const ca = need(first);
    const ch = commitOf(headSpec);
    if (ch !== undefined && ch !== ca) {
      const base = mergeBase(first, headSpec, ca, ch);
      if (base !== ca) return { base: { spec: base, label: `${first} (merge base with ${headSpec}: ${short(base)})`, revisionOnly: true }, ...(second !== undefined ? { head: { spec: second } } : {}) };
    }
  }
  need(first);
  return { base: { spec: first, revisionOnly: opts.baseIsRevision === true }, ...(second !== undefined ? { head: { spec: second } } : {}) };
}

const FETCH_ALL = 'fetch its history: git fetch --unshallow, or fetch-depth: 0 in actions/checkout';

function shallow(gitBin: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  return git(gitBin, ['rev-parse', '--is-shallow-repository'], cwd, env).out === 'true';
}

/** Throws the advice for a revision this repository does not have. */
function notFound(gitBin: string, spec: string, cwd: string, env: NodeJS.ProcessEnv): never {
  const what = `"${spec}" is neither a directory nor a commit of this repository`;
  const remotes = git(gitBin, ['remote'], cwd, env).out.split('\n').filter(Boolean);
  const remote = remotes.find((r) => spec.startsWith(`${r}/`));
  if (remote !== undefined) {
    const branch = spec.slice(remote.length + 1);
    // The remote's default branch, as the clone recorded it (refs/remotes/origin/HEAD).
    const dflt = git(gitBin, ['symbolic-ref', '--quiet', '--short', `refs/remotes/${remote}/HEAD`], cwd, env).out;
    const hint = dflt && dflt !== spec ? ` (${remote}'s default branch here is ${dflt})` : '';
    throw new RevisionError(`${what}: no branch ${branch} of ${remote} is fetched${hint}; fetch it (git fetch ${remote} ${branch}) or name another`);
  }
  if (shallow(gitBin, cwd, env)) throw new RevisionError(`${what}: this clone is shallow; ${FETCH_ALL}`);
  throw new RevisionError(`${what}; name a branch, tag or commit (git fetch it first), or a directory`);
}

/**
 * The empty tree as a side, for a repository's first commit: an empty folder marked as a
 * repository's root (as revision.ts marks a revision's), with the folder that stands for `cwd`.
 */
export function openEmptySide(ref: SideRef, cwd: string, env: NodeJS.ProcessEnv): Side {
  const gitBin = findOnPath(['git'], env);
  const prefix = gitBin ? git(gitBin, ['rev-parse', '--show-prefix'], cwd, env).out : '';
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'meshlint-diff-')));
  mkdirSync(join(root, '.git'));
  const sideCwd = join(root, prefix);
  mkdirSync(sideCwd, { recursive: true });
  return { label: ref.label ?? ref.spec, cwd: sideCwd, close: () => rmSync(root, { recursive: true, force: true }) };
}
