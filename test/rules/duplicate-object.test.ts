import { test } from 'uvu';
import rule from '../../rules/duplicate-object.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const deployment = (name: string, namespace: string | undefined, inject: string, apiVersion = 'apps/v1'): string => yaml`
  apiVersion: ${apiVersion}
  kind: Deployment
  metadata:
    name: ${name}${namespace === undefined ? '' : `\n    namespace: ${namespace}`}
  spec:
    template:
      metadata: { labels: { app: ${name}, sidecar.istio.io/inject: "${inject}" } }
      spec: { containers: [{ name: a, image: a }] }
  `;

ruleTester(rule, {
  valid: [
    { name: 'one copy', code: deployment('web', 'shop', 'true') },
    { name: 'other names, other namespaces, other kinds', code: [deployment('web', 'shop', 'true'), deployment('api', 'shop', 'true'), deployment('web', 'other', 'true'), 'apiVersion: v1\nkind: Service\nmetadata: { name: web, namespace: shop }\n'].join('---\n') },
    { name: 'a namespace written and one not: not sure, not judged', code: [deployment('web', 'shop', 'true'), deployment('web', undefined, 'false')].join('---\n') },
    {
      name: 'files of one folder are alternatives, not applied together',
      code: deployment('web', 'shop', 'true'),
      files: [{ filename: 'web-canary.yaml', code: deployment('web', 'shop', 'false') }],
    },
  ],
  invalid: [
    {
      name: 'the same Deployment twice in one file: the second copy is reported, at its name',
      code: [deployment('web', 'shop', 'true'), deployment('web', 'shop', 'false')].join('---\n'),
      errors: [{ messageId: 'duplicate', line: 14, column: 3, severity: 2, message: 'Deployment shop/web is defined again here (first at test.yaml:4); applied together, this one replaces the other. Keep one.' }],
    },
    {
      name: 'one API group under two versions, and two copies with no namespace (applied with one -n)',
      code: [deployment('web', undefined, 'true', 'apps/v1'), deployment('web', undefined, 'true', 'apps/v1beta2'), deployment('web', undefined, 'true')].join('---\n'),
      errors: [{ messageId: 'duplicate', line: 13 }, { messageId: 'duplicate', line: 22 }],
    },
  ],
});

test.run();
