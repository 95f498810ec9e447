// The validators of src/engine/validators.ts as plain code, for the bundles (scripts/build.mjs
// loads this at build time and puts the module it writes in validators.ts's place): the config
// schema and every rule's options schema, compiled by ajv's standalone code generation, found
// at run time by their JSON text. A schema not compiled here is a build error, not a slow path.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { allRules } from '../rules/index.ts';
import { CONFIG_SCHEMA_AFTER_RULES, optionsSchemaOf } from '../src/engine/schema.ts';
import { newAjv } from '../src/engine/validators.ts';

/** The module's source; `selectorFrom` is the import path of src/model/selector.ts. */
export function validatorsModule(selectorFrom: string): string {
  const ajv = newAjv({ code: { source: true, esm: true } });
  const schemas = new Map<string, object>();
  for (const schema of [CONFIG_SCHEMA_AFTER_RULES, ...allRules.flatMap((r) => (r.meta.schema === undefined ? [] : [optionsSchemaOf(r.meta.schema as never)]))]) {
    schemas.set(JSON.stringify(schema), schema);
  }
  const names: Record<string, string> = {};
  const keys: string[] = [];
  for (const [key, schema] of schemas) {
    const id = `s${keys.length}`;
    ajv.addSchema(schema, id);
    names[id] = id;
    keys.push(key);
  }
  const code = (standaloneCode as unknown as (a: unknown, refs: Record<string, string>) => string)(ajv, names);
  return [
    `import { parseSelectorString } from ${JSON.stringify(selectorFrom)};`,
    'const selectorInvalid = (s) => Boolean(parseSelectorString(s).invalid);',
    code,
    `const byText = new Map([${keys.map((k, i) => `[${JSON.stringify(k)}, s${i}]`).join(', ')}]);`,
    'const found = new WeakMap();',
    'export function validatorOf(schema) {',
    '  let v = found.get(schema);',
    '  if (v) return v;',
    '  v = byText.get(JSON.stringify(schema));',
    "  if (!v) throw new Error('no validator was compiled for this schema at build time (scripts/validators.ts)');",
    '  found.set(schema, v);',
    '  return v;',
    '}',
    '',
  ].join('\n');
}
