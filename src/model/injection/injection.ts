// Predicts Istio's injection decision for a pod template, in Istio's two gates:
//  1. the API server calls the injector only if a webhook entry's namespaceSelector AND
//     objectSelector match (labels only, never annotations);
//  2. istiod's injectRequired() (pkg/kube/inject/inject.go) decides for the pod.
// Pure: every decision comes with the trace of why, in plain words with Istio source paths.
import type { IstioVersion } from '../install/istio-version.ts';
import { atLeast } from '../install/istio-version.ts';
import type { InjectorConfig, InjectorWebhook } from './mesh.ts';
import { IGNORED_NAMESPACES, INJECT_KEY } from './mesh.ts';
import { isPlaceholder } from '../placeholder.ts';
import { describeSelector, isEmptySelector, knownLabels, matches, type LabelSet, type Tri } from './selector.ts';

export const INJECT_SOURCE = 'pkg/kube/inject/inject.go';

export type Outcome = 'injected' | 'not-injected' | 'unknown';

export interface TraceStep {
  readonly text: string;
  /** Istio source behind the step, when there is one. */
  readonly source?: string;
}

/** What injectRequired() needs to know about a pod. */
export interface PodFacts {
  readonly hostNetwork: boolean;
  /** The pod's namespace; undefined when unknown. */
  readonly namespace: string | undefined;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

export interface RequiredResult {
  readonly required: boolean;
  /** True when the pod's own label or annotation decided (true/false), not the policy. */
  readonly explicit: boolean;
  readonly trace: readonly TraceStep[];
}

/** How a `sidecar.istio.io/inject` value reads in a given Istio version. */
export type InjectValue = { readonly kind: 'true' } | { readonly kind: 'false' } | { readonly kind: 'default'; readonly invalid: boolean };

export function parseInjectValue(value: string, version: IstioVersion): InjectValue {
  if (atLeast(version, 1, 27)) {
    // 1.27+ (#56737): exact "true"/"false"; anything else warns and falls back to the default.
    if (value === 'true') return { kind: 'true' };
    if (value === 'false') return { kind: 'false' };
    return { kind: 'default', invalid: value !== '' };
  }
  // Up to 1.26: y/yes/true/on (any case) mean true, "" the default, anything else false.
  const lower = value.toLowerCase();
  if (lower === '') return { kind: 'default', invalid: false };
  if (['y', 'yes', 'true', 'on'].includes(lower)) return { kind: 'true' };
  return { kind: 'false' };
}

/**
 * Whether injectRequired reads the pod label sidecar.istio.io/inject (over the annotation):
 * from 1.12.0 (#35813); up to 1.11 it reads only the annotation. Webhook objectSelectors
 * matched the label earlier (the chart's objectSelector, on by default from 1.9).
 */
export function readsInjectLabel(version: IstioVersion): boolean {
  return atLeast(version, 1, 12);
}

/** injectRequired's answer when the inputs do not decide it; `unknownBecause` names the value that would. */
export interface UnknownRequired {
  readonly required: 'unknown';
  readonly explicit: false;
  readonly trace: readonly TraceStep[];
  readonly unknownBecause?: string;
}

/** istiod's injectRequired(), step by step. */
export function injectRequired(pod: PodFacts, injector: Pick<InjectorConfig, 'policy' | 'neverInjectSelector' | 'alwaysInjectSelector' | 'policyUnknown'>, version: IstioVersion): RequiredResult | UnknownRequired {
  const trace: TraceStep[] = [];
  if (pod.hostNetwork) {
    trace.push({ text: 'the pod template has hostNetwork: true → Istio never injects it', source: `${INJECT_SOURCE} injectRequired` });
    return { required: false, explicit: false, trace };
  }
  if (pod.namespace === undefined) {
    trace.push({ text: 'the pod\'s namespace is unknown, so whether it is one Istio ignores (kube-system, …) is unknown' });
  } else if ((IGNORED_NAMESPACES as readonly string[]).includes(pod.namespace)) {
    trace.push({ text: `namespace ${pod.namespace} is one istiod never injects (${IGNORED_NAMESPACES.join(', ')})`, source: 'pkg/kube/inject/initializer.go' });
    return { required: false, explicit: false, trace };
  }
  // The pod label is read from 1.12 on (#35813, pkg/kube/inject/inject.go injectRequired at
  // 1.12.0); up to 1.11 only the annotation decides here, and the label only selects webhooks.
  const label = readsInjectLabel(version) ? pod.labels[INJECT_KEY] : undefined;
  const annotation = pod.annotations[INJECT_KEY];
  if (label === undefined && pod.labels[INJECT_KEY] !== undefined) {
    trace.push({ text: `Istio ${version.text} reads only the annotation ${INJECT_KEY} here, not the pod's label (read from 1.12 on)`, source: `${INJECT_SOURCE} injectRequired` });
  }
  let value = annotation ?? '';
  let from = annotation !== undefined ? `annotation ${INJECT_KEY}="${annotation}"` : '';
  if (label !== undefined) {
    value = label;
    from = `label ${INJECT_KEY}="${label}"${annotation !== undefined && annotation !== label ? ` (it wins over the annotation "${annotation}")` : ''}`;
  }
  // A value a tool fills in before the pod is applied ("{{ .Values.inject }}") may be "true" or
  // "false": what istiod reads is unknown, not an invalid value.
  const filledIn = isPlaceholder(value) ? `the pod's ${from}, which a tool fills in` : undefined;
  const parsed: InjectValue = filledIn ? { kind: 'default', invalid: false } : parseInjectValue(value, version);
  let useDefault = parsed.kind === 'default' && !filledIn;
  let inject = parsed.kind === 'true';
  if (filledIn) {
    trace.push({ text: `${filledIn}, decides whether it is injected: unknown` });
  } else if (parsed.kind === 'true' || parsed.kind === 'false') {
    trace.push({ text: `the pod's ${from} → ${parsed.kind === 'true' ? 'inject' : 'do not inject'}`, source: `${INJECT_SOURCE} injectRequired` });
  } else if (parsed.invalid) {
    trace.push({
      text: `the pod's ${from} is neither "true" nor "false": Istio ${version.text} logs a warning and falls back to the default policy`,
      source: `${INJECT_SOURCE} injectRequired`,
    });
  }
  const podLabels = knownLabels(pod.labels);
  // A selector over a label a tool fills in may or may not match.
  let openSelector: string | undefined;
  if (useDefault) {
    for (const s of injector.neverInjectSelector) {
      const m = isEmptySelector(s) ? false : matches(s, podLabels);
      if (m === 'unknown') openSelector ??= `neverInjectSelector ${describeSelector(s)}`;
      if (m === true) {
        trace.push({ text: `the pod matches neverInjectSelector ${describeSelector(s)} → do not inject`, source: `${INJECT_SOURCE} injectRequired` });
        inject = false;
        useDefault = false;
        break;
      }
    }
  }
  if (useDefault && openSelector === undefined) {
    for (const s of injector.alwaysInjectSelector) {
      const m = isEmptySelector(s) ? false : matches(s, podLabels);
      if (m === 'unknown') openSelector ??= `alwaysInjectSelector ${describeSelector(s)}`;
      if (m === true) {
        trace.push({ text: `the pod matches alwaysInjectSelector ${describeSelector(s)} → inject`, source: `${INJECT_SOURCE} injectRequired` });
        inject = true;
        useDefault = false;
        break;
      }
    }
  }
  if (typeof injector.policy === 'string' && isPlaceholder(injector.policy)) {
    trace.push({ text: `injector policy ${JSON.stringify(injector.policy)} is filled in by a tool: unknown` });
    return { required: 'unknown', explicit: false, trace, unknownBecause: `the injector policy ${JSON.stringify(injector.policy)}, which a tool fills in` };
  }
  // A policy a preset meshlint does not read may set: the pod's own "true" or "false" still decides.
  if (injector.policyUnknown !== undefined && (useDefault || filledIn)) {
    trace.push({ text: `the injector's policy is not known: ${injector.policyUnknown}` });
    return { required: 'unknown', explicit: false, trace, unknownBecause: `the injector's policy (${injector.policyUnknown})` };
  }
  const validPolicy = injector.policy === 'enabled' || injector.policy === 'disabled';
  if (validPolicy && filledIn) return { required: 'unknown', explicit: false, trace, unknownBecause: filledIn };
  if (validPolicy && useDefault && openSelector) {
    trace.push({ text: `whether the pod matches ${openSelector} is unknown: a label it reads is filled in by a tool` });
    return { required: 'unknown', explicit: false, trace, unknownBecause: `the pod's labels that ${openSelector} reads, which a tool fills in` };
  }
  let required: boolean;
  if (injector.policy === 'enabled') {
    required = useDefault ? true : inject;
    if (useDefault) trace.push({ text: 'injector policy "enabled" → inject by default', source: `${INJECT_SOURCE} injectRequired` });
  } else if (injector.policy === 'disabled') {
    required = useDefault ? false : inject;
    if (useDefault) trace.push({ text: 'injector policy "disabled" → no injection unless the pod asks for it', source: `${INJECT_SOURCE} injectRequired` });
  } else {
    required = false;
    trace.push({
      text: `injector policy ${JSON.stringify(injector.policy ?? '')} is neither "enabled" nor "disabled" → istiod disables injection for every pod ("Illegal value for autoInject")`,
      source: `${INJECT_SOURCE} injectRequired`,
    });
    return { required, explicit: false, trace };
  }
  if (pod.namespace === undefined && required) return { required: 'unknown', explicit: false, trace };
  return { required, explicit: !useDefault && (parsed.kind === 'true' || parsed.kind === 'false'), trace };
}

export interface WebhookGate {
  /** Entries that certainly match. */
  readonly matched: readonly InjectorWebhook[];
  /** Entries whose match depends on unknown namespace labels. */
  readonly maybe: readonly InjectorWebhook[];
}

/** Which injector entries the API server would call for these namespace and pod labels. */
export function webhookGate(webhooks: readonly InjectorWebhook[], namespaceLabels: LabelSet, podLabels: Readonly<Record<string, string>>): WebhookGate {
  const matched: InjectorWebhook[] = [];
  const maybe: InjectorWebhook[] = [];
  const pod = knownLabels(podLabels);
  for (const w of webhooks) {
    const obj: Tri = matches(w.objectSelector, pod);
    if (obj === false) continue;
    const ns = matches(w.namespaceSelector, namespaceLabels);
    if (ns === false) continue;
    if (ns === true && obj === true) matched.push(w);
    else maybe.push(w);
  }
  return { matched, maybe };
}

export interface InjectionPrediction {
  readonly outcome: Outcome;
  /** The webhook entry that injects (the first that matches), when one matches. */
  readonly via: InjectorWebhook | undefined;
  readonly gate: WebhookGate;
  /** injectRequired's answer, when a webhook would (or might) be called. */
  readonly required: boolean | 'unknown' | undefined;
  readonly explicit: boolean;
  readonly trace: readonly TraceStep[];
  /** The fact that would decide an unknown outcome. */
  readonly unknownBecause: string | undefined;
}

export interface PredictionInput {
  readonly pod: PodFacts;
  /** Labels of the pod's namespace: complete when the Namespace is known, else only its name. */
  readonly namespaceLabels: LabelSet;
  readonly namespaceKnown: boolean;
  /** How labels an operator sets came about (OpenShift Service Mesh membership), said after the namespace's labels. */
  readonly namespaceOperator?: TraceStep;
  readonly webhooks: readonly InjectorWebhook[];
  readonly injectorFor: (revision: string) => Pick<InjectorConfig, 'policy' | 'neverInjectSelector' | 'alwaysInjectSelector' | 'policyUnknown'>;
  readonly version: IstioVersion;
}

const webhookName = (w: InjectorWebhook): string => `${w.name} (MutatingWebhookConfiguration ${w.configName})`;

/** Whether an entry's match waits on the namespace's labels (rather than on the pod's). */
const namespaceOpen = (w: InjectorWebhook, namespaceLabels: LabelSet): boolean => matches(w.namespaceSelector, namespaceLabels) === 'unknown';

/** "label a=${A}" or "labels a=${A}, b={{ b }}": the pod's labels whose values a tool fills in. */
function filledInLabels(pod: PodFacts): string {
  const open = Object.entries(pod.labels).filter(([, v]) => isPlaceholder(v));
  return `label${open.length === 1 ? '' : 's'} ${open.map(([k, v]) => `${k}=${v}`).join(', ')}`;
}

export function predictInjection(input: PredictionInput): InjectionPrediction {
  const trace: TraceStep[] = [];
  const { pod } = input;
  const nsName = pod.namespace;
  const gate = webhookGate(input.webhooks, input.namespaceLabels, pod.labels);
  const nsDesc = nsName === undefined ? 'the namespace (unknown)' : `namespace ${nsName}`;
  const labelsDesc = (l: LabelSet): string => {
    const entries = Object.entries(l.known).filter(([k]) => k !== 'kubernetes.io/metadata.name');
    return entries.length ? entries.map(([k, v]) => `${k}=${v}`).join(', ') : 'no injection labels';
  };
  if (input.namespaceKnown) trace.push({ text: `${nsDesc} has ${labelsDesc(input.namespaceLabels)}` });
  else trace.push({ text: `${nsDesc} is not defined in the inputs or the config, so its labels are unknown` });
  if (input.namespaceOperator) trace.push(input.namespaceOperator);

  if (gate.matched.length === 0 && gate.maybe.length === 0) {
    trace.push({ text: 'no injector webhook matches the namespace and pod labels → the API server never calls the injector', source: 'manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml' });
    return { outcome: 'not-injected', via: undefined, gate, required: undefined, explicit: false, trace, unknownBecause: undefined };
  }
  const via = gate.matched[0] ?? gate.maybe[0];
  if (gate.matched.length > 0) {
    trace.push({ text: `webhook ${webhookName(gate.matched[0] as InjectorWebhook)} matches (namespaceSelector ${describeSelector((gate.matched[0] as InjectorWebhook).namespaceSelector)}; objectSelector ${describeSelector((gate.matched[0] as InjectorWebhook).objectSelector)})` });
    if (gate.matched.length > 1) trace.push({ text: `more webhooks match as well (${gate.matched.slice(1).map(webhookName).join(', ')}): the pod may be injected twice` });
  } else if (namespaceOpen(via as InjectorWebhook, input.namespaceLabels)) {
    trace.push({ text: `webhook ${webhookName(via as InjectorWebhook)} matches only if ${nsDesc} has the labels its namespaceSelector needs (${describeSelector((via as InjectorWebhook).namespaceSelector)})` });
  } else {
    trace.push({ text: `webhook ${webhookName(via as InjectorWebhook)} matches only if the pod's ${filledInLabels(pod)}, which a tool fills in, ${filledInLabels(pod).includes(',') ? 'meet' : 'meets'} its objectSelector (${describeSelector((via as InjectorWebhook).objectSelector)})` });
  }
  const injector = input.injectorFor((via as InjectorWebhook).revision);
  const req = injectRequired(pod, injector, input.version);
  trace.push(...req.trace);
  const required = req.required;
  if (required === false) return { outcome: 'not-injected', via, gate, required, explicit: req.explicit, trace, unknownBecause: undefined };
  if (gate.matched.length > 0 && required === true) {
    trace.push({ text: `→ injected (by istiod revision ${(via as InjectorWebhook).revision})` });
    return { outcome: 'injected', via, gate, required, explicit: req.explicit, trace, unknownBecause: undefined };
  }
  const nsOpen = gate.matched.length === 0 && namespaceOpen(via as InjectorWebhook, input.namespaceLabels);
  // A label something outside the inputs sets (an operator's membership label) decides.
  const openKey = nsOpen ? (via as InjectorWebhook).namespaceSelector.requirements.find((r) => input.namespaceLabels.open?.[r.key] !== undefined && !Object.hasOwn(input.namespaceLabels.known, r.key)) : undefined;
  const because =
    openKey && input.namespaceKnown
      ? (input.namespaceLabels.open?.[openKey.key] as string)
      : nsOpen && !input.namespaceKnown
      ? `the labels of ${nsDesc}: define the Namespace among the inputs, or under "namespaces:" in .meshlint.yaml`
      : nsOpen
        ? `the revision ${(via as InjectorWebhook).revision} that ${webhookName(via as InjectorWebhook)} serves, which a tool fills in`
        : 'unknownBecause' in req && req.unknownBecause !== undefined
        ? req.unknownBecause
        : gate.matched.length === 0
          ? `the pod's ${filledInLabels(pod)}, which a tool fills in`
          : `the pod's namespace: set metadata.namespace, or defaultNamespace / --namespace`;
  trace.push({ text: `→ unknown: it depends on ${because}` });
  return { outcome: 'unknown', via, gate, required, explicit: req.explicit, trace, unknownBecause: because };
}
