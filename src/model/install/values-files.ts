// Helm values: how a `--set` parameter reads, how a document without a kind is recognised as
// istiod's values (INSTALL-SOURCES.md A0.2), and the made-up kinds the facts pass reads values
// files and charts' Chart.yaml as, so facts read from them point at their lines. gitops.ts reads
// the releases such a file describes.
import type { ParsedDocument, Resource } from '../../common/types.ts';
import { asObject } from '../workload.ts';

/** Keys of a values document's `env` looked at, at most. */
const MAX_ENV_KEYS = 100;

/**
 * Helm values files have no kind: meshlint reads them as objects of this made-up kind (a name no
 * Kubernetes kind can have), built by the facts pass from a document recognised by its content
 * or named in the config's istio.valuesFiles.
 */
export const VALUES_FILE_KIND = 'values file';

/** How a values document is recognised (INSTALL-SOURCES.md A0.2): keys only the istiod chart has. */
const ISTIOD_ONLY_KEYS: readonly string[] = ['sidecarInjectorWebhook', 'revisionTags', 'istiodRemote', 'pilot'];
/** istiod's own environment variables under `env` (≥1.24 flat layout). */
const ISTIOD_ENV = /^(?:PILOT_|ENABLE_NATIVE_SIDECARS$)/;
/** A copy of the chart's own values.yaml (its defaults, not an install): ≥1.24 and 1.21–1.23 wrappers. */
const CHART_DEFAULTS_KEYS: readonly string[] = ['_internal_defaults_do_not_set', 'defaults'];
/** Keys of other Istio charts whose values also carry meshConfig or global (the gateway charts). */
const OTHER_CHART_KEYS: readonly string[] = ['name', 'networkGateway', 'gateways'];
/** Cheap test on a document's text before parsing it: a line that only istiod values have. */
export const ISTIOD_VALUES_LINE = /^(?:sidecarInjectorWebhook|revisionTags|istiodRemote|pilot|istiod)[ \t]*:|^[ \t]+(?:PILOT_[A-Z_]+|ENABLE_NATIVE_SIDECARS)[ \t]*:/m;

/**
 * What a document without a kind holds: the istiod chart's values, the `ambient` umbrella
 * chart's (istiod's under `istiod:`), or neither. `stated`: the config names the file, so any
 * map is istiod's values.
 */
export function valuesDocumentKind(v: Record<string, unknown>, stated: boolean): 'istiod' | 'umbrella' | undefined {
  if ('kind' in v || 'apiVersion' in v) return undefined;
  if (asObject(v.istiod)) return 'umbrella';
  if (stated) return 'istiod';
  if (CHART_DEFAULTS_KEYS.some((k) => k in v) || OTHER_CHART_KEYS.some((k) => k in v)) return undefined;
  if (ISTIOD_ONLY_KEYS.some((k) => asObject(v[k]) !== undefined || Array.isArray(v[k]))) return 'istiod';
  const env = asObject(v.env);
  return env && Object.keys(env).slice(0, MAX_ENV_KEYS).some((k) => ISTIOD_ENV.test(k)) ? 'istiod' : undefined;
}

/** Values files that describe an install by themselves (recognised or stated), not only a layer some GitOps object reads. */
const installs = new WeakSet<Resource>();

/**
 * A values document as an object of VALUES_FILE_KIND, so facts read from it point at its lines.
 * `install`: it describes an install by itself; otherwise it counts only when a GitOps object
 * among the inputs reads it.
 */
export function valuesFileResource(doc: ParsedDocument, values: Record<string, unknown>, install: boolean): Resource {
  const r: Resource = { doc, basePath: [], object: values, apiVersion: '', kind: VALUES_FILE_KIND, name: doc.file.displayPath, declaredNamespace: undefined, namespace: undefined };
  if (install) installs.add(r);
  return r;
}

export const isInstallValuesFile = (r: Resource): boolean => installs.has(r);

/**
 * A chart's Chart.yaml, read for the Istio charts it depends on (the versions it pins): an object
 * of this made-up kind, built by the facts pass, as values files are.
 */
export const CHART_FILE_KIND = 'Chart.yaml';

/** A chart's own Chart.yaml (the file Helm reads; `chart.yaml` is not read). */
export const CHART_FILE_NAME = /(?:^|[/\\])Chart\.yaml$/;

export function chartFileResource(doc: ParsedDocument, chart: Record<string, unknown>): Resource {
  return { doc, basePath: [], object: chart, apiVersion: '', kind: CHART_FILE_KIND, name: doc.file.displayPath, declaredNamespace: undefined, namespace: undefined };
}

/** Files whose name says they hold Helm values, read for what GitOps objects among the inputs read from them. */
export const VALUES_FILE_NAME = /values[^/\\]*\.ya?ml$/i;

/** A value as Helm's `--set` types it: true/false, integers, else the string. `--set-string` keeps strings. */
export function setValue(text: string, asString: boolean): unknown {
  if (asString) return text;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?(?:0|[1-9]\d{0,15})$/.test(text)) return Number(text);
  return text;
}

/** `a.b\.c` → ['a', 'b.c']; list indexes (`a[0]`) are not read. */
export function dottedPath(name: string): string[] | undefined {
  if (/\[|\]/.test(name)) return undefined;
  const parts = name.split(/(?<!\\)\./).map((p) => p.replace(/\\\./g, '.'));
  return parts.every((p) => p.length > 0) ? parts : undefined;
}

/** A value at a dotted path, as the mapping `--set` makes of it. */
export function nested(path: readonly string[], value: unknown): Record<string, unknown> {
  let out: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) out = { [path[i] as string]: out };
  return out as Record<string, unknown>;
}
