// The command line: the thin shell around the engine. Arguments, config and files in;
// a report and an exit code out (0 clean, 1 lint errors, 2 usage, config or I/O failure).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import { allRules, rulesById } from '../../rules/index.ts';
import { ConfigError, effectiveSetting, withOverrides, type Config } from '../engine/config.ts';
import { applyBaseline, baselineEntries, baselineNote, BaselineError, formatBaseline, MAX_BASELINE_BYTES, parseBaseline, type Baseline, type UriOf } from '../engine/baseline.ts';
import type { FactsReport } from '../engine/facts-report.ts';
import type { Policy } from '../engine/policy.ts';
import { suggestKey } from '../engine/schema.ts';
import { lint, mergeReports, type LintOptions, type LintReport } from '../engine/linter.ts';
import type { Facts } from '../model/facts.ts';
import { formatGithub } from '../format/github.ts';
import { formatJson, formatJsonWithMetadata } from '../format/json.ts';
import { shortList, type Note } from '../engine/notes.ts';
import { artifactLocation, formatSarif } from '../format/sarif.ts';
import { formatStylish } from '../format/stylish.ts';
import { jsonText, plural, safeLines, safeText } from '../common/text.ts';
import { ConfigLookup, configKeyLine } from '../engine/config-file.ts';
import { configRoot, escapesThroughLink, isInside, realPath, repositoryOf, topFolder } from '../load/boundary.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { discoverContext } from '../load/context.ts';
import { discover, ignoredBy, repoRoot, type SkipKind, type Skipped } from '../load/discover.ts';
import { MAX_WALKED_KUSTOMIZATIONS, overlaysAmong, type FoundOverlays } from '../load/overlays-found.ts';
import { cachedReader } from '../load/render/source-text.ts';
import { decodeSource, describeFsError, displayPathOf, encodeSource, readRegularFile, readSource, type ReadOutcome } from '../load/read.ts';
import { chartRenders, isChartDir, isOverlayDir, renderAll, RendererMissing, RenderUsageError, type RenderedWorlds, type RenderRequest } from '../load/render/index.ts';
import { planReleases, type ReleasePlan } from '../load/render/gitops.ts';
import { chartsReport, CHARTS_HELP, formatChartsReport } from './charts.ts';
import type { HelmRender } from '../load/render/helm.ts';
import type { SkipReason } from '../load/resources.ts';
import { readRuleDocs } from '../load/rule-docs.ts';
import { diffRuns, explain, failures, formatDiffJson, formatDiffMarkdown, formatDiffStylish, formatExplanations, formatExplanationsMarkdown, formatFactsReport, gatherFactsReport, newFindingResults, openEmptySide, openSide, openStagedSide, policyChanges, resolveDiffRefs, RevisionError, SideStates, verdictText, workloadMap, type MeshDiff, type Side, type WorkloadState } from './subcommands.ts';
import { TOOL_NAME, VERSION } from '../common/meta.ts';
import { pacedCollection } from '../parse/pacing.ts';
import { ParsePool } from '../parse/pool.ts';
import type { LintResult, SourceFile } from '../common/types.ts';

export const FORMATS = ['stylish', 'json', 'json-with-metadata', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  format: { type: 'string', short: 'f' },
  'output-file': { type: 'string', short: 'o' },
  rule: { type: 'string', multiple: true },
  namespace: { type: 'string', short: 'n' },
  'istio-version': { type: 'string' },
  'max-warnings': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'ignore-pattern': { type: 'string', multiple: true },
  'no-gitignore': { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  'report-unused-disable-directives': { type: 'boolean' },
  'no-error-on-unmatched-pattern': { type: 'boolean' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'print-config': { type: 'string' },
  stats: { type: 'boolean' },
  concurrency: { type: 'string' },
  context: { type: 'string', multiple: true },
  'render-charts': { type: 'boolean' },
  'render-overlays': { type: 'boolean' },
  'helm-chart': { type: 'string', multiple: true },
  charts: { type: 'string', multiple: true },
  values: { type: 'string', multiple: true },
  'values-set': { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  release: { type: 'string' },
  'kube-version': { type: 'string' },
  'api-versions': { type: 'string', multiple: true },
  'helm-binary': { type: 'string' },
  kustomize: { type: 'string', multiple: true },
  'kustomize-binary': { type: 'string' },
  'render-budget': { type: 'string' },
  resource: { type: 'string' },
  path: { type: 'string', multiple: true },
  staged: { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export const HELP = `Usage: meshlint [options] [file|dir|glob|-] ...
       meshlint --helm-chart DIR [--values FILE]... [options]
       meshlint --kustomize DIR [options]
       meshlint rules
       meshlint explain [paths] [--resource Kind/namespace/name]
       meshlint facts [paths]
       meshlint diff BASE [HEAD] [--path PATH]...
       meshlint charts [paths] [--charts DIR]
       meshlint lsp

Lints Kubernetes manifests, Helm charts and Kustomize overlays for what Istio will do
with each workload: sidecar injection, start-up order, admission. Offline: nothing is
sent anywhere. With no path (and no chart or overlay), lints the current directory;
"-" reads standard input.

Commands:
  rules                        List every rule: id, level, data plane, fixable, description
  explain [paths]              For each workload: will Istio inject a sidecar, and why
      --resource KIND/NS/NAME  Only this workload (also NS/NAME or NAME)
  facts [paths]                What meshlint knows of the cluster and where from: namespaces,
                               webhooks, each revision's install; what is unknown, and the
                               workloads each unknown leaves undecided
  diff BASE [HEAD]             What a change does to the mesh: workloads that gain or lose
                               a sidecar (or change revision, capture, waypoint, start-up,
                               admission), and findings new, fixed and unchanged; --path
                               PATH limits both sides to PATH, --staged compares with the
                               staged files (meshlint diff --help)
  charts [paths]               The charts HelmReleases and Applications deploy that are not
                               in --charts DIR: each with its helm pull command
  lsp                          Run the language server for editors (LSP over stdio)

Options:
  -c, --config FILE            Use this config file for every file (default: for each
                               file, the nearest .meshlint.yaml, .meshlint.yml or
                               .meshlint.json above it, up to the repository root)
  -f, --format NAME            stylish (default), json, json-with-metadata (results and
                               the run's notes), sarif, github
  -o, --output-file FILE       Write the report to FILE instead of standard output
      --rule ID=LEVEL          Set a rule's level (off, warn, error, or 0, 1, 2); repeatable.
                               Options as JSON: --rule 'ID=["warn", {...}]'
  -n, --namespace NS           Namespace for objects that declare none
      --istio-version V        Istio version to predict for (e.g. 1.26); default: the
                               config's istio.version, else the one the inputs show,
                               else unknown (findings that differ by version wait)
      --max-warnings N         Exit with 1 when there are more than N warnings
  -q, --quiet                  Report errors only (no warnings, no notes)
      --fix                    Apply fixes to the files
      --fix-dry-run            Show the fixes as a diff, change nothing
      --ignore-pattern PAT     Skip files matching PAT (gitignore syntax); repeatable
      --no-gitignore           Do not read .gitignore files (.meshlintignore still applies)
      --no-error-on-unmatched-pattern
                               A path or glob that matches nothing, or nothing to lint,
                               is a note and exit 0 instead of exit 2 (the pre-commit hooks
                               pass it). A run whose every path is ignored always passes,
                               with a note
      --stdin-filename NAME    Name to report standard input under
      --report-unused-disable-directives
                               Report suppressions that suppress nothing, as errors
      --baseline FILE          Report only findings not recorded in FILE; say how many
                               known ones are not shown (default: the config's baseline)
      --write-baseline FILE    Record today's findings in FILE and exit 0: adopt meshlint
                               now, fix the known findings later. A finding stays matched
                               when its lines move
      --print-config FILE      Print the configuration in force for FILE and exit
      --stats                  Print what was linted and what was skipped, and why
      --concurrency N          Threads that parse the inputs: auto (default: every core,
                               for inputs of 4 MB or more), off, or a number
      --context PATH           Read PATH (file or directory) for facts only: Namespaces,
                               injection webhooks, mesh config. Nothing is reported on
                               it; repeatable. For hooks that pass only changed files
      --color, --no-color      Force colours on or off (default: on for a terminal,
                               unless NO_COLOR is set; FORCE_COLOR=1 or 0 decides first)

Charts and overlays (rendered with your helm, kubectl or kustomize; findings are
reported on the template or source file you edit):
      --helm-chart DIR         Render this chart with helm template; repeatable
      --render-charts          Render the charts that hold the files and folders named
                               (or met in them) with their own values, instead of
                               reporting them as unrendered
      --charts DIR             Charts that Flux HelmReleases and Argo CD Applications
                               deploy, as helm pull writes them (NAME-VERSION.tgz or
                               NAME/); those releases are rendered with their values,
                               into their namespace. meshlint charts lists the missing
      --render-overlays        Build the top-level Kustomize overlays met in the folders
                               named (those no other kustomization uses) and lint what
                               they deploy; the files they name are linted through them
      --values FILE            Values file for every render; repeatable
      --values-set A,B         One render with these values files; repeat for a matrix.
                               A finding several renders share is reported once
      --set KEY=VALUE          Passed to helm template; repeatable
      --release NAME           Release name (default: release-name, as helm template)
                               (--namespace is passed to helm as the release namespace)
      --kube-version V         Passed to helm template
      --api-versions GV        Passed to helm template; repeatable
      --helm-binary PATH       The helm binary to use (default: $MESHLINT_HELM, else helm
                               on PATH); a repository's config cannot name one
      --kustomize DIR          Build this overlay; repeatable
      --kustomize-binary PATH  kustomize or kubectl (default: $MESHLINT_KUSTOMIZE, else
                               kustomize, else kubectl, on PATH)
      --render-budget SECONDS  The time all renders of the run may take together
                               (default: 300); a repository's config cannot change it
  -h, --help                   Show this help
  -v, --version                Show the version

Exit codes: 0 no errors (and warnings within --max-warnings), 1 lint errors,
2 usage, configuration or I/O failure.

Examples:
  meshlint k8s/                                 lint a directory
  meshlint --helm-chart ./chart --values-set values.yaml --values-set values-prod.yaml
  meshlint --kustomize overlays/prod
  meshlint -f sarif -o meshlint.sarif manifests/
  meshlint --context . changed.yaml             lint one file, Namespaces from the repo
  meshlint --rule duplicate-key=warn --istio-version 1.26 deploy.yaml
  meshlint explain k8s/ --resource Deployment/shop/web
  meshlint facts k8s/ --context cluster/        what is known, what is missing
  meshlint diff origin/main                     what this branch does to the mesh
`;

/** The options explain and facts share: which inputs, config and facts they read. */
const READING_OPTIONS = `  -c, --config FILE            Use this config file (default: the nearest .meshlint.yaml)
  -n, --namespace NS           Namespace for objects that declare none
      --istio-version V        Istio version to predict for (e.g. 1.26)
      --context PATH           Read PATH for facts only (Namespaces, webhooks, mesh config)
      --helm-chart DIR, --kustomize DIR, --values FILE, ...
                               Render charts and overlays as for linting (meshlint --help)
`;

/** Each command's own --help. */
export const COMMAND_HELP = {
  rules: `Usage: meshlint rules [--format json] [--config FILE] [--rule ID=LEVEL]...

Lists every rule: its id, the level it runs at under the config in force (and --rule),
the data plane it concerns (sidecar, ambient or both), whether --fix fixes it or it
suggests an edit, and what it checks.

Options:
  -f, --format NAME            text (stylish, the default) or json: one object per rule
                               with id, level, options, type, category, dataPlane,
                               fixable, hasSuggestions, description and url
  -c, --config FILE            Use this config file (default: the nearest .meshlint.yaml)
      --rule ID=LEVEL          Set a rule's level (off, warn, error, or 0, 1, 2); repeatable
  -h, --help                   Show this help
`,
  explain: `Usage: meshlint explain [file|dir|glob|-] ... [--resource KIND/NS/NAME] [options]

For each workload (an object with a pod template): will Istio inject a sidecar, and why,
step by step, with the Istio source behind each step; then how the sidecar starts, holds
the app and captures traffic. Reports no findings: exits 0, or 2 when --resource matches
no workload.

Options:
      --resource KIND/NS/NAME  Only this workload (also NS/NAME or NAME)
  -f, --format NAME            text (stylish, the default), json, or markdown: the mesh
                               map (each namespace, its mesh labels and where they come
                               from, a table of its workloads; then the coverage)
${READING_OPTIONS}  -o, --output-file FILE       Write the explanation to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
  facts: `Usage: meshlint facts [file|dir|glob|-] ... [options]

What meshlint knows of the cluster the inputs go to, and where each fact comes from:
  - each namespace: its labels and the file:line that defines it, "config file", or
    "not defined: unknown" for one a workload uses that nothing defines;
  - the Istio version, and the revisions and tags the injector webhooks serve;
  - each revision's install: injector policy, native sidecars, hold, Istio CNI, each
    with its source, "Istio's default" (the install among the inputs leaves it out)
    or "unknown" (no install of that revision among the inputs);
  - each unknown, with the workloads it leaves undecided and how to state it.
Reports no findings: exits 0.

Options:
  -f, --format NAME            text (stylish, the default) or json: an object with
                               istioVersion, namespaces, webhooks, installs, unknowns and
                               notes (README: "meshlint facts")
${READING_OPTIONS}  -o, --output-file FILE       Write the report to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
  diff: `Usage: meshlint diff BASE [HEAD] [--path PATH]... [options]

What a change does to the mesh. BASE and HEAD are each a directory or a git revision of the
repository the current directory is in (HEAD by default: the working tree, the current
directory as it is; with --staged, the staged files). A branch as BASE (main, origin/main)
is compared from where HEAD left it, their merge base, as git diff main...HEAD reads; the
header says so. BASE may be a range: A...B (from their merge base to B) or A..B (A to B).
Before a repository's first commit, HEAD is the empty tree. A revision is read with git archive
into a temporary directory, removed afterwards: the checkout, the index and the worktrees are
never changed. Both sides are linted the same way: the same --path, --context, --config,
charts and overlays, each path read relative to the side's folder that stands for the current
directory; each side reads the config files it holds. Reports:
  - each workload (matched by kind, namespace, name and pod template) whose outcome changed:
    sidecar gained or lost, injecting revision, ambient capture, waypoint, start-up (native
    sidecar, hold), Pod Security admission, unknown and known; with the reason on each side
    and the line to look at (its namespace's labels when the change relabelled them, the
    workload when the change is its own, else the install setting behind it, among the inputs
    or in the config); workloads added and removed;
  - findings new, fixed and unchanged, matched by the fingerprint --baseline uses (a moved
    file's findings are unchanged).
Exits 1 when the change does what the config's diff.failOn lists (new-error: a new finding
at level error, the default; sidecar-lost: a workload loses its sidecar), else 0; 2 when a
side is neither a directory nor a revision.

Options:
      --path PATH              Lint only PATH on each side (repeatable; default: all of it)
      --staged                 HEAD is the staged files (git's index: what a commit made now
                               would hold), not the working tree
  -f, --format NAME            text (stylish, the default), json, sarif (HEAD's new findings
                               only, for code scanning) or markdown (a job summary)
${READING_OPTIONS}      --render-charts, --render-overlays
                               Render the charts and overlays met, on both sides
  -o, --output-file FILE       Write the report to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
} as const;

/** The commands: the first word, when it is one of these and not a path. */
const COMMANDS = ['rules', 'explain', 'facts', 'diff', 'charts', 'lsp'] as const;

export interface CliIO {
  readonly cwd: string;
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly readStdin: () => Buffer;
  readonly isTTY: boolean;
  /** Whether the terminal takes colours (Node's stream.hasColors(): TERM=dumb says no); without it, TERM alone is read. */
  readonly hasColors?: () => boolean;
  readonly env: NodeJS.ProcessEnv;
  /** A script that serves parses in a worker thread (the bundled CLI itself); without it, no threads. */
  readonly parseWorker?: URL;
}

/** A usage or I/O failure: exit 2, its message the one line said (name the flag or file, say what to do). */
class UsageError extends Error {}

/** One failure line; it may quote a path, an argument or a config key, so controls are made visible. */
function fail(io: CliIO, message: string): number {
  io.stderr(`${TOOL_NAME}: ${safeLines(message)}\n`);
  return 2;
}

/** Runs the CLI; returns the exit code. */
export function runCli(argv: readonly string[], io: CliIO): number {
  return guarded(io, () => run(argv, io));
}

/** What one lint run produced, for the shells that present it (the CLI's formats, the Action). */
export interface LintRun {
  readonly results: LintResult[];
  readonly report: LintReport;
  readonly config: Config;
  /** Paths met but not linted (ignored, not regular files, broken links), each with why: --stats counts them. */
  readonly skipped: readonly Skipped[];
  /** What was linted (files read, the first world's renders) and read for facts: what explain reads. */
  readonly read?: { readonly inputs: readonly ReadOutcome[]; readonly context: readonly ReadOutcome[] };
}

/**
 * Lints as `meshlint argv…` would, and returns the results instead of printing them; a
 * number (the exit code, 2) when the arguments, the config or a file are at fault, with
 * the reason already written to `io.stderr`.
 */
export function lintFromArgs(argv: readonly string[], io: CliIO): LintRun | number {
  return guarded(io, () => {
    const { values: v, positionals } = parse(argv);
    return lintParsed(v, positionals, lookupFor(v, io), io);
  });
}

/**
 * Usage, config and I/O failures become exit 2 with one line; anything else is a bug and
 * propagates. The messages quote config keys and values, arguments and paths: safeText keeps
 * each on its line (a key holding "\n" must not print a line of its own).
 */
function guarded<T>(io: CliIO, fn: () => T): T | number {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ConfigError) return fail(io, `configuration error: ${safeText(configErrorText(e, io.cwd))}`);
    if (e instanceof UsageError) return fail(io, safeText(e.message));
    if (e instanceof RenderUsageError || e instanceof RendererMissing) return fail(io, safeText(e.message));
    const err = e as NodeJS.ErrnoException;
    if (err.code && err.syscall) {
      const where = err.path ? displayPathOf(err.path, io.cwd) : 'a file';
      return fail(io, safeText(`cannot ${err.syscall} ${where}: ${describeFsError(err)}; check the path and its permissions`));
    }
    throw e;
  }
}

function parse(argv: readonly string[]): ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>> {
  // parseArgs reads `--max-warnings -1` as a missing value followed by an option: keep the
  // documented "-1 for no limit" working in that spelling too (ESLint accepts it).
  const args = argv.map((a, i) => (argv[i - 1] === '--max-warnings' && /^-\d+$/.test(a) ? `--max-warnings=${a}` : a));
  const joined = args.filter((a, i) => !(a === '--max-warnings' && args[i + 1]?.startsWith('--max-warnings=')));
  try {
    return parseArgs({ args: joined, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${argsErrorText(e as Error)}. Run "meshlint --help" for usage.`);
  }
}

/** parseArgs' message, shorter and naming the flag as the user types it. */
function argsErrorText(e: Error): string {
  const msg = e.message.replace(/\. To specify a positional argument.*$/s, '');
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(msg);
  if (missing) return `${missing[1]} needs a value`;
  const extra = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(msg);
  if (extra) return `${extra[1]} takes no value`;
  const unknown = /^Unknown option '(--?[^']*)'/.exec(msg);
  if (unknown?.[1]?.startsWith('--')) {
    const flag = unknown[1].replace(/^--/, '');
    return `unknown option '${unknown[1]}'${suggestKey(flag, Object.keys(OPTIONS)).replace(/"([^"]+)"/, '--$1')}`;
  }
  return msg.replace(/^Unknown option/, 'unknown option');
}

/** A config error's line, with the file shown relative to the working directory as paths are elsewhere. */
function configErrorText(e: ConfigError, cwd: string): string {
  if (e.file === undefined || !isAbsolute(e.file)) return e.message;
  return `${displayPathOf(e.file, cwd)}: ${e.key ? `${e.key}: ` : ''}${e.problem}`;
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

  const lookup = lookupFor(v, io);
  if (v['print-config'] !== undefined) return printConfig(io, lookup, v['print-config']);
  if (positionals[0] === 'explain') return runExplain(positionals.slice(1), v, lookup, io);
  if (positionals[0] === 'facts') return runFacts(positionals.slice(1), v, configForPaths(positionals.slice(1), lookup, io), io);
  if (positionals[0] === 'charts') return runCharts(positionals.slice(1), v, configForPaths(positionals.slice(1), lookup, io), io);

  const linted = lintParsed(v, positionals, lookup, io);
  if (typeof linted === 'number') return linted;
  const { results, report, config } = linted;
  if (v['write-baseline'] !== undefined) return writeBaseline(v['write-baseline'], report.results, io);

  emit(formatReport(format, results, config, { color: useColor(v, io) && !v['output-file'], cwd: io.cwd, notes: runNotes(report) }), v, io);
  if (v.stats) io.stderr(statsLine(report, linted.skipped));
  // --quiet reports errors only, as ESLint's does: a note is not one.
  if (!v.quiet) printNotes(report, io, Boolean(v.stats));

  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (errors > 0) return 1;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`${TOOL_NAME} found too many warnings (maximum: ${maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

/** Longer than any real pattern: an ignore pattern becomes a regular expression, which V8 refuses past a size. */
const MAX_PATTERN_LENGTH = 4096;

/**
 * Where each file's config comes from: --config for every file, else the nearest config file
 * above the file (see ConfigLookup), the command line's overrides applied to each. The
 * working directory's config is the run's own: it is checked before anything is read, and it
 * serves what belongs to no one file (charts and overlays rendered, `meshlint rules`,
 * `explain`, the SARIF rule levels).
 */
function lookupFor(v: Values, io: CliIO): ConfigLookup {
  for (const p of v['ignore-pattern'] ?? []) {
    if (p.length > MAX_PATTERN_LENGTH) throw new UsageError(`--ignore-pattern: a pattern of ${p.length} characters is longer than ${MAX_PATTERN_LENGTH}; shorten it`);
  }
  const explicit = v.config ? resolve(io.cwd, v.config) : undefined;
  if (v.config && explicit && !existsSync(explicit)) {
    throw new ConfigError('--config', v.config, 'cannot read the file: no such file; check the path, or leave out --config to use the nearest .meshlint.yaml');
  }
  const lookup = new ConfigLookup(explicit, rulesById, (c) => withOverrides(c, { rules: v.rule ?? [], namespace: v.namespace, istioVersion: v['istio-version'] }, rulesById));
  lookup.forDir(io.cwd);
  return lookup;
}

/** --concurrency: a number of threads, `auto` (the default) or `off`. */
function concurrencyOf(value: string | undefined): number | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'off') return 1;
  if (/^[1-9][0-9]*$/.test(value) && Number(value) <= 64) return Number(value);
  throw new UsageError(`--concurrency must be auto, off or a number of threads from 1 to 64 (got "${value}")`);
}

/** Inputs read and rendered, linted once per render world, fixes applied or shown, --quiet applied. */
/** What a diff asks of each side's lint: the workloads as met, and every finding (no baseline: the other side is one). */
interface ForDiff {
  readonly onPodTemplate: NonNullable<LintOptions['onPodTemplate']>;
}

function lintParsed(v: Values, positionals: readonly string[], lookup: ConfigLookup, io: CliIO, forDiff?: ForDiff): LintRun | number {
  const onPodTemplate = forDiff?.onPodTemplate;
  const threads = concurrencyOf(v.concurrency);
  const config = lookup.forDir(io.cwd);
  const gathered = gatherInputs(positionals, v, config, io, lookup);
  if (typeof gathered === 'number') return gathered;
  const { inputs, rendered, context, skipped, notes, groups } = gathered;

  // One lint per world of a values matrix (usually just one), merged: see src/load/render.
  const worlds = rendered.worlds.map((world, i) => (i === 0 ? [...inputs, ...world.map(asInput)] : world.map(asInput)));
  const files = worlds.flat().flatMap((i) => (i.ok ? [i.file] : []));
  const pool = io.parseWorker ? ParsePool.forInputs(files, threads, io.parseWorker) : undefined;
  const documentsOf = pacedCollection(files, pool?.documentsOf);
  const options = (i: number, groupConfig: Config, otherInputs: readonly ReadOutcome[]): LintOptions => ({
    config: groupConfig,
    rules: allRules,
    cliIstioVersion: v['istio-version'],
    fix: i === 0 && Boolean(v.fix || v['fix-dry-run']),
    reportUnusedDisableDirectives: v['report-unused-disable-directives'],
    context: [...context, ...otherInputs, ...(rendered.context[i] ?? []).map(asInput)],
    ...(documentsOf ? { documentsOf } : {}),
    // The workloads as explain sees them: the first world's only (see LintRun.read).
    ...(onPodTemplate && i === 0 ? { onPodTemplate } : {}),
  });
  let report: LintReport;
  try {
    // The first world's files are linted in groups, one per config in force (see Gathered.groups);
    // each group sees the files of the others as context, so facts span the whole run.
    const rendered0 = (rendered.worlds[0] ?? []).map(asInput);
    const first = groups.flatMap((g) => {
      const own = g.config === config ? [...g.inputs, ...rendered0] : g.inputs;
      if (own.length === 0 && groups.length > 1) return [];
      const mine = new Set(own);
      const others = worlds[0]?.filter((input) => !mine.has(input)) ?? [];
      return [lint(own, options(0, g.config, others))];
    });
    const rest = worlds.slice(1).map((world, j) => lint(world, options(j + 1, config, inputs)));
    report = mergeReports([...first, ...rest]);
  } finally {
    pool?.close();
  }
  if (groups.length > 1) report = { ...report, results: inOrderOf(inputs, report.results) };

  report = { ...report, notes: [...notes, ...report.notes] };
  let results: LintResult[] = report.results;
  if (v.fix || v['fix-dry-run']) results = applyFixes(results, inputs, Boolean(v.fix), (v.format ?? 'stylish') === 'stylish', io);
  if (v['fix-dry-run'] && (v.format ?? 'stylish') === 'stylish') io.stdout(suggestionList(results));
  // A diff compares every finding of both sides: a baseline a side's config names would let a
  // change hide what it adds by recording it there.
  const known = v['write-baseline'] === undefined && !forDiff ? readBaseline(v.baseline, config, io) : undefined;
  if (known) {
    const outcome = applyBaseline(results, known.baseline, known.uriOf);
    results = outcome.results;
    // Said first: of the run's notes, the one that explains a report shorter than expected.
    const note = baselineNote(outcome, known.shown);
    if (note) report = { ...report, notes: [note, ...report.notes] };
  }
  if (v.quiet) results = results.map(errorsOnly);
  return { results, report, config, skipped, read: { inputs: [...inputs, ...(rendered.worlds[0] ?? []).map(asInput)], context: [...context, ...(rendered.context[0] ?? []).map(asInput)] } };
}

/** Results in the order their inputs were met (grouping by config must not reorder a report). */
function inOrderOf(inputs: readonly ReadOutcome[], results: readonly LintResult[]): LintResult[] {
  const rank = new Map(inputs.map((i, n) => [i.ok ? i.file.displayPath : i.displayPath, n]));
  return results.map((r, n) => ({ r, n })).sort((a, b) => (rank.get(a.r.filePath) ?? inputs.length + a.n) - (rank.get(b.r.filePath) ?? inputs.length + b.n)).map(({ r }) => r);
}

type Values = ReturnType<typeof parse>['values'];

/**
 * Fingerprints name files as SARIF does: relative to the repository root, else to the
 * baseline's folder, so a baseline matches from any folder meshlint runs in.
 */
function baselineUris(file: string, io: CliIO): UriOf {
  const srcRoot = repoRoot(resolve(io.cwd)) ?? dirname(file);
  return (filePath) => artifactLocation(filePath, { cwd: io.cwd, srcRoot }).uri;
}

/** The baseline --baseline or the config's `baseline` names, read and checked; exit 2 when it cannot be used. */
function readBaseline(flag: string | undefined, config: Config, io: CliIO): { baseline: Baseline; uriOf: UriOf; shown: string } | undefined {
  const file = flag !== undefined ? resolve(io.cwd, flag) : config.baseline;
  if (file === undefined) return undefined;
  const shown = displayPathOf(file, io.cwd);
  const what = flag !== undefined ? `--baseline ${flag}` : `baseline ${shown} (named in ${displayPathOf(config.filePath ?? '', io.cwd)})`;
  // The repository's config names files inside it: not one reached through a link out of it.
  if (flag === undefined && config.filePath && escapesThroughLink(configRoot(config.filePath), file)) {
    throw new UsageError(`${what}: it is a symbolic link, or in a linked folder, that leads outside the repository; a config names only files inside it`);
  }
  let text: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`${what}: not a file; name the file --write-baseline wrote`);
    if (stat.size > MAX_BASELINE_BYTES) throw new UsageError(`${what}: larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB; write it again with --write-baseline`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    throw new UsageError(`${what}: cannot read it: ${missing ? `no such file; create it with meshlint --write-baseline ${shown}` : describeFsError(e)}`);
  }
  try {
    return { baseline: parseBaseline(text), uriOf: baselineUris(file, io), shown };
  } catch (e) {
    if (e instanceof BaselineError) throw new UsageError(`${what}: ${e.message}`);
    throw e;
  }
}

/** --write-baseline: every finding of the run, by fingerprint, in FILE; the report is not printed. */
function writeBaseline(name: string, results: readonly LintResult[], io: CliIO): number {
  const target = resolve(io.cwd, name);
  const entries = baselineEntries(results, baselineUris(target, io));
  try {
    writeWithin(target, formatBaseline(entries), { root: topFolder(io.cwd), outsideAllowed: true });
  } catch (e) {
    const why = e instanceof WriteRefused ? e.message : (e as NodeJS.ErrnoException).code === 'EEXIST' || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'a part of the path is a file, not a folder' : describeFsError(e);
    throw new UsageError(`--write-baseline ${name}: cannot write it: ${why}; name a file in a folder you can write to`);
  }
  io.stderr(`${TOOL_NAME}: wrote ${plural(entries.length, 'finding')} to ${safeText(displayPathOf(target, io.cwd))}; --baseline ${safeText(name)} (or baseline: in .meshlint.yaml) reports only new ones\n`);
  return 0;
}

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
}

const asInput = (file: SourceFile): ReadOutcome => ({ ok: true, file: { ...file, bom: false } });

const CHART_ONLY_FLAGS = ['values', 'values-set', 'set', 'release', 'kube-version', 'api-versions'] as const;

/**
 * Reads standard input, the files the arguments name, and renders the charts and overlays
 * asked for; an exit code when there is nothing to lint.
 */
function gatherInputs(positionals: readonly string[], v: Values, config: Config, io: CliIO, lookup?: ConfigLookup, options: { readonly renderNothing?: boolean } = {}): Gathered | number {
  const useStdin = positionals.includes('-');
  const paths = positionals.filter((p) => p !== '-');
  if (useStdin && v.fix) throw new UsageError('--fix cannot write to standard input; use --fix-dry-run to see the fixes');
  const req = renderRequest(v);
  const charts = req.charts.map((c) => resolve(io.cwd, c));
  /** Charts met while walking (rendered or not). */
  const metCharts: string[] = [];
  const overlays = req.overlays.map((o) => resolve(io.cwd, o));
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
    skipped.push(...found.ignored);
    // A chart met on the way: rendered when asked, else counted and named once, in a note
    // that says how to lint it: nothing in it is wrong, it is just not linted yet.
    const files = [...found.files];
    metCharts.push(...found.charts);
    for (const chart of found.charts.filter((c) => !charts.includes(c))) {
      if (v['render-charts'] || config.helm.renderCharts || config.helm.charts.some((c) => c.path === chart)) chartJobs.push(chartRenders(chart, undefined, config, io.cwd));
      else unrenderedCharts.push(chart);
    }
    // Kustomizations met on the way: the top-level ones are built when asked, and the files
    // they name are then linted through them; else one note names them and how to build them.
    const foundOverlays = overlaysAmong(files, cachedReader());
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
  const plan = releasePlan(v, config, io, inputs, metCharts, paths, !options.renderNothing);
  if (plan.renderedCharts.size > 0) {
    const through = (dir: string): boolean => plan.renderedCharts.has(dir) && !charts.includes(dir);
    chartJobs.splice(0, chartJobs.length, ...chartJobs.filter((renders) => !through(renders[0]?.chartDir ?? '')));
    unrenderedCharts.splice(0, unrenderedCharts.length, ...unrenderedCharts.filter((c) => !through(c)));
  }
  for (const c of charts) chartJobs.push(chartRenders(c, req, config, io.cwd));
  let rendered: RenderedWorlds;
  try {
    rendered = options.renderNothing ? { worlds: [[]], context: [[]], overlays: new Map(), releases: [] } : renderAll({ charts: chartJobs, overlays, releases: plan.releases }, config, req, io.cwd, io.env);
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
  const inDefault = chartJobs.filter((renders) => renders.some((r) => r.namespace === undefined)).map((renders) => displayPathOf(renders[0]?.chartDir ?? '', io.cwd));
  if (inDefault.length > 0) {
    const n = inDefault.length;
    notes.push({ id: 'charts-default-namespace', message: `${n} chart${n === 1 ? ' is' : 's are'} rendered into Helm's default namespace "default" (${shortList(inDefault)}), so what depends on ${n === 1 ? 'its' : 'their'} namespace is not judged: pass --namespace NS, or set defaultNamespace or helm.charts[].namespace in .meshlint.yaml, for the namespace you install ${n === 1 ? 'it' : 'them'} in.` });
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
  // Each chart's Chart.yaml, rendered or not, for the Istio charts it pins (version evidence).
  for (const dir of new Set([...charts, ...metCharts])) {
    const file = join(dir, 'Chart.yaml');
    if (context.has(file)) continue;
    const read = readSource(file, io.cwd);
    if (read.ok) context.set(file, read);
  }
  return { inputs, rendered, context: [...context.values()], skipped, notes, groups, plan };
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
export function chartsDirsOf(v: Values, config: Config, cwd: string, paths: readonly string[]): { named: string[]; all: string[] } {
  const named: string[] = [];
  for (const d of v.charts ?? []) {
    const abs = resolve(cwd, d);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`--charts ${d}: no such directory; name the folder helm pull writes the charts to (--destination)`);
    named.push(abs);
  }
  if (named.length === 0 && config.helm.chartsDir !== undefined) {
    const d = config.helm.chartsDir;
    if (!existsSync(d) || !statSync(d).isDirectory()) throw new UsageError(`helm.chartsDir ${displayPathOf(d, cwd)} (in ${displayPathOf(config.filePath ?? '', cwd)}): no such directory; create it, or pull the charts into it (meshlint charts prints the commands)`);
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
  const dirs = chartsDirsOf(v, config, io.cwd, paths);
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

function errorsOnly(r: LintResult): LintResult {
  const messages = r.messages.filter((m) => m.severity === 2);
  return { ...r, messages, warningCount: 0, fixableWarningCount: 0 };
}

function applyFixes(results: LintResult[], inputs: readonly ReadOutcome[], write: boolean, showDiff: boolean, io: CliIO): LintResult[] {
  for (const r of results) {
    if (r.output === undefined) continue;
    const input = inputs.find((i) => i.ok && i.file.displayPath === r.filePath);
    if (!input?.ok) continue;
    if (write && input.file.absPath) {
      // Writing follows links: a file reached through a link out of its repository is left alone.
      if (escapesThroughLink(repositoryOf(input.file.absPath, io.cwd), input.file.absPath)) {
        io.stderr(`${TOOL_NAME}: --fix: not writing ${safeText(r.filePath)}: it is a symbolic link, or in a linked folder, that leads outside the repository\n`);
        continue;
      }
      try {
        // Written back in the file's own encoding (UTF-16 stays UTF-16), its BOM kept; at its
        // real path, so a link inside the repository is kept and never written through.
        const real = realPath(input.file.absPath) ?? input.file.absPath;
        const root = repositoryOf(input.file.absPath, io.cwd);
        writeWithin(real, encodeSource(r.output, input.file), { root: realPath(root) ?? root, outsideAllowed: true });
      } catch (e) {
        if (e instanceof WriteRefused) {
          io.stderr(`${TOOL_NAME}: --fix: not writing ${safeText(r.filePath)}: ${e.message}\n`);
          continue;
        }
        throw new UsageError(`--fix: cannot write ${r.filePath}: ${describeFsError(e)}; make it writable, or see the fixes with --fix-dry-run`);
      }
    } else if (!write && showDiff) {
      // The diff shows the file's own lines: their control characters are made visible too.
      io.stdout(safeLines(createTwoFilesPatch(`a/${r.filePath}`, `b/${r.filePath}`, input.file.text, r.output, undefined, undefined, { context: 3 }).replace(/^=+\n/m, '')));
    }
  }
  return results;
}

/**
 * The edits --fix never applies, because they would change what runs (add or remove a
 * sidecar, change how a component reaches the network): listed apart under the diff, each
 * for the user to accept in an editor or by hand.
 */
function suggestionList(results: readonly LintResult[]): string {
  const lines = results.flatMap((r) => r.messages.flatMap((m) => (m.suggestions ?? []).map((s) => `  ${r.filePath}:${m.line}:${m.column}  ${m.ruleId}: ${s.desc}`)));
  if (lines.length === 0) return '';
  return safeLines(`\nSuggestions, not applied by --fix (they change what runs; accept them in your editor or by hand):\n${lines.join('\n')}\n`);
}

export interface ReportOptions {
  readonly color: boolean;
  readonly cwd: string;
  /** SARIF `automationDetails.id`: several runs in one workflow keep their own alerts. */
  readonly automationId?: string;
  /** The run's notes, for the formats that carry them (json-with-metadata, sarif). */
  readonly notes?: readonly Note[];
}

/** The report text in one of the formats. */
export function formatReport(format: Format, results: readonly LintResult[], config: Config, opts: ReportOptions): string {
  const { cwd } = opts;
  switch (format) {
    case 'json':
      return formatJson(results) + '\n';
    case 'json-with-metadata':
      return formatJsonWithMetadata(results, { cwd, rules: allRules, notes: opts.notes ?? [] }) + '\n';
    case 'github':
      return formatGithub(results);
    case 'sarif': {
      const levels = new Map(
        allRules.map((r) => {
          const level = effectiveSetting(config, r).level;
          return [r.name, level === 'error' ? 'error' : level === 'warn' ? 'warning' : 'none'] as const;
        }),
      );
      // URIs relative to the repository root (%SRCROOT%), wherever in it meshlint runs.
      const srcRoot = repoRoot(resolve(cwd)) ?? cwd;
      return formatSarif(results, { rules: allRules, docs: readRuleDocs(allRules.map((r) => r.name)), levels, cwd, srcRoot, automationId: opts.automationId, notes: opts.notes }) + '\n';
    }
    default:
      return formatStylish(results, { color: opts.color });
  }
}

function listRules(io: CliIO, config: Config, format: 'stylish' | 'json'): number {
  if (format === 'json') {
    const list = allRules.map((r) => {
      const { level, options } = effectiveSetting(config, r);
      const d = r.meta.docs;
      return { id: r.name, level, options, type: r.meta.type, category: d.category, dataPlane: d.dataPlane, fixable: Boolean(r.meta.fixable), hasSuggestions: Boolean(r.meta.hasSuggestions), description: d.description, url: d.url ?? null };
    });
    io.stdout(jsonText(list, 2) + '\n');
    return 0;
  }
  const rows = allRules.map((r) => {
    const level = effectiveSetting(config, r).level;
    return [r.name, level, r.meta.docs.dataPlane, r.meta.fixable ? 'fixable' : r.meta.hasSuggestions ? 'suggests' : '', r.meta.docs.description.replace(/`/g, '')];
  });
  const w0 = Math.max(...rows.map((r) => r[0]?.length ?? 0));
  const w3 = Math.max(...rows.map((r) => r[3]?.length ?? 0));
  for (const [id, level, plane, fix, desc] of rows) io.stdout(`${id?.padEnd(w0)}  ${level?.padEnd(5)}  ${plane?.padEnd(7)}  ${fix?.padEnd(w3)}  ${desc}\n`);
  return 0;
}

function printConfig(io: CliIO, lookup: ConfigLookup, file: string): number {
  const config = lookup.forFile(resolve(io.cwd, file));
  const rules: Record<string, unknown[]> = {};
  for (const r of allRules) {
    const s = effectiveSetting(config, r);
    rules[r.name] = [s.level, ...s.options];
  }
  const found = discover({ cwd: io.cwd, patterns: [file], ignorePatterns: config.ignorePatterns, ignoreBase: config.filePath ? dirname(config.filePath) : io.cwd });
  const ignored = [...found.skipped, ...found.ignored].some((s) => s.kind === 'ignored');
  io.stdout(
    jsonText(
      {
        file,
        configFile: config.filePath ?? null,
        ignored,
        rules,
        ignorePatterns: config.ignorePatterns,
        defaultNamespace: config.defaultNamespace ?? null,
        namespaces: config.namespaces,
        // Unset (null): taken from the inputs (injector webhooks, ConfigMaps), else Istio's default for the version.
        istio: {
          version: config.istio.version ?? null,
          revisions: config.istio.revisions ?? null,
          revisionTags: config.istio.revisionTags ?? null,
          enableNamespacesByDefault: config.istio.enableNamespacesByDefault ?? null,
          injectionPolicy: config.istio.injectionPolicy ?? null,
          nativeSidecars: config.istio.nativeSidecars ?? null,
          cni: config.istio.cni ?? null,
          holdApplicationUntilProxyStarts: config.istio.holdApplicationUntilProxyStarts ?? null,
        },
        helm: config.helm,
        kustomize: config.kustomize,
        context: config.context,
        baseline: config.baseline ?? null,
      },
      2,
    ) + '\n',
  );
  return 0;
}

/**
 * Colours: --no-color and --color first, then FORCE_COLOR as Node reads it (empty, 1, 2, 3
 * or true turn them on, any other value off; it wins over NO_COLOR), then NO_COLOR, then
 * whether standard output is a terminal that takes colours (not TERM=dumb).
 */
export function useColor(v: { readonly color?: boolean; readonly 'no-color'?: boolean }, io: Pick<CliIO, 'env' | 'isTTY' | 'hasColors'>): boolean {
  if (v['no-color']) return false;
  if (v.color) return true;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return ['', '1', '2', '3', 'true'].includes(force);
  if (io.env.NO_COLOR) return false;
  return io.isTTY && (io.hasColors ? io.hasColors() : io.env.TERM !== 'dumb');
}

/** The report goes to --output-file (its folder created, as ESLint does) or to standard output. */
function emit(out: string, v: Values, io: CliIO): void {
  const name = v['output-file'];
  if (name) {
    const target = resolve(io.cwd, name);
    try {
      writeWithin(target, out, { root: topFolder(io.cwd), outsideAllowed: true });
    } catch (e) {
      // mkdir says EEXIST (or open ENOTDIR) when a file stands where a folder of the path should be.
      const code = (e as NodeJS.ErrnoException).code;
      const why = e instanceof WriteRefused ? e.message : code === 'EEXIST' || code === 'ENOTDIR' ? 'a part of the path is a file, not a folder' : describeFsError(e);
      throw new UsageError(`--output-file ${name}: cannot write the report: ${why}; name a file in a folder you can write to`);
    }
  } else if (out) io.stdout(out);
}

/** Every note of a run: what rules could not decide, then where the inputs and the config disagree. */
export function runNotes(report: Pick<LintReport, 'facts' | 'notes'>): Note[] {
  return [...report.notes, ...report.facts.mesh.notes.map((message) => ({ id: 'facts', message }))];
}

/** The run's notes, said once each on stderr (at most three without --stats). */
export function printNotes(report: Pick<LintReport, 'facts' | 'notes'>, io: CliIO, all: boolean): void {
  const notes = runNotes(report).map((n) => n.message);
  const shown = all ? notes : notes.slice(0, 3);
  for (const n of shown) io.stderr(`${TOOL_NAME}: note: ${safeText(n)}\n`);
  if (shown.length < notes.length) io.stderr(`${TOOL_NAME}: note: ${notes.length - shown.length} more (--stats lists them all)\n`);
}

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

function runExplain(paths: readonly string[], v: Values, lookup: ConfigLookup, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json' && format !== 'markdown') throw new UsageError('explain prints text (the default), --format json or --format markdown');
  const config = lookup.forDir(io.cwd);
  const gathered = gatherInputs(paths, v, config, io, lookup);
  if (typeof gathered === 'number') return gathered;
  // As lint does: each file with the config nearest to it, the other files as context.
  const rendered0 = (gathered.rendered.worlds[0] ?? []).map(asInput);
  const all = [...gathered.inputs, ...rendered0];
  const options = { cliIstioVersion: v['istio-version'], resource: v.resource, report: format === 'markdown' };
  const runs = gathered.groups.flatMap((g) => {
    const own = g.config === config ? [...g.inputs, ...rendered0] : g.inputs;
    if (own.length === 0 && gathered.groups.length > 1) return [];
    const mine = new Set(own);
    return [{ run: explain(own, g.config, { ...options, context: [...gathered.context, ...all.filter((i) => !mine.has(i))] }), root: g.config === config }];
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
  printNotes({ facts, notes: gathered.notes }, io, Boolean(v.stats));
  return 0;
}

/**
 * The config for a command that reads one set of facts (facts): the one nearest the path it is
 * given, as lint would apply to the files there; the working directory's for several paths or none.
 */
function configForPaths(paths: readonly string[], lookup: ConfigLookup, io: CliIO): Config {
  const own = paths.filter((p) => p !== '-');
  if (own.length !== 1) return lookup.forDir(io.cwd);
  const target = resolve(io.cwd, own[0] as string);
  let directory = false;
  try {
    directory = statSync(target).isDirectory();
  } catch {
    // A path that does not exist: the run reports it; the working directory's config applies.
    return lookup.forDir(io.cwd);
  }
  return directory ? lookup.forDir(target) : lookup.forFile(target);
}

/** One side of a diff, linted: its findings, its workloads' outcomes, where it was read. */
export interface DiffSide {
  readonly label: string;
  /** The commit a revision resolved to (absent for a directory or the working tree). */
  readonly commit?: string;
  readonly results: LintResult[];
  readonly report: LintReport;
  readonly config: Config;
  /** The folder read as the working directory (a temporary one for a revision: gone once the run returns). */
  readonly cwd: string;
  readonly workloads: ReadonlyMap<string, WorkloadState>;
}

/** What `meshlint diff` computed, for the shells that present it (the CLI's formats, the Action). */
export interface DiffRun {
  readonly diff: MeshDiff;
  readonly base: DiffSide;
  readonly head: DiffSide;
  /** What the config's diff.failOn lists. */
  readonly failOn: readonly string[];
  /** Why the change fails under failOn: empty when it passes. */
  readonly why: readonly string[];
}

/**
 * A workload a chart renders, changed by its own object, is looked at where the user edits
 * it: the first line of the chart's values files that the change edits, else its template
 * (not a line of helm template's output). Each side's files are read from its folder.
 */
function chartCauses(diff: MeshDiff, baseCwd: string, headCwd: string): MeshDiff {
  const read = (dir: string, file: string): string | undefined => {
    try {
      return readFileSync(resolve(dir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const changed = diff.changed.map((w) => {
    const chart = w.head.sources?.chart;
    if (w.cause.what !== 'workload' || !chart) return w;
    for (const file of chart.values) {
      const before = read(baseCwd, file);
      const after = read(headCwd, file);
      if (after === undefined || before === after) continue;
      const a = after.split('\n');
      const b = (before ?? '').split('\n');
      const at = a.findIndex((line, i) => line !== b[i]);
      return { ...w, cause: { filePath: file, line: Math.min((at === -1 ? a.length : at) + 1, a.length), what: 'values' as const } };
    }
    return { ...w, cause: { ...chart.template, what: 'workload' as const } };
  });
  return { ...diff, changed };
}

/** The flags of a lint that make no sense for a comparison of every finding of both sides. */
const NOT_FOR_DIFF = ['fix', 'fix-dry-run', 'baseline', 'write-baseline', 'stdin-filename', 'print-config'] as const;

/**
 * Compares two sides as `meshlint diff argv…` would (argv: what follows "diff"), and returns
 * the comparison instead of printing it; a number (exit 2) when the arguments, the config, a
 * revision or a file are at fault, with the reason already written to `io.stderr`.
 */
export function diffFromArgs(argv: readonly string[], io: CliIO, opts: DiffOptions = {}): DiffRun | number {
  return guarded(io, () => {
    const { values: v, positionals } = parse(argv);
    return diffParsed(positionals, v, io, opts);
  });
}

export interface DiffOptions {
  /** BASE is a git revision, even where a directory of that name stands (one a change could add to pose as its base). */
  readonly baseIsRevision?: boolean;
}

/**
 * Each side linted as the current directory would be, from the folder that stands for it on
 * that side, its workloads' outcomes taken from the same lint pass; then compared
 * (src/engine/diff.ts).
 */
function diffParsed(args: readonly string[], v: Values, io: CliIO, opts: DiffOptions = {}): DiffRun | number {
  if (args.length < 1 || args.length > 2) throw new UsageError('diff takes a BASE and at most a HEAD: meshlint diff BASE [HEAD] [--path PATH]...');
  const stray = NOT_FOR_DIFF.find((f) => v[f] !== undefined);
  if (stray) throw new UsageError(`--${stray} does not go with diff: diff compares every finding of both sides`);
  if (v.path?.some((p) => p === '-')) throw new UsageError('diff reads no standard input: name paths with --path');
  if (v.staged && args.length > 1) throw new UsageError('--staged compares BASE with the staged files: give no HEAD (meshlint diff HEAD --staged)');
  const failOn = lookupFor(v, io).forDir(io.cwd).diff.failOn;
  // The same --config file for both sides, named from where the user typed it; so are the
  // --charts folders, which hold charts pulled for the run, not files of either side.
  const sideValues: Values = { ...v, ...(v.config !== undefined ? { config: resolve(io.cwd, v.config) } : {}), ...(v.charts !== undefined ? { charts: v.charts.map((c) => resolve(io.cwd, c)) } : {}) };
  const sides: Side[] = [];
  /** The empty tree's side: nothing to lint there is what it is, not a mistake. */
  const emptySides = new Set<Side>();
  try {
    try {
      const refs = resolveDiffRefs(args, io.cwd, io.env, { staged: v.staged === true, baseIsRevision: opts.baseIsRevision === true });
      for (const ref of [refs.base, ...(refs.head ? [refs.head] : [])]) {
        const opened = ref.empty ? openEmptySide(ref, io.cwd, io.env) : openSide(ref.spec, io.cwd, io.env, { revisionOnly: ref.revisionOnly === true });
        const side = ref.label !== undefined ? { ...opened, label: ref.label } : opened;
        sides.push(side);
        if (ref.empty) emptySides.add(side);
      }
    } catch (e) {
      if (e instanceof RevisionError) throw new UsageError(e.message);
      throw e;
    }
    if (sides.length === 1) {
      try {
        sides.push(v.staged ? openStagedSide(io.cwd, io.env) : { label: 'working tree', cwd: io.cwd, close: () => {} });
      } catch (e) {
        if (e instanceof RevisionError) throw new UsageError(e.message);
        throw e;
      }
    }
    const runs: DiffSide[] = [];
    for (const side of sides) {
      const sideIO: CliIO = { ...io, cwd: side.cwd };
      // The config's own lines, for a change the config states (istio.cni, a revision tag).
      const lookup = lookupFor(sideValues, sideIO);
      const configFile = lookup.forDir(side.cwd).filePath;
      const lines = new Map<string, number | undefined>();
      const states = new SideStates((keys) => {
        if (configFile === undefined) return undefined;
        const key = keys.join('\u0000');
        if (!lines.has(key)) lines.set(key, configKeyLine(configFile, keys));
        const line = lines.get(key);
        return line === undefined ? undefined : { filePath: displayPathOf(configFile, side.cwd), line };
      });
      const values: Values = emptySides.has(side) ? { ...sideValues, 'no-error-on-unmatched-pattern': true } : sideValues;
      const run = lintParsed(values, v.path ?? [], lookup, sideIO, { onPodTemplate: states.add });
      if (typeof run === 'number') return run;
      runs.push({
        label: side.label,
        ...(side.commit !== undefined ? { commit: side.commit } : {}),
        results: run.results,
        report: run.report,
        config: run.config,
        cwd: side.cwd,
        workloads: workloadMap(states.states),
      });
    }
    const [base, head] = runs;
    if (!base || !head) return 2;
    const policyOf = (side: Side | undefined, run: DiffSide): Policy => {
      let config: Config | undefined = run.config;
      // --config names a file of the working tree, which lints both sides; a revision's policy
      // is its own copy of that file, so that an edit to it shows.
      const named = v.config !== undefined ? resolve(io.cwd, v.config) : undefined;
      const top = topFolder(io.cwd);
      if (named !== undefined && side?.root !== undefined && isInside(top, named)) {
        const copy = join(side.root, relative(top, named));
        try {
          config = existsSync(copy) ? lookupFor({ ...sideValues, config: copy }, { ...io, cwd: side.cwd }).forDir(side.cwd) : undefined;
        } catch {
          config = undefined;
        }
      }
      const ignore = config?.filePath ? readRegularFile(join(dirname(config.filePath), '.meshlintignore')) : undefined;
      return { config, ignoreFile: ignore?.ok ? ignore.bytes.toString('utf8').split(/\r?\n/) : undefined };
    };
    const diff: MeshDiff = { ...chartCauses(diffRuns(base, head), base.cwd, head.cwd), policy: policyChanges(policyOf(sides[0], base), policyOf(sides[1], head)) };
    return { diff, base, head, failOn, why: failures(diff, failOn) };
  } finally {
    for (const side of sides) side.close();
  }
}

/** `meshlint diff`: the comparison, in the format asked for; exit 1 when diff.failOn says so. */
function runDiff(args: readonly string[], v: Values, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json' && format !== 'sarif' && format !== 'markdown') {
    throw new UsageError('diff prints text (the default), --format json, --format sarif (new findings only) or --format markdown');
  }
  const run = diffParsed(args, v, io);
  if (typeof run === 'number') return run;
  const { diff, base, head, why, failOn } = run;
  const labels = { base: base.label, head: head.label };
  const text =
    format === 'json'
      ? formatDiffJson(diff, labels, why)
      : format === 'markdown'
        ? formatDiffMarkdown(diff, labels, why, failOn)
        : format === 'sarif'
          ? // Code scanning shows what the change adds: HEAD's new findings, located in HEAD's tree.
            formatReport('sarif', newFindingResults(diff, head.results), head.config, { color: false, cwd: head.cwd })
          : formatDiffStylish(diff, labels, useColor(v, io) && !v['output-file']) + verdictText(why, failOn);
  emit(text, v, io);
  return why.length > 0 ? 1 : 0;
}

function runFacts(paths: readonly string[], v: Values, config: Config, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError('facts prints text (the default) or --format json');
  const gathered = gatherInputs(paths, v, config, io);
  if (typeof gathered === 'number') return gathered;
  const report = gatherFactsReport([...gathered.inputs, ...(gathered.rendered.worlds[0] ?? []).map(asInput)], config, { cliIstioVersion: v['istio-version'], context: gathered.context });
  emit(format === 'json' ? jsonText(report, 2) + '\n' : formatFactsReport(report, useColor(v, io) && !v['output-file']), v, io);
  // The report's own notes say where the inputs and the config disagree; the run's notes (unmatched paths, unrendered charts) go to stderr.
  for (const n of gathered.notes) io.stderr(`${TOOL_NAME}: note: ${safeText(n.message)}\n`);
  return 0;
}

/** meshlint charts: the charts GitOps objects deploy that are not available, with the helm pull command for each. */
function runCharts(paths: readonly string[], v: Values, config: Config, io: CliIO): number {
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'text' && format !== 'json') throw new UsageError('charts prints text (the default) or --format json');
  const gathered = gatherInputs(paths, v, config, io, undefined, { renderNothing: true });
  if (typeof gathered === 'number') return gathered;
  const named = chartsDirsOf(v, config, io.cwd, paths).named[0];
  const destination = named ? displayPathOf(named, io.cwd) : 'charts';
  emit(formatChartsReport(chartsReport(gathered.plan.found(), destination, io.cwd), format === 'json' ? 'json' : 'text'), v, io);
  return 0;
}

/** How --stats names each count: [one, several]. */
const PATH_SKIPS: Record<SkipKind, readonly [string, string]> = {
  ignored: ['ignored', 'ignored'],
  'ignored-directory': ['ignored directory', 'ignored directories'],
  'not-regular': ['not a regular file', 'not regular files'],
  'dangling-link': ['dangling link', 'dangling links'],
  'link-loop': ['link loop', 'link loops'],
  'outside-repository': ['link out of the repository', 'links out of the repository'],
  'unrendered-chart': ['chart not rendered', 'charts not rendered'],
  'through-overlay': ['file linted through an overlay', 'files linted through overlays'],
  'unreadable-directory': ['unreadable directory', 'unreadable directories'],
};
const DOCUMENT_SKIPS: Record<SkipReason, readonly [string, string]> = {
  empty: ['empty or comment-only', 'empty or comment-only'],
  'not-kubernetes': ['not Kubernetes', 'not Kubernetes'],
  kustomize: ['Kustomize file', 'Kustomize files'],
  patch: ['patch', 'patches'],
  'syntax-error': ['syntax error', 'syntax errors'],
  template: ['unrendered template', 'unrendered templates'],
};

/** "2 ignored, 1 link loop": the non-zero counts, each named. */
function counts(entries: readonly (readonly [number, readonly [string, string]])[]): string {
  return entries
    .filter(([n]) => n > 0)
    .map(([n, [one, several]]) => `${n} ${n === 1 ? one : several}`)
    .join(', ');
}

/**
 * One line that accounts for every input: the files linted (those that could not be read
 * or are not text among them: each has a finding), the documents and what became of them,
 * and every path met but not linted, by reason.
 */
export function statsLine(report: LintReport, skipped: readonly Skipped[]): string {
  const s = report.stats;
  const fileProblems = counts([
    [s.unreadableFiles, ['unreadable', 'unreadable']],
    [s.notTextFiles, ['binary or not UTF-8', 'binary or not UTF-8']],
    [s.unrenderedFiles, ['unrendered template', 'unrendered templates']],
  ]);
  const docSkips = Object.entries(s.skippedDocuments) as [SkipReason, number][];
  const docsSkipped = docSkips.reduce((n, [, k]) => n + k, 0);
  const docDetail = counts(docSkips.map(([reason, n]) => [n, DOCUMENT_SKIPS[reason] ?? [reason, reason]] as const));
  const pathSkips = counts(Object.entries(PATH_SKIPS).map(([kind, label]) => [skipped.filter((p) => p.kind === kind).length, label] as const));
  return (
    `${TOOL_NAME}: ${plural(s.files, 'file')} linted${fileProblems ? ` (${fileProblems})` : ''}, ` +
    `${plural(s.documents, 'document')}${docsSkipped ? ` (${docsSkipped} without resources: ${docDetail})` : ''}, ` +
    `${plural(s.resources, 'resource')}, ${plural(s.podTemplates, 'pod template')}` +
    `; skipped: ${pathSkips || 'none'}\n`
  );
}

/** Cannot write the report or messages: one line on standard error (when it can take it), exit 2. */
function writeFailure(what: string, e: NodeJS.ErrnoException): never {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  try {
    if (what !== 'standard error') process.stderr.write(`${TOOL_NAME}: cannot write to ${what}: ${describeFsError(e)}\n`);
  } catch {
    // Standard error fails too: the exit code is all that is left to say it.
  }
  process.exit(2);
}

/** A write to a standard stream: files and pipes may fail at once (ENOSPC, EPIPE), synchronously. */
function writeOrExit(stream: NodeJS.WriteStream, what: string, text: string): void {
  try {
    stream.write(text);
  } catch (e) {
    writeFailure(what, e as NodeJS.ErrnoException);
  }
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
  });
  process.exitCode = code;
}
