// An HTTPRoute or GRPCRoute attached to a Service (GAMMA: `parentRefs` of kind Service) for
// ambient traffic is applied by the Service's waypoint, and only there. When neither the
// Service nor its namespace names a waypoint (`istio.io/use-waypoint` absent, or `none` in any
// case), ambient clients reach the Service directly, without the route's matches, splits,
// rewrites or timeouts. From 1.26 istiod says so only in the message of the route's
// `ResolvedWaypoints` condition, whose status stays True
// (pilot/pkg/config/kube/gateway/conditions.go, conversion.go waypointConfigured).
import { createRule } from '../src/engine/rule-api.ts';
import { AMBIENT, DATAPLANE_MODE } from '../src/model/ambient/capture.ts';
import { USE_WAYPOINT, waypointRef } from '../src/model/ambient/waypoint.ts';
import { namespaceLabelLocation } from '../src/model/injection/intent.ts';
import { asObject, getIn, labelRecord } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';
import { serviceOfHost } from '../src/model/traffic/hosts.ts';
import { slimResource } from '../src/model/place.ts';

const ROUTE_KINDS = new Set(['HTTPRoute', 'GRPCRoute']);
const MAX_PARENTS = 32;

interface ServiceRef {
  readonly route: Resource;
  readonly path: Path;
  readonly name: string;
  readonly namespace: string;
  /** What ambient traffic ignores: "route", "VirtualService", "DestinationRule's connectionPool.http". */
  readonly what: string;
}

/** A DestinationRule's settings only a waypoint (or a sidecar) applies; ztunnel applies none. */
const L7_POLICY: readonly (readonly string[])[] = [['connectionPool', 'http'], ['outlierDetection'], ['loadBalancer']];
const MAX_HOSTS = 100;

const isService = (ref: Record<string, unknown>): boolean => ref.kind === 'Service' && (ref.group === undefined || ref.group === '' || ref.group === 'core');

export default createRule({
  name: 'route-without-waypoint',
  meta: {
    type: 'problem',
    docs: {
      description: 'HTTPRoutes, GRPCRoutes, mesh VirtualServices and DestinationRule L7 settings for a Service in an ambient namespace where no waypoint serves the Service, so ambient traffic ignores them',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      noWaypoint:
        'No waypoint serves Service {{ service }} (no istio.io/use-waypoint on it or namespace {{ namespace }}), so ambient traffic ignores this {{ what }}. Label the Service or its namespace with a waypoint.',
      waypointNone:
        'No waypoint serves Service {{ service }} ({{ where }} has istio.io/use-waypoint: "{{ value }}"), so ambient traffic ignores this {{ what }}. Name a waypoint there, or drop it.',
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
          services.set(`${r.namespace}/${r.name}`, slimResource(r));
          return;
        }
        if (r.kind === 'VirtualService' && r.apiVersion.startsWith('networking.istio.io/') && r.namespace !== undefined) {
          // One bound to gateways only is applied there, not to mesh traffic.
          const gateways = getIn(r.object, ['spec', 'gateways']);
          if (Array.isArray(gateways) && gateways.length > 0 && !gateways.includes('mesh')) return;
          const hosts = getIn(r.object, ['spec', 'hosts']);
          (Array.isArray(hosts) ? hosts.slice(0, MAX_HOSTS) : []).forEach((h, i) => {
            const named = serviceOfHost(h, r.namespace);
            if (named) refs.push({ route: r, path: ['spec', 'hosts', i], ...named, what: 'VirtualService' });
          });
          return;
        }
        if (r.kind === 'DestinationRule' && r.apiVersion.startsWith('networking.istio.io/') && r.namespace !== undefined) {
          const policy = asObject(getIn(r.object, ['spec', 'trafficPolicy']));
          const l7 = policy && L7_POLICY.find((p) => getIn(policy, p) !== undefined);
          const named = l7 && serviceOfHost(getIn(r.object, ['spec', 'host']), r.namespace);
          if (l7 && named) refs.push({ route: r, path: ['spec', 'trafficPolicy', ...l7], ...named, what: `DestinationRule's ${l7.join('.')}` });
          return;
        }
        if (!ROUTE_KINDS.has(r.kind) || !r.apiVersion.startsWith('gateway.networking.k8s.io/')) return;
        const parents = getIn(r.object, ['spec', 'parentRefs']);
        if (!Array.isArray(parents)) return;
        parents.slice(0, MAX_PARENTS).forEach((p, index) => {
          const ref = asObject(p);
          if (!ref || !isService(ref) || typeof ref.name !== 'string') return;
          const namespace = typeof ref.namespace === 'string' ? ref.namespace : r.namespace;
          if (namespace !== undefined) refs.push({ route: r, path: ['spec', 'parentRefs', index], name: ref.name, namespace, what: 'route' });
        });
      },
      'Program:exit'() {
        for (const ref of refs) {
          // Only what the inputs decide: the Service and its Namespace are among them.
          const service = services.get(`${ref.namespace}/${ref.name}`);
          const ns = context.facts.namespaces.get(ref.namespace);
          if (!service || !ns) continue;
          const serviceLabels = labelRecord(getIn(service.object, ['metadata', 'labels']));
          // A Service's own label wins, `none` included (no fallback to the namespace's waypoint).
          const bound = waypointRef(serviceLabels, ref.namespace, { known: ns.labels, complete: true }, context.facts.mesh.version);
          // A waypoint named: waypoint-unbound judges whether it binds.
          if (bound === 'unknown' || (bound !== undefined && !bound.none)) continue;
          // A sidecar mesh applies the route in the clients' proxies: only an ambient namespace loses it.
          if (ns.labels[DATAPLANE_MODE] !== AMBIENT) continue;
          const name = `${ref.namespace}/${ref.name}`;
          const target = { resource: ref.route, path: ref.path };
          const related: RelatedLocation[] = [{ target: { resource: service, path: ['metadata', 'name'] }, message: `Service ${name}` }];
          if (bound === undefined) {
            context.report({ target, messageId: 'noWaypoint', data: { service: name, namespace: ref.namespace, what: ref.what }, related });
            continue;
          }
          const onService = bound.from === 'object';
          const label = onService
            ? { target: { resource: service, path: ['metadata', 'labels', USE_WAYPOINT] }, message: `Service ${name}: ${USE_WAYPOINT}=${bound.name}` }
            : namespaceLabelLocation(ns, USE_WAYPOINT, `namespace ${ref.namespace}: ${USE_WAYPOINT}=${bound.name}`);
          context.report({
            target,
            messageId: 'waypointNone',
            data: { service: name, where: onService ? 'it' : `namespace ${ref.namespace}`, value: bound.name, what: ref.what },
            related: label ? [label] : related,
          });
        }
      },
    };
  },
});
