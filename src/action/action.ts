// The GitHub Action: the thin shell between the runner and one lint run, or, on a pull
// request, one diff against its base commit. Inputs, outputs, annotations and the job summary
// go through @actions/core. It writes the SARIF file for code scanning, at most 10 error and
// 10 warning annotations (what GitHub shows per step), a job summary, and the outputs
// sarif-file, errors, warnings, sidecars-lost and mode. On a pull request (diff: auto) all of
// them speak of what the change adds: the summary leads with what it does to the mesh.
import * as core from '@actions/core';
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ListInputError, parseListInput } from './args.ts';
import { diffFromArgs, type DiffRun } from '../cli/diff.ts';
import type { CliIO } from '../cli/io.ts';
import { lintFromArgs } from '../cli/lint.ts';
import { runCli } from '../cli/cli.ts';
import { formatReport, printCoverage, printNotes, runNotes } from '../cli/output.ts';
import { formatDiffJson, formatDiffMarkdown, formatDiffStylish, newFindingResults, verdictText, type DiffLink } from '../format/diff.ts';
import { toUri } from '../format/sarif.ts';
import { dropControls, selectAnnotations } from '../format/github.ts';
import { formatSummary, notesSection } from '../format/summary.ts';
import { jsonText, plural } from '../common/text.ts';
import { POLICY_HEADLINE } from '../engine/policy.ts';
import { changeBase, hasCommit } from '../load/revision.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { TOOL_NAME } from '../common/meta.ts';
import { getIn } from '../model/workload.ts';
import type { LintResult } from '../common/types.ts';

/** GitHub shows this many error, and this many warning, annotations per step. */
export const ANNOTATION_CAP = 10;
/** Findings open in the job summary; the rest are in a collapsed block below them. */
const SUMMARY_OPEN = 20;
/** GitHub takes a job summary of at most 1 MiB per step. */
const SUMMARY_BYTES = 1024 * 1024;
const ACTION_FORMATS = ['sarif', 'json', 'stylish'] as const;
/** '' (the input's default) is new-error on a pull request diff, error otherwise. */
const FAIL_ON = ['error', 'warning', 'never', 'new-error'] as const;
const DIFF = ['auto', 'off'] as const;
/** The event payload read, at most: GitHub's are far smaller. */
const MAX_EVENT_BYTES = 32 * 1024 * 1024;

export type FailOn = (typeof FAIL_ON)[number];
/** What the step does: lint the checkout, or compare it with the pull request's base commit. */
export type Mode = { readonly mode: 'lint' } | { readonly mode: 'diff'; readonly base: string };

class InputError extends Error {}

const input = (name: string): string => core.getInput(name);

/** A list input (a YAML list, or words with shell-like quoting), named in any error. */
function listInput(name: string): string[] {
  try {
    return parseListInput(core.getInput(name));
  } catch (e) {
    if (e instanceof ListInputError) throw new InputError(`input ${name}: ${e.message}`);
    throw e;
  }
}

function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const v = input(name) || fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new InputError(`input ${name}: "${v}" is not one of ${allowed.join(', ')}`);
  return v as T;
}

/** YAML 1.2 core booleans (core.getBooleanInput); an empty input is the fallback. */
function booleanInput(name: string, fallback: boolean): boolean {
  const v = input(name);
  if (v === '') return fallback;
  try {
    return core.getBooleanInput(name);
  } catch {
    throw new InputError(`input ${name}: "${v}" is not a boolean (true or false)`);
  }
}

/** The flags the inputs stand for (the same the README documents); a diff takes no baseline. */
function flagsFromInputs(baseline: boolean): string[] {
  const args: string[] = [];
  const config = input('config');
  if (config) args.push('--config', config);
  for (const c of listInput('helm-chart')) args.push('--helm-chart', c);
  for (const k of listInput('kustomize')) args.push('--kustomize', k);
  // Absolute, so that a diff's base side reads the same folder: the pulled charts are not committed.
  const charts = input('charts');
  if (charts) args.push(`--charts=${resolve(process.cwd(), charts)}`);
  const version = input('istio-version');
  if (version) args.push('--istio-version', version);
  const file = baseline ? input('baseline') : '';
  if (file) args.push('--baseline', file);
  // Renderers come from the workflow, never from the repository's config.
  const helm = input('helm-binary');
  if (helm) args.push(`--helm-binary=${helm}`);
  const kustomize = input('kustomize-binary');
  if (kustomize) args.push(`--kustomize-binary=${kustomize}`);
  args.push(...listInput('args'));
  return args;
}

/** The command line the inputs stand for (the same flags the README documents). */
export function argsFromInputs(): string[] {
  const args = flagsFromInputs(true);
  // Paths last, after "--", so a path can never be read as a flag.
  const paths = listInput('paths');
  return paths.length ? [...args, '--', ...paths] : args;
}

/**
 * What follows `meshlint diff` for the inputs: the flags, each path as --path=PATH (a path
 * that starts with "-" stays a path), then after "--" the base commit and the checkout as
 * HEAD, so a stray word in `args` is an error (a third side) rather than a side.
 */
export function diffArgsFromInputs(base: string): string[] {
  return [...flagsFromInputs(false), ...listInput('paths').map((p) => `--path=${p}`), '--', base, '.'];
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A string at `path` in an event payload, when it is a full commit hash. */
function shaAt(event: unknown, path: readonly string[]): string | undefined {
  const v = getIn(event, path);
  return typeof v === 'string' && FULL_SHA.test(v) ? v : undefined;
}

/** pull_request.base.sha of an event payload, when it is a full commit hash. */
export function baseShaOf(event: unknown): string | undefined {
  return shaAt(event, ['pull_request', 'base', 'sha']);
}

/** The events a diff serves, and where each payload names the base commit of the change checked out. */
const DIFF_EVENTS: Readonly<Record<string, readonly string[]>> = {
  pull_request: ['pull_request', 'base', 'sha'],
  // A merge queue checks out the group's merge commit; its base is the branch it goes into.
  merge_group: ['merge_group', 'base_sha'],
};

/**
 * Diff on a pull_request or merge_group event unless `diff: off`; lint on any other
 * (pull_request_target checks out the base, so its checkout is not the change). `event` reads the payload.
 */
export function chooseMode(diff: (typeof DIFF)[number], eventName: string | undefined, event: () => unknown): Mode | { readonly error: string } {
  const path = eventName !== undefined && Object.hasOwn(DIFF_EVENTS, eventName) ? DIFF_EVENTS[eventName] : undefined;
  if (diff === 'off' || !path) return { mode: 'lint' };
  const base = shaAt(event(), path);
  if (base === undefined) return { error: `the ${eventName} event names no base commit (${path.join('.')} in GITHUB_EVENT_PATH); set diff: off to lint the whole checkout` };
  return { mode: 'diff', base };
}

/** The event payload (GITHUB_EVENT_PATH), parsed; undefined when absent, too large or not JSON. */
export function readEvent(path: string | undefined): unknown {
  if (!path) return undefined;
  try {
    if (statSync(path).size > MAX_EVENT_BYTES) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The fail-on that applies: the input's, or (empty) new-error on a pull request diff and error otherwise. */
export function effectiveFailOn(given: FailOn | '', mode: Mode['mode']): FailOn {
  if (given === '') return mode === 'diff' ? 'new-error' : 'error';
  return mode === 'lint' && given === 'new-error' ? 'error' : given;
}

/**
 * Why the step fails, as its error line, or undefined when it passes. Lint: errors (error,
 * new-error) or any finding (warning). Diff: the counts are the new findings; error and
 * new-error fail when the change fails the config's diff.failOn (`why`), warning also on
 * any new finding.
 */
export function failureLine(mode: Mode['mode'], failOn: FailOn, counts: { readonly errors: number; readonly warnings: number }, why: readonly string[], configFailOn: readonly string[]): string | undefined {
  const { errors, warnings } = counts;
  const tail = `(fail-on: ${failOn}); see the job summary.`;
  if (failOn === 'never') return undefined;
  if (mode === 'lint') {
    const failed = failOn === 'warning' ? errors + warnings > 0 : errors > 0;
    return failed ? `${TOOL_NAME} found ${errors} error(s) and ${warnings} warning(s) ${tail}` : undefined;
  }
  const fails = why.length > 0 ? ` fails diff.failOn [${configFailOn.join(', ')}]: ${why.join('; ')}` : '';
  if (failOn === 'warning' && errors + warnings > 0) return `${TOOL_NAME}: this change adds ${plural(errors, 'new error')} and ${plural(warnings, 'new warning')}${fails ? `, and${fails}` : ''} ${tail}`;
  return fails ? `${TOOL_NAME}: this change${fails} ${tail}` : undefined;
}

/** Text cut, at a line end, to at most `max` bytes; a cut is said in a last line. */
function cutTo(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  const said = `\nThe rest does not fit in the job summary (GitHub takes 1 MiB per step): \`${TOOL_NAME} diff -f json\` prints it all.\n`;
  const kept = Buffer.from(text).subarray(0, Math.max(0, max - Buffer.byteLength(said))).toString('utf8');
  return kept.slice(0, kept.lastIndexOf('\n') + 1) + said;
}

/** The diff summary, within `max` bytes: the mesh changes and new findings first, the notes after them. */
export function fitDiffSummary(diffMarkdown: string, tail: string, max: number): string {
  const end = cutTo(tail, Math.floor(max / 4));
  return cutTo(diffMarkdown, max - Buffer.byteLength(end)) + end;
}

/**
 * The SARIF category: distinct per set of paths, charts and overlays, so that several
 * meshlint steps in one workflow do not replace each other's code scanning alerts.
 */
/**
 * A push's SARIF with one more run, empty, under the category pull requests upload to: code
 * scanning compares a pull request's analysis with the base branch's of the same category,
 * and with none there it reports the pull request's configuration as missing from the base
 * ("Missing analysis for base commit") and cannot say which alerts the change adds. Empty on
 * the branch, every finding a pull request uploads there is one it adds, as it is.
 */
export function withPullRequestCategory(sarif: string, category: string): string {
  const log = JSON.parse(sarif) as { runs: { tool: { driver: { name: string; version?: string; informationUri?: string } } }[] };
  const [run] = log.runs;
  if (!run) return sarif;
  const { name, version, informationUri } = run.tool.driver;
  const empty = { tool: { driver: { name, ...(version ? { version } : {}), ...(informationUri ? { informationUri } : {}) } }, results: [], automationDetails: { id: category } };
  return jsonText({ ...log, runs: [...log.runs, empty] }, 2);
}

export function automationId(): string {
  const explicit = input('category');
  if (explicit) return explicit.endsWith('/') ? explicit : `${explicit}/`;
  const what = [...listInput('paths'), ...listInput('helm-chart'), ...listInput('kustomize')].join(' ');
  const slug = what.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'all';
  return `${TOOL_NAME}/${slug}/`;
}

/** Where a file's line is on GitHub, when the run knows the repository and commit. */
function blobUrl(env: NodeJS.ProcessEnv, sha = env.GITHUB_SHA): string | undefined {
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  return env.GITHUB_REPOSITORY && sha ? `${server}/${env.GITHUB_REPOSITORY}/blob/${sha}/` : undefined;
}

/** What was linted, in the step's words ("k8s/, chart charts/shop"). */
function scope(): string {
  return [...listInput('paths'), ...listInput('helm-chart').map((c) => `chart ${c}`), ...listInput('kustomize').map((k) => `overlay ${k}`)].join(', ');
}

/** An error the step's page shows at the top, not tied to a file. */
const stepError = (message: string): void => core.error(dropControls(message), { title: TOOL_NAME });

/** Runs the Action in this process; resolves to the exit code (non-zero fails the step). */
/** What the step runs: a lint (or, on a pull request, a diff), or the list of charts to pull. */
const COMMANDS = ['lint', 'charts'] as const;

/**
 * `command: charts`: `meshlint charts` on the inputs, its report printed to the log, the helm
 * pull command of each chart not in the charts folder as the output pull-commands (one per
 * line), and their number as charts-missing. It fails only on bad inputs: pulling is the next
 * step's, the only one with network.
 */
function runChartsCommand(cwd: string, env: NodeJS.ProcessEnv): number {
  let argv: string[];
  try {
    const charts = input('charts');
    argv = ['charts', '-f', 'json', ...(input('config') ? ['--config', input('config')] : []), ...(charts ? [`--charts=${charts}`] : []), ...listInput('args')];
    const paths = listInput('paths');
    if (paths.length) argv.push('--', ...paths);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    stepError(`${e.message}. Fix the step's "with:" block.`);
    return 2;
  }
  let out = '';
  const code = runCli(argv, { cwd, env, isTTY: false, readStdin: () => Buffer.alloc(0), stdout: (s) => (out += s), stderr: (s) => process.stderr.write(s) });
  if (code !== 0) return code;
  const report = JSON.parse(out) as { missing: { command: string | null; hint: string | null; chart: string }[] };
  const commands = report.missing.flatMap((m) => (m.command ? [m.command] : []));
  for (const m of report.missing) core.info(dropControls(`${TOOL_NAME}: ${m.chart}: ${m.command ?? m.hint ?? 'not available'}`));
  core.setOutput('pull-commands', commands.join('\n'));
  core.setOutput('charts-missing', String(report.missing.length));
  return 0;
}

export async function runAction(): Promise<number> {
  const env = process.env;
  const cwd = process.cwd();
  let command: (typeof COMMANDS)[number];
  try {
    command = choice('command', COMMANDS, 'lint');
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    stepError(`${e.message}. Fix the step's "with:" block.`);
    return 2;
  }
  if (command === 'charts') return runChartsCommand(cwd, env);
  const workspace = resolve(cwd, env.GITHUB_WORKSPACE ?? cwd);
  let format: (typeof ACTION_FORMATS)[number];
  let failOnInput: FailOn | '';
  let annotate: boolean;
  let mode: Mode;
  let argv: string[];
  try {
    format = choice('format', ACTION_FORMATS, 'sarif');
    failOnInput = input('fail-on') === '' ? '' : choice('fail-on', FAIL_ON, 'error');
    annotate = booleanInput('annotations', true);
    const chosen = chooseMode(choice('diff', DIFF, 'auto'), env.GITHUB_EVENT_NAME, () => readEvent(env.GITHUB_EVENT_PATH));
    if ('error' in chosen) {
      stepError(chosen.error);
      return 2;
    }
    mode = chosen;
    argv = mode.mode === 'diff' ? diffArgsFromInputs(changeBase(mode.base, cwd, env)) : argsFromInputs();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    stepError(`${e.message}. Fix the step's "with:" block.`);
    return 2;
  }
  const failOn = effectiveFailOn(failOnInput, mode.mode);

  let stderr = '';
  const cli: CliIO = {
    cwd,
    env,
    isTTY: false,
    readStdin: () => Buffer.alloc(0),
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => {
      stderr += s;
      process.stderr.write(s);
    },
  };

  // Paths as GitHub knows them: relative to the repository (the workspace), with "/".
  const pathOf = (filePath: string): string => {
    const rel = relative(workspace, resolve(cwd, filePath));
    return rel.startsWith('..') || isAbsolute(rel) ? filePath : rel.split(sep).join('/');
  };
  const sarifPath = format === 'sarif' ? input('sarif-file') || 'meshlint.sarif' : '';
  /** False when the file is not written (said as the step's error). */
  const writeSarif = (text: string): boolean => {
    // Named by the workflow, as a command line names -o; inside the workspace, never written
    // through a link the checkout holds (a committed `meshlint.sarif -> ~/.bashrc`).
    const target = resolve(workspace, sarifPath);
    try {
      writeWithin(target, text, { root: workspace, outsideAllowed: true });
      return true;
    } catch (e) {
      if (!(e instanceof WriteRefused)) throw e;
      stepError(`sarif-file ${sarifPath}: not written: ${e.message}. Name another file.`);
      return false;
    }
  };
  const annotateAll = (results: readonly LintResult[]): { errors: number; warnings: number } | undefined => {
    if (!annotate) return undefined;
    const shown = selectAnnotations(results, { pathOf, maxErrors: ANNOTATION_CAP, maxWarnings: ANNOTATION_CAP });
    for (const a of shown) {
      const m = a.finding;
      const where = { title: a.title, file: a.file, startLine: m.line, endLine: m.endLine, startColumn: m.column, endColumn: m.endColumn };
      if (a.kind === 'error') core.error(a.message, where);
      else core.warning(a.message, where);
    }
    return { errors: shown.filter((a) => a.kind === 'error').length, warnings: shown.filter((a) => a.kind === 'warning').length };
  };
  const count = (results: readonly LintResult[]): { errors: number; warnings: number } => ({
    errors: results.reduce((n, r) => n + r.errorCount, 0),
    warnings: results.reduce((n, r) => n + r.warningCount, 0),
  });

  /** A pull request: the SARIF, the log, the annotations and the summary hold what the change adds. */
  const presentDiff = async (run: DiffRun, base: string, added: LintResult[]): Promise<boolean> => {
    const labels = { base: `base ${base.slice(0, 12)}`, head: env.GITHUB_EVENT_NAME === 'merge_group' ? 'this merge group' : 'this pull request' };
    const notes = runNotes(run.head.report);
    // On pull_request the config comes from the change: an edit to what fails is said first.
    const policy = run.diff.policy ?? [];
    if (policy.length > 0) core.warning(dropControls(`${POLICY_HEADLINE}: ${policy.map((p) => `${p.key} ${p.before} → ${p.after}`).join('; ')}`), { title: TOOL_NAME });
    // Code scanning shows what the change adds: HEAD's new findings, located in the checkout,
    // in a category of their own: code scanning compares a pull request's analysis with the
    // base branch's of the same category, and would read every finding left out as fixed.
    if (format === 'sarif') {
      if (!writeSarif(formatReport('sarif', added, run.head.config, { color: false, cwd, automationId: `${automationId()}pull-request/`, notes }))) return false;
    } else cli.stdout(format === 'json' ? formatDiffJson(run.diff, labels, run.why) : formatDiffStylish(run.diff, labels, false) + verdictText(run.why, run.failOn));
    const annotated = annotateAll(added);
    if (!env.GITHUB_STEP_SUMMARY) return true;
    const total = added.reduce((n, r) => n + r.messages.length, 0);
    const said: string[] = [];
    if (annotated && annotated.errors + annotated.warnings < total) {
      said.push(`GitHub shows at most 10 error and 10 warning annotations per step: ${annotated.errors + annotated.warnings} of ${total} new findings are annotated on the files.`);
    }
    // In a code span nothing is interpreted: only backticks and line breaks need to go.
    if (sarifPath) said.push(`The findings this change adds are in \`${sarifPath.replace(/[`\u0000-\u001f]/g, '')}\` (SARIF), for code scanning.`);
    const tail = (said.length ? `\n${said.join(' ')}\n` : '') + notesSection(notes);
    // Lines link to the commits compared: the base, and the checkout (a pull request's merge commit).
    const link: DiffLink = (side, filePath, line) => {
      const url = blobUrl(env, side === 'base' ? base : env.GITHUB_SHA);
      return url ? `${url}${toUri(pathOf(filePath))}#L${line}` : undefined;
    };
    await core.summary.addRaw(fitDiffSummary(formatDiffMarkdown(run.diff, labels, run.why, run.failOn, link), tail, SUMMARY_BYTES), true).write();
    return true;
  };

  let counts: { errors: number; warnings: number };
  let why: readonly string[] = [];
  let configFailOn: readonly string[] = [];
  let sidecarsLost = '';
  if (mode.mode === 'diff') {
    const present = hasCommit(mode.base, cwd, env);
    if (present !== true) {
      stepError(
        present === false
          ? `the base commit ${mode.base} is not in the checkout; set fetch-depth: 0 on actions/checkout (or fetch the base commit), or set diff: off`
          : `cannot compare the pull request with its base commit ${mode.base}: the workspace is not a git checkout, or git is not on PATH; run actions/checkout first, or set diff: off`,
      );
      return 2;
    }
    if (input('baseline')) core.info(`${TOOL_NAME}: the baseline input is not used on a pull request: the change is compared with its base commit`);
    const run = diffFromArgs(argv, cli, { baseIsRevision: true });
    if (typeof run === 'number') {
      stepError(`${stderr.trim() || `${TOOL_NAME} failed (exit ${run})`} (comparing the pull request with its base commit; diff: off lints the checkout instead)`);
      return run;
    }
    const added = newFindingResults(run.diff, run.head.results);
    counts = count(added);
    why = run.why;
    configFailOn = run.failOn;
    sidecarsLost = String(run.diff.changed.filter((c) => c.changes.includes('sidecar-lost')).length);
    printNotes(run.head.report, cli, false);
    if (!(await presentDiff(run, mode.base, added))) return 2;
  } else {
    const run = lintFromArgs(argv, cli);
    if (typeof run === 'number') {
      // A usage, config or I/O failure: the line meshlint printed, as an error the UI shows.
      stepError(stderr.trim() || `${TOOL_NAME} failed (exit ${run})`);
      return run;
    }
    const { results, report, config } = run;
    printCoverage(report.coverage, cli);
    printNotes(report, cli, false);
    if (format === 'sarif') {
      const sarif = formatReport('sarif', results, config, { color: false, cwd, automationId: automationId(), notes: runNotes(report), coverage: report.coverage });
      if (!writeSarif(env.GITHUB_EVENT_NAME === 'push' ? withPullRequestCategory(sarif, `${automationId()}pull-request/`) : sarif)) return 2;
    } else cli.stdout(formatReport(format, results, config, { color: false, cwd, notes: runNotes(report), coverage: report.coverage }));
    const annotated = annotateAll(results);
    counts = count(results);
    if (env.GITHUB_STEP_SUMMARY) {
      const markdown = formatSummary(results, {
        pathOf,
        blobUrl: blobUrl(env),
        openFindings: SUMMARY_OPEN,
        maxBytes: SUMMARY_BYTES,
        annotated,
        scope: scope() || undefined,
        sarifFile: sarifPath || undefined,
        files: report.stats.files,
        notes: runNotes(report),
        coverage: report.coverage,
      });
      await core.summary.addRaw(markdown, true).write();
    }
  }
  core.setOutput('sarif-file', sarifPath);
  core.setOutput('errors', String(counts.errors));
  core.setOutput('warnings', String(counts.warnings));
  core.setOutput('sidecars-lost', sidecarsLost);
  core.setOutput('mode', mode.mode);

  const failure = failureLine(mode.mode, failOn, counts, why, configFailOn);
  if (failure !== undefined) {
    stepError(failure);
    return 1;
  }
  return 0;
}
