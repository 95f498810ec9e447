// Whether a file is one a Kustomize build may change before it is applied: a kustomization sits
// in its folder or a folder above it, up to the repository's root. Such a file, linted as
// written, may lack labels, a namespace or patches its overlays add (an overlay elsewhere may
// build its folder as a base), so rules that need every label of a namespace's pods stay quiet
// on it. Looks only at the folders from the file up to its repository's root (the folder that
// holds `.git`), each once per run.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The names Kustomize reads a kustomization from. */
export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** Folders looked at: far above any repository's depth times its folders. */
const MAX_CACHED = 100_000;
const MAX_DEPTH = 64;
const holds = new Map<string, boolean>();

const holdsKustomization = (dir: string): boolean => {
  let known = holds.get(dir);
  if (known === undefined) {
    known = KUSTOMIZATION_FILES.some((f) => existsSync(join(dir, f)));
    if (holds.size < MAX_CACHED) holds.set(dir, known);
  }
  return known;
};

const roots = new Map<string, string | undefined>();

/** The folder holding `.git` at or above `dir` (looked for only: nothing above it is read), if any. */
function rootOf(dir: string): string | undefined {
  if (roots.has(dir)) return roots.get(dir);
  let root: string | undefined;
  let d = dir;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (existsSync(join(d, '.git'))) {
      root = d;
      break;
    }
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  if (roots.size < MAX_CACHED) roots.set(dir, root);
  return root;
}

/** Whether a kustomization is in the file's folder or above it, within its repository (outside one: in its own folder). */
export function underKustomization(absPath: string): boolean {
  const folder = dirname(absPath);
  const root = rootOf(folder);
  if (root === undefined) return holdsKustomization(folder);
  for (let dir = folder, depth = 0; depth < MAX_DEPTH; depth++) {
    if (holdsKustomization(dir)) return true;
    if (dir === root) return false;
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

/** Forgets what was looked up (a long-lived process, after files changed on disk). */
export function forgetKustomizationLookups(): void {
  holds.clear();
  roots.clear();
}
