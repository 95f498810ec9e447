import { test } from 'uvu';
import rule from '../../rules/duplicate-key.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

ruleTester(rule, {
  valid: [
    yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: c, labels: { a: "1", b: "1" } }
    `,
    { name: 'duplicates outside Kubernetes objects are not ours to judge', code: yaml`
      resources:
        - a.yaml
      resources:
        - b.yaml
      ` },
  ],
  invalid: [
    {
      name: 'conflicting inject label: error, pointing at the duplicate',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: d }
      spec:
        template:
          metadata:
            labels:
              sidecar.istio.io/inject: "true"
              app: d
              sidecar.istio.io/inject: "false"
          spec:
            containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'conflicting', line: 10, column: 9, endColumn: 32, severity: 2, message: '("false") silently replaces the earlier "true"' }],
    },
    {
      name: 'same value twice: warning',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata:
        name: s
        labels:
          app: web
          app: web
      `,
      errors: [{ messageId: 'repeated', line: 7, column: 5, severity: 1, message: 'with the same value' }],
    },
    {
      name: 'different values outside labels: warning',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p }
      spec:
        restartPolicy: Always
        restartPolicy: Never
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'repeated', line: 6, column: 3, severity: 1 }],
    },
    {
      name: 'an Istio key anywhere: error when the values differ',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio }
      data:
        istio.io/x: "a"
        istio.io/x: "b"
      `,
      errors: [{ messageId: 'conflicting', line: 6, severity: 2 }],
    },
    {
      name: 'a List item: reported against the item',
      code: yaml`
      apiVersion: v1
      kind: List
      items:
        - apiVersion: v1
          kind: Namespace
          metadata:
            name: a
            labels:
              istio-injection: enabled
              istio-injection: disabled
      `,
      errors: [{ messageId: 'conflicting', line: 10, column: 9 }],
    },
  ],
});

test.run();
