// Finding and reading the configuration file. It is parsed as data (YAML or JSON):
// linting an untrusted repository must never run its code.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { ConfigError } from '../engine/config.ts';
import { readRegularFile } from './read.ts';

export const CONFIG_NAMES = ['.meshlint.yaml', '.meshlint.yml', '.meshlint.json'] as const;

/** The nearest config file at or above `dir`, or undefined. */
export function findConfigFile(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    for (const name of CONFIG_NAMES) {
      const p = join(d, name);
      if (existsSync(p)) return p;
    }
    if (dirname(d) === d) return undefined;
  }
}

/** Reads a config file into plain data. Throws ConfigError with the file and the position at fault. */
export function readConfigFile(path: string): unknown {
  // Only a regular file is read: a FIFO named .meshlint.yaml must not hang the run.
  const read = readRegularFile(path);
  if (!read.ok) {
    const hint = read.why === 'permission denied' ? ' (make it readable)' : /directory|regular/.test(read.why) ? '; the configuration must be a regular file' : '';
    throw new ConfigError(path, '', `cannot read the file: ${read.why}${hint}`);
  }
  const text = read.bytes.toString('utf8');
  if (/\.(js|cjs|mjs|ts)$/i.test(path)) {
    throw new ConfigError(path, '', 'configuration is data only: use .meshlint.yaml or .meshlint.json');
  }
  // yaml fills err.linePos only with prettyErrors; a LineCounter gives the position without the excerpt.
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, lineCounter });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0] ?? lineCounter.linePos(err.pos[0]);
    throw new ConfigError(path, pos ? `line ${pos.line}, column ${pos.col}` : '', err.message.split('\n')[0] ?? 'invalid YAML');
  }
  return doc.toJS({ maxAliasCount: 100 });
}
