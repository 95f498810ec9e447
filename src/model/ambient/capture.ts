// Istio's ambient data plane: whether ztunnel captures a pod. istio-cni decides it per pod,
// when the sandbox is created and when the pod or its namespace changes, in this order
// (../shared/istio/AMBIENT.md §1.2; cni/pkg/util/enablement_selector.go Matches):
//  1. the namespace is in istio-cni's excludeNamespaces → not captured (from 1.30: before, only
//     the CNI plugin read the list, and the node agent still captured the pod; #59471);
//  2. hostNetwork → never captured;
//  3. the pod carries sidecar.istio.io/status (it was injected) → the sidecar wins;
//  4. pod label istio.io/dataplane-mode=ambient → captured, in any namespace;
//  5. namespace label istio.io/dataplane-mode=ambient, and the pod's label is not `none` → captured;
//  6. anything else → not captured.
// Labels match exactly (Kubernetes selectors): `Ambient` or `true` enable nothing.
// Pure: the outcome comes with its trace, as the injection decision does.
import type { InjectionPrediction, PodFacts, TraceStep } from '../injection/injection.ts';
import { atLeast, type IstioVersion } from '../install/istio-version.ts';
import { isPlaceholder } from '../placeholder.ts';
import { knownLabels, matches, describeSelector, type LabelSelector, type LabelSet, type Tri } from '../injection/selector.ts';

export const DATAPLANE_MODE = 'istio.io/dataplane-mode';
export const AMBIENT = 'ambient';
export const DATAPLANE_NONE = 'none';
export const SELECTOR_SOURCE = 'cni/pkg/util/enablement_selector.go Matches';

/** sidecar: istio-proxy is injected; ambient: ztunnel captures it; none: neither. */
export type CaptureOutcome = 'sidecar' | 'ambient' | 'none' | 'unknown';

export interface CapturePrediction {
  readonly outcome: CaptureOutcome;
  readonly trace: readonly TraceStep[];
  /** The fact that would decide an unknown outcome. */
  readonly unknownBecause: string | undefined;
  /** Which label asks for ambient, when one does (or may). */
  readonly askedBy: 'pod' | 'namespace' | undefined;
  /** Whether a label asks for ambient at all (whatever then wins): meshes without ambient never see it. */
  readonly ambientAsked: true | false | 'unknown';
}

/** One entry of istio-cni's enablement selectors: a pod is captured when both match. */
export interface EnablementSelector {
  readonly podSelector: LabelSelector;
  readonly namespaceSelector: LabelSelector;
}

/** What the install says of capture; what it leaves out is Istio's default. */
export interface CaptureInstall {
  /** istio-cni's namespaces it never captures (the chart's `excludeNamespaces`), and where that list comes from. */
  readonly excludeNamespaces: readonly string[];
  readonly excludeSource: string;
  /** The inputs disagree on the list, or a source not among them may set it. */
  readonly excludeUnknown?: boolean;
  /** Whether istio-cni runs with ambient on (AMBIENT_ENABLED); absent when no install among the inputs says. */
  readonly enabled?: { readonly value: boolean; readonly source: string } | 'unknown';
  /** Custom enablement selectors (1.27+); absent: Istio's two defaults (steps 4–5). */
  readonly selectors?: { readonly list: readonly EnablementSelector[]; readonly source: string } | 'unknown';
  /** Where the inputs install ztunnel (its DaemonSet, a ztunnel chart release, Sail ZTunnel); empty: not among them. Not used to decide capture. */
  readonly ztunnel?: readonly string[];
  /** istiod's PILOT_ENABLE_AMBIENT (waypoints and every ambient feature need it); absent when no istiod among the inputs says. */
  readonly istiodAmbient?: { readonly value: boolean; readonly source: string } | 'unknown';
}

/** The istio-cni chart's default (manifests/charts/istio-cni/values.yaml excludeNamespaces). */
export const DEFAULT_CAPTURE_INSTALL: CaptureInstall = { excludeNamespaces: ['kube-system'], excludeSource: "istio-cni's default excludeNamespaces" };

export interface CaptureInput {
  /** The Istio version predicted for: the pod label and custom selectors came later (AMBIENT.md §5). */
  readonly version?: IstioVersion;
  readonly pod: PodFacts;
  readonly namespaceLabels: LabelSet;
  readonly injection: InjectionPrediction;
  readonly install: CaptureInstall;
}

/**
 * Whether istio-cni's excludeNamespaces keeps ambient pods out at `version`. Before 1.30 only
 * the CNI plugin read it (cni/pkg/plugin/plugin.go, at sandbox creation); the node agent's
 * informer did not, and enrolled a labelled pod there on its next update (#59471, first in
 * 1.30.0; releasenotes/notes/59295.yaml).
 */
export function excludeHonoured(version: IstioVersion | undefined): boolean {
  return version === undefined || atLeast(version, 1, 30);
}

/**
 * The last patch of each minor whose node agent lacks its own hostNetwork check: 1.27.0 lost
 * it (cni/pkg/util/podutil.go had it at 1.26.0); #61168 restored it in 1.31.0 and on the
 * release-1.30 and release-1.29 branches after 1.30.3 and 1.29.6. Infinity: every patch.
 */
const HOST_NETWORK_CHECK_MISSING: Readonly<Record<number, number>> = { 27: Infinity, 28: Infinity, 29: 6, 30: 3 };

function hostNetworkCheckMissing(v: IstioVersion): boolean {
  const last = v.major === 1 ? HOST_NETWORK_CHECK_MISSING[v.minor] : undefined;
  return last !== undefined && v.patch <= last;
}

type Ask = { readonly ask: true | false | 'unknown'; readonly by: 'pod' | 'namespace' | undefined; readonly text: string; readonly because?: string };

/** Steps 4–5 with custom enablement selectors: does any entry match the pod and its namespace? */
function selectorsAsk(pod: PodFacts, ns: LabelSet, selectors: { readonly list: readonly EnablementSelector[]; readonly source: string }): Ask {
  let ask: Tri = false;
  for (const entry of selectors.list) {
    const podMatch = matches(entry.podSelector, knownLabels(pod.labels));
    const nsMatch = podMatch === false ? false : matches(entry.namespaceSelector, ns);
    const both: Tri = podMatch === false || nsMatch === false ? false : podMatch === true && nsMatch === true ? true : 'unknown';
    if (both === true) {
      const by = entry.namespaceSelector.requirements.length > 0 ? 'namespace' : 'pod';
      return { ask: true, by, text: `istio-cni's enablement selector (pod ${describeSelector(entry.podSelector)}; namespace ${describeSelector(entry.namespaceSelector)}) from ${selectors.source} matches` };
    }
    if (both === 'unknown') ask = 'unknown';
  }
  if (ask === 'unknown') return { ask, by: 'namespace', text: `whether its namespace matches istio-cni's enablement selectors (${selectors.source}) is unknown` };
  return { ask: false, by: undefined, text: `no enablement selector of istio-cni (${selectors.source}) matches the pod and its namespace` };
}

/** Steps 4–5: does a label ask for ambient? */
function ambientAsked(pod: PodFacts, ns: LabelSet, install: CaptureInstall, version: IstioVersion | undefined): Ask {
  // Custom enablement selectors are read from 1.27 (#56048); before, the two defaults hold.
  const customSelectors = version === undefined || atLeast(version, 1, 27);
  const selectors = customSelectors ? install.selectors : undefined;
  if (selectors === 'unknown') return { ask: 'unknown', by: undefined, text: "istio-cni's enablement selectors are unknown" };
  if (selectors) return selectorsAsk(pod, ns, selectors);
  // Before 1.22 only the namespace label was read; the pod opted out with ambient.istio.io/redirection: disabled (#50355, #50804).
  if (version !== undefined && !atLeast(version, 1, 22)) {
    if (ns.known[DATAPLANE_MODE] === AMBIENT && pod.annotations['ambient.istio.io/redirection'] === 'disabled') {
      return { ask: false, by: undefined, text: `the pod's annotation ambient.istio.io/redirection=disabled opts it out (Istio ${version.text} reads no pod label)` };
    }
    const nsMode = ns.known[DATAPLANE_MODE];
    if (nsMode === AMBIENT) return { ask: true, by: 'namespace', text: `its namespace has ${DATAPLANE_MODE}=${AMBIENT}` };
    if (nsMode === undefined && !ns.complete) return { ask: 'unknown', by: 'namespace', text: `whether its namespace has ${DATAPLANE_MODE}=${AMBIENT} is unknown` };
    return { ask: false, by: undefined, text: `its namespace does not have ${DATAPLANE_MODE}=${AMBIENT} (Istio ${version.text} reads no pod label)` };
  }
  const podMode = pod.labels[DATAPLANE_MODE];
  // A value a tool fills in may be ambient, none, or anything: what the pod asks for is unknown.
  if (podMode !== undefined && isPlaceholder(podMode)) {
    return { ask: 'unknown', by: 'pod', text: `the pod's label ${DATAPLANE_MODE}=${podMode} is filled in by a tool`, because: `the pod's label ${DATAPLANE_MODE}=${podMode}, which a tool fills in` };
  }
  if (podMode === AMBIENT) return { ask: true, by: 'pod', text: `the pod's label ${DATAPLANE_MODE}=${AMBIENT} asks for ambient, in any namespace` };
  if (podMode === DATAPLANE_NONE) return { ask: false, by: undefined, text: `the pod's label ${DATAPLANE_MODE}=${DATAPLANE_NONE} opts it out of ambient` };
  const nsMode = ns.known[DATAPLANE_MODE];
  const other = podMode === undefined ? '' : ` (the pod's own value "${podMode}" is neither ${AMBIENT} nor ${DATAPLANE_NONE}, so the namespace decides)`;
  if (nsMode === AMBIENT) return { ask: true, by: 'namespace', text: `its namespace has ${DATAPLANE_MODE}=${AMBIENT}${other}` };
  if (nsMode !== undefined) return { ask: false, by: undefined, text: `its namespace's ${DATAPLANE_MODE}="${nsMode}" is not exactly "${AMBIENT}": nothing asks for ambient${other}` };
  if (!ns.complete) return { ask: 'unknown', by: 'namespace', text: `whether its namespace has ${DATAPLANE_MODE}=${AMBIENT} is unknown` };
  return { ask: false, by: undefined, text: `neither the pod nor its namespace has ${DATAPLANE_MODE}=${AMBIENT}` };
}

export function predictCapture(input: CaptureInput): CapturePrediction {
  const { pod, namespaceLabels, injection, install } = input;
  const trace: TraceStep[] = [];
  const asked = ambientAsked(pod, namespaceLabels, install, input.version);
  const done = (outcome: CaptureOutcome, askedBy: CapturePrediction['askedBy'], unknownBecause?: string): CapturePrediction => ({ outcome, trace, unknownBecause, askedBy, ambientAsked: asked.ask });
  const inExcluded = pod.namespace !== undefined && install.excludeNamespaces.includes(pod.namespace);
  if (inExcluded && excludeHonoured(input.version)) {
    trace.push({ text: `namespace ${pod.namespace} is in ${install.excludeSource} (${install.excludeNamespaces.join(', ')}): istio-cni never captures its pods`, source: 'cni/pkg/nodeagent/informers.go' });
    return done(injection.outcome === 'injected' ? 'sidecar' : injection.outcome === 'unknown' ? 'unknown' : 'none', asked.by, injection.unknownBecause);
  }
  if (inExcluded && asked.ask !== false) {
    trace.push({ text: `namespace ${pod.namespace} is in ${install.excludeSource}, but Istio ${input.version?.text ?? ''}'s node agent does not read that list: it captures the pod once it has an IP (only the CNI plugin skips it; fixed in 1.30)`, source: 'cni/pkg/nodeagent/informers.go' });
  }
  if (pod.namespace !== undefined && install.excludeUnknown && excludeHonoured(input.version) && asked.ask !== false && injection.outcome !== 'injected') {
    trace.push({ text: `whether namespace ${pod.namespace} is in ${install.excludeSource} is unknown` });
    return done('unknown', asked.by, install.excludeSource);
  }
  if (pod.hostNetwork) {
    trace.push({ text: 'the pod uses hostNetwork: ztunnel never captures it', source: SELECTOR_SOURCE });
    if (input.version !== undefined && hostNetworkCheckMissing(input.version) && asked.ask !== false) {
      trace.push({ text: `Istio ${input.version.text}'s node agent may still try to capture it when its labels change (fixed in 1.31.0, 1.30.4 and 1.29.7)`, source: 'cni/pkg/util/enablement_selector.go' });
    }
    return done('none', asked.by);
  }
  if (injection.outcome === 'injected') {
    trace.push({ text: `it gets a sidecar: the injector writes sidecar.istio.io/status, and istio-cni skips pods with it${asked.ask === true ? ' (the ambient label has no effect)' : ''}`, source: SELECTOR_SOURCE });
    return done('sidecar', asked.by);
  }
  trace.push({ text: asked.text, source: SELECTOR_SOURCE });
  if (injection.outcome === 'unknown') {
    // Sidecar or ambient, or sidecar or nothing: the injection decides.
    trace.push({ text: 'whether it gets a sidecar is unknown, and a sidecar wins over ambient' });
    return done('unknown', asked.by, injection.unknownBecause);
  }
  if (pod.namespace === undefined && asked.ask !== false) {
    trace.push({ text: `its namespace is unknown, so whether it is in ${install.excludeSource} is unknown` });
    return done('unknown', asked.by, "the workload's namespace");
  }
  if (asked.ask === 'unknown') return done('unknown', asked.by, asked.because ?? (asked.by === undefined ? "istio-cni's enablement selectors" : `the labels of namespace ${pod.namespace}`));
  if (!asked.ask) return done('none', asked.by);
  // A label asks for ambient: it takes istio-cni running with ambient on.
  if (install.enabled === 'unknown') {
    trace.push({ text: 'whether istio-cni runs with ambient on is unknown' });
    return done('unknown', asked.by, 'ambient.enabled of istio-cni');
  }
  if (install.enabled && !install.enabled.value) {
    trace.push({ text: `istio-cni runs without ambient (${install.enabled.source}): ambient labels do nothing, and the pod's traffic is not in the mesh`, source: 'manifests/charts/istio-cni/templates/configmap-cni.yaml' });
    return done('none', asked.by);
  }
  return done('ambient', asked.by);
}
