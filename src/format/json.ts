// ESLint's JSON formatter shapes (`json`, `json-with-metadata`), plus the resource each problem belongs to.
import { PARSE_ERROR_RULE } from '../engine/linter.ts';
import type { MeshlintRule } from '../engine/rule-api.ts';
import type { Note } from '../engine/notes.ts';
import { coverageJson, type Coverage } from '../engine/coverage.ts';
import type { LintResult } from '../common/types.ts';
import { jsonText } from '../common/text.ts';

export function formatJson(results: readonly LintResult[]): string {
  return [...jsonParts(results)].join('');
}

/**
 * ESLint's `json` report a piece at a time, the same text as formatJson: each file's result
 * is made into text as it is written, so a report of 100,000 files is never held whole beside
 * a copy of every result.
 */
export function* jsonParts(results: readonly LintResult[]): Generator<string> {
  yield '[';
  for (let i = 0; i < results.length; i++) yield (i > 0 ? ',' : '') + jsonText(jsonResult(results[i]!));
  yield ']';
}

/**
 * ESLint's `json-with-metadata` shape: `{ results, metadata }`, the metadata holding the
 * working directory, each rule's type, description and page, and the run's notes (what it
 * could not decide and which fact to state) and its coverage (how many workloads it judged, and
 * what the others wait on), which the plain JSON array has no place for.
 */
export function formatJsonWithMetadata(results: readonly LintResult[], meta: JsonMetadata): string {
  return [...jsonWithMetadataParts(results, meta)].join('');
}

export interface JsonMetadata {
  readonly cwd: string;
  readonly rules: readonly MeshlintRule[];
  readonly notes: readonly Note[];
  readonly coverage?: Coverage;
}

/** formatJsonWithMetadata a piece at a time (see jsonParts). */
export function* jsonWithMetadataParts(results: readonly LintResult[], meta: JsonMetadata): Generator<string> {
  const rulesMeta = Object.fromEntries(
    meta.rules.map((r) => [r.name, { type: r.meta.type, docs: { description: r.meta.docs.description, url: r.meta.docs.url }, ...(r.meta.fixable ? { fixable: r.meta.fixable } : {}), ...(r.meta.hasSuggestions ? { hasSuggestions: true } : {}) }]),
  );
  yield '{"results":';
  yield* jsonParts(results);
  yield `,"metadata":${jsonText({ cwd: meta.cwd, rulesMeta, notes: meta.notes.map((n) => ({ id: n.id, message: n.message })), ...(meta.coverage ? { coverage: coverageJson(meta.coverage) } : {}) })}}`;
}

/** A file that could not be read or parsed: ESLint's fatal errors. */
const isFatal = (m: LintResult['messages'][number]): boolean => m.ruleId === PARSE_ERROR_RULE && m.severity === 2;

/**
 * ESLint's result fields, in its order. `suppressedMessages` is empty: a finding a
 * meshlint-disable comment or annotation silences is dropped, not kept; no rule is deprecated.
 */
function jsonResult(r: LintResult): unknown {
  return {
    filePath: r.filePath,
    messages: r.messages.map((m) => ({
      ruleId: m.ruleId,
      severity: m.severity,
      ...(isFatal(m) ? { fatal: true } : {}),
      message: m.message,
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
      ...(m.messageId ? { messageId: m.messageId } : {}),
      ...(m.resource ? { resource: m.resource } : {}),
      ...(m.helmSource ? { helmSource: m.helmSource } : {}),
      ...(m.renders ? { renders: m.renders } : {}),
      ...(m.fix ? { fix: m.fix } : {}),
      ...(m.suggestions ? { suggestions: m.suggestions } : {}),
      ...(m.related ? { related: m.related } : {}),
    })),
    suppressedMessages: [],
    errorCount: r.errorCount,
    fatalErrorCount: r.messages.filter(isFatal).length,
    warningCount: r.warningCount,
    fixableErrorCount: r.fixableErrorCount,
    fixableWarningCount: r.fixableWarningCount,
    ...(r.output !== undefined ? { output: r.output } : {}),
    usedDeprecatedRules: [],
  };
}
