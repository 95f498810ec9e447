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
import { modeRelated, TrafficInputs } from '../src/model/traffic/inputs.ts';
import { configMapsReadBy, hostReferencesOf, referencesInConfigMap, type ConfigMapRead, type HostReference } from '../src/model/traffic/references.ts';
import type { ServiceInfo, ServicePort } from '../src/model/traffic/service.ts';
import type { PodTemplate } from '../src/model/workload.ts';
import type { RelatedLocation, Resource } from '../src/common/types.ts';

const MAX_CLIENTS = 5_000;
const MAX_COMPARISONS = 2_000_000;

interface Client {
  readonly t: PodTemplate;
  readonly namespace: string;
  readonly why: string;
  readonly references: readonly HostReference[];
  /** ConfigMaps it reads, resolved once every input is read. */
  readonly configMaps: readonly ConfigMapRead[];
}

const MAX_CONFIG_MAPS = 20_000;

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
    const inputs = new TrafficInputs(facts);
    const clients: Client[] = [];
    const configMaps = new Map<string, Resource>();
    return {
      Resource(r) {
        if (r.kind === 'ConfigMap' && r.apiVersion === 'v1' && r.namespace !== undefined) {
          if (configMaps.size < MAX_CONFIG_MAPS) configMaps.set(`${r.namespace}/${r.name}`, r);
          return;
        }
        inputs.addResource(r);
      },
      PodTemplate(t) {
        const pod = inputs.addPodTemplate(t);
        if (!pod || pod.proxy !== 'none' || clients.length >= MAX_CLIENTS) return;
        const references = hostReferencesOf(t, pod.namespace);
        const reads = configMapsReadBy(t);
        if (references.length > 0 || reads.length > 0) clients.push({ t, namespace: pod.namespace, why: pod.why, references, configMaps: reads });
      },
      'Program:exit'() {
        if (clients.length === 0 || inputs.services.length === 0) return;
        let comparisons = 0;
        for (const client of clients) {
          const seen = new Set<string>();
          const fromConfigMaps = client.configMaps.flatMap((read) => {
            const cm = configMaps.get(`${client.namespace}/${read.name}`);
            return cm ? referencesInConfigMap(cm, read, client.namespace) : [];
          });
          for (const ref of [...client.references, ...fromConfigMaps]) {
            const service = inputs.service(ref.namespace, ref.name);
            if (!service) continue;
            const port = portOf(service, ref);
            if (!port) continue;
            const key = `${service.namespace}/${service.name}:${port.port}`;
            if (seen.has(key)) continue;
            seen.add(key);
            // The server's Namespace must be known: a policy may live with it.
            if (!facts.namespaces.has(service.namespace)) continue;
            comparisons += inputs.pods.length;
            if (comparisons > MAX_COMPARISONS) return;
            const pods = inputs.podsOf(service);
            // A gateway's listeners follow its Gateway resources, not PeerAuthentications.
            if (pods.length === 0 || pods.some((p) => p.proxy === 'none' || p.proxy === 'unknown' || p.gateway) || pods.some((p) => p.t === client.t)) continue;
            const modes = inputs.modesOn(pods, port);
            if (!modes) continue;
            // Only the root namespace stands between this client and a verdict: said once per run.
            const open = modes.find((m) => m.rootIfNamespace !== undefined);
            if (open?.rootIfNamespace && modes.every((m) => m.mode === 'STRICT' || m.rootIfNamespace !== undefined)) context.unknown('mesh-root-namespace', client.t.resource, open.rootIfNamespace);
            if (modes.some((m) => m.mode !== 'STRICT')) continue;
            const related: RelatedLocation[] = modeRelated(inputs, service, port, pods, modes);
            // A name written in a ConfigMap the client reads: reported there, with the client beside it.
            if (ref.resource) related.unshift({ target: { resource: client.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(client.t.resource)} reads ${describeResource(ref.resource)}` });
            context.report({
              target: { resource: ref.resource ?? client.t.resource, path: ref.path },
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
