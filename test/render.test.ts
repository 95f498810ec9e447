// Charts and overlays as inputs, with the real helm (3 and 4) and kubectl binaries: findings
// land on the template, base or patch the user edits, render failures are located findings,
// and every usage mistake is exit 2 with the flag at fault.
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, withTemp, type CliRun } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const helms = (['helm3', 'helm4'] as const).flatMap((name) => {
  const bin = testBinary(name);
  return bin ? [{ name, bin }] : [];
});
const kubectl = testBinary('kubectl');

const withPath = (bin: string): NodeJS.ProcessEnv => ({ PATH: `${dirname(bin)}:/usr/bin:/bin` });
const run = (args: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT): CliRun => cli(args, { cwd, env });
const flat = (r: CliRun): string[] =>
  parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath} ${m.line}:${m.column} ${m.ruleId}${(m as { renders?: string[] }).renders ? ` [${(m as { renders?: string[] }).renders?.join('; ')}]` : ''}`));

const CHART_MATRIX = [
  '-c', 'examples/.meshlint.yaml', '-n', 'payments', '-f', 'json', '--helm-chart', 'examples/helm-chart',
  '--values-set', 'examples/helm-chart/values.yaml',
  '--values-set', 'examples/helm-chart/values.yaml,examples/helm-chart/values-prod.yaml',
];

for (const { name, bin } of helms) {
  test(`${name}: a values matrix renders once per set; findings land on the templates, naming their renders`, () => {
    const r = run(CHART_MATRIX, withPath(bin));
    assert.is(r.code, 1, r.stderr);
    assert.equal(flat(r), [
      'examples/helm-chart/templates/export.yaml 11:9 job-sidecar-never-exits [values values.yaml; values values.yaml+values-prod.yaml]',
      'examples/helm-chart/templates/web.yaml 22:7 injection-host-network [values values.yaml+values-prod.yaml]',
    ]);
    // No fixes are offered on rendered text, and the header is not repeated on its own template.
    const messages = parseJsonReport(r).flatMap((f) => f.messages) as { fix?: unknown; helmSource?: string }[];
    assert.ok(messages.every((m) => m.fix === undefined && m.helmSource === undefined));
  });

  test(`${name}: a template error is one finding, where helm says, and other inputs are still linted`, () => {
    withTemp((t) => {
      cpSync(join(REPO_ROOT, 'examples/helm-chart'), t.path('chart'), { recursive: true });
      t.write('chart/templates/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.missing.deeper }}\n');
      t.write('plain.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    on: true\n');
      const r = run(['-f', 'json', '--helm-chart', 'chart', 'plain.yaml'], withPath(bin), t.dir);
      assert.is(r.code, 1);
      const report = parseJsonReport(r);
      const broken = report.find((f) => f.filePath === 'chart/templates/broken.yaml')?.messages[0];
      assert.is(broken?.ruleId, 'parse-error');
      assert.is(broken?.line, 4);
      assert.match(broken?.message ?? '', /^helm template failed: .*nil pointer/);
      assert.ok(report.some((f) => f.filePath === 'plain.yaml' && f.messages.some((m) => m.ruleId === 'yaml-nonstring-value')));
    });
  });

  test(`${name}: a dependency missing from charts/ is reported on its entry in Chart.yaml`, () => {
    withTemp((t) => {
      cpSync(join(REPO_ROOT, 'examples/helm-chart'), t.path('chart'), { recursive: true });
      t.write('chart/Chart.yaml', 'apiVersion: v2\nname: shop\nversion: 0.1.0\ndependencies:\n  - name: redis\n    version: 17.0.0\n    repository: https://charts.example.com\n');
      const r = run(['-f', 'json', '--helm-chart', 'chart'], withPath(bin), t.dir);
      assert.equal(flat(r), ['chart/Chart.yaml 5:5 parse-error']);
      assert.match(parseJsonReport(r)[0]?.messages[0]?.message ?? '', /redis/);
    });
  });
}

if (helms[0]) {
  const { bin } = helms[0];

  test('a duplicate key is placed by its path: a templated value is still its key, and the right labels block', () => {
    withTemp((t) => {
      t.write('chart/Chart.yaml', 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
      t.write('chart/values.yaml', 'port: 9090\nextra: { prometheus.io/port: "9091" }\npodLabels: { app: other }\n');
      t.write(
        'chart/templates/d.yaml',
        [
          'apiVersion: apps/v1', // 1
          'kind: Deployment', // 2
          'metadata:', // 3
          '  name: d', // 4
          '  labels:', // 5
          '    app: web', // 6
          '  annotations:', // 7
          '    prometheus.io/port: "{{ .Values.port }}"', // 8
          '    {{- toYaml .Values.extra | nindent 4 }}', // 9
          'spec:', // 10
          '  template:', // 11
          '    metadata:', // 12
          '      labels:', // 13
          '        app: web', // 14
          '        {{- toYaml .Values.podLabels | nindent 8 }}', // 15
          '    spec:', // 16
          '      containers: [{ name: a, image: a }]', // 17
          '',
        ].join('\n'),
      );
      const r = run(['-f', 'json', '--rule', 'duplicate-key=error', '--helm-chart', 'chart'], withPath(bin), t.dir);
      assert.equal(flat(r), ['chart/templates/d.yaml 8:5 duplicate-key', 'chart/templates/d.yaml 14:9 duplicate-key']);
    });
  });

  test('a failure inside a helper is reported in the helper, where helm says it failed', () => {
    withTemp((t) => {
      t.write('chart/Chart.yaml', 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
      t.write('chart/templates/_helpers.tpl', '{{- define "c.name" -}}\n{{ .Values.a.b.c }}\n{{- end }}\n');
      t.write('chart/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ include "c.name" . }}\n');
      const r = run(['-f', 'json', '--helm-chart', 'chart'], withPath(bin), t.dir);
      assert.equal(flat(r), ['chart/templates/_helpers.tpl 2:10 parse-error']);
      // A "renderer" that prints nothing is said, never a silent pass.
      const empty = run(['-f', 'json', '--helm-chart', 'chart', '--helm-binary', '/bin/true'], {}, t.dir);
      assert.is(empty.code, 0);
      assert.match(empty.stderr, /produced no documents; nothing from it was linted/);
    });
  });

  test('what the machine lacks is a warning with its fix, on the line that causes it; a template bug stays an error', () => {
    withTemp((t) => {
      t.write('deps/Chart.yaml', 'apiVersion: v2\nname: deps\nversion: 0.1.0\ndependencies:\n  - name: redis\n    version: 17.0.0\n    repository: https://charts.example.com\n');
      t.write('deps/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
      t.write('req/Chart.yaml', 'apiVersion: v2\nname: req\nversion: 0.1.0\n');
      t.write('req/templates/secret.yaml', 'apiVersion: v1\nkind: Secret\nmetadata: { name: s }\nstringData:\n  password: {{ required "db.password is required" .Values.password | quote }}\n');
      t.write('bug/Chart.yaml', 'apiVersion: v2\nname: bug\nversion: 0.1.0\n');
      t.write('bug/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: {{ fail "broken on purpose" }} }\n');
      const r = run(['-f', 'json', '--helm-chart', 'deps', '--helm-chart', 'req', '--helm-chart', 'bug'], withPath(bin), t.dir);
      const found = parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath}:${m.line} ${m.severity} ${m.message}`));
      assert.ok(found.some((x) => /^deps\/Chart\.yaml:5 1 This chart cannot be rendered here: its dependency redis is not in charts\/\. Run `helm dependency build`, or vendor it\.$/.test(x)), found.join('\n'));
      assert.ok(found.some((x) => /^req\/templates\/secret\.yaml:5 1 This chart cannot be rendered here: it needs a value: db\.password is required\. Pass it with --values or --set/.test(x)), found.join('\n'));
      assert.ok(found.some((x) => /^bug\/templates\/cm\.yaml:3 2 helm template failed: .*broken on purpose/.test(x)), found.join('\n'));
      assert.is(r.code, 1);
    });
  });

  test('SARIF results from a chart point at the template, relative to the repository', () => {
    const r = run(['-c', 'examples/.meshlint.yaml', '-n', 'payments', '-f', 'sarif', '--helm-chart', 'examples/helm-chart', '--values', 'examples/helm-chart/values-prod.yaml'], withPath(bin));
    const sarif = JSON.parse(r.stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] };
    const where = sarif.runs[0]?.results.map((x) => `${x.ruleId} ${x.locations[0]?.physicalLocation.artifactLocation.uri}:${x.locations[0]?.physicalLocation.region.startLine}`);
    assert.equal(where?.sort(), ['injection-host-network examples/helm-chart/templates/web.yaml:22', 'job-sidecar-never-exits examples/helm-chart/templates/export.yaml:11']);
  });

  test('a chart met while walking is reported once on Chart.yaml; the config can render it instead', () => {
    withTemp((t) => {
      cpSync(join(REPO_ROOT, 'examples/helm-chart'), t.path('charts/shop'), { recursive: true });
      // Nothing in the chart is wrong yet: no finding, one note that names it and how to render it.
      const plain = run(['-f', 'json', '--stats', '.'], withPath(bin), t.dir);
      assert.equal(flat(plain), []);
      assert.match(plain.stderr, /note: 1 Helm chart was not linted \(charts\/shop\): pass --render-charts, or set helm\.renderCharts: true/);
      assert.match(plain.stderr, /skipped: 1 chart not rendered/);
      assert.is(plain.code, 0);
      const withMeta = JSON.parse(run(['-f', 'json-with-metadata', '.'], withPath(bin), t.dir).stdout) as { metadata: { notes: { id: string }[] } };
      assert.ok(withMeta.metadata.notes.some((n) => n.id === 'charts-not-rendered'));

      t.write('.meshlint.yaml', 'istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: true }\nnamespaces: { shop: { labels: { istio-injection: enabled } } }\nhelm:\n  charts:\n    - path: charts/shop\n      namespace: shop\n      valuesSets: [[charts/shop/values-prod.yaml]]\n');
      assert.equal(flat(run(['-f', 'json', '.'], withPath(bin), t.dir)).sort(), [
        'charts/shop/templates/export.yaml 11:9 job-sidecar-never-exits',
        'charts/shop/templates/web.yaml 22:7 injection-host-network',
      ]);
      t.write('.meshlint.yaml', 'istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: true }\ndefaultNamespace: shop\nnamespaces: { shop: { labels: { istio-injection: enabled } } }\nhelm: { renderCharts: true }\n');
      assert.equal(flat(run(['-f', 'json'], withPath(bin), t.dir)), ['charts/shop/templates/export.yaml 11:9 job-sidecar-never-exits']);
    });
  });

  test('a values schema that refers to a URL renders offline, unvalidated, with one note naming the URL', () => {
    withTemp((t) => {
      t.write('c/Chart.yaml', 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
      t.write('c/values.yaml', 'hostNetwork: true\n');
      t.write('c/values.schema.json', '{ "type": "object", "properties": { "resources": { "$ref": "https://schemas.example.com/v1/requirements.json" } } }\n');
      t.write('c/templates/agent.yaml', 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: agent, namespace: {{ .Release.Namespace }} }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "true" } }\n    spec:\n      hostNetwork: {{ .Values.hostNetwork }}\n      containers: [{ name: a, image: a }]\n');
      const r = run(['-f', 'json', '--helm-chart', 'c', '-n', 'agents'], withPath(bin), t.dir);
      assert.equal(flat(r), ['c/templates/agent.yaml 8:7 injection-host-network']);
      assert.match(r.stderr, /note: 1 chart's values schema refers to a URL \(c: https:\/\/schemas\.example\.com\/v1\/requirements\.json\), which meshlint never fetches: it was rendered without schema validation/);
    });
  });

  test('one chart listed twice under helm.charts (two releases, two namespaces, two values files): both are rendered, each named', () => {
    withTemp((t) => {
      t.write('charts/api/Chart.yaml', 'apiVersion: v2\nname: api\nversion: 0.1.0\n');
      t.write('charts/api/values.yaml', 'hostNetwork: false\n');
      t.write('charts/api/templates/deploy.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\nspec:\n  template:\n    spec:\n      hostNetwork: {{ .Values.hostNetwork }}\n      containers: [{ name: api, image: api }]\n');
      t.write('prod.yaml', 'hostNetwork: true\n');
      t.write('.meshlint.yaml', 'namespaces:\n  dev: { labels: { istio-injection: enabled } }\n  prod: { labels: { istio-injection: enabled } }\nhelm:\n  charts:\n    - { path: charts/api, release: api-dev, namespace: dev }\n    - { path: charts/api, release: api-prod, namespace: prod, values: [prod.yaml] }\n');
      const r = run(['-f', 'json', '.'], withPath(bin), t.dir);
      // Only the second release sets hostNetwork: found, and named by its release.
      assert.equal(flat(r), ['charts/api/templates/deploy.yaml 9:7 injection-host-network [release api-prod in prod]']);
      assert.match(r.stderr, /judged 2 of 2 workloads/);
    });
  });

  test('a chart rendered with no namespace stated: its objects are in an unknown namespace, not in "default"; one note says which fact to state', () => {
    withTemp((t) => {
      t.write('chart/Chart.yaml', 'apiVersion: v2\nname: agent\nversion: 0.1.0\n');
      // The namespace as charts write it, and left out: both land in Helm's "default" without --namespace.
      t.write('chart/templates/agent.yaml', 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: node-agent\n  namespace: {{ .Release.Namespace }}\nspec:\n  template:\n    spec:\n      hostNetwork: true\n      containers: [{ name: agent, image: agent }]\n');
      t.write('chart/templates/web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      labels:\n        istio.io/rev: canary\n    spec:\n      containers: [{ name: web, image: web }]\n');
      t.write('.meshlint.yaml', 'istio: { revisions: [default] }\nnamespaces:\n  default: { labels: { istio-injection: enabled } }\n  shop: { labels: { istio-injection: enabled } }\n');
      const unstated = run(['-f', 'json-with-metadata', '--helm-chart', 'chart'], withPath(bin), t.dir);
      const report = JSON.parse(unstated.stdout) as { results: { messages: { ruleId: string; message: string }[] }[]; metadata: { notes: { id: string }[] } };
      assert.equal(report.results.flatMap((f) => f.messages.map((m) => `${m.ruleId}: ${m.message}`)), []);
      assert.equal(report.metadata.notes.map((n) => n.id), ['charts-default-namespace']);
      assert.is(unstated.code, 0);
      // Stated, the namespace is judged: the same objects in namespace shop.
      const stated = run(['-f', 'json', '-n', 'shop', '--helm-chart', 'chart'], withPath(bin), t.dir);
      assert.equal(flat(stated).sort(), ['chart/templates/agent.yaml 9:7 injection-host-network', 'chart/templates/web.yaml 9:9 inject-label-conflict']);
      assert.match(parseJsonReport(stated).flatMap((f) => f.messages).find((m) => m.ruleId === 'inject-label-conflict')?.message ?? '', /revision default injects this pod, not canary/);
    });
  });

  test('istiod rendered with no namespace stated is in an unknown namespace: a webhook calling it in istio-system is not judged against "default"', () => {
    withTemp((t) => {
      t.write('cp/Chart.yaml', 'apiVersion: v2\nname: cp\nversion: 0.1.0\n');
      t.write('cp/templates/istiod.yaml', [
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: istiod\n  namespace: {{ .Release.Namespace }}\nspec:\n  template:\n    metadata:\n      labels: { app: istiod, sidecar.istio.io/inject: "false" }\n    spec:\n      containers: [{ name: discovery, image: docker.io/istio/pilot:1.26.2 }]',
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: istiod\n  namespace: {{ .Release.Namespace }}\nspec:\n  selector: { app: istiod }\n  ports: [{ name: https-webhook, port: 443, targetPort: 15017 }]',
        'apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata:\n  name: istio-sidecar-injector\n  labels: { istio.io/rev: default }\nwebhooks:\n  - name: namespace.sidecar-injector.istio.io\n    clientConfig:\n      service: { name: istiod, namespace: istio-system, path: /inject }\n    failurePolicy: Fail\n    sideEffects: None\n    admissionReviewVersions: [v1]\n    namespaceSelector: { matchLabels: { istio-injection: enabled } }',
      ].join('\n---\n') + '\n');
      const rules = (args: string[]): string[] => parseJsonReport(run(['-f', 'json', ...args, '--helm-chart', 'cp'], withPath(bin), t.dir)).flatMap((f) => f.messages.map((m) => m.ruleId));
      assert.equal(rules([]), []);
      assert.equal(rules(['-n', 'istio-system']), []);
      assert.equal(rules(['-n', 'shop']), ['webhook-service-missing']);
    });
  });

  test("files named inside a chart stand for the chart; --render-charts renders it (the pre-commit chart hook)", () => {
    withTemp((t) => {
      cpSync(join(REPO_ROOT, 'examples/helm-chart'), t.path('charts/shop'), { recursive: true });
      t.write('.meshlint.yaml', 'istio: { nativeSidecars: false, holdApplicationUntilProxyStarts: true }\nnamespaces: { shop: { labels: { istio-injection: enabled } } }\n');
      const changed = ['charts/shop/templates/web.yaml', 'charts/shop/values.yaml', 'charts/shop/templates/export.yaml'];
      const notRendered = run(['-f', 'json', ...changed], withPath(bin), t.dir);
      assert.equal(flat(notRendered), []);
      assert.match(notRendered.stderr, /1 Helm chart was not linted \(charts\/shop\)/);
      assert.equal(flat(run(['-f', 'json', '--render-charts', '-n', 'shop', ...changed], withPath(bin), t.dir)), ['charts/shop/templates/export.yaml 11:9 job-sidecar-never-exits']);
      assert.equal(flat(run(['-f', 'json', '--render-charts', '-n', 'shop', 'charts/shop/templates'], withPath(bin), t.dir)), ['charts/shop/templates/export.yaml 11:9 job-sidecar-never-exits']);
    });
  });
}

test('without helm: exit 2, naming what to install; meshlint downloads nothing', () => {
  const r = run(['--helm-chart', 'examples/helm-chart'], { PATH: '/nonexistent' });
  assert.is(r.code, 2);
  assert.match(r.stderr, /helm binary \(Helm 3 or 4\).*Install Helm.*--helm-binary/);
  const named = run(['--helm-chart', 'examples/helm-chart', '--helm-binary', './no/such/helm'], { PATH: '/nonexistent' });
  assert.is(named.code, 2);
  assert.match(named.stderr, /--helm-binary \.\/no\/such\/helm: no such executable/);
  const k = run(['--kustomize', 'examples/kustomize/overlays/prod'], { PATH: '/nonexistent' });
  assert.is(k.code, 2);
  assert.match(k.stderr, /kustomize or kubectl.*--kustomize-binary/);
});

test('usage mistakes with charts and overlays: exit 2, naming the flag', () => {
  const cases: [string[], RegExp][] = [
    [['--values', 'v.yaml', 'examples/'], /--values goes with --helm-chart DIR/],
    [['--helm-chart', 'examples/kustomize'], /--helm-chart examples\/kustomize: no Chart.yaml there/],
    [['--kustomize', 'examples/helm-chart'], /--kustomize examples\/helm-chart: no kustomization.yaml there/],
    [['--helm-chart', 'examples/helm-chart', '--values', 'nope.yaml'], /values file nope.yaml not found/],
  ];
  for (const [args, message] of cases) {
    const r = run(args, { PATH: '/nonexistent' });
    assert.is(r.code, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});

if (kubectl) {
  const env = withPath(kubectl);

  test('kubectl kustomize: findings land on the base and on the patch; the overlay decides the namespace', () => {
    const r = run(['-c', 'examples/.meshlint.yaml', '-f', 'json', '--kustomize', 'examples/kustomize/overlays/prod'], env);
    assert.is(r.code, 1, r.stderr);
    assert.equal(flat(r), [
      'examples/kustomize/base/deployment.yaml 16:7 injection-host-network',
      'examples/kustomize/overlays/prod/inject.yaml 11:9 inject-value-invalid',
    ]);
    // The base alone is clean: its namespace has injection off.
    assert.equal(flat(run(['-c', 'examples/.meshlint.yaml', '-f', 'json', 'examples/kustomize/base'], env)), []);
  });

  test('kustomize: "{{ }}" in built output is data, never an unrendered template', () => {
    withTemp((t) => {
      t.write('o/kustomization.yaml', 'resources: [rules.yaml]\n');
      t.write('o/rules.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: alerts\ndata:\n  summary: Instance {{ $labels.instance }} is down\n');
      const r = run(['-f', 'json', '--kustomize', 'o'], env, t.dir);
      assert.equal(flat(r), []);
      assert.is(r.code, 0);
    });
  });

  test('kustomize: a value the overlay sets is reported where the overlay sets it', () => {
    withTemp((t) => {
      t.write('base/kustomization.yaml', 'resources: [deployment.yaml]\n');
      t.write('base/deployment.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: agent\n  namespace: quiet\nspec:\n  template:\n    spec:\n      hostNetwork: true\n      containers: [{ name: a, image: a }]\n');
      t.write('prod/kustomization.yaml', '# prod\nresources:\n  - ../base\nnamePrefix: prod-\nnamespace: loud\n');
      t.write('.meshlint.yaml', 'namespaces:\n  quiet: { labels: { istio-injection: disabled } }\n  loud: { labels: { istio-injection: enabled } }\n');
      const r = run(['-f', 'json', '--kustomize', 'prod'], env, t.dir);
      assert.equal(flat(r), ['base/deployment.yaml 9:7 injection-host-network']);
      // The related location (the namespace's decision) is the overlay's namespace: line.
      const related = (parseJsonReport(r)[0]?.messages[0] as { related?: { filePath: string; line: number }[] }).related ?? [];
      assert.ok(related.every((x) => !x.filePath.includes('meshlint-kustomize-')), JSON.stringify(related));
    });
  });

  test('kustomize: a value a patch sets, in a finding of a rule that judges across files, is reported on the patch', () => {
    // The client is kept to the end of the run as a stand-in for its object (model/place.ts): it keeps the value
    // reported, which is what tells the patch that writes it from the base.
    withTemp((t) => {
      t.write('base/server.yaml', [
        'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: enabled } }',
        'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: all, namespace: shop }\nspec: { mtls: { mode: STRICT } }',
        'apiVersion: v1\nkind: Service\nmetadata: { name: orders, namespace: shop }\nspec:\n  selector: { app: orders }\n  ports: [{ name: http, port: 80, targetPort: 8080 }]',
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: orders, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { app: orders } }\n    spec:\n      containers: [{ name: app, image: orders, ports: [{ containerPort: 8080 }] }]',
      ].join('\n---\n') + '\n');
      const job = (value: string): string => `apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "false" } }\n    spec:\n      containers:\n        - name: report\n          env:\n            - name: ORDERS_URL\n              value: ${value}\n`;
      t.write('base/client.yaml', job('http://orders.shop/api'));
      t.write('base/kustomization.yaml', 'resources: [server.yaml, client.yaml]\n');
      t.write('prod/client-patch.yaml', job('http://orders.shop/v2'));
      t.write('prod/kustomization.yaml', 'resources:\n  - ../base\npatches:\n  - path: client-patch.yaml\n');
      t.write('.meshlint.yaml', 'istio: { version: "1.24.0" }\n');
      const r = run(['-f', 'json', '--kustomize', 'prod', '--rule', 'mtls-strict-unmeshed-client=error'], env, t.dir);
      assert.equal(flat(r).filter((f) => f.endsWith('mtls-strict-unmeshed-client')), ['prod/client-patch.yaml 12:15 mtls-strict-unmeshed-client'], r.stdout + r.stderr);
    });
  });

  test('kustomize: a missing generator file is the overlay\'s error at its line, never a remote base', () => {
    withTemp((t) => {
      t.write('o/kustomization.yaml', 'namespace: shop\nresources:\n- deploy.yaml\nconfigMapGenerator:\n- name: app-config\n  envs:\n  - missing.env\n');
      t.write('o/deploy.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n');
      const r = run(['-f', 'json', '--kustomize', 'o'], env, t.dir);
      const m = parseJsonReport(r)[0]?.messages[0];
      assert.is(m?.severity, 2, JSON.stringify(m));
      assert.is(m?.line, 7);
      assert.match(m?.message ?? '', /^kustomize build failed: .*missing\.env.*no such file or directory/);
      assert.not.match(m?.message ?? '', /remote/);
    });
  });

  test('kustomize: a value an inline patch sets (JSON 6902 or strategic merge) is reported on that patch, in the Component that holds it', () => {
    withTemp((t) => {
      t.write('base/kustomization.yaml', 'resources: [deploy.yaml]\n');
      t.write('base/deploy.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: { matchLabels: { app: web } }\n  template:\n    metadata: { labels: { app: web } }\n    spec:\n      containers: [{ name: web, image: web }]\n');
      const ops = 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - target: { kind: Deployment, name: web }\n    patch: |-\n      - op: add\n        path: /spec/template/spec/hostNetwork\n        value: true\n';
      const merge = 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - patch: |-\n      apiVersion: apps/v1\n      kind: Deployment\n      metadata: { name: web }\n      spec:\n        template:\n          spec:\n            hostNetwork: true\n';
      t.write('overlay/kustomization.yaml', 'namespace: shop\nresources: [../base, ns.yaml]\ncomponents: [../host]\n');
      t.write('overlay/ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: { istio-injection: enabled }\n');
      for (const [component, line] of [[ops, 5], [merge, 4]] as const) {
        t.write('host/kustomization.yaml', component);
        const report = parseJsonReport(run(['-f', 'json', '--kustomize', 'overlay'], env, t.dir));
        const found = report.flatMap((f) => f.messages.filter((m) => m.ruleId === 'injection-host-network').map((m) => `${f.filePath}:${m.line}`));
        assert.equal(found, [`host/kustomization.yaml:${line}`], JSON.stringify(report));
      }
    });
  });

  test('kustomize: an overlay loads files of the repository outside its folder, as Flux builds it (no load restrictor); a file outside the repository is refused before the build', () => {
    withTemp((t) => {
      t.write('shared/transform.yaml', 'apiVersion: builtin\nkind: LabelTransformer\nmetadata: { name: l }\nlabels: { on: "yes" }\nfieldSpecs: [{ path: metadata/labels, create: true }]\n');
      t.write('o/kustomization.yaml', 'resources:\n- cm.yaml\ntransformers:\n- ../shared/transform.yaml\n');
      t.write('o/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n');
      const built = parseJsonReport(run(['-f', 'json', '--kustomize', 'o'], env, t.dir));
      assert.equal(built.flatMap((f) => f.messages.map((m) => m.ruleId)), [], 'built across folders, nothing to report');
      // A plugin config that loads a file outside the repository: refused by name, never built.
      t.write('shared/transform.yaml', 'apiVersion: builtin\nkind: PatchTransformer\nmetadata: { name: p }\npath: ../../../../../../etc/hostname\n');
      const m = parseJsonReport(run(['-f', 'json', '--kustomize', 'o'], env, t.dir))[0]?.messages[0];
      assert.match(m?.message ?? '', /not built: "\.\.\/.*etc\/hostname" leads outside the repository/);
    });
  });

  test('kustomize: a build failure is one finding on the overlay, without temporary paths; remote bases fail offline', () => {
    withTemp((t) => {
      t.write('prod/kustomization.yaml', 'resources:\n  - ../missing-base\n');
      t.write('remote/kustomization.yaml', 'resources:\n  - https://github.com/example/config//base?ref=v1\n');
      t.write('via/kustomization.yaml', 'resources:\n  - ../remote\n');
      // A missing base is the overlay's bug: an error. A remote base offline is the environment's: a warning with its fix.
      for (const [dir, severity, message] of [
        ['prod', 2, /^kustomize build failed: /],
        ['remote', 1, /^This overlay cannot be rendered here: its remote base "https:\/\/github\.com\/example\/config\/\/base\?ref=v1" cannot be fetched offline\. Vendor the base, or pass it with --context\.$/],
        ['via', 1, /^This overlay cannot be rendered here: a base it uses needs "https:\/\/github\.com\/example\/config\/\/base\?ref=v1", which cannot be fetched offline\. Vendor that base, or pass it with --context\.$/],
      ] as const) {
        const r = run(['-f', 'json', '--kustomize', dir], env, t.dir);
        assert.is(r.code, severity === 2 ? 1 : 0, r.stderr);
        const [m] = parseJsonReport(r).flatMap((f) => f.messages.map((x) => ({ ...x, filePath: f.filePath })));
        assert.is(`${m?.filePath}:${m?.line}:${m?.column}`, `${dir}/kustomization.yaml:2:5`, 'the entry the error quotes');
        assert.is(m?.ruleId, 'parse-error');
        assert.is(m?.severity, severity);
        assert.match(m?.message ?? '', message);
        assert.not.match(m?.message ?? '', /meshlint-kustomize-/);
      }
    });
  });
}

/** Istio's own istiod and cni charts as an operator vendors them: the istiod chart's default leaves pilot.cni.enabled off. */
function vendorIstioCharts(t: { write(rel: string, content: string): string }, root: string): void {
  t.write(`${root}/istiod/Chart.yaml`, 'apiVersion: v2\nname: istiod\nversion: 1.0.0\nkeywords: [istio, istiod]\nsources: [https://github.com/istio/istio]\n');
  t.write(`${root}/istiod/values.yaml`, 'pilot:\n  cni:\n    enabled: false\n');
  t.write(`${root}/istiod/templates/injector.yaml`, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio-sidecar-injector\n  namespace: istio-system\ndata:\n  config: |\n    policy: enabled\n  values: |-\n{{ .Values | toJson | indent 4 }}\n');
  t.write(`${root}/cni/Chart.yaml`, 'apiVersion: v2\nname: cni\nversion: 1.0.0\nkeywords: [istio-cni, istio]\n');
  t.write(`${root}/cni/templates/ds.yaml`, 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: istio-cni-node\n  namespace: kube-system\nspec:\n  selector: {matchLabels: {k8s-app: istio-cni-node}}\n  template:\n    metadata: {labels: {k8s-app: istio-cni-node}}\n    spec:\n      containers:\n      - name: install-cni\n        image: docker.io/istio/install-cni:1.26.0\n');
}

for (const { name, bin } of helms) {
  test(`${name}: Istio's own charts vendored in a repository and rendered with their defaults are chart sources, not an install: no finding, one note`, () => {
    withTemp((t) => {
      vendorIstioCharts(t, 'resources/v1.26.0/charts');
      vendorIstioCharts(t, 'resources/v1.27.0/charts');
      // One that needs the values its installer gives: no finding either.
      t.write('resources/v1.27.0/charts/telemetry/Chart.yaml', 'apiVersion: v1\nname: istio-telemetry\nversion: 1.1.0\nsources: [http://github.com/istio/istio]\n');
      t.write('resources/v1.27.0/charts/telemetry/templates/sa.yaml', 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.global.missing.name }}\n');
      const r = run(['-f', 'json', '--render-charts', '--stats', '.'], withPath(bin), t.dir);
      assert.equal(flat(r), []);
      assert.match(r.stderr, /note: 5 charts of Istio's own \(resources\/v1\.26\.0\/charts\/cni, resources\/v1\.26\.0\/charts\/istiod, resources\/v1\.27\.0\/charts\/cni and 2 more\) are rendered with their defaults only: read as chart sources, not as an install \(1 of them does not render without the values their installer gives\)/);
      const facts = cli(['facts', '-f', 'json', '--render-charts', '.'], { cwd: t.dir, env: withPath(bin) });
      const report = JSON.parse(facts.stdout) as { installs: { cni: { status: string } }[]; notes: string[] };
      assert.ok(report.notes.some((n) => /charts of Istio's own/.test(n)), facts.stdout);
      assert.ok(report.installs.every((i) => i.cni.status === 'unknown'), facts.stdout);
      // Named with its values under helm.charts, the same chart is an install: its facts are read.
      t.write('.meshlint.yaml', 'helm:\n  charts:\n    - path: resources/v1.26.0/charts/istiod\n      namespace: istio-system\n      values: [resources/v1.26.0/charts/istiod/values.yaml]\n    - path: resources/v1.26.0/charts/cni\n      namespace: kube-system\n');
      const named = run(['-f', 'json', 'resources/v1.26.0'], withPath(bin), t.dir);
      assert.equal(flat(named).map((f) => f.replace(/ \d+:\d+/, '')), ['resources/v1.26.0/charts/istiod/templates/injector.yaml istiod-cni-disabled']);
    });
  });

  test(`${name}: a chart of the user's named istiod (no word of Istio in its Chart.yaml) is read as an install, as before`, () => {
    withTemp((t) => {
      vendorIstioCharts(t, 'charts');
      t.write('charts/istiod/Chart.yaml', 'apiVersion: v2\nname: istiod\nversion: 1.0.0\n');
      t.write('charts/cni/Chart.yaml', 'apiVersion: v2\nname: cni\nversion: 1.0.0\n');
      const r = run(['-f', 'json', '--render-charts', '.'], withPath(bin), t.dir);
      assert.equal(flat(r).map((f) => f.replace(/ \d+:\d+/, '')), ['charts/istiod/templates/injector.yaml istiod-cni-disabled']);
      assert.not.match(r.stderr, /charts of Istio's own/);
    });
  });
}

test.run();
