import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/startup-order-hold.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const shop = { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } };
const classic = { ...shop, istio: { nativeSidecars: false } };

/** A Deployment in the injected namespace shop, with the given pod-template annotations. */
const web = (annotations = '{ team: web }', labels = '{ app: web }'): string => yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata:
      labels: ${labels}
      annotations: ${annotations}
    spec:
      containers: [{ name: web, image: web:1 }]
`;

const injectorWithValues = (values: Record<string, unknown>): { filename: string; code: string } => ({
  filename: 'istiod.yaml',
  code: yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata: { name: istio-sidecar-injector, namespace: istio-system }
  data:
    config: |
      policy: enabled
    values: '${JSON.stringify(values)}'
  `,
});

const meshConfigMap = (mesh: string): { filename: string; code: string } => ({
  filename: 'mesh.yaml',
  code: `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio, namespace: istio-system }\ndata:\n  mesh: |\n${mesh.split('\n').map((l) => `    ${l}`).join('\n')}\n`,
});

const operator = (spec: string): { filename: string; code: string } => ({
  filename: 'iop.yaml',
  code: `apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: control-plane, namespace: istio-system }\nspec:\n${spec.split('\n').map((l) => `  ${l}`).join('\n')}\n`,
});

ruleTester(rule, {
  valid: [
    // Tekton's first step waits until the pod's sidecars are ready (await-sidecar-readiness).
    {
      name: 'a Tekton TaskRun turning native sidecars off in a mesh that does not hold: Tekton waits for the sidecar',
      code: yaml`
        apiVersion: tekton.dev/v1
        kind: TaskRun
        metadata:
          name: build
          namespace: shop
          annotations: { sidecar.istio.io/nativeSidecar: "false" }
        spec:
          taskSpec:
            steps: [{ name: build, image: golang:1.22 }]
        `,
      config: { ...shop, istio: { nativeSidecars: true, holdApplicationUntilProxyStarts: false } },
    },
    { name: 'not injected: no injection label anywhere', code: web(), config: { istio: { nativeSidecars: false } } },
    { name: 'native sidecars stated in the config', code: web(), config: { ...shop, istio: { nativeSidecars: true } } },
    { name: 'hold in the pod annotation (JSON)', code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}' }`), config: classic },
    { name: 'hold in the pod annotation (YAML block)', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations:
          proxy.istio.io/config: |
            holdApplicationUntilProxyStarts: true
      spec:
        containers: [{ name: app, image: app }]
      `, config: classic },
    { name: 'hold stated mesh-wide in the config', code: web(), config: { ...classic, istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: true } } },
    { name: 'hold in the mesh ConfigMap', code: web(), files: [meshConfigMap('defaultConfig:\n  holdApplicationUntilProxyStarts: true')], config: classic },
    {
      name: 'a mesh config with an alias to no anchor says nothing (and the hold of the pod stands)',
      code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}' }`),
      files: [meshConfigMap('defaultConfig: *nope')],
      config: classic,
    },
    { name: 'Helm value ORs over an annotation that says false', code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": false}' }`), files: [injectorWithValues({ global: { proxy: { holdApplicationUntilProxyStarts: true } } })], config: classic },
    { name: 'IstioOperator meshConfig', code: web(), config: classic, files: [{ filename: 'iop.yaml', code: yaml`
      apiVersion: install.istio.io/v1alpha1
      kind: IstioOperator
      metadata: { name: control-plane, namespace: istio-system }
      spec:
        meshConfig:
          defaultConfig:
            holdApplicationUntilProxyStarts: true
      ` }] },
    { name: 'istiod env turns native sidecars on', code: web(), config: shop, files: [{ filename: 'istiod-deploy.yaml', code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: istiod, namespace: istio-system }
      spec:
        template:
          spec:
            containers:
              - name: discovery
                image: pilot
                env:
                  - { name: ENABLE_NATIVE_SIDECARS, value: "true" }
      ` }] },
    { name: '"False" is not "false": native sidecars on', code: web('{ sidecar.istio.io/nativeSidecar: "False" }'), config: classic },
    { name: 'explicit opt-out', code: web('{ team: web }', '{ sidecar.istio.io/inject: "false" }'), config: classic },
    { name: 'gateway template: the proxy is the app', code: web('{ inject.istio.io/templates: gateway }'), config: classic },
    { name: 'ignored by the selector option', code: web('{ team: web }', '{ app: batch }'), config: classic, options: [{ ignore: 'app in (batch)' }] },
    { name: 'already injected with the hold hook, proxy first', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"containers":["istio-proxy"]}' }
      spec:
        containers:
          - name: istio-proxy
            image: proxyv2
            lifecycle:
              postStart:
                exec: { command: [pilot-agent, wait] }
          - { name: app, image: app }
      `, config: classic },
    { name: 'already injected as a native sidecar', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { sidecar.istio.io/status: '{}' }
      spec:
        initContainers:
          - { name: istio-proxy, image: proxyv2, restartPolicy: Always }
        containers: [{ name: app, image: app }]
      ` },
    // What the inputs do not say is one note per run, never a finding per workload.
    { name: 'classic, and the mesh config is not known: a note', code: web(), config: classic, notes: ['unknown:mesh-startup'] },
    { name: 'nothing stated, Istio 1.31: may be classic: a note', code: web(), config: shop, notes: ['unknown:mesh-startup'] },
    { name: 'Istio 1.26: native sidecars default to off, hold not known: a note', code: web(), config: shop, istioVersion: '1.26', notes: ['unknown:mesh-startup'] },
    { name: 'an IstioOperator without hold on 1.31: native sidecars may be on (auto): a note', code: web(), config: shop, files: [operator('profile: default')], notes: ['unknown:mesh-startup'] },
    // Stated in .meshlint.yaml: said once, as a note, not on every workload.
    { name: 'classic and hold off, both stated in the config', code: web(), config: { ...shop, istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: false } }, notes: ['stated:config-no-hold'] },
    { name: 'an empty native annotation falls back to istiod\'s setting', code: web('{ sidecar.istio.io/nativeSidecar: "" }'), config: { ...shop, istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: false } }, notes: ['stated:config-no-hold'] },
    { name: 'Istio 1.27: an empty native annotation falls back to istiod\'s native sidecars', code: web('{ sidecar.istio.io/nativeSidecar: "" }'), config: { ...shop, istio: { nativeSidecars: true, holdApplicationUntilProxyStarts: false } }, istioVersion: '1.27', notes: [] },
    { name: 'before 1.24 the native annotation is not read', code: web('{ sidecar.istio.io/nativeSidecar: "true" }'), config: { ...shop, istio: { holdApplicationUntilProxyStarts: false } }, istioVersion: '1.23', notes: ['stated:config-no-hold'] },
    // The setting did not exist before 1.7: silent at a stated older version.
    { name: 'Istio 1.8.0: the mesh\'s defaultConfig holds the app (the ProxyConfig field is new)', code: meshConfigMap('defaultConfig:\n  holdApplicationUntilProxyStarts: true').code, files: [{ filename: 'web.yaml', code: web() }], config: classic, istioVersion: '1.8.0', notes: [] },
    { name: 'Istio 1.7: the Helm value holds the app', code: web(), files: [injectorWithValues({ global: { proxy: { holdApplicationUntilProxyStarts: true } } })], config: classic, istioVersion: '1.7.8', notes: [] },
    { name: 'Istio 1.6: the rule is silent', code: meshConfigMap('defaultConfig:\n  holdApplicationUntilProxyStarts: false').code, files: [{ filename: 'web.yaml', code: web() }], config: shop, istioVersion: '1.6', notes: [] },
    {
      name: 'a ProxyConfig a template fills in may turn hold on: unknown, not a workload that starts early',
      code: web(`{ proxy.istio.io/config: "{{ .Values.proxyConfig }}" }`),
      files: [operator('profile: default')],
      config: shop,
      istioVersion: '1.26',
    },
  ],
  invalid: [
    {
      name: 'Istio 1.7: the mesh\'s defaultConfig hold is not read (the ProxyConfig field came in 1.8.0): one finding on it',
      code: meshConfigMap('defaultConfig:\n  holdApplicationUntilProxyStarts: true').code,
      files: [{ filename: 'web.yaml', code: web() }],
      config: shop,
      istioVersion: '1.7.8',
      errors: [{ messageId: 'holdUnread', line: 5, column: 3, message: 'is not read by Istio 1.7.8: the ProxyConfig field came in 1.8.0, so nothing holds the app until Envoy is ready. Set the Helm value global.proxy.holdApplicationUntilProxyStarts: true.' }],
    },
    {
      name: 'Istio 1.7: the pod\'s proxy.istio.io/config hold is not read either',
      code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}' }`),
      config: shop,
      istioVersion: '1.7.0',
      errors: [{ messageId: 'holdUnread', line: 8, column: 22, message: 'the pod\'s proxy.istio.io/config holdApplicationUntilProxyStarts is not read by Istio 1.7.0' }],
    },
    {
      name: 'Istio 1.26: an empty native annotation is set, and not "true": classic, though istiod says native',
      code: web('{ sidecar.istio.io/nativeSidecar: "" }'),
      config: { ...shop, istio: { nativeSidecars: true, holdApplicationUntilProxyStarts: false } },
      istioVersion: '1.26',
      errors: [{ messageId: 'podNoHold', line: 8, column: 22, message: 'turns native sidecars off' }],
    },
    {
      name: 'a mesh config nested 1,000 levels deep: one finding on it, and its hold setting is not taken',
      code: meshConfigMap(`defaultConfig:\n  holdApplicationUntilProxyStarts: true\ndeep: ${'['.repeat(1000)}${']'.repeat(1000)}`).code,
      files: [{ filename: 'web.yaml', code: web() }],
      config: classic,
      errors: [{ messageId: 'meshTooComplex', line: 5, column: 3, message: 'nested deeper than 100 levels' }],
      notes: ['unknown:mesh-startup'],
    },
    {
      name: 'Istio 1.26 and the mesh ConfigMap turns hold off: one finding on the mesh config, not on the workload',
      code: meshConfigMap('defaultConfig:\n  holdApplicationUntilProxyStarts: false').code,
      files: [{ filename: 'web.yaml', code: web() }],
      config: shop,
      istioVersion: '1.26',
      errors: [{ messageId: 'meshNoHold', line: 5, column: 3, message: 'Sidecars of this install start alongside the app: 1 injected workload can connect before Envoy is ready. Set holdApplicationUntilProxyStarts: true, or use native sidecars.' }],
      notes: [],
    },
    {
      name: 'an IstioOperator that leaves hold out has Istio\'s default, off: one finding for all its workloads',
      code: operator('profile: default').code,
      files: [{ filename: 'web.yaml', code: web() }, { filename: 'api.yaml', code: web().replace('name: web,', 'name: api,') }],
      config: shop,
      istioVersion: '1.26',
      errors: [{ messageId: 'meshNoHold', line: 4, column: 1, message: 'Sidecars of this install start alongside the app: 2 injected workloads can connect before Envoy is ready.' }],
    },
    {
      name: 'the annotation turns the mesh default off: the pod\'s own finding',
      code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": false}' }`),
      config: { ...classic, istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: true } },
      errors: [{ messageId: 'podNoHold', line: 8, column: 22, message: 'This pod turns holdApplicationUntilProxyStarts off' }],
    },
    {
      name: 'a native sidecar annotation of "false" in a mesh that does not hold',
      istioVersion: '1.31',
      code: web('{ sidecar.istio.io/nativeSidecar: "false" }'),
      config: { ...shop, istio: { nativeSidecars: true, holdApplicationUntilProxyStarts: false } },
      errors: [{ messageId: 'podNoHold', message: 'This pod turns native sidecars off, and the mesh does not hold the app: its app can start before Envoy is ready. Remove the annotation, or set holdApplicationUntilProxyStarts: true.' }],
    },
    {
      name: 'Istio 1.26 reads only "true" as on: "False" keeps a classic sidecar',
      code: web('{ sidecar.istio.io/nativeSidecar: "False" }'),
      config: { ...shop, istio: { nativeSidecars: true, holdApplicationUntilProxyStarts: false } },
      istioVersion: '1.26',
      errors: [{ messageId: 'podNoHold', message: 'turns native sidecars off' }],
    },
    {
      name: 'a custom global.proxy.lifecycle replaces the hold hook',
      code: web(`{ proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}' }`),
      config: classic,
      files: [injectorWithValues({ global: { proxy: { lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } } } } })],
      errors: [{ messageId: 'lifecycleReplacesHold', line: 8, column: 22, message: 'ConfigMap istio-sidecar-injector (values global.proxy.lifecycle) replaces the hold\'s `pilot-agent wait` hook: nothing waits for Envoy.' }],
    },
    {
      name: 'native sidecar without a status port has no startup probe',
      istioVersion: '1.31',
      code: web('{ sidecar.istio.io/nativeSidecar: "true", status.sidecar.istio.io/port: "0" }'),
      config: classic,
      errors: [{ messageId: 'nativeNoProbe', line: 8, column: 62, message: 'status.sidecar.istio.io/port "0" removes the native sidecar\'s startup probe: the app can start before Envoy is ready.' }],
    },
    {
      name: 'already injected, classic, no hold hook',
      code: yaml`
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
          annotations: { sidecar.istio.io/status: '{}' }
        spec:
          containers:
            - { name: app, image: app }
            - { name: istio-proxy, image: proxyv2 }
        `,
      errors: [{ messageId: 'renderedNoHold', line: 9, column: 7, message: 'This classic istio-proxy has no `pilot-agent wait` hook and is not the first container: the app can start before Envoy is ready. Re-inject with holdApplicationUntilProxyStarts or native sidecars.' }],
    },
    {
      name: 'the selector option leaves out only what it matches',
      code: operator('profile: default').code,
      files: [{ filename: 'web.yaml', code: web() }, { filename: 'batch.yaml', code: web('{ team: batch }', '{ app: batch }').replace('name: web,', 'name: batch,') }],
      config: shop,
      istioVersion: '1.26',
      options: [{ ignore: 'app=batch' }],
      errors: [{ messageId: 'meshNoHold', message: '1 injected workload can connect' }],
    },
  ],
});

test.run();
