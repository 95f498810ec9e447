// A workload with no proxy (no sidecar, not captured by ztunnel) sends plaintext. Where it names
// a Service whose pods are all in the mesh and whose port is STRICT for every one of them, the
// server's proxy has only the mTLS filter chain: the connection is reset (Envoy logs
// filter_chain_not_found; istio/istio#27169, fluxcd/flagger#239). Both ends come from the same
// injection outcome as every other rule (model/traffic/proxy.ts) and the mode from istiod's
// composition of PeerAuthentications (model/traffic/peer-authentication.ts). Quiet where unsure:
// a client or server outcome unknown, a server pod outside the mesh, a mode that rests on what
// the inputs do not hold, a port that is not written.
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource } from '../src/load/resources.ts';
import { effectiveMtls, peerAuthenticationOf, rootNamespaceStated, type EffectiveMtls, type PeerAuthentication, type RootNamespace } from '../src/model/traffic/peer-authentication.ts';
import { proxyOf } from '../src/model/traffic/proxy.ts';
import { hostReferencesOf, type HostReference } from '../src/model/traffic/references.ts';
import { endpointPort, selects, serviceOf, type ServiceInfo, type ServicePort } from '../src/model/traffic/service.ts';
import { labelRecord, type PodTemplate } from '../src/model/workload.ts';
import type { RelatedLocation, Resource } from '../src/common/types.ts';

/** Bounds on what a run keeps and compares (hostile inputs: many workloads, Services, references). */
const MAX_PODS = 20_000;
const MAX_SERVICES = 20_000;
const MAX_POLICIES = 5_000;
const MAX_CLIENTS = 5_000;
const MAX_COMPARISONS = 2_000_000;
/** Server workloads named as related locations: beyond, the message counts them. */
const MAX_RELATED_SERVERS = 5;

/** A pod template of the inputs, as a server: its namespace, labels, and whether it has a proxy. */
interface ServerPod {
  readonly t: PodTemplate;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly meshed: boolean | 'unknown';
  /** Why it has the proxy it has. */
  readonly why: string;
}

interface Client {
  readonly t: PodTemplate;
  readonly why: string;
  readonly references: readonly HostReference[];
}

export default createRule({
  name: 'mtls-strict-unmeshed-client',
  meta: {
    type: 'problem',
    docs: {
      description: 'Workloads without a proxy that call a Service whose pods accept only mTLS (STRICT): every connection is reset',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      strict: '{{ client }} has no proxy ({{ why }}), but {{ service }} port {{ port }} takes only mTLS (STRICT): its calls are reset. Inject it or set the port PERMISSIVE.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const servers: ServerPod[] = [];
    const clients: Client[] = [];
    const services: ServiceInfo[] = [];
    const policies: PeerAuthentication[] = [];
    /** The root namespaces the mesh configs among the inputs name (istio-system when they leave it out), and one config that says each. */
    const roots = new Map<string, Resource>();
    return {
      Resource(r) {
        const service = serviceOf(r);
        if (service) {
          if (services.length < MAX_SERVICES) services.push(service);
          return;
        }
        const policy = peerAuthenticationOf(r);
        if (policy) {
          if (policies.length < MAX_POLICIES) policies.push(policy);
          return;
        }
        const root = rootNamespaceStated(r);
        if (root !== undefined && !roots.has(root)) roots.set(root, r);
      },
      PodTemplate(t) {
        const ns = t.resource.namespace;
        if (ns === undefined) return;
        const outcome = proxyOf(t, facts);
        const labels = labelRecord(t.labels);
        if (servers.length < MAX_PODS) servers.push({ t, namespace: ns, labels, meshed: outcome.proxy === 'unknown' ? 'unknown' : outcome.proxy !== 'none', why: outcome.why });
        if (outcome.proxy !== 'none' || clients.length >= MAX_CLIENTS) return;
        const references = hostReferencesOf(t, ns);
        if (references.length > 0) clients.push({ t, why: outcome.why, references });
      },
      'Program:exit'() {
        if (clients.length === 0 || services.length === 0) return;
        // One root namespace among the inputs: known. None, or several that disagree: not known.
        const [only] = roots;
        const root: RootNamespace = roots.size === 1 && only ? { known: true, name: only[0] } : { known: false };
        const byName = new Map(services.map((s) => [`${s.namespace}/${s.name}`, s]));
        let comparisons = 0;
        for (const client of clients) {
          const seen = new Set<string>();
          for (const ref of client.references) {
            const service = byName.get(`${ref.namespace}/${ref.name}`);
            if (!service) continue;
            const port = portOf(service, ref);
            if (!port) continue;
            const key = `${service.namespace}/${service.name}:${port.port}`;
            if (seen.has(key)) continue;
            seen.add(key);
            // The server's Namespace must be known: a policy may live with it.
            if (!facts.namespaces.has(service.namespace)) continue;
            const pods = servers.filter((s) => selects(service, s.namespace, s.labels));
            comparisons += servers.length;
            if (comparisons > MAX_COMPARISONS) return;
            if (pods.length === 0 || pods.some((p) => p.meshed !== true) || pods.some((p) => p.t === client.t)) continue;
            const modes: EffectiveMtls[] = [];
            for (const pod of pods) {
              const target = endpointPort(pod.t, port);
              if (target === undefined) break;
              modes.push(effectiveMtls(pod, target, policies, root));
            }
            if (modes.length !== pods.length || modes.some((m) => m.mode !== 'STRICT')) continue;
            const related: RelatedLocation[] = [];
            for (const m of modes) {
              if (m.decidedBy && !related.some((x) => 'resource' in x.target && x.target.resource === m.decidedBy?.resource)) {
                related.push({ target: { resource: m.decidedBy.resource, path: m.decidedBy.path }, message: m.why });
              }
            }
            // Every object the verdict read is a related location: the mesh config that names the
            // root namespace, the Service, the server workloads (judging it again reads their files).
            if (only && root.known && modes.some((m) => m.decidedBy?.resource.namespace === root.name)) {
              related.push({ target: { resource: only[1], path: ['metadata', 'name'] }, message: `the mesh's root namespace is ${root.name}` });
            }
            related.push({ target: { resource: service.resource, path: ['spec', 'ports', port.index] }, message: `${describeResource(service.resource)} port ${port.port}` });
            for (const pod of pods.slice(0, MAX_RELATED_SERVERS)) related.push({ target: { resource: pod.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(pod.t.resource)}: ${pod.why}, STRICT on the port it serves` });
            context.report({
              target: { resource: client.t.resource, path: ref.path },
              messageId: 'strict',
              data: { client: describeResource(client.t.resource), why: client.why, service: `Service ${service.namespace}/${service.name}`, port: String(port.port) },
              related,
            });
          }
        }
      },
    };
  },
});

/** The Service port a reference reaches: the one written, or the only one when none is written. */
function portOf(s: ServiceInfo, ref: HostReference): ServicePort | undefined {
  if (ref.port !== undefined) return s.ports.find((p) => p.port === ref.port);
  return s.ports.length === 1 ? s.ports[0] : undefined;
}
