// `meshlint explain`: the outcome and the reasons for each workload, across files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import { runCli } from '../src/cli/cli.ts';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { explain, selectsResource } from '../src/engine/explain.ts';
import { formatExplanations, formatExplanationsMarkdown } from '../src/format/explain.ts';
import { decodeSource } from '../src/load/read.ts';
import { yaml } from './helpers/rule-tester.ts';
import { testBinary } from './helpers/binaries.ts';
import { cli, withTemp } from './helpers/cli.ts';

const namespace = yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: payments
    labels: { istio-injection: enabled }
  `;
const workloads = yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: payments }
  spec:
    template:
      spec:
        containers: [{ name: web, image: web }]
  ---
  apiVersion: apps/v1
  kind: DaemonSet
  metadata: { name: agent, namespace: payments }
  spec:
    template:
      spec:
        hostNetwork: true
        containers: [{ name: a, image: a }]
  ---
  apiVersion: batch/v1
  kind: Job
  metadata: { name: migrate, namespace: elsewhere }
  spec:
    template:
      spec:
        containers: [{ name: m, image: m }]
  `;

const inputs = [decodeSource(Buffer.from(namespace), 'ns.yaml', undefined), decodeSource(Buffer.from(workloads), 'apps.yaml', undefined)];

test('explain: outcome, webhook and reasons for every workload, the Namespace from another file deciding', () => {
  const { explanations } = explain(inputs, EMPTY_CONFIG, {});
  assert.equal(
    explanations.map((e) => [e.resource, e.filePath, e.line, e.outcome]),
    [
      ['Deployment payments/web', 'apps.yaml', 3, 'injected'],
      ['DaemonSet payments/agent', 'apps.yaml', 11, 'not-injected'],
      ['Job elsewhere/migrate', 'apps.yaml', 20, 'unknown'],
    ],
  );
  const [web, agent, job] = explanations;
  assert.ok(web?.via?.startsWith('namespace.sidecar-injector.istio.io'), web?.via);
  assert.ok(web?.trace.some((s) => s.text === 'namespace payments has istio-injection=enabled'));
  assert.ok(agent?.trace.some((s) => s.text.includes('hostNetwork: true') && s.source?.startsWith('pkg/kube/inject/inject.go')));
  assert.ok(job?.unknownBecause?.includes('namespaces:'), job?.unknownBecause);
});

test('explain: --resource selects one workload', () => {
  assert.is(explain(inputs, EMPTY_CONFIG, { resource: 'DaemonSet/payments/agent' }).explanations.length, 1);
  assert.is(explain(inputs, EMPTY_CONFIG, { resource: 'payments/web' }).explanations[0]?.resource, 'Deployment payments/web');
  assert.ok(selectsResource('deployment/web', 'Deployment', 'x', 'web'));
  assert.not.ok(selectsResource('Deployment/other/web', 'Deployment', 'x', 'web'));
});

test('explain: the text says where the webhooks come from and each reason', () => {
  const { explanations, facts } = explain(inputs, EMPTY_CONFIG, { resource: 'web' });
  const text = formatExplanations(explanations, facts, false);
  assert.match(text, /assumed: a default install/);
  assert.match(text, /Deployment payments\/web {2}apps\.yaml:3\n {2}→ sidecar injected by namespace\.sidecar-injector\.istio\.io/);
  assert.match(text, /· namespace payments has istio-injection=enabled/);
});

test('meshlint explain on the command line: text, json, --resource, and exit 2 when nothing matches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-explain-'));
  try {
    writeFileSync(join(dir, 'ns.yaml'), namespace);
    writeFileSync(join(dir, 'apps.yaml'), workloads);
    const run = (args: string[]) => {
      let out = '';
      let err = '';
      const code = runCli(args, { cwd: dir, stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });
      return { code, out, err };
    };
    const text = run(['explain', '.', '--resource', 'Deployment/payments/web']);
    assert.is(text.code, 0);
    assert.match(text.out, /Deployment payments\/web {2}apps\.yaml:3\n {2}→ sidecar injected/);
    const json = run(['explain', '-f', 'json']);
    assert.equal((JSON.parse(json.out) as { outcome: string }[]).map((e) => e.outcome), ['injected', 'not-injected', 'unknown']);
    const none = run(['explain', '.', '--resource', 'nope']);
    assert.is(none.code, 2);
    assert.match(none.err, /no workload matches --resource nope/);
    assert.is(run(['--resource', 'x', '.']).code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('explain: the sidecar an injected pod gets (native, hold, traffic capture); none for pods without one', () => {
  const config = { ...EMPTY_CONFIG, istio: { nativeSidecars: 'false' as const, cni: true } };
  const { explanations, facts } = explain(inputs, config, {});
  const injected = explanations.filter((e) => e.outcome === 'injected');
  assert.ok(injected.length > 0);
  for (const e of injected) {
    assert.ok(e.sidecar?.native.startsWith('classic sidecar: istio.nativeSidecars in the config file is "false"'), e.sidecar?.native);
    assert.ok(e.sidecar?.cni.startsWith('Istio CNI (istio-validation)'), e.sidecar?.cni);
  }
  for (const e of explanations.filter((x) => x.outcome === 'not-injected')) assert.is(e.sidecar, undefined);
  assert.match(formatExplanations(explanations, facts, false), /· start: classic sidecar/);
});

test('explain: Pod Security admission of an injected pod, as istio-init or istio-validation decides it', () => {
  const enforcing = decodeSource(Buffer.from(namespace.replace('labels: { istio-injection: enabled }', 'labels: { istio-injection: enabled, pod-security.kubernetes.io/enforce: baseline }')), 'ns.yaml', undefined);
  const web = (cni: boolean | undefined) => {
    const config = { ...EMPTY_CONFIG, istio: { ...(cni !== undefined ? { cni } : {}) } };
    const { explanations, facts } = explain([enforcing, inputs[1]!], config, {});
    return { e: explanations.find((x) => x.resource === 'Deployment payments/web'), facts, explanations };
  };
  const off = web(false);
  assert.equal(off.e?.admission?.outcome, 'rejected');
  assert.match(off.e?.admission?.why ?? '', /^Pod Security "baseline" in namespace payments rejects istio-init \(non-default capabilities/);
  assert.match(formatExplanations(off.explanations, off.facts, false), /· admission: rejected: Pod Security "baseline"/);
  assert.equal(web(true).e?.admission?.outcome, 'admitted');
  assert.equal(web(undefined).e?.admission?.outcome, 'unknown');
  // No enforced level: nothing to say.
  assert.is(explain(inputs, EMPTY_CONFIG, {}).explanations.find((x) => x.resource === 'Deployment payments/web')?.admission, undefined);
});

test('explain on an ambient namespace with a waypoint: capture and waypoint per workload', () => {
  const inputs = yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: travel
    labels: { istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint }
  ---
  apiVersion: gateway.networking.k8s.io/v1
  kind: Gateway
  metadata:
    name: waypoint
    namespace: travel
    labels: { istio.io/waypoint-for: all }
  spec:
    gatewayClassName: istio-waypoint
    listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: bookings, namespace: travel }
  spec:
    template:
      metadata:
        labels: { app: bookings }
      spec:
        containers: [{ name: app, image: app }]
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: legacy, namespace: travel }
  spec:
    template:
      metadata:
        labels: { app: legacy, istio.io/dataplane-mode: none }
      spec:
        containers: [{ name: app, image: app }]
  `;
  const { explanations, facts } = explain([decodeSource(Buffer.from(inputs), 'travel.yaml', undefined)], EMPTY_CONFIG, {});
  const [bookings, legacy] = explanations;
  assert.is(bookings?.dataPlane?.outcome, 'ambient');
  assert.equal(bookings?.dataPlane?.waypoints, [
    "traffic to the pod's own address: waypoint travel/waypoint (its namespace's label)",
    "traffic to its namespace's Services that name no waypoint of their own: waypoint travel/waypoint (its namespace's label)",
  ]);
  assert.is(legacy?.dataPlane?.outcome, 'none');
  assert.is(legacy?.dataPlane?.waypoints, undefined);
  const text = formatExplanations(explanations, facts, false);
  assert.match(text, /Deployment travel\/bookings {2}travel\.yaml:\d+\n {2}→ no sidecar; ambient: captured by ztunnel\n/);
  assert.match(text, /\n {2}data plane: ambient: captured by ztunnel\n {4}· its namespace has istio\.io\/dataplane-mode=ambient/);
  assert.match(text, /\n {4}· traffic to the pod's own address: waypoint travel\/waypoint \(its namespace's label\)\n/);
  assert.match(text, /data plane: not in the mesh\n {4}· the pod's label istio\.io\/dataplane-mode=none opts it out of ambient/);
});

/** Three namespaces: one injects, one is ambient with a waypoint, one is defined nowhere; and a pod with no namespace. */
const mapInputs = yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: payments
    labels: { istio-injection: enabled, team: "a|b" }
  ---
  apiVersion: v1
  kind: Namespace
  metadata:
    name: travel
    labels: { istio.io/dataplane-mode: ambient, istio.io/use-waypoint: waypoint }
  ---
  apiVersion: gateway.networking.k8s.io/v1
  kind: Gateway
  metadata:
    name: waypoint
    namespace: travel
    labels: { istio.io/waypoint-for: all }
  spec:
    gatewayClassName: istio-waypoint
    listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: payments }
  spec:
    template:
      spec:
        containers: [{ name: web, image: web }]
  ---
  apiVersion: apps/v1
  kind: DaemonSet
  metadata: { name: agent, namespace: payments }
  spec:
    template:
      spec:
        hostNetwork: true
        containers: [{ name: a, image: a }]
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: bookings, namespace: travel }
  spec:
    template:
      spec:
        containers: [{ name: app, image: app }]
  ---
  apiVersion: batch/v1
  kind: Job
  metadata: { name: migrate, namespace: elsewhere }
  spec:
    template:
      spec:
        containers: [{ name: m, image: m }]
  ---
  apiVersion: v1
  kind: Pod
  metadata: { name: loose }
  spec:
    containers: [{ name: m, image: m }]
  `;

const mapOf = (text: string, config = EMPTY_CONFIG): string => {
  const { explanations, facts, report } = explain([decodeSource(Buffer.from(text), 'map.yaml', undefined)], config, { report: true });
  assert.ok(report);
  return formatExplanationsMarkdown(explanations, facts, report);
};

test('explain: an ambient pod is "no sidecar; ambient" in the text, and in JSON outcome not-injected with mesh ambient, as the map counts it', () => {
  const files = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio.io/dataplane-mode: ambient } }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: shop }
    spec:
      template:
        spec:
          containers: [{ name: web, image: nginx }]
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: pay, labels: { istio-injection: enabled } }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: pay }
    spec:
      template:
        spec:
          containers: [{ name: api, image: nginx }]
  `;
  const run = explain([decodeSource(Buffer.from(files), 'a.yaml', undefined)], EMPTY_CONFIG, { report: true });
  assert.equal(run.explanations.map((e) => `${e.resource} ${e.outcome} ${e.mesh}`), ['Deployment shop/web not-injected ambient', 'Deployment pay/api injected injected']);
  assert.match(formatExplanations(run.explanations, run.facts, false), /Deployment shop\/web .*\n {2}→ no sidecar; ambient: captured by ztunnel\n/);
  const md = formatExplanationsMarkdown(run.explanations, run.facts, run.report!);
  assert.match(md, /\| Deployment\/web \| a\.yaml:\d+ \| ambient: captured by ztunnel \|/);
});

test('explain: the mTLS mode a pod with a proxy gets, per declared port where it differs, and the selector policies that pick it', () => {
  const files = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio-injection: enabled } }
    ---
    apiVersion: security.istio.io/v1
    kind: PeerAuthentication
    metadata: { name: api, namespace: shop }
    spec:
      selector: { matchLabels: { app: api } }
      mtls: { mode: STRICT }
      portLevelMtls: { 9102: { mode: PERMISSIVE } }
    ---
    apiVersion: security.istio.io/v1
    kind: AuthorizationPolicy
    metadata: { name: api-callers, namespace: shop }
    spec:
      selector: { matchLabels: { app: api } }
      rules: [{ from: [{ source: { namespaces: [shop] } }] }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: api } }
        spec:
          containers: [{ name: api, image: api, ports: [{ containerPort: 8080 }, { containerPort: 9102 }] }]
    ---
    apiVersion: batch/v1
    kind: Job
    metadata: { name: job, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: api, sidecar.istio.io/inject: "false" } }
        spec:
          restartPolicy: Never
          containers: [{ name: job, image: job }]
  `;
  const run = explain([decodeSource(Buffer.from(files), 'mesh.yaml', undefined)], EMPTY_CONFIG, { report: true });
  const api = run.explanations.find((e) => e.resource === 'Deployment shop/api');
  assert.equal(api?.mtls, {
    mode: 'STRICT',
    why: 'PeerAuthentication shop/api sets STRICT for the workload',
    ports: [{ port: 9102, mode: 'PERMISSIVE', why: 'PeerAuthentication shop/api sets PERMISSIVE for port 9102' }],
    policies: ['PeerAuthentication shop/api', 'AuthorizationPolicy shop/api-callers'],
  });
  // A pod without a proxy enforces no mode.
  assert.is(run.explanations.find((e) => e.resource === 'Job shop/job')?.mtls, undefined);
  assert.match(formatExplanations(run.explanations, run.facts, false), /\n {2}mTLS: STRICT {2}PeerAuthentication shop\/api sets STRICT for the workload\n {4}· port 9102: PERMISSIVE/);
  assert.match(formatExplanationsMarkdown(run.explanations, run.facts, run.report!), /<br>mTLS: STRICT, 9102 PERMISSIVE \|/);
});

test("explain: a workload's calls, each Service port it names with the proxies and mode of the pods behind it", () => {
  const files = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio-injection: enabled } }
    ---
    apiVersion: security.istio.io/v1
    kind: PeerAuthentication
    metadata: { name: default, namespace: shop }
    spec: { mtls: { mode: STRICT } }
    ---
    apiVersion: v1
    kind: Service
    metadata: { name: api, namespace: shop }
    spec:
      selector: { app: api }
      ports: [{ name: http, port: 80, targetPort: 8080 }]
    ---
    apiVersion: v1
    kind: Service
    metadata: { name: legacy, namespace: shop }
    spec:
      selector: { app: legacy }
      ports: [{ port: 5432 }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: api } }
        spec:
          containers: [{ name: api, image: api, ports: [{ containerPort: 8080 }] }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: legacy, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: legacy, sidecar.istio.io/inject: "false" } }
        spec:
          containers: [{ name: db, image: db }]
    ---
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: job-env, namespace: shop }
    data: { DB_HOST: legacy }
    ---
    apiVersion: batch/v1
    kind: Job
    metadata: { name: report, namespace: shop }
    spec:
      template:
        metadata: { labels: { sidecar.istio.io/inject: "false" } }
        spec:
          restartPolicy: Never
          containers:
            - name: report
              image: report
              args: [--api, http://api.shop.svc.cluster.local, --unknown, http://nowhere.shop]
              envFrom: [{ configMapRef: { name: job-env } }]
  `;
  const run = explain([decodeSource(Buffer.from(files), 'mesh.yaml', undefined)], EMPTY_CONFIG, {});
  const job = run.explanations.find((e) => e.resource === 'Job shop/report');
  assert.equal(job?.calls, [
    { text: 'http://api.shop.svc.cluster.local', service: 'Service shop/api', port: 80, server: 'sidecar', mode: 'STRICT' },
    { text: 'legacy', from: 'ConfigMap shop/job-env', service: 'Service shop/legacy', port: 5432, server: 'no proxy' },
  ]);
  // Named only: a workload whose containers name no Service among the inputs has no calls.
  assert.is(run.explanations.find((e) => e.resource === 'Deployment shop/api')?.calls, undefined);
  // --resource explains one workload, its calls still read from every input.
  const one = explain([decodeSource(Buffer.from(files), 'mesh.yaml', undefined)], EMPTY_CONFIG, { resource: 'Job/report' });
  assert.equal(one.explanations.map((e) => e.calls?.length), [2]);
  assert.match(formatExplanations(run.explanations, run.facts, false), /\n {2}calls\n {4}· Service shop\/api port 80: sidecar, STRICT {2}http:\/\/api\.shop\.svc\.cluster\.local\n {4}· Service shop\/legacy port 5432: no proxy {2}legacy in ConfigMap shop\/job-env\n/);
});

test('explain says a note of the mesh once: in its text or map, or on stderr beside JSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-explain-'));
  try {
    writeFileSync(join(dir, 'hr.yaml'), yaml`
      apiVersion: helm.toolkit.fluxcd.io/v2
      kind: HelmRelease
      metadata: { name: istiod, namespace: istio-system }
      spec:
        chart: { spec: { chart: istiod, version: 1.26.0, sourceRef: { kind: HelmRepository, name: istio } } }
        values: { profile: ambient }
    `);
    for (const format of ['stylish', 'json', 'markdown']) {
      let out = '';
      runCli(['explain', '-f', format, '.'], { cwd: dir, stdout: (t) => (out += t), stderr: (t) => (out += t), readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });
      assert.is(out.split('selects profile ambient').length - 1, 1, `${format}: ${out}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('explain --format markdown: namespaces in order, their mesh labels and source, a table each, then the coverage', () => {
  const md = mapOf(mapInputs, { ...EMPTY_CONFIG, istio: { nativeSidecars: 'true' as const } });
  const sections = [...md.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
  assert.equal(sections, ['Namespace elsewhere', 'Namespace payments', 'Namespace travel', '(no namespace)', 'Coverage']);
  const section = (name: string): string => md.slice(md.indexOf(`### ${name}\n`), md.indexOf('\n### ', md.indexOf(`### ${name}\n`) + 1));
  // Labels that concern the mesh only (not team), and where they come from.
  assert.match(section('Namespace payments'), /\n- labels: istio-injection=enabled\n- defined: map\.yaml:1\n/);
  assert.match(section('Namespace payments'), /\n\| Deployment\/web \| map\.yaml:\d+ \| sidecar injected \| default \| injector policy "enabled" → inject by default \| start: native sidecar<br>hold: not needed with a native sidecar \|\n/);
  assert.match(section('Namespace payments'), /\n\| DaemonSet\/agent \| map\.yaml:\d+ \| no sidecar \| {2}\| [^|]*hostNetwork: true[^|]* \| {2}\|\n/);
  assert.match(section('Namespace travel'), /\n- labels: istio\.io\/dataplane-mode=ambient, istio\.io\/use-waypoint=waypoint\n- defined: map\.yaml:\d+\n/);
  assert.match(section('Namespace travel'), /\n\| Deployment\/bookings \| map\.yaml:\d+ \| ambient: captured by ztunnel \| {2}\| its namespace has istio\.io\/dataplane-mode=ambient \| traffic to the pod's own address: waypoint travel\/waypoint \\\(its namespace's label\\\)<br>/);
  assert.match(section('Namespace elsewhere'), /\n- labels: not defined: unknown\n/);
  assert.match(section('Namespace elsewhere'), /\n\| Job\/migrate \| map\.yaml:\d+ \| unknown \| {2}\| it depends on the labels of namespace elsewhere/);
  assert.match(section('(no namespace)'), /\n- labels: unknown \(set metadata\.namespace/);
  assert.match(section('(no namespace)'), /\n\| Pod\/loose \| map\.yaml:\d+ \| unknown \|/);
  const coverage = md.slice(md.indexOf('### Coverage'));
  assert.match(coverage, /\| sidecar injected \| 1 \|\n\| ambient: captured by ztunnel \| 1 \|\n\| no sidecar \| 1 \|\n\| unknown \| 2 \|\n/);
  assert.match(coverage, /\nUnknown facts to state:\n\n- labels of namespace elsewhere \(1 workload\): define the Namespace/);
  assert.match(coverage, /\n- the workload's namespace \(1 workload\): set metadata\.namespace/);
  // Every table row has the header's six cells: no value split a row.
  for (const row of md.slice(0, md.indexOf('### Coverage')).split('\n').filter((l) => l.startsWith('| '))) {
    assert.is(row.replace(/\\\|/g, '').split('|').length, 8, row);
  }
});

test('explain --format markdown: a hostile label value, name or path adds no Markdown, HTML or row', () => {
  const hostile = yaml`
  apiVersion: v1
  kind: Namespace
  metadata:
    name: travel
    labels: { istio.io/dataplane-mode: ambient, istio.io/use-waypoint: "wp|\`x\`<img src=y>" }
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: "a|b\`c\`<i>", namespace: travel }
  spec:
    template:
      spec:
        containers: [{ name: app, image: app }]
  `;
  const md = mapOf(hostile);
  assert.match(md, /\n- labels: istio\.io\/dataplane-mode=ambient, istio\.io\/use-waypoint=wp\\\|\\`x\\`&lt;img src=y&gt;\n/);
  assert.match(md, /\n\| Deployment\/a\\\|b\\`c\\`&lt;i&gt; \| map\.yaml:\d+ \| ambient: captured by ztunnel \|/);
  assert.not.match(md, /<img|<i>|[^\\]`/);
  for (const row of md.split('\n').filter((l) => l.startsWith('| Deployment'))) assert.is(row.replace(/\\\|/g, '').split('|').length, 8, row);
});

test('explain --format markdown on the command line; other formats refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-explain-'));
  try {
    writeFileSync(join(dir, 'ns.yaml'), namespace);
    writeFileSync(join(dir, 'apps.yaml'), workloads);
    const run = (args: string[]) => {
      let out = '';
      let err = '';
      const code = runCli(args, { cwd: dir, stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });
      return { code, out, err };
    };
    const md = run(['explain', '.', '--format', 'markdown']);
    assert.is(md.code, 0, md.err);
    assert.match(md.out, /^## Mesh map\n/);
    assert.match(md.out, /\n### Namespace payments\n\n- labels: istio-injection=enabled\n- defined: ns\.yaml:1\n/);
    assert.match(md.out, /\n\| Deployment\/web \| apps\.yaml:3 \| sidecar injected \| default \|/);
    assert.match(md.out, /\| sidecar injected \| 1 \|\n\| ambient: captured by ztunnel \| 0 \|\n\| no sidecar \| 1 \|\n\| unknown \| 1 \|\n/);
    // The README's example is what meshlint prints for these inputs.
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = /`meshlint explain --format markdown` prints[\s\S]*?```markdown\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(example, 'README has the mesh map example');
    assert.ok(run(['explain', '-f', 'markdown', '--istio-version', '1.26']).out.includes(example), example);
    const one = run(['explain', '-f', 'markdown', '--resource', 'Job/elsewhere/migrate']);
    assert.is(one.code, 0, one.err);
    assert.equal([...one.out.matchAll(/^### (.*)$/gm)].map((m) => m[1]), ['Namespace elsewhere', 'Coverage']);
    for (const f of ['sarif', 'github', 'checkstyle']) {
      const bad = run(['explain', '.', '-f', f]);
      assert.is(bad.code, 2, f);
      assert.match(bad.err, /--format json or --format markdown/);
    }
    assert.match(run(['-f', 'markdown', '.']).err, /unknown format "markdown"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const helmForExplain = testBinary('helm4') ?? testBinary('helm3');

(helmForExplain ? test : test.skip)('a rendered workload is placed on its template and line, as findings are, not on the rendered output', () => {
  if (!helmForExplain) return; // declared as a test only when present; this narrows its type
  withTemp((t) => {
    t.write('chart/Chart.yaml', 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
    t.write('chart/templates/notes.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n');
    t.write('chart/templates/web.yaml', '# the web server\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}-web\nspec:\n  template:\n    spec:\n      containers: [{ name: web, image: web }]\n');
    const r = cli(['explain', '-f', 'json', '--helm-chart', 'chart', '-n', 'shop', '--helm-binary', helmForExplain], { cwd: t.dir });
    assert.is(r.code, 0, r.stderr);
    const [w] = JSON.parse(r.stdout) as { filePath: string; line: number }[];
    assert.equal([w?.filePath, w?.line], ['chart/templates/web.yaml', 5]);
  });
});

test.run();
