// A sidecar builds an AuthorizationPolicy for each inbound filter chain. On a port whose chain is
// TCP (a Service port Istio reads as tcp, tls, https, mongo, redis or mysql), HTTP-only fields
// (methods, paths, hosts, requestPrincipals, `when` on request.*) cannot be built
// (pilot/pkg/security/authz/model/generator.go, "is HTTP only"; model.go checkError):
//  - an ALLOW rule with one is dropped from that chain: where no other ALLOW rule can match the
//    port, every connection to it is denied (istio/istio#24845);
//  - a DENY rule keeps its other fields: it denies every connection to the port they match.
// Ambient pods are ambient-authz-policy's (ztunnel has its own L4 rules). Quiet where unsure: a
// picked pod whose outcome is unknown, a port sniffed (it has both chains), a rule limited to other ports.
import { createRule } from '../src/engine/rule-api.ts';
import { asObject, describeResource, getIn } from '../src/model/workload.ts';
import { HTTP_OPERATION_FIELDS, HTTP_SOURCE_FIELDS, HTTP_WHEN_PREFIX } from '../src/model/data/sidecar-authz.ts';
import { exhausted, TrafficInputs, type PodAt } from '../src/model/traffic/inputs.ts';
import { endpointPort, portProtocol, selects, type ServiceInfo, type ServicePort } from '../src/model/traffic/service.ts';
import type { Path, Resource } from '../src/common/types.ts';

const MAX_RULES = 200;
const MAX_ENTRIES = 100;
const MAX_COMPARISONS = 5_000_000;

interface AuthzRule {
  readonly index: number;
  /** The first HTTP-only field, where it is written; undefined when the rule has none. */
  readonly http: { readonly field: string; readonly path: Path } | undefined;
  /** The ports the rule is limited to (every `to` names ports); undefined: every port. */
  readonly ports: ReadonlySet<number> | undefined;
}

interface Policy {
  readonly resource: Resource;
  readonly namespace: string;
  readonly action: 'ALLOW' | 'DENY';
  /** undefined: the whole namespace. */
  readonly selector: Readonly<Record<string, string>> | undefined;
  readonly rules: readonly AuthzRule[];
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, MAX_ENTRIES) : []);

function httpField(rule: Record<string, unknown>, at: Path): AuthzRule['http'] {
  for (const [i, to] of list(rule.to).entries()) {
    const op = asObject(asObject(to)?.operation);
    const field = op && HTTP_OPERATION_FIELDS.find((f) => op[f] !== undefined);
    if (field) return { field, path: [...at, 'to', i, 'operation', field] };
  }
  for (const [i, from] of list(rule.from).entries()) {
    const source = asObject(asObject(from)?.source);
    const field = source && HTTP_SOURCE_FIELDS.find((f) => source[f] !== undefined);
    if (field) return { field, path: [...at, 'from', i, 'source', field] };
  }
  for (const [i, when] of list(rule.when).entries()) {
    const key = asObject(when)?.key;
    if (typeof key === 'string' && key.startsWith(HTTP_WHEN_PREFIX)) return { field: `when ${key}`, path: [...at, 'when', i, 'key'] };
  }
  return undefined;
}

function portsOf(rule: Record<string, unknown>): ReadonlySet<number> | undefined {
  const to = list(rule.to);
  if (to.length === 0) return undefined;
  const out = new Set<number>();
  for (const entry of to) {
    const ports = list(getIn(entry, ['operation', 'ports']));
    if (ports.length === 0) return undefined;
    for (const p of ports) if (/^\d{1,5}$/.test(String(p))) out.add(Number(p));
  }
  return out;
}

function policyOf(r: Resource, inputs: TrafficInputs): Policy | undefined {
  if (r.kind !== 'AuthorizationPolicy' || !r.apiVersion.startsWith('security.istio.io/') || r.namespace === undefined) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  if (spec.targetRef !== undefined || spec.targetRefs !== undefined || spec.provider !== undefined) return undefined;
  const action = spec.action ?? 'ALLOW';
  if (action !== 'ALLOW' && action !== 'DENY') return undefined;
  const raw = asObject(getIn(spec, ['selector', 'matchLabels']));
  const selector = raw && Object.keys(raw).length > 0 ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)])) : undefined;
  // A namespace-wide policy of the root namespace reaches every namespace: not judged here.
  if (!selector && inputs.mayBeRootNamespace(r.namespace)) return undefined;
  const rules = list(spec.rules).slice(0, MAX_RULES).flatMap((raw, index) => {
    const rule = asObject(raw);
    if (!rule) return [];
    return [{ index, http: httpField(rule, ['spec', 'rules', index]), ports: portsOf(rule) }];
  });
  return { resource: r, namespace: r.namespace, action, selector, rules };
}

const picks = (p: Policy, pod: PodAt): boolean => pod.namespace === p.namespace && (!p.selector || Object.entries(p.selector).every(([k, v]) => pod.labels[k] === v));
const applies = (rule: AuthzRule, port: number): boolean => !rule.ports || rule.ports.has(port);

export default createRule({
  name: 'authz-http-on-tcp-port',
  meta: {
    type: 'problem',
    docs: {
      description: 'AuthorizationPolicy rules with HTTP-only fields on ports a sidecar proxies as TCP: an ALLOW rule is dropped there (the port is denied), a DENY rule loses them (it denies more)',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'sidecar',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      allowDropped: '{{ field }} is HTTP only, and {{ service }} port {{ port }} is TCP for the sidecar: this ALLOW rule is dropped there and nothing else allows the port, so it is denied. Limit the rule with ports.',
      denyWidened: '{{ field }} is HTTP only, and {{ service }} port {{ port }} is TCP for the sidecar: this DENY rule loses it there and denies every connection its other fields match. Limit it with ports.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        const policies = inputs.authorizationPolicies.flatMap((r) => policyOf(r, inputs) ?? []);
        if (!policies.some((p) => p.rules.some((rule) => rule.http))) return;
        let comparisons = 0;
        const said = new Set<string>();
        for (const policy of policies) {
          if (!policy.rules.some((rule) => rule.http)) continue;
          const here = inputs.podsIn(policy.namespace);
          comparisons += here.length * (inputs.servicesIn(policy.namespace).length + 1);
          if (comparisons > MAX_COMPARISONS) return exhausted(context, policy.resource, MAX_COMPARISONS);
          const picked = here.filter((p) => picks(policy, p));
          if (picked.length === 0 || picked.some((p) => p.proxy === 'unknown')) continue;
          for (const pod of picked) {
            // A gateway's chains follow its Gateway servers, not the Service's port names.
            if (pod.proxy !== 'sidecar' || pod.gateway) continue;
            for (const { service, port, endpoint } of tcpPortsOf(pod, inputs.servicesIn(pod.namespace))) {
              for (const rule of policy.rules) {
                if (!rule.http || !applies(rule, endpoint)) continue;
                const key = `${policy.resource.doc.file.displayPath}\0${policy.resource.doc.startOffset}\0${rule.index}`;
                if (said.has(key)) continue;
                if (policy.action === 'ALLOW') {
                  // Denied only where no ALLOW rule of any policy that picks the pod can match the port.
                  const allowed = policies.some((p) => p.action === 'ALLOW' && picks(p, pod) && p.rules.some((r) => !r.http && applies(r, endpoint)));
                  if (allowed) continue;
                }
                said.add(key);
                context.report({
                  target: { resource: policy.resource, path: rule.http.path },
                  messageId: policy.action === 'ALLOW' ? 'allowDropped' : 'denyWidened',
                  data: { field: rule.http.field, service: `Service ${service.namespace}/${service.name}`, port: String(port.port) },
                  related: [
                    { target: { resource: service.resource, path: ['spec', 'ports', port.index] }, message: `${describeResource(service.resource)} port ${port.port}: TCP` },
                    { target: { resource: pod.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(pod.t.resource)}: ${pod.why}` },
                  ],
                });
              }
            }
          }
        }
      },
    };
  },
});

/** The Service ports a pod serves that its sidecar proxies as TCP, with the port the pod listens on. */
function tcpPortsOf(pod: PodAt, services: readonly ServiceInfo[]): { service: ServiceInfo; port: ServicePort; endpoint: number }[] {
  const out: { service: ServiceInfo; port: ServicePort; endpoint: number }[] = [];
  // A port two Services give two protocols is not certainly TCP.
  const other = new Set<number>();
  for (const service of services) {
    if (!selects(service, pod.namespace, pod.labels)) continue;
    for (const port of service.ports) {
      const endpoint = endpointPort(pod.t, port);
      if (endpoint === undefined) continue;
      if (portProtocol(port) === 'tcp') out.push({ service, port, endpoint });
      else other.add(endpoint);
    }
  }
  return out.filter((p) => !other.has(p.endpoint));
}
