// `meshlint explain`: for each workload, the injection outcome and the reasons, in plain
// words with Istio source paths. What a user runs when asking "why is there no sidecar?".
import type { ReadOutcome } from '../load/read.ts';
import { describeResource, resourcesOf } from '../load/resources.ts';
import { withVersion, type Facts } from '../model/facts.ts';
import type { Outcome, TraceStep } from '../model/injection/injection.ts';
import { admissionOf, type InitAdmission } from '../model/pod/admission.ts';
import { DATAPLANE_MODE, type CaptureOutcome } from '../model/ambient/capture.ts';
import { captureForTemplate, namespaceLabelSet, podFacts, predictForTemplate } from '../model/injection/pod-injection.ts';
import { waypointTrace } from '../model/ambient/waypoint.ts';
import { sidecarPlan, type Decided, type Tri } from '../model/pod/sidecar.ts';
import { getIn, labelRecord, podTemplatesOf, templateLabel, type PodTemplate } from '../model/workload.ts';
import { effectiveMtls, type RootNamespace } from '../model/traffic/peer-authentication.ts';
import { picks } from '../model/traffic/policy-kinds.ts';
import { proxyOf } from '../model/traffic/proxy.ts';
import { clientOf, TrafficInputs, type ClientRecord } from '../model/traffic/inputs.ts';
import { callSummary, type CallSummary } from '../model/traffic/calls.ts';
import { Locator } from '../parse/locator.ts';
import { parseFile } from '../parse/yaml.ts';
import type { Config } from './config.ts';
import { factsReport, locateWith, type FactsReport, type WorkloadAt } from './facts-report.ts';
import { factsPass } from './facts-pass.ts';
import { MAX_UNREAD, unreadOf, type Unread } from './unread.ts';

export interface Explanation {
  /** "Kind namespace/name". */
  readonly resource: string;
  /** The workload's namespace, when known. */
  readonly namespace?: string;
  readonly filePath: string;
  readonly line: number;
  readonly helmSource?: string;
  /** Whether Istio injects a sidecar. */
  readonly outcome: Outcome;
  /**
   * The workload's place in the mesh, as the mesh map and its coverage count it: a sidecar, ztunnel
   * (ambient), neither, or unknown when the injection or the capture is. An ambient pod has
   * `outcome` not-injected and `mesh` ambient.
   */
  readonly mesh: MeshOutcome;
  /** The webhook entry that injects, "name (MutatingWebhookConfiguration x)". */
  readonly via?: string;
  readonly revision?: string;
  readonly trace: readonly TraceStep[];
  readonly unknownBecause?: string;
  /** For a pod that is (or may be) injected: the sidecar it gets, as far as start-up and admission care. */
  readonly sidecar?: { readonly native: string; readonly hold: string; readonly cni: string };
  /** For an injected pod in a namespace that enforces Pod Security: whether admission lets its init container through. */
  readonly admission?: { readonly outcome: InitAdmission['outcome']; readonly why: string };
  /**
   * For a pod with a proxy (a sidecar, or ztunnel in ambient): the mTLS mode its PeerAuthentications
   * give it (the workload's, and each port it declares where that differs), and the selector
   * policies that pick it.
   */
  readonly mtls?: { readonly mode: string; readonly why: string; readonly ports: readonly { readonly port: number; readonly mode: string; readonly why: string }[]; readonly policies: readonly string[] };
  /** The Service ports among the inputs the workload names (env values, commands, ConfigMaps it reads), with the proxies and mode of the pods behind each. */
  readonly calls?: readonly CallSummary[];
  /** Ambient capture, for a pod a label asks to be in ambient (or may): sidecar, ambient, none or unknown, and why. */
  readonly dataPlane?: { readonly outcome: CaptureOutcome; readonly trace: readonly TraceStep[]; readonly unknownBecause?: string; readonly waypoints?: readonly string[] };
}

export type MeshOutcome = 'injected' | 'ambient' | 'none' | 'unknown';

/** Sidecar or not from the injection; ambient when ztunnel captures it; unknown when either is. */
export function meshOutcomeOf(outcome: Outcome, dataPlane: Explanation['dataPlane']): MeshOutcome {
  if (dataPlane?.outcome === 'ambient') return 'ambient';
  if (outcome === 'injected') return 'injected';
  if (outcome === 'unknown' || dataPlane?.outcome === 'unknown') return 'unknown';
  return 'none';
}

/** "Deployment/shop/web", "Deployment/web", "shop/web" or "web" → does it name this workload? */
export function selectsResource(selector: string, kind: string, namespace: string | undefined, name: string): boolean {
  const parts = selector.split('/');
  const [a, b, c] = parts;
  if (parts.length === 3) return a?.toLowerCase() === kind.toLowerCase() && b === (namespace ?? '') && c === name;
  if (parts.length === 2) return (a?.toLowerCase() === kind.toLowerCase() || a === namespace) && b === name;
  return a === name;
}

const word = (d: Decided<Tri>, yes: string, no: string): string => `${d.value === true ? yes : d.value === false ? no : 'unknown'}: ${d.why}`;

function describePlan(plan: ReturnType<typeof sidecarPlan>): NonNullable<Explanation['sidecar']> {
  return {
    native: word(plan.native, 'native sidecar', 'classic sidecar'),
    hold: plan.native.value === true ? 'not needed with a native sidecar' : word(plan.hold, 'app held until the proxy is ready', 'app not held'),
    cni: word(plan.cni, 'Istio CNI (istio-validation)', 'istio-init'),
  };
}

/** What one pod template is, from the run's facts: outcome, trace, sidecar plan, ambient capture. */
export function explainTemplate(t: PodTemplate, facts: Facts, line: number, filePath?: string): Explanation {
  const r = t.resource;
  const doc = r.doc;
  const p = predictForTemplate(t, facts);
  const admission = admissionOf(t, facts);
  // Said only where a label speaks of ambient (asks for it, or a pod's `none` opts out): a
  // sidecar-only mesh never sees it, not even for a namespace whose labels are unknown.
  const capture = captureForTemplate(t, facts);
  const saysAmbient = capture.ambientAsked === true || podFacts(t).labels[DATAPLANE_MODE] !== undefined || namespaceLabelSet(r.namespace, facts).labels.known[DATAPLANE_MODE] !== undefined;
  const dataPlane = !saysAmbient
    ? undefined
    : {
        outcome: capture.outcome,
        trace: capture.trace,
        ...(capture.unknownBecause ? { unknownBecause: capture.unknownBecause } : {}),
        // Which waypoint serves it matters only to a pod ztunnel captures.
        ...(capture.outcome === 'ambient'
          ? { waypoints: waypointTrace(podFacts(t).labels, r.namespace, namespaceLabelSet(r.namespace, facts).labels, facts.mesh.waypoints, facts.mesh.version) }
          : {}),
      };
  return {
    resource: `${describeResource(r)}${templateLabel(t)}`,
    ...(r.namespace !== undefined ? { namespace: r.namespace } : {}),
    filePath: filePath ?? doc.file.displayPath,
    line,
    ...(doc.helmSource ? { helmSource: doc.helmSource } : {}),
    outcome: p.outcome,
    mesh: meshOutcomeOf(p.outcome, dataPlane),
    ...(p.via ? { via: `${p.via.name} (MutatingWebhookConfiguration ${p.via.configName})`, revision: p.via.revision } : {}),
    trace: p.trace,
    ...(p.unknownBecause ? { unknownBecause: p.unknownBecause } : {}),
    ...(p.outcome !== 'not-injected' ? { sidecar: describePlan(sidecarPlan(t, facts)) } : {}),
    ...(admission ? { admission: { outcome: admission.outcome, why: admission.why } } : {}),
    ...(dataPlane ? { dataPlane } : {}),
    ...mtlsOf(t, facts),
  };
}

/** Ports read of one pod for its mTLS modes: far above real ones. */
const MAX_MTLS_PORTS = 64;

/** The mTLS a pod with a proxy gets, from the PeerAuthentications among the inputs (model/traffic). */
function mtlsOf(t: PodTemplate, facts: Facts): { mtls?: NonNullable<Explanation['mtls']> } {
  const ns = t.resource.namespace;
  const { peerAuthentications, selectorPolicies, rootNamespace } = facts.mesh.mtls;
  if (ns === undefined || (peerAuthentications.length === 0 && selectorPolicies.length === 0)) return {};
  const proxy = proxyOf(t, facts);
  if ((proxy.proxy !== 'sidecar' && proxy.proxy !== 'ztunnel') || proxy.gateway) return {};
  const pod = { namespace: ns, labels: labelRecord(t.labels) };
  const root: RootNamespace = rootNamespace ? { known: true, name: rootNamespace.name } : { known: false };
  const workload = effectiveMtls(pod, 0, peerAuthentications, root);
  const ports = [...new Set(t.containers.filter((c) => c.group === 'containers').flatMap((c) => (Array.isArray(c.object.ports) ? c.object.ports.slice(0, MAX_MTLS_PORTS) : [])).map((p) => getIn(p, ['containerPort'])).filter((p): p is number => typeof p === 'number'))]
    .sort((a, b) => a - b)
    .flatMap((port) => {
      const m = effectiveMtls(pod, port, peerAuthentications, root);
      return m.mode !== workload.mode ? [{ port, mode: m.mode, why: m.why }] : [];
    });
  const policies = selectorPolicies.filter((p) => picks(p, ns, pod.labels)).map((p) => `${p.kind.kind} ${p.namespace}/${p.resource.name}`);
  return { mtls: { mode: workload.mode, why: workload.why, ports, policies } };
}

/** The line of a workload's name: where explain and diff point. */
export function workloadLine(t: PodTemplate, locator: Locator): number {
  const [start] = locator.offsets(t.resource.doc, [...t.resource.basePath, 'metadata', 'name']);
  return locator.position(t.resource.doc.file, start).line;
}

/**
 * Where a workload is written, as the user edits it: its name's line in its file, or for a
 * rendered one, the line of the template (or the overlay's file) it comes from, as findings
 * are placed, never the line of the rendered output next to the source's name.
 */
export function workloadPlace(t: PodTemplate, locator: Locator): { readonly filePath: string; readonly line: number } {
  const doc = t.resource.doc;
  const path = [...t.resource.basePath, 'metadata', 'name'];
  const [start, end] = locator.offsets(doc, path);
  const from = locator.position(doc.file, start);
  const origin = doc.file.origin;
  if (!origin) return { filePath: doc.file.displayPath, line: from.line };
  const to = locator.position(doc.file, end);
  const at = origin.mapBack({ doc, docPath: path, resource: t.resource, range: { line: from.line, column: from.column, endLine: to.line, endColumn: to.column } });
  return { filePath: at.filePath, line: at.range.line };
}

export function explain(inputs: readonly ReadOutcome[], config: Config, opts: { cliIstioVersion?: string; resource?: string; context?: readonly ReadOutcome[]; report?: boolean }): { explanations: Explanation[]; facts: Facts; report?: FactsReport; unread: Unread[] } {
  const facts = factsPass(inputs, config, { context: opts.context, cliIstioVersion: opts.cliIstioVersion });
  const locator = new Locator();
  const explanations: Explanation[] = [];
  // For the mesh map: the namespaces' labels and sources and the unknowns, from the same facts.
  const workloads: WorkloadAt[] = [];
  const unread: Unread[] = [];
  // Every Service, ConfigMap and pod of the inputs, for each workload's calls once all are read.
  const traffic = new TrafficInputs(facts);
  const callers: { index: number; calls: ClientRecord; namespace: string }[] = [];
  for (const input of inputs) {
    if (!input.ok) {
      unread.push(...unreadOf(input, [], locator));
      continue;
    }
    // Each file as lint judges it: against the Istio version of its nearest install.
    const fact = facts.mesh.versions.forFile(input.file.displayPath);
    const scoped = fact === facts.mesh.versionFact ? facts : withVersion(facts, fact);
    // A document YAML cannot read (a template among them) has no resource to explain; one
    // with a syntax error is named as unread.
    const docs = [...parseFile(input.file)];
    if (unread.length < MAX_UNREAD) unread.push(...unreadOf(input, docs, locator));
    for (const doc of docs) {
      for (const r of resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace).resources) {
        traffic.addResource(r);
        const explained = !opts.resource || selectsResource(opts.resource, r.kind, r.namespace, r.name);
        for (const t of podTemplatesOf(r)) {
          traffic.addPodTemplate(t);
          if (!explained) continue;
          if (r.namespace !== undefined) callers.push({ index: explanations.length, calls: clientOf(t, r.namespace), namespace: r.namespace });
          const { filePath, line } = workloadPlace(t, locator);
          if (opts.report) workloads.push({ template: t, filePath, line });
          // As lint judges it: against its own revision's version where the installs run several.
          const revision = facts.mesh.versions.byRevision(fact) ? predictForTemplate(t, scoped).via?.revision : undefined;
          const narrowed = revision === undefined ? undefined : facts.mesh.versions.forRevision(fact, revision);
          const own = narrowed ? withVersion(facts, narrowed) : scoped;
          // Values read from Secrets decide the outcome but are not shown (hidden-values.ts).
          explanations.push(own.mesh.hidden?.hideAll(explainTemplate(t, own, line, filePath)) ?? explainTemplate(t, own, line, filePath));
        }
      }
    }
    locator.forget(input.file);
  }
  for (const { index, calls: client, namespace } of callers) {
    const calls = traffic.callsOf(client, namespace).map(callSummary);
    const e = explanations[index];
    if (e && calls.length > 0) explanations[index] = { ...e, calls };
  }
  if (!opts.report) return { explanations, facts, unread };
  return { explanations, facts, report: factsReport(facts, workloads, locateWith(locator), unread), unread };
}
