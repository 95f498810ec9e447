// The JSON Schema validators of the config and of rule options, compiled by ajv when first
// asked. The bundles never run this module: scripts/build.mjs puts in its place the same
// validators compiled at build time into plain functions (scripts/validators.ts, ajv's
// standalone code), so that a run with a config neither loads ajv nor compiles a schema.
import * as AjvModule from 'ajv';
import type { KeywordDefinition, Options, ValidateFunction } from 'ajv';
import { parseSelectorString } from '../model/injection/selector.ts';

// ajv is CommonJS: its class is the module's default export, or that export's own `default`.
type AjvClass = typeof AjvModule.Ajv;
const Ajv: AjvClass = AjvModule.Ajv;
const { _ } = AjvModule;

/** True when a label selector is not one kubectl's syntax reads (the keyword `x-format: label-selector`). */
export const selectorInvalid = (s: string): boolean => Boolean(parseSelectorString(s).invalid);

/**
 * Two keywords of our own, which other validators ignore: `x-problem` (the words for any
 * mistake at that node) and `x-format: label-selector`. The second is written as code, not as a
 * function ajv calls, so that standalone code can hold it: it calls `selectorInvalid`, which
 * the build's module imports by that name.
 */
const KEYWORDS: readonly KeywordDefinition[] = [
  { keyword: 'x-problem', schemaType: 'string' },
  {
    keyword: 'x-format',
    schemaType: 'string',
    code(cxt) {
      if (cxt.schema !== 'label-selector') return;
      const fn = cxt.gen.scopeValue('func', { ref: selectorInvalid, code: _`selectorInvalid` });
      cxt.fail(_`typeof ${cxt.data} == "string" && ${fn}(${cxt.data})`);
    },
  },
];

/** An ajv as meshlint uses it; `extra` adds options (the build's standalone code). */
export function newAjv(extra: Options = {}): InstanceType<AjvClass> {
  const ajv = new Ajv({ allErrors: false, verbose: true, strict: true, strictTuples: false, allowUnionTypes: true, logger: false, ...extra });
  for (const k of KEYWORDS) ajv.addKeyword(k);
  return ajv;
}

let ajv: InstanceType<AjvClass> | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema. */
export function validatorOf(schema: object): ValidateFunction {
  let v = compiled.get(schema);
  if (v) return v;
  ajv ??= newAjv();
  v = ajv.compile(schema);
  compiled.set(schema, v);
  return v;
}
