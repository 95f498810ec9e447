// Which install applies to an object. One cluster holds each cluster-scoped object once: the
// same injector MutatingWebhookConfiguration (or an IstioOperator's webhooks of the same name)
// defined differently in two folders means the inputs hold several clusters' installs (samples,
// docs, one folder per cluster). Then an object is judged against the install nearest to it in the
// folder tree; when installs in several folders are equally near and define the same
// webhook, which one applies is unknown.
import { appendTo } from '../../common/collections.ts';
import { posix } from 'node:path';
import type { InjectorWebhook } from '../injection/mesh.ts';

/** The webhooks that apply to an object in a file, or 'ambiguous' when the nearest installs are several clusters'. */
export type ScopedWebhooks = readonly InjectorWebhook[] | 'ambiguous';

export interface InstallScope {
  /** Whether the inputs hold more than one cluster's install. */
  readonly several: boolean;
  /** The folders whose installs are nearest to `filePath` (a display path), and the webhooks that apply there. */
  forFile(filePath: string | undefined): { readonly webhooks: ScopedWebhooks; readonly folders: readonly string[] };
}

const folderOf = (w: InjectorWebhook): string | undefined => {
  const path = w.resource?.doc.file.displayPath;
  return path === undefined ? undefined : posix.dirname(path.replaceAll('\\', '/'));
};

const segments = (folder: string): string[] => (folder === '.' || folder === '' ? [] : folder.split('/'));

/** Steps from one folder to another through their common ancestor. */
function distance(a: readonly string[], b: readonly string[]): number {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common + (b.length - common);
}

/** Of `folders`, those nearest to `from` (fewest steps through the folder tree): several when equally near. */
export function nearestFolders(from: string, folders: Iterable<string>): string[] {
  const here = segments(from);
  let best = Number.POSITIVE_INFINITY;
  let nearest: string[] = [];
  for (const f of new Set(folders)) {
    const d = distance(here, segments(f));
    if (d < best) [best, nearest] = [d, [f]];
    else if (d === best) nearest.push(f);
  }
  return nearest;
}

/** What a webhook entry decides: which pods it matches, and whether it is on. */
const signature = (w: InjectorWebhook): string => JSON.stringify([w.namespaceSelector, w.objectSelector, w.deactivated]);

/**
 * Whether webhooks from several folders define one object twice, differently: then they are not
 * one cluster. One folder is one cluster's (a file and its variants side by side), and the same
 * entry written alike in two folders (samples that each install the same Istio) is one object:
 * merging them changes nothing.
 */
function definesTwice(webhooks: readonly InjectorWebhook[]): boolean {
  const seen = new Map<string, { folder: string; signature: string }>();
  for (const w of webhooks) {
    const folder = folderOf(w);
    if (folder === undefined) continue;
    const key = `${w.configName}\u0000${w.name}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, { folder, signature: signature(w) });
    else if (first.folder !== folder && first.signature !== signature(w)) return true;
  }
  return false;
}

export function installScope(webhooks: readonly InjectorWebhook[]): InstallScope {
  const several = definesTwice(webhooks);
  const all = { webhooks, folders: [] as string[] };
  if (!several) return { several, forFile: () => all };
  const byFolder = new Map<string, InjectorWebhook[]>();
  const unplaced: InjectorWebhook[] = [];
  for (const w of webhooks) {
    const folder = folderOf(w);
    if (folder === undefined) unplaced.push(w);
    else appendTo(byFolder, folder, w);
  }
  const folders = [...byFolder.keys()];
  const cache = new Map<string, { webhooks: ScopedWebhooks; folders: readonly string[] }>();
  return {
    several,
    forFile(filePath) {
      if (filePath === undefined) return { webhooks: 'ambiguous', folders: [] };
      const dir = posix.dirname(filePath.replaceAll('\\', '/'));
      const hit = cache.get(dir);
      if (hit) return hit;
      const nearest = nearestFolders(dir, folders);
      const chosen = [...unplaced, ...nearest.flatMap((f) => byFolder.get(f) ?? [])];
      const out = { webhooks: definesTwice(chosen) ? ('ambiguous' as const) : chosen, folders: nearest.sort() };
      cache.set(dir, out);
      return out;
    },
  };
}
