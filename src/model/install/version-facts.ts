// The Istio version as a fact: said on the command line or in the config, read from the inputs'
// version evidence, or unknown. An unknown version is the whole range meshlint models, and a
// verdict that differs within the range is not a finding (the engine judges at each step of it).
// Installs of several versions in several folders: each file takes the nearest install's.
import { appendTo } from '../../common/collections.ts';
import { posix } from 'node:path';
import {
  compareVersions, exactRange, isExact, MODELLED_RANGE, OLDEST_MODELLED, parseIstioVersion, rangeText, unionRange,
  type IstioVersion, type VersionRange,
} from './istio-version.ts';
import type { EvidenceStrength, VersionEvidence } from './version-evidence.ts';
import { nearestFolders } from './install-scope.ts';

export type VersionOrigin = 'cli' | 'config' | 'input' | 'unknown';

export interface VersionFact {
  /** The versions the cluster may run; the whole modelled range when unknown. */
  readonly range: VersionRange;
  readonly origin: VersionOrigin;
  /** Said as: "--istio-version", "istio.version in the config", or the evidence read. */
  readonly source: string;
  /** The evidence the range was read from (origin input). */
  readonly evidence: readonly VersionEvidence[];
}

export interface VersionFacts {
  /** The fact for the whole run: every scope's range together. */
  readonly run: VersionFact;
  /** The fact for a file: the nearest install's, when installs of several versions sit in several folders. */
  forFile(displayPath: string | undefined): VersionFact;
  /** Every piece of evidence among the inputs, one per object and version (for `meshlint facts`). */
  readonly evidence: readonly VersionEvidence[];
  /** Where a stated version and the inputs disagree, or a version is outside what meshlint models. */
  readonly notes: readonly string[];
  /** Versions the inputs leave to a tool to fill in (a templated chart version): what to state. */
  readonly filledIn: readonly string[];
  /** Whether a fact's evidence names installs of several revisions at different versions (a canary upgrade). */
  byRevision(fact: VersionFact): boolean;
  /** The fact of one revision's installs within a fact, when their versions narrow it: its workloads are judged against it. */
  forRevision(fact: VersionFact, revision: string): VersionFact | undefined;
}

const STRENGTHS: readonly EvidenceStrength[] = ['install', 'pod', 'name'];
const folderOf = (e: VersionEvidence): string => {
  const t = e.related.target;
  const path = 'resource' in t && t.resource ? t.resource.doc.file.displayPath : 'doc' in t ? t.doc.file.displayPath : '';
  return posix.dirname(path.replaceAll('\\', '/'));
};

const rangeOf = (list: readonly VersionEvidence[]): VersionRange => list.map((e) => e.range).reduce(unionRange);
const sameMinor = (a: IstioVersion, b: IstioVersion): boolean => a.major === b.major && a.minor === b.minor;

/** One piece per folder, kind and version: a chart labels every object it renders alike. */
function distinct(evidence: readonly VersionEvidence[]): VersionEvidence[] {
  const seen = new Set<string>();
  return evidence.filter((e) => {
    const key = [folderOf(e), e.source, rangeText(e.range), e.source === 'label' ? '' : e.text].join('\0');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a range holds any release of v's minor. */
const overlapsMinor = (r: VersionRange, v: IstioVersion): boolean =>
  compareVersions(r.from, { ...v, patch: Number.MAX_SAFE_INTEGER }) <= 0 && compareVersions(r.to, { ...v, patch: 0 }) >= 0;

const described = (list: readonly VersionEvidence[]): string => {
  const first = list[0];
  if (!first) return '';
  return list.length === 1 ? first.text : `${first.text} and ${list.length - 1} more`;
};

/** Narrowing a fact to one revision's installs: the istiod that injects a workload says which Istio it gets. */
function revisionFacts(): Pick<VersionFacts, 'byRevision' | 'forRevision'> {
  const narrowed = new WeakMap<VersionFact, Map<string, VersionFact | undefined>>();
  const manyRevisions = new WeakMap<VersionFact, boolean>();
  const revisionsOf = (fact: VersionFact): Map<string, VersionEvidence[]> => {
    const out = new Map<string, VersionEvidence[]>();
    for (const e of fact.evidence) if (e.revision !== undefined && e.strength === 'install') appendTo(out, e.revision, e);
    return out;
  };
  return {
    byRevision(fact) {
      let several = manyRevisions.get(fact);
      if (several === undefined) {
        several = new Set([...revisionsOf(fact).values()].map((list) => rangeText(rangeOf(list)))).size > 1;
        manyRevisions.set(fact, several);
      }
      return several;
    },
    forRevision(fact, revision) {
      let byRev = narrowed.get(fact);
      if (!byRev) narrowed.set(fact, (byRev = new Map()));
      if (byRev.has(revision)) return byRev.get(revision);
      const list = revisionsOf(fact).get(revision);
      const range = list && rangeOf(list);
      const own = list && range && rangeText(range) !== rangeText(fact.range) ? { range, origin: fact.origin, source: described(list), evidence: list } : undefined;
      byRev.set(revision, own);
      return own;
    },
  };
}

export function resolveVersions(all: readonly VersionEvidence[], stated: { readonly text: string; readonly where: 'cli' | 'config' } | undefined, filledIn: readonly string[] = []): VersionFacts {
  const revisions = revisionFacts();
  const evidence = distinct(all);
  const notes: string[] = [];
  const strongest = STRENGTHS.map((s) => evidence.filter((e) => e.strength === s)).find((l) => l.length > 0) ?? [];
  if (stated) {
    const v = parseIstioVersion(stated.text) as IstioVersion;
    const source = stated.where === 'cli' ? '--istio-version' : 'istio.version in the config';
    const installs = evidence.filter((e) => e.strength === 'install');
    const other = installs.filter((e) => !overlapsMinor(e.range, v));
    if (other.length > 0) notes.push(`${source} says Istio ${v.text}, but the inputs show Istio ${rangeText(rangeOf(other))} (${described(other)}); ${v.text} is used`);
    const fact: VersionFact = { range: exactRange(v), origin: stated.where, source, evidence: [] };
    return { run: fact, forFile: () => fact, evidence, notes, filledIn, ...revisions };
  }
  if (strongest.length === 0) {
    const fact: VersionFact = { range: MODELLED_RANGE, origin: 'unknown', source: 'not among the inputs', evidence: [] };
    return { run: fact, forFile: () => fact, evidence, notes, filledIn, ...revisions };
  }
  const run: VersionFact = { range: rangeOf(strongest), origin: 'input', source: described(strongest), evidence: strongest };
  // One minor, or one folder: one install. Otherwise each file takes the nearest folder's.
  const folders = new Map<string, VersionEvidence[]>();
  for (const e of strongest) appendTo(folders, folderOf(e), e);
  const oneMinor = sameMinor(run.range.from, run.range.to);
  if (oneMinor || folders.size === 1) return { run, forFile: () => run, evidence, notes, filledIn, ...revisions };
  const cache = new Map<string, VersionFact>();
  return {
    run,
    evidence,
    notes,
    filledIn,
    ...revisions,
    forFile(displayPath) {
      if (displayPath === undefined) return run;
      const dir = posix.dirname(displayPath.replaceAll('\\', '/'));
      const hit = cache.get(dir);
      if (hit) return hit;
      const near = new Set(nearestFolders(dir, folders.keys()));
      const nearest = [...folders].filter(([folder]) => near.has(folder)).flatMap(([, list]) => list);
      const fact: VersionFact = { range: rangeOf(nearest), origin: 'input', source: described(nearest), evidence: nearest };
      cache.set(dir, fact);
      return fact;
    },
  };
}

/** Whether a fact's versions lie below what meshlint models (1.5, OpenShift Service Mesh 2.1). */
export const olderThanModelled = (f: VersionFact): boolean => compareVersions(f.range.to, OLDEST_MODELLED) < 0;

/** Whether a fact says one version: nothing to judge across. */
export const knownExactly = (f: VersionFact): boolean => isExact(f.range);
