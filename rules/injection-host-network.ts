// Istio never injects a pod that uses the host's network namespace: injectRequired()
// returns false for hostNetwork before it looks at anything else (pkg/kube/inject/inject.go).
// A pod that is meant to have a sidecar (by its namespace or its own labels) gets none, silently.
import { createRule } from '../src/engine/rule-api.ts';
import { explicitlyOptedOut, injectionIntent, relatedOf } from '../src/model/injection/intent.ts';
import { templatePath } from '../src/model/workload.ts';

export default createRule({
  name: 'injection-host-network',
  meta: {
    type: 'problem',
    docs: {
      description: 'Workloads meant to have a sidecar that use hostNetwork, which Istio never injects',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      hostNetwork:
        'Istio never injects this hostNetwork pod, though {{ why }}. Drop hostNetwork, or the opt-in.',
      namespaceOnly:
        'Istio never injects this hostNetwork pod, though {{ why }}. If that is intended, label it sidecar.istio.io/inject: "false".',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (t.spec.hostNetwork !== true || explicitlyOptedOut(t, context.facts.mesh.version)) return;
        const signals = injectionIntent(t, context.facts);
        if (signals.length === 0) return;
        // A pod that opts in itself certainly expects a sidecar: an error. One that only sits in
        // an injection-enabled namespace is usually a node agent or exporter (Istio's own
        // analyzer tests expect such pods): a warning that says how to state the intent.
        const own = signals.filter((s) => s.fromPod);
        context.report({
          target: { resource: t.resource, path: templatePath(t, 'spec', 'hostNetwork') },
          messageId: own.length > 0 ? 'hostNetwork' : 'namespaceOnly',
          ...(own.length > 0 ? {} : { severity: 'warn' as const }),
          data: { why: (own.length > 0 ? own : signals).map((s) => s.text).join(' and ') },
          related: relatedOf(signals),
        });
      },
    };
  },
});
