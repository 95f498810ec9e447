// `meshlint charts`: the charts that the GitOps objects of a repository deploy and that are not
// available to render, each with the `helm pull` command that fetches it (into the folder
// --charts or helm.chartsDir names) and the releases that wait on it. meshlint itself never
// fetches: the command is for a step of its own, with network, before meshlint runs offline.
import { relative, sep } from 'node:path';
import type { FoundDeploy } from '../load/render/gitops.ts';
import { placeOf } from '../load/render/gitops.ts';
import { Locator } from '../parse/locator.ts';
import { jsonText, plural, safeText } from '../common/text.ts';
import type { Config } from '../engine/config.ts';
import { displayPathOf } from '../load/read.ts';
import { unvendoredCharts } from '../load/render/kustomize.ts';
import { cachedReader } from '../load/render/source-text.ts';
import type { Values } from './args.ts';
import { gatherInputs, chartsDirsOf } from './inputs.ts';
import { type CliIO, UsageError, emit } from './io.ts';

export const CHARTS_HELP = `Usage: meshlint charts [file|dir|glob] ... [--charts DIR] [--format json] [options]

Lists the charts that Flux HelmReleases and Argo CD Applications among the inputs deploy
and that are not available to render: each with the helm pull command that fetches it
into the charts folder, and the releases that wait on it. Run those commands in a step
with network; then meshlint --charts DIR renders the releases offline.

Options:
  -c, --config FILE            Use this config file (default: the nearest .meshlint.yaml)
      --charts DIR             The charts folder (default: helm.chartsDir, else charts)
  -f, --format FORMAT          text (the default) or json
  -o, --output-file FILE       Write the list to FILE
  -n, --namespace NS           Namespace for objects that declare none
`;

export interface ReleasePlace {
  readonly object: string;
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

export interface MissingChart {
  readonly chart: string;
  readonly version: string | null;
  /** The Helm repository URL, or the chart's oci:// reference. */
  readonly repository: string | null;
  readonly oci: boolean;
  /** For a chart in a git repository: that repository and the chart's folder in it. */
  readonly gitRepository: string | null;
  /** The branch, tag or commit of gitRepository the release deploys ("branch main"), when its source says. */
  readonly gitRevision: string | null;
  readonly gitPath: string | null;
  /** The command that fetches it; null when the inputs do not say where it is published. */
  readonly command: string | null;
  /** What to do when there is no command. */
  readonly hint: string | null;
  readonly releases: readonly ReleasePlace[];
}

export interface ChartsReport {
  readonly destination: string;
  readonly missing: readonly MissingChart[];
  /** Releases not rendered for another reason: a value a tool fills in, an archive refused. */
  readonly unknown: readonly (ReleasePlace & { readonly reason: string })[];
  readonly available: readonly { readonly chart: string; readonly version: string; readonly path: string; readonly releases: readonly ReleasePlace[] }[];
}

/** A word the shell passes as it is; anything else single-quoted. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `helm pull` as it fetches the chart: from a Helm repository (--repo) or an OCI reference, into
 * the charts folder. The names come from the repository's files and the command runs where there
 * is network: each value is bound to its flag (`--version=V`) and the chart follows `--`, so no
 * value can be read as a flag of its own, and the shell sees each as one word.
 */
export function pullCommand(chart: string, version: string | undefined, repository: { readonly url: string; readonly oci: boolean }, destination: string): string {
  const words = ['helm', 'pull'];
  if (!repository.oci) words.push(`--repo=${repository.url}`);
  if (version !== undefined) words.push(`--version=${version}`);
  words.push(`--destination=${destination}`, '--', repository.oci ? repository.url : chart);
  return words.map(shellWord).join(' ');
}

export function chartsReport(found: readonly FoundDeploy[], destination: string, cwd: string): ChartsReport {
  const locator = new Locator();
  const place = (f: FoundDeploy): ReleasePlace => {
    const at = placeOf(f.deploy.at, locator);
    return { object: f.deploy.release.label, filePath: at.filePath, line: at.range.line, column: at.range.column };
  };
  const missing = new Map<string, { base: Omit<MissingChart, 'releases'>; releases: ReleasePlace[] }>();
  const available = new Map<string, { chart: string; version: string; path: string; releases: ReleasePlace[] }>();
  const unknown: (ReleasePlace & { reason: string })[] = [];
  for (const f of found) {
    const d = f.deploy;
    if (f.missing === 'unknown' || f.missing === 'archive') {
      unknown.push({ ...place(f), reason: f.missing === 'archive' ? `${shown(f.chart?.path ?? '', cwd)} is not read: ${f.detail}` : (f.detail ?? '') });
      continue;
    }
    if (f.chart) {
      const key = f.chart.path;
      const entry = available.get(key) ?? { chart: f.chart.name, version: f.chart.version, path: shown(f.chart.path, cwd), releases: [] };
      entry.releases.push(place(f));
      available.set(key, entry);
      continue;
    }
    const key = [d.chart, d.version ?? '', d.repository?.url ?? '', d.gitRepository ?? '', d.gitRevision ?? '', d.gitPath ?? ''].join('\0');
    let entry = missing.get(key);
    if (!entry) {
      const command = d.repository ? pullCommand(d.chart, d.version, d.repository, destination) : null;
      const hint =
        d.gitPath !== undefined
          ? `a chart in git${d.gitRepository || d.gitRevision ? ` (${[d.gitRepository, d.gitRevision].filter(Boolean).join(', ')})` : ''} at ${d.gitPath}: copy that folder to ${destination}/${d.chart}/`
          : command === null
            ? 'the repository it comes from is not among the inputs (its HelmRepository or repoURL): pull it from there'
            : null;
      entry = { base: { chart: d.chart, version: d.version ?? null, repository: d.repository?.url ?? null, oci: d.repository?.oci ?? false, gitRepository: d.gitRepository ?? null, gitRevision: d.gitRevision ?? null, gitPath: d.gitPath ?? null, command, hint }, releases: [] };
      missing.set(key, entry);
    }
    entry.releases.push(place(f));
  }
  return {
    destination,
    missing: [...missing.values()].map((m) => ({ ...m.base, releases: m.releases })),
    unknown,
    available: [...available.values()],
  };
}

function shown(p: string, cwd: string): string {
  const rel = relative(cwd, p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel.split(sep).join('/');
}

const at = (r: ReleasePlace): string => `${r.filePath}:${r.line}:${r.column}  ${r.object}`;

export function formatChartsReport(report: ChartsReport, format: 'text' | 'json'): string {
  if (format === 'json') return jsonText(report, 2) + '\n';
  const lines: string[] = [];
  const waiting = report.missing.reduce((n, m) => n + m.releases.length, 0);
  if (report.missing.length === 0) lines.push('Every chart the GitOps objects deploy is available.');
  else lines.push(`${plural(report.missing.length, 'chart')} ${report.missing.length === 1 ? 'is' : 'are'} not available; ${plural(waiting, 'release')} ${waiting === 1 ? 'waits' : 'wait'} on ${report.missing.length === 1 ? 'it' : 'them'}:`);
  for (const m of report.missing) {
    lines.push('', `${m.chart}${m.version ? ` ${m.version}` : ''}${m.repository ? ` (${m.repository})` : ''}: ${plural(m.releases.length, 'release')}`);
    if (m.command) lines.push(`  ${m.command}`);
    if (m.hint) lines.push(`  ${m.hint}`);
    for (const r of m.releases) lines.push(`    ${at(r)}`);
  }
  if (report.unknown.length > 0) {
    lines.push('', `Not rendered for another reason (${report.unknown.length}):`);
    for (const u of report.unknown) lines.push(`  ${at(u)}: ${u.reason}`);
  }
  if (report.available.length > 0) {
    lines.push('', 'Available:');
    for (const a of report.available) lines.push(`  ${a.chart} ${a.version} (${a.path}): ${plural(a.releases.length, 'release')}`);
  }
  // Names, versions and paths come from the repository: a line break or a control character in
  // one is shown escaped, never a line of its own (`::error …` is a workflow command in CI).
  return lines.map(safeText).join('\n') + '\n';
}

/** meshlint charts: the charts GitOps objects deploy that are not available, with the helm pull command for each. */
export function runCharts(paths: readonly string[], v: Values, config: Config, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'text' && format !== 'json') throw new UsageError('charts prints text (the default) or --format json');
  const gathered = gatherInputs(paths, v, config, io, undefined, { renderNothing: true });
  if (typeof gathered === 'number') return gathered;
  const named = chartsDirsOf(v, config, io.cwd, paths, true).named[0];
  const destination = named ? displayPathOf(named, io.cwd) : 'charts';
  const report = chartsReport(gathered.plan.found(), destination, io.cwd);
  // Charts of Kustomize helmCharts entries, vendored into each kustomization's chart home.
  const vendor = unvendoredCharts(gathered.overlaysMet, cachedReader(), io.cwd).map((c): MissingChart => ({
    chart: c.name,
    version: c.version ?? null,
    repository: c.repo ?? null,
    oci: c.repo?.startsWith('oci://') ?? false,
    gitRepository: null,
    gitRevision: null,
    gitPath: null,
    command: c.command ?? null,
    hint: c.command ? null : `no repo: vendor the chart into the kustomization's chart home (${displayPathOf(c.file, io.cwd)})`,
    releases: [{ object: `helmCharts entry ${c.name}`, filePath: displayPathOf(c.file, io.cwd), line: c.range?.line ?? 1, column: c.range?.column ?? 1 }],
  }));
  emit(formatChartsReport({ ...report, missing: [...report.missing, ...vendor] }, format === 'json' ? 'json' : 'text'), v, io);
  return 0;
}
