// The injection prediction for a pod template, from the facts gathered over all inputs.
// Cached per template: several rules ask the same question.
import { predictCapture, type CapturePrediction } from './ambient.ts';
import type { Facts } from './facts.ts';
import { predictInjection, type InjectionPrediction, type PodFacts } from './injection.ts';
import type { LabelSet } from './selector.ts';
import { labelString, type PodTemplate } from './workload.ts';

const cache = new WeakMap<PodTemplate, WeakMap<Facts, InjectionPrediction>>();

const stringRecord = (r: Readonly<Record<string, unknown>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) out[k] = labelString(v) ?? '';
  return out;
};

export function podFacts(t: PodTemplate): PodFacts {
  return {
    hostNetwork: t.spec.hostNetwork === true,
    namespace: t.resource.namespace,
    labels: stringRecord(t.labels),
    annotations: stringRecord(t.annotations),
  };
}

/** Labels of a namespace as far as they are known. */
export function namespaceLabelSet(name: string | undefined, facts: Facts): { labels: LabelSet; known: boolean } {
  if (name === undefined) return { labels: { known: {}, complete: false }, known: false };
  const ns = facts.namespaces.get(name);
  if (ns) return { labels: { known: ns.labels, complete: true }, known: true };
  return { labels: { known: { 'kubernetes.io/metadata.name': name }, complete: false }, known: false };
}

export function predictForTemplate(t: PodTemplate, facts: Facts): InjectionPrediction {
  let byFacts = cache.get(t);
  const hit = byFacts?.get(facts);
  if (hit) return hit;
  const ns = namespaceLabelSet(t.resource.namespace, facts);
  const prediction = predictInjection({
    pod: podFacts(t),
    namespaceLabels: ns.labels,
    namespaceKnown: ns.known,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version,
  });
  if (!byFacts) {
    byFacts = new WeakMap();
    cache.set(t, byFacts);
  }
  byFacts.set(facts, prediction);
  return prediction;
}

const captures = new WeakMap<PodTemplate, WeakMap<Facts, CapturePrediction>>();

/** Whether ztunnel captures the pods of a template (ambient), they get a sidecar, or neither. */
export function captureForTemplate(t: PodTemplate, facts: Facts): CapturePrediction {
  let byFacts = captures.get(t);
  const hit = byFacts?.get(facts);
  if (hit) return hit;
  const prediction = predictCapture({
    pod: podFacts(t),
    namespaceLabels: namespaceLabelSet(t.resource.namespace, facts).labels,
    injection: predictForTemplate(t, facts),
    install: facts.mesh.capture,
  });
  if (!byFacts) {
    byFacts = new WeakMap();
    captures.set(t, byFacts);
  }
  byFacts.set(facts, prediction);
  return prediction;
}
