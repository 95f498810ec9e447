// Reading inputs into text. A file that cannot become text is reported, never treated as clean.
import { readFileSync } from 'node:fs';
import { relative, sep, isAbsolute } from 'node:path';
import type { SourceFile } from '../types.ts';

export type ReadOutcome =
  | { readonly ok: true; readonly file: SourceFile & { readonly bom: boolean } }
  | { readonly ok: false; readonly displayPath: string; readonly absPath: string | undefined; readonly reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How a path is shown in reports: relative to the working directory when inside it, with `/`. */
export function displayPathOf(absPath: string, cwd: string): string {
  const rel = relative(cwd, absPath);
  const shown = rel === '' || isAbsolute(rel) ? absPath : rel;
  return shown.split(sep).join('/');
}

export function decodeSource(bytes: Uint8Array, displayPath: string, absPath: string | undefined): ReadOutcome {
  if (bytes.includes(0)) return { ok: false, displayPath, absPath, reason: 'binary file (contains NUL bytes); not YAML or JSON' };
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, displayPath, absPath, reason: 'not valid UTF-8 text; Kubernetes manifests must be UTF-8' };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  return { ok: true, file: { displayPath, absPath, text, bom } };
}

export function readSource(absPath: string, cwd: string): ReadOutcome {
  const displayPath = displayPathOf(absPath, cwd);
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'ENOENT'
            ? 'no such file'
            : (code ?? 'read error');
    return { ok: false, displayPath, absPath, reason: `cannot read the file: ${why}` };
  }
  return decodeSource(bytes, displayPath, absPath);
}
