// NetworkPolicies that break pods ztunnel captures (ambient). Two facts of Istio's in-pod
// redirection (cni/pkg/iptables/iptables.go):
//  - traffic between ambient pods arrives at the destination pod on TCP 15008 (HBONE), not on
//    the app's port: an ingress rule that admits a meshed client on the app port only lets
//    nothing through (ztunnel logs "maybe a NetworkPolicy is blocking HBONE port 15008");
//  - kubelet probes reach a captured pod SNATed from 169.254.7.127 (IPv6
//    fd16:9254:7127:1337:ffff:ffff:ffff:ffff): a policy that isolates the pod must admit that
//    address, or the probes fail.
// Only the inputs' NetworkPolicies are known: a finding says that none of them admits the
// traffic, for pods and clients whose capture is certain.
import { appendTo } from '../src/common/collections.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource } from '../src/load/resources.ts';
import {
  and, describePorts, peersAdmit, isNetworkPolicy, networkPolicyOf, or, portsAdmit, ruleAdmits, selectsPod,
  type DestPort, type NetPort, type NetworkPolicy, type PolicyRule, type Source,
} from '../src/model/ambient/network-policy.ts';
import { captureForTemplate, namespaceLabelSet } from '../src/model/injection/pod-injection.ts';
import type { LabelSet, Tri } from '../src/model/injection/selector.ts';
import { asObject, labelRecord, labelString, type PodTemplate } from '../src/model/workload.ts';
import { templatePlace, type TemplatePlace } from '../src/model/place.ts';
import { exhausted, runOverBound } from '../src/model/traffic/inputs.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';

/** The port ztunnel receives mesh traffic on, in every captured pod (iptables.go). */
export const HBONE_PORT = 15008;
/** The addresses kubelet probes of captured pods come from (iptables.go). */
export const PROBE_SNAT = ['169.254.7.127', 'fd16:9254:7127:1337:ffff:ffff:ffff:ffff'] as const;
const USE_WAYPOINT = 'istio.io/use-waypoint';
const BYPASS_INBOUND = 'ambient.istio.io/bypass-inbound-capture';
/** What Go's strconv.ParseBool reads as false (the node agent parses the annotation with it). */
const GO_FALSE: ReadonlySet<string> = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);
const PROBE_KINDS = ['startupProbe', 'livenessProbe', 'readinessProbe'] as const;

/** Bounds on what a run compares: ambient pods kept, related locations listed. */
const MAX_AMBIENT = 5000;
const MAX_RELATED = 10;
/** Client and rule comparisons per run, at most (hostile inputs: many pods and policies). */
const MAX_COMPARISONS = 2_000_000;

interface Ambient {
  /** Its place (its document is not kept). */
  readonly t: TemplatePlace;
  /** Its probes, which the kubelet sends from the node. */
  readonly probes: readonly Probe[];
  readonly namespace: string;
  readonly labels: LabelSet;
  readonly source: Source;
  readonly named: ReadonlyMap<string, readonly number[]>;
  /** The TCP container ports it declares. */
  readonly served: readonly number[];
}

interface Probe {
  readonly path: Path;
  readonly kind: string;
  readonly port: DestPort;
}

export default createRule({
  name: 'ambient-network-policy',
  meta: {
    type: 'problem',
    docs: {
      description: 'NetworkPolicies that block HBONE (port 15008), in or out, or the probe source address for pods that ztunnel captures (ambient)',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      hboneBlocked:
        'This rule admits {{ client }} to {{ pod }} on {{ ports }} only, but ambient traffic between them arrives on HBONE port 15008, which no NetworkPolicy admits: it times out. Add port 15008.',
      hboneEgressBlocked:
        'This rule lets {{ client }} reach {{ pod }} on {{ ports }} only, but ambient traffic between them leaves on HBONE port 15008, which no egress rule admits: it times out. Add port 15008.',
      probeBlocked:
        'Kubelet probes of ambient pods come from 169.254.7.127 (ztunnel SNAT), which no NetworkPolicy isolating this pod ({{ policies }}) admits: this {{ probe }} fails. Admit that ipBlock.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const policies: NetworkPolicy[] = [];
    const ambient: Ambient[] = [];
    /** Namespaces where a Service among the inputs names a waypoint. */
    const waypointServices = new Set<string>();
    let budget = MAX_COMPARISONS;
    /** Whether more ambient pods were met than are kept (said once). */
    let overAmbient = false;
    return {
      Resource(r) {
        if (isNetworkPolicy(r)) policies.push(networkPolicyOf(r));
        else if (r.kind === 'Service' && r.apiVersion === 'v1' && r.namespace !== undefined) {
          const labels = asObject(asObject(r.object.metadata)?.labels);
          if (labels && Object.hasOwn(labels, USE_WAYPOINT)) waypointServices.add(r.namespace);
        }
      },
      PodTemplate(t) {
        if (ambient.length >= MAX_AMBIENT) {
          if (!overAmbient) runOverBound(context, t.resource, MAX_AMBIENT, 'ambient pod templates');
          overAmbient = true;
          return;
        }
        const namespace = t.resource.namespace;
        if (namespace === undefined || captureForTemplate(t, facts).outcome !== 'ambient') return;
        // Inbound left uncaptured: whether peers still send HBONE, and probes are still SNATed, is not decided here.
        const bypass = labelString(t.annotations[BYPASS_INBOUND]);
        if (bypass !== undefined && !GO_FALSE.has(bypass)) return;
        const labels: LabelSet = { known: labelRecord(t.labels), complete: true };
        const namespaceLabels = namespaceLabelSet(namespace, facts).labels;
        // One map of the pod's named ports, which its record and its probes share (kept for every ambient pod of a run).
        const named = namedPorts(t);
        const probes = probesOf(t, named);
        ambient.push({ t: templatePlace(t, probes.map((p) => p.path)), probes, namespace, labels, source: { kind: 'pod', namespace, labels, namespaceLabels }, named, served: servedPorts(t) });
      },
      'Program:exit'() {
        if (policies.length === 0 || ambient.length === 0) return;
        const reportedRules = new Set<string>();
        for (const d of ambient) {
          if (budget < 0) return exhausted(context, d.t.resource, MAX_COMPARISONS);
          const into = isolation(d, 'ingress');
          if (into) {
            const related: RelatedLocation[] = into.isolating.slice(0, MAX_RELATED).map((p) => ({ target: { resource: p.resource, path: selectorPath(p) }, message: `${describeResource(p.resource)} isolates this pod for ingress` }));
            checkProbes(d, into.admitted, into.isolating, related);
            checkHbone(d, into.admitted, into.isolating, reportedRules);
          }
          const out = isolation(d, 'egress');
          if (out) checkHboneEgress(d, out.admitted, out.isolating, reportedRules);
        }
        // Past the bound in the last pod's checks.
        const last = ambient[ambient.length - 1];
        if (budget < 0 && last) exhausted(context, last.t.resource, MAX_COMPARISONS);
      },
    };

    /**
     * The policies that isolate the pod in one direction, and whether their union admits a peer
     * to a port; undefined when none certainly isolates it, or a policy of its namespace cannot be read.
     */
    function isolation(d: Ambient, direction: 'ingress' | 'egress'): { isolating: NetworkPolicy[]; admitted: (peer: Source, port: DestPort) => Tri } | undefined {
      const applying: { p: NetworkPolicy; applies: Tri }[] = [];
      for (const p of policies) {
        budget--;
        if (p.namespace !== undefined && p.namespace !== d.namespace) continue;
        if (p.unreadable !== undefined) return undefined;
        const applies = and(direction === 'ingress' ? p.isolatesIngress : p.isolatesEgress, selectsPod(p, d.namespace, d.labels));
        if (applies !== false) applying.push({ p, applies });
      }
      const isolating = applying.filter((a) => a.applies === true).map((a) => a.p);
      if (isolating.length === 0) return undefined;
      const admitted = (peer: Source, port: DestPort): Tri => {
        let any: Tri = false;
        for (const { p, applies } of applying) {
          let byPolicy: Tri = false;
          for (const rule of p[direction]) byPolicy = or(byPolicy, ruleAdmits(rule, p.namespace, peer, port));
          any = or(any, and(applies, byPolicy));
          if (any === true) return true;
        }
        return any;
      };
      return { isolating, admitted };
    }

    /** Whether traffic to the pod may go through a waypoint: it then comes from the waypoint's pods, not from the client. */
    function mayUseWaypoint(d: Ambient): boolean {
      if (Object.hasOwn(d.labels.known, USE_WAYPOINT) || waypointServices.has(d.namespace)) return true;
      const ns = namespaceLabelSet(d.namespace, facts).labels;
      return !ns.complete || Object.hasOwn(ns.known, USE_WAYPOINT);
    }

    /** Egress of an ambient client: a rule that lets it reach an ambient pod on app ports, when nothing admits 15008 to that pod. */
    function checkHboneEgress(c: Ambient, admitted: (peer: Source, port: DestPort) => Tri, isolating: readonly NetworkPolicy[], reported: Set<string>): void {
      for (const p of isolating) {
        for (const rule of p.egress) {
          const key = `egress\0${describeResource(p.resource)}\0${p.resource.doc.file.displayPath}\0${rule.index}`;
          if (reported.has(key) || !admitsSomeTcp(rule.ports)) continue;
          for (const d of ambient) {
            if (--budget < 0) return;
            if (d.t === c.t || mayUseWaypoint(d)) continue;
            const hbone: DestPort = { number: HBONE_PORT, named: d.named };
            if (portsAdmit(rule.ports, hbone) !== false || peersAdmit(rule, p.namespace, d.source) !== true) continue;
            // Evidence that the rule is about this pod: it names pods (not every destination) and admits a port the pod serves.
            if (rule.peers === 'all' || !d.served.some((n) => portsAdmit(rule.ports, { number: n, named: d.named }) === true)) continue;
            if (admitted(d.source, hbone) !== false) continue;
            reported.add(key);
            context.report({
              target: { resource: p.resource, path: ['spec', 'egress', rule.index, 'ports'] },
              messageId: 'hboneEgressBlocked',
              data: { client: shortName(c.t.resource), pod: shortName(d.t.resource), ports: describePorts(rule.ports) },
              related: [
                { target: { resource: c.t.resource, path: c.t.path }, message: `${describeResource(c.t.resource)} is in ambient: ztunnel sends its traffic over HBONE` },
                { target: { resource: d.t.resource, path: d.t.path }, message: `${describeResource(d.t.resource)} is in ambient: it receives mesh traffic on port ${HBONE_PORT}` },
              ],
            });
            break;
          }
        }
      }
    }

    function checkProbes(d: Ambient, admitted: (s: Source, p: DestPort) => Tri, isolating: readonly NetworkPolicy[], related: RelatedLocation[]): void {
      const probeSource: Source = { kind: 'addresses', addresses: PROBE_SNAT };
      for (const probe of d.probes) {
        if (admitted(probeSource, probe.port) !== false) continue;
        const first = isolating[0] as NetworkPolicy;
        context.report({
          target: { resource: d.t.resource, path: probe.path },
          messageId: 'probeBlocked',
          data: { probe: probe.kind, policies: isolating.length === 1 ? policyName(first) : `${policyName(first)} and ${isolating.length - 1} more` },
          related,
        });
        return;
      }
    }

    function checkHbone(d: Ambient, admitted: (s: Source, p: DestPort) => Tri, isolating: readonly NetworkPolicy[], reported: Set<string>): void {
      if (mayUseWaypoint(d)) return;
      const hbone: DestPort = { number: HBONE_PORT, named: d.named };
      for (const p of isolating) {
        for (const rule of p.ingress) {
          const key = `ingress\0${describeResource(p.resource)}\0${p.resource.doc.file.displayPath}\0${rule.index}`;
          if (reported.has(key) || !admitsSomeTcp(rule.ports)) continue;
          if (portsAdmit(rule.ports, hbone) !== false) continue;
          for (const c of ambient) {
            if (--budget < 0) return;
            if (c.t === d.t || peersAdmit(rule, p.namespace, c.source) !== true) continue;
            if (admitted(c.source, hbone) !== false) continue;
            reported.add(key);
            context.report({
              target: { resource: p.resource, path: ['spec', 'ingress', rule.index, 'ports'] },
              messageId: 'hboneBlocked',
              data: { client: shortName(c.t.resource), pod: shortName(d.t.resource), ports: describePorts(rule.ports) },
              related: [
                { target: { resource: c.t.resource, path: c.t.path }, message: `${describeResource(c.t.resource)} is in ambient: it reaches ${describeResource(d.t.resource)} over HBONE` },
                { target: { resource: d.t.resource, path: d.t.path }, message: `${describeResource(d.t.resource)} is in ambient: it receives mesh traffic on port ${HBONE_PORT}` },
              ],
            });
            break;
          }
        }
      }
    }
  },
});

/** Whether a rule lists ports and some of them are TCP (ztunnel carries TCP only; UDP is untouched). */
function admitsSomeTcp(ports: PolicyRule['ports']): ports is readonly NetPort[] {
  return ports !== 'all' && ports !== 'unreadable' && ports.some((p) => p.protocol === 'TCP');
}

/** Where a policy says which pods it selects: its podSelector, else its spec. */
function selectorPath(p: NetworkPolicy): Path {
  const spec = asObject(p.resource.object.spec);
  return spec && Object.hasOwn(spec, 'podSelector') ? ['spec', 'podSelector'] : spec ? ['spec'] : [];
}

/** An object as named in a message: namespace/name. */
function shortName(r: Resource): string {
  return r.namespace ? `${r.namespace}/${r.name}` : r.name;
}

const policyName = (p: NetworkPolicy): string => shortName(p.resource);

/** The TCP container ports a pod template declares. */
function servedPorts(t: PodTemplate): number[] {
  const out: number[] = [];
  for (const c of t.containers) {
    const ports = c.object.ports;
    if (!Array.isArray(ports)) continue;
    for (const raw of ports.slice(0, 200)) {
      const p = asObject(raw);
      if (p && typeof p.containerPort === 'number' && (p.protocol === undefined || p.protocol === 'TCP')) out.push(p.containerPort);
    }
  }
  return out;
}

/** TCP container port names of a pod template → their numbers. */
function namedPorts(t: PodTemplate): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const c of t.containers) {
    const ports = c.object.ports;
    if (!Array.isArray(ports)) continue;
    for (const raw of ports.slice(0, 200)) {
      const p = asObject(raw);
      if (!p || typeof p.name !== 'string' || typeof p.containerPort !== 'number') continue;
      if (p.protocol !== undefined && p.protocol !== 'TCP') continue;
      appendTo(out, p.name, p.containerPort);
    }
  }
  return out;
}

/** The pod's probes that reach it over the network (httpGet, tcpSocket, grpc), with their port; `named`: the pod's named ports (namedPorts). */
function probesOf(t: PodTemplate, named: ReadonlyMap<string, readonly number[]>): Probe[] {
  const out: Probe[] = [];
  for (const c of t.containers) {
    if (c.group === 'ephemeralContainers') continue;
    for (const kind of PROBE_KINDS) {
      const probe = asObject(c.object[kind]);
      if (!probe) continue;
      const handler = asObject(probe.httpGet) ?? asObject(probe.tcpSocket) ?? asObject(probe.grpc);
      if (!handler) continue;
      // A probe to another host does not reach the pod.
      if (typeof handler.host === 'string' && handler.host !== '') continue;
      const raw = handler.port;
      let number: number | undefined;
      if (typeof raw === 'number') number = raw;
      else if (typeof raw === 'string') {
        // A named port resolves against the probed container's own ports.
        const own = namedPorts({ ...t, containers: [c] });
        number = own.get(raw)?.[0];
      }
      out.push({ path: [...c.path, kind], kind, port: { number, named } });
    }
  }
  return out;
}
