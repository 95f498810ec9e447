// The injection prediction for a pod template, from the facts gathered over all inputs.
// Cached per template: several rules ask the same question.
import { predictCapture, type CaptureInput, type CapturePrediction } from '../ambient/capture.ts';
import type { Facts } from '../facts.ts';
import { predictInjection, type InjectionPrediction, type PodFacts } from './injection.ts';
import type { LabelSet } from './selector.ts';
import { labelRecord, type PodTemplate } from '../workload.ts';
import { describeMembership, MEMBERSHIP_SOURCE, operatorLabels, type OssmMesh } from '../install/ossm.ts';


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
  const own = writtenLabelSet(name, facts);
  return facts.mesh.ossm ? withOperatorLabels(name, own, facts.mesh.ossm) : own;
}

/** The labels the inputs or the config write on a namespace. */
function writtenLabelSet(name: string, facts: Facts): { labels: LabelSet; known: boolean } {
  const ns = facts.namespaces.get(name);
  return ns
    ? { labels: { known: ns.labels, complete: true }, known: true }
    : { labels: { known: { 'kubernetes.io/metadata.name': name }, complete: false }, known: false };
}

/** The labels OpenShift Service Mesh's operator sets on a namespace (membership), over those written. */
const withOperatorLabels = perNamespace((name: string, own: { labels: LabelSet; known: boolean }, ossm: OssmMesh): { labels: LabelSet; known: boolean } => {
  const set = operatorLabels(name, ossm.membershipOf(name, own.labels));
  // A label written on the Namespace is what the API server has (the operator keeps it).
  const labels = { ...set.labels, ...own.labels.known };
  const open = Object.fromEntries(Object.entries(set.open).filter(([k]) => !Object.hasOwn(own.labels.known, k)));
  return { labels: { known: labels, complete: own.labels.complete, ...(Object.keys(open).length > 0 ? { open } : {}) }, known: own.known };
});

/** Computed once per namespace and mesh: every pod template of a namespace asks the same. */
function perNamespace<T>(decide: (name: string, own: { labels: LabelSet; known: boolean }, ossm: OssmMesh) => T): (name: string, own: { labels: LabelSet; known: boolean }, ossm: OssmMesh) => T {
  const cache = new WeakMap<OssmMesh, Map<string, T>>();
  return (name, own, ossm) => {
    let byName = cache.get(ossm);
    if (!byName) cache.set(ossm, (byName = new Map()));
    if (byName.has(name)) return byName.get(name) as T;
    const decided = decide(name, own, ossm);
    byName.set(name, decided);
    return decided;
  };
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
  const ossm = facts.mesh.ossm;
  const name = t.resource.namespace;
  return predictInjection({
    pod: podFacts(t),
    namespaceLabels: ns.labels,
    namespaceKnown: ns.known,
    ...(ossm && name !== undefined ? { namespaceOperator: { text: describeMembership(name, ossm.membershipOf(name, writtenLabelSet(name, facts).labels)), source: MEMBERSHIP_SOURCE } } : {}),
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
