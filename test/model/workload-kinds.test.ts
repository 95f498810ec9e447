import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFile } from '../../src/parse/yaml.ts';
import { resourcesOf } from '../../src/load/resources.ts';
import { GENERIC_KIND, kindsTable } from '../../src/model/data/workload-kinds.ts';
import { MAX_TEMPLATES, podTemplateOf, podTemplatesOf, templatePath } from '../../src/model/workload.ts';
import { hasAppContainers } from '../../src/model/pod/sidecar.ts';
import type { Resource } from '../../src/common/types.ts';

const resources = (text: string): Resource[] =>
  [...parseFile({ displayPath: 'test.yaml', absPath: undefined, text })].flatMap((doc) => resourcesOf(doc, 'default').resources);
const one = (text: string): Resource => {
  const r = resources(text)[0];
  if (!r) throw new Error('no resource');
  return r;
};

test('an Argo Workflow: one pod template per pod-making template, with its path and merged metadata', () => {
  const r = one(`
apiVersion: argoproj.io/v1alpha1
kind: Workflow
metadata: { name: ci, labels: { wf: only-the-workflow } }
spec:
  podMetadata:
    labels: { team: ci, tier: shared }
    annotations: { a: from-podMetadata }
  templateDefaults:
    metadata: { labels: { tier: defaults } }
  hostNetwork: true
  templates:
    - name: main
      steps: [[{ name: build, template: build }]]
    - name: build
      metadata: { labels: { tier: own } }
      annotations: { not: pod-metadata }
      initContainers: [{ name: fetch, image: curl }]
      container: { image: builder:1 }
      sidecars: [{ name: db, image: postgres }]
    - name: test
      script: { image: python:3, source: "1" }
    - name: wait
      suspend: {}
    - name: fan
      containerSet:
        containers: [{ name: a, image: a }, { name: b, image: b }]
`);
  const ts = podTemplatesOf(r);
  assert.equal(ts.map((t) => t.role), ['build', 'test', 'fan']);
  const [build, test1, fan] = ts;
  assert.equal(build!.path, ['spec', 'templates', 1]);
  // The template's own metadata wins over templateDefaults, which wins over spec.podMetadata.
  assert.equal(build!.labels, { team: 'ci', tier: 'own' });
  assert.equal(test1!.labels, { team: 'ci', tier: 'defaults' });
  assert.equal(build!.annotations, { a: 'from-podMetadata' });
  assert.equal(build!.containers.map((c) => [c.group, c.name, c.path.join('.')]), [
    ['initContainers', 'fetch', 'spec.templates.1.initContainers.0'],
    ['containers', 'main', 'spec.templates.1.container'],
    ['containers', 'db', 'spec.templates.1.sidecars.0'],
  ]);
  assert.equal(fan!.containers.map((c) => c.name), ['a', 'b']);
  // Where each label is written, for exact lines.
  assert.equal(templatePath(build!, 'metadata', 'labels', 'tier'), ['spec', 'templates', 1, 'metadata', 'labels', 'tier']);
  assert.equal(templatePath(build!, 'metadata', 'labels', 'team'), ['spec', 'podMetadata', 'labels', 'team']);
  assert.equal(templatePath(test1!, 'metadata', 'labels', 'tier'), ['spec', 'templateDefaults', 'metadata', 'labels', 'tier']);
  assert.equal(templatePath(build!, 'metadata', 'annotations'), ['spec', 'templates', 1, 'metadata', 'annotations']);
  // Pod-level fields: the workflow's hostNetwork reaches every step.
  assert.is(build!.spec.hostNetwork, true);
  assert.equal(templatePath(build!, 'spec', 'hostNetwork'), ['spec', 'hostNetwork']);
  assert.ok(build!.batch);
  assert.is(build!.sidecarExit?.by, 'kill-command');
  assert.is(podTemplateOf(r), build);
});

test('a CronWorkflow keeps its WorkflowSpec under spec.workflowSpec', () => {
  const r = one(`
apiVersion: argoproj.io/v1alpha1
kind: CronWorkflow
metadata: { name: nightly }
spec:
  workflowSpec:
    podMetadata: { labels: { sidecar.istio.io/inject: "false" } }
    templates: [{ name: main, container: { image: report } }]
`);
  const [t] = podTemplatesOf(r);
  assert.equal(t?.path, ['spec', 'workflowSpec', 'templates', 0]);
  assert.equal(templatePath(t!, 'metadata', 'labels', 'sidecar.istio.io/inject'), ['spec', 'workflowSpec', 'podMetadata', 'labels', 'sidecar.istio.io/inject']);
});

test('a SparkApplication: driver and executor, labels from the role and the application', () => {
  const r = one(`
apiVersion: sparkoperator.k8s.io/v1beta2
kind: SparkApplication
metadata: { name: pi, labels: { app: pi }, annotations: { not: on-pods } }
spec:
  driver:
    labels: { role: driver }
    annotations: { sidecar.istio.io/inject: "false" }
    sidecars: [{ name: log, image: fluent-bit }]
    hostNetwork: true
    cores: 1
  executor:
    template:
      metadata: { labels: { from: template } }
      spec: { containers: [{ name: x, image: spark }] }
`);
  const [driver, executor] = podTemplatesOf(r);
  assert.is(driver?.role, 'driver');
  assert.equal(driver!.labels, { app: 'pi', role: 'driver' });
  assert.equal(driver!.annotations, { 'sidecar.istio.io/inject': 'false' });
  assert.equal(templatePath(driver!, 'metadata', 'annotations', 'sidecar.istio.io/inject'), ['spec', 'driver', 'annotations', 'sidecar.istio.io/inject']);
  assert.equal(templatePath(driver!, 'metadata', 'labels', 'app'), ['metadata', 'labels', 'app']);
  assert.is(driver!.spec.hostNetwork, true);
  assert.is(driver!.spec.cores, undefined);
  assert.equal(driver!.containers.map((c) => c.name), ['log']);
  assert.ok(hasAppContainers(driver!), 'the operator adds the driver container');
  assert.equal(executor!.labels, { app: 'pi', from: 'template' });
  assert.is(executor!.sidecarExit?.by, 'deleted');
});

test('a KServe InferenceService: the predictor is a PodSpec inline, metadata from the component over the InferenceService', () => {
  const r = one(`
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: { name: sk, annotations: { proxy.istio.io/config: "{}", x: isvc } }
spec:
  predictor:
    annotations: { x: component }
    serviceAccountName: sa
    model: { modelFormat: { name: sklearn }, storageUri: "gs://m" }
  transformer:
    containers: [{ name: kserve-container, image: t }]
`);
  const [p, t] = podTemplatesOf(r);
  assert.is(p?.role, 'predictor');
  assert.equal(p!.annotations, { 'proxy.istio.io/config': '{}', x: 'component' });
  assert.is(p!.spec.serviceAccountName, 'sa');
  assert.ok(hasAppContainers(p!));
  assert.is(t?.role, 'transformer');
  assert.equal(t!.containers.map((c) => c.path.join('.')), ['spec.transformer.containers.0']);
});

test('Tekton: step and sidecar containers with their pod names, metadata from the run', () => {
  const r = one(`
apiVersion: tekton.dev/v1
kind: TaskRun
metadata: { name: b, labels: { sidecar.istio.io/inject: "true" } }
spec:
  podTemplate: { hostNetwork: true, nodeSelector: { a: b } }
  taskSpec:
    steps: [{ name: build, image: golang }]
    sidecars: [{ name: docker, image: docker:dind }]
`);
  const [t] = podTemplatesOf(r);
  assert.equal(t!.containers.map((c) => c.name), ['step-build', 'sidecar-docker']);
  assert.equal(templatePath(t!, 'metadata', 'labels', 'sidecar.istio.io/inject'), ['metadata', 'labels', 'sidecar.istio.io/inject']);
  assert.equal(templatePath(t!, 'spec', 'hostNetwork'), ['spec', 'podTemplate', 'hostNetwork']);
  assert.ok(t!.kind.waitsForSidecars);
  assert.is(t!.sidecarExit?.by, 'controller');
});

test('built-ins keep their shapes, and the generic spec.template fallback stays', () => {
  const dep = one('apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: d }\nspec: { template: { metadata: { labels: { a: b } }, spec: { containers: [{ name: c }] } } }\n');
  const t = podTemplateOf(dep)!;
  assert.equal(t.path, ['spec', 'template']);
  assert.equal(templatePath(t, 'metadata', 'labels', 'x'), ['spec', 'template', 'metadata', 'labels', 'x']);
  assert.equal(templatePath(t, 'spec', 'hostNetwork'), ['spec', 'template', 'spec', 'hostNetwork']);
  assert.not.ok(t.batch);
  const pod = one('apiVersion: v1\nkind: Pod\nmetadata: { name: p }\nspec: { restartPolicy: OnFailure, containers: [{ name: c }] }\n');
  assert.equal(podTemplateOf(pod)!.path, []);
  assert.ok(podTemplateOf(pod)!.batch);
  const custom = one('apiVersion: example.com/v1\nkind: Thing\nmetadata: { name: t }\nspec: { template: { spec: { containers: [{ name: c }] } } }\n');
  assert.is(podTemplateOf(custom)?.kind, GENERIC_KIND);
  const kruise = one('apiVersion: apps.kruise.io/v1beta1\nkind: StatefulSet\nmetadata: { name: s }\nspec: { template: { spec: { containers: [{ name: c }] } } }\n');
  assert.is(podTemplateOf(kruise)?.kind.project, 'OpenKruise (Advanced StatefulSet)');
});

test('odd shapes never throw, and templates per object are bounded', () => {
  const odd = [
    'apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: { name: w }\nspec: { templates: "x" }\n',
    'apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: { name: w }\nspec: { podMetadata: [1], templates: [null, 3, { container: 5 }, { container: {}, metadata: "m" }] }\n',
    'apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nmetadata: { name: s }\nspec: { driver: { labels: [a], sidecars: { a: 1 } }, executor: 7 }\n',
    'apiVersion: serving.kserve.io/v1beta1\nkind: InferenceService\nmetadata: { name: i }\nspec: { predictor: [] }\n',
    'apiVersion: tekton.dev/v1\nkind: PipelineRun\nmetadata: { name: p }\nspec: { pipelineSpec: { tasks: [{ taskSpec: { steps: [null, { name: 1 }] } }] } }\n',
  ];
  for (const text of odd) for (const r of resources(text)) for (const t of podTemplatesOf(r)) templatePath(t, 'metadata', 'labels', 'k');
  const many = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Workflow', metadata: { name: 'w' }, spec: { templates: Array.from({ length: MAX_TEMPLATES + 50 }, (_, i) => ({ name: `t${i}`, container: { image: 'x' } })) } };
  assert.is(podTemplatesOf(one(JSON.stringify(many))).length, MAX_TEMPLATES);
});

// The README's table is rendered from the table, so the two cannot drift.
test('the README lists every workload kind of the table', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = kindsTable();
  if (!readme.includes(table)) {
    assert.unreachable(`README.md's workload kinds table is not the table's; replace it with:\n${table}`);
  }
});

test.run();
