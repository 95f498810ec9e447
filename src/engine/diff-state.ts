// What `meshlint diff` keeps of each workload on one side, taken while that side is linted
// (LintOptions.onPodTemplate): its outcome (explainTemplate), and the places a change of that
// outcome can come from, so the diff can point at the line to look at: the namespace's
// labels, the workload itself, or the install setting that decides (the injecting webhook,
// Istio CNI, native sidecars, hold). Pure: the facts and a locator in, the state out.
import { crypto } from '../common/builtins.ts';
import type { Facts, NamespaceFact } from '../model/facts.ts';
import { predictForTemplate } from '../model/injection/pod-injection.ts';
import { sidecarPlan } from '../model/pod/sidecar.ts';
import type { PodTemplate } from '../model/workload.ts';
import type { Locator } from '../parse/locator.ts';
import type { Resource, Target } from '../common/types.ts';

/** Objects held until the side's facts arrive: far above a real repository's before its first workload. */
const MAX_HELD = 200_000;
import { stateOf, withCalls, type Place, type WorkloadState } from './diff.ts';
import { clientOf, TrafficInputs, type ClientRecord } from '../model/traffic/inputs.ts';
import { callSummary } from '../model/traffic/calls.ts';
import { explainTemplate, workloadLine } from './explain.ts';
import { locatePath } from './linter.ts';

/** Where a target is: its file and line. */
function placeOf(target: Target, locator: Locator): Place {
  const { doc, offsets } = locatePath(target, locator);
  return { filePath: doc.file.displayPath, line: locator.position(doc.file, offsets[0]).line };
}

/** Where a rendered workload's template writes it: the rendered object's start, mapped back. */
function templatePlace(t: PodTemplate, locator: Locator): Place {
  const { doc, offsets } = locatePath({ resource: t.resource, path: [] }, locator);
  const origin = doc.file.origin;
  const start = locator.position(doc.file, offsets[0]);
  const range = { line: start.line, column: start.column, endLine: start.line, endColumn: start.column };
  if (!origin) return { filePath: doc.file.displayPath, line: start.line };
  const back = origin.mapBack({ doc, docPath: [], resource: t.resource, range });
  return { filePath: back.filePath, line: back.range.line };
}

/** A namespace's labels in one line, and where they are written (the Namespace object, or what creates it). */
function namespaceState(ns: NamespaceFact | undefined, locator: Locator): { labels: string; at?: Place } {
  if (!ns) return { labels: 'not defined' };
  const labels = Object.entries(ns.labels).map(([k, v]) => `${k}=${v}`).sort().join(', ') || 'no labels';
  const target: Target | undefined = ns.resource ? { resource: ns.resource, path: ['metadata', 'labels'] } : ns.createdBy?.target;
  return target ? { labels, at: placeOf(target, locator) } : { labels };
}

/** The workload's object as written, in short: a change to it is the workload's own. */
const digest = (object: unknown): string => crypto().createHash('sha256').update(JSON.stringify(object) ?? '').digest('base64url').slice(0, 22);

/** Where a key of the side's config file is (`['istio', 'cni']`), when the config states it. */
export type ConfigPlace = (keys: readonly string[]) => Place | undefined;

/** The config keys behind the install settings a diff points at (README, Configuration). */
const CONFIG_KEYS = {
  cni: ['istio', 'cni'],
  native: ['istio', 'nativeSidecars'],
  hold: ['istio', 'holdApplicationUntilProxyStarts'],
} as const;

/** The states of one side's workloads, collected as the lint pass meets their pod templates. */
export class SideStates {
  readonly states: [string, WorkloadState][] = [];
  /** The side's Services, ConfigMaps and pods, for each workload's calls once every input is read. */
  private traffic: TrafficInputs | undefined;
  private readonly resources: Resource[] = [];
  /** What each workload names, as callsOf reads it (its document is not kept); undefined where its namespace is unknown. */
  private readonly clients: ({ readonly calls: ClientRecord; readonly namespace: string } | undefined)[] = [];

  constructor(private readonly configPlace: ConfigPlace = () => undefined) {}
  /** Each namespace's labels and where they are written, once per side. */
  private readonly namespaces = new Map<string, { labels: string; at?: Place }>();

  /** For LintOptions.onResource. */
  readonly addResource = (r: Resource): void => {
    if (this.traffic) this.traffic.addResource(r);
    else if (this.resources.length < MAX_HELD) this.resources.push(r);
  };

  /** The states, each with the calls it makes (explain's): what a change that resets a call compares. */
  withCalls(): [string, WorkloadState][] {
    const traffic = this.traffic;
    if (!traffic) return this.states;
    return this.states.map(([name, state], i) => {
      const client = this.clients[i];
      const calls = client ? traffic.callsOf(client.calls, client.namespace).map(callSummary) : [];
      return calls.length > 0 ? [name, withCalls(state, calls)] : [name, state];
    });
  }

  /** For LintOptions.onPodTemplate. */
  readonly add = (t: PodTemplate, facts: Facts, locator: Locator): void => {
    if (!this.traffic) {
      // The run's facts arrive with the first workload: the objects met before it are read now.
      this.traffic = new TrafficInputs(facts);
      for (const r of this.resources.splice(0)) this.traffic.addResource(r);
    }
    this.traffic.addPodTemplate(t);
    const home = t.resource.namespace;
    this.clients.push(home !== undefined ? { calls: clientOf(t, home), namespace: home } : undefined);
    // A value read from a Secret (a revision) is compared as it is shown: it names its Secret (hidden-values.ts).
    const explained = explainTemplate(t, facts, workloadLine(t, locator));
    const e = facts.mesh.hidden?.hideAll(explained) ?? explained;
    const name = t.resource.namespace;
    let ns = name === undefined ? undefined : this.namespaces.get(name);
    if (name !== undefined && !ns) {
      ns = namespaceState(facts.namespaces.get(name), locator);
      this.namespaces.set(name, ns);
    }
    const at = (target: Target | undefined): Place | undefined => (target ? placeOf(target, locator) : undefined);
    const via = predictForTemplate(t, facts).via;
    const plan = e.outcome === 'not-injected' ? undefined : sidecarPlan(t, facts);
    // A setting among the inputs is where its object says; one the config states, at its key.
    const stated = (d: { readonly stated?: { readonly origin: string; readonly target: Target | undefined } } | undefined, keys: readonly string[]): Place | undefined =>
      d?.stated?.target ? at(d.stated.target) : d?.stated?.origin === 'config' ? this.configPlace(keys) : undefined;
    const webhook = via?.resource
      ? at({ resource: via.resource, path: via.index !== undefined ? ['webhooks', via.index] : ['metadata', 'name'] })
      : via?.declaredAt
        ? at(via.declaredAt)
        : via?.origin === 'config'
          ? this.configPlace(via.tag !== undefined ? ['istio', 'revisionTags', via.tag] : ['istio', 'revisions'])
          : undefined;
    const install = {
      webhook,
      cni: stated(plan?.cni, CONFIG_KEYS.cni),
      native: stated(plan?.native, CONFIG_KEYS.native),
      hold: stated(plan?.hold, CONFIG_KEYS.hold),
    };
    const source = t.resource.doc.helmSource;
    const origin = t.resource.doc.file.origin;
    const volatileName = source !== undefined && origin?.volatile?.(source) === true;
    // A rendered workload is looked at in its template, and a change to it may be a values file's.
    const chart = origin?.tool === 'helm' && origin.inputs ? { template: templatePlace(t, locator), values: origin.inputs } : undefined;
    this.states.push([e.resource, stateOf(e, { namespace: ns, workload: digest(t.resource.object), install, ...(chart ? { chart } : {}) }, volatileName)]);
  };
}
