import { test } from 'uvu';
import rule from '../../rules/use-waypoint-none-service.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// Istio #52527: a pod's use-waypoint: none affects only traffic to the pod's own address.
const waypoint = (name: string, ns: string, opts: { for?: string; allowed?: string } = {}): string => yaml`
  apiVersion: gateway.networking.k8s.io/v1
  kind: Gateway
  metadata:
    name: ${name}
    namespace: ${ns}
    labels: { istio.io/waypoint-for: ${opts.for ?? 'service'} }
  spec:
    gatewayClassName: istio-waypoint
    listeners:
      - name: mesh
        port: 15008
        protocol: HBONE
        ${opts.allowed ?? ''}
  `;
const service = (name: string, ns: string, labels: string, selector = `app: ${name}`): string => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: ${name}
    namespace: ${ns}
    labels: { ${labels} }
  spec:
    selector: { ${selector} }
    ports: [{ port: 9080 }]
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
const AMBIENT_NS = 'istio.io/dataplane-mode: ambient';

ruleTester(rule, {
  valid: [
    {
      name: "Istio 1.23 reads the Service's use-waypoint-namespace: the waypoint of that name in its own namespace is not the Service's",
      code: join(
        namespace('shop', AMBIENT_NS),
        waypoint('shared', 'shop'),
        service('reviews', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh-waypoints'),
        deployment('shop', 'app: reviews, istio.io/use-waypoint: none'),
      ),
      istioVersion: '1.23',
    },
    {
      name: 'the Service says NONE (any case names no waypoint)',
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), service('reviews', 'shop', 'istio.io/use-waypoint: NONE'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'the Service says none too',
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), service('reviews', 'shop', 'istio.io/use-waypoint: none'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'no Service selects the pod',
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), service('ratings', 'shop', ''), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      // Past the Services kept of a namespace, its pods are not judged, and one note says so.
      name: 'a namespace of more than 2,000 Services: not judged, one note',
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), ...Array.from({ length: 2_000 }, (_, i) => service(`s${i}`, 'shop', '')), service('reviews', 'shop', ''), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
      notes: ['bound:traffic-bound'],
    },
    {
      name: 'the Service has no waypoint',
      code: join(namespace('shop', AMBIENT_NS), waypoint('waypoint', 'shop'), service('reviews', 'shop', ''), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: "the Service's waypoint is not among the inputs: whether it binds is unknown",
      code: join(namespace('shop', AMBIENT_NS), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: "the Service's waypoint is for workload traffic only: it does not bind the Service",
      code: join(namespace('shop', AMBIENT_NS), waypoint('waypoint', 'shop', { for: 'workload' }), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'a Service in another namespace does not select the pod',
      code: join(namespace('shop', AMBIENT_NS), namespace('web', AMBIENT_NS), waypoint('waypoint', 'web'), service('reviews', 'web', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'the pod is not in ambient (no dataplane-mode label anywhere)',
      code: join(namespace('shop', 'team: a'), waypoint('waypoint', 'shop'), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: "the namespace's labels are unknown: whether the pod is captured is unknown",
      code: join(waypoint('waypoint', 'shop'), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'a selector the pod does not match in full',
      code: join(namespace('shop', AMBIENT_NS), waypoint('waypoint', 'shop'), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint', 'app: reviews, version: v2'), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
    },
    {
      name: 'a headless Service: its clients address the pod IPs, which the pod\'s own label covers',
      code: join(
        namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`),
        waypoint('waypoint', 'shop'),
        yaml`
          apiVersion: v1
          kind: Service
          metadata: { name: reviews, namespace: shop }
          spec: { clusterIP: None, selector: { app: reviews } }
        `,
        deployment('shop', 'app: reviews, istio.io/use-waypoint: none'),
      ),
    },
    {
      name: 'a Service without a selector, or odd shapes',
      code: join(
        namespace('shop', AMBIENT_NS),
        waypoint('waypoint', 'shop'),
        yaml`
          apiVersion: v1
          kind: Service
          metadata: { name: ext, namespace: shop, labels: { istio.io/use-waypoint: waypoint } }
          spec: { type: ExternalName, externalName: example.com }
        `,
        yaml`
          apiVersion: v1
          kind: Service
          metadata: { name: odd, namespace: shop, labels: [1, 2] }
          spec: { selector: [app, reviews] }
        `,
        deployment('shop', 'app: reviews, istio.io/use-waypoint: none'),
      ),
    },
  ],
  invalid: [
    {
      name: 'the pod says "None": no waypoint for its own address, as none (istiod finds no Gateway of that name and does not fall back)',
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), service('reviews', 'shop', ''), deployment('shop', 'app: reviews, istio.io/use-waypoint: None')),
      errors: [{ messageId: 'serviceWaypoint' }],
    },
    {
      name: "Istio 1.22 ignores the Service's use-waypoint-namespace: it uses the waypoint of that name in its own namespace",
      code: join(
        namespace('shop', AMBIENT_NS),
        waypoint('shared', 'shop'),
        service('reviews', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh-waypoints'),
        deployment('shop', 'app: reviews, istio.io/use-waypoint: none'),
      ),
      istioVersion: '1.22',
      errors: [{ message: 'waypoint shop/shared' }],
    },
    {
      name: "the Service inherits its namespace's waypoint",
      code: join(namespace('shop', `${AMBIENT_NS}, istio.io/use-waypoint: waypoint`), waypoint('waypoint', 'shop'), service('reviews', 'shop', ''), deployment('shop', 'app: reviews, istio.io/use-waypoint: none')),
      errors: [{
        messageId: 'serviceWaypoint',
        message: "Service reviews selects this pod, so traffic to it still goes through waypoint shop/waypoint: use-waypoint: none skips it only for the pod's own address. Label the Service istio.io/use-waypoint: none too.",
        line: 37,
        severity: 2,
      }],
    },
    {
      name: 'the Service names the waypoint itself; the pod is captured by its own label',
      code: join(namespace('shop', 'team: a'), waypoint('waypoint', 'shop', { for: 'all' }), service('reviews', 'shop', 'istio.io/use-waypoint: waypoint'), deployment('shop', `app: reviews, ${AMBIENT_NS}, istio.io/use-waypoint: none`)),
      errors: [{ message: 'Service reviews selects this pod' }],
    },
    {
      name: 'a cross-namespace waypoint that admits the namespace; two Services',
      istioVersion: '1.31',
      code: join(
        namespace('shop', AMBIENT_NS),
        waypoint('shared', 'mesh-waypoints', { allowed: 'allowedRoutes: { namespaces: { from: All } }' }),
        service('reviews', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh-waypoints'),
        service('reviews-canary', 'shop', 'istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh-waypoints', 'app: reviews'),
        deployment('shop', 'app: reviews, istio.io/use-waypoint: none'),
      ),
      errors: [{ message: 'Service reviews, reviews-canary selects this pod, so traffic to it still goes through waypoint mesh-waypoints/shared' }],
    },
  ],
});

test.run();
