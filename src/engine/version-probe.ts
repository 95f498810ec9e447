// Judging across versions. Where the Istio version is not known exactly (unknown: the whole range
// meshlint models; or a minor without its patch), a finding that depends on it stands only if it
// holds at every version the cluster may run. Decisions are step functions of the version, and
// the run records each step they compared against (istio-version.ts atLeast): so a finding is
// judged once at the top of the range, then again at the first version of each step below it.
// The runs again read only the files those findings sit in and point at, with only their rules,
// and compare findings by what they flag (rule, document, path, message id), not by where they are
// placed: a step places nothing, so it locates nothing, reads no directive and parses again only
// the files whose documents the first run did not keep.
import { compareVersions, existsAt, isExact, probesWithin, rangeText, type IstioVersion } from '../model/install/istio-version.ts';
import type { VersionFact } from '../model/install/version-facts.ts';
import type { Finding, LintMessage, ParsedDocument, SourceFile, Target } from '../common/types.ts';
import type { LintReport } from './linter.ts';
import { summarize } from './report.ts';
import type { MeshlintRule } from './rule-api.ts';
import { shortList } from './notes.ts';
import { plural } from '../common/text.ts';

/** What a run records for judging it across versions. */
export interface VersionTrace {
  /** The version fact each reported file was judged under. */
  readonly factOf: Map<string, VersionFact>;
  /** A finding judged under another fact than its file's (a workload's own revision's version). */
  readonly messageFact: Map<LintMessage, VersionFact>;
  /** The inputs (by index) that produced findings on a file, or are that file: one index as it is (most files are their own only input), several as a set. */
  readonly inputsOf: Map<string, number | Set<number>>;
  /** Every version threshold a decision compared against. */
  readonly thresholds: IstioVersion[];
  /** The first run's findings judged across versions, each with what it names (findingKey). */
  readonly keyOf: Map<LintMessage, string>;
  /** A step's findings, by what they name (findingKey). */
  readonly found: Set<string>;
  /** Documents of the files judged again, kept from the first run (so that a step does not parse them again). */
  readonly documents: Map<SourceFile, readonly ParsedDocument[]>;
}

/** Records that input `index` produced findings on `path`, or is that file. */
export function addInputOf(trace: VersionTrace, path: string, index: number): void {
  const held = trace.inputsOf.get(path);
  if (held === undefined) trace.inputsOf.set(path, index);
  else if (typeof held === 'number') {
    if (held !== index) trace.inputsOf.set(path, new Set([held, index]));
  } else held.add(index);
}

/** The inputs recorded for `path` (addInputOf). */
const inputsFor = (trace: VersionTrace, path: string): Iterable<number> => {
  const held = trace.inputsOf.get(path);
  return held === undefined ? [] : typeof held === 'number' ? [held] : held;
};

/** An empty trace. */
export const newTrace = (): VersionTrace => ({ factOf: new Map(), messageFact: new Map(), inputsOf: new Map(), thresholds: [], keyOf: new Map(), found: new Set(), documents: new Map() });

export type RunAt = (inputs: readonly number[], rules: readonly MeshlintRule[], version: IstioVersion) => { report: LintReport; trace: VersionTrace };

/** Rules about YAML itself (syntax, duplicate keys, templates) read no version. */
const VERSIONLESS_CATEGORIES = new Set(['yaml', 'diagnostic']);
/** Bounds the steps judged in one run: each is a lint of the files concerned. */
const MAX_PROBES = 64;

/** Whether a rule's findings are judged across versions (a finding also needs a range of versions). */
export const judgedAcrossVersions = (rule: MeshlintRule): boolean => !VERSIONLESS_CATEGORIES.has(rule.meta.docs.category);

/**
 * What a finding flags: its rule, document, path (or offsets), message id and the places its
 * related locations point at, the same at every step it holds at. Not its words: a message that
 * names the version differs between steps where the verdict does not (the rule phrases it for
 * the range, see istio-version.ts splitRange).
 */
export function findingKey(f: Finding): string {
  const related = f.related.map((r) => placeOf(r.target)).join('\u0003');
  return `${f.ruleId}\0${placeOf(f.target)}\0${f.messageId ?? f.message}\0${related}`;
}

function placeOf(t: Target): string {
  const doc = 'doc' in t ? t.doc : t.resource.doc;
  const place = 'offset' in t
    ? `@${t.offset}:${t.endOffset}`
    : `${('doc' in t ? t.path : [...t.resource.basePath, ...t.path]).join('\u0001')}${t.within ? `\u0002${String(t.within)}` : ''}`;
  return `${doc.file.displayPath}\0${doc.startOffset}\0${place}`;
}
const within = (v: IstioVersion, f: VersionFact): boolean => compareVersions(v, f.range.from) >= 0 && compareVersions(v, f.range.to) <= 0;

interface Candidate {
  readonly filePath: string;
  readonly message: LintMessage;
  readonly fact: VersionFact;
  readonly rule: MeshlintRule;
  readonly key: string;
}

export function judgeAcrossVersions(first: { report: LintReport; trace: VersionTrace }, runAt: RunAt, rules: readonly MeshlintRule[]): LintReport {
  const { report, trace } = first;
  const byName = new Map(rules.map((r) => [r.name, r]));
  const candidates: Candidate[] = [];
  for (const result of report.results) {
    const fileFact = trace.factOf.get(result.filePath);
    for (const m of result.messages) {
      const fact = trace.messageFact.get(m) ?? fileFact;
      if (!fact || isExact(fact.range)) continue;
      const rule = byName.get(m.ruleId);
      const key = trace.keyOf.get(m);
      if (!rule || !judgedAcrossVersions(rule) || key === undefined) continue;
      candidates.push({ filePath: result.filePath, message: m, fact, rule, key });
    }
  }
  if (candidates.length === 0) return report;

  const dropped = new Set<Candidate>();
  const judged = new Set<string>();
  const queue: IstioVersion[] = [];
  // Steps are found as runs go (a decision at one version compares against others): which ones
  // fall below the top of a range is known only from all of them together.
  const steps = new Map<string, IstioVersion>();
  const enqueue = (thresholds: readonly IstioVersion[]): void => {
    for (const t of thresholds) steps.set(`${t.major}.${t.minor}.${t.patch}`, t);
    const all = [...steps.values()];
    for (const c of candidates) {
      for (const p of probesWithin(c.fact.range, all)) {
        const k = `${p.major}.${p.minor}.${p.patch}`;
        if (judged.has(k)) continue;
        judged.add(k);
        queue.push(p);
      }
    }
  };
  enqueue(trace.thresholds);
  let runs = 0;
  while (queue.length > 0 && runs < MAX_PROBES) {
    const version = queue.shift() as IstioVersion;
    // Only findings still standing, whose rule exists at this version, are judged again.
    const open = candidates.filter((c) => !dropped.has(c) && within(version, c.fact) && existsAt(version, c.rule.meta.docs.istioVersions));
    if (open.length === 0) continue;
    runs++;
    const inputs = new Set<number>();
    for (const c of open) {
      for (const path of [c.filePath, ...(c.message.related ?? []).map((r) => r.filePath)]) for (const i of inputsFor(trace, path)) inputs.add(i);
    }
    const run = runAt([...inputs].sort((a, b) => a - b), [...new Set(open.map((c) => c.rule))], version);
    for (const c of open) if (!run.trace.found.has(c.key)) dropped.add(c);
    enqueue(run.trace.thresholds);
  }
  // Past the bound, a finding not judged at every step of its range does not stand.
  for (const version of queue) {
    for (const c of candidates) if (within(version, c.fact) && existsAt(version, c.rule.meta.docs.istioVersions)) dropped.add(c);
  }
  if (dropped.size === 0) return report;

  const gone = new Set([...dropped].map((c) => c.message));
  const results = report.results.map((r) => (r.messages.some((m) => gone.has(m)) ? summarize(r.filePath, r.messages.filter((m) => !gone.has(m))) : r));
  const unknown = [...dropped].every((c) => c.fact.origin === 'unknown');
  const ranges = [...new Set([...dropped].map((c) => rangeText(c.fact.range)))];
  const ruleNames = [...new Set([...dropped].map((c) => c.rule.name))].sort();
  const filledIn = report.facts.mesh.versions.filledIn;
  const why = unknown
    ? `which Istio version runs is not among the inputs${filledIn.length > 0 ? ` (${shortList(filledIn)})` : ''}`
    : `the inputs show only a range of Istio versions (${shortList(ranges)})`;
  return {
    ...report,
    results,
    notes: [
      ...report.notes,
      {
        id: 'istio-version-unknown',
        message: `${plural(dropped.size, 'finding')} (${shortList(ruleNames)}) ${dropped.size === 1 ? 'is' : 'are'} left out: ${dropped.size === 1 ? 'it holds' : 'they hold'} on some Istio versions only, and ${why}. State istio.version in .meshlint.yaml, or pass --istio-version.`,
      },
    ],
  };
}
