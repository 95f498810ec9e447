// Where Istio config and Services are visible (pilot/pkg/model/push_context.go, visibility):
// a Service's `networking.istio.io/exportTo` annotation and a DestinationRule's or
// VirtualService's `spec.exportTo` list the namespaces whose proxies see it: `*` every one, `.`
// its own, `~` none (ServiceEntries and Services), or names. An empty list takes the mesh
// config's default (`defaultServiceExportTo`, `defaultDestinationRuleExportTo`,
// `defaultVirtualServiceExportTo`), and Istio's default is `*`. A DestinationRule applies to a
// client only if both it and the Service are visible in the client's namespace.
import type { Resource } from '../../common/types.ts';
import { asObject, getIn } from '../workload.ts';
import { meshConfigOf } from '../install/install.ts';
import { isPlaceholder } from '../placeholder.ts';

export const EXPORT_TO_ANNOTATION = 'networking.istio.io/exportTo';

/** The namespaces whose proxies see an object: every one, or these. */
export type Visibility = { readonly all: true } | { readonly all: false; readonly namespaces: ReadonlySet<string> };

/** The mesh config's default exportTo of each kind, where a mesh config among the inputs states it; 'unknown' where mesh configs disagree. */
export interface ExportDefaults {
  readonly service?: readonly string[] | 'unknown';
  readonly destinationRule?: readonly string[] | 'unknown';
  readonly virtualService?: readonly string[] | 'unknown';
}

const MESH_FIELDS = { service: 'defaultServiceExportTo', destinationRule: 'defaultDestinationRuleExportTo', virtualService: 'defaultVirtualServiceExportTo' } as const;
const MAX_ENTRIES = 256;

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.slice(0, MAX_ENTRIES).filter((x): x is string => typeof x === 'string') : undefined);

/** The defaults a mesh config states (the `istio` ConfigMap, an IstioOperator's meshConfig), if it is one. */
export function exportDefaultsStated(r: Resource): { readonly [K in keyof ExportDefaults]?: readonly string[] } | undefined {
  const mesh = meshConfigOf(r)?.value ?? (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/') ? asObject(getIn(r.object, ['spec', 'meshConfig'])) : undefined);
  if (!mesh) return undefined;
  const out: { -readonly [K in keyof ExportDefaults]?: readonly string[] } = {};
  for (const [kind, field] of Object.entries(MESH_FIELDS) as [keyof ExportDefaults, string][]) {
    const list = strings(mesh[field]);
    if (list && list.length > 0) out[kind] = list;
  }
  return out;
}

/** The exportTo an object writes: a Service's annotation (comma-separated), a config's spec.exportTo; undefined when it writes none. */
function exportToOf(r: Resource): string[] | undefined {
  if (r.kind === 'Service') {
    const raw = asObject(getIn(r.object, ['metadata', 'annotations']))?.[EXPORT_TO_ANNOTATION];
    return typeof raw === 'string' ? raw.split(',').slice(0, MAX_ENTRIES).map((s) => s.trim()).filter(Boolean) : undefined;
  }
  const list = strings(getIn(r.object, ['spec', 'exportTo']));
  return list && list.length > 0 ? list : undefined;
}

/** Where an object is visible; undefined when that is unknown (a placeholder, mesh configs that disagree on the default). */
export function visibilityOf(r: Resource, owner: string, fallback: readonly string[] | 'unknown' | undefined): Visibility | undefined {
  const list = exportToOf(r) ?? fallback ?? ['*'];
  if (list === 'unknown' || list.some(isPlaceholder)) return undefined;
  const namespaces = new Set<string>();
  for (const e of list) {
    if (e === '*') return { all: true };
    if (e === '~') continue;
    namespaces.add(e === '.' ? owner : e);
  }
  return { all: false, namespaces };
}

/** Whether some namespace sees both: a client there can use the one through the other. */
export function overlap(a: Visibility, b: Visibility): boolean {
  if (a.all || b.all) return a.all ? b.all || b.namespaces.size > 0 : a.namespaces.size > 0;
  return [...a.namespaces].some((n) => b.namespaces.has(n));
}
