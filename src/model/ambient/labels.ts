// Ambient's labels as data: which objects Istio reads each one on, and the values it matches
// (exactly: label selectors and string comparisons, ../shared/istio/AMBIENT.md §1.2, §2.2–2.6).
// Plus what a pod's capture would become with another label value, so that a rule can tell a
// behaviour-keeping edit (a fix) from one that changes the data plane (a suggestion).
import { predictCapture, type CapturePrediction } from './capture.ts';
import type { Facts } from '../facts.ts';
import { atLeast, type IstioVersion } from '../install/istio-version.ts';
import { captureInputOf } from '../injection/pod-injection.ts';
import type { PodTemplate } from '../workload.ts';

export const USE_WAYPOINT = 'istio.io/use-waypoint';
export const USE_WAYPOINT_NAMESPACE = 'istio.io/use-waypoint-namespace';
export const INGRESS_USE_WAYPOINT = 'istio.io/ingress-use-waypoint';
export const WAYPOINT_FOR = 'istio.io/waypoint-for';
export const REDIRECTION = 'ambient.istio.io/redirection';

export interface AmbientLabel {
  readonly key: string;
  /** Kinds whose own labels Istio reads it from ("Gateway" means Gateway API's). */
  readonly readOn: readonly string[];
  /** The values Istio matches, exactly; absent: a name (a waypoint, a namespace). */
  readonly values?: readonly string[];
  readonly source: string;
}

const WAYPOINT_USERS = ['Pod', 'WorkloadEntry', 'Service', 'ServiceEntry', 'Namespace'] as const;

export const AMBIENT_LABELS: readonly AmbientLabel[] = [
  { key: 'istio.io/dataplane-mode', readOn: ['Pod', 'Namespace'], values: ['ambient', 'none'], source: 'manifests/charts/istio-cni/values.yaml ambient.enablementSelectors; cni/pkg/util/enablement_selector.go' },
  { key: USE_WAYPOINT, readOn: WAYPOINT_USERS, source: 'pilot/pkg/serviceregistry/ambient/waypoints.go fetchWaypointForTarget' },
  { key: USE_WAYPOINT_NAMESPACE, readOn: WAYPOINT_USERS, source: 'pilot/pkg/serviceregistry/ambient/waypoints.go GetUseWaypoint' },
  { key: INGRESS_USE_WAYPOINT, readOn: ['Service', 'ServiceEntry', 'Namespace'], values: ['true', 'false'], source: 'pilot/pkg/serviceregistry/ambient/services.go' },
  { key: WAYPOINT_FOR, readOn: ['Gateway', 'GatewayClass'], values: ['service', 'workload', 'all', 'none'], source: 'pilot/pkg/serviceregistry/ambient/waypoints.go' },
];

export const ambientLabel = (key: string): AmbientLabel | undefined => AMBIENT_LABELS.find((l) => l.key === key);

/**
 * What a value that is not exactly ambient/none most likely meant, by its spelling: for
 * deciding whether rewriting it keeps behaviour. Lower-case keys.
 */
export const DATAPLANE_MODE_MEANT: Readonly<Record<string, 'ambient' | 'none'>> = {
  ambient: 'ambient', true: 'ambient', enabled: 'ambient', enable: 'ambient', yes: 'ambient', on: 'ambient', '1': 'ambient', ztunnel: 'ambient',
  none: 'none', false: 'none', disabled: 'none', disable: 'none', no: 'none', off: 'none', '0': 'none', sidecar: 'none',
};

/** Values Go's strconv.ParseBool reads as true or false (istiod's reading of ingress-use-waypoint from 1.30). */
export const PARSE_BOOL: Readonly<Record<string, boolean>> = {
  '1': true, t: true, T: true, TRUE: true, true: true, True: true,
  '0': false, f: false, F: false, FALSE: false, false: false, False: false,
};

/**
 * Whether istiod at `version` reads an `istio.io/ingress-use-waypoint` value on a `kind` as
 * true; undefined where that version does not read the label there. 1.24 reads the Service's
 * (or ServiceEntry's) label, `== "true"` (kube/controller/ambient/services.go); 1.25 to 1.29
 * compare with strings.EqualFold(value, "true"), and read the Namespace's label when the
 * Service has none (ambientindex.go NamespacesInfo, sidecar_interop.go ingressUseWaypoint);
 * from 1.30 strconv.ParseBool, false when it fails (ambient/services.go
 * ingressUseWaypointFromLabels, #59147).
 */
export function ingressUseWaypointReads(value: string, kind: string, version: IstioVersion): boolean | undefined {
  if (!atLeast(version, 1, 24) || (kind === 'Namespace' && !atLeast(version, 1, 25))) return undefined;
  if (!atLeast(version, 1, 25)) return value === 'true';
  if (!atLeast(version, 1, 30)) return value.toLowerCase() === 'true';
  return PARSE_BOOL[value] === true;
}

/** The API group of each kind a label is read on ("" is the core group): Gateway API's Gateway, not Istio's; Kubernetes' Service, not Knative's. */
const GROUP_OF: Readonly<Record<string, string>> = {
  Pod: '', Service: '', Namespace: '',
  ServiceEntry: 'networking.istio.io', WorkloadEntry: 'networking.istio.io',
  Gateway: 'gateway.networking.k8s.io', GatewayClass: 'gateway.networking.k8s.io',
};

/** Whether a kind's own labels are where Istio reads this label. */
export function readsLabelOn(label: AmbientLabel, kind: string, apiVersion: unknown): boolean {
  if (!label.readOn.includes(kind) || typeof apiVersion !== 'string') return false;
  const slash = apiVersion.indexOf('/');
  return (slash === -1 ? '' : apiVersion.slice(0, slash)) === GROUP_OF[kind];
}

/** The capture the template's pods would get with pod label `key` set to `value` (undefined: removed), all else equal. */
export function captureWithPodLabel(t: PodTemplate, facts: Facts, key: string, value: string | undefined): CapturePrediction {
  // The injector's selectors never look at ambient labels: the injection stays as it is.
  const input = captureInputOf(t, facts);
  const labels: Record<string, string> = { ...input.pod.labels };
  if (value === undefined) delete labels[key];
  else labels[key] = value;
  return predictCapture({ ...input, pod: { ...input.pod, labels } });
}
