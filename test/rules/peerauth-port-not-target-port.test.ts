// portLevelMtls keyed by a Service port whose target differs; and keys that are fine.
import { test } from 'uvu';
import rule from '../../rules/peerauth-port-not-target-port.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const server = (containerPorts = '[{ containerPort: 8080 }]', targetPort = '8080'): CaseFile => ({
  filename: 'api.yaml',
  code: yaml`
    apiVersion: v1
    kind: Service
    metadata: { name: api, namespace: shop }
    spec:
      selector: { app: api }
      ports: [{ name: http, port: 80, targetPort: ${targetPort} }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: api } }
        spec:
          containers: [{ name: app, image: api, ports: ${containerPorts} }]
  `,
});
const policy = (key: string, selector = '{ app: api }'): string => yaml`
  apiVersion: security.istio.io/v1
  kind: PeerAuthentication
  metadata: { name: api, namespace: shop }
  spec:
    selector: { matchLabels: ${selector} }
    mtls: { mode: STRICT }
    portLevelMtls:
      ${key}: { mode: PERMISSIVE }
`;

ruleTester(rule, {
  valid: [
    { name: 'keyed by the port the pods listen on', code: policy('8080'), files: [server()] },
    { name: 'the pods declare no ports: they may listen on any', code: policy('80'), files: [server('[]')] },
    { name: 'the pods also declare the key', code: policy('80'), files: [server('[{ containerPort: 8080 }, { containerPort: 80 }]')] },
    { name: 'Service port and target port are the same', code: policy('8080'), files: [server('[{ containerPort: 8080 }]', '8080')] },
    { name: 'no pod picked among the inputs', code: policy('80', '{ app: other }'), files: [server()] },
    { name: 'a key no Service port explains', code: policy('7000'), files: [server()] },
  ],
  invalid: [
    {
      name: 'the Service port, whose targetPort is the pods\' port',
      code: policy('80'),
      files: [server()],
      errors: [{ messageId: 'servicePort', line: 8, column: 5, message: 'portLevelMtls port 80 is Service shop/api\'s port; its pods listen on 8080' }],
    },
    {
      name: 'a named targetPort',
      code: policy('80'),
      files: [server('[{ name: http, containerPort: 8080 }]', 'http')],
      errors: [{ messageId: 'servicePort', message: 'Use 8080.' }],
    },
  ],
});

test.run();
