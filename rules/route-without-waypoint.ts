// An HTTPRoute or GRPCRoute attached to a Service (GAMMA: `parentRefs` of kind Service) for
// ambient traffic is applied by the Service's waypoint, and only there. When neither the
// Service nor its namespace names a waypoint (`istio.io/use-waypoint`), istiod marks the route
// `ResolvedWaypoints` false: "istio.io/use-waypoint label missing from parent and parent
// namespace; in ambient mode, route will not be respected"
// (pilot/pkg/config/kube/gateway/conditions.go, conversion.go). Ambient clients then reach the
// Service directly, without the route's matches, splits, rewrites or timeouts.
import { createRule } from '../src/engine/rule-api.ts';
import { AMBIENT, DATAPLANE_MODE } from '../src/model/ambient.ts';
import { USE_WAYPOINT } from '../src/model/waypoint.ts';
import { asObject, getIn, labelString } from '../src/model/workload.ts';
import type { Resource } from '../src/types.ts';

const ROUTE_KINDS = new Set(['HTTPRoute', 'GRPCRoute']);
const MAX_PARENTS = 32;

interface ServiceRef {
  readonly route: Resource;
  readonly index: number;
  readonly name: string;
  readonly namespace: string;
}

const isService = (ref: Record<string, unknown>): boolean => ref.kind === 'Service' && (ref.group === undefined || ref.group === '' || ref.group === 'core');

export default createRule({
  name: 'route-without-waypoint',
  meta: {
    type: 'problem',
    docs: {
      description: 'HTTPRoutes and GRPCRoutes on a Service in an ambient namespace where no waypoint serves the Service, so ambient traffic ignores them',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      noWaypoint:
        'No waypoint serves Service {{ service }} (no istio.io/use-waypoint on it or namespace {{ namespace }}), so ambient traffic ignores this route. Label the Service or its namespace with a waypoint.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const refs: ServiceRef[] = [];
    const services = new Map<string, Resource>();
    return {
      Resource(r) {
        if (r.kind === 'Service' && r.apiVersion === 'v1' && r.namespace !== undefined) {
          services.set(`${r.namespace}/${r.name}`, r);
          return;
        }
        if (!ROUTE_KINDS.has(r.kind) || !r.apiVersion.startsWith('gateway.networking.k8s.io/')) return;
        const parents = getIn(r.object, ['spec', 'parentRefs']);
        if (!Array.isArray(parents)) return;
        parents.slice(0, MAX_PARENTS).forEach((p, index) => {
          const ref = asObject(p);
          if (!ref || !isService(ref) || typeof ref.name !== 'string') return;
          const namespace = typeof ref.namespace === 'string' ? ref.namespace : r.namespace;
          if (namespace !== undefined) refs.push({ route: r, index, name: ref.name, namespace });
        });
      },
      'Program:exit'() {
        for (const ref of refs) {
          // Only what the inputs decide: the Service and its Namespace are among them.
          const service = services.get(`${ref.namespace}/${ref.name}`);
          const ns = context.facts.namespaces.get(ref.namespace);
          if (!service || !ns) continue;
          const serviceLabels = asObject(getIn(service.object, ['metadata', 'labels'])) ?? {};
          if (labelString(serviceLabels[USE_WAYPOINT]) !== undefined || ns.labels[USE_WAYPOINT] !== undefined) continue;
          // A sidecar mesh applies the route in the clients' proxies: only an ambient namespace loses it.
          if (ns.labels[DATAPLANE_MODE] !== AMBIENT) continue;
          context.report({
            target: { resource: ref.route, path: ['spec', 'parentRefs', ref.index] },
            messageId: 'noWaypoint',
            data: { service: `${ref.namespace}/${ref.name}`, namespace: ref.namespace },
            related: [{ target: { resource: service, path: ['metadata', 'name'] }, message: `Service ${ref.namespace}/${ref.name}` }],
          });
        }
      },
    };
  },
});
