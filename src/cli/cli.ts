// The command line: the thin shell around the engine. Arguments, config and files in;
// a report and an exit code out (0 clean, 1 lint errors, 2 usage, config or I/O failure).
// This file dispatches to the commands, one file each: lint.ts (the default), explain.ts,
// facts.ts, diff.ts, rules.ts, charts.ts; the language server (`meshlint lsp`) is src/lsp/,
// started by bin/meshlint.js.
import { readFileSync } from 'node:fs';
import { CHARTS_HELP, runCharts } from './charts.ts';
import { TOOL_NAME, VERSION } from '../common/meta.ts';
import { FORMATS, type Format, parse, type Values } from './args.ts';
import { cacheSettings, RunCache, trackedCache, trackedNote } from './cache.ts';
import { hasMagic } from 'glob';
import { writeBaseline } from './baseline.ts';
import { lookupFor, printConfig, configForPaths } from './config.ts';
import { runDiff } from './diff.ts';
import { runExplain } from './explain.ts';
import { runFacts } from './facts.ts';
import { HELP, COMMAND_HELP } from './help.ts';
import { type CliIO, UsageError, guarded, useColor, emit, writeFailure, writeOrExit } from './io.ts';
import { lintParsed } from './lint.ts';
import { reportParts, runNotes, printCoverage, printNotes, statsLine } from './output.ts';
import { listRules } from './rules.ts';

/** Runs the CLI; returns the exit code. */
export function runCli(argv: readonly string[], io: CliIO): number {
  return guarded(io, () => run(argv, io));
}

function run(argv: readonly string[], io: CliIO): number {
  const { values: v, positionals } = parse(argv);
  if (v.help) {
    const command = positionals[0];
    io.stdout(command === 'rules' || command === 'explain' || command === 'facts' || command === 'diff' ? COMMAND_HELP[command] : command === 'charts' ? CHARTS_HELP : HELP);
    return 0;
  }
  if (v.version) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (positionals[0] === 'rules' && positionals.length === 1) {
    const config = lookupFor(v, io).forDir(io.cwd);
    const format = v.format ?? 'stylish';
    if (format !== 'stylish' && format !== 'json') throw new UsageError('rules prints text (the default) or --format json');
    return listRules(io, config, format);
  }
  if (positionals[0] === 'lsp' && positionals.length === 1) throw new UsageError('the language server starts from the meshlint command: meshlint lsp');
  if (v.resource !== undefined && positionals[0] !== 'explain') throw new UsageError('--resource goes with the explain command: meshlint explain [paths] --resource Kind/namespace/name');
  if (v.path !== undefined && positionals[0] !== 'diff') throw new UsageError('--path goes with the diff command: meshlint diff BASE [HEAD] --path PATH');
  if (v.staged !== undefined && positionals[0] !== 'diff') throw new UsageError('--staged goes with the diff command: meshlint diff HEAD --staged');
  if (positionals[0] === 'diff') return runDiff(positionals.slice(1), v, io);

  const format = (v.format ?? 'stylish') as Format;
  // explain and diff check their own formats (they have markdown).
  if (positionals[0] !== 'explain' && positionals[0] !== 'diff' && !FORMATS.includes(format)) throw new UsageError(`unknown format "${v.format}"; choose one of: ${FORMATS.join(', ')}`);
  let maxWarnings: number | undefined;
  if (v['max-warnings'] !== undefined) {
    maxWarnings = Number(v['max-warnings']);
    if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError('--max-warnings takes a whole number (-1 for no limit)');
    if (maxWarnings === -1) maxWarnings = undefined;
  }
  if (v.fix && v['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run cannot be combined');
  if (v['write-baseline'] !== undefined) {
    if (v.baseline !== undefined) throw new UsageError('--write-baseline and --baseline cannot be combined: --write-baseline records every finding');
    if (v.fix || v['fix-dry-run']) throw new UsageError('--write-baseline records the findings as they are: run --fix first, then --write-baseline');
  }

  const settings = cacheSettings(v, io);
  const command = positionals[0] === 'explain' || positionals[0] === 'facts' || positionals[0] === 'charts' ? positionals[0] : v['print-config'] !== undefined ? '--print-config' : undefined;
  if (settings && command) throw new UsageError(`--cache goes with a lint run (meshlint [paths]), not with ${command}`);
  if (!settings) return lintCommand(v, positionals, format, maxWarnings, io, undefined);
  if (trackedCache(settings.file)) {
    io.stderr(trackedNote(settings, io));
    return lintCommand(v, positionals, format, maxWarnings, io, undefined);
  }
  const cache = RunCache.open(settings, v, argv, io, useColor(v, io));
  // A run that reads standard input, expands a glob itself or writes the linted files is linted
  // every time (its documents are still kept); the others may be given again as they were.
  const keepable = !positionals.includes('-') && !positionals.some((p) => hasMagic(p)) && !v.fix && v['write-baseline'] === undefined;
  const again = keepable ? cache.replay() : undefined;
  if (again) {
    // The report file was kept in pieces: written whole, where its first piece was.
    const file = again.chunks.filter(([stream]) => stream === 'file').map(([, text]) => text);
    const first = again.chunks.findIndex(([stream]) => stream === 'file');
    for (const [i, [stream, text]] of again.chunks.entries()) {
      if (stream !== 'file') (stream === 'out' ? io.stdout : io.stderr)(text);
      else if (i === first) emit(file, v, io);
    }
    return again.code;
  }
  const chunks: ['out' | 'err' | 'file', string][] = [];
  const kept: CliIO = { ...io, stdout: (t) => (chunks.push(['out', t]), io.stdout(t)), stderr: (t) => (chunks.push(['err', t]), io.stderr(t)) };
  if (keepable) cache.record();
  let code: number;
  let looked: ReturnType<RunCache['stopRecording']>;
  try {
    code = lintCommand(v, positionals, format, maxWarnings, kept, {
      cache,
      linted: (keep) => {
        const seen = cache.stopRecording();
        looked = keep ? seen : undefined;
      },
      file: (t) => chunks.push(['file', t]),
    });
  } finally {
    looked ??= cache.stopRecording();
  }
  if (code !== 2) cache.save(io, looked, { chunks, code });
  return code;
}

/** What a lint run with --cache is told: the cache, when the reading is over, what goes to --output-file. */
interface CacheUse {
  readonly cache: RunCache;
  /** The inputs are read and linted: what the run looked at is all there; `keep`: whether its report may be given again. */
  readonly linted: (keep: boolean) => void;
  readonly file: (text: string) => void;
}

function lintCommand(v: Values, positionals: readonly string[], format: Format, maxWarnings: number | undefined, io: CliIO, cached: CacheUse | undefined): number {
  const lookup = lookupFor(v, io);
  if (v['print-config'] !== undefined) return printConfig(io, lookup, v['print-config']);
  if (positionals[0] === 'explain') return runExplain(positionals.slice(1), v, lookup, io);
  if (positionals[0] === 'facts') return runFacts(positionals.slice(1), v, configForPaths(positionals.slice(1), lookup, io), io);
  if (positionals[0] === 'charts') return runCharts(positionals.slice(1), v, configForPaths(positionals.slice(1), lookup, io), io);

  const linted = lintParsed(v, positionals, lookup, io, undefined, cached?.cache.parses);
  if (typeof linted === 'number') return linted;
  // What a chart or overlay renders depends on programs run: such a run is linted every time.
  const rendered = [...(linted.read?.inputs ?? []), ...(linted.read?.context ?? [])].some((r) => r.ok && r.file.origin !== undefined);
  cached?.linted(!rendered);
  const { results, report, config } = linted;
  if (v['write-baseline'] !== undefined) return writeBaseline(v['write-baseline'], report.results, io);

  const out = reportParts(format, results, config, { color: useColor(v, io) && !v['output-file'], cwd: io.cwd, notes: runNotes(report), coverage: report.coverage, sarifAllRules: v['sarif-all-rules'] === true });
  emit(out, v, io, v['output-file'] ? cached?.file : undefined);
  if (v.stats) io.stderr(statsLine(report, linted.skipped));
  // --quiet reports errors only, as ESLint's does: a note is not one, nor how much was judged.
  if (!v.quiet) {
    printCoverage(report.coverage, io);
    printNotes(report, io, Boolean(v.stats));
  }

  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (errors > 0) return 1;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`${TOOL_NAME} found too many warnings (maximum: ${maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

/** Entry point when run as a program; `parseWorker` is the bundle's entry file, which also serves parses (see src/cli/main.ts). */
export function main(parseWorker: URL): void {
  // A reader that stops early (`meshlint … | head`) closes the pipe: stop quietly, as cat does.
  // Any other failure to write (a full disk, ENOSPC) ends the run with exit 2 and one line.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      writeFailure(stream === process.stdout ? 'standard output' : 'standard error', e);
    });
  }
  const code = runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (s) => writeOrExit(process.stdout, 'standard output', s),
    stderr: (s) => writeOrExit(process.stderr, 'standard error', s),
    readStdin: () => readFileSync(0),
    isTTY: Boolean(process.stdout.isTTY),
    // Only a terminal's stream has hasColors().
    hasColors: () => process.stdout.isTTY === true && process.stdout.hasColors(process.env),
    env: process.env,
    parseWorker,
    // A person at a terminal sees progress on a long run; a log, a pipe or CI never does.
    ...(process.stderr.isTTY && !process.env.CI ? { progress: (s: string) => void process.stderr.write(s) } : {}),
  });
  process.exitCode = code;
}
