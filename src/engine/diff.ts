// `meshlint diff`: what a change does to the mesh, from two lint runs (BASE and HEAD) and the
// outcome of each workload on both sides. Pure: reading revisions and linting live elsewhere.
// Workloads match by kind, namespace, name (and pod template, for kinds with several); findings
// match by the fingerprint the baseline uses (rule, file, resource and path, never the line),
// then, for a file that moved, by the same fingerprint without the file, then by place (a
// chart that renders new names each time).
import { lineHashes } from '../common/fingerprint.ts';
import type { LintMessage, LintResult } from '../common/types.ts';
import type { Explanation } from './explain.ts';
import type { PolicyChange } from './policy.ts';
import type { CallSummary } from '../model/traffic/calls.ts';

/** What one workload is on one side: its sidecar, revision, ambient capture and start-up. */
export interface WorkloadState {
  /** injected, not-injected or unknown. */
  readonly sidecar: Explanation['outcome'];
  readonly revision?: string;
  /** Ambient capture: sidecar, ambient, none or unknown; absent where no label speaks of ambient. */
  readonly capture?: string;
  /** How the sidecar starts: native or classic, and whether the app is held. */
  readonly startup?: string;
  /** For an ambient pod: the waypoint of its own address and of its namespace's Services, in short. */
  readonly waypoint?: string;
  /** For an injected pod in a namespace that enforces Pod Security: admitted, rejected or unknown, and why. */
  readonly admission?: { readonly outcome: string; readonly why: string };
  /** The Service ports it names among the inputs, with the proxies and mTLS mode of the pods behind each (explain's calls). */
  readonly calls?: readonly CallState[];
  /** Why, in one line: the trace's last step, or what is unknown. */
  readonly reason: string;
  readonly filePath: string;
  readonly line: number;
  /** What the change of an outcome can come from on this side (see diff-state.ts). */
  readonly sources?: Sources;
  /** For a workload a chart template names anew at each render (randAlphaNum): its kind, namespace and template, which stay. */
  readonly rendered?: string;
}

/** A Service port a workload names, and what serves it: "Service shop/api port 80", "sidecar", "STRICT". */
export interface CallState {
  readonly to: string;
  readonly server: string;
  readonly mode?: string;
}

/** A file and a line. */
export interface Place {
  readonly filePath: string;
  readonly line: number;
}

/** What decides a workload's outcome on one side, and where each is written. */
export interface Sources {
  /** Its namespace's labels as this side knows them ("not defined" when nothing defines it), and where they are written. */
  readonly namespace?: { readonly labels: string; readonly at?: Place };
  /** A digest of the workload's object as written: it differs when the change is the workload's own. */
  readonly workload: string;
  /** Where the install settings that decide it are written, when among the inputs. */
  readonly install: { readonly webhook?: Place; readonly cni?: Place; readonly native?: Place; readonly hold?: Place };
  /** A workload a chart renders: its template's line, and the values files the render read (as shown in reports). */
  readonly chart?: { readonly template: Place; readonly values: readonly string[] };
}

/** Where a change comes from, as far as the diff can tell: its namespace's labels, the workload itself, or an install setting. */
export interface ChangeCause extends Place {
  /** values: a line of a chart's values file that the change edits. */
  readonly what: 'namespace' | 'workload' | 'install' | 'values';
}

export type ChangeKind = 'sidecar-gained' | 'sidecar-lost' | 'sidecar-known' | 'sidecar-unknown' | 'revision' | 'capture' | 'waypoint' | 'startup' | 'admission' | 'calls-reset';

export interface WorkloadChange {
  /** "Kind namespace/name" (and the template, for kinds with several). */
  readonly workload: string;
  readonly changes: readonly ChangeKind[];
  readonly base: WorkloadState;
  readonly head: WorkloadState;
  /** The line in HEAD to look at: the namespace's labels, the workload or an install setting (see causeOf). */
  readonly cause: ChangeCause;
}

export interface DiffFinding {
  readonly filePath: string;
  readonly message: LintMessage;
}

export interface MeshDiff {
  /** The edits the change makes to meshlint's policy (src/engine/policy.ts), when the shell compared them. */
  readonly policy?: readonly PolicyChange[];
  readonly changed: readonly WorkloadChange[];
  readonly added: readonly { readonly workload: string; readonly head: WorkloadState }[];
  readonly removed: readonly { readonly workload: string; readonly base: WorkloadState }[];
  readonly findings: {
    readonly new: readonly DiffFinding[];
    readonly fixed: readonly DiffFinding[];
    /** BASE's findings on workloads whose sidecar HEAD no longer decides: gone from HEAD, not fixed. */
    readonly undecided: readonly DiffFinding[];
    readonly unchanged: number;
  };
}

/** Far above any real repository; a side with more workloads is compared on its first ones. */
const MAX_WORKLOADS = 200_000;
const MAX_REASON = 300;
/** Calls kept of one workload: far above real ones. */
const MAX_CALLS = 100;

const callStates = (calls: readonly CallSummary[]): { calls: CallState[] } => ({
  calls: calls.slice(0, MAX_CALLS).map((c) => ({ to: `${c.service} port ${c.port}`, server: c.server, ...(c.mode !== undefined ? { mode: c.mode } : {}) })),
});

/** A state with the calls its workload makes (known once the side's every input is read). */
export const withCalls = (s: WorkloadState, calls: readonly CallSummary[]): WorkloadState => ({ ...s, ...callStates(calls) });

/**
 * The calls a workload makes that are reset: it has no proxy (no sidecar, not ambient) and the
 * Service port's pods all have one and accept only mTLS there (mtls-strict-unmeshed-client).
 */
export function resetCalls(s: WorkloadState): CallState[] {
  if (s.sidecar !== 'not-injected' || s.capture === 'ambient' || s.capture === 'unknown') return [];
  return (s.calls ?? []).filter((c) => (c.server === 'sidecar' || c.server === 'ambient') && c.mode === 'STRICT');
}

const clip = (s: string): string => (s.length > MAX_REASON ? `${s.slice(0, MAX_REASON - 1)}…` : s);

/** "native sidecar: because…" → "native sidecar"; "unknown: …" → what is unknown. */
const lead = (text: string, unknown: string): string => {
  const head = text.split(':')[0] ?? text;
  return head === 'unknown' ? unknown : head;
};

/** "traffic to the pod's own address: waypoint ns/w (its own label)" → "waypoint ns/w"; the outcomes only, not where the label sits. */
const waypointOutcome = (line: string): string => {
  const after = line.slice(line.indexOf(': ') + 2);
  return after.split(/ \(|: /)[0] ?? after;
};

/**
 * A workload's state as the diff compares it; `sources`: what decides it, and where;
 * `volatileName`: a chart template names it anew at each render.
 */
export function stateOf(e: Explanation, sources?: Sources, volatileName = false): WorkloadState {
  const last = e.trace.length > 0 ? e.trace[e.trace.length - 1]?.text : undefined;
  const reason = e.outcome === 'unknown' && e.unknownBecause ? `unknown: ${e.unknownBecause}` : (last ?? e.outcome);
  const startup = e.sidecar ? `${lead(e.sidecar.native, 'sidecar start unknown')}, ${lead(e.sidecar.hold, 'hold unknown')}` : undefined;
  return {
    sidecar: e.outcome,
    ...(e.outcome !== 'not-injected' && e.revision !== undefined ? { revision: e.revision } : {}),
    ...(e.dataPlane ? { capture: e.dataPlane.outcome } : {}),
    ...(startup !== undefined ? { startup } : {}),
    ...(e.dataPlane?.waypoints ? { waypoint: clip(`own address ${waypointOutcome(e.dataPlane.waypoints[0] ?? '')}, Services ${waypointOutcome(e.dataPlane.waypoints[1] ?? '')}`) } : {}),
    ...(e.admission ? { admission: { outcome: e.admission.outcome, why: clip(e.admission.why) } } : {}),
    ...(e.calls ? callStates(e.calls) : {}),
    reason: clip(reason),
    filePath: e.filePath,
    line: e.line,
    ...(sources ? { sources } : {}),
    ...(volatileName && e.helmSource ? { rendered: `${e.resource.split(' ')[0]} ${e.namespace ?? ''} ${e.helmSource}` } : {}),
  };
}

/** How a further copy of a workload (same kind, namespace and name) is named: "Deployment shop/web (a copy in k8s/b.yaml)". */
const COPY = ' (a copy in ';
const copyOf = (key: string): string | undefined => (key.includes(COPY) ? key.slice(0, key.indexOf(COPY)) : undefined);

/**
 * The workloads of one side, by "Kind namespace/name[template]". A further object of the same
 * name is kept too, named with its file: `kubectl apply` keeps the copy applied last, so every
 * copy is judged (one that only the first stood for would hide a lost sidecar).
 */
export function workloadMap(states: readonly (readonly [string, WorkloadState])[]): Map<string, WorkloadState> {
  const out = new Map<string, WorkloadState>();
  for (const [name, state] of states.slice(0, MAX_WORKLOADS)) {
    if (!out.has(name)) {
      out.set(name, state);
      continue;
    }
    let key = `${name}${COPY}${state.filePath})`;
    for (let n = 2; out.has(key); n++) key = `${name}${COPY}${state.filePath}, ${n})`;
    out.set(key, state);
  }
  return out;
}

/**
 * The line to look at in HEAD: its namespace's labels when they differ between the sides; the
 * workload when its own object changed; else the install setting behind the change (the
 * injecting webhook, Istio CNI, native sidecars or hold) when HEAD has it among the inputs;
 * else the workload.
 */
function causeOf(base: WorkloadState, head: WorkloadState, changes: readonly ChangeKind[]): ChangeCause {
  const workload: ChangeCause = { filePath: head.filePath, line: head.line, what: 'workload' };
  const b = base.sources;
  const h = head.sources;
  if (!b || !h) return workload;
  if (b.namespace?.labels !== h.namespace?.labels && h.namespace?.at) return { ...h.namespace.at, what: 'namespace' };
  if (b.workload !== h.workload) return workload;
  const byKind: Partial<Record<ChangeKind, Place | undefined>> = {
    'sidecar-gained': h.install.webhook,
    'sidecar-known': h.install.webhook,
    revision: h.install.webhook,
    admission: h.install.cni,
    startup: h.install.native ?? h.install.hold,
  };
  for (const k of changes) {
    const at = byKind[k];
    if (at) return { ...at, what: 'install' };
  }
  return workload;
}

function changesOf(base: WorkloadState, head: WorkloadState): ChangeKind[] {
  const out: ChangeKind[] = [];
  if (base.sidecar !== head.sidecar) {
    // From or to unknown, the sidecar is no longer (or now) decided: it was not gained or lost
    // (a Namespace's file deleted leaves its workloads undecided, not without their sidecars).
    if (base.sidecar === 'unknown') out.push('sidecar-known');
    else if (head.sidecar === 'unknown') out.push('sidecar-unknown');
    else out.push(...(head.sidecar === 'injected' ? (['sidecar-gained'] as const) : base.sidecar === 'injected' ? (['sidecar-lost'] as const) : []));
  }
  if (base.sidecar === head.sidecar && head.sidecar !== 'not-injected' && base.revision !== head.revision) out.push('revision');
  // A pod no label puts in ambient is in sidecar mode when injected and out of the mesh when not:
  // a label that now speaks of ambient but leaves it so is no change.
  const capture = (s: WorkloadState): string | undefined => s.capture ?? (s.sidecar === 'injected' ? 'sidecar' : s.sidecar === 'not-injected' ? 'none' : undefined);
  if (capture(base) !== capture(head) && (base.capture !== undefined || head.capture !== undefined)) out.push('capture');
  if (base.waypoint !== head.waypoint && base.capture === 'ambient' && head.capture === 'ambient') out.push('waypoint');
  if (base.sidecar === head.sidecar && base.startup !== head.startup && base.startup !== undefined && head.startup !== undefined) out.push('startup');
  // Admission changes only where both sides inject: a sidecar gained or lost says the rest.
  if (base.sidecar === 'injected' && head.sidecar === 'injected' && (base.admission?.outcome ?? 'no Pod Security') !== (head.admission?.outcome ?? 'no Pod Security')) out.push('admission');
  // A call that works in BASE and is reset in HEAD: the client lost its proxy, or the server became STRICT.
  const before = new Set(resetCalls(base).map((c) => c.to));
  if (resetCalls(head).some((c) => !before.has(c.to))) out.push('calls-reset');
  return out;
}

interface Keyed {
  readonly finding: DiffFinding;
  /** The baseline's fingerprint: rule, file, resource and path, and which of the equal ones. */
  readonly exact: string;
  /** The same without the file: a file that moved. */
  readonly moved: string;
}

/** Keys each finding of a side: the baseline's fingerprint, and the same without the file. */
function keyed(results: readonly LintResult[]): Keyed[] {
  const out: Keyed[] = [];
  const seen = new Map<string, number>();
  for (const r of results) {
    const hashes = lineHashes(r.filePath.split('\\').join('/'), r.messages);
    r.messages.forEach((m, i) => {
      const base = `${m.ruleId}\u0000${m.identity}\u0000${m.messageId ?? ''}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.push({ finding: { filePath: r.filePath, message: m }, exact: hashes[i] ?? '', moved: `${base}\u0000${n}` });
    });
  }
  return out;
}

/** What a finding is matched by, pass after pass: each pass pairs only what the ones before left. */
const MATCH_PASSES: readonly ((f: Keyed) => string)[] = [
  (f) => f.exact,
  (f) => f.moved,
  // The same rule at the same line and column of the same file: a chart that names its objects
  // anew at each render gives the same finding on the same template line.
  (f) => `${f.finding.message.ruleId}\u0000${f.finding.message.messageId ?? ''}\u0000${f.finding.filePath}\u0000${f.finding.message.line}:${f.finding.message.column}`,
  // The same rule and words in the same file: a finding on no resource (a syntax error) is
  // known by its document's index, which a document added above it shifts.
  (f) => `${f.finding.message.ruleId}\u0000${f.finding.message.messageId ?? ''}\u0000${f.finding.filePath}\u0000${f.finding.message.message}`,
];

/** New, fixed and unchanged findings: matched by fingerprint, then (a moved file) without the file, then by place, then by words. */
export function diffFindings(base: readonly LintResult[], head: readonly LintResult[]): MeshDiff['findings'] {
  const b = keyed(base);
  let unmatched = keyed(head);
  const matchedBase = new Set<number>();
  for (const key of MATCH_PASSES) {
    // Per key, BASE's findings in order and how many are taken (no Array.shift: equal keys may be many).
    const index = new Map<string, { list: number[]; taken: number }>();
    b.forEach((f, i) => {
      if (matchedBase.has(i)) return;
      const k = key(f);
      const entry = index.get(k);
      if (entry) entry.list.push(i);
      else index.set(k, { list: [i], taken: 0 });
    });
    const left: Keyed[] = [];
    for (const f of unmatched) {
      const entry = index.get(key(f));
      const i = entry?.list[entry.taken];
      if (entry === undefined || i === undefined) left.push(f);
      else {
        entry.taken++;
        matchedBase.add(i);
      }
    }
    unmatched = left;
  }
  const added = unmatched.map((f) => f.finding);
  const fixed = b.filter((_, i) => !matchedBase.has(i)).map((f) => f.finding);
  const total = head.reduce((n, r) => n + r.messages.length, 0);
  return { new: added, fixed, undecided: [], unchanged: total - added.length };
}

/** What the change does: workloads whose outcome changed, added or removed, and findings. */
export function diffRuns(base: { results: readonly LintResult[]; workloads: ReadonlyMap<string, WorkloadState> }, head: { results: readonly LintResult[]; workloads: ReadonlyMap<string, WorkloadState> }): MeshDiff {
  const changed: WorkloadChange[] = [];
  const compare = (workload: string, b: WorkloadState, h: WorkloadState): void => {
    const changes = changesOf(b, h);
    if (changes.length > 0) changed.push({ workload, changes, base: b, head: h, cause: causeOf(b, h, changes) });
  };
  let added: MeshDiff['added'][number][] = [];
  let removed: MeshDiff['removed'][number][] = [];
  // A copy one side has and the other does not is judged against the other side's workload
  // of that name: a copy added without its sidecar is a lost sidecar, not a new workload.
  const counterpart = (workload: string, other: ReadonlyMap<string, WorkloadState>): WorkloadState | undefined => {
    const name = copyOf(workload);
    return other.get(workload) ?? (name === undefined ? undefined : other.get(name));
  };
  for (const [workload, h] of head.workloads) {
    const b = counterpart(workload, base.workloads);
    if (b) compare(workload, b, h);
    else added.push({ workload, head: h });
  }
  for (const [workload, b] of base.workloads) {
    if (head.workloads.has(workload)) continue;
    const h = counterpart(workload, head.workloads);
    if (h) compare(workload, b, h);
    else removed.push({ workload, base: b });
  }
  // A chart template that names its objects anew at each render (randAlphaNum, now) renders
  // the same workloads under other names: those of one kind, namespace and template pair up,
  // in order, when both sides have as many. Any other new name (a rename, a fullnameOverride)
  // is a new object to Kubernetes.
  const unpaired = <T extends { workload: string }>(list: T[], stateOf: (x: T) => WorkloadState): Map<string, T[]> => {
    const out = new Map<string, T[]>();
    for (const x of list) {
      const key = stateOf(x).rendered;
      if (key === undefined) continue;
      const list = out.get(key);
      if (list) list.push(x);
      else out.set(key, [x]);
    }
    return out;
  };
  const addedBy = unpaired(added, (a) => a.head);
  const removedBy = unpaired(removed, (r) => r.base);
  const paired = new Set<string>();
  for (const [key, heads] of addedBy) {
    const bases = removedBy.get(key);
    if (!bases || bases.length !== heads.length) continue;
    heads.forEach((a, i) => {
      const r = bases[i];
      if (!r) return;
      compare(a.workload, r.base, a.head);
      paired.add(a.workload).add(r.workload);
    });
  }
  if (paired.size > 0) {
    added = added.filter((a) => !paired.has(a.workload));
    removed = removed.filter((r) => !paired.has(r.workload));
  }
  const findings = diffFindings(base.results, head.results);
  // A finding gone because HEAD cannot decide its workload any more is not fixed: the
  // workload's sidecar became unknown, or its namespace is no longer defined.
  const undefinedNamespace = (w: WorkloadState | undefined): boolean => w?.sources?.namespace?.labels === 'not defined';
  const undecidedWorkloads = new Set<string>();
  for (const [key, h] of head.workloads) {
    const b = base.workloads.get(key);
    if (b && ((h.sidecar === 'unknown' && b.sidecar !== 'unknown') || (undefinedNamespace(h) && b.sources?.namespace !== undefined && !undefinedNamespace(b)))) undecidedWorkloads.add(key);
  }
  const undecided = (f: DiffFinding): boolean => {
    const r = f.message.resource;
    return r !== undefined && [...undecidedWorkloads].some((w) => w === r || w.startsWith(`${r} (`));
  };
  return { changed, added, removed, findings: { ...findings, fixed: findings.fixed.filter((f) => !undecided(f)), undecided: findings.fixed.filter(undecided) } };
}

/** Why the change fails under `diff.failOn`: the reasons, empty when it passes. */
export function failures(diff: MeshDiff, failOn: readonly string[]): string[] {
  const out: string[] = [];
  const errors = diff.findings.new.filter((f) => f.message.severity === 2).length;
  if (failOn.includes('new-error') && errors > 0) out.push(`${errors} new error${errors === 1 ? '' : 's'}`);
  const lost = diff.changed.filter((c) => c.changes.includes('sidecar-lost')).length;
  if (failOn.includes('sidecar-lost') && lost > 0) out.push(`${lost} workload${lost === 1 ? '' : 's'} lost ${lost === 1 ? 'its sidecar' : 'their sidecars'}`);
  // A fact removed (a Namespace file deleted, an install gone): no finding can say what follows.
  const undecided = diff.changed.filter((c) => c.changes.includes('sidecar-unknown')).length;
  if (failOn.includes('facts-lost') && undecided > 0) out.push(`${undecided} workload${undecided === 1 ? '' : 's'} no longer ${undecided === 1 ? 'has its' : 'have their'} sidecar decided: the change removed a fact ${undecided === 1 ? 'it' : 'they'} rested on`);
  return out;
}
