import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/ambient-network-policy.ts';
import { cidrContains, parseAddress } from '../../src/model/ambient/network-policy.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const ambientNs = { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient' } } } };

/** A Deployment in shop: app label, a readiness probe on 8080 or none. */
const deploy = (name: string, probe = true, labels = `{ app: ${name} }`): string => yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}, namespace: shop }
spec:
  template:
    metadata:
      labels: ${labels}
    spec:
      containers:
        - name: app
          image: app:1
          ports: [{ name: http, containerPort: 8080 }]
${probe ? '          readinessProbe: { httpGet: { path: /ready, port: 8080 } }' : ''}
`;

const file = (filename: string, code: string): { filename: string; code: string } => ({ filename, code });

const defaultDeny = file('deny.yaml', yaml`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: default-deny, namespace: shop }
spec:
  podSelector: {}
  policyTypes: [Ingress]
`);

/** Admits pods labelled app=frontend to the api on the given ports (YAML flow list). */
const fromFrontend = (ports: string): string => yaml`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: api-from-frontend, namespace: shop }
spec:
  podSelector: { matchLabels: { app: api } }
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector: { matchLabels: { app: frontend } }
      ports: ${ports}
`;

/** Lets the frontend reach pods labelled app=api on the given ports (YAML flow list), and DNS. */
const frontendEgress = (ports: string): string => yaml`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: frontend-out, namespace: shop }
spec:
  podSelector: { matchLabels: { app: frontend } }
  policyTypes: [Egress]
  egress:
    - to:
        - podSelector: { matchLabels: { app: api } }
      ports: ${ports}
    - to:
        - namespaceSelector: {}
      ports: [{ port: 53, protocol: UDP }]
`;

const allowProbes = file('probes.yaml', yaml`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: allow-probes, namespace: shop }
spec:
  podSelector: {}
  ingress:
    - from:
        - ipBlock: { cidr: 169.254.7.127/32 }
`);

ruleTester(rule, {
  valid: [
    { name: 'no policy', code: deploy('api'), config: ambientNs },
    { name: 'default deny, but the pod has no probe', code: deploy('api', false), files: [defaultDeny], config: ambientNs },
    {
      // Past the ambient pods kept for a run, the rest are not judged, and one note says so.
      name: 'more than 5,000 ambient pods: the rest not judged, one note',
      code: [...Array.from({ length: 5_000 }, (_, i) => deploy(`w${i}`, false)), deploy('api')].join('---\n'),
      files: [defaultDeny],
      config: ambientNs,
      notes: ['bound:traffic-bound'],
    },
    { name: 'default deny with the probe address admitted', code: deploy('api'), files: [defaultDeny, allowProbes], config: ambientNs },
    {
      name: 'a wider ipBlock holds the probe address',
      code: deploy('api'),
      files: [defaultDeny, file('p.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: link-local, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 169.254.0.0/16 } }]\n      ports: [{ port: 8080 }]\n')],
      config: ambientNs,
    },
    {
      name: 'the IPv6 probe address admitted',
      code: deploy('api'),
      files: [defaultDeny, file('p.yaml', "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: v6, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 'fd16:9254:7127:1337::/64' } }]\n")],
      config: ambientNs,
    },
    { name: 'not ambient: a sidecar namespace', code: deploy('api'), files: [defaultDeny], config: { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } } },
    { name: 'not ambient: no namespace labels known', code: deploy('api'), files: [defaultDeny] },
    { name: 'the pod opts out with dataplane-mode none', code: deploy('api', true, '{ app: api, istio.io/dataplane-mode: none }'), files: [defaultDeny], config: ambientNs },
    { name: 'an exec probe does not come over the network', code: deploy('api', false).replace('ports: [{ name: http, containerPort: 8080 }]', 'ports: [{ name: http, containerPort: 8080 }]\n          livenessProbe: { exec: { command: [true] } }'), files: [defaultDeny], config: ambientNs },
    { name: 'a policy in another namespace', code: deploy('api'), files: [file('p.yaml', defaultDeny.code.replace('namespace: shop', 'namespace: other'))], config: ambientNs },
    { name: 'an Egress-only policy does not isolate ingress', code: deploy('api'), files: [file('p.yaml', defaultDeny.code.replace('[Ingress]', '[Egress]'))], config: ambientNs },
    { name: 'a rule from every source to the probe port', code: deploy('api'), files: [file('p.yaml', defaultDeny.code.replace('policyTypes: [Ingress]', 'ingress: [{ ports: [{ port: 8080 }] }]'))], config: ambientNs },
    { name: 'a rule from every source on the named port', code: deploy('api'), files: [file('p.yaml', defaultDeny.code.replace('policyTypes: [Ingress]', 'ingress: [{ ports: [{ port: http }] }]'))], config: ambientNs },
    {
      name: 'HBONE admitted beside the app port',
      code: deploy('api', false),
      files: [file('fe.yaml', deploy('frontend', false)), file('p.yaml', fromFrontend('[{ port: 8080 }, { port: 15008 }]'))],
      config: ambientNs,
    },
    {
      name: 'HBONE admitted by a port range',
      code: deploy('api', false),
      files: [file('fe.yaml', deploy('frontend', false)), file('p.yaml', fromFrontend('[{ port: 8000, endPort: 16000 }]'))],
      config: ambientNs,
    },
    {
      name: 'the allowed client is not in the mesh: its traffic arrives on the app port',
      code: deploy('api', false),
      files: [file('fe.yaml', deploy('frontend', false, '{ app: frontend, istio.io/dataplane-mode: none }')), file('p.yaml', fromFrontend('[{ port: 8080 }]'))],
      config: ambientNs,
    },
    {
      name: 'no client pod among the inputs matches the rule',
      code: deploy('api', false),
      files: [file('p.yaml', fromFrontend('[{ port: 8080 }]'))],
      config: ambientNs,
    },
    {
      name: 'a waypoint in the path: the traffic comes from the waypoint, not from the client',
      code: deploy('api', false),
      files: [file('fe.yaml', deploy('frontend', false)), file('p.yaml', fromFrontend('[{ port: 8080 }]'))],
      config: { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient', 'istio.io/use-waypoint': 'waypoint' } } } },
    },
    {
      name: 'another rule with an ipBlock may admit HBONE from the client: undecided',
      code: deploy('api', false),
      files: [
        file('fe.yaml', deploy('frontend', false)),
        file('p.yaml', fromFrontend('[{ port: 8080 }]')),
        file('q.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: pods-cidr, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 10.0.0.0/8 } }]\n      ports: [{ port: 15008 }]\n'),
      ],
      config: ambientNs,
    },
    {
      name: 'a policy of a shape the API server rejects decides nothing',
      code: deploy('api'),
      files: [defaultDeny, file('bad.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: odd, namespace: shop }\nspec:\n  podSelector: {}\n  ingress: { from: 3 }\n')],
      config: ambientNs,
    },
    {
      name: 'odd shapes decide nothing and never throw',
      code: deploy('api').replace('port: 8080 } }', 'port: { odd: 1 } } }'),
      files: [
        file('a.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: a, namespace: shop }\nspec:\n  podSelector: []\n'),
        file('b.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: b, namespace: shop }\nspec:\n  podSelector: {}\n  ingress: [null, { from: [null, 3, { ipBlock: { cidr: 7 } }], ports: "x" }]\n'),
        file('c.yaml', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: c, namespace: shop }\nspec: 5\n'),
      ],
      config: ambientNs,
    },
    {
      name: 'an unresolvable named probe port with an ipBlock on some port: undecided',
      code: deploy('api').replace('port: 8080 } }', 'port: nope } }'),
      files: [defaultDeny, file('p.yaml', "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 169.254.7.127/32 } }]\n      ports: [{ port: 9090 }]\n")],
      config: ambientNs,
    },
    {
      name: 'inbound capture bypassed: not decided here',
      code: deploy('api').replace('labels: { app: api }', 'labels: { app: api }\n      annotations: { ambient.istio.io/bypass-inbound-capture: "true" }'),
      files: [defaultDeny],
      config: ambientNs,
    },
    {
      name: 'egress: HBONE admitted beside the app port',
      code: frontendEgress('[{ port: 8080 }, { port: 15008 }]'),
      files: [file('api.yaml', deploy('api', false)), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
    },
    {
      name: 'egress: the destination is not in the mesh',
      code: frontendEgress('[{ port: 8080 }]'),
      files: [file('api.yaml', deploy('api', false, '{ app: api, istio.io/dataplane-mode: none }')), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
    },
    {
      name: 'egress: an empty egress list without policyTypes isolates ingress only',
      code: yaml`
      apiVersion: networking.k8s.io/v1
      kind: NetworkPolicy
      metadata: { name: p, namespace: shop }
      spec:
        podSelector: {}
        ingress: [{}]
        egress: []
      `,
      files: [file('api.yaml', deploy('api')), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
    },
    {
      name: 'egress: a DNS rule to every destination is not about the api',
      code: frontendEgress('[{ port: 8080 }]').replace('app: api', 'app: other').replace('    - to:\n        - namespaceSelector: {}\n      ports: [{ port: 53, protocol: UDP }]', '    - ports: [{ port: 53, protocol: UDP }, { port: 53, protocol: TCP }]'),
      files: [file('api.yaml', deploy('api', false).replace('containerPort: 8080', 'containerPort: 53')), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
    },
    {
      name: 'egress: a rule without `to` names no pod',
      code: frontendEgress('[{ port: 8080 }]').replace('    - to:\n        - podSelector: { matchLabels: { app: api } }\n      ports: [{ port: 8080 }]', '    - ports: [{ port: 8080 }]'),
      files: [file('api.yaml', deploy('api', false)), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
    },
  ],
  invalid: [
    {
      name: 'default deny: the readiness probe fails',
      code: deploy('api'),
      files: [defaultDeny],
      config: ambientNs,
      errors: [{ messageId: 'probeBlocked', line: 13, message: 'which no NetworkPolicy isolating this pod (shop/default-deny) admits' }],
    },
    {
      name: 'ingress only from pods: the probe address is not a pod',
      code: deploy('api'),
      files: [file('p.yaml', fromFrontend('[{ port: 8080 }, { port: 15008 }]'))],
      config: ambientNs,
      errors: [{ messageId: 'probeBlocked', message: 'this readinessProbe fails' }],
    },
    {
      name: 'the probe address is excepted from the ipBlock',
      code: deploy('api'),
      files: [file('p.yaml', "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 0.0.0.0/0, except: [169.254.0.0/16] } }]\n")],
      config: ambientNs,
      errors: [{ messageId: 'probeBlocked' }],
    },
    {
      name: 'the probe address admitted, but on another port',
      code: deploy('api'),
      files: [defaultDeny, file('p.yaml', "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  podSelector: {}\n  ingress:\n    - from: [{ ipBlock: { cidr: 169.254.7.127/32 } }]\n      ports: [{ port: 9090 }]\n")],
      config: ambientNs,
      errors: [{ messageId: 'probeBlocked', message: '(shop/default-deny and 1 more)' }],
    },
    {
      name: 'ambient by the pod label, namespace without the label',
      code: deploy('api', true, '{ app: api, istio.io/dataplane-mode: ambient }'),
      files: [defaultDeny],
      config: { namespaces: { shop: { labels: {} } } },
      errors: [{ messageId: 'probeBlocked' }],
    },
    {
      name: 'app port only from an ambient client: HBONE blocked',
      code: fromFrontend('[{ port: 8080 }]'),
      files: [file('api.yaml', deploy('api', false)), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
      errors: [{ messageId: 'hboneBlocked', line: 10, message: 'admits shop/frontend to shop/api on 8080 only, but ambient traffic' }],
    },
    {
      name: 'client in another ambient namespace, admitted by namespaceSelector',
      code: yaml`
      apiVersion: networking.k8s.io/v1
      kind: NetworkPolicy
      metadata: { name: api, namespace: shop }
      spec:
        podSelector: { matchLabels: { app: api } }
        ingress:
          - from:
              - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: web } }
            ports: [{ port: http }]
      `,
      files: [file('api.yaml', deploy('api', false)), file('fe.yaml', deploy('frontend', false).replace('namespace: shop', 'namespace: web'))],
      config: { namespaces: { shop: { labels: { 'istio.io/dataplane-mode': 'ambient' } }, web: { labels: { 'istio.io/dataplane-mode': 'ambient' } } } },
      errors: [{ messageId: 'hboneBlocked', line: 9, message: 'admits web/frontend to shop/api on http only' }],
    },
    {
      name: 'both: the probe and HBONE',
      code: fromFrontend('[{ port: 8080 }]'),
      files: [file('api.yaml', deploy('api')), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
      errors: [{ messageId: 'hboneBlocked', line: 10 }, { messageId: 'probeBlocked', line: 13 }],
    },
    {
      name: 'egress: the client may reach the api on its app port only',
      code: frontendEgress('[{ port: 8080 }]'),
      files: [file('api.yaml', deploy('api', false)), file('fe.yaml', deploy('frontend', false))],
      config: ambientNs,
      errors: [{ messageId: 'hboneEgressBlocked', line: 10, message: 'lets shop/frontend reach shop/api on 8080 only' }],
    },
    {
      name: 'empty policyTypes default to Ingress (and Egress with egress rules)',
      code: yaml`
      apiVersion: networking.k8s.io/v1
      kind: NetworkPolicy
      metadata: { name: p, namespace: shop }
      spec:
        podSelector: {}
        policyTypes: []
      `,
      files: [file('api.yaml', deploy('api'))],
      config: ambientNs,
      errors: [{ messageId: 'probeBlocked' }],
    },
  ],
});

test('addresses and CIDRs', () => {
  assert.is(parseAddress('169.254.7.127')?.bits, 32);
  assert.is(parseAddress('fd16:9254:7127:1337:ffff:ffff:ffff:ffff')?.bits, 128);
  assert.is(parseAddress('::1')?.value, 1n);
  assert.is(parseAddress('1.2.3.256'), undefined);
  assert.is(parseAddress('1:2:3:4:5:6:7:8:9'), undefined);
  assert.is(cidrContains('169.254.7.127/32', '169.254.7.127'), true);
  assert.is(cidrContains('169.254.7.0/24', '169.254.8.1'), false);
  assert.is(cidrContains('0.0.0.0/0', '169.254.7.127'), true);
  assert.is(cidrContains('::/0', '169.254.7.127'), false);
  assert.is(cidrContains('fd16::/16', 'fd16:9254:7127:1337:ffff:ffff:ffff:ffff'), true);
  assert.is(cidrContains('garbage', '169.254.7.127'), 'unknown');
  assert.is(cidrContains('10.0.0.0/33', '10.0.0.1'), 'unknown');
});

test.run();
