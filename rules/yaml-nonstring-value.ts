// Labels, annotations, env values and ConfigMap data are strings in the Kubernetes API.
// YAML reads `true`, `yes`, `on`, `1.10` or `0755` unquoted as booleans and numbers, and the
// API server rejects the object: "cannot unmarshal bool into Go struct field … of type string".
// An empty value (null) is accepted but becomes "", which is rarely what was meant.
import { createRule } from '../src/engine/rule-api.ts';
import { asObject, podTemplatesOf, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Path, Resource } from '../src/common/types.ts';
import { INJECT_KEY } from '../src/model/injection/mesh.ts';

type Where = { readonly path: Path; readonly map: Record<string, unknown> };

const onResourceMetadata = (p: Path): boolean => p.length === 1 && p[0] === 'metadata';

/** Is `path` a pod's labels or annotations map (where an unquoted sidecar.istio.io/inject is inject-value-invalid's)? */
const podMetadataMap = (templates: readonly PodTemplate[], path: Path): boolean =>
  templates.some((t) => t.metaSources.some((m) => m.path.length + 1 === path.length && m.path.every((p, i) => path[i] === p) && (path[path.length - 1] === 'labels' ? m.labels : path[path.length - 1] === 'annotations' && m.annotations)));

function stringMaps(r: Resource): Where[] {
  const out: Where[] = [];
  const add = (path: Path, v: unknown): void => {
    const map = asObject(v);
    if (map) out.push({ path, map });
  };
  const md = asObject(r.object.metadata);
  add(['metadata', 'labels'], md?.labels);
  add(['metadata', 'annotations'], md?.annotations);
  if ((r.kind === 'ConfigMap' || r.kind === 'Secret') && r.apiVersion === 'v1') {
    add(['data'], r.object.data);
    if (r.kind === 'Secret') add(['stringData'], r.object.stringData);
  }
  const spec = asObject(r.object.spec);
  if (r.kind === 'Service' && r.apiVersion === 'v1') add(['spec', 'selector'], spec?.selector);
  const seen = new Set<string>();
  const once = (path: Path, v: unknown): void => {
    const key = path.join('\0');
    if (seen.has(key)) return;
    seen.add(key);
    add(path, v);
  };
  const templates = podTemplatesOf(r);
  // The pods' labels and annotations, wherever the kind keeps them (the resource's own metadata is above).
  for (const t of templates) {
    for (const m of t.metaSources) {
      if (onResourceMetadata(m.path)) continue;
      if (m.labels) once([...m.path, 'labels'], m.object?.labels);
      if (m.annotations) once([...m.path, 'annotations'], m.object?.annotations);
    }
    if (t.spec.nodeSelector !== undefined) once(templatePath(t, 'spec', 'nodeSelector'), t.spec.nodeSelector);
  }
  if (templates[0] && !onResourceMetadata(templates[0].metaSources[0]?.path ?? [])) add(['spec', 'selector', 'matchLabels'], asObject(spec?.selector)?.matchLabels);
  return out;
}

export default createRule({
  name: 'yaml-nonstring-value',
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'Unquoted booleans and numbers where Kubernetes requires strings (labels, annotations, env values, ConfigMap data)',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'yaml',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      nonString: '{{ what }} "{{ key }}"{{ where }} is {{ type }} {{ value }}, not a string, so the API server rejects the object. Quote it.',
      empty: '{{ what }} "{{ key }}" has no value: Kubernetes stores an empty string. Write the value, or "" if empty is meant.',
      setEmpty: 'Set it to "" explicitly.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const check = (resource: Resource, path: Path, key: string, value: unknown, what: string): void => {
      if (typeof value === 'string') return;
      const at = [...path, key];
      if (value === null) {
        // Empty data entries are common placeholders in examples; empty labels and selectors are mistakes.
        if (what === 'Data key') return;
        context.report({ target: { resource, path: at }, messageId: 'empty', severity: 'warn', data: { what, key }, suggest: [{ messageId: 'setEmpty', edits: [{ op: 'set', path: at, value: '' }] }] });
        return;
      }
      if (typeof value !== 'boolean' && typeof value !== 'number') return; // lists and maps: a schema error, not a quoting one
      const type = typeof value === 'boolean' ? 'a boolean' : 'a number';
      context.report({ target: { resource, path: at }, messageId: 'nonString', data: { what, key, where: '', type, value: String(value) }, fix: [{ op: 'quote', path: at }] });
    };
    const whatOf = (path: Path): string => {
      const last = path[path.length - 1];
      if (last === 'labels') return 'Label';
      if (last === 'annotations') return 'Annotation';
      if (last === 'data' || last === 'stringData') return 'Data key';
      if (last === 'nodeSelector') return 'nodeSelector';
      return 'Selector label';
    };
    return {
      Resource(resource) {
        const templates = podTemplatesOf(resource);
        for (const { path, map } of stringMaps(resource)) {
          // On a pod, an unquoted sidecar.istio.io/inject is inject-value-invalid's: one finding, the most specific.
          const onTemplate = podMetadataMap(templates, path);
          for (const [k, v] of Object.entries(map)) {
            if (onTemplate && k === INJECT_KEY && (path[path.length - 1] === 'labels' || path[path.length - 1] === 'annotations')) continue;
            check(resource, path, k, v, whatOf(path));
          }
        }
      },
      Container(c) {
        const env = c.object.env;
        if (!Array.isArray(env)) return;
        env.forEach((e, i) => {
          const entry = asObject(e);
          if (!entry || !('value' in entry)) return;
          const name = typeof entry.name === 'string' ? entry.name : `#${i}`;
          const v = entry.value;
          if (typeof v === 'string' || v === null) return; // null env value: same as unset, harmless
          if (typeof v !== 'boolean' && typeof v !== 'number') return;
          const type = typeof v === 'boolean' ? 'a boolean' : 'a number';
          context.report({
            target: { resource: c.template.resource, path: [...c.path, 'env', i, 'value'] },
            messageId: 'nonString',
            data: { what: 'Env var', key: name, where: ` of container "${c.name}"`, type, value: String(v) },
            fix: [{ op: 'quote', path: [...c.path, 'env', i, 'value'] }],
          });
        });
      },
    };
  },
});
