// --fix and --fix-dry-run: the fixes of a run, written to the files or shown as a patch.
import { createTwoFilesPatch } from 'diff';
import { safeLines, safeText } from '../common/text.ts';
import { escapesThroughLink, realPath, repositoryOf } from '../load/boundary.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { describeFsError, encodeSource, type ReadOutcome } from '../load/read.ts';
import { TOOL_NAME } from '../common/meta.ts';
import { exactText } from '../common/masked-text.ts';
import type { LintResult } from '../common/types.ts';
import { type CliIO, UsageError } from './io.ts';

export function errorsOnly(r: LintResult): LintResult {
  const messages = r.messages.filter((m) => m.severity === 2);
  return { ...r, messages, warningCount: 0, fixableWarningCount: 0 };
}

export function applyFixes(results: LintResult[], inputs: readonly ReadOutcome[], write: boolean, showDiff: boolean, io: CliIO): LintResult[] {
  for (const r of results) {
    if (r.output === undefined) continue;
    const input = inputs.find((i) => i.ok && i.file.displayPath === r.filePath);
    if (!input?.ok) continue;
    if (write && input.file.absPath) {
      // Writing follows links: a file reached through a link out of its repository is left alone.
      if (escapesThroughLink(repositoryOf(input.file.absPath, io.cwd), input.file.absPath)) {
        io.stderr(`${TOOL_NAME}: --fix: not writing ${safeText(r.filePath)}: it is a symbolic link, or in a linked folder, that leads outside the repository\n`);
        continue;
      }
      try {
        // Written back in the file's own encoding (UTF-16 stays UTF-16), its BOM kept; at its
        // real path, so a link inside the repository is kept and never written through.
        const real = realPath(input.file.absPath) ?? input.file.absPath;
        const root = repositoryOf(input.file.absPath, io.cwd);
        writeWithin(real, encodeSource(r.output, input.file), { root: realPath(root) ?? root, outsideAllowed: true });
      } catch (e) {
        if (e instanceof WriteRefused) {
          io.stderr(`${TOOL_NAME}: --fix: not writing ${safeText(r.filePath)}: ${e.message}\n`);
          continue;
        }
        throw new UsageError(`--fix: cannot write ${r.filePath}: ${describeFsError(e)}; make it writable, or see the fixes with --fix-dry-run`);
      }
    } else if (!write && showDiff) {
      // The diff shows the file's own lines: their control characters are made visible too.
      io.stdout(safeLines(createTwoFilesPatch(`a/${r.filePath}`, `b/${r.filePath}`, exactText(input.file), r.output, undefined, undefined, { context: 3 }).replace(/^=+\n/m, '')));
    }
  }
  return results;
}

/**
 * The edits --fix never applies, because they would change what runs (add or remove a
 * sidecar, change how a component reaches the network): listed apart under the diff, each
 * for the user to accept in an editor or by hand.
 */
export function suggestionList(results: readonly LintResult[]): string {
  const lines = results.flatMap((r) => r.messages.flatMap((m) => (m.suggestions ?? []).map((s) => `  ${r.filePath}:${m.line}:${m.column}  ${m.ruleId}: ${s.desc}`)));
  if (lines.length === 0) return '';
  return safeLines(`\nSuggestions, not applied by --fix (they change what runs; accept them in your editor or by hand):\n${lines.join('\n')}\n`);
}
