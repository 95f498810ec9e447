import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { ruleAtZtunnel } from '../../rules/ambient-authz-policy.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

// Shapes from Istio's ambient security docs and the cases of AMBIENT.md §3.
const namespace = (name: string, labels: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: ${name}
    labels: { ${labels} }
  `;
const ambientNs = namespace('shop', 'istio.io/dataplane-mode: ambient');
const deployment = (name: string, labels: string, ns = 'shop'): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: ${name}, namespace: ${ns} }
  spec:
    template:
      metadata:
        labels: { ${labels} }
      spec:
        containers: [{ name: app, image: app }]
  `;
const policy = (spec: string, ns = 'shop', extraMeta = ''): string => `apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata:
  name: policy
  namespace: ${ns}
${extraMeta}spec:
${spec
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}
`;
const service = (name: string, labels: string, ns = 'shop'): string => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: ${name}
    namespace: ${ns}
    labels: { ${labels} }
  spec:
    selector: { app: ${name} }
  `;
const waypoint = (name: string, ns = 'shop', className = 'istio-waypoint'): string => yaml`
  apiVersion: gateway.networking.k8s.io/v1
  kind: Gateway
  metadata: { name: ${name}, namespace: ${ns} }
  spec:
    gatewayClassName: ${className}
    listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
  `;
const join = (...docs: string[]): string => docs.join('---\n');

// The otaru outage shape: a client allowed by principal, the server's Service moved behind a waypoint.
const client = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: client, namespace: shop }
  spec:
    template:
      metadata:
        labels: { app: client }
      spec:
        serviceAccountName: client
        containers: [{ name: app, image: app }]
  `;
const principalAllow = (principals: string): string => `selector:
  matchLabels: { app: web }
action: ALLOW
rules:
- from:
  - source: { principals: [${principals}] }
  to:
  - operation: { ports: ["8080"] }`;
const behindWaypoint = (...more: string[]): string =>
  join(ambientNs, waypoint('waypoint'), service('web', 'istio.io/use-waypoint: waypoint'), deployment('web', 'app: web'), client, ...more);

const l7Allow = `selector:
  matchLabels: { app: web }
action: ALLOW
rules:
- from:
  - source: { principals: ["cluster.local/ns/shop/sa/client"] }
  to:
  - operation: { methods: ["GET"] }`;
const l7OnlyDeny = `selector:
  matchLabels: { app: web }
action: DENY
rules:
- from:
  - source: { notRequestPrincipals: ["*"] }`;
const mixedDeny = `selector:
  matchLabels: { app: web }
action: DENY
rules:
- to:
  - operation: { ports: ["8080"], methods: ["DELETE"] }`;
const l4Allow = `selector:
  matchLabels: { app: web }
action: ALLOW
rules:
- from:
  - source: { namespaces: ["shop"] }
  to:
  - operation: { ports: ["8080"] }
  when:
  - key: source.ip
    values: ["10.0.0.0/8"]`;

ruleTester(rule, {
  valid: [
    { name: 'an L4-only selector ALLOW on ambient pods', code: join(ambientNs, deployment('web', 'app: web'), policy(l4Allow)) },
    { name: 'an L7 selector policy on sidecar pods', code: join(namespace('shop', 'istio-injection: enabled'), deployment('web', 'app: web'), policy(l7Allow)) },
    {
      name: 'an L7 selector policy on a mix of ambient and sidecar pods: written for the sidecars',
      code: join(ambientNs, deployment('web', 'app: web'), deployment('web-v2', 'app: web, sidecar.istio.io/inject: "true"'), policy(l7Allow)),
    },
    {
      // Every pod of a namespace is kept up to the bound, whatever other namespaces hold: the sidecar pod after 6,000 others still counts.
      name: 'the same mix, with 6,000 pods of another namespace between the two',
      code: join(
        ambientNs,
        deployment('web', 'app: web'),
        ...Array.from({ length: 6000 }, (_, i) => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: w${i}, namespace: other }\nspec: { template: { metadata: { labels: { app: w${i} } }, spec: { containers: [{ name: a, image: a }] } } }\n`),
        deployment('web-v2', 'app: web, sidecar.istio.io/inject: "true"'),
        policy(l7Allow),
      ),
    },
    { name: "the pods' namespace is not among the inputs: capture unknown", code: join(deployment('web', 'app: web'), policy(l7Allow)) },
    { name: 'no selected pod among the inputs', code: join(ambientNs, deployment('api', 'app: api'), policy(l7Allow)) },
    { name: 'a pod opted out of ambient', code: join(ambientNs, deployment('web', 'app: web, istio.io/dataplane-mode: none'), policy(l7Allow)) },
    {
      name: 'an L7 policy with targetRefs to a Service bound to a waypoint',
      code: join(ambientNs, waypoint('waypoint'), service('web', 'istio.io/use-waypoint: waypoint'), policy(`targetRefs:\n- kind: Service\n  group: ""\n  name: web\naction: ALLOW\nrules:\n- to:\n  - operation: { methods: ["GET"] }`)),
    },
    {
      name: 'targetRefs to a Service whose namespace names the waypoint',
      code: join(namespace('shop', 'istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint'), waypoint('waypoint'), service('web', ''), policy(`targetRefs:\n- kind: Service\n  group: ""\n  name: web`)),
    },
    { name: "targetRefs to a Service whose namespace is not among the inputs", code: join(service('web', ''), policy(`targetRefs:\n- kind: Service\n  group: ""\n  name: web`)) },
    { name: 'targetRefs to a Service not among the inputs', code: join(ambientNs, policy(`targetRefs:\n- kind: Service\n  group: ""\n  name: web`)) },
    { name: 'targetRefs to the waypoint Gateway', code: join(ambientNs, waypoint('waypoint'), policy(`targetRefs:\n- kind: Gateway\n  group: gateway.networking.k8s.io\n  name: waypoint`)) },
    {
      name: 'targetRefs to GatewayClass istio-waypoint from the root namespace',
      code: policy(`targetRefs:\n- kind: GatewayClass\n  group: gateway.networking.k8s.io\n  name: istio-waypoint`, 'istio-system'),
    },
    { name: 'a dry-run policy: not sent to ztunnel', code: join(ambientNs, deployment('web', 'app: web'), policy(l7Allow, 'shop', '  annotations: { istio.io/dry-run: "true" }\n')) },
    { name: 'a root-namespace policy applies mesh-wide', code: join(namespace('istio-system', 'istio.io/dataplane-mode: ambient'), deployment('web', 'app: web', 'istio-system'), policy(`rules:\n- to:\n  - operation: { paths: ["/admin"] }`, 'istio-system')) },
    { name: 'the client principal without a waypoint', code: join(ambientNs, service('web', ''), deployment('web', 'app: web'), client, policy(principalAllow('"cluster.local/ns/shop/sa/client"'))) },
    {
      name: 'the rule admits the waypoint too',
      code: behindWaypoint(policy(principalAllow('"cluster.local/ns/shop/sa/client", "cluster.local/ns/shop/sa/waypoint"'))),
    },
    { name: 'another ALLOW admits the waypoint', code: behindWaypoint(policy(principalAllow('"cluster.local/ns/shop/sa/client"')), policy('selector:\n  matchLabels: { app: web }\nrules:\n- from:\n  - source: { namespaces: ["shop"] }').replace('name: policy', 'name: waypoint')) },
    { name: 'a wildcard principal may admit it', code: behindWaypoint(policy(principalAllow('"cluster.local/ns/shop/sa/*"'))) },
    { name: 'istiod adds an ALLOW for waypoints itself', code: behindWaypoint(policy(principalAllow('"cluster.local/ns/shop/sa/client"')), yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istiod-env, namespace: istio-system }
      data: { PILOT_AUTO_ALLOW_WAYPOINT_POLICY: "true" }
      `) },
    { name: 'only an ingress gateway is admitted: mesh clients are meant to be denied', code: behindWaypoint(policy(principalAllow('"cluster.local/ns/istio-system/sa/istio-ingressgateway"'))) },
    {
      name: 'odd shapes do not throw',
      code: join(
        ambientNs,
        deployment('web', 'app: web'),
        policy('selector: 5\nrules: x'),
        policy('selector: { matchLabels: [1] }\nrules: [null, 3, { to: {}, from: [null], when: [null, { key: 7 }] }]'),
        policy('targetRefs: [null, 3, { kind: Service }, { kind: GatewayClass, group: gateway.networking.k8s.io, name: 5 }]'),
        policy('targetRef: [1]\naction: 12'),
        'apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: p, namespace: shop }\nspec: []\n',
      ),
    },
    { name: 'a selector on an ingress Gateway of another class', code: join(ambientNs, waypoint('ingress', 'shop', 'istio'), policy(`selector:\n  matchLabels: { gateway.networking.k8s.io/gateway-name: ingress }\nrules:\n- to:\n  - operation: { paths: ["/"] }`)) },
  ],
  invalid: [
    {
      name: 'an ALLOW rule with methods on ambient pods is dropped whole',
      code: join(ambientNs, deployment('web', 'app: web'), policy(l7Allow)),
      errors: [{ messageId: 'allowDropped', message: 'ztunnel drops this ALLOW rule on ambient pods shop/web for its HTTP fields (methods)' }],
    },
    {
      name: 'the classic deny-without-JWT never fires (#61126)',
      code: join(ambientNs, deployment('web', 'app: web'), policy(l7OnlyDeny)),
      errors: [{ messageId: 'denyNoop', message: 'notRequestPrincipals' }],
    },
    {
      name: 'a DENY on a port and a method denies the whole port',
      code: join(ambientNs, deployment('web', 'app: web'), policy(mixedDeny)),
      errors: [{ messageId: 'denyBroader', message: '(methods)' }],
    },
    {
      name: 'a DENY with an HTTP when key never fires',
      code: join(ambientNs, deployment('web', 'app: web'), policy(`selector:\n  matchLabels: { app: web }\naction: DENY\nrules:\n- from:\n  - source: { namespaces: ["other"] }\n  when:\n  - key: request.headers[x-user]\n    values: ["bob"]`)),
      errors: [{ messageId: 'denyNoop', message: 'request.headers[x-user]' }],
    },
    {
      name: 'a namespace-wide policy in an ambient namespace, one finding per HTTP rule',
      code: join(ambientNs, deployment('web', 'app: web'), deployment('api', 'app: api'), policy(`rules:\n- from:\n  - source: { namespaces: ["shop"] }\n- to:\n  - operation: { paths: ["/health"] }`)),
      errors: [{ messageId: 'allowDropped', message: 'pods shop/web and 1 more', line: 36 }],
    },
    {
      name: 'CUSTOM on ambient pods',
      code: join(ambientNs, deployment('web', 'app: web'), policy(`selector:\n  matchLabels: { app: web }\naction: CUSTOM\nprovider: { name: ext-authz }\nrules:\n- {}`)),
      errors: [{ messageId: 'action', message: 'ztunnel does not enforce CUSTOM policies' }],
    },
    {
      name: 'the Namespace in another file',
      code: join(deployment('web', 'app: web'), policy(l7Allow)),
      files: [{ filename: 'ns.yaml', code: ambientNs }],
      errors: [{ messageId: 'allowDropped' }],
    },
    {
      name: 'targetRefs to a Service bound to no waypoint',
      code: join(ambientNs, service('web', ''), policy(`targetRefs:\n- kind: Service\n  group: ""\n  name: web\nrules:\n- to:\n  - operation: { methods: ["GET"] }`)),
      errors: [{ messageId: 'targetUnbound', message: 'Service shop/web is bound to no waypoint (no use-waypoint on it or its namespace)' }],
    },
    {
      name: 'targetRefs to a Service that opts out with use-waypoint: none',
      code: join(namespace('shop', 'istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint'), waypoint('waypoint'), service('web', 'istio.io/use-waypoint: none'), policy(`targetRef:\n  kind: Service\n  group: ""\n  name: web`)),
      errors: [{ messageId: 'targetUnbound', message: '(use-waypoint: none on it)' }],
    },
    {
      name: 'targetRefs to a Service that says use-waypoint: None: no Gateway has that name, and no fallback to the namespace',
      code: join(namespace('shop', 'istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint'), waypoint('waypoint'), service('web', 'istio.io/use-waypoint: None'), policy(`targetRef:\n  kind: Service\n  group: ""\n  name: web`)),
      errors: [{ messageId: 'targetUnbound', message: '(use-waypoint: None on it)' }],
    },
    {
      name: 'targetRefs to a ServiceEntry bound to no waypoint',
      code: join(
        ambientNs,
        yaml`
        apiVersion: networking.istio.io/v1
        kind: ServiceEntry
        metadata: { name: httpbin, namespace: shop }
        spec:
          hosts: [httpbin.org]
          ports: [{ number: 80, name: http, protocol: HTTP }]
        `,
        policy(`targetRefs:\n- kind: ServiceEntry\n  group: networking.istio.io\n  name: httpbin`),
      ),
      errors: [{ messageId: 'targetUnbound', message: 'ServiceEntry shop/httpbin' }],
    },
    {
      name: 'targetRefs to a GatewayClass other than istio-waypoint',
      code: policy(`targetRefs:\n- kind: GatewayClass\n  group: gateway.networking.k8s.io\n  name: istio`, 'istio-system'),
      errors: [{ messageId: 'gatewayClass', message: 'for istio' }],
    },
    {
      name: 'a client admitted by principal, the Service behind a waypoint (siutsin/otaru#3129)',
      code: behindWaypoint(policy(principalAllow('"cluster.local/ns/shop/sa/client"'))),
      errors: [{ messageId: 'waypointIdentity', severity: 1, message: 'shop/client is admitted, but its requests to shop/web pass waypoint shop/waypoint, whose identity no ALLOW admits here: ztunnel denies them. Also admit cluster.local/ns/shop/sa/waypoint.' }],
    },
    {
      name: 'a client admitted by namespace, the waypoint in another namespace with its own service account',
      istioVersion: '1.31',
      code: join(
        namespace('shop', 'istio.io/dataplane-mode: ambient, istio.io/use-waypoint: shared, istio.io/use-waypoint-namespace: mesh'),
        yaml`
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: shared
          namespace: mesh
          annotations: { gateway.istio.io/service-account: waypoint-sa }
        spec:
          gatewayClassName: istio-waypoint
          listeners: [{ name: mesh, port: 15008, protocol: HBONE, allowedRoutes: { namespaces: { from: All } } }]
        `,
        service('web', ''),
        deployment('web', 'app: web'),
        client,
        policy('selector:\n  matchLabels: { app: web }\nrules:\n- from:\n  - source: { namespaces: ["shop"] }'),
      ),
      errors: [{ messageId: 'waypointIdentity', message: 'Also admit cluster.local/ns/mesh/sa/waypoint-sa' }],
    },
    {
      name: "a selector on a waypoint's pods",
      code: join(ambientNs, waypoint('waypoint'), policy(`selector:\n  matchLabels: { gateway.networking.k8s.io/gateway-name: waypoint }\nrules:\n- to:\n  - operation: { methods: ["GET"] }`)),
      errors: [{ messageId: 'waypointSelector', message: 'waypoint waypoint' }],
    },
  ],
});

test('ruleAtZtunnel: L4 fields keep a condition alive, HTTP ones do not', () => {
  assert.equal(ruleAtZtunnel({ from: [{ source: { principals: ['a'] } }] }), { l7: [], emptied: false });
  assert.equal(ruleAtZtunnel({ to: [{ operation: { paths: ['/'] } }, { operation: { ports: ['80'] } }] }), { l7: ['paths'], emptied: false });
  assert.equal(ruleAtZtunnel({ to: [{ operation: { paths: ['/'] } }] }), { l7: ['paths'], emptied: true });
  assert.equal(ruleAtZtunnel({ when: [{ key: 'destination.port', values: ['80'] }] }), { l7: [], emptied: false });
  assert.equal(ruleAtZtunnel({ when: [{ key: 'source.serviceAccount', values: ['x'] }] }), { l7: ['source.serviceAccount'], emptied: true });
  // Hostile shapes do not throw.
  assert.equal(ruleAtZtunnel(null), { l7: [], emptied: false });
  assert.equal(ruleAtZtunnel({ to: 'x', from: [1, null], when: [{ key: 3 }, null] }), { l7: [], emptied: true });
});

test.run();
