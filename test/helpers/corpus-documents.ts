// The documents of the shared corpus as the parser is given them (each `---` group's text,
// read as readChunk reads it), for tests that hold two ways of parsing to the same answer.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { documentGroups } from '../../src/parse/yaml.ts';
import { isJsonStream, readChunk } from '../../src/parse/go-yaml.ts';
import { sharedPath } from './shared.ts';

/**
 * The texts of the corpus's YAML documents that `keep` takes (`json`: the stream is JSON to
 * kubectl); none, with the shared folder's notice, without ../shared. `fileHolds`: a file
 * whose text lacks it is not read further.
 */
export function corpusDocuments(keep: (text: string, json: boolean) => boolean, fileHolds?: string): string[] {
  const corpus = sharedPath('corpus');
  if (!corpus) return [];
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(e.name)) {
        const text = readFileSync(p, 'utf8');
        if (fileHolds !== undefined && !text.includes(fileHolds)) continue;
        for (const g of documentGroups(text)) {
          const json = isJsonStream(text, g.start);
          const chunk = readChunk(text, g.start, g.end, json);
          if (!chunk.problem && keep(chunk.text, json)) out.push(chunk.text);
        }
      }
    }
  };
  walk(corpus);
  return out;
}
