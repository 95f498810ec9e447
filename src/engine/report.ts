// A lint report's results: one file's messages summed up, and the reports of several renders
// (or several configs) merged into one.
import type { SkipReason } from '../load/resources.ts';
import type { LintMessage, LintResult } from '../common/types.ts';
import type { LintReport } from './linter.ts';
import type { Note } from './notes.ts';
import { mergeCoverage } from './coverage.ts';

/**
 * The reports of several renders of the same inputs (a values matrix) as one: a finding that
 * several renders produce is reported once, naming each of them.
 */
export function mergeReports(reports: readonly LintReport[]): LintReport {
  if (reports.length === 1 && reports[0]) return reports[0];
  const byFile = new Map<string, Map<string, LintMessage>>();
  for (const report of reports) {
    for (const r of report.results) {
      let kept = byFile.get(r.filePath);
      if (!kept) byFile.set(r.filePath, (kept = new Map()));
      for (const m of r.messages) {
        const key = `${m.line}:${m.column}\0${m.ruleId}\0${m.message}`;
        const seen = kept.get(key);
        if (!seen) kept.set(key, m);
        else if (m.renders) kept.set(key, { ...seen, renders: [...new Set([...(seen.renders ?? []), ...m.renders])] });
      }
    }
  }
  const results = [...byFile].map(([filePath, kept]) => summarize(filePath, [...kept.values()]));
  const stats = reports.map((r) => r.stats).reduce((a, b) => ({
    files: a.files + b.files,
    documents: a.documents + b.documents,
    resources: a.resources + b.resources,
    podTemplates: a.podTemplates + b.podTemplates,
    unreadableFiles: a.unreadableFiles + b.unreadableFiles,
    notTextFiles: a.notTextFiles + b.notTextFiles,
    unrenderedFiles: a.unrenderedFiles + b.unrenderedFiles,
    skippedDocuments: Object.fromEntries(
      [...new Set([...Object.keys(a.skippedDocuments), ...Object.keys(b.skippedDocuments)])].map((k) => [
        k,
        (a.skippedDocuments[k as SkipReason] ?? 0) + (b.skippedDocuments[k as SkipReason] ?? 0),
      ]),
    ),
  }));
  // The facts of the first (the run's own config); the notes of every one's facts, each once.
  const facts = (reports[0] as LintReport).facts;
  const factNotes = [...new Set(reports.flatMap((r) => r.facts.mesh.notes))];
  return { results, stats, facts: factNotes.length === facts.mesh.notes.length ? facts : { ...facts, mesh: { ...facts.mesh, notes: factNotes } }, notes: mergeNotes(reports.map((r) => r.notes)), coverage: mergeCoverage(reports.map((r) => r.coverage)) };
}

/** The notes of several renders: each id once (the first render's text, which names the most). */
function mergeNotes(lists: readonly (readonly Note[])[]): Note[] {
  const byId = new Map<string, Note>();
  for (const n of lists.flat()) if (!byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()];
}

export function summarize(filePath: string, list: LintMessage[]): LintResult {
  list.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId) || a.message.localeCompare(b.message));
  let errorCount = 0;
  let warningCount = 0;
  let fixableErrorCount = 0;
  let fixableWarningCount = 0;
  for (const m of list) {
    if (m.severity === 2) {
      errorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount++;
      if (m.fix) fixableWarningCount++;
    }
  }
  return { filePath, messages: list, errorCount, warningCount, fixableErrorCount, fixableWarningCount };
}
