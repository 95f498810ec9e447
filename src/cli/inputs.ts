// What a command reads: the paths and standard input, the charts and overlays rendered, the
// charts GitOps objects deploy, and the files read for facts only (--context, the config's).
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../engine/config.ts';
import { suggestKey } from '../engine/schema.ts';
import { shortList, type Note } from '../engine/notes.ts';
import { safeText } from '../common/text.ts';
import { ConfigLookup } from '../engine/config-file.ts';
import { discoverContext, readRepositoryContext, repositoryRoots } from '../load/context.ts';
import { fluxScoping } from '../load/flux-scope.ts';
import { MAX_CLUSTERS } from '../load/flux-clusters.ts';
import { discover, ignoredBy, repoRoot, type Skipped } from '../load/discover.ts';
import { MAX_WALKED_KUSTOMIZATIONS, overlaysAmong, type FoundOverlays } from '../load/overlays-found.ts';
import { cachedReader } from '../load/render/source-text.ts';
import { decodeSource, describeFsError, displayPathOf, readSource, type ReadOutcome } from '../load/read.ts';
import { chartReleaseRenders, isChartDir, isOverlayDir, renderAll, type RenderedWorlds, type RenderRequest } from '../load/render/index.ts';
import { planReleases, type ReleasePlan } from '../load/render/gitops.ts';
import type { HelmRender } from '../load/render/helm.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { Progress } from './progress.ts';
import type { SourceFile } from '../common/types.ts';
import { COMMANDS, type Values } from './args.ts';
import { type CliIO, UsageError, fail } from './io.ts';

interface Gathered {
  readonly inputs: ReadOutcome[];
  readonly rendered: RenderedWorlds;
  /** Files read for facts only (--context, config `context`). */
  readonly context: ReadOutcome[];
  readonly skipped: Skipped[];
  /** What gathering wants said once: charts not rendered, charts rendered into Helm's default namespace. */
  readonly notes: Note[];
  /**
   * The inputs by the config in force for each (the nearest config above the file; standard
   * input has the run's), the run's config first. Charts and overlays rendered belong to the
   * run's config.
   */
  readonly groups: readonly { readonly config: Config; readonly inputs: readonly ReadOutcome[] }[];
  /** What GitOps objects among the inputs deploy, and where their charts are. */
  readonly plan: ReleasePlan;
  /** The overlays named or met while walking (their folders), built or not. */
  readonly overlaysMet: readonly string[];
}

export const asInput = (file: SourceFile): ReadOutcome => ({ ok: true, file: { ...file, bom: false } });

const CHART_ONLY_FLAGS = ['values', 'values-set', 'set', 'release', 'kube-version', 'api-versions'] as const;

/**
 * Reads standard input, the files the arguments name, and renders the charts and overlays
 * asked for; an exit code when there is nothing to lint.
 */
export function gatherInputs(positionals: readonly string[], v: Values, config: Config, io: CliIO, lookup?: ConfigLookup, options: { readonly renderNothing?: boolean; readonly progress?: Progress } = {}): Gathered | number {
  const useStdin = positionals.includes('-');
  const paths = positionals.filter((p) => p !== '-');
  if (useStdin && v.fix) throw new UsageError('--fix cannot write to standard input; use --fix-dry-run to see the fixes');
  const req = renderRequest(v);
  const charts = req.charts.map((c) => resolve(io.cwd, c));
  /** Charts met while walking (rendered or not). */
  const metCharts: string[] = [];
  const overlays = req.overlays.map((o) => resolve(io.cwd, o));
  /** Top-level overlays met while walking, built or not. */
  const metOverlays: string[] = [];
  for (const [i, c] of charts.entries()) {
    if (!isChartDir(c)) throw new UsageError(`--helm-chart ${req.charts[i]}: no Chart.yaml there; name the chart's directory (the one that holds Chart.yaml)`);
  }
  for (const [i, o] of overlays.entries()) {
    if (!isOverlayDir(o)) throw new UsageError(`--kustomize ${req.overlays[i]}: no kustomization.yaml there; name the overlay's directory`);
  }
  if (charts.length === 0) {
    const stray = CHART_ONLY_FLAGS.find((f) => v[f] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --helm-chart DIR (the chart to render)`);
  }
  const ignoreBase = config.filePath ? dirname(config.filePath) : io.cwd;
  const unrenderedCharts: string[] = [];
  const inputs: ReadOutcome[] = [];
  const skipped: Skipped[] = [];
  const chartJobs: HelmRender[][] = [];
  const notes: Note[] = [];
  if (useStdin) {
    const name = v['stdin-filename'] ?? '<stdin>';
    inputs.push(decodeSource(readStdin(io), name, undefined));
  }
  // A file under a config of its own is held to that config's ignore patterns too.
  const ignores = new Map<Config, (abs: string) => boolean>();
  const readWalked = (files: readonly string[]): void => {
    for (const f of files) {
      const own = lookup?.forFile(f) ?? config;
      if (own !== config && own.filePath !== undefined) {
        let ignored = ignores.get(own);
        if (!ignored) ignores.set(own, (ignored = ignoredBy(dirname(own.filePath), own.ignorePatterns)));
        if (ignored(f)) {
          skipped.push({ path: f, reason: 'ignored by an ignore pattern', kind: 'ignored' });
          continue;
        }
      }
      inputs.push(readSource(f, io.cwd));
      options.progress?.tick('read');
    }
  };
  /** Walked files left to the overlays that name them, to lint as written if those cannot be built. */
  let throughOverlays: { readonly found: FoundOverlays; readonly files: ReadonlySet<string> } | undefined;
  const walkPaths = paths.length > 0 || (!useStdin && charts.length === 0 && overlays.length === 0);
  if (walkPaths) {
    const found = discover({
      cwd: io.cwd,
      patterns: paths,
      ignorePatterns: [...config.ignorePatterns, ...(v['ignore-pattern'] ?? [])],
      ignoreBase,
      useGitignore: !v['no-gitignore'],
    });
    if (found.unmatched.length > 0) {
      const named = found.unmatched.map((u) => JSON.stringify(u)).join(', ');
      if (!v['no-error-on-unmatched-pattern']) {
        // A misspelt command ("rulez") reads as a path: name the command it is close to.
        const first = positionals[0];
        const command = first !== undefined && found.unmatched.includes(first) && /^[a-z]+$/i.test(first) ? suggestKey(first, COMMANDS) : '';
        if (command) return fail(io, `no such file or directory ${named}, and no command of that name: did you mean "meshlint ${/"([^"]+)"/.exec(command)?.[1]}"?`);
        return fail(io, `no such file, directory or matching files: ${named}. Check the path, or quote a glob pattern so the shell does not expand it.`);
      }
      notes.push({ id: 'unmatched-pattern', message: `no such file, directory or matching files: ${named}; not linted.` });
    }
    for (const s of found.skipped) {
      const shown = displayPathOf(s.path, io.cwd);
      // A folder that cannot be listed may hide manifests: a finding, never a silent pass.
      if (s.kind === 'unreadable-directory') inputs.push({ ok: false, displayPath: shown, absPath: s.path, reason: `${s.reason}; make it readable, or add it to .meshlintignore`, problem: 'unreadable' });
      else {
        io.stderr(`${TOOL_NAME}: skipped ${safeText(shown)}: ${s.reason}\n`);
        skipped.push(s);
      }
    }
    for (const s of found.ignored) skipped.push(s);
    // A chart met on the way: rendered when asked, else counted and named once, in a note
    // that says how to lint it: nothing in it is wrong, it is just not linted yet.
    const files = [...found.files];
    metCharts.push(...found.charts);
    for (const chart of found.charts.filter((c) => !charts.includes(c))) {
      if (v['render-charts'] || config.helm.renderCharts || config.helm.charts.some((c) => c.path === chart)) chartJobs.push(...chartReleaseRenders(chart, undefined, config, io.cwd));
      else unrenderedCharts.push(chart);
    }
    // Kustomizations met on the way: the top-level ones are built when asked, and the files
    // they name are then linted through them; else one note names them and how to build them.
    const foundOverlays = overlaysAmong(files, cachedReader());
    metOverlays.push(...foundOverlays.top);
    // A chart vendored for a helmCharts entry is linted through its kustomization, not as a chart of its own.
    const helmChartsChart = (dir: string): boolean => foundOverlays.chartHomes.some((home) => dir.startsWith(home + sep));
    for (const chart of found.charts.filter(helmChartsChart)) {
      skipped.push({ path: chart, reason: 'a chart of a Kustomize helmCharts entry: linted through its kustomization', kind: 'through-overlay' });
    }
    chartJobs.splice(0, chartJobs.length, ...chartJobs.filter((renders) => !helmChartsChart(renders[0]?.chartDir ?? '')));
    unrenderedCharts.splice(0, unrenderedCharts.length, ...unrenderedCharts.filter((c) => !helmChartsChart(c)));
    const unbuilt = foundOverlays.top.filter((o) => !overlays.includes(o) && !config.kustomize.overlays.includes(o));
    if (v['render-overlays'] || config.kustomize.renderOverlays) {
      if (foundOverlays.tooMany) notes.push({ id: 'overlays-not-built', message: `${foundOverlays.folders.length} kustomizations were met, more than the ${MAX_WALKED_KUSTOMIZATIONS} read while walking: none was built; name the overlays with --kustomize or kustomize.overlays.` });
      else {
        overlays.push(...unbuilt);
        throughOverlays = { found: foundOverlays, files: new Set(files.filter((x) => foundOverlays.members.has(x))) };
        files.splice(0, files.length, ...files.filter((f) => !foundOverlays.members.has(f)));
      }
    } else if (unbuilt.length > 0 && !config.kustomize.renderOverlaysDeclined) {
      const n = unbuilt.length;
      notes.push({ id: 'overlays-not-built', message: `${n} Kustomize overlay${n === 1 ? ' was' : 's were'} not built (${shortList(unbuilt.map((o) => displayPathOf(o, io.cwd)))}): ${n === 1 ? 'its files are' : 'their files are'} linted as written. Pass --render-overlays, or set kustomize.renderOverlays: true in .meshlint.yaml, to lint what ${n === 1 ? 'it deploys' : 'they deploy'}.` });
    }
    const walked = (paths.length > 0 ? paths : ['.']).map((p) => resolve(io.cwd, p));
    for (const o of config.kustomize.overlays) {
      if (!overlays.includes(o) && walked.some((w) => o === w || o.startsWith(w + sep))) overlays.push(o);
    }
    if (found.files.length === 0 && found.charts.length === 0 && inputs.length === 0) {
      const where = paths.length ? safeText(paths.join(', ')) : 'the current directory';
      // Every path met is ignored (a hook given only files .meshlintignore lists): nothing is
      // wrong, and the note says why nothing was linted. Anything else is a usage error, unless asked.
      const met = [...found.skipped, ...found.ignored];
      const everyIgnored = met.length > 0 && found.unmatched.length === 0 && met.every((s) => s.kind === 'ignored' || s.kind === 'ignored-directory');
      if (everyIgnored) notes.push({ id: 'nothing-to-lint', message: `nothing to lint: every path in ${where} is ignored (.meshlintignore, .gitignore, ignorePatterns or --ignore-pattern).` });
      else if (v['no-error-on-unmatched-pattern']) notes.push({ id: 'nothing-to-lint', message: `nothing to lint: no YAML or JSON files in ${where} (after ignore patterns).` });
      else return fail(io, `no YAML or JSON files to lint in ${where} (after ignore patterns).`);
    }
    readWalked(files);
  }
  // Charts that GitOps objects deploy: rendered from the folders the user names (and the
  // repository's own), with the values the objects give; a chart met while walking that a
  // release renders is linted through that release.
  // Nothing rendered (meshlint charts): the files overlays name are read as written, so that the
  // releases in them are listed with --render-overlays as without it.
  const asWrittenForPlan = options.renderNothing && throughOverlays ? [...throughOverlays.files].map((f) => readSource(f, io.cwd)) : [];
  const plan = releasePlan(v, config, io, [...inputs, ...asWrittenForPlan], metCharts, paths, !options.renderNothing);
  if (plan.renderedCharts.size > 0) {
    const through = (dir: string): boolean => plan.renderedCharts.has(dir) && !charts.includes(dir);
    chartJobs.splice(0, chartJobs.length, ...chartJobs.filter((renders) => !through(renders[0]?.chartDir ?? '')));
    unrenderedCharts.splice(0, unrenderedCharts.length, ...unrenderedCharts.filter((c) => !through(c)));
  }
  for (const c of charts) chartJobs.push(...chartReleaseRenders(c, req, config, io.cwd));
  let rendered: RenderedWorlds;
  try {
    rendered = options.renderNothing ? { worlds: [[]], context: [[]], overlays: new Map(), releases: [] } : renderAll({ charts: chartJobs, overlays, releases: plan.releases }, config, req, io.cwd, io.env, undefined, options.progress && (() => options.progress?.tick('rendered')));
    if (options.renderNothing) plan.releases([]);
    notes.push(...plan.notes());
  } finally {
    plan.close();
  }
  if (throughOverlays) {
    // An overlay that cannot be built (a remote base offline, a file it names missing) still
    // has files of its own, a Job beside its patches: they are linted as written, not hidden
    // behind the build's one warning. What a built overlay also names is linted through it.
    const { found, files: named } = throughOverlays;
    const built = [...rendered.overlays].filter(([, f]) => f.origin?.failure === undefined);
    const viaBuild = new Set(built.flatMap(([dir]) => [...found.filesOf(dir)]));
    const asWritten = new Set<string>();
    for (const [dir, f] of rendered.overlays) {
      if (f.origin?.failure === undefined) continue;
      const own = [...found.filesOf(dir)].filter((x) => named.has(x) && !viaBuild.has(x) && !asWritten.has(x));
      own.forEach((x) => asWritten.add(x));
      if (own.length > 0) markWrittenFilesLinted(rendered, f);
    }
    for (const f of named) if (!asWritten.has(f)) skipped.push({ path: f, reason: 'named by a Kustomize overlay: linted through its build', kind: 'through-overlay' });
    readWalked([...named].filter((f) => asWritten.has(f)));
  }
  // A chart in the folder of an overlay built is its helmCharts' chart home: linted through the build.
  const builtOverlays = [...rendered.overlays].filter(([, f]) => f.origin?.failure === undefined && f.text.includes('HelmChartInflationGenerator')).map(([dir]) => dir);
  unrenderedCharts.splice(0, unrenderedCharts.length, ...unrenderedCharts.filter((c) => !builtOverlays.some((d) => c.startsWith(d + sep))));
  if (unrenderedCharts.length > 0) {
    const n = unrenderedCharts.length;
    if (!config.helm.renderChartsDeclined) notes.push({ id: 'charts-not-rendered', message: `${n} Helm chart${n === 1 ? ' was' : 's were'} not linted (${shortList(unrenderedCharts.map((c) => displayPathOf(c, io.cwd)))}): pass --render-charts, or set helm.renderCharts: true in .meshlint.yaml, to lint what ${n === 1 ? 'it renders' : 'they render'}.` });
    for (const c of unrenderedCharts) skipped.push({ path: c, reason: 'a Helm chart, not rendered', kind: 'unrendered-chart' });
  }
  const inDefault = chartJobs.filter((renders) => renders.some((r) => r.namespace === undefined) && !rendered.throughReleases?.has(renders[0]?.chartDir ?? '')).map((renders) => displayPathOf(renders[0]?.chartDir ?? '', io.cwd));
  if (inDefault.length > 0) {
    const n = inDefault.length;
    notes.push({ id: 'charts-default-namespace', message: `${n} chart${n === 1 ? ' is' : 's are'} rendered into Helm's default namespace "default" (${shortList(inDefault)}), so what depends on ${n === 1 ? 'its' : 'their'} namespace is not judged: pass --namespace NS, or set defaultNamespace or helm.charts[].namespace in .meshlint.yaml, for the namespace you install ${n === 1 ? 'it' : 'them'} in.` });
  }
  // A values schema that refers to a URL: rendered unvalidated, said once.
  const unvalidated = [...new Map(rendered.worlds.flat().flatMap((f) => (f.origin?.schemaSkipped ? [[f.origin.source, f.origin.schemaSkipped] as const] : []))).entries()];
  if (unvalidated.length > 0) {
    const n = unvalidated.length;
    notes.push({ id: 'charts-schema-skipped', message: `${n} chart${n === 1 ? "'s values schema refers" : "s' values schemas refer"} to a URL (${shortList(unvalidated.map(([chart, url]) => `${chart}: ${url.length > 80 ? `${url.slice(0, 80)}…` : url}`))}), which meshlint never fetches: ${n === 1 ? 'it was' : 'they were'} rendered without schema validation, as helm --skip-schema-validation renders. Check the values against the schema where the network is allowed (helm lint).` });
  }
  // Never a silent pass: a render that produced nothing is said (a wrong binary, everything disabled).
  for (const f of rendered.worlds.flat()) {
    if (f.origin && f.origin.failure === undefined && f.text.trim() === '') io.stderr(`${TOOL_NAME}: note: ${safeText(f.displayPath)} produced no documents; nothing from it was linted\n`);
  }
  const byConfig = new Map<Config, ReadOutcome[]>([[config, []]]);
  for (const input of inputs) {
    const path = input.ok ? input.file.absPath : input.absPath;
    const own = path !== undefined && lookup ? lookup.forFile(path) : config;
    let group = byConfig.get(own);
    if (!group) byConfig.set(own, (group = []));
    group.push(input);
  }
  const groups = [...byConfig].map(([c, g]) => ({ config: c, inputs: g }));
  const context = new Map<string, ReadOutcome>();
  for (const g of groups) {
    for (const c of readContext(v, g.config, inputs, io)) context.set(c.ok ? (c.file.absPath ?? c.file.displayPath) : c.displayPath, c);
  }
  // The rest of the repository the inputs lie in, for facts only (read after the named context, which it never replaces).
  const roots = repositoryRoots([...paths.map((p) => resolve(io.cwd, p)), ...charts, ...overlays, ...(useStdin ? [io.cwd] : [])], config);
  if (!v['no-repository-context']) {
    const linted = new Set(inputs.flatMap((i) => (i.ok && i.file.absPath ? [i.file.absPath] : [])));
    const repository = readRepositoryContext(roots, { cwd: io.cwd, config, ignorePatterns: v['ignore-pattern'], useGitignore: !v['no-gitignore'], skip: (f) => linted.has(f) || context.has(f) });
    for (const c of repository.files) context.set(c.ok ? (c.file.absPath ?? c.file.displayPath) : c.displayPath, c);
    if (repository.cut) notes.push({ id: 'repository-context-cut', message: `the repository was read for facts up to ${repository.cut}: facts in files past it are unknown. Pass the files that hold them with --context, or lint from a smaller folder.` });
  }
  // Each chart's Chart.yaml, rendered or not, for the Istio charts it pins (version evidence).
  for (const dir of new Set([...charts, ...metCharts])) {
    const file = join(dir, 'Chart.yaml');
    if (context.has(file)) continue;
    const read = readSource(file, io.cwd);
    if (read.ok) context.set(file, read);
  }
  // Files a Flux Kustomization of the repository builds with a targetNamespace: their objects land there.
  const flux = fluxScoping([...inputs, ...context.values()], roots[0]);
  const scoped = new Map<ReadOutcome, ReadOutcome>();
  for (const r of [...inputs, ...context.values()]) {
    const s = flux.scope(r);
    if (s !== r) scoped.set(r, s);
  }
  const swap = (r: ReadOutcome): ReadOutcome => scoped.get(r) ?? r;
  // What a release or an overlay of one cluster renders is that cluster's (the file that declares it, the folder built).
  if (flux.clusters.names.length > 1) {
    const tag = (f: SourceFile): SourceFile => {
      if (!f.origin || f.clusters) return f;
      const deployedBy = flux.clusters.clustersOf(resolve(io.cwd, f.origin.source));
      return deployedBy.length > 0 ? { ...f, clusters: deployedBy } : f;
    };
    for (const list of [...rendered.worlds, ...rendered.context]) list.splice(0, list.length, ...list.map(tag));
  }
  if (flux.clusters.tooMany !== undefined) notes.push({ id: 'clusters-not-scoped', message: `the repository deploys to ${flux.clusters.tooMany} clusters (Flux entry Kustomizations), more than the ${MAX_CLUSTERS} whose facts are kept apart: the facts of all are read as one, and where they differ they are unknown.` });
  const scopedGroups = scoped.size === 0 ? groups : groups.map((g) => ({ config: g.config, inputs: g.inputs.map(swap) }));
  return { inputs: scoped.size === 0 ? inputs : inputs.map(swap), rendered, context: [...context.values()].map(swap), skipped, notes, groups: scopedGroups, plan, overlaysMet: [...new Set([...overlays, ...metOverlays])] };
}

/** One lint of a run: the files it reports on, and whether a file of the run is left out of its facts. */
export interface LintGroup {
  readonly config: Config;
  readonly own: readonly ReadOutcome[];
  /** The cluster whose facts it judges with, when its files are deployed to one only (load/flux-clusters.ts). */
  readonly cluster: string | undefined;
  /** A file of another cluster: its facts are not this lint's. */
  readonly foreign: (r: ReadOutcome) => boolean;
}

const clustersOfInput = (r: ReadOutcome): readonly string[] => (r.ok ? (r.file.clusters ?? []) : []);

/**
 * The lints of a run: one per config in force (see Gathered.groups; what is rendered belongs to
 * the run's config), each split by cluster in a repository of several: files that one cluster
 * deploys are judged with the facts of that cluster's files and of the files no cluster claims
 * alone; the others with every file's.
 */
export function lintGroups(gathered: Pick<Gathered, 'groups' | 'rendered'>, config: Config): LintGroup[] {
  const rendered0 = (gathered.rendered.worlds[0] ?? []).map(asInput);
  const everyone = (): boolean => false;
  return gathered.groups.flatMap((g): LintGroup[] => {
    const own = g.config === config ? [...g.inputs, ...rendered0] : g.inputs;
    const byCluster = new Map<string | undefined, ReadOutcome[]>();
    for (const r of own) {
      const c = clustersOfInput(r);
      const key = c.length === 1 ? c[0] : undefined;
      // Appended in place: a copy per input made this quadratic (52,000 files: 29 s).
      const list = byCluster.get(key);
      if (list) list.push(r);
      else byCluster.set(key, [r]);
    }
    if (byCluster.size === 0) return [{ config: g.config, own, cluster: undefined, foreign: everyone }];
    return [...byCluster].sort(([a], [b]) => (a === undefined ? -1 : b === undefined ? 1 : a < b ? -1 : 1)).map(([cluster, list]) => ({ config: g.config, own: list, cluster, foreign: foreignTo(cluster) }));
  });
}

function foreignTo(cluster: string | undefined): (r: ReadOutcome) => boolean {
  if (cluster === undefined) return () => false;
  return (r) => {
    const c = clustersOfInput(r);
    return c.length > 0 && !c.includes(cluster);
  };
}

/** A failed overlay build whose own files are linted as written: its warning says so. */
function markWrittenFilesLinted(rendered: RenderedWorlds, failed: SourceFile): void {
  if (!failed.origin) return;
  const marked: SourceFile = { ...failed, origin: { ...failed.origin, writtenFilesLinted: true } };
  for (const list of [...rendered.worlds, ...rendered.context]) {
    const at = list.indexOf(failed);
    if (at >= 0) list[at] = marked;
  }
}

/** Standard input ("-"), or exit 2 saying why it cannot be read (a directory redirected to it). */
function readStdin(io: CliIO): Buffer {
  try {
    return io.readStdin();
  } catch (e) {
    throw new UsageError(`cannot read standard input ("-"): ${describeFsError(e)}; pipe a manifest into meshlint, or name files instead of "-"`);
  }
}

/**
 * The files --context and the config's `context` name, read for facts only, less those
 * linted anyway. Charts met there are not rendered: their facts would need a render.
 */
function readContext(v: Values, config: Config, inputs: readonly ReadOutcome[], io: CliIO): ReadOutcome[] {
  const { files, missing } = discoverContext({
    cwd: io.cwd,
    paths: (v.context ?? []).map((p) => resolve(io.cwd, p)),
    config,
    ignorePatterns: v['ignore-pattern'],
    useGitignore: !v['no-gitignore'],
  });
  if (missing !== undefined) throw new UsageError(`--context ${missing}: no such file or directory`);
  const linted = new Set(inputs.flatMap((i) => (i.ok && i.file.absPath ? [i.file.absPath] : [])));
  return files.filter((f) => !linted.has(f)).map((f) => readSource(f, io.cwd));
}

/**
 * The folders of charts GitOps objects deploy: --charts (anywhere, as typed), else the config's
 * helm.chartsDir (inside the repository); and the repository's own charts/ folder.
 */
/**
 * The folders of charts GitOps releases are rendered from: those named, then the `charts/`
 * folders beside the inputs. `destination`: named as where charts will be pulled to (meshlint
 * charts), so one that does not exist yet holds none, rather than being an error.
 */
export function chartsDirsOf(v: Values, config: Config, cwd: string, paths: readonly string[], destination = false): { named: string[]; all: string[] } {
  const named: string[] = [];
  const missing = (abs: string): boolean => !existsSync(abs) || !statSync(abs).isDirectory();
  for (const d of v.charts ?? []) {
    const abs = resolve(cwd, d);
    if (missing(abs) && !destination) throw new UsageError(`--charts ${d}: no such directory; name the folder helm pull writes the charts to (--destination)`);
    named.push(abs);
  }
  if (named.length === 0 && config.helm.chartsDir !== undefined) {
    const d = config.helm.chartsDir;
    if (missing(d) && !destination) throw new UsageError(`helm.chartsDir ${displayPathOf(d, cwd)} (in ${displayPathOf(config.filePath ?? '', cwd)}): no such directory; create it, or pull the charts into it (meshlint charts prints the commands)`);
    named.push(d);
  }
  const vendored = new Set<string>();
  for (const base of [repoRoot(cwd) ?? cwd, cwd, ...paths.map((p) => resolve(cwd, p))]) {
    const d = join(base, 'charts');
    if (existsSync(d) && statSync(d).isDirectory() && !named.includes(d)) vendored.add(d);
  }
  return { named, all: [...named, ...vendored] };
}

function releasePlan(v: Values, config: Config, io: CliIO, inputs: readonly ReadOutcome[], metCharts: readonly string[], paths: readonly string[], mayRender: boolean): ReleasePlan {
  const dirs = chartsDirsOf(v, config, io.cwd, paths, !mayRender);
  return planReleases(
    inputs.flatMap((i) => (i.ok ? [i.file] : [])),
    { render: mayRender && (dirs.named.length > 0 || Boolean(v['render-charts']) || config.helm.renderCharts), chartsDirs: dirs.all, metCharts, defaultNamespace: config.defaultNamespace, cwd: io.cwd },
  );
}

function renderRequest(v: Values): RenderRequest {
  return {
    charts: v['helm-chart'] ?? [],
    values: v.values ?? [],
    valuesSets: v['values-set'] ?? [],
    set: v.set ?? [],
    release: v.release,
    namespace: v.namespace,
    kubeVersion: v['kube-version'],
    apiVersions: v['api-versions'] ?? [],
    helmBinary: v['helm-binary'],
    overlays: v.kustomize ?? [],
    kustomizeBinary: v['kustomize-binary'],
    renderBudget: renderBudget(v['render-budget']),
  };
}

function renderBudget(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1) throw new UsageError('--render-budget takes a whole number of seconds, at least 1');
  return n;
}
