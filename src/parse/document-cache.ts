// Parsing document by document, reusing the documents whose text has not changed since the
// file was last parsed: the language server and the ESLint plugin lint one file again after
// every edit, and an edit touches one document of a stream.
import { exactText } from '../common/masked-text.ts';
import type { DuplicateKey, ParsedDocument, SourceFile, SyntaxProblem } from '../common/types.ts';
import type { Event } from 'js-yaml';
import { pinEvents, recentEvents, unpinEvents } from './events.ts';
import { documentGroups, parseFile, parseGroup, splitJsonStream } from './yaml.ts';

export { documentGroups } from './yaml.ts';

interface Entry {
  readonly base: number;
  readonly docs: readonly ParsedDocument[];
  /** The fast path's events of the group's text, when it read it (see pinEvents). */
  readonly events: readonly Event[] | undefined;
}

/** A document moved by `delta` in the text of `file`, numbered `index`. */
export function rebase(doc: ParsedDocument, file: SourceFile, index: number, delta: number): ParsedDocument {
  if (delta === 0 && doc.file === file && doc.index === index) return doc;
  const at = <T extends { readonly offset: number; readonly endOffset: number }>(o: T): T => ({ ...o, offset: o.offset + delta, endOffset: o.endOffset + delta });
  return {
    ...doc,
    file,
    index,
    startOffset: doc.startOffset + delta,
    endOffset: doc.endOffset + delta,
    syntaxErrors: doc.syntaxErrors.map((e: SyntaxProblem) => at(e)),
    duplicateKeys: doc.duplicateKeys.map((d: DuplicateKey) => ({ ...d, first: at(d.first), last: at(d.last) })),
  };
}

export class DocumentCache {
  /** Files whose documents' events are kept (see pinEvents), until release(). */
  private readonly pinnedFiles = new Set<SourceFile>();

  /**
   * `keepEvents`: keep each document's events while its file lives, or until release() (see
   * pinEvents), for reports placed in the same documents again and again: the language
   * server's edits, a run's steps of a version range.
   */
  constructor(private readonly options: { readonly keepEvents?: boolean } = {}) {}

  /** Drops the events kept for the files parsed (keepEvents). */
  release(): void {
    for (const f of this.pinnedFiles) unpinEvents(f);
    this.pinnedFiles.clear();
  }

  /** Per file, the documents of its last parse, by the text of their group. */
  private readonly byFile = new Map<string, Map<string, Entry>>();

  /** The documents of a file, as parseFile gives them. */
  parse(file: SourceFile): ParsedDocument[] {
    const key = file.absPath ?? file.displayPath;
    if (file.text.trimStart().startsWith('{') && splitJsonStream(file.text)) {
      this.byFile.delete(key);
      return [...parseFile(file)];
    }
    const before = this.byFile.get(key);
    const now = new Map<string, Entry>();
    const out: ParsedDocument[] = [];
    for (const g of documentGroups(file.text)) {
      const text = exactText(file, g.start, g.end);
      let entry = before?.get(text) ?? now.get(text);
      if (!entry) {
        const docs = parseGroup(file, { ...g, firstIndex: out.length });
        entry = { base: g.start, docs, events: this.options.keepEvents ? recentEvents(file, g.start, text) : undefined };
      }
      now.set(text, entry);
      // Reports on the group are placed from these events, however long ago it was parsed.
      if (entry.events) {
        pinEvents(file, g.start, text, entry.events);
        this.pinnedFiles.add(file);
      }
      for (const d of entry.docs) out.push(rebase(d, file, out.length, g.start - entry.base));
    }
    this.byFile.set(key, now);
    return out;
  }

  /** Drops what is kept for a file (by its absolute path): it was closed. */
  forget(absPath: string): void {
    this.byFile.delete(absPath);
  }
}
