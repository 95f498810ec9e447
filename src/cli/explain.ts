// meshlint explain: what Istio does with each workload, and why, from the facts of the run.
import type { FactsReport } from '../engine/facts-report.ts';
import { jsonText, safeText } from '../common/text.ts';
import { ConfigLookup } from '../engine/config-file.ts';
import { explain, formatExplanations, formatExplanationsMarkdown } from './subcommands.ts';
import type { Values } from './args.ts';
import { asInput, gatherInputs, lintGroups } from './inputs.ts';
import { type CliIO, UsageError, fail, useColor, emit } from './io.ts';
import { printNotes, printUnread } from './output.ts';

/** Namespace entries of several reports, by name: the first that knows a namespace's labels wins. */
function mergedNamespaces(reports: readonly FactsReport[]): FactsReport['namespaces'] {
  const byName = new Map<string, FactsReport['namespaces'][number]>();
  for (const r of reports) {
    for (const n of r.namespaces) {
      const had = byName.get(n.name);
      if (!had || (had.status === 'unknown' && n.status !== 'unknown')) byName.set(n.name, n);
    }
  }
  return [...byName.values()];
}

export function runExplain(paths: readonly string[], v: Values, lookup: ConfigLookup, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json' && format !== 'markdown') throw new UsageError('explain prints text (the default), --format json or --format markdown');
  const config = lookup.forDir(io.cwd);
  const gathered = gatherInputs(paths, v, config, io, lookup);
  if (typeof gathered === 'number') return gathered;
  // As lint does: each file with the config nearest to it, the other files as context.
  const rendered0 = (gathered.rendered.worlds[0] ?? []).map(asInput);
  const all = [...gathered.inputs, ...rendered0];
  const options = { cliIstioVersion: v['istio-version'], resource: v.resource, report: format === 'markdown' };
  const lints = lintGroups(gathered, config);
  const runs = lints.flatMap((g) => {
    if (g.own.length === 0 && lints.length > 1) return [];
    const mine = new Set(g.own);
    return [{ run: explain(g.own, g.config, { ...options, context: [...gathered.context, ...all.filter((i) => !mine.has(i))].filter((r) => !g.foreign(r)) }), root: g.config === config && g.cluster === undefined }];
  });
  // The mesh map's namespaces and coverage are the run's own config's view.
  const main = (runs.find((r) => r.root) ?? runs[0])?.run ?? explain(all, config, { ...options, context: gathered.context });
  const order = new Map(all.map((i, n) => [i.ok ? i.file.displayPath : i.displayPath, n]));
  const explanations = runs.length > 1 ? runs.flatMap((r) => r.run.explanations).sort((a, b) => (order.get(a.filePath) ?? 0) - (order.get(b.filePath) ?? 0)) : main.explanations;
  const { facts } = main;
  // The map names each namespace as the config that judges its workloads sees it: the run's own
  // config first, then a nested one that defines it.
  const report = main.report && { ...main.report, namespaces: mergedNamespaces([main, ...runs.map((r) => r.run)].flatMap((r) => (r.report ? [r.report] : []))) };
  if (v.resource !== undefined && explanations.length === 0) {
    return fail(io, `no workload matches --resource ${safeText(v.resource)} (use Kind/namespace/name, namespace/name or name)`);
  }
  emit(
    format === 'json'
      ? jsonText(explanations, 2) + '\n'
      : format === 'markdown' && report
        ? formatExplanationsMarkdown(explanations, facts, report)
        : formatExplanations(explanations, facts, useColor(v, io) && !v['output-file']),
    v,
    io,
  );
  // The text and the mesh map say the mesh's notes themselves: stderr says only the run's.
  const saidInOutput = format !== 'json';
  printNotes({ facts: saidInOutput ? { ...facts, mesh: { ...facts.mesh, notes: [] } } : facts, notes: gathered.notes }, io, Boolean(v.stats));
  return printUnread(runs.length > 0 ? runs.flatMap((r) => r.run.unread) : main.unread, io);
}
