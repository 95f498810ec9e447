// `istio.io/use-waypoint` that binds nothing. istiod resolves the label on the object (Pod,
// Service, ServiceEntry, WorkloadEntry), else on its Namespace, and binds only to a Gateway that
// exists, whose `istio.io/waypoint-for` covers the traffic, and that allows the object's
// namespace (from 1.23; pilot/pkg/serviceregistry/ambient/waypoints.go). Otherwise ztunnel sends
// traffic straight to the destination: the waypoint's L7 policies and routes are not applied,
// and a Pod's failed binding leaves no status anywhere (workloads.go discards it).
import { createRule, type RuleContext } from '../src/engine/rule-api.ts';
import { namespaceLabelSet } from '../src/model/injection/pod-injection.ts';
import { knownLabels } from '../src/model/injection/selector.ts';
import type { IstioVersion } from '../src/model/install/istio-version.ts';
import {
  judgeWaypoint, readsWaypointNamespace, USE_WAYPOINT, USE_WAYPOINT_NAMESPACE, waypointForAt, waypointRef, type BindingKind, type WaypointGateway, type WaypointProblem,
} from '../src/model/ambient/waypoint.ts';
import { getIn, labelRecord, templatePath } from '../src/model/workload.ts';
import type { Path, Resource } from '../src/common/types.ts';

type Messages = 'missing' | 'trafficType' | 'denied';

/** Objects whose own use-waypoint istiod reads, and the traffic that binds through it. */
const BINDS: Readonly<Record<string, BindingKind | 'namespace'>> = {
  Service: 'service',
  ServiceEntry: 'service',
  WorkloadEntry: 'workload',
  Namespace: 'namespace',
};

const gatewayName = (g: WaypointGateway): string => `${g.namespace ?? ''}/${g.name}`;

function report(context: RuleContext<Messages, never[]>, resource: Resource, labelPath: Path, problem: WaypointProblem, name: string, namespace: string, objectKind: string, objectNamespace: string | undefined, version: IstioVersion): void {
  const target = { resource, path: labelPath };
  if (problem.kind === 'missing') {
    context.report({ target, messageId: 'missing', data: { name, namespace, near: problem.near.slice(0, 3).join(', ') } });
    return;
  }
  const g = problem.gateway;
  const related = [{ target: { resource: g.resource, path: ['metadata', 'name'] }, message: `waypoint ${gatewayName(g)}` }];
  if (problem.kind === 'traffic-type') {
    const need = objectKind === 'service' ? 'service' : 'workload';
    const read = waypointForAt(g, version);
    const where =
      read !== g.waypointFor ? `the default: Istio ${version.text} does not read the GatewayClass's label`
      : g.waypointForSource === 'default' ? 'the default'
      : `its ${g.waypointForSource}'s istio.io/waypoint-for`;
    context.report({ target, messageId: 'trafficType', data: { waypoint: gatewayName(g), for: read, where, kind: need, need }, related });
    return;
  }
  context.report({ target, messageId: 'denied', data: { waypoint: gatewayName(g), namespace: objectNamespace ?? '' }, related });
}

export default createRule({
  name: 'waypoint-unbound',
  meta: {
    type: 'problem',
    docs: {
      description: 'istio.io/use-waypoint naming a waypoint that binds nothing: not among the Gateways, not for this traffic, or not allowing the namespace',
      defaultLevel: 'error',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      missing: 'No waypoint {{ name }} in namespace {{ namespace }}, whose waypoints are {{ near }}: traffic skips the waypoint and its L7 policy. Name an existing one.',
      trafficType:
        'Waypoint {{ waypoint }} is for {{ for }} traffic ({{ where }}), so {{ kind }} traffic does not bind and skips it. Set istio.io/waypoint-for: {{ need }} or all on the Gateway.',
      denied: 'Waypoint {{ waypoint }} does not allow namespace {{ namespace }} on its HBONE listener, so the binding is denied and traffic skips it. Allow it in allowedRoutes.namespaces.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const judge = (resource: Resource, rawLabels: unknown, labelPath: Path, kind: BindingKind | 'namespace', objectNamespace: string | undefined): void => {
      const labels = labelRecord(rawLabels);
      if (labels[USE_WAYPOINT] === undefined) return;
      const version = context.facts.mesh.version;
      // 1.22 ignores use-waypoint-namespace: whatever it meant is not judged there.
      if (labels[USE_WAYPOINT_NAMESPACE] !== undefined && !readsWaypointNamespace(version)) return;
      // Only the object's own label is judged here; a namespace's label is judged on the Namespace.
      const ref = waypointRef(labels, objectNamespace, knownLabels({}), version);
      if (ref === 'unknown' || ref === undefined || ref.none) return;
      const nsLabels = namespaceLabelSet(objectNamespace, context.facts).labels;
      const problem = judgeWaypoint(ref, kind, objectNamespace, nsLabels, context.facts.mesh.waypoints, version).problem;
      if (!problem) return;
      report(context, resource, labelPath, problem, ref.name, ref.namespace ?? '', kind, objectNamespace, version);
    };
    return {
      Resource(r) {
        const kind = BINDS[r.kind];
        if (!kind) return;
        if (r.kind !== 'Namespace' && !/^(v1|networking\.istio\.io\/)/.test(r.apiVersion)) return;
        judge(r, getIn(r.object, ['metadata', 'labels']), ['metadata', 'labels', USE_WAYPOINT], kind, r.kind === 'Namespace' ? r.name : r.namespace);
      },
      PodTemplate(t) {
        // The pod's labels as its controller merges them; the finding goes where the label is written.
        judge(t.resource, t.labels, templatePath(t, 'metadata', 'labels', USE_WAYPOINT), 'workload', t.resource.namespace);
      },
    };
  },
});
