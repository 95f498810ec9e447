import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { quitCall } from '../../rules/job-sidecar-never-exits.ts';
import { podTemplateOf } from '../../src/model/workload.ts';
import type { Resource } from '../../src/common/types.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const batch = { namespaces: { batch: { labels: { 'istio-injection': 'enabled' } } } };
const classic = { ...batch, istio: { nativeSidecars: false } };

const job = (podMeta = '{ labels: { app: report } }', command = '[report]'): string => yaml`
apiVersion: batch/v1
kind: Job
metadata: { name: report, namespace: batch }
spec:
  template:
    metadata: ${podMeta}
    spec:
      restartPolicy: Never
      containers:
        - name: report
          image: report:1
          command: ${command}
`;


/** An Argo Workflow: a steps template (no pod) and two container templates. */
const workflow = (podMetadata: string, buildMeta = '{}', testMeta = '{}'): string => yaml`
apiVersion: argoproj.io/v1alpha1
kind: Workflow
metadata: { name: ci, namespace: batch }
spec:
  entrypoint: main
  podMetadata: ${podMetadata}
  templates:
    - name: main
      steps:
        - - { name: build, template: build }
        - - { name: test, template: test }
    - name: build
      metadata: ${buildMeta}
      container: { image: builder:1, command: [make] }
    - name: test
      metadata: ${testMeta}
      script: { image: python:3, source: "print(1)" }
`;

const DISTROLESS = '{ annotations: { sidecar.istio.io/proxyImage: "docker.io/istio/proxyv2:1.26.2-distroless" } }';

const taskRun = yaml`
apiVersion: tekton.dev/v1
kind: TaskRun
metadata: { name: build-1, namespace: batch }
spec:
  taskSpec:
    steps:
      - { name: build, image: golang:1.22, script: "go build ./..." }
`;

ruleTester(rule, {
  valid: [
    { name: 'not injected', code: job(), config: { istio: { nativeSidecars: false } } },
    { name: 'native sidecars in the config', code: job(), config: { ...batch, istio: { nativeSidecars: true } } },
    { name: 'native sidecar annotation', code: job('{ annotations: { sidecar.istio.io/nativeSidecar: "true" } }'), config: classic },
    { name: 'opted out', code: job('{ labels: { sidecar.istio.io/inject: "false" } }'), config: classic },
    // A value a tool fills in may opt out, or turn native sidecars on: whether the Job hangs is unknown.
    { name: 'inject label filled in by Jinja', code: job('{ labels: { sidecar.istio.io/inject: "{{ tg_sidecar }}" } }'), config: classic },
    { name: 'native sidecar annotation filled in by Helm (1.26 reads only "true")', code: job('{ annotations: { sidecar.istio.io/nativeSidecar: "{{ .Values.nativeSidecar }}" } }'), config: classic, istioVersion: '1.26' },
    { name: 'POSTs to quitquitquit with curl', code: job(undefined, `[sh, -c, "report && curl -fsS -X POST http://localhost:15020/quitquitquit"]`), config: classic },
    { name: 'pilot-agent request POST', code: job(undefined, `[sh, -c, "report; pilot-agent request POST quitquitquit"]`), config: classic },
    { name: 'a Deployment is not a Job', code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: batch }
      spec:
        template:
          spec:
            containers: [{ name: web, image: web }]
      `, config: classic },
    { name: 'already injected as a native sidecar', code: yaml`
      apiVersion: batch/v1
      kind: Job
      metadata: { name: j }
      spec:
        template:
          metadata:
            annotations: { sidecar.istio.io/status: '{}' }
          spec:
            initContainers: [{ name: istio-proxy, image: proxyv2, restartPolicy: Always }]
            containers: [{ name: j, image: j }]
      ` },
    // Tekton stops every running non-step container itself when the TaskRun is done.
    { name: 'a Tekton TaskRun: Tekton stops the sidecar', code: taskRun, config: classic },
    { name: 'a Tekton PipelineRun with embedded tasks', code: yaml`
      apiVersion: tekton.dev/v1
      kind: PipelineRun
      metadata: { name: ci-1, namespace: batch }
      spec:
        pipelineSpec:
          tasks:
            - name: build
              taskSpec:
                steps: [{ name: build, image: golang:1.22 }]
      `, config: classic },
    // Argo runs `kill -15 1` in istio-proxy once the main containers are done: that ends it, shell permitting.
    { name: 'an Argo Workflow, default proxy image: Argo kills the sidecar', code: workflow('{ labels: { team: ci } }'), config: classic },
    { name: 'an Argo Workflow, distroless, with the kill-cmd annotation', code: workflow('{ annotations: { sidecar.istio.io/proxyImage: "proxyv2:1.26.2-distroless", workflows.argoproj.io/kill-cmd-istio-proxy: \'["pilot-agent", "request", "POST", "quitquitquit"]\' } }'), config: classic },
    { name: 'an Argo Workflow, distroless, native sidecars', code: workflow(DISTROLESS), config: { ...batch, istio: { nativeSidecars: true } } },
    { name: 'an Argo Workflow, distroless, opted out', code: workflow('{ labels: { sidecar.istio.io/inject: "false" }, annotations: { sidecar.istio.io/proxyImage: proxyv2:1.26.2-distroless } }'), config: classic },
    { name: 'a long-running bare Pod', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: web, namespace: batch }
      spec:
        containers: [{ name: web, image: web }]
      `, config: classic },
    // Native or classic is the mesh's to say: when the inputs do not, one note per run.
    { name: 'nothing stated: may be classic: a note, no finding', code: job(), config: batch, notes: ['unknown:native-sidecars'] },
  ],
  invalid: [
    {
      name: 'the suggestion adds Argo\'s kill command for istio-proxy to spec.podMetadata',
      code: workflow('\n    annotations:\n      sidecar.istio.io/proxyImage: proxyv2:1.26.2-distroless'),
      config: classic,
      errors: [{ messageId: 'killFails', line: 8 }],
      suggestionOutput: workflow('\n    annotations:\n      sidecar.istio.io/proxyImage: proxyv2:1.26.2-distroless\n      workflows.argoproj.io/kill-cmd-istio-proxy: "[\\"pilot-agent\\", \\"request\\", \\"POST\\", \\"quitquitquit\\"]"'),
    },
    {
      name: 'an Argo Workflow whose steps run a distroless proxy: one finding for the shared podMetadata',
      code: workflow(DISTROLESS),
      config: classic,

      errors: [{ messageId: 'killFails', line: 6, column: 33, message: "Argo's default kill command needs /bin/sh, which the distroless istio-proxy lacks: the step never completes. Set workflows.argoproj.io/kill-cmd-istio-proxy in spec.podMetadata.annotations." }],
    },
    {
      name: 'both step templates of a Workflow are checked, each on its own metadata',
      code: workflow('{}', DISTROLESS, DISTROLESS),
      config: classic,
      errors: [{ messageId: 'killFails', line: 13 }, { messageId: 'killFails', line: 16 }],
    },
    {
      name: 'a step template\'s own annotation wins over spec.podMetadata',
      code: workflow(DISTROLESS, '{ annotations: { sidecar.istio.io/proxyImage: "docker.io/istio/proxyv2:1.26.2" } }'),
      config: classic,
      // build runs the default image (its own annotation); test inherits the distroless one.
      errors: [{ messageId: 'killFails', line: 6 }],
    },
    {
      name: 'a CronWorkflow: the WorkflowSpec is under spec.workflowSpec',
      code: yaml`
        apiVersion: argoproj.io/v1alpha1
        kind: CronWorkflow
        metadata: { name: nightly, namespace: batch }
        spec:
          schedule: "0 3 * * *"
          workflowSpec:
            podMetadata:
              annotations: { sidecar.istio.io/proxyImage: "proxyv2:1.26.2-distroless" }
            templates:
              - { name: main, container: { image: report:1 } }
        `,
      config: classic,
      errors: [{ messageId: 'killFails', line: 8, message: 'in spec.workflowSpec.podMetadata.annotations.' }],
    },
    {
      name: 'a KEDA ScaledJob',
      code: yaml`
        apiVersion: keda.sh/v1alpha1
        kind: ScaledJob
        metadata: { name: consumer, namespace: batch }
        spec:
          jobTargetRef:
            template:
              metadata:
                annotations:
                  team: queue
              spec:
                containers: [{ name: consumer, image: consumer:1 }]
          triggers: [{ type: rabbitmq, metadata: { queueName: jobs } }]
        `,
      config: classic,
      errors: [{ messageId: 'classic', line: 8, message: 'This ScaledJob gets a classic sidecar, which never exits: its Jobs never complete and fill maxReplicaCount.' }],
      suggestionOutput: yaml`
        apiVersion: keda.sh/v1alpha1
        kind: ScaledJob
        metadata: { name: consumer, namespace: batch }
        spec:
          jobTargetRef:
            template:
              metadata:
                annotations:
                  team: queue
                  sidecar.istio.io/nativeSidecar: "true"
              spec:
                containers: [{ name: consumer, image: consumer:1 }]
          triggers: [{ type: rabbitmq, metadata: { queueName: jobs } }]
        `,
    },
    {
      name: 'a SparkApplication: the driver pod (the driver deletes its executors)',
      code: yaml`
        apiVersion: sparkoperator.k8s.io/v1beta2
        kind: SparkApplication
        metadata: { name: pi, namespace: batch }
        spec:
          type: Scala
          mode: cluster
          image: spark:3.5.0
          mainClass: org.apache.spark.examples.SparkPi
          driver:
            cores: 1
            annotations: { team: data }
          executor:
            instances: 2
        `,
      config: classic,
      errors: [{ messageId: 'classic', line: 11, message: 'This SparkApplication gets a classic sidecar, which never exits: the driver pod never completes.' }],
    },
    {
      name: 'a bare Pod that does not restart',
      code: yaml`
        apiVersion: v1
        kind: Pod
        metadata: { name: migrate, namespace: batch }
        spec:
          restartPolicy: Never
          containers: [{ name: migrate, image: migrate:1 }]
        `,
      config: classic,
      errors: [{ messageId: 'classic', line: 3, message: 'the pod never completes' }],
    },
    {
      name: 'classic sidecar stated in the config',
      code: job(),
      config: classic,
      errors: [{ messageId: 'classic', line: 6, column: 5, message: 'This Job gets a classic sidecar, which never exits: the Job never completes. Use sidecar.istio.io/nativeSidecar: "true", or POST to localhost:15020/quitquitquit when done.' }],
    },
    {
      name: 'a CronJob, Istio 1.26',
      code: yaml`
        apiVersion: batch/v1
        kind: CronJob
        metadata: { name: nightly, namespace: batch }
        spec:
          schedule: "0 3 * * *"
          jobTemplate:
            spec:
              template:
                spec:
                  containers: [{ name: n, image: n }]
        `,
      config: batch,
      istioVersion: '1.26',
      errors: [{ messageId: 'classic', line: 8, column: 7, message: 'This CronJob gets a classic sidecar, which never exits: the CronJob never completes.' }],
    },
    {
      name: 'the annotation turns native sidecars off: at the annotation',
      istioVersion: '1.31',
      code: job('{ annotations: { sidecar.istio.io/nativeSidecar: "false" } }'),
      config: { ...batch, istio: { nativeSidecars: true } },
      errors: [{ messageId: 'classic', line: 6, column: 32 }],
    },
    {
      name: 'quitquitquit without POST',
      code: job(undefined, `[sh, -c, "report; curl http://localhost:15020/quitquitquit"]`),
      config: classic,
      errors: [{ messageId: 'notPost', line: 12, column: 11, message: 'Container report' }],
    },
    {
      name: 'already injected, classic',
      code: yaml`
        apiVersion: batch/v1
        kind: Job
        metadata: { name: j }
        spec:
          template:
            metadata:
              annotations: { sidecar.istio.io/status: '{}' }
            spec:
              containers:
                - { name: j, image: j }
                - { name: istio-proxy, image: proxyv2 }
        `,
      errors: [{ messageId: 'rendered', line: 11, column: 11 }],
    },
  ],
});

const templateOf = (text: string): NonNullable<ReturnType<typeof podTemplateOf>> => {
  const object = (JSON.parse(text) as Resource['object']);
  const resource = { object, kind: 'Job', apiVersion: 'batch/v1', name: 'j' } as unknown as Resource;
  const t = podTemplateOf(resource);
  if (!t) throw new Error('no template');
  return t;
};

test('quitCall tells POST from other calls', () => {
  const spec = (cmd: string[]): string => JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'c', command: cmd }] } } } });
  assert.is(quitCall(templateOf(spec(['curl', '-XPOST', 'localhost:15020/quitquitquit'])))?.kind, 'post');
  assert.is(quitCall(templateOf(spec(['curl', '--request', 'POST', 'localhost:15020/quitquitquit'])))?.kind, 'post');
  assert.is(quitCall(templateOf(spec(['wget', '--post-data=', 'localhost:15020/quitquitquit'])))?.kind, 'post');
  assert.is(quitCall(templateOf(spec(['wget', '-qO-', 'localhost:15020/quitquitquit'])))?.kind, 'other');
  assert.is(quitCall(templateOf(spec(['run']))), undefined);
});

test('job-sidecar-never-exits suggests the native sidecar annotation', () => {
  const { messages } = runCase(rule, { code: job('\n      annotations:\n        team: batch'), config: classic });
  assert.ok(messages[0]?.suggestions?.[0]?.desc.includes('nativeSidecar'));
});

test.run();
