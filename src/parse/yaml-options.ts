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
} as const;

