// What a run that judges workloads (explain, facts) could not read: a file that is not text or
// cannot be read, and a document with a YAML syntax error that is not a template. Named as
// lint names them, so that "no workloads" or "every workload is decided" is never said of a
// file whose workloads were never seen.
import type { ReadOutcome } from '../load/read.ts';
import { templateIn } from '../load/template.ts';
import { exactText } from '../common/masked-text.ts';
import type { ParsedDocument } from '../common/types.ts';
import type { Locator } from '../parse/locator.ts';
import { isUnclosedError, unclosedOpener } from '../parse/unclosed.ts';

export interface Unread {
  readonly filePath: string;
  /** 1-based; 0 for a file that could not be read at all. */
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** Bounds what one run lists: the first ones name the files to look at. */
export const MAX_UNREAD = 50;

/** A file the run could not read, or the documents of a file with YAML syntax errors. */
export function unreadOf(input: ReadOutcome, docs: readonly ParsedDocument[], locator: Locator): Unread[] {
  if (!input.ok) return [{ filePath: input.displayPath, line: 0, column: 0, reason: input.reason }];
  const file = input.file;
  const out: Unread[] = [];
  for (const doc of docs) {
    const error = doc.syntaxErrors[0];
    if (!error) continue;
    // A template (Helm, Jinja, envsubst) is not a broken manifest: lint names it once per folder.
    if (!file.origin && templateIn(exactText(file, doc.startOffset, doc.endOffset))) continue;
    // An unclosed `{`, `[` or quote is placed where it opens, as lint's parse-error places it.
    const opened = isUnclosedError(error.message) ? unclosedOpener(file.text, doc.startOffset, error.offset) : undefined;
    const at = locator.position(file, opened !== undefined && opened < error.offset ? opened : error.offset);
    out.push({ filePath: file.displayPath, line: at.line, column: at.column, reason: `YAML syntax error: ${error.message.replace(/\.$/, '')}` });
  }
  return out;
}

/** "file:line:column" of an unread entry (file alone when it could not be read at all). */
export const unreadPlace = (u: Unread): string => (u.line > 0 ? `${u.filePath}:${u.line}:${u.column}` : u.filePath);
