// The validators of src/engine/validators.ts as plain code, for the bundles (scripts/build.mjs
// loads this at build time and puts the module it writes in validators.ts's place): the config
// schema and every rule's options schema, each compiled by ajv's standalone code generation
// into a function of its own that runs the first time its schema is checked (a run evaluates
// the validators of the config and of the rules its config sets, not all of them), found at run
// time by the schema's JSON text. A schema not compiled here is an error, not a slow path.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { allRules } from '../rules/index.ts';
import { CONFIG_SCHEMA_AFTER_RULES, optionsSchemaOf } from '../src/engine/schema.ts';
import { newAjv } from '../src/engine/validators.ts';

type Standalone = (ajv: unknown, validate: unknown) => string;

/** The module's source; `selectorFrom` is the import path of src/model/injection/selector.ts. */
export function validatorsModule(selectorFrom: string): string {
  const schemas = new Map<string, object>();
  for (const schema of [CONFIG_SCHEMA_AFTER_RULES, ...allRules.flatMap((r) => (r.meta.schema === undefined ? [] : [optionsSchemaOf(r.meta.schema as never)]))]) {
    schemas.set(JSON.stringify(schema), schema);
  }
  const makers = [...schemas].map(([key, schema]) => {
    const ajv = newAjv({ code: { source: true } });
    const code = (standaloneCode as unknown as Standalone)(ajv, ajv.compile(schema));
    // CommonJS code, run in a function of its own: its `module` is local.
    return `  [${JSON.stringify(key)}, () => {\n    const module = { exports: {} };\n    ${code}\n    return module.exports;\n  }],`;
  });
  return [
    `import { parseSelectorString } from ${JSON.stringify(selectorFrom)};`,
    'const selectorInvalid = (s) => Boolean(parseSelectorString(s).invalid);',
    'const makers = new Map([',
    ...makers,
    ']);',
    'const made = new Map();',
    'const found = new WeakMap();',
    'export function validatorOf(schema) {',
    '  let v = found.get(schema);',
    '  if (v) return v;',
    '  const key = JSON.stringify(schema);',
    '  v = made.get(key);',
    '  if (!v) {',
    '    const make = makers.get(key);',
    "    if (!make) throw new Error('no validator was compiled for this schema at build time (scripts/validators.ts)');",
    '    made.set(key, (v = make()));',
    '  }',
    '  found.set(schema, v);',
    '  return v;',
    '}',
    '',
  ].join('\n');
}
