import { test } from 'uvu';
import rule from '../../rules/injection-host-network.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

ruleTester(rule, {
  valid: [
    { name: 'hostNetwork without a sidecar request', code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: node-agent }
      spec:
        template:
          spec:
            hostNetwork: true
            containers: [{ name: a, image: a }]
      ` },
    { name: 'istio-cni style: hostNetwork and inject "false"', code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: istio-cni-node }
      spec:
        template:
          metadata:
            labels:
              sidecar.istio.io/inject: "false"
          spec:
            hostNetwork: true
            containers: [{ name: cni, image: cni }]
      ` },
    { name: 'sidecar requested, no hostNetwork', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels: { sidecar.istio.io/inject: "true" }
      spec:
        hostNetwork: false
        containers: [{ name: a, image: a }]
      ` },
  ],
  invalid: [
    {
      name: 'Deployment: label true + hostNetwork',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web, namespace: shop }
      spec:
        template:
          metadata:
            labels:
              app: web
              sidecar.istio.io/inject: "true"
          spec:
            hostNetwork: true
            containers: [{ name: web, image: web }]
      `,
      errors: [{ messageId: 'hostNetwork', line: 11, column: 7, endLine: 11, endColumn: 24, severity: 2 }],
      output: null,
    },
    {
      name: 'CronJob template',
      code: yaml`
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: nightly }
      spec:
        schedule: "0 0 * * *"
        jobTemplate:
          spec:
            template:
              metadata:
                labels: { sidecar.istio.io/inject: "true" }
              spec:
                hostNetwork: true
                restartPolicy: Never
                containers: [{ name: job, image: job }]
      `,
      errors: [{ messageId: 'hostNetwork', line: 12, column: 11 }],
    },
  ],
});

test.run();
