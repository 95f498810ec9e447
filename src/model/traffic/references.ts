// The Services a workload names, as its containers write them: an env value, an argument or a
// command word that holds a Service's DNS name (`name.ns`, `name.ns.svc`,
// `name.ns.svc.cluster.local`), with or without a scheme and a port (`http://reviews.shop:9080`).
// A bare `name` counts only where it is clearly an address: with a scheme or a port, or as the
// value of a variable named for one (`REVIEWS_HOST`, `DB_ADDR`, `API_URL`). What matches no Service
// among the inputs is no reference: meshlint never guesses that a workload calls something.
import type { Path, Resource } from '../../common/types.ts';
import { asObject, type PodTemplate } from '../workload.ts';
import { slimResource } from '../place.ts';

export interface HostReference {
  /** The Service's name and namespace as the text names them (the pod's own namespace for a bare name). */
  readonly name: string;
  readonly namespace: string;
  /** The port written after the host, or the scheme's default (80 for http, 443 for https). */
  readonly port: number | undefined;
  readonly scheme: string | undefined;
  /** Where it is written: inside the template's resource, or inside `resource` (a ConfigMap the pod reads). */
  readonly path: Path;
  readonly resource?: Resource;
  /** The text as written (cut for messages). */
  readonly text: string;
}

/** Values read per container, and characters read per value: far above real ones, bounded for hostile input. */
const MAX_VALUES = 500;
const MAX_VALUE_CHARS = 4096;
const MAX_REFERENCES = 200;
const LABEL = '[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?';
/** scheme://, then a host of DNS labels, then :port; no character of a host name on either side. */
const HOST = new RegExp(`(?<![-a-z0-9.@/])(?:([a-z][a-z0-9+.-]{0,20})://(?:[^@/\\s]{0,200}@)?)?(${LABEL}(?:\\.${LABEL}){0,5})(?::(\\d{1,5}))?(?![-a-z0-9.]|://)`, 'g');
const SCHEME_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, ws: 80, wss: 443, grpc: 80 };
/** A variable named for an address: its value may be a bare Service name. */
const ADDRESS_VARIABLE = /(?:HOST|HOSTNAME|ADDR|ADDRESS|URL|URI|ENDPOINT|SERVER|SERVICE|UPSTREAM|BACKEND)S?$/i;

/** The host references a text holds, in the namespace `ns` of the pod that writes it. */
export function referencesIn(text: string, ns: string, addressVariable: boolean): Omit<HostReference, 'path'>[] {
  const out: Omit<HostReference, 'path'>[] = [];
  const value = text.length > MAX_VALUE_CHARS ? text.slice(0, MAX_VALUE_CHARS) : text;
  for (const m of value.matchAll(HOST)) {
    const scheme = m[1];
    const host = m[2] as string;
    const port = m[3] !== undefined ? Number(m[3]) : scheme !== undefined ? SCHEME_PORTS[scheme] : undefined;
    if (port !== undefined && (port < 1 || port > 65535)) continue;
    const parts = host.split('.');
    let named: { name: string; namespace: string } | undefined;
    if (parts.length === 1) {
      // A bare word is an address only when written as one.
      if (scheme !== undefined || m[3] !== undefined || (addressVariable && m[0] === value.trim())) named = { name: host, namespace: ns };
    } else if (parts.length === 2 || (parts.length === 3 && parts[2] === 'svc') || (parts.length === 5 && parts.slice(2).join('.') === 'svc.cluster.local')) {
      named = { name: parts[0] as string, namespace: parts[1] as string };
    }
    if (!named) continue;
    // The text without a user and password a URL may carry.
    out.push({ ...named, port, scheme, text: `${scheme !== undefined ? `${scheme}://` : ''}${host}${m[3] !== undefined ? `:${m[3]}` : ''}`.slice(0, 120) });
    if (out.length >= MAX_REFERENCES) break;
  }
  return out;
}

/** Every host reference the containers of a pod template write (env values, command and args). */
export function hostReferencesOf(t: PodTemplate, ns: string): HostReference[] {
  const out: HostReference[] = [];
  for (const c of t.containers) {
    if (c.group === 'ephemeralContainers') continue;
    let read = 0;
    const env = Array.isArray(c.object.env) ? c.object.env : [];
    for (const [i, e] of env.entries()) {
      if (++read > MAX_VALUES || out.length >= MAX_REFERENCES) break;
      const o = asObject(e);
      if (typeof o?.value !== 'string') continue;
      const variable = typeof o.name === 'string' && ADDRESS_VARIABLE.test(o.name);
      for (const r of referencesIn(o.value, ns, variable)) out.push({ ...r, path: [...c.path, 'env', i, 'value'] });
    }
    for (const key of ['command', 'args'] as const) {
      const list = Array.isArray(c.object[key]) ? (c.object[key] as unknown[]) : [];
      for (const [i, word] of list.entries()) {
        if (++read > MAX_VALUES || out.length >= MAX_REFERENCES) break;
        if (typeof word !== 'string') continue;
        for (const r of referencesIn(word, ns, false)) out.push({ ...r, path: [...c.path, key, i] });
      }
    }
  }
  return out.slice(0, MAX_REFERENCES);
}

/** A ConfigMap a pod template reads: all its keys (envFrom, a mounted volume), or one (env valueFrom). */
export interface ConfigMapRead {
  readonly name: string;
  /** The key an env variable takes, with the variable's name; undefined: every key. */
  readonly key?: { readonly key: string; readonly variable: string };
  /** Mounted as files: their text is a file, not a variable's value. */
  readonly mounted: boolean;
}

/** The ConfigMaps a pod template reads (its namespace's): envFrom, env valueFrom, volumes. */
export function configMapsReadBy(t: PodTemplate): ConfigMapRead[] {
  const out: ConfigMapRead[] = [];
  for (const c of t.containers) {
    if (c.group === 'ephemeralContainers') continue;
    for (const from of Array.isArray(c.object.envFrom) ? c.object.envFrom.slice(0, MAX_VALUES) : []) {
      const name = asObject(asObject(from)?.configMapRef)?.name;
      if (typeof name === 'string') out.push({ name, mounted: false });
    }
    for (const e of Array.isArray(c.object.env) ? c.object.env.slice(0, MAX_VALUES) : []) {
      const o = asObject(e);
      const ref = asObject(asObject(o?.valueFrom)?.configMapKeyRef);
      if (ref && typeof ref.name === 'string' && typeof ref.key === 'string' && typeof o?.name === 'string') out.push({ name: ref.name, key: { key: ref.key, variable: o.name }, mounted: false });
    }
  }
  for (const v of Array.isArray(t.spec.volumes) ? t.spec.volumes.slice(0, MAX_VALUES) : []) {
    const name = asObject(asObject(v)?.configMap)?.name;
    if (typeof name === 'string') out.push({ name, mounted: true });
  }
  return out.slice(0, MAX_VALUES);
}

/**
 * What a ConfigMap holds for the pods that read it: the host references of each key's value,
 * read as a variable's value named for an address and as any other text (a bare name counts
 * only as the former), with the ConfigMap for reporting only: kept for a whole run, it holds
 * no more of the object than that.
 */
export interface ConfigMapReferences {
  readonly resource: Resource;
  /** The keys a pod that reads them all reads (the first MAX_VALUES of the ConfigMap, in order) that hold a reference. */
  readonly keys: readonly string[];
  readonly byKey: ReadonlyMap<string, { readonly asAddress: readonly HostReference[]; readonly asText: readonly HostReference[] }>;
}

/** The host references a ConfigMap's keys hold (see ConfigMapReferences). */
export function configMapReferences(cm: Resource, ns: string): ConfigMapReferences {
  const data = asObject(cm.object.data) ?? {};
  const all = Object.keys(data);
  const byKey = new Map<string, { asAddress: HostReference[]; asText: HostReference[] }>();
  const kept: Path[] = [];
  // Every key: an env variable may name any one; a pod that reads them all reads the first MAX_VALUES.
  for (const key of all) {
    const value = data[key];
    if (typeof value !== 'string') continue;
    const path = ['data', key];
    const refs = (address: boolean): HostReference[] => referencesIn(value, ns, address).map((r) => ({ ...r, path }));
    const asAddress = refs(true);
    if (asAddress.length === 0) continue;
    byKey.set(key, { asAddress, asText: refs(false) });
    kept.push(path);
  }
  const resource = slimResource(cm, kept);
  for (const entry of byKey.values()) {
    for (const list of [entry.asAddress, entry.asText]) list.forEach((r, i) => (list[i] = { ...r, resource }));
  }
  return { resource, keys: all.slice(0, MAX_VALUES).filter((k) => byKey.has(k)), byKey };
}

/** The host references of the ConfigMap keys a pod reads: each key's value, a bare name only as an address variable's whole value. */
export function referencesInConfigMap(cm: ConfigMapReferences, read: ConfigMapRead): HostReference[] {
  const out: HostReference[] = [];
  const keys = read.key ? [read.key.key] : cm.keys;
  for (const key of keys) {
    const entry = cm.byKey.get(key);
    if (!entry) continue;
    // A variable's name: the env's own, or (envFrom) the key itself; a mounted file has none.
    const variable = read.mounted ? false : ADDRESS_VARIABLE.test(read.key?.variable ?? key);
    out.push(...(variable ? entry.asAddress : entry.asText));
    if (out.length >= MAX_REFERENCES) break;
  }
  return out;
}
