// AuthorizationPolicies that do not do what they say in Istio's ambient mode
// (pilot/pkg/serviceregistry/ambient/authorization.go, pilot/pkg/model/policyattachment.go):
//  - a `selector` or namespace-wide policy is enforced by the destination's ztunnel, L4 only;
//    waypoints never apply such policies. On ambient pods an ALLOW rule with an HTTP field is
//    dropped whole (the traffic it allows is denied), a DENY rule loses its HTTP fields (it denies
//    more, or never fires when a condition is left empty), and CUSTOM/AUDIT are not enforced;
//  - a `targetRefs` policy is applied only by waypoints: one that targets a Service or
//    ServiceEntry bound to no waypoint, or a GatewayClass other than istio-waypoint, applies nowhere;
//  - a selector on a waypoint's pods: the waypoint ignores selector policies;
//  - behind a waypoint, the destination's ztunnel sees the waypoint's identity: a selector ALLOW
//    that admits ambient clients by identity, and nothing admits the waypoint, denies their
//    requests to the Service (a warning: a client may also address the pods directly).
// Selected pods are those of the inputs: a finding needs every selected pod among them to be
// certainly ambient (a policy written for sidecar pods works on them).
import { appendTo } from '../src/common/collections.ts';
import { createRule, type RuleContext } from '../src/engine/rule-api.ts';
import { exhausted, namespaceOverBound } from '../src/model/traffic/inputs.ts';
import { describeResource } from '../src/load/resources.ts';
import {
  AUTO_ALLOW_WAYPOINT_FLAG, DRY_RUN_ANNOTATION, GATEWAY_NAME_LABEL, GATEWAY_SERVICE_ACCOUNT, L4_OPERATION_FIELDS, L4_SOURCE_FIELDS, L4_WHEN_KEYS, L7_OPERATION_FIELDS, L7_SOURCE_FIELDS,
  NOT_AT_ZTUNNEL, WAYPOINT_GATEWAY_CLASS, ZTUNNEL_ACTIONS,
} from '../src/model/data/ambient-authz.ts';
import { captureForTemplate, namespaceLabelSet } from '../src/model/injection/pod-injection.ts';
import { judgeWaypoint, waypointRef, WAYPOINT_CLASS, type WaypointGateway } from '../src/model/ambient/waypoint.ts';
import type { Tri } from '../src/model/injection/selector.ts';
import { asObject, getIn, labelRecord, labelString } from '../src/model/workload.ts';
import { slimResource, templatePlace, wholeResource, type TemplatePlace } from '../src/model/place.ts';
import type { KubeObject, Path, Resource } from '../src/common/types.ts';

type Messages = 'allowDropped' | 'denyNoop' | 'denyBroader' | 'action' | 'targetUnbound' | 'gatewayClass' | 'waypointSelector' | 'waypointIdentity';

/**
 * Bounds on what a run keeps and compares (hostile inputs: many policies, pods, rules). The pod
 * templates kept of one namespace: past it, the namespace's policies are not judged (a partial
 * list would read as absence).
 */
const MAX_PODS = 20_000;
const MAX_RULES = 200;
const MAX_ENTRIES = 100;
const MAX_COMPARISONS = 2_000_000;

/** A pod template in ambient mode: its place, for the findings that name it (its document is not kept). */
interface Pod {
  readonly t: TemplatePlace;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly ambient: true;
  /** The service account its pods run as. */
  readonly serviceAccount: string;
}

/**
 * Any other: only its labels, which a selector may match (then the policy is not judged). Kept
 * whole, every workload of a large stream stayed in memory until the end of the run.
 */
interface OtherPod {
  readonly labels: Readonly<Record<string, string>>;
  readonly ambient: false;
}

interface Named {
  readonly resource: Resource;
  readonly labels: Readonly<Record<string, string>>;
  /** A Service's spec.selector (empty: selects no pod); headless Services are left out. */
  readonly selector?: Readonly<Record<string, string>>;
}

/** A workload identity as ztunnel sees it: namespace and service account (the trust domain is not compared). */
interface Identity {
  readonly namespace: string;
  readonly serviceAccount: string;
}

const isAuthorizationPolicy = (r: Resource): boolean => r.kind === 'AuthorizationPolicy' && r.apiVersion.startsWith('security.istio.io/');

/** A list field is set when it is a non-empty array (Istio's `len(x) > 0`). */
const isSet = (obj: KubeObject | undefined, field: string): boolean => {
  const v = obj?.[field];
  return Array.isArray(v) && v.length > 0;
};

const entries = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, MAX_ENTRIES) : []);

/** What ztunnel makes of one rule: the HTTP fields it cannot match, and whether a condition is left empty (it never matches). */
export function ruleAtZtunnel(rule: unknown): { l7: string[]; emptied: boolean } {
  const r = asObject(rule);
  const l7 = new Set<string>();
  let emptied = false;
  // One condition per list: `to`, `from`, then each `when`; an empty match is skipped, so a condition of empty matches never matches.
  const to = entries(r?.to);
  if (to.length > 0) {
    let live = false;
    for (const e of to) {
      const op = asObject(asObject(e)?.operation);
      for (const f of L7_OPERATION_FIELDS) if (isSet(op, f)) l7.add(f);
      if (L4_OPERATION_FIELDS.some((f) => isSet(op, f))) live = true;
    }
    if (!live) emptied = true;
  }
  const from = entries(r?.from);
  if (from.length > 0) {
    let live = false;
    for (const e of from) {
      const src = asObject(asObject(e)?.source);
      for (const f of L7_SOURCE_FIELDS) if (isSet(src, f)) l7.add(f);
      if (L4_SOURCE_FIELDS.some((f) => isSet(src, f))) live = true;
    }
    if (!live) emptied = true;
  }
  for (const e of entries(r?.when)) {
    const w = asObject(e);
    // A condition without a key is rejected by validation.
    if (typeof w?.key !== 'string' || w.key === '') continue;
    if (!L4_WHEN_KEYS.includes(w.key)) {
      l7.add(w.key);
      emptied = true;
    }
  }
  return { l7: [...l7], emptied };
}

/** Pods of a gateway (a Gateway API gateway or Istio's ingress/egress chart): their clients' identities are their own. */
const isGatewayPod = (pod: { readonly labels: Readonly<Record<string, string>> }): boolean => Object.hasOwn(pod.labels, GATEWAY_NAME_LABEL) || Object.hasOwn(pod.labels, 'istio');

const globMatch = (pattern: string, value: string): Tri => (pattern === '*' ? true : pattern.includes('*') ? 'unknown' : pattern === value);

/** A principal pattern against an identity; the trust domain (before /ns/) is not compared. */
function principalMatch(pattern: string, id: Identity): Tri {
  if (pattern === '*') return true;
  if (pattern.includes('*')) return 'unknown';
  return pattern.endsWith(`/ns/${id.namespace}/sa/${id.serviceAccount}`) && !pattern.startsWith('/');
}

const strings = (v: unknown): string[] => entries(v).filter((x): x is string => typeof x === 'string');

const anyOf = (values: readonly Tri[]): Tri => (values.includes(true) ? true : values.includes('unknown') ? 'unknown' : false);
const allOf = (values: readonly Tri[]): Tri => (values.includes(false) ? false : values.includes('unknown') ? 'unknown' : true);
const not = (v: Tri): Tri => (v === 'unknown' ? v : !v);

/** Whether one `from[].source` admits a peer identity at ztunnel (its fields AND; an empty source never matches). */
function sourceAdmits(raw: unknown, id: Identity, policyNamespace: string): Tri {
  const src = asObject(raw);
  if (!src || !L4_SOURCE_FIELDS.some((f) => isSet(src, f))) return false;
  const checks: Tri[] = [];
  const sa = (entry: string): Tri => {
    const [n, a] = entry.includes('/') ? entry.split('/', 2) : [policyNamespace, entry];
    return n === id.namespace && a === id.serviceAccount;
  };
  if (isSet(src, 'principals')) checks.push(anyOf(strings(src.principals).map((p) => principalMatch(p, id))));
  if (isSet(src, 'notPrincipals')) checks.push(not(anyOf(strings(src.notPrincipals).map((p) => principalMatch(p, id)))));
  if (isSet(src, 'namespaces')) checks.push(anyOf(strings(src.namespaces).map((n) => globMatch(n, id.namespace))));
  if (isSet(src, 'notNamespaces')) checks.push(not(anyOf(strings(src.notNamespaces).map((n) => globMatch(n, id.namespace)))));
  if (isSet(src, 'serviceAccounts')) checks.push(anyOf(strings(src.serviceAccounts).map(sa)));
  if (isSet(src, 'notServiceAccounts')) checks.push(not(anyOf(strings(src.notServiceAccounts).map(sa))));
  // A peer's address is not known offline.
  if (isSet(src, 'ipBlocks') || isSet(src, 'notIpBlocks')) checks.push('unknown');
  return allOf(checks);
}

/** Whether an ALLOW rule admits a peer identity at ztunnel (ports aside: they are the same for the client and the waypoint). */
export function ruleAdmits(rule: unknown, id: Identity, policyNamespace: string): Tri {
  const r = asObject(rule);
  if (!r) return false;
  // ztunnel drops an ALLOW rule with any HTTP field.
  if (ruleAtZtunnel(r).l7.length > 0) return false;
  const checks: Tri[] = [];
  const from = entries(r.from);
  if (from.length > 0) checks.push(anyOf(from.map((e) => sourceAdmits(asObject(e)?.source, id, policyNamespace))));
  for (const e of entries(r.when)) {
    const w = asObject(e);
    const values = strings(w?.values);
    const notValues = strings(w?.notValues);
    const test = (pattern: string): Tri => (w?.key === 'source.principal' ? principalMatch(pattern, id) : w?.key === 'source.namespace' ? globMatch(pattern, id.namespace) : w?.key === 'destination.port' ? true : 'unknown');
    if (values.length > 0) checks.push(anyOf(values.map(test)));
    if (notValues.length > 0) checks.push(w?.key === 'destination.port' ? 'unknown' : not(anyOf(notValues.map(test))));
  }
  return allOf(checks);
}

const shortName = (r: Resource): string => (r.namespace ? `${r.namespace}/${r.name}` : r.name);

function podList(pods: readonly Pod[]): string {
  const names = [...new Set(pods.map((p) => shortName(p.t.resource)))];
  return names.length === 1 ? (names[0] as string) : `${names[0]} and ${names.length - 1} more`;
}

export default createRule({
  name: 'ambient-authz-policy',
  meta: {
    type: 'problem',
    docs: {
      description:
        'AuthorizationPolicies that do not do what they say in ambient mode: HTTP rules in selector policies on ambient pods, CUSTOM/AUDIT on them, targetRefs to Services bound to no waypoint, selectors on waypoint pods, client identities behind a waypoint',
      defaultLevel: 'error',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      allowDropped:
        'ztunnel drops this ALLOW rule on ambient pods {{ pods }} for its HTTP fields ({{ fields }}); waypoints ignore selector policies: what it allows is denied. Use a targetRefs policy on a waypoint.',
      denyNoop:
        'This DENY rule never fires on ambient pods {{ pods }}: ztunnel drops its HTTP fields ({{ fields }}), and waypoints ignore selector policies. Use a targetRefs policy on a waypoint.',
      denyBroader:
        'ztunnel enforces this DENY rule on ambient pods {{ pods }} without its HTTP fields ({{ fields }}): it denies all traffic its other fields match. Use a targetRefs policy on a waypoint.',
      action:
        'ztunnel does not enforce {{ action }} policies and waypoints ignore selector ones: this does nothing on ambient pods {{ pods }}. Use a targetRefs policy on a waypoint.',
      targetUnbound:
        '{{ kind }} {{ name }} is bound to no waypoint ({{ why }}), and only waypoints apply targetRefs policies: this one applies nowhere. Bind it with istio.io/use-waypoint.',
      gatewayClass: 'Istio applies a policy that targets a GatewayClass only for class istio-waypoint: this one, for {{ name }}, applies nowhere. Target istio-waypoint or a Gateway.',
      waypointIdentity:
        '{{ client }} is admitted, but its requests to {{ service }} pass waypoint {{ waypoint }}, whose identity no ALLOW admits here: ztunnel denies them. Also admit {{ principal }}.',
      waypointSelector:
        'This selector picks the pods of waypoint {{ name }}, which ignores selector policies (and ztunnel does not capture them): the policy applies nowhere. Use targetRefs to Gateway {{ name }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const policies: Resource[] = [];
    /** The policies of each namespace: a pod reads its own namespace's and the root namespace's. */
    const policiesByNs = new Map<string, Resource[]>();
    const podsByNs = new Map<string, (Pod | OtherPod)[]>();
    /** Namespaces with more pod templates than are kept: not judged. */
    const overflow = new Set<string>();
    const services = new Map<string, Named>();
    const serviceEntries = new Map<string, Named>();
    /** istiod may add an ALLOW for waypoints itself when an input sets this flag. */
    let autoAllow = false;
    let budget = MAX_COMPARISONS;
    let clients: Pod[] | undefined;
    return {
      File(node) {
        if (!autoAllow && node.file.text.includes(AUTO_ALLOW_WAYPOINT_FLAG)) autoAllow = true;
      },
      Resource(r) {
        if (isAuthorizationPolicy(r)) {
          const kept = wholeResource(r);
          policies.push(kept);
          if (r.namespace !== undefined) appendTo(policiesByNs, r.namespace, kept);
        } else if (r.namespace !== undefined && r.kind === 'Service' && r.apiVersion === 'v1') {
          const headless = getIn(r.object, ['spec', 'clusterIP']) === 'None';
          const selector = headless ? {} : labelRecord(getIn(r.object, ['spec', 'selector']));
          services.set(`${r.namespace}/${r.name}`, { resource: slimResource(r), labels: labelRecord(getIn(r.object, ['metadata', 'labels'])), selector });
        } else if (r.namespace !== undefined && r.kind === 'ServiceEntry' && r.apiVersion.startsWith('networking.istio.io/')) {
          serviceEntries.set(`${r.namespace}/${r.name}`, { resource: slimResource(r), labels: labelRecord(getIn(r.object, ['metadata', 'labels'])) });
        }
      },
      PodTemplate(t) {
        const ns = t.resource.namespace;
        if (ns === undefined || overflow.has(ns)) return;
        const list = podsByNs.get(ns) ?? [];
        if (list.length >= MAX_PODS) {
          overflow.add(ns);
          namespaceOverBound(context, t.resource, ns, MAX_PODS, 'pod templates');
          return;
        }
        const sa = t.spec.serviceAccountName ?? t.spec.serviceAccount;
        const labels = labelRecord(t.labels);
        list.push(captureForTemplate(t, facts).outcome === 'ambient' ? { t: templatePlace(t), namespace: ns, labels, ambient: true, serviceAccount: typeof sa === 'string' && sa !== '' ? sa : 'default' } : { labels, ambient: false });
        podsByNs.set(ns, list);
      },
      'Program:exit'() {
        for (const p of policies) {
          if (budget < 0) return exhausted(context, p, MAX_COMPARISONS);
          const ns = p.namespace;
          const spec = asObject(p.object.spec);
          if (ns === undefined || !spec || overflow.has(ns)) continue;
          const dryRun = labelString(getIn(p.object, ['metadata', 'annotations', DRY_RUN_ANNOTATION]));
          if (dryRun !== undefined && dryRun !== '' && dryRun !== 'false') continue;
          const targetRefs = [...entries(spec.targetRefs), ...(asObject(spec.targetRef) ? [spec.targetRef] : [])];
          const hasTargetRefs = targetRefs.length > 0;
          const selector = spec.selector;
          // Both set: validation rejects the policy.
          if (hasTargetRefs && selector !== undefined && selector !== null) continue;
          if (hasTargetRefs) {
            checkTargetRefs(context, p, ns, Array.isArray(spec.targetRefs) ? 'targetRefs' : 'targetRef', spec);
            continue;
          }
          const matchLabels = labelRecord(getIn(selector, ['matchLabels']));
          if (checkWaypointSelector(p, ns, matchLabels)) continue;
          // The root namespace's policies apply mesh-wide: the inputs never hold every pod.
          if (selector === undefined || selector === null) {
            if (ns === 'istio-system') continue;
          }
          const selected: Pod[] = [];
          let all = true;
          for (const pod of podsByNs.get(ns) ?? []) {
            budget--;
            if (!Object.entries(matchLabels).every(([k, v]) => pod.labels[k] === v)) continue;
            if (!pod.ambient) {
              all = false;
              break;
            }
            selected.push(pod);
          }
          if (!all || selected.length === 0) continue;
          checkZtunnel(context, p, spec, selected);
          if (!autoAllow) checkWaypointIdentity(context, p, ns, spec, selected);
        }
      },
    };

    /** Ambient pods that are not gateways: clients whose requests to a Service go through its waypoint. */
    function ambientClients(): Pod[] {
      if (clients) return clients;
      clients = [];
      for (const list of podsByNs.values()) for (const c of list) if (c.ambient && !isGatewayPod(c)) clients.push(c);
      return clients;
    }

    /** The waypoint Services route a pod's traffic through, when the inputs decide it: Service → bound waypoint. */
    function waypointsOf(pod: Pod): { service: Named; gateway: WaypointGateway }[] {
      const out: { service: Named; gateway: WaypointGateway }[] = [];
      const nsLabels = namespaceLabelSet(pod.namespace, facts).labels;
      for (const service of services.values()) {
        if (--budget < 0) break;
        if (service.resource.namespace !== pod.namespace || !service.selector) continue;
        const sel = Object.entries(service.selector);
        if (sel.length === 0 || !sel.every(([k, v]) => pod.labels[k] === v)) continue;
        const ref = waypointRef(service.labels, pod.namespace, nsLabels, facts.mesh.version);
        if (ref === 'unknown' || ref === undefined || ref.none) continue;
        const verdict = judgeWaypoint(ref, 'service', pod.namespace, nsLabels, facts.mesh.waypoints, facts.mesh.version);
        // Another class's Gateway may serve as a waypoint too, but its service account is named otherwise.
        if (verdict.gateway && !verdict.problem && verdict.gateway.className === WAYPOINT_CLASS) out.push({ service, gateway: verdict.gateway });
      }
      return out;
    }

    /** The ALLOW policies among the inputs that ztunnel applies to a pod (selector, namespace-wide, root namespace). */
    function allowPoliciesOf(pod: Pod): KubeObject[] {
      const out: KubeObject[] = [];
      const mine = policiesByNs.get(pod.namespace) ?? [];
      const root = pod.namespace === 'istio-system' ? [] : (policiesByNs.get('istio-system') ?? []);
      for (const p of mine.concat(root)) {
        if (--budget < 0) break;
        const spec = asObject(p.object.spec);
        if (!spec || (spec.action !== undefined && spec.action !== 'ALLOW')) continue;
        if (spec.targetRefs !== undefined || spec.targetRef !== undefined) continue;
        if (p.namespace !== pod.namespace && !(p.namespace === 'istio-system' && (spec.selector === undefined || spec.selector === null))) continue;
        const matchLabels = labelRecord(getIn(spec.selector, ['matchLabels']));
        if (Object.entries(matchLabels).every(([k, v]) => pod.labels[k] === v)) out.push(spec);
      }
      return out;
    }

    /**
     * A selector ALLOW that admits ambient clients by identity, on pods behind a waypoint: the
     * destination's ztunnel sees the waypoint's identity, so when no ALLOW admits it, the clients'
     * requests to the Service are denied.
     */
    function checkWaypointIdentity(ctx: RuleContext<Messages, never[]>, p: Resource, ns: string, spec: KubeObject, selected: readonly Pod[]): void {
      if (spec.action !== undefined && spec.action !== null && spec.action !== 'ALLOW') return;
      const rules = Array.isArray(spec.rules) ? spec.rules.slice(0, MAX_RULES) : [];
      for (const d of selected.slice(0, 50)) {
        for (const { service, gateway } of waypointsOf(d)) {
          if (gateway.namespace === undefined) continue;
          const sa = labelString(getIn(gateway.resource.object, ['metadata', 'annotations', GATEWAY_SERVICE_ACCOUNT])) ?? gateway.name;
          const waypointId: Identity = { namespace: gateway.namespace, serviceAccount: sa };
          // Any ALLOW rule (this policy's or another's) that may admit the waypoint: no finding.
          const mayAdmit = allowPoliciesOf(d).some((s) => (Array.isArray(s.rules) ? s.rules.slice(0, MAX_RULES) : []).some((r) => ruleAdmits(r, waypointId, ns) !== false));
          // Past the bound, the ALLOW policies read may be only some of them.
          if (mayAdmit || budget < 0) continue;
          let reported = false;
          rules.forEach((rule, i) => {
            if (reported || !Array.isArray(asObject(rule)?.from)) return;
            const client = ambientClients().find((c) => --budget >= 0 && c.t !== d.t && c.t.resource !== gateway.resource && ruleAdmits(rule, { namespace: c.namespace, serviceAccount: c.serviceAccount }, ns) === true);
            if (!client) return;
            reported = true;
            ctx.report({
              target: { resource: p, path: ['spec', 'rules', i, 'from'] },
              messageId: 'waypointIdentity',
              severity: 'warn',
              data: { client: shortName(client.t.resource), service: shortName(service.resource), waypoint: `${gateway.namespace}/${gateway.name}`, principal: `cluster.local/ns/${waypointId.namespace}/sa/${waypointId.serviceAccount}` },
              related: [
                { target: { resource: client.t.resource, path: client.t.path }, message: `${describeResource(client.t.resource)} is in ambient: its requests to the Service go through the waypoint` },
                { target: { resource: service.resource, path: ['metadata'] }, message: `${describeResource(service.resource)} uses waypoint ${gateway.namespace}/${gateway.name}` },
                { target: { resource: gateway.resource, path: ['metadata', 'name'] }, message: `waypoint ${gateway.namespace}/${gateway.name}` },
              ],
            });
          });
          if (reported) return;
        }
      }
    }

    /** A selector naming a waypoint's pods: the waypoint ignores it, ztunnel never captures them. */
    function checkWaypointSelector(p: Resource, ns: string, matchLabels: Readonly<Record<string, string>>): boolean {
      const name = matchLabels[GATEWAY_NAME_LABEL];
      if (name === undefined) return false;
      const gateway = facts.mesh.waypoints.find((g) => g.name === name && g.namespace === ns && g.className === WAYPOINT_CLASS);
      if (!gateway) return false;
      context.report({
        target: { resource: p, path: ['spec', 'selector', 'matchLabels', GATEWAY_NAME_LABEL] },
        messageId: 'waypointSelector',
        data: { name },
        related: [{ target: { resource: gateway.resource, path: ['metadata', 'name'] }, message: `waypoint ${ns}/${name}` }],
      });
      return true;
    }

    function checkZtunnel(ctx: RuleContext<Messages, never[]>, p: Resource, spec: KubeObject, selected: readonly Pod[]): void {
      const first = selected[0] as Pod;
      const related = [{ target: { resource: first.t.resource, path: first.t.path }, message: `${describeResource(first.t.resource)} is in ambient: ztunnel enforces this policy for it` }];
      const pods = podList(selected);
      const action = spec.action === undefined || spec.action === null ? 'ALLOW' : String(spec.action);
      if (NOT_AT_ZTUNNEL.includes(action)) {
        ctx.report({ target: { resource: p, path: ['spec', 'action'] }, messageId: 'action', data: { action, pods }, related });
        return;
      }
      if (!ZTUNNEL_ACTIONS.includes(action)) return;
      const rules = Array.isArray(spec.rules) ? spec.rules.slice(0, MAX_RULES) : [];
      rules.forEach((rule, i) => {
        const { l7, emptied } = ruleAtZtunnel(rule);
        if (l7.length === 0) return;
        const fields = l7.slice(0, 4).join(', ');
        const messageId: Messages = action === 'ALLOW' ? 'allowDropped' : emptied ? 'denyNoop' : 'denyBroader';
        ctx.report({ target: { resource: p, path: ['spec', 'rules', i] }, messageId, data: { pods, fields }, related });
      });
    }

    function checkTargetRefs(ctx: RuleContext<Messages, never[]>, p: Resource, ns: string, field: 'targetRefs' | 'targetRef', spec: KubeObject): void {
      const refs = field === 'targetRefs' ? entries(spec.targetRefs) : [spec.targetRef];
      refs.forEach((raw, i) => {
        const ref = asObject(raw);
        if (!ref) return;
        const path: Path = field === 'targetRefs' ? ['spec', 'targetRefs', i] : ['spec', 'targetRef'];
        const kind = ref.kind;
        const group = typeof ref.group === 'string' ? ref.group : '';
        const name = typeof ref.name === 'string' ? ref.name : undefined;
        if (name === undefined) return;
        // A targetRef to another namespace is rejected by validation.
        if (typeof ref.namespace === 'string' && ref.namespace !== '' && ref.namespace !== ns) return;
        if (kind === 'GatewayClass' && group === 'gateway.networking.k8s.io') {
          if (name !== WAYPOINT_GATEWAY_CLASS) ctx.report({ target: { resource: p, path: [...path, 'name'] }, messageId: 'gatewayClass', data: { name } });
          return;
        }
        const table = kind === 'Service' && (group === '' || group === 'core') ? services : kind === 'ServiceEntry' && group === 'networking.istio.io' ? serviceEntries : undefined;
        if (!table) return;
        const target = table.get(`${ns}/${name}`);
        if (!target) return;
        const nsLabels = namespaceLabelSet(ns, facts).labels;
        const bound = waypointRef(target.labels, ns, nsLabels, facts.mesh.version);
        if (bound === 'unknown' || (bound !== undefined && !bound.none)) return;
        const why = bound === undefined ? 'no use-waypoint on it or its namespace' : `use-waypoint: ${bound.name || '""'} on ${bound.from === 'object' ? 'it' : 'its namespace'}`;
        ctx.report({
          target: { resource: p, path: [...path, 'name'] },
          messageId: 'targetUnbound',
          data: { kind: String(kind), name: `${ns}/${name}`, why },
          related: [{ target: { resource: target.resource, path: ['metadata'] }, message: `${describeResource(target.resource)} names no waypoint` }],
        });
      });
    }
  },
});
