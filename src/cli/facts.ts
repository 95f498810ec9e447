// meshlint facts: the facts the run gathered (namespaces, the mesh install, the Istio version),
// with where each one comes from.
import type { Config } from '../engine/config.ts';
import { jsonText, safeText } from '../common/text.ts';
import { formatFactsReport, gatherFactsReport } from './subcommands.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { Values } from './args.ts';
import { asInput, gatherInputs, lintGroups, type LintGroup } from './inputs.ts';
import type { FactsReport } from '../engine/facts-report.ts';
import { type CliIO, UsageError, useColor, emit } from './io.ts';
import { printUnread } from './output.ts';

export function runFacts(paths: readonly string[], v: Values, config: Config, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError('facts prints text (the default) or --format json');
  const gathered = gatherInputs(paths, v, config, io);
  if (typeof gathered === 'number') return gathered;
  const inputs = [...gathered.inputs, ...(gathered.rendered.worlds[0] ?? []).map(asInput)];
  const options = { cliIstioVersion: v['istio-version'], context: gathered.context };
  const report = withClusters(gatherFactsReport(inputs, config, options), lintGroups(gathered, config), (foreign) => gatherFactsReport(inputs.filter((r) => !foreign(r)), config, { ...options, context: options.context.filter((r) => !foreign(r)) }));
  emit(format === 'json' ? jsonText(report, 2) + '\n' : formatFactsReport(report, useColor(v, io) && !v['output-file']), v, io);
  // The report's own notes say where the inputs and the config disagree; the run's notes (unmatched paths, unrendered charts) go to stderr.
  for (const n of gathered.notes) io.stderr(`${TOOL_NAME}: note: ${safeText(n.message)}\n`);
  return printUnread(report.unread, io);
}

/**
 * The report with each namespace the whole repository leaves unknown, but each cluster of it
 * defines (load/flux-clusters.ts), given with every cluster's labels: what its workloads are
 * judged by. `reportWithout` gives the report of the files a cluster's lint reads.
 */
function withClusters(report: FactsReport, groups: readonly LintGroup[], reportWithout: (foreign: LintGroup['foreign']) => FactsReport): FactsReport {
  const clusters = [...new Map(groups.flatMap((g) => (g.cluster === undefined ? [] : [[g.cluster, g.foreign] as const]))).entries()];
  if (clusters.length < 2 || !report.namespaces.some((n) => n.status === 'unknown')) return report;
  const perCluster = clusters.map(([cluster, foreign]) => ({ cluster, namespaces: new Map(reportWithout(foreign).namespaces.map((n) => [n.name, n])) }));
  return {
    ...report,
    namespaces: report.namespaces.map((n) => {
      if (n.status !== 'unknown') return n;
      const known = perCluster.flatMap(({ cluster, namespaces }) => {
        const own = namespaces.get(n.name);
        return own && own.status !== 'unknown' ? [{ cluster, labels: own.labels, source: own.source }] : [];
      });
      return known.length > 0 ? { ...n, source: 'differs by cluster', clusters: known } : n;
    }),
  };
}
