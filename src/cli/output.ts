// A lint run's report in each format, its notes on standard error, and the --stats line.
import { resolve } from 'node:path';
import { allRules } from '../../rules/index.ts';
import { effectiveSetting, type Config } from '../engine/config.ts';
import type { LintReport } from '../engine/linter.ts';
import { formatGithub } from '../format/github.ts';
import { formatCheckstyle, formatGitlab, formatJunit } from '../format/ci-reports.ts';
import { formatJson, formatJsonWithMetadata, jsonParts, jsonWithMetadataParts, type JsonMetadata } from '../format/json.ts';
import type { Note } from '../engine/notes.ts';
import { coverageLine, type Coverage } from '../engine/coverage.ts';
import { unreadPlace, type Unread } from '../engine/unread.ts';
import { formatSarif } from '../format/sarif.ts';
import { formatStylish } from '../format/stylish.ts';
import { plural, safeText } from '../common/text.ts';
import { repoRoot, type SkipKind, type Skipped } from '../load/discover.ts';
import type { SkipReason } from '../load/resources.ts';
import { readRuleDocs } from '../load/rule-docs.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { LintResult } from '../common/types.ts';
import type { Format } from './args.ts';
import type { CliIO } from './io.ts';

export interface ReportOptions {
  readonly color: boolean;
  readonly cwd: string;
  /** SARIF `automationDetails.id`: several runs in one workflow keep their own alerts. */
  readonly automationId?: string;
  /** The run's notes, for the formats that carry them (json-with-metadata, sarif). */
  readonly notes?: readonly Note[];
  /** How much the run judged, for the formats that carry it (json-with-metadata, sarif). */
  readonly coverage?: Coverage;
  /** SARIF: describe every rule with its whole page (--sarif-all-rules). */
  readonly sarifAllRules?: boolean;
}

/**
 * The report in pieces, to be written one after another: the JSON formats, which list every
 * file linted, a file's result at a time (see jsonParts); the others whole.
 */
export function reportParts(format: Format, results: readonly LintResult[], config: Config, opts: ReportOptions): Iterable<string> {
  switch (format) {
    case 'json':
      return withEnd(jsonParts(results));
    case 'json-with-metadata':
      return withEnd(jsonWithMetadataParts(results, jsonMetadata(opts)));
    default:
      return [formatReport(format, results, config, opts)];
  }
}

function* withEnd(parts: Iterable<string>): Generator<string> {
  yield* parts;
  yield '\n';
}

const jsonMetadata = (opts: ReportOptions): JsonMetadata => ({ cwd: opts.cwd, rules: allRules, notes: opts.notes ?? [], ...(opts.coverage ? { coverage: opts.coverage } : {}) });

/** The report text in one of the formats. */
export function formatReport(format: Format, results: readonly LintResult[], config: Config, opts: ReportOptions): string {
  const { cwd } = opts;
  switch (format) {
    case 'json':
      return formatJson(results) + '\n';
    case 'json-with-metadata':
      return formatJsonWithMetadata(results, jsonMetadata(opts)) + '\n';
    case 'github':
      return formatGithub(results);
    case 'junit':
      return formatJunit(results);
    case 'checkstyle':
      return formatCheckstyle(results);
    case 'gitlab':
      return formatGitlab(results, { cwd, srcRoot: repoRoot(resolve(cwd)) ?? cwd });
    case 'sarif': {
      const levels = new Map(
        allRules.map((r) => {
          const level = effectiveSetting(config, r).level;
          return [r.name, level === 'error' ? 'error' : level === 'warn' ? 'warning' : 'none'] as const;
        }),
      );
      // URIs relative to the repository root (%SRCROOT%), wherever in it meshlint runs.
      const srcRoot = repoRoot(resolve(cwd)) ?? cwd;
      // Only the pages of the rules described are read (all of them with --sarif-all-rules).
      const used = new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)));
      const docs = readRuleDocs(allRules.map((r) => r.name).filter((id) => opts.sarifAllRules || used.has(id)));
      return formatSarif(results, { rules: allRules, docs, levels, cwd, srcRoot, automationId: opts.automationId, notes: opts.notes, allRules: opts.sarifAllRules === true, ...(opts.coverage ? { coverage: opts.coverage } : {}) }) + '\n';
    }
    default:
      return formatStylish(results, { color: opts.color });
  }
}

/** Every note of a run: what rules could not decide, then where the inputs and the config disagree. */
export function runNotes(report: Pick<LintReport, 'facts' | 'notes'>): Note[] {
  // A note may name a value read from a Secret (a revision): it names the Secret instead (the
  // lint pass's own notes are hidden where they are made).
  const hidden = report.facts.mesh.hidden;
  return [...report.notes, ...report.facts.mesh.notes.map((message) => ({ id: 'facts', message: hidden?.hide(message) ?? message }))];
}

/**
 * Files and documents explain and facts could not read, named on stderr as lint names them: what
 * they hold is not judged, so the command exits 1 (as a lint of them does), never 0 with "no
 * workloads". Returns the exit code.
 */
export function printUnread(unread: readonly Unread[], io: CliIO): number {
  const seen = new Set<string>();
  for (const u of unread) {
    const line = `${TOOL_NAME}: ${safeText(unreadPlace(u))}: not read: ${safeText(u.reason)}; what it holds is not judged\n`;
    if (seen.has(line)) continue;
    seen.add(line);
    io.stderr(line);
  }
  return unread.length > 0 ? 1 : 0;
}

/** How much the run judged, in one line on stderr: "meshlint: judged 94 of 362 workloads; …". */
export function printCoverage(coverage: Coverage, io: CliIO): void {
  const line = coverageLine(coverage);
  if (line) io.stderr(`${TOOL_NAME}: ${safeText(line)}\n`);
}

/** The run's notes, said once each on stderr (at most three without --stats). */
export function printNotes(report: Pick<LintReport, 'facts' | 'notes'>, io: CliIO, all: boolean): void {
  const notes = runNotes(report).map((n) => n.message);
  const shown = all ? notes : notes.slice(0, 3);
  for (const n of shown) io.stderr(`${TOOL_NAME}: note: ${safeText(n)}\n`);
  if (shown.length < notes.length) io.stderr(`${TOOL_NAME}: note: ${notes.length - shown.length} more (--stats lists them all)\n`);
}

/** How --stats names each count: [one, several]. */
const PATH_SKIPS: Record<SkipKind, readonly [string, string]> = {
  ignored: ['ignored', 'ignored'],
  'ignored-directory': ['ignored directory', 'ignored directories'],
  'not-regular': ['not a regular file', 'not regular files'],
  'dangling-link': ['dangling link', 'dangling links'],
  'link-loop': ['link loop', 'link loops'],
  'outside-repository': ['link out of the repository', 'links out of the repository'],
  'unrendered-chart': ['chart not rendered', 'charts not rendered'],
  'through-overlay': ['file linted through an overlay', 'files linted through overlays'],
  'unreadable-directory': ['unreadable directory', 'unreadable directories'],
};

const DOCUMENT_SKIPS: Record<SkipReason, readonly [string, string]> = {
  empty: ['empty or comment-only', 'empty or comment-only'],
  'not-kubernetes': ['not Kubernetes', 'not Kubernetes'],
  kustomize: ['Kustomize file', 'Kustomize files'],
  patch: ['patch', 'patches'],
  'syntax-error': ['syntax error', 'syntax errors'],
  template: ['unrendered template', 'unrendered templates'],
};

/** "2 ignored, 1 link loop": the non-zero counts, each named. */
function counts(entries: readonly (readonly [number, readonly [string, string]])[]): string {
  return entries
    .filter(([n]) => n > 0)
    .map(([n, [one, several]]) => `${n} ${n === 1 ? one : several}`)
    .join(', ');
}

/**
 * One line that accounts for every input: the files linted (those that could not be read
 * or are not text among them: each has a finding), the documents and what became of them,
 * and every path met but not linted, by reason.
 */
export function statsLine(report: LintReport, skipped: readonly Skipped[]): string {
  const s = report.stats;
  const fileProblems = counts([
    [s.unreadableFiles, ['unreadable', 'unreadable']],
    [s.notTextFiles, ['binary or not UTF-8', 'binary or not UTF-8']],
    [s.unrenderedFiles, ['unrendered template', 'unrendered templates']],
  ]);
  const docSkips = Object.entries(s.skippedDocuments) as [SkipReason, number][];
  const docsSkipped = docSkips.reduce((n, [, k]) => n + k, 0);
  const docDetail = counts(docSkips.map(([reason, n]) => [n, DOCUMENT_SKIPS[reason] ?? [reason, reason]] as const));
  const pathSkips = counts(Object.entries(PATH_SKIPS).map(([kind, label]) => [skipped.filter((p) => p.kind === kind).length, label] as const));
  return (
    `${TOOL_NAME}: ${plural(s.files, 'file')} linted${fileProblems ? ` (${fileProblems})` : ''}, ` +
    `${plural(s.documents, 'document')}${docsSkipped ? ` (${docsSkipped} without resources: ${docDetail})` : ''}, ` +
    `${plural(s.resources, 'resource')}, ${plural(s.podTemplates, 'pod template')}` +
    `; skipped: ${pathSkips || 'none'}\n`
  );
}
