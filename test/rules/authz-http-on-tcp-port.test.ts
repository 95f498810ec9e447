// HTTP-only fields on a port the sidecar proxies as TCP; and policies that look alike but hold.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/authz-http-on-tcp-port.ts';
import { portProtocol } from '../../src/model/traffic/service.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: 'ns.yaml', code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: ${labels} }\n` });
const db = (portName = 'tcp-db', podLabels = '{ app: db }'): CaseFile => ({
  filename: 'db.yaml',
  code: yaml`
    apiVersion: v1
    kind: Service
    metadata: { name: db, namespace: shop }
    spec:
      selector: { app: db }
      ports: [{ name: ${portName}, port: 5432 }, { name: http-admin, port: 8080 }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: db, namespace: shop }
    spec:
      template:
        metadata: { labels: ${podLabels} }
        spec:
          containers: [{ name: db, image: db, ports: [{ containerPort: 5432 }, { containerPort: 8080 }] }]
  `,
});
const policy = (action: string, rules: string, selector = 'selector: { matchLabels: { app: db } }'): string =>
  `apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  ${selector}\n  action: ${action}\n  rules: ${rules}\n`;
const METHODS = '[{ to: [{ operation: { methods: [GET] } }] }]';

ruleTester(rule, {
  valid: [
    { name: 'the rule is limited to the HTTP port', code: policy('ALLOW', '[{ to: [{ operation: { methods: [GET], ports: ["8080"] } }] }]'), files: [namespace(), db()] },
    { name: 'another ALLOW rule matches the TCP port', code: policy('ALLOW', `[{ to: [{ operation: { methods: [GET] } }] }, { to: [{ operation: { ports: ["5432"] } }] }]`), files: [namespace(), db()] },
    { name: 'a sniffed port has both chains', code: policy('ALLOW', METHODS), files: [namespace(), db('db')] },
    { name: 'no HTTP field', code: policy('DENY', '[{ from: [{ source: { namespaces: [other] } }] }]'), files: [namespace(), db()] },
    { name: 'pods without a sidecar: no chain at all (policy-selects-no-proxy says so)', code: policy('ALLOW', METHODS), files: [namespace('{}'), db()] },
    { name: 'ambient pods are ambient-authz-policy\'s', code: policy('ALLOW', METHODS), files: [namespace('{ istio.io/dataplane-mode: ambient }'), db()] },
    { name: 'a gateway: its listeners follow its Gateway servers (HTTPS terminated there is HTTP), not the Service\'s port names', code: policy('DENY', '[{ from: [{ source: { notRequestPrincipals: ["*"] } }], to: [{ operation: { notPaths: ["/dex/*"] } }] }]', 'selector: { matchLabels: { app: gw } }'), files: [namespace('{}'), { filename: 'gw.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata: { name: gw, namespace: shop }\nspec:\n  selector: { app: gw }\n  ports: [{ name: https, port: 443, targetPort: 8443 }]\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: gw, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { app: gw } }\n    spec:\n      containers: [{ name: istio-proxy, image: docker.io/istio/proxyv2:1.26.0 }]\n' }] },
    { name: 'attached by targetRefs', code: 'apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  targetRefs: [{ kind: Service, group: "", name: db }]\n  rules: [{ to: [{ operation: { methods: [GET] } }] }]\n', files: [namespace(), db()] },
  ],
  invalid: [
    {
      name: 'the only ALLOW rule names methods: the TCP port is denied',
      code: policy('ALLOW', METHODS),
      files: [namespace(), db()],
      errors: [{ messageId: 'allowDropped', line: 7, message: 'methods is HTTP only, and Service shop/db port 5432 is TCP for the sidecar' }],
    },
    {
      name: 'a DENY rule on paths from a namespace denies every connection from it to the TCP port',
      code: policy('DENY', '[{ from: [{ source: { namespaces: [batch] } }], to: [{ operation: { paths: ["/admin"] } }] }]'),
      files: [namespace(), db('mongo')],
      errors: [{ messageId: 'denyWidened', message: 'paths is HTTP only' }],
    },
    {
      name: 'a namespace-wide policy with a request header condition; the port TCP by its well-known number',
      code: policy('ALLOW', '[{ when: [{ key: "request.headers[x-team]", values: [core] }] }]', 'selector: {}'),
      files: [namespace(), { filename: 'mysql.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata: { name: mysql, namespace: shop }\nspec:\n  selector: { app: mysql }\n  ports: [{ port: 3306 }]\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: mysql, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { app: mysql } }\n    spec:\n      containers: [{ name: mysql, image: mysql }]\n' }],
      errors: [{ messageId: 'allowDropped', message: 'when request.headers[x-team] is HTTP only, and Service shop/mysql port 3306' }],
    },
  ],
});

test('portProtocol: appProtocol first, then the name\'s prefix, then the well-known ports', () => {
  const p = (name: string | undefined, port = 9000, appProtocol?: string, protocol = 'TCP'): string => portProtocol({ index: 0, name, port, targetPort: port, protocol, appProtocol });
  assert.is(p('tcp-db'), 'tcp');
  assert.is(p('http-admin'), 'http');
  assert.is(p('grpc-web-x'), 'http');
  assert.is(p('admin-http'), 'sniffed');
  assert.is(p('web'), 'sniffed');
  assert.is(p(undefined, 3306), 'tcp');
  assert.is(p('web', 9000, 'https'), 'tcp');
  assert.is(p('tcp', 9000, 'kubernetes.io/h2c'), 'http');
  assert.is(p('http', 53, undefined, 'UDP'), 'udp');
  assert.is(p('MONGO-x'), 'tcp');
});

test.run();
