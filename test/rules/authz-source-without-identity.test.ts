// Identities no request carries: a DISABLE server, a service account whose workloads have no proxy.
import { test } from 'uvu';
import rule from '../../rules/authz-source-without-identity.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (name = 'shop', labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: `ns-${name}.yaml`, code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name}, labels: ${labels} }\n` });
const pod = (name: string, labels: string, sa = 'default', ns = 'shop'): CaseFile => ({
  filename: `${name}.yaml`,
  code: yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: ${name}, namespace: ${ns} }
    spec:
      template:
        metadata: { labels: ${labels} }
        spec:
          serviceAccountName: ${sa}
          containers: [{ name: app, image: app }]
  `,
});
const policy = (source: string, action = 'ALLOW'): string =>
  `apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  selector: { matchLabels: { app: api } }\n  action: ${action}\n  rules: [{ from: [{ source: ${source} }] }]\n`;
const DISABLE: CaseFile = { filename: 'pa.yaml', code: 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: all, namespace: shop }\nspec: { mtls: { mode: DISABLE } }\n' };
const API = pod('api', '{ app: api }');
const OPTED_OUT = '{ app: batch, sidecar.istio.io/inject: "false" }';

ruleTester(rule, {
  valid: [
    { name: 'PERMISSIVE pods and a client with a sidecar', code: policy('{ principals: ["cluster.local/ns/shop/sa/batch"] }'), files: [namespace(), API, pod('batch', '{ app: batch }', 'batch')] },
    { name: 'ipBlocks need no identity', code: policy('{ ipBlocks: ["10.0.0.0/8"] }'), files: [namespace(), API, DISABLE] },
    { name: 'one workload of the service account has a proxy', code: policy('{ principals: ["cluster.local/ns/shop/sa/batch"] }'), files: [namespace(), API, pod('batch', OPTED_OUT, 'batch'), pod('batch2', '{ app: batch2 }', 'batch')] },
    { name: 'no workload of the service account among the inputs', code: policy('{ principals: ["cluster.local/ns/shop/sa/ghost"] }'), files: [namespace(), API] },
    { name: 'namespaces are not judged for clients (others may be elsewhere)', code: policy('{ namespaces: [batch] }'), files: [namespace(), namespace('batch', '{}'), API, pod('b', '{ app: b }', 'default', 'batch')] },
    { name: 'a port-level mode in the namespace', code: policy('{ namespaces: [shop] }'), files: [namespace(), API, DISABLE, { filename: 'pl.yaml', code: 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: api, namespace: shop }\nspec:\n  selector: { matchLabels: { app: api } }\n  portLevelMtls: { 8080: { mode: STRICT } }\n' }] },
  ],
  invalid: [
    {
      name: 'the picked pods accept plaintext only: no request carries an identity',
      code: policy('{ namespaces: [shop] }'),
      files: [namespace(), API, DISABLE],
      errors: [{ messageId: 'disabled', line: 7, message: 'namespaces needs the client\'s mTLS identity, but Deployment shop/api accepts plaintext only (DISABLE): this ALLOW rule never matches (403).' }],
    },
    {
      name: 'a principal whose service account runs without a proxy',
      code: policy('{ principals: ["cluster.local/ns/shop/sa/batch"] }'),
      files: [namespace(), API, pod('batch', OPTED_OUT, 'batch')],
      errors: [{ messageId: 'noProxy', message: 'cluster.local/ns/shop/sa/batch is an identity only a proxy presents, and Deployment shop/batch has none (sidecar.istio.io/inject: "false")' }],
    },
    {
      name: 'a DENY rule never fires for a client of a namespace without injection',
      code: policy('{ principals: ["cluster.local/ns/tools/sa/default"] }', 'DENY'),
      files: [namespace(), namespace('tools', '{}'), API, pod('cli', '{ app: cli }', 'default', 'tools')],
      errors: [{ messageId: 'noProxy', message: 'this DENY rule never matches it. Inject it.' }],
    },
  ],
});

test.run();
