// The injection prediction for a pod template, from the facts gathered over all inputs.
// Cached per template: several rules ask the same question.
import { predictCapture, type CaptureInput, type CapturePrediction } from '../ambient/capture.ts';
import type { Facts } from '../facts.ts';
import { predictInjection, type InjectionPrediction, type PodFacts } from './injection.ts';
import type { LabelSet } from './selector.ts';
import { labelRecord, type PodTemplate } from '../workload.ts';


export function podFacts(t: PodTemplate): PodFacts {
  return {
    hostNetwork: t.spec.hostNetwork === true,
    namespace: t.resource.namespace,
    labels: labelRecord(t.labels),
    annotations: labelRecord(t.annotations),
  };
}

/** Labels of a namespace as far as they are known. */
export function namespaceLabelSet(name: string | undefined, facts: Facts): { labels: LabelSet; known: boolean } {
  if (name === undefined) return { labels: { known: {}, complete: false }, known: false };
  const ns = facts.namespaces.get(name);
  if (ns) return { labels: { known: ns.labels, complete: true }, known: true };
  return { labels: { known: { 'kubernetes.io/metadata.name': name }, complete: false }, known: false };
}

/** A decision per pod template and facts, made once: several rules ask the same question. */
function perTemplate<T>(decide: (t: PodTemplate, facts: Facts) => T): (t: PodTemplate, facts: Facts) => T {
  const cache = new WeakMap<PodTemplate, WeakMap<Facts, T>>();
  return (t, facts) => {
    let byFacts = cache.get(t);
    if (!byFacts) cache.set(t, (byFacts = new WeakMap()));
    if (byFacts.has(facts)) return byFacts.get(facts) as T;
    const decided = decide(t, facts);
    byFacts.set(facts, decided);
    return decided;
  };
}

export const predictForTemplate: (t: PodTemplate, facts: Facts) => InjectionPrediction = perTemplate((t, facts) => {
  const ns = namespaceLabelSet(t.resource.namespace, facts);
  return predictInjection({
    pod: podFacts(t),
    namespaceLabels: ns.labels,
    namespaceKnown: ns.known,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version,
  });
});

/** Whether ztunnel captures the pods of a template (ambient), they get a sidecar, or neither. */
export const captureForTemplate: (t: PodTemplate, facts: Facts) => CapturePrediction = perTemplate((t, facts) => predictCapture(captureInputOf(t, facts)));

/** What the capture decision reads of a template and the facts. */
export function captureInputOf(t: PodTemplate, facts: Facts): CaptureInput {
  return {
    version: facts.mesh.version,
    pod: podFacts(t),
    namespaceLabels: namespaceLabelSet(t.resource.namespace, facts).labels,
    injection: predictForTemplate(t, facts),
    install: facts.mesh.capture,
  };
}
