import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/istiod-cni-disabled.ts';
import { runCase, ruleTester, yaml } from '../helpers/rule-tester.ts';

/** A Flux HelmRelease of an Istio chart; `values` are the lines under spec.values (at column 5), none when empty. */
const flux = (chart: 'istiod' | 'cni', values = '', extra: string[] = []): string =>
  [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    `metadata: { name: ${chart === 'cni' ? 'istio-cni' : 'istiod'}, namespace: istio-system }`,
    'spec:',
    '  chart:',
    `    spec: { chart: ${chart}, version: 1.26.2, sourceRef: { kind: HelmRepository, name: istio } }`,
    ...extra,
    ...(values ? ['  values:', ...values.split('\n').map((l) => `    ${l}`)] : []),
    '',
  ].join('\n');

/** The istio-cni DaemonSet as the cni chart renders it; `ambient` adds the ztunnel socket folder the chart mounts with ambient.enabled. */
const cniDaemonSet = (ambient = false): string => yaml`
  apiVersion: apps/v1
  kind: DaemonSet
  metadata: { name: istio-cni-node, namespace: istio-system, labels: { k8s-app: istio-cni-node } }
  spec:
    selector: { matchLabels: { k8s-app: istio-cni-node } }
    template:
      metadata: { labels: { k8s-app: istio-cni-node } }
      spec:
        containers: [{ name: install-cni, image: docker.io/istio/install-cni:1.26.2 }]
        volumes:
          - { name: cni-bin-dir, hostPath: { path: /opt/cni/bin } }
          ${ambient ? '- { name: cni-ztunnel-sock-dir, hostPath: { path: /var/run/ztunnel, type: DirectoryOrCreate } }' : ''}
`;

const cniRelease = { filename: 'istio-cni.yaml', code: flux('cni') };

ruleTester(rule, {
  valid: [
    { name: 'istiod enables CNI', code: flux('istiod', 'pilot: { cni: { enabled: true } }'), files: [cniRelease] },
    { name: 'the flat spelling (1.24+)', code: flux('istiod', 'cni: { enabled: true }'), files: [cniRelease] },
    { name: 'pilot.cni.enabled wins over the flat spelling', code: flux('istiod', 'pilot: { cni: { enabled: true } }\ncni: { enabled: false }'), files: [cniRelease] },
    { name: 'no CNI install among the inputs', code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }') },
    { name: 'a CNI install, but no istiod values among the inputs', code: cniDaemonSet() },
    { name: 'istio-cni with ambient on: there for ambient', code: flux('istiod'), files: [{ filename: 'istio-cni.yaml', code: flux('cni', 'ambient: { enabled: true }') }] },
    { name: 'the rendered DaemonSet with ambient on', code: flux('istiod'), files: [{ filename: 'cni.yaml', code: cniDaemonSet(true) }] },
    { name: 'an ambient istiod', code: flux('istiod', 'env: { PILOT_ENABLE_AMBIENT: "true" }'), files: [cniRelease] },
    { name: 'a profile whose preset values are not read (ambient, openshift)', code: flux('istiod', 'profile: ambient'), files: [cniRelease] },
    { name: 'a platform whose preset values are not read', code: flux('istiod', 'global: { platform: openshift }'), files: [cniRelease] },
    {
      name: 'a values source not among the inputs may set it',
      code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }', ['  valuesFrom: [{ kind: ConfigMap, name: istiod-values }]']),
      files: [cniRelease],
    },
    {
      name: "Sail's Istio leaving it out: the operator's platform profile may turn it on (OpenShift)",
      code: yaml`
        apiVersion: sailoperator.io/v1
        kind: Istio
        metadata: { name: default }
        spec: { version: v1.26.2, namespace: istio-system }
        ---
        apiVersion: sailoperator.io/v1
        kind: IstioCNI
        metadata: { name: default }
        spec: { version: v1.26.2, namespace: istio-cni }
      `,
    },
    {
      name: 'an IstioOperator that installs the cni component sets pilot.cni.enabled from it',
      code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: installed, namespace: istio-system }
        spec:
          components: { cni: { enabled: true } }
      `,
    },
    {
      name: 'IstioOperator variants side by side (one with CNI, for OpenShift): each is an install of its own',
      code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: production-istio, namespace: istio-system }
        spec:
          profile: minimal
          values: { global: { network: net1 } }
      `,
      files: [{ filename: 'istiod-openshift.yaml', code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: production-istio, namespace: istio-system }
        spec:
          profile: minimal
          components: { cni: { enabled: true, namespace: kube-system } }
          values: { global: { network: net1 }, cni: { chained: false } }
      ` }],
    },
    {
      name: 'another cluster: the CNI install belongs to the istiod beside it',
      code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }'),
      files: [
        { filename: 'clusters/prod/istiod.yaml', code: flux('istiod', 'pilot: { cni: { enabled: true } }') },
        { filename: 'clusters/prod/istio-cni.yaml', code: flux('cni') },
      ],
    },
    {
      name: "the ambient umbrella chart's values: its own values.yaml selects profile ambient",
      code: yaml`
        istiod:
          pilot: { cni: { enabled: false } }
        cni:
          cniBinDir: /home/kubernetes/bin
      `,
    },
    {
      name: 'istio_cni.enabled before 1.24 still works',
      code: flux('istiod', 'istio_cni: { enabled: true }'),
      files: [cniRelease],
      istioVersion: '1.23',
    },
    {
      name: 'istio_cni.enabled with no version stated or shown: one note, no finding',
      code: flux('istiod', 'istio_cni: { enabled: true }').replace('version: 1.26.2', 'version: ">=1.20.0"'),
      files: [{ ...cniRelease, code: cniRelease.code.replace('version: 1.26.2', 'version: ">=1.20.0"') }],
      notes: ['unknown:istio-version'],
    },
  ],
  invalid: [
    {
      name: 'istio_cni.enabled with no version stated: the chart version the release installs (1.26.2) decides',
      code: flux('istiod', 'istio_cni: { enabled: true }'),
      files: [cniRelease],
      errors: [{ messageId: 'legacy', message: 'Istio 1.26.2 ignores istio_cni.enabled' }],
    },
    {
      name: 'a HelmRelease whose values leave it out, beside the cni chart',
      code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }'),
      files: [cniRelease],
      errors: [{ messageId: 'off', line: 7, column: 3, message: 'Istio CNI is installed (HelmRelease istio-system/istio-cni), but this istiod leaves pilot.cni.enabled out' }],
    },
    {
      name: 'without values: the chart line',
      code: flux('istiod'),
      files: [{ filename: 'cni.yaml', code: cniDaemonSet() }],
      errors: [{ messageId: 'off', line: 6, column: 13, message: 'DaemonSet istio-system/istio-cni-node' }],
    },
    {
      name: 'set to false: the key',
      code: flux('istiod', 'pilot:\n  cni:\n    enabled: false'),
      files: [cniRelease],
      errors: [{ messageId: 'off', line: 10, column: 9, message: 'sets pilot.cni.enabled: false' }],
    },
    {
      name: 'the flat spelling set to false',
      code: flux('istiod', 'cni: { enabled: false }'),
      files: [cniRelease],
      errors: [{ messageId: 'off', line: 8, column: 12, message: 'sets cni.enabled: false' }],
    },
    {
      name: 'an Argo CD Application, with the istio-cni DaemonSet rendered beside it',
      code: yaml`
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata: { name: istiod, namespace: argocd }
        spec:
          destination: { namespace: istio-system, server: https://kubernetes.default.svc }
          source:
            repoURL: https://istio-release.storage.googleapis.com/charts
            chart: istiod
            targetRevision: 1.26.2
            helm:
              valuesObject:
                global: { logging: { level: default:info } }
      `,
      files: [{ filename: 'cni.yaml', code: cniDaemonSet() }],
      errors: [{ messageId: 'off', line: 11, column: 7 }],
    },
    {
      name: 'values from a ConfigMap: the key inside its text',
      code: flux('istiod', '', ['  valuesFrom: [{ kind: ConfigMap, name: istiod-values }]']),
      files: [
        cniRelease,
        { filename: 'values.yaml', code: yaml`
          apiVersion: v1
          kind: ConfigMap
          metadata: { name: istiod-values, namespace: istio-system }
          data:
            values.yaml: |
              pilot:
                cni:
                  enabled: false
        ` },
      ],
      errors: [{ messageId: 'off', message: 'sets pilot.cni.enabled: false' }],
    },
    {
      name: "Sail's Istio that turns it off, beside an IstioCNI",
      code: yaml`
        apiVersion: sailoperator.io/v1
        kind: Istio
        metadata: { name: default }
        spec:
          version: v1.26.2
          namespace: istio-system
          values:
            pilot: { cni: { enabled: false } }
        ---
        apiVersion: sailoperator.io/v1
        kind: IstioCNI
        metadata: { name: default }
        spec: { version: v1.26.2, namespace: istio-cni }
      `,
      errors: [{ messageId: 'off', line: 8, column: 21, message: 'IstioCNI default' }],
    },
    {
      name: 'an IstioOperator that installs istiod only, beside a Helm-installed CNI',
      code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: control-plane, namespace: istio-system }
        spec:
          profile: minimal
          values:
            global: { logging: { level: default:info } }
      `,
      files: [cniRelease],
      errors: [{ messageId: 'off', line: 6, column: 3, message: 'Set spec.values.pilot.cni.enabled: true' }],
    },
    {
      name: 'the rendered injector ConfigMap',
      code: yaml`
        apiVersion: v1
        kind: ConfigMap
        metadata: { name: istio-sidecar-injector, namespace: istio-system }
        data:
          config: "policy: enabled"
          values: '{"global":{"proxy":{}},"pilot":{"cni":{"enabled":false}}}'
      `,
      files: [{ filename: 'cni.yaml', code: cniDaemonSet() }],
      errors: [{ messageId: 'off', line: 6, message: 'sets pilot.cni.enabled: false' }],
    },
    {
      name: "istiod's values file (helm install -f), beside the cni chart",
      code: yaml`
        sidecarInjectorWebhook:
          rewriteAppHTTPProbe: true
      `,
      files: [cniRelease],
      errors: [{ messageId: 'off', line: 1, column: 1, message: 'leaves pilot.cni.enabled out' }],
    },
    {
      name: 'istio_cni.enabled, which 1.24 and later ignore (Istio #54968)',
      code: flux('istiod', 'istio_cni: { enabled: true }'),
      files: [cniRelease],
      istioVersion: '1.24',
      errors: [{ messageId: 'legacy', line: 8, column: 18, message: 'Istio 1.24 ignores istio_cni.enabled' }],
    },
    {
      name: 'before 1.22 the key to set is istio_cni.enabled',
      code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }'),
      files: [cniRelease],
      istioVersion: '1.21',
      errors: [{ messageId: 'off', message: 'Set istio_cni.enabled: true' }],
    },
    {
      name: 'one cluster per folder: each istiod is judged against the CNI beside it',
      code: flux('istiod', 'pilot: { cni: { enabled: true } }'),
      files: [
        { filename: 'clusters/prod/istiod.yaml', code: flux('istiod', 'meshConfig: { accessLogFile: /dev/stdout }') },
        { filename: 'clusters/prod/istio-cni.yaml', code: flux('cni') },
      ],
      errors: [{ messageId: 'off', line: 7, column: 3 }],
    },
  ],
});

test('the CNI install is the related location', () => {
  const { messages } = runCase(rule, { code: flux('istiod'), files: [{ filename: 'cni/daemonset.yaml', code: cniDaemonSet() }] });
  assert.equal(messages.map((m) => (m.related ?? []).map((l) => `${l.filePath}:${l.line} ${l.message}`)), [['cni/daemonset.yaml:3 Istio CNI is installed here: DaemonSet istio-system/istio-cni-node']]);
});

test.run();
