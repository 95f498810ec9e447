// Selectors against every workload of a namespace, where all of them are among the inputs.
import { test } from 'uvu';
import rule from '../../rules/policy-selector-no-match.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: enabled } }\n';
const deployment = (name: string, labels: string, ns = 'shop'): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: ${name}, namespace: ${ns} }
  spec:
    template:
      metadata: { labels: ${labels} }
      spec:
        containers: [{ name: app, image: app }]
`;
const authz = (labels: string, ns = 'shop'): string => `apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: api-callers, namespace: ${ns} }\nspec:\n  selector:\n    matchLabels: ${labels}\n  rules: [{ from: [{ source: { namespaces: [web] } }] }]\n`;
/** The policy with the Namespace and the workloads in one file, as a chart or overlay ships them. */
const shop = (policy: string, ...more: string[]): string => [namespace, deployment('api', '{ app.kubernetes.io/name: api }'), deployment('web', '{ app: web }'), ...more, policy].join('---\n');
const file = (filename: string, code: string): CaseFile => ({ filename, code });

ruleTester(rule, {
  valid: [
    { name: 'the selector matches a workload', code: shop(authz('{ app.kubernetes.io/name: api }')) },
    { name: 'the Namespace is not among the inputs: its workloads may be deployed from elsewhere', code: [deployment('api', '{ app.kubernetes.io/name: api }'), authz('{ app: api }')].join('---\n') },
    { name: 'the policy and the workloads come from different places (a platform folder of policies)', code: [namespace, authz('{ app: api }')].join('---\n'), files: [file('apps/api.yaml', deployment('api', '{ app.kubernetes.io/name: api }'))] },
    { name: 'no workload of the namespace among the inputs', code: [namespace, authz('{ app: api }')].join('---\n') },
    { name: 'a label the injector adds', code: shop(authz('{ security.istio.io/tlsMode: istio }')) },
    { name: 'a label the Job controller adds', code: shop(authz('{ job-name: migrate }')) },
    { name: 'a custom resource in the namespace may make pods', code: shop(authz('{ app: kafka }'), 'apiVersion: kafka.strimzi.io/v1beta2\nkind: Kafka\nmetadata: { name: events, namespace: shop }\nspec: {}\n') },
    { name: 'a Gateway API Gateway: Istio deploys its pods', code: shop(authz('{ gateway.networking.k8s.io/gateway-name: edge }'), 'apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: { name: edge, namespace: shop }\nspec: { gatewayClassName: istio, listeners: [] }\n') },
    { name: 'a HelmRelease releases into the namespace', code: shop(authz('{ app: redis }')), files: [file('releases.yaml', 'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: { name: redis, namespace: flux-system }\nspec:\n  targetNamespace: shop\n  chart: { spec: { chart: redis } }\n')] },
    { name: 'an Application whose destination namespace is not said: any namespace', code: shop(authz('{ app: redis }')), files: [file('apps.yaml', 'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: redis, namespace: argocd }\nspec:\n  destination: { server: https://kubernetes.default.svc }\n')] },
    { name: 'a workload kind whose controller adds labels of its own', code: shop(authz('{ app: api }'), 'apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata: { name: api, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { app: api-canary } }\n    spec:\n      containers: [{ name: app, image: app }]\n') },
    { name: 'a WorkloadEntry (a VM) carries the labels', code: shop(authz('{ app: legacy }'), 'apiVersion: networking.istio.io/v1\nkind: WorkloadEntry\nmetadata: { name: vm-1, namespace: shop }\nspec: { address: 10.0.0.9, labels: { app: legacy } }\n') },
    { name: 'the root namespace: a selector there reaches every namespace', code: shop(authz('{ app: nothing }', 'istio-system')).replace(/name: shop/, 'name: istio-system').replace(/namespace: shop/g, 'namespace: istio-system') },
    { name: 'a placeholder in the selector', code: shop(authz('{ app: "${APP}" }')) },
    {
      // Past the policies kept for a run, the rest are not judged, and one note says so.
      name: 'more than 5,000 selector policies: the rest not judged, one note',
      code: shop(authz('{ app: nothing }'), ...Array.from({ length: 5_000 }, (_, i) => authz('{ app.kubernetes.io/name: api }').replace('name: api-callers', `name: p${i}`))),
      notes: ['bound:traffic-bound'],
    },
    { name: 'a policy attached by targetRefs has no selector', code: shop('apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: edge, namespace: shop }\nspec:\n  targetRefs: [{ kind: Gateway, group: gateway.networking.k8s.io, name: edge }]\n') },
    { name: 'a namespace-wide policy (no selector)', code: shop('apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: default, namespace: shop }\nspec: { mtls: { mode: STRICT } }\n') },
  ],
  invalid: [
    {
      name: 'an AuthorizationPolicy selecting a label no workload has, naming the nearest',
      code: shop(authz('{ app: api }')),
      errors: [{ messageId: 'noMatch', message: 'AuthorizationPolicy shop/api-callers selects app=api, and no workload of namespace shop has it (2 workloads among the inputs; Deployment shop/web has app=web): it applies to nothing. Fix the selector.' }],
    },
    {
      // The bound is each namespace's: a large namespace elsewhere does not stop the judging of this one.
      name: 'after 20,000 workloads of another namespace',
      code: shop(authz('{ app: api }')),
      files: [file('other.yaml', Array.from({ length: 20_001 }, (_, i) => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: w${i}, namespace: other }\nspec: { template: { metadata: { labels: { app: w${i} } }, spec: { containers: [{ name: a, image: a }] } } }\n`).join('---\n'))],
      errors: [{ messageId: 'noMatch', message: 'AuthorizationPolicy shop/api-callers selects app=api' }],
    },
    {
      name: 'a Sidecar whose workloadSelector labels are not all on one workload',
      code: shop('apiVersion: networking.istio.io/v1\nkind: Sidecar\nmetadata: { name: web, namespace: shop }\nspec:\n  workloadSelector:\n    labels: { app: web, version: v2 }\n  egress: [{ hosts: ["./*"] }]\n'),
      errors: [{ messageId: 'noMatch', line: 28, message: 'Sidecar shop/web selects app=web, version=v2, and no workload of namespace shop has them all (2 workloads among the inputs; Deployment shop/web has app=web, version=(none))' }],
    },
    {
      name: 'a PeerAuthentication, with the workloads in other files of the same folder',
      code: [namespace, 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: api, namespace: shop }\nspec:\n  selector:\n    matchLabels: { app: api }\n  mtls: { mode: STRICT }\n'].join('---\n'),
      files: [file('api.yaml', deployment('api', '{ app.kubernetes.io/name: api }'))],
      errors: [{ messageId: 'noMatch', message: 'no workload of namespace shop has it (1 workload among the inputs)' }],
    },
  ],
});

test.run();
