import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/annotation-deprecated.ts';
import { DEPRECATED_NAMES, statusAt } from '../../src/model/data/deprecated-names.ts';
import { parseIstioVersion } from '../../src/model/install/istio-version.ts';
import { readsInjectLabel } from '../../src/model/injection/injection.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';
import { EMPTY_CONFIG, withOverrides } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { rulesById } from '../../rules/index.ts';

const injectedNamespace = { filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: enabled } }\n' };
const plainNamespace = { filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop }\n' };

/** A Deployment in namespace shop whose pod template carries `annotations` (one per line, from line 8). */
const deployment = (...annotations: string[]): string =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: { name: web, namespace: shop }',
    'spec:',
    '  template:',
    '    metadata:',
    '      annotations:',
    ...annotations.map((a) => `        ${a}`),
    '      labels:',
    '        app: web',
    '    spec:',
    '      containers: [{ name: web, image: web }]',
    '',
  ].join('\n');

ruleTester(rule, {
  valid: [
    {
      name: 'kubevirtInterfaces with no version stated: deprecated in 1.25 only, so left out with one note to state the version',
      code: deployment('traffic.sidecar.istio.io/kubevirtInterfaces: "net1"'),
      notes: ['istio-version-unknown'],
    },
    { name: 'current annotations only', code: deployment('sidecar.istio.io/statsHistogramBuckets: \'{"istiocustom":[1,5,10]}\'', 'proxy.istio.io/config: "{}"'), files: [injectedNamespace] },
    { name: 'the label, not the annotation', code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "false" }
          spec:
            containers: [{ name: web, image: web }]
      `, files: [injectedNamespace] },
    {
      name: 'inject annotation beside the label (Istio reads the label; istioctl analyze is quiet too)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "false" }
            annotations: { sidecar.istio.io/inject: "false" }
          spec:
            containers: [{ name: web, image: web }]
      `,
      files: [injectedNamespace],
    },
    { name: 'inject annotation "true" no webhook sees (inject-misplaced reports it)', code: deployment('sidecar.istio.io/inject: "true"'), files: [plainNamespace] },
    {
      name: 'inject annotation "true" in a disabled namespace (inject-label-conflict reports it)',
      code: deployment('sidecar.istio.io/inject: "true"'),
      files: [{ filename: 'ns.yaml', code: 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: disabled } }\n' }],
    },
    { name: 'inject annotation with an invalid value (inject-value-invalid reports it)', code: deployment('sidecar.istio.io/inject: "no"'), files: [injectedNamespace] },
    { name: 'kubevirtInterfaces before its deprecation (1.24)', code: deployment('traffic.sidecar.istio.io/kubevirtInterfaces: "net1"'), istioVersion: '1.24' },
    { name: 'extraStatTags before its deprecation (1.20)', code: deployment('sidecar.istio.io/extraStatTags: "destination_port"'), istioVersion: '1.20' },
    { name: 'statsCompression while Istio reads it (1.28)', code: deployment('sidecar.istio.io/statsCompression: "gzip"'), istioVersion: '1.28' },
    { name: 'enableCoreDump while Istio reads it (1.23)', code: deployment('sidecar.istio.io/enableCoreDump: "true"'), istioVersion: '1.23' },
    {
      name: 'pod annotations on a Deployment\'s own metadata are not read by Istio (not this rule)',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        annotations: { sidecar.istio.io/statsInclusionPrefixes: "cluster" }
      spec:
        template:
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'a Service annotation on a ConfigMap is not where Istio reads it',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: c
        annotations: { alpha.istio.io/kubernetes-serviceaccounts: "web" }
      data: {}
      `,
    },
    {
      name: 'odd shapes do not throw',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        annotations: [sidecar.istio.io/discoveryAddress]
        labels: 7
      spec:
        containers: [{ name: a, image: a }]
      ---
      apiVersion: v1
      kind: Service
      metadata: null
      `,
    },
  ],
  invalid: [
    {
      name: 'inject annotation "false": deprecated; --fix moves it to the label (the pod gets no sidecar either way)',
      code: deployment('sidecar.istio.io/inject: "false"'),
      files: [injectedNamespace],
      errors: [{ messageId: 'deprecated', line: 8, column: 9, severity: 2, message: 'deprecated since Istio 1.15: use the pod label sidecar.istio.io/inject instead' }],
      output: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            annotations: {}
            labels:
              app: web
              sidecar.istio.io/inject: "false"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'inject annotation "true" in an injected namespace: the label gives the same sidecar from the same injector',
      code: deployment('sidecar.istio.io/inject: "true"', 'sidecar.istio.io/proxyCPU: "100m"'),
      files: [injectedNamespace],
      errors: [{ messageId: 'deprecated', line: 8 }],
      output: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/proxyCPU: "100m"
            labels:
              app: web
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'inject annotation "true" in a namespace not among the inputs: whether the label behaves the same is unknown, a suggestion',
      code: deployment('sidecar.istio.io/inject: "true"'),
      errors: [{ messageId: 'deprecated', line: 8 }],
      output: null,
      suggestionOutput: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            annotations: {}
            labels:
              app: web
              sidecar.istio.io/inject: "true"
          spec:
            containers: [{ name: web, image: web }]
      `,
    },
    {
      name: 'a pod template without labels gets a labels map',
      code: yaml`
      apiVersion: batch/v1
      kind: Job
      metadata: { name: load, namespace: shop }
      spec:
        template:
          metadata:
            annotations:
              sidecar.istio.io/inject: "false"
          spec:
            restartPolicy: Never
            containers: [{ name: load, image: load }]
      `,
      files: [injectedNamespace],
      errors: [{ messageId: 'deprecated', line: 8 }],
      output: yaml`
      apiVersion: batch/v1
      kind: Job
      metadata: { name: load, namespace: shop }
      spec:
        template:
          metadata:
            annotations: {}
            labels:
              sidecar.istio.io/inject: "false"
          spec:
            restartPolicy: Never
            containers: [{ name: load, image: load }]
      `,
    },
    {
      name: 'a bare Pod',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: debug
        annotations:
          sidecar.istio.io/inject: "false"
      spec:
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'deprecated', line: 6, column: 5 }],
    },
    {
      name: 'stats inclusion annotations: deprecated, still read, no automatic rewrite',
      code: deployment('sidecar.istio.io/statsInclusionPrefixes: "cluster.outbound"', 'sidecar.istio.io/statsInclusionSuffixes: "upstream_cx_total"', 'sidecar.istio.io/statsInclusionRegexps: "http.*"'),
      errors: [
        { messageId: 'deprecated', line: 8, message: 'proxyStatsMatcher.inclusionPrefixes in the proxy.istio.io/config annotation' },
        { messageId: 'deprecated', line: 9, message: 'inclusionSuffixes' },
        { messageId: 'deprecated', line: 10, message: 'inclusionRegexps' },
      ],
      output: null,
    },
    {
      name: 'discoveryAddress and extraStatTags',
      istioVersion: '1.31',
      code: deployment('sidecar.istio.io/discoveryAddress: "istiod-canary.istio-system.svc:15012"', 'sidecar.istio.io/extraStatTags: "destination_port"'),
      errors: [
        { messageId: 'deprecated', line: 8, message: 'since Istio 1.9' },
        { messageId: 'deprecated', line: 9, message: 'since Istio 1.21' },
      ],
    },
    {
      name: 'kubevirtInterfaces on a stated 1.25: --fix renames it, keeping value and place',
      code: deployment('traffic.sidecar.istio.io/kubevirtInterfaces: "net1" # the VM\'s bridge', 'sidecar.istio.io/proxyCPU: "100m"'),
      istioVersion: '1.25',
      errors: [{ messageId: 'deprecated', line: 8, message: 'use the annotation istio.io/reroute-virtual-interfaces instead' }],
      output: deployment('istio.io/reroute-virtual-interfaces: "net1" # the VM\'s bridge', 'sidecar.istio.io/proxyCPU: "100m"'),
    },
    {
      name: 'a quoted key is renamed too',
      code: deployment('"traffic.sidecar.istio.io/kubevirtInterfaces": net1'),
      istioVersion: '1.30',
      errors: [{ messageId: 'deprecated', line: 8 }],
      output: deployment('istio.io/reroute-virtual-interfaces: net1'),
    },
    {
      name: 'kubevirtInterfaces beside its replacement: reported, not rewritten',
      code: deployment('traffic.sidecar.istio.io/kubevirtInterfaces: "net1"', 'istio.io/reroute-virtual-interfaces: "net2"'),
      istioVersion: '1.26',
      errors: [{ messageId: 'deprecated', line: 8 }],
      output: null,
    },
    {
      name: 'statsCompression from 1.29: removed',
      code: deployment('sidecar.istio.io/statsCompression: "gzip"'),
      istioVersion: '1.29',
      errors: [{ messageId: 'removed', line: 8, message: 'does nothing since Istio 1.29' }],
    },
    {
      name: 'enableCoreDump on 1.24: removed',
      code: deployment('sidecar.istio.io/enableCoreDump: "true"'),
      istioVersion: '1.24',
      errors: [{ messageId: 'removed', message: 'since Istio 1.24' }],
    },
    {
      name: 'Mixer and long-gone annotations: removed at every version meshlint covers',
      code: deployment('policy.istio.io/check: "disable"', 'sidecar.istio.io/controlPlaneAuthPolicy: "MUTUAL_TLS"'),
      istioVersion: '1.18',
      errors: [
        { messageId: 'removed', line: 8, message: 'since Istio 1.8' },
        { messageId: 'removed', line: 9, message: 'since Istio 1.6' },
      ],
    },
    {
      name: 'Service annotations for service accounts',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata:
        name: web
        annotations:
          alpha.istio.io/kubernetes-serviceaccounts: "web"
          alpha.istio.io/canonical-serviceaccounts: "web@example.iam"
      spec:
        ports: [{ port: 80 }]
      `,
      errors: [
        { messageId: 'deprecated', line: 6, message: 'no replacement' },
        { messageId: 'deprecated', line: 7 },
      ],
    },
    {
      name: 'pod templates of other workload kinds (CronJob)',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: nightly }
      spec:
        jobTemplate:
          spec:
            template:
              metadata:
                annotations: { sidecar.istio.io/discoveryAddress: "istiod:15012" }
              spec:
                containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'deprecated', line: 9 }],
    },
  ],
});

test('annotation-deprecated: the same name is deprecated, removed or current by version', () => {
  const compression = DEPRECATED_NAMES.find((e) => e.name === 'sidecar.istio.io/statsCompression');
  const kubevirt = DEPRECATED_NAMES.find((e) => e.name === 'traffic.sidecar.istio.io/kubevirtInterfaces');
  assert.ok(compression && kubevirt);
  const v = (t: string) => parseIstioVersion(t)!;
  assert.is(statusAt(compression!, v('1.28.4')), undefined);
  assert.is(statusAt(compression!, v('1.29.0')), 'removed');
  assert.is(statusAt(kubevirt!, v('1.24')), undefined);
  assert.is(statusAt(kubevirt!, v('1.25')), 'deprecated');
  assert.is(statusAt(kubevirt!, v('2.0')), 'deprecated');
});

test('annotation-deprecated: every table entry has a reason to give and a place Istio reads it', () => {
  for (const e of DEPRECATED_NAMES) {
    assert.ok(e.deprecatedIn || e.removedIn, `${e.name}: deprecated or removed at some version`);
    assert.ok(e.on.length > 0 && e.on.every((k) => k === 'Pod' || k === 'Service' || k === 'Namespace'), `${e.name}: kinds`);
    assert.ok(e.instead.length > 0 && !e.instead.endsWith('.'), `${e.name}: instead is the end of a sentence`);
  }
  assert.ok(!DEPRECATED_NAMES.some((e) => e.name === 'sidecar.istio.io/statsHistogramBuckets'), 'statsHistogramBuckets is current');
});

test('annotation-deprecated: the label security.istio.io/tlsMode is recorded as deprecated in 1.9, and never reported (the injector writes it)', () => {
  const tlsMode = DEPRECATED_NAMES.find((e) => e.name === 'security.istio.io/tlsMode' && e.type === 'label');
  assert.ok(tlsMode?.quiet, 'in the table, with why it is quiet');
  assert.is(statusAt(tlsMode!, parseIstioVersion('1.8.6')!), undefined);
  assert.is(statusAt(tlsMode!, parseIstioVersion('1.9.0')!), 'deprecated');
  const pod = deployment('team: web').replace('        app: web', '        app: web\n        security.istio.io/tlsMode: istio');
  assert.ok(pod.includes('security.istio.io/tlsMode'), pod);
  assert.equal(runCase(rule, { code: pod, istioVersion: '1.26' }).messages, []);
});

test('annotation-deprecated: warning by default', () => {
  assert.is(rule.meta.docs.defaultLevel, 'warn');
  const { messages } = runCase(rule, { code: deployment('sidecar.istio.io/discoveryAddress: "x:15012"') });
  assert.is(messages.length, 1);
});

test('annotation-deprecated at its default level: names Istio still reads are one note per run; names it no longer reads stay findings', () => {
  const files = [
    decodeSource(Buffer.from(deployment('sidecar.istio.io/inject: "false"')), 'a.yaml', undefined),
    decodeSource(Buffer.from(deployment('sidecar.istio.io/inject: "false"').replace('name: web', 'name: api')), 'b.yaml', undefined),
    decodeSource(Buffer.from(deployment('sidecar.istio.io/discoveryAddress: "istiod:15012"').replace('name: web', 'name: old')), 'c.yaml', undefined),
  ];
  const rules = [...rulesById.values()];
  const quiet = lint(files, { config: EMPTY_CONFIG, rules, cliIstioVersion: '1.31' });
  const findings = quiet.results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'annotation-deprecated'));
  const note = quiet.notes.find((n) => n.id === 'advice:deprecated-read');
  assert.equal(findings, [], 'no finding for names Istio still reads');
  assert.match(note?.message ?? '', /^3 objects use names Istio deprecates but still reads \(sidecar\.istio\.io\/discoveryAddress, sidecar\.istio\.io\/inject\): nothing breaks yet\. .*meshlint --rule annotation-deprecated=warn --fix\.$/);
  // The level set on the command line (or in the config): one finding each, and --fix moves the inject annotation.
  const asked = lint(files, { config: withOverrides(EMPTY_CONFIG, { rules: ['annotation-deprecated=warn'] }, rulesById), rules, cliIstioVersion: '1.31', fix: true });
  assert.is(asked.results.find((r) => r.filePath === 'a.yaml')?.output?.includes('labels:\n        app: web\n        sidecar.istio.io/inject: "false"'), true);
  assert.not.ok(asked.notes.some((n) => n.id === 'advice:deprecated-read'));
});

test('the inject annotation moves to the label only where injectRequired reads the label (1.12 on)', () => {
  const entry = DEPRECATED_NAMES.find((e) => e.name === 'sidecar.istio.io/inject' && e.type === 'annotation');
  const since = entry?.rename?.since;
  assert.is(since?.text, '1.12');
  assert.ok(since && readsInjectLabel(since));
  assert.not.ok(readsInjectLabel(parseIstioVersion('1.11.8') as NonNullable<typeof since>));
});

test.run();
