// A Kustomize overlay as an input. It is built through a one-line wrapper kustomization that
// turns on Kustomize's build metadata, so every resource says which file it came from
// (`config.kubernetes.io/origin`) and which kustomizations changed it
// (`alpha.config.kubernetes.io/transformations`). Findings are reported on that file, or on the
// kustomization that set the reported value; the user's files are never changed.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { chartEscape } from './helm.ts';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import type { KubeObject, Path, Range, RenderedLocation, SourceFile, SourceLocation } from '../../common/types.ts';
import { displayPathOf } from '../read.ts';
import { BUDGET_SPENT, MEMORY_SPENT, type Runner } from './process.ts';
import { isInside, realPath, repositoryOf } from '../boundary.ts';
import { failureText, readerWithin, type TextReader } from './source-text.ts';
import { failedEntry, FIRST_LINE, listEntries, parseAnnotation, SourceDocuments, transformationsOf, valueAt } from './kustomize-sources.ts';

export const ORIGIN_ANNOTATION = 'config.kubernetes.io/origin';
export const TRANSFORMATIONS_ANNOTATION = 'alpha.config.kubernetes.io/transformations';
import { KUSTOMIZATION_FILES } from '../kustomized.ts';
import { readingHazard, type Hazard } from './kustomize-reading.ts';
export { KUSTOMIZATION_FILES };

/**
 * `kubectl kustomize --load-restrictor=LoadRestrictionsNone -- DIR` or `kustomize build …`, by
 * the binary's name. As Flux builds (its kustomize-controller has no load restrictor), a
 * kustomization may load any file of the repository, across overlay folders; what keeps it
 * inside the repository is meshlint's own check of every path it names before the build
 * (overlayEscape, on files read as Kustomize reads them: kustomize-reading.ts). Exec and
 * container plugins (`--enable-alpha-plugins`, `--enable-exec`) stay off, so a kustomization
 * cannot run a program. Helm charts
 * (`--enable-helm`) are on only when `helm` is given: the overlay's helmCharts were checked
 * first (see overlayHelmCharts), and kustomize runs that helm, the one the user chose, in the
 * same confined environment.
 */
export function kustomizeArgs(binary: string, dir: string, helm?: string): string[] {
  const restrictor = '--load-restrictor=LoadRestrictionsNone';
  const withHelm = helm !== undefined ? ['--enable-helm', `--helm-command=${helm}`] : [];
  return /kubectl/i.test(basename(binary)) ? ['kustomize', restrictor, ...withHelm, '--', dir] : ['build', restrictor, ...withHelm, '--', dir];
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
    const remote = escape.remote && JSON.stringify(shorten(escape.remote.entry, 60));
    // Refused before the build, whatever the host (loopback too): the environment's limit.
    const environment = escape.remote?.own
      ? { cause: `its remote base ${remote} cannot be fetched offline`, fix: 'Vendor the base, or pass it with --context.' }
      : escape.remote
        ? { cause: `a base it uses needs ${remote}, which cannot be fetched offline`, fix: 'Vendor that base, or pass it with --context.' }
        : escape.unread
          ? { cause: escape.why, fix: 'Write each key once, with no merge key, spelled as Kustomize spells it.' }
          : undefined;
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'kustomize', source: shown, label: undefined, namespace: undefined, failure: message, ...(environment ? { environment } : {}), mapBack: () => at } };
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
    const remote = remoteEntry(read(kustomization) ?? '', overlayDir, read);
    // A remote base cannot be fetched offline: the environment's limit, not the overlay's bug.
    let environment: { cause: string; fix: string } | undefined = result.budgetSpent ? BUDGET_SPENT : result.memorySpent ? MEMORY_SPENT : undefined;
    environment ??= remote && (at === undefined || remote.range.line === at.line || /git|http|fetch|clone|repo|exit status/i.test(full))
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

/** Kustomizations followed at most, through bases and components: more is refused, not walked. */
const MAX_KUSTOMIZATIONS = 2_000;

/*
 * Every field through which Kustomize loads a path or URL (kubernetes-sigs/kustomize at
 * kustomize/v5.6.0, the version kubectl 1.33 bundles). Each loads through the kustomization's
 * loader (api/internal/loader/fileloader.go: Load reads an http(s) URL over HTTP, New clones
 * what api/internal/git/repospec.go takes for a git URL):
 *
 * | field (api/types/kustomization.go)          | loaded by                                                        | here |
 * | ------------------------------------------- | ---------------------------------------------------------------- | ---- |
 * | resources, bases, components                | internal/target/kusttarget.go accumulateResources, accumulateComponents (a file, a folder or a repository) | PATH_LISTS, ROOT_LISTS |
 * | generators, transformers, validators        | kusttarget.go configureExternalGenerators/Transformers: accumulateResources too (a plugin config file, a folder of them, a repository) | PATH_LISTS, ROOT_LISTS; their configs: PLUGIN_FILE_KEYS |
 * | crds                                        | internal/accumulator/loadconfigfromcrds.go                        | PATH_LISTS |
 * | configurations                              | kusttarget.go accumulateTarget (builtinconfig.MakeTransformerConfig) | PATH_LISTS |
 * | patchesStrategicMerge (a path, or inline)   | types.FixKustomizationPreMarshalling → patches[].path             | PATH_LISTS |
 * | patches[].path, patchesJson6902[].path      | internal/builtins/PatchTransformer.go, PatchJson6902Transformer.go | PATH_OBJECTS |
 * | replacements[].path                         | internal/builtins/ReplacementTransformer.go                       | PATH_OBJECTS |
 * | configMapGenerator, secretGenerator: files (`key=path`), envs, env | api/kv/kv.go (types/kvpairsources.go)      | pathEntries |
 * | openapi.path                                | krusty/kustomizer.go, kusttarget.go (OpenAPI["path"])             | pathEntries |
 * | helmCharts: repo, valuesFile, additionalValuesFiles; helmGlobals.chartHome | internal/builtins/HelmChartInflationGenerator.go (types/helmchartargs.go) | remoteEntries, overlayHelmCharts |
 * | helmChartInflationGenerator (legacy): chartRepoUrl, values (its valuesFile), chartHome, helmHome | types.SplitHelmParameters → helmCharts | remoteEntries |
 * | builtin plugin configs: path, paths, files, envs, env, replacements[].path, targetFilePath (ValueAddTransformer), the Helm keys | internal/builtins/*.go Config | PLUGIN_FILE_KEYS |
 *
 * The other fields (names, labels, annotations, images, replicas, vars, sortOptions,
 * generatorOptions, buildMetadata, helmGlobals.configHome, which helm gets as
 * HELM_CONFIG_HOME and overlayHelmCharts refuses) load nothing.
 */

/** Keys of a kustomization that name local files or folders, as lists of strings. */
const PATH_LISTS = ['resources', 'bases', 'components', 'crds', 'configurations', 'generators', 'transformers', 'validators', 'patchesStrategicMerge'] as const;
/** Keys whose entries are objects with a `path`. */
const PATH_OBJECTS = ['patches', 'patchesJson6902', 'replacements'] as const;

/**
 * A remote base, resource or file: never fetched, since the build runs offline. Kustomize
 * reads any file entry given as an http(s) URL over HTTP (api/internal/loader/fileloader.go
 * Load), and clones any resource, base or component its repospec parser takes for a git URL
 * (api/internal/git/repospec.go NewRepoSpecFromURL: a scheme, `git::`, `git@host:`, a
 * `github.com` path) before looking on disk. Go's HTTP client never uses a proxy for
 * loopback hosts, so the confined proxy cannot stop these: they are refused by name. Any
 * scheme, SCP-style address, query or known host counts, so as not to depend on the version.
 */
export function isRemote(entry: string): boolean {
  const e = entry.trim();
  return (
    /^[a-z][a-z0-9+.-]*:/i.test(e) ||
    /^[^/]*@[^/]*:/.test(e) ||
    /^(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org)[/:]/i.test(e) ||
    e.includes('?') ||
    e.includes('_git/') ||
    e.startsWith('//')
  );
}

/**
 * Whether a resource, base or component entry names a host (`git.example.com/org/repo`): a path
 * whose first segment holds a dot, and which is not on disk, is what older Kustomize clones.
 */
function namesHost(entry: string, dir: string): boolean {
  const first = entry.trim().split('/')[0] ?? '';
  return first !== '.' && first !== '..' && /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(first) && entry.includes('/') && !existsSync(resolve(dir, entry));
}

/**
 * Keys of a kustomization whose entries Kustomize may load as a whole kustomization (a folder, or
 * a git repository): generators, transformers and validators too, which kusttarget.go
 * accumulates as it does resources.
 */
const ROOT_LISTS = ['resources', 'bases', 'components', 'generators', 'transformers', 'validators'] as const;
/** Keys of builtin plugin configs (in `generators:`, `transformers:`, `validators:`, files or inline) that name files to load. */
const PLUGIN_FILE_KEYS = new Set(['path', 'paths', 'files', 'envs', 'env', 'envFiles', 'repo', 'chartRepoUrl', 'chartHome', 'valuesFile', 'additionalValuesFiles', 'resources', 'targetFilePath']);
/**
 * Builtin plugin kinds (api/internal/plugins/builtinhelpers/builtins.go): a config of one among
 * a kustomization's resources is a plugin config when that kustomization is a folder of
 * generators, transformers or validators, so its file keys load files too.
 */
const BUILTIN_PLUGIN_KIND = /^kind:[ \t]*["']?(?:ConfigMapGenerator|SecretGenerator|HelmChartInflationGenerator|PatchTransformer|PatchJson6902Transformer|PatchStrategicMergeTransformer|ReplacementTransformer|ValueAddTransformer)["']?[ \t]*$/m;
/** Plugin configs scanned at most, in depth and in values: past it the overlay is refused too. */
const MAX_PLUGIN_SCAN = 10_000;

/**
 * Every entry of a kustomization (and of the builtin plugin configs it lists) that Kustomize
 * would fetch: remote resources, bases and components, files named by URL (patches,
 * generators' files, CRDs, configurations, replacements, openapi), and Helm chart
 * repositories. `readLocal` reads a local plugin config file the kustomization names.
 */
export function remoteEntries(data: unknown, dir: string, readLocal: (abs: string) => string | undefined, locals?: string[]): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  const k = data as Record<string, unknown>;
  const out: string[] = [];
  for (const e of pathEntries(k)) if (isRemote(e.path) || (e.root && namesHost(e.path, dir))) out.push(e.path);
  // Helm charts: a helmCharts entry's `repo` is fetched only when its chart is not in the chart
  // home, which overlayHelmCharts checks (a chart not vendored is not built, and the warning
  // names the helm pull that vendors it); its other file keys (values files) are fetches here.
  // The legacy helmChartInflationGenerator is never built with Helm: any repository is refused.
  if (Array.isArray(k.helmCharts)) {
    for (const c of k.helmCharts as unknown[]) {
      scanPlugin(c !== null && typeof c === 'object' && !Array.isArray(c) ? { ...(c as Record<string, unknown>), repo: undefined } : c, out, 0);
    }
  }
  if (Array.isArray(k.helmChartInflationGenerator)) {
    for (const c of k.helmChartInflationGenerator as unknown[]) {
      scanPlugin(c, out, 0);
      // Its `values` is a values file (types.SplitHelmParameters makes it the chart's valuesFile).
      const values = c !== null && typeof c === 'object' ? (c as Record<string, unknown>).values : undefined;
      if (typeof values === 'string' && isRemote(values)) out.push(values);
    }
  }
  scanPlugin(k.helmGlobals, out, 0);
  // Builtin plugin configs, named as files or written inline: their file keys load files too.
  for (const key of ['generators', 'transformers', 'validators']) {
    if (!Array.isArray(k[key])) continue;
    for (const v of k[key] as unknown[]) {
      if (typeof v !== 'string') {
        scanPlugin(v, out, 0, locals);
        continue;
      }
      const text = v.includes('\n') ? v : isRemote(v) ? undefined : readLocal(resolve(dir, v));
      if (text !== undefined) scanPluginText(text, out, false, locals);
    }
  }
  // Plugin configs among the resources of a folder that a generators, transformers or validators
  // entry names (kusttarget.go builds it, then configures each object it yields as a plugin).
  if (Array.isArray(k.resources)) {
    for (const v of k.resources as unknown[]) {
      if (typeof v !== 'string' || v === '' || v.includes('\n') || isRemote(v)) continue;
      const text = readLocal(resolve(dir, v));
      if (text !== undefined && BUILTIN_PLUGIN_KIND.test(text)) scanPluginText(text, out, true, locals);
    }
  }
  return out;
}

/** The remote values under the file keys of each plugin config in a text (`pluginsOnly`: of the documents of a builtin plugin kind). */
function scanPluginText(text: string, out: string[], pluginsOnly = false, locals?: string[]): void {
  try {
    for (const doc of parseAllDocuments(text, { logLevel: 'error' })) {
      const v: unknown = doc.toJS({ maxAliasCount: 100 });
      const kind = v !== null && typeof v === 'object' ? (v as Record<string, unknown>).kind : undefined;
      if (pluginsOnly && !(typeof kind === 'string' && BUILTIN_PLUGIN_KIND.test(`kind: ${kind}`))) continue;
      scanPlugin(v, out, 0, locals);
    }
  } catch {
    // The build reports a plugin config it cannot read.
  }
}

/** The remote values under a builtin plugin config's file keys, at any depth. */
function scanPlugin(v: unknown, out: string[], depth: number, locals?: string[]): void {
  if (depth > 20 || v === null || typeof v !== 'object') return;
  const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v as Record<string, unknown>);
  for (const [key, value] of entries.slice(0, MAX_PLUGIN_SCAN)) {
    if (PLUGIN_FILE_KEYS.has(key)) {
      for (const s of Array.isArray(value) ? value : [value]) {
        if (typeof s !== 'string') continue;
        const path = key === 'files' && s.includes('=') ? s.slice(s.indexOf('=') + 1) : s;
        if (!path.includes('\n') && isRemote(path)) out.push(s);
        else if (locals && path !== '' && !path.includes('\n')) locals.push(path);
      }
    }
    // Field specs, selectors and chart values name fields and values, not files.
    scanPlugin(value, out, depth + 1, NOT_FILES.has(key) ? undefined : locals);
  }
}

/** Keys of plugin configs under which a `path` is a field path or a chart value, not a file. */
const NOT_FILES = new Set(['fieldSpecs', 'targets', 'source', 'select', 'reject', 'options', 'valuesInline', 'labelSelector']);

/** Why an overlay is not built: a path out of the repository, or something only the network has. */
export interface OverlayRefusal {
  readonly file: string;
  readonly range: Range | undefined;
  readonly why: string;
  /** A remote entry: the environment's limit, not the overlay's bug. */
  readonly remote?: { readonly entry: string; readonly own: boolean };
  /** A file Kustomize would read otherwise than meshlint (kustomize-reading.ts): meshlint's limit too. */
  readonly unread?: true;
}

/**
 * The first thing that keeps an overlay from being built here: a file or folder it would read
 * from outside the repository (an entry of a kustomization, a resource, base, component, patch
 * or generator file, that points outside it, or a link that leads outside it), or an entry
 * Kustomize would fetch (see remoteEntries), in the overlay or any kustomization it uses.
 * Kustomize's own load restrictor keeps files inside each kustomization's folder, but a base
 * may be any folder (`resources: [../../../../etc/x]`), and a URL is no folder at all.
 */
export function overlayEscape(overlayDir: string, root: string, read: TextReader): OverlayRefusal | undefined {
  const realRoot = realPath(root) ?? root;
  const outside = (p: string): boolean => {
    if (!isInside(root, p)) return true;
    const real = realPath(p);
    return real !== undefined && !isInside(realRoot, real);
  };
  const top = KUSTOMIZATION_FILES.map((f) => join(overlayDir, f)).find((f) => read(f) !== undefined);
  const topText = top === undefined ? '' : (read(top) as string);
  const seen = new Set<string>();
  // The kustomizations each one uses, for the size of the build.
  const children = new Map<string, string[]>();
  // Each folder with the entry of the overlay's own kustomization that leads there.
  const pending: { dir: string; via: string | undefined }[] = [{ dir: overlayDir, via: undefined }];
  while (pending.length > 0) {
    const { dir, via } = pending.pop() as { dir: string; via: string | undefined };
    if (seen.has(dir)) continue;
    seen.add(dir);
    if (seen.size > MAX_KUSTOMIZATIONS) return { file: join(overlayDir, KUSTOMIZATION_FILES[0] as string), range: undefined, why: `the overlay uses more than ${MAX_KUSTOMIZATIONS} kustomizations` };
    if (outside(dir)) return { file: dir, range: undefined, why: `${isInside(root, dir) ? relative(root, dir).split('\\').join('/') || '.' : dir} lies outside the repository` };
    const found = kustomizationIn(dir, read);
    if (!found) continue;
    if (outside(found.file)) return { file: found.file, range: undefined, why: 'the kustomization is a link that leads outside the repository' };
    const shown = (f: string): string => relative(root, f).split('\\').join('/');
    // Read otherwise by Kustomize than here: what it names is not known, so nothing is built.
    if ('hazard' in found) return { file: found.file, range: rangeAt(read(found.file) ?? '', found.hazard.offset), why: `${shown(found.file)} has ${found.hazard.why}, which Kustomize reads otherwise than meshlint`, unread: true };
    const { file, text, data } = found;
    const hazards: OverlayRefusal[] = [];
    const readPlugin = (p: string): string | undefined => {
      if (outside(p)) return undefined;
      const t = read(p);
      const hazard = t === undefined ? undefined : readingHazard(t);
      if (hazard) hazards.push({ file: p, range: rangeAt(t as string, hazard.offset), why: `${shown(p)} has ${hazard.why}, which Kustomize reads otherwise than meshlint`, unread: true });
      return t;
    };
    const pluginPaths: string[] = [];
    const remote = remoteEntries(data, dir, readPlugin, pluginPaths)[0];
    if (hazards[0] !== undefined) return hazards[0];
    // The files plugin configs load (patches, generator files): Kustomize builds with no load
    // restrictor here, so meshlint keeps them in the repository (helmCharts: overlayHelmCharts).
    const away = pluginPaths.find((p) => outside(resolve(dir, p)));
    if (away !== undefined) return { file, range: entryRange(text, away), why: `${JSON.stringify(shorten(away, 200))} leads outside the repository` };
    if (remote !== undefined) {
      const own = via === undefined;
      const at = own ? { file, range: entryRange(text, remote) } : { file: top as string, range: entryRange(topText, via) };
      return { ...at, why: `${JSON.stringify(shorten(remote, 200))} is fetched over the network`, remote: { entry: remote, own } };
    }
    const uses: string[] = [];
    for (const entry of localEntries(data)) {
      const target = resolve(dir, entry);
      if (outside(target)) return { file, range: entryRange(text, entry), why: `${JSON.stringify(shorten(entry, 200))} leads outside the repository` };
      if (KUSTOMIZATION_FILES.some((f) => read(join(target, f)) !== undefined)) {
        pending.push({ dir: target, via: via ?? entry });
        uses.push(target);
      }
    }
    children.set(dir, uses);
  }
  const size = buildSize(overlayDir, children);
  const at = { file: top ?? join(overlayDir, KUSTOMIZATION_FILES[0] as string), range: undefined };
  if (size.depth > MAX_OVERLAY_DEPTH) return { ...at, why: `its bases nest ${size.depth} levels deep, more than the ${MAX_OVERLAY_DEPTH} meshlint builds` };
  if (size.builds > MAX_OVERLAY_BUILDS) return { ...at, why: `Kustomize would build its kustomizations more than ${MAX_OVERLAY_BUILDS} times over (bases shared along many paths)` };
  return undefined;
}

/** Kustomizations nested at most, overlay to deepest base. */
export const MAX_OVERLAY_DEPTH = 64;
/**
 * Builds of kustomizations one overlay may cost. Kustomize builds a base once for every path
 * that reaches it (api/internal/target/kusttarget.go accumulates each resource entry anew), so
 * a diamond of bases 22 levels deep is four million builds of a few files.
 */
export const MAX_OVERLAY_BUILDS = 10_000;

/** The longest chain of kustomizations from `dir`, and how many builds Kustomize would make of them (a cycle counts once: Kustomize refuses it). */
function buildSize(dir: string, children: ReadonlyMap<string, readonly string[]>): { depth: number; builds: number } {
  const known = new Map<string, { depth: number; builds: number }>();
  const onPath = new Set<string>();
  const size = (d: string): { depth: number; builds: number } => {
    const done = known.get(d);
    if (done) return done;
    if (onPath.has(d)) return { depth: 0, builds: 0 };
    onPath.add(d);
    let depth = 0;
    let builds = 1;
    for (const c of children.get(d) ?? []) {
      const s = size(c);
      depth = Math.max(depth, s.depth);
      // Capped: past the bound the exact count does not matter, and it must not overflow.
      builds = Math.min(builds + s.builds, MAX_OVERLAY_BUILDS + 1);
    }
    onPath.delete(d);
    const out = { depth: depth + 1, builds };
    known.set(d, out);
    return out;
  };
  return size(dir);
}

const shorten = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n)}…` : s);

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

/** A helmCharts entry whose chart is not vendored: what `meshlint charts` lists, with the command that vendors it. */
export interface UnvendoredChart {
  readonly file: string;
  readonly range: Range | undefined;
  readonly name: string;
  readonly version: string | undefined;
  readonly repo: string | undefined;
  readonly command: string | undefined;
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
export function overlayHelmCharts(overlayDir: string, root: string, read: TextReader, cwd: string): { uses: boolean; problem?: ChartsProblem; unvendored?: readonly UnvendoredChart[] } {
  const unvendored: { problem: ChartsProblem; chart: UnvendoredChart }[] = [];
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
    const found = kustomizationIn(dir, read);
    // One not read as Kustomize reads it is refused before the build (overlayEscape).
    if (!found || 'hazard' in found) continue;
    const { file, text, data } = found;
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
        // Every entry not vendored is listed (meshlint charts); the build is refused at the first.
        unvendored.push({
          problem: {
            file,
            range: entryRange(text, name),
            why: `the chart ${name} is not in ${home}/`,
            environment: { cause: `its helmCharts entry ${name} is not vendored in ${home}/, and kustomize would fetch it`, fix: pull ? `Vendor it: ${pull}` : `Vendor the chart into ${home}/${name}/.` },
          },
          chart: { file, range: entryRange(text, name), name, version, repo, command: pull },
        });
        continue;
      }
      const escape = chartEscape(chartDir);
      if (escape) return at(name, `helmCharts ${name}: ${escape.why}`);
    }
  }
  const first = unvendored[0];
  if (first) return { uses, problem: first.problem, unvendored: unvendored.map((u) => u.chart) };
  if (uses && generators) return { uses, problem: { file: generators.file, range: entryRange(read(generators.file) ?? '', 'generators'), why: 'the overlay has generators as well as helmCharts; meshlint builds with Helm only an overlay whose charts it checked' } };
  return { uses };
}

/** The helmCharts entries of these overlays (and their bases) whose charts are not vendored, each once. */
export function unvendoredCharts(overlays: readonly string[], read: TextReader, cwd: string): UnvendoredChart[] {
  const out = new Map<string, UnvendoredChart>();
  for (const dir of overlays) {
    const root = repositoryOf(dir, cwd);
    for (const c of overlayHelmCharts(dir, root, readerWithin(read, root), cwd).unvendored ?? []) out.set(`${c.file}\0${c.name}\0${c.version ?? ''}`, c);
  }
  return [...out.values()];
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
/**
 * The first entry of a kustomization Kustomize would fetch, and its line: read from its data (a
 * list item that is a mapping, `- name: app-config`, is no entry, whatever its text looks like).
 */
function remoteEntry(text: string, dir: string, read: TextReader): { entry: string; range: Range } | undefined {
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 100, logLevel: 'error' }) as unknown;
  } catch {
    return undefined;
  }
  const entry = remoteEntries(data, dir, read)[0];
  return entry === undefined ? undefined : { entry, range: listEntries(text).find((e) => e.entry === entry)?.range ?? entryRange(text, entry) ?? FIRST_LINE };
}

/** The local paths a kustomization names (remote URLs and inline patches left out). */
export function localEntries(data: unknown): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  return pathEntries(data as Record<string, unknown>).filter((e) => !isRemote(e.path)).map((e) => e.path);
}

/**
 * Every path a kustomization names, local or remote: its lists of paths, the `path` of its
 * patches and replacements, its generators' files (`path` or `key=path`) and env files, and
 * its openapi schema. `root`: an entry Kustomize may load as a whole kustomization (a folder or
 * a repository). Inline patches and empty strings are not paths.
 */
function pathEntries(k: Record<string, unknown>): { path: string; root: boolean }[] {
  const out: { path: string; root: boolean }[] = [];
  const add = (v: unknown, root = false): void => {
    if (typeof v === 'string' && v !== '' && !v.includes('\n')) out.push({ path: v, root });
  };
  for (const key of PATH_LISTS) if (Array.isArray(k[key])) for (const v of k[key] as unknown[]) add(v, (ROOT_LISTS as readonly string[]).includes(key));
  for (const key of PATH_OBJECTS) if (Array.isArray(k[key])) for (const v of k[key] as unknown[]) add((v as { path?: unknown } | null)?.path);
  for (const key of ['configMapGenerator', 'secretGenerator']) {
    if (!Array.isArray(k[key])) continue;
    for (const g of k[key] as unknown[]) {
      if (g === null || typeof g !== 'object') continue;
      const gen = g as Record<string, unknown>;
      if (Array.isArray(gen.files)) for (const f of gen.files) if (typeof f === 'string') add(f.includes('=') ? f.slice(f.indexOf('=') + 1) : f);
      if (Array.isArray(gen.envs)) for (const f of gen.envs) add(f);
      add(gen.env);
    }
  }
  add((k.openapi as { path?: unknown } | undefined)?.path);
  return out;
}

/** The line and column of an offset in a text. */
function rangeAt(text: string, offset: number): Range {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, endLine: line, endColumn: column };
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

/**
 * A folder's kustomization file, its text and its data; or why it is not read as Kustomize reads
 * it (kustomize-reading.ts: one that does not parse is never taken for none); undefined when the
 * folder has none.
 */
function kustomizationIn(dir: string, read: (file: string) => string | undefined): { file: string; text: string; data: unknown } | { file: string; hazard: Hazard } | undefined {
  const file = KUSTOMIZATION_FILES.map((f) => join(dir, f)).find((f) => read(f) !== undefined);
  if (file === undefined) return undefined;
  const text = read(file) as string;
  const hazard = readingHazard(text);
  if (hazard) return { file, hazard };
  try {
    return { file, text, data: parseYaml(text, { maxAliasCount: 100, logLevel: 'error' }) as unknown };
  } catch {
    // Several documents, or too many aliases: Kustomize reads what meshlint does not.
    return { file, hazard: { why: 'more than one YAML document, or aliases past 100', offset: 0 } };
  }
}
