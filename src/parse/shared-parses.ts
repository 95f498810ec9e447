// The documents one side of `meshlint diff` parsed, handed to the other side for its files of
// the same text: a change touches a few files of many, and parsing is most of a lint's work.
// The documents are the same a parse would give (the same text, parsed by the same code), put
// on the other side's file; their values are plain data no lint changes (the language server
// and a range's version steps already reuse documents from one lint to the next).
import { rebase } from './document-cache.ts';
import { parseFile, type Slice } from './yaml.ts';
import { sameMasked, type MaskedUnits } from '../common/masked-text.ts';
import type { ParsedDocument, SourceFile } from '../common/types.ts';

type DocumentsOf = (file: SourceFile, parsed?: ReadonlyMap<number, readonly ParsedDocument[]>) => Iterable<ParsedDocument>;

export class SharedParses {
  /**
   * Each file's documents, by its text, as the recording side's lint pass took them; with what
   * the text masks (two masked texts alike may differ in what they mask).
   */
  private readonly byText = new Map<string, { readonly masked: MaskedUnits | undefined; readonly docs: readonly ParsedDocument[] }>();

  /** `inner` (default: parseFile), keeping each file's documents as the lint pass takes them. */
  recorder(inner: DocumentsOf | undefined): DocumentsOf {
    const byText = this.byText;
    return function* recording(file, parsed) {
      const docs: ParsedDocument[] = [];
      for (const doc of (inner ?? parseFile)(file, parsed)) {
        docs.push(doc);
        yield doc;
      }
      byText.set(file.text, { masked: file.masked, docs });
    };
  }

  /** True when a file of this text was parsed on the recording side. */
  has(file: SourceFile): boolean {
    return this.docsOf(file) !== undefined;
  }

  private docsOf(file: SourceFile): readonly ParsedDocument[] | undefined {
    const entry = this.byText.get(file.text);
    return entry && sameMasked(entry.masked, file.masked) ? entry.docs : undefined;
  }

  /** This file's documents, from the recording side's file of the same text; undefined when there was none. */
  documentsOf(file: SourceFile): ParsedDocument[] | undefined {
    return this.docsOf(file)?.map((d) => rebase(d, file, d.index, 0));
  }

  /** The documents of one group of such a file (the facts pass reads groups); undefined for any other file. */
  groupDocsOf(file: SourceFile, group: Slice): ParsedDocument[] | undefined {
    const docs = this.docsOf(file);
    return docs?.filter((d) => d.startOffset >= group.start && d.startOffset < Math.max(group.end, group.start + 1)).map((d) => rebase(d, file, d.index, 0));
  }
}
