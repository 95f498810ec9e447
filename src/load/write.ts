// Every file meshlint writes (-o, --write-baseline, --fix, the Action's SARIF). A repository
// may commit a link where meshlint writes (`meshlint.sarif -> /home/runner/.bashrc`), or a
// linked folder on the way: written as named, the runner's files would be overwritten. A path
// written inside the repository is therefore written only where its real path stays inside
// the repository's, its final link never followed (O_NOFOLLOW) and its missing folders made
// one by one, each checked first. A path written outside the repository is the user's own
// choice on the command line (`-o /tmp/report.json`, `-o /dev/stdout`), written as named.
import { closeSync, constants, lstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isInside, realPath } from './boundary.ts';

/** A write refused because it would leave the repository: its text says why. */
export class WriteRefused extends Error {}

export interface WriteEdge {
  /** The repository (the top folder, as written). */
  readonly root: string;
  /** Whether a path written outside the repository may be written (one the user named on the command line). */
  readonly outsideAllowed: boolean;
}

/** O_NOFOLLOW where the platform has it (not Windows, where a link cannot be committed by git by default). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Writes `data` to `target` (absolute) within `edge`; throws WriteRefused when the write would
 * go through a link out of the repository, or outside it unasked, and the file system's own
 * error otherwise.
 */
export function writeWithin(target: string, data: WriteData, edge: WriteEdge): void {
  const abs = resolve(target);
  if (!isInside(edge.root, abs)) {
    if (!edge.outsideAllowed) throw new WriteRefused('it lies outside the repository');
    mkdirSync(dirname(abs), { recursive: true });
    writeOpen(abs, data, 0);
    return;
  }
  const realRoot = realPath(edge.root) ?? edge.root;
  // The deepest folder of the path that exists must be inside the repository once links are
  // followed; the folders below it are made here, so none of them can be a link.
  const parts = relative(edge.root, dirname(abs)).split(sep).filter(Boolean);
  let dir = edge.root;
  let made = false;
  for (const part of parts) {
    const next = join(dir, part);
    if (!made) {
      let exists = true;
      try {
        lstatSync(next);
      } catch {
        exists = false;
      }
      if (exists) {
        dir = next;
        continue;
      }
      const real = realPath(dir);
      if (real === undefined || !isInside(realRoot, real)) throw new WriteRefused(`${shown(edge.root, dir)} is a symbolic link, or in a linked folder, that leads outside the repository`);
      made = true;
    }
    try {
      mkdirSync(next);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      throw new WriteRefused(`${shown(edge.root, next)} appeared while meshlint was making it`);
    }
    dir = next;
  }
  if (!made) {
    const real = realPath(dir);
    if (real === undefined || !isInside(realRoot, real)) throw new WriteRefused(`${shown(edge.root, dir)} is a symbolic link, or in a linked folder, that leads outside the repository`);
  }
  if (NO_FOLLOW === 0) {
    // No O_NOFOLLOW: the final link is looked at first.
    try {
      if (lstatSync(abs).isSymbolicLink()) throw new WriteRefused('it is a symbolic link; meshlint does not write through one');
    } catch (e) {
      if (e instanceof WriteRefused) throw e;
    }
  }
  writeOpen(abs, data, NO_FOLLOW);
}

/** What is written: a text, bytes, or a text in pieces, written one after another (a report made as it is written). */
export type WriteData = string | Buffer | Iterable<string>;

function writeOpen(abs: string, data: WriteData, extra: number): void {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | extra, 0o666);
  } catch (e) {
    // O_NOFOLLOW on a final link: ELOOP (Linux), EMLINK (FreeBSD), EFTYPE (some BSDs).
    const code = (e as NodeJS.ErrnoException).code;
    if (extra !== 0 && (code === 'ELOOP' || code === 'EMLINK' || code === 'EFTYPE')) throw new WriteRefused('it is a symbolic link; meshlint does not write through one');
    throw e;
  }
  try {
    for (const piece of typeof data === 'string' || Buffer.isBuffer(data) ? [data] : data) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    }
  } finally {
    closeSync(fd);
  }
}

const shown = (root: string, p: string): string => relative(root, p).split(sep).join('/') || '.';
