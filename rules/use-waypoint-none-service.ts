// `istio.io/use-waypoint: none` on a pod opts out only the traffic addressed to the pod's own
// IP. Traffic to a Service goes through the Service's waypoint (its own use-waypoint, else its
// Namespace's), whatever the pods behind it say (../shared/istio/AMBIENT.md §2.3; Istio #52527;
// pilot/pkg/serviceregistry/ambient/waypoints.go fetchWaypointForTarget is called per object).
// Reported when a Service among the inputs selects the pod and that Service's waypoint binds.
import { createRule } from '../src/engine/rule-api.ts';
import { captureForTemplate, namespaceLabelSet } from '../src/model/injection/pod-injection.ts';
import { judgeWaypoint, namesNoWaypoint, USE_WAYPOINT, waypointRef, type WaypointGateway } from '../src/model/ambient/waypoint.ts';
import { asObject, getIn, labelRecord, labelString, type PodTemplate, templatePath } from '../src/model/workload.ts';
import type { RelatedLocation, Resource } from '../src/common/types.ts';
import { slimResource } from '../src/model/place.ts';
import { namespaceOverBound } from '../src/model/traffic/inputs.ts';

const MAX_SERVICES_PER_NAMESPACE = 2000;
const MAX_SELECTOR_KEYS = 64;

/**
 * A Service's selector as a map, when it selects pods at all (no selector, an empty one or odd
 * values: none). A headless Service has no VIP: its clients address the pods' own IPs, which
 * the pods' waypoint serves, so it is left out.
 */
function selectorOf(service: Resource): Record<string, string> | undefined {
  if (getIn(service.object, ['spec', 'clusterIP']) === 'None') return undefined;
  const raw = asObject(getIn(service.object, ['spec', 'selector']));
  if (!raw) return undefined;
  const entries = Object.entries(raw);
  if (entries.length === 0 || entries.length > MAX_SELECTOR_KEYS) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    const s = labelString(v);
    if (s === undefined) return undefined;
    out[k] = s;
  }
  return out;
}

interface Bound {
  readonly service: Resource;
  readonly gateway: WaypointGateway;
  readonly from: 'object' | 'namespace';
}

export default createRule({
  name: 'use-waypoint-none-service',
  meta: {
    type: 'problem',
    docs: {
      description: 'Pods labelled istio.io/use-waypoint: none behind a Service whose waypoint binds: traffic to the Service still goes through it',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      serviceWaypoint:
        'Service {{ service }} selects this pod, so traffic to it still goes through waypoint {{ waypoint }}: use-waypoint: none skips it only for the pod\'s own address. Label the Service {{ label }}: none too.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    /** Each namespace's Services, as stand-ins (model/place.ts) with their selectors: kept until the run ends. */
    const services = new Map<string, { readonly resource: Resource; readonly selector: Record<string, string> | undefined }[]>();
    const optedOut: PodTemplate[] = [];
    /** Namespaces with more Services than are kept (each said once). */
    const over = new Set<string>();
    return {
      Resource(r) {
        if (r.kind !== 'Service' || r.apiVersion !== 'v1' || r.namespace === undefined) return;
        const list = services.get(r.namespace) ?? [];
        if (list.length < MAX_SERVICES_PER_NAMESPACE) list.push({ resource: slimResource(r), selector: selectorOf(r) });
        else if (!over.has(r.namespace)) {
          over.add(r.namespace);
          namespaceOverBound(context, r, r.namespace, MAX_SERVICES_PER_NAMESPACE, 'Services');
        }
        services.set(r.namespace, list);
      },
      PodTemplate(t) {
        const own = labelString(t.labels[USE_WAYPOINT]);
        if (t.resource.namespace === undefined || own === undefined || !namesNoWaypoint(own)) return;
        optedOut.push(t);
      },
      'Program:exit'() {
        for (const t of optedOut) {
          const ns = t.resource.namespace as string;
          const candidates = services.get(ns);
          // A namespace with more Services than are kept is not judged: the note says so.
          if (!candidates || over.has(ns)) continue;
          // Only a pod ztunnel captures has a waypoint question at all.
          if (captureForTemplate(t, facts).outcome !== 'ambient') continue;
          const podLabels = labelRecord(t.labels);
          const nsLabels = namespaceLabelSet(ns, facts).labels;
          const bound: Bound[] = [];
          for (const { resource: s, selector } of candidates) {
            if (!selector || !Object.entries(selector).every(([k, v]) => podLabels[k] === v)) continue;
            const ref = waypointRef(labelRecord(getIn(s.object, ['metadata', 'labels'])), ns, nsLabels, facts.mesh.version);
            if (ref === undefined || ref === 'unknown' || ref.none) continue;
            const verdict = judgeWaypoint(ref, 'service', ns, nsLabels, facts.mesh.waypoints, facts.mesh.version);
            if (!verdict.gateway || verdict.problem) continue;
            bound.push({ service: s, gateway: verdict.gateway, from: ref.from });
          }
          const first = bound[0];
          if (!first) continue;
          const waypoint = `${first.gateway.namespace ?? ''}/${first.gateway.name}`;
          const related: RelatedLocation[] = [
            ...bound.slice(0, 3).map((b) => ({
              target: { resource: b.service, path: b.from === 'object' ? ['metadata', 'labels', USE_WAYPOINT] : ['metadata', 'name'] },
              message: `Service ${b.service.name} uses waypoint ${b.gateway.namespace ?? ''}/${b.gateway.name}${b.from === 'namespace' ? ` (from namespace ${ns})` : ''}`,
            })),
            { target: { resource: first.gateway.resource, path: ['metadata', 'name'] }, message: `waypoint ${waypoint}` },
          ];
          const names = bound.map((b) => b.service.name);
          context.report({
            target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', USE_WAYPOINT) },
            messageId: 'serviceWaypoint',
            data: { service: names.length > 3 ? `${names.slice(0, 3).join(', ')} (+${names.length - 3})` : names.join(', '), waypoint, label: USE_WAYPOINT },
            related,
          });
        }
      },
    };
  },
});
