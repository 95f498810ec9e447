// Which cluster of a fleet repository deploys a file, as Flux's entry Kustomizations scope it.
// `flux bootstrap --path clusters/a` commits a Kustomization (clusters/a/flux-system) whose path
// is that folder: the cluster applies what it builds, then what the Kustomizations among those
// objects build, and so on. A file reached from one entry only is deployed to that cluster alone:
// the Namespaces and installs it defines are that cluster's facts, not the whole repository's.
// A file reached from several clusters, or from none, is deployed where the repository does not
// say: its facts are everyone's, as without clusters. Pure: the Kustomizations and paths in, a map out.
import { appendTo } from '../common/collections.ts';
import { dirname, join, relative, sep } from 'node:path';
import { KUSTOMIZATION_FILES } from './kustomized.ts';
import type { OwnKustomization } from './flux-scope.ts';
import type { FoundOverlays } from './overlays-found.ts';

/** Clusters told apart: past this, facts are not scoped per cluster (a note says so). */
export const MAX_CLUSTERS = 64;
/** Folders followed from one entry: far above a real cluster's Kustomizations. */
const MAX_REACHED = 2_000;
/** Kustomizations compared to find entries when the repository commits no bootstrap files. */
const MAX_FALLBACK = 500;

export interface FluxClusters {
  /** Each cluster's folder, relative to the repository root (forward slashes), sorted. */
  readonly names: readonly string[];
  /** The clusters whose entry reaches this file or folder (absolute path), sorted; empty when none does. */
  clustersOf(path: string): readonly string[];
  /** More entries than MAX_CLUSTERS: nothing is scoped. */
  readonly tooMany: number | undefined;
}

/** A repository of no cluster. */
export const NO_CLUSTERS: FluxClusters = { names: [], clustersOf: () => [], tooMany: undefined };

const under = (path: string, dir: string): boolean => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/**
 * The clusters the entry Kustomizations among `kustomizations` stand for, and what each reaches
 * among `paths` (every file of the repository read, absolute). An entry is a Kustomization whose
 * own file lies in the folder it builds (what bootstrap writes), or, in a repository that commits
 * no bootstrap files, one no other Kustomization reaches: its file's folder is then the cluster.
 * `overlays` gives the files a kustomization folder names (bases outside it included).
 */
export function fluxClusters(kustomizations: readonly OwnKustomization[], paths: readonly string[], root: string, overlays: FoundOverlays): FluxClusters {
  if (kustomizations.length === 0) return NO_CLUSTERS;
  const sorted = [...new Set(paths)].sort();
  /** Files under a folder: a range of the sorted paths, found by binary search. */
  const filesUnder = (dir: string): string[] => {
    const prefix = dir.endsWith(sep) ? dir : dir + sep;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++) out.push(sorted[i] as string);
    return out;
  };
  const declaredIn = new Map<string, OwnKustomization[]>();
  for (const k of kustomizations) appendTo(declaredIn, k.file, k);

  /** What a cluster folder reaches: the files (and the folders built) Flux applies from it. */
  const reach = (start: string): { files: Set<string>; dirs: Set<string> } => {
    const files = new Set<string>();
    const dirs = new Set<string>();
    const queue = [start];
    while (queue.length > 0 && dirs.size < MAX_REACHED) {
      const dir = queue.shift() as string;
      if (dirs.has(dir)) continue;
      dirs.add(dir);
      const met = filesUnder(dir);
      // A kustomization in the folder or below names bases outside it: Flux builds them too.
      for (const folder of overlays.folders) if (under(folder, dir)) met.push(...overlays.filesOf(folder));
      for (const f of met) {
        if (files.has(f)) continue;
        files.add(f);
        for (const k of declaredIn.get(f) ?? []) if (!dirs.has(k.dir)) queue.push(k.dir);
      }
    }
    return { files, dirs };
  };

  // Entries: bootstrap's self-building Kustomizations; else those nothing else reaches.
  let entries = [...new Set(kustomizations.filter((k) => under(k.file, k.dir)).map((k) => k.dir))];
  if (entries.length === 0 && kustomizations.length <= MAX_FALLBACK) {
    const reachedByOthers = new Set<string>();
    for (const k of kustomizations) for (const f of reach(k.dir).files) if (f !== k.file) reachedByOthers.add(f);
    entries = [...new Set(kustomizations.filter((k) => !reachedByOthers.has(k.file)).map((k) => dirname(k.file)))];
  }
  if (entries.length > MAX_CLUSTERS) return { ...NO_CLUSTERS, tooMany: entries.length };
  const nameOf = (dir: string): string => relative(root, dir).split(sep).join('/') || '.';
  const clusters = entries.map((dir) => ({ name: nameOf(dir), ...reach(dir) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    names: clusters.map((c) => c.name),
    tooMany: undefined,
    // A folder (an overlay built) is reached when its kustomization is.
    clustersOf: (path) => clusters.filter((c) => c.files.has(path) || KUSTOMIZATION_FILES.some((k) => c.files.has(join(path, k))) || [...c.dirs].some((d) => under(path, d))).map((c) => c.name),
  };
}
