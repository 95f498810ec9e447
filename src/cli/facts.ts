// meshlint facts: the facts the run gathered (namespaces, the mesh install, the Istio version),
// with where each one comes from.
import type { Config } from '../engine/config.ts';
import { jsonText, safeText } from '../common/text.ts';
import { formatFactsReport, gatherFactsReport } from './subcommands.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { Values } from './args.ts';
import { asInput, gatherInputs } from './inputs.ts';
import { type CliIO, UsageError, useColor, emit } from './io.ts';
import { printUnread } from './output.ts';

export function runFacts(paths: readonly string[], v: Values, config: Config, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError('facts prints text (the default) or --format json');
  const gathered = gatherInputs(paths, v, config, io);
  if (typeof gathered === 'number') return gathered;
  const report = gatherFactsReport([...gathered.inputs, ...(gathered.rendered.worlds[0] ?? []).map(asInput)], config, { cliIstioVersion: v['istio-version'], context: gathered.context });
  emit(format === 'json' ? jsonText(report, 2) + '\n' : formatFactsReport(report, useColor(v, io) && !v['output-file']), v, io);
  // The report's own notes say where the inputs and the config disagree; the run's notes (unmatched paths, unrendered charts) go to stderr.
  for (const n of gathered.notes) io.stderr(`${TOOL_NAME}: note: ${safeText(n.message)}\n`);
  return printUnread(report.unread, io);
}
