import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { enforcedLevel, plannedIstioContainer, psaViolations, securityOf } from '../../rules/pod-security-istio-init.ts';
import { applyTextEdits } from '../../src/engine/fix.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const ns = (name: string, labels: Record<string, string>) => ({ [name]: { labels } });
const baseline = { namespaces: ns('shop', { 'istio-injection': 'enabled', 'pod-security.kubernetes.io/enforce': 'baseline' }) };
const restricted = { namespaces: ns('shop', { 'istio-injection': 'enabled', 'pod-security.kubernetes.io/enforce': 'restricted' }) };
const withCni = (c: Record<string, unknown>, cni: boolean) => ({ ...c, istio: { cni } });

const web = yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: web
`;

/** A restricted-ready app: its container carries a seccomp profile, the pod does not. */
const webContainerSeccomp = yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata:
      labels:
        app: web
    spec:
      securityContext:
        runAsNonRoot: true
      containers:
        - name: web
          image: web
          securityContext:
            seccompProfile:
              type: RuntimeDefault
`;

const injectorConfigMap = (values: Record<string, unknown>) => ({
  filename: 'istiod.yaml',
  code: yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: istio-sidecar-injector
    namespace: istio-system
  data:
    config: |
      policy: enabled
    values: '${JSON.stringify(values)}'
  `,
});

const shopNamespace = (level: string, extra = '') => ({
  filename: 'namespaces.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels:
      istio-injection: enabled
      pod-security.kubernetes.io/enforce: ${level}${extra}
  `,
});

ruleTester(rule, {
  valid: [
    { name: 'baseline, CNI not stated: a note naming istio.cni, no finding', code: web, config: baseline, notes: ['unknown:mesh-cni'] },
    { name: 'a Namespace alone, CNI not stated: a note', code: shopNamespace('restricted').code, notes: ['unknown:mesh-cni'] },
    { name: 'namespace enforces privileged', code: web, config: withCni({ namespaces: ns('shop', { 'istio-injection': 'enabled', 'pod-security.kubernetes.io/enforce': 'privileged' }) }, false) },
    { name: 'baseline with Istio CNI: istio-validation passes baseline', code: web, config: withCni(baseline, true) },
    { name: 'only warn/audit modes: nothing is rejected', code: web, config: withCni({ namespaces: ns('shop', { 'istio-injection': 'enabled', 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/audit': 'restricted' }) }, false) },
    { name: 'namespace labels unknown', code: web, config: { istio: { cni: false } } },
    {
      name: 'the pod opts out of injection',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { app: web, sidecar.istio.io/inject: "false" }
          spec:
            containers: [{ name: web, image: web }]
      `,
      config: withCni(baseline, false),
    },
    {
      name: 'interceptionMode filled in by envsubst: which init container runs is unknown',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/interceptionMode: "${"${INTERCEPTION_MODE}"}" }
      spec:
        containers: [{ name: web, image: web }]
      `,
      config: withCni(baseline, false),
    },
    {
      name: 'interceptionMode NONE renders no init container',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/interceptionMode: NONE }
      spec:
        containers: [{ name: web, image: web }]
      `,
      config: withCni(baseline, false),
    },
    {
      name: 'the gateway injection template has no init container',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: gw, namespace: shop }
      spec:
        template:
          metadata:
            annotations: { inject.istio.io/templates: gateway }
            labels: { istio: ingressgateway }
          spec:
            containers: [{ name: istio-proxy, image: auto }]
      `,
      config: withCni(baseline, false),
    },
    {
      name: 'restricted with CNI and a pod-level seccompProfile',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext:
          seccompProfile: { type: RuntimeDefault }
        containers: [{ name: web, image: web }]
      `,
      config: withCni(restricted, true),
    },
    {
      name: 'restricted with CNI, the app itself has no seccompProfile: rejected with or without Istio',
      code: web,
      config: withCni(restricted, true),
    },
    {
      name: 'restricted with CNI and global.proxy.seccompProfile in the injector ConfigMap',
      code: webContainerSeccomp,
      files: [shopNamespace('restricted'), injectorConfigMap({ pilot: { cni: { enabled: true } }, global: { proxy: { seccompProfile: { type: 'RuntimeDefault' } } } })],
    },
    {
      name: 'global.proxy.seccompProfile on 1.28.0, the first release whose injection template reads it',
      code: webContainerSeccomp,
      istioVersion: '1.28.0',
      files: [shopNamespace('restricted'), injectorConfigMap({ pilot: { cni: { enabled: true } }, global: { proxy: { seccompProfile: { type: 'RuntimeDefault' } } } })],
    },
    {
      name: 'Namespace with injection and CNI on',
      code: shopNamespace('baseline').code,
      config: { istio: { cni: true } },
    },
    {
      name: 'Namespace enforcing baseline without injection labels',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { pod-security.kubernetes.io/enforce: restricted }
      `,
      config: { istio: { cni: false } },
    },
    {
      name: 'Namespace whose workloads are among the inputs (and opt out): judged per workload',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels: { istio-injection: enabled, pod-security.kubernetes.io/enforce: baseline }
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels: { sidecar.istio.io/inject: "false" }
      spec:
        containers: [{ name: web, image: web }]
      `,
      config: { istio: { cni: false } },
    },
    {
      name: 'already injected with CNI (istio-validation) in a baseline namespace',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-validation"]}' }
      spec:
        initContainers:
          - name: istio-validation
            image: proxyv2
            securityContext:
              allowPrivilegeEscalation: false
              capabilities: { drop: [ALL] }
              runAsUser: 1337
              runAsNonRoot: true
        containers:
          - { name: web, image: web }
          - name: istio-proxy
            image: proxyv2
            securityContext: { capabilities: { drop: [ALL] }, runAsUser: 1337, runAsNonRoot: true }
      `,
      config: baseline,
    },
  ],
  invalid: [
    {
      name: 'baseline, CNI off in the config: istio-init',
      code: web,
      config: withCni(baseline, false),
      errors: [{ messageId: 'istioInit', line: 6, column: 5, endLine: 6, endColumn: 13, severity: 2, message: 'non-default capabilities (NET_ADMIN, NET_RAW)' }],
      output: null,
    },
    {
      name: 'restricted, CNI off: root and no seccomp too',
      code: web,
      config: withCni(restricted, false),
      errors: [{ messageId: 'istioInit', severity: 2, message: 'non-default capabilities (NET_ADMIN, NET_RAW); unrestricted capabilities and 3 more' }],
    },
    {
      name: 'CNI off in the injector ConfigMap (pilot.cni.enabled: false)',
      code: web,
      files: [shopNamespace('baseline'), injectorConfigMap({ pilot: { cni: { enabled: false } } })],
      errors: [{ messageId: 'istioInit', severity: 2, message: 'rejects this pod: without Istio CNI it gets istio-init' }],
    },
    {
      name: 'a Pod that asks for a sidecar by label, in a namespace that only enforces baseline',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        containers: [{ name: web, image: web }]
      `,
      config: withCni({ namespaces: ns('shop', { 'pod-security.kubernetes.io/enforce': 'baseline' }) }, false),
      errors: [{ messageId: 'istioInit', line: 3, column: 1, endLine: 3, endColumn: 9 }],
    },
    {
      name: 'TPROXY makes istio-proxy root with NET_ADMIN, even with CNI',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/interceptionMode: TPROXY
          spec:
            containers: [{ name: web, image: web }]
      `,
      config: withCni(baseline, true),
      errors: [{ messageId: 'proxyRoot', line: 8, column: 9, endLine: 8, endColumn: 50, severity: 2, message: 'non-default capabilities (NET_ADMIN)' }],
    },
    {
      name: 'capNetBindService makes istio-proxy root: restricted rejects it',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations:
          sidecar.istio.io/capNetBindService: "true"
      spec:
        securityContext:
          seccompProfile: { type: RuntimeDefault }
        containers: [{ name: web, image: web }]
      `,
      config: withCni(restricted, true),
      errors: [{ messageId: 'proxyRoot', line: 7, column: 5, message: 'fail Pod Security "restricted" in namespace shop (runAsNonRoot != true; runAsUser=0)' }],
    },
    {
      name: 'restricted with CNI: the injected containers need a seccompProfile (install unknown: warning)',
      code: webContainerSeccomp,
      config: withCni(restricted, true),
      errors: [{ messageId: 'seccomp', line: 10, column: 7, endLine: 10, endColumn: 22, severity: 1, message: 'istio-validation and istio-proxy' }],
      output: null,
    },
    {
      name: 'restricted with CNI, global.proxy.seccompProfile empty in the injector ConfigMap: error',
      code: webContainerSeccomp,
      files: [shopNamespace('restricted'), injectorConfigMap({ pilot: { cni: { enabled: true } }, global: { proxy: { seccompProfile: {} } } })],
      errors: [{ messageId: 'seccomp', line: 10, column: 7, severity: 2, message: 'Set seccompProfile.type: RuntimeDefault on the pod' }],
    },
    {
      name: 'global.proxy.seccompProfile on 1.27: the injection template does not read it yet, an error that says so',
      code: webContainerSeccomp,
      istioVersion: '1.27.9',
      files: [shopNamespace('restricted'), injectorConfigMap({ pilot: { cni: { enabled: true } }, global: { proxy: { seccompProfile: { type: 'RuntimeDefault' } } } })],
      errors: [{ messageId: 'seccomp', line: 10, column: 7, severity: 2, message: 'Set seccompProfile.type: RuntimeDefault on the pod' }],
    },
    {
      name: 'a Namespace alone: baseline, injection on, CNI off',
      code: shopNamespace('baseline').code,
      config: { istio: { cni: false } },
      errors: [{ messageId: 'namespace', line: 7, column: 5, endLine: 7, endColumn: 49, severity: 2, message: 'istio-injection=enabled' }],
    },
    {
      name: 'a Namespace on a revision (istio.io/rev=canary)',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        labels:
          istio.io/rev: canary
          pod-security.kubernetes.io/enforce: baseline
      `,
      config: { istio: { cni: false, revisions: ['default', 'canary'] } },
      errors: [{ messageId: 'namespace', line: 7, column: 5, message: 'istio.io/rev=canary' }],
    },
    {
      name: 'already injected without CNI: the rendered istio-init',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-init"]}' }
      spec:
        initContainers:
          - name: istio-init
            image: proxyv2
            securityContext:
              allowPrivilegeEscalation: false
              capabilities: { add: [NET_ADMIN, NET_RAW], drop: [ALL] }
              runAsUser: 0
              runAsNonRoot: false
        containers:
          - { name: web, image: web }
      `,
      config: baseline,
      errors: [{ messageId: 'rendered', line: 9, column: 7, message: 'the injected istio-init fails it (non-default capabilities (NET_ADMIN, NET_RAW))' }],
    },
  ],
});

test('pod-security-istio-init: the finding points at the namespace label and at the CNI setting', () => {
  const { messages } = runCase(rule, { code: web, files: [shopNamespace('baseline'), injectorConfigMap({ pilot: { cni: { enabled: false } } })] });
  assert.is(messages.length, 1);
  const related = messages[0]?.related ?? [];
  assert.is(related.length, 2);
  assert.is(related[0]?.filePath, 'namespaces.yaml');
  assert.is(related[0]?.line, 7);
  assert.ok(related[0]?.message.includes('enforces Pod Security "baseline"'));
  assert.is(related[1]?.filePath, 'istiod.yaml');
});

test('pod-security-istio-init: a Namespace with workloads among the inputs is judged per workload', () => {
  const { messages } = runCase(rule, { code: `${shopNamespace('baseline').code}---\n${web}`, config: { istio: { cni: false } } });
  assert.equal(messages.map((m) => m.messageId), ['istioInit']);
});

test('pod-security-istio-init: the seccomp suggestion adds a pod-level RuntimeDefault profile', () => {
  const { messages } = runCase(rule, { code: webContainerSeccomp, config: withCni(restricted, true) });
  const s = messages[0]?.suggestions ?? [];
  assert.is(s.length, 1);
  const fix = s[0]?.fix;
  assert.ok(fix);
  const out = applyTextEdits(webContainerSeccomp, [{ offset: fix.range[0], endOffset: fix.range[1], text: fix.text }]).text;
  assert.ok(out.includes('      securityContext:\n        runAsNonRoot: true\n        seccompProfile:\n          type: "RuntimeDefault"\n'), out);
});

test('pod-security-istio-init: no seccomp suggestion without a pod securityContext to add to', () => {
  const code = webContainerSeccomp.replace('      securityContext:\n        runAsNonRoot: true\n', '');
  const { messages } = runCase(rule, { code, config: withCni(restricted, true) });
  assert.is(messages.length, 1);
  assert.equal(messages[0]?.suggestions ?? [], []);
});

test('pod-security-istio-init: Pod Security checks on the containers Istio renders', () => {
  const none = securityOf(undefined);
  const opts = { tproxy: false, capNetBindService: false, proxySeccomp: false };
  assert.equal(psaViolations('baseline', plannedIstioContainer('istio-init', opts), none), ['non-default capabilities (NET_ADMIN, NET_RAW)']);
  assert.equal(psaViolations('baseline', plannedIstioContainer('istio-validation', opts), none), []);
  assert.equal(psaViolations('restricted', plannedIstioContainer('istio-validation', opts), none), ['seccompProfile not RuntimeDefault or Localhost']);
  assert.equal(psaViolations('restricted', plannedIstioContainer('istio-proxy', { ...opts, proxySeccomp: true }), none), []);
  assert.equal(psaViolations('restricted', plannedIstioContainer('istio-proxy', opts), securityOf({ seccompProfile: { type: 'Localhost' } })), []);
  assert.equal(psaViolations('restricted', plannedIstioContainer('istio-proxy', opts), securityOf({ seccompProfile: { type: 'Unconfined' } })), ['seccompProfile not RuntimeDefault or Localhost']);
  // A container-level runAsNonRoot: false wins over the pod's true.
  assert.equal(psaViolations('restricted', securityOf({ runAsNonRoot: false, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } }), securityOf({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } })), ['runAsNonRoot != true']);
  assert.equal(psaViolations('baseline', securityOf({ privileged: true, capabilities: { add: ['NET_BIND_SERVICE', 'SYS_ADMIN'] } }), none), ['privileged', 'non-default capabilities (SYS_ADMIN)']);
  assert.is(enforcedLevel({ 'pod-security.kubernetes.io/enforce': 'Baseline' }), undefined);
  assert.is(enforcedLevel({ 'pod-security.kubernetes.io/enforce': 'restricted' }), 'restricted');
});

test.run();
