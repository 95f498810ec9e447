// A file's documents as data that outlives the run (the cache of `meshlint --cache`): what
// parseFile yields, without the file, grouped as groupsOf cuts the text, so that the facts pass
// can take one group's documents and the lint pass all of them, exactly as they were parsed.
// No I/O here: records are encoded to text and decoded back; where they are kept is the CLI's.
import type { ParsedDocument, SourceFile } from '../common/types.ts';
import type { Slice } from './yaml.ts';

/** A document without its file (the file is the run's, the record the text's). */
type DocumentRecord = Omit<ParsedDocument, 'file'>;

/**
 * The documents of one text: each group's start, how many documents it holds, and the documents
 * in file order; `whole`: every group of the file (else only those the facts pass read of a file
 * read for facts only).
 */
interface FileRecord {
  readonly whole: boolean;
  readonly starts: readonly number[];
  readonly counts: readonly number[];
  readonly docs: readonly DocumentRecord[];
}

/**
 * A file's documents, as parseFile yielded them, as JSON text: undefined when they cannot be held
 * (a group whose documents do not start where it starts: kept out rather than guessed).
 * JSON holds exactly what the parsers give: plain data whose numbers are finite (`.inf` and
 * `.nan` are refused, `1e999` stays a string, `-0.0` reads as 0), strings with lone surrogates
 * (escaped, and read back as they were), `__proto__` keys (an own key again). JSON.parse builds
 * the documents again in about half the time V8's deserializer takes.
 */
export function encodeDocuments(docs: readonly ParsedDocument[], groups: readonly Slice[]): string | undefined {
  const counts = groups.map(() => 0);
  let g = -1;
  for (const d of docs) {
    while (g + 1 < groups.length && (groups[g + 1] as Slice).start <= d.startOffset) g++;
    if (g < 0) return undefined;
    counts[g] = (counts[g] ?? 0) + 1;
  }
  return encode(true, groups.map((s) => s.start), counts, docs);
}

/** Some groups of a file and their documents, as parseGroup gave them (the facts pass's of a file read for facts only). */
export function encodeGroups(groups: readonly (readonly [Slice, readonly ParsedDocument[]])[]): string | undefined {
  return encode(false, groups.map(([s]) => s.start), groups.map(([, d]) => d.length), groups.flatMap(([, d]) => d));
}

function encode(whole: boolean, starts: readonly number[], counts: readonly number[], docs: readonly ParsedDocument[]): string | undefined {
  // Each group's first document starts at the group: the cut is the parse's own.
  let at = 0;
  for (const [i, n] of counts.entries()) {
    if (n > 0 && docs[at]?.startOffset !== starts[i]) return undefined;
    at += n;
  }
  const record: FileRecord = {
    whole,
    starts,
    counts,
    docs: docs.map((d) => ({ index: d.index, startOffset: d.startOffset, endOffset: d.endOffset, value: d.value, syntaxErrors: d.syntaxErrors, duplicateKeys: d.duplicateKeys, helmSource: d.helmSource })),
  };
  try {
    return JSON.stringify(record);
  } catch {
    // More text than a string holds.
    return undefined;
  }
}

/** A file's recorded documents, given back for this run's file. */
export class RecordedDocuments {
  private constructor(
    private readonly record: FileRecord,
    private readonly all: readonly ParsedDocument[],
  ) {}

  /** The record's documents for `file`, or undefined when the text is not a record (a damaged cache is ignored). */
  static decode(json: string, file: SourceFile): RecordedDocuments | undefined {
    let record: unknown;
    try {
      record = JSON.parse(json);
    } catch {
      return undefined;
    }
    if (!isFileRecord(record, file.text.length)) return undefined;
    const all = record.docs.map((d): ParsedDocument => ({ file, index: d.index, startOffset: d.startOffset, endOffset: d.endOffset, value: d.value, syntaxErrors: d.syntaxErrors, duplicateKeys: d.duplicateKeys, helmSource: d.helmSource }));
    return new RecordedDocuments(record, all);
  }

  /** Every document of the file, numbered as parseFile numbers them; undefined when the record holds some groups only. */
  documents(): readonly ParsedDocument[] | undefined {
    return this.record.whole ? this.all : undefined;
  }

  /** The documents of one group, numbered from its firstIndex as parseGroup numbers them; undefined for a group the record does not have. */
  group(group: Slice): readonly ParsedDocument[] | undefined {
    const i = this.record.starts.indexOf(group.start);
    if (i < 0) return undefined;
    let from = 0;
    for (let j = 0; j < i; j++) from += this.record.counts[j] ?? 0;
    const docs = this.all.slice(from, from + (this.record.counts[i] ?? 0));
    return docs.map((d, k) => (d.index === group.firstIndex + k ? d : { ...d, index: group.firstIndex + k }));
  }
}

/** The shape encodeDocuments writes, checked, since the bytes come from a file: plain data only, offsets within the text. */
function isFileRecord(x: unknown, textLength: number): x is FileRecord {
  if (!isPlainData(x)) return false;
  const { whole, starts, counts, docs } = x as Record<string, unknown>;
  if (typeof whole !== 'boolean' || !Array.isArray(starts) || !Array.isArray(counts) || !Array.isArray(docs) || starts.length !== counts.length) return false;
  const inText = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= textLength;
  const span = (o: unknown): boolean => typeof o === 'object' && o !== null && inText((o as Record<string, unknown>).offset) && inText((o as Record<string, unknown>).endOffset);
  if (!starts.every(inText)) return false;
  if (!counts.every((n) => Number.isInteger(n) && n >= 0) || counts.reduce((a: number, b: number) => a + b, 0) !== docs.length) return false;
  return docs.every((d: unknown) => {
    if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
    const o = d as Record<string, unknown>;
    const { syntaxErrors: errors, duplicateKeys: dups } = o;
    return Number.isInteger(o.index) && inText(o.startOffset) && inText(o.endOffset) && (o.helmSource === undefined || typeof o.helmSource === 'string')
      && Array.isArray(errors) && errors.every((e: unknown) => span(e) && typeof (e as Record<string, unknown>).message === 'string' && [undefined, true].includes((e as Record<string, unknown>).bound as true | undefined))
      && Array.isArray(dups) && dups.every((k: unknown) => {
        const r = k as Record<string, unknown>;
        return span(r.first) && span(r.last) && typeof r.key === 'string' && Array.isArray(r.mapPath) && r.mapPath.every((p: unknown) => typeof p === 'string' || Number.isInteger(p));
      });
  });
}

/** At most this many values in a record (a document's values are bounded when parsed; see limits.ts). */
const MAX_RECORD_VALUES = 50_000_000;

/** Values YAML parses to, and nothing else (a crafted file's JSON may hold a number too large to be finite, `1e999`): walked without recursion. */
function isPlainData(root: unknown): boolean {
  const stack: unknown[] = [root];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_RECORD_VALUES) return false;
    const v = stack.pop();
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object') return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return false;
        stack.push(v[i]);
      }
      continue;
    }
    if (Object.getPrototypeOf(v) !== Object.prototype) return false;
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return true;
}
