// Subsets against the pods of the host Service among the inputs.
import { test } from 'uvu';
import rule from '../../rules/dr-subset-selects-nothing.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';
import { MAX_PER_NAMESPACE } from '../../src/model/traffic/inputs.ts';

const backend = (versions: string[]): CaseFile => ({
  filename: 'api.yaml',
  code: [
    'apiVersion: v1\nkind: Service\nmetadata: { name: api, namespace: shop }\nspec:\n  selector: { app: api }\n  ports: [{ name: http, port: 80 }]\n',
    ...versions.map((v) => yaml`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: api-${v}, namespace: shop }
      spec:
        template:
          metadata: { labels: { app: api, version: ${v} } }
          spec:
            containers: [{ name: app, image: api }]
    `),
  ].join('---\n'),
});
/** `count` Deployments of the Service's pods (app=api) in a namespace, each with a version label. */
const many = (namespace: string, count: number, version: string): CaseFile => ({
  filename: `${namespace}-${version}.yaml`,
  code: Array.from({ length: count }, (_, i) => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api-${version}-${i}, namespace: ${namespace} }\nspec: { template: { metadata: { labels: { app: api, version: ${version} } }, spec: { containers: [{ name: a, image: a }] } } }\n`).join('---\n'),
});
const dr = (subsets: string, host = 'api'): string => `apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: api, namespace: shop }\nspec:\n  host: ${host}\n  subsets: ${subsets}\n`;

ruleTester(rule, {
  valid: [
    { name: 'each subset has pods', code: dr('[{ name: a, labels: { version: v1 } }, { name: b, labels: { version: v2 } }]'), files: [backend(['v1', 'v2'])] },
    { name: 'no pod of the Service among the inputs', code: dr('[{ name: b, labels: { version: v9 } }]'), files: [{ filename: 's.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata: { name: api, namespace: shop }\nspec:\n  selector: { app: api }\n  ports: [{ port: 80 }]\n' }] },
    { name: 'a subset without labels', code: dr('[{ name: all }]'), files: [backend(['v1'])] },
    { name: 'a host that names no Service among the inputs', code: dr('[{ name: b, labels: { version: v9 } }]', 'other'), files: [backend(['v1'])] },
    {
      // Past the bound, the namespace's pods are not all known: v2's pod comes after it, and a partial list would read as absence.
      name: 'more pods in the namespace than are compared: not judged, and the run says so',
      code: dr('[{ name: a, labels: { version: v1 } }, { name: b, labels: { version: v2 } }]'),
      files: [backend([]), many('shop', MAX_PER_NAMESPACE, 'v1'), many('shop', 1, 'v2')],
      notes: ['bound:traffic-bound'],
    },
  ],
  invalid: [
    {
      name: 'a subset no pod carries',
      code: dr('[{ name: a, labels: { version: v1 } }, { name: b, labels: { version: v2 } }]'),
      files: [backend(['v1'])],
      errors: [{ messageId: 'noPod', line: 6, message: 'Subset b selects no pod of Service shop/api (version=v2; its pods carry version=v1): a route to it answers 503.' }],
    },
    {
      name: 'by the full name, from another namespace',
      code: dr('[{ name: b, labels: { track: canary } }]', 'api.shop.svc.cluster.local').replace('namespace: shop', 'namespace: edge'),
      files: [backend(['v1'])],
      errors: [{ messageId: 'noPod', message: 'its pods carry no track label' }],
    },
    {
      // The bound is each namespace's: pods elsewhere do not use up this one's.
      name: 'as many pods as the bound in another namespace first',
      code: dr('[{ name: a, labels: { version: v1 } }, { name: b, labels: { version: v2 } }]'),
      files: [many('other', MAX_PER_NAMESPACE, 'v1'), backend(['v1'])],
      errors: [{ messageId: 'noPod', message: 'Subset b selects no pod of Service shop/api' }],
    },
  ],
});

test.run();
