// An AuthorizationPolicy's `principals` and `namespaces` (and `source.principal`,
// `source.namespace` in `when`) are matched against the identity in the peer's mTLS certificate
// (pilot/pkg/security/authz/model/generator.go: srcPrincipalGenerator, srcNamespaceGenerator,
// "authenticated" matchers). A plaintext client has no identity: an ALLOW rule that names it
// never matches (403 "RBAC: access denied", istio/istio#36119), a DENY rule naming it never
// fires. Two cases the inputs decide:
//  - the pods the policy picks accept plaintext only (their mode is DISABLE): no request
//    carries an identity, so no identity rule ever matches;
//  - a principal `<trust domain>/ns/<ns>/sa/<sa>` whose workloads among the inputs all run
//    without a proxy: those clients never present it.
// Both ends come from the injection outcome and the PeerAuthentications as istiod composes them.
import { createRule } from '../src/engine/rule-api.ts';
import { asObject, describeResource, getIn, labelString } from '../src/model/workload.ts';
import { exhausted, TrafficInputs, type PodAt } from '../src/model/traffic/inputs.ts';
import { effectiveMtls } from '../src/model/traffic/peer-authentication.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';

const MAX_RULES = 200;
const MAX_ENTRIES = 100;
const MAX_COMPARISONS = 5_000_000;
const IDENTITY_FIELDS = ['principals', 'namespaces'] as const;
const IDENTITY_WHEN = new Set(['source.principal', 'source.namespace']);
/** spiffe-less principal form: <trust domain>/ns/<namespace>/sa/<service account>. */
const PRINCIPAL = /^(?:[^/]+)\/ns\/([a-z0-9-]{1,63})\/sa\/([a-z0-9.-]{1,253})$/;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, MAX_ENTRIES) : []);

interface IdentityUse {
  readonly path: Path;
  readonly field: string;
  /** The principals written there, for the second case. */
  readonly principals: readonly string[];
}

/** The identity fields of one rule, where written. */
function identityUses(rule: Record<string, unknown>, at: Path): IdentityUse[] {
  const out: IdentityUse[] = [];
  for (const [i, from] of list(rule.from).entries()) {
    const source = asObject(asObject(from)?.source);
    if (!source) continue;
    for (const field of IDENTITY_FIELDS) {
      const values = list(source[field]).filter((v): v is string => typeof v === 'string');
      if (values.length > 0) out.push({ path: [...at, 'from', i, 'source', field], field, principals: field === 'principals' ? values : [] });
    }
  }
  for (const [i, when] of list(rule.when).entries()) {
    const w = asObject(when);
    if (w && typeof w.key === 'string' && IDENTITY_WHEN.has(w.key) && Array.isArray(w.values)) {
      out.push({ path: [...at, 'when', i, 'key'], field: `when ${w.key}`, principals: w.key === 'source.principal' ? list(w.values).filter((v): v is string => typeof v === 'string') : [] });
    }
  }
  return out;
}

export default createRule({
  name: 'authz-source-without-identity',
  meta: {
    type: 'problem',
    docs: {
      description: 'AuthorizationPolicy principals and namespaces that no request can carry: the picked pods accept plaintext only (DISABLE), or the named service account\'s workloads have no proxy',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      disabled: '{{ field }} needs the client\'s mTLS identity, but {{ workload }} accepts plaintext only (DISABLE): this {{ action }} rule never matches{{ effect }}. Drop DISABLE, or match by ipBlocks.',
      noProxy: '{{ principal }} is an identity only a proxy presents, and {{ clients }} has none ({{ why }}): this {{ action }} rule never matches it{{ effect }}. Inject it.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        const { root } = inputs.root();
        let comparisons = 0;
        for (const policy of inputs.authorizationPolicies) {
          if (policy.namespace === undefined || inputs.mayBeRootNamespace(policy.namespace)) continue;
          const spec = asObject(policy.object.spec) ?? {};
          const action = spec.action ?? 'ALLOW';
          if ((action !== 'ALLOW' && action !== 'DENY') || spec.targetRef !== undefined || spec.targetRefs !== undefined) continue;
          const rules = list(spec.rules).slice(0, MAX_RULES).flatMap((r, i) => (asObject(r) ? [identityUses(asObject(r) as Record<string, unknown>, ['spec', 'rules', i])] : []));
          const uses = rules.flat();
          if (uses.length === 0) continue;
          const effect = action === 'ALLOW' ? ' (403)' : '';
          comparisons += inputs.podsIn(policy.namespace).length;
          if (comparisons > MAX_COMPARISONS) return exhausted(context, policy, MAX_COMPARISONS);
          const matchLabels = asObject(getIn(spec, ['selector', 'matchLabels']));
          const picked = inputs.podsIn(policy.namespace).filter((p) => p.namespace === policy.namespace && Object.entries(matchLabels ?? {}).every(([k, v]) => p.labels[k] === labelString(v)));
          // The first case: every picked pod has a proxy, and its workload's mode (no port of its own) is DISABLE.
          if (picked.length > 0 && picked.every((p) => (p.proxy === 'sidecar' && !p.gateway) || p.proxy === 'ztunnel')) {
            // A port-level mode in the namespace may differ per port: not judged.
            const portLevel = inputs.policies.some((pa) => pa.ports.size > 0 && pa.namespace === policy.namespace);
            const modes = portLevel ? [] : picked.map((p) => effectiveMtls(p, 0, inputs.policies, root));
            if (!portLevel && modes.every((m) => m.mode === 'DISABLE')) {
              const first = uses[0] as IdentityUse;
              const related: RelatedLocation[] = modes.flatMap((m) => (m.decidedBy ? [{ target: { resource: m.decidedBy.resource, path: m.decidedBy.path }, message: m.why }] : [])).slice(0, 1);
              context.report({
                target: { resource: policy, path: first.path },
                messageId: 'disabled',
                data: { field: first.field, workload: workloadsOf(picked), action, effect },
                related: [...related, ...picked.slice(0, 5).map((p) => ({ target: { resource: p.t.resource, path: ['metadata', 'name'] }, message: describeResource(p.t.resource) }))],
              });
              continue;
            }
          }
          // The second case: a principal whose service account's workloads among the inputs have no proxy.
          for (const use of uses) {
            for (const principal of use.principals) {
              const m = PRINCIPAL.exec(principal);
              if (!m) continue;
              const [, ns, sa] = m;
              const clients = inputs.podsIn(ns).filter((p) => p.namespace === ns && serviceAccountOf(p) === sa);
              if (clients.length === 0 || clients.some((c) => c.proxy !== 'none')) continue;
              context.report({
                target: { resource: policy, path: use.path },
                messageId: 'noProxy',
                data: { principal, clients: workloadsOf(clients), why: (clients[0] as PodAt).why, action, effect },
                related: clients.slice(0, 5).map((c) => ({ target: { resource: c.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(c.t.resource)} runs as ${sa}: ${c.why}` })),
              });
              break;
            }
          }
        }
      },
    };
  },
});

function serviceAccountOf(p: PodAt): string {
  const sa = p.t.serviceAccount;
  return typeof sa === 'string' && sa !== '' ? sa : 'default';
}

function workloadsOf(pods: readonly PodAt[]): string {
  const names = [...new Set(pods.map((p) => describeResource(p.t.resource)))];
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}
