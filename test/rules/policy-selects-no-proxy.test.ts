// Selector policies that no proxy reads: every picked pod without a sidecar, or only ambient pods
// for a kind ztunnel does not read; and the policies that look alike but are enforced.
import { test } from 'uvu';
import rule from '../../rules/policy-selects-no-proxy.ts';
import { ruleTester, yaml, type CaseFile } from '../helpers/rule-tester.ts';

const namespace = (name: string, labels = '{ istio-injection: enabled }'): CaseFile => ({ filename: `ns-${name}.yaml`, code: `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${name}, labels: ${labels} }\n` });
const workload = (name: string, ns = 'shop', extraLabels = ''): CaseFile => ({
  filename: `${name}-${ns}.yaml`,
  code: yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: ${name}, namespace: ${ns} }
    spec:
      template:
        metadata: { labels: { app: api${extraLabels} } }
        spec:
          containers: [{ name: app, image: api }]
  `,
});
const policy = (kind: string, group: string, ns = 'shop', selector = 'selector: { matchLabels: { app: api } }'): string =>
  `apiVersion: ${group}\nkind: ${kind}\nmetadata: { name: p, namespace: ${ns} }\nspec:\n  ${selector}\n`;
const OPTED_OUT = ', sidecar.istio.io/inject: "false"';

ruleTester(rule, {
  valid: [
    { name: 'the picked pods have a sidecar', code: policy('AuthorizationPolicy', 'security.istio.io/v1'), files: [namespace('shop'), workload('api')] },
    { name: 'one picked pod has a sidecar', code: policy('AuthorizationPolicy', 'security.istio.io/v1'), files: [namespace('shop'), workload('api'), workload('batch', 'shop', OPTED_OUT)] },
    { name: 'ambient pods: ztunnel reads AuthorizationPolicy and PeerAuthentication', code: policy('PeerAuthentication', 'security.istio.io/v1'), files: [namespace('shop', '{ istio.io/dataplane-mode: ambient }'), workload('api')] },
    { name: 'a gateway runs Istio\'s proxy itself', code: policy('AuthorizationPolicy', 'security.istio.io/v1', 'edge', 'selector: { matchLabels: { istio: ingressgateway } }'), files: [namespace('edge', '{}'), { filename: 'gw.yaml', code: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: ingress, namespace: edge }\nspec:\n  template:\n    metadata: { labels: { istio: ingressgateway } }\n    spec:\n      containers: [{ name: istio-proxy, image: docker.io/istio/proxyv2:1.26.0 }]\n' }] },
    { name: 'a pod whose namespace is defined nowhere: unknown', code: policy('AuthorizationPolicy', 'security.istio.io/v1', 'elsewhere'), files: [workload('api', 'elsewhere', OPTED_OUT)] },
    { name: 'a policy of the root namespace reaches every namespace', code: policy('AuthorizationPolicy', 'security.istio.io/v1', 'istio-system'), files: [namespace('istio-system', '{}'), workload('api', 'istio-system', OPTED_OUT)] },
    { name: 'a selector that picks no pod among the inputs', code: policy('Telemetry', 'telemetry.istio.io/v1', 'shop', 'selector: { matchLabels: { app: other } }'), files: [namespace('shop'), workload('api', 'shop', OPTED_OUT)] },
    { name: 'attached by targetRefs, not by selector', code: 'apiVersion: security.istio.io/v1\nkind: AuthorizationPolicy\nmetadata: { name: p, namespace: shop }\nspec:\n  targetRefs: [{ kind: Service, group: "", name: api }]\n  selector: { matchLabels: { app: api } }\n', files: [namespace('shop'), workload('api', 'shop', OPTED_OUT)] },
    { name: 'an empty selector is the namespace\'s policy', code: policy('PeerAuthentication', 'security.istio.io/v1beta1', 'shop', 'selector: { matchLabels: {} }'), files: [namespace('shop'), workload('api', 'shop', OPTED_OUT)] },
  ],
  invalid: [
    {
      name: 'an AuthorizationPolicy that picks only a Job opted out of injection',
      code: policy('AuthorizationPolicy', 'security.istio.io/v1'),
      files: [namespace('shop'), workload('api', 'shop', OPTED_OUT)],
      errors: [{ messageId: 'noProxy', line: 5, column: 15, message: 'AuthorizationPolicy shop/p picks only pods with no proxy that reads it (Deployment shop/api)' }],
    },
    {
      name: 'a Sidecar (workloadSelector) in a namespace without injection',
      code: policy('Sidecar', 'networking.istio.io/v1', 'plain', 'workloadSelector: { labels: { app: api } }'),
      files: [namespace('plain', '{}'), workload('api', 'plain')],
      errors: [{ messageId: 'noProxy', message: 'Sidecar plain/p' }],
    },
    {
      name: 'a RequestAuthentication that picks only ambient pods: ztunnel does not read it',
      code: policy('RequestAuthentication', 'security.istio.io/v1'),
      files: [namespace('shop', '{ istio.io/dataplane-mode: ambient }'), workload('api')],
      errors: [{ messageId: 'ambientOnly', message: 'ztunnel does not read RequestAuthentication' }],
    },
    {
      name: 'an EnvoyFilter over hostNetwork pods',
      code: policy('EnvoyFilter', 'networking.istio.io/v1alpha3', 'shop', 'workloadSelector: { labels: { app: agent } }'),
      files: [namespace('shop'), { filename: 'agent.yaml', code: 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: agent, namespace: shop }\nspec:\n  template:\n    metadata: { labels: { app: agent } }\n    spec:\n      hostNetwork: true\n      containers: [{ name: agent, image: agent }]\n' }],
      errors: [{ messageId: 'noProxy', message: '(DaemonSet shop/agent)' }],
    },
  ],
});

test.run();
