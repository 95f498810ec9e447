import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { effectiveId, initCaptureFromLayout, initCaptureFromPlan } from '../../rules/proxy-uid-conflict.ts';
import { podTemplateOf } from '../../src/model/workload.ts';
import type { Resource } from '../../src/common/types.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const shopEnabled = { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } };
const classicNoCni = { ...shopEnabled, istio: { nativeSidecars: false, cni: false } };
const classicCni = { ...shopEnabled, istio: { nativeSidecars: false, cni: true } };
const native = { ...shopEnabled, istio: { nativeSidecars: true } };

const initAs1337 = yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    spec:
      initContainers:
        - name: fetch-config
          image: curl
          securityContext:
            runAsUser: 1337
      containers:
        - name: web
          image: web
`;

ruleTester(rule, {
  valid: [
    { name: 'init container as 1337, install not stated: notes name both settings that decide, no finding', code: initAs1337, config: shopEnabled, notes: ['unknown:native-sidecars', 'unknown:mesh-cni'] },
    { name: 'init container as 1337, classic sidecar stated but not Istio CNI: a note names only CNI', code: initAs1337, config: { ...shopEnabled, istio: { nativeSidecars: false } }, notes: ['unknown:mesh-cni'] },
    {
      name: 'UID 1337 in a pod that is not injected (namespace without injection labels)',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: other }
      spec:
        securityContext: { runAsUser: 1337 }
        containers: [{ name: a, image: a }]
      `,
      config: { namespaces: { other: { labels: {} } } },
    },
    {
      name: 'injected, but another UID',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext: { runAsUser: 1000, runAsGroup: 1000 }
        containers: [{ name: a, image: a }]
      `,
      config: shopEnabled,
    },
    {
      name: 'pod-level 1337 overridden by every container',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext: { runAsUser: 1337 }
        containers:
          - { name: a, image: a, securityContext: { runAsUser: 1000 } }
          - { name: b, image: b, securityContext: { runAsUser: 1001 } }
      `,
      config: shopEnabled,
    },
    {
      name: 'the pod opts out of injection',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        labels: { sidecar.istio.io/inject: "false" }
      spec:
        securityContext: { runAsUser: 1337 }
        containers: [{ name: a, image: a }]
      `,
      config: shopEnabled,
    },
    {
      name: 'supplementalGroups and fsGroup 1337 are not matched by --gid-owner',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext: { runAsUser: 1000, runAsGroup: 1000, fsGroup: 1337, supplementalGroups: [1337] }
        containers: [{ name: a, image: a }]
      `,
      config: shopEnabled,
    },
    {
      name: 'already injected: istio-proxy and istio-validation run as 1337 on purpose',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-validation"]}' }
      spec:
        initContainers:
          - { name: istio-validation, image: proxyv2, securityContext: { runAsUser: 1337, runAsGroup: 1337 } }
        containers:
          - { name: app, image: app }
          - { name: istio-proxy, image: proxyv2, securityContext: { runAsUser: 1337, runAsGroup: 1337 } }
      `,
      config: shopEnabled,
    },
    {
      name: 'init container as 1337 with a classic sidecar and istio-init: it runs before capture',
      code: initAs1337,
      config: classicNoCni,
    },
    {
      name: 'init container as 1337 with the option allowInitContainers',
      code: initAs1337,
      config: classicCni,
      options: [{ allowInitContainers: true }],
    },
    {
      name: 'interceptionMode filled in by Helm: it may be NONE, so unknown',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/interceptionMode: "{{ .Values.interceptionMode }}" }
      spec:
        containers: [{ name: a, image: a, securityContext: { runAsUser: 1337 } }]
      `,
      config: shopEnabled,
    },
    {
      name: 'interceptionMode NONE: no capture to bypass',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations: { sidecar.istio.io/interceptionMode: NONE }
      spec:
        containers: [{ name: a, image: a, securityContext: { runAsUser: 1337 } }]
      `,
      config: shopEnabled,
    },
    {
      name: 'already injected, classic layout: the user init container runs before istio-init',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-init"]}' }
      spec:
        initContainers:
          - { name: migrate, image: m, securityContext: { runAsUser: 1337 } }
          - { name: istio-init, image: proxyv2, securityContext: { runAsUser: 0 } }
        containers:
          - { name: app, image: app }
          - { name: istio-proxy, image: proxyv2, securityContext: { runAsUser: 1337 } }
      `,
    },
    {
      name: 'injection unknown (namespace not known): silent',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: elsewhere }
      spec:
        containers: [{ name: a, image: a, securityContext: { runAsUser: 1337 } }]
      `,
    },
  ],
  invalid: [
    {
      name: 'app container runs as UID 1337',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          spec:
            containers:
              - name: web
                image: web
                securityContext:
                  runAsUser: 1337
      `,
      config: shopEnabled,
      errors: [{ messageId: 'bypass', line: 11, column: 13, endLine: 11, endColumn: 28, severity: 2, message: 'Container web runs as UID 1337, the sidecar\'s UID: its traffic bypasses the sidecar, without mTLS or authorization policy. Use another UID.' }],
      output: null,
    },
    {
      name: 'app container runs as GID 1337',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        containers:
          - name: a
            image: a
            securityContext: { runAsUser: 1000, runAsGroup: 1337 }
      `,
      config: shopEnabled,
      errors: [{ messageId: 'bypass', line: 8, column: 43, message: 'runs as GID 1337' }],
    },
    {
      name: 'pod-level UID inherited by two containers: one finding naming both',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext:
          runAsUser: 1337
        containers:
          - { name: a, image: a }
          - { name: b, image: b }
          - { name: c, image: c, securityContext: { runAsUser: 1000 } }
      `,
      config: shopEnabled,
      errors: [{ messageId: 'bypass', line: 6, column: 5, message: "Container a and container b run as UID 1337, the sidecar's UID, through the pod's securityContext: their traffic bypasses" }],
    },
    {
      name: 'UID and GID both 1337: one finding per key',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext: { runAsGroup: 1337 }
        containers:
          - name: a
            image: a
            securityContext:
              runAsUser: 1337
      `,
      config: shopEnabled,
      errors: [
        { messageId: 'bypass', line: 5, column: 22, message: 'GID 1337' },
        { messageId: 'bypass', line: 10, column: 9, message: 'UID 1337' },
      ],
    },
    {
      name: 'init container as 1337 with Istio CNI and a classic sidecar: the documented workaround',
      code: initAs1337,
      config: classicCni,
      errors: [{ messageId: 'cniWorkaround', line: 11, column: 13, message: 'Init container fetch-config runs as UID 1337' }],
    },
    {
      name: 'init container as 1337 with native sidecars: the proxy already runs',
      code: initAs1337,
      config: native,
      errors: [{ messageId: 'bypassNative', line: 11, column: 13, message: 'Init container fetch-config runs as UID 1337' }],
    },
    {
      name: 'pod-level UID for an init container (CNI) and an app container: reported as a bypass',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p, namespace: shop }
      spec:
        securityContext: { runAsUser: 1337 }
        initContainers: [{ name: setup, image: s }]
        containers: [{ name: app, image: a }]
      `,
      config: classicCni,
      errors: [{ messageId: 'bypass', line: 5, column: 22, message: 'Init container setup and container app run as UID 1337' }],
    },
    {
      name: 'already injected, native layout: the proxy runs before the user init container',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { sidecar.istio.io/status: '{}' }
      spec:
        initContainers:
          - { name: istio-init, image: proxyv2 }
          - { name: istio-proxy, image: proxyv2, restartPolicy: Always }
          - { name: migrate, image: m, securityContext: { runAsUser: 1337 } }
        containers:
          - { name: app, image: app }
      `,
      errors: [{ messageId: 'bypassNative', line: 10, column: 53, message: 'Init container migrate runs as UID 1337: with native sidecars, its traffic bypasses the sidecar' }],
    },
    {
      name: 'already injected with Istio CNI, classic layout: the workaround',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: { sidecar.istio.io/status: '{}' }
      spec:
        initContainers:
          - { name: istio-validation, image: proxyv2 }
          - { name: migrate, image: m, securityContext: { runAsUser: 1337 } }
        containers:
          - { name: app, image: app }
          - { name: istio-proxy, image: proxyv2 }
      `,
      errors: [{ messageId: 'cniWorkaround', line: 9, column: 53, message: 'Init container migrate runs as UID 1337, so its traffic bypasses the sidecar: the Istio CNI workaround for init containers. If that is the intent, set the option allowInitContainers.' }],
    },
    {
      name: 'pod label inject "true" in a namespace without labels; CronJob template',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: sync, namespace: jobs }
      spec:
        schedule: "@hourly"
        jobTemplate:
          spec:
            template:
              metadata:
                labels: { sidecar.istio.io/inject: "true" }
              spec:
                restartPolicy: Never
                containers:
                  - name: sync
                    image: sync
                    securityContext: { runAsUser: 1337 }
      `,
      config: { namespaces: { jobs: { labels: {} } } },
      errors: [{ messageId: 'bypass', line: 16, column: 34 }],
    },
  ],
});

function resourceOf(object: Record<string, unknown>): Resource {
  const metadata = object.metadata as { name?: string; namespace?: string } | undefined;
  return {
    doc: { file: { displayPath: 'x.yaml', absPath: undefined, text: '' }, index: 0, startOffset: 0, endOffset: 0, value: object, syntaxErrors: [], duplicateKeys: [], helmSource: undefined },
    basePath: [],
    object,
    apiVersion: String(object.apiVersion),
    kind: String(object.kind),
    name: metadata?.name ?? '',
    declaredNamespace: metadata?.namespace,
    namespace: metadata?.namespace,
  };
}

test('proxy-uid-conflict: the container key wins over the pod key', () => {
  const t = podTemplateOf(resourceOf({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
    spec: { securityContext: { runAsUser: 1337, runAsGroup: 1337 }, containers: [{ name: 'a', securityContext: { runAsUser: 1000 } }] },
  }));
  const c = t?.containers[0];
  assert.ok(c);
  assert.equal(effectiveId(c, 'runAsUser'), { value: 1000, path: ['spec', 'containers', 0, 'securityContext', 'runAsUser'], level: 'container' });
  assert.equal(effectiveId(c, 'runAsGroup'), { value: 1337, path: ['spec', 'securityContext', 'runAsGroup'], level: 'pod' });
});

test('proxy-uid-conflict: where capture meets an init container, from the install', () => {
  assert.is(initCaptureFromPlan(true, 'unknown'), 'captured');
  assert.is(initCaptureFromPlan(false, true), 'cni-workaround');
  assert.is(initCaptureFromPlan(false, false), 'before-capture');
  assert.is(initCaptureFromPlan('unknown', false), 'unknown');
  assert.is(initCaptureFromPlan(false, 'unknown'), 'unknown');
});

test('proxy-uid-conflict: where capture meets an init container, from an injected layout', () => {
  const t = podTemplateOf(resourceOf({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
    spec: { initContainers: [{ name: 'early' }, { name: 'istio-init' }, { name: 'istio-proxy', restartPolicy: 'Always' }, { name: 'late' }], containers: [{ name: 'app' }] },
  }));
  assert.ok(t);
  const [early, , , late] = t.containers;
  assert.ok(early && late);
  assert.is(initCaptureFromLayout(t, early), 'before-capture');
  assert.is(initCaptureFromLayout(t, late), 'captured');
  const cni = podTemplateOf(resourceOf({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
    spec: { initContainers: [{ name: 'istio-validation' }, { name: 'setup' }], containers: [{ name: 'app' }] },
  }));
  assert.ok(cni?.containers[1]);
  assert.is(initCaptureFromLayout(cni, cni.containers[1]), 'cni-workaround');
});

test('proxy-uid-conflict: the allowInitContainers option keeps app containers reported', () => {
  const { messages } = runCase(rule, {
    code: yaml`
    apiVersion: v1
    kind: Pod
    metadata: { name: p, namespace: shop }
    spec:
      securityContext: { runAsUser: 1337 }
      initContainers: [{ name: setup, image: s }]
      containers: [{ name: app, image: a }]
    `,
    config: classicCni,
    options: [{ allowInitContainers: true }],
  });
  assert.is(messages.length, 1);
  assert.ok(messages[0]?.message.startsWith('Container app runs as UID 1337'));
});

test.run();
