// A small JSON Schema checker for rule options (the subset rule schemas use):
// type, enum, const, properties, required, additionalProperties, items, minimum, maximum, minItems,
// and one keyword of our own, `x-format: label-selector` (kubectl syntax), which other JSON
// Schema validators ignore.
import { editDistance } from '../model/edit-distance.ts';
import { parseSelectorString } from '../model/selector.ts';

/** The part of JSON Schema that rule options use. */
export interface JSONSchema4 {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, JSONSchema4>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JSONSchema4;
  readonly items?: JSONSchema4 | readonly JSONSchema4[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly 'x-format'?: 'label-selector';
  readonly description?: string;
}

export function validateAgainst(schema: JSONSchema4 | readonly JSONSchema4[] | undefined, value: unknown, where: string): string[] {
  if (schema === undefined) return [];
  if (Array.isArray(schema)) {
    // ESLint's array form: one schema per positional option.
    const values = Array.isArray(value) ? value : [];
    const errors: string[] = [];
    if (values.length > schema.length) errors.push(`${where}: takes at most ${schema.length} option(s), got ${values.length}`);
    schema.forEach((s, i) => {
      if (i < values.length) errors.push(...check(s, values[i], `${where}[${i}]`));
    });
    return errors;
  }
  return check(schema as JSONSchema4, value, where);
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function check(s: JSONSchema4, v: unknown, where: string): string[] {
  const errors: string[] = [];
  if (s.type) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const t = typeOf(v);
    const ok = types.some((x) => x === t || (x === 'number' && t === 'integer'));
    if (!ok) return [`${where}: expected ${types.join(' or ')}, got ${t}`];
  }
  if (s.enum && !s.enum.some((e) => e === v)) errors.push(`${where}: must be one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if ('const' in s && s.const !== v) errors.push(`${where}: must be ${JSON.stringify(s.const)}`);
  if (s['x-format'] === 'label-selector' && typeof v === 'string') {
    const invalid = parseSelectorString(v).invalid;
    if (invalid) errors.push(`${where}: not a label selector: ${invalid} (write it as kubectl -l does, e.g. "app in (a,b),tier!=web")`);
  }
  if (typeof v === 'number') {
    if (typeof s.minimum === 'number' && v < s.minimum) errors.push(`${where}: must be at least ${s.minimum}`);
    if (typeof s.maximum === 'number' && v > s.maximum) errors.push(`${where}: must be at most ${s.maximum}`);
  }
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) errors.push(`${where}: needs at least ${s.minItems} item(s)`);
    if (s.items && !Array.isArray(s.items)) v.forEach((item, i) => errors.push(...check(s.items as JSONSchema4, item, `${where}[${i}]`)));
  }
  if (typeOf(v) === 'object') {
    const obj = v as Record<string, unknown>;
    const props = s.properties ?? {};
    for (const req of Array.isArray(s.required) ? s.required : []) {
      if (!(req in obj)) errors.push(`${where}: missing required key "${req}"`);
    }
    for (const [k, val] of Object.entries(obj)) {
      const ps = props[k];
      if (ps) errors.push(...check(ps, val, `${where}.${k}`));
      else if (s.additionalProperties === false) {
        errors.push(`${where}: unknown key "${k}"${suggestKey(k, Object.keys(props))}`);
      } else if (typeof s.additionalProperties === 'object') errors.push(...check(s.additionalProperties, val, `${where}.${k}`));
    }
  }
  return errors;
}

/** " (did you mean "x"?)" when a known key is close to the unknown one. */
export function suggestKey(key: string, known: readonly string[]): string {
  let best: string | undefined;
  let bestDist = Infinity;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDist) {
      bestDist = d;
      best = k;
    }
  }
  return best !== undefined && bestDist <= Math.max(2, Math.floor(key.length / 4)) ? ` (did you mean "${best}"?)` : '';
}
