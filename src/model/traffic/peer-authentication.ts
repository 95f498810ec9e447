// The mTLS mode a workload's port has, as istiod composes its PeerAuthentications
// (pilot/pkg/security/authn/policy_applier.go ComposePeerAuthentication, 1.18 to 1.31):
//  - scopes, narrowest wins: a workload policy (a non-empty selector, outside the root
//    namespace) > the namespace's policy (no selector) > the mesh policy (no selector, in the
//    root namespace, meshConfig.rootNamespace, istio-system by default); a selector policy in the
//    root namespace is no policy at all;
//  - UNSET (or no mtls) inherits from the next wider scope; with nothing set, PERMISSIVE;
//  - several policies in one scope: the oldest wins, which files do not say: if they disagree,
//    the mode is unknown;
//  - portLevelMtls is read only from the workload policy, keyed by the workload's (container)
//    port; an UNSET port inherits the workload's mode.
import type { Path, Resource } from '../../common/types.ts';
import { asObject, getIn, labelRecord } from '../workload.ts';
import { meshConfigOf } from '../install/install.ts';

export type MtlsMode = 'STRICT' | 'PERMISSIVE' | 'DISABLE';
export const PEER_AUTHN_SOURCE = 'pilot/pkg/security/authn/policy_applier.go ComposePeerAuthentication';

export interface PeerAuthentication {
  readonly resource: Resource;
  readonly namespace: string;
  /** selector.matchLabels; undefined (or empty) for a namespace or mesh policy. */
  readonly selector: Readonly<Record<string, string>> | undefined;
  /** spec.mtls.mode; undefined for UNSET or none. */
  readonly mode: MtlsMode | undefined;
  /** portLevelMtls: port → mode (undefined: UNSET, inherits). */
  readonly ports: ReadonlyMap<number, MtlsMode | undefined>;
}

const MODES = new Set(['STRICT', 'PERMISSIVE', 'DISABLE']);
const MAX_PORTS = 256;
const modeOf = (v: unknown): MtlsMode | undefined | 'invalid' => {
  const mode = asObject(v)?.mode;
  if (mode === undefined || mode === 'UNSET') return undefined;
  return typeof mode === 'string' && MODES.has(mode) ? (mode as MtlsMode) : 'invalid';
};

export function peerAuthenticationOf(r: Resource): PeerAuthentication | undefined {
  if (r.kind !== 'PeerAuthentication' || !/^security\.istio\.io\/v1(?:beta1)?$/.test(r.apiVersion) || r.namespace === undefined) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  const mode = modeOf(spec.mtls);
  // A mode the API server refuses: the object is never stored.
  if (mode === 'invalid') return undefined;
  const matchLabels = asObject(asObject(spec.selector)?.matchLabels);
  const selector = matchLabels && Object.keys(matchLabels).length > 0 ? labelRecord(matchLabels) : undefined;
  const ports = new Map<number, MtlsMode | undefined>();
  for (const [key, value] of Object.entries(asObject(spec.portLevelMtls) ?? {}).slice(0, MAX_PORTS)) {
    const port = Number(key);
    const m = modeOf(value);
    if (Number.isInteger(port) && port > 0 && m !== 'invalid') ports.set(port, m);
  }
  return { resource: r, namespace: r.namespace, selector, mode, ports };
}

/** The mode of one port, and the policies and words that decide it. */
export interface EffectiveMtls {
  readonly mode: MtlsMode | 'unknown';
  /** The policy whose setting decides, with the path of that setting; none for Istio's default. */
  readonly decidedBy: { readonly resource: Resource; readonly path: Path } | undefined;
  readonly why: string;
  /** For an unknown mode whose namespace-wide policy decides only if its namespace is the root one: that namespace. */
  readonly rootIfNamespace?: string;
}

/** Istio's default meshConfig.rootNamespace. */
export const DEFAULT_ROOT_NAMESPACE = 'istio-system';

/** The root namespace a mesh config among the inputs states (the `istio` ConfigMap, an IstioOperator): its own, or Istio's default. */
export function rootNamespaceStated(r: Resource): string | undefined {
  const mesh = meshConfigOf(r)?.value;
  const stated = mesh ? mesh.rootNamespace : r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/') ? getIn(r.object, ['spec', 'meshConfig', 'rootNamespace']) : null;
  if (stated === null) return undefined;
  return typeof stated === 'string' && stated ? stated : DEFAULT_ROOT_NAMESPACE;
}

/** The root namespace: known (the mesh config among the inputs, or Istio's default with an install among them), or not. */
export type RootNamespace = { readonly known: true; readonly name: string } | { readonly known: false };

const name = (p: PeerAuthentication): string => `PeerAuthentication ${p.namespace}/${p.resource.name}`;

/** The one policy of a scope, or 'unknown' when several of it disagree (the oldest wins, and files do not say which). */
function oneOf(list: readonly PeerAuthentication[]): PeerAuthentication | 'unknown' | undefined {
  const first = list[0];
  if (!first) return undefined;
  const same = (a: PeerAuthentication, b: PeerAuthentication): boolean =>
    a.mode === b.mode && a.ports.size === b.ports.size && [...a.ports].every(([p, m]) => b.ports.has(p) && b.ports.get(p) === m);
  return list.every((p) => same(p, first)) ? first : 'unknown';
}

/** The policies of each namespace, and the namespace-wide ones that set a mode (and STRICT), in input order: a pod reads its own namespace's, not every policy of the run. */
interface PolicyIndex {
  readonly byNamespace: ReadonlyMap<string, readonly PeerAuthentication[]>;
  readonly setting: readonly PeerAuthentication[];
  readonly strict: readonly PeerAuthentication[];
}

/** Each list of policies' index, made once (the lists are the facts', read for every pod and port). */
const indexes = new WeakMap<readonly PeerAuthentication[], PolicyIndex>();

function indexOf(policies: readonly PeerAuthentication[]): PolicyIndex {
  let index = indexes.get(policies);
  if (!index) {
    const byNamespace = new Map<string, PeerAuthentication[]>();
    for (const p of policies) {
      const list = byNamespace.get(p.namespace);
      if (list) list.push(p);
      else byNamespace.set(p.namespace, [p]);
    }
    const setting = policies.filter((p) => !p.selector && p.mode !== undefined);
    index = { byNamespace, setting, strict: setting.filter((p) => p.mode === 'STRICT') };
    indexes.set(policies, index);
  }
  return index;
}

/**
 * The mode a pod's port has: `policies` are those of the pod's namespace and of the root
 * namespace (or every namespace-wide one, when the root namespace is not known).
 */
export function effectiveMtls(pod: { readonly namespace: string; readonly labels: Readonly<Record<string, string>> }, port: number, policies: readonly PeerAuthentication[], root: RootNamespace): EffectiveMtls {
  const index = indexOf(policies);
  const inRoot = (p: PeerAuthentication): boolean => root.known && p.namespace === root.name;
  const here = index.byNamespace.get(pod.namespace) ?? [];
  const mesh = root.known ? (index.byNamespace.get(root.name) ?? []).filter((p) => !p.selector) : [];
  const namespaceWide = here.filter((p) => !p.selector && !inRoot(p));
  const workload = here.filter((p) => p.selector && !inRoot(p) && Object.entries(p.selector).every(([k, v]) => pod.labels[k] === v));
  let mode: MtlsMode = 'PERMISSIVE';
  let decidedBy: EffectiveMtls['decidedBy'];
  let why = 'no PeerAuthentication sets a mode: Istio\'s default, PERMISSIVE';
  const scopes: [PeerAuthentication[], string][] = [[mesh, 'the mesh'], [namespaceWide, `namespace ${pod.namespace}`], [workload, 'the workload']];
  let open: string | undefined;
  for (const [list, scope] of scopes) {
    const one = oneOf(list);
    if (one === 'unknown') {
      open = `${list.length} PeerAuthentications for ${scope} disagree, and which is oldest (it wins) is not in the files`;
      // A narrower scope may still decide.
      mode = 'PERMISSIVE';
      decidedBy = undefined;
      continue;
    }
    if (one?.mode) {
      mode = one.mode;
      decidedBy = { resource: one.resource, path: ['spec', 'mtls', 'mode'] };
      why = `${name(one)} sets ${one.mode} for ${scope}`;
      open = undefined;
    }
  }
  const own = oneOf(workload);
  if (own && own !== 'unknown' && own.ports.has(port)) {
    const m = own.ports.get(port);
    if (m) {
      return { mode: m, decidedBy: { resource: own.resource, path: ['spec', 'portLevelMtls', String(port), 'mode'] }, why: `${name(own)} sets ${m} for port ${port}` };
    }
  }
  if (open) return { mode: 'unknown', decidedBy: undefined, why: open };
  // Nothing narrower decided: a namespace-wide policy in a namespace that may be the root one may.
  if (!decidedBy || decidedBy.resource === mesh[0]?.resource) {
    // A namespace-wide policy elsewhere that sets a mode may be the mesh's, when the root namespace is not known.
    const elsewhere = (p: PeerAuthentication): boolean => p.namespace !== pod.namespace;
    const wider = root.known ? undefined : index.setting.find(elsewhere);
    if (wider && namespaceWide.every((p) => !p.mode) && (own === undefined || own === 'unknown' || !own.mode)) {
      const strict = index.strict.find(elsewhere);
      return { mode: 'unknown', decidedBy: undefined, why: `${name(wider)} applies to the whole mesh only if ${wider.namespace} is its root namespace (meshConfig.rootNamespace), which the inputs do not say`, ...(strict ? { rootIfNamespace: strict.namespace } : {}) };
    }
  }
  return { mode, decidedBy, why };
}
