import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { quitCall } from '../../rules/job-sidecar-never-exits.ts';
import { podTemplateOf } from '../../src/model/workload.ts';
import type { Resource } from '../../src/types.ts';
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

ruleTester(rule, {
  valid: [
    { name: 'not injected', code: job(), config: { istio: { nativeSidecars: false } } },
    { name: 'native sidecars in the config', code: job(), config: { ...batch, istio: { nativeSidecars: true } } },
    { name: 'native sidecar annotation', code: job('{ annotations: { sidecar.istio.io/nativeSidecar: "true" } }'), config: classic },
    { name: 'opted out', code: job('{ labels: { sidecar.istio.io/inject: "false" } }'), config: classic },
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
    // Native or classic is the mesh's to say: when the inputs do not, one note per run.
    { name: 'nothing stated: may be classic: a note, no finding', code: job(), config: batch, notes: ['unknown:native-sidecars'] },
  ],
  invalid: [
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
