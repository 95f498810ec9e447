// Istio installs declared through GitOps objects rather than rendered manifests: Flux
// HelmReleases, Argo CD Applications and ApplicationSets of the istiod or cni chart, and the
// Sail operator's Istio, IstioRevision and IstioCNI. Each yields the chart values it passes, as layers
// in the order the tool merges them (the last wins), each with where it is written so facts
// read from it point at the line. A layer among the inputs that cannot be read (a valuesFrom
// ConfigMap or a valueFile that is not among them) is kept as a gap: what it could set is unknown.
// Also the namespaces these objects create (Argo CD CreateNamespace=true, Flux
// install.createNamespace) and the labels they give them.
// Field paths: ../shared/istio/INSTALL-SOURCES.md sections A1-A3.
import { posix } from 'node:path';
import type { ParsedDocument, Path, Resource, Target } from '../../common/types.ts';
import { secretOrigin } from '../hidden-values.ts';
import { readEmbeddedYaml } from '../injection/mesh.ts';
import { isPlaceholder } from '../placeholder.ts';
import { asObject, getIn, labelString } from '../workload.ts';
import { dottedPath, nested, setValue, VALUES_FILE_KIND } from './values-files.ts';

export { VALUES_FILE_KIND, ISTIOD_VALUES_LINE, valuesDocumentKind, valuesFileResource, isInstallValuesFile, CHART_FILE_KIND, CHART_FILE_NAME, chartFileResource, VALUES_FILE_NAME } from './values-files.ts';

/** One set of chart values, or a gap where values are passed but not among the inputs. */
export type ValuesLayer =
  | {
      readonly values: Record<string, unknown>;
      /** "HelmRelease istio-system/istiod (spec.values.meshConfig.defaultConfig.holdApplicationUntilProxyStarts)". */
      readonly describe: (key: string) => string;
      readonly target: (key: Path) => Target;
    }
  | { readonly values: undefined; readonly missing: string };

export interface ChartRelease {
  readonly resource: Resource;
  /** "HelmRelease istio-system/istiod", "Application argocd/istiod (spec.sources[1])". */
  readonly label: string;
  readonly chart: 'istiod' | 'cni' | 'ztunnel';
  /** Lowest precedence first. */
  readonly layers: readonly ValuesLayer[];
  /** Where the chart is named, for a fact the release states by being there. */
  readonly chartTarget: Target;
  /** The revision the tool sets whatever the values say (the Sail operator), else undefined. */
  readonly revision?: string;
}

/** A release of any chart (not only Istio's), for rendering what a GitOps object deploys. */
export type AnyChartRelease = Omit<ChartRelease, 'chart'> & { readonly chart: ChartRelease['chart'] | undefined };

/**
 * Every chart release a Flux HelmRelease or an Argo CD Application declares, whatever its
 * chart, with the values layers it passes. ApplicationSets are left out: their generators
 * decide what each Application holds.
 */
export function deployedReleasesOf(r: Resource, lookup: InputLookup, ocirepos: (ns: string | undefined, name: string) => Resource | undefined, files: FileLookup): AnyChartRelease[] {
  if (r.kind === 'HelmRelease' && r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) {
    const rel = fluxRelease(r, lookup, ocirepos, files, true);
    return rel ? [rel] : [];
  }
  if (r.kind === 'Application' && r.apiVersion.startsWith('argoproj.io/')) return argoReleases(r, asObject(r.object.spec) ?? {}, ['spec'], files, true);
  return [];
}

export interface CreatedNamespace {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly source: string;
  readonly target: Target;
}

/** Finds a ConfigMap or Secret among the inputs. */
export type InputLookup = (kind: 'ConfigMap' | 'Secret', namespace: string | undefined, name: string) => Resource | undefined;

/**
 * Finds a values file among the inputs by its path inside the repository a GitOps source names
 * (that repository's root is not known: the path must end an input's path, and only one may).
 */
export type FileLookup = (repoPath: string) => Resource | 'ambiguous' | undefined;

/** A path inside a source repository, normalised; undefined when it leaves the repository or is absolute. */
function repoPath(...parts: string[]): string | undefined {
  const joined = posix.normalize(parts.filter((p) => p !== '').join('/'));
  if (joined.startsWith('/') || joined === '..' || joined.startsWith('../') || joined === '.') return undefined;
  return joined.replace(/^\.\//, '');
}

/** The layer of a values file found among the inputs, or a gap naming it. */
function fileLayer(files: FileLookup, path: string | undefined, label: string, written: string, at: string): ValuesLayer {
  const found = path === undefined || isPlaceholder(written) ? undefined : files(path);
  if (found === undefined || found === 'ambiguous') {
    const why = found === 'ambiguous' ? 'which several inputs could be' : 'which is not among the inputs';
    return { values: undefined, missing: `${label} reads values file ${written} (${at}), ${why}` };
  }
  const shown = found.doc.file.displayPath;
  return { values: found.object, describe: (k) => `${label} (values file ${shown}: ${k})`, target: (k) => ({ resource: found, path: k }) };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const MAX_LAYERS = 100;

/** Chart names: `istiod` (≥1.12) or `istio-discovery` (older, and the in-repo directory); a path's last segment. */
function chartKind(nameOrPath: string | undefined): 'istiod' | 'cni' | 'ztunnel' | undefined {
  if (!nameOrPath) return undefined;
  const last = nameOrPath.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last === 'istiod' || last === 'istio-discovery') return 'istiod';
  if (last === 'cni' || last === 'istio-cni') return 'cni';
  if (last === 'ztunnel') return 'ztunnel';
  return undefined;
}

const dotted = (p: Path): string => p.join('.');

function objectLayer(values: unknown, resource: Resource, at: Path, describe: (key: string) => string): ValuesLayer | undefined {
  const v = asObject(values);
  return v ? { values: v, describe, target: (k) => ({ resource, path: [...at, ...k] }) } : undefined;
}

/**
 * The values texts one release reads at most, in total: a release may name the same large
 * Secret a hundred times (each reference is a layer), and what lies past the bound is a gap.
 */
export const MAX_RELEASE_VALUES_BYTES = 8 * 1024 * 1024;

/** Each values text of the inputs read once, however many releases and references name it: by resource, then key. */
const readTexts = new WeakMap<object, Map<string, ReturnType<typeof readEmbeddedYaml>>>();

/** What this process has parsed of values texts: the bound is checked on it (tests), never on time. */
export const valuesTextsParsed = { texts: 0, chars: 0 };

function readOnce(resource: Resource, at: Path, text: string): ReturnType<typeof readEmbeddedYaml> {
  let byKey = readTexts.get(resource.object);
  if (!byKey) readTexts.set(resource.object, (byKey = new Map()));
  const key = at.join('\u0000');
  let read = byKey.get(key);
  if (!read) {
    valuesTextsParsed.texts++;
    valuesTextsParsed.chars += text.length;
    byKey.set(key, (read = readEmbeddedYaml(text)));
  }
  return read;
}

/** The bytes of values text a release has left to read; false once a text does not fit. */
function valuesBudget(): (text: string) => boolean {
  let left = MAX_RELEASE_VALUES_BYTES;
  return (text) => {
    left -= text.length;
    return left >= 0;
  };
}

const overBudget = (label: string, at: string): ValuesLayer => ({
  values: undefined,
  missing: `${label} passes more than ${MAX_RELEASE_VALUES_BYTES / 1024 / 1024} MB of values texts (at ${at}); meshlint reads no more of them`,
});

/** A values text among the inputs (a ConfigMap key, a Helm `values` string): its keys cannot be located, so facts point at the text. */
function textLayer(text: string, resource: Resource, at: Path, describe: (key: string) => string, unreadable: string): ValuesLayer {
  const read = readOnce(resource, at, text);
  if (!read.value) return { values: undefined, missing: `${unreadable} (${read.tooComplex ?? read.error ?? 'not a map'})` };
  return { values: read.value, describe, target: () => ({ resource, path: at }) };
}

/** Secrets' decoded values, once per Secret and key (a release may name one a hundred times). */
const decoded = new WeakMap<object, Map<string, string | undefined>>();

function secretText(r: Resource, key: string): string | undefined {
  const plain = str(asObject(r.object.stringData)?.[key]);
  if (plain !== undefined) return plain;
  let byKey = decoded.get(r.object);
  if (!byKey) decoded.set(r.object, (byKey = new Map()));
  if (!byKey.has(key)) {
    const encoded = str(asObject(r.object.data)?.[key]);
    byKey.set(key, encoded === undefined || !/^[A-Za-z0-9+/=\s]*$/.test(encoded) ? undefined : Buffer.from(encoded, 'base64').toString('utf8'));
  }
  return byKey.get(key);
}

/** A `spec.valuesFrom` entry of a Flux HelmRelease: its referent (in the release's namespace), key and text when they are among the inputs. */
function valuesFromEntry(e: unknown, ns: string | undefined, lookup: InputLookup) {
  const entry = asObject(e);
  const kind = entry?.kind === 'Secret' ? 'Secret' : entry?.kind === 'ConfigMap' ? 'ConfigMap' : undefined;
  const name = str(entry?.name);
  if (!entry || !kind || !name) return undefined;
  const key = str(entry.valuesKey) ?? 'values.yaml';
  const found = lookup(kind, ns, name);
  const text = found ? (kind === 'Secret' ? secretText(found, key) : str(asObject(found.object.data)?.[key])) : undefined;
  return { entry, kind, name, key, found, text };
}

/** Where a HelmRelease's valuesFrom texts pass MAX_RELEASE_VALUES_BYTES: the entry that does not fit, and what was read before it. */
export interface ValuesOverBudget {
  /** The index of the first entry in spec.valuesFrom that is not read. */
  readonly index: number;
  /** The characters of values text read before it. */
  readonly read: number;
  /** How many entries spec.valuesFrom has (those meshlint looks at). */
  readonly entries: number;
}

/** Whether a Flux HelmRelease names more values text than meshlint reads for one release, and where the bound runs out. */
export function valuesOverBudget(r: Resource, lookup: InputLookup): ValuesOverBudget | undefined {
  if (r.kind !== 'HelmRelease' || !r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) return undefined;
  const from = getIn(r.object, ['spec', 'valuesFrom']);
  if (!Array.isArray(from)) return undefined;
  const entries = Math.min(from.length, MAX_LAYERS);
  const ns = r.declaredNamespace ?? r.namespace;
  let read = 0;
  for (let i = 0; i < entries; i++) {
    const text = valuesFromEntry(from[i], ns, lookup)?.text;
    if (text === undefined) continue;
    if (read + text.length > MAX_RELEASE_VALUES_BYTES) return { index: i, read, entries };
    read += text.length;
  }
  return undefined;
}

/**
 * The values a Flux HelmRelease takes from Secrets among the inputs (within the release's
 * bound), each with where it comes from: what a render of the release may write anywhere in
 * its manifests.
 */
export function secretValuesOf(r: Resource, lookup: InputLookup): { values: Record<string, unknown>; origin: string }[] {
  if (r.kind !== 'HelmRelease' || !r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) return [];
  const from = getIn(r.object, ['spec', 'valuesFrom']);
  if (!Array.isArray(from)) return [];
  const ns = r.declaredNamespace ?? r.namespace;
  const over = valuesOverBudget(r, lookup)?.index ?? MAX_LAYERS;
  const out: { values: Record<string, unknown>; origin: string }[] = [];
  for (let i = 0; i < Math.min(from.length, over, MAX_LAYERS); i++) {
    const e = valuesFromEntry(from[i], ns, lookup);
    if (!e || e.kind !== 'Secret' || e.text === undefined || !e.found) continue;
    const at: Path = Object.hasOwn(asObject(e.found.object.stringData) ?? {}, e.key) ? ['stringData', e.key] : ['data', e.key];
    const origin = secretOrigin(ns, e.name, e.key);
    const targetPath = str(e.entry.targetPath);
    if (targetPath) out.push({ values: { [targetPath]: e.text }, origin });
    else {
      const read = readOnce(e.found, at, e.text);
      if (read.value) out.push({ values: read.value, origin });
    }
  }
  return out;
}

function fluxRelease(r: Resource, lookup: InputLookup, ocirepos: (ns: string | undefined, name: string) => Resource | undefined, files: FileLookup, anyChart = false): AnyChartRelease | undefined {
  const spec = asObject(r.object.spec) ?? {};
  const ns = r.declaredNamespace ?? r.namespace;
  const label = `HelmRelease ${ns ? `${ns}/` : ''}${r.name}`;
  let chart = chartKind(str(getIn(spec, ['chart', 'spec', 'chart'])));
  let chartTarget: Target = { resource: r, path: ['spec', 'chart', 'spec', 'chart'] };
  const ref = asObject(spec.chartRef);
  if (!chart && ref) {
    const refName = str(ref.name);
    const oci = ref.kind === 'OCIRepository' && refName ? ocirepos(str(ref.namespace) ?? ns, refName) : undefined;
    // The chart of an OCIRepository is the last segment of its URL; without it, its name.
    chart = chartKind(str(getIn(oci?.object, ['spec', 'url']))) ?? chartKind(refName);
    chartTarget = oci ? { resource: oci, path: ['spec', 'url'] } : { resource: r, path: ['spec', 'chartRef', 'name'] };
  }
  if (!chart && !anyChart) return undefined;
  const layers: ValuesLayer[] = [];
  const targeted: ValuesLayer[] = [];
  // Files of the chart's source used as its values.yaml instead of the chart's own: what they
  // leave out is unknown. From a GitRepository they are paths of that repository, which may be
  // among the inputs; from a Helm repository they are inside the chart package.
  const chartSpec = asObject(getIn(spec, ['chart', 'spec'])) ?? {};
  const valuesFiles = [...(Array.isArray(chartSpec.valuesFiles) ? chartSpec.valuesFiles.slice(0, MAX_LAYERS) : []), ...(typeof chartSpec.valuesFile === 'string' ? [chartSpec.valuesFile] : [])];
  const fromGit = getIn(chartSpec, ['sourceRef', 'kind']) === 'GitRepository';
  for (const f of valuesFiles) {
    if (typeof f !== 'string') continue;
    if (!fromGit) {
      layers.push({ values: undefined, missing: `${label} uses ${f} of its chart source as values (spec.chart.spec.valuesFiles), which is not among the inputs` });
      continue;
    }
    if (layers.length === 0) layers.push({ values: undefined, missing: `${label} replaces the chart's values.yaml with spec.chart.spec.valuesFiles` });
    layers.push(fileLayer(files, repoPath(f), label, f, 'spec.chart.spec.valuesFiles'));
  }
  const from = Array.isArray(spec.valuesFrom) ? spec.valuesFrom.slice(0, MAX_LAYERS) : [];
  const fits = valuesBudget();
  let over = false;
  from.forEach((e, i) => {
    if (over) return;
    // The referent is in the HelmRelease's namespace.
    const read = valuesFromEntry(e, ns, lookup);
    if (!read) return;
    const { entry, kind, name, key, found, text } = read;
    const refLabel = `${kind} ${ns ? `${ns}/` : ''}${name}`;
    const targetPath = str(entry.targetPath);
    if (text === undefined) {
      const why = found ? `has no key ${key}` : 'is not among the inputs';
      (targetPath ? targeted : layers).push({ values: undefined, missing: `${label} takes values from ${refLabel} (spec.valuesFrom[${i}]), which ${why}` });
      return;
    }
    const at: Path = kind === 'Secret' && Object.hasOwn(asObject(found?.object.stringData) ?? {}, key) ? ['stringData', key] : ['data', key];
    if (!fits(text)) {
      // What this entry and the ones after it set is unknown; the earlier ones stand.
      over = true;
      (targetPath ? targeted : layers).push(overBudget(label, `spec.valuesFrom[${i}]`));
      return;
    }
    if (targetPath) {
      const p = dottedPath(targetPath);
      if (!p) {
        targeted.push({ values: undefined, missing: `${label} sets ${targetPath} from ${refLabel} (spec.valuesFrom[${i}].targetPath), a path meshlint does not read` });
        return;
      }
      targeted.push({ values: nested(p, setValue(text, entry.literal === true)), describe: () => `${label} (spec.valuesFrom[${i}] ${refLabel} ${key} → ${targetPath})`, target: () => ({ resource: found as Resource, path: at }) });
      return;
    }
    layers.push(textLayer(text, found as Resource, at, (k) => `${label} (spec.valuesFrom[${i}] ${refLabel} ${key}: ${k})`, `${label} takes values from ${refLabel} key ${key}, which cannot be read`));
  });
  const inline = objectLayer(spec.values, r, ['spec', 'values'], (k) => `${label} (spec.values.${k})`);
  if (inline) layers.push(inline);
  // An entry with targetPath overrides everything before it, inline values included.
  layers.push(...targeted);
  return { resource: r, label, chart, layers, chartTarget };
}

function argoReleases(r: Resource, appSpec: Record<string, unknown>, base: Path, files: FileLookup, anyChart = false): AnyChartRelease[] {
  const ns = r.declaredNamespace ?? r.namespace;
  const name = `${r.kind} ${ns ? `${ns}/` : ''}${r.name}`;
  const sources: { source: Record<string, unknown>; at: Path; label: string }[] = [];
  const single = asObject(appSpec.source);
  if (single) sources.push({ source: single, at: [...base, 'source'], label: name });
  if (Array.isArray(appSpec.sources)) {
    appSpec.sources.slice(0, MAX_LAYERS).forEach((s, i) => {
      const source = asObject(s);
      if (source) sources.push({ source, at: [...base, 'sources', i], label: `${name} (${dotted([...base, 'sources'])}[${i}])` });
    });
  }
  // Sources named by `ref`, whose files other sources read as $<ref>/<path> (multi-source Applications).
  const refs = new Set(sources.flatMap(({ source }) => (typeof source.ref === 'string' && source.ref !== '' ? [source.ref] : [])));
  const out: AnyChartRelease[] = [];
  for (const { source, at, label } of sources) {
    const chart = chartKind(str(source.chart) ?? str(source.path));
    if (!chart && !anyChart) continue;
    const helm = asObject(source.helm) ?? {};
    const hat: Path = [...at, 'helm'];
    const layers: ValuesLayer[] = [];
    // Precedence: valueFiles < values < valuesObject (which replaces values) < parameters.
    const valueFiles = Array.isArray(helm.valueFiles) ? helm.valueFiles.slice(0, MAX_LAYERS) : [];
    valueFiles.forEach((f, i) => {
      if (typeof f !== 'string') return;
      // Relative to the chart's folder in a git source ($<ref>/... to another source's root);
      // a chart from a Helm repository reads files of its package.
      const ref = /^\$([^/]+)\/(.*)$/.exec(f);
      const inRepo = ref ? (refs.has(ref[1] as string) ? repoPath(ref[2] as string) : undefined) : typeof source.path === 'string' && source.chart === undefined ? repoPath(source.path, f) : undefined;
      layers.push(fileLayer(files, inRepo, label, f, `${dotted(hat)}.valueFiles[${i}]`));
    });
    const object = objectLayer(helm.valuesObject, r, [...hat, 'valuesObject'], (k) => `${label} (helm.valuesObject.${k})`);
    if (object) layers.push(object);
    else if (typeof helm.values === 'string') {
      layers.push(textLayer(helm.values, r, [...hat, 'values'], (k) => `${label} (helm.values: ${k})`, `${label} passes helm.values that cannot be read`));
    } else {
      const inlineMap = objectLayer(helm.values, r, [...hat, 'values'], (k) => `${label} (helm.values.${k})`);
      if (inlineMap) layers.push(inlineMap);
    }
    const params = Array.isArray(helm.parameters) ? helm.parameters.slice(0, MAX_LAYERS * 10) : [];
    params.forEach((p, i) => {
      const entry = asObject(p);
      const pname = str(entry?.name);
      const value = entry?.value;
      const path = pname ? dottedPath(pname) : undefined;
      if (!entry || !path || (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number')) return;
      if (typeof value === 'string' && isPlaceholder(value)) {
        layers.push({ values: undefined, missing: `${label} sets ${pname} to ${value} (${dotted(hat)}.parameters[${i}]), filled in by a tool` });
        return;
      }
      layers.push({
        values: nested(path, typeof value === 'string' ? setValue(value, entry.forceString === true) : value),
        describe: () => `${label} (helm.parameters ${pname})`,
        target: () => ({ resource: r, path: [...hat, 'parameters', i, 'value'] }),
      });
    });
    out.push({ resource: r, label, chart, layers, chartTarget: { resource: r, path: [...at, source.chart !== undefined ? 'chart' : 'path'] } });
  }
  return out;
}

/** The Sail operator's revision name (controllers/istio/istio_controller.go getActiveRevisionName). */
export function sailRevision(r: Resource): string | undefined {
  if (r.kind === 'IstioRevision') return r.name || undefined;
  const spec = asObject(r.object.spec) ?? {};
  const strategy = str(getIn(spec, ['updateStrategy', 'type'])) ?? 'InPlace';
  if (strategy === 'RevisionBased') {
    const version = str(spec.version);
    return version ? `${r.name}-${version.replaceAll('.', '-')}` : undefined;
  }
  return r.name || undefined;
}

/** Values that select preset files of the chart (templates/zzz_profile.yaml): e.g. profile ambient and platform openshift turn CNI on, compatibilityVersion 1.25 native sidecars off. */
const PRESET_PATHS: readonly Path[] = [['profile'], ['global', 'profile'], ['platform'], ['global', 'platform'], ['compatibilityVersion']];

/**
 * The chart merges preset files under the user's values; meshlint does not read them, so what
 * they could set and the user's values leave out is unknown: a gap below every layer.
 */
function withPresets(release: ChartRelease, sailProfile: unknown): ChartRelease {
  const presets: string[] = [];
  if (typeof sailProfile === 'string' && sailProfile !== '' && sailProfile !== 'default') presets.push(`spec.profile ${sailProfile}`);
  for (const path of PRESET_PATHS) {
    const v = layeredValue(release.layers, path);
    if (v && 'value' in v && typeof v.value === 'string' && v.value !== '' && v.value !== 'default') presets.push(`${path.join('.')} ${v.value}`);
  }
  if (presets.length === 0) return release;
  return { ...release, layers: [{ values: undefined, missing: `${release.label} selects ${presets.join(', ')}, whose preset values meshlint does not read` }, ...release.layers] };
}

/** The istiod or cni chart releases an object declares. */
export function chartReleasesOf(r: Resource, lookup: InputLookup, ocirepos: (ns: string | undefined, name: string) => Resource | undefined, files: FileLookup): ChartRelease[] {
  const sailProfile = r.apiVersion.startsWith('sailoperator.io/') ? getIn(r.object, ['spec', 'profile']) : undefined;
  return releasesOf(r, lookup, ocirepos, files).map((release) => withPresets(release, sailProfile));
}

function releasesOf(r: Resource, lookup: InputLookup, ocirepos: (ns: string | undefined, name: string) => Resource | undefined, files: FileLookup): ChartRelease[] {
  if (r.kind === VALUES_FILE_KIND) return valuesFileReleases(r);
  if (r.kind === 'HelmRelease' && r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) {
    const rel = fluxRelease(r, lookup, ocirepos, files);
    return rel ? [rel as ChartRelease] : [];
  }
  if (r.apiVersion.startsWith('argoproj.io/')) {
    if (r.kind === 'Application') return argoReleases(r, asObject(r.object.spec) ?? {}, ['spec'], files) as ChartRelease[];
    if (r.kind === 'ApplicationSet') {
      const releases = argoReleases(r, asObject(getIn(r.object, ['spec', 'template', 'spec'])) ?? {}, ['spec', 'template', 'spec'], files) as ChartRelease[];
      const patched = templatePatched(r, /\bhelm\b|\bsources?\b/);
      // What a per-element patch or a generator's own template sets wins over the template.
      return patched ? releases.map((rel) => ({ ...rel, layers: [...rel.layers, { values: undefined, missing: `${rel.label} ${patched}` }] })) : releases;
    }
    return [];
  }
  if (!r.apiVersion.startsWith('sailoperator.io/')) return [];
  const label = `${r.kind} ${r.name}`;
  const layer = objectLayer(getIn(r.object, ['spec', 'values']), r, ['spec', 'values'], (k) => `${label} (spec.values.${k})`);
  if (r.kind === 'Istio' || r.kind === 'IstioRevision') {
    const revision = sailRevision(r);
    if (!revision) return [];
    return [{ resource: r, label, chart: 'istiod', layers: layer ? [layer] : [], chartTarget: { resource: r, path: ['metadata', 'name'] }, revision }];
  }
  // IstioCNI passes the cni chart's values (values.cni.*) as they are (api/v1/istiocni_types.go).
  if (r.kind === 'IstioCNI') return [{ resource: r, label, chart: 'cni', layers: layer ? [layer] : [], chartTarget: { resource: r, path: ['metadata', 'name'] } }];
  // ZTunnel (v1, and the deprecated v1alpha1) passes the ztunnel chart's values.
  if (r.kind === 'ZTunnel') return [{ resource: r, label, chart: 'ztunnel', layers: layer ? [layer] : [], chartTarget: { resource: r, path: ['metadata', 'name'] } }];
  return [];
}

/** The releases a values file (a VALUES_FILE_KIND object) describes: istiod's, and with the umbrella chart the cni chart's too. */
function valuesFileReleases(r: Resource): ChartRelease[] {
  const label = `values file ${r.doc.file.displayPath}`;
  const values = r.object;
  const chartTarget: Target = { resource: r, path: [] };
  if (asObject(values.istiod)) {
    // The umbrella chart passes istiod: and cni: to those dependencies; global: is shared by all of them.
    const shared = asObject(values.global);
    const sub = (key: 'istiod' | 'cni'): ChartRelease | undefined => {
      const own = objectLayer(values[key], r, [key], (k) => `${label} (${key}.${k})`);
      if (!own) return undefined;
      const layers: ValuesLayer[] = shared ? [{ values: { global: shared }, describe: (k) => `${label} (${k})`, target: (k) => ({ resource: r, path: k }) }, own] : [own];
      return { resource: r, label, chart: key, layers, chartTarget };
    };
    return [sub('istiod'), sub('cni')].filter((x): x is ChartRelease => x !== undefined);
  }
  const layer = objectLayer(values, r, [], (k) => `${label} (${k})`);
  return [{ resource: r, label, chart: 'istiod', layers: layer ? [layer] : [], chartTarget }];
}

/** A revision tag an install declares: istio.io/rev=<tag> then injects with <revision>. */
export interface DeclaredTag {
  readonly tag: string;
  /** The revision it points at; undefined when the object it points at is not among the inputs and its revision cannot be derived. */
  readonly revision: string | undefined;
  readonly source: string;
  readonly target: Target;
}

/** The istiod chart's `revisionTags` value: one revision-tag webhook per tag, for the release's revision (templates/revision-tags-mwc.yaml). */
export function chartRevisionTags(release: ChartRelease): DeclaredTag[] {
  if (release.chart !== 'istiod') return [];
  for (let i = release.layers.length - 1; i >= 0; i--) {
    const layer = release.layers[i] as ValuesLayer;
    if (layer.values === undefined) return [];
    const tags = getIn(layer.values, ['revisionTags']);
    if (tags === undefined) continue;
    if (!Array.isArray(tags)) return [];
    const revision = releaseRevision(release);
    return tags.slice(0, MAX_LAYERS).flatMap((t, j) =>
      typeof t === 'string' && t !== '' && !isPlaceholder(t) ? [{ tag: t, revision, source: layer.describe(`revisionTags[${j}]`), target: layer.target(['revisionTags', j]) }] : [],
    );
  }
  return [];
}

/**
 * A Sail operator IstioRevisionTag (spec.targetRef{kind: Istio|IstioRevision, name}): the
 * operator renders the chart's revision-tag webhook for it
 * (controllers/istiorevisiontag/istiorevisiontag_controller.go). An Istio target's revision is
 * that Istio's active revision; `istios` finds the Istio among the inputs.
 */
export function sailRevisionTag(r: Resource, istios: (name: string) => Resource | undefined): DeclaredTag | undefined {
  if (r.kind !== 'IstioRevisionTag' || !r.apiVersion.startsWith('sailoperator.io/') || !r.name || isPlaceholder(r.name)) return undefined;
  const ref = asObject(getIn(r.object, ['spec', 'targetRef'])) ?? {};
  const name = str(ref.name);
  const target: Target = { resource: r, path: Object.hasOwn(ref, 'name') ? ['spec', 'targetRef', 'name'] : ['metadata', 'name'] };
  const source = `IstioRevisionTag ${r.name} (spec.targetRef)`;
  if (!name || isPlaceholder(name)) return { tag: r.name, revision: undefined, source, target };
  if (ref.kind === 'IstioRevision') return { tag: r.name, revision: name, source, target };
  if (ref.kind !== 'Istio') return { tag: r.name, revision: undefined, source, target };
  const istio = istios(name);
  return { tag: r.name, revision: istio ? sailRevision(istio) : undefined, source, target };
}

/**
 * Whether an ApplicationSet's generated Applications may differ from its template where `touches`
 * matches: a `templatePatch` (a Go template applied per element) or a generator's own
 * `template`, which the ApplicationSet controller merges over spec.template
 * (applicationset_types.go). Says how, or undefined.
 */
function templatePatched(r: Resource, touches: RegExp): string | undefined {
  const patch = getIn(r.object, ['spec', 'templatePatch']);
  if (typeof patch === 'string' && touches.test(patch)) return 'patches its template per element (spec.templatePatch): what the patch sets is unknown';
  const generators = getIn(r.object, ['spec', 'generators']);
  if (!Array.isArray(generators)) return undefined;
  for (const g of generators.slice(0, MAX_LAYERS)) {
    for (const inner of Object.values(asObject(g) ?? {}).slice(0, MAX_LAYERS)) {
      const own = asObject(asObject(inner)?.template);
      if (own && touches.test(JSON.stringify(own.spec ?? {}))) return 'has a generator with a template of its own (spec.generators[].template): what it sets is unknown';
    }
  }
  return undefined;
}

/** Namespaces an Argo CD Application (CreateNamespace=true) or a Flux HelmRelease (install.createNamespace) creates. */
export function createdNamespacesOf(r: Resource): CreatedNamespace[] {
  const label = `${r.kind} ${r.declaredNamespace ? `${r.declaredNamespace}/` : ''}${r.name}`;
  if (r.kind === 'HelmRelease' && r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) {
    if (getIn(r.object, ['spec', 'install', 'createNamespace']) !== true) return [];
    const name = str(getIn(r.object, ['spec', 'targetNamespace'])) ?? r.declaredNamespace ?? r.namespace;
    if (!name || isPlaceholder(name)) return [];
    // Helm creates it with only the label name=<ns> (pkg/action/install.go).
    return [{ name, labels: { name }, source: `${label} (spec.install.createNamespace)`, target: { resource: r, path: ['spec', 'install', 'createNamespace'] } }];
  }
  if (r.apiVersion.startsWith('argoproj.io/') && (r.kind === 'Application' || r.kind === 'ApplicationSet')) {
    const base: Path = r.kind === 'Application' ? ['spec'] : ['spec', 'template', 'spec'];
    // A namespace or labels a patch or a generator's template may change are not known.
    if (r.kind === 'ApplicationSet' && templatePatched(r, /\b(?:destination|syncPolicy|syncOptions|managedNamespaceMetadata)\b/)) return [];
    const spec = asObject(getIn(r.object, base)) ?? {};
    const options = getIn(spec, ['syncPolicy', 'syncOptions']);
    if (!Array.isArray(options) || !options.slice(0, MAX_LAYERS).some((o) => o === 'CreateNamespace=true')) return [];
    const name = str(getIn(spec, ['destination', 'namespace']));
    if (!name || isPlaceholder(name)) return [];
    // managedNamespaceMetadata applies only with CreateNamespace=true, which holds here.
    const given = asObject(getIn(spec, ['syncPolicy', 'managedNamespaceMetadata', 'labels'])) ?? {};
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(given)) {
      const s = labelString(v);
      if (s === undefined || isPlaceholder(s) || isPlaceholder(k)) return [];
      labels[k] = s;
    }
    const hasLabels = Object.keys(given).length > 0;
    return [{ name, labels, source: `${label} (${dotted([...base, 'syncPolicy'])}${hasLabels ? '.managedNamespaceMetadata.labels' : '.syncOptions CreateNamespace=true'})`, target: { resource: r, path: hasLabels ? [...base, 'syncPolicy', 'managedNamespaceMetadata', 'labels'] : [...base, 'syncPolicy', 'syncOptions'] } }];
  }
  return [];
}

/**
 * A value of merged layers (the last wins) and the layer it comes from; `gap` when a layer
 * that is not among the inputs comes after every layer that sets it.
 */
export function layeredValue(layers: readonly ValuesLayer[], path: Path): { value: unknown; layer: SetLayer } | { gap: string } | undefined {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i] as ValuesLayer;
    if (layer.values === undefined) return { gap: layer.missing };
    const value = getIn(layer.values, path);
    if (value !== undefined) return { value, layer };
  }
  return undefined;
}

/** A values layer that is among the inputs. */
export type SetLayer = Extract<ValuesLayer, { readonly values: Record<string, unknown> }>;

/** The revision a release installs: the operator's, else the `revision` value ("" is the default revision). */
export function releaseRevision(release: ChartRelease): string {
  if (release.revision !== undefined) return release.revision;
  const rev = layeredValue(release.layers, ['revision']);
  return (rev && 'value' in rev && typeof rev.value === 'string' && rev.value) || 'default';
}
