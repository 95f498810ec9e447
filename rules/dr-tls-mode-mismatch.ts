// A DestinationRule's `tls` is applied to every endpoint of its host, whatever the endpoint is
// (pilot/pkg/networking/core/cluster_tls.go): auto mTLS no longer chooses per endpoint. So
// ISTIO_MUTUAL towards pods that have no proxy fails the handshake (503 "upstream connect
// error"), and DISABLE towards pods whose port is STRICT is reset (istio/istio#12795, #47915).
// The pods' proxies come from the injection outcome; their modes from the PeerAuthentications as
// istiod composes them. Quiet where unsure: a host that names no Service among the inputs, a
// pod's outcome or mode unknown, a Service whose pods are not all alike.
import { createRule } from '../src/engine/rule-api.ts';
import { getIn, asObject } from '../src/model/workload.ts';
import { modeRelated, TrafficInputs } from '../src/model/traffic/inputs.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';
import type { ServicePort } from '../src/model/traffic/service.ts';

const MAX_PORT_SETTINGS = 256;

/** The tls mode a DestinationRule sets for one Service port, and where. */
interface PortTls {
  readonly mode: string;
  readonly path: Path;
}

/** The tls mode of a Service port: a portLevelSettings entry for its number, else the top level's; undefined: auto mTLS decides. */
function tlsFor(dr: Resource, port: ServicePort): PortTls | undefined {
  const policy = asObject(getIn(dr.object, ['spec', 'trafficPolicy']));
  if (!policy) return undefined;
  const settings = Array.isArray(policy.portLevelSettings) ? policy.portLevelSettings.slice(0, MAX_PORT_SETTINGS) : [];
  for (const [i, s] of settings.entries()) {
    if (getIn(s, ['port', 'number']) !== port.port) continue;
    const mode = getIn(s, ['tls', 'mode']);
    if (typeof mode === 'string') return { mode, path: ['spec', 'trafficPolicy', 'portLevelSettings', i, 'tls', 'mode'] };
    // A port setting without tls takes the top level's.
    break;
  }
  const mode = getIn(policy, ['tls', 'mode']);
  return typeof mode === 'string' ? { mode, path: ['spec', 'trafficPolicy', 'tls', 'mode'] } : undefined;
}

export default createRule({
  name: 'dr-tls-mode-mismatch',
  meta: {
    type: 'problem',
    docs: {
      description: 'DestinationRules whose tls mode cannot work with the pods of their host: ISTIO_MUTUAL to pods without a proxy (503), DISABLE to pods that accept only mTLS (reset)',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      mutualToPlain: 'ISTIO_MUTUAL sends Istio mTLS to {{ service }} port {{ port }}, whose pods have no proxy ({{ why }}): every request fails (503). Remove tls here, or inject them.',
      disableToStrict: 'DISABLE sends plaintext to {{ service }} port {{ port }}, whose pods accept only mTLS (STRICT): every connection is reset. Remove tls here, or set the port PERMISSIVE.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        for (const dr of inputs.destinationRules) {
          const service = inputs.serviceOfRule(dr);
          if (!service || !context.facts.namespaces.has(service.namespace)) continue;
          const pods = inputs.podsOf(service);
          if (pods.length === 0 || pods.some((p) => p.proxy === 'unknown')) continue;
          const said = new Set<string>();
          for (const port of service.ports) {
            const tls = tlsFor(dr, port);
            if (!tls) continue;
            const at = tls.path.join('.');
            if (said.has(at)) continue;
            const data = { service: `Service ${service.namespace}/${service.name}`, port: String(port.port) };
            if (tls.mode === 'ISTIO_MUTUAL' && pods.every((p) => p.proxy === 'none')) {
              said.add(at);
              const related: RelatedLocation[] = [
                { target: { resource: service.resource, path: ['spec', 'ports', port.index] }, message: `${data.service} port ${port.port}` },
                ...pods.slice(0, 5).map((p) => ({ target: { resource: p.t.resource, path: ['metadata', 'name'] }, message: `no proxy: ${p.why}` })),
              ];
              context.report({ target: { resource: dr, path: tls.path }, messageId: 'mutualToPlain', data: { ...data, why: pods[0]?.why ?? '' }, related });
            } else if (tls.mode === 'DISABLE' && pods.every((p) => (p.proxy === 'sidecar' && !p.gateway) || p.proxy === 'ztunnel')) {
              const modes = inputs.modesOn(pods, port);
              if (!modes || modes.some((m) => m.mode !== 'STRICT')) continue;
              said.add(at);
              context.report({ target: { resource: dr, path: tls.path }, messageId: 'disableToStrict', data, related: modeRelated(inputs, service, port, pods, modes) });
            }
          }
        }
      },
    };
  },
});
