import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/mesh-config-invalid.ts';
import { checkMeshConfig, parseMeshConfig } from '../../src/model/pod/proxy-config.ts';
import { PROXY_CONFIG_SCHEMA } from '../../src/model/pod/proxy-config-schema.ts';
import { parseIstioVersion } from '../../src/model/install/istio-version.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

/** The istio ConfigMap with `lines` as its mesh text (the text's first line is line 6, column 5). */
const meshConfigMap = (lines: string, name = 'istio'): string =>
  [
    'apiVersion: v1',
    'kind: ConfigMap',
    `metadata: { name: ${name}, namespace: istio-system }`,
    'data:',
    '  mesh: |-',
    ...lines.split('\n').map((l) => `    ${l}`),
    '',
  ].join('\n');

/** What the istiod chart renders by default (istio 1.32-dev, helm template). */
const rendered = meshConfigMap(
  [
    'defaultConfig:',
    '  discoveryAddress: istiod.istio-system.svc:15012',
    'defaultProviders:',
    '  metrics:',
    '  - prometheus',
    'enablePrometheusMerge: true',
    'rootNamespace: istio-system',
    'trustDomain: cluster.local',
  ].join('\n'),
);

/** A Flux HelmRelease of the istiod chart; `values` are the lines under spec.values (written at column 5). */
const fluxRelease = (values: string, extra: string[] = []): string =>
  [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata: { name: istiod, namespace: istio-system }',
    'spec:',
    '  chart:',
    '    spec: { chart: istiod, version: 1.26.2, sourceRef: { kind: HelmRepository, name: istio } }',
    ...extra,
    '  values:',
    ...values.split('\n').map((l) => `    ${l}`),
    '',
  ].join('\n');

ruleTester(rule, {
  valid: [
    { name: 'the chart default', code: rendered },
    {
      name: 'a typical tuned mesh config',
      code: meshConfigMap(yaml`
        accessLogFile: /dev/stdout
        accessLogEncoding: JSON
        accessLogFormat: |
          [%START_TIME%] "%REQ(:METHOD)%"
        enableTracing: true
        outboundTrafficPolicy:
          mode: REGISTRY_ONLY
        enableAutoMtls: true
        connectTimeout: 10s
        protocolDetectionTimeout: 0s
        h2UpgradePolicy: UPGRADE
        trustDomainAliases: [old.local]
        discoverySelectors:
        - matchLabels: { istio-discovery: enabled }
        - matchExpressions: [{ key: env, operator: In, values: [prod] }]
        extensionProviders:
        - name: otel
          opentelemetry: { service: otel-collector.observability.svc.cluster.local, port: 4317 }
        - name: ext-authz
          envoyExtAuthzHttp: { service: authz.auth.svc.cluster.local, port: "8000", includeRequestHeadersInCheck: [authorization] }
        defaultProviders:
          tracing: [otel]
        defaultConfig:
          holdApplicationUntilProxyStarts: true
          terminationDrainDuration: 30s
          drainDuration: 45s
          concurrency: 2
          proxyMetadata:
            ISTIO_META_DNS_CAPTURE: "true"
            ISTIO_META_DNS_AUTO_ALLOCATE: "true"
          tracing:
            sampling: 10.0
            zipkin: { address: zipkin.istio-system:9411 }
          gatewayTopology: { numTrustedProxies: 2 }
      `),
    },
    { name: 'JSON, as some tools write the mesh', code: meshConfigMap('{"accessLogFile": "/dev/stdout", "defaultConfig": {"holdApplicationUntilProxyStarts": true}}') },
    { name: 'an empty mesh means defaults', code: meshConfigMap('') },
    { name: 'a chart template source is not a config', code: meshConfigMap('{{- toYaml $mesh | nindent 4 }}') },
    { name: 'a value a tool fills in', code: meshConfigMap('enableTracing: ${ENABLE_TRACING}\naccessLogEncoding: $(ENCODING)') },
    { name: 'a template source with a condition', code: meshConfigMap('{{- if .Values.tracing }}\nenableTracing: "{{ .Values.tracing }}"\n{{- end }}') },
    { name: 'other ConfigMaps are not the mesh config', code: meshConfigMap('holdApplicationUntilProxyStarts: true', 'mesh-settings') },
    {
      name: 'IstioOperator',
      code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: control-plane, namespace: istio-system }
        spec:
          profile: default
          meshConfig:
            accessLogFile: /dev/stdout
            defaultConfig:
              holdApplicationUntilProxyStarts: true
              proxyMetadata: { ISTIO_META_DNS_CAPTURE: "true" }
          values:
            meshConfig:
              enablePrometheusMerge: true
            global:
              proxy: { holdApplicationUntilProxyStarts: true }
      `,
    },
    {
      name: 'a HelmRelease whose inline values replace a bad value of valuesFrom',
      code: fluxRelease('meshConfig: { accessLogEncoding: JSON }', ['  valuesFrom: [{ kind: ConfigMap, name: istiod-values }]']),
      files: [{ filename: 'values.yaml', code: yaml`
        apiVersion: v1
        kind: ConfigMap
        metadata: { name: istiod-values, namespace: istio-system }
        data:
          values.yaml: |
            meshConfig:
              accessLogEncoding: json
      ` }],
    },
    {
      name: 'a layer after it that is not among the inputs may replace the value',
      code: yaml`
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata: { name: istiod, namespace: argocd }
        spec:
          source:
            chart: istiod
            repoURL: https://istio-release.storage.googleapis.com/charts
            helm:
              valuesObject:
                meshConfig: { accessLogEncoding: json }
              parameters:
              - { name: meshConfig.enableTracing, value: "{{ .tracing }}" }
      `,
    },
    { name: 'a field of the stated version', code: meshConfigMap('serviceScopeConfigs: []'), istioVersion: '1.27' },
    { name: 'a chart release of another chart', code: fluxRelease('meshConfig: { accessLogEncoding: json }').replace('chart: istiod', 'chart: podinfo') },
  ],
  invalid: [
    {
      name: 'holdApplicationUntilProxyStarts at the top level',
      code: meshConfigMap('accessLogFile: /dev/stdout\nholdApplicationUntilProxyStarts: true'),
      errors: [{ messageId: 'unknown', severity: 1, line: 7, column: 5, message: 'holdApplicationUntilProxyStarts is a ProxyConfig field, which belongs under defaultConfig; istiod ignores it. Move it to defaultConfig.holdApplicationUntilProxyStarts.' }],
    },
    {
      name: 'accessLogEncoding: json (istio/istio#48991 class: one bad value, defaults everywhere)',
      code: meshConfigMap('accessLogFile: /dev/stdout\naccessLogEncoding: json\ndefaultConfig:\n  drainDuration: 30s'),
      errors: [{ messageId: 'invalid', severity: 2, line: 7, column: 5, message: 'accessLogEncoding is the string "json"; names are case-sensitive, so istiod ignores the whole mesh config (it keeps the previous one, or the defaults). Write "JSON".' }],
    },
    {
      name: 'a duration without a unit, as a number and as a string',
      code: meshConfigMap('defaultConfig:\n  drainDuration: 45\n  terminationDrainDuration: "30"'),
      errors: [
        { messageId: 'invalid', line: 7, column: 7, message: 'defaultConfig.drainDuration is the number 45, not a duration string such as "5s"' },
        { messageId: 'invalid', line: 8, column: 7, message: 'defaultConfig.terminationDrainDuration is the string "30", not a duration such as "5s" or "1m30s"' },
      ],
    },
    {
      name: 'an unknown field with a suggestion',
      code: meshConfigMap('trustDomian: example.com'),
      errors: [{ messageId: 'unknown', severity: 1, message: 'trustDomian is not a field of MeshConfig; istiod ignores it. Did you mean trustDomain?' }],
    },
    {
      name: 'a misspelt ProxyConfig field at the top level',
      code: meshConfigMap('holdApplicationUntilProxyStart: true'),
      errors: [{ messageId: 'unknown', message: 'Did you mean defaultConfig.holdApplicationUntilProxyStarts?' }],
    },
    {
      name: 'a MeshConfig field under defaultConfig, a Helm value, a removed field, a snake_case defaultConfig',
      code: meshConfigMap('defaultConfig:\n  accessLogFile: /dev/stdout\nglobal:\n  proxy: {}\nmixerCheckServer: x\ndefault_providers:\n  metrics: [prometheus]'),
      errors: [
        { messageId: 'unknown', message: 'defaultConfig.accessLogFile is a MeshConfig field, which belongs at the top level, not under defaultConfig; istiod ignores it. Move it to accessLogFile.' },
        { messageId: 'unknown', message: 'global is a Helm value of the istiod chart, not a MeshConfig field' },
        { messageId: 'unknown', message: 'mixerCheckServer was removed from MeshConfig' },
        { messageId: 'unknown', message: 'default_providers is read only when spelled defaultProviders' },
      ],
    },
    {
      name: 'a non-string proxyMetadata value, a quoted boolean, a lower-case enum',
      code: meshConfigMap('enableTracing: "true"\noutboundTrafficPolicy:\n  mode: registry_only\ndefaultConfig:\n  proxyMetadata:\n    ISTIO_META_DNS_CAPTURE: true'),
      errors: [
        { messageId: 'invalid', message: 'enableTracing is the string "true", not a boolean' },
        { messageId: 'invalid', message: 'Write "REGISTRY_ONLY".' },
        { messageId: 'invalid', message: 'defaultConfig.proxyMetadata.ISTIO_META_DNS_CAPTURE is the boolean true, not a string' },
      ],
    },
    {
      name: "what istiod's validation refuses",
      code: meshConfigMap('connectTimeout: 0s\nproxyListenPort: 0\ndefaultConfig:\n  drainDuration: 1500ms\n  discoveryAddress: istiod'),
      errors: [
        { messageId: 'invalid', message: 'connectTimeout "0s" is shorter than 1ms' },
        { messageId: 'invalid', message: 'proxyListenPort 0 is outside 1..65535' },
        { messageId: 'invalid', message: 'defaultConfig.drainDuration "1500ms" is not a whole number of seconds' },
        { messageId: 'invalid', message: 'defaultConfig.discoveryAddress "istiod" is not a valid host:port' },
      ],
    },
    {
      name: 'a field newer than the stated version',
      code: meshConfigMap('serviceScopeConfigs: []'),
      istioVersion: '1.26',
      errors: [{ messageId: 'unknown', message: 'serviceScopeConfigs is not a field of MeshConfig in Istio 1.26, only from 1.27' }],
    },
    {
      name: 'not YAML, not a mapping',
      code: meshConfigMap('accessLogFile: [') + '---\n' + meshConfigMap('- a', 'istio-canary'),
      errors: [
        { messageId: 'unreadable', line: 5 },
        { messageId: 'unreadable', message: 'it is a list, not a mapping of MeshConfig fields, so istiod ignores the whole mesh config' },
      ],
    },
    {
      name: 'IstioOperator: istioctl refuses type errors in spec.meshConfig and spec.values.meshConfig',
      code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: control-plane, namespace: istio-system }
        spec:
          meshConfig:
            holdApplicationUntilProxyStarts: true
            defaultConfig:
              concurrency: two
          values:
            meshConfig:
              accessLogEncoding: json
      `,
      errors: [
        { messageId: 'unknown', line: 6, column: 5, message: 'Move it to defaultConfig.holdApplicationUntilProxyStarts' },
        { messageId: 'invalid', line: 8, column: 7, message: 'defaultConfig.concurrency is the string "two", not an integer, so istioctl refuses to install the IstioOperator' },
        { messageId: 'invalid', line: 11, column: 7, message: 'so istioctl refuses to install the IstioOperator' },
      ],
    },
    {
      name: 'Flux HelmRelease: inline values and a valuesFrom ConfigMap',
      code: fluxRelease('meshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: "true"', ['  valuesFrom: [{ kind: ConfigMap, name: istiod-values }]']),
      files: [{ filename: 'values.yaml', code: yaml`
        apiVersion: v1
        kind: ConfigMap
        metadata: { name: istiod-values, namespace: istio-system }
        data:
          values.yaml: |
            meshConfig:
              accessLogEncoding: json
      ` }],
      errors: [
        { messageId: 'invalid', line: 11, message: 'defaultConfig.holdApplicationUntilProxyStarts is the string "true", not a boolean, so istiod ignores the whole mesh config' },
        { messageId: 'invalid', message: 'accessLogEncoding' },
      ],
    },
    {
      name: 'Argo CD Application: helm.values text, located inside it',
      code: yaml`
        apiVersion: argoproj.io/v1alpha1
        kind: Application
        metadata: { name: istiod, namespace: argocd }
        spec:
          source:
            chart: istiod
            repoURL: https://istio-release.storage.googleapis.com/charts
            helm:
              values: |
                meshConfig:
                  terminationDrainDuration: 30s
      `,
      errors: [{ messageId: 'unknown', line: 11, column: 11, message: 'Move it to defaultConfig.terminationDrainDuration' }],
    },
    {
      name: 'Sail Istio: the typed CRD refuses wrong types, istiod what it lets through',
      code: yaml`
        apiVersion: sailoperator.io/v1
        kind: Istio
        metadata: { name: default }
        spec:
          version: v1.26.2
          values:
            meshConfig:
              accessLogEncoding: json
              connectTimeout: "10"
              holdApplicationUntilProxyStarts: true
      `,
      errors: [
        { messageId: 'invalid', message: 'so the API server refuses the Istio resource' },
        { messageId: 'invalid', message: 'connectTimeout is the string "10", not a duration such as "5s" or "1m30s", so istiod ignores the whole mesh config' },
        { messageId: 'unknown', message: 'holdApplicationUntilProxyStarts is a ProxyConfig field, which belongs under defaultConfig; the Istio CRD has no such field, so the API server drops it.' },
      ],
    },
  ],
});

test('the MeshConfig table comes from istio/api: the fields of B1 and defaultConfig as ProxyConfig', () => {
  const mesh = PROXY_CONFIG_SCHEMA.get('MeshConfig') ?? [];
  // 50 fields in istio/api b8f8791d, and one that Istio 1.32 reads from a newer api commit.
  assert.is(mesh.length, 51);
  const byName = new Map(mesh.map((f) => [f.jsonName, f]));
  assert.is(byName.get('defaultConfig')?.type, 'ProxyConfig');
  assert.is(byName.get('accessLogEncoding')?.type, 'enum:MeshConfig.AccessLogEncoding');
  assert.is(byName.get('meshMTLS')?.protoName, 'mesh_mTLS');
  assert.ok(byName.get('discoverySelectors')?.repeated);
  assert.is(byName.get('serviceScopeConfigs')?.since, '1.27');
  assert.is(byName.get('defaultInboundHttpRetryPolicy')?.since, '1.32');
  assert.is((PROXY_CONFIG_SCHEMA.get('ProxyConfig') ?? []).length, 40);
});

test('hostile input: deep, wide and oddly typed configs are read within bounds', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 5000; i++) deep = { defaultConfig: deep };
  const r1 = checkMeshConfig(deep);
  assert.ok(r1.errors.length + r1.unknownFields.length <= 200);
  const wide: Record<string, unknown> = {};
  for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
  const r2 = checkMeshConfig(wide);
  assert.ok(r2.unknownFields.length <= 100);
  for (const odd of [0, 'x', true, [], [null], { defaultConfig: [] }, { extensionProviders: 'x' }, { discoverySelectors: [1, null, 'x'] }]) {
    assert.not.throws(() => checkMeshConfig(odd));
  }
  assert.not.throws(() => parseMeshConfig('a: &a [*a]\nb: [*a, *a, *a]'));
  assert.ok(parseMeshConfig(`${'['.repeat(500)}${']'.repeat(500)}`).tooComplex !== undefined);
  assert.is(parseMeshConfig('defaultConfig: {holdApplicationUntilProxyStarts: true}', parseIstioVersion('1.20')).errors.length, 0);
});

test.run();
