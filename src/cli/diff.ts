// meshlint diff: what a change does to the mesh. Both sides linted, workloads and findings
// compared; exit 1 when diff.failOn says so.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Config } from '../engine/config.ts';
import type { Policy } from '../engine/policy.ts';
import type { LintReport } from '../engine/linter.ts';
import { configKeyLine } from '../engine/config-file.ts';
import { isInside, topFolder } from '../load/boundary.ts';
import { displayPathOf, readRegularFile } from '../load/read.ts';
import { diffRuns, failures, formatDiffJson, formatDiffMarkdown, formatDiffStylish, newFindingResults, openEmptySide, openSide, openStagedSide, policyChanges, resolveDiffRefs, RevisionError, SideStates, verdictText, workloadMap, type Blobs, type MeshDiff, type Side, type WorkloadState } from './subcommands.ts';
import type { LintResult } from '../common/types.ts';
import type { WorkingTree } from '../load/worktree.ts';
import { parse, type Values } from './args.ts';
import { lookupFor } from './config.ts';
import { type CliIO, UsageError, guarded, useColor, emit } from './io.ts';
import { lintParsed } from './lint.ts';
import { documentsCache } from './cache.ts';
import { SharedParses } from '../parse/shared-parses.ts';
import { formatReport } from './output.ts';

/** One side of a diff, linted: its findings, its workloads' outcomes, where it was read. */
export interface DiffSide {
  readonly label: string;
  /** The commit a revision resolved to (absent for a directory or the working tree). */
  readonly commit?: string;
  readonly results: LintResult[];
  readonly report: LintReport;
  readonly config: Config;
  /** The folder read as the working directory (a temporary one for a revision: gone once the run returns). */
  readonly cwd: string;
  readonly workloads: ReadonlyMap<string, WorkloadState>;
}

/** What `meshlint diff` computed, for the shells that present it (the CLI's formats, the Action). */
export interface DiffRun {
  readonly diff: MeshDiff;
  readonly base: DiffSide;
  readonly head: DiffSide;
  /** What the config's diff.failOn lists. */
  readonly failOn: readonly string[];
  /** Why the change fails under failOn: empty when it passes. */
  readonly why: readonly string[];
}

/**
 * A workload a chart renders, changed by its own object, is looked at where the user edits
 * it: the first line of the chart's values files that the change edits, else its template
 * (not a line of helm template's output). Each side's files are read from its folder.
 */
function chartCauses(diff: MeshDiff, baseCwd: string, headCwd: string): MeshDiff {
  const read = (dir: string, file: string): string | undefined => {
    try {
      return readFileSync(resolve(dir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const changed = diff.changed.map((w) => {
    const chart = w.head.sources?.chart;
    if (w.cause.what !== 'workload' || !chart) return w;
    for (const file of chart.values) {
      const before = read(baseCwd, file);
      const after = read(headCwd, file);
      if (after === undefined || before === after) continue;
      const a = after.split('\n');
      const b = (before ?? '').split('\n');
      const at = a.findIndex((line, i) => line !== b[i]);
      return { ...w, cause: { filePath: file, line: Math.min((at === -1 ? a.length : at) + 1, a.length), what: 'values' as const } };
    }
    return { ...w, cause: { ...chart.template, what: 'workload' as const } };
  });
  return { ...diff, changed };
}

/** The flags of a lint that make no sense for a comparison of every finding of both sides. */
const NOT_FOR_DIFF = ['fix', 'fix-dry-run', 'baseline', 'write-baseline', 'stdin-filename', 'print-config'] as const;

/**
 * Compares two sides as `meshlint diff argv…` would (argv: what follows "diff"), and returns
 * the comparison instead of printing it; a number (exit 2) when the arguments, the config, a
 * revision or a file are at fault, with the reason already written to `io.stderr`.
 */
export function diffFromArgs(argv: readonly string[], io: CliIO, opts: DiffOptions = {}): DiffRun | number {
  return guarded(io, () => {
    const { values: v, positionals } = parse(argv);
    return diffParsed(positionals, v, io, opts);
  });
}

export interface DiffOptions {
  /** BASE is a git revision, even where a directory of that name stands (one a change could add to pose as its base). */
  readonly baseIsRevision?: boolean;
}

/**
 * Each side linted as the current directory would be, from the folder that stands for it on
 * that side, its workloads' outcomes taken from the same lint pass; then compared
 * (src/engine/diff.ts).
 */
function diffParsed(args: readonly string[], v: Values, io: CliIO, opts: DiffOptions = {}): DiffRun | number {
  if (args.length < 1 || args.length > 2) throw new UsageError('diff takes a BASE and at most a HEAD: meshlint diff BASE [HEAD] [--path PATH]...');
  const stray = NOT_FOR_DIFF.find((f) => v[f] !== undefined);
  if (stray) throw new UsageError(`--${stray} does not go with diff: diff compares every finding of both sides`);
  if (v.path?.some((p) => p === '-')) throw new UsageError('diff reads no standard input: name paths with --path');
  if (v.staged && args.length > 1) throw new UsageError('--staged compares BASE with the staged files: give no HEAD (meshlint diff HEAD --staged)');
  const failOn = lookupFor(v, io).forDir(io.cwd).diff.failOn;
  // --cache: both sides take the documents of files met before (a revision's files are mostly the working tree's).
  const cache = documentsCache(v, io);
  // The same --config file for both sides, named from where the user typed it; so are the
  // --charts folders, which hold charts pulled for the run, not files of either side.
  // Both sides read alike: a revision is read into a folder of its own, which is no repository, so
  // neither side reads the rest of one for facts (--context names what both should read).
  const sideValues: Values = { ...v, 'no-repository-context': true, ...(v.config !== undefined ? { config: resolve(io.cwd, v.config) } : {}), ...(v.charts !== undefined ? { charts: v.charts.map((c) => resolve(io.cwd, c)) } : {}) };
  const sides: Side[] = [];
  /** The blobs written for the sides, linked where met again (see Blobs). */
  const blobs: Blobs = new Map();
  /** The working tree, which may hold a revision as it is (see worktree.ts). */
  const worktrees = new Map<string, WorkingTree>();
  /** The empty tree's side: nothing to lint there is what it is, not a mistake. */
  const emptySides = new Set<Side>();
  try {
    try {
      const refs = resolveDiffRefs(args, io.cwd, io.env, { staged: v.staged === true, baseIsRevision: opts.baseIsRevision === true });
      for (const ref of [refs.base, ...(refs.head ? [refs.head] : [])]) {
        const opened = ref.empty ? openEmptySide(ref, io.cwd, io.env) : openSide(ref.spec, io.cwd, io.env, { revisionOnly: ref.revisionOnly === true, blobs, worktrees });
        const side = ref.label !== undefined ? { ...opened, label: ref.label } : opened;
        sides.push(side);
        if (ref.empty) emptySides.add(side);
      }
    } catch (e) {
      if (e instanceof RevisionError) throw new UsageError(e.message);
      throw e;
    }
    if (sides.length === 1) {
      try {
        sides.push(v.staged ? openStagedSide(io.cwd, io.env, undefined, blobs) : { label: 'working tree', cwd: io.cwd, close: () => {} });
      } catch (e) {
        if (e instanceof RevisionError) throw new UsageError(e.message);
        throw e;
      }
    }
    const runs: DiffSide[] = [];
    // The head side takes the base side's documents for the files the change left as they were.
    const shared = new SharedParses();
    for (const [i, side] of sides.entries()) {
      const sideIO: CliIO = { ...io, cwd: side.cwd };
      // The config's own lines, for a change the config states (istio.cni, a revision tag).
      const lookup = lookupFor(sideValues, sideIO);
      const configFile = lookup.forDir(side.cwd).filePath;
      const lines = new Map<string, number | undefined>();
      const states = new SideStates((keys) => {
        if (configFile === undefined) return undefined;
        const key = keys.join('\u0000');
        if (!lines.has(key)) lines.set(key, configKeyLine(configFile, keys));
        const line = lines.get(key);
        return line === undefined ? undefined : { filePath: displayPathOf(configFile, side.cwd), line };
      });
      const values: Values = emptySides.has(side) ? { ...sideValues, 'no-error-on-unmatched-pattern': true } : sideValues;
      const run = lintParsed(values, v.path ?? [], lookup, sideIO, { onPodTemplate: states.add, onResource: states.addResource, parses: { shared, role: i === 0 ? 'record' : 'reuse' } }, cache?.store);
      if (typeof run === 'number') return run;
      runs.push({
        label: side.label,
        ...(side.commit !== undefined ? { commit: side.commit } : {}),
        results: run.results,
        report: run.report,
        config: run.config,
        cwd: side.cwd,
        workloads: workloadMap(states.withCalls()),
      });
    }
    const [base, head] = runs;
    if (!base || !head) return 2;
    const policyOf = (side: Side | undefined, run: DiffSide): Policy => {
      let config: Config | undefined = run.config;
      // --config names a file of the working tree, which lints both sides; a revision's policy
      // is its own copy of that file, so that an edit to it shows.
      const named = v.config !== undefined ? resolve(io.cwd, v.config) : undefined;
      const top = topFolder(io.cwd);
      if (named !== undefined && side?.root !== undefined && isInside(top, named)) {
        const copy = join(side.root, relative(top, named));
        try {
          config = existsSync(copy) ? lookupFor({ ...sideValues, config: copy }, { ...io, cwd: side.cwd }).forDir(side.cwd) : undefined;
        } catch {
          config = undefined;
        }
      }
      const ignore = config?.filePath ? readRegularFile(join(dirname(config.filePath), '.meshlintignore')) : undefined;
      return { config, ignoreFile: ignore?.ok ? ignore.bytes.toString('utf8').split(/\r?\n/) : undefined };
    };
    const diff: MeshDiff = { ...chartCauses(diffRuns(base, head), base.cwd, head.cwd), policy: policyChanges(policyOf(sides[0], base), policyOf(sides[1], head)) };
    cache?.save();
    return { diff, base, head, failOn, why: failures(diff, failOn) };
  } finally {
    for (const side of sides) side.close();
  }
}

/** `meshlint diff`: the comparison, in the format asked for; exit 1 when diff.failOn says so. */
export function runDiff(args: readonly string[], v: Values, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json' && format !== 'sarif' && format !== 'markdown') {
    throw new UsageError('diff prints text (the default), --format json, --format sarif (new findings only) or --format markdown');
  }
  const run = diffParsed(args, v, io);
  if (typeof run === 'number') return run;
  const { diff, base, head, why, failOn } = run;
  const labels = { base: base.label, head: head.label };
  const text =
    format === 'json'
      ? formatDiffJson(diff, labels, why)
      : format === 'markdown'
        ? formatDiffMarkdown(diff, labels, why, failOn)
        : format === 'sarif'
          ? // Code scanning shows what the change adds: HEAD's new findings, located in HEAD's tree.
            formatReport('sarif', newFindingResults(diff, head.results), head.config, { color: false, cwd: head.cwd, sarifAllRules: v['sarif-all-rules'] === true })
          : formatDiffStylish(diff, labels, useColor(v, io) && !v['output-file']) + verdictText(why, failOn);
  emit(text, v, io);
  return why.length > 0 ? 1 : 0;
}
