// A client without a proxy that names a Service whose pods accept only mTLS, with the mode
// composed as istiod composes PeerAuthentications; and the cases that look alike but are fine.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/mtls-strict-unmeshed-client.ts';
import { effectiveMtls, peerAuthenticationOf, type PeerAuthentication } from '../../src/model/traffic/peer-authentication.ts';
import { referencesIn } from '../../src/model/traffic/references.ts';
import { decodeSource } from '../../src/load/read.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (name: string, labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: `ns-${name}.yaml`, code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name}, labels: ${labels} }\n` });
const policy = (name: string, ns: string, spec: string): CaseFile => ({ filename: `pa-${ns}-${name}.yaml`, code: `apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: ${name}, namespace: ${ns} }\nspec: ${spec}\n` });
/** The server: a Service (port 80 → named container port http, 8080; port 9090 → 9090) and its Deployment. */
const orders = (ns = 'shop', podMeta = '{ labels: { app: orders } }'): CaseFile => ({
  filename: `orders-${ns}.yaml`,
  code: yaml`
    apiVersion: v1
    kind: Service
    metadata: { name: orders, namespace: ${ns} }
    spec:
      selector: { app: orders }
      ports:
        - { name: http, port: 80, targetPort: http }
        - { name: tcp-admin, port: 9090 }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: orders, namespace: ${ns} }
    spec:
      template:
        metadata: ${podMeta}
        spec:
          containers: [{ name: app, image: orders, ports: [{ name: http, containerPort: 8080 }, { containerPort: 9090 }] }]
  `,
});
/** The client, a Job in `ns` with the given pod metadata and env value. */
const job = (value: string, ns = 'shop', podMeta = '{ labels: { sidecar.istio.io/inject: "false" } }', variable = 'ORDERS_URL'): string => yaml`
  apiVersion: batch/v1
  kind: Job
  metadata: { name: report, namespace: ${ns} }
  spec:
    template:
      metadata: ${podMeta}
      spec:
        restartPolicy: Never
        containers:
          - name: report
            image: report
            env:
              - name: ${variable}
                value: ${value}
`;
const STRICT = '{ mtls: { mode: STRICT } }';
const meshConfig: CaseFile = { filename: 'mesh.yaml', code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio, namespace: istio-system }\ndata:\n  mesh: |\n    accessLogFile: /dev/stdout\n' };

ruleTester(rule, {
  valid: [
    { name: 'no PeerAuthentication: PERMISSIVE, Istio\'s default', code: job('http://orders.shop/x'), files: [namespace('shop'), orders()] },
    {
      name: "the server's sidecar leaves the port out of its capture (excludeInboundPorts): plaintext reaches the app",
      code: job('http://orders.shop/x'),
      files: [namespace('shop'), orders('shop', '{ labels: { app: orders }, annotations: { traffic.sidecar.istio.io/excludeInboundPorts: "8080" } }'), policy('all', 'shop', STRICT)],
    },
    {
      name: "the server's sidecar captures only other ports (includeInboundPorts)",
      code: job('http://orders.shop/x'),
      files: [namespace('shop'), orders('shop', '{ labels: { app: orders }, annotations: { traffic.sidecar.istio.io/includeInboundPorts: "9090" } }'), policy('all', 'shop', STRICT)],
    },
    {
      // Every policy is kept: one left out past a count would leave the namespace's STRICT standing.
      name: "a workload PERMISSIVE after 6,000 other PeerAuthentications",
      code: job('http://orders.shop/x'),
      files: [
        namespace('shop'),
        orders(),
        policy('all', 'shop', STRICT),
        { filename: 'pa-many.yaml', code: Array.from({ length: 6000 }, (_, i) => `apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: w${i}, namespace: shop }\nspec: { selector: { matchLabels: { app: w${i} } }, mtls: { mode: STRICT } }\n`).join('---\n') },
        policy('orders', 'shop', '{ selector: { matchLabels: { app: orders } }, mtls: { mode: PERMISSIVE } }'),
      ],
    },
    { name: 'the client has a sidecar', code: job('http://orders.shop/x', 'shop', '{ labels: { app: report } }'), files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'the client is in ambient: ztunnel sends mTLS', code: job('http://orders.shop/x', 'batch', '{ labels: { app: report } }'), files: [namespace('shop'), namespace('batch', '{ istio.io/dataplane-mode: ambient }'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'portLevelMtls PERMISSIVE on the pod\'s port (8080) the Service port names', code: job('http://orders.shop/x'), files: [namespace('shop'), orders(), policy('orders', 'shop', '{ selector: { matchLabels: { app: orders } }, mtls: { mode: STRICT }, portLevelMtls: { 8080: { mode: PERMISSIVE } } }')] },
    { name: 'a mesh-wide STRICT in istio-system, with no mesh config among the inputs to say it is the root namespace: one note', code: job('http://orders.shop/x'), files: [namespace('shop'), orders(), policy('default', 'istio-system', STRICT)], notes: ['unknown:mesh-root-namespace'] },
    { name: 'two namespace policies that disagree: the oldest wins, which files do not show', code: job('http://orders.shop/x'), files: [namespace('shop'), orders(), policy('a', 'shop', STRICT), policy('b', 'shop', '{ mtls: { mode: PERMISSIVE } }')] },
    { name: 'the server\'s Namespace is not among the inputs', code: job('http://orders.shop/x', 'batch'), files: [namespace('batch'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'a server pod without a proxy', code: job('http://orders.shop/x'), files: [namespace('shop'), orders('shop', '{ labels: { app: orders, sidecar.istio.io/inject: "false" } }'), policy('all', 'shop', STRICT)] },
    { name: 'a bare name in a variable that is no address', code: job('orders', 'shop', '{ labels: { sidecar.istio.io/inject: "false" } }', 'APP_NAME'), files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'no port written and the Service has two', code: job('orders.shop'), files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'a selector policy in the root namespace applies to nothing', code: job('http://orders.shop/x'), files: [meshConfig, namespace('shop'), orders(), policy('sel', 'istio-system', '{ selector: { matchLabels: { app: orders } }, mtls: { mode: STRICT } }')] },
    { name: 'a name that matches no Service', code: job('http://billing.shop/x'), files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)] },
    { name: 'a bare name in a mounted file is no address', code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: report-conf, namespace: shop }\ndata:\n  ORDERS_HOST: orders\n', files: [namespace('shop'), orders(), policy('all', 'shop', STRICT), { filename: 'job.yaml', code: 'apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "false" } }\n    spec:\n      restartPolicy: Never\n      volumes: [{ name: conf, configMap: { name: report-conf } }]\n      containers: [{ name: r, image: r }]\n' }] },
    { name: 'a client in an ambient namespace is captured by ztunnel, whatever its inject label', code: job('orders.shop:80', 'batch'), files: [namespace('batch', '{ istio.io/dataplane-mode: ambient }'), namespace('shop'), orders(), policy('all', 'shop', STRICT)] },
    {
      // The client is kept to the end of the run as a stand-in for its object (model/place.ts): the annotation on the real one still counts.
      name: 'the client is annotated meshlint.io/ignore for this rule',
      code: job('http://orders.shop/x').replace('metadata: { name: report, namespace: shop }', 'metadata: { name: report, namespace: shop, annotations: { meshlint.io/ignore: mtls-strict-unmeshed-client } }'),
      files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)],
    },
    { name: 'the workload policy sets PERMISSIVE over a STRICT namespace', code: job('http://orders.shop/x'), files: [namespace('shop'), orders(), policy('all', 'shop', STRICT), policy('orders', 'shop', '{ selector: { matchLabels: { app: orders } }, mtls: { mode: PERMISSIVE } }')] },
  ],
  invalid: [
    {
      name: 'a Job opted out of injection calls a STRICT namespace\'s Service by its full name',
      code: job('http://orders.shop.svc.cluster.local/api'),
      files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)],
      errors: [{ messageId: 'strict', line: 14, column: 15, message: 'Job shop/report has no proxy (sidecar.istio.io/inject: "false"), but Service shop/orders port 80 takes only mTLS (STRICT)' }],
    },
    {
      name: 'the port excluded from capture is another one: this port is still STRICT',
      code: job('http://orders.shop/x'),
      files: [namespace('shop'), orders('shop', '{ labels: { app: orders }, annotations: { traffic.sidecar.istio.io/excludeInboundPorts: "9090" } }'), policy('all', 'shop', STRICT)],
      errors: [{ messageId: 'strict' }],
    },
    {
      name: 'a namespace without injection; the mesh-wide STRICT of the root namespace the mesh config names',
      code: job('orders.shop:9090', 'tools', '{ labels: { app: report } }', 'TARGET'),
      files: [meshConfig, namespace('tools', '{}'), namespace('shop'), orders(), policy('default', 'istio-system', STRICT)],
      errors: [{ messageId: 'strict', line: 14, message: 'port 9090' }],
    },
    {
      name: 'the root namespace stated in the config: the mesh-wide STRICT applies',
      code: job('http://orders.shop/x'),
      config: { istio: { rootNamespace: 'istio-system' } },
      files: [namespace('shop'), orders(), policy('default', 'istio-system', STRICT)],
      errors: [{ messageId: 'strict', message: 'port 80' }],
    },
    {
      name: 'portLevelMtls keyed by the Service port (80) leaves the pod\'s port (8080) STRICT',
      code: job('http://orders.shop/x'),
      files: [namespace('shop'), orders(), policy('orders', 'shop', '{ selector: { matchLabels: { app: orders } }, mtls: { mode: STRICT }, portLevelMtls: { 80: { mode: PERMISSIVE } } }')],
      errors: [{ messageId: 'strict', message: 'port 80' }],
    },
    {
      name: 'an ambient server: ztunnel enforces STRICT too',
      code: job('orders.shop:80', 'tools', '{ labels: { app: report } }'),
      files: [namespace('tools', '{}'), namespace('shop', '{ istio.io/dataplane-mode: ambient }'), orders(), policy('all', 'shop', STRICT)],
      errors: [{ messageId: 'strict', message: 'Job tools/report has no proxy (namespace tools has no injection label)' }],
    },
    {
      name: 'a bare name with a port, in the client\'s own namespace',
      code: job('orders:80'),
      files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)],
      errors: [{ messageId: 'strict', message: 'Service shop/orders port 80' }],
    },
    {
      name: 'the name is in a ConfigMap the client reads through envFrom: reported at that key, the client beside it',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: report-env, namespace: shop }\ndata:\n  ORDERS_ADDR: "orders:80"\n  LOG_LEVEL: info\n',
      files: [namespace('shop'), orders('shop', '{ labels: { app: orders } }'), policy('all', 'shop', STRICT), { filename: 'job.yaml', code: 'apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "false" } }\n    spec:\n      restartPolicy: Never\n      containers: [{ name: r, image: r, envFrom: [{ configMapRef: { name: report-env } }] }]\n' }],
      errors: [{ messageId: 'strict', line: 5, column: 3, message: 'Job shop/report has no proxy' }],
    },
    {
      // Every ConfigMap is read: past a count kept before (20,000), the address went unread and unsaid.
      name: 'the name is in a ConfigMap that comes after 20,001 others',
      code: `${Array.from({ length: 20_001 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: other-${i}, namespace: shop }\ndata: { LOG_LEVEL: info }\n`).join('---\n')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: report-env, namespace: shop }\ndata:\n  ORDERS_ADDR: "orders:80"\n`,
      files: [namespace('shop'), orders('shop', '{ labels: { app: orders } }'), policy('all', 'shop', STRICT), { filename: 'job.yaml', code: 'apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "false" } }\n    spec:\n      restartPolicy: Never\n      containers: [{ name: r, image: r, envFrom: [{ configMapRef: { name: report-env } }] }]\n' }],
      errors: [{ messageId: 'strict', line: 100_010, column: 3, message: 'Job shop/report has no proxy' }],
    },
    {
      name: 'a dotted name in a config file the client mounts',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: report-conf, namespace: shop }\ndata:\n  app.ini: |\n    [upstream]\n    url = http://orders.shop.svc:80/v1\n',
      files: [namespace('shop'), orders(), policy('all', 'shop', STRICT), { filename: 'job.yaml', code: 'apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "false" } }\n    spec:\n      restartPolicy: Never\n      volumes: [{ name: conf, configMap: { name: report-conf } }]\n      containers: [{ name: r, image: r }]\n' }],
      errors: [{ messageId: 'strict', line: 5, message: 'Service shop/orders port 80' }],
    },
    {
      name: 'a hostNetwork pod names the Service in its arguments',
      code: yaml`
        apiVersion: apps/v1
        kind: DaemonSet
        metadata: { name: agent, namespace: shop }
        spec:
          template:
            spec:
              hostNetwork: true
              containers: [{ name: agent, image: agent, args: ["--push=orders.shop.svc:80"] }]
      `,
      files: [namespace('shop'), orders(), policy('all', 'shop', STRICT)],
      errors: [{ messageId: 'strict', line: 8, message: 'DaemonSet shop/agent has no proxy (hostNetwork: true)' }],
    },
  ],
});

const parsed = (file: CaseFile): PeerAuthentication => {
  const input = decodeSource(Buffer.from(file.code), file.filename, undefined);
  if (!input.ok) throw new Error('unreadable');
  const r = [...parseFile(input.file)].flatMap((d) => resourcesOf(d, undefined).resources)[0];
  return peerAuthenticationOf(r as never) as PeerAuthentication;
};

test('effectiveMtls: mesh < namespace < workload, UNSET inherits, port-level keyed by the pod\'s port', () => {
  const pod = { namespace: 'shop', labels: { app: 'orders' } };
  const root = { known: true as const, name: 'istio-system' };
  const mesh = parsed(policy('default', 'istio-system', STRICT));
  const ns = parsed(policy('ns', 'shop', '{ mtls: { mode: UNSET } }'));
  const workload = parsed(policy('w', 'shop', '{ selector: { matchLabels: { app: orders } }, portLevelMtls: { 8080: { mode: DISABLE }, 8081: { mode: UNSET } } }'));
  assert.is(effectiveMtls(pod, 8080, [mesh, ns], root).mode, 'STRICT');
  assert.is(effectiveMtls(pod, 8080, [mesh, ns, workload], root).mode, 'DISABLE');
  assert.is(effectiveMtls(pod, 8081, [mesh, ns, workload], root).mode, 'STRICT');
  assert.is(effectiveMtls(pod, 8080, [], root).mode, 'PERMISSIVE');
  assert.is(effectiveMtls(pod, 8080, [mesh], { known: false }).mode, 'unknown');
  assert.is(effectiveMtls({ namespace: 'other', labels: { app: 'orders' } }, 8080, [workload], root).mode, 'PERMISSIVE');
});

test('referencesIn: DNS names of Services, never a user and password, nor a name that is no address', () => {
  const refs = (text: string, variable = false): string[] => referencesIn(text, 'shop', variable).map((r) => `${r.namespace}/${r.name}:${r.port ?? '-'} ${r.text}`);
  assert.equal(refs('postgres://app:s3cret@db.data:5432/x'), ['data/db:5432 postgres://db.data:5432']);
  assert.equal(refs('http://reviews:9080/path'), ['shop/reviews:9080 http://reviews:9080']);
  assert.equal(refs('https://reviews.bookinfo.svc.cluster.local'), ['bookinfo/reviews:443 https://reviews.bookinfo.svc.cluster.local']);
  assert.equal(refs('reviews', true), ['shop/reviews:- reviews']);
  assert.equal(refs('reviews'), []);
  assert.equal(refs('www.example.com user@reviews.shop 10.0.0.1:80 a.b.c.d'), []);
  // Bounded: a long hostile value is read in part, without backtracking.
  assert.ok(referencesIn(`${'a.'.repeat(100_000)}b`, 'shop', true).length <= 200);
});

test.run();
