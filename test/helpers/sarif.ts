// Validates SARIF logs against the official SARIF 2.1.0 schema.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { REPO_ROOT } from './shared.ts';

const SARIF_SCHEMA = `${REPO_ROOT}/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json`;

/** A validator: the list of schema violations of a log (empty when it is valid). */
export function sarifValidator(): (log: unknown) => string[] {
  const schema = JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')) as Record<string, unknown>;
  // The official schema is draft-04 (`id`, draft-04 $schema), which Ajv 8 does not bundle.
  // It uses no draft-04-only keyword, so it validates the same as draft-07 once `id` is `$id`.
  const { $schema: _draft04, id, ...rest } = schema as { $schema: string; id: string } & Record<string, unknown>;
  // unicodeRegExp: false because one of the schema's patterns (language) has a stray "]",
  // which is an error under the u flag and a literal "]" without it.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
  const validate = ajv.compile({ $id: id, ...rest });
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
}
