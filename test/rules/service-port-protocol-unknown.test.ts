// Ports Istio cannot read a protocol for, behind pods with a sidecar.
import { test } from 'uvu';
import rule from '../../rules/service-port-protocol-unknown.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: 'ns.yaml', code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: ${labels} }\n` });
const service = (ports: string): string => `apiVersion: v1\nkind: Service\nmetadata: { name: db, namespace: shop }\nspec:\n  selector: { app: db }\n  ports: ${ports}\n`;
const pods = (containerPort = 3306, image = 'db', podLabels = '{ app: db }'): CaseFile => ({
  filename: 'db.yaml',
  code: yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: db, namespace: shop }
    spec:
      template:
        metadata: { labels: ${podLabels} }
        spec:
          containers: [{ name: db, image: ${image}, ports: [{ containerPort: ${containerPort} }] }]
  `,
});

ruleTester(rule, {
  valid: [
    { name: 'a protocol prefix', code: service('[{ name: tcp-mysql, port: 3307, targetPort: 3306 }]'), files: [namespace(), pods()] },
    { name: 'appProtocol', code: service('[{ name: db, port: 3307, targetPort: 3306, appProtocol: tcp }]'), files: [namespace(), pods()] },
    { name: 'a well-known port number is TCP', code: service('[{ name: db, port: 3306 }]'), files: [namespace(), pods()] },
    { name: 'pods without a sidecar do not sniff', code: service('[{ name: db, port: 3307, targetPort: 3306 }]'), files: [namespace('{}'), pods()] },
    { name: 'no pod among the inputs', code: service('[{ name: db, port: 3307, targetPort: 3306 }]'), files: [namespace()] },
    { name: 'a sniffed port of a client-first protocol: only with sniffed: true', code: service('[{ name: web-http, port: 8080 }]'), files: [namespace(), pods(8080)] },
    { name: 'UDP', code: service('[{ name: dns, port: 5353, protocol: UDP }]'), files: [namespace(), pods(5353)] },
  ],
  invalid: [
    {
      name: 'MySQL behind an unnamed protocol: it speaks first, the connection hangs',
      code: service('[{ name: db, port: 3307, targetPort: 3306 }]'),
      files: [namespace(), pods()],
      errors: [{ messageId: 'serverFirst', severity: 2, line: 6, message: 'Service shop/db port 3307 ("db") has no protocol Istio reads: the sidecar waits for the client, but MySQL speaks first, so connections hang. Name it tcp-mysql.' }],
    },
    {
      name: 'a name with the protocol after the first dash, with sniffed: true',
      code: service('[{ name: web-http, port: 8080 }]'),
      options: [{ sniffed: true }],
      files: [namespace(), pods(8080)],
      errors: [{ messageId: 'sniffed', severity: 1, message: 'port 8080 ("web-http") has no protocol Istio reads' }],
    },
  ],
});

test.run();
