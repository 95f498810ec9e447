// portLevelMtls is keyed by the port the pod listens on, not by a Service's port
// (pilot/pkg/security/authn/policy_applier.go: GetMutualTLSModeForPort(endpointPort)). A key
// that is a Service port whose targetPort differs sets nothing: the pods keep the workload's
// mode on the port that really serves. Reported only where the pods declare their ports and
// none declares the key, and a Service that picks them maps that port to one they declare.
import { createRule } from '../src/engine/rule-api.ts';
import { asObject, describeResource, getIn } from '../src/model/workload.ts';
import { TrafficInputs, type PodRecord } from '../src/model/traffic/inputs.ts';
import { endpointPort, selects } from '../src/model/traffic/service.ts';
import type { RelatedLocation } from '../src/common/types.ts';


function declaredPorts(pod: PodRecord): Set<number> {
  const out = new Set<number>();
  for (const p of pod.ports) if (typeof p.containerPort === 'number') out.add(p.containerPort);
  return out;
}

export default createRule({
  name: 'peerauth-port-not-target-port',
  meta: {
    type: 'problem',
    docs: {
      description: 'PeerAuthentication portLevelMtls keyed by a Service port instead of the port the pods listen on: it sets nothing',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      servicePort: 'portLevelMtls port {{ key }} is {{ service }}\'s port; its pods listen on {{ target }}, and Istio keys this by the pod\'s port: {{ mode }} is not applied. Use {{ target }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        const policies = inputs.policies.filter((p) => p.selector && p.ports.size > 0);
        if (policies.length === 0) return;
        const ports = new Map(inputs.pods.map((p) => [p, declaredPorts(p.t)]));
        const services = inputs.services;
        for (const policy of policies) {
          const selector = policy.selector ?? {};
          const picked = inputs.podsIn(policy.namespace).filter((p) => p.namespace === policy.namespace && Object.entries(selector).every(([k, v]) => p.labels[k] === v)).map((p) => ({ ...p, ports: ports.get(p) as Set<number> }));
          // Pods that declare no ports may listen on any: nothing is certain.
          if (picked.length === 0 || picked.some((p) => p.ports.size === 0)) continue;
          for (const [key, mode] of policy.ports) {
            if (picked.some((p) => p.ports.has(key))) continue;
            for (const service of services) {
              const port = service.ports.find((sp) => sp.port === key);
              if (!port || !picked.every((p) => selects(service, p.namespace, p.labels))) continue;
              const targets = new Set(picked.map((p) => endpointPort(p.t, port)));
              const [target] = targets;
              if (targets.size !== 1 || target === undefined || target === key || !picked.every((p) => p.ports.has(target))) continue;
              const related: RelatedLocation[] = [
                { target: { resource: service.resource, path: ['spec', 'ports', port.index] }, message: `${describeResource(service.resource)} port ${key} → target port ${target}` },
                ...picked.slice(0, 5).map((p) => ({ target: { resource: p.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(p.t.resource)} listens on ${target}` })),
              ];
              const written = getIn(policy.resource.object, ['spec', 'portLevelMtls']);
              const path = asObject(written) && Object.hasOwn(asObject(written) as object, String(key)) ? ['spec', 'portLevelMtls', String(key)] : ['spec', 'portLevelMtls'];
              context.report({
                target: { resource: policy.resource, path },
                messageId: 'servicePort',
                data: { key: String(key), service: `Service ${service.namespace}/${service.name}`, target: String(target), mode: mode ?? 'UNSET' },
                related,
              });
              break;
            }
          }
        }
      },
    };
  },
});
