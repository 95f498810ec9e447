// Hosts as istiod resolves them: a dotted name as written, a short name in the config's namespace.
import { test } from 'uvu';
import rule from '../../rules/route-host-unresolved.ts';
import { ruleTester, type CaseFile } from '../helpers/rule-tester.ts';

const service = (name: string, ns: string): CaseFile => ({ filename: `svc-${ns}-${name}.yaml`, code: `apiVersion: v1\nkind: Service\nmetadata: { name: ${name}, namespace: ${ns} }\nspec:\n  selector: { app: ${name} }\n  ports: [{ name: http, port: 80 }]\n` });
const vs = (hosts: string, ns = 'shop', gateways = ''): string => `apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: { name: v, namespace: ${ns} }\nspec:\n  hosts: ${hosts}\n${gateways ? `  gateways: ${gateways}\n` : ''}  http: [{ route: [{ destination: { host: x } }] }]\n`;
const dr = (host: string, ns = 'shop'): string => `apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: d, namespace: ${ns} }\nspec:\n  host: ${host}\n  trafficPolicy: { loadBalancer: { simple: ROUND_ROBIN } }\n`;

ruleTester(rule, {
  valid: [
    { name: 'the full name', code: vs('[reviews.bookinfo.svc.cluster.local]'), files: [service('reviews', 'bookinfo')] },
    { name: 'a short name in the Service\'s own namespace', code: dr('reviews', 'bookinfo'), files: [service('reviews', 'bookinfo')] },
    { name: 'a gateway\'s VirtualService matches the Host its clients send', code: vs('[reviews.bookinfo]', 'shop', '[edge]'), files: [service('reviews', 'bookinfo')] },
    { name: 'a ServiceEntry declares the host as written', code: vs('[reviews.bookinfo]'), files: [service('reviews', 'bookinfo'), { filename: 'se.yaml', code: 'apiVersion: networking.istio.io/v1\nkind: ServiceEntry\nmetadata: { name: e, namespace: shop }\nspec:\n  hosts: [reviews.bookinfo]\n  resolution: DNS\n  ports: [{ number: 80, name: http, protocol: HTTP }]\n' }] },
    { name: 'a short name of two other namespaces\' Services: which one is meant is not known', code: dr('reviews'), files: [service('reviews', 'a'), service('reviews', 'b')] },
    { name: 'a name no Service among the inputs has', code: dr('ratings.bookinfo'), files: [service('reviews', 'bookinfo')] },
    { name: 'a wildcard', code: vs('["*.bookinfo.svc.cluster.local"]'), files: [service('reviews', 'bookinfo')] },
    {
      // Every Service is kept: one past a count (20,000) read as absent, and the short name as another namespace's.
      name: "a short name of the config's own namespace's Service, which comes after 20,001 others",
      code: dr('reviews', 'bookinfo'),
      files: [service('reviews', 'other'), { filename: 'many.yaml', code: Array.from({ length: 20_001 }, (_, i) => `apiVersion: v1\nkind: Service\nmetadata: { name: s${i}, namespace: many }\nspec: { ports: [{ port: 80 }] }\n`).join('---\n') }, service('reviews', 'bookinfo')],
    },
    { name: "a short name of the config's own namespace's ExternalName Service: istiod makes a host of it", code: dr('reviews', 'bookinfo'), files: [service('reviews', 'other'), { filename: 'ext.yaml', code: 'apiVersion: v1\nkind: Service\nmetadata: { name: reviews, namespace: bookinfo }\nspec: { type: ExternalName, externalName: reviews.example.com }\n' }] },
  ],
  invalid: [
    {
      // Every config is judged: past a count (5,000) they were not read, and no note said so.
      name: 'name.namespace in a DestinationRule after 5,001 others',
      code: `${Array.from({ length: 5_001 }, (_, i) => `apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: d${i}, namespace: shop }\nspec: { host: reviews }\n`).join('---\n')}---\n${dr('reviews.bookinfo')}`,
      files: [service('reviews', 'bookinfo'), service('reviews', 'shop')],
      errors: [{ messageId: 'dotted', line: 25_010 }],
    },
    {
      name: 'name.namespace in a VirtualService for the mesh',
      code: vs('[reviews.bookinfo]', 'shop', '[mesh, edge]'),
      files: [service('reviews', 'bookinfo')],
      errors: [{ messageId: 'dotted', line: 5, message: 'Istio takes host "reviews.bookinfo" as written, and no Service has that name: this VirtualService does not apply to Service bookinfo/reviews. Write reviews.bookinfo.svc.cluster.local.' }],
    },
    {
      name: 'name.namespace.svc in a DestinationRule',
      code: dr('reviews.bookinfo.svc'),
      files: [service('reviews', 'bookinfo')],
      errors: [{ messageId: 'dotted', message: 'this DestinationRule does not apply' }],
    },
    {
      name: 'a short name whose Service is in another namespace',
      code: dr('reviews'),
      files: [service('reviews', 'bookinfo')],
      errors: [{ messageId: 'otherNamespace', message: 'Host "reviews" means reviews.shop.svc.cluster.local here, which does not exist; the Service is in namespace bookinfo.' }],
    },
  ],
});

test.run();
