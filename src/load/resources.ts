// Documents → Kubernetes objects: `kind: List` items become their own resources;
// comment-only documents and YAML that is not a Kubernetes object are skipped.
import { isPlaceholder } from '../model/placeholder.ts';
import type { KubeObject, ParsedDocument, Path, Resource } from '../common/types.ts';

/** Why a document holds no resource; undefined when it holds some. */
export type SkipReason = 'empty' | 'not-kubernetes' | 'kustomize' | 'patch' | 'syntax-error' | 'template';

export interface DocumentResources {
  readonly resources: Resource[];
  readonly skipped: SkipReason | undefined;
}

const isObject = (v: unknown): v is KubeObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object that the API server could accept: string apiVersion and kind. */
export function isKubeObject(v: unknown): v is KubeObject {
  return isObject(v) && typeof v.apiVersion === 'string' && v.apiVersion !== '' && typeof v.kind === 'string' && v.kind !== '';
}

export function resourcesOf(doc: ParsedDocument, defaultNamespace: string | undefined): DocumentResources {
  if (doc.syntaxErrors.length > 0) return { resources: [], skipped: 'syntax-error' };
  const v = doc.value;
  if (v === null || v === undefined) return { resources: [], skipped: 'empty' };
  if (isObject(v) && '$patch' in v) return { resources: [], skipped: 'patch' };
  if (!isKubeObject(v)) return { resources: [], skipped: 'not-kubernetes' };
  if (/^kustomize\.config\.k8s\.io\//.test(v.apiVersion as string)) return { resources: [], skipped: 'kustomize' };
  const kind = v.kind as string;
  if ((kind === 'List' || kind.endsWith('List')) && Array.isArray(v.items)) {
    const resources: Resource[] = [];
    v.items.forEach((item, i) => {
      if (isKubeObject(item)) resources.push(makeResource(doc, ['items', i], item, defaultNamespace));
    });
    return { resources, skipped: resources.length ? undefined : 'empty' };
  }
  return { resources: [makeResource(doc, [], v, defaultNamespace)], skipped: undefined };
}

export function makeResource(doc: ParsedDocument, basePath: Path, written: KubeObject, defaultNamespace: string | undefined): Resource {
  // Flux's postBuild variables, read into the values: every path (and so every place) is as written.
  const object = doc.file.substitute ? substituted(written, doc.file.substitute) : written;
  const md = isObject(object.metadata) ? object.metadata : {};
  const name = typeof md.name === 'string' ? md.name : typeof md.generateName === 'string' ? md.generateName : '';
  const declared = typeof md.namespace === 'string' && md.namespace !== '' ? md.namespace : undefined;
  const kind = object.kind as string;
  // Written but not known: a namespace a tool fills in (`{{ .Release.Namespace }}`), or the one
  // Helm rendered into because none was stated (written or not). The object lands in an unknown namespace.
  const unstated = doc.file.origin?.unstatedNamespace;
  // A Flux Kustomization's targetNamespace overrides what the file declares (kustomize's namespace transformer).
  const target = isClusterScoped(kind) ? undefined : doc.file.targetNamespace;
  if (target !== undefined) return { doc, basePath, object, apiVersion: object.apiVersion as string, kind, name, declaredNamespace: declared, namespace: target === 'unknown' ? undefined : target.name };
  const unknown = declared !== undefined ? isPlaceholder(declared) || declared === unstated : unstated !== undefined;
  return {
    doc,
    basePath,
    object,
    apiVersion: object.apiVersion as string,
    kind,
    name,
    declaredNamespace: declared,
    namespace: unknown ? undefined : (declared ?? (isClusterScoped(kind) ? undefined : defaultNamespace)),
  };
}

/** Kinds without a namespace (the common built-in ones and Istio's). */
const CLUSTER_SCOPED = new Set([
  'Namespace', 'Node', 'PersistentVolume', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition',
  'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration', 'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding', 'StorageClass', 'PriorityClass', 'APIService', 'CSIDriver', 'CSINode',
  'IngressClass', 'RuntimeClass', 'VolumeAttachment', 'PodSecurityPolicy', 'ClusterIssuer', 'GatewayClass',
]);

export function isClusterScoped(kind: string): boolean {
  return CLUSTER_SCOPED.has(kind);
}

/** "Kind namespace/name", or "Kind name" when cluster-scoped or the namespace is unknown. */
export { describeResource } from '../model/workload.ts';

/**
 * Stable identity: does not change when unrelated lines move. For an object a chart template
 * names anew at each render (`volatileSource`: its template), the template stands for the name.
 */
export function resourceIdentity(r: Resource, volatileSource?: string): string {
  return `${r.apiVersion}/${r.kind}/${r.declaredNamespace ?? ''}/${volatileSource !== undefined ? `@${volatileSource}` : r.name}`;
}

/** Values looked at in one object: far above a real manifest's. */
const MAX_SUBSTITUTED_NODES = 100_000;
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[=-]([^}]*))?\}/g;
const SUBSTITUTE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/substitute';

/**
 * An object with Flux's postBuild variables replaced in its string values (`${var}`,
 * `${var:=default}`, `${var:-default}`, as kustomize-controller's envsubst reads them); a
 * variable neither set nor defaulted stays as written, a value a tool fills in. An object
 * annotated `kustomize.toolkit.fluxcd.io/substitute: disabled` is left as it is.
 */
export function substituted(object: KubeObject, vars: Readonly<Record<string, string>>): KubeObject {
  const annotations = isObject(object.metadata) && isObject(object.metadata.annotations) ? object.metadata.annotations : {};
  if (annotations[SUBSTITUTE_ANNOTATION] === 'disabled') return object;
  let nodes = 0;
  const walk = (v: unknown, depth: number): unknown => {
    if (++nodes > MAX_SUBSTITUTED_NODES || depth > 64) return v;
    if (typeof v === 'string') return v.includes('${') ? v.replace(VARIABLE, (all, name: string, fallback: string | undefined) => (Object.hasOwn(vars, name) ? (vars[name] as string) : fallback ?? all)) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
    return v;
  };
  return walk(object, 0) as KubeObject;
}
