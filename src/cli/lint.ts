// meshlint [paths]: the lint run. Inputs gathered (inputs.ts), linted once per render world,
// fixes applied or shown (fix.ts), --quiet applied; the shells present what it returns.
import { allRules } from '../../rules/index.ts';
import type { Config } from '../engine/config.ts';
import { applyBaseline, baselineNote } from '../engine/baseline.ts';
import { lint, type LintOptions, type LintReport } from '../engine/linter.ts';
import { UnknownFacts } from '../engine/notes.ts';
import { Progress } from './progress.ts';
import { withUnrenderedReleases } from '../engine/coverage.ts';
import { mergeReports } from '../engine/report.ts';
import { forgetRereadTexts, releaseText } from '../load/disk-text.ts';
import { factGroupsOf } from '../engine/facts-pass.ts';
import { ConfigLookup } from '../engine/config-file.ts';
import type { Skipped } from '../load/discover.ts';
import type { ReadOutcome } from '../load/read.ts';
import { pacedCollection } from '../parse/pacing.ts';
import { ParsePool, POOL_MIN_BYTES } from '../parse/pool.ts';
import { tuneForLongRun } from '../common/builtins.ts';
import type { SharedParses } from '../parse/shared-parses.ts';
import { parseFile } from '../parse/yaml.ts';
import type { LintResult, ParsedDocument, SourceFile } from '../common/types.ts';
import type { RecordedDocuments } from '../parse/parse-records.ts';
import { documentsCache, type ParseStore } from './cache.ts';
import { parse, concurrencyOf, type Values } from './args.ts';
import { readBaseline } from './baseline.ts';
import { lookupFor } from './config.ts';
import { errorsOnly, applyFixes, suggestionList } from './fix.ts';
import { asInput, gatherInputs, lintGroups } from './inputs.ts';
import { type CliIO, guarded } from './io.ts';

/** What one lint run produced, for the shells that present it (the CLI's formats, the Action). */
export interface LintRun {
  readonly results: LintResult[];
  readonly report: LintReport;
  readonly config: Config;
  /** Paths met but not linted (ignored, not regular files, broken links), each with why: --stats counts them. */
  readonly skipped: readonly Skipped[];
  /** What was linted (files read, the first world's renders) and read for facts: what explain reads. */
  readonly read?: { readonly inputs: readonly ReadOutcome[]; readonly context: readonly ReadOutcome[] };
}

/**
 * Lints as `meshlint argv…` would, and returns the results instead of printing them; a
 * number (the exit code, 2) when the arguments, the config or a file are at fault, with
 * the reason already written to `io.stderr`.
 */
export function lintFromArgs(argv: readonly string[], io: CliIO): LintRun | number {
  return guarded(io, () => {
    const { values: v, positionals } = parse(argv);
    const cache = documentsCache(v, io);
    const run = lintParsed(v, positionals, lookupFor(v, io), io, undefined, cache?.store);
    if (typeof run !== 'number') cache?.save();
    return run;
  });
}

/** Inputs read and rendered, linted once per render world, fixes applied or shown, --quiet applied. */
/** What a diff asks of each side's lint: the workloads as met, and every finding (no baseline: the other side is one). */
interface ForDiff {
  readonly onPodTemplate: NonNullable<LintOptions['onPodTemplate']>;
  readonly onResource?: LintOptions['onResource'];
  /** Documents shared between the sides: this side records what it parses, or reuses what the other parsed. */
  readonly parses?: { readonly shared: SharedParses; readonly role: 'record' | 'reuse' };
}

/** `store`: the documents of files met in an earlier run (--cache): those files are not parsed again, and the others are recorded. */
export function lintParsed(v: Values, positionals: readonly string[], lookup: ConfigLookup, io: CliIO, forDiff?: ForDiff, store?: ParseStore): LintRun | number {
  const onPodTemplate = forDiff?.onPodTemplate;
  const onResource = forDiff?.onResource;
  const threads = concurrencyOf(v.concurrency);
  const config = lookup.forDir(io.cwd);
  const progress = new Progress(io.progress);
  const gathered = gatherInputs(positionals, v, config, io, lookup, { progress });
  if (typeof gathered === 'number') {
    progress.done();
    return gathered;
  }
  const { inputs, rendered, context, skipped, notes } = gathered;

  // One lint per world of a values matrix (usually just one), merged: see src/load/render.
  const worlds = rendered.worlds.map((world, i) => (i === 0 ? [...inputs, ...world.map(asInput)] : world.map(asInput)));
  const files = worlds.flat().flatMap((i) => (i.ok ? [i.file] : []));
  // A diff's second side takes the documents of files the first one parsed (shared-parses.ts).
  const shared = forDiff?.parses;
  const reused = shared?.role === 'reuse' ? shared.shared : undefined;
  // Files whose documents the cache holds (their text unchanged since a run recorded them).
  const recorded = new Map<SourceFile, RecordedDocuments>();
  if (store) {
    for (const f of files) {
      const r = reused?.has(f) ? undefined : store.recorded(f);
      if (r) recorded.set(f, r);
    }
  }
  const toParse = files.filter((f) => !reused?.has(f) && !recorded.has(f));
  // Megabytes of input: a long run, for which the optimizing compiler waits longer (see tuneForLongRun).
  if (toParse.reduce((n, f) => n + f.text.length, 0) >= POOL_MIN_BYTES) tuneForLongRun();
  // The groups the facts pass reads are parsed first, on every core (see ParsePool.forInputs).
  const pool = io.parseWorker ? ParsePool.forInputs(toParse, threads, io.parseWorker, (file) => factGroupsOf(file, config)) : undefined;
  const parsed = pacedCollection(toParse, pool?.documentsOf);
  const viaShared: LintOptions['documentsOf'] = reused
    ? (file, docs) => reused.documentsOf(file) ?? (parsed ?? parseFile)(file, docs)
    : shared
      ? shared.shared.recorder(parsed)
      : parsed;
  const documentsOfFile: LintOptions['documentsOf'] = store ? cachedDocuments(store, recorded, viaShared ?? parseFile) : viaShared;
  // Each file the lint pass takes, counted on the progress line when there is one.
  const documentsOf: LintOptions['documentsOf'] = io.progress
    ? (file, docs) => {
        progress.tick('linted');
        return (documentsOfFile ?? parseFile)(file, docs);
      }
    : documentsOfFile;
  const poolGroups: LintOptions['groupDocsOf'] = reused ? (file, group) => reused.groupDocsOf(file, group) ?? pool?.groupDocsOf(file, group) : pool?.groupDocsOf;
  // Files read for facts only have their groups from the cache too (their documents are never linted).
  const groupDocsOf: LintOptions['groupDocsOf'] = store ? cachedGroups(store, recorded, new Set(files), poolGroups) : poolGroups;
  const lints = lintGroups(gathered, config);
  // A file's text is let go of once it is linted, and read again if a later finding asks: in a
  // run of one lint, which reads each file once. Not where another lint of the run reads the file
  // again as context, where the cache records every file's documents at the end, or where fixes
  // are written from the texts.
  const releasing = lints.length === 1 && worlds.length === 1 && !store && !forDiff && !v.fix && !v['fix-dry-run'];
  const options = (i: number, groupConfig: Config, otherInputs: readonly ReadOutcome[], foreign: (r: ReadOutcome) => boolean = () => false): LintOptions => ({
    config: groupConfig,
    rules: allRules,
    cliIstioVersion: v['istio-version'],
    fix: i === 0 && Boolean(v.fix || v['fix-dry-run']),
    reportUnusedDisableDirectives: v['report-unused-disable-directives'],
    context: [...context, ...otherInputs, ...(rendered.context[i] ?? []).map(asInput)].filter((r) => !foreign(r)),
    ...(documentsOf ? { documentsOf } : {}),
    ...(groupDocsOf ? { groupDocsOf } : {}),
    // The workloads as explain sees them: the first world's only (see LintRun.read).
    ...(onPodTemplate && i === 0 ? { onPodTemplate } : {}),
    ...(onResource && i === 0 ? { onResource } : {}),
    ...(releasing ? { releaseText } : {}),
  });
  let report: LintReport;
  try {
    // The first world's files are linted in groups, one per config in force and cluster (see
    // lintGroups); each group sees the files of the others as context, so facts span the whole
    // run, less those of other clusters.
    // Several lints: what rules could not decide is gathered across them, and said once.
    const unknowns = lints.length > 1 ? new UnknownFacts() : undefined;
    const first = lints.flatMap((g) => {
      if (g.own.length === 0 && lints.length > 1) return [];
      const mine = new Set(g.own);
      const others = worlds[0]?.filter((input) => !mine.has(input)) ?? [];
      const report = lint(g.own, { ...options(0, g.config, others, g.foreign), ...(unknowns ? { unknowns } : {}) });
      // In a repository of clusters, the files no one cluster deploys are judged with every
      // cluster's facts: where those disagree matters only to workloads among them.
      return [g.cluster === undefined && lints.some((l) => l.cluster !== undefined) && report.coverage.workloads === 0 ? withoutFactsNotes(report) : report];
    });
    const rest = worlds.slice(1).map((world, j) => lint(world, options(j + 1, config, inputs)));
    report = mergeReports([...first, ...rest]);
    if (unknowns) {
      const hidden = report.facts.mesh.hidden;
      const said = unknowns.notes(() => undefined).map((n) => (hidden && hidden.size > 0 ? { ...n, message: hidden.hide(n.message) } : n));
      report = { ...report, notes: [...report.notes, ...said] };
    }
  } finally {
    pool?.close();
    progress.done();
    forgetRereadTexts();
  }
  if (lints.length > 1) report = { ...report, results: inOrderOf(inputs, report.results) };

  report = { ...report, notes: [...notes, ...report.notes], coverage: withUnrenderedReleases(report.coverage, notes.reduce((n, x) => n + (x.releases ?? 0), 0)) };
  let results: LintResult[] = report.results;
  if (v.fix || v['fix-dry-run']) results = applyFixes(results, inputs, Boolean(v.fix), (v.format ?? 'stylish') === 'stylish', io);
  if (v['fix-dry-run'] && (v.format ?? 'stylish') === 'stylish') io.stdout(suggestionList(results));
  // A diff compares every finding of both sides: a baseline a side's config names would let a
  // change hide what it adds by recording it there.
  const known = v['write-baseline'] === undefined && !forDiff ? readBaseline(v.baseline, config, io) : undefined;
  if (known) {
    const outcome = applyBaseline(results, known.baseline, known.uriOf);
    results = outcome.results;
    // Said first: of the run's notes, the one that explains a report shorter than expected.
    const note = baselineNote(outcome, known.shown);
    if (note) report = { ...report, notes: [note, ...report.notes] };
  }
  if (v.quiet) results = results.map(errorsOnly);
  return { results, report, config, skipped, read: { inputs: [...inputs, ...(rendered.worlds[0] ?? []).map(asInput)], context: [...context, ...(rendered.context[0] ?? []).map(asInput)] } };
}

/** A group's documents: from the cache's record of a linted file, else the pool; for a file read for facts only, from the store (which parses and records it when it must). */
function cachedGroups(store: ParseStore, recorded: ReadonlyMap<SourceFile, RecordedDocuments>, linted: ReadonlySet<SourceFile>, pool: LintOptions['groupDocsOf']): NonNullable<LintOptions['groupDocsOf']> {
  return (file, group) => recorded.get(file)?.group(group) ?? pool?.(file, group) ?? (linted.has(file) ? undefined : store.group(file, group));
}

/**
 * Documents from the cache for the files it holds; the others parsed by `inner`, and recorded
 * once the lint pass has taken every one of a file's documents.
 */
function cachedDocuments(store: ParseStore, recorded: ReadonlyMap<SourceFile, RecordedDocuments>, inner: NonNullable<LintOptions['documentsOf']>): NonNullable<LintOptions['documentsOf']> {
  return function* (file, parsed) {
    const known = recorded.get(file)?.documents();
    if (known) {
      yield* known;
      return;
    }
    const docs: ParsedDocument[] = [];
    for (const doc of inner(file, parsed)) {
      docs.push(doc);
      yield doc;
    }
    store.record(file, docs);
  };
}

/** A lint's report without its facts' notes (where the inputs disagree). */
function withoutFactsNotes(report: LintReport): LintReport {
  return { ...report, facts: { ...report.facts, mesh: { ...report.facts.mesh, notes: [] } } };
}

/** Results in the order their inputs were met (grouping by config must not reorder a report). */
function inOrderOf(inputs: readonly ReadOutcome[], results: readonly LintResult[]): LintResult[] {
  const rank = new Map(inputs.map((i, n) => [i.ok ? i.file.displayPath : i.displayPath, n]));
  return results.map((r, n) => ({ r, n })).sort((a, b) => (rank.get(a.r.filePath) ?? inputs.length + a.n) - (rank.get(b.r.filePath) ?? inputs.length + b.n)).map(({ r }) => r);
}
