// The files of a git tree that a lint of it reads: what a revision is written with, and what
// the working tree must hold alike to stand for a revision (worktree.ts).
import { posix } from 'node:path';

/** A file of the tree: its mode, blob, size and path (from the repository's root, "/"-separated). */
export interface TreeEntry {
  readonly mode: string;
  readonly oid: string;
  readonly size: number;
  readonly path: string;
}

const KUSTOMIZATION_NAMES = new Set(['kustomization.yaml', 'kustomization.yml', 'Kustomization']);
const READ_EVERYWHERE = /\.(ya?ml|json)$/i;
const IGNORE_FILES = new Set(['.meshlintignore', '.gitignore', '.helmignore']);

/**
 * The entries a lint of the tree reads: manifests, configs and ignore files anywhere, links,
 * and every file under a folder holding a chart (templates, `.Files.Get` files) or a
 * kustomization (generator inputs, patches of any name).
 */
export function entriesALintReads(entries: readonly TreeEntry[]): TreeEntry[] {
  const roots = new Set<string>();
  for (const e of entries) {
    const name = posix.basename(e.path);
    if (name === 'Chart.yaml' || KUSTOMIZATION_NAMES.has(name)) roots.add(posix.dirname(e.path));
  }
  const underRoot = (path: string): boolean => {
    for (let d = posix.dirname(path); ; d = posix.dirname(d)) {
      if (roots.has(d)) return true;
      if (d === '.' || d === '/' || d === '') return false;
    }
  };
  return entries.filter((e) => e.mode === '120000' || READ_EVERYWHERE.test(e.path) || IGNORE_FILES.has(posix.basename(e.path)) || underRoot(e.path));
}
