// The Istio version as a fact: stated, read from the inputs (nearest install per folder), or
// unknown; a finding that differs between the versions the cluster may run is left out with one
// note; a release older than meshlint models is named, and the rules that cannot judge it are quiet.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG, validateConfig } from '../src/engine/config.ts';
import { explain } from '../src/engine/explain.ts';
import { lint, type LintReport } from '../src/engine/linter.ts';
import { decodeSource } from '../src/load/read.ts';
import { rulesById } from '../rules/index.ts';
import { yaml } from './helpers/rule-tester.ts';
import { judgeAcrossVersions, newTrace, type VersionTrace } from '../src/engine/version-probe.ts';
import { MODELLED_RANGE, type IstioVersion } from '../src/model/install/istio-version.ts';
import { parseFile } from '../src/parse/yaml.ts';

const run = (files: Record<string, string>, opts: { version?: string; config?: Record<string, unknown> } = {}): LintReport =>
  lint(
    Object.entries(files).map(([name, text]) => decodeSource(Buffer.from(text), name, undefined)),
    { config: opts.config ? validateConfig(opts.config, 'test-config', rulesById) : EMPTY_CONFIG, rules: [...rulesById.values()], cliIstioVersion: opts.version },
  );
const found = (r: LintReport, rule: string): string[] => r.results.flatMap((f) => f.messages.filter((m) => m.ruleId === rule).map((m) => `${f.filePath}:${m.line} ${m.message}`));
const noteIds = (r: LintReport): string[] => r.notes.map((n) => n.id);

/** A Deployment in an injected namespace, with the given pod-template metadata. */
const injected = (ns: string, metadata: string): string => yaml`
  apiVersion: v1
  kind: Namespace
  metadata: { name: ${ns}, labels: { istio-injection: enabled } }
  ---
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: web, namespace: ${ns} }
  spec:
    template:
      metadata: ${metadata}
      spec:
        containers: [{ name: web, image: nginx }]
`;
/** An inject label that reads as true up to 1.26 and is ignored from 1.27. */
const app = (ns = 'shop'): string => injected(ns, '{ labels: { sidecar.istio.io/inject: "yes" } }');
/** A native-sidecar annotation Istio reads from 1.24 only: as off up to 1.26, as on from 1.27. */
const native = (ns = 'shop'): string => injected(ns, '{ annotations: { sidecar.istio.io/nativeSidecar: "True" } }');
const istiod = (tag: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: istiod, namespace: istio-system }
  spec:
    template:
      spec:
        containers: [{ name: discovery, image: docker.io/istio/pilot:${tag} }]
`;

test('unknown version: a finding whose verdict differs between releases waits, with one note naming istio.version', () => {
  const r = run({ 'app.yaml': native() });
  assert.equal(found(r, 'traffic-annotation-invalid'), []);
  const note = r.notes.find((n) => n.id === 'istio-version-unknown');
  assert.ok(note, `notes: ${noteIds(r).join(', ')}`);
  assert.match(note?.message ?? '', /^1 finding \(traffic-annotation-invalid\) is left out: it holds on some Istio versions only, and which Istio version runs is not among the inputs\. State istio\.version/);
  assert.is(r.facts.mesh.versionOrigin, 'unknown');
});

test('unknown version: a finding that holds at every version stands, though its words differ by version; it is phrased for the range', () => {
  // "False": read as false up to 1.26, ignored from 1.27; wrong at every version.
  const r = run({ 'app.yaml': app().replace('labels: { sidecar.istio.io/inject: "yes" }', 'annotations: { sidecar.istio.io/inject: "False" }') });
  assert.equal(found(r, 'inject-value-invalid'), [
    'app.yaml:10 Annotation sidecar.istio.io/inject: "False" is neither "true" nor "false": Istio 1.18 to 1.26 reads it as false, and 1.27 and later ignore it, so the namespace and the injector policy decide. Write "true" or "false".',
  ]);
  assert.not.ok(noteIds(r).includes('istio-version-unknown'));
  // At each side of 1.27, the words of that version alone.
  assert.match(found(run({ 'app.yaml': app() }, { version: '1.26.9' }), 'inject-value-invalid')[0] ?? '', /Istio 1\.26\.9 reads it as true, and 1\.27 and later ignore it\. Write/);
  assert.match(found(run({ 'app.yaml': app() }, { version: '1.27.0' }), 'inject-value-invalid')[0] ?? '', /Istio 1\.27\.0 ignores it, so the namespace/);
});

test('the steps of a range read the documents the first run kept, and find its findings again by what they name', () => {
  const misplaced = yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: api
      namespace: shop
      labels: { sidecar.istio.io/inject: "true" }
    spec:
      template:
        spec:
          containers: [{ name: api, image: nginx }]
  `;
  let parsedAgain = 0;
  const r = lint(
    [decodeSource(Buffer.from(native()), 'app.yaml', undefined), decodeSource(Buffer.from(misplaced), 'api.yaml', undefined)],
    { config: EMPTY_CONFIG, rules: [...rulesById.values()], documentsAgain: (f) => (parsedAgain++, parseFile(f)) },
  );
  // Judged at the steps below the top: one finding left out, the other holding at every one.
  assert.equal(found(r, 'traffic-annotation-invalid'), []);
  assert.equal(found(r, 'inject-misplaced').length, 1);
  assert.ok(noteIds(r).includes('istio-version-unknown'));
  assert.is(parsedAgain, 0, 'no file parsed again');
});

test('a range that spans a change of behaviour: a finding at every step names what each side does', () => {
  // istiod and a gateway of another release: the gateway's version names no revision, so the range holds for every workload.
  const gateway = istiod('1.28.0').replace('name: istiod,', 'name: ingress,').replace('name: discovery, image: docker.io/istio/pilot', 'name: istio-proxy, image: docker.io/istio/proxyv2');
  const r = run({ 'platform/a.yaml': istiod('1.25.0'), 'platform/b.yaml': gateway, 'platform/app.yaml': native() });
  assert.equal(found(r, 'traffic-annotation-invalid').map((f) => f.replace(/^.*neither "true" nor "false"\. /, '')), [
    'On Istio 1.25.0 to 1.26: it turns native sidecars OFF; on Istio 1.27 to 1.28.0: it turns native sidecars ON. Write "true" or "false".',
  ]);
  assert.match(found(run({ 'app.yaml': native() }, { version: '1.27.1' }), 'traffic-annotation-invalid')[0] ?? '', /On Istio 1\.27\.1: it turns native sidecars ON\. Write/);
});

test('a canary upgrade: installs of two revisions at two versions in one folder; each workload is judged against the istiod that injects it', () => {
  const operator = (name: string, tag: string, revision?: string): string =>
    `apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: ${name}, namespace: istio-system }\nspec: { tag: ${tag}${revision ? `, revision: ${revision}` : ''} }\n`;
  const stable = operator('stable', '1.22.0');
  const canary = operator('canary', '1.28.0', 'canary');
  const workloads = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: old, labels: { istio-injection: enabled } }
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: new, labels: { istio.io/rev: canary } }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: a, namespace: old }
    spec:
      template:
        metadata: { annotations: { sidecar.istio.io/nativeSidecar: "True" } }
        spec:
          containers: [{ name: a, image: nginx }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: b, namespace: new }
    spec:
      template:
        metadata: { annotations: { sidecar.istio.io/nativeSidecar: "True" } }
        spec:
          containers: [{ name: b, image: nginx }]
  `;
  const r = run({ 'mesh/stable.yaml': stable, 'mesh/canary.yaml': canary, 'mesh/apps.yaml': workloads });
  // 1.22 does not read the annotation; 1.28 reads "True" as on.
  assert.equal(found(r, 'traffic-annotation-invalid').map((f) => f.replace(/ sidecar\.istio\.io.*?\. On/, ' On')), ['mesh/apps.yaml:23 On Istio 1.28.0: it turns native sidecars ON. Write "true" or "false".']);
  assert.not.ok(noteIds(r).includes('istio-version-unknown'), noteIds(r).join(', '));
  const e = explain([decodeSource(Buffer.from(workloads), 'mesh/apps.yaml', undefined), decodeSource(Buffer.from(stable), 'mesh/stable.yaml', undefined), decodeSource(Buffer.from(canary), 'mesh/canary.yaml', undefined)], EMPTY_CONFIG, {});
  assert.equal(e.explanations.map((x) => `${x.resource} ${x.sidecar?.native.split(':')[0]}`), ['Deployment old/a classic sidecar', 'Deployment new/b native sidecar']);
});

test('a stated version decides: the finding at that version, no note', () => {
  const r = run({ 'app.yaml': app() }, { version: '1.31' });
  assert.equal(found(r, 'inject-value-invalid').length, 1);
  assert.not.ok(noteIds(r).includes('istio-version-unknown'));
  const config = run({ 'app.yaml': app() }, { config: { istio: { version: '1.26' } } });
  assert.match(found(config, 'inject-value-invalid')[0] ?? '', /Istio 1\.26 reads it as true/);
});

test('the version the inputs show decides, and each folder takes its nearest install', () => {
  const one = run({ 'platform/istiod.yaml': istiod('1.26.2'), 'apps/app.yaml': app() });
  assert.equal(one.facts.mesh.versionOrigin, 'input');
  assert.match(found(one, 'inject-value-invalid')[0] ?? '', /Istio 1\.26\.2 reads it as true/);
  const two = run({
    'blue/istiod.yaml': istiod('1.26.2'),
    'blue/app.yaml': app('blue'),
    'green/istiod.yaml': istiod('1.28.1'),
    'green/app.yaml': app('green'),
  });
  assert.equal(found(two, 'inject-value-invalid').map((f) => f.replace(/ Label.*?"yes" is neither "true" nor "false": /, ' ')), [
    'blue/app.yaml:10 Istio 1.26.2 reads it as true, and 1.27 and later ignore it. Write "true" or "false".',
    'green/app.yaml:10 Istio 1.28.1 ignores it, so the namespace and the injector policy decide. Write "true" or "false".',
  ]);
});

test('a version the config states that the inputs contradict: one note naming both; the config wins', () => {
  const r = run({ 'platform/istiod.yaml': istiod('1.22.0'), 'app.yaml': app() }, { config: { istio: { version: '1.27' } } });
  const notes = r.facts.mesh.notes.filter((n) => /says Istio 1\.27, but the inputs show Istio 1\.22\.0/.test(n));
  assert.is(notes.length, 1, r.facts.mesh.notes.join('\n'));
  assert.match(notes[0] ?? '', /istiod istiod runs docker\.io\/istio\/pilot:1\.22\.0.*; 1\.27 is used/);
});

test('a minor without its patch: a finding that changed within the minor waits; one that holds across it stands', () => {
  const release = yaml`
    apiVersion: helm.toolkit.fluxcd.io/v2
    kind: HelmRelease
    metadata: { name: istiod, namespace: istio-system }
    spec:
      chart: { spec: { chart: istiod, version: 1.28.x, sourceRef: { kind: HelmRepository, name: istio } } }
  `;
  // A bad quantity: the webhook refuses the pod from 1.28.4 on, before it the pod fails later.
  const quantity = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio-injection: enabled } }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: shop }
    spec:
      template:
        metadata: { annotations: { sidecar.istio.io/proxyMemory: "512 Mi" } }
        spec:
          containers: [{ name: web, image: nginx }]
  `;
  const exact = run({ 'release.yaml': release, 'app.yaml': quantity }, { version: '1.28.5' });
  const old = run({ 'release.yaml': release, 'app.yaml': quantity }, { version: '1.28.1' });
  const minor = run({ 'release.yaml': release, 'app.yaml': quantity });
  const [a, b] = [found(exact, 'traffic-annotation-invalid'), found(old, 'traffic-annotation-invalid')];
  assert.is(a.length, 1);
  assert.is(b.length, 1);
  if (a[0] !== b[0]) {
    assert.equal(found(minor, 'traffic-annotation-invalid'), []);
    assert.match(minor.notes.find((n) => n.id === 'istio-version-unknown')?.message ?? '', /the inputs show only a range of Istio versions \(1\.28\)/);
  } else assert.equal(found(minor, 'traffic-annotation-invalid'), a);
  // The inject label's verdict is the same on every 1.28 release: it stands.
  assert.equal(found(run({ 'release.yaml': release, 'app.yaml': app() }), 'inject-value-invalid').length, 1);
});

test('a release older than meshlint models: named once; rules that cannot judge it are quiet, the others judge', () => {
  const mesh = yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: istio, namespace: istio-system }
    data:
      mesh: |-
        mixerCheckServer: istio-policy.istio-system.svc.cluster.local:15004
  `;
  const operator = yaml`
    apiVersion: install.istio.io/v1alpha1
    kind: IstioOperator
    metadata: { name: control-plane, namespace: istio-system }
    spec: { tag: 1.5.0 }
  `;
  assert.equal(found(run({ 'mesh.yaml': mesh }), 'mesh-config-invalid').length, 1);
  const old = run({ 'mesh.yaml': mesh, 'op.yaml': operator });
  assert.equal(found(old, 'mesh-config-invalid'), []);
  const note = old.notes.find((n) => n.id === 'istio-version-older');
  assert.match(note?.message ?? '', /^Istio 1\.5\.0 \(IstioOperator control-plane installs tag 1\.5\.0\) is older than the releases meshlint models \(1\.18 to 1\.31\): mesh-config-invalid, proxy-config-invalid/);
  // OpenShift Service Mesh 2.1 runs Istio 1.9: the same.
  const smcp = run({ 'mesh.yaml': mesh, 'smcp.yaml': 'apiVersion: maistra.io/v2\nkind: ServiceMeshControlPlane\nmetadata: { name: basic, namespace: istio-system }\nspec: { version: v2.1 }\n' });
  assert.equal(found(smcp, 'mesh-config-invalid'), []);
  assert.match(smcp.notes.find((n) => n.id === 'istio-version-older')?.message ?? '', /^Istio 1\.9 \(ServiceMeshControlPlane basic runs OpenShift Service Mesh v2\.1, Istio 1\.9\)/);
});

test('text that is not a version is unknown, never the newest and never a crash', () => {
  for (const tag of ['latest', '$(TAG)', '{{ .Values.tag }}', '1.x', '']) {
    const r = run({ 'op.yaml': `apiVersion: install.istio.io/v1alpha1\nkind: IstioOperator\nmetadata: { name: x }\nspec: { tag: ${JSON.stringify(tag)} }\n`, 'app.yaml': native() });
    assert.is(r.facts.mesh.versionOrigin, 'unknown', tag);
    assert.equal(found(r, 'traffic-annotation-invalid'), [], tag);
  }
});

test('a version a tool fills in (an ApplicationSet template) is named in the note, as the value to state', () => {
  const appSet = yaml`
    apiVersion: argoproj.io/v1alpha1
    kind: ApplicationSet
    metadata: { name: istiod, namespace: argocd }
    spec:
      template:
        spec:
          source:
            repoURL: https://istio-release.storage.googleapis.com/charts
            chart: istiod
            targetRevision: '{{ .values.istioVersion }}'
  `;
  const r = run({ 'appset.yaml': appSet, 'app.yaml': native() });
  assert.is(r.facts.mesh.versionOrigin, 'unknown');
  const note = r.notes.find((n) => n.id === 'istio-version-unknown')?.message ?? '';
  assert.match(note, /not among the inputs \(ApplicationSet istiod sets targetRevision "\{\{ \.values\.istioVersion \}\}" from a template \(appset\.yaml\)\)\. State istio\.version/);
});

test("up to 1.9 the chart's webhooks select on the namespace only: a pod label \"true\" in an unlabelled namespace is not injected", () => {
  const pod = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: plain }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: plain }
    spec:
      template:
        metadata: { labels: { sidecar.istio.io/inject: "true" } }
        spec:
          containers: [{ name: web, image: nginx }]
  `;
  const outcome = (version: string): string | undefined =>
    explain([decodeSource(Buffer.from(pod), 'web.yaml', undefined)], EMPTY_CONFIG, { cliIstioVersion: version }).explanations[0]?.outcome;
  assert.is(outcome('1.9.9'), 'not-injected');
  assert.is(outcome('1.10.0'), 'injected');
});

test('up to 1.9 the chart renders one entry: enableNamespacesByDefault selects every namespace; the objectSelector is on from 1.9.0 only', () => {
  const files = yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: shop, labels: { istio-injection: enabled } }
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: plain }
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: quiet, labels: { istio-injection: disabled } }
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: shop }
    spec:
      template:
        metadata: { labels: { sidecar.istio.io/inject: "false" } }
        spec:
          containers: [{ name: web, image: nginx }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: plain }
    spec:
      template:
        spec:
          containers: [{ name: api, image: nginx }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: batch, namespace: quiet }
    spec:
      template:
        spec:
          containers: [{ name: batch, image: nginx }]
  `;
  const everyNamespace = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: istio-sidecar-injector, namespace: istio-system }\ndata:\n  config: "policy: enabled"\n  values: \'{"sidecarInjectorWebhook":{"enableNamespacesByDefault":true}}\'\n';
  const outcomes = (version: string, withEvery: boolean): string =>
    explain(
      [decodeSource(Buffer.from(files), 'apps.yaml', undefined), ...(withEvery ? [decodeSource(Buffer.from(everyNamespace), 'injector.yaml', undefined)] : [])],
      EMPTY_CONFIG,
      { cliIstioVersion: version },
    ).explanations.map((e) => `${e.namespace}:${e.outcome}${e.via ? `(${e.via.split(' ')[0] ?? ''})` : ''}`).join(' ');
  // 1.8: no objectSelector, and injectRequired reads the annotation alone: the pod label "false" is not seen.
  for (const v of ['1.6.0', '1.8.6']) assert.is(outcomes(v, true), 'shop:injected(sidecar-injector.istio.io) plain:injected(sidecar-injector.istio.io) quiet:not-injected', v);
  assert.is(outcomes('1.8.6', false), 'shop:injected(sidecar-injector.istio.io) plain:not-injected quiet:not-injected');
  // 1.9.0: the objectSelector keeps the pod labelled "false" from the webhook.
  assert.is(outcomes('1.9.0', true), 'shop:not-injected plain:injected(sidecar-injector.istio.io) quiet:not-injected');
  // 1.10: the per-revision entries; enableNamespacesByDefault is the auto entry.
  assert.is(outcomes('1.10.0', true), 'shop:not-injected plain:injected(auto.sidecar-injector.istio.io) quiet:not-injected');
});

test('a revision name that spells a version is the weakest evidence: used only when nothing else says', () => {
  const ns = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: other, labels: { istio.io/rev: 1-26 } }\n';
  assert.is(run({ 'ns.yaml': ns, 'app.yaml': app() }).facts.mesh.versionFact.source, 'Namespace other names revision 1-26, named after Istio 1.26');
  assert.is(run({ 'ns.yaml': ns, 'istiod.yaml': istiod('1.28.0'), 'app.yaml': app() }).facts.mesh.versionFact.source, 'istiod istiod runs docker.io/istio/pilot:1.28.0');
});

test('judging across versions is bounded: decisions that keep naming new steps cannot make a run lint without end', () => {
  const base = run({ 'app.yaml': app() }, { version: '1.31' });
  const unknownFact = { range: MODELLED_RANGE, origin: 'unknown' as const, source: 'not among the inputs', evidence: [] };
  // Each step finds every finding of the first run again.
  const keyOf = new Map(base.results.flatMap((r) => r.messages.map((m, i) => [m, `${r.filePath}#${i}`] as const)));
  const trace = (thresholds: IstioVersion[]): VersionTrace => ({ ...newTrace(), factOf: new Map([['app.yaml', unknownFact]]), inputsOf: new Map([['app.yaml', new Set([0])]]), thresholds, keyOf, found: new Set(keyOf.values()) });
  let runs = 0;
  let patch = 0;
  const judged = judgeAcrossVersions({ report: base, trace: trace([{ major: 1, minor: 20, patch: 0, text: '1.20' }]) }, () => {
    runs++;
    // Every step the finding still holds, and names one more step below the top.
    patch++;
    return { report: base, trace: trace([{ major: 1, minor: 20, patch, text: `1.20.${patch}` }]) };
  }, [...rulesById.values()]);
  assert.ok(runs <= 64, `${runs} runs`);
  assert.equal(found(judged, 'inject-value-invalid'), [], 'not judged at every step: left out');
  assert.ok(judged.notes.some((n) => n.id === 'istio-version-unknown'));
});


test('unknown version: a finding made once every input is read, on rendered output, stands when it holds at every version', () => {
  // The render reports on the file the user edits, whose name is not the rendered input's: the
  // steps still read the input that holds the objects the finding points at.
  const text = yaml`
    apiVersion: networking.istio.io/v1
    kind: DestinationRule
    metadata: { name: api, namespace: shop }
    spec:
      host: api
      subsets: [{ name: v2, labels: { version: v2 } }]
    ---
    apiVersion: v1
    kind: Service
    metadata: { name: api, namespace: shop }
    spec:
      selector: { app: api }
      ports: [{ name: http, port: 80 }]
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: shop }
    spec:
      template:
        metadata: { labels: { app: api, version: v1 } }
        spec:
          containers: [{ name: api, image: api }]
  `;
  const rendered = decodeSource(Buffer.from(text), 'shop (kustomize build)', undefined);
  if (!rendered.ok) throw new Error('not text');
  const input = {
    ok: true as const,
    file: {
      ...rendered.file,
      origin: { tool: 'kustomize' as const, source: 'shop', label: undefined, namespace: undefined, failure: undefined, mapBack: () => ({ filePath: 'shop/all.yaml', range: { line: 1, column: 1, endLine: 1, endColumn: 2 }, note: undefined }) },
    },
  };
  const r = lint([input], { config: EMPTY_CONFIG, rules: [...rulesById.values()] });
  assert.equal(found(r, 'dr-subset-selects-nothing').map((f) => f.split(' ')[0]), ['shop/all.yaml:1']);
  assert.not.ok(noteIds(r).includes('istio-version-unknown'), `notes: ${noteIds(r).join(', ')}`);
});

test.run();
