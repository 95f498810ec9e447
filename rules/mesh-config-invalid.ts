// The mesh config is what istiod reads from the `mesh` key of its istio[-<revision>]
// ConfigMap, which the istiod chart renders from its meshConfig value (an IstioOperator's
// spec.meshConfig, a HelmRelease's or Argo CD Application's values, a Sail Istio's
// spec.values). istiod decodes it onto the defaults with the same lenient reader as a
// ProxyConfig: unknown fields are dropped silently, while a value of the wrong type or one
// that its validation refuses makes istiod reject the whole config and keep the last good one
// (the defaults, after a restart). Every other setting in it is then ignored too.
import { appendTo } from '../src/common/collections.ts';
import { objectKey } from '../src/model/place.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { keySpan } from './proxy-config-invalid.ts';
import type { ChartRelease, ValuesLayer } from '../src/model/install/gitops.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { checkMeshConfig, formatConfigPath, parseConfigPath, parseMeshConfig, type ConfigPath, type ProxyConfigProblem } from '../src/model/pod/proxy-config.ts';
import { asObject, getIn } from '../src/model/workload.ts';
import type { Path, Resource, SpanFinder, Target } from '../src/common/types.ts';

/** How the source of a mesh config reaches istiod, which decides what a bad value does. */
type Reader = 'istiod' | 'istioctl' | 'sail';

const MESH_CONFIGMAP = /^istio(?:-.+)?$/;

/** Where a resource is written: the same object in the facts pass and the rules pass. */

/** The effect of an error, by reader; Sail's typed CRD refuses wrong types itself, and lets through the rest. */
function effectOf(reader: Reader, problem: ProxyConfigProblem): string {
  if (reader === 'istioctl') return 'istioctl refuses to install the IstioOperator';
  if (reader === 'sail' && problem.kind === 'type') return 'the API server refuses the Istio resource';
  return 'istiod ignores the whole mesh config (it keeps the previous one, or the defaults)';
}

/** The value at a problem's path, when it is a value a tool fills in (`{{ .Values.x }}`, `${X}`). */
function templated(root: unknown, steps: ConfigPath): boolean {
  const last = steps[steps.length - 1];
  if (typeof last === 'string' && isPlaceholder(last)) return true;
  const v = getIn(root, steps as Path);
  return typeof v === 'string' && isPlaceholder(v);
}

/**
 * Whether a layer after `index` decides the value at `path` instead (Helm merges maps key by
 * key, and a later scalar, list or null replaces what is under it), or may do so (a layer
 * that is not among the inputs).
 */
function overridden(layers: readonly ValuesLayer[], index: number, path: Path): boolean {
  for (let j = index + 1; j < layers.length; j++) {
    const layer = layers[j] as ValuesLayer;
    if (layer.values === undefined) return true;
    let node: unknown = layer.values;
    for (let k = 0; k < path.length; k++) {
      const o = asObject(node);
      if (!o || !Object.hasOwn(o, String(path[k]))) break;
      node = o[String(path[k])];
      if (k === path.length - 1 || asObject(node) === undefined) return true;
    }
  }
  return false;
}

export default createRule({
  name: 'mesh-config-invalid',
  meta: {
    type: 'problem',
    docs: {
      description: 'Mesh configs (the istio ConfigMap, IstioOperator and istiod chart meshConfig) that istiod rejects as a whole, or whose fields it silently ignores',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'startup',
      dataPlane: 'both',
      istioVersions: 'all (the set of known fields follows the stated version)',
      modelledVersionsOnly: true,
    },
    messages: {
      invalid: 'Mesh config: {{ problem }}, so {{ effect }}.{{ hint }}',
      unknown: 'Mesh config: {{ problem }}; {{ ignored }}.{{ hint }}',
      unreadable: 'Mesh config: {{ reason }}, so {{ effect }}. Fix the text.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    // Facts are gathered in a pass of their own, over resources of their own: matched by place.
    const releasesByResource = new Map<string, ChartRelease[]>();
    for (const release of context.facts.mesh.istiodReleases) {
      const key = objectKey(release.resource);
      appendTo(releasesByResource, key, release);
    }

    /** Reports the problems of one mesh config; `target` places a problem, `root` is the config as written. */
    const reportAll = (
      checked: { readonly errors: readonly ProxyConfigProblem[]; readonly unknownFields: readonly ProxyConfigProblem[] },
      root: unknown,
      reader: Reader,
      target: (p: ProxyConfigProblem, steps: ConfigPath) => Target | undefined,
    ): void => {
      for (const p of checked.errors) {
        const steps = parseConfigPath(p.path);
        if (templated(root, steps)) continue;
        const at = target(p, steps);
        if (!at) continue;
        context.report({ target: at, messageId: 'invalid', data: { problem: p.message, effect: effectOf(reader, p), hint: p.suggestion !== undefined ? ` Write ${p.suggestion}.` : '' } });
      }
      for (const p of checked.unknownFields) {
        const steps = parseConfigPath(p.path);
        if (templated(root, steps)) continue;
        const at = target(p, steps);
        if (!at) continue;
        const misplaced = p.message.includes(' belongs ');
        const hint = p.suggestion === undefined ? '' : misplaced ? ` Move it to ${p.suggestion}.` : ` Did you mean ${p.suggestion}?`;
        context.report({ target: at, messageId: 'unknown', severity: 'warn', data: { problem: p.message, ignored: reader === 'sail' ? 'the Istio CRD has no such field, so the API server drops it' : 'istiod ignores it', hint } });
      }
    };

    /** A mesh config written as an object inside a resource (IstioOperator, inline chart values). */
    const checkObject = (value: unknown, reader: Reader, target: (steps: ConfigPath) => Target | undefined): void => {
      const checked = checkMeshConfig(value, version);
      if (checked.notMapping !== undefined) {
        const at = target([]);
        if (at) context.report({ target: at, messageId: 'unreadable', data: { reason: checked.notMapping, effect: effectOf(reader, { path: '', message: '', kind: 'type' }) } });
        return;
      }
      reportAll(checked, value, reader, (_, steps) => target(steps));
    };

    const checkRelease = (release: ChartRelease): void => {
      const reader: Reader = release.resource.apiVersion.startsWith('sailoperator.io/') ? 'sail' : 'istiod';
      release.layers.forEach((layer, index) => {
        if (layer.values === undefined || !Object.hasOwn(layer.values, 'meshConfig')) return;
        const value = layer.values.meshConfig;
        checkObject(value, reader, (steps) => {
          const path: Path = ['meshConfig', ...steps];
          // A later layer sets the value instead, or may (a layer not among the inputs): not decided here.
          if (overridden(release.layers, index, path)) return undefined;
          const at = layer.target(path);
          // A values text (a ConfigMap's values.yaml, Argo CD's helm.values): point at the key inside it.
          const text = 'resource' in at && at.resource ? getIn(at.resource.object, at.path as Path) : undefined;
          if (typeof text === 'string' && steps.length > 0) {
            const within: SpanFinder | undefined = keySpan(text, formatConfigPath(path));
            return within ? { ...at, within } : at;
          }
          return at;
        });
      });
    };

    return {
      Resource(r) {
        if (r.kind === 'ConfigMap' && MESH_CONFIGMAP.test(r.name)) {
          const text = asObject(r.object.data)?.mesh;
          // A chart's template source, not a rendered config.
          if (typeof text !== 'string' || text.includes('{{')) return;
          const parsed = parseMeshConfig(text, version);
          // Too complex to read: startup-order-hold says so for this ConfigMap.
          if (parsed.tooComplex !== undefined) return;
          const path: Path = ['data', 'mesh'];
          if (parsed.syntaxError !== undefined) {
            if (isPlaceholder(text)) return;
            context.report({ target: { resource: r, path }, messageId: 'unreadable', data: { reason: parsed.syntaxError, effect: effectOf('istiod', { path: '', message: '' }) } });
            return;
          }
          reportAll(parsed, parsed.value, 'istiod', (p) => {
            const within = keySpan(text, p.path);
            return within ? { resource: r, path, within } : { resource: r, path };
          });
          return;
        }
        if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
          // istioctl validates spec.meshConfig and spec.values.meshConfig each on its own (operator/pkg/apis/validation).
          for (const base of [['spec', 'meshConfig'], ['spec', 'values', 'meshConfig']] as const) {
            const value = getIn(r.object, base);
            if (value === undefined || value === null) continue;
            checkObject(value, 'istioctl', (steps) => ({ resource: r, path: [...base, ...steps] }));
          }
          return;
        }
        for (const release of releasesByResource.get(objectKey(r)) ?? []) checkRelease(release);
      },
    };
  },
});
