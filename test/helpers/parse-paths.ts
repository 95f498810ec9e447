// meshlint's two ways of reading a file, for tests that compare them with each other and with
// kubectl: parseFile (the fast path, with the `yaml` path for what it does not take), and the
// `yaml` path alone.
import { isJsonStream, readChunk } from '../../src/parse/go-yaml.ts';
import { forRules, groupsOf, parseGroup, parseStream } from '../../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';

/** The `yaml` path alone, on each group as kubectl's reader cuts the stream; refused groups as parseFile refuses them. */
export function yamlPathOnly(f: SourceFile): ParsedDocument[] {
  let index = 0;
  return groupsOf(f.text).flatMap((g) => {
    const json = isJsonStream(f.text, g.start);
    const chunk = readChunk(f.text, g.start, g.end, json);
    const docs = chunk.problem ? parseGroup(f, { ...g, firstIndex: index }) : [...parseStream(f, { ...g, firstIndex: index }, chunk.text, json)];
    index += docs.length;
    return docs.map((d) => ({ ...d, value: d.value === undefined ? undefined : forRules(d.value) }));
  });
}
