// Istio never injects a pod that uses the host's network namespace: injectRequired()
// returns false for hostNetwork before it looks at any label (pkg/kube/inject/inject.go).
// A pod template that asks for a sidecar and sets hostNetwork gets none, silently.
import { createRule } from '../src/engine/rule-api.ts';
import { templatePath } from '../src/model/workload.ts';

const INJECT = 'sidecar.istio.io/inject';

export default createRule({
  name: 'injection-host-network',
  meta: {
    type: 'problem',
    docs: {
      description: 'Pod templates that ask for a sidecar but use hostNetwork, which Istio never injects',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      istioVersions: 'all',
    },
    messages: {
      hostNetwork:
        'This pod asks for a sidecar (label {{ label }}: "true") but sets hostNetwork: true, and Istio never injects hostNetwork pods (injectRequired in pkg/kube/inject/inject.go): it will run without a sidecar. Drop hostNetwork, or set the label to "false" to say so.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (t.spec.hostNetwork !== true || t.labels[INJECT] !== 'true') return;
        context.report({
          target: { resource: t.resource, path: templatePath(t, 'spec', 'hostNetwork') },
          messageId: 'hostNetwork',
          data: { label: INJECT },
          related: [{ target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', INJECT) }, message: 'the label that asks for a sidecar' }],
        });
      },
    };
  },
});
