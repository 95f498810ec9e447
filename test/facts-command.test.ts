// `meshlint facts`: what is known of the cluster and where from, what is unknown, and the
// workloads each unknown leaves undecided; its JSON; and the lint note that points at it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMMAND_HELP, HELP } from '../src/cli/help.ts';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { gatherFactsReport, type FactsReport } from '../src/engine/facts-report.ts';
import { FACTS_POINTER } from '../src/engine/notes.ts';
import { formatFactsReport } from '../src/format/facts.ts';
import { decodeSource } from '../src/load/read.ts';
import { cli, withTemp } from './helpers/cli.ts';
import { yaml } from './helpers/rule-tester.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const NAMESPACE = yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: payments
    labels: { istio-injection: enabled }
  `;
const APPS = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: payments }
  spec:
    template:
      spec:
        containers: [{ name: web, image: web }]
  ---
  apiVersion: batch/v1
  kind: Job
  metadata: { name: migrate, namespace: elsewhere }
  spec:
    template:
      spec:
        containers: [{ name: m, image: m }]
  `;
/** The default revision's injector ConfigMap: policy and CNI stated, hold and native sidecars left out. */
const MESH = yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: istio-sidecar-injector
    namespace: istio-system
  data:
    config: |
      policy: enabled
    values: |
      {"revision": "", "pilot": {"cni": {"enabled": true}}}
  `;
/** A revision tag "prod" served by revision canary's istiod. */
const TAG_WEBHOOK = yaml`
  apiVersion: admissionregistration.k8s.io/v1
  kind: MutatingWebhookConfiguration
  metadata:
    name: istio-revision-tag-prod
    labels: { istio.io/rev: canary, istio.io/tag: prod }
  webhooks:
    - name: rev.namespace.sidecar-injector.istio.io
      clientConfig: { service: { name: istiod-canary, namespace: istio-system } }
      namespaceSelector:
        matchExpressions: [{ key: istio.io/rev, operator: In, values: [prod] }]
  `;

const input = (name: string, text: string) => decodeSource(Buffer.from(text), name, undefined);
const files = (...pairs: [string, string][]) => pairs.map(([n, t]) => input(n, t));

test('explain and facts name a file they could not read, as lint does, and exit 1: never "no workloads" or "every workload is decided" alone', () => {
  withTemp((t) => {
    t.write('ns.yaml', NAMESPACE);
    t.write('broken.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: [web\n');
    t.write('binary.yaml', Buffer.from([0x61, 0x3a, 0x20, 0xc3, 0x28, 0x0a]));
    const lint = cli(['-f', 'json', '.'], { cwd: t.dir });
    const linted = JSON.parse(lint.stdout) as { filePath: string; messages: { line: number; column: number }[] }[];
    const at = linted.find((r) => r.filePath === 'broken.yaml')?.messages[0];
    for (const argv of [['explain', '.'], ['explain', '-f', 'json', '.'], ['explain', '-f', 'markdown', '.'], ['facts', '.'], ['facts', '-f', 'json', '.']]) {
      const run = cli(argv, { cwd: t.dir });
      assert.is(run.code, 1, `${argv.join(' ')}: ${run.stderr}`);
      assert.ok(run.stderr.includes(`broken.yaml:${at?.line}:${at?.column}: not read: YAML syntax error`), `${argv.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /binary\.yaml: not read: /);
    }
    const facts = cli(['facts', '.'], { cwd: t.dir });
    assert.not.ok(facts.stdout.includes('nothing: every workload is decided'), facts.stdout);
    assert.match(facts.stdout, /Not read\n {2}binary\.yaml: not valid UTF-8 text.*\n {2}broken\.yaml:4:9: YAML syntax error/);
    const json = JSON.parse(cli(['facts', '-f', 'json', '.'], { cwd: t.dir }).stdout) as FactsReport;
    assert.equal(json.unread.map((u) => `${u.filePath}:${u.line}`).sort(), ['binary.yaml:0', 'broken.yaml:4']);
    // Nothing unread: exit 0, as before.
    t.write('broken.yaml', APPS);
    t.write('binary.yaml', NAMESPACE.replace('payments', 'other'));
    assert.is(cli(['explain', '.'], { cwd: t.dir }).code, 0);
    assert.is(cli(['facts', '.'], { cwd: t.dir }).code, 0);
  });
});

test('facts: the mesh\'s root namespace and its PeerAuthentications, each with its scope, mode and file:line', () => {
  const files = [
    ['mesh.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio, namespace: istio-system }\ndata:\n  mesh: |\n    rootNamespace: mesh-root\n'],
    ['pa.yaml', 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: default, namespace: mesh-root }\nspec: { mtls: { mode: STRICT } }\n---\napiVersion: security.istio.io/v1beta1\nkind: PeerAuthentication\nmetadata: { name: api, namespace: shop }\nspec:\n  selector: { matchLabels: { app: api } }\n  portLevelMtls: { 8080: { mode: PERMISSIVE } }\n'],
  ];
  const report = gatherFactsReport(files.map(([name, text]) => decodeSource(Buffer.from(text as string), name as string, undefined)), EMPTY_CONFIG, {});
  assert.equal(report.mtls.rootNamespace, { value: 'mesh-root', source: 'ConfigMap istio, mesh.yaml:1', status: 'input' });
  assert.equal(report.mtls.peerAuthentications.map((p) => `${p.namespace}/${p.name} ${p.scope} ${p.mode} ${JSON.stringify(p.ports)} ${p.source}`), [
    'mesh-root/default mesh STRICT {} pa.yaml:1',
    'shop/api workload UNSET {"8080":"PERMISSIVE"} pa.yaml:6',
  ]);
  assert.match(formatFactsReport(report, false), /\nmTLS\n {2}root namespace \(meshConfig\.rootNamespace\): mesh-root {2}\(ConfigMap istio, mesh\.yaml:1\)\n {2}PeerAuthentication mesh-root\/default: STRICT for the mesh/);
  // Without a mesh config, the root namespace is unknown and a namespace-wide policy's scope too.
  const alone = gatherFactsReport([decodeSource(Buffer.from(files[1]?.[1] as string), 'pa.yaml', undefined)], EMPTY_CONFIG, {});
  assert.is(alone.mtls.rootNamespace.status, 'unknown');
  assert.equal(alone.mtls.peerAuthentications.map((p) => p.scope), ['unknown', 'workload']);
});

test('facts: namespaces defined in a file (file:line), in the config, and used but defined nowhere', () => {
  const config = { ...EMPTY_CONFIG, namespaces: { audit: { labels: { 'istio.io/rev': 'canary' } } } };
  const report = gatherFactsReport(files(['ns.yaml', `# the shop's namespaces\n${NAMESPACE}`], ['apps.yaml', APPS]), config, {});
  assert.equal(report.namespaces, [
    { name: 'audit', labels: { 'istio.io/rev': 'canary' }, source: 'config file', status: 'config', workloads: 0 },
    { name: 'elsewhere', labels: {}, source: 'not defined: unknown', status: 'unknown', workloads: 1 },
    { name: 'payments', labels: { 'istio-injection': 'enabled' }, source: 'ns.yaml:2', status: 'input', workloads: 1 },
  ]);
  const text = formatFactsReport(report, false);
  assert.match(text, /\n {2}elsewhere: not defined: unknown {2}1 workload\n/);
  assert.match(text, /\n {2}payments: istio-injection=enabled {2}\(ns\.yaml:2\) {2}1 workload\n/);
  assert.match(text, /\n {2}audit: istio\.io\/rev=canary {2}\(config file\)\n/);
});

test("facts: an install from an injector ConfigMap: stated settings with file:line, the rest Istio's default", () => {
  const report = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['apps.yaml', APPS], ['mesh.yaml', `---\n${MESH}`]), EMPTY_CONFIG, { cliIstioVersion: '1.26' });
  assert.equal(report.istioVersion, { value: '1.26', source: '--istio-version', status: 'input' });
  const [install, ...more] = report.installs;
  assert.is(more.length, 0);
  assert.equal(install, {
    revision: 'default',
    install: { value: true, source: 'ConfigMap istio-sidecar-injector, mesh.yaml:2', status: 'input' },
    injectionPolicy: { value: 'enabled', source: 'ConfigMap istio-sidecar-injector, mesh.yaml:2', status: 'input' },
    nativeSidecars: { value: 'false', source: "Istio's default", status: 'default' },
    hold: { value: false, source: "Istio's default", status: 'default' },
    holdValues: { value: false, source: "Istio's default", status: 'default' },
    cni: { value: true, source: 'ConfigMap istio-sidecar-injector (values pilot.cni.enabled), mesh.yaml:2', status: 'input' },
  });
  // The same revision's injector ConfigMap in two files: which install applies is unknown, not Istio's default.
  const twice = gatherFactsReport(files(['a/mesh.yaml', MESH], ['b/mesh.yaml', MESH.replace('"enabled": true', '"enabled": false')]), EMPTY_CONFIG, { cliIstioVersion: '1.26' });
  assert.is(twice.installs[0]?.hold.status, 'unknown');
  assert.match(twice.installs[0]?.hold.detail ?? '', /install objects of revision default in several files/);
  assert.is(twice.installs[0]?.cni.status, 'unknown');
  // From 1.27, ENABLE_NATIVE_SIDECARS defaults to auto.
  const later = gatherFactsReport(files(['mesh.yaml', MESH]), EMPTY_CONFIG, { cliIstioVersion: '1.27' });
  assert.equal(later.installs[0]?.nativeSidecars, { value: 'auto', source: "Istio's default", status: 'default' });
  // With the install known, the injected Deployment's sidecar is decided: only the Job's namespace is unknown.
  assert.equal(report.unknowns.map((u) => [u.kind, u.fact, u.workloads.map((w) => `${w.resource} ${w.filePath}:${w.line}`)]), [
    ['namespace-labels', 'labels of namespace elsewhere', ['Job elsewhere/migrate apps.yaml:11']],
  ]);
});

test('facts: an install stated in the config; unknown where no install is among the inputs or the config', () => {
  const config = { ...EMPTY_CONFIG, istio: { version: '1.26', cni: false, holdApplicationUntilProxyStarts: true, injectionPolicy: 'disabled' } };
  const [stated] = gatherFactsReport(files(['apps.yaml', APPS]), config, {}).installs;
  assert.equal(stated?.cni, { value: false, source: 'istio.cni in the config file', status: 'config' });
  assert.equal(stated?.hold, { value: true, source: 'istio.holdApplicationUntilProxyStarts in the config file', status: 'config' });
  assert.equal(stated?.injectionPolicy, { value: 'disabled', source: 'istio.injectionPolicy in the config file', status: 'config' });
  // The config states no native sidecars and no install object is among the inputs: unknown, not Istio's default.
  assert.is(stated?.nativeSidecars.status, 'unknown');
  assert.is(stated?.nativeSidecars.source, 'unknown');
  assert.match(stated?.nativeSidecars.detail ?? '', /predicted with Istio 1\.26's default, "false"/);

  const bare = gatherFactsReport(files(['apps.yaml', APPS]), EMPTY_CONFIG, {});
  const [unknown] = bare.installs;
  for (const key of ['install', 'nativeSidecars', 'hold', 'holdValues', 'cni'] as const) {
    assert.is(unknown?.[key].status, 'unknown', key);
    assert.is(unknown?.[key].source, 'unknown', key);
    assert.is(unknown?.[key].value, null, key);
  }
  assert.equal(unknown?.injectionPolicy, { value: 'enabled', source: 'unknown', status: 'unknown', detail: `predicted as Istio's default, "enabled"` });
  assert.is(bare.istioVersion.status, 'unknown');
  assert.equal(bare.webhooks.map((w) => [w.revision, w.tag, w.status]), [['default', null, 'unknown']]);
  const text = formatFactsReport(bare, false);
  assert.match(text, /\n {2}Istio CNI: unknown {2}\(no install of revision default among the inputs\)\n/);
  assert.match(text, /\n {2}version: unknown {2}\(findings that hold on some versions only \(1\.18 to 1\.31\) are left out; state istio\.version/);
});

test('facts: the workloads each unknown leaves undecided, and how to decide', () => {
  const report = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['apps.yaml', APPS]), EMPTY_CONFIG, { cliIstioVersion: '1.27' });
  assert.equal(
    report.unknowns.map((u) => [u.kind, u.fact, u.workloads.map((w) => [w.resource, w.filePath, w.line])]),
    [
      ['namespace-labels', 'labels of namespace elsewhere', [['Job elsewhere/migrate', 'apps.yaml', 11]]],
      ['native-sidecars', 'native sidecars of revision default', [['Deployment payments/web', 'apps.yaml', 3]]],
      ['hold', 'holdApplicationUntilProxyStarts of revision default', [['Deployment payments/web', 'apps.yaml', 3]]],
      ['cni', 'Istio CNI of revision default', [['Deployment payments/web', 'apps.yaml', 3]]],
    ],
  );
  const text = formatFactsReport(report, false);
  assert.match(text, /\n {2}labels of namespace elsewhere: 1 workload undecided\n {4}· Job elsewhere\/migrate {2}apps\.yaml:11: whether Istio injects it\n {4}to decide: define the Namespace/);
  // A workload without a namespace is undecided by the pod's namespace, not by labels.
  const loose = gatherFactsReport(files(['pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: { name: p }\nspec:\n  containers: [{ name: c, image: c }]\n']), EMPTY_CONFIG, {});
  assert.equal(loose.unknowns.map((u) => [u.kind, u.workloads.map((w) => w.resource)]), [['pod-namespace', ['Pod p']]]);
  // Everything stated: nothing is undecided.
  const known = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['apps.yaml', APPS.split('---')[0] as string]), { ...EMPTY_CONFIG, istio: { nativeSidecars: 'true', cni: true } }, {});
  assert.equal(known.unknowns, []);
  assert.match(formatFactsReport(known, false), /\nUnknown\n {2}nothing: every workload is decided\n/);
});

test('facts: the revisions and tags the injector webhooks serve, with the webhook file:line', () => {
  const report = gatherFactsReport(files(['tag.yaml', TAG_WEBHOOK]), EMPTY_CONFIG, {});
  assert.equal(report.webhooks, [{ revision: 'canary', tag: 'prod', source: 'MutatingWebhookConfiguration istio-revision-tag-prod, tag.yaml:1', status: 'input' }]);
  assert.equal(report.installs.map((i) => i.revision), ['canary']);
  assert.match(formatFactsReport(report, false), /\n {2}tag prod → revision canary {2}\(MutatingWebhookConfiguration istio-revision-tag-prod, tag\.yaml:1\)\n/);
  const fromConfig = gatherFactsReport([], { ...EMPTY_CONFIG, istio: { revisions: ['1-26'], revisionTags: { stable: '1-26' } } }, {});
  assert.equal(fromConfig.webhooks.map((w) => [w.revision, w.tag, w.status]), [['1-26', null, 'config'], ['1-26', 'stable', 'config']]);
});

test('meshlint facts on the command line: text, --format json with stable keys, --help, exit codes', () => {
  withTemp((t) => {
    t.write('ns.yaml', NAMESPACE);
    t.write('apps.yaml', APPS);
    t.write('.meshlint.yaml', 'namespaces:\n  elsewhere:\n    labels: { istio-injection: disabled }\n');
    const text = cli(['facts', '--istio-version', '1.26'], { cwd: t.dir });
    assert.is(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Istio\n {2}version: 1\.26 {2}\(--istio-version\)\n/);
    assert.match(text.stdout, /\n {2}elsewhere: istio-injection=disabled {2}\(config file\) {2}1 workload\n/);
    const json = cli(['facts', '-f', 'json'], { cwd: t.dir });
    assert.is(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as FactsReport;
    assert.equal(Object.keys(report), ['istioVersion', 'versionEvidence', 'namespaces', 'webhooks', 'installs', 'ambient', 'mtls', 'unknowns', 'notes', 'unread']);
    // The README names every key of the object, and of its ambient entry.
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const said = readme.slice(readme.indexOf('`meshlint facts --format json` gives'), readme.indexOf('`meshlint facts --format json` gives') + 2500);
    for (const key of [...Object.keys(report), ...Object.keys(report.ambient)]) assert.ok(said.includes(`\`${key}\``), `the README's facts JSON keys lack ${key}`);
    assert.equal(Object.keys(report.installs[0] ?? {}), ['revision', 'install', 'injectionPolicy', 'nativeSidecars', 'hold', 'holdValues', 'cni']);
    assert.equal(Object.keys(report.namespaces[0] ?? {}), ['name', 'labels', 'source', 'status', 'workloads']);
    assert.equal(Object.keys(report.unknowns[0] ?? {}), ['kind', 'fact', 'fix', 'workloads']);
    assert.equal(Object.keys(report.unknowns[0]?.workloads[0] ?? {}), ['resource', 'filePath', 'line', 'why']);
    // -o writes the report to a file.
    assert.is(cli(['facts', '-o', 'facts.txt'], { cwd: t.dir }).stdout, '');
    assert.match(readFileSync(t.path('facts.txt'), 'utf8'), /^Istio\n/);

    assert.is(cli(['facts', '--help'], { cwd: t.dir }).stdout, COMMAND_HELP.facts);
    assert.is(cli(['facts', 'k8s/', '-h'], { cwd: t.dir }).stdout, COMMAND_HELP.facts);
    assert.match(HELP, /\n {2}facts \[paths\] /);
    assert.match(HELP, /meshlint facts \[paths\]/);
    const badFormat = cli(['facts', '-f', 'sarif'], { cwd: t.dir });
    assert.is(badFormat.code, 2);
    assert.match(badFormat.stderr, /facts prints text \(the default\) or --format json/);
    const misspelt = cli(['factz'], { cwd: t.dir });
    assert.is(misspelt.code, 2);
    assert.match(misspelt.stderr, /did you mean "meshlint facts"\?/);
  });
});

test('the README example is what meshlint facts prints for it', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const marker = '<!-- snippet: facts-output -->\n```text\n';
  const at = readme.indexOf(marker);
  assert.ok(at >= 0, 'README has the facts-output example');
  const shown = readme.slice(at + marker.length, readme.indexOf('```', at + marker.length));
  const report = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['apps.yaml', APPS], ['mesh.yaml', MESH]), EMPTY_CONFIG, { cliIstioVersion: '1.26' });
  assert.fixture(formatFactsReport(report, false), shown);
});

test("a lint run's unknown-fact note points at meshlint facts", () => {
  withTemp((t) => {
    t.write('ns.yaml', NAMESPACE);
    t.write('apps.yaml', APPS);
    // payments/web is injected; whether its app waits for Envoy depends on an install not among the inputs.
    const run = cli(['--stats', '.'], { cwd: t.dir });
    const notes = run.stderr.split('\n').filter((l) => l.startsWith('meshlint: note: '));
    assert.ok(notes.length > 0, run.stderr);
    const unknownNotes = notes.filter((l) => / is not among the inputs| the inputs do not say| not defined among the inputs/.test(l));
    assert.ok(unknownNotes.length > 0, run.stderr);
    for (const n of unknownNotes) assert.ok(n.endsWith(FACTS_POINTER), n);
    assert.not.match(run.stderr, /meshlint explain` shows each/);
    assert.is(FACTS_POINTER, '`meshlint facts` shows what is known and what is missing.');
  });
});

test('config istio.valuesFiles: a values file outside the linted paths is read for facts, and one that is missing is a config error', () => {
  withTemp((t) => {
    t.write('apps/ns.yaml', NAMESPACE);
    t.write('apps/apps.yaml', APPS);
    t.write('platform/mesh.yaml', 'revision: ""\nmeshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true\n');
    t.write('.meshlint.yaml', 'istio:\n  valuesFiles: [platform/mesh.yaml]\n');
    const text = cli(['facts', 'apps'], { cwd: t.dir });
    assert.is(text.code, 0, text.stderr);
    assert.match(text.stdout, /values file platform\/mesh\.yaml \(meshConfig\.defaultConfig\.holdApplicationUntilProxyStarts\)/);
    t.write('.meshlint.yaml', 'istio:\n  valuesFiles: [platform/gone.yaml]\n');
    const missing = cli(['facts', 'apps'], { cwd: t.dir });
    assert.is(missing.code, 2);
    assert.match(missing.stderr, /istio\.valuesFiles.*platform\/gone\.yaml: no such file or directory/);
  });
});

test('ambient: istio-cni\'s capture settings and the waypoints, shown only where the inputs concern ambient', () => {
  const plain = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['apps.yaml', APPS]), EMPTY_CONFIG, {});
  assert.is(plain.ambient.relevant, false);
  assert.not.match(formatFactsReport(plain, false), /Ambient/);
  const cni = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio-cni-config, namespace: istio-system }\ndata:\n  EXCLUDE_NAMESPACES: kube-system,legacy\n  AMBIENT_ENABLED: "true"\n';
  const waypoint = 'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: { name: waypoint, namespace: payments }\nspec:\n  gatewayClassName: istio-waypoint\n  listeners: [{ name: mesh, port: 15008, protocol: HBONE }]\n';
  const report = gatherFactsReport(files(['ns.yaml', NAMESPACE], ['cni.yaml', cni], ['waypoint.yaml', waypoint]), EMPTY_CONFIG, {});
  assert.equal([report.ambient.relevant, report.ambient.enabled.value, report.ambient.excludeNamespaces.value], [true, true, 'kube-system, legacy']);
  assert.equal(report.ambient.waypoints, ['payments/waypoint (waypoint-for service), waypoint.yaml:1']);
  const text = formatFactsReport(report, false);
  assert.match(text, /\nAmbient\n/);
  assert.match(text, /\n {2}istio-cni runs with ambient on: true {2}\(ConfigMap istio-system\/istio-cni-config \(cni\.yaml\) AMBIENT_ENABLED\)\n/);
  assert.match(text, /\n {2}ztunnel: not among the inputs\n/);
  assert.match(text, /excluded namespaces: kube-system, legacy/);
});


test("a chart's Chart.yaml that pins Istio's istiod chart is version evidence, rendered or not", () => {
  withTemp((t) => {
    t.write('platform/mesh/Chart.yaml', yaml`
      apiVersion: v2
      name: mesh
      version: 0.3.0
      dependencies:
        - name: base
          version: 1.22.3
          repository: https://istio-release.storage.googleapis.com/charts
        - name: istiod
          version: 1.22.3
          repository: https://istio-release.storage.googleapis.com/charts
        - name: redis
          version: 1.22.3
          repository: https://charts.example.com
      `);
    t.write('platform/mesh/values.yaml', 'istiod: {}\n');
    t.write('apps.yaml', APPS);
    const json = cli(['facts', '-f', 'json'], { cwd: t.dir });
    assert.is(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as FactsReport;
    assert.equal(report.versionEvidence, [
      "1.22.3: chart platform/mesh/Chart.yaml depends on Istio's base chart 1.22.3 (Istio 1.22.3), platform/mesh/Chart.yaml:6",
      "1.22.3: chart platform/mesh/Chart.yaml depends on Istio's istiod chart 1.22.3 (Istio 1.22.3), platform/mesh/Chart.yaml:9",
    ]);
    assert.match(cli(['facts'], { cwd: t.dir }).stdout, /^Istio\n {2}version: 1\.22\.3 /);
    // A range wider than a minor says nothing.
    t.write('platform/mesh/Chart.yaml', 'apiVersion: v2\nname: mesh\nversion: 0.3.0\ndependencies:\n  - { name: istiod, version: ">=1.20.0", repository: "@istio" }\n');
    assert.equal((JSON.parse(cli(['facts', '-f', 'json'], { cwd: t.dir }).stdout) as FactsReport).versionEvidence, []);
  });
});
test.run();
