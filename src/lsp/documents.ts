// The open documents, kept in step with the editor's edits. A document over the size limit
// is not linted as it is typed, so its text is not kept either: applying an edit to a
// 20 MB text (vscode-languageserver-textdocument copies it and shifts every line offset)
// took 150 to 250 ms per keystroke, on the thread that answers the editor.
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

export interface OpenDocument {
  readonly uri: string;
  readonly languageId: string;
  version: number;
  /** The text; undefined once the document has grown over the limit. */
  doc: TextDocument | undefined;
  /** Its size in bytes when its text was dropped. */
  droppedBytes?: number;
}

export class OpenDocuments {
  private readonly docs = new Map<string, OpenDocument>();

  /** @param maxChars a text longer than this (in UTF-16 units, so in bytes at least) is dropped */
  constructor(private readonly maxChars: number) {}

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    const entry: OpenDocument = { uri, languageId, version, doc: undefined };
    this.setText(entry, text);
    this.docs.set(uri, entry);
    return entry;
  }

  /** Applies an edit; undefined when the document is not open. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const entry = this.docs.get(uri);
    if (!entry) return undefined;
    entry.version = version;
    const full = [...changes].reverse().find((c) => !('range' in c));
    if (entry.doc) {
      TextDocument.update(entry.doc, [...changes], version);
      if (entry.doc.getText().length > this.maxChars) this.setText(entry, entry.doc.getText());
    } else if (full) {
      // A whole new text (after any ranged edits before it, which it replaces): kept again if it is small.
      const rest = changes.slice(changes.lastIndexOf(full) + 1);
      this.setText(entry, full.text);
      if (entry.doc && rest.length) TextDocument.update(entry.doc, [...rest], version);
    }
    return entry;
  }

  /** The text read again (from disk, after a save): a dropped document may be small again. */
  reload(uri: string, text: string): OpenDocument | undefined {
    const entry = this.docs.get(uri);
    if (entry) this.setText(entry, text);
    return entry;
  }

  close(uri: string): void {
    this.docs.delete(uri);
  }

  get(uri: string): OpenDocument | undefined {
    return this.docs.get(uri);
  }

  all(): OpenDocument[] {
    return [...this.docs.values()];
  }

  private setText(entry: OpenDocument, text: string): void {
    if (text.length > this.maxChars) {
      entry.doc = undefined;
      entry.droppedBytes = Buffer.byteLength(text);
    } else {
      entry.doc = TextDocument.create(entry.uri, entry.languageId, entry.version, text);
      entry.droppedBytes = undefined;
    }
  }
}
