// A policy acts only where a proxy reads it (../shared/istio/TRAFFIC.md section 1). A
// selector-scoped AuthorizationPolicy, PeerAuthentication, RequestAuthentication, Sidecar,
// Telemetry, WasmPlugin or EnvoyFilter whose selector picks only pods with no proxy that reads
// its kind does nothing at all: pods with no proxy read nothing, and ztunnel (ambient) reads only
// AuthorizationPolicy and PeerAuthentication. The pods' proxies come from the injection outcome
// every rule reads (model/traffic/proxy.ts). Quiet where unsure: any picked pod's outcome
// unknown, or the policy in a namespace that may be the root one (its selector reaches every
// namespace there).
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource } from '../src/model/workload.ts';
import { picks } from '../src/model/traffic/policy-kinds.ts';
import { exhausted, TrafficInputs } from '../src/model/traffic/inputs.ts';
import type { Proxy } from '../src/model/traffic/proxy.ts';
import type { RelatedLocation } from '../src/common/types.ts';

const MAX_COMPARISONS = 5_000_000;
/** Picked workloads named as related locations: the message counts them all. */
const MAX_RELATED = 5;

export default createRule({
  name: 'policy-selects-no-proxy',
  meta: {
    type: 'problem',
    docs: {
      description: 'Selector-scoped Istio policies (AuthorizationPolicy, PeerAuthentication, RequestAuthentication, Sidecar, Telemetry, WasmPlugin, EnvoyFilter) that pick only pods no proxy of which reads them: they do nothing',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      noProxy: '{{ kind }} {{ name }} picks only pods with no proxy that reads it ({{ workloads }}): nothing enforces it. Inject them, or remove the policy.',
      ambientOnly: '{{ kind }} {{ name }} picks only ambient pods ({{ workloads }}), and ztunnel does not read {{ kind }}: nothing applies it. Attach it to a waypoint with targetRefs.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    // The selector policies are facts (every input and context file); the pods, this run's.
    const inputs = TrafficInputs.of(context);
    return {
      PodTemplate(t) {
        inputs.addPodTemplate(t);
      },
      'Program:exit'() {
        let comparisons = 0;
        for (const policy of context.facts.mesh.mtls.selectorPolicies) {
          // A selector policy of the root namespace picks pods in every namespace (AuthorizationPolicy) or none (PeerAuthentication).
          if (inputs.mayBeRootNamespace(policy.namespace)) continue;
          const here = inputs.podsIn(policy.namespace);
          comparisons += here.length;
          if (comparisons > MAX_COMPARISONS) return exhausted(context, policy.resource, MAX_COMPARISONS);
          const picked = here.filter((p) => picks(policy, p.namespace, p.labels));
          if (picked.length === 0 || picked.some((p) => p.proxy === 'unknown' || (policy.kind.readers as readonly Proxy[]).includes(p.proxy))) continue;
          const ambient = picked.every((p) => p.proxy === 'ztunnel');
          const workloads = [...new Set(picked.map((p) => describeResource(p.t.resource)))];
          const shown = workloads.length <= 2 ? workloads.join(', ') : `${workloads.slice(0, 2).join(', ')} and ${workloads.length - 2} more`;
          const related: RelatedLocation[] = picked.slice(0, MAX_RELATED).map((p) => ({
            target: { resource: p.t.resource, path: ['metadata', 'name'] },
            message: `${describeResource(p.t.resource)}: ${p.proxy === 'ztunnel' ? 'ambient, ztunnel only' : `no proxy (${p.why})`}`,
          }));
          context.report({
            target: { resource: policy.resource, path: policy.kind.labels },
            messageId: ambient ? 'ambientOnly' : 'noProxy',
            data: { kind: policy.kind.kind, name: `${policy.namespace}/${policy.resource.name}`, workloads: shown },
            related,
          });
        }
      },
    };
  },
});
