// JSON Schema checks: the configuration against schema/meshlint.schema.json (the file
// editors read for completion) and rule options against each rule's `meta.schema`, by the
// validators of validators.ts (compiled at build time in the bundles). The first error becomes
// one message that names the key as a config path (`helm.charts[0].namespace`), says what is
// wrong in words, and for an unknown key suggests the nearest known one. Two keywords of our
// own, which other validators ignore: `x-problem` (the words for any mistake at that node) and
// `x-format: label-selector` (kubectl's syntax, checked by meshlint's parser).
import type { ErrorObject } from 'ajv';
import configSchemaJson from '../../schema/meshlint.schema.json' with { type: 'json' };
import { editDistance } from '../model/edit-distance.ts';
import { parseSelectorString } from '../model/injection/selector.ts';
import { validatorOf } from './validators.ts';

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
  readonly 'x-problem'?: string;
  readonly description?: string;
}

/** The schema of `.meshlint.yaml`, as shipped in the package. */
export const CONFIG_SCHEMA: Readonly<Record<string, unknown>> = configSchemaJson;

/**
 * The schema of `.meshlint.yaml` as validateConfig checks it, once every entry of `rules` has
 * been checked against its rule's own schema (parseRuleSetting, which stops at the first
 * problem): there `rules` needs only to be a mapping. The whole `rules` section names every
 * rule's options again, and was most of the validator's code.
 */
export const CONFIG_SCHEMA_AFTER_RULES: Readonly<Record<string, unknown>> = (() => {
  const { properties } = configSchemaJson as { properties: Record<string, Record<string, unknown>> };
  const rules = properties.rules ?? {};
  return { ...configSchemaJson, properties: { ...properties, rules: { type: rules.type, 'x-problem': rules['x-problem'] } } };
})();

/** One mistake: where (a config path under `base`) and what. */
export interface SchemaProblem {
  readonly key: string;
  readonly problem: string;
}

/** The first mistake of `value` against `schema`, or undefined when it conforms. */
export function schemaProblem(schema: object, value: unknown, base: string): SchemaProblem | undefined {
  const validate = validatorOf(schema);
  if (validate(value)) return undefined;
  const errors = validate.errors ?? [];
  // Inside anyOf, each branch's error comes first: the anyOf itself says it for the value.
  const err = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
  return err ? describe(err, value, base) : { key: base, problem: 'does not match the schema' };
}

/** Rule options (`[level, ...options]` less the level) against a rule's `meta.schema`: the problems, `where` first in each. */
export function validateAgainst(schema: JSONSchema4 | readonly JSONSchema4[] | undefined, value: unknown, where: string): string[] {
  if (schema === undefined) return [];
  const p = schemaProblem(optionsSchemaOf(schema), value, where);
  return p ? [`${p.key}: ${p.problem}`] : [];
}

const arrayForms = new WeakMap<object, object>();
/** The schema of a rule's options as one schema: ESLint's array form is one schema per positional option. */
export function optionsSchemaOf(schema: JSONSchema4 | readonly JSONSchema4[]): object {
  if (!Array.isArray(schema)) return schema as object;
  let s = arrayForms.get(schema);
  // draft-07 wants at least one schema in a list of items: a rule that takes no options takes none.
  if (!s) arrayForms.set(schema, (s = schema.length === 0 ? { type: 'array', maxItems: 0 } : { type: 'array', items: schema, additionalItems: false }));
  return s;
}

/** A config path: "helm.charts[0].namespace" for the JSON pointer /helm/charts/0/namespace. */
function keyOf(pointer: string, value: unknown, base: string): string {
  let key = base;
  let at: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    key = Array.isArray(at) ? `${key}[${seg}]` : key ? `${key}.${seg}` : seg;
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[seg] : undefined;
  }
  return key;
}

const TYPE_WORDS: Record<string, string> = { object: 'a mapping', array: 'a list', string: 'a string', boolean: 'true or false', number: 'a number', integer: 'a whole number', null: 'empty' };

function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  return `the ${typeof v} ${String(v)}`;
}

function describe(err: ErrorObject, value: unknown, base: string): SchemaProblem {
  const parent = (err.parentSchema ?? {}) as JSONSchema4;
  const own = parent['x-problem'];
  const key = keyOf(err.instancePath, value, base);
  const data: unknown = err.data;
  // The name of a key is at fault (propertyNames): the key itself is named.
  if (err.propertyName !== undefined) return { key: key ? `${key}.${err.propertyName}` : err.propertyName, problem: own ?? 'is not an allowed key' };
  switch (err.keyword) {
    case 'additionalProperties': {
      const unknownKey = String((err.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys(parent.properties ?? {});
      return { key: key ? `${key}.${unknownKey}` : unknownKey, problem: `unknown key${suggestKey(unknownKey, known)}; known keys: ${known.join(', ')}` };
    }
    case 'required':
      return { key, problem: `missing required key ${JSON.stringify((err.params as { missingProperty: string }).missingProperty)}` };
    case 'type': {
      const expected = String((err.params as { type: string }).type).split(',');
      const words = own ?? `must be ${expected.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
      // A version or label value written unquoted: YAML has made it a number or a boolean, and
      // a number has already lost what was written (1.30 is 1.3), so it is never echoed back as the fix.
      if (expected.includes('string') && (typeof data === 'number' || typeof data === 'boolean')) {
        const lost = typeof data === 'number' && !Number.isInteger(data) ? ', dropping trailing zeros: 1.30 becomes 1.3' : '';
        return { key, problem: `${words}: quote it; YAML reads it unquoted as the ${typeof data} ${String(data)}${lost}` };
      }
      return { key, problem: `${words} (got ${kindOf(data)})` };
    }
    case 'enum': {
      const allowed = (err.params as { allowedValues: unknown[] }).allowedValues;
      return { key, problem: own ?? `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')} (got ${JSON.stringify(data)})` };
    }
    case 'x-format': {
      const invalid = typeof data === 'string' ? parseSelectorString(data).invalid : undefined;
      return { key, problem: `not a label selector${invalid ? `: ${invalid}` : ''} (write it as kubectl -l does, e.g. "app in (a,b),tier!=web")` };
    }
    case 'additionalItems':
    case 'maxItems': {
      const { limit } = err.params as { limit: number };
      const what = key.endsWith('options') ? 'option' : 'item';
      return { key, problem: `takes ${limit === 0 ? `no ${what}s` : `at most ${limit} ${what}(s)`}, got ${Array.isArray(data) ? data.length : 'more'}` };
    }
    case 'minItems':
      return { key, problem: own ?? `needs at least ${(err.params as { limit: number }).limit} item(s)` };
    case 'minLength':
      return { key, problem: own ?? ((err.params as { limit: number }).limit === 1 ? 'must not be empty' : `needs at least ${(err.params as { limit: number }).limit} characters`) };
    case 'minimum':
      return { key, problem: own ?? `must be at least ${(err.params as { limit: number }).limit}` };
    case 'maximum':
      return { key, problem: own ?? `must be at most ${(err.params as { limit: number }).limit}` };
    default:
      return { key, problem: own ?? (err.message ?? 'does not match the schema') };
  }
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
