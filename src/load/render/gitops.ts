// What Flux HelmReleases and Argo CD Applications deploy, rendered from the charts the user
// provides: the chart each names is looked up among them (by name and version constraint, or
// by its folder in the repository), rendered with the values the object gives, under its
// release name and into its namespace, through the same confined helm as every chart. Every
// finding of such a render is reported on the GitOps object's line that names the chart, and
// names the template it came from. A release whose chart is not there is counted, never
// silently dropped: `meshlint charts` says how to fetch it.
import { appendTo } from '../../common/collections.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { escapesThroughLink, isInside, repoRoot } from '../boundary.ts';
import { readRegularFile } from '../read.ts';
import { isKubeObject, resourcesOf } from '../resources.ts';
import { groupsOf, parseGroup } from '../../parse/yaml.ts';
import { Locator } from '../../parse/locator.ts';
import { valuesFileResource, type FileLookup, type ValuesLayer } from '../../model/install/gitops.ts';
import { chartDeploysOf, type ChartDeploy, type PathTarget } from '../../model/install/gitops-deploys.ts';
import { asObject } from '../../model/workload.ts';
import type { ParsedDocument, Range, RenderedLocation, Resource, SourceFile, SourceLocation } from '../../common/types.ts';
import { shortList } from '../../common/text.ts';
import { exactText } from '../../common/masked-text.ts';
import { archiveProblem, chartsIn, pickChart, type AvailableChart } from './chart-source.ts';
import { renderChart, type HelmRender } from './helm.ts';
import type { Runner } from './process.ts';
import type { TextReader } from './source-text.ts';

/** Kinds read to know what a GitOps object deploys: the objects, their sources, their values. */
/**
 * A top-level `kind:` line the scan reads, and what it makes of the group that holds it: a
 * GitOps object that deploys a chart, a source it names, or a ConfigMap or Secret its values may
 * come from (lowest first: a group holding several is read as the highest).
 */
const SCANNED_KIND = /^kind:[ \t]*["']?(HelmRelease|Application|HelmRepository|GitRepository|OCIRepository|HelmChart|Bucket|ConfigMap|Secret)["']?[ \t]*(?:#.*)?$/gm;
const VALUES = 1;
const SOURCE = 2;
const DEPLOY = 3;
const ROLE: Readonly<Record<string, number>> = { HelmRelease: DEPLOY, Application: DEPLOY, HelmRepository: SOURCE, GitRepository: SOURCE, OCIRepository: SOURCE, HelmChart: SOURCE, Bucket: SOURCE, ConfigMap: VALUES, Secret: VALUES };

/** The scanned `kind:` lines of a text, each with its role: one pass over the text. */
const scannedKinds = (text: string): { at: number; role: number }[] => [...text.matchAll(SCANNED_KIND)].map((m) => ({ at: m.index, role: ROLE[m[1] as string] ?? 0 }));

const MAX_RELEASES = 500;
/** Merged values larger than this are not written for helm (real values are kilobytes). */
const MAX_VALUES_BYTES = 4 * 1024 * 1024;
const MAX_VALUES_FILE = 4 * 1024 * 1024;

/** A GitOps object's chart release and what meshlint can do with it. */
export interface FoundDeploy {
  readonly deploy: ChartDeploy;
  /** The chart to render; undefined when it is not available (see `missing`). */
  readonly chart: AvailableChart | undefined;
  /** Why it is not rendered, when it is not. */
  readonly missing: 'chart' | 'unknown' | 'archive' | undefined;
  readonly detail: string | undefined;
}

/** The GitOps objects among the inputs and what they deploy. */
export interface DeployScan {
  readonly deploys: readonly ChartDeploy[];
}

function parsedResources(file: SourceFile, group: { start: number; end: number; firstIndex: number }, defaultNamespace: string | undefined): Resource[] {
  return parseGroup(file, group).flatMap((doc) => resourcesOf(doc, doc.file.origin?.namespace ?? defaultNamespace).resources);
}

/**
 * The chart releases GitOps objects among `files` declare, with their values as far as the
 * files hold them. Only documents whose kind matters are parsed; ConfigMaps and Secrets only
 * when a release reads one of that name. `root`: the repository, for values files a source reads.
 */
export function scanDeploys(files: readonly SourceFile[], defaultNamespace: string | undefined, root: string | undefined): DeployScan {
  const objects: Resource[] = [];
  const sources: Resource[] = [];
  const valueGroups: { file: SourceFile; group: { start: number; end: number; firstIndex: number }; text: string }[] = [];
  // Most runs have no GitOps object: one look at each file's text, and nothing is parsed.
  const kinds = files.map((f) => scannedKinds(f.text));
  if (!kinds.some((k) => k.some((m) => m.role === DEPLOY))) return { deploys: [] };
  for (const [i, file] of files.entries()) {
    const lines = kinds[i] ?? [];
    if (lines.length === 0) continue;
    let next = 0; // both in the text's order: each line is looked at once
    for (const group of groupsOf(file.text)) {
      let role = 0;
      for (; next < lines.length; next++) {
        const line = lines[next] as { at: number; role: number };
        if (line.at >= group.end) break;
        if (line.at >= group.start && line.role > role) role = line.role;
      }
      if (role === DEPLOY) objects.push(...parsedResources(file, group, defaultNamespace));
      else if (role === SOURCE) sources.push(...parsedResources(file, group, defaultNamespace));
      else if (role === VALUES) valueGroups.push({ file, group, text: exactText(file, group.start, group.end) });
    }
  }
  const parsedValues = new Map<number, Resource[]>();
  const lookup = (kind: 'ConfigMap' | 'Secret', ns: string | undefined, name: string): Resource | undefined => {
    const hits: Resource[] = [];
    valueGroups.forEach((g, i) => {
      if (!g.text.includes(name)) return;
      let rs = parsedValues.get(i);
      if (!rs) parsedValues.set(i, (rs = parsedResources(g.file, g.group, defaultNamespace)));
      hits.push(...rs.filter((r) => r.kind === kind && r.name === name));
    });
    return hits.find((r) => r.namespace === ns) ?? hits.find((r) => r.declaredNamespace === undefined || ns === undefined);
  };
  const source = (kind: string, ns: string | undefined, name: string): Resource | undefined => {
    const hits = sources.filter((r) => r.kind === kind && r.name === name);
    return hits.find((r) => r.namespace === ns) ?? hits.find((r) => r.declaredNamespace === undefined || ns === undefined);
  };
  const deploys = objects.filter((r) => r.apiVersion.startsWith('helm.toolkit.fluxcd.io/') || r.apiVersion.startsWith('argoproj.io/'));
  const out: ChartDeploy[] = [];
  const fileLookup = valuesFiles(files, root);
  for (const r of deploys) {
    if (out.length >= MAX_RELEASES) break;
    out.push(...chartDeploysOf(r, lookup, source, fileLookup));
  }
  return { deploys: out };
}

/**
 * Values files by their path in a source repository: an input whose path ends with it (only
 * one may), else the file at that path in this repository, when it is one.
 */
function valuesFiles(files: readonly SourceFile[], root: string | undefined): FileLookup {
  const cache = new Map<string, Resource | 'ambiguous' | undefined>();
  const asResource = (file: SourceFile): Resource | undefined => {
    for (const group of groupsOf(file.text)) {
      for (const doc of parseGroup(file, group)) {
        const values = asObject(doc.value);
        if (values && !isKubeObject(values)) return valuesFileResource(doc, values, false);
      }
    }
    return undefined;
  };
  return (path) => {
    if (cache.has(path)) return cache.get(path);
    const hits = files.filter((f) => !f.origin && `/${(f.absPath ?? f.displayPath).replaceAll('\\', '/')}`.endsWith(`/${path}`));
    let found: Resource | 'ambiguous' | undefined;
    if (new Set(hits.map((f) => f.displayPath)).size > 1) found = 'ambiguous';
    else if (hits[0]) found = asResource(hits[0]);
    else if (root) {
      const abs = resolve(root, path);
      const read = isInside(root, abs) && !escapesThroughLink(root, abs) ? readRegularFile(abs) : undefined;
      if (read?.ok && read.bytes.length <= MAX_VALUES_FILE) found = asResource({ displayPath: path, absPath: abs, text: read.bytes.toString('utf8').replace(/^\ufeff/, '') });
    }
    cache.set(path, found);
    return found;
  };
}

/** The charts available to GitOps renders: the named folders', the repository's `charts/` archives, and the charts met while walking. */
export function availableCharts(chartsDirs: readonly string[], metCharts: readonly string[]): AvailableChart[] {
  const out: AvailableChart[] = [];
  for (const d of chartsDirs) out.push(...chartsIn(d));
  // Each parent folder is read once, however many of its charts were met (a charts/ folder of fifty).
  const known = new Set(out.map((c) => c.path));
  const byParent = new Map<string, Set<string>>();
  for (const dir of metCharts) {
    if (known.has(dir)) continue;
    const parent = join(dir, '..');
    byParent.set(parent, (byParent.get(parent) ?? new Set()).add(dir));
  }
  const found = new Map<string, AvailableChart[]>();
  for (const [parent, dirs] of byParent) {
    for (const c of chartsIn(parent)) if (dirs.has(c.path)) appendTo(found, c.path, { ...c, met: true });
  }
  // In the order the charts were met, as before.
  for (const dir of new Set(metCharts)) if (!known.has(dir)) out.push(...(found.get(dir) ?? []));
  return out;
}

/** Where a GitOps object's chart is among those available, or why it is not rendered. */
export function resolveDeploy(d: ChartDeploy, charts: readonly AvailableChart[], metCharts: readonly string[], checked = new Map<string, string | undefined>()): FoundDeploy {
  if (d.unknown) return { deploy: d, chart: undefined, missing: 'unknown', detail: d.unknown };
  let chart: AvailableChart | undefined;
  if (d.gitPath !== undefined) {
    // A folder of a git source: this repository's chart at that path, when one is; else one of that name.
    const suffix = `${sep}${d.gitPath.split('/').join(sep)}`;
    const here = metCharts.filter((c) => c.endsWith(suffix));
    chart = here.length === 1 ? charts.find((c) => c.path === here[0]) : undefined;
    chart ??= pickChart(charts.filter((c) => !metCharts.includes(c.path)), d.chart, undefined);
  } else {
    // A chart repository's chart: one pulled into the charts folders (--charts, helm.chartsDir,
    // charts/), never a chart folder met elsewhere that happens to share its name: that may be
    // another chart, or another version of it.
    chart = pickChart(charts.filter((c) => !c.met), d.chart, d.version);
  }
  if (!chart) return { deploy: d, chart: undefined, missing: 'chart', detail: undefined };
  if (chart.archive) {
    // Each archive is read once per run, however many releases use it.
    if (!checked.has(chart.path)) checked.set(chart.path, archiveProblem(chart.path));
    const problem = checked.get(chart.path);
    if (problem) return { deploy: d, chart, missing: 'archive', detail: problem };
  }
  return { deploy: d, chart, missing: undefined, detail: undefined };
}

/** Values merged as Flux and Argo CD merge them before Helm: maps key by key, anything else replaced. */
function mergeValues(into: Record<string, unknown>, from: Record<string, unknown>, depth = 0): Record<string, unknown> {
  for (const [k, v] of Object.entries(from)) {
    const a = asObject(into[k]);
    const b = asObject(v);
    into[k] = a && b && depth < 100 ? mergeValues({ ...a }, b, depth + 1) : v;
  }
  return into;
}

/** The layers' values merged (gaps left out), and the gaps. */
export function mergedValues(layers: readonly ValuesLayer[]): { values: Record<string, unknown>; gaps: string[] } {
  const values: Record<string, unknown> = {};
  const gaps: string[] = [];
  for (const l of layers) {
    if (l.values === undefined) gaps.push(l.missing);
    else mergeValues(values, l.values);
  }
  return { values, gaps };
}

/** A render of a GitOps object's release: the chart render, and where its findings go. */
export interface ReleaseRender {
  readonly render: HelmRender;
  readonly found: FoundDeploy;
  /** What the values leave out (layers not among the inputs): said with a failure. */
  readonly gaps: readonly string[];
  /** The chart is a folder of the repository: its templates are the user's to fix. */
  readonly inRepo: boolean;
}

/** The renders to run for the releases whose chart is available; values files are written under `dir`. */
export function releaseRenders(found: readonly FoundDeploy[], dir: string, repoCharts: readonly string[] = [], first = 0): ReleaseRender[] {
  const out: ReleaseRender[] = [];
  found.forEach((f, i) => {
    if (f.missing || !f.chart) return;
    const merged = mergedValues(f.deploy.release.layers);
    const { values } = merged;
    const gaps = f.deploy.notApplied ? [...merged.gaps, f.deploy.notApplied] : merged.gaps;
    const text = JSON.stringify(values);
    const file = join(dir, `values-${first + i}.json`);
    const tooLarge = text.length > MAX_VALUES_BYTES;
    if (!tooLarge) writeFileSync(file, text);
    out.push({
      found: f,
      gaps: tooLarge ? [...gaps, `its values are larger than ${MAX_VALUES_BYTES / 2 ** 20} MB and were not passed`] : gaps,
      inRepo: repoCharts.includes(f.chart.path),
      render: { chartDir: f.chart.path, release: f.deploy.releaseName, namespace: f.deploy.namespace, values: tooLarge ? [] : [file], set: [], kubeVersion: undefined, apiVersions: [], label: undefined },
    });
  });
  return out;
}

/** A folder for the values files of one run's releases, and its removal. */
export function valuesFolder(): { dir: string; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-values-'));
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where a target is in the file the user edits: its own line, or through its render's mapBack. */
export function placeOf(target: PathTarget, locator: Locator): SourceLocation {
  const doc: ParsedDocument = target.resource.doc;
  const docPath = [...target.resource.basePath, ...target.path];
  const [start, end] = locator.offsets(doc, docPath);
  const s = locator.position(doc.file, start);
  const e = locator.position(doc.file, Math.max(start, end));
  const range: Range = { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  const origin = doc.file.origin;
  if (origin) return origin.mapBack({ doc, docPath, resource: target.resource, range });
  return { filePath: doc.file.displayPath, range, note: undefined };
}

/** "chart keycloak 24.0.1" as the release renders it. */
function chartName(c: AvailableChart): string {
  return `chart ${c.name}${c.version ? ` ${c.version}` : ''}`;
}

/**
 * Renders one release through the confined runner: its findings and its failure are reported
 * on the GitOps object's line that names the chart, each naming the template it came from.
 */
export function renderRelease(job: ReleaseRender, helm: string, run: Runner, cwd: string, read: TextReader, locator: Locator): SourceFile {
  const rendered = renderChart(job.render, helm, run, cwd, read);
  const d = job.found.deploy;
  const chart = job.found.chart as AvailableChart;
  const at = placeOf(d.at, locator);
  const origin = rendered.origin;
  if (!origin) return rendered;
  const displayPath = `${at.filePath} (helm template ${chart.name}, ${d.release.label})`;
  const mapBack = (loc: RenderedLocation): SourceLocation => {
    const source = loc.doc.helmSource;
    const from = source ? `${source} of ${chartName(chart)}` : chartName(chart);
    // The value the object sets, when the reported key's value is written once in its values.
    const set = valueTarget(d.release.layers, loc);
    if (set) {
      const place = placeOf(set, locator);
      return { ...place, note: `(${place.note ? `${place.note} ` : ''}the value ${d.release.label} passes, rendered by ${from})` };
    }
    // A chart of the repository: on its template, as when the chart is rendered by itself.
    if (job.inRepo) {
      const inTemplate = origin.mapBack(loc);
      return { ...inTemplate, note: `${inTemplate.note ? `${inTemplate.note} ` : ''}(as ${d.release.label} renders it)` };
    }
    const note = `(rendered from ${from})`;
    return { filePath: at.filePath, range: at.range, note: at.note ? `${at.note} ${note}` : note };
  };
  if (origin.failure !== undefined) {
    // A failure with values the inputs do not hold is the environment's, not the object's.
    const environment =
      origin.environment ??
      (job.gaps.length > 0 ? { cause: `${chartName(chart)} fails with the values among the inputs (${origin.failure.replace(/\.$/, '')}), and ${job.gaps[0]}`, fix: 'Add those values to the inputs (--context), or state them.' } : undefined);
    // A template error of the repository's own chart is reported where helm says, as for any chart of it.
    const failedAt = job.inRepo ? origin.mapBack : () => at;
    return { ...rendered, displayPath, origin: { ...origin, source: at.filePath, ...(environment ? { environment } : {}), mapBack: failedAt } };
  }
  return { ...rendered, displayPath, origin: { ...origin, source: at.filePath, mapBack } };
}

const MAX_VALUE_NODES = 10_000;

/**
 * Where the values a release passes write the reported value: the leaf of the same key and the
 * same scalar value, when exactly one layer's values write it once (the last such layer wins,
 * as it does in the merge). Undefined when the key is not reported on a scalar, or is written
 * nowhere, or more than once: the chart's line is then the place.
 */
export function valueTarget(layers: readonly ValuesLayer[], loc: RenderedLocation): PathTarget | undefined {
  const path = loc.docPath;
  const key = path?.[path.length - 1];
  if (!path || typeof key !== 'string') return undefined;
  let rendered: unknown = loc.doc.value;
  for (const p of path) rendered = (rendered as Record<string | number, unknown> | undefined)?.[p];
  if (typeof rendered !== 'string' && typeof rendered !== 'number' && typeof rendered !== 'boolean') return undefined;
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i] as ValuesLayer;
    if (layer.values === undefined) continue;
    const hits: (string | number)[][] = [];
    let seen = 0;
    const walk = (v: unknown, at: (string | number)[]): void => {
      if (++seen > MAX_VALUE_NODES || hits.length > 1) return;
      if (Array.isArray(v)) v.forEach((x, j) => walk(x, [...at, j]));
      else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
      else if (at[at.length - 1] === key && (v === rendered || (typeof v !== 'object' && String(v) === String(rendered) && typeof rendered === 'string'))) hits.push(at);
    };
    walk(layer.values, []);
    if (hits.length > 1) return undefined;
    const hit = hits[0];
    if (hit) {
      const t = layer.target(hit);
      return 'resource' in t && t.resource && !('doc' in t) && t.path !== undefined ? { resource: t.resource, path: t.path } : undefined;
    }
  }
  return undefined;
}

/** The repository a run reads values files from: the git root above the working directory, else it. */
export function valuesRoot(cwd: string): string {
  return repoRoot(cwd) ?? cwd;
}


/** A note of the run about GitOps releases (the shape of the engine's notes). */
export interface ReleaseNote {
  readonly id: string;
  readonly message: string;
  /** The releases it says were not rendered. */
  readonly releases?: number;
  readonly places?: readonly { readonly filePath: string; readonly line: number; readonly column: number }[];
}

export interface ReleasePlanOptions {
  /** Render the releases whose chart is available; otherwise they are only counted. */
  readonly render: boolean;
  /** Folders of charts: the user's (--charts, helm.chartsDir) and the repository's `charts/`. */
  readonly chartsDirs: readonly string[];
  /** Chart folders met while walking. */
  readonly metCharts: readonly string[];
  readonly defaultNamespace: string | undefined;
  readonly cwd: string;
}

export interface ReleasePlan {
  /** Chart folders met while walking that a release renders: they are linted through it. */
  readonly renderedCharts: ReadonlySet<string>;
  /**
   * The renders to run that were not handed out yet, given what was built or rendered since
   * (overlays, then releases: an app of apps renders more Applications), each release once.
   */
  readonly releases: (built: readonly SourceFile[]) => readonly ReleaseRender[];
  /** The run's notes about releases, once rendered. */
  readonly notes: () => ReleaseNote[];
  /** Every release found, with its chart or why it has none (those in overlay builds once built). */
  readonly found: () => readonly FoundDeploy[];
  readonly close: () => void;
}

const releaseLabel = (f: FoundDeploy): string => f.deploy.release.label;

/**
 * The releases' labels, each told apart from another of the same name (two folders each with a
 * HelmRelease istio-system/istio-cni) by the file that declares it.
 */
function distinctLabels(list: readonly FoundDeploy[], locator: Locator): string[] {
  const count = new Map<string, number>();
  for (const f of list) count.set(releaseLabel(f), (count.get(releaseLabel(f)) ?? 0) + 1);
  return list.map((f) => ((count.get(releaseLabel(f)) ?? 0) > 1 ? `${releaseLabel(f)} in ${placeOf(f.deploy.at, locator).filePath}` : releaseLabel(f)));
}

/** Which releases of GitOps objects among `inputs` are rendered, and what is said of the others. */
export function planReleases(inputs: readonly SourceFile[], o: ReleasePlanOptions): ReleasePlan {
  const root = valuesRoot(o.cwd);
  const charts = availableCharts(o.chartsDirs, o.metCharts);
  // An Argo CD path that is no chart among those available is taken for a folder of manifests.
  const checked = new Map<string, string | undefined>();
  const chartsOnly = (list: readonly FoundDeploy[]): FoundDeploy[] => list.filter((f) => !(f.deploy.maybeManifests && f.missing === 'chart'));
  const found: FoundDeploy[] = chartsOnly(scanDeploys(inputs, o.defaultNamespace, root).deploys.map((d) => resolveDeploy(d, charts, o.metCharts, checked)));
  const renderedCharts = new Set(o.render ? found.flatMap((f) => (f.chart && !f.missing && o.metCharts.includes(f.chart.path) ? [f.chart.path] : [])) : []);
  let folder: { dir: string; close: () => void } | undefined;
  const jobs: ReleaseRender[] = [];
  const all: FoundDeploy[] = [...found];
  /** Each release once, by its object and chart: a chart that renders its own Application again is not rendered twice. */
  const keyOf = (f: FoundDeploy): string => `${f.deploy.release.label}\0${f.chart?.path ?? f.deploy.chart}`;
  const seen = new Set(all.map(keyOf));
  /** How many of `all` were handed out as renders already. */
  let handed = 0;
  const releases = (built: readonly SourceFile[]): readonly ReleaseRender[] => {
    const fromBuilds = built.filter((b) => b.origin?.failure === undefined && b.text !== '');
    if (fromBuilds.length > 0) {
      for (const f of chartsOnly(scanDeploys(fromBuilds, o.defaultNamespace, root).deploys.map((d) => resolveDeploy(d, charts, o.metCharts, checked)))) {
        if (seen.has(keyOf(f))) continue;
        seen.add(keyOf(f));
        all.push(f);
      }
    }
    if (!o.render) return [];
    const fresh = all.slice(handed);
    const first = handed;
    handed = all.length;
    if (!fresh.some((f) => !f.missing)) return [];
    folder ??= valuesFolder();
    const more = releaseRenders(fresh, folder.dir, o.metCharts, first);
    jobs.push(...more);
    return more;
  };
  const notes = (): ReleaseNote[] => {
    const out: ReleaseNote[] = [];
    if (all.length === 0) return out;
    const locator = new Locator();
    const places = (list: readonly FoundDeploy[]): ReleaseNote['places'] =>
      list.slice(0, 200).map((f) => {
        const at = placeOf(f.deploy.at, locator);
        return { filePath: at.filePath, line: at.range.line, column: at.range.column };
      });
    if (!o.render) {
      const n = all.length;
      out.push({
        id: 'gitops-releases-not-rendered',
        releases: n,
        message: `${n} chart release${n === 1 ? '' : 's'} of GitOps objects ${n === 1 ? 'was' : 'were'} not rendered (${shortList(distinctLabels(all, locator))}): what ${n === 1 ? 'it deploys' : 'they deploy'} is not linted. Pass --charts DIR with the charts (meshlint charts prints the helm pull commands), or --render-charts for charts in the repository.`,
        places: places(all),
      });
      return out;
    }
    const missing = all.filter((f) => f.missing === 'chart');
    if (missing.length > 0) {
      const n = missing.length;
      const names = [...new Set(missing.map((f) => `${f.deploy.chart}${f.deploy.version ? ` ${f.deploy.version}` : ''}`))];
      out.push({
        id: 'gitops-charts-missing',
        releases: n,
        message: `${n} chart release${n === 1 ? '' : 's'} of GitOps objects ${n === 1 ? 'was' : 'were'} not rendered: ${names.length === 1 ? 'its chart is' : 'their charts are'} not available (${shortList(names)}). Run meshlint charts for the helm pull command${names.length === 1 ? '' : 's'}, and pass the folder with --charts DIR.`,
        places: places(missing),
      });
    }
    const other = all.filter((f) => f.missing === 'unknown' || f.missing === 'archive');
    if (other.length > 0) {
      const n = other.length;
      const why = other.map((f) => (f.missing === 'archive' ? `${releaseLabel(f)}: ${f.chart?.path ? displayArchive(f.chart.path, o.cwd) : 'its archive'} is not read (${f.detail})` : `${releaseLabel(f)}: ${f.detail}`));
      out.push({ id: 'gitops-releases-unknown', releases: n, message: `${n} chart release${n === 1 ? '' : 's'} of GitOps objects ${n === 1 ? 'was' : 'were'} not rendered (${shortList(why)}).`, places: places(other) });
    }
    const partial = jobs.filter((j) => j.gaps.length > 0);
    if (partial.length > 0) {
      const n = partial.length;
      out.push({
        id: 'gitops-values-incomplete',
        message: `${n} chart release${n === 1 ? ' was' : 's were'} rendered without what the inputs do not hold (${shortList(partial.map((j) => j.gaps[0] as string))}): what ${n === 1 ? 'that sets' : 'those set'} is not known. Pass the files that hold the values with --context.`,
        places: places(partial.map((j) => j.found)),
      });
    }
    return out;
  };
  return { renderedCharts, releases, notes, found: () => all, close: () => folder?.close() };
}

function displayArchive(p: string, cwd: string): string {
  return p.startsWith(cwd + sep) ? p.slice(cwd.length + 1).split(sep).join('/') : p;
}
