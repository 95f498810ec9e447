import type { Tags } from 'yaml';

/** Tags of go-yaml v2 when decoding into interface{}: YAML 1.1 without timestamps and base-60 numbers. */
const goYamlV2Tags = (tags: Tags): Tags =>
  tags.filter((t) => {
    const tag = (t as { tag?: string; format?: string }).tag;
    const format = (t as { format?: string }).format;
    return tag !== 'tag:yaml.org,2002:timestamp' && format !== 'TIME';
  });

export const YAML_OPTIONS = {
  version: '1.1',
  uniqueKeys: false,
  customTags: goYamlV2Tags,
  prettyErrors: false,
  strict: false,
  // Warnings (an unresolved tag) stay in the document; they are never printed to the process.
  logLevel: 'error',
} as const;


/**
 * Manifests are read for their structure only: every scalar is a string to the `yaml` package
 * (the failsafe schema, no merge keys), and go-yaml.ts types scalars and keys from their source
 * text as go-yaml v2 does, on this path and on the fast one alike. Tags it does not know are
 * warnings, never errors: go-yaml keeps the text of a scalar with an unknown tag.
 */
export const STRUCTURE_OPTIONS = {
  version: '1.1',
  schema: 'failsafe',
  merge: false,
  uniqueKeys: false,
  prettyErrors: false,
  strict: false,
  logLevel: 'error',
} as const;

/**
 * Runs a call into the `yaml` package without stack traces on the errors it builds: it builds
 * one for every problem it meets (a template's lines are many), each capturing the stack, and
 * meshlint reads only their message and place (a profile of the corpus put that capture at a
 * second of the run). An error thrown out of the call is ours to handle, never a crash to report.
 */
export function withoutStacks<T>(call: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return call();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
