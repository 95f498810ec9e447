// istiod never injects pods in kube-system, kube-public, kube-node-lease and
// local-path-storage (pkg/kube/inject/initializer.go; the docs name only the first two),
// whatever the namespace or pod labels say.
import { createRule } from '../src/engine/rule-api.ts';
import { explicitlyOptedOut, injectionIntent, relatedOf } from '../src/model/injection/intent.ts';
import { IGNORED_NAMESPACES } from '../src/model/injection/mesh.ts';

export default createRule({
  name: 'injection-ignored-namespace',
  meta: {
    type: 'problem',
    docs: {
      description: 'Workloads meant to have a sidecar in a namespace Istio never injects (kube-system, kube-public, kube-node-lease, local-path-storage)',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      ignored:
        'Istio never injects pods in {{ namespace }}, though {{ why }}. Move it, or label it sidecar.istio.io/inject: "false".',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        const ns = t.resource.namespace;
        if (ns === undefined || !(IGNORED_NAMESPACES as readonly string[]).includes(ns) || explicitlyOptedOut(t, context.facts.mesh.version)) return;
        const signals = injectionIntent(t, context.facts);
        if (signals.length === 0) return;
        // The message names the pod's own requests when it has any (else its namespace's label);
        // every signal is a related location.
        const own = signals.filter((s) => s.fromPod);
        context.report({
          target: { resource: t.resource, path: t.resource.declaredNamespace ? ['metadata', 'namespace'] : ['metadata', 'name'] },
          messageId: 'ignored',
          data: { why: (own.length > 0 ? own : signals).map((s) => s.text).join(' and '), namespace: ns, list: IGNORED_NAMESPACES.join(', ') },
          related: relatedOf(signals),
        });
      },
    };
  },
});
