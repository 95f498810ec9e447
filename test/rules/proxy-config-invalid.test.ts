import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { keySpan } from '../../rules/proxy-config-invalid.ts';
import { formatConfigPath, holdFromProxyConfig, holdFromProxyConfigObject, locateInProxyConfig, parseConfigPath, parseProxyConfig } from '../../src/model/pod/proxy-config.ts';
import { PROXY_CONFIG_ENUMS, PROXY_CONFIG_SCHEMA, jsonName, parseGoDuration } from '../../src/model/pod/proxy-config-schema.ts';
import { proxyAddressProblem, validIPAddress } from '../../src/model/pod/proxy-config-validation.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const shop = {
  filename: 'namespaces.yaml',
  code: yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: shop
    labels:
      istio-injection: enabled
  ---
  apiVersion: v1
  kind: Namespace
  metadata:
    name: legacy
    labels:
      istio-injection: disabled
  `,
};

/** A Deployment in `ns` whose pod template has proxy.istio.io/config written as `value` (the key is on line 8, column 9). */
const withConfig = (value: string, ns = 'shop', extraLabels = ''): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: ${ns} }
  spec:
    template:
      metadata:
        annotations:
          proxy.istio.io/config: ${value}${extraLabels}
      spec:
        containers: [{ name: web, image: web }]
  `;

/** The same with a block scalar: its first line of text is line 9, at column 11. */
const withBlock = (lines: string, ns = 'shop'): string =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    `metadata: { name: web, namespace: ${ns} }`,
    'spec:',
    '  template:',
    '    metadata:',
    '      annotations:',
    '        proxy.istio.io/config: |',
    ...lines.split('\n').map((l) => `          ${l}`),
    '    spec:',
    '      containers: [{ name: web, image: web }]',
    '',
  ].join('\n');

ruleTester(rule, {
  valid: [
    // A ProxyConfig a tool fills in, whole or in part, is unknown: nothing to judge.
    { name: 'the whole text filled in by Jinja', code: withConfig('"{{ proxy_config }}"'), files: [shop] },
    { name: 'a field filled in by envsubst', code: withBlock('holdApplicationUntilProxyStarts: ${HOLD}\nconcurrency: 2'), files: [shop] },
    { name: 'a field filled in by Helm', code: withBlock('concurrency: "{{ .Values.concurrency }}"'), files: [shop] },
    { name: 'the injector test input hello-probes-proxyHoldApplication-ProxyConfig', code: withConfig(`'{ "holdApplicationUntilProxyStarts": true }'`), files: [shop] },
    { name: 'the injector test input hello-probes-noProxyHoldApplication-ProxyConfig', code: withConfig(`'{ "holdApplicationUntilProxyStarts": false }'`), files: [shop] },
    {
      name: 'the injector test input traffic-annotations (concurrency 0 is valid)',
      code: withBlock('discoveryAddress: foo:123\nconcurrency: 0\nproxyMetadata:\n  FOO: bar\n  ISTIO_META_TLS_CLIENT_KEY: /etc/identity2/client/keys/client-key.pem'),
      files: [shop],
    },
    { name: 'YAML 1.1: `yes` is a boolean for go-yaml, so it is accepted', code: withBlock('holdApplicationUntilProxyStarts: yes'), files: [shop] },
    { name: 'proto (snake_case) field names are accepted too', code: withBlock('hold_application_until_proxy_starts: true\nproxy_metadata:\n  A: "1"'), files: [shop] },
    {
      name: 'numbers as strings, enums as numbers, Go durations, null',
      code: withBlock('concurrency: "2"\ninterceptionMode: 1\ndrainDuration: 1m30s\nterminationDrainDuration: 500ms\nstatusPort: null\ntracing:\n  sampling: "10.5"\n  zipkin:\n    address: $(HOST_IP):9411'),
      files: [shop],
    },
    { name: 'an empty annotation is a no-op for Istio', code: withConfig('""'), files: [shop] },
    { name: 'the pod opts out: Istio never reads the annotation', code: withConfig(`'{"holdApplicationUntilProxyStarts": "true"}'`, 'shop', '\n        labels:\n          sidecar.istio.io/inject: "false"'), files: [shop] },
    { name: 'a namespace that is not injected', code: withConfig(`'{"holdApplicationUntilProxyStarts": "true"}'`, 'legacy'), files: [shop] },
    { name: 'unquoted boolean: yaml-nonstring-value reports it', code: withConfig('true'), files: [shop] },
    { name: 'connectionSettings is known to Istio 1.31', code: withBlock('connectionSettings:\n  profile: EDGE\n  httpIdleTimeout: 1h'), files: [shop], istioVersion: '1.31' },
    { name: 'multi-line JSON', code: withBlock('{\n  "image": {"imageType": "distroless"},\n  "proxyStatsMatcher": {"inclusionPrefixes": ["cluster.outbound"]}\n}'), files: [shop] },
  ],
  invalid: [
    {
      name: 'a misspelt hold in a block scalar: ignored, a warning at the key',
      code: withBlock('holdApplicationUntilProxyStart: true'),
      files: [shop],
      errors: [{ messageId: 'unknown', severity: 1, line: 9, column: 11, endColumn: 41, message: 'Did you mean holdApplicationUntilProxyStarts?' }],
      output: null,
    },
    {
      name: 'a quoted "true" for a BoolValue rejects the pod',
      code: withConfig(`'{"holdApplicationUntilProxyStarts": "true"}'`),
      files: [shop],
      errors: [{ messageId: 'invalid', severity: 2, line: 8, column: 35, message: 'proxy.istio.io/config: holdApplicationUntilProxyStarts is the string "true", not a boolean, so the injector rejects the pod. Write true.' }],
      output: null,
    },
    {
      name: 'an unquoted boolean in proxyMetadata (values are strings)',
      code: withBlock('proxyMetadata:\n  ISTIO_META_DNS_CAPTURE: true'),
      files: [shop],
      errors: [{ messageId: 'invalid', line: 10, column: 13, message: 'proxy.istio.io/config: proxyMetadata.ISTIO_META_DNS_CAPTURE is the boolean true, not a string, so the injector rejects the pod. Write "true".' }],
    },
    {
      name: 'written as a nested map: the API server rejects it, injected or not',
      code: withConfig('\n            holdApplicationUntilProxyStarts: true', 'legacy'),
      files: [shop],
      errors: [{ messageId: 'notString', line: 8, column: 9 }],
    },
    {
      name: 'not YAML',
      code: withConfig(`'{"holdApplicationUntilProxyStarts": true'`),
      files: [shop],
      errors: [{ messageId: 'unreadable', line: 8, column: 9 }],
    },
    {
      name: 'a list nested 1,000 levels deep (2 KB of brackets): one warning, not a crash of the process',
      code: withConfig(`'${'['.repeat(1000)}${']'.repeat(1000)}'`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', severity: 1, line: 8, column: 9, message: 'nested deeper than 100 levels' }],
    },
    {
      name: 'flow mappings nested 5,000 levels deep',
      code: withConfig(`'${'{a: '.repeat(5000)}1${'}'.repeat(5000)}'`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'nested deeper than 100 levels' }],
    },
    {
      name: 'block sequences nested 20,000 levels deep on one line',
      code: withBlock(`${'- '.repeat(20_000)}x`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'nested deeper than 100 levels' }],
    },
    {
      name: 'JSON that the YAML parser refuses, nested 3,000 levels deep',
      code: withBlock(`{"a":\t${'['.repeat(3000)}${']'.repeat(3000)}}`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'nested deeper than 100 levels' }],
    },
    {
      name: 'an alias bomb: nine levels of nine aliases',
      code: withBlock(['a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, l) => `a${l + 1}: &a${l + 1} [${Array(9).fill(`*a${l}`).join(', ')}]`)].join('\n')),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'an alias bomb' }],
    },
    {
      name: 'an alias inside the node it names',
      code: withBlock('proxyMetadata: &m\n  A: *m'),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'a value without end' }],
    },
    {
      name: 'more than 1,000 aliases',
      code: withBlock(`extraStatTags: &t [a]\nproxyMetadata: {${Array.from({ length: 1001 }, (_, i) => `K${i}: *t`).join(', ')}}`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'more than 1,000 aliases' }],
    },
    {
      name: 'larger than 1 MiB',
      code: withBlock(`proxyMetadata:\n  A: ${'x'.repeat(1024 * 1024)}`),
      files: [shop],
      errors: [{ messageId: 'tooComplex', line: 8, message: 'larger than 1 MiB' }],
    },
    {
      name: 'an unknown key after 100,000 other occurrences of its name: found by scanning, at the right line',
      code: withBlock(`proxyMetadata:\n  A: "${'x '.repeat(100_000)}"\nx: 1`),
      files: [shop],
      errors: [{ messageId: 'unknown', line: 11, column: 11, endColumn: 12 }],
    },
    {
      name: 'an unknown key of 40,000 characters, written twice: found by scanning (a pattern of it is too large for V8)',
      code: withBlock(`proxyMetadata:\n  A: ${'k'.repeat(40_000)}\n${'k'.repeat(40_000)}: 1`),
      files: [shop],
      errors: [{ messageId: 'unknown', line: 11, column: 11, endColumn: 40_011 }],
    },
    {
      name: 'a number written as a string with 200,000 spaces inside: trimmed by scanning, rejected',
      code: withBlock(`concurrency: "1${' '.repeat(200_000)}x"`),
      files: [shop],
      errors: [{ messageId: 'invalid', line: 9, column: 11 }],
    },
    {
      name: 'a list, not a mapping',
      code: withBlock('- holdApplicationUntilProxyStarts: true'),
      files: [shop],
      errors: [{ messageId: 'notMapping', line: 8, message: 'it is a list' }],
    },
    {
      name: 'what ValidateMeshConfigProxyConfig refuses',
      code: withBlock('statusPort: 0\ndrainDuration: 500ms\ndiscoveryAddress: istiod.istio-system.svc\ncontrolPlaneAuthPolicy: INHERIT'),
      files: [shop],
      errors: [
        { messageId: 'invalid', line: 9, column: 11, message: 'statusPort 0 is outside 1..65535' },
        { messageId: 'invalid', line: 10, column: 11, message: 'not a whole number of seconds' },
        { messageId: 'invalid', line: 11, column: 11, message: 'missing port in address' },
        { messageId: 'invalid', line: 12, column: 11, message: 'neither NONE nor MUTUAL_TLS' },
      ],
    },
    {
      name: 'connectionSettings on Istio 1.28: not known yet, so ignored',
      code: withBlock('connectionSettings:\n  profile: EDGE'),
      files: [shop],
      istioVersion: '1.28',
      errors: [{ messageId: 'unknown', severity: 1, line: 9, message: 'connectionSettings is not a field of ProxyConfig in Istio 1.28, only from 1.31; Istio ignores it silently.' }],
    },
    {
      name: 'a removed field',
      code: withBlock('parentShutdownDuration: 1m'),
      files: [shop],
      errors: [{ messageId: 'unknown', message: 'was removed from ProxyConfig in Istio 1.17' }],
    },
    {
      name: 'the same key twice: the finding points at the one at fault',
      code: withBlock('envoyAccessLogService:\n  address: als.example:9000\ntracing:\n  zipkin:\n    address: zipkin.istio-system'),
      files: [shop],
      errors: [{ messageId: 'invalid', line: 13, column: 15, endColumn: 22, message: 'tracing.zipkin.address "zipkin.istio-system"' }],
    },
    {
      name: 'a double-quoted annotation with escaped newlines: still the right key',
      code: withConfig('"envoyAccessLogService:\\n  address: als:9000\\nenvoyMetricsService:\\n  address: nope"'),
      files: [shop],
      errors: [{ messageId: 'invalid', line: 8, column: 102, endColumn: 109, message: 'envoyMetricsService.address "nope"' }],
    },
    {
      name: 'an environment variable at the top level belongs under proxyMetadata',
      code: withBlock('ISTIO_META_DNS_CAPTURE: "true"'),
      files: [shop],
      errors: [{ messageId: 'unknown', message: 'Did you mean proxyMetadata.ISTIO_META_DNS_CAPTURE?' }],
    },
    {
      name: 'a nested field written one level too high',
      code: withBlock('imageType: distroless'),
      files: [shop],
      errors: [{ messageId: 'unknown', message: 'Did you mean image.imageType?' }],
    },
    {
      name: 'a pod whose namespace is not known may be injected: reported',
      code: withConfig(`'{"concurrency": "two"}'`, 'elsewhere'),
      errors: [{ messageId: 'invalid', message: 'concurrency is the string "two", not an integer' }],
    },
  ],
});

test('a one-line annotation gets a rename suggestion that keeps everything else', () => {
  const { messages } = runCase(rule, { code: withConfig(`'{"holdApplicationUntilProxyStart": true, "concurrency": 2}'`), files: [shop] });
  assert.is(messages.length, 1);
  const s = messages[0]?.suggestions?.[0];
  assert.is(s?.desc, 'Rename holdApplicationUntilProxyStart to holdApplicationUntilProxyStarts.');
  assert.is(s?.fix.text, JSON.stringify('{"holdApplicationUntilProxyStarts": true, "concurrency": 2}'));
});

test('a quoted boolean gets a suggestion to unquote it; an enum in the wrong case its exact name', () => {
  const { messages } = runCase(rule, { code: withConfig(`'{"holdApplicationUntilProxyStarts": "true", "interceptionMode": "tproxy"}'`), files: [shop] });
  assert.equal(
    messages.map((m) => m.suggestions?.[0]?.fix.text),
    [JSON.stringify('{"holdApplicationUntilProxyStarts": true, "interceptionMode": "tproxy"}'), JSON.stringify('{"holdApplicationUntilProxyStarts": "true", "interceptionMode": "TPROXY"}')],
  );
});

test('an unquoted number for a string is quoted as written', () => {
  const { messages } = runCase(rule, { code: withConfig(`'{"meshId": 1.0, "proxyMetadata": {"A": yes}}'`), files: [shop] });
  assert.equal(messages.map((m) => m.message.replace(/.* Write (.*)\.$/, '$1')), ['"1.0"', '"yes"']);
  assert.is(messages[0]?.suggestions?.[0]?.fix.text, JSON.stringify('{"meshId": "1.0", "proxyMetadata": {"A": yes}}'));
});

test('a block scalar gets no rewrite suggestion (its layout would be lost)', () => {
  const { messages } = runCase(rule, { code: withBlock('holdApplicationUntilProxyStart: true\nconcurrency: 2'), files: [shop] });
  assert.is(messages.length, 1);
  assert.is(messages[0]?.suggestions, undefined);
});

test('no rename onto a key that is already written', () => {
  const { messages } = runCase(rule, { code: withConfig(`'{"holdApplicationUntilProxyStart": true, "holdApplicationUntilProxyStarts": false}'`), files: [shop] });
  assert.is(messages.length, 1);
  assert.is(messages[0]?.suggestions, undefined);
});

// ---- the model: jsonpb's reading of the text ----

const problems = (text: string): { errors: string[]; unknown: string[]; syntax: string | undefined } => {
  const r = parseProxyConfig(text);
  return { errors: r.errors.map((p) => p.path), unknown: r.unknownFields.map((p) => p.path), syntax: r.syntaxError };
};

test('types as jsonpb takes them', () => {
  assert.equal(problems('concurrency: 2.0\nstatNameLength: "189"\ninterceptionMode: 2'), { errors: [], unknown: [], syntax: undefined });
  assert.equal(problems('concurrency: 2.5').errors, ['concurrency']);
  assert.equal(problems('concurrency: "2.0"').errors, ['concurrency']);
  assert.equal(problems('statusPort: 99999999999').errors, ['statusPort']);
  assert.equal(problems('gatewayTopology:\n  numTrustedProxies: -1').errors, ['gatewayTopology.numTrustedProxies']);
  assert.equal(problems('meshId: on').errors, ['meshId'], 'YAML 1.1 reads `on` as a boolean');
  assert.equal(problems('extraStatTags: foo').errors, ['extraStatTags']);
  assert.equal(problems('proxyStatsMatcher:\n  inclusionPrefixes: [a, 1]').errors, ['proxyStatsMatcher.inclusionPrefixes[1]']);
  assert.equal(problems('tracing: zipkin').errors, ['tracing']);
  assert.equal(problems('tracing:\n  sampling: .inf').errors, ['tracing.sampling']);
  assert.equal(problems('drainDuration: 45').errors, ['drainDuration']);
  assert.equal(problems('drainDuration: "45"').errors, ['drainDuration']);
  assert.equal(problems('interceptionMode: "1"').errors, ['interceptionMode']);
  assert.equal(problems('holdApplicationUntilProxyStarts: {value: true}').errors, ['holdApplicationUntilProxyStarts']);
});

test('unknown fields, nested ones included, and fields newer than the version', () => {
  assert.equal(problems('tracing:\n  zipkin:\n    adress: z:9411').unknown, ['tracing.zipkin.adress']);
  assert.equal(problems('proxyHeaders:\n  server:\n    disable: true').unknown, ['proxyHeaders.server.disable']);
  assert.equal(problems('a: 1\n---\nb: 2').unknown, ['', 'a']);
  assert.equal(problems('holdApplicationUntilProxyStarts: true\nhold_application_until_proxy_starts: "x"'), { errors: [], unknown: ['hold_application_until_proxy_starts'], syntax: undefined }, 'the JSON name wins; the other is never read');
  const v = { major: 1, minor: 28, patch: 0, text: '1.28' };
  assert.equal(parseProxyConfig('statsCompression: true', v).unknownFields.map((p) => p.path), ['statsCompression']);
  assert.equal(parseProxyConfig('statsCompression: true', { ...v, minor: 29, text: '1.29' }).unknownFields, []);
  // metadataExchangeHeaders came to the 1.19 branch after 1.19.0 (istio/api tag 1.19.1).
  const headers = 'proxyHeaders:\n  metadataExchangeHeaders:\n    mode: IN_MESH';
  assert.equal(parseProxyConfig(headers, { major: 1, minor: 19, patch: 0, text: '1.19.0' }).unknownFields.map((p) => p.path), ['proxyHeaders.metadataExchangeHeaders']);
  assert.equal(parseProxyConfig(headers, { major: 1, minor: 19, patch: 1, text: '1.19.1' }).unknownFields, []);
  assert.equal(parseProxyConfig(headers, { major: 1, minor: 20, patch: 0, text: '1.20' }).unknownFields, []);
  assert.is(parseProxyConfig('holdApplicationUntilProxyStart: true').unknownFields[0]?.suggestion, 'holdApplicationUntilProxyStarts');
});

test('validation on the defaults with the annotation applied', () => {
  assert.equal(problems('configPath: ""\nbinaryPath: ""\nserviceCluster: ""').errors, ['configPath', 'binaryPath', 'serviceCluster']);
  assert.equal(problems('serviceCluster: ""\ntracingServiceName: CANONICAL_NAME_ONLY').errors, [], 'the later oneof member wins');
  assert.equal(problems('drainDuration: 0s').errors, ['drainDuration']);
  assert.equal(problems('tracing:\n  lightstep:\n    address: ls:8080').errors, ['tracing.lightstep.accessToken']);
  assert.equal(problems('tracing:\n  datadog: {}').errors, ['tracing.datadog']);
  assert.equal(problems('statsdUdpAddress: statsd').errors, ['statsdUdpAddress']);
  assert.equal(problems('envoyMetricsService:\n  address: "[::1]:15000"').errors, []);
  assert.equal(problems('privateKeyProvider: {}').errors, ['privateKeyProvider']);
  assert.equal(problems('privateKeyProvider:\n  qat:\n    pollDelay: 0s').errors, ['privateKeyProvider.qat.pollDelay']);
  assert.equal(problems('tracing:\n  tlsSettings:\n    mode: MUTUAL').errors, ['tracing.tlsSettings.mode']);
  assert.equal(problems('connectionSettings:\n  httpMaxConcurrentStreams: 0\n  httpIdleTimeout: -1s').errors, ['connectionSettings.httpMaxConcurrentStreams', 'connectionSettings.httpIdleTimeout']);
});

test('what cannot be read at all', () => {
  assert.ok(problems('a: [1').syntax);
  assert.match(problems('"text"').syntax ?? '', /not a mapping/);
  assert.equal(problems(''), { errors: [], unknown: [], syntax: undefined });
  assert.equal(problems('# only a comment'), { errors: [], unknown: [], syntax: undefined });
  // JSON the YAML parser is pickier about (tabs in a flow mapping) still reads.
  assert.equal(problems('{\n\t"concurrency": 2\n}'), { errors: [], unknown: [], syntax: undefined });
});

test('holdFromProxyConfig', () => {
  assert.is(holdFromProxyConfig('{"holdApplicationUntilProxyStarts": true}'), true);
  assert.is(holdFromProxyConfig('holdApplicationUntilProxyStarts: no'), false);
  assert.is(holdFromProxyConfig('hold_application_until_proxy_starts: true'), true);
  assert.is(holdFromProxyConfig('holdApplicationUntilProxyStart: true'), undefined, 'misspelt: not set');
  assert.is(holdFromProxyConfig('{"holdApplicationUntilProxyStarts": "true"}'), undefined, 'rejected');
  assert.is(holdFromProxyConfig('holdApplicationUntilProxyStarts: true\nstatusPort: 0'), undefined, 'rejected by validation');
  assert.is(holdFromProxyConfig('holdApplicationUntilProxyStarts: null\nhold_application_until_proxy_starts: true'), undefined, 'the JSON name wins, and null is unset');
  assert.is(holdFromProxyConfig('not: [valid'), undefined);
  assert.is(holdFromProxyConfigObject({ holdApplicationUntilProxyStarts: false }), false);
  assert.is(holdFromProxyConfigObject({ holdApplicationUntilProxyStarts: 'true' }), undefined);
  assert.is(holdFromProxyConfigObject(undefined), undefined);
});

test('Go durations and host:port addresses', () => {
  assert.is(parseGoDuration('1h2m3.5s'), 3_723_500_000_000n);
  assert.is(parseGoDuration('0'), 0n);
  assert.is(parseGoDuration('-1.5ms'), -1_500_000n);
  assert.is(parseGoDuration('3µs'), 3_000n);
  assert.type(parseGoDuration('5'), 'string');
  assert.type(parseGoDuration(''), 'string');
  assert.type(parseGoDuration('1d'), 'string');
  assert.type(parseGoDuration('9999999999h'), 'string');
  assert.is(proxyAddressProblem('istiod.istio-system.svc:15012'), undefined);
  assert.is(proxyAddressProblem('10.0.0.1:9411'), undefined);
  assert.is(proxyAddressProblem('[fe80::1%eth0]:80'), undefined);
  assert.ok(proxyAddressProblem('istiod'));
  assert.ok(proxyAddressProblem('istiod:0'));
  assert.ok(proxyAddressProblem('istiod:grpc'));
  assert.ok(proxyAddressProblem('under_score:80'));
  assert.ok(proxyAddressProblem('a.b.123:80'), 'an all-numeric top-level label and not an IP');
  assert.ok(validIPAddress('::ffff:10.0.0.1'));
  assert.not.ok(validIPAddress('010.0.0.1'));
});

test('the schema: JSON names, and every referenced message and enum exists', () => {
  assert.is(jsonName('http2_initial_stream_window_size'), 'http2InitialStreamWindowSize');
  assert.is(jsonName('k8s_sa_jwt_path'), 'k8sSaJwtPath');
  const top = PROXY_CONFIG_SCHEMA.get('ProxyConfig') ?? [];
  assert.ok(top.some((f) => f.jsonName === 'holdApplicationUntilProxyStarts' && f.type === 'BoolValue'));
  const scalars = new Set(['string', 'bool', 'int32', 'uint32', 'int64', 'uint64', 'double', 'BoolValue', 'Int32Value', 'UInt32Value', 'Int64Value', 'UInt64Value', 'Duration', 'any']);
  for (const [name, fields] of PROXY_CONFIG_SCHEMA) {
    for (const f of fields) {
      if (scalars.has(f.type)) continue;
      if (f.type.startsWith('enum:')) {
        assert.ok(f.type.slice(5) in PROXY_CONFIG_ENUMS, `${name}.${f.protoName}: ${f.type}`);
        continue;
      }
      assert.ok(PROXY_CONFIG_SCHEMA.has(f.type), `${name}.${f.protoName}: ${f.type}`);
    }
  }
});

test('paths and positions inside the text', () => {
  assert.equal(parseConfigPath(formatConfigPath(['proxyMetadata', 'a.b', 'x', 3])), ['proxyMetadata', 'a.b', 'x', 3]);
  assert.is(formatConfigPath(['tracing', 'zipkin', 'address']), 'tracing.zipkin.address');
  const text = '{"a": {"address": "x"}, "b": {"address": "y"}}';
  const loc = locateInProxyConfig(text, 'b.address');
  assert.equal(loc?.key, [30, 39], 'the key with its quotes');
  // The second "address" of the text is the key: in the source (here the same text) too.
  assert.equal(keySpan(text, 'b.address')?.(text), [31, 38]);
  assert.equal(keySpan(text, 'b.address')?.('address: 1, xaddress: 2, address: 3'), [25, 32]);
});

test('a proxy-config text is parsed once, however many rules, workloads and versions read it', () => {
  const text = 'holdApplicationUntilProxyStarts: true\nproxyMetadata: {A: "1"}\n';
  const first = parseProxyConfig(text);
  const again = parseProxyConfig(text, { major: 1, minor: 24, patch: 0, text: '1.24' });
  assert.ok(first.value !== undefined && first.value === again.value, 'the same reading');
  assert.equal(again.errors, first.errors);
  // A reading is the text's alone: another text is read on its own.
  assert.is.not(parseProxyConfig(`${text}# changed\n`).value, first.value);
});

test.run();
