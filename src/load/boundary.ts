// The repository's edge. Nothing a repository contains (a symbolic link, a config path, a
// chart's file, a kustomization's entry) may make meshlint read outside it: a link committed
// as `x.yaml -> /proc/self/environ` would otherwise put the runner's environment, tokens
// included, into findings. Paths the user names outside the repository are the user's choice;
// only what is reached *through* the repository is held to its edge.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** The directory that holds `.git`, at or above `dir`, if any. */
export function repoRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** Whether `path` is `dir` or lies below it (both absolute, compared as written). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path of an existing path, or undefined (missing, a loop, no permission). */
export function realPath(path: string): string | undefined {
  try {
    // The system's realpath: one call, where Node's own walks each component with lstat.
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/**
 * The repository meshlint runs in: the folder holding `.git` at or above the working directory,
 * else the working directory. Its real path is the edge of everything reached through it.
 */
export function topFolder(cwd: string): string {
  const abs = resolve(cwd);
  return repoRoot(abs) ?? abs;
}

/**
 * The repository a path belongs to: the top folder (see topFolder) when the path is written
 * inside it, whatever `.git` a folder on the way has: a link to another repository is still a
 * link out of this one. A path written outside it is the user's choice: the folder holding
 * `.git` at or above it, else its own folder.
 */
export function repositoryOf(path: string, cwd: string): string {
  const abs = resolve(cwd, path);
  const top = topFolder(cwd);
  if (isInside(top, abs)) return top;
  return repoRoot(abs) ?? repoRoot(dirname(abs)) ?? dirname(abs);
}

/**
 * Whether a path that lies inside `root` as written leads outside it once links are followed.
 * A path written outside `root`, or one that does not exist, is not an escape.
 */
export function escapesThroughLink(root: string, path: string): boolean {
  if (!isInside(root, path)) return false;
  const real = realPath(path);
  if (real === undefined) return false;
  const realRoot = realPath(root) ?? root;
  return !isInside(realRoot, real);
}

/**
 * The folder a config file may name paths in: its repository (the folder holding `.git` at or
 * above it), else its own folder.
 */
export function configRoot(configFile: string): string {
  const dir = dirname(configFile);
  return repoRoot(dir) ?? dir;
}

/**
 * The repository edge for many paths at once (a glob's thousands of matches): each folder's
 * repository and each repository's real path are looked up once, and a path costs one
 * realpath. Same answers as repositoryOf and escapesThroughLink.
 */
export function linkBoundary(cwd: string): { repositoryOf(path: string): string; escapes(root: string, path: string): boolean } {
  const roots = new Map<string, string | undefined>();
  const realRoots = new Map<string, string>();
  const rootAbove = (dir: string): string | undefined => {
    if (!roots.has(dir)) roots.set(dir, repoRoot(dir));
    return roots.get(dir);
  };
  const top = topFolder(cwd);
  return {
    repositoryOf(path) {
      const abs = resolve(cwd, path);
      if (isInside(top, abs)) return top;
      return (existsSync(join(abs, '.git')) ? abs : undefined) ?? rootAbove(dirname(abs)) ?? dirname(abs);
    },
    escapes(root, path) {
      if (!isInside(root, path)) return false;
      const real = realPath(path);
      if (real === undefined) return false;
      let realRoot = realRoots.get(root);
      if (realRoot === undefined) realRoots.set(root, (realRoot = realPath(root) ?? root));
      return !isInside(realRoot, real);
    },
  };
}
