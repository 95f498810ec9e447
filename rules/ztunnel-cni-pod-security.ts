// Istio's node agents need the host: ztunnel adds NET_ADMIN, SYS_ADMIN and NET_RAW, runs as
// root with privilege escalation and mounts a hostPath (manifests/charts/ztunnel/templates/
// daemonset.yaml); istio-cni adds NET_ADMIN, NET_RAW, SYS_PTRACE, SYS_ADMIN, runs as root and
// mounts several hostPaths (manifests/charts/istio-cni/templates/daemonset.yaml). A namespace
// that enforces Pod Security "baseline" or "restricted" rejects their pods, so the DaemonSet
// never gets one: ambient pods have no ztunnel, or nothing enrols pods at all. The checks are
// judged on the DaemonSet's own pod spec, so a trimmed-down build that passes is not reported.
import { createRule } from '../src/engine/rule-api.ts';
import { nodeAgentOf, type NodeAgent } from '../src/model/ambient/install.ts';
import { namespaceLabelLocation, namespaceOf } from '../src/model/injection/intent.ts';
import { ENFORCE_LABEL, enforcedLevel, podViolations } from '../src/model/pod/pod-security.ts';
import type { PodTemplate } from '../src/model/workload.ts';

/** What the cluster loses when the component has no pod. */
const EFFECT: Readonly<Record<NodeAgent['component'], string>> = {
  ztunnel: 'ambient pods get no traffic',
  'istio-cni': 'pods on those nodes cannot join the mesh',
};

/** The checks the pods fail, as the API server names them (without the details): the first two, then how many more. */
const describe = (violations: readonly string[]): string => {
  const checks = violations.map((v) => v.replace(/ \(.*\)$/, ''));
  return `${checks.slice(0, 2).join(', ')}${checks.length > 2 ? ` and ${checks.length - 2} more` : ''}`;
};

export default createRule({
  name: 'ztunnel-cni-pod-security',
  meta: {
    type: 'problem',
    docs: {
      description: 'ztunnel or istio-cni DaemonSets in a namespace whose Pod Security "baseline"/"restricted" rejects their pods',
      defaultLevel: 'error',
      precision: 'high',
      category: 'admission',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      rejected:
        'Pod Security "{{ level }}" of namespace {{ namespace }} rejects these {{ component }} pods ({{ violations }}), so {{ effect }}. Set its enforce label to privileged.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    return {
      PodTemplate(t: PodTemplate) {
        if (t.resource.kind !== 'DaemonSet' || !t.resource.apiVersion.startsWith('apps/')) return;
        const agent = nodeAgentOf(t.labels, t.containers.map((c) => c.object.image));
        if (!agent) return;
        // The namespace's labels must be among the inputs (or the config): otherwise nothing is said.
        const ns = namespaceOf(t, facts);
        if (!ns) return;
        const level = enforcedLevel(ns.labels);
        if (!level) return;
        const violations = podViolations(level, t);
        if (violations.length === 0) return;
        const related = namespaceLabelLocation(ns, ENFORCE_LABEL, `namespace ${ns.name} enforces Pod Security "${level}": ${violations.join('; ')}`);
        const path = t.resource.declaredNamespace !== undefined ? ['metadata', 'namespace'] : ['metadata', 'name'];
        context.report({
          target: { resource: t.resource, path },
          messageId: 'rejected',
          data: { namespace: ns.name, level, component: agent.component, violations: describe(violations), effect: EFFECT[agent.component] },
          related: related ? [related] : [],
        });
      },
    };
  },
});
