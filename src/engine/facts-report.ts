// `meshlint facts`: what meshlint knows about the cluster and where each fact comes from,
// and what it does not know, with the workloads each missing fact leaves undecided. The
// report is data (`factsReport`, pure); `gatherFactsReport` reads the inputs for it.
import type { ReadOutcome } from '../load/read.ts';
import { shortList } from '../common/text.ts';
import { describeResource, resourcesOf } from '../load/resources.ts';
import type { Facts } from '../model/facts.ts';
import type { Stated } from '../model/install/install.ts';
import { atLeast, rangeText } from '../model/install/istio-version.ts';
import type { VersionEvidence } from '../model/install/version-evidence.ts';
import { AMBIENT, DATAPLANE_MODE, DATAPLANE_NONE, DEFAULT_CAPTURE_INSTALL } from '../model/ambient/capture.ts';
import { captureForTemplate, predictForTemplate } from '../model/injection/pod-injection.ts';
import { describeSelector } from '../model/injection/selector.ts';
import { WAYPOINT_CLASS } from '../model/ambient/waypoint.ts';
import { hasAppContainers, sidecarPlan } from '../model/pod/sidecar.ts';
import { podTemplatesOf, templateLabel, type PodTemplate } from '../model/workload.ts';
import { Locator } from '../parse/locator.ts';
import { parseFile } from '../parse/yaml.ts';
import type { Path, Resource } from '../common/types.ts';
import type { Config } from './config.ts';
import { factsPass } from './facts-pass.ts';
import { MAX_UNREAD, unreadOf, type Unread } from './unread.ts';

/** Where a fact comes from, in the words the report prints. */
export const ISTIO_DEFAULT = "Istio's default";
export const UNKNOWN = 'unknown';
export const NOT_DEFINED = 'not defined: unknown';
export const CONFIG_FILE = 'config file';

/**
 * One fact: its value and its source. `status` says how it is known: stated by an input
 * (`source` is "Kind name (key), file:line") or the config file, Istio's default because the
 * install among the inputs leaves it out, or unknown (`value` is then what meshlint predicts
 * with, when it predicts with anything).
 */
export interface FactValue {
  readonly value: string | boolean | null;
  /** "Kind name (key), file:line", "istio.x in the config file", "Istio's default" or "unknown". */
  readonly source: string;
  readonly status: 'input' | 'config' | 'default' | 'unknown';
  /** For an unknown: what meshlint predicts with meanwhile, or why it is unknown. */
  readonly detail?: string;
}

export interface PeerAuthenticationEntry {
  readonly namespace: string;
  readonly name: string;
  /** mesh (no selector, in the root namespace), namespace (no selector), workload (a selector), or unknown (no selector, in a namespace that may be the root one). */
  readonly scope: 'mesh' | 'namespace' | 'workload' | 'unknown';
  readonly selector: Readonly<Record<string, string>> | null;
  /** STRICT, PERMISSIVE, DISABLE, or UNSET (inherits). */
  readonly mode: string;
  /** portLevelMtls: port → mode. */
  readonly ports: Readonly<Record<string, string>>;
  /** file:line. */
  readonly source: string;
}

export interface MtlsEntry {
  readonly rootNamespace: FactValue;
  readonly peerAuthentications: readonly PeerAuthenticationEntry[];
}

export interface NamespaceEntry {
  readonly name: string;
  /** Empty when the namespace is not defined. */
  readonly labels: Readonly<Record<string, string>>;
  /** "ns.yaml:3", "config file" or "not defined: unknown". */
  readonly source: string;
  readonly status: 'input' | 'config' | 'unknown';
  /** Workloads among the inputs in this namespace. */
  readonly workloads: number;
  /**
   * In a repository of several clusters whose definitions of it differ: each cluster's labels
   * and their source, by which that cluster's workloads are judged.
   */
  readonly clusters?: readonly { readonly cluster: string; readonly labels: Readonly<Record<string, string>>; readonly source: string }[];
}

export interface ServedEntry {
  /** The revision whose istiod injects. */
  readonly revision: string;
  /** The tag the entry serves (istio.io/rev=<tag>), when it serves one. */
  readonly tag: string | null;
  readonly source: string;
  readonly status: 'input' | 'config' | 'unknown';
  readonly detail?: string;
}

export interface InstallEntry {
  readonly revision: string;
  /** The install object among the inputs that configures this revision; status unknown when none. */
  readonly install: FactValue;
  readonly injectionPolicy: FactValue;
  readonly nativeSidecars: FactValue;
  /** meshConfig.defaultConfig.holdApplicationUntilProxyStarts. */
  readonly hold: FactValue;
  /** The Helm value global.proxy.holdApplicationUntilProxyStarts. */
  readonly holdValues: FactValue;
  readonly cni: FactValue;
}

export type UnknownKind = 'namespace-labels' | 'pod-namespace' | 'mesh-membership' | 'injection' | 'native-sidecars' | 'hold' | 'cni';

export interface UndecidedWorkload {
  /** "Kind namespace/name". */
  readonly resource: string;
  readonly filePath: string;
  readonly line: number;
  /** What stays undecided for it, in words. */
  readonly why: string;
}

export interface UnknownEntry {
  readonly kind: UnknownKind;
  /** The missing fact, in words: "labels of namespace shop", "native sidecars of revision default". */
  readonly fact: string;
  /** How to state it. */
  readonly fix: string;
  readonly workloads: readonly UndecidedWorkload[];
}

/** What the inputs say of ambient mode: istio-cni's capture settings and the waypoints. */
export interface AmbientEntry {
  /** Whether anything among the inputs concerns ambient (labels, istio-cni settings, waypoints): the text shows the section only then. */
  readonly relevant: boolean;
  readonly excludeNamespaces: FactValue;
  readonly enabled: FactValue;
  readonly enablementSelectors: FactValue;
  /** istiod's PILOT_ENABLE_AMBIENT: waypoints and every ambient feature of istiod need it. */
  readonly istiodAmbient: FactValue;
  /** Where the inputs install ztunnel. */
  readonly ztunnel: readonly string[];
  /** "namespace/name (waypoint-for service), file:line". */
  readonly waypoints: readonly string[];
}

export interface FactsReport {
  readonly istioVersion: FactValue;
  /** Every version the inputs show, each with its place: "1.27.1: HelmRelease istio-system/istiod installs …, file:line". */
  readonly versionEvidence: readonly string[];
  readonly namespaces: readonly NamespaceEntry[];
  /** The revisions and tags the injector webhooks serve. */
  readonly webhooks: readonly ServedEntry[];
  readonly installs: readonly InstallEntry[];
  readonly ambient: AmbientEntry;
  /** The mesh's root namespace and the PeerAuthentications among the inputs. */
  readonly mtls: MtlsEntry;
  /** Each missing fact that leaves a workload undecided, with those workloads. */
  readonly unknowns: readonly UnknownEntry[];
  /** Where the inputs and the config disagree. */
  readonly notes: readonly string[];
  /** Files and documents the run could not read: their workloads, if any, are not counted. */
  readonly unread: readonly Unread[];
}

/** Bounds the evidence listed: a repository of many installs shows the first ones. */
const MAX_EVIDENCE = 50;

/** A workload of the inputs and where it is written. */
export interface WorkloadAt {
  readonly template: PodTemplate;
  readonly filePath: string;
  readonly line: number;
}

/** "file:line" of a resource among the inputs. */
/** Where a resource (or a value in it, `path` under the resource) is: `file:line`. */
export type Locate = (r: Resource, path?: Path) => string;

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function stated<T extends string | boolean>(s: Stated<T> | undefined, locate: Locate): FactValue | undefined {
  if (!s) return undefined;
  if (s.origin === 'config') return { value: s.value, source: s.source, status: 'config' };
  const r = s.target && 'resource' in s.target ? s.target.resource : undefined;
  return { value: s.value, source: r ? `${s.source}, ${locate(r)}` : s.source, status: 'input' };
}

/** Locate through a Locator: the line of the value itself when a path is given. */
export const locateWith = (locator: Locator): Locate => (r, path = []) => {
  const [start] = locator.offsets(r.doc, [...r.basePath, ...path]);
  return `${r.doc.file.displayPath}:${locator.position(r.doc.file, start).line}`;
};

export function factsReport(facts: Facts, workloads: readonly WorkloadAt[], locate: Locate, unread: readonly Unread[] = []): FactsReport {
  const mesh = facts.mesh;
  const vf = mesh.versionFact;
  const version = rangeText(vf.range);
  const placeOf = (e: VersionEvidence): string => {
    const t = e.related.target;
    return 'resource' in t && t.resource ? `${e.text}, ${locate(t.resource, t.path)}` : e.text;
  };
  const istioVersion: FactValue =
    vf.origin === 'cli'
      ? { value: version, source: '--istio-version', status: 'input' }
      : vf.origin === 'config'
        ? { value: version, source: 'istio.version in the config file', status: 'config' }
        : vf.origin === 'input'
          ? { value: version, source: `${vf.evidence[0] ? placeOf(vf.evidence[0]) : vf.source}${vf.evidence.length > 1 ? ` and ${vf.evidence.length - 1} more` : ''}`, status: 'input' }
          : { value: null, source: UNKNOWN, status: 'unknown', detail: `findings that hold on some versions only (${version}) are left out; state istio.version in .meshlint.yaml or pass --istio-version${mesh.versions.filledIn.length > 0 ? ` (${shortList(mesh.versions.filledIn)})` : ''}` };
  const versionEvidence = mesh.versions.evidence.slice(0, MAX_EVIDENCE).map((e) => `${rangeText(e.range)}: ${placeOf(e)}`);

  // Namespaces: every one defined, and every one a workload uses.
  // Counted per workload, not per pod template (an Argo Workflow has one per step).
  const used = new Map<string, number>();
  const counted = new Set<Resource>();
  for (const w of workloads) {
    const ns = w.template.resource.namespace;
    if (ns === undefined || counted.has(w.template.resource)) continue;
    counted.add(w.template.resource);
    used.set(ns, (used.get(ns) ?? 0) + 1);
  }
  const names = [...new Set([...facts.namespaces.keys(), ...used.keys()])].sort(byName);
  const namespaces: NamespaceEntry[] = names.map((name) => {
    const ns = facts.namespaces.get(name);
    const count = used.get(name) ?? 0;
    if (!ns) return { name, labels: {}, source: NOT_DEFINED, status: 'unknown', workloads: count };
    // The API server sets kubernetes.io/metadata.name on every namespace: not news.
    const labels = Object.fromEntries(Object.entries(ns.labels).filter(([k]) => k !== 'kubernetes.io/metadata.name').sort(([a], [b]) => byName(a, b)));
    const source = ns.origin === 'config' || !ns.resource ? CONFIG_FILE : locate(ns.resource);
    return { name, labels, source, status: ns.origin === 'config' ? 'config' : 'input', workloads: count };
  });

  // What the injector webhooks serve.
  const served = new Map<string, ServedEntry>();
  for (const w of mesh.webhooks) {
    const key = `${w.revision}\u0000${w.tag ?? ''}`;
    if (served.has(key)) continue;
    const source =
      w.origin === 'input'
        ? `MutatingWebhookConfiguration ${w.configName}${w.resource ? `, ${locate(w.resource)}` : ''}`
        : w.origin === 'config'
          ? 'istio.revisions / istio.revisionTags in the config file'
          : UNKNOWN;
    served.set(key, {
      revision: w.revision,
      tag: w.tag ?? null,
      source,
      status: w.origin === 'assumed' ? 'unknown' : w.origin,
      ...(w.origin === 'assumed' ? { detail: 'no injector webhooks among the inputs: predicted as a default install (istio-injection=enabled, istio.io/rev=default)' } : {}),
    });
  }
  const webhooks = [...served.values()].sort((a, b) => byName(a.revision, b.revision) || byName(a.tag ?? '', b.tag ?? ''));

  // The install of each revision the webhooks serve or an injector ConfigMap configures.
  const revisions = [...new Set([...mesh.webhooks.map((w) => w.revision), ...mesh.injectorConfigs.map((c) => c.revision)])].sort(byName);
  if (revisions.length === 0) revisions.push('default');
  const installs = revisions.map((revision): InstallEntry => {
    const s = mesh.installFor(revision);
    const declared = s.declaredBy;
    // Install objects of the revision in several files (clusters, overlays): which one applies is not known.
    const missing = s.declaredIn.length > 1 || mesh.injectorConfigs.some((c) => c.revision === revision)
      ? `install objects of revision ${revision} in several files${s.declaredIn.length > 1 ? ` (${shortList(s.declaredIn)})` : ''}: which applies is unknown`
      : `no install of revision ${revision} among the inputs`;
    const fallback = (value: string | boolean): FactValue =>
      declared ? { value, source: ISTIO_DEFAULT, status: 'default' } : { value: null, source: UNKNOWN, status: 'unknown', detail: missing };
    const injector = mesh.injectorFor(revision);
    const policyValue = typeof injector.policy === 'string' ? injector.policy : JSON.stringify(injector.policy ?? null);
    const injectionPolicy: FactValue =
      injector.origin === 'input'
        ? { value: policyValue, source: `${injector.resource ? `${injector.resource.kind} ${injector.resource.name}, ${locate(injector.resource)}` : 'the inputs'}`, status: 'input' }
        : injector.origin === 'config'
          ? { value: policyValue, source: 'istio.injectionPolicy in the config file', status: 'config' }
          : declared
            ? { value: 'enabled', source: ISTIO_DEFAULT, status: 'default' }
            : { value: 'enabled', source: UNKNOWN, status: 'unknown', detail: `predicted as ${ISTIO_DEFAULT}, "enabled"` };
    // Istio's default changed in 1.27: across a range that holds both sides, the default is not one value.
    const nativeDefault = atLeast(vf.range.from, 1, 27) ? 'auto' : atLeast(vf.range.to, 1, 27) ? undefined : 'false';
    const nativeUnknown: FactValue = { value: null, source: UNKNOWN, status: 'unknown', detail: `Istio's default is "false" before 1.27 and "auto" from 1.27, and the version is ${vf.origin === 'unknown' ? 'unknown' : version}` };
    return {
      revision,
      install: declared ? { value: true, source: stated(declared, locate)?.source ?? declared.source, status: 'input' } : { value: null, source: UNKNOWN, status: 'unknown', detail: s.declaredIn.length > 1 || mesh.injectorConfigs.some((c) => c.revision === revision) ? missing : `no install of revision ${revision} among the inputs (injector or mesh ConfigMap, IstioOperator, istiod Deployment, istiod values, GitOps release)` },
      injectionPolicy,
      // Native sidecars are predicted with the version's default even without an install: say so.
      nativeSidecars:
        stated(s.nativeSidecars, locate) ??
        (nativeDefault === undefined
          ? nativeUnknown
          : declared ? fallback(nativeDefault) : { value: null, source: UNKNOWN, status: 'unknown', detail: `${missing}; predicted with Istio ${version}'s default, "${nativeDefault}"` }),
      hold: stated(s.holdMesh, locate) ?? fallback(false),
      holdValues: stated(s.holdValues, locate) ?? fallback(false),
      cni: stated(s.cni, locate) ?? fallback(false),
    };
  });

  const report: FactsReport = { istioVersion, versionEvidence, namespaces, webhooks, installs, ambient: ambientEntry(facts, workloads, locate), mtls: mtlsEntry(facts, locate), unknowns: undecided(facts, workloads), notes: [...mesh.notes], unread: unread.slice(0, MAX_UNREAD) };
  // A value read from a Secret (a revision, a version) decides as any other but is never shown:
  // the report names the Secret and key instead (hidden-values.ts).
  return mesh.hidden?.hideAll(report) ?? report;
}

const UNSETTLED = 'the inputs disagree, or a source not among them may set it';

/** An ambient install setting as the report shows it: stated with its source, unsettled, or absent from the inputs. */
function installFact<T>(
  s: { readonly value: T; readonly source: string } | { readonly list: T; readonly source: string } | 'unknown' | undefined,
  absent: string,
  show: (v: T) => string | boolean,
  unsettled = UNSETTLED,
): FactValue {
  if (s === undefined) return { value: null, source: UNKNOWN, status: 'unknown', detail: absent };
  if (s === 'unknown') return { value: null, source: UNKNOWN, status: 'unknown', detail: unsettled };
  return { value: show('list' in s ? s.list : s.value), source: s.source, status: 'input' };
}

function ambientEntry(facts: Facts, workloads: readonly WorkloadAt[], locate: Locate): AmbientEntry {
  const c = facts.mesh.capture;
  const excludeNamespaces: FactValue = c.excludeUnknown
    ? { value: null, source: UNKNOWN, status: 'unknown', detail: UNSETTLED }
    : { value: c.excludeNamespaces.join(', ') || '(none)', source: c.excludeSource, status: c.excludeSource === DEFAULT_CAPTURE_INSTALL.excludeSource ? 'default' : 'input' };
  const enabled = installFact(c.enabled, 'no istio-cni install among the inputs; pods a label puts in ambient are predicted as captured', (v) => v);
  const enablementSelectors: FactValue =
    c.selectors === undefined
      ? { value: `pod ${DATAPLANE_MODE}=${AMBIENT}; namespace ${DATAPLANE_MODE}=${AMBIENT} unless the pod says ${DATAPLANE_NONE}`, source: ISTIO_DEFAULT, status: 'default' }
      : installFact(c.selectors, '', (v) => v.map((e) => `pod ${describeSelector(e.podSelector)} in namespace ${describeSelector(e.namespaceSelector)}`).join('; ') || '(none: nothing is captured)');
  const istiodAmbient = installFact(c.istiodAmbient, 'no istiod install among the inputs', (v) => v, 'the inputs disagree, or a source not among them (a profile) may set it');
  const ztunnel = [...(c.ztunnel ?? [])].sort(byName);
  const waypoints = facts.mesh.waypoints
    .filter((g) => g.className === WAYPOINT_CLASS)
    .map((g) => `${g.namespace ?? '?'}/${g.name} (waypoint-for ${g.waypointFor}), ${locate(g.resource)}`)
    .sort(byName);
  const asked = workloads.some((w) => captureForTemplate(w.template, facts).ambientAsked === true);
  const istiodOn = c.istiodAmbient !== undefined && c.istiodAmbient !== 'unknown' && c.istiodAmbient.value;
  const relevant = asked || waypoints.length > 0 || ztunnel.length > 0 || istiodOn || c.enabled !== undefined || c.selectors !== undefined || c.excludeSource !== DEFAULT_CAPTURE_INSTALL.excludeSource;
  return { relevant, excludeNamespaces, enabled, enablementSelectors, istiodAmbient, ztunnel, waypoints };
}

/** PeerAuthentications listed: the first ones of a large mesh. */
const MAX_PEER_AUTHENTICATIONS_SHOWN = 200;

/** The mesh's root namespace and its PeerAuthentications, as the traffic rules read them. */
function mtlsEntry(facts: Facts, locate: Locate): MtlsEntry {
  const { peerAuthentications, rootNamespace } = facts.mesh.mtls;
  const root: FactValue = rootNamespace
    ? rootNamespace.resource
      ? { value: rootNamespace.name, source: `${rootNamespace.source}, ${locate(rootNamespace.resource)}`, status: 'input' }
      : { value: rootNamespace.name, source: rootNamespace.source, status: 'config' }
    : { value: null, source: UNKNOWN, status: 'unknown', detail: 'no mesh config among the inputs names it (Istio\'s default is istio-system): a namespace-wide PeerAuthentication outside a pod\'s namespace decides nothing' };
  const entries = peerAuthentications.slice(0, MAX_PEER_AUTHENTICATIONS_SHOWN).map((p): PeerAuthenticationEntry => ({
    namespace: p.namespace,
    name: p.resource.name,
    scope: p.selector ? 'workload' : rootNamespace ? (p.namespace === rootNamespace.name ? 'mesh' : 'namespace') : 'unknown',
    selector: p.selector ?? null,
    mode: p.mode ?? 'UNSET',
    ports: Object.fromEntries([...p.ports].map(([port, mode]) => [String(port), mode ?? 'UNSET'])),
    source: locate(p.resource),
  }));
  return { rootNamespace: root, peerAuthentications: entries };
}

/** For each missing fact, the workloads whose injection or sidecar it leaves undecided. */
function undecided(facts: Facts, workloads: readonly WorkloadAt[]): UnknownEntry[] {
  const entries = new Map<string, { kind: UnknownKind; fact: string; fix: string; workloads: UndecidedWorkload[] }>();
  const add = (kind: UnknownKind, fact: string, fix: string, w: WorkloadAt, why: string): void => {
    const key = `${kind}\u0000${fact}`;
    let e = entries.get(key);
    if (!e) entries.set(key, (e = { kind, fact, fix, workloads: [] }));
    e.workloads.push({ resource: `${describeResource(w.template.resource)}${templateLabel(w.template)}`, filePath: w.filePath, line: w.line, why });
  };
  for (const w of workloads) {
    const t = w.template;
    const p = predictForTemplate(t, facts);
    const ns = t.resource.namespace;
    if (p.outcome === 'unknown') {
      const membership = ns !== undefined && facts.namespaces.has(ns) ? facts.mesh.ossm?.membershipOf(ns, { known: facts.namespaces.get(ns)?.labels ?? {}, complete: true }) : undefined;
      if (ns !== undefined && !facts.namespaces.has(ns)) {
        add('namespace-labels', `labels of namespace ${ns}`, 'define the Namespace among the inputs (or pass it with --context), or state its labels under namespaces: in .meshlint.yaml', w, 'whether Istio injects it');
      } else if (ns === undefined) {
        add('pod-namespace', "the workload's namespace", 'set metadata.namespace, or defaultNamespace in .meshlint.yaml, or --namespace', w, 'whether Istio injects it');
      } else if (membership?.member === 'unknown') {
        add('mesh-membership', `membership of namespace ${ns} in the OpenShift Service Mesh`, 'pass the ServiceMeshMemberRoll (or the namespace\'s ServiceMeshMember) among the inputs or with --context', w, 'whether Istio injects it');
      } else {
        add('injection', p.unknownBecause ?? 'a value the inputs leave open', '`meshlint explain` shows the step that waits on it', w, 'whether Istio injects it');
      }
      continue;
    }
    // How the sidecar starts matters only for a pod that gets one beside an app of its own.
    if (p.outcome !== 'injected' || !hasAppContainers(t)) continue;
    const plan = sidecarPlan(t, facts);
    const rev = plan.revision;
    if (plan.native.value === 'unknown') add('native-sidecars', `native sidecars of revision ${rev}`, 'state istio.nativeSidecars in .meshlint.yaml, or pass the mesh install with --context', w, 'whether its sidecar starts as a native sidecar');
    if (plan.native.value !== true && plan.hold.value === 'unknown') add('hold', `holdApplicationUntilProxyStarts of revision ${rev}`, 'state istio.holdApplicationUntilProxyStarts in .meshlint.yaml, or pass the mesh install with --context', w, 'whether its app waits for the proxy');
    if (plan.cni.value === 'unknown') add('cni', `Istio CNI of revision ${rev}`, 'state istio.cni in .meshlint.yaml, or pass the mesh install with --context', w, 'whether istio-init (NET_ADMIN, NET_RAW) or istio-validation sets up traffic capture');
  }
  const order: readonly UnknownKind[] = ['namespace-labels', 'pod-namespace', 'mesh-membership', 'injection', 'native-sidecars', 'hold', 'cni'];
  return [...entries.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || byName(a.fact, b.fact));
}

/** Reads the inputs (and --context) for `meshlint facts`. */
export function gatherFactsReport(inputs: readonly ReadOutcome[], config: Config, opts: { cliIstioVersion?: string; context?: readonly ReadOutcome[] }): FactsReport {
  const facts = factsPass(inputs, config, { context: opts.context, cliIstioVersion: opts.cliIstioVersion });
  const locator = new Locator();
  const locate = locateWith(locator);
  const workloads: WorkloadAt[] = [];
  const unread: Unread[] = [];
  for (const input of inputs) {
    if (!input.ok) {
      unread.push(...unreadOf(input, [], locator));
      continue;
    }
    const docs = [...parseFile(input.file)];
    if (unread.length < MAX_UNREAD) unread.push(...unreadOf(input, docs, locator));
    for (const doc of docs) {
      for (const r of resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace).resources) {
        const templates = podTemplatesOf(r);
        if (templates.length === 0) continue;
        const [start] = locator.offsets(doc, [...r.basePath, 'metadata', 'name']);
        const line = locator.position(input.file, start).line;
        for (const template of templates) workloads.push({ template, filePath: input.file.displayPath, line });
      }
    }
  }
  return factsReport(facts, workloads, locate, unread);
}
