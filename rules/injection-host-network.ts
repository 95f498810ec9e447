// Istio never injects a pod that uses the host's network namespace: injectRequired()
// returns false for hostNetwork before it looks at anything else (pkg/kube/inject/inject.go).
// A pod that is meant to have a sidecar (by its namespace or its own labels) gets none, silently.
import { createRule } from '../src/engine/rule-api.ts';
import { explicitlyOptedOut, injectionIntent, relatedOf } from '../src/model/intent.ts';
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
      istioVersions: 'all',
    },
    messages: {
      hostNetwork:
        'This pod is meant to get a sidecar ({{ why }}) but sets hostNetwork: true, and Istio never injects hostNetwork pods (injectRequired, pkg/kube/inject/inject.go): it will run without a sidecar. Drop hostNetwork, or label the pod template sidecar.istio.io/inject: "false" to say so.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (t.spec.hostNetwork !== true || explicitlyOptedOut(t)) return;
        const signals = injectionIntent(t, context.facts);
        if (signals.length === 0) return;
        context.report({
          target: { resource: t.resource, path: templatePath(t, 'spec', 'hostNetwork') },
          messageId: 'hostNetwork',
          data: { why: signals.map((s) => s.text).join('; ') },
          related: relatedOf(signals),
        });
      },
    };
  },
});
