import { test } from 'uvu';
import rule from '../../rules/waypoint-unbound.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// Shapes from Istio's ambient docs and `istioctl waypoint generate`.
const waypoint = (name: string, ns: string, opts: { for?: string; allowed?: string; className?: string } = {}): string => yaml`
  apiVersion: gateway.networking.k8s.io/v1
  kind: Gateway
  metadata:
    name: ${name}
    namespace: ${ns}
    labels: { ${opts.for ? `istio.io/waypoint-for: ${opts.for}` : 'app: waypoint'} }
  spec:
    gatewayClassName: ${opts.className ?? 'istio-waypoint'}
    listeners:
      - name: mesh
        port: 15008
        protocol: HBONE
        ${opts.allowed ?? ''}
  `;
const service = (name: string, ns: string, labels: string): string => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: ${name}
    namespace: ${ns}
    labels: { ${labels} }
  spec:
    selector: { app: ${name} }
  `;
const namespace = (name: string, labels: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: ${name}
    labels: { ${labels} }
  `;
const deployment = (ns: string, labels: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: reviews, namespace: ${ns} }
  spec:
    template:
      metadata:
        labels: { ${labels} }
      spec:
        containers: [{ name: app, image: app }]
  `;
const join = (...docs: string[]): string => docs.join('---\n');
const workloadClass = yaml`
  apiVersion: gateway.networking.k8s.io/v1
  kind: GatewayClass
  metadata:
    name: my-waypoints
    labels: { istio.io/waypoint-for: workload }
  spec:
    controllerName: istio.io/mesh-controller
  `;

ruleTester(rule, {
  valid: [
    { name: 'a Service names its namespace\'s waypoint (waypoint-for defaults to service)', code: join(waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: waypoint')) },
    { name: 'a waypoint for all traffic serves a pod', code: join(waypoint('waypoint', 'shop', { for: 'all' }), deployment('shop', 'app: reviews, istio.io/use-waypoint: waypoint')) },
    { name: 'no waypoint of that namespace among the inputs: it may be created elsewhere', code: service('web', 'shop', 'istio.io/use-waypoint: waypoint') },
    { name: 'use-waypoint: none', code: join(waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: none')) },
    {
      name: 'use-waypoint "None" or "" names no waypoint, as none does: nothing was meant to bind',
      code: join(waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: None'), service('api', 'shop', 'istio.io/use-waypoint: ""'), namespace('shop', 'istio.io/use-waypoint: NONE')),
    },
    {
      name: 'Istio 1.22 has no use-waypoint-namespace: not judged there',
      code: join(waypoint('shared', 'mesh'), waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
      istioVersion: '1.22',
    },
    {
      name: 'Istio 1.22 has no allowedRoutes check: a Namespace naming a waypoint of another namespace is not judged',
      code: join(waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: Same } }' }), namespace('shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
      istioVersion: '1.22.3',
    },
    {
      name: 'Istio 1.22 reads waypoint-for only on the Gateway: a Service binds to a waypoint whose class says workload',
      code: join(workloadClass, waypoint('waypoint', 'shop', { className: 'my-waypoints' }), service('web', 'shop', 'istio.io/use-waypoint: waypoint')),
      istioVersion: '1.22',
    },
    {
      name: 'a pod only inherits a service-only namespace waypoint: it silently gets none, by design',
      code: join(waypoint('waypoint', 'shop'), namespace('shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews')),
    },
    {
      name: 'a namespace names a workload-only waypoint: it serves the pods, and its Services are not judged here',
      code: join(waypoint('waypoint', 'shop', { for: 'workload' }), namespace('shop', 'istio.io/use-waypoint: waypoint')),
    },
    {
      name: 'cross-namespace, allowed by from: All',
      code: join(waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: All } }' }), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
    },
    {
      name: 'cross-namespace, allowed by a Selector the namespace matches',
      code: join(
        waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: Selector, selector: { matchLabels: { team: a } } } }' }),
        namespace('shop', 'team: a'),
        service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh'),
      ),
    },
    {
      name: 'cross-namespace with a Selector and the client namespace not among the inputs: unknown, no finding',
      code: join(
        waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: Selector, selector: { matchLabels: { team: a } } } }' }),
        service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh'),
      ),
    },
    { name: 'the GatewayClass says all', code: join(yaml`
      apiVersion: gateway.networking.k8s.io/v1
      kind: GatewayClass
      metadata:
        name: my-waypoints
        labels: { istio.io/waypoint-for: all }
      spec:
        controllerName: istio.io/mesh-controller
      `, waypoint('waypoint', 'shop', { className: 'my-waypoints' }), deployment('shop', 'istio.io/use-waypoint: waypoint')) },
    // Values a tool fills in name no waypoint, and no traffic kind or namespace, that can be judged.
    { name: 'a Service\'s waypoint filled in by envsubst', code: join(waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: "${WAYPOINT}"')) },
    { name: 'a pod\'s waypoint filled in by Helm', code: join(waypoint('waypoint', 'shop', { for: 'all' }), deployment('shop', 'app: reviews, istio.io/use-waypoint: "{{ .Values.waypoint }}"')) },
    { name: 'the waypoint-namespace filled in by Jinja', code: join(waypoint('shared', 'mesh'), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: "{{ mesh_ns }}"')) },
    { name: 'the Gateway\'s waypoint-for filled in by Helm', code: join(waypoint('waypoint', 'shop', { for: '"{{ .Values.waypointFor }}"' }), service('web', 'shop', 'istio.io/use-waypoint: waypoint')) },
    { name: 'a waypoint whose own name a tool fills in may be the one named', code: join(waypoint('"${WAYPOINT}"', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: waypoint')) },
    {
      name: 'allowedRoutes filled in by Helm',
      code: join(waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: "{{ .Values.from }}" } }' }), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
    },
  ],
  invalid: [
    {
      name: 'a misspelt waypoint, with the namespace\'s waypoints listed',
      code: join(waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: waypiont')),
      errors: [{ messageId: 'missing', line: 20, message: 'No waypoint waypiont in namespace shop, whose waypoints are waypoint:' }],
    },
    {
      name: 'a Service names a workload-only waypoint: UnsupportedTrafficType',
      code: join(waypoint('waypoint', 'shop', { for: 'workload' }), service('web', 'shop', 'istio.io/use-waypoint: waypoint')),
      errors: [{ messageId: 'trafficType' }],
    },
    {
      name: 'a pod names a service-only waypoint itself: its binding fails with no status',
      code: join(waypoint('waypoint', 'shop'), deployment('shop', 'app: reviews, istio.io/use-waypoint: waypoint')),
      errors: [{ messageId: 'trafficType', message: 'Waypoint shop/waypoint is for service traffic (the default), so workload traffic does not bind' }],
    },
    {
      name: 'an unknown waypoint-for value binds nothing',
      code: join(waypoint('waypoint', 'shop', { for: 'services' }), service('web', 'shop', 'istio.io/use-waypoint: waypoint')),
      errors: [{ messageId: 'trafficType' }],
    },
    {
      name: 'cross-namespace without allowedRoutes: only the same namespace',
      code: join(waypoint('shared', 'mesh'), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
      errors: [{ messageId: 'denied', message: 'Waypoint mesh/shared does not allow namespace shop' }],
    },
    {
      name: 'a Namespace names a waypoint in another namespace that does not allow it',
      code: join(waypoint('shared', 'mesh', { allowed: 'allowedRoutes: { namespaces: { from: Same } }' }), namespace('shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
      errors: [{ messageId: 'denied' }],
    },
    {
      name: 'Istio 1.23 reads use-waypoint-namespace and checks allowedRoutes',
      code: join(waypoint('shared', 'mesh'), waypoint('waypoint', 'shop'), service('web', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh')),
      istioVersion: '1.23',
      errors: [{ messageId: 'denied' }],
    },
    {
      name: 'Istio 1.23 reads waypoint-for on the GatewayClass: a Service does not bind to a workload-only class',
      code: join(workloadClass, waypoint('waypoint', 'shop', { className: 'my-waypoints' }), service('web', 'shop', 'istio.io/use-waypoint: waypoint')),
      istioVersion: '1.23',
      errors: [{ messageId: 'trafficType', message: "(its GatewayClass's istio.io/waypoint-for)" }],
    },
    {
      name: 'Istio 1.22: a pod naming a waypoint whose class says workload does not bind (1.22 reads the default, service)',
      code: join(workloadClass, waypoint('waypoint', 'shop', { className: 'my-waypoints' }), deployment('shop', 'app: reviews, istio.io/use-waypoint: waypoint')),
      istioVersion: '1.22',
      errors: [{ messageId: 'trafficType', message: "is for service traffic (the default: Istio 1.22 does not read the GatewayClass's label)" }],
    },
  ],
});

test.run();
