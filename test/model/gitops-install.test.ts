// Istio installs declared through Flux HelmReleases, Argo CD Applications and ApplicationSets
// and the Sail operator: the chart values they pass become install facts with their source
// and location; namespaces they create become namespace facts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/startup-order-hold.ts';
import { EMPTY_CONFIG, type Config } from '../../src/engine/config.ts';
import { factsPass } from '../../src/engine/facts-pass.ts';
import { decodeSource } from '../../src/load/read.ts';
import type { Facts } from '../../src/model/facts.ts';
import { predictForTemplate } from '../../src/model/injection/pod-injection.ts';
import { podTemplateOf } from '../../src/model/workload.ts';
import type { Target } from '../../src/common/types.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { parseFile } from '../../src/parse/yaml.ts';

const factsOf = (files: readonly string[], istio: Config['istio'] = {}): Facts =>
  factsPass(files.map((code, i) => decodeSource(Buffer.from(code), `f${i}.yaml`, undefined)), { ...EMPTY_CONFIG, istio });

const where = (t: Target | undefined): [string | undefined, unknown] =>
  t && 'resource' in t && t.resource ? [`${t.resource.kind} ${t.resource.name}`, 'path' in t ? t.path : undefined] : [undefined, undefined];

// Shapes from the Flux helm-controller docs (docs/spec/v2/helmreleases.md) and Istio's Flux guide.
const helmRelease = (values: string, extra = ''): string => yaml`
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: istiod
  namespace: istio-system
spec:
  interval: 10m
  chart:
    spec:
      chart: istiod
      version: "1.26.x"
      sourceRef:
        kind: HelmRepository
        name: istio
  ${extra}
  values:
    ${values}
`;

test('Flux HelmRelease of istiod: spec.values give the settings, each with its source and line', () => {
  const facts = factsOf([helmRelease(`meshConfig:
      defaultConfig:
        holdApplicationUntilProxyStarts: true
    pilot:
      env:
        ENABLE_NATIVE_SIDECARS: "false"
      cni:
        enabled: true`)]);
  const s = facts.mesh.installFor('default');
  assert.is(s.holdMesh?.value, true);
  assert.is(s.holdMesh?.source, 'HelmRelease istio-system/istiod (spec.values.meshConfig.defaultConfig.holdApplicationUntilProxyStarts)');
  assert.equal(where(s.holdMesh?.target), ['HelmRelease istiod', ['spec', 'values', 'meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts']]);
  assert.is(s.nativeSidecars?.value, 'false');
  assert.is(s.cni?.value, true);
  assert.equal(where(s.cni?.target), ['HelmRelease istiod', ['spec', 'values', 'pilot', 'cni', 'enabled']]);
  assert.is(s.declaredBy?.source, 'HelmRelease istio-system/istiod');
  assert.equal(facts.mesh.notes, []);
});

test('a HelmRelease written as JSON or in flow style is read too', () => {
  const json = JSON.stringify({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'istiod', namespace: 'istio-system' }, spec: { chart: { spec: { chart: 'istiod' } }, values: { pilot: { cni: { enabled: true } } } } });
  assert.is(factsOf([json]).mesh.installFor('default').cni?.value, true);
  const flow = '{apiVersion: helm.toolkit.fluxcd.io/v2, kind: HelmRelease, metadata: {name: istiod}, spec: {chart: {spec: {chart: istiod}}, values: {pilot: {cni: {enabled: false}}}}}';
  assert.is(factsOf([flow]).mesh.installFor('default').cni?.value, false);
});

test('the flat ≥1.24 spelling (cni.enabled, env.X) is read; pilot.X wins over it; istio_cni is the older name', () => {
  const flat = factsOf([helmRelease(`cni: { enabled: true }
    env: { ENABLE_NATIVE_SIDECARS: auto }
    istio_cni: { enabled: false }`)]).mesh.installFor('default');
  assert.equal([flat.cni?.value, flat.cni?.source, flat.nativeSidecars?.value], [true, 'HelmRelease istio-system/istiod (spec.values.cni.enabled)', 'auto']);
  const both = factsOf([helmRelease(`cni: { enabled: true }
    pilot: { cni: { enabled: false } }`)]).mesh.installFor('default');
  assert.is(both.cni?.value, false);
  const old = factsOf([helmRelease('istio_cni: { enabled: true }')]).mesh.installFor('default');
  assert.is(old.cni?.value, true);
});

test('a profile, platform or compatibilityVersion selects presets: what the values leave out is unknown', () => {
  const facts = factsOf([helmRelease(`profile: ambient
    meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }`)]);
  const s = facts.mesh.installFor('default');
  assert.equal([s.holdMesh?.value, s.cni, s.nativeSidecars], [true, undefined, undefined]);
  assert.ok(facts.mesh.notes.includes('HelmRelease istio-system/istiod selects profile ambient, whose preset values meshlint does not read; CNI, ENABLE_NATIVE_SIDECARS, global.proxy.holdApplicationUntilProxyStarts, global.proxy.lifecycle, global.proxy.seccompProfile for revision default are treated as unknown'), facts.mesh.notes.join('\n'));
  const plain = factsOf([helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }')]);
  assert.equal(plain.mesh.notes, []);
});

test('a chart that is not istiod says nothing of the sidecars, nor does the cni chart (istiod decides)', () => {
  const other = factsOf([helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }').replace('chart: istiod', 'chart: podinfo')]);
  assert.is(other.mesh.installFor('default').holdMesh, undefined);
  const cni = factsOf([helmRelease('cni: { ambient: { enabled: false } }').replace('name: istiod\n', 'name: istio-cni\n').replace('chart: istiod', 'chart: cni')]);
  // The cni chart installs the node agent; istiod's pilot.cni.enabled decides what sidecars get.
  assert.is(cni.mesh.installFor('default').cni, undefined);
  // A chart from a git source is named by its path.
  const git = factsOf([helmRelease('pilot: { cni: { enabled: true } }').replace('chart: istiod', 'chart: ./manifests/charts/istio-control/istio-discovery')]);
  assert.is(git.mesh.installFor('default').cni?.value, true);
});

test('chartRef to an OCIRepository: the chart is the last segment of its URL', () => {
  const release = yaml`
  apiVersion: helm.toolkit.fluxcd.io/v2
  kind: HelmRelease
  metadata: { name: control-plane, namespace: istio-system }
  spec:
    chartRef: { kind: OCIRepository, name: istio-charts }
    values:
      pilot: { env: { ENABLE_NATIVE_SIDECARS: "true" } }
  `;
  const repo = yaml`
  apiVersion: source.toolkit.fluxcd.io/v1
  kind: OCIRepository
  metadata: { name: istio-charts, namespace: istio-system }
  spec:
    url: oci://gcr.io/istio-release/charts/istiod
    ref: { tag: 1.26.2 }
  `;
  assert.is(factsOf([release, repo]).mesh.installFor('default').nativeSidecars?.value, 'true');
  assert.is(factsOf([release, repo.replace('charts/istiod', 'charts/gateway')]).mesh.installFor('default').nativeSidecars, undefined);
});

const valuesConfigMap = (name: string, body: string, key = 'values.yaml'): string => yaml`
apiVersion: v1
kind: ConfigMap
metadata: { name: ${name}, namespace: istio-system }
data:
  ${key}: |
${body.split('\n').map((l) => `    ${l}`).join('\n')}
`;

test('valuesFrom a ConfigMap among the inputs is merged; spec.values wins over it', () => {
  const release = helmRelease('pilot: { cni: { enabled: false } }', `valuesFrom:
    - kind: ConfigMap
      name: istiod-values`);
  const facts = factsOf([release, valuesConfigMap('istiod-values', 'pilot:\n  cni:\n    enabled: true\nmeshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true')]);
  const s = facts.mesh.installFor('default');
  assert.is(s.cni?.value, false, 'inline values come last');
  assert.is(s.holdMesh?.value, true);
  assert.is(s.holdMesh?.source, 'HelmRelease istio-system/istiod (spec.valuesFrom[0] ConfigMap istio-system/istiod-values values.yaml: meshConfig.defaultConfig.holdApplicationUntilProxyStarts)');
  assert.equal(where(s.holdMesh?.target), ['ConfigMap istiod-values', ['data', 'values.yaml']]);
  assert.equal(facts.mesh.notes, []);
});

test('valuesFrom not among the inputs: what it could set is unknown, with a note naming it; inline values stay known', () => {
  const release = helmRelease('pilot: { cni: { enabled: true } }', `valuesFrom:
    - kind: Secret
      name: istiod-overrides
      valuesKey: overrides.yaml`);
  const facts = factsOf([release], { holdApplicationUntilProxyStarts: true });
  const s = facts.mesh.installFor('default');
  assert.is(s.cni?.value, true, 'spec.values overrides anything valuesFrom could say');
  assert.is(s.holdMesh, undefined, 'not the config: the missing Secret may say otherwise');
  assert.is(s.nativeSidecars, undefined);
  assert.ok(
    facts.mesh.notes.includes('HelmRelease istio-system/istiod takes values from Secret istio-system/istiod-overrides (spec.valuesFrom[0]), which is not among the inputs; ENABLE_NATIVE_SIDECARS, meshConfig.defaultConfig.holdApplicationUntilProxyStarts, global.proxy.holdApplicationUntilProxyStarts, global.proxy.lifecycle, global.proxy.seccompProfile for revision default are treated as unknown'),
    facts.mesh.notes.join('\n'),
  );
  // The same Secret among the inputs (base64 data): known again.
  const secret = yaml`
  apiVersion: v1
  kind: Secret
  metadata: { name: istiod-overrides, namespace: istio-system }
  data:
    overrides.yaml: ${Buffer.from('meshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: false\n').toString('base64')}
  `;
  const known = factsOf([release, secret]).mesh.installFor('default');
  assert.is(known.holdMesh?.value, false);
});

test('chart valuesFiles from the source replace the chart defaults: what inline values leave out is unknown', () => {
  const release = helmRelease('pilot: { cni: { enabled: true } }').replace('      version: "1.26.x"', '      version: "1.26.x"\n      valuesFiles: [./values-prod.yaml]');
  const facts = factsOf([release]);
  const s = facts.mesh.installFor('default');
  assert.equal([s.cni?.value, s.holdMesh], [true, undefined]);
  assert.equal(facts.mesh.notes.filter((n) => n.startsWith('HelmRelease istio-system/istiod uses ./values-prod.yaml of its chart source as values')).length, 1, 'one note for every setting it leaves unknown');
});

test('valuesFrom with targetPath overrides inline values', () => {
  const release = helmRelease('pilot: { cni: { enabled: false } }', `valuesFrom:
    - kind: ConfigMap
      name: cni-switch
      valuesKey: enabled
      targetPath: pilot.cni.enabled`);
  const cm = yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata: { name: cni-switch, namespace: istio-system }
  data: { enabled: "true" }
  `;
  const s = factsOf([release, cm]).mesh.installFor('default');
  assert.is(s.cni?.value, true);
  assert.equal(where(s.cni?.target), ['ConfigMap cni-switch', ['data', 'enabled']]);
});

test('the revision value names the revision: its webhooks and enableNamespacesByDefault', () => {
  const facts = factsOf([helmRelease(`revision: canary
    sidecarInjectorWebhook: { enableNamespacesByDefault: false }
    meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }`)]);
  assert.is(facts.mesh.installFor('canary').holdMesh?.value, true);
  assert.is(facts.mesh.installFor('default').holdMesh, undefined);
  assert.is(facts.mesh.webhooksOrigin, 'input');
  assert.equal([...new Set(facts.mesh.webhooks.map((w) => w.revision))], ['canary']);
  const byDefault = factsOf([helmRelease('sidecarInjectorWebhook: { enableNamespacesByDefault: true }')]);
  assert.ok(byDefault.mesh.webhooks.some((w) => w.shortName === 'auto'));
});

// Shapes from the Argo CD docs (docs/user-guide/helm.md, multiple_sources.md, sync-options.md).
const application = (helm: string, extra = ''): string => yaml`
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: istiod
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://istio-release.storage.googleapis.com/charts
    chart: istiod
    targetRevision: 1.26.2
    helm:
      ${helm}
  destination:
    server: https://kubernetes.default.svc
    namespace: istio-system
  ${extra}
`;

test('Argo CD Application: valuesObject, values (a YAML string) and dotted parameters, in Argo CD\'s precedence', () => {
  const object = factsOf([application(`valuesObject:
        meshConfig:
          defaultConfig:
            holdApplicationUntilProxyStarts: true`)]).mesh.installFor('default');
  assert.equal([object.holdMesh?.value, object.holdMesh?.source], [true, 'Application argocd/istiod (helm.valuesObject.meshConfig.defaultConfig.holdApplicationUntilProxyStarts)']);
  assert.equal(where(object.holdMesh?.target), ['Application istiod', ['spec', 'source', 'helm', 'valuesObject', 'meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts']]);
  const text = factsOf([application(`values: |
        pilot:
          cni:
            enabled: true
      parameters:
        - name: pilot.env.ENABLE_NATIVE_SIDECARS
          value: "true"
        - name: pilot.cni.enabled
          value: "false"`)]).mesh.installFor('default');
  assert.is(text.cni?.value, false, 'parameters win over values');
  assert.equal(where(text.cni?.target), ['Application istiod', ['spec', 'source', 'helm', 'parameters', 1, 'value']]);
  assert.is(text.nativeSidecars?.value, 'true');
  // valuesObject set: the values string is ignored entirely.
  const ignored = factsOf([application(`values: |
        meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }
      valuesObject:
        pilot: { cni: { enabled: true } }`)]).mesh.installFor('default');
  assert.equal([ignored.holdMesh, ignored.cni?.value], [undefined, true]);
});

test('Argo CD multi-source with a valueFiles ref not among the inputs: unknown with a note; ApplicationSet templates', () => {
  const multi = yaml`
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: { name: istiod, namespace: argocd }
  spec:
    sources:
      - repoURL: https://istio-release.storage.googleapis.com/charts
        chart: istiod
        targetRevision: 1.26.2
        helm:
          valueFiles: [$values/istio/istiod-values.yaml]
          valuesObject: { pilot: { cni: { enabled: true } } }
      - repoURL: https://github.com/example/platform.git
        targetRevision: main
        ref: values
    destination: { server: https://kubernetes.default.svc, namespace: istio-system }
  `;
  const facts = factsOf([multi]);
  const s = facts.mesh.installFor('default');
  assert.is(s.cni?.value, true);
  assert.is(s.holdMesh, undefined);
  assert.ok(facts.mesh.notes.some((n) => n.startsWith('Application argocd/istiod (spec.sources[0]) reads values file $values/istio/istiod-values.yaml (spec.sources.0.helm.valueFiles[0]), which is not among the inputs')), facts.mesh.notes.join('\n'));
  const set = yaml`
  apiVersion: argoproj.io/v1alpha1
  kind: ApplicationSet
  metadata: { name: istiod, namespace: argocd }
  spec:
    generators:
      - clusters: {}
    template:
      metadata: { name: '{{name}}-istiod' }
      spec:
        project: default
        source:
          repoURL: https://istio-release.storage.googleapis.com/charts
          chart: istiod
          targetRevision: 1.26.2
          helm:
            valuesObject:
              revision: stable
              meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: false } }
        destination: { server: '{{server}}', namespace: istio-system }
  `;
  // A revision the generator fills in names no revision: nothing is read, and the webhooks stay the assumed default install.
  const templated = factsOf([set.replace('revision: stable', "revision: '{{revision}}'")]);
  assert.is(templated.mesh.webhooksOrigin, 'assumed');
  assert.is(templated.mesh.installFor('default').holdMesh, undefined);
  assert.ok(templated.mesh.notes.includes('ApplicationSet argocd/istiod installs istiod with revision "{{revision}}", filled in by a tool; its settings are not read'), templated.mesh.notes.join('\n'));
  const native = factsOf([set.replace('revision: stable', "revision: stable\n            pilot: { env: { ENABLE_NATIVE_SIDECARS: '{{native}}' } }")]);
  assert.is(native.mesh.installFor('stable').nativeSidecars, undefined, 'a value the generator fills in is unknown, not "false"');
  assert.ok(native.mesh.notes.some((n) => n.includes('pilot.env.ENABLE_NATIVE_SIDECARS) is {{native}}, filled in by a tool; ENABLE_NATIVE_SIDECARS for revision stable is treated as unknown')), native.mesh.notes.join('\n'));
  const fromSet = factsOf([set]).mesh.installFor('stable');
  assert.is(fromSet.holdMesh?.value, false);
  assert.equal(where(fromSet.holdMesh?.target), ['ApplicationSet istiod', ['spec', 'template', 'spec', 'source', 'helm', 'valuesObject', 'meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts']]);
});

test('two sources that disagree leave the setting unknown, with both files in the note', () => {
  const facts = factsOf([
    helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }'),
    application('valuesObject: { meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: false } } }'),
  ]);
  assert.is(facts.mesh.installFor('default').holdMesh, undefined);
  assert.ok(
    facts.mesh.notes.includes('the inputs disagree on meshConfig.defaultConfig.holdApplicationUntilProxyStarts for revision default (true in f0.yaml; false in f1.yaml); it is treated as unknown'),
    facts.mesh.notes.join('\n'),
  );
});

// Sail operator shapes (docs/README, api/v1/istio_types.go).
test('Sail Istio and IstioRevision: spec.values, and the revision name per update strategy', () => {
  const istio = (name: string, strategy: string): string => yaml`
  apiVersion: sailoperator.io/v1
  kind: Istio
  metadata: { name: ${name} }
  spec:
    version: v1.26.2
    namespace: istio-system
    updateStrategy: { type: ${strategy} }
    values:
      pilot: { cni: { enabled: true } }
  `;
  assert.is(factsOf([istio('default', 'InPlace')]).mesh.installFor('default').cni?.value, true);
  const named = factsOf([istio('prod', 'InPlace')]);
  assert.equal([named.mesh.installFor('prod').cni?.value, named.mesh.installFor('default').cni], [true, undefined]);
  const based = factsOf([istio('default', 'RevisionBased')]);
  assert.is(based.mesh.installFor('default-v1-26-2').cni?.value, true);
  assert.equal([...new Set(based.mesh.webhooks.map((w) => w.revision))], ['default-v1-26-2']);
  const rev = factsOf([istio('x', 'InPlace').replace('kind: Istio', 'kind: IstioRevision').replace('name: x', 'name: default-v1-25-3')]);
  assert.is(rev.mesh.installFor('default-v1-25-3').cni?.value, true);
});

test('Sail IstioRevisionTag: the tag serves the revision of the Istio or IstioRevision it targets', () => {
  // Shapes from the Sail operator's docs (docs/update-strategy): an Istio with RevisionBased updates and a tag "default".
  const istio = yaml`
  apiVersion: sailoperator.io/v1
  kind: Istio
  metadata: { name: default }
  spec:
    version: v1.26.2
    updateStrategy: { type: RevisionBased }
  `;
  const tag = (name: string, kind: string, target: string): string => yaml`
  apiVersion: sailoperator.io/v1
  kind: IstioRevisionTag
  metadata: { name: ${name} }
  spec:
    targetRef: { kind: ${kind}, name: ${target} }
  `;
  const facts = factsOf([istio, tag('default', 'Istio', 'default')]);
  const served = facts.mesh.webhooks.map((w) => `${w.tag ?? '-'}:${w.revision}:${w.shortName}`);
  assert.ok(served.includes('default:default-v1-26-2:namespace'), served.join());
  assert.ok(served.includes('default:default-v1-26-2:rev.namespace'), served.join());
  // A tag on an IstioRevision names the revision itself.
  const prod = factsOf([istio, tag('prod', 'IstioRevision', 'default-v1-26-2')]);
  assert.ok(prod.mesh.webhooks.some((w) => w.tag === 'prod' && w.revision === 'default-v1-26-2'));
  // The Istio it targets is not among the inputs: its name is taken (the in-place revision), with a note.
  const alone = factsOf([tag('prod', 'Istio', 'mesh')]);
  assert.ok(alone.mesh.webhooks.some((w) => w.tag === 'prod' && w.revision === 'mesh'));
  assert.ok(alone.mesh.notes.some((n) => n.includes('IstioRevisionTag prod') && n.includes('not among the inputs')), alone.mesh.notes.join('\n'));
  // Two objects point one tag at different revisions: left out, with a note.
  const split = factsOf([istio, tag('prod', 'IstioRevision', 'a'), tag('prod', 'IstioRevision', 'b').replace('name: prod', 'name: prod')]);
  assert.not.ok(split.mesh.webhooks.some((w) => w.tag === 'prod'));
  assert.ok(split.mesh.notes.some((n) => n.startsWith('revision tag prod points at different revisions')));
});

test('the istiod chart value revisionTags adds one tag webhook per tag for the release\'s revision', () => {
  const facts = factsOf([helmRelease('revision: canary\n    revisionTags: [prod, default]')]);
  const tags = facts.mesh.webhooks.filter((w) => w.tag !== undefined).map((w) => `${w.tag}:${w.revision}`);
  assert.equal([...new Set(tags)].sort(), ['default:canary', 'prod:canary']);
  // Tag default also serves istio-injection=enabled.
  assert.ok(facts.mesh.webhooks.some((w) => w.tag === 'default' && w.shortName === 'namespace'));
});

test('Sail IstioCNI is a cni release: it says nothing of the sidecars (istiod\'s pilot.cni.enabled decides)', () => {
  const cni = yaml`
  apiVersion: sailoperator.io/v1
  kind: IstioCNI
  metadata: { name: default }
  spec:
    namespace: istio-cni
    values: { cni: { cniConfDir: /etc/cni/multus/net.d } }
  `;
  const facts = factsOf([cni]);
  assert.is(facts.mesh.installFor('default').cni, undefined);
});

const argoCreates = (labels: string): string => application('valuesObject: {}', `syncPolicy:
    syncOptions:
      - CreateNamespace=true
    ${labels}`).replace('chart: istiod', 'chart: podinfo').replace('namespace: istio-system', 'namespace: shop');

test('namespaces an Application or a HelmRelease creates; a Namespace object wins; disagreeing creators leave it unknown', () => {
  const labelled = factsOf([argoCreates(`managedNamespaceMetadata:
      labels:
        istio-injection: enabled`)]);
  assert.equal(labelled.namespaces.get('shop')?.labels, { 'istio-injection': 'enabled', 'kubernetes.io/metadata.name': 'shop' });
  assert.equal(factsOf([argoCreates('')]).namespaces.get('shop')?.labels, { 'kubernetes.io/metadata.name': 'shop' }, 'created with no labels is known');
  assert.is(factsOf([argoCreates('').replace('- CreateNamespace=true', '- ServerSideApply=true')]).namespaces.get('shop'), undefined);
  const object = factsOf([argoCreates('managedNamespaceMetadata: { labels: { istio-injection: enabled } }'), 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop }\n']);
  assert.equal(object.namespaces.get('shop')?.labels, { 'kubernetes.io/metadata.name': 'shop' });
  const flux = factsOf([helmRelease('{}', 'install: { createNamespace: true }\n  targetNamespace: mesh').replace('chart: istiod', 'chart: podinfo')]);
  assert.equal(flux.namespaces.get('mesh')?.labels, { name: 'mesh', 'kubernetes.io/metadata.name': 'mesh' });
  const both = factsOf([argoCreates('managedNamespaceMetadata: { labels: { istio-injection: enabled } }'), argoCreates('managedNamespaceMetadata: { labels: { istio.io/rev: canary } }')]);
  assert.is(both.namespaces.get('shop'), undefined);
  assert.ok(both.mesh.notes.some((n) => n.startsWith('namespace shop is created with different labels')), both.mesh.notes.join('\n'));
});

const web = yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata: { labels: { app: web } }
    spec:
      containers: [{ name: web, image: web:1 }]
`;

test('a namespace from managedNamespaceMetadata makes a pod\'s injection known', () => {
  const outcome = (files: string[]): string => {
    const facts = factsOf(files);
    const inputs = [decodeSource(Buffer.from(web), 'web.yaml', undefined)];
    const input = inputs[0];
    if (!input?.ok) throw new Error('unreadable');
    const doc = [...parseFile(input.file)][0];
    const r = doc && resourcesOf(doc, undefined).resources[0];
    const t = r && podTemplateOf(r);
    if (!t) throw new Error('no pod template');
    return predictForTemplate(t, facts).outcome;
  };
  assert.is(outcome([]), 'unknown');
  assert.is(outcome([argoCreates('managedNamespaceMetadata: { labels: { istio-injection: enabled } }')]), 'injected');
  assert.is(outcome([argoCreates('')]), 'not-injected');
});

ruleTester(rule, {
  valid: [
    { name: 'the HelmRelease holds the app', code: web, files: [{ filename: 'istiod.yaml', code: helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } }') }, { filename: 'app.yaml', code: argoCreates('managedNamespaceMetadata: { labels: { istio-injection: enabled } }') }], istioVersion: '1.26' },
    { name: 'no namespace fact: the workload is not known to be injected', code: web, files: [{ filename: 'istiod.yaml', code: helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: false } }') }], istioVersion: '1.26' },
  ],
  invalid: [
    {
      name: 'the HelmRelease turns hold off and an Application labels the namespace: the finding points at the values line',
      code: helmRelease('meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: false } }'),
      files: [{ filename: 'web.yaml', code: web }, { filename: 'app.yaml', code: argoCreates('managedNamespaceMetadata: { labels: { istio-injection: enabled } }') }],
      istioVersion: '1.26',
      errors: [{ messageId: 'meshNoHold', line: 17, column: 36, message: 'Sidecars of this install start alongside the app: 1 injected workload can connect before Envoy is ready.' }],
    },
  ],
});


// Helm values files of istiod: no kind, recognised by content, named in the config, or read by a GitOps object.
const factsOfFiles = (files: Record<string, string>, istio: Config['istio'] = {}): Facts =>
  factsPass(Object.entries(files).map(([path, code]) => decodeSource(Buffer.from(code), path, `/repo/${path}`)), { ...EMPTY_CONFIG, istio });

test('an istiod values file is recognised by its content: its revision, CNI and hold, each pointing at its line', () => {
  // The shape of Istio's "install with Helm" guide: helm install istiod istio/istiod -f istiod-values.yaml.
  const values = yaml`
  revision: canary
  pilot:
    cni:
      enabled: true
    env:
      ENABLE_NATIVE_SIDECARS: "false"
  meshConfig:
    defaultConfig:
      holdApplicationUntilProxyStarts: true
  `;
  const facts = factsOfFiles({ 'istio/istiod-values.yaml': values });
  assert.equal([...new Set(facts.mesh.webhooks.map((w) => w.revision))], ['canary']);
  const s = facts.mesh.installFor('canary');
  assert.equal([s.cni?.value, s.nativeSidecars?.value, s.holdMesh?.value], [true, 'false', true]);
  assert.equal(where(s.cni?.target), ['values file istio/istiod-values.yaml', ['pilot', 'cni', 'enabled']]);
  assert.is(s.cni?.source, 'values file istio/istiod-values.yaml (pilot.cni.enabled)');
  // ≥1.24's flat spelling with istiod's own environment is recognised too.
  const flat = factsOfFiles({ 'istiod.yaml': 'env:\n  PILOT_ENABLE_STATUS: "true"\n  ENABLE_NATIVE_SIDECARS: "true"\n' });
  assert.is(flat.mesh.installFor('default').nativeSidecars?.value, 'true');
});

test('values that are not an istiod install are not read as one: a gateway chart, a copy of the chart defaults, unrelated values', () => {
  // The gateway chart's values also carry meshConfig and global, and a revision.
  const gateway = 'revision: main\nname: istio-egressgateway\nlabels: { istio: egressgateway }\nmeshConfig: { accessLogFile: /dev/stdout }\n';
  const defaults = '_internal_defaults_do_not_set:\n  pilot: { cni: { enabled: false } }\n  revision: ""\n';
  const other = 'replicaCount: 2\nenv:\n  LOG_LEVEL: debug\nimage: { repository: podinfo }\n';
  for (const [name, text] of [['gateway-values.yaml', gateway], ['charts/istiod/values.yaml', defaults], ['values.yaml', other]] as const) {
    const facts = factsOfFiles({ [name]: text });
    assert.is(facts.mesh.webhooksOrigin, 'assumed', name);
  }
});

test('the ambient umbrella chart: istiod\'s values under istiod:, global: shared; its profile leaves the rest unknown', () => {
  const umbrella = yaml`
  global:
    platform: ""
  istiod:
    revision: stable
    pilot: { cni: { enabled: true } }
  `;
  const facts = factsOfFiles({ 'ambient/values.yaml': umbrella });
  assert.equal([...new Set(facts.mesh.webhooks.map((w) => w.revision))], ['stable']);
  assert.equal(where(facts.mesh.installFor('stable').cni?.target), ['values file ambient/values.yaml', ['istiod', 'pilot', 'cni', 'enabled']]);
  const profiled = factsOfFiles({ 'ambient/values.yaml': umbrella.replace('revision: stable', 'revision: stable\n  profile: ambient') });
  assert.is(profiled.mesh.installFor('stable').holdMesh, undefined);
  assert.ok(profiled.mesh.notes.some((n) => n.includes('selects profile ambient')), profiled.mesh.notes.join('\n'));
});

test('config istio.valuesFiles names a values file whatever it holds', () => {
  const text = 'meshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true\n';
  assert.is(factsOfFiles({ 'platform/mesh.yaml': text }).mesh.webhooksOrigin, 'assumed', 'meshConfig alone is not enough to recognise istiod values');
  const facts = factsOfFiles({ 'platform/mesh.yaml': text }, { valuesFiles: ['/repo/platform/mesh.yaml'] });
  assert.is(facts.mesh.installFor('default').holdMesh?.value, true);
  assert.is(facts.mesh.webhooksOrigin, 'input');
});

test('a values file an Argo CD Application or a Flux HelmRelease reads from git is a layer of that release, not an install of its own', () => {
  // Argo CD: a chart from git (source.path) with valueFiles relative to it.
  const app = yaml`
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: { name: istiod, namespace: argocd }
  spec:
    source:
      repoURL: https://github.com/example/platform.git
      path: charts/istiod
      helm:
        valueFiles: [values-prod.yaml]
        parameters:
          - { name: revision, value: prod }
    destination: { server: https://kubernetes.default.svc, namespace: istio-system }
  `;
  const prodValues = 'pilot:\n  cni:\n    enabled: true\n';
  const facts = factsOfFiles({ 'clusters/prod/istiod.yaml': app, 'charts/istiod/values-prod.yaml': prodValues });
  // Only the Application's revision: the values file is not a second (default) install.
  assert.equal([...new Set(facts.mesh.webhooks.map((w) => w.revision))], ['prod']);
  assert.is(facts.mesh.installFor('prod').cni?.source, 'Application argocd/istiod (values file charts/istiod/values-prod.yaml: pilot.cni.enabled)');
  // Multi-source: $values/<path> is a path of the source named `ref: values`.
  const multi = yaml`
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: { name: istiod, namespace: argocd }
  spec:
    sources:
      - repoURL: https://istio-release.storage.googleapis.com/charts
        chart: istiod
        targetRevision: 1.26.2
        helm:
          valueFiles: [$values/istio/istiod-values.yaml]
      - repoURL: https://github.com/example/platform.git
        ref: values
    destination: { server: https://kubernetes.default.svc, namespace: istio-system }
  `;
  const fromRef = factsOfFiles({ 'apps/istiod.yaml': multi, 'istio/istiod-values.yaml': prodValues });
  assert.is(fromRef.mesh.installFor('default').cni?.value, true);
  // Two inputs end with the path: which one is read is not known.
  const twice = factsOfFiles({ 'apps/istiod.yaml': multi, 'a/istio/istiod-values.yaml': prodValues, 'b/istio/istiod-values.yaml': prodValues.replace('true', 'false') });
  assert.is(twice.mesh.installFor('default').cni, undefined);
  assert.ok(twice.mesh.notes.some((n) => n.includes('which several inputs could be')), twice.mesh.notes.join('\n'));
  // Flux: valuesFiles of a GitRepository source replace the chart's values.yaml.
  const flux = yaml`
  apiVersion: helm.toolkit.fluxcd.io/v2
  kind: HelmRelease
  metadata: { name: istiod, namespace: istio-system }
  spec:
    interval: 10m
    chart:
      spec:
        chart: ./charts/istiod
        sourceRef: { kind: GitRepository, name: platform }
        valuesFiles: [./charts/istiod/values-prod.yaml]
  `;
  const fromFlux = factsOfFiles({ 'clusters/prod/istiod.yaml': flux, 'charts/istiod/values-prod.yaml': prodValues });
  assert.is(fromFlux.mesh.installFor('default').cni?.source, 'HelmRelease istio-system/istiod (values file charts/istiod/values-prod.yaml: pilot.cni.enabled)');
  assert.is(fromFlux.mesh.installFor('default').holdMesh, undefined, 'what the file leaves out of the chart defaults is unknown');
});

test('an ApplicationSet whose templatePatch or a generator\'s own template may change the values or the namespace: those are unknown', () => {
  // The shape of Argo CD's "Templates" docs: templatePatch is a Go template applied per element.
  const set = (extra: string): string => yaml`
  apiVersion: argoproj.io/v1alpha1
  kind: ApplicationSet
  metadata: { name: istiod, namespace: argocd }
  spec:
    goTemplate: true
    generators:
      - list:
          elements: [{ cluster: prod }]
    template:
      metadata: { name: 'istiod-{{.cluster}}' }
      spec:
        project: default
        source:
          repoURL: https://istio-release.storage.googleapis.com/charts
          chart: istiod
          targetRevision: 1.26.2
          helm:
            valuesObject: { meshConfig: { defaultConfig: { holdApplicationUntilProxyStarts: true } } }
        destination: { server: https://kubernetes.default.svc, namespace: istio-system }
        syncPolicy: { syncOptions: [CreateNamespace=true] }
    ${extra}
  `;
  assert.is(factsOf([set('')]).mesh.installFor('default').holdMesh?.value, true);
  assert.ok(factsOf([set('')]).namespaces.has('istio-system'));
  const patch = `templatePatch: |
      spec:
        source:
          helm:
            valuesObject: {{ .values | toJson }}
        syncPolicy:
          managedNamespaceMetadata:
            labels: { team: '{{ .team }}' }`;
  const patched = factsOf([set(patch)]);
  assert.is(patched.mesh.installFor('default').holdMesh, undefined);
  assert.ok(patched.mesh.notes.some((n) => n.includes('patches its template per element (spec.templatePatch)')), patched.mesh.notes.join('\n'));
  assert.not.ok(patched.namespaces.has('istio-system'), 'the patch may label the namespace');
  // A patch that touches neither leaves both known.
  const other = factsOf([set("templatePatch: |\n      metadata:\n        annotations: { team: '{{ .team }}' }")]);
  assert.equal([other.mesh.installFor('default').holdMesh?.value, other.namespaces.has('istio-system')], [true, true]);
  const generatorTemplate = set('').replace('elements: [{ cluster: prod }]', "elements: [{ cluster: prod }]\n        template:\n          spec:\n            source: { helm: { valuesObject: { revision: x } } }");
  assert.is(factsOf([generatorTemplate]).mesh.installFor('default').holdMesh, undefined);
});

test.run();
