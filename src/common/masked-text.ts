// A large file's text, held one byte a character. V8 stores a string in two bytes a character
// as soon as one of them is beyond Latin-1: thirteen lines of Cyrillic in a 50 MB file made its
// text 100 MB. Such a file's text masks each UTF-16 code unit beyond Latin-1 with MASK, and
// keeps the units it masks aside. Masking keeps every offset, line and column: what scans the
// text for YAML's structure (separators, line breaks, indentation, comments) reads it as it is.
// What is parsed, shown or written reads the slice it needs through exactText.
import type { SourceFile } from './types.ts';

/** Stands for a masked code unit: Latin-1, printable, neither a space, a line break nor a YAML indicator. */
export const MASK = '\u00bf';
/** Files smaller than this are held as they are: their text is small either way. */
export const MASK_MIN_BYTES = 4_000_000;
/** Past this many masked units, the table would cost more than it saves: the text is held as it is. */
const MAX_MASKED_UNITS = 1_000_000;

/** The code units a text masks: at each offset in `at` (ascending), the unit of `units` at the same index. */
export interface MaskedUnits {
  readonly at: Int32Array;
  readonly units: string;
}

/** What exactText reads: a text, and the units it masks if any. */
type Masked = Pick<SourceFile, 'text' | 'masked'>;

/**
 * UTF-8 bytes (already checked to be valid) as a masked text, or undefined when there is nothing
 * to mask or too much. A code point beyond Latin-1 starts with a byte of 0xC4 or more, and
 * every other byte of a sequence is below 0xC0: the bytes between two such sequences decode
 * to a Latin-1 string on their own.
 */
export function maskedDecode(bytes: Uint8Array): { text: string; masked: MaskedUnits } | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The bytes one to a character, searched by the regular-expression engine: a loop over
  // megabytes of bytes in JavaScript took twice as long as decoding them.
  const leads = /[\xc4-\xff]/g;
  const view = buf.toString('latin1');
  const pieces: string[] = [];
  const at: number[] = [];
  let units = '';
  let from = 0;
  let length = 0;
  for (let m = leads.exec(view); m !== null; m = leads.exec(view)) {
    const i = m.index;
    const b = buf[i] as number;
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    const plain = buf.toString('utf8', from, i);
    const wide = buf.toString('utf8', i, i + size);
    pieces.push(plain, wide.length === 2 ? MASK + MASK : MASK);
    length += plain.length;
    for (let k = 0; k < wide.length; k++) at.push(length + k);
    units += wide;
    length += wide.length;
    from = i + size;
    leads.lastIndex = from;
    if (at.length > MAX_MASKED_UNITS) return undefined;
  }
  if (at.length === 0) return undefined;
  pieces.push(buf.toString('utf8', from));
  return { text: pieces.join(''), masked: { at: Int32Array.from(at), units } };
}

/** The index in `at` of the first offset at or after `offset`. */
function firstAtOrAfter(at: Int32Array, offset: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((at[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `file.text.slice(start, end)` with the units its text masks put back: what is parsed, shown or written. */
export function exactText(file: Masked, start = 0, end = file.text.length): string {
  const m = file.masked;
  const text = file.text;
  if (!m) return text.slice(start, end);
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  let i = firstAtOrAfter(m.at, from);
  if (i >= m.at.length || (m.at[i] as number) >= to) return text.slice(from, to);
  let out = '';
  let pos = from;
  for (; i < m.at.length && (m.at[i] as number) < to; i++) {
    const p = m.at[i] as number;
    out += text.slice(pos, p) + m.units[i];
    pos = p + 1;
  }
  return out + text.slice(pos, to);
}

/** `needle` as it reads in a masked text (to search one for it); itself when `file` masks nothing. */
export function maskedNeedle(file: Masked, needle: string): string {
  return file.masked ? needle.replace(/[^\u0000-\u00ff]/g, MASK) : needle;
}

/** Whether two files' masked units are the same (their texts being equal, their exact texts then are). */
export function sameMasked(a: MaskedUnits | undefined, b: MaskedUnits | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.units !== b.units || a.at.length !== b.at.length) return false;
  for (let i = 0; i < a.at.length; i++) if (a.at[i] !== b.at[i]) return false;
  return true;
}
