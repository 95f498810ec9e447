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
import { clientOf, modeRelated, TrafficInputs, type ClientRecord, type PodAt } from '../src/model/traffic/inputs.ts';
import type { RelatedLocation } from '../src/common/types.ts';

/** A workload with no proxy, as kept until the run ends: its pod, and what it names (its document is not kept). */
interface Client {
  readonly pod: PodAt;
  readonly calls: ClientRecord;
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
    const inputs = TrafficInputs.of(context);
    const clients: Client[] = [];
    return {
      Resource(r) {
        inputs.addResource(r);
      },
      PodTemplate(t) {
        const pod = inputs.addPodTemplate(t);
        if (pod && pod.proxy === 'none') clients.push({ pod, calls: clientOf(t, pod.namespace) });
      },
      'Program:exit'() {
        if (clients.length === 0 || inputs.services.length === 0) return;
        for (const { pod: client, calls } of clients) {
          const at = calls.resource;
          for (const { ref, service, port, pods, modes } of inputs.callsOf(calls, client.namespace)) {
            // The server's Namespace must be known: a policy may live with it.
            if (!facts.namespaces.has(service.namespace)) continue;
            // A gateway's listeners follow its Gateway resources, not PeerAuthentications.
            if (pods.length === 0 || pods.some((p) => p.proxy === 'none' || p.proxy === 'unknown' || p.gateway) || pods.includes(client)) continue;
            if (!modes) continue;
            // Only the root namespace stands between this client and a verdict: said once per run.
            const open = modes.find((m) => m.rootIfNamespace !== undefined);
            if (open?.rootIfNamespace && modes.every((m) => m.mode === 'STRICT' || m.rootIfNamespace !== undefined)) context.unknown('mesh-root-namespace', at, open.rootIfNamespace);
            if (modes.some((m) => m.mode !== 'STRICT')) continue;
            const related: RelatedLocation[] = modeRelated(inputs, service, port, pods, modes);
            // A name written in a ConfigMap the client reads: reported there, with the client beside it.
            if (ref.resource) related.unshift({ target: { resource: at, path: ['metadata', 'name'] }, message: `${describeResource(at)} reads ${describeResource(ref.resource)}` });
            context.report({
              target: { resource: ref.resource ?? at, path: ref.path },
              messageId: 'strict',
              data: { client: describeResource(at), why: client.why, service: `Service ${service.namespace}/${service.name}`, port: String(port.port) },
              related,
            });
          }
        }
      },
    };
  },
});
