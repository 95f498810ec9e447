import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { cniOnlyDetail, includeOutboundPortsFailure, isPlaceholder, repairFor } from '../../rules/traffic-annotation-invalid.ts';
import {
  cidrListProblem, goParseBoolProblem, goParseUintProblem, includeOutboundPortsInit, interfaceNamesProblem, nativeSidecarEffect,
  parsePrefixProblem, portListProblem, quantityProblem, webhookChecks, webhookValidatesQuantities,
} from '../../src/model/injection/annotation-validation.ts';
import { parseIstioVersion, type IstioVersion } from '../../src/model/install/istio-version.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const shop = { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } };
const withCni = (cni: boolean): Record<string, unknown> => ({ ...shop, istio: { cni } });

/** A Deployment in namespace shop whose pod template carries these annotation lines: the first is line 8, its key at column 9. */
const deployment = (...lines: string[]): string =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: { name: web, namespace: shop }',
    'spec:',
    '  template:',
    '    metadata:',
    '      annotations:',
    ...lines.map((l) => `        ${l}`),
    '    spec:',
    '      containers: [{ name: web, image: web }]',
    '',
  ].join('\n');

const v = (text: string): IstioVersion => parseIstioVersion(text) as IstioVersion;

ruleTester(rule, {
  valid: [
    {
      name: 'values a template fills in: unknown, not rejected',
      code: deployment(
        'traffic.sidecar.istio.io/excludeOutboundPorts: "{{ .Values.mesh.excludePorts }}"',
        'traffic.sidecar.istio.io/includeOutboundIPRanges: \'{{ join "," .Values.ranges }}\'',
        'sidecar.istio.io/interceptionMode: "{{ interception_mode }}"',
        'sidecar.istio.io/proxyCPU: "{{ .Values.proxy.cpu }}"',
      ),
      config: shop,
    },
    {
      name: 'includeOutboundPorts that only the CNI plugin rejects, CNI unknown: a note naming istio.cni, no finding',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'),
      config: shop,
      notes: ['unknown:mesh-cni'],
    },
    {
      name: 'includeOutboundPorts with a port name or a stray comma, CNI unknown: a note, no finding',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "http,8080,"'),
      config: shop,
      notes: ['unknown:mesh-cni'],
    },
    {
      name: 'includeOutboundPorts with a range, CNI stated off: istio-init takes it, no note',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'),
      config: withCni(false),
      notes: [],
    },
    {
      name: 'values the injector accepts',
      code: deployment(
        'sidecar.istio.io/interceptionMode: TPROXY',
        'status.sidecar.istio.io/port: " 15021 "',
        'readiness.status.sidecar.istio.io/initialDelaySeconds: "0"',
        'readiness.status.sidecar.istio.io/periodSeconds: "015"',
        'readiness.status.sidecar.istio.io/failureThreshold: "4294967295"',
        'traffic.sidecar.istio.io/includeOutboundIPRanges: "10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104"',
        'traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.96.0.2/24,0.0.0.0/0"',
        'traffic.sidecar.istio.io/includeInboundPorts: "80, 443"',
        'traffic.sidecar.istio.io/excludeInboundPorts: "0,65535"',
        'traffic.sidecar.istio.io/excludeOutboundPorts: ""',
        'traffic.sidecar.istio.io/includeOutboundPorts: "8080,9090"',
        'traffic.sidecar.istio.io/excludeInterfaces: "net1, eth0.100"',
        'prometheus.istio.io/merge-metrics: "False"',
        'sidecar.istio.io/proxyCPU: 4000m',
        'sidecar.istio.io/proxyMemory: 1.5Gi',
        'sidecar.istio.io/proxyCPULimit: "2"',
        'sidecar.istio.io/proxyMemoryLimit: 1e9',
        'sidecar.istio.io/nativeSidecar: "true"',
      ),
      config: shop,
    },
    {
      name: 'wildcards and empty values where Istio takes them',
      code: deployment(
        "traffic.sidecar.istio.io/includeOutboundIPRanges: '*'",
        "traffic.sidecar.istio.io/includeInboundPorts: '*'",
        'traffic.sidecar.istio.io/excludeOutboundIPRanges: ""',
        'traffic.sidecar.istio.io/excludeInboundPorts: ""',
      ),
      config: shop,
    },
    {
      name: 'YAML-typed values are read as the strings the API server stores (a number port, a boolean)',
      code: deployment('status.sidecar.istio.io/port: 15020', 'prometheus.istio.io/merge-metrics: true'),
      config: shop,
    },
    {
      name: 'opted out with the label "false": the injector never sees the pod',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels: { sidecar.istio.io/inject: "false" }
            annotations: { traffic.sidecar.istio.io/excludeOutboundIPRanges: "*" }
          spec:
            containers: [{ name: web, image: web }]
      `,
      config: shop,
    },
    {
      name: 'hostNetwork: never injected',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: agent
        namespace: shop
        annotations: { traffic.sidecar.istio.io/includeInboundPorts: bad }
      spec:
        hostNetwork: true
        containers: [{ name: a, image: a }]
      `,
      config: shop,
    },
    {
      name: 'a namespace with istio-injection=disabled: no webhook is called',
      code: deployment('traffic.sidecar.istio.io/excludeOutboundPorts: "bad"'),
      config: { namespaces: { shop: { labels: { 'istio-injection': 'disabled' } } } },
    },
    {
      name: 'proxy.istio.io/config has its own rule',
      code: deployment('proxy.istio.io/config: "{not yaml"'),
      config: shop,
    },
    {
      name: 'placeholders that a later step replaces',
      code: deployment(
        'traffic.sidecar.istio.io/excludeOutboundPorts: MYSQL_PORT_PLACEHOLDER',
        'traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8,${EXTRA_RANGES}"',
        'status.sidecar.istio.io/port: $(STATUS_PORT)',
      ),
      config: shop,
    },
    {
      name: 'interface names are not checked before 1.30',
      code: deployment('traffic.sidecar.istio.io/excludeInterfaces: "eth0,"'),
      config: shop,
      istioVersion: '1.29',
    },
    {
      name: 'enableCoreDump left the table in 1.25',
      code: deployment('sidecar.istio.io/enableCoreDump: "yes"'),
      config: shop,
      istioVersion: '1.25',
    },
    {
      name: 'nativeSidecar is not read before 1.24',
      code: deployment('sidecar.istio.io/nativeSidecar: "False"'),
      config: shop,
      istioVersion: '1.23',
    },
    {
      name: 'a port range in includeOutboundPorts works with istio-init (CNI stated off)',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'),
      config: withCni(false),
    },
    {
      name: 'before the webhook checked quantities, the pod decoder trimmed spaces',
      code: deployment('sidecar.istio.io/proxyCPU: " 100m"'),
      config: shop,
      istioVersion: '1.28',
    },
    {
      name: 'a prefix length with a leading zero passed before Go 1.22 (Istio 1.21)',
      code: deployment('traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/08"'),
      config: shop,
      istioVersion: '1.21',
    },
  ],
  invalid: [
    {
      name: 'a 40 KB entry in a CIDR list: found by scanning and pointed at (a pattern of it is too large for V8)',
      code: deployment(`traffic.sidecar.istio.io/includeOutboundIPRanges: "10.0.0.0/8,${'x'.repeat(40_000)}"`),
      config: shop,
      errors: [{ messageId: 'rejected', line: 8, column: 71, endLine: 8, endColumn: 40_071, message: 'is not a CIDR' }],
      output: null,
    },
    {
      name: '60,000 entries, the last one bad: pointed at',
      code: deployment(`traffic.sidecar.istio.io/excludeOutboundPorts: "${'8080,'.repeat(60_000)}bad"`),
      config: shop,
      errors: [{ messageId: 'rejected', line: 8, column: 57 + 5 * 60_000, endColumn: 60 + 5 * 60_000 }],
      output: null,
    },
    {
      name: 'a value larger than 1 MiB: one warning, not checked',
      code: deployment(`traffic.sidecar.istio.io/includeOutboundIPRanges: "${'10.0.0.0/8,'.repeat(100_000)}x"`),
      config: shop,
      errors: [{ messageId: 'tooLarge', severity: 1, line: 8, column: 9, message: 'larger than 1 MiB' }],
    },
    {
      name: 'a space after a comma in a CIDR list: points at the entry, fixed',
      code: deployment('traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8, 172.16.0.0/12"'),
      config: shop,
      errors: [{ messageId: 'rejected', line: 8, column: 72, endLine: 8, endColumn: 85, severity: 2, message: '" 172.16.0.0/12" is not a CIDR: it has a space. The injector rejects the pod. Write "10.0.0.0/8,172.16.0.0/12", without spaces.' }],
      output: deployment('traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.0/8,172.16.0.0/12"'),
    },
    {
      name: 'the message names the key, the value, the consequence and the fix',
      code: deployment('traffic.sidecar.istio.io/excludeOutboundPorts: "bad"'),
      config: shop,
      errors: [{ line: 8, column: 57, message: 'traffic.sidecar.istio.io/excludeOutboundPorts: "bad" is not a port. The injector rejects the pod. Write ports such as 8080,9090.' }],
      output: null,
    },
    {
      name: 'a single address without a length: a suggestion, not a fix',
      code: deployment('traffic.sidecar.istio.io/includeOutboundIPRanges: "10.96.0.10"'),
      config: shop,
      errors: [{ messageId: 'rejected', line: 8, column: 60, message: 'traffic.sidecar.istio.io/includeOutboundIPRanges: "10.96.0.10" is not a CIDR: it has no prefix length. The injector rejects the pod. For a single address, write "10.96.0.10/32".' }],
      output: null,
    },
    {
      name: '"*" is not taken by the exclude lists',
      code: deployment('traffic.sidecar.istio.io/excludeOutboundIPRanges: "*"', 'traffic.sidecar.istio.io/excludeInboundPorts: "*"'),
      config: shop,
      errors: [
        { line: 8, column: 60, message: '"*" is not accepted here. The injector rejects the pod. To bypass the sidecar entirely, set includeOutboundIPRanges: "" instead.' },
        { line: 9, column: 56, message: 'only includeInboundPorts takes "*"' },
      ],
      output: null,
    },
    {
      name: 'a stray comma in a port list is fixed',
      code: deployment('traffic.sidecar.istio.io/excludeInboundPorts: "9090,9091,"'),
      config: shop,
      errors: [{ message: 'the list has a stray comma', line: 8, column: 9 }],
      output: deployment('traffic.sidecar.istio.io/excludeInboundPorts: "9090,9091"'),
    },
    {
      name: 'port ranges and out-of-range ports',
      code: deployment('traffic.sidecar.istio.io/includeInboundPorts: "8000-8100"', 'traffic.sidecar.istio.io/excludeOutboundPorts: "65536"'),
      config: shop,
      errors: [
        { line: 8, column: 56, message: '"8000-8100" is a port range. The injector rejects the pod. List each port: ranges are not supported.' },
        { line: 9, column: 57, message: '"65536" is above 65535' },
      ],
    },
    {
      name: 'interceptionMode is case-sensitive: fixed',
      code: deployment('sidecar.istio.io/interceptionMode: redirect'),
      config: shop,
      errors: [{ line: 8, column: 9, endColumn: 52, message: '"redirect" is not REDIRECT, TPROXY or NONE' }],
      output: deployment('sidecar.istio.io/interceptionMode: "REDIRECT"'),
    },
    {
      name: 'status port, readiness numbers and merge-metrics',
      code: deployment(
        'status.sidecar.istio.io/port: ""',
        'readiness.status.sidecar.istio.io/periodSeconds: 10s',
        'readiness.status.sidecar.istio.io/failureThreshold: "-1"',
        'prometheus.istio.io/merge-metrics: "yes"',
      ),
      config: shop,
      errors: [
        { line: 8, message: 'an empty value is not a port' },
        { line: 9, message: '"10s" is not a whole number' },
        { line: 10, message: '"-1" is not a whole number' },
        { line: 11, message: '"yes" is not a boolean' },
      ],
      output: null,
    },
    {
      name: 'a quantity with a miscased unit, validated by the webhook (1.29)',
      code: deployment('sidecar.istio.io/proxyMemory: 512mi'),
      config: shop,
      istioVersion: '1.29',
      errors: [{ messageId: 'rejected', line: 8, column: 9, message: 'has an unknown unit "mi"' }],
      output: null,
    },
    {
      name: 'the same before the webhook checked it (1.28.0): the template fails instead',
      code: deployment('sidecar.istio.io/proxyMemory: 512mi'),
      config: shop,
      istioVersion: '1.28.0',
      errors: [{ messageId: 'rejectedTemplate', message: '"512mi" has an unknown unit "mi". It breaks istio-proxy\'s resources, so the injector rejects the pod.' }],
    },
    {
      name: 'spaces around a quantity are rejected from 1.28.4, and fixed',
      code: deployment('sidecar.istio.io/proxyCPU: " 100m"'),
      config: shop,
      istioVersion: '1.28.4',
      errors: [{ messageId: 'rejected', message: '" 100m" is not a Kubernetes quantity' }],
      output: deployment('sidecar.istio.io/proxyCPU: "100m"'),
    },
    {
      name: 'a control character in a quantity (1.31)',
      istioVersion: '1.31',
      code: deployment('sidecar.istio.io/proxyCPULimit: "1\\n"'),
      config: shop,
      errors: [{ message: 'sidecar.istio.io/proxyCPULimit: it contains a control character, such as a newline or a tab. The injector rejects the pod. Write "1".' }],
    },
    {
      name: 'interface names from 1.30',
      code: deployment('traffic.sidecar.istio.io/excludeInterfaces: "eth0,a-very-long-name0"', 'istio.io/reroute-virtual-interfaces: "0net"'),
      config: shop,
      istioVersion: '1.30',
      errors: [
        { line: 8, column: 59, endColumn: 76, message: 'interface name "a-very-long-name0" is longer than 15 characters' },
        { line: 9, message: 'must start with a letter' },
      ],
    },
    {
      name: 'enableCoreDump was a bool up to 1.24; "True" is fine, "yes" is not',
      code: deployment('sidecar.istio.io/enableCoreDump: "yes"', 'prometheus.istio.io/merge-metrics: "True"'),
      config: shop,
      istioVersion: '1.24',
      errors: [{ line: 8, message: '"yes" is not a boolean' }],
    },
    {
      name: 'a namespace not among the inputs: reported, with the condition',
      code: deployment('traffic.sidecar.istio.io/includeInboundPorts: "http"'),
      errors: [{ message: 'The injector rejects the pod if it injects it.' }],
    },
    {
      name: 'a CronJob\'s pod template',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: nightly, namespace: shop }
      spec:
        schedule: "0 0 * * *"
        jobTemplate:
          spec:
            template:
              metadata:
                annotations:
                  traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.0.0.1"
              spec:
                restartPolicy: Never
                containers: [{ name: job, image: job }]
      `,
      config: shop,
      errors: [{ line: 11, column: 64, message: '"10.0.0.1" is not a CIDR' }],
    },
    {
      name: 'includeOutboundPorts that istio-init cannot use, CNI unknown: an error that covers both',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000-8100"'),
      config: shop,
      errors: [{ messageId: 'runtime', severity: 2, line: 8, column: 57, message: 'traffic.sidecar.istio.io/includeOutboundPorts: "8000-8100" is not a port or an a:b range. istio-init and Istio CNI both reject it: the pod never starts. Write ports such as 8080,9090.' }],
      output: null,
    },
    {
      name: 'includeOutboundPorts with CNI stated on: the plugin rejects a range',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'),
      config: withCni(true),
      errors: [{ messageId: 'runtime', severity: 2, message: '"8000:9000" is a port range. The Istio CNI plugin rejects it: the pod stays in ContainerCreating.' }],
    },
    {
      name: 'includeOutboundPorts with CNI stated off: istio-init only',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "80 443"'),
      config: withCni(false),
      errors: [{ messageId: 'runtime', severity: 2, message: '"80 443" has a space inside it. istio-init fails on it: the pod stays in Init:CrashLoopBackOff. Write ports such as 8080,9090.' }],
    },
    {
      name: 'includeOutboundPorts with spaces after the commas is fine for both; a stray comma is fixed',
      code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8080, 9090,"'),
      config: withCni(true),
      errors: [{ messageId: 'runtime', message: 'the list has a stray comma. The Istio CNI plugin rejects it' }],
      output: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8080,9090"'),
    },
    {
      name: 'nativeSidecar "False" turns native sidecars ON from 1.27: a warning, fixed',
      code: deployment('sidecar.istio.io/nativeSidecar: "False"'),
      config: shop,
      istioVersion: '1.28',
      errors: [{ messageId: 'nativeSidecar', severity: 1, line: 8, column: 9, message: 'sidecar.istio.io/nativeSidecar: "False" is neither "true" nor "false". On Istio 1.28: it turns native sidecars ON. Write "true" or "false".' }],
      output: deployment('sidecar.istio.io/nativeSidecar: "false"'),
    },
    {
      name: 'nativeSidecar "True" meant OFF in 1.24-1.26',
      code: deployment('sidecar.istio.io/nativeSidecar: "True"'),
      config: shop,
      istioVersion: '1.26',
      errors: [{ messageId: 'nativeSidecar', severity: 1, message: 'On Istio 1.26: it turns native sidecars OFF' }],
      output: deployment('sidecar.istio.io/nativeSidecar: "true"'),
    },
    {
      name: 'nativeSidecar "" meant OFF in 1.24-1.26 (isset, then eq "true")',
      code: deployment('sidecar.istio.io/nativeSidecar: ""'),
      config: shop,
      istioVersion: '1.25',
      errors: [{ messageId: 'nativeSidecar', severity: 1, message: 'On Istio 1.25: it turns native sidecars OFF' }],
    },
    {
      name: 'nativeSidecar "" leaves istiod\'s setting from 1.27',
      code: deployment('sidecar.istio.io/nativeSidecar: ""'),
      config: shop,
      istioVersion: '1.27',
      errors: [{ messageId: 'nativeSidecar', severity: 1, message: 'On Istio 1.27: it leaves the choice to istiod\'s ENABLE_NATIVE_SIDECARS' }],
    },
    {
      name: 'nativeSidecar "enabled": two suggestions, no fix',
      istioVersion: '1.31',
      code: deployment('sidecar.istio.io/nativeSidecar: "enabled"'),
      config: shop,
      errors: [{ messageId: 'nativeSidecar', severity: 1, message: 'turns native sidecars ON' }],
      output: null,
    },
    {
      name: 'a bare Pod',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
        namespace: shop
        annotations:
          readiness.status.sidecar.istio.io/initialDelaySeconds: bar
      spec:
        containers: [{ name: a, image: a }]
      `,
      config: shop,
      errors: [{ line: 7, column: 5, message: '"bar" is not a whole number' }],
    },
  ],
});

test('traffic-annotation-invalid: suggestions for a bare address, a miscased unit, a boolean and a unit on seconds', () => {
  const suggestionsOf = (line: string, istioVersion?: string): string[] =>
    runCase(rule, { code: deployment(line), config: shop, ...(istioVersion ? { istioVersion } : {}) }).messages.flatMap((m) => (m.suggestions ?? []).map((s) => s.fix.text));
  assert.equal(suggestionsOf('traffic.sidecar.istio.io/includeOutboundIPRanges: "10.96.0.10, fd00::1"'), ['"10.96.0.10/32,fd00::1/128"']);
  assert.equal(suggestionsOf('sidecar.istio.io/proxyMemory: 512mi', '1.29'), ['"512Mi"']);
  assert.equal(suggestionsOf('sidecar.istio.io/proxyMemory: 512MB', '1.29'), ['"512Mi"', '"512M"']);
  assert.equal(suggestionsOf('prometheus.istio.io/merge-metrics: "on"'), ['"true"']);
  assert.equal(suggestionsOf('readiness.status.sidecar.istio.io/periodSeconds: 10s'), ['"10"']);
  assert.equal(suggestionsOf('sidecar.istio.io/nativeSidecar: "enabled"', '1.31'), ['"true"', '"false"']);
});

test('traffic-annotation-invalid: CNI is what istiod injects for, not the node agent alone', () => {
  const cniNode = { filename: 'cni.yaml', code: yaml`
    apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: istio-cni-node, namespace: istio-system }
    spec:
      template:
        metadata: { labels: { sidecar.istio.io/inject: "false" } }
        spec:
          hostNetwork: true
          containers: [{ name: install-cni, image: install-cni }]
    ` };
  // The node agent alone does not say whether istiod injects for it: still a note, no finding.
  const agentOnly = runCase(rule, { code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'), config: shop, files: [cniNode] });
  assert.equal([agentOnly.messages.length, agentOnly.notes], [0, ['unknown:mesh-cni']]);
  // istiod's injector values turn CNI on: the plugin rejects the range.
  const injector = { filename: 'istiod.yaml', code: yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: istio-sidecar-injector, namespace: istio-system }
    data:
      config: 'policy: enabled'
      values: '{"pilot": {"cni": {"enabled": true}}}'
    ` };
  const { messages } = runCase(rule, { code: deployment('traffic.sidecar.istio.io/includeOutboundPorts: "8000:9000"'), config: shop, files: [cniNode, injector] });
  assert.is(messages.length, 1);
  assert.is(messages[0]?.severity, 2);
  assert.ok(messages[0]?.message.includes('The Istio CNI plugin rejects it: the pod stays in ContainerCreating.'));
  assert.equal(messages[0]?.related?.map((r) => r.filePath), ['istiod.yaml']);
});

test('annotation-validation: netip.ParsePrefix', () => {
  assert.is(parsePrefixProblem('10.0.0.0/8'), undefined);
  assert.is(parsePrefixProblem('0.0.0.0/0'), undefined);
  assert.is(parsePrefixProblem('::/0'), undefined);
  assert.is(parsePrefixProblem('2001:db8::/128'), undefined);
  assert.is(parsePrefixProblem('::ffff:1.2.3.4/128'), undefined);
  assert.is(parsePrefixProblem('1:2:3:4:5:6:1.2.3.4/96'), undefined);
  assert.is(parsePrefixProblem('10.0.0.1'), 'it has no prefix length');
  assert.is(parsePrefixProblem('fd00::1'), 'it has no prefix length');
  assert.is(parsePrefixProblem('010.0.0.0/8'), 'an IPv4 octet has a leading zero');
  assert.is(parsePrefixProblem('256.0.0.0/8'), 'an IPv4 octet is above 255');
  assert.is(parsePrefixProblem('10.0.0/8'), 'the IPv4 address has fewer than four octets');
  assert.is(parsePrefixProblem('10.0.0.0.0/8'), 'the IPv4 address has more than four octets');
  assert.is(parsePrefixProblem('10..0.0/8'), 'an IPv4 octet is empty');
  assert.is(parsePrefixProblem('10.0.0.0/33'), 'prefix length 33 is out of range for IPv4, which takes 0-32');
  assert.is(parsePrefixProblem('::/129'), 'prefix length 129 is out of range for IPv6, which takes 0-128');
  assert.is(parsePrefixProblem('10.0.0.0/'), '"" is not a prefix length');
  assert.is(parsePrefixProblem('10.0.0.0/024'), '"024" is not a prefix length');
  assert.is(parsePrefixProblem('10.0.0.0/024', { strictBits: false }), undefined);
  assert.is(parsePrefixProblem('10.0.0.0/+8', { strictBits: false }), undefined);
  assert.is(parsePrefixProblem('fe80::1%eth0/64'), 'an IPv6 zone after "%" is not allowed in a prefix');
  assert.is(parsePrefixProblem('1::2::3/64'), 'the IPv6 address has more than one "::"');
  assert.is(parsePrefixProblem('1:2:3:4:5:6:7:8::/64'), 'the "::" in the IPv6 address stands for no group');
  assert.is(parsePrefixProblem('1:2:3:4/64'), 'the IPv6 address has fewer than eight groups and no "::"');
  assert.is(parsePrefixProblem('12345::/16'), 'an IPv6 group is above ffff');
  assert.is(parsePrefixProblem('1.2.3.4::/64'), 'unexpected character ":" in the IPv4 address');
  assert.is(parsePrefixProblem(' 10.0.0.0/8'), 'it has a space');
  assert.is(parsePrefixProblem('10.0.0.0/8 '), 'it has a space');
  assert.is(parsePrefixProblem('*'), 'it is not in address/length form');
  assert.is(cidrListProblem(''), undefined);
  assert.equal(cidrListProblem('10.0.0.0/8,'), { element: '', reason: 'the list has a stray comma' });
});

test('annotation-validation: strconv, ports and interfaces', () => {
  assert.is(goParseUintProblem('65535', 16), undefined);
  assert.is(goParseUintProblem('0080', 16), undefined);
  assert.ok(goParseUintProblem('65536', 16)?.includes('above 65535'));
  assert.ok(goParseUintProblem('+1', 32)?.includes('not a number'));
  assert.ok(goParseUintProblem(' 1', 32)?.includes('spaces around it'));
  assert.ok(goParseUintProblem('4294967296', 32)?.includes('above 4294967295'));
  for (const ok of ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']) assert.is(goParseBoolProblem(ok), undefined, ok);
  for (const bad of ['yes', 'tRUE', '', ' true']) assert.ok(goParseBoolProblem(bad), bad);
  assert.is(portListProblem(' 80 , 443 '), undefined);
  assert.is(portListProblem(''), undefined);
  assert.ok(portListProblem('80,,443'));
  assert.is(interfaceNamesProblem('net1, eth0.100,br_0,veth-x'), undefined);
  assert.ok(interfaceNamesProblem('eth0,'));
  assert.is(interfaceNamesProblem('eth0;rm')?.reason, 'interface name "eth0;rm" may hold only letters, digits, "_", "." and "-"');
  assert.is(portListProblem(`80,${'9'.repeat(100)}`)?.reason, `"${'9'.repeat(60)}…" is above 65535, the largest port here`);
  assert.equal(includeOutboundPortsInit('8000:9000,80'), 'ok');
  assert.equal(includeOutboundPortsInit('80,,443'), 'ok');
  assert.equal(includeOutboundPortsInit('http'), 'maybe');
  assert.equal(typeof includeOutboundPortsInit('9000:8000'), 'object');
  assert.equal(typeof includeOutboundPortsInit('8000-9000'), 'object');
  assert.equal(typeof includeOutboundPortsInit('70000'), 'object');
});

test('annotation-validation: resource.ParseQuantity, quirks included', () => {
  for (const ok of ['0', '100m', '0.5', '2', '1.5Gi', '128Mi', '1e3', '1E3', '1E', '1e+5', '-1', '+1Mi', '1.', '.5', '1n', '0.1n', '12345678901234567890', '0.0000000001', '1.G', 'Ki', 'm', '-']) {
    assert.is(quantityProblem(ok), undefined, ok);
  }
  for (const bad of ['', '512mi', '512MB', '1e', '1e5.5', '1Ki5', '1eM5', ' 100m', '100m ', '100 m', '0x10', 'Pi', 'Ei', 'e-10']) {
    assert.ok(quantityProblem(bad), bad);
  }
});

test('annotation-validation: the table follows the Istio version', () => {
  assert.ok(webhookChecks(v('1.30')).has('traffic.sidecar.istio.io/excludeInterfaces'));
  assert.not.ok(webhookChecks(v('1.29.6')).has('traffic.sidecar.istio.io/excludeInterfaces'));
  assert.ok(webhookChecks(v('1.24')).has('sidecar.istio.io/enableCoreDump'));
  assert.not.ok(webhookChecks(v('1.25')).has('sidecar.istio.io/enableCoreDump'));
  assert.not.ok(webhookChecks(v('1.31')).has('proxy.istio.io/config'));
  assert.ok(webhookValidatesQuantities(v('1.27.6')));
  assert.not.ok(webhookValidatesQuantities(v('1.27.5')));
  assert.ok(webhookValidatesQuantities(v('1.28.4')));
  assert.not.ok(webhookValidatesQuantities(v('1.28.3')));
  assert.ok(webhookValidatesQuantities(v('1.29.0')));
  assert.not.ok(webhookValidatesQuantities(v('1.26.8')));
  assert.is(nativeSidecarEffect('False', v('1.27')), 'on');
  assert.is(nativeSidecarEffect('', v('1.27')), 'default');
  assert.is(nativeSidecarEffect('True', v('1.25')), 'off');
  assert.is(nativeSidecarEffect('', v('1.25')), 'off');
  assert.is(nativeSidecarEffect('False', v('1.23')), undefined);
  assert.is(nativeSidecarEffect('false', v('1.31')), undefined);
});

test('traffic-annotation-invalid: placeholders, repairs and includeOutboundPorts outcomes', () => {
  assert.ok(isPlaceholder('MYSQL_PORT_PLACEHOLDER'));
  assert.ok(isPlaceholder('${PORTS}'));
  assert.ok(isPlaceholder('80,$(EXTRA)'));
  assert.ok(isPlaceholder('__PORT__'));
  assert.ok(isPlaceholder('{{ .Values.port }}'));
  assert.ok(isPlaceholder('{{ join "," .Values.ports }}'));
  assert.not.ok(isPlaceholder('8080'));
  assert.not.ok(isPlaceholder('$PORT'));
  const always = (): boolean => true;
  assert.is(repairFor('traffic.sidecar.istio.io/excludeOutboundIPRanges', '10.0.0.0/8 , 10.1.0.0/16', always).fix, '10.0.0.0/8,10.1.0.0/16');
  assert.is(repairFor('sidecar.istio.io/interceptionMode', 'tproxy', always).fix, 'TPROXY');
  assert.is(repairFor('sidecar.istio.io/interceptionMode', 'iptables', always).fix, undefined);
  assert.is(repairFor('prometheus.istio.io/merge-metrics', 'TRUE ', always).fix, 'true');
  assert.is(includeOutboundPortsFailure('8080,9090', undefined), undefined);
  assert.is(includeOutboundPortsFailure('8000:9000', { value: false, source: 'x' }), undefined);
  assert.is(includeOutboundPortsFailure('8000:9000', undefined)?.conditional, true);
  assert.is(includeOutboundPortsFailure('8000:9000', { value: true, source: 'x' })?.conditional, false);
  assert.is(includeOutboundPortsFailure('http', { value: false, source: 'x' }), undefined);
  assert.ok(includeOutboundPortsFailure('http', undefined)?.effect.includes('looks the name up as a service'));
  assert.is(includeOutboundPortsFailure('*', undefined), undefined);
  assert.is(cniOnlyDetail('8000:9000'), 'includeOutboundPorts ranges');
  assert.is(cniOnlyDetail(''), 'includeOutboundPorts stray commas');
  assert.is(cniOnlyDetail('http'), 'includeOutboundPorts port names');
});

test.run();
