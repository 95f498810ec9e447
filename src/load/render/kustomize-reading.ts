// Whether meshlint reads a kustomization (or a plugin config it loads) as Kustomize reads it.
// meshlint checks every path and URL a kustomization names before it is built (overlayEscape);
// that check is only as good as its parse. Kustomize reads the file through go-yaml v2 into
// JSON and then Go's JSON decoder (sigs.k8s.io/yaml): a key written twice keeps its last value,
// a merge key (`<<: {resources: [...]}`) is merged, and a field name in another case
// (`Resources:`) is matched to the field. meshlint's YAML 1.2 parse does none of these, so a
// file that uses any of them could name a path or URL the check never sees: such a file is
// not built, and the warning says why. Pure: a text in, a reason or nothing out.
import { isMap, isPair, isScalar, isSeq, parseAllDocuments, type Node } from 'yaml';

/**
 * Field names of Kustomize's types through which a path or URL is loaded, and the fields that
 * hold them (api/types/kustomization.go, patch.go, replacement.go, generatorargs.go,
 * helmchartargs.go, and the builtin plugin configs of api/internal/builtins).
 */
const FIELDS = [
  'resources', 'bases', 'components', 'crds', 'configurations', 'generators', 'transformers', 'validators',
  'patchesStrategicMerge', 'patches', 'patchesJson6902', 'replacements', 'configMapGenerator', 'secretGenerator',
  'openapi', 'helmCharts', 'helmChartInflationGenerator', 'helmGlobals',
  'path', 'paths', 'files', 'envs', 'env', 'envFiles', 'repo', 'chartRepoUrl', 'chartHome', 'valuesFile',
  'additionalValuesFiles', 'values', 'targetFilePath', 'source', 'targets', 'kind', 'apiVersion',
];
const CANONICAL = new Map(FIELDS.map((f) => [f.toLowerCase(), f]));

/** What Kustomize would read otherwise, and where in the text. */
export interface Hazard {
  readonly why: string;
  readonly offset: number;
}

/**
 * Fields whose keys are the user's data (label and annotation keys, literals, chart values): not
 * read for field names, where a key like `Source:` or `Env:` is a name, not a field.
 */
const USER_DATA = new Set(['labels', 'annotations', 'commonLabels', 'commonAnnotations', 'pairs', 'literals', 'valuesInline', 'data', 'stringData', 'matchLabels']);

/** Keys looked at in one text: past it the file is refused as too large to check. */
const MAX_KEYS = 50_000;

/**
 * What Kustomize could read otherwise than meshlint does in this text, or undefined when it
 * reads the same: YAML that does not parse (a key written twice included), a merge key, or a
 * key that names a path-loading field in another case.
 */
export function readingHazard(text: string): Hazard | undefined {
  let docs;
  try {
    docs = parseAllDocuments(text, { logLevel: 'silent', uniqueKeys: true, merge: false });
  } catch {
    return { why: 'it does not parse as YAML', offset: 0 };
  }
  const list = Array.isArray(docs) ? docs : [docs];
  let keys = 0;
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) return { why: /unique/i.test(error.message) ? 'a key written twice in one mapping' : 'YAML that does not parse', offset: error.pos[0] };
    const stack: (Node | null | undefined)[] = [doc.contents as Node | null];
    while (stack.length > 0) {
      const node = stack.pop();
      if (isSeq(node)) stack.push(...(node.items as Node[]));
      else if (isMap(node)) {
        for (const pair of node.items) {
          if (!isPair(pair)) continue;
          const offset = (pair.key as Node | null)?.range?.[0] ?? 0;
          if (++keys > MAX_KEYS) return { why: `more than ${MAX_KEYS} keys`, offset };
          const key = isScalar(pair.key) ? pair.key.value : undefined;
          if (key === '<<') return { why: 'a YAML merge key (<<)', offset };
          if (typeof key === 'string') {
            const canonical = CANONICAL.get(key.toLowerCase());
            if (canonical !== undefined && canonical !== key) return { why: `the key ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)} (Kustomize reads it as ${JSON.stringify(canonical)})`, offset };
          } else if (pair.key !== null && !isScalar(pair.key)) {
            return { why: 'a key that is a mapping or a list', offset };
          }
          if (!(typeof key === 'string' && USER_DATA.has(key))) stack.push(pair.value as Node | null);
        }
      }
    }
  }
  return undefined;
}
