// A file's text that the lint pass lets go of once it has linted the file, and that is read
// again from disk when something asks for it later: a finding of the run's end placed in a file
// linted long before, which its locator reads. A run over a gigabyte of manifests would
// otherwise hold every file's text to its end.
//
// Only a file read from disk here has such a text, and it is read again only while the file is
// the one that was read: the same size, modification time, inode and device, and the same
// length once decoded. Anything else (the file changed or went away while meshlint ran) stops the run with
// one line saying so, never a finding placed in a text it was not judged in.
import type { Stats } from 'node:fs';
import type { SourceFile } from '../common/types.ts';

/** What a file's text is read again from, and the text while it is held. */
interface DiskRecord {
  text: string | undefined;
  readonly length: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly dev: number;
  /** Reads the text again: undefined when the file is not what was read. */
  readonly reread: (absPath: string, displayPath: string, record: DiskRecord) => string | undefined;
}

const DISK = Symbol('text on disk');

type OnDisk = SourceFile & { readonly [DISK]: DiskRecord };

/** The file changed (or went away) on disk while meshlint ran: its text cannot be read again. */
export class FileChangedError extends Error {}

/** The texts read again lately, so that a file placed several times is read once. */
const RECENT = 8;
const recent = new Map<DiskRecord, string>();

/** The `text` of a file on disk: held, or read again (one getter for every file, not a function each). */
function textOf(this: OnDisk): string {
  const record = this[DISK];
  if (record.text !== undefined) return record.text;
  const again = recent.get(record);
  if (again !== undefined) return again;
  const text = this.absPath === undefined ? undefined : record.reread(this.absPath, this.displayPath, record);
  if (text === undefined || text.length !== record.length) throw new FileChangedError(`${this.displayPath} changed on disk while meshlint linted it; run meshlint again`);
  recent.set(record, text);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as DiskRecord);
  return text;
}

/**
 * `file` with its text held so that releaseText can let go of it: the same fields, `text` read
 * through one shared getter. `st` is the file's status as it was read (fstat of the descriptor
 * it was read through); `reread` reads and decodes it again, or says it is not the same file.
 */
export function onDisk<F extends SourceFile>(file: F, st: Stats, reread: DiskRecord['reread']): F {
  const { text, ...fields } = file;
  return withText(fields, { text, length: text.length, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, dev: st.dev, reread }) as F;
}

const TEXT: PropertyDescriptor = { get: textOf, enumerable: true };

/**
 * A file of `fields` whose text is the record's. The getter is defined first, on an empty
 * object, then the fields: objects so made share their shapes, where a spread followed by the
 * getter gave each object a shape of its own (about 200 bytes a file).
 */
function withText(fields: object, record: DiskRecord): SourceFile {
  const out = {};
  Object.defineProperty(out, 'text', TEXT);
  Object.assign(out, fields);
  (out as { [DISK]: DiskRecord })[DISK] = record;
  return out as OnDisk;
}

/** Whether a status is the one a record was read with. */
export function sameFile(st: Stats, record: Pick<DiskRecord, 'size' | 'mtimeMs' | 'ino' | 'dev'>): boolean {
  return st.size === record.size && st.mtimeMs === record.mtimeMs && st.ino === record.ino && st.dev === record.dev;
}

/**
 * `file` with more fields, its text still one that releaseText can let go of when it was
 * (a spread would copy the text it holds now into a field of its own).
 */
export function withFields<F extends SourceFile, X extends Partial<SourceFile>>(file: F, extra: X): F & X {
  const record = (file as Partial<OnDisk>)[DISK];
  if (!record) return { ...file, ...extra };
  // The text the getter gives is dropped: the record holds it.
  const { text: _held, ...fields } = file;
  return withText({ ...fields, ...extra }, record) as F & X;
}

/**
 * Texts at least this long are held: reading one again would take its bytes and its text at
 * once, more than holding it (a run of one large file asks for it again when the run ends).
 * The many small files of a large repository are what add up.
 */
const HELD_FROM = 1_000_000;

/** Lets go of a file's text, when it is one read from disk here (onDisk) and not a large one; it is read again if asked for. */
export function releaseText(file: SourceFile): void {
  const record = (file as Partial<OnDisk>)[DISK];
  if (record && record.length < HELD_FROM) record.text = undefined;
}

/** Whether a file's text is held (for the tests: a file read from disk and linted is not). */
export function textHeld(file: SourceFile): boolean {
  const record = (file as Partial<OnDisk>)[DISK];
  return record === undefined || record.text !== undefined;
}

/** Forgets the texts read again (at the end of a run). */
export function forgetRereadTexts(): void {
  recent.clear();
}
