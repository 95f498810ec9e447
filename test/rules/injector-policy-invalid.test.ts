import { test } from 'uvu';
import rule from '../../rules/injector-policy-invalid.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

/**
 * The injector ConfigMap with `config` lines as given, each at 4 spaces inside the block
 * scalar that starts on line 8 (`config: |-` is line 7).
 */
const injector = (name: string, ...config: string[]): string => yaml`
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: ${name}
    namespace: istio-system
  data:
    config: |-
      ${config.join('\n      ')}
    values: '{"revision":""}'
  `;

ruleTester(rule, {
  valid: [
    { name: 'policy: enabled', code: injector('istio-sidecar-injector', 'policy: enabled', 'alwaysInjectSelector: []', 'neverInjectSelector: []') },
    { name: 'policy: disabled', code: injector('istio-sidecar-injector', 'defaultTemplates: [sidecar]', 'policy: disabled') },
    { name: 'a revision\'s injector', code: injector('istio-sidecar-injector-canary', 'policy: enabled') },
    // A policy a tool fills in is unknown: neither a wrong value nor a type error.
    { name: 'policy filled in by envsubst', code: injector('istio-sidecar-injector', 'policy: ${AUTO_INJECT}') },
    { name: 'policy filled in by Helm (YAML reads it as a mapping)', code: injector('istio-sidecar-injector', 'policy: {{ .Values.global.proxy.autoInject }}') },
    { name: 'unknown keys are fine (typed struct)', code: injector('istio-sidecar-injector', 'policy: enabled', 'somethingNew: 1') },
    {
      name: 'neverInjectSelector as a list of selectors',
      code: injector('istio-sidecar-injector', 'policy: enabled', 'neverInjectSelector:', '  - matchExpressions:', '    - { key: openshift.io/build.name, operator: Exists }'),
    },
    { name: 'another ConfigMap name', code: injector('my-sidecar-settings', 'policy: Enabled') },
    {
      name: '150 uses of one anchor are legal YAML (the yaml package alone refuses more than 100)',
      code: injector('istio-sidecar-injector', 'policy: enabled', 'x: &x [a]', `y: [${Array(150).fill('*x').join(', ')}]`),
    },
    { name: 'an injector-named ConfigMap without a config key', code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio-sidecar-injector, namespace: istio-system }
      data:
        values: '{}'
      ` },
  ],
  invalid: [
    {
      name: 'policy: Enabled, pointed at inside the block scalar',
      code: injector('istio-sidecar-injector', 'defaultTemplates: [sidecar]', 'policy: Enabled', 'alwaysInjectSelector: []'),
      errors: [{ messageId: 'policy', line: 9, column: 5, endLine: 9, endColumn: 20, severity: 2, message: 'The injector policy is "Enabled": only "enabled" and "disabled" work, so istiod injects no pod at all' }],
      output: null,
    },
    {
      name: 'policy: true (the Helm value autoInject written as a boolean): istiod cannot load the config',
      code: injector('istio-sidecar-injector', 'policy: true'),
      errors: [{ messageId: 'config', line: 7, column: 3, severity: 2, message: 'istiod cannot start the sidecar injector: "policy" is boolean true, not a string' }],
    },
    {
      name: 'policy: "on" (quoted, a string): injects nothing',
      code: injector('istio-sidecar-injector-canary', 'policy: "on"'),
      errors: [{ messageId: 'policy', line: 8, column: 5, endLine: 8, endColumn: 17, message: 'The injector policy is "on"' }],
    },
    {
      name: 'policy missing',
      code: injector('istio-sidecar-injector', 'alwaysInjectSelector: []', 'neverInjectSelector: []'),
      errors: [{ messageId: 'policy', line: 7, column: 3, severity: 2, message: 'The injector policy is missing' }],
      output: null,
    },
    {
      name: 'policy empty',
      code: injector('istio-sidecar-injector', 'policy: ""'),
      errors: [{ messageId: 'policy', line: 8, column: 5, message: 'The injector policy is empty' }],
    },
    {
      name: 'config nested 1,000 levels deep: one warning, and the policy is not judged',
      code: injector('istio-sidecar-injector', 'policy: Enabled', `deep: ${'['.repeat(1000)}${']'.repeat(1000)}`),
      errors: [{ messageId: 'tooComplex', line: 7, column: 3, severity: 1, message: 'config is too deeply nested or too large to check: it is nested deeper than 100 levels, so meshlint skips it; its policy and selectors count as unknown.' }],
      output: null,
    },
    {
      name: 'config with an alias bomb',
      code: injector('istio-sidecar-injector', 'policy: enabled', 'a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, l) => `a${l + 1}: &a${l + 1} [${Array(9).fill(`*a${l}`).join(', ')}]`)),
      errors: [{ messageId: 'tooComplex', line: 7, message: 'an alias bomb' }],
    },
    {
      name: 'values nested 5,000 levels deep: one warning on values, the config is still checked',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio-sidecar-injector, namespace: istio-system }
      data:
        config: |-
          policy: Enabled
        values: '${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}'
      `,
      errors: [
        { messageId: 'policy', line: 6, message: 'The injector policy is "Enabled"' },
        { messageId: 'tooComplex', line: 7, column: 3, severity: 1, message: 'values is too deeply nested' },
      ],
    },
    {
      name: 'config with an alias to no anchor: not valid YAML for istiod',
      code: injector('istio-sidecar-injector', 'policy: *nope'),
      errors: [{ messageId: 'config', line: 7, column: 3, message: 'its "config" is not valid YAML' }],
    },
    {
      name: 'config that is not valid YAML',
      code: injector('istio-sidecar-injector', 'policy: enabled', 'neverInjectSelector: [ { key: a'),
      errors: [{ messageId: 'config', line: 7, column: 3, severity: 2, message: 'its "config" is not valid YAML' }],
      output: null,
    },
    {
      name: 'neverInjectSelector not a list',
      code: injector('istio-sidecar-injector', 'policy: enabled', 'neverInjectSelector: { matchLabels: { a: b } }'),
      errors: [{ messageId: 'config', line: 7, column: 3, message: '"neverInjectSelector" must be a list of label selectors' }],
    },
    {
      name: 'in a List, as kubectl get -o yaml prints',
      code: yaml`
      apiVersion: v1
      kind: List
      items:
        - apiVersion: v1
          kind: ConfigMap
          metadata: { name: istio-sidecar-injector, namespace: istio-system }
          data:
            config: |
              policy: Disabled
      `,
      errors: [{ messageId: 'policy', line: 9, column: 9, endLine: 9, endColumn: 25 }],
    },
  ],
});

test.run();
