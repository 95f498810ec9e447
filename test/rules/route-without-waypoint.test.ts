import { test } from 'uvu';
import rule from '../../rules/route-without-waypoint.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const namespace = (labels: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels: { ${labels} }
  `;
const service = (labels = 'app: reviews'): string => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: reviews
    namespace: shop
    labels: { ${labels} }
  spec:
    selector: { app: reviews }
  `;
const route = (parent = 'group: "", kind: Service, name: reviews', kind = 'HTTPRoute'): string => yaml`
  apiVersion: gateway.networking.k8s.io/v1
  kind: ${kind}
  metadata:
    name: reviews
    namespace: shop
  spec:
    parentRefs:
      - { ${parent} }
  `;
const join = (...docs: string[]): string => docs.join('---\n');

ruleTester(rule, {
  valid: [
    { name: 'the namespace names a waypoint', code: join(namespace('istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint'), service(), route()) },
    { name: 'the Service names a waypoint', code: join(namespace('istio.io/dataplane-mode: ambient'), service('istio.io/use-waypoint: waypoint'), route()) },
    { name: 'a sidecar namespace: the clients\' proxies apply the route', code: join(namespace('istio-injection: enabled'), service(), route()) },
    { name: 'the namespace is not among the inputs', code: join(service(), route()) },
    { name: 'the Service is not among the inputs', code: join(namespace('istio.io/dataplane-mode: ambient'), route()) },
    { name: 'a route on a Gateway, not a Service', code: join(namespace('istio.io/dataplane-mode: ambient'), service(), route('name: ingress')) },
    { name: 'a VirtualService bound to a gateway only', code: join(namespace('istio.io/dataplane-mode: ambient'), service(), 'apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: { name: r, namespace: shop }\nspec:\n  hosts: [reviews]\n  gateways: [edge]\n  http: [{ route: [{ destination: { host: reviews } }] }]\n') },
    { name: 'a DestinationRule with L4 settings only (ztunnel needs none)', code: join(namespace('istio.io/dataplane-mode: ambient'), service(), 'apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: r, namespace: shop }\nspec:\n  host: reviews\n  trafficPolicy: { connectionPool: { tcp: { maxConnections: 10 } } }\n') },
  ],
  invalid: [
    {
      name: 'a VirtualService for the mesh, on a Service of an ambient namespace with no waypoint',
      code: join(namespace('istio.io/dataplane-mode: ambient'), service(), 'apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: { name: r, namespace: shop }\nspec:\n  hosts: [reviews.shop.svc.cluster.local]\n  http: [{ retries: { attempts: 3 }, route: [{ destination: { host: reviews } }] }]\n'),
      errors: [{ messageId: 'noWaypoint', message: 'so ambient traffic ignores this VirtualService' }],
    },
    {
      name: 'a DestinationRule\'s outlier detection, which only a waypoint applies',
      code: join(namespace('istio.io/dataplane-mode: ambient'), service(), 'apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: r, namespace: shop }\nspec:\n  host: reviews\n  trafficPolicy: { outlierDetection: { consecutive5xxErrors: 5 } }\n'),
      errors: [{ messageId: 'noWaypoint', message: 'ignores this DestinationRule\'s outlierDetection' }],
    },
    {
      name: 'an HTTPRoute on a Service of an ambient namespace with no waypoint',
      code: join(namespace('istio.io/dataplane-mode: ambient'), service(), route()),
      errors: [{ messageId: 'noWaypoint', line: 23, message: 'No waypoint serves Service shop/reviews' }],
    },
    {
      name: 'a GRPCRoute naming the Service in another namespace of its own',
      code: join(namespace('istio.io/dataplane-mode: ambient'), service(), route('kind: Service, name: reviews, namespace: shop', 'GRPCRoute').replace('namespace: shop\n  spec', 'namespace: clients\n  spec')),
      errors: [{ messageId: 'noWaypoint' }],
    },
    {
      name: 'the Service says use-waypoint: none: no waypoint, though its namespace names one (istiod does not fall back)',
      code: join(namespace('istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint'), service('istio.io/use-waypoint: none'), route()),
      errors: [{ messageId: 'waypointNone', line: 23, message: '(it has istio.io/use-waypoint: "none")' }],
    },
    {
      name: 'use-waypoint "None" on the namespace names no waypoint either (waypointConfigured compares with EqualFold)',
      code: join(namespace('istio.io/dataplane-mode: ambient, istio.io/use-waypoint: None'), service(), route()),
      errors: [{ messageId: 'waypointNone', message: 'namespace shop has istio.io/use-waypoint: "None"' }],
    },
    {
      name: 'use-waypoint "NONE" on the Service at 1.22 too',
      code: join(namespace('istio.io/dataplane-mode: ambient'), service('istio.io/use-waypoint: NONE'), route()),
      istioVersion: '1.22',
      errors: [{ messageId: 'waypointNone' }],
    },
  ],
});

test.run();
