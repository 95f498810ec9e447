// OpenShift Service Mesh 2.x as an install: a ServiceMeshControlPlane (maistra.io/v2) is rendered by
// its operator into one injector webhook per control plane, which selects the namespaces the
// operator labels `maistra.io/member-of: <control plane namespace>` (the members a
// ServiceMeshMemberRoll or a ServiceMeshMember names), and an injector whose policy is "disabled"
// unless spec.proxy.injection.autoInject says otherwise: a pod is injected only when it asks
// (`sidecar.istio.io/inject: "true"`). `istio-injection=enabled` does nothing there. The facts are
// data (data/ossm.json, with their evidence); istiod's own decision is upstream's at the Istio
// release each version runs (version-evidence.ts maps spec.version to it).
import type { Resource } from '../../common/types.ts';
import { isPlaceholder } from '../placeholder.ts';
import { asObject, getIn } from '../workload.ts';
import { INJECT_KEY, type InjectorWebhook } from '../injection/mesh.ts';
import { matches, parseSelector, type LabelSelector, type LabelSet, type Requirement, type Tri } from '../injection/selector.ts';
import table from '../data/ossm.json' with { type: 'json' };

export const MEMBER_OF_LABEL = table.memberOfLabel;
export const IGNORE_NAMESPACE_LABEL = table.ignoreNamespaceLabel;
const SOURCE_REPO = 'maistra/istio-operator';

/** A ServiceMeshControlPlane among the inputs, as far as injection is concerned. */
export interface OssmControlPlane {
  readonly resource: Resource;
  readonly name: string;
  /** The control plane's namespace: the SMCP's own (strategy_v2_N.go renders the charts into it). */
  readonly namespace: string | undefined;
  /** The 2.x minor of spec.version (v2.4 → 4); undefined when not stated or not read. */
  readonly minor: number | undefined;
  /** The injector's policy as spec.proxy.injection.autoInject and the profiles make it; undefined when they do not say. */
  readonly policy: 'enabled' | 'disabled' | undefined;
  /** Where the policy comes from, in words. */
  readonly policySource: string;
  /** spec.techPreview.sidecarInjectorWebhook.objectSelector.enabled: the webhook also selects on the pod's inject label. */
  readonly objectSelector: boolean;
  /** spec.mode ClusterWide (2.4 on) or techPreview.controlPlaneMode ClusterScoped (2.3). */
  readonly clusterWide: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export const isControlPlane = (r: Resource): boolean => r.kind === 'ServiceMeshControlPlane' && r.apiVersion.startsWith('maistra.io/');
export const isMemberRoll = (r: Resource): boolean => r.kind === 'ServiceMeshMemberRoll' && r.apiVersion.startsWith('maistra.io/');
export const isMember = (r: Resource): boolean => r.kind === 'ServiceMeshMember' && r.apiVersion.startsWith('maistra.io/');

/** "v2.4", "2.4" → 4; a version not of the 2.x line, or a template, → undefined. */
function minorOf(version: unknown): number | undefined {
  const m = typeof version === 'string' ? /^v?2\.(\d{1,2})$/.exec(version.trim()) : null;
  return m ? Number(m[1]) : undefined;
}

const atLeastMinor = (cp: OssmControlPlane, tag: string): boolean | undefined => {
  const want = minorOf(tag);
  return cp.minor === undefined || want === undefined ? undefined : cp.minor >= want;
};

export function controlPlaneOf(r: Resource): OssmControlPlane | undefined {
  if (!isControlPlane(r)) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  const autoInject = getIn(spec, table.policy.field.slice(1));
  const profiles = Array.isArray(spec.profiles) ? spec.profiles.filter((p): p is string => typeof p === 'string') : [];
  const setsIt = profiles.length === 0 || profiles.some((p) => table.policy.profilesSettingIt.includes(p));
  const where = `ServiceMeshControlPlane ${r.name || '(no name)'}`;
  const policy: OssmControlPlane['policy'] =
    autoInject === true ? 'enabled'
    : autoInject === false ? 'disabled'
    : typeof autoInject === 'string' && isPlaceholder(autoInject) ? undefined
    : setsIt ? (table.policy.whenUnset as 'disabled')
    : undefined;
  const policySource =
    typeof autoInject === 'boolean' ? `${where} spec.proxy.injection.autoInject: ${autoInject}`
    : policy ? `${where}: its ${profiles.length === 0 ? 'default profile' : `profile ${profiles.find((p) => table.policy.profilesSettingIt.includes(p))}`} sets proxy.injection.autoInject: false`
    : `${where}: its profiles (${profiles.join(', ')}) may set proxy.injection.autoInject`;
  return {
    resource: r,
    name: r.name,
    namespace: r.namespace,
    minor: minorOf(spec.version),
    policy,
    policySource,
    objectSelector: getIn(spec, ['techPreview', 'sidecarInjectorWebhook', 'objectSelector', 'enabled']) === true,
    clusterWide: spec.mode === 'ClusterWide' || getIn(spec, ['techPreview', 'controlPlaneMode']) === 'ClusterScoped',
  };
}

const fill = (text: string, cp: OssmControlPlane): string => text.replaceAll('{smcp}', cp.name).replaceAll('{namespace}', cp.namespace ?? '');
const requirements = (list: readonly { key: string; operator: string; values: string[] }[], cp: OssmControlPlane): Requirement[] =>
  list.map((r) => ({ key: r.key, operator: r.operator as Requirement['operator'], values: r.values.map((v) => fill(v, cp)) }));

/** The injector webhook the operator renders for a control plane (mutatingwebhook.yaml of its version). */
export function webhookOf(cp: OssmControlPlane): InjectorWebhook | undefined {
  if (!cp.namespace || !cp.name) return undefined;
  const object: Requirement[] = [];
  for (const [from, list] of Object.entries(table.webhook.objectSelectorFrom)) if (atLeastMinor(cp, from) === true) object.push(...requirements(list, cp));
  if (cp.objectSelector) object.push({ key: INJECT_KEY, operator: cp.policy === 'enabled' ? 'NotIn' : 'In', values: [cp.policy === 'enabled' ? 'false' : 'true'] });
  return {
    configName: fill(table.webhook.configName, cp),
    name: table.webhook.entryName,
    shortName: 'ossm',
    namespaceSelector: { requirements: requirements(table.webhook.namespaceSelector, cp) },
    objectSelector: { requirements: object },
    revision: cp.name,
    tag: undefined,
    revLabel: cp.name,
    deactivated: false,
    service: { name: fill(table.webhook.service, cp), namespace: cp.namespace, port: 443 },
    url: undefined,
    caBundle: undefined,
    // The operator's webhookca controller fills in the CA bundle.
    caInjected: true,
    origin: 'input',
    resource: undefined,
    index: undefined,
    declaredAt: { resource: cp.resource, path: [] },
    distribution: 'ossm',
  };
}

/** Whether a namespace is a member of a control plane's mesh, and why. */
export type Membership =
  | { readonly member: true; readonly controlPlane: OssmControlPlane; readonly why: string }
  | { readonly member: false; readonly why: string }
  | { readonly member: 'unknown'; readonly fact: string };

interface Roll {
  readonly resource: Resource;
  readonly members: readonly string[];
  readonly selectors: readonly LabelSelector[];
}

const patternsFor = (cp: OssmControlPlane): RegExp[] => {
  const list = [...table.memberRoll.excludedByPattern];
  for (const [from, more] of Object.entries(table.memberRoll.excludedByPatternFrom)) if (atLeastMinor(cp, from) !== false) list.push(...more);
  return list.map((p) => new RegExp(p));
};

/**
 * Membership as the operator's member roll and member controllers make it, from the
 * ServiceMeshMemberRolls and ServiceMeshMembers among the inputs: what they name is judged; a
 * control plane with neither among the inputs leaves its membership unknown.
 */
export class OssmMeshBuilder {
  private readonly controlPlanes: OssmControlPlane[] = [];
  private readonly rolls: Resource[] = [];
  private readonly members: Resource[] = [];

  addResource(r: Resource): void {
    const cp = controlPlaneOf(r);
    if (cp) this.controlPlanes.push(cp);
    else if (isMemberRoll(r)) this.rolls.push(r);
    else if (isMember(r)) this.members.push(r);
  }

  build(): OssmMesh | undefined {
    if (this.controlPlanes.length === 0) return undefined;
    const controlPlanes = this.controlPlanes;
    const rollOf = new Map<string, Roll>();
    for (const r of this.rolls) {
      if (r.name !== table.memberRoll.name || !r.namespace || rollOf.has(r.namespace)) continue;
      const spec = asObject(r.object.spec) ?? {};
      const members = Array.isArray(spec.members) ? spec.members.filter((m): m is string => typeof m === 'string') : [];
      const selectors = Array.isArray(spec.memberSelectors) ? spec.memberSelectors.map(parseSelector) : [];
      rollOf.set(r.namespace, { resource: r, members, selectors });
    }
    const joined = new Map<string, { cpNamespace: string; resource: Resource }>();
    for (const m of this.members) {
      const cpNamespace = str(getIn(m.object, ['spec', 'controlPlaneRef', 'namespace']));
      if (m.name !== table.member.name || !m.namespace || !cpNamespace || cpNamespace === m.namespace || joined.has(m.namespace)) continue;
      joined.set(m.namespace, { cpNamespace, resource: m });
    }
    return {
      controlPlanes,
      webhooks: controlPlanes.flatMap((cp) => webhookOf(cp) ?? []),
      membershipOf: (ns, labels) => membership(ns, labels, controlPlanes, rollOf, joined),
    };
  }
}

export interface OssmMesh {
  readonly controlPlanes: readonly OssmControlPlane[];
  readonly webhooks: readonly InjectorWebhook[];
  /** Whether a namespace (with its labels as far as known) is a member, and of which control plane. */
  membershipOf(namespace: string, labels: LabelSet): Membership;
}

function membership(ns: string, labels: LabelSet, cps: readonly OssmControlPlane[], rolls: ReadonlyMap<string, Roll>, joined: ReadonlyMap<string, { cpNamespace: string; resource: Resource }>): Membership {
  const own = cps.find((cp) => cp.namespace === ns);
  if (own) return { member: true, controlPlane: own, why: `namespace ${ns} is the control plane's own (ServiceMeshControlPlane ${own.name})` };
  const viaMember = joined.get(ns);
  const joinedCp = viaMember && cps.find((cp) => cp.namespace === viaMember.cpNamespace);
  if (joinedCp) return { member: true, controlPlane: joinedCp, why: `ServiceMeshMember ${ns}/default joins namespace ${ns} to the mesh of ${joinedCp.namespace}` };
  let open: OssmControlPlane | undefined;
  for (const cp of cps) {
    if (!cp.namespace) continue;
    const roll = rolls.get(cp.namespace);
    if (!roll) {
      // ClusterWide (2.4 on) without a roll: the operator creates one that selects istio-injection=enabled.
      if (cp.clusterWide && atLeastMinor(cp, 'v2.4') === true) {
        const m = matches({ requirements: Object.entries(table.memberRoll.clusterWideDefaultSelector).map(([key, v]) => ({ key, operator: 'In' as const, values: [v] })) }, labels);
        if (m === true && !excluded(ns, cp)) return { member: true, controlPlane: cp, why: `ServiceMeshControlPlane ${cp.name} is ClusterWide with no ServiceMeshMemberRoll among the inputs: the operator's roll selects istio-injection=enabled` };
        if (m === 'unknown') open ??= cp;
        continue;
      }
      open ??= cp;
      continue;
    }
    if (roll.members.includes(ns)) return { member: true, controlPlane: cp, why: `ServiceMeshMemberRoll ${cp.namespace}/default lists namespace ${ns}` };
    if (excluded(ns, cp)) continue;
    if (roll.members.includes('*') && atLeastMinor(cp, table.memberRoll.wildcardFrom) !== false) return { member: true, controlPlane: cp, why: `ServiceMeshMemberRoll ${cp.namespace}/default lists "*"` };
    const selected: Tri[] = atLeastMinor(cp, table.memberRoll.memberSelectorsFrom) === false ? [] : roll.selectors.map((s) => matches(s, labels));
    if (selected.includes(true)) return { member: true, controlPlane: cp, why: `ServiceMeshMemberRoll ${cp.namespace}/default selects namespace ${ns} by its labels` };
    if (selected.includes('unknown')) open ??= cp;
  }
  if (open) return { member: 'unknown', fact: `whether namespace ${ns} is a member of the OpenShift Service Mesh of ${open.namespace ?? 'its control plane'} (a ServiceMeshMemberRoll or ServiceMeshMember naming it, or its labels)` };
  return { member: false, why: `no ServiceMeshMemberRoll or ServiceMeshMember among the inputs makes namespace ${ns} a member of the mesh` };
}

/** Namespaces a wildcard or a selector never makes a member (memberroll/controller.go isExcluded). */
function excluded(ns: string, cp: OssmControlPlane): boolean {
  return ns === cp.namespace || patternsFor(cp).some((p) => p.test(ns));
}

/** The labels the operator sets on a namespace: member-of for a member, and ignore-namespace on its control plane's namespace before 2.4. */
export function operatorLabels(ns: string, m: Membership): { readonly labels: Record<string, string>; readonly open: Record<string, string> } {
  if (m.member === 'unknown') return { labels: {}, open: { [MEMBER_OF_LABEL]: m.fact } };
  if (m.member === false) return { labels: {}, open: {} };
  const cp = m.controlPlane;
  const labels: Record<string, string> = { [MEMBER_OF_LABEL]: cp.namespace ?? '' };
  const open: Record<string, string> = {};
  if (cp.namespace === ns) {
    const before = atLeastMinor(cp, table.controlPlaneNamespace.ignoredBefore);
    if (before === false) labels[IGNORE_NAMESPACE_LABEL] = 'ignore';
    else if (before === undefined) open[IGNORE_NAMESPACE_LABEL] = `the OpenShift Service Mesh version of ServiceMeshControlPlane ${cp.name} (before 2.4 its own namespace is never injected)`;
  }
  return { labels, open };
}

/** The control plane's name for a label value, for traces: "maistra.io/member-of=istio-system (set by the operator: …)". */
export const describeMembership = (ns: string, m: Membership): string =>
  m.member === true ? `${m.why} → the operator labels it ${MEMBER_OF_LABEL}=${m.controlPlane.namespace ?? ''}` : m.member === false ? m.why : `${m.fact} is not among the inputs`;

/** Where the operator sets membership labels. */
export const MEMBERSHIP_SOURCE = `${SOURCE_REPO} pkg/controller/servicemesh/member/namespace_reconciler.go`;
