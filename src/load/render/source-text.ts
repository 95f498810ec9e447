// Small helpers the renderers share: reading the sources a finding maps back to (once each),
// and turning a renderer's error output into one line for a finding.
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';

/** Text of a file, or undefined when it cannot be read. */
export type TextReader = (absPath: string) => string | undefined;

export function cachedReader(): TextReader {
  const cache = new Map<string, string | undefined>();
  return (p) => {
    if (!cache.has(p)) {
      try {
        cache.set(p, readFileSync(p, 'utf8').replace(/^\ufeff/, ''));
      } catch {
        cache.set(p, undefined);
      }
    }
    return cache.get(p);
  };
}

/**
 * The renderer's error, as one line: its "Error:" prefix, hints about debug flags and blank
 * lines dropped, and paths under the working directory written relative to it.
 */
export function failureText(stderr: string, cwd: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^Use --debug flag/.test(l) && !/^WARNING:/.test(l) && !/^walk\.go:/.test(l));
  const text = lines.join(' ').replace(/^Error:\s*/, '').replace(/\s+/g, ' ').split(cwd.endsWith(sep) ? cwd : cwd + sep).join('');
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
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
