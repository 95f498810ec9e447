// Where a Flux Kustomization applies its `targetNamespace` and its `postBuild` variables: Flux
// builds `spec.path` of its source, sets every namespaced object it yields into that namespace
// (kustomize's namespace transformer: what the files declare is overridden), and replaces
// `${var}` in them with `spec.postBuild.substitute` and the ConfigMaps of `substituteFrom`. For a Kustomization whose source is the
// repository itself (the GitRepository Flux bootstrap names `flux-system`), the files under that
// path in the repository are those objects. A file two Kustomizations build into different
// namespaces lands in either: its namespace is unknown. Pure: the texts in, a map out.
import { isAbsolute, join, normalize, sep } from 'node:path';
import { parseFile } from '../parse/yaml.ts';
import type { SourceFile } from '../common/types.ts';
import type { ReadOutcome } from './read.ts';
import { isPlaceholder } from '../model/placeholder.ts';
import { fluxClusters, NO_CLUSTERS, type FluxClusters } from './flux-clusters.ts';
import { overlaysAmong } from './overlays-found.ts';
import { withFields } from './disk-text.ts';

/** Flux Kustomizations read: far above a real fleet repository's. */
const MAX_KUSTOMIZATIONS = 5_000;
export const FLUX_GROUP = 'kustomize.toolkit.fluxcd.io/';
/** The GitRepository `flux bootstrap` creates for the repository it bootstraps. */
const OWN_SOURCE = 'flux-system';

interface Scope {
  readonly dir: string;
  /** spec.targetNamespace, when set. */
  readonly namespace: string | undefined;
  /** spec.postBuild.substitute over the ConfigMaps of substituteFrom among the inputs; undefined when it has none. */
  readonly substitute: Readonly<Record<string, string>> | undefined;
}

/** Variables read of one Kustomization: far above real ones. */
const MAX_VARIABLES = 500;

/** The string values of a map (substitute, a ConfigMap's data), bounded. */
function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) return out;
  for (const [k, x] of Object.entries(v).slice(0, MAX_VARIABLES)) if (typeof x === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) out[k] = x;
  return out;
}

/** A Flux Kustomization of the repository whose source is the repository itself. */
export interface OwnKustomization {
  /** The file that declares it (absolute). */
  readonly file: string;
  /** The folder it builds: its spec.path in the repository (absolute). */
  readonly dir: string;
  readonly spec: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
}

/** The Flux Kustomizations among the files whose source is the repository `root` and whose path lies in it. */
export function ownKustomizations(files: readonly SourceFile[], root: string): OwnKustomization[] {
  const out: OwnKustomization[] = [];
  for (const f of files) {
    if (!f.text.includes(FLUX_GROUP) || out.length >= MAX_KUSTOMIZATIONS || f.absPath === undefined || f.origin) continue;
    let docs = 0;
    for (const d of parseFile(f)) {
      if (++docs > MAX_KUSTOMIZATIONS) break;
      const o = d.value;
      if (!isObject(o) || o.kind !== 'Kustomization' || typeof o.apiVersion !== 'string' || !o.apiVersion.startsWith(FLUX_GROUP) || !isObject(o.spec)) continue;
      const { path, sourceRef } = o.spec;
      if (!isObject(sourceRef) || sourceRef.kind !== 'GitRepository' || sourceRef.name !== OWN_SOURCE) continue;
      const rel = typeof path === 'string' && path !== '' ? path : '.';
      if (isAbsolute(rel) || isPlaceholder(rel)) continue;
      const dir = normalize(join(root, rel));
      if (dir !== root && !dir.startsWith(root + sep)) continue;
      out.push({ file: f.absPath, dir, spec: o.spec, metadata: isObject(o.metadata) ? o.metadata : {} });
    }
  }
  return out;
}

/** The folders Flux Kustomizations of the repository build, each with its targetNamespace and variables. */
function scopesIn(files: readonly SourceFile[], kustomizations: readonly OwnKustomization[]): Scope[] {
  const out: Scope[] = [];
  // ConfigMaps substituteFrom names, found once every Kustomization is read.
  const wanted: { scope: { substitute: Record<string, string> | undefined }; from: { name: string; namespace: string; optional: boolean }[]; own: Record<string, string> }[] = [];
  for (const k of kustomizations) {
    const { targetNamespace, postBuild } = k.spec;
    const namespace = typeof targetNamespace === 'string' && targetNamespace !== '' && !isPlaceholder(targetNamespace) ? targetNamespace : undefined;
    const post = isObject(postBuild) ? postBuild : {};
    const from = Array.isArray(post.substituteFrom) ? post.substituteFrom.slice(0, MAX_VARIABLES).filter(isObject) : [];
    if (namespace === undefined && post.substitute === undefined && from.length === 0) continue;
    const scope: { dir: string; namespace: string | undefined; substitute: Record<string, string> | undefined } = { dir: k.dir, namespace, substitute: undefined };
    out.push(scope);
    if (post.substitute !== undefined || from.length > 0) {
      const ns = typeof k.metadata.namespace === 'string' ? k.metadata.namespace : OWN_SOURCE;
      wanted.push({
        scope,
        own: stringMap(post.substitute),
        // Secrets are left out: their values are not substituted (their variables stay unknown).
        from: from.flatMap((x) => (x.kind === 'ConfigMap' && typeof x.name === 'string' ? [{ name: x.name, namespace: ns, optional: x.optional === true }] : [x.kind === 'Secret' ? { name: '', namespace: '', optional: true } : { name: '', namespace: '', optional: false }])),
      });
    }
  }
  if (wanted.length > 0) {
    const maps = configMapsNamed(files, new Set(wanted.flatMap((w) => w.from.map((x) => x.name)).filter(Boolean)));
    for (const w of wanted) {
      const vars: Record<string, string> = {};
      let known = true;
      for (const x of w.from) {
        const data = x.name ? maps.get(`${x.namespace}/${x.name}`) : undefined;
        // A source not among the inputs that is not optional: what it sets is unknown.
        if (!data) {
          if (!x.optional) known = false;
          continue;
        }
        Object.assign(vars, data);
      }
      // `substitute` wins over `substituteFrom` (Flux's kustomize-controller).
      w.scope.substitute = known ? { ...vars, ...w.own } : undefined;
    }
  }
  return out.filter((s) => s.namespace !== undefined || s.substitute !== undefined);
}

/** The data of the ConfigMaps of these names among the files, by namespace/name. */
function configMapsNamed(files: readonly SourceFile[], names: ReadonlySet<string>): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  if (names.size === 0) return out;
  for (const f of files) {
    if (!f.text.includes('ConfigMap') || ![...names].some((n) => f.text.includes(n))) continue;
    let docs = 0;
    for (const d of parseFile(f)) {
      if (++docs > MAX_KUSTOMIZATIONS) break;
      const o = d.value;
      if (!isObject(o) || o.kind !== 'ConfigMap' || o.apiVersion !== 'v1' || !isObject(o.metadata)) continue;
      const { name, namespace } = o.metadata;
      if (typeof name !== 'string' || !names.has(name)) continue;
      out.set(`${typeof namespace === 'string' ? namespace : OWN_SOURCE}/${name}`, stringMap(o.data));
    }
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What Flux does to the files of a repository: see fluxScoping. */
export interface FluxScoping {
  /** The file marked with what Flux does to it (targetNamespace, variables, clusters), or as it is. */
  readonly scope: (r: ReadOutcome) => ReadOutcome;
  /** The clusters of the repository (see flux-clusters.ts). */
  readonly clusters: FluxClusters;
}

/**
 * What the Flux Kustomizations among `all` (of the repository `root`) do to a file: `scope`
 * gives each file (on disk, inside the path of one) marked with the namespace its objects land
 * in, the variables read into them and, in a repository of several clusters, the clusters that
 * deploy it; every other file as it is. The Kustomizations are read once, whatever the files
 * asked about.
 */
export function fluxScoping(all: readonly ReadOutcome[], root: string | undefined): FluxScoping {
  const files = all.flatMap((r) => (r.ok ? [r.file] : []));
  const kustomizations = root === undefined ? [] : ownKustomizations(files, root);
  if (root === undefined || kustomizations.length === 0) return { scope: (r) => r, clusters: NO_CLUSTERS };
  const scopes = scopesIn(files, kustomizations);
  const byPath = new Map(files.flatMap((f) => (f.absPath !== undefined && !f.origin ? [[f.absPath, f.text] as const] : [])));
  const paths = [...byPath.keys()];
  const clusters = fluxClusters(kustomizations, paths, root, overlaysAmong(paths, (p) => byPath.get(p)));
  const several = clusters.names.length > 1;
  const scope = (r: ReadOutcome): ReadOutcome => {
    if (!r.ok || r.file.absPath === undefined || r.file.origin) return r;
    const abs = r.file.absPath;
    const deployedBy = several ? clusters.clustersOf(abs) : [];
    const mine = scopes.filter((s) => abs.startsWith(s.dir + sep));
    if (mine.length === 0 && deployedBy.length === 0) return r;
    const names = new Set(mine.map((s) => s.namespace));
    const target: SourceFile['targetNamespace'] = mine.length === 0 ? undefined : names.size === 1 ? ([...names][0] === undefined ? undefined : { name: [...names][0] as string }) : 'unknown';
    // Variables: those of the one Kustomization that builds the file; several that differ leave them unset.
    const sets = new Set(mine.map((s) => JSON.stringify(s.substitute ?? null)));
    const substitute = sets.size === 1 ? mine[0]?.substitute : undefined;
    return { ok: true, file: withFields(r.file, { ...(target !== undefined ? { targetNamespace: target } : {}), ...(substitute ? { substitute } : {}), ...(deployedBy.length > 0 ? { clusters: deployedBy } : {}) }) };
  };
  return { scope, clusters };
}
