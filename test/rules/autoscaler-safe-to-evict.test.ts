import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { evictionCheck, isLocalVolume, listedVolumes, userVolumeNames } from '../../rules/autoscaler-safe-to-evict.ts';
import { applyTextEdits } from '../../src/engine/fix.ts';
import { ruleTester, runCase, yaml, type ValidCase } from '../helpers/rule-tester.ts';

const shop = { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } };
const ALL = 'workload-socket,credential-socket,workload-certs,istio-data';

/** A Deployment in the injected namespace shop, with the given pod-template annotations (YAML lines). */
const deployment = (annotations: string, kind = 'Deployment', apiVersion = 'apps/v1'): string => yaml`
apiVersion: ${apiVersion}
kind: ${kind}
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata:
      labels:
        app: web
${annotations}
    spec:
      containers:
        - name: web
          image: web
`;
const annotated = (lines: string): string => deployment(`      annotations:\n${lines.split('\n').map((l) => `        ${l}`).join('\n')}`);

const injectorWith = (config: string, values = '{}') => ({
  filename: 'istiod.yaml',
  code: `apiVersion: v1
kind: ConfigMap
metadata:
  name: istio-sidecar-injector
  namespace: istio-system
data:
  config: |
${config.split('\n').map((l) => `    ${l}`).join('\n')}
  values: '${values}'
`,
});

const inShop = (code: string): ValidCase => ({ code, config: shop });

ruleTester(rule, {
  valid: [
    { name: 'safe-to-evict "true"', ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict: "true"')) },
    { name: 'safe-to-evict "false": never evicted, by choice', ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict: "false"')) },
    { name: 'safe-to-evict filled in by Helm: it may say "true"', ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict: "{{ .Values.safeToEvict }}"')) },
    { name: 'the local volumes filled in by envsubst: they may list every Istio volume', ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "${LOCAL_VOLUMES}"')) },
    { name: 'every Istio volume listed (istio-envoy too, in another order)', ...inShop(annotated(`cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "istio-envoy,istio-data,workload-certs,credential-socket,workload-socket"`)) },
    { name: 'DaemonSet pods never block scale-down', ...inShop(deployment('', 'DaemonSet')) },
    { name: 'Job pods block only while they run', ...inShop(deployment('', 'Job', 'batch/v1')) },
    {
      name: 'a bare Pod blocks scale-down anyway (not replicated)',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        containers: [{ name: web, image: web }]
      `,
      config: shop,
    },
    { name: 'the pod opts out of injection', code: deployment('      labels:\n        sidecar.istio.io/inject: "false"').replace('      labels:\n        app: web\n      labels:\n', '      labels:\n        app: web\n'), config: shop },
    { name: 'namespace labels unknown: injection unknown', code: deployment('') },
    { name: 'a custom injection template', ...inShop(annotated('inject.istio.io/templates: custom')) },
    {
      name: 'injectedAnnotations in the injector ConfigMap adds safe-to-evict to every pod',
      code: deployment(''),
      config: shop,
      files: [injectorWith('policy: enabled\ninjectedAnnotations:\n  cluster-autoscaler.kubernetes.io/safe-to-evict: "true"')],
    },
    {
      name: 'GKE workload certificates: workload-certs is a CSI volume',
      ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "workload-socket,credential-socket,istio-data"')),
      files: [injectorWith('policy: enabled', '{"global": {"caName": "GkeWorkloadCertificate"}}')],
    },
    {
      name: 'already injected with SPIRE: workload-socket is a CSI volume, the others are listed',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: elsewhere }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/status: '{"containers":["istio-proxy"]}'
              cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: credential-socket,workload-certs,istio-data
          spec:
            containers:
              - { name: web, image: web }
              - { name: istio-proxy, image: proxyv2 }
            volumes:
              - { name: workload-socket, csi: { driver: csi.spiffe.io, readOnly: true } }
              - { name: credential-socket, emptyDir: {} }
              - name: workload-certs
              - { name: istio-envoy, emptyDir: { medium: Memory } }
              - { name: istio-data, emptyDir: {} }
      `,
    },
  ],
  invalid: [
    {
      name: 'Deployment with annotations: reported at them, with a suggestion',
      ...inShop(annotated('prometheus.io/scrape: "true"')),
      errors: [{ messageId: 'blocksScaleDown', line: 9, column: 7, endLine: 9, endColumn: 18, severity: 2, message: `Istio's volumes workload-socket, credential-socket, workload-certs, istio-data block node scale-down. List them in cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes.` }],
      output: null,
    },
    {
      name: 'Deployment without annotations: reported at the template metadata',
      ...inShop(deployment('')),
      errors: [{ messageId: 'blocksScaleDown', line: 6, column: 5, endLine: 6, endColumn: 13, message: `Istio's volumes workload-socket, credential-socket, workload-certs, istio-data block node scale-down. List them in cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes.` }],
    },
    {
      name: 'only istio-envoy and istio-data listed (istio-envoy is memory-backed; the sockets block)',
      ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "istio-envoy,istio-data"')),
      errors: [{ messageId: 'blocksScaleDown', line: 10, column: 9, message: "Istio's volumes workload-socket, credential-socket, workload-certs block node scale-down." }],
    },
    {
      name: 'spaces after the commas: the autoscaler does not trim them',
      ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "workload-socket, credential-socket, workload-certs, istio-data"')),
      errors: [{ messageId: 'blocksScaleDown', message: "Istio's volumes credential-socket, workload-certs, istio-data block node scale-down. List them in cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes, without spaces." }],
    },
    {
      name: 'safe-to-evict is compared exactly: "True" means nothing',
      ...inShop(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict: "True"')),
      errors: [{ messageId: 'blocksScaleDown', line: 9, column: 7 }],
    },
    {
      name: 'the pod\'s own emptyDir blocks too: said in the message',
      code: deployment('').replace('          image: web\n', '          image: web\n      volumes:\n        - name: cache\n          emptyDir: {}\n        - name: shm\n          emptyDir: { medium: Memory }\n'),
      config: shop,
      errors: [{ messageId: 'blocksScaleDown', message: "istio-data, and its own cache, block node scale-down." }],
    },
    {
      name: 'userVolume adds an emptyDir of its own',
      ...inShop(annotated(`sidecar.istio.io/userVolume: '{"scratch":{"emptyDir":{}},"certs":{"secret":{"secretName":"c"}}}'`)),
      errors: [{ messageId: 'blocksScaleDown', message: "Istio's volumes workload-socket, credential-socket, workload-certs, istio-data, scratch block node scale-down." }],
    },
    { name: 'StatefulSet', ...inShop(deployment('', 'StatefulSet')), errors: [{ messageId: 'blocksScaleDown', message: 'block node scale-down' }] },
    { name: 'Argo Rollout (pods owned by ReplicaSets)', ...inShop(deployment('', 'Rollout', 'argoproj.io/v1alpha1')), errors: [{ messageId: 'blocksScaleDown', message: 'block node scale-down' }] },
    {
      name: 'already injected: the volumes in the manifest',
      code: yaml`
      apiVersion: apps/v1
      kind: ReplicaSet
      metadata: { name: web, namespace: elsewhere }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/status: '{"containers":["istio-proxy"]}'
          spec:
            containers:
              - { name: web, image: web }
              - { name: istio-proxy, image: proxyv2 }
            volumes:
              - name: workload-socket
              - { name: istio-envoy, emptyDir: { medium: Memory } }
              - { name: istio-data, emptyDir: {} }
              - { name: istio-token, projected: { sources: [] } }
      `,
      errors: [{ messageId: 'blocksScaleDown', line: 7, column: 7, message: "Istio's volumes workload-socket, istio-data block node scale-down." }],
    },
  ],
});

const suggested = (code: string, config: Record<string, unknown> = shop): string => {
  const { messages } = runCase(rule, { code, config });
  assert.is(messages.length, 1);
  const fix = messages[0]?.suggestions?.[0]?.fix;
  assert.ok(fix, 'a suggestion');
  return applyTextEdits(code, [{ offset: fix.range[0], endOffset: fix.range[1], text: fix.text }]).text;
};

test('autoscaler-safe-to-evict: the suggestion inserts the annotation into the pod annotations', () => {
  const out = suggested(annotated('prometheus.io/scrape: "true"'));
  assert.ok(out.includes(`        prometheus.io/scrape: "true"\n        cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "${ALL}"\n    spec:`), out);
  assert.is(runCase(rule, { code: out, config: shop }).messages.length, 0);
});

test('autoscaler-safe-to-evict: the suggestion adds an annotations block to the template metadata', () => {
  const out = suggested(deployment(''));
  assert.ok(out.includes(`        app: web\n      annotations:\n        cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "${ALL}"\n`), out);
  assert.is(runCase(rule, { code: out, config: shop }).messages.length, 0);
});

test('autoscaler-safe-to-evict: the suggestion completes (and trims) an existing list', () => {
  const out = suggested(annotated('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "cache, istio-data"'));
  assert.ok(out.includes('cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "cache,istio-data,workload-socket,credential-socket,workload-certs"'), out);
});

test('autoscaler-safe-to-evict: which volumes are local storage to the autoscaler', () => {
  assert.ok(isLocalVolume({ name: 'a', emptyDir: {} }));
  assert.ok(isLocalVolume({ name: 'a', emptyDir: null }));
  assert.ok(isLocalVolume({ name: 'a' }), 'no source: the API server defaults it to emptyDir');
  assert.ok(isLocalVolume({ name: 'a', hostPath: { path: '/x' } }));
  assert.not.ok(isLocalVolume({ name: 'a', emptyDir: { medium: 'Memory' } }));
  assert.not.ok(isLocalVolume({ name: 'a', configMap: { name: 'c' } }));
  assert.not.ok(isLocalVolume({ name: 'a', csi: { driver: 'd' } }));
  assert.equal(listedVolumes('a, b,c'), ['a', ' b', 'c']);
  assert.equal(listedVolumes(undefined), []);
  assert.equal(userVolumeNames('{"x":{"emptyDir":{}},"y":{"configMap":{"name":"c"}},"z":{"hostPath":{"path":"/z"}}}'), ['x', 'z']);
  assert.equal(userVolumeNames('not json'), []);
  assert.is(evictionCheck({ 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' }, ['istio-data'], []), undefined);
  assert.equal(evictionCheck({}, ['istio-data'], ['cache']), { blocking: ['istio-data'], own: ['cache'], spaced: [] });
});

test.run();
