// What GitOps objects deploy, rendered from charts the user provides: real chart archives made
// with `helm package` in the test (no network), a Flux HelmRelease and an Argo CD Application
// with two sources and `$ref` values rendered into their namespace with findings on the lines
// that set them, the missing-chart note, `meshlint charts` with its helm pull commands, and the
// bounds an archive is held to before helm reads it.
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { archiveName, archiveProblem, pickChart, type AvailableChart } from '../src/load/render/chart-source.ts';
import { pullCommand } from '../src/cli/charts.ts';
import { cli, parseJsonReport, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';

const helms = (['helm3', 'helm4'] as const).flatMap((name) => {
  const bin = testBinary(name);
  return bin ? [{ name, bin }] : [];
});
const kubectl = testBinary('kubectl');
const withPath = (...bins: string[]): NodeJS.ProcessEnv => ({ PATH: `${bins.map((b) => dirname(b)).join(':')}:/usr/bin:/bin` });

const NAMESPACE = ['apiVersion: v1', 'kind: Namespace', 'metadata:', '  name: shop', '  labels:', '    istio-injection: enabled', ''].join('\n');

/** A chart whose Deployment takes hostNetwork and pod annotations from its values. */
function writeChart(t: TempDir, dir: string, name: string, version: string): void {
  t.write(`${dir}/Chart.yaml`, `apiVersion: v2\nname: ${name}\nversion: ${version}\n`);
  t.write(`${dir}/values.yaml`, 'hostNetwork: false\npodAnnotations: {}\n');
  t.write(
    `${dir}/templates/deploy.yaml`,
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: {{ .Release.Name }}',
      '  namespace: {{ .Release.Namespace }}',
      'spec:',
      '  selector:',
      '    matchLabels: {app: web}',
      '  template:',
      '    metadata:',
      '      labels: {app: web}',
      '      annotations: {{ toJson .Values.podAnnotations }}',
      '    spec:',
      '      hostNetwork: {{ .Values.hostNetwork }}',
      '      containers:',
      '        - name: web',
      '          image: nginx',
      '',
    ].join('\n'),
  );
}

/** `helm package` of a chart written in the test, into `dest`. */
function packageChart(t: TempDir, helm: string, name: string, version: string, dest: string): void {
  writeChart(t, `src-${name}-${version}`, name, version);
  const r = spawnSync(helm, ['package', t.path(`src-${name}-${version}`), '--destination', t.path(dest)], { encoding: 'utf8', env: { HOME: t.path('home'), PATH: '/usr/bin:/bin' } });
  assert.is(r.status, 0, r.stderr);
}

const FLUX = [
  'apiVersion: source.toolkit.fluxcd.io/v1', // 1
  'kind: HelmRepository', // 2
  'metadata:', // 3
  '  name: acme', // 4
  '  namespace: flux-system', // 5
  'spec:', // 6
  '  url: https://charts.example.com', // 7
  '---', // 8
  'apiVersion: helm.toolkit.fluxcd.io/v2', // 9
  'kind: HelmRelease', // 10
  'metadata:', // 11
  '  name: web', // 12
  '  namespace: flux-system', // 13
  'spec:', // 14
  '  targetNamespace: shop', // 15
  '  chart:', // 16
  '    spec:', // 17
  '      chart: webapp', // 18
  "      version: '>=1.0.0 <2.0.0'", // 19
  '      sourceRef:', // 20
  '        kind: HelmRepository', // 21
  '        name: acme', // 22
  '  valuesFrom:', // 23
  '    - kind: ConfigMap', // 24
  '      name: web-values', // 25
  '  values:', // 26
  '    hostNetwork: true', // 27
  '---', // 28
  'apiVersion: v1', // 29
  'kind: ConfigMap', // 30
  'metadata:', // 31
  '  name: web-values', // 32
  '  namespace: flux-system', // 33
  'data:', // 34
  '  values.yaml: |', // 35
  '    hostNetwork: false', // 36
  '',
].join('\n');

const flat = (r: CliRun): string[] => parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath} ${m.line}:${m.column} ${m.ruleId} ${m.resource ?? ''}`));

for (const { name, bin } of helms) {
  test(`${name}: a Flux HelmRelease renders from a pulled archive into its target namespace, findings on the values that cause them`, () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      packageChart(t, bin, 'webapp', '2.0.0', 'pulled');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/release.yaml', FLUX);
      const r = cli(['-f', 'json', '--charts', '../pulled', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      const found = flat(r);
      // The constraint picks 1.4.0; release name <targetNamespace>-<name>; namespace shop (labelled
      // for injection); inline values win over valuesFrom, so the finding is on the inline value.
      assert.equal(found, ['release.yaml 27:5 injection-host-network Deployment shop/shop-web'], r.stderr);
      const message = parseJsonReport(r).flatMap((f) => f.messages).find((m) => m.ruleId === 'injection-host-network')?.message ?? '';
      assert.match(message, /webapp\/templates\/deploy\.yaml of chart webapp 1\.4\.0/);
      assert.not.match(r.stderr, /not rendered/);
    });
  });
}

if (helms[0]) {
  const { bin } = helms[0];
  test('an app of apps: the Applications a rendered chart holds are rendered too, into their own namespaces, each once', () => {
    withTemp((t) => {
      t.write("repo/argocd/root.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: root, namespace: argocd }\nspec:\n  destination: { server: https://kubernetes.default.svc, namespace: argocd }\n  source:\n    repoURL: https://github.com/example/platform\n    path: charts/apps\n    helm: { values: \"team: shop\" }\n");
      t.write("repo/charts/apps/Chart.yaml", "apiVersion: v2\nname: apps\nversion: 0.1.0\n");
      t.write("repo/charts/apps/templates/web.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: web, namespace: argocd }\nspec:\n  destination: { server: https://kubernetes.default.svc, namespace: {{ .Values.team }} }\n  source:\n    repoURL: https://github.com/example/platform\n    path: charts/web\n    helm: { valuesObject: { hostNetwork: true } }\n");
      t.write("repo/charts/web/Chart.yaml", "apiVersion: v2\nname: web\nversion: 0.1.0\n");
      t.write("repo/charts/web/values.yaml", "hostNetwork: false\n");
      t.write("repo/charts/web/templates/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: {{ .Release.Namespace }}\nspec:\n  template:\n    metadata:\n      labels: { sidecar.istio.io/inject: \"true\" }\n    spec:\n      hostNetwork: {{ .Values.hostNetwork }}\n      containers: [{ name: web, image: web }]\n");
      t.write("repo/ns.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: enabled } }\n");
      const r = cli(['-f', 'json', '--render-charts', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      const found = parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath}:${m.line} ${m.ruleId} ${(m as { resource?: string }).resource}`));
      // The child Application (rendered by root) deploys chart web into shop, with hostNetwork: the value it passes is reported.
      assert.equal(found, ['charts/apps/templates/web.yaml:9 injection-host-network Deployment shop/web']);
      // Chart web is linted through the child's release only, not also alone with its defaults.
      assert.match(r.stderr, /judged 1 of 1 workload\n/);
      assert.not.match(r.stderr, /Helm's default namespace/);
    });
  });


  test('valuesFrom a ConfigMap among the inputs: a value it sets is reported on the ConfigMap', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/release.yaml', FLUX.replace('  values:\n    hostNetwork: true\n', '').replace('    hostNetwork: false', '    hostNetwork: true'));
      const r = cli(['-f', 'json', '--charts', '../pulled', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.equal(flat(r), ['release.yaml 33:3 injection-host-network Deployment shop/shop-web'], r.stderr);
    });
  });

  test('valuesFrom a Secret: a value it writes into the render is never printed, the finding names the Secret and key', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      t.write('repo/ns.yaml', NAMESPACE);
      const values = 'podAnnotations:\n  sidecar.istio.io/inject: "s3cr3t-inject-9x"\n';
      const secret = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-secret\n  namespace: flux-system\ndata:\n  values.yaml: ${Buffer.from(values).toString('base64')}\n`;
      t.write('repo/release.yaml', FLUX.replace('    - kind: ConfigMap\n      name: web-values\n', '    - kind: Secret\n      name: web-secret\n').replace('  values:\n    hostNetwork: true\n', '') + '---\n' + secret);
      for (const format of ['json', 'sarif', 'stylish']) {
        const r = cli(['-f', format, '--charts', '../pulled', '--istio-version', '1.26.0', '.'], { cwd: t.path('repo'), env: withPath(bin) });
        assert.not.ok((r.stdout + r.stderr).includes('s3cr3t-inject-9x'), `${format}:\n${r.stdout}${r.stderr}`);
        if (format === 'json') {
          const m = parseJsonReport(r).flatMap((f) => f.messages).find((x) => x.ruleId === 'inject-value-invalid');
          assert.match(m?.message ?? '', /\(from Secret flux-system\/web-secret, key values\.yaml\)/, r.stdout);
        }
      }
    });
  });

  test("valuesFrom a Secret: a workload named from a Secret's value, or a label keyed by a Secret's key, is printed hidden in every format", () => {
    withTemp((t) => {
      t.write('pulled2/webapp/Chart.yaml', 'apiVersion: v2\nname: webapp\nversion: 1.4.0\n');
      t.write('pulled2/webapp/values.yaml', 'appName: web\npodLabels: {}\n');
      t.write(
        'pulled2/webapp/templates/deploy.yaml',
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Values.appName }}\n  namespace: {{ .Release.Namespace }}\nspec:\n  selector: { matchLabels: { app: web } }\n  template:\n    metadata:\n      labels:\n        app: web\n{{- range $k, $v := .Values.podLabels }}\n        {{ $k }}: {{ $v }}\n{{- end }}\n    spec:\n      hostNetwork: true\n      containers: [{ name: web, image: web }]\n',
      );
      t.write('repo/ns.yaml', NAMESPACE);
      const values = 'appName: s3cr3t-name-7q\npodLabels:\n  s3cr3t-key-5z: 1\n';
      const secret = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-secret\n  namespace: flux-system\ndata:\n  values.yaml: ${Buffer.from(values).toString('base64')}\n`;
      t.write('repo/release.yaml', FLUX.replace('    - kind: ConfigMap\n      name: web-values\n', '    - kind: Secret\n      name: web-secret\n').replace('  values:\n    hostNetwork: true\n', '') + '---\n' + secret);
      for (const format of ['json', 'sarif', 'stylish', 'github']) {
        const r = cli(['-f', format, '--charts', '../pulled2', '--istio-version', '1.26.0', '.'], { cwd: t.path('repo'), env: withPath(bin) });
        assert.ok(r.stdout.length > 0, `${format}: ${r.stderr}`);
        assert.not.ok((r.stdout + r.stderr).includes('s3cr3t-name-7q'), `${format}:\n${r.stdout}${r.stderr}`);
        assert.not.ok((r.stdout + r.stderr).includes('s3cr3t-key-5z'), `${format}:\n${r.stdout}${r.stderr}`);
      }
      const json = parseJsonReport(cli(['-f', 'json', '--charts', '../pulled2', '--istio-version', '1.26.0', '.'], { cwd: t.path('repo'), env: withPath(bin) }));
      const resources = json.flatMap((f) => f.messages.map((m) => (m as { resource?: string }).resource));
      assert.ok(resources.some((r) => r?.includes('from Secret flux-system/web-secret')), JSON.stringify(resources));
    });
  });

  test('a release rendered without a values layer the inputs do not hold, or with post-renderers, is named in one note', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      t.write('repo/release.yaml', FLUX.replace('    - kind: ConfigMap\n      name: web-values\n', '    - kind: Secret\n      name: web-secret\n').replace('  values:\n', '  postRenderers:\n    - kustomize: {images: [{name: nginx, newTag: "1.27"}]}\n  values:\n'));
      const r = cli(['--charts', '../pulled', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.match(r.stderr, /note: 1 chart release was rendered without what the inputs do not hold \(HelmRelease flux-system\/web takes values from Secret flux-system\/web-secret \(spec\.valuesFrom\[0\]\), which is not among the inputs\)/);
    });
  });

  test('an Argo CD Application with two sources renders with the $ref values file, into destination.namespace', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.2.3', 'repo/charts');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/envs/prod/values.yaml', 'replicas: 2\nhostNetwork: true\n');
      t.write(
        'repo/apps/web.yaml',
        [
          'apiVersion: argoproj.io/v1alpha1', // 1
          'kind: Application', // 2
          'metadata:', // 3
          '  name: web', // 4
          '  namespace: argocd', // 5
          'spec:', // 6
          '  destination:', // 7
          '    namespace: shop', // 8
          '  sources:', // 9
          '    - repoURL: https://charts.example.com', // 10
          '      chart: webapp', // 11
          '      targetRevision: 1.2.3', // 12
          '      helm:', // 13
          '        releaseName: storefront', // 14
          '        valueFiles:', // 15
          '          - $values/envs/prod/values.yaml', // 16
          '    - repoURL: https://git.example.com/deploy.git', // 17
          '      targetRevision: main', // 18
          '      ref: values', // 19
          '',
        ].join('\n'),
      );
      // The repository's own charts/ folder of archives is a chart source without --charts.
      const r = cli(['-f', 'json', '--render-charts', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.equal(flat(r), ['envs/prod/values.yaml 2:1 injection-host-network Deployment shop/storefront'], r.stderr);
    });
  });

  test('an Argo CD Application whose path names a chart folder of the repository renders it with its values, once', () => {
    withTemp((t) => {
      writeChart(t, 'repo/charts/webapp', 'webapp', '0.1.0');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write(
        'repo/app.yaml',
        [
          'apiVersion: argoproj.io/v1alpha1',
          'kind: Application',
          'metadata:',
          '  name: web',
          '  namespace: argocd',
          'spec:',
          '  destination:',
          '    namespace: shop',
          '  source:',
          '    repoURL: https://git.example.com/deploy.git',
          '    path: charts/webapp',
          '    helm:',
          '      valuesObject:',
          '        hostNetwork: true',
          '',
        ].join('\n'),
      );
      const r = cli(['-f', 'json', '--render-charts', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      // Not also rendered on its own with the chart's defaults.
      assert.equal(flat(r), ['app.yaml 14:9 injection-host-network Deployment shop/web'], r.stderr);
      // What the chart itself writes is reported on its template, which is the repository's to fix.
      t.write('repo/charts/webapp/values.yaml', 'hostNetwork: true\npodAnnotations: {}\n');
      t.write('repo/app.yaml', readFileSync(t.path('repo/app.yaml'), 'utf8').replace('        hostNetwork: true\n', '        replicas: 1\n'));
      const own = cli(['-f', 'json', '--render-charts', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.equal(flat(own), ['charts/webapp/templates/deploy.yaml 14:7 injection-host-network Deployment shop/web'], own.stderr);
    });
  });

  test('a Flux HelmRelease of a chart path in a GitRepository renders the repository chart at that path', () => {
    withTemp((t) => {
      writeChart(t, 'repo/deploy/charts/webapp', 'webapp', '0.1.0');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write(
        'repo/clusters/prod/web.yaml',
        [
          'apiVersion: helm.toolkit.fluxcd.io/v2', // 1
          'kind: HelmRelease', // 2
          'metadata: {name: web, namespace: shop}', // 3
          'spec:', // 4
          '  releaseName: storefront', // 5
          '  chart:', // 6
          '    spec:', // 7
          '      chart: ./deploy/charts/webapp', // 8
          '      sourceRef: {kind: GitRepository, name: flux-system, namespace: flux-system}', // 9
          '  values:', // 10
          '    hostNetwork: true', // 11
          '',
        ].join('\n'),
      );
      const r = cli(['-f', 'json', '--render-charts', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.equal(flat(r), ['clusters/prod/web.yaml 11:5 injection-host-network Deployment shop/storefront'], r.stderr);
    });
  });

  test('meshlint diff reads the same --charts folder on both sides, named from where it is typed', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      const git = (...args: string[]): void => {
        const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: t.path('repo'), encoding: 'utf8' });
        assert.is(r.status, 0, r.stderr);
      };
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/release.yaml', FLUX.replace('    hostNetwork: true', '    hostNetwork: false'));
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'base');
      t.write('repo/release.yaml', FLUX);
      const r = cli(['diff', 'HEAD', '--charts', '../pulled', '-f', 'json'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.is(r.stderr, '', r.stderr);
      const json = JSON.parse(r.stdout) as { findings: { new: { ruleId: string; filePath: string }[] } };
      assert.equal(json.findings.new.map((f) => `${f.filePath} ${f.ruleId}`), ['release.yaml injection-host-network']);
    });
  });

  test('a release whose chart is not available is one note naming it; meshlint charts prints the helm pull command', () => {
    withTemp((t) => {
      packageChart(t, bin, 'other', '1.0.0', 'pulled');
      t.write('repo/release.yaml', FLUX);
      t.write(
        'repo/oci.yaml',
        [
          'apiVersion: argoproj.io/v1alpha1',
          'kind: Application',
          'metadata: {name: kc, namespace: argocd}',
          'spec:',
          '  destination: {namespace: auth}',
          '  source:',
          '    repoURL: registry-1.docker.io/bitnamicharts',
          '    chart: keycloak',
          '    targetRevision: 24.0.1',
          '---',
          // A folder of another repository without helm settings: plain manifests, as Argo CD reads it.
          'apiVersion: argoproj.io/v1alpha1',
          'kind: Application',
          'metadata: {name: guestbook, namespace: argocd}',
          'spec:',
          '  destination: {namespace: web}',
          '  source: {repoURL: https://github.com/argoproj/argocd-example-apps.git, path: guestbook}',
          '',
        ].join('\n'),
      );
      const lint = cli(['-f', 'json', '--charts', '../pulled', '.'], { cwd: t.path('repo'), env: withPath(bin) });
      assert.is(lint.code, 0, lint.stderr);
      assert.match(lint.stderr, /note: 2 chart releases of GitOps objects were not rendered: their charts are not available \(keycloak 24\.0\.1, webapp >=1\.0\.0 <2\.0\.0\)\. Run meshlint charts/);
      const list = cli(['charts', '--charts', '../pulled', '.'], { cwd: t.path('repo') });
      assert.is(list.code, 0, list.stderr);
      assert.ok(list.stdout.includes(`helm pull --repo=https://charts.example.com '--version=>=1.0.0 <2.0.0' --destination=../pulled -- webapp`), list.stdout);
      assert.ok(list.stdout.includes('helm pull --version=24.0.1 --destination=../pulled -- oci://registry-1.docker.io/bitnamicharts/keycloak'), list.stdout);
      assert.ok(list.stdout.includes('release.yaml:18:7  HelmRelease flux-system/web'), list.stdout);
      assert.not.match(list.stdout, /guestbook/);
      const json = JSON.parse(cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') }).stdout) as { destination: string; missing: { chart: string; oci: boolean; releases: unknown[] }[] };
      assert.is(json.destination, 'charts');
      assert.equal(json.missing.map((m) => [m.chart, m.oci, m.releases.length]), [['keycloak', true, 1], ['webapp', false, 1]]);
    });
  });
}

if (helms[0] && kubectl) {
  const { bin } = helms[0];
  test('a HelmRelease that an overlay builds is rendered too, its findings on the file the overlay reads', () => {
    withTemp((t) => {
      packageChart(t, bin, 'webapp', '1.4.0', 'pulled');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/flux/release.yaml', FLUX);
      t.write('repo/flux/kustomization.yaml', 'resources:\n  - release.yaml\n');
      const r = cli(['-f', 'json', '--charts', '../pulled', '--render-overlays', '.'], { cwd: t.path('repo'), env: withPath(bin, kubectl) });
      assert.ok(flat(r).includes('flux/release.yaml 27:5 injection-host-network Deployment shop/shop-web'), flat(r).join('\n') + r.stderr);
    });
  });
}

if (helms[0] && kubectl) {
  const { bin } = helms[0];
  const KUSTOMIZATION = ['namespace: shop', 'helmCharts:', '  - name: webapp', '    releaseName: web', '    namespace: shop', '    valuesInline:', '      hostNetwork: true', ''].join('\n');
  const build = (t: TempDir): CliRun => cli(['-f', 'json', '--render-overlays', '.'], { cwd: t.path('repo'), env: withPath(bin, kubectl) });

  test('a kustomization with helmCharts is built with the confined helm from its chart home, into its namespace', () => {
    withTemp((t) => {
      writeChart(t, 'repo/overlay/charts/webapp', 'webapp', '0.1.0');
      t.write('repo/ns.yaml', NAMESPACE);
      t.write('repo/overlay/kustomization.yaml', KUSTOMIZATION);
      const r = build(t);
      assert.equal(flat(r), ['overlay/kustomization.yaml 7:7 injection-host-network Deployment shop/web'], r.stderr);
      // The chart in the chart home is linted through the build, not named as unrendered.
      assert.not.match(r.stderr, /not linted/);
    });
  });

  test('helmCharts that could make helm run a program or read outside the repository are not built with Helm', () => {
    withTemp((t) => {
      writeChart(t, 'repo/overlay/charts/webapp', 'webapp', '0.1.0');
      const cases: [string, RegExp][] = [
        [KUSTOMIZATION.replace('releaseName: web', 'releaseName: --post-renderer=./x.sh'), /releaseName "--post-renderer=\.\/x\.sh" is not a Helm release name/],
        [KUSTOMIZATION.replace('    namespace: shop\n', '    valuesFile: /etc/passwd\n'), /values file "\/etc\/passwd" leads outside the repository/],
        [`helmGlobals:\n  configHome: /root/.config/helm\n${KUSTOMIZATION}`, /helmGlobals\.configHome names a Helm config folder/],
        [`helmGlobals:\n  chartHome: ../../elsewhere\n${KUSTOMIZATION}`, /chartHome "\.\.\/\.\.\/elsewhere" leads outside the repository/],
        [KUSTOMIZATION.replace('    releaseName: web\n', '    nameTemplate: "{{ .Values.x }}"\n'), /nameTemplate is a template/],
      ];
      for (const [text, why] of cases) {
        t.write('repo/overlay/kustomization.yaml', text);
        const messages = parseJsonReport(build(t)).flatMap((f) => f.messages);
        assert.is(messages.length, 1, text);
        assert.is(messages[0]?.ruleId, 'parse-error');
        assert.match(messages[0]?.message ?? '', why);
      }
      // helm follows links when it loads a chart: one out of the chart is refused.
      t.write('repo/overlay/kustomization.yaml', KUSTOMIZATION);
      symlinkSync('/etc/hostname', t.path('repo/overlay/charts/webapp/templates/leak.txt'));
      const linked = parseJsonReport(build(t)).flatMap((f) => f.messages);
      assert.match(linked[0]?.message ?? '', /helmCharts webapp: templates\/leak\.txt is a symbolic link to "\/etc\/hostname" outside the chart/);
    });
  });

  test('a helmCharts chart that is not vendored is a warning with the helm pull that vendors it', () => {
    withTemp((t) => {
      t.write('repo/overlay/kustomization.yaml', KUSTOMIZATION.replace('  - name: webapp\n', '  - name: webapp\n    repo: https://charts.example.com\n    version: 1.2.3\n'));
      const messages = parseJsonReport(build(t)).flatMap((f) => f.messages);
      assert.is(messages.length, 1);
      assert.is(messages[0]?.severity, 1);
      assert.match(messages[0]?.message ?? '', /helm pull --repo=https:\/\/charts\.example\.com --version=1\.2\.3 --untar --untardir=overlay\/charts\/webapp-1\.2\.3 -- webapp/);
    });
  });
}

test('without charts named, GitOps releases are one note saying how to render them', () => {
  withTemp((t) => {
    t.write('repo/release.yaml', FLUX);
    const r = cli(['.'], { cwd: t.path('repo') });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /note: 1 chart release of GitOps objects was not rendered \(HelmRelease flux-system\/web\): what it deploys is not linted\. Pass --charts DIR/);
  });
});

test('meshlint charts: a release whose version a tool fills in says which field waits and what to pull, not a helm pull that cannot run', () => {
  withTemp((t) => {
    t.write('repo/release.yaml', FLUX.replace("version: '>=1.0.0 <2.0.0'", 'version: ${WEB_VERSION}'));
    const r = cli(['charts', '.'], { cwd: t.path('repo') });
    assert.match(r.stdout, /HelmRelease flux-system\/web: its version "\$\{WEB_VERSION\}" is filled in by a tool \(Flux postBuild substitution or the like\): pull \S+ at the version it deploys into the charts folder/);
    assert.not.match(r.stdout, /--version=\$\{WEB_VERSION\}/);
  });
});

test('meshlint charts prints what the repository writes escaped: a line break in a version or chart name is no line of its own', () => {
  withTemp((t) => {
    t.write('repo/release.yaml', FLUX.replace("version: '>=1.0.0 <2.0.0'", 'version: "1.0.0\\n::error file=x::forged"').replace('chart: webapp', 'chart: "web\\r\\n::warning::forged"'));
    const r = cli(['charts', '.'], { cwd: t.path('repo') });
    assert.ok(r.stdout.includes('forged'), r.stdout);
    assert.not.match(r.stdout, /^::/m, 'a forged workflow command');
    const json = cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') });
    assert.not.match(json.stdout, /^::/m);
  });
});

test('a chart folder or archive in charts/ that links outside the repository is not available to a release, on the lint and in meshlint charts', () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/release.yaml', FLUX);
    writeChart(t, 'outside/webapp', 'webapp', '1.2.0');
    t.write('repo/charts/README.md', 'vendored charts\n');
    symlinkSync(t.path('outside/webapp'), t.path('repo/charts/webapp'));
    symlinkSync(t.path('outside/webapp/Chart.yaml'), t.path('repo/charts/webapp-1.3.0.tgz'));
    const json = JSON.parse(cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') }).stdout) as { missing: { chart: string }[]; available: unknown[] };
    assert.equal(json.missing.map((m) => m.chart), ['webapp'], 'the linked chart is not taken for the release');
    assert.equal(json.available, []);
    // A link inside the repository is the repository's own chart.
    writeChart(t, 'repo/vendor/webapp', 'webapp', '1.2.0');
    unlinkSync(t.path('repo/charts/webapp'));
    symlinkSync(t.path('repo/vendor/webapp'), t.path('repo/charts/webapp'));
    const inside = cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') });
    assert.equal((JSON.parse(inside.stdout) as { missing: unknown[] }).missing, []);
  });
});

test('meshlint charts --charts DIR names where the charts will be pulled: a folder not made yet is no error; a lint still needs it', () => {
  withTemp((t) => {
    t.write('repo/release.yaml', FLUX);
    const r = cli(['charts', '--charts', '.charts', '.'], { cwd: t.path('repo') });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, /--destination=\.charts -- webapp/);
    const lint = cli(['--charts', '.charts', '.'], { cwd: t.path('repo') });
    assert.is(lint.code, 2);
    assert.match(lint.stderr, /--charts \.charts: no such directory/);
  });
});

test('releases of one name in two files are told apart in the note by their files', () => {
  withTemp((t) => {
    t.write('repo/a/release.yaml', FLUX);
    t.write('repo/b/release.yaml', FLUX);
    const r = cli(['.'], { cwd: t.path('repo') });
    assert.match(r.stderr, /not rendered \(HelmRelease flux-system\/web in a\/release\.yaml, HelmRelease flux-system\/web in b\/release\.yaml\)/);
  });
});

test("a chart folder met elsewhere in the repository is not taken for a chart repository's chart of the same name: only the charts folders are", () => {
  withTemp((t) => {
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/release.yaml', FLUX);
    writeChart(t, 'repo/examples/webapp', 'webapp', '1.2.0');
    const json = JSON.parse(cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') }).stdout) as { missing: { chart: string }[] };
    assert.equal(json.missing.map((m) => m.chart), ['webapp'], 'examples/webapp may be another chart, or another version');
    // In charts/, it is the chart pulled for the release.
    writeChart(t, 'repo/charts/webapp', 'webapp', '1.2.0');
    assert.equal((JSON.parse(cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') }).stdout) as { missing: unknown[] }).missing, []);
  });
});

const CHART_REF_AND_GIT = [
  'apiVersion: source.toolkit.fluxcd.io/v1beta2',
  'kind: OCIRepository',
  'metadata: { name: podinfo, namespace: flux-system }',
  'spec:',
  '  url: oci://ghcr.io/stefanprodan/charts/podinfo',
  '  ref: { semver: "6.5.0" }',
  '---',
  'apiVersion: helm.toolkit.fluxcd.io/v2',
  'kind: HelmRelease',
  'metadata: { name: podinfo, namespace: apps }',
  'spec:',
  '  chartRef: { kind: OCIRepository, name: podinfo, namespace: flux-system }',
  '---',
  'apiVersion: source.toolkit.fluxcd.io/v1',
  'kind: GitRepository',
  'metadata: { name: charts, namespace: flux-system }',
  'spec:',
  '  url: https://github.com/example/charts',
  '  ref: { branch: release-1.2 }',
  '---',
  'apiVersion: helm.toolkit.fluxcd.io/v2',
  'kind: HelmRelease',
  'metadata: { name: web, namespace: apps }',
  'spec:',
  '  chart:',
  '    spec:',
  '      chart: ./charts/web',
  '      sourceRef: { kind: GitRepository, name: charts, namespace: flux-system }',
].join('\n') + '\n';

test('meshlint charts: a chartRef release is located on the HelmRelease, and a chart in git names the branch its source deploys', () => {
  withTemp((t) => {
    t.write('repo/hr.yaml', CHART_REF_AND_GIT);
    const r = cli(['charts', '-f', 'json', '.'], { cwd: t.path('repo') });
    const missing = (JSON.parse(r.stdout) as { missing: { chart: string; gitRevision: string | null; releases: { object: string; line: number }[] }[] }).missing;
    assert.equal(missing.map((m) => `${m.chart} ${m.gitRevision} ${m.releases.map((x) => `${x.object}:${x.line}`).join()}`), ['podinfo null HelmRelease apps/podinfo:12', 'web branch release-1.2 HelmRelease apps/web:27']);
    assert.match(cli(['charts', '.'], { cwd: t.path('repo') }).stdout, /a chart in git \(https:\/\/github\.com\/example\/charts, branch release-1\.2\) at charts\/web/);
  });
});

test('meshlint charts lists the releases inside overlays and their helmCharts entries, with --render-overlays as without', () => {
  withTemp((t) => {
    t.write('repo/apps/base/hr.yaml', FLUX);
    t.write('repo/apps/base/kustomization.yaml', 'resources:\n- hr.yaml\n');
    t.write('repo/apps/prod/kustomization.yaml', 'resources:\n- ../base\nnamespace: shop-prod\nhelmCharts:\n- name: redis\n  repo: https://charts.example.com/bitnami\n  version: 18.1.0\n  releaseName: cache\n');
    const list = (extra: string[]): string[] => {
      const r = cli(['charts', '-f', 'json', ...extra, '.'], { cwd: t.path('repo') });
      return (JSON.parse(r.stdout) as { missing: { chart: string; command: string | null; releases: { object: string; filePath: string }[] }[] }).missing.map((m) => `${m.chart} ${m.releases.map((x) => `${x.object} ${x.filePath}`).join()} ${m.command}`);
    };
    const plain = list([]);
    assert.equal(plain, [
      'webapp HelmRelease flux-system/web apps/base/hr.yaml helm pull --repo=https://charts.example.com \'--version=>=1.0.0 <2.0.0\' --destination=charts -- webapp',
      'redis helmCharts entry redis apps/prod/kustomization.yaml helm pull --repo=https://charts.example.com/bitnami --version=18.1.0 --untar --untardir=apps/prod/charts/redis-18.1.0 -- redis',
    ]);
    assert.equal(list(['--render-overlays']), plain);
  });
});

test('--charts names a folder; helm.chartsDir must be inside the repository', () => {
  withTemp((t) => {
    t.write('repo/release.yaml', FLUX);
    assert.match(cli(['--charts', 'nope', '.'], { cwd: t.path('repo') }).stderr, /--charts nope: no such directory/);
    t.write('repo/.meshlint.yaml', 'helm:\n  chartsDir: ../pulled\n');
    const r = cli(['.'], { cwd: t.path('repo') });
    assert.is(r.code, 2);
    assert.match(r.stderr, /helm\.chartsDir: "\.\.\/pulled" is outside the repository/);
  });
});

test('archive names as helm pull writes them', () => {
  assert.equal(archiveName('keycloak-24.0.1.tgz'), { name: 'keycloak', version: '24.0.1' });
  assert.equal(archiveName('cert-manager-v1.14.0.tgz'), { name: 'cert-manager', version: 'v1.14.0' });
  assert.equal(archiveName('kube-prometheus-stack-58.1.0-rc.1.tgz'), { name: 'kube-prometheus-stack', version: '58.1.0-rc.1' });
  assert.is(archiveName('notes.txt'), undefined);
  assert.is(archiveName('chart.tgz'), undefined);
});

test('version constraints as Flux and Argo CD read them pick the highest matching chart', () => {
  const c = (version: string): AvailableChart => ({ name: 'app', version, path: `/c/app-${version}.tgz`, archive: true });
  const charts = [c('1.2.0'), c('1.10.1'), c('2.0.0'), c('2.1.0-rc.1')];
  const pick = (constraint: string | undefined): string | undefined => pickChart(charts, 'app', constraint)?.version;
  assert.is(pick(undefined), '2.0.0');
  assert.is(pick('1.x'), '1.10.1');
  assert.is(pick('>=1.0.0, <2.0.0'), '1.10.1');
  assert.is(pick('~1.2'), '1.2.0');
  assert.is(pick('^2'), '2.0.0');
  assert.is(pick('1.2.0'), '1.2.0');
  assert.is(pick('v1.2.0'), '1.2.0');
  assert.is(pick('3.x'), undefined);
  assert.is(pickChart(charts, 'other', undefined), undefined);
});

/** A tar stream of these entries (ustar headers), gzipped: the archive helm would be handed. */
function tgz(entries: readonly { name: string; type?: string; body?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = Buffer.from(e.body ?? '');
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 100, 'latin1');
    h.write('0000644\0', 100, 'latin1');
    h.write('0000000\0', 108, 'latin1');
    h.write('0000000\0', 116, 'latin1');
    h.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    h.write('00000000000\0', 136, 'latin1');
    h.write(e.type ?? '0', 156, 'latin1');
    if (e.type === '2') h.write('/etc/passwd', 157, 100, 'latin1');
    h.write('ustar\0', 257, 'latin1');
    h.write('00', 263, 'latin1');
    h.fill(' ', 148, 156);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(h, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

test('an archive is held to bounds before helm reads it: no links, no paths out of the chart, a bounded number of entries', () => {
  withTemp((t) => {
    const ok = t.write('ok-1.0.0.tgz', tgz([{ name: 'ok/Chart.yaml', body: 'name: ok\nversion: 1.0.0\n' }]));
    assert.is(archiveProblem(ok), undefined);
    assert.match(archiveProblem(t.write('l-1.0.0.tgz', tgz([{ name: 'l/Chart.yaml', body: 'x' }, { name: 'l/templates/x.yaml', type: '2' }]))) ?? '', /holds a link/);
    assert.match(archiveProblem(t.write('p-1.0.0.tgz', tgz([{ name: 'p/../../etc/x', body: 'x' }]))) ?? '', /outside the chart/);
    assert.match(archiveProblem(t.write('n-1.0.0.tgz', tgz(Array.from({ length: 20_001 }, (_, i) => ({ name: `n/f${i}` }))))) ?? '', /more than 20000 entries/);
    assert.match(archiveProblem(t.write('z-1.0.0.tgz', 'not gzip')) ?? '', /not a gzip archive/);
  });
});

test('helm pull commands bind each value to its flag and quote what the shell would split', () => {
  assert.is(pullCommand('app', '>=1 <2', { url: 'https://c.example.com', oci: false }, 'charts'), `helm pull --repo=https://c.example.com '--version=>=1 <2' --destination=charts -- app`);
  assert.is(pullCommand('istiod', undefined, { url: 'oci://gcr.io/istio-release/charts/istiod', oci: true }, 'my charts'), `helm pull '--destination=my charts' -- oci://gcr.io/istio-release/charts/istiod`);
  // A name from the repository is never a flag, and never more than one word.
  assert.is(pullCommand('--post-renderer=x', undefined, { url: "https://c.example.com/'; rm -rf ~", oci: false }, 'charts'), `helm pull '--repo=https://c.example.com/'\\''; rm -rf ~' --destination=charts -- --post-renderer=x`);
});

test.run();
