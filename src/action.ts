// The GitHub Action: the thin shell between the runner and one lint run. Inputs, outputs,
// annotations and the job summary go through @actions/core. It writes the SARIF file for
// code scanning, at most 10 error and 10 warning annotations (what GitHub shows per step),
// a job summary with every finding, and the outputs sarif-file, errors, warnings.
import * as core from '@actions/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ListInputError, parseListInput } from './action-args.ts';
import { formatReport, lintFromArgs, printNotes, runNotes, type CliIO } from './cli.ts';
import { dropControls, selectAnnotations } from './format/github.ts';
import { formatSummary } from './format/summary.ts';
import { TOOL_NAME } from './meta.ts';

/** GitHub shows this many error, and this many warning, annotations per step. */
export const ANNOTATION_CAP = 10;
/** Findings open in the job summary; the rest are in a collapsed block below them. */
const SUMMARY_OPEN = 20;
/** GitHub takes a job summary of at most 1 MiB per step. */
const SUMMARY_BYTES = 1024 * 1024;
const ACTION_FORMATS = ['sarif', 'json', 'stylish'] as const;
const FAIL_ON = ['error', 'warning', 'never'] as const;

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

/** The command line the inputs stand for (the same flags the README documents). */
export function argsFromInputs(): string[] {
  const args: string[] = [];
  const config = input('config');
  if (config) args.push('--config', config);
  for (const c of listInput('helm-chart')) args.push('--helm-chart', c);
  for (const k of listInput('kustomize')) args.push('--kustomize', k);
  const version = input('istio-version');
  if (version) args.push('--istio-version', version);
  const baseline = input('baseline');
  if (baseline) args.push('--baseline', baseline);
  // Renderers come from the workflow, never from the repository's config.
  const helm = input('helm-binary');
  if (helm) args.push(`--helm-binary=${helm}`);
  const kustomize = input('kustomize-binary');
  if (kustomize) args.push(`--kustomize-binary=${kustomize}`);
  args.push(...listInput('args'));
  // Paths last, after "--", so a path can never be read as a flag.
  const paths = listInput('paths');
  return paths.length ? [...args, '--', ...paths] : args;
}

/**
 * The SARIF category: distinct per set of paths, charts and overlays, so that several
 * meshlint steps in one workflow do not replace each other's code scanning alerts.
 */
export function automationId(): string {
  const explicit = input('category');
  if (explicit) return explicit.endsWith('/') ? explicit : `${explicit}/`;
  const what = [...listInput('paths'), ...listInput('helm-chart'), ...listInput('kustomize')].join(' ');
  const slug = what.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'all';
  return `${TOOL_NAME}/${slug}/`;
}

/** An error the step's page shows at the top, not tied to a file. */
const stepError = (message: string): void => core.error(dropControls(message), { title: TOOL_NAME });

/** Runs the Action in this process; resolves to the exit code (non-zero fails the step). */
export async function runAction(): Promise<number> {
  const env = process.env;
  const cwd = process.cwd();
  const workspace = resolve(cwd, env.GITHUB_WORKSPACE ?? cwd);
  let format: (typeof ACTION_FORMATS)[number];
  let failOn: (typeof FAIL_ON)[number];
  let annotate: boolean;
  let argv: string[];
  try {
    format = choice('format', ACTION_FORMATS, 'sarif');
    failOn = choice('fail-on', FAIL_ON, 'error');
    annotate = booleanInput('annotations', true);
    argv = argsFromInputs();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    stepError(`${e.message}. Fix the step's "with:" block.`);
    return 2;
  }

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
  const run = lintFromArgs(argv, cli);
  if (typeof run === 'number') {
    // A usage, config or I/O failure: the line meshlint printed, as an error the UI shows.
    stepError(stderr.trim() || `${TOOL_NAME} failed (exit ${run})`);
    return run;
  }
  const { results, report, config } = run;
  printNotes(report, cli, false);

  // Paths as GitHub knows them: relative to the repository (the workspace), with "/".
  const pathOf = (filePath: string): string => {
    const rel = relative(workspace, resolve(cwd, filePath));
    return rel.startsWith('..') || isAbsolute(rel) ? filePath : rel.split(sep).join('/');
  };

  let sarifPath = '';
  if (format === 'sarif') {
    sarifPath = input('sarif-file') || 'meshlint.sarif';
    const target = resolve(workspace, sarifPath);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, formatReport('sarif', results, config, { color: false, cwd, automationId: automationId(), notes: runNotes(report) }));
  } else {
    cli.stdout(formatReport(format, results, config, { color: false, cwd, notes: runNotes(report) }));
  }

  const shown = annotate ? selectAnnotations(results, { pathOf, maxErrors: ANNOTATION_CAP, maxWarnings: ANNOTATION_CAP }) : [];
  for (const a of shown) {
    const m = a.finding;
    const where = { title: a.title, file: a.file, startLine: m.line, endLine: m.endLine, startColumn: m.column, endColumn: m.endColumn };
    if (a.kind === 'error') core.error(a.message, where);
    else core.warning(a.message, where);
  }

  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (env.GITHUB_STEP_SUMMARY) {
    const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
    const blobUrl = env.GITHUB_REPOSITORY && env.GITHUB_SHA ? `${server}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA}/` : undefined;
    const scope = [...listInput('paths'), ...listInput('helm-chart').map((c) => `chart ${c}`), ...listInput('kustomize').map((k) => `overlay ${k}`)].join(', ');
    const markdown = formatSummary(results, {
      pathOf,
      blobUrl,
      openFindings: SUMMARY_OPEN,
      maxBytes: SUMMARY_BYTES,
      annotated: annotate ? { errors: shown.filter((a) => a.kind === 'error').length, warnings: shown.filter((a) => a.kind === 'warning').length } : undefined,
      scope: scope || undefined,
      sarifFile: sarifPath || undefined,
      files: report.stats.files,
      notes: runNotes(report),
    });
    await core.summary.addRaw(markdown, true).write();
  }
  core.setOutput('sarif-file', sarifPath);
  core.setOutput('errors', String(errors));
  core.setOutput('warnings', String(warnings));

  const failed = failOn === 'error' ? errors > 0 : failOn === 'warning' ? errors + warnings > 0 : false;
  if (failed) {
    stepError(`${TOOL_NAME} found ${errors} error(s) and ${warnings} warning(s) (fail-on: ${failOn}); see the job summary.`);
    return 1;
  }
  return 0;
}
