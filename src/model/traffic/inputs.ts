// What the traffic rules gather over a run (rules are created per run and see every input):
// Services, PeerAuthentications, the root namespace the mesh configs name, and each pod
// template with the proxy the injection outcome gives it. Bounded for hostile inputs.
import type { Facts } from '../facts.ts';
import type { Path, RelatedLocation, Resource } from '../../common/types.ts';
import { slimResource, templatePlace, wholeResource } from '../place.ts';
import { describeResource, getIn, labelRecord, type PodTemplate } from '../workload.ts';
import { DEFAULT_ROOT_NAMESPACE, effectiveMtls, type EffectiveMtls, type PeerAuthentication, type RootNamespace } from './peer-authentication.ts';
import { serviceOfHost } from './hosts.ts';
import { overlap, visibilityOf } from './export.ts';
import { EXCLUDE_INBOUND, inboundAnnotationsOf, inboundCaptured, INCLUDE_INBOUND } from './inbound.ts';
import { proxyOf, type Proxy } from './proxy.ts';
import { containerPortsOf, endpointPort, selects, serviceOf, type ContainerPort, type ServiceInfo, type ServicePort } from './service.ts';
import { configMapReferences, configMapsReadBy, hostReferencesOf, referencesInConfigMap, type ConfigMapRead, type ConfigMapReferences, type HostReference } from './references.ts';

/**
 * Pods, and Services, kept of one namespace. Beyond, the namespace is not judged at all: a partial
 * list would read as absence (a subset that selects no pod, a principal whose pods have no proxy).
 */
export const MAX_PER_NAMESPACE = 20_000;
/** Pod templates compared with Service selectors over a run (podsOf): bounded for hostile input. */
const MAX_SELECTOR_COMPARISONS = 50_000_000;
/** Pod templates compared with Service selectors for the calls of a run's workloads: bounded for hostile input. */
const MAX_CALL_COMPARISONS = 2_000_000;

/** A Service port a workload names (model/traffic/references.ts), and the pods behind it with their mode on it. */
export interface Call {
  readonly ref: HostReference;
  readonly service: ServiceInfo;
  readonly port: ServicePort;
  /** The pod templates the Service selects among the inputs. */
  readonly pods: readonly PodAt[];
  /** Each pod's mTLS mode on the port it serves for this one; undefined when a pod names no such port. */
  readonly modes: readonly PortMode[] | undefined;
}

/** The mode of a pod on a port: its PeerAuthentications', or `uncaptured` where its sidecar does not take that port. */
export type PortMode = Omit<EffectiveMtls, 'mode'> & { readonly mode: EffectiveMtls['mode'] | 'uncaptured' };

/**
 * What the traffic rules read of a pod template once its file is done: its object for reporting
 * only (model/place.ts slimResource), and the fields they judge. Kept for every workload of a
 * run, so none keeps its document.
 */
export interface PodRecord {
  readonly resource: Resource;
  /** The template's path inside the object. */
  readonly path: Path;
  /** spec.serviceAccountName, else spec.serviceAccount, as written. */
  readonly serviceAccount: unknown;
  /** The ports its app containers declare, in order. */
  readonly ports: readonly ContainerPort[];
  readonly includeInbound: unknown;
  readonly excludeInbound: unknown;
}

/** The record of a pod template (see PodRecord). */
export function podRecordOf(t: PodTemplate, paths: readonly Path[] = []): PodRecord {
  const { includeInbound, excludeInbound } = inboundAnnotationsOf(t);
  return { ...templatePlace(t, paths), serviceAccount: t.spec.serviceAccountName ?? t.spec.serviceAccount, ports: containerPortsOf(t), includeInbound, excludeInbound };
}

/** What a workload names that may be a Service: the host references it writes, and the ConfigMaps it reads. */
export interface ClientRecord {
  /** The workload's object for reporting only: the paths of its references are kept. */
  readonly resource: Resource;
  readonly references: readonly HostReference[];
  readonly reads: readonly ConfigMapRead[];
}

/** A pod template's calls, as callsOf reads them; its references name paths of `resource` (a stand-in, see slimResource). */
export function clientOf(t: PodTemplate, namespace: string): ClientRecord {
  const references = hostReferencesOf(t, namespace);
  const resource = slimResource(t.resource, references.map((r) => r.path));
  return { references, reads: configMapsReadBy(t), resource };
}

/** A pod template of the inputs: its namespace, labels and proxy. */
export interface PodAt {
  readonly t: PodRecord;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly proxy: Proxy;
  /** Why it has the proxy it has. */
  readonly why: string;
  /** A gateway: Istio's proxy itself, whose listeners its Gateway resources make. */
  readonly gateway: boolean;
}

/** Each lint scope's gathering, by its facts (see TrafficInputs.of). */
const sharedByFacts = new WeakMap<Facts, TrafficInputs>();

export class TrafficInputs {
  /**
   * The gathering the traffic rules of one lint scope share, by the scope's facts: one record of
   * each pod, Service and policy, however many rules read them. The rules of a scope see the same
   * objects in the same order, so each is read once (the first rule to meet it adds it). A bound
   * reached is said once, through the first rule's context (the rules of a run share their notes).
   */
  static of(context: BoundContext & { readonly facts: Facts }): TrafficInputs {
    let inputs = sharedByFacts.get(context.facts);
    if (!inputs) {
      inputs = new TrafficInputs(context.facts, (r, detail) => context.unknown('traffic-bound', r, detail));
      sharedByFacts.set(context.facts, inputs);
    }
    return inputs;
  }

  readonly pods: PodAt[] = [];
  readonly services: ServiceInfo[] = [];
  /** DestinationRules and AuthorizationPolicies among the inputs, for the rules that judge them. */
  readonly destinationRules: Resource[] = [];
  readonly authorizationPolicies: Resource[] = [];
  /** ConfigMaps among the inputs that name a Service, by namespace/name: where a workload may read its address. */
  private readonly configMaps = new Map<string, ConfigMapReferences>();
  private callComparisons = 0;
  private callsExhausted = false;
  /** The object and pod template read last, and what the template gave: the next rule to meet them reads them again. */
  private lastResource: Resource | undefined;
  private lastTemplate: { readonly t: PodTemplate; readonly pod: PodAt | undefined } | undefined;
  /** The PeerAuthentications of the run's facts (every input and context file, read once for every step of a version range). */
  readonly policies: readonly PeerAuthentication[];
  private byName: Map<string, ServiceInfo> | undefined;
  /** The pods and Services of each namespace (selectors pick in their own namespace only): built when first asked, once every input is read. */
  private podsByNamespace: Map<string, PodAt[]> | undefined;
  private servicesByNamespace: Map<string, ServiceInfo[]> | undefined;

  /** Namespaces with more pods or Services than are kept: nothing there is judged. */
  private readonly overflow = new Set<string>();
  /** Pods, and Services, kept of each namespace. */
  private readonly counts = new Map<string, { pods: number; services: number }>();
  /** Each Service's pods, as podsOf found them (several rules ask for the same Service), and the comparisons made. */
  private readonly podsOfService = new WeakMap<ServiceInfo, PodAt[]>();
  private selectorComparisons = 0;
  /** Whether podsOf reached its bound on comparisons (said once, at the Service it was judging). */
  private exhausted = false;

  constructor(
    private readonly facts: Facts,
    /** Where a bound reached is said (a rule's context.unknown); without it, the bound only stops judging. */
    private readonly say?: (resource: Resource, detail: string) => void,
  ) {
    this.policies = facts.mesh.mtls.peerAuthentications;
  }

  /** Counts one more pod or Service of a namespace; false (and the namespace no longer judged) past the bound. */
  private keep(namespace: string, what: 'pods' | 'services', r: Resource): boolean {
    if (this.overflow.has(namespace)) return false;
    let count = this.counts.get(namespace);
    if (!count) this.counts.set(namespace, (count = { pods: 0, services: 0 }));
    if (count[what] < MAX_PER_NAMESPACE) {
      count[what]++;
      return true;
    }
    this.overflow.add(namespace);
    this.say?.(r, overNamespaceBound(namespace, MAX_PER_NAMESPACE, what === 'pods' ? 'pod templates' : 'Services'));
    return false;
  }

  /** Reads a Service, a DestinationRule or an AuthorizationPolicy (PeerAuthentications and the root namespace are facts). */
  addResource(r: Resource): void {
    if (r === this.lastResource) return;
    this.lastResource = r;
    // Kept whole (rules read them all when the run ends), as copies that let their files go.
    if (r.kind === 'DestinationRule' && r.apiVersion.startsWith('networking.istio.io/')) {
      this.destinationRules.push(wholeResource(r));
      return;
    }
    if (r.kind === 'AuthorizationPolicy' && r.apiVersion.startsWith('security.istio.io/')) {
      this.authorizationPolicies.push(wholeResource(r));
      return;
    }
    if (r.kind === 'ConfigMap' && r.apiVersion === 'v1' && r.namespace !== undefined) {
      // Every ConfigMap, with no bound to reach unsaid: only those that name a Service are kept, and of them only that.
      const refs = configMapReferences(r, r.namespace);
      const key = `${r.namespace}/${r.name}`;
      if (refs.byKey.size > 0) this.configMaps.set(key, refs);
      else this.configMaps.delete(key);
      return;
    }
    const service = serviceOf(r);
    if (!service || !this.keep(service.namespace, 'services', r)) return;
    this.services.push(service);
    this.byName = undefined;
  }

  /**
   * The Service among the inputs a DestinationRule's host names (hosts.ts), if any, and if some
   * client can use the rule for it: the rule and the Service visible in one namespace at least
   * (export.ts). A rule no client sees with the Service does nothing, and is not judged by it.
   */
  serviceOfRule(dr: Resource): ServiceInfo | undefined {
    const named = serviceOfHost(getIn(dr.object, ['spec', 'host']), dr.namespace);
    const service = named && this.service(named.namespace, named.name);
    if (!service || dr.namespace === undefined) return undefined;
    const defaults = this.facts.mesh.mtls.exportDefaults;
    const rule = visibilityOf(dr, dr.namespace, defaults.destinationRule);
    const seen = visibilityOf(service.resource, service.namespace, defaults.service);
    return rule && seen && overlap(rule, seen) ? service : undefined;
  }

  /**
   * Whether a namespace may be the root one: Istio's default, or one a mesh config among the
   * inputs (or the config) names. A policy there reaches every namespace, and is not judged as its own.
   */
  mayBeRootNamespace(namespace: string): boolean {
    return namespace === DEFAULT_ROOT_NAMESPACE || this.facts.mesh.mtls.statedRoots.includes(namespace);
  }

  /** The listeners that gather a run's inputs, for a rule that needs nothing else of them. */
  gather(): { Resource(r: Resource): void; PodTemplate(t: PodTemplate): void } {
    return { Resource: (r) => this.addResource(r), PodTemplate: (t) => void this.addPodTemplate(t) };
  }

  addPodTemplate(t: PodTemplate): PodAt | undefined {
    if (this.lastTemplate?.t === t) return this.lastTemplate.pod;
    const pod = this.podOf(t);
    this.lastTemplate = { t, pod };
    if (pod) this.pods.push(pod);
    return pod;
  }

  private podOf(t: PodTemplate): PodAt | undefined {
    const ns = t.resource.namespace;
    if (ns === undefined || !this.keep(ns, 'pods', t.resource)) return undefined;
    const outcome = proxyOf(t, this.facts);
    return { t: podRecordOf(t), namespace: ns, labels: labelRecord(t.labels), proxy: outcome.proxy, why: outcome.why, gateway: outcome.gateway === true };
  }

  /** The root namespace, from the facts: known (a mesh config among the inputs, or the config's istio.rootNamespace), or not. */
  root(): { readonly root: RootNamespace; readonly config: Resource | undefined } {
    const stated = this.facts.mesh.mtls.rootNamespace;
    return stated ? { root: { known: true, name: stated.name }, config: stated.resource } : { root: { known: false }, config: undefined };
  }

  service(namespace: string, name: string): ServiceInfo | undefined {
    if (this.overflow.has(namespace)) return undefined;
    this.byName ??= new Map(this.services.map((s) => [`${s.namespace}/${s.name}`, s]));
    return this.byName.get(`${namespace}/${name}`);
  }

  /** The pod templates a Service's selector picks among the inputs. */
  podsOf(s: ServiceInfo): PodAt[] {
    const known = this.podsOfService.get(s);
    if (known) return known;
    const here = this.podsIn(s.namespace);
    this.selectorComparisons += here.length;
    if (this.selectorComparisons > MAX_SELECTOR_COMPARISONS) {
      // Past the bound, no Service has pods: rules read that as "deployed from elsewhere", and judge nothing.
      if (!this.exhausted) {
        this.exhausted = true;
        this.say?.(s.resource, overComparisons(MAX_SELECTOR_COMPARISONS, 'pods with Service selectors'));
      }
      return [];
    }
    const pods = here.filter((p) => selects(s, p.namespace, p.labels));
    this.podsOfService.set(s, pods);
    return pods;
  }

  /** The pod templates of one namespace, in input order. Call once every input is read. */
  podsIn(namespace: string | undefined): readonly PodAt[] {
    if (namespace === undefined || this.overflow.has(namespace)) return [];
    this.podsByNamespace ??= groupBy(this.pods, (p) => p.namespace);
    return this.podsByNamespace.get(namespace) ?? [];
  }

  /** The Services of one namespace, in input order. Call once every input is read. */
  servicesIn(namespace: string | undefined): readonly ServiceInfo[] {
    if (namespace === undefined || this.overflow.has(namespace)) return [];
    this.servicesByNamespace ??= groupBy(this.services, (s) => s.namespace);
    return this.servicesByNamespace.get(namespace) ?? [];
  }

  /**
   * The Service ports a workload names among the inputs, once each: in its containers' env values,
   * commands and arguments, and in the ConfigMaps it reads. Call once every input is read.
   */
  callsOf(client: ClientRecord, namespace: string): Call[] {
    const fromConfigMaps = client.reads.flatMap((read) => {
      const cm = this.configMaps.get(`${namespace}/${read.name}`);
      return cm ? referencesInConfigMap(cm, read) : [];
    });
    const out: Call[] = [];
    const seen = new Set<string>();
    for (const ref of [...client.references, ...fromConfigMaps]) {
      const service = this.service(ref.namespace, ref.name);
      const port = service && portOf(service, ref);
      if (!service || !port) continue;
      const key = `${service.namespace}/${service.name}:${port.port}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.callComparisons += this.podsIn(service.namespace).length;
      if (this.callComparisons > MAX_CALL_COMPARISONS) {
        if (!this.callsExhausted) this.say?.(client.resource, overComparisons(MAX_CALL_COMPARISONS, "workloads' calls with Services"));
        this.callsExhausted = true;
        break;
      }
      const pods = this.podsOf(service);
      out.push({ ref, service, port, pods, modes: pods.length > 0 ? this.modesOn(pods, port) : undefined });
    }
    return out;
  }

  /**
   * The mTLS mode of each pod on the port it serves for a Service port; undefined when a pod
   * names no such port. A sidecar pod whose capture leaves that port out (inbound.ts) has no
   * mode there: `uncaptured`, or unknown where its annotations do not say clearly.
   */
  modesOn(pods: readonly PodAt[], port: ServicePort): PortMode[] | undefined {
    const { root } = this.root();
    const out: PortMode[] = [];
    for (const pod of pods) {
      const target = endpointPort(pod.t, port);
      if (target === undefined) return undefined;
      const captured = pod.proxy === 'sidecar' ? inboundCaptured(pod.t, target) : true;
      if (captured === true) out.push(effectiveMtls(pod, target, this.policies, root));
      else out.push({ mode: captured === false ? 'uncaptured' : 'unknown', decidedBy: undefined, why: captured === false ? `port ${target} is left out of the sidecar's traffic capture (${INCLUDE_INBOUND} or ${EXCLUDE_INBOUND}): the app takes it directly` : `whether the sidecar captures port ${target} is not clear from ${INCLUDE_INBOUND} and ${EXCLUDE_INBOUND}` });
    }
    return out;
  }
}

/** The Service port a reference reaches: the one written, or the only one when none is written. */
function portOf(s: ServiceInfo, ref: HostReference): ServicePort | undefined {
  if (ref.port !== undefined) return s.ports.find((p) => p.port === ref.port);
  return s.ports.length === 1 ? s.ports[0] : undefined;
}

/** Server workloads named as related locations: beyond, the message counts them. */
const MAX_RELATED_SERVERS = 5;

/**
 * The related locations of a verdict on the mode of a Service port: the policies that decide
 * it, the mesh config that names the root namespace when a mesh policy decides, the Service
 * port and the server workloads. Every object the verdict read: judging it again at another
 * version reads their files.
 */
export function modeRelated(inputs: TrafficInputs, service: ServiceInfo, port: ServicePort, pods: readonly PodAt[], modes: readonly PortMode[]): RelatedLocation[] {
  const related: RelatedLocation[] = [];
  for (const m of modes) {
    if (m.decidedBy && !related.some((x) => 'resource' in x.target && x.target.resource === m.decidedBy?.resource)) {
      related.push({ target: { resource: m.decidedBy.resource, path: m.decidedBy.path }, message: m.why });
    }
  }
  const { root, config } = inputs.root();
  if (config && root.known && modes.some((m) => m.decidedBy?.resource.namespace === root.name)) {
    related.push({ target: { resource: config, path: ['metadata', 'name'] }, message: `the mesh's root namespace is ${root.name}` });
  }
  related.push({ target: { resource: service.resource, path: ['spec', 'ports', port.index] }, message: `${describeResource(service.resource)} port ${port.port}` });
  pods.slice(0, MAX_RELATED_SERVERS).forEach((pod, i) => {
    related.push({ target: { resource: pod.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(pod.t.resource)}: ${pod.why}; ${modes[i]?.mode ?? 'unknown'} on the port it serves` });
  });
  return related;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/** What a rule tells when its comparisons reach their bound: the rest of the run is not judged, and the run says so once. */
interface BoundContext {
  unknown(fact: 'traffic-bound', resource: Resource, detail?: string): void;
}

/** The detail of a bound reached: a namespace with more of something than is kept, or a run past its comparisons. */
const overNamespaceBound = (namespace: string, max: number, what: string): string => `namespace ${namespace}: over ${max.toLocaleString('en-US')} ${what}`;
const overComparisons = (max: number, what: string): string => `over ${max.toLocaleString('en-US')} comparisons of ${what}`;

/** Says that a rule stopped at its bound on comparisons, at the object it was judging. */
export function exhausted(context: BoundContext, at: Resource, max: number): void {
  context.unknown('traffic-bound', at, overComparisons(max, 'policies with workloads'));
}

/** Says that a run holds more of something than a rule keeps (the rest is not judged), at the first object left out. */
export function runOverBound(context: BoundContext, at: Resource, max: number, what: string): void {
  context.unknown('traffic-bound', at, `over ${max.toLocaleString('en-US')} ${what}`);
}

/** Says that a namespace holds more of something than a rule keeps (it is not judged there), at the first object left out. */
export function namespaceOverBound(context: BoundContext, at: Resource, namespace: string, max: number, what: string): void {
  context.unknown('traffic-bound', at, overNamespaceBound(namespace, max, what));
}
