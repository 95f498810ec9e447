// meshlint rules: every rule with its level in force, as text or JSON.
import { allRules } from '../../rules/index.ts';
import { effectiveSetting, type Config } from '../engine/config.ts';
import { jsonText } from '../common/text.ts';
import type { CliIO } from './io.ts';

export function listRules(io: CliIO, config: Config, format: 'stylish' | 'json'): number {
  if (format === 'json') {
    const list = allRules.map((r) => {
      const { level, options } = effectiveSetting(config, r);
      const d = r.meta.docs;
      return { id: r.name, level, options, type: r.meta.type, category: d.category, dataPlane: d.dataPlane, fixable: Boolean(r.meta.fixable), hasSuggestions: Boolean(r.meta.hasSuggestions), description: d.description, url: d.url ?? null };
    });
    io.stdout(jsonText(list, 2) + '\n');
    return 0;
  }
  const rows = allRules.map((r) => {
    const level = effectiveSetting(config, r).level;
    return [r.name, level, r.meta.docs.dataPlane, r.meta.fixable ? 'fixable' : r.meta.hasSuggestions ? 'suggests' : '', r.meta.docs.description.replace(/`/g, '')];
  });
  const w0 = Math.max(...rows.map((r) => r[0]?.length ?? 0));
  const w3 = Math.max(...rows.map((r) => r[3]?.length ?? 0));
  for (const [id, level, plane, fix, desc] of rows) io.stdout(`${id?.padEnd(w0)}  ${level?.padEnd(5)}  ${plane?.padEnd(7)}  ${fix?.padEnd(w3)}  ${desc}\n`);
  return 0;
}
