// Istio's ambient data plane: whether ztunnel captures a pod. istio-cni decides it per pod,
// when the sandbox is created and when the pod or its namespace changes, in this order
// (../shared/istio/AMBIENT.md §1.2; cni/pkg/util/enablement_selector.go Matches):
//  1. the namespace is in istio-cni's excludeNamespaces → not captured;
//  2. hostNetwork → never captured;
//  3. the pod carries sidecar.istio.io/status (it was injected) → the sidecar wins;
//  4. pod label istio.io/dataplane-mode=ambient → captured, in any namespace;
//  5. namespace label istio.io/dataplane-mode=ambient, and the pod's label is not `none` → captured;
//  6. anything else → not captured.
// Labels match exactly (Kubernetes selectors): `Ambient` or `true` enable nothing.
// Pure: the outcome comes with its trace, as the injection decision does.
import type { InjectionPrediction, PodFacts, TraceStep } from './injection.ts';
import type { LabelSet } from './selector.ts';

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

/** istio-cni's namespaces it never captures: the chart's `excludeNamespaces`, and where that list comes from. */
export interface CaptureInstall {
  readonly excludeNamespaces: readonly string[];
  readonly excludeSource: string;
}

/** The istio-cni chart's default (manifests/charts/istio-cni/values.yaml excludeNamespaces). */
export const DEFAULT_CAPTURE_INSTALL: CaptureInstall = { excludeNamespaces: ['kube-system'], excludeSource: "istio-cni's default excludeNamespaces" };

export interface CaptureInput {
  readonly pod: PodFacts;
  readonly namespaceLabels: LabelSet;
  readonly injection: InjectionPrediction;
  readonly install: CaptureInstall;
}

type Ask = { readonly ask: true | false | 'unknown'; readonly by: 'pod' | 'namespace' | undefined; readonly text: string };

/** Steps 4–5: does a label ask for ambient? */
function ambientAsked(pod: PodFacts, ns: LabelSet): Ask {
  const podMode = pod.labels[DATAPLANE_MODE];
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
  const asked = ambientAsked(pod, namespaceLabels);
  const done = (outcome: CaptureOutcome, askedBy: CapturePrediction['askedBy'], unknownBecause?: string): CapturePrediction => ({ outcome, trace, unknownBecause, askedBy, ambientAsked: asked.ask });
  if (pod.namespace !== undefined && install.excludeNamespaces.includes(pod.namespace)) {
    trace.push({ text: `namespace ${pod.namespace} is in ${install.excludeSource} (${install.excludeNamespaces.join(', ')}): istio-cni never captures its pods`, source: 'cni/pkg/plugin/plugin.go' });
    return done(injection.outcome === 'injected' ? 'sidecar' : injection.outcome === 'unknown' ? 'unknown' : 'none', asked.by, injection.unknownBecause);
  }
  if (pod.hostNetwork) {
    trace.push({ text: 'the pod uses hostNetwork: ztunnel never captures it', source: SELECTOR_SOURCE });
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
  if (asked.ask === 'unknown') return done('unknown', asked.by, `the labels of namespace ${pod.namespace}`);
  return done(asked.ask ? 'ambient' : 'none', asked.by);
}
