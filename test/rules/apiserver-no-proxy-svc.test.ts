import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { imageName, isKubeApiserver, envListOf } from '../../rules/apiserver-no-proxy-svc.ts';
import { effectiveProxyEnv, noProxyCovers, parseNoProxy, withSvc, type EnvList } from '../../src/model/pod/no-proxy.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const SVC = 'istiod.istio-system.svc';

/** A kubeadm-style static pod with the given env lines (already indented for the env list). */
const apiserver = (env: string): string => `apiVersion: v1
kind: Pod
metadata:
  name: kube-apiserver
  namespace: kube-system
spec:
  hostNetwork: true
  containers:
  - name: kube-apiserver
    image: registry.k8s.io/kube-apiserver:v1.30.0
    command:
    - kube-apiserver
    - --secure-port=6443
    env:
${env}
`;

const env = (...pairs: [string, string][]): string => pairs.map(([n, v]) => `    - name: ${n}\n      value: ${JSON.stringify(v)}`).join('\n');

const webhooks = (entries: string): { filename: string; code: string } => ({
  filename: 'injector.yaml',
  code: `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: istio-sidecar-injector
webhooks:
${entries}
`,
});

const hook = (name: string, service: string, port?: number): string => `- name: ${name}.sidecar-injector.istio.io
  clientConfig:
    service: { name: ${service}, namespace: istio-system, path: /inject${port ? `, port: ${port}` : ''} }
  namespaceSelector:
    matchLabels: { istio-injection: enabled }`;

ruleTester(rule, {
  valid: [
    {
      name: 'kubeadm ClusterConfiguration: no no-proxy in extraEnvs, the shell kubeadm runs in decides: a note',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta4
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - name: HTTPS_PROXY
          value: http://proxy:3128
      `,
      notes: ['unknown:proxy-env'],
    },
    {
      name: 'envFrom may add NO_PROXY: a note that names it, no finding',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: kube-apiserver, namespace: kube-system }
      spec:
        containers:
        - name: kube-apiserver
          image: registry.k8s.io/kube-apiserver:v1.30.0
          envFrom: [{ configMapRef: { name: proxy-env } }]
          env:
          - { name: HTTPS_PROXY, value: "http://proxy:3128" }
      `,
      notes: ['unknown:proxy-env'],
    },
    {
      name: 'HTTPS proxy with .svc in both NO_PROXY and no_proxy (kind node behind a proxy)',
      code: apiserver(env(['https_proxy', 'http://192.168.50.4:20122'], ['NO_PROXY', '10.96.0.0/12,localhost,.svc,.svc.cluster.local'], ['no_proxy', '10.96.0.0/12,localhost,.svc'], ['HTTPS_PROXY', 'http://192.168.50.4:20122'])),
    },
    { name: 'only HTTP_PROXY: the webhook URL is https', code: apiserver(env(['HTTP_PROXY', 'http://proxy:3128'], ['http_proxy', 'http://proxy:3128'])) },
    { name: 'ALL_PROXY is not read by Go', code: apiserver(env(['ALL_PROXY', 'socks5://proxy:1080'], ['all_proxy', 'socks5://proxy:1080'])) },
    { name: 'a mixed-case name is not read (names are case-sensitive)', code: apiserver(env(['Https_Proxy', 'http://proxy:3128'])) },
    { name: 'empty HTTPS_PROXY and https_proxy: no proxy', code: apiserver(env(['HTTPS_PROXY', ''], ['https_proxy', ''])) },
    { name: 'NO_PROXY=* turns the proxy off', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost,*'])) },
    { name: 'no_proxy=svc matches subdomains', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['no_proxy', 'svc'])) },
    { name: 'no_proxy=*.svc', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['no_proxy', '*.svc'])) },
    { name: 'spaces and upper case in the entries', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', '10.0.0.0/8 ,  .SVC  , localhost'])) },
    { name: 'empty NO_PROXY falls through to no_proxy', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', ''], ['no_proxy', '.svc'])) },
    { name: 'the exact service host, port 443', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', `${SVC}:443`])) },
    {
      name: 'NO_PROXY from a Secret: not known, nothing said',
      code: `${apiserver(env(['HTTPS_PROXY', 'http://proxy:3128']))}    - name: NO_PROXY\n      valueFrom: { secretKeyRef: { name: proxy, key: no_proxy } }\n`,
    },
    {
      name: 'HTTPS_PROXY from a ConfigMap and no lowercase one: not known',
      code: `${apiserver(env(['NO_PROXY', 'localhost']))}    - name: HTTPS_PROXY\n      valueFrom: { configMapKeyRef: { name: proxy, key: https } }\n`,
    },
    { name: 'NO_PROXY built from another variable: not known', code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['BASE', 'localhost'], ['NO_PROXY', '$(BASE),10.0.0.0/8'])) },
    {
      name: 'not kube-apiserver: an app container with a proxy',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: crawler, namespace: default }
      spec:
        template:
          spec:
            containers:
            - name: crawler
              image: example.com/crawler:1.0
              args: [--target, kube-apiserver]
              env:
              - { name: HTTPS_PROXY, value: "http://proxy:3128" }
      `,
    },
    {
      name: 'known webhooks: no_proxy lists both service hosts exactly',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'istiod.istio-system.svc,istiod-canary.istio-system.svc'])),
      files: [webhooks(`${hook('namespace', 'istiod')}\n${hook('rev.namespace', 'istiod-canary')}`)],
    },
    {
      name: 'known webhooks: the only entries with a service are deactivated, the rest use url',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'])),
      files: [webhooks(`- name: namespace.sidecar-injector.istio.io
  clientConfig: { url: "https://istiod.example.com:15017/inject" }
- name: object.sidecar-injector.istio.io
  clientConfig: { service: { name: istiod, namespace: istio-system } }
  namespaceSelector: { matchLabels: { istio.io/deactivated: never-match } }`)],
    },
    {
      name: 'kubeadm ClusterConfiguration: extraEnvs with .svc in NO_PROXY',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta4
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - { name: HTTPS_PROXY, value: "http://proxy:3128" }
        - { name: NO_PROXY, value: "localhost,.svc,10.96.0.0/12" }
      `,
    },
    {
      name: 'kubeadm ClusterConfiguration: extraEnvs with no_proxy only: a NO_PROXY from the shell could win, but no_proxy covers it if none',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta4
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - { name: https_proxy, value: "http://proxy:3128" }
        - { name: no_proxy, value: ".svc" }
      `,
    },
    {
      name: 'kubeadm v1beta3 has no extraEnvs field: kubeadm ignores it',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta3
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - { name: HTTPS_PROXY, value: "http://proxy:3128" }
      `,
    },
    {
      name: 'kubeadm v1beta3: no extraEnvs',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta3
      kind: ClusterConfiguration
      apiServer:
        extraArgs: { authorization-mode: "Node,RBAC" }
      `,
    },
  ],
  invalid: [
    {
      name: 'https_proxy and no no-proxy variable (kubeadm copied the shell proxy)',
      code: apiserver(env(['https_proxy', 'http://172.16.100.187:8080'])),
      errors: [{ messageId: 'proxied', line: 16, column: 7, endLine: 16, endColumn: 42, severity: 2, message: 'neither NO_PROXY nor no_proxy is set' }],
      output: null,
    },
    {
      name: 'no_proxy has .svc but NO_PROXY wins',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost,127.0.0.1'], ['no_proxy', 'localhost,127.0.0.1,.svc'])),
      errors: [{ messageId: 'proxied', line: 18, column: 7, message: 'no_proxy has .svc but NO_PROXY is set and wins' }],
      output: null,
      suggestionOutput: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost,127.0.0.1,.svc'], ['no_proxy', 'localhost,127.0.0.1,.svc'])),
    },
    {
      name: 'NO_PROXY lists .cluster.local only',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost,.cluster.local'])),
      errors: [{ messageId: 'proxied', message: `NO_PROXY lists .cluster.local, which does not match ${SVC}` }],
      output: null,
      suggestionOutput: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost,.cluster.local,.svc'])),
    },
    {
      name: 'no_proxy lists .svc with the wrong port',
      code: apiserver(env(['https_proxy', 'http://proxy:3128'], ['no_proxy', '.svc:8443'])),
      errors: [{ messageId: 'proxied', message: 'no_proxy lists .svc:8443, which matches only port 8443 (the call uses port 443)' }],
    },
    {
      name: 'IP ranges only',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', '10.0.0.0/8,127.0.0.1,fd00::/8'])),
      errors: [{ messageId: 'proxied', message: `NO_PROXY lists only IP addresses and ranges, which never match a name such as ${SVC}` }],
    },
    {
      name: 'NO_PROXY present but empty, no no_proxy: set it to .svc',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', ''])),
      errors: [{ messageId: 'proxied', line: 18, column: 7, message: 'NO_PROXY is empty and no_proxy is not set' }],
      output: null,
      suggestionOutput: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', '.svc'])),
    },
    {
      name: 'HTTPS_PROXY from a Secret, https_proxy literal: a proxy either way',
      code: `${apiserver(env(['https_proxy', 'http://proxy:3128']))}    - name: HTTPS_PROXY\n      valueFrom: { secretKeyRef: { name: proxy, key: url } }\n`,
      errors: [{ messageId: 'proxied', line: 16, message: 'sends HTTPS through https_proxy' }],
    },
    {
      name: 'known webhooks: the canary service host is not listed',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'istiod.istio-system.svc'])),
      files: [webhooks(`${hook('namespace', 'istiod')}\n${hook('rev.namespace', 'istiod-canary')}`)],
      errors: [{ messageId: 'proxied', line: 18, message: "which does not match istiod-canary.istio-system.svc: Istio's injection webhook is unreachable" }],
      output: null,
      suggestionOutput: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'istiod.istio-system.svc,.svc'])),
    },
    {
      name: 'known webhooks: a service port other than 443',
      code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', '.svc:443'])),
      files: [webhooks(hook('namespace', 'istiod', 15017))],
      errors: [{ messageId: 'proxied', message: 'NO_PROXY lists .svc:443, which matches only port 443 (the call uses port 15017)' }],
    },
    {
      name: 'a hosted control plane: Deployment running the kube-apiserver-amd64 image',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: kube-apiserver, namespace: tenant-a }
      spec:
        template:
          spec:
            containers:
            - name: apiserver
              image: gcr.io/google_containers/kube-apiserver-amd64:v1.11.2@sha256:0000
              env:
              - name: HTTPS_PROXY
                value: http://proxy:3128
              - name: NO_PROXY
                value: 10.96.0.0/12
      `,
      errors: [{ messageId: 'proxied', line: 14, column: 11, endLine: 14, endColumn: 30 }],
      output: null,
      suggestionOutput: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: kube-apiserver, namespace: tenant-a }
      spec:
        template:
          spec:
            containers:
            - name: apiserver
              image: gcr.io/google_containers/kube-apiserver-amd64:v1.11.2@sha256:0000
              env:
              - name: HTTPS_PROXY
                value: http://proxy:3128
              - name: NO_PROXY
                value: "10.96.0.0/12,.svc"
      `,
    },
    {
      name: 'hyperkube apiserver',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: kube-apiserver, namespace: kube-system }
      spec:
        hostNetwork: true
        containers:
        - name: kube-apiserver
          image: quay.io/coreos/hyperkube:v1.10.4_coreos.0
          command: [/hyperkube, apiserver, --secure-port=443]
          env: [{ name: HTTPS_PROXY, value: "http://proxy:3128" }]
      `,
      errors: [{ messageId: 'proxied', line: 10, column: 32 }],
      output: null,
    },
    {
      name: 'kubeadm ClusterConfiguration: NO_PROXY in extraEnvs misses .svc',
      code: yaml`
      apiVersion: kubeadm.k8s.io/v1beta4
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - name: HTTPS_PROXY
          value: http://proxy:3128
        - name: NO_PROXY
          value: localhost,10.96.0.0/12
      `,
      errors: [{ messageId: 'proxied', line: 8, column: 5, severity: 2 }],
      output: null,
      suggestionOutput: yaml`
      apiVersion: kubeadm.k8s.io/v1beta4
      kind: ClusterConfiguration
      apiServer:
        extraEnvs:
        - name: HTTPS_PROXY
          value: http://proxy:3128
        - name: NO_PROXY
          value: "localhost,10.96.0.0/12,.svc"
      `,
    },
  ],
});

test('apiserver-no-proxy-svc: the finding points at the proxy and the ignored no_proxy', () => {
  const { messages } = runCase(rule, { code: apiserver(env(['HTTPS_PROXY', 'http://proxy:3128'], ['NO_PROXY', 'localhost'], ['no_proxy', '.svc'])) });
  assert.is(messages.length, 1);
  const related = messages[0]?.related ?? [];
  assert.equal(related.map((r) => [r.line, r.message]), [
    [16, 'the HTTPS proxy (HTTPS_PROXY)'],
    [20, 'no_proxy: not read, NO_PROXY wins'],
  ]);
});

test('apiserver-no-proxy-svc: known webhooks are related locations', () => {
  const { messages } = runCase(rule, { code: apiserver(env(['https_proxy', 'http://proxy:3128'])), files: [webhooks(hook('namespace', 'istiod'))] });
  assert.is(messages.length, 1);
  const related = messages[0]?.related ?? [];
  assert.is(related.length, 1);
  assert.is(related[0]?.filePath, 'injector.yaml');
  assert.is(related[0]?.line, 8);
  assert.ok(related[0]?.message.includes('namespace.sidecar-injector.istio.io calls istiod.istio-system.svc:443'));
  assert.ok(messages[0]?.message.includes("Istio's injection webhook is unreachable, so injected pods fail"));
});

test('apiserver-no-proxy-svc: without known webhooks the message says what to add', () => {
  const { messages } = runCase(rule, { code: apiserver(env(['https_proxy', 'http://proxy:3128'])) });
  assert.ok(messages[0]?.message.includes('neither NO_PROXY nor no_proxy is set'));
  assert.ok(messages[0]?.message.includes('Add env entries NO_PROXY and no_proxy that list .svc'));
});

// ---- the matcher (Go's httpproxy rules) ----

const covers = (list: string, host = SVC, port: number | string = 443): boolean => noProxyCovers(list, host, port).covered;

test('noProxyCovers: domain entries', () => {
  assert.ok(covers('svc'));
  assert.ok(covers('.svc'));
  assert.ok(covers('*.svc'));
  assert.ok(covers('istio-system.svc'));
  assert.ok(covers(SVC));
  assert.ok(covers(`.${SVC}`) === false, 'a leading dot matches subdomains only, not the name itself');
  assert.ok(covers('svc', 'svc'));
  assert.not.ok(covers('.svc', 'svc'));
  assert.not.ok(covers('.cluster.local'));
  assert.not.ok(covers('.svc.cluster.local'));
  assert.not.ok(covers('cluster.local'));
  assert.not.ok(covers('vc'), 'a suffix must start at a label boundary');
  assert.not.ok(covers('*svc'));
  assert.not.ok(covers('svc.'));
});

test('noProxyCovers: ports', () => {
  assert.ok(covers('svc:443'));
  assert.ok(covers('.svc:443'));
  assert.not.ok(covers('svc:8443'));
  assert.ok(covers('svc:8443', SVC, 8443));
  assert.not.ok(covers('.svc:0443'), 'ports compare as written');
  assert.ok(covers('.svc:'), 'an empty port matches any port');
  assert.not.ok(covers(':443'), 'an entry without a host is ignored');
});

test('noProxyCovers: *, spaces, case, empty entries', () => {
  assert.ok(covers('*'));
  assert.ok(covers('localhost, *'));
  assert.ok(covers('*, localhost'));
  assert.not.ok(covers('*.'));
  assert.ok(covers('  .svc  '));
  assert.ok(covers('localhost,,.svc'));
  assert.ok(covers('.SVC'));
  assert.ok(covers('.svc', 'IstioD.Istio-System.SVC'));
  assert.not.ok(covers(''));
  assert.is(noProxyCovers('', SVC, 443).reason, 'is empty');
  assert.is(noProxyCovers(' , ', SVC, 443).reason, 'is empty');
});

test('noProxyCovers: IP and CIDR entries match only IP hosts', () => {
  assert.not.ok(covers('10.0.0.0/8'));
  assert.ok(covers('10.0.0.0/8', '10.96.0.10'));
  assert.not.ok(covers('10.0.0.0/8', '11.0.0.1'));
  assert.ok(covers('10.96.0.10', '10.96.0.10'));
  assert.ok(covers('10.96.0.10:443', '10.96.0.10'));
  assert.not.ok(covers('10.96.0.10:8443', '10.96.0.10'));
  assert.not.ok(covers('010.96.0.10', '10.96.0.10'), 'leading zeros are not an IP for Go');
  assert.ok(covers('fd00::/8', 'fd00::1'));
  assert.ok(covers('fc00:f853:ccd:e793::/64', 'fc00:f853:ccd:e793::5'));
  assert.not.ok(covers('fc00:f853:ccd:e793::/64', 'fc00:f853:ccd:e794::5'));
  assert.ok(covers('[fd00::1]:443', 'fd00::1'));
  assert.ok(covers('fd00::1', 'fd00::1'));
  assert.ok(covers('::ffff:10.0.0.1', '10.0.0.1'), 'an IPv4-mapped IPv6 address is the same IP');
  assert.ok(covers('10.0.0.0/8', '::ffff:10.1.2.3'));
  assert.match(noProxyCovers('10.0.0.0/8,fd00::/8', SVC, 443).reason, /only IP addresses and ranges/);
});

test('noProxyCovers: localhost and loopback are never proxied', () => {
  assert.ok(covers('', 'localhost'));
  assert.ok(covers('', '127.0.0.5'));
  assert.ok(covers('', '::1'));
});

test('noProxyCovers: reasons name the entry that decides', () => {
  assert.is(noProxyCovers('localhost,.svc', SVC, 443).by, '.svc');
  assert.is(noProxyCovers('localhost,.svc', SVC, 443).reason, `lists .svc, which matches ${SVC}:443`);
  assert.is(noProxyCovers('.svc.cluster.local', SVC, 443).reason, `lists .svc.cluster.local, which does not match ${SVC}`);
  assert.is(noProxyCovers('localhost,example.com', SVC, 443).reason, `(localhost,example.com) has no entry that matches ${SVC}`);
  assert.is(noProxyCovers('svc:8443', SVC, 443).reason, 'lists svc:8443, which matches only port 8443 (the call uses port 443)');
});

test('parseNoProxy: entry kinds', () => {
  assert.equal(parseNoProxy(' 10.0.0.0/8, 1.2.3.4:80 ,[::1]:80, *.svc, svc:443, :80, ').map((e) => e.kind), ['cidr', 'ip', 'ip', 'domain', 'domain', 'ignored']);
  assert.equal(parseNoProxy('a, *, b').map((e) => e.kind), ['domain', 'all']);
});

const list = (pairs: [string, string | undefined][], openTo?: string): EnvList => ({
  entries: pairs.map(([name, value], index) => ({ name, value, index, ...(value === undefined ? { unknownBecause: 'comes from valueFrom' } : {}) })),
  openTo,
});

test('effectiveProxyEnv: uppercase first, first non-empty wins', () => {
  const a = effectiveProxyEnv(list([['no_proxy', '.svc'], ['NO_PROXY', 'localhost'], ['https_proxy', 'http://a'], ['HTTPS_PROXY', 'http://b']]));
  assert.is(a.noProxy.state === 'set' && a.noProxy.name, 'NO_PROXY');
  assert.is(a.httpsProxy.state === 'set' && a.httpsProxy.value, 'http://b');
  const b = effectiveProxyEnv(list([['NO_PROXY', ''], ['no_proxy', '.svc'], ['HTTPS_PROXY', ''], ['https_proxy', 'http://a']]));
  assert.is(b.noProxy.state === 'set' && b.noProxy.value, '.svc');
  assert.is(b.httpsProxy.state === 'set' && b.httpsProxy.name, 'https_proxy');
  const c = effectiveProxyEnv(list([['HTTP_PROXY', 'http://a'], ['ALL_PROXY', 'http://b']]));
  assert.is(c.httpsProxy.state, 'unset');
  assert.is(c.noProxy.state, 'unset');
});

test('effectiveProxyEnv: the last entry of a name wins; unknown values and open lists', () => {
  const a = effectiveProxyEnv(list([['NO_PROXY', '.svc'], ['NO_PROXY', 'localhost']]));
  assert.is(a.noProxy.state === 'set' && a.noProxy.value, 'localhost');
  const b = effectiveProxyEnv(list([['NO_PROXY', undefined], ['no_proxy', '.svc']]));
  assert.is(b.noProxy.state, 'unknown');
  const c = effectiveProxyEnv(list([['no_proxy', '.svc']], 'envFrom'));
  assert.ok(c.noProxy.state === 'unknown' && c.noProxy.open);
  const d = effectiveProxyEnv(list([['NO_PROXY', 'localhost']], 'envFrom'));
  assert.is(d.noProxy.state, 'set');
  const e = effectiveProxyEnv(list([['https_proxy', 'http://a']], 'envFrom'));
  assert.is(e.httpsProxy.state === 'set' && e.httpsProxy.name, 'https_proxy', 'a proxy is in effect whatever HTTPS_PROXY turns out to be');
});

test('withSvc keeps the list and appends .svc once', () => {
  assert.is(withSvc('localhost,10.0.0.0/8'), 'localhost,10.0.0.0/8,.svc');
  assert.is(withSvc('localhost,'), 'localhost,.svc');
  assert.is(withSvc(''), '.svc');
  assert.ok(covers(withSvc('svc:8443')));
});

test('isKubeApiserver: by program, hyperkube subcommand or image', () => {
  assert.ok(isKubeApiserver({ command: ['kube-apiserver', '--v=2'] }));
  assert.ok(isKubeApiserver({ command: ['/usr/local/bin/kube-apiserver'] }));
  assert.ok(isKubeApiserver({ command: ['/hyperkube', 'apiserver'] }));
  assert.ok(isKubeApiserver({ command: ['/hyperkube'], args: ['kube-apiserver'] }));
  assert.ok(isKubeApiserver({ image: 'registry.k8s.io/kube-apiserver:v1.30.0', command: ['/bin/sh', '-c', 'exec kube-apiserver'] }));
  assert.ok(isKubeApiserver({ image: 'localhost:5000/kube-apiserver-arm64' }));
  assert.not.ok(isKubeApiserver({ image: 'example.com/tool', args: ['--target', 'kube-apiserver'] }));
  assert.not.ok(isKubeApiserver({ image: 'registry.k8s.io/kube-controller-manager:v1.30.0', command: ['kube-controller-manager'] }));
  assert.not.ok(isKubeApiserver({ image: 'quay.io/coreos/hyperkube:v1.10', command: ['/hyperkube', 'controller-manager'] }));
  assert.is(imageName('localhost:5000/kube-apiserver.scalability'), 'kube-apiserver.scalability');
  assert.is(imageName('kube-apiserver@sha256:abc'), 'kube-apiserver');
});

test('envListOf: literal, empty, valueFrom, references', () => {
  const e = envListOf([{ name: 'A', value: 'x' }, { name: 'B' }, { name: 'C', valueFrom: {} }, { name: 'D', value: '$(A),y' }, { name: 'E', value: '$$(A)' }, { name: 'F', value: 5 }], undefined);
  assert.equal(e.entries.map((x) => [x.name, x.value]), [['A', 'x'], ['B', ''], ['C', undefined], ['D', undefined], ['E', '$(A)'], ['F', undefined]]);
});

test.run();
