// Reading inputs into text. A file that cannot become text is reported, never treated as clean.
import { constants as bufferConstants, isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readFileSync, type Dirent, type Stats } from 'node:fs';
import { relative, sep, isAbsolute } from 'node:path';
import { MASK_MIN_BYTES, maskedDecode } from '../common/masked-text.ts';
import type { SourceFile } from '../common/types.ts';
import { underKustomization } from './kustomized.ts';
import { onDisk, sameFile } from './disk-text.ts';

const MAX_STRING_LENGTH = bufferConstants.MAX_STRING_LENGTH;

/** Why an input did not become text: it could not be read, or its bytes are not UTF-8 or UTF-16 text. */
export type ReadProblem = 'unreadable' | 'not-text';

/** How a file's bytes are text: UTF-8 (a BOM optional), or UTF-16 with its BOM. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export type ReadOutcome =
  | { readonly ok: true; readonly file: SourceFile & { readonly bom: boolean; readonly encoding?: TextEncoding } }
  | { readonly ok: false; readonly displayPath: string; readonly absPath: string | undefined; readonly reason: string; readonly problem: ReadProblem };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The encoding a file's first bytes name: kubectl reads files through a BOM override
 * (golang.org/x/text unicode.BOMOverride), which decodes UTF-16 LE or BE after its BOM and drops
 * a UTF-8 BOM; without a BOM the bytes are UTF-8.
 */
function encodingOf(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** How a path is shown in reports: relative to the working directory when inside it, with `/`. */
export function displayPathOf(absPath: string, cwd: string): string {
  const rel = relative(cwd, absPath);
  const shown = rel === '' || isAbsolute(rel) ? absPath : rel;
  return shown.split(sep).join('/');
}

/** A file's bytes as text; a file on disk that a Kustomize build may change before it is applied is marked so (kustomized.ts). */
export function decodeSource(bytes: Uint8Array, displayPath: string, absPath: string | undefined): ReadOutcome {
  const read = decodeText(bytes, displayPath, absPath);
  return read.ok && absPath !== undefined && underKustomization(absPath) ? { ok: true, file: { ...read.file, kustomized: true } } : read;
}

function decodeText(bytes: Uint8Array, displayPath: string, absPath: string | undefined): ReadOutcome {
  const encoding = encodingOf(bytes);
  if (encoding !== 'utf-8') {
    // Unpaired surrogates and an odd last byte become U+FFFD, as in the BOM override's decoder.
    const text = new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
    if (text.includes('\0')) return binary(displayPath, absPath);
    return { ok: true, file: { displayPath, absPath, text, bom: true, encoding } };
  }
  if (bytes.includes(0)) return binary(displayPath, absPath);
  // A large file is checked without decoding it whole: masking then holds its text in half the memory.
  if (bytes.length >= MASK_MIN_BYTES && bytes.length <= MAX_STRING_LENGTH && isUtf8(bytes)) {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const masked = maskedDecode(bom ? bytes.subarray(3) : bytes);
    if (masked) return { ok: true, file: { displayPath, absPath, text: masked.text, masked: masked.masked, bom } };
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch (e) {
    // More characters than a JavaScript string holds (about 512 MB): the size, not the bytes, is the problem.
    if (e instanceof RangeError || (e as NodeJS.ErrnoException).code === 'ERR_STRING_TOO_LONG') return { ok: false, displayPath, absPath, reason: `too large to read as text (${Math.round(bytes.length / 1024 / 1024)} MB; a file may hold about ${Math.floor(MAX_STRING_LENGTH / 1024 / 1024)} MB); split it`, problem: 'unreadable' };
    return { ok: false, displayPath, absPath, reason: 'not valid UTF-8 text; Kubernetes manifests must be UTF-8', problem: 'not-text' };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  return { ok: true, file: { displayPath, absPath, text, bom } };
}

const binary = (displayPath: string, absPath: string | undefined): ReadOutcome => ({
  ok: false,
  displayPath,
  absPath,
  reason: 'binary file (contains NUL bytes); not YAML or JSON',
  problem: 'not-text',
});

/**
 * A file's text as bytes in the encoding it was read in, its BOM written back: what --fix writes.
 * UTF-16 files stay UTF-16, so a fix changes the lines it fixes and nothing else.
 */
export function encodeSource(text: string, file: { readonly bom: boolean; readonly encoding?: TextEncoding }): Buffer {
  const withBom = (file.bom ? '\ufeff' : '') + text;
  if (file.encoding === 'utf-16le') return Buffer.from(withBom, 'utf16le');
  if (file.encoding === 'utf-16be') return Buffer.from(withBom, 'utf16le').swap16();
  return Buffer.from(withBom, 'utf8');
}

/**
 * A file on disk as text. Its text may be let go of once linted (disk-text.ts releaseText) and
 * is then read again, the same way, if asked for; a large file masked in memory is held.
 */
export function readSource(absPath: string, cwd: string): ReadOutcome {
  const displayPath = displayPathOf(absPath, cwd);
  const read = readRegularFile(absPath);
  if (!read.ok) return { ok: false, displayPath, absPath, reason: `cannot read the file: ${read.why}`, problem: 'unreadable' };
  const decoded = decodeSource(read.bytes, displayPath, absPath);
  return decoded.ok && !decoded.file.masked ? { ok: true, file: onDisk(decoded.file, read.stat, readAgain) } : decoded;
}

/** A file's text read again (disk-text.ts): undefined unless it is still the file that was read. */
function readAgain(absPath: string, displayPath: string, record: Parameters<typeof sameFile>[1]): string | undefined {
  const read = readRegularFile(absPath);
  if (!read.ok || !sameFile(read.stat, record)) return undefined;
  const decoded = decodeText(read.bytes, displayPath, absPath);
  return decoded.ok && !decoded.file.masked ? decoded.file.text : undefined;
}

/** What kind of thing a path is, for messages: "not a regular file (FIFO)". */
export function fileTypeOf(st: Stats | Dirent): string {
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'directory';
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isCharacterDevice()) return 'character device';
  if (st.isBlockDevice()) return 'block device';
  if (st.isSymbolicLink()) return 'symbolic link';
  return 'unknown file type';
}

/** A file-system error (reading, listing, writing), as a reason a user can act on. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOENT':
      return 'no such file';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ELOOP':
      return 'symbolic link loop';
    case 'ERR_FS_FILE_TOO_LARGE':
      return 'larger than the 2 GB a file can be read at once';
    default:
      return code ?? 'read error';
  }
}

export type FileBytes = { readonly ok: true; readonly bytes: Buffer; readonly stat: Stats } | { readonly ok: false; readonly why: string };

// Opening without blocking, then checking what was opened: opening a FIFO for reading waits
// for a writer (forever, in a pre-commit hook), and a device never ends. Checking the open
// descriptor, not the path, leaves no window for the path to change in between.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The bytes of a regular file; anything else (FIFO, socket, device, directory) is refused unread. */
export function readRegularFile(absPath: string): FileBytes {
  let fd: number;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
  } catch (e) {
    return { ok: false, why: describeFsError(e) };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, why: 'is a directory' };
    if (!st.isFile()) return { ok: false, why: `not a regular file (${fileTypeOf(st)})` };
    // The status before the read: a file written to while it is read has another time when it is read again.
    return { ok: true, bytes: readFileSync(fd), stat: st };
  } catch (e) {
    return { ok: false, why: describeFsError(e) };
  } finally {
    closeSync(fd);
  }
}
