// Istio reads a Service port's protocol from its appProtocol, else its name's prefix before the
// first '-', else (for 25, 53, 3306 and 27017) TCP (pkg/config/kube/conversion.go
// ConvertProtocol). Any other port is sniffed: the sidecar waits for the client's first bytes to
// decide (protocolDetectionTimeout is 0 by default, pkg/config/mesh/mesh.go). A protocol in
// which the server speaks first (MySQL, SSH, SMTP, NATS) then hangs: the client waits for the
// greeting, the proxy for the client (istio/istio#10062, #22482). Judged for Services whose pods
// among the inputs all have a sidecar; gateways and ambient pods do not sniff this way.
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource } from '../src/model/workload.ts';
import { TrafficInputs } from '../src/model/traffic/inputs.ts';
import { endpointPort, portProtocol } from '../src/model/traffic/service.ts';
import serverFirst from '../src/model/data/server-first-ports.json' with { type: 'json' };

const SERVER_FIRST: Readonly<Record<string, string>> = serverFirst.ports;

export interface Options {
  /** Also warn of every sniffed port, not only those of protocols where the server speaks first. */
  readonly sniffed?: boolean;
}

export default createRule<[Options], 'serverFirst' | 'sniffed'>({
  name: 'service-port-protocol-unknown',
  meta: {
    type: 'problem',
    docs: {
      description: 'Service ports of pods with a sidecar whose protocol Istio cannot read from appProtocol or the port name: it sniffs, which hangs a protocol where the server speaks first',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'sidecar',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      serverFirst: '{{ service }} port {{ port }} ({{ name }}) has no protocol Istio reads: the sidecar waits for the client, but {{ protocol }} speaks first, so connections hang. Name it tcp-{{ suffix }}.',
      sniffed: '{{ service }} port {{ port }} ({{ name }}) has no protocol Istio reads: the sidecar sniffs each connection. Name it with a protocol prefix (http-, grpc-, tcp-…), or set appProtocol.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          sniffed: { type: 'boolean', description: 'also warn of every port Istio sniffs (off by default: sniffing works where the client speaks first)' },
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        for (const service of inputs.services) {
          const pods = inputs.podsOf(service);
          if (pods.length === 0 || pods.some((p) => p.proxy !== 'sidecar' || p.gateway)) continue;
          for (const port of service.ports) {
            if (portProtocol(port) !== 'sniffed') continue;
            const endpoints = new Set(pods.map((p) => endpointPort(p.t, port)));
            const [endpoint] = endpoints;
            const protocol = endpoints.size === 1 && endpoint !== undefined ? SERVER_FIRST[String(endpoint)] : undefined;
            if (!protocol && options.sniffed !== true) continue;
            const name = port.name ? `"${port.name}"` : 'no name';
            context.report({
              target: { resource: service.resource, path: ['spec', 'ports', port.index, port.name ? 'name' : 'port'] },
              messageId: protocol ? 'serverFirst' : 'sniffed',
              ...(protocol ? {} : { severity: 'warn' as const }),
              data: { service: `Service ${service.namespace}/${service.name}`, port: String(port.port), name, protocol: protocol ?? '', suffix: (protocol ?? '').toLowerCase() },
              related: pods.slice(0, 3).map((p) => ({ target: { resource: p.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(p.t.resource)}: ${p.why}` })),
            });
          }
        }
      },
    };
  },
});
