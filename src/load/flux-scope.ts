// Where a Flux Kustomization applies its `targetNamespace`: Flux builds `spec.path` of its source
// and sets every namespaced object it yields into that namespace (kustomize's namespace
// transformer: what the files declare is overridden). For a Kustomization whose source is the
// repository itself (the GitRepository Flux bootstrap names `flux-system`), the files under that
// path in the repository are those objects. A file two Kustomizations build into different
// namespaces lands in either: its namespace is unknown. Pure: the texts in, a map out.
import { isAbsolute, join, normalize, sep } from 'node:path';
import { parseFile } from '../parse/yaml.ts';
import type { SourceFile } from '../common/types.ts';
import type { ReadOutcome } from './read.ts';
import { isPlaceholder } from '../model/placeholder.ts';

/** Flux Kustomizations read: far above a real fleet repository's. */
const MAX_KUSTOMIZATIONS = 5_000;
const FLUX_GROUP = 'kustomize.toolkit.fluxcd.io/';
/** The GitRepository `flux bootstrap` creates for the repository it bootstraps. */
const OWN_SOURCE = 'flux-system';

/** The namespace Flux puts a file's objects in: a name, or unknown (two Kustomizations disagree). */

interface Scope {
  readonly dir: string;
  readonly namespace: string;
}

/** The folders Flux Kustomizations of the repository `root` build, each with its targetNamespace. */
function scopesIn(files: readonly SourceFile[], root: string): Scope[] {
  const out: Scope[] = [];
  for (const f of files) {
    if (!f.text.includes(FLUX_GROUP) || out.length >= MAX_KUSTOMIZATIONS) continue;
    let docs = 0;
    for (const d of parseFile(f)) {
      if (++docs > MAX_KUSTOMIZATIONS) break;
      const o = d.value;
      if (!isObject(o) || o.kind !== 'Kustomization' || typeof o.apiVersion !== 'string' || !o.apiVersion.startsWith(FLUX_GROUP) || !isObject(o.spec)) continue;
      const { path, targetNamespace, sourceRef } = o.spec;
      if (typeof targetNamespace !== 'string' || targetNamespace === '' || isPlaceholder(targetNamespace)) continue;
      if (!isObject(sourceRef) || sourceRef.kind !== 'GitRepository' || sourceRef.name !== OWN_SOURCE) continue;
      const rel = typeof path === 'string' && path !== '' ? path : '.';
      if (isAbsolute(rel) || isPlaceholder(rel)) continue;
      const dir = normalize(join(root, rel));
      if (dir !== root && !dir.startsWith(root + sep)) continue;
      out.push({ dir, namespace: targetNamespace });
    }
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Each file of `inputs` (on disk, inside `root`) that a Flux Kustomization among `all` builds
 * with a targetNamespace, marked with it: the namespace its objects land in.
 */
export function withFluxTargetNamespaces(inputs: readonly ReadOutcome[], all: readonly ReadOutcome[], root: string | undefined): ReadOutcome[] {
  if (root === undefined) return [...inputs];
  const scopes = scopesIn(all.flatMap((r) => (r.ok ? [r.file] : [])), root);
  if (scopes.length === 0) return [...inputs];
  return inputs.map((r) => {
    if (!r.ok || r.file.absPath === undefined || r.file.origin) return r;
    const abs = r.file.absPath;
    const names = new Set(scopes.filter((s) => abs.startsWith(s.dir + sep)).map((s) => s.namespace));
    if (names.size === 0) return r;
    const target: NonNullable<SourceFile['targetNamespace']> = names.size === 1 ? { name: [...names][0] as string } : 'unknown';
    return { ok: true, file: { ...r.file, targetNamespace: target } };
  });
}
