// Small helpers the renderers share: reading the sources a finding maps back to (once each),
// and turning a renderer's error output into one line for a finding.
import { sep } from 'node:path';
import { escapesThroughLink, isInside } from '../boundary.ts';
import { readRegularFile } from '../read.ts';

/** Text of a file, or undefined when it cannot be read. */
export type TextReader = (absPath: string) => string | undefined;

export function cachedReader(): TextReader {
  const cache = new Map<string, string | undefined>();
  return (p) => {
    if (!cache.has(p)) {
      // A regular file only: a source path that names a FIFO must not block the run.
      const read = readRegularFile(p);
      cache.set(p, read.ok ? read.bytes.toString('utf8').replace(/^\ufeff/, '') : undefined);
    }
    return cache.get(p);
  };
}

/**
 * A reader of the files under `root` only. Rendered output names the files findings map back
 * to (`# Source:` headers, origin annotations), and a template can print any such header: a
 * path outside the chart or repository, or a link out of it, is never read.
 */
export function readerWithin(read: TextReader, root: string): TextReader {
  return (p) => (isInside(root, p) && !escapesThroughLink(root, p) ? read(p) : undefined);
}

/**
 * The renderer's error, as one line: its "Error:" prefix, hints about debug flags and blank
 * lines dropped, and paths under the working directory written relative to it.
 */
export function failureText(stderr: string, cwd: string, max = 600): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^Use --debug flag/.test(l) && !/^WARNING:/.test(l) && !/^# Warning:/.test(l) && !/^walk\.go:/.test(l));
  const text = lines.join(' ').replace(/^(?:Error|error):\s*/, '').replace(/\s+/g, ' ').split(cwd.endsWith(sep) ? cwd : cwd + sep).join('');
  // Tools nest their errors ("accumulating resources: … : <cause>"): the cause is at the end,
  // so a long message keeps its beginning and its end.
  return text.length > max ? `${text.slice(0, Math.round(max * 0.4))} … ${text.slice(-Math.round(max * 0.57))}` : text;
}

/** The 1-based line `line` of `text`, without its line break. */
export function lineOf(text: string, line: number): string {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) return '';
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
}
