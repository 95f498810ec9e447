// The `rules` section of schema/meshlint.schema.json: one property per rule, with its
// description and its options' schema, so that editors complete rule ids and options. Written
// into the file by scripts/schema.ts; a test checks the file is current.
import type { MeshlintRule } from './rule-api.ts';

/** The schema of `rules:` for these rules. */
export function rulesSchema(rules: readonly MeshlintRule[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const r of [...rules].sort((a, b) => a.name.localeCompare(b.name))) {
    const options = Array.isArray(r.meta.schema) ? (r.meta.schema as readonly unknown[]) : [];
    properties[r.name] = {
      description: `${r.meta.docs.description.replace(/`/g, '')} (default: ${r.meta.docs.defaultLevel})`,
      anyOf: [
        { $ref: '#/definitions/level' },
        { type: 'array', minItems: 1, items: [{ $ref: '#/definitions/level' }, ...options], additionalItems: false },
      ],
    };
  }
  return {
    description: 'Rule id to level (off, warn, error; or 0, 1, 2), or [level, options] for a rule that takes options. "meshlint rules" lists the ids.',
    type: 'object',
    'x-problem': 'must be a mapping of rule id to level',
    properties,
    additionalProperties: false,
  };
}
