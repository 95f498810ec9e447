// Waypoints of Istio's ambient mode: which waypoint an object's `istio.io/use-waypoint` names,
// whether it binds, and why not (../shared/istio/AMBIENT.md §2; istiod's
// pilot/pkg/serviceregistry/ambient/waypoints.go fetchWaypointForTarget and GetUseWaypoint,
// under pilot/pkg/serviceregistry/kube/controller/ambient/ up to 1.29).
//  1. the object's own use-waypoint (`none`: no waypoint, no fallback), in the namespace its own
//     use-waypoint-namespace names (from 1.23), else its own namespace;
//  2. else its Namespace's use-waypoint (and that Namespace's use-waypoint-namespace);
//  3. else none.
// Then: the Gateway must exist; its `istio.io/waypoint-for` (Gateway label, else GatewayClass
// label from 1.23, else `service`) must cover the binding (a Service/ServiceEntry needs
// service|all, a Pod/WorkloadEntry workload|all; a Pod that only inherits a service-only
// namespace waypoint silently gets none); from 1.23, a waypoint in another namespace must allow
// the object's namespace on its HBONE listener (allowedRoutes.namespaces.from All, or Selector
// matching).
import type { Resource } from '../../common/types.ts';
import { atLeast, type IstioVersion } from '../install/istio-version.ts';
import { isPlaceholder } from '../placeholder.ts';
import { matches, parseSelector, type LabelSet, type Tri } from '../injection/selector.ts';
import { asObject, getIn, labelString } from '../workload.ts';

export const USE_WAYPOINT = 'istio.io/use-waypoint';
export const USE_WAYPOINT_NAMESPACE = 'istio.io/use-waypoint-namespace';
export const WAYPOINT_FOR = 'istio.io/waypoint-for';
export const WAYPOINT_SOURCE = 'pilot/pkg/serviceregistry/ambient/waypoints.go';
export const WAYPOINT_CLASS = 'istio-waypoint';
/** Objects whose use-waypoint istiod reads (api: label/labels.yaml). */
export const WAYPOINT_READERS: readonly string[] = ['Pod', 'Service', 'ServiceEntry', 'WorkloadEntry', 'Namespace'];
const MAX_LISTENERS = 64;

/** What binds: traffic to a Service's address, or to a workload's own address. */
export type BindingKind = 'service' | 'workload';

export interface WaypointGateway {
  readonly resource: Resource;
  readonly name: string;
  readonly namespace: string | undefined;
  readonly className: string | undefined;
  /** The effective waypoint-for value and where it comes from. */
  readonly waypointFor: string;
  readonly waypointForSource: 'Gateway' | 'GatewayClass' | 'default';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const isGateway = (r: Resource): boolean => r.kind === 'Gateway' && r.apiVersion.startsWith('gateway.networking.k8s.io/');
export const isGatewayClass = (r: Resource): boolean => r.kind === 'GatewayClass' && r.apiVersion.startsWith('gateway.networking.k8s.io/');

const labelsOf = (r: Resource): Record<string, unknown> => asObject(getIn(r.object, ['metadata', 'labels'])) ?? {};

/** The Gateways of the inputs as waypoints, with waypoint-for resolved through their GatewayClass. */
export function waypointGateways(gateways: readonly Resource[], classes: readonly Resource[]): WaypointGateway[] {
  const classLabel = new Map<string, string>();
  for (const c of classes) {
    const v = labelString(labelsOf(c)[WAYPOINT_FOR]);
    if (v !== undefined) classLabel.set(c.name, v);
  }
  return gateways.map((g) => {
    const className = str(getIn(g.object, ['spec', 'gatewayClassName']));
    const own = labelString(labelsOf(g)[WAYPOINT_FOR]);
    const fromClass = className === undefined ? undefined : classLabel.get(className);
    return {
      resource: g,
      name: g.name,
      namespace: g.namespace,
      className,
      waypointFor: own ?? fromClass ?? 'service',
      waypointForSource: own !== undefined ? 'Gateway' : fromClass !== undefined ? 'GatewayClass' : 'default',
    };
  });
}

/** Whether a waypoint-for value lets this kind of traffic bind (waypoints.go:167-206): unknown values bind nothing. */
export function waypointServes(waypointFor: string, kind: BindingKind): boolean {
  return waypointFor === 'all' || waypointFor === kind;
}

/**
 * The waypoint-for istiod reads at `version`: 1.22 reads only the Gateway's own label, not its
 * GatewayClass's (1.22.0 waypoints.go WaypointsCollection; #50933 added the class in 1.23).
 */
export function waypointForAt(gateway: WaypointGateway, version: IstioVersion | undefined): string {
  return gateway.waypointForSource === 'GatewayClass' && version !== undefined && !atLeast(version, 1, 23) ? 'service' : gateway.waypointFor;
}

/**
 * Whether a use-waypoint value names no waypoint. istiod's index opts out on exactly `none`
 * (waypoints.go getUseWaypoint); `None`, `NONE` or an empty value name a Gateway that cannot
 * exist (Gateway names are lower-case DNS labels), and on the object itself they still stop
 * the fallback to the namespace's waypoint: no waypoint either way. The route status check
 * waypointConfigured (pilot/pkg/config/kube/gateway/conversion.go) agrees: strings.EqualFold
 * with "none", and a value must not be empty.
 */
export function namesNoWaypoint(value: string): boolean {
  return value === '' || value.toLowerCase() === 'none';
}

/** use-waypoint-namespace is read from 1.23 (#51846, with the allowedRoutes check): 1.22 looks the waypoint up in the object's own namespace. */
export function readsWaypointNamespace(version: IstioVersion | undefined): boolean {
  return version === undefined || atLeast(version, 1, 23);
}

/** Where an object's waypoint is named: on the object, on its namespace, or nowhere. */
export interface WaypointRef {
  readonly name: string;
  readonly namespace: string | undefined;
  readonly from: 'object' | 'namespace';
  /** The label's value was `none`: no waypoint. */
  readonly none: boolean;
}

/** Steps 1–3 of fetchWaypointForTarget: what `use-waypoint` names for an object, from its labels and its namespace's. */
export function waypointRef(
  objectLabels: Readonly<Record<string, string>>,
  objectNamespace: string | undefined,
  namespaceLabels: LabelSet,
  version?: IstioVersion,
): WaypointRef | 'unknown' | undefined {
  const crossNamespace = readsWaypointNamespace(version);
  // A name or namespace a tool fills in (`${WAYPOINT}`) names no waypoint meshlint can judge.
  const named = (name: string, namespace: string | undefined, from: WaypointRef['from']): WaypointRef | 'unknown' =>
    isPlaceholder(name) || (namespace !== undefined && isPlaceholder(namespace)) ? 'unknown' : { name, namespace, from, none: namesNoWaypoint(name) };
  const own = objectLabels[USE_WAYPOINT];
  if (own !== undefined) return named(own, (crossNamespace ? objectLabels[USE_WAYPOINT_NAMESPACE] : undefined) ?? objectNamespace, 'object');
  const fromNs = namespaceLabels.known[USE_WAYPOINT];
  if (fromNs !== undefined) return named(fromNs, (crossNamespace ? namespaceLabels.known[USE_WAYPOINT_NAMESPACE] : undefined) ?? objectNamespace, 'namespace');
  return namespaceLabels.complete ? undefined : 'unknown';
}

/** Whether a waypoint's HBONE listener lets objects of `namespace` bind (waypoints.go:568-626; checked from 1.23, AllowsAttachmentFromNamespace). */
export function allowsNamespace(gateway: WaypointGateway, namespace: string, namespaceLabels: LabelSet): Tri {
  if (namespace === gateway.namespace) return true;
  const listeners = getIn(gateway.resource.object, ['spec', 'listeners']);
  const list = Array.isArray(listeners) ? listeners.slice(0, MAX_LISTENERS).map(asObject) : [];
  const bound = str(getIn(gateway.resource.object, ['metadata', 'annotations', 'ambient.istio.io/waypoint-inbound-binding']));
  const hbone = list.find((l) => l && (bound !== undefined ? l.name === bound.split('/')[0] : l.protocol === 'HBONE' && l.port === 15008));
  const from = str(getIn(hbone, ['allowedRoutes', 'namespaces', 'from'])) ?? 'Same';
  if (isPlaceholder(from)) return 'unknown';
  if (from === 'All') return true;
  if (from === 'Selector') return matches(parseSelector(getIn(hbone, ['allowedRoutes', 'namespaces', 'selector'])), namespaceLabels);
  return false;
}

/** Why a named waypoint binds nothing, when the inputs decide it. */
export type WaypointProblem =
  | { readonly kind: 'missing'; readonly near: readonly string[] }
  | { readonly kind: 'traffic-type'; readonly gateway: WaypointGateway }
  | { readonly kind: 'denied'; readonly gateway: WaypointGateway };

/**
 * Judges a waypoint an object names. `gateways` are those among the inputs; a waypoint not among
 * them is reported missing only when the inputs keep that namespace's waypoints (another waypoint
 * Gateway is there), else its existence is unknown.
 */
export function judgeWaypoint(
  ref: WaypointRef,
  kind: BindingKind | 'namespace',
  objectNamespace: string | undefined,
  objectNamespaceLabels: LabelSet,
  gateways: readonly WaypointGateway[],
  version?: IstioVersion,
): { readonly gateway: WaypointGateway; readonly problem?: WaypointProblem } | { readonly gateway: undefined; readonly problem?: WaypointProblem; readonly unknown?: string } {
  if (ref.none) return { gateway: undefined };
  if (ref.namespace === undefined) return { gateway: undefined, unknown: "the object's namespace" };
  const gateway = gateways.find((g) => g.name === ref.name && g.namespace === ref.namespace);
  if (!gateway) {
    const near = gateways.filter((g) => g.namespace === ref.namespace && g.className === WAYPOINT_CLASS).map((g) => g.name);
    // A waypoint whose name a tool fills in may be the one named.
    if (near.length === 0 || near.some(isPlaceholder)) return { gateway: undefined, unknown: `waypoint ${ref.namespace}/${ref.name}` };
    return { gateway: undefined, problem: { kind: 'missing', near } };
  }
  // A pod that only inherits a service-only waypoint from its namespace silently gets none: not a
  // mistake. A Namespace's waypoint serves both kinds: its own label is not judged for one.
  // A waypoint-for a tool fills in may serve any traffic.
  const waypointFor = waypointForAt(gateway, version);
  if (kind !== 'namespace' && !isPlaceholder(waypointFor) && !waypointServes(waypointFor, kind) && !(kind === 'workload' && ref.from === 'namespace')) return { gateway, problem: { kind: 'traffic-type', gateway } };
  // 1.22 binds a waypoint of another namespace without asking its listener (no AllowsAttachment check).
  if (objectNamespace !== undefined && objectNamespace !== gateway.namespace && readsWaypointNamespace(version)) {
    const allowed = allowsNamespace(gateway, objectNamespace, objectNamespaceLabels);
    if (allowed === false) return { gateway, problem: { kind: 'denied', gateway } };
  }
  return { gateway };
}

/** Says which waypoint serves an ambient pod's own address and its namespace's Services, and why (for explain). */
export function waypointTrace(
  podLabels: Readonly<Record<string, string>>,
  namespace: string | undefined,
  namespaceLabels: LabelSet,
  gateways: readonly WaypointGateway[],
  version?: IstioVersion,
): string[] {
  const out: string[] = [];
  const describe = (ref: WaypointRef | 'unknown' | undefined, kind: BindingKind, whose: string): string => {
    if (ref === 'unknown') return `${whose}: unknown (the namespace's labels are unknown)`;
    if (ref === undefined) return `${whose}: no waypoint (no ${USE_WAYPOINT} on ${kind === 'workload' ? 'the pod or ' : ''}its namespace)`;
    const where = ref.from === 'object' ? 'its own label' : 'its namespace\'s label';
    if (ref.none) return `${whose}: no waypoint (${where} ${USE_WAYPOINT}=${ref.name === '' ? '""' : ref.name})`;
    const verdict = judgeWaypoint(ref, kind, namespace, namespaceLabels, gateways, version);
    const name = `${ref.namespace ?? '?'}/${ref.name}`;
    if (verdict.problem?.kind === 'missing') return `${whose}: none binds: ${where} names waypoint ${name}, which is not among the inputs' Gateways`;
    if (verdict.problem?.kind === 'traffic-type') return `${whose}: none binds: ${where} names waypoint ${name}, whose waypoint-for is ${waypointForAt(verdict.problem.gateway, version)}`;
    if (verdict.problem?.kind === 'denied') return `${whose}: none binds: ${where} names waypoint ${name}, which does not allow namespace ${namespace}`;
    if (!verdict.gateway) return `${whose}: waypoint ${name} (${where}), not among the inputs`;
    const serves = waypointForAt(verdict.gateway, version);
    if (kind === 'workload' && !waypointServes(serves, 'workload')) return `${whose}: no waypoint (${where} names ${name}, which serves only ${serves} traffic)`;
    return `${whose}: waypoint ${name} (${where})`;
  };
  out.push(describe(waypointRef(podLabels, namespace, namespaceLabels, version), 'workload', "traffic to the pod's own address"));
  out.push(describe(waypointRef({}, namespace, namespaceLabels, version), 'service', "traffic to its namespace's Services that name no waypoint of their own"));
  return out;
}
