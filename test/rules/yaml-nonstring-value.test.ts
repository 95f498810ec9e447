import { test } from 'uvu';
import rule from '../../rules/yaml-nonstring-value.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

ruleTester(rule, {
  valid: [
    yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: ok
      labels: { a: "true", b: "1.10", c: 'yes' }
      annotations:
        sidecar.istio.io/inject: "false"
    data:
      ENABLED: "true"
      PLACEHOLDER:
    `,
    { name: 'env values quoted; null env value is harmless', code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p }
      spec:
        containers:
          - name: app
            image: app
            env:
              - { name: A, value: "1" }
              - { name: B, value: }
              - name: C
                valueFrom: { fieldRef: { fieldPath: metadata.name } }
      ` },
    { name: 'numbers where numbers belong', code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: d }
      spec:
        replicas: 3
        template:
          spec:
            containers: [{ name: a, image: a, ports: [{ containerPort: 80 }] }]
      ` },
  ],
  invalid: [
    {
      name: 'unquoted boolean label on a pod template',
      code: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: d }
      spec:
        template:
          metadata:
            labels:
              canary.example.com/enabled: true
          spec:
            containers: [{ name: a, image: a }]
      `,
      errors: [{ messageId: 'nonString', line: 8, column: 9, endLine: 8, endColumn: 41, severity: 2, message: 'Label "canary.example.com/enabled" is a boolean true, not a string, so the API server rejects the object. Quote it.' }],
      output: yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: d }
      spec:
        template:
          metadata:
            labels:
              canary.example.com/enabled: "true"
          spec:
            containers: [{ name: a, image: a }]
      `,
    },
    {
      name: 'an unquoted sidecar.istio.io/inject on a pod template is left to inject-value-invalid (one finding, the most specific)',
      code: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: { sidecar.istio.io/inject: true, other: true }\nspec:\n  containers: [{ name: a, image: a }]\n',
      errors: [{ line: 5, column: 44, message: 'Label "other"' }],
    },
    {
      name: 'YAML 1.1 yes/on and a number: the fix keeps what was written',
      code: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        annotations:
          enabled: yes   # go-yaml v2 reads yes as true
          version: 1.10
      `,
      errors: [
        { line: 6, column: 5, message: 'boolean' },
        { line: 7, column: 5, message: 'number 1.1' },
      ],
      output: yaml`
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
        annotations:
          enabled: "yes"   # go-yaml v2 reads yes as true
          version: "1.10"
      `,
    },
    {
      name: 'env value that is a number',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p }
      spec:
        containers:
          - name: app
            image: app
            env:
              - name: PORT
                value: 8080
      `,
      errors: [{ line: 10, column: 11, message: 'Env var "PORT" of container "app" is a number 8080' }],
      output: yaml`
      apiVersion: v1
      kind: Pod
      metadata: { name: p }
      spec:
        containers:
          - name: app
            image: app
            env:
              - name: PORT
                value: "8080"
      `,
    },
    {
      name: 'empty label value is a warning with a suggestion, not a fix',
      code: yaml`
      apiVersion: v1
      kind: Service
      metadata: { name: s }
      spec:
        selector:
          app: web
          istio.io/rev:
      `,
      errors: [{ messageId: 'empty', line: 7, column: 5, severity: 1 }],
      output: null,
    },
    {
      name: 'positions stay exact after a go-yaml style continuation line was re-indented',
      code: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    note: \"a long note that was\n    wrapped\"\n    enabled: yes\n",
      errors: [{ line: 8, column: 5, endLine: 8, endColumn: 17 }],
      output: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    note: \"a long note that was\n    wrapped\"\n    enabled: \"yes\"\n",
    },
    {
      name: 'a kind: List item is fixed in place',
      code: 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: { name: a }\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: b\n      labels: { enabled: on }\n',
      errors: [{ line: 11, column: 17 }],
      output: 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: { name: a }\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: b\n      labels: { enabled: "on" }\n',
    },
    {
      name: 'ConfigMap data number, in a flow mapping',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\ndata: { retries: 3 }\n',
      errors: [{ line: 4, column: 9, endColumn: 19 }],
      output: 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\ndata: { retries: "3" }\n',
    },
  ],
});

test.run();
