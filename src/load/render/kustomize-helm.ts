// The helmCharts of an overlay's kustomizations, checked before kustomize may run helm on
// them (kustomize.ts builds the overlay only when they pass).
import { isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Range } from '../../common/types.ts';
import { isInside, realPath } from '../boundary.ts';
import { displayPathOf } from '../read.ts';
import { chartEscape } from './helm.ts';
import { entryRange, KUSTOMIZATION_FILES, localEntries, MAX_KUSTOMIZATIONS } from './kustomize.ts';
import type { TextReader } from './source-text.ts';

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
