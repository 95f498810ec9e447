// Rule documentation (rules/<id>.md) is read from the installed package, for SARIF help
// and the rule list. Found by walking up from this module to meshlint's package.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null | undefined;

export function packageRoot(): string | undefined {
  if (root !== undefined) return root ?? undefined;
  for (let d = dirname(fileURLToPath(import.meta.url)); ; d = dirname(d)) {
    const pkg = join(d, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'meshlint') {
          root = d;
          return d;
        }
      } catch {
        // not ours
      }
    }
    if (dirname(d) === d) {
      root = null;
      return undefined;
    }
  }
}

export function readRuleDocs(ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const base = packageRoot();
  if (!base) return out;
  for (const id of ids) {
    try {
      out.set(id, readFileSync(join(base, 'rules', `${id}.md`), 'utf8'));
    } catch {
      // a rule without docs: SARIF falls back to its description
    }
  }
  return out;
}
