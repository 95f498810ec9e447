// Charts and overlays as inputs: which renders to run (from the command line and the config
// file), running them, and grouping them into "worlds" for a values matrix. World 0 holds the
// first render of every chart; world i holds each chart's i-th values set. Findings that
// several worlds share are reported once, naming the renders that produce them.
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { HELM_RELEASE_MAX, isHelmReleaseName, type ChartSetting, type Config } from '../../common/config.ts';
import { configRoot, escapesThroughLink } from '../boundary.ts';
import type { SourceFile } from '../../common/types.ts';
import { displayPathOf } from '../read.ts';
import { renderChart, type HelmRender } from './helm.ts';
import { KUSTOMIZATION_FILES, renderOverlay } from './kustomize.ts';
import { RendererMissing, confinedRunner, findOnPath, namedBinary, type BinarySource, type Runner } from './process.ts';
import { cachedReader } from './source-text.ts';
import { Locator } from '../../parse/locator.ts';
import { renderRelease, type ReleaseRender } from './gitops.ts';

export { RendererMissing } from './process.ts';

/** What the command line asks for; undefined or empty where it says nothing. */
export interface RenderRequest {
  readonly charts: readonly string[];
  readonly values: readonly string[];
  readonly valuesSets: readonly string[];
  readonly set: readonly string[];
  readonly release: string | undefined;
  readonly namespace: string | undefined;
  readonly kubeVersion: string | undefined;
  readonly apiVersions: readonly string[];
  readonly helmBinary: string | undefined;
  readonly overlays: readonly string[];
  readonly kustomizeBinary: string | undefined;
  /** --render-budget: the seconds all renders of the run may take together (the command line only). */
  readonly renderBudget?: number | undefined;
}

/** A usage mistake in the render flags or config: the flag (or key) and what is wrong. */
export class RenderUsageError extends Error {}

/** Levels of releases rendered from releases (an app of apps of apps): far above real ones. */
const MAX_RELEASE_LEVELS = 5;

/** Helm's own release name for `helm template CHART`. */
const DEFAULT_RELEASE = 'release-name';

export function isChartDir(dir: string): boolean {
  return existsSync(join(dir, 'Chart.yaml'));
}

export function isOverlayDir(dir: string): boolean {
  return KUSTOMIZATION_FILES.some((f) => existsSync(join(dir, f)));
}

/**
 * The releases of one chart: each of the config's `helm.charts` entries for it (one chart
 * installed twice, into two namespaces with two values files, is two releases, each rendered),
 * else one with the chart's defaults; the command line's flags make one release of their own.
 */
export function chartReleaseRenders(chartDir: string, req: RenderRequest | undefined, config: Config, cwd: string): HelmRender[][] {
  const cli = req && req.charts.length > 0 ? req : undefined;
  const entries = cli ? [] : config.helm.charts.filter((c) => c.path === chartDir);
  if (entries.length <= 1) return [chartRenders(chartDir, req, config, cwd, entries[0])];
  return entries.map((entry) => chartRenders(chartDir, undefined, config, cwd, entry).map((r) => ({ ...r, label: [`release ${r.release}${r.namespace !== undefined ? ` in ${r.namespace}` : ''}`, r.label].filter(Boolean).join(', ') })));
}

/** The renders of one release of a chart: one per values set. */
function chartRenders(chartDir: string, req: RenderRequest | undefined, config: Config, cwd: string, fromConfig: ChartSetting | undefined): HelmRender[] {
  const cli = req && req.charts.length > 0 ? req : undefined;
  const fromCli = (s: string): string => resolve(cwd, s);
  const values = cli && cli.values.length > 0 ? cli.values.map(fromCli) : (fromConfig?.values ?? []);
  const sets: readonly (readonly string[])[] =
    cli && cli.valuesSets.length > 0
      ? cli.valuesSets.map((g) => g.split(',').map((p) => p.trim()).filter(Boolean).map(fromCli))
      : fromConfig && fromConfig.valuesSets.length > 0
        ? fromConfig.valuesSets
        : [[]];
  for (const f of [...values, ...sets.flat()]) {
    if (!existsSync(f) || !statSync(f).isFile()) throw new RenderUsageError(`values file ${displayPathOf(f, cwd)} not found (for the chart ${displayPathOf(chartDir, cwd)})`);
    // A values file the config names is the repository's: a link out of it is not followed.
    const fromRepo = !(cli && (cli.values.length > 0 || cli.valuesSets.length > 0));
    if (fromRepo && config.filePath && escapesThroughLink(configRoot(config.filePath), f)) {
      throw new RenderUsageError(`values file ${displayPathOf(f, cwd)} is a symbolic link that leads outside the repository; meshlint does not follow it (for the chart ${displayPathOf(chartDir, cwd)})`);
    }
  }
  const release = cli?.release ?? fromConfig?.release ?? DEFAULT_RELEASE;
  if (!isHelmReleaseName(release)) throw new RenderUsageError(`--release ${release}: not a Helm release name (lowercase letters, digits, "-" and ".", at most ${HELM_RELEASE_MAX} characters)`);
  const label = (set: readonly string[]): string | undefined =>
    sets.length < 2 ? undefined : set.length === 0 ? 'default values' : `values ${set.map((f) => relativeTo(chartDir, f, cwd)).join('+')}`;
  return sets.map((set) => ({
    chartDir,
    release,
    namespace: cli?.namespace ?? fromConfig?.namespace ?? config.defaultNamespace,
    values: [...values, ...set],
    set: cli && cli.set.length > 0 ? cli.set : (fromConfig?.set ?? []),
    kubeVersion: cli?.kubeVersion ?? fromConfig?.kubeVersion,
    apiVersions: cli && cli.apiVersions.length > 0 ? cli.apiVersions : (fromConfig?.apiVersions ?? []),
    label: label(set),
    defaultsOnly: !cli && !fromConfig && values.length === 0 && set.length === 0,
  }));
}

/** A values file as the user thinks of it: its name inside the chart, else its path. */
function relativeTo(chartDir: string, file: string, cwd: string): string {
  const rel = relative(chartDir, file);
  return rel.startsWith('..') ? displayPathOf(file, cwd) : rel.split('\\').join('/');
}

export interface RenderedWorlds {
  /** worlds[i]: the rendered inputs linted in world i. */
  readonly worlds: SourceFile[][];
  /** Renders that stand in, as context only, for charts with fewer values sets than world i. */
  readonly context: SourceFile[][];
  /** Each overlay built (its folder) and what the build gave: its output, or its failure. */
  readonly overlays: ReadonlyMap<string, SourceFile>;
  /** The releases of GitOps objects rendered (also in world 0). */
  readonly releases: readonly SourceFile[];
  /** Charts met while walking that a release of a render deploys: linted through it, their renders alone dropped. */
  readonly throughReleases?: ReadonlySet<string>;
}

export interface RenderJobs {
  readonly charts: readonly (readonly HelmRender[])[];
  readonly overlays: readonly string[];
  /**
   * The releases of GitOps objects to render, once the overlays are built (an overlay's build
   * may hold a HelmRelease): rendered with the same helm and runner as the charts.
   */
  readonly releases?: (built: readonly SourceFile[]) => readonly ReleaseRender[];
}

/**
 * Runs every render. Throws RendererMissing when a renderer is needed and not found. Without
 * `run`, each renderer runs confined (see process.ts), in a home folder removed afterwards.
 */
export function renderAll(jobs: RenderJobs, config: Config, req: RenderRequest | undefined, cwd: string, env: NodeJS.ProcessEnv, run?: Runner, onRender?: () => void): RenderedWorlds {
  if (run) return renderWith(jobs, config, req, cwd, env, run);
  const confined = confinedRunner(env, req?.renderBudget);
  // Each render told to the caller as it starts (the CLI's progress line).
  const counted: Runner = onRender
    ? (binary, args, dir) => {
        onRender();
        return confined.run(binary, args, dir);
      }
    : confined.run;
  try {
    return renderWith(jobs, config, req, cwd, env, counted);
  } finally {
    confined.close();
  }
}

function renderWith(jobs: RenderJobs, config: Config, req: RenderRequest | undefined, cwd: string, env: NodeJS.ProcessEnv, run: Runner): RenderedWorlds {
  const read = cachedReader();
  const worlds: SourceFile[][] = [[]];
  const context: SourceFile[][] = [[]];
  const overlays = new Map<string, SourceFile>();
  /** The renders of charts met while walking, with their defaults only, by chart folder. */
  const alone = new Map<string, SourceFile[]>();
  if (jobs.charts.length > 0) {
    const helm = rendererBinary(HELM, req?.helmBinary, env, cwd);
    const rendered = jobs.charts.map((renders) => renders.map((r) => renderChart(r, helm, run, cwd, read)));
    jobs.charts.forEach((renders, i) => {
      if (renders.every((r) => r.defaultsOnly)) alone.set(renders[0]?.chartDir ?? '', rendered[i] ?? []);
    });
    const n = Math.max(...rendered.map((r) => r.length));
    for (let i = 0; i < n; i++) {
      worlds[i] ??= [];
      context[i] ??= [];
      for (const renders of rendered) {
        const own = renders[i];
        if (own) worlds[i]?.push(own);
        else context[i]?.push(renders[renders.length - 1] as SourceFile);
      }
    }
  }
  if (jobs.overlays.length > 0) {
    const kustomize = rendererBinary(KUSTOMIZE, req?.kustomizeBinary, env, cwd);
    // Helm for an overlay's helmCharts: the user's, as for charts; without one, the overlay is
    // built without Helm, and kustomize says what it cannot build.
    let helm: string | undefined | null = null;
    const helmForOverlays = (): string | undefined => {
      if (helm === null) {
        try {
          helm = rendererBinary(HELM, req?.helmBinary, env, cwd);
        } catch (e) {
          if (!(e instanceof RendererMissing)) throw e;
          helm = undefined;
        }
      }
      return helm;
    };
    const built = jobs.overlays.map((o) => renderOverlay(o, kustomize, run, cwd, read, helmForOverlays));
    jobs.overlays.forEach((o, i) => overlays.set(o, built[i] as SourceFile));
    worlds[0]?.push(...built);
    for (let i = 1; i < worlds.length; i++) context[i]?.push(...built);
  }
  const releases: SourceFile[] = [];
  // Releases of the GitOps objects among the inputs and the overlays built; then those that the
  // renders hold (an Argo CD app of apps, a chart of HelmReleases), level by level, as Argo CD
  // and Flux go down them, to a bound.
  let releaseJobs = jobs.releases?.([...overlays.values()]) ?? [];
  const throughReleases = new Set<string>();
  let helm: string | undefined;
  const locator = new Locator();
  for (let level = 0; releaseJobs.length > 0 && level < MAX_RELEASE_LEVELS; level++) {
    helm ??= rendererBinary(HELM, req?.helmBinary, env, cwd);
    const rendered = releaseJobs.map((j) => renderRelease(j, helm as string, run, cwd, read, locator));
    releases.push(...rendered);
    worlds[0]?.push(...rendered);
    for (let i = 1; i < worlds.length; i++) context[i]?.push(...rendered);
    releaseJobs = jobs.releases?.(rendered) ?? [];
    // A chart of the repository that a release of a render deploys is linted through that
    // release, not also alone with its defaults (as the first level's charts are not rendered alone).
    const dirs = releaseJobs.filter((j) => j.inRepo && alone.has(j.render.chartDir)).map((j) => j.render.chartDir);
    dirs.forEach((d) => throughReleases.add(d));
    const through = new Set(dirs.flatMap((d) => alone.get(d) ?? []));
    if (through.size > 0) for (const list of [...worlds, ...context]) list.splice(0, list.length, ...list.filter((f) => !through.has(f)));
  }
  return { worlds, context, overlays, releases, throughReleases };
}

interface Renderer {
  readonly flag: BinarySource;
  readonly variable: BinarySource;
  /** Names looked up on PATH, in order, when none is given. */
  readonly names: readonly string[];
  readonly missing: string;
}

const HELM: Renderer = {
  flag: '--helm-binary',
  variable: 'MESHLINT_HELM',
  names: ['helm'],
  missing: 'rendering a chart needs the helm binary (Helm 3 or 4), and none is on PATH. Install Helm (https://helm.sh/docs/intro/install/), or name it with --helm-binary PATH or MESHLINT_HELM; meshlint never downloads it',
};
const KUSTOMIZE: Renderer = {
  flag: '--kustomize-binary',
  variable: 'MESHLINT_KUSTOMIZE',
  names: ['kustomize', 'kubectl'],
  missing: 'building an overlay needs kustomize or kubectl (which includes it), and neither is on PATH. Install kubectl or kustomize, or name one with --kustomize-binary PATH or MESHLINT_KUSTOMIZE; meshlint never downloads it',
};

/**
 * The renderer to run: the flag's, else the environment variable's, else the first of its
 * names on PATH. Never the repository's configuration: a program a repository names is a
 * program a repository runs.
 */
function rendererBinary(r: Renderer, flagValue: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const fromEnv = env[r.variable]?.trim() || undefined;
  const [named, from] = flagValue !== undefined ? [flagValue, r.flag] : fromEnv !== undefined ? [fromEnv, r.variable] : [undefined, r.flag];
  if (named !== undefined) {
    const found = namedBinary(named, from, env, cwd);
    if (found) return found;
    const absolute = from === r.variable && /[/\\]/.test(named) ? ' (from the environment, a path must be absolute)' : '';
    throw new RendererMissing(`${from === r.variable ? `${from}=` : `${from} `}${named}: no such executable${absolute}`);
  }
  const found = findOnPath(r.names, env);
  if (!found) throw new RendererMissing(r.missing);
  return found;
}
