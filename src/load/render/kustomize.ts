// A Kustomize overlay as an input. It is built through a one-line wrapper kustomization that
// turns on Kustomize's build metadata, so every resource says which file it came from
// (`config.kubernetes.io/origin`) and which kustomizations changed it
// (`alpha.config.kubernetes.io/transformations`). Findings are reported on that file, or on the
// kustomization that set the reported value; the user's files are never changed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { chartEscape } from './helm.ts';
import { parse as parseYaml } from 'yaml';
import { resourcesOf } from '../resources.ts';
import { Locator } from '../../parse/locator.ts';
import { parseFile } from '../../parse/yaml.ts';
import type { KubeObject, ParsedDocument, Path, Range, RenderedLocation, Resource, SourceFile, SourceLocation } from '../../types.ts';
import { displayPathOf } from '../read.ts';
import type { Runner } from './process.ts';
import { isInside, realPath, repositoryOf } from '../boundary.ts';
import { failureText, readerWithin, type TextReader } from './source-text.ts';

export const ORIGIN_ANNOTATION = 'config.kubernetes.io/origin';
export const TRANSFORMATIONS_ANNOTATION = 'alpha.config.kubernetes.io/transformations';
export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const FIRST_LINE: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/**
 * `kubectl kustomize -- DIR` or `kustomize build -- DIR`, by the binary's name. Exec and
 * container plugins (`--enable-alpha-plugins`, `--enable-exec`) and a looser load restrictor
 * stay off, so a kustomization can neither run a program nor load a file from outside its own
 * folder. Helm charts (`--enable-helm`) are on only when `helm` is given: the overlay's
 * helmCharts were checked first (see overlayHelmCharts), and kustomize runs that helm, the
 * one the user chose, in the same confined environment.
 */
export function kustomizeArgs(binary: string, dir: string, helm?: string): string[] {
  const withHelm = helm !== undefined ? ['--enable-helm', `--helm-command=${helm}`] : [];
  return /kubectl/i.test(basename(binary)) ? ['kustomize', ...withHelm, '--', dir] : ['build', ...withHelm, '--', dir];
}

interface Transformation {
  readonly configuredIn: string;
  readonly kind: string;
}

/** Builds one overlay; a failed build is an input too, whose one finding carries the tool's message. */
export function renderOverlay(overlayDir: string, binary: string, run: Runner, cwd: string, readAny: TextReader, helmBinary?: () => string | undefined): SourceFile {
  const root = repositoryOf(overlayDir, cwd);
  const read = readerWithin(readAny, root);
  const shown = displayPathOf(overlayDir, cwd);
  const kustomization = KUSTOMIZATION_FILES.map((f) => join(overlayDir, f)).find((f) => read(f) !== undefined) ?? join(overlayDir, 'kustomization.yaml');
  const displayPath = `${shown} (kustomize build)`;
  const escape = overlayEscape(overlayDir, root, read);
  if (escape) {
    const message = `not built: ${escape.why}`;
    const at: SourceLocation = { filePath: displayPathOf(escape.file, cwd), range: escape.range ?? FIRST_LINE, note: undefined };
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'kustomize', source: shown, label: undefined, namespace: undefined, failure: message, mapBack: () => at } };
  }
  // helmCharts: built with Helm only when every entry keeps helm confined and its chart is in
  // the chart home (kustomize would otherwise `helm pull` it, which needs the network).
  const charts = overlayHelmCharts(overlayDir, root, read, cwd);
  if (charts.problem) {
    const p = charts.problem;
    const at: SourceLocation = { filePath: displayPathOf(p.file, cwd), range: p.range ?? FIRST_LINE, note: undefined };
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'kustomize', source: shown, label: undefined, namespace: undefined, failure: `not built with Helm: ${p.why}`, ...(p.environment ? { environment: p.environment } : {}), mapBack: () => at } };
  }
  const helm = charts.uses ? helmBinary?.() : undefined;
  const wrapper = mkdtempSync(join(tmpdir(), 'meshlint-kustomize-'));
  const target = relative(wrapper, overlayDir).split('\\').join('/');
  let result;
  try {
    writeFileSync(
      join(wrapper, 'kustomization.yaml'),
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- ${JSON.stringify(target)}\nbuildMetadata: [originAnnotations, transformerAnnotations]\n`,
    );
    result = run(binary, kustomizeArgs(binary, wrapper, helm), cwd);
  } finally {
    rmSync(wrapper, { recursive: true, force: true });
  }
  const atKustomization = (note: string | undefined, range: Range = FIRST_LINE): SourceLocation => ({ filePath: displayPathOf(kustomization, cwd), range, note });
  // The tool names files relative to the wrapper: say them as the user would.
  const fromWrapper = (p: string): string => displayPathOf(resolve(wrapper, p), cwd);

  if (!result.ok) {
    const said = result.stderr.split(wrapper).join('.').replace(/(?:\.\.\/)+[^\s'":]+/g, (p) => fromWrapper(p));
    const message = failureText(said, cwd) || 'the build exited with an error and printed nothing';
    // The whole message, for finding the entry and the cause it names (the shown one is cut).
    const full = failureText(said, cwd, Infinity);
    const at = failedEntry(read(kustomization) ?? '', full);
    const remote = remoteEntry(read(kustomization) ?? '');
    // A remote base cannot be fetched offline: the environment's limit, not the overlay's bug.
    let environment = remote && (at === undefined || remote.range.line === at.line || /git|http|fetch|clone|repo|exit status/i.test(full))
      ? { cause: `its remote base ${JSON.stringify(remote.entry.length > 60 ? `${remote.entry.slice(0, 60)}…` : remote.entry)} cannot be fetched offline`, fix: 'Vendor the base, or pass it with --context.' }
      : undefined;
    // Through a base of its own: the URL is in the message, the entry that leads there is `at`.
    const url = environment ? undefined : /(?:https?:\/\/|git@|(?:github\.com|gitlab\.com|bitbucket\.org)\/)[^\s'"]+/.exec(full)?.[0];
    if (!environment && url) environment = { cause: `a base it uses needs ${JSON.stringify(url.length > 60 ? `${url.slice(0, 60)}…` : url)}, which cannot be fetched offline`, fix: 'Vendor that base, or pass it with --context.' };
    const where = remote && environment && !url ? remote.range : at;
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'kustomize', source: shown, label: undefined, namespace: undefined, failure: message, ...(environment ? { environment } : {}), mapBack: () => atKustomization(undefined, where) } };
  }

  const sources = new SourceDocuments(read, cwd);
  const mapBack = (at: RenderedLocation): SourceLocation => {
    const r = at.resource;
    if (!r) return atKustomization('(in the built output; not traced to a source file)');
    const annotations = ((r.object.metadata as KubeObject | undefined)?.annotations ?? {}) as Record<string, unknown>;
    const origin = parseAnnotation(annotations[ORIGIN_ANNOTATION]) as { path?: unknown; configuredIn?: unknown; configuredBy?: { kind?: unknown } } | undefined;
    const transformations = transformationsOf(annotations[TRANSFORMATIONS_ANNOTATION]).map((t) => ({ ...t, configuredIn: resolve(wrapper, t.configuredIn) }));
    const path = at.docPath ? at.docPath.slice(r.basePath.length) : [];

    if (typeof origin?.configuredIn === 'string') {
      const file = resolve(wrapper, origin.configuredIn);
      const kind = typeof origin.configuredBy?.kind === 'string' ? origin.configuredBy.kind : 'a generator';
      if (/HelmChart/.test(kind)) {
        // A chart's render: the valuesInline value that writes the reported one, when it is one
        // unambiguous leaf of the overlay's only chart; else that chart's entry.
        const set = helmValuePath(read(file) ?? '', path[path.length - 1], valueAt(r.object, path));
        return sources.keyOrFirstLine(file, set ?? ['helmCharts'], set && set.length > 3 ? '(the value this chart entry passes, rendered by the chart)' : '(rendered by a chart of helmCharts in this kustomization)');
      }
      const key = /ConfigMap/.test(kind) ? 'configMapGenerator' : /Secret/.test(kind) ? 'secretGenerator' : undefined;
      return sources.keyOrFirstLine(file, key ? [key] : [], `(generated by ${kind} in this kustomization)`);
    }
    if (typeof origin?.path !== 'string') return atKustomization('(the resource carries no origin, so its kustomization is shown)');
    const file = resolve(wrapper, origin.path);
    const renderedValue = valueAt(r.object, path);

    // The namespace an overlay moved the resource to: the kustomization's `namespace:` line.
    if (path.length === 2 && path[0] === 'metadata' && path[1] === 'namespace') {
      const ns = [...transformations].reverse().find((t) => t.kind === 'NamespaceTransformer');
      if (ns) return sources.keyOrFirstLine(ns.configuredIn, ['namespace'], undefined);
    }
    const source = sources.resourceIn(file, r);
    if (source) {
      const found = sources.position(source, path, renderedValue);
      if (found?.sameValue) return found.at;
      // Not written (or written differently) in the source: a patch of an overlay may say it.
      for (const t of [...transformations].reverse().filter((x) => /Patch/.test(x.kind))) {
        const inPatch = sources.inPatches(t.configuredIn, r, path, renderedValue);
        if (inPatch) return inPatch;
      }
      const changedBy = [...transformations].reverse()[0];
      const where = changedBy ? displayPathOf(changedBy.configuredIn, cwd) : shown;
      if (found) return { ...found.at, note: `(the build changes this value; see ${where})` };
      const parent = sources.deepestExisting(source, path);
      if (parent) return { ...parent, note: `(the reported key is added during the build; see ${where})` };
    }
    return { filePath: displayPathOf(file, cwd), range: FIRST_LINE, note: '(the resource could not be found in its source file, so the first line is shown)' };
  };
  return { displayPath, absPath: undefined, text: result.stdout, origin: { tool: 'kustomize', source: shown, label: undefined, namespace: undefined, failure: undefined, mapBack } };
}

/** The list entry of the kustomization (a resource, a patch) that the error quotes, if one. */
function failedEntry(text: string, message: string): Range | undefined {
  return listEntries(text).find((e) => message.includes(`'${e.entry}'`))?.range;
}

/** The list entries of a kustomization's text (`- base`, `- path: patch.yaml`), each with its line. */
function listEntries(text: string): { entry: string; range: Range }[] {
  const out: { entry: string; range: Range }[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const m = /^(\s*-\s*)(?:path:\s*)?["']?([^"'\s#]+)["']?/.exec(line);
    if (m) out.push({ entry: m[2] as string, range: { line: i + 1, column: (m[1] as string).length + 1, endLine: i + 1, endColumn: line.trimEnd().length + 1 } });
  }
  return out;
}

function parseAnnotation(v: unknown): unknown {
  if (typeof v !== 'string') return undefined;
  try {
    return parseYaml(v, { logLevel: 'error' });
  } catch {
    return undefined;
  }
}

function transformationsOf(v: unknown): Transformation[] {
  const list = parseAnnotation(v);
  if (!Array.isArray(list)) return [];
  return list.flatMap((t: { configuredIn?: unknown; configuredBy?: { kind?: unknown } }) =>
    typeof t?.configuredIn === 'string' && typeof t.configuredBy?.kind === 'string' ? [{ configuredIn: t.configuredIn, kind: t.configuredBy.kind }] : [],
  );
}

function valueAt(object: unknown, path: Path): unknown {
  let v = object;
  for (const step of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

function sameValue(a: unknown, b: unknown): boolean {
  // Collections: the key is there; transformers add labels and annotations to them freely.
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return true;
  return a === b || (a !== undefined && b !== undefined && String(a) === String(b));
}

interface Loaded {
  readonly file: SourceFile;
  readonly docs: readonly ParsedDocument[];
  readonly resources: readonly Resource[];
}

/** Source files read and parsed once each, for all the findings that map into them. */
class SourceDocuments {
  private readonly locator = new Locator();
  private readonly files = new Map<string, Loaded | undefined>();

  constructor(
    private readonly read: TextReader,
    private readonly cwd: string,
  ) {}

  private load(abs: string): Loaded | undefined {
    if (!this.files.has(abs)) {
      const text = this.read(abs);
      if (text === undefined) this.files.set(abs, undefined);
      else {
        const file: SourceFile = { displayPath: displayPathOf(abs, this.cwd), absPath: abs, text };
        const docs = [...parseFile(file)];
        this.files.set(abs, { file, docs, resources: docs.flatMap((d) => resourcesOf(d, undefined).resources) });
      }
    }
    return this.files.get(abs);
  }

  /** The resource in a source file that became `rendered`: same kind, and the name it had before prefixes and suffixes. */
  resourceIn(abs: string, rendered: Resource): Resource | undefined {
    const candidates = (this.load(abs)?.resources ?? []).filter((s) => s.kind === rendered.kind);
    if (candidates.length <= 1) return candidates[0];
    const exact = candidates.filter((s) => s.name === rendered.name);
    if (exact.length === 1) return exact[0];
    const within = candidates.filter((s) => s.name !== '' && rendered.name.includes(s.name)).sort((a, b) => b.name.length - a.name.length);
    return within.length === 1 || (within.length > 1 && (within[0]?.name.length ?? 0) > (within[1]?.name.length ?? 0)) ? within[0] : undefined;
  }

  position(source: Resource, path: Path, rendered: unknown): { at: SourceLocation; sameValue: boolean } | undefined {
    const docPath = [...source.basePath, ...path];
    if (!this.locator.resolve(source.doc, docPath).complete) return undefined;
    return { at: this.at(source, docPath), sameValue: sameValue(valueAt(source.object, path), rendered) };
  }

  deepestExisting(source: Resource, path: Path): SourceLocation | undefined {
    const docPath = [...source.basePath, ...path];
    const depth = this.locator.resolve(source.doc, docPath).depth;
    const keep = Math.min(depth, docPath.length - 1);
    return keep > source.basePath.length ? this.at(source, docPath.slice(0, keep)) : undefined;
  }

  /** The reported path in one of the patch files a kustomization lists, with the rendered value. */
  inPatches(kustomizationFile: string, rendered: Resource, path: Path, value: unknown): SourceLocation | undefined {
    const data = this.load(kustomizationFile)?.docs[0]?.value as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object') return undefined;
    const entries = [
      ...(Array.isArray(data.patches) ? data.patches : []),
      ...(Array.isArray(data.patchesStrategicMerge) ? data.patchesStrategicMerge : []),
    ];
    const dir = resolve(kustomizationFile, '..');
    for (const e of entries) {
      const rel = typeof e === 'string' ? e : typeof (e as { path?: unknown })?.path === 'string' ? (e as { path: string }).path : undefined;
      if (!rel || rel.includes('\n')) continue;
      const patchFile = this.load(resolve(dir, rel));
      for (const p of patchFile?.resources ?? []) {
        if (p.kind !== rendered.kind) continue;
        const found = this.position(p, path, value);
        if (found?.sameValue) return found.at;
      }
    }
    return undefined;
  }

  keyOrFirstLine(abs: string, path: Path, note: string | undefined): SourceLocation {
    const loaded = this.load(abs);
    const filePath = displayPathOf(abs, this.cwd);
    const doc = loaded?.docs[0];
    if (!loaded || !doc || path.length === 0 || !this.locator.resolve(doc, path).complete) return { filePath, range: FIRST_LINE, note };
    return { filePath, range: this.range(loaded.file, this.locator.offsets(doc, path)), note };
  }

  private at(source: Resource, docPath: Path): SourceLocation {
    return { filePath: source.doc.file.displayPath, range: this.range(source.doc.file, this.locator.offsets(source.doc, docPath)), note: undefined };
  }

  private range(file: SourceFile, offsets: readonly [number, number]): Range {
    const s = this.locator.position(file, offsets[0]);
    const e = this.locator.position(file, offsets[1]);
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}

/** Kustomizations followed at most, through bases and components: more is refused, not walked. */
const MAX_KUSTOMIZATIONS = 2_000;

/** Keys of a kustomization that name local files or folders, as lists of strings. */
const PATH_LISTS = ['resources', 'bases', 'components', 'crds', 'configurations', 'generators', 'transformers', 'validators', 'patchesStrategicMerge'] as const;
/** Keys whose entries are objects with a `path`. */
const PATH_OBJECTS = ['patches', 'patchesJson6902', 'replacements'] as const;

/** A remote base or resource (a git or HTTP URL): never fetched, since the build runs offline. */
function isRemote(entry: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || /^git@/.test(entry) || /^(github\.com|gitlab\.com|bitbucket\.org)\//.test(entry) || entry.includes('?ref=');
}

/**
 * The first file or folder an overlay would read from outside the repository: an entry of a
 * kustomization (a resource, base, component, patch, generator file) that points outside it,
 * or a link that leads outside it. Kustomize's own load restrictor keeps files inside each
 * kustomization's folder, but a base may be any folder: `resources: [../../../../etc/x]`.
 */
export function overlayEscape(overlayDir: string, root: string, read: TextReader): { file: string; range: Range | undefined; why: string } | undefined {
  const realRoot = realPath(root) ?? root;
  const outside = (p: string): boolean => {
    if (!isInside(root, p)) return true;
    const real = realPath(p);
    return real !== undefined && !isInside(realRoot, real);
  };
  const seen = new Set<string>();
  const pending = [overlayDir];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    if (seen.has(dir)) continue;
    seen.add(dir);
    if (seen.size > MAX_KUSTOMIZATIONS) return { file: join(overlayDir, KUSTOMIZATION_FILES[0] as string), range: undefined, why: `the overlay uses more than ${MAX_KUSTOMIZATIONS} kustomizations` };
    if (outside(dir)) return { file: dir, range: undefined, why: `${dir} lies outside the repository` };
    const file = KUSTOMIZATION_FILES.map((f) => join(dir, f)).find((f) => read(f) !== undefined);
    if (file === undefined) continue;
    const text = read(file) as string;
    let data: unknown;
    try {
      data = parseYaml(text, { maxAliasCount: 100, logLevel: 'error' });
    } catch {
      continue; // the build reports a kustomization it cannot read
    }
    if (outside(file)) return { file, range: undefined, why: 'the kustomization is a link that leads outside the repository' };
    for (const entry of localEntries(data)) {
      const target = resolve(dir, entry);
      if (outside(target)) return { file, range: entryRange(text, entry), why: `${JSON.stringify(entry.length > 200 ? `${entry.slice(0, 200)}…` : entry)} leads outside the repository` };
      if (KUSTOMIZATION_FILES.some((f) => read(join(target, f)) !== undefined)) pending.push(target);
    }
  }
  return undefined;
}

/** What keeps a Helm release name, chart name and namespace single values Helm cannot read as flags. */
const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const CHART_VERSION = /^v?[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const RELEASE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

interface ChartsProblem {
  readonly file: string;
  readonly range: Range | undefined;
  readonly why: string;
  readonly environment?: { readonly cause: string; readonly fix: string };
}

/**
 * The helmCharts of an overlay's kustomizations, checked before kustomize may run helm on them
 * (api/internal/builtins/HelmChartInflationGenerator.go and api/types/helmchartargs.go,
 * kustomize v5.6.0). Kustomize passes releaseName to `helm template` as a bare argument, before
 * any `--`: a name like `--post-renderer=./x` would run a program, so it must be a Helm release
 * name. chartHome, valuesFile and additionalValuesFiles must stay inside the repository (helm
 * reads the chart home, which kustomize does not hold to its load restrictor; the values files
 * it does, checked here too so the message names the entry), a chart
 * there may hold no link out of it (helm follows links), and helmGlobals.configHome, which
 * kustomize hands to helm as HELM_CONFIG_HOME, may not be set. A chart not in its chart home
 * would be fetched (`helm pull`): the environment's limit, said with the command that vendors it.
 * `uses`: some kustomization of the overlay has helmCharts.
 */
export function overlayHelmCharts(overlayDir: string, root: string, read: TextReader, cwd: string): { uses: boolean; problem?: ChartsProblem } {
  const realRoot = realPath(root) ?? root;
  const outside = (p: string): boolean => {
    if (!isInside(root, p)) return true;
    const real = realPath(p);
    return real !== undefined && !isInside(realRoot, real);
  };
  const seen = new Set<string>();
  const pending = [overlayDir];
  let uses = false;
  let generators: { file: string } | undefined;
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    if (seen.has(dir) || seen.size > MAX_KUSTOMIZATIONS) continue;
    seen.add(dir);
    const file = KUSTOMIZATION_FILES.map((f) => join(dir, f)).find((f) => read(f) !== undefined);
    if (file === undefined) continue;
    const text = read(file) as string;
    let data: unknown;
    try {
      data = parseYaml(text, { maxAliasCount: 100, logLevel: 'error' });
    } catch {
      continue;
    }
    for (const entry of localEntries(data)) {
      const target = resolve(dir, entry);
      if (!outside(target) && KUSTOMIZATION_FILES.some((f) => read(join(target, f)) !== undefined)) pending.push(target);
    }
    const k = (data ?? {}) as Record<string, unknown>;
    if (Array.isArray(k.generators) && k.generators.length > 0) generators ??= { file };
    const list = Array.isArray(k.helmCharts) ? (k.helmCharts as unknown[]) : [];
    if (list.length === 0) continue;
    uses = true;
    const at = (key: string, why: string): { uses: boolean; problem: ChartsProblem } => ({ uses, problem: { file, range: entryRange(text, key), why } });
    const globals = (k.helmGlobals ?? {}) as Record<string, unknown>;
    if (globals.configHome !== undefined) return at('configHome', 'helmGlobals.configHome names a Helm config folder; meshlint gives helm an empty one of its own');
    const home = typeof globals.chartHome === 'string' ? globals.chartHome : 'charts';
    const chartHome = resolve(dir, home);
    if (isAbsolute(home) || outside(chartHome)) return at('chartHome', `helmGlobals.chartHome ${JSON.stringify(home)} leads outside the repository`);
    for (const raw of list.slice(0, MAX_KUSTOMIZATIONS)) {
      const c = (raw ?? {}) as Record<string, unknown>;
      const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
      const name = str(c.name);
      if (!name || !CHART_NAME.test(name)) return at('name', `a helmCharts entry's name ${JSON.stringify(name ?? '')} is not a chart name`);
      const release = str(c.releaseName);
      if (release !== undefined && !(release.length <= 53 && RELEASE_NAME.test(release))) return at(release, `helmCharts ${name}: releaseName ${JSON.stringify(release)} is not a Helm release name`);
      const ns = str(c.namespace);
      if (ns !== undefined && !NAMESPACE_NAME.test(ns)) return at(ns, `helmCharts ${name}: namespace ${JSON.stringify(ns)} is not a namespace name`);
      if (c.nameTemplate !== undefined) return at('nameTemplate', `helmCharts ${name}: nameTemplate is a template Helm evaluates; name the release with releaseName`);
      const version = str(c.version);
      if (version !== undefined && !CHART_VERSION.test(version)) return at(version, `helmCharts ${name}: version ${JSON.stringify(version)} is not a chart version`);
      for (const f of [c.valuesFile, ...(Array.isArray(c.additionalValuesFiles) ? c.additionalValuesFiles : [])]) {
        if (f === undefined) continue;
        if (typeof f !== 'string' || isAbsolute(f) || outside(resolve(dir, f))) return at(typeof f === 'string' ? f : name, `helmCharts ${name}: the values file ${JSON.stringify(String(f))} leads outside the repository`);
      }
      const repo = str(c.repo);
      // Kustomize's chart folder: <chartHome>/<name>, or <chartHome>/<name>-<version>/<name> for a versioned chart of a repository.
      const chartDir = version !== undefined && repo !== undefined ? join(chartHome, `${name}-${version}`, name) : join(chartHome, name);
      if (read(join(chartDir, 'Chart.yaml')) === undefined) {
        const untar = displayPathOf(version !== undefined && repo !== undefined ? join(chartHome, `${name}-${version}`) : chartHome, cwd);
        const pull = repo ? `helm pull ${repo.startsWith('oci://') ? '' : `--repo=${repo} `}${version ? `--version=${version} ` : ''}--untar --untardir=${untar} -- ${repo.startsWith('oci://') ? `${repo.replace(/\/+$/, '')}/${name}` : name}` : undefined;
        return {
          uses,
          problem: {
            file,
            range: entryRange(text, name),
            why: `the chart ${name} is not in ${home}/`,
            environment: { cause: `its helmCharts entry ${name} is not vendored in ${home}/, and kustomize would fetch it`, fix: pull ? `Vendor it: ${pull}` : `Vendor the chart into ${home}/${name}/.` },
          },
        };
      }
      const escape = chartEscape(chartDir);
      if (escape) return at(name, `helmCharts ${name}: ${escape.why}`);
    }
  }
  if (uses && generators) return { uses, problem: { file: generators.file, range: entryRange(read(generators.file) ?? '', 'generators'), why: 'the overlay has generators as well as helmCharts; meshlint builds with Helm only an overlay whose charts it checked' } };
  return { uses };
}

/**
 * In a kustomization with one helmCharts entry: the path of its valuesInline leaf of key `key`
 * holding `value` (when exactly one does), else of the entry's name; undefined with several entries.
 */
function helmValuePath(text: string, key: string | number | undefined, value: unknown): Path | undefined {
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 100, logLevel: 'error' });
  } catch {
    return undefined;
  }
  const list = (data as { helmCharts?: unknown } | null)?.helmCharts;
  if (!Array.isArray(list) || list.length !== 1) return undefined;
  const hits: Path[] = [];
  let seen = 0;
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (++seen > 10_000 || hits.length > 1) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    else if (typeof key === 'string' && at[at.length - 1] === key && v === value) hits.push(at);
  };
  walk((list[0] as { valuesInline?: unknown } | null)?.valuesInline, []);
  return hits.length === 1 ? ['helmCharts', 0, 'valuesInline', ...(hits[0] as Path)] : ['helmCharts', 0, 'name'];
}

/** The first remote entry (a URL base or resource) of a kustomization's text, and its line. */
function remoteEntry(text: string): { entry: string; range: Range } | undefined {
  return listEntries(text).find((e) => isRemote(e.entry));
}

/** The local paths a kustomization names (remote URLs and inline patches left out). */
export function localEntries(data: unknown): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  const k = data as Record<string, unknown>;
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string' && v !== '' && !v.includes('\n') && !isRemote(v)) out.push(v);
  };
  for (const key of PATH_LISTS) if (Array.isArray(k[key])) for (const v of k[key] as unknown[]) add(v);
  for (const key of PATH_OBJECTS) if (Array.isArray(k[key])) for (const v of k[key] as unknown[]) add((v as { path?: unknown } | null)?.path);
  for (const key of ['configMapGenerator', 'secretGenerator']) {
    if (!Array.isArray(k[key])) continue;
    for (const g of k[key] as unknown[]) {
      if (g === null || typeof g !== 'object') continue;
      const gen = g as Record<string, unknown>;
      // `files` entries are `path` or `key=path`.
      if (Array.isArray(gen.files)) for (const f of gen.files) if (typeof f === 'string') add(f.includes('=') ? f.slice(f.indexOf('=') + 1) : f);
      if (Array.isArray(gen.envs)) for (const f of gen.envs) add(f);
      add(gen.env);
    }
  }
  add((k.openapi as { path?: unknown } | undefined)?.path);
  return out;
}

/** The line of the kustomization that names `entry`, when it is written on a line of its own. */
function entryRange(text: string, entry: string): Range | undefined {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const at = line.indexOf(entry);
    if (at >= 0) return { line: i + 1, column: at + 1, endLine: i + 1, endColumn: at + entry.length + 1 };
  }
  return undefined;
}
