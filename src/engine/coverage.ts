// How much a run judged: of the workloads it met, those whose place in the mesh is known (a
// sidecar or not, ambient or not: what every rule about them stands on), and for the others
// the facts they wait on, counted so that the one or two that would decide the most come first.
// Every report says it (stylish on stderr, JSON metadata, SARIF run properties, the Action's
// job summary): a quiet run that judged a quarter of the workloads says so.
import type { Facts } from '../model/facts.ts';
import { captureForTemplate, predictForTemplate } from '../model/injection/pod-injection.ts';
import type { PodTemplate } from '../model/workload.ts';
import { plural } from '../common/text.ts';

/** What a workload waits on, as one fact the user can state. */
export type WaitKind = 'namespace-labels' | 'pod-namespace' | 'mesh-membership' | 'injection' | 'ambient' | 'charts';

export interface Waiting {
  readonly kind: WaitKind;
  /** Workloads waiting on facts of this kind (for charts: releases whose workloads are not seen at all). */
  readonly workloads: number;
  /** The facts of this kind: namespaces, values; for charts, the releases. */
  readonly facts: number;
}

export interface Coverage {
  /** Workloads met (pod templates). */
  readonly workloads: number;
  /** Those whose place in the mesh is known. */
  readonly judged: number;
  /** What the others wait on, the kind that decides the most first. */
  readonly waiting: readonly Waiting[];
}

/** Facts kept per kind: far above a real repository's namespaces. */
const MAX_FACTS = 10_000;

/** Counts a run's workloads as it meets them. */
export class CoverageCounter {
  private workloads = 0;
  private judged = 0;
  private readonly byKind = new Map<WaitKind, { workloads: number; facts: Set<string> }>();

  add(t: PodTemplate, facts: Facts): void {
    this.workloads++;
    const wait = waitOf(t, facts);
    if (!wait) {
      this.judged++;
      return;
    }
    let entry = this.byKind.get(wait.kind);
    if (!entry) this.byKind.set(wait.kind, (entry = { workloads: 0, facts: new Set() }));
    entry.workloads++;
    if (entry.facts.size < MAX_FACTS) entry.facts.add(wait.fact);
  }

  result(): Coverage {
    const waiting: Waiting[] = [...this.byKind].map(([kind, e]) => ({ kind, workloads: e.workloads, facts: e.facts.size }));
    waiting.sort((a, b) => b.workloads - a.workloads || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
    return { workloads: this.workloads, judged: this.judged, waiting };
  }
}

/** The coverage of several lints (config groups, renders) as one: their counts added. */
export function mergeCoverage(list: readonly Coverage[]): Coverage {
  const byKind = new Map<WaitKind, { workloads: number; facts: number }>();
  for (const w of list.flatMap((c) => c.waiting)) {
    const e = byKind.get(w.kind) ?? { workloads: 0, facts: 0 };
    byKind.set(w.kind, { workloads: e.workloads + w.workloads, facts: e.facts + w.facts });
  }
  const waiting = [...byKind].map(([kind, e]) => ({ kind, ...e }));
  waiting.sort((a, b) => (a.kind === 'charts' ? 1 : 0) - (b.kind === 'charts' ? 1 : 0) || b.workloads - a.workloads || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return { workloads: list.reduce((n, c) => n + c.workloads, 0), judged: list.reduce((n, c) => n + c.judged, 0), waiting };
}

/** Adds the chart releases of GitOps objects the run could not render: their workloads are not seen at all. */
export function withUnrenderedReleases(c: Coverage, releases: number): Coverage {
  if (releases <= 0) return c;
  return { ...c, waiting: [...c.waiting.filter((w) => w.kind !== 'charts'), { kind: 'charts', workloads: 0, facts: releases }] };
}

const ORDER: readonly WaitKind[] = ['namespace-labels', 'pod-namespace', 'mesh-membership', 'injection', 'ambient', 'charts'];

/** What leaves a workload's place in the mesh unknown, if anything. */
function waitOf(t: PodTemplate, facts: Facts): { kind: WaitKind; fact: string } | undefined {
  const p = predictForTemplate(t, facts);
  const ns = t.resource.namespace;
  if (p.outcome === 'unknown') {
    if (ns === undefined) return { kind: 'pod-namespace', fact: '' };
    if (!facts.namespaces.has(ns)) return { kind: 'namespace-labels', fact: ns };
    const membership = facts.mesh.ossm?.membershipOf(ns, { known: facts.namespaces.get(ns)?.labels ?? {}, complete: true });
    if (membership?.member === 'unknown') return { kind: 'mesh-membership', fact: ns };
    return { kind: 'injection', fact: p.unknownBecause ?? '' };
  }
  // A pod the injector leaves alone may still be ambient: unknown when capture is.
  if (p.outcome === 'not-injected') {
    const capture = captureForTemplate(t, facts);
    if (capture.outcome === 'unknown') return { kind: 'ambient', fact: capture.unknownBecause ?? '' };
  }
  return undefined;
}

/** Each kind in words: [what a fact of it is (one, several), what to do]. */
const WORDS: Record<WaitKind, { readonly fact: (n: number) => string; readonly fix: string }> = {
  'namespace-labels': { fact: (n) => `labels of ${plural(n, 'namespace')}`, fix: 'pass their Namespace files, or state them under namespaces: in .meshlint.yaml' },
  'pod-namespace': { fact: () => 'their namespace', fix: 'set metadata.namespace, defaultNamespace or --namespace' },
  'mesh-membership': { fact: (n) => `membership of ${plural(n, 'namespace')} in OpenShift Service Mesh`, fix: 'pass the ServiceMeshMemberRoll' },
  injection: { fact: (n) => `${plural(n, 'value')} of the install`, fix: 'meshlint facts names them' },
  ambient: { fact: (n) => `ambient capture (${plural(n, 'value')})`, fix: 'meshlint facts names them' },
  charts: { fact: (n) => `charts of ${plural(n, 'release')}`, fix: 'meshlint charts lists them' },
};

/** Kinds named in the line: the rest are counted with them. */
const NAMED = 2;

/**
 * The line every report says: "judged 94 of 362 workloads; 268 wait on: labels of 12 namespaces
 * (pass their Namespace files, …), charts of 40 releases (meshlint charts lists them)". Undefined when the
 * run met no workload and no release waits.
 */
export function coverageLine(c: Coverage): string | undefined {
  if (c.workloads === 0 && c.waiting.length === 0) return undefined;
  const head = c.workloads === 0 ? 'no workload judged' : `judged ${c.judged} of ${plural(c.workloads, 'workload')}`;
  if (c.waiting.length === 0) return head;
  const waiting = c.workloads - c.judged;
  const named = c.waiting.slice(0, NAMED).map((w) => `${WORDS[w.kind].fact(w.facts)} (${WORDS[w.kind].fix})`);
  const rest = c.waiting.length - NAMED;
  const what = `${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
  return waiting > 0 ? `${head}; ${waiting} wait on: ${what}` : `${head}; not seen: ${what}`;
}

/** The coverage as JSON metadata and SARIF run properties carry it: the counts, and the line. */
export function coverageJson(c: Coverage): Record<string, unknown> {
  const line = coverageLine(c);
  return { workloads: c.workloads, judged: c.judged, waiting: c.waiting.map((w) => ({ kind: w.kind, workloads: w.workloads, facts: w.facts })), ...(line ? { summary: line } : {}) };
}
