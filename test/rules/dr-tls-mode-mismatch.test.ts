// DestinationRule tls against the pods of its host: ISTIO_MUTUAL to pods without a proxy,
// DISABLE to pods STRICT on the port; and the rules that look alike but work.
import { test } from 'uvu';
import rule from '../../rules/dr-tls-mode-mismatch.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (name: string, labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: `ns-${name}.yaml`, code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name}, labels: ${labels} }\n` });
const api = (ns = 'shop', podLabels = '{ app: api }'): CaseFile => ({
  filename: `api-${ns}.yaml`,
  code: yaml`
    apiVersion: v1
    kind: Service
    metadata: { name: api, namespace: ${ns} }
    spec:
      selector: { app: api }
      ports: [{ name: http, port: 80, targetPort: 8080 }, { name: grpc, port: 9000 }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: ${ns} }
    spec:
      template:
        metadata: { labels: ${podLabels} }
        spec:
          containers: [{ name: app, image: api, ports: [{ containerPort: 8080 }, { containerPort: 9000 }] }]
  `,
});
const dr = (host: string, policy: string, ns = 'shop'): string => `apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: api, namespace: ${ns} }\nspec:\n  host: ${host}\n  trafficPolicy: ${policy}\n`;
const STRICT: CaseFile = { filename: 'pa.yaml', code: 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: all, namespace: shop }\nspec: { mtls: { mode: STRICT } }\n' };
const OPTED_OUT = '{ app: api, sidecar.istio.io/inject: "false" }';

ruleTester(rule, {
  valid: [
    { name: 'ISTIO_MUTUAL to pods with a sidecar', code: dr('api', '{ tls: { mode: ISTIO_MUTUAL } }'), files: [namespace('shop'), api()] },
    { name: 'no tls: auto mTLS', code: dr('api', '{ connectionPool: { tcp: { maxConnections: 10 } } }'), files: [namespace('shop'), api('shop', OPTED_OUT)] },
    { name: 'DISABLE to PERMISSIVE pods', code: dr('api', '{ tls: { mode: DISABLE } }'), files: [namespace('shop'), api()] },
    { name: 'DISABLE to pods without a proxy', code: dr('api', '{ tls: { mode: DISABLE } }'), files: [namespace('shop'), api('shop', OPTED_OUT), STRICT] },
    { name: 'a dotted host Istio takes as written (not this rule\'s)', code: dr('api.shop', '{ tls: { mode: ISTIO_MUTUAL } }'), files: [namespace('shop'), api('shop', OPTED_OUT)] },
    { name: 'the Service\'s Namespace is not among the inputs', code: dr('api.shop.svc.cluster.local', '{ tls: { mode: ISTIO_MUTUAL } }', 'client'), files: [api('shop', OPTED_OUT)] },
    {
      name: 'exportTo: a rule of another namespace kept to its own, for a Service kept to its own: no client sees both',
      code: dr('api.shop.svc.cluster.local', '{ tls: { mode: ISTIO_MUTUAL } }', 'client').replace('spec:\n', 'spec:\n  exportTo: ["."]\n'),
      files: [namespace('shop'), { filename: 'api-shop.yaml', code: api('shop', OPTED_OUT).code.replace('metadata: { name: api, namespace: shop }\nspec:\n  selector', 'metadata: { name: api, namespace: shop, annotations: { networking.istio.io/exportTo: "." } }\nspec:\n  selector') }],
    },
    {
      name: "exportTo from the mesh config's defaults: DestinationRules and Services kept to their own namespace",
      code: dr('api.shop.svc.cluster.local', '{ tls: { mode: ISTIO_MUTUAL } }', 'client'),
      files: [namespace('shop'), api('shop', OPTED_OUT), { filename: 'mesh.yaml', code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio, namespace: istio-system }\ndata:\n  mesh: |\n    defaultServiceExportTo: ["."]\n    defaultDestinationRuleExportTo: ["."]\n' }],
    },
    { name: 'a port setting overrides the top level for its port only: DISABLE on 80 while the pods are PERMISSIVE on 8080', code: dr('api', '{ tls: { mode: ISTIO_MUTUAL }, portLevelSettings: [{ port: { number: 80 }, tls: { mode: DISABLE } }] }'), files: [namespace('shop'), api()] },
    { name: 'a wildcard host', code: dr('"*.shop.svc.cluster.local"', '{ tls: { mode: ISTIO_MUTUAL } }'), files: [namespace('shop'), api('shop', OPTED_OUT)] },
  ],
  invalid: [
    {
      name: 'ISTIO_MUTUAL to pods opted out of injection',
      code: dr('api', '{ tls: { mode: ISTIO_MUTUAL } }'),
      files: [namespace('shop'), api('shop', OPTED_OUT)],
      errors: [{ messageId: 'mutualToPlain', line: 6, message: 'ISTIO_MUTUAL sends Istio mTLS to Service shop/api port 80, whose pods have no proxy (sidecar.istio.io/inject: "false")' }],
    },
    {
      name: 'exportTo: a rule kept to its own namespace still applies to clients there, which see a public Service',
      code: dr('api.shop.svc.cluster.local', '{ tls: { mode: ISTIO_MUTUAL } }', 'client').replace('spec:\n', 'spec:\n  exportTo: ["."]\n'),
      files: [namespace('shop'), api('shop', OPTED_OUT)],
      errors: [{ messageId: 'mutualToPlain' }],
    },
    {
      name: 'ISTIO_MUTUAL by the full name, from another namespace, to a namespace without injection',
      code: dr('api.plain.svc.cluster.local', '{ tls: { mode: ISTIO_MUTUAL } }', 'client'),
      files: [namespace('plain', '{}'), api('plain')],
      errors: [{ messageId: 'mutualToPlain', message: '(namespace plain has no injection label)' }],
    },
    {
      name: 'DISABLE to pods STRICT on every port: one finding, at the top-level mode',
      code: dr('api', '{ tls: { mode: DISABLE } }'),
      files: [namespace('shop'), api(), STRICT],
      errors: [{ messageId: 'disableToStrict', line: 6, message: 'DISABLE sends plaintext to Service shop/api port 80' }],
    },
    {
      name: 'a port-level DISABLE to a STRICT port',
      code: dr('api', '{ portLevelSettings: [{ port: { number: 9000 }, tls: { mode: DISABLE } }] }'),
      files: [namespace('shop'), api(), STRICT],
      errors: [{ messageId: 'disableToStrict', message: 'port 9000' }],
    },
  ],
});

test.run();
