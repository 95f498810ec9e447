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
      errors: [{ messageId: 'conflicting', line: 10, column: 9, endColumn: 32, severity: 2, message: 'Duplicate key "sidecar.istio.io/inject" in spec.template.metadata.labels: this value, "false", silently replaces the earlier "true". Remove one of them.' }],
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
      errors: [{ messageId: 'repeated', line: 6, column: 3, severity: 1, message: 'Duplicate key "restartPolicy" in spec: written twice, and this value, "Never", replaces the earlier "Always". Remove one of them.' }],
    },
    {
      name: 'two different mappings: the later one replaces the earlier, whole',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p }
      spec:
        securityContext: { runAsUser: 1000 }
        securityContext: { runAsGroup: 1000 }
        containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'repeated', line: 6, column: 3, severity: 1, message: 'Duplicate key "securityContext" in spec: written twice, and this mapping replaces the earlier one. Remove one of them.' }],
    },
    {
      name: 'long values are cut in the message',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        annotations:
          example.com/owners: "checkout-team@example.com, payments-team@example.com"
          example.com/owners: "ledger-team@example.com, payments-team@example.com"
      `,
      errors: [{ messageId: 'conflicting', line: 7, column: 5, message: 'this value, "ledger-team@example.com, payme…", silently replaces the earlier "checkout-team@example.com, pay…". Remove' }],
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
