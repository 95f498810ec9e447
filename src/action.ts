// The GitHub Action: the thin shell between the runner (INPUT_* variables, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, workflow commands on stdout) and one lint run. It writes the SARIF
// file for code scanning, at most 10 error and 10 warning annotations (what GitHub shows
// per step), a job summary with every count, and the outputs sarif-file, errors, warnings.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { formatReport, lintFromArgs, printNotes, runNotes, type CliIO } from './cli.ts';
import { annotations, workflowCommand } from './format/github.ts';
import { formatSummary } from './format/summary.ts';
import { TOOL_NAME } from './meta.ts';

/** GitHub shows this many error, and this many warning, annotations per step. */
export const ANNOTATION_CAP = 10;
const SUMMARY_FINDINGS = 50;
const ACTION_FORMATS = ['sarif', 'json', 'stylish'] as const;
const FAIL_ON = ['error', 'warning', 'never'] as const;

export interface ActionIO {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
}

class InputError extends Error {}

/** An input as the runner passes it: INPUT_<NAME>, spaces as underscores, upper case. */
function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** A list input: entries separated by new lines or spaces. */
function listInput(env: NodeJS.ProcessEnv, name: string): string[] {
  return input(env, name).split(/\s+/).filter(Boolean);
}

function choice<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const v = input(env, name) || fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new InputError(`input ${name}: "${v}" is not one of ${allowed.join(', ')}`);
  return v as T;
}

/** YAML 1.2 core booleans, as actions/toolkit reads them. */
function booleanInput(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = input(env, name);
  if (v === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(v)) return true;
  if (['false', 'False', 'FALSE'].includes(v)) return false;
  throw new InputError(`input ${name}: "${v}" is not a boolean (true or false)`);
}

/** The command line the inputs stand for (the same flags the README documents). */
export function argsFromInputs(env: NodeJS.ProcessEnv): string[] {
  const args: string[] = [];
  const config = input(env, 'config');
  if (config) args.push('--config', config);
  for (const c of listInput(env, 'helm-chart')) args.push('--helm-chart', c);
  for (const k of listInput(env, 'kustomize')) args.push('--kustomize', k);
  const version = input(env, 'istio-version');
  if (version) args.push('--istio-version', version);
  const baseline = input(env, 'baseline');
  if (baseline) args.push('--baseline', baseline);
  // Renderers come from the workflow, never from the repository's config.
  const helm = input(env, 'helm-binary');
  if (helm) args.push(`--helm-binary=${helm}`);
  const kustomize = input(env, 'kustomize-binary');
  if (kustomize) args.push(`--kustomize-binary=${kustomize}`);
  args.push(...listInput(env, 'args'));
  // Paths last, after "--", so a path can never be read as a flag.
  const paths = listInput(env, 'paths');
  return paths.length ? [...args, '--', ...paths] : args;
}

/**
 * The SARIF category: distinct per set of paths, charts and overlays, so that several
 * meshlint steps in one workflow do not replace each other's code scanning alerts.
 */
export function automationId(env: NodeJS.ProcessEnv): string {
  const explicit = input(env, 'category');
  if (explicit) return explicit.endsWith('/') ? explicit : `${explicit}/`;
  const what = [...listInput(env, 'paths'), ...listInput(env, 'helm-chart'), ...listInput(env, 'kustomize')].join(' ');
  const slug = what.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'all';
  return `${TOOL_NAME}/${slug}/`;
}

/** Appends `name=value` to $GITHUB_OUTPUT (heredoc form, so no value can forge another output). */
function setOutput(env: NodeJS.ProcessEnv, name: string, value: string): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Runs the Action; returns the process exit code (non-zero fails the step). */
export function runAction(io: ActionIO): number {
  const { env } = io;
  const workspace = resolve(io.cwd, env.GITHUB_WORKSPACE ?? io.cwd);
  let format: (typeof ACTION_FORMATS)[number];
  let failOn: (typeof FAIL_ON)[number];
  let annotate: boolean;
  let argv: string[];
  try {
    format = choice(env, 'format', ACTION_FORMATS, 'sarif');
    failOn = choice(env, 'fail-on', FAIL_ON, 'error');
    annotate = booleanInput(env, 'annotations', true);
    argv = argsFromInputs(env);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stdout(workflowCommand('error', `${e.message}. Fix the step's "with:" block.`, TOOL_NAME));
    return 2;
  }

  let stderr = '';
  const cli: CliIO = {
    cwd: io.cwd,
    env,
    isTTY: false,
    readStdin: () => Buffer.alloc(0),
    stdout: io.stdout,
    stderr: (s) => {
      stderr += s;
      io.stderr(s);
    },
  };
  const run = lintFromArgs(argv, cli);
  if (typeof run === 'number') {
    // A usage, config or I/O failure: the line meshlint printed, as an error the UI shows.
    io.stdout(workflowCommand('error', stderr.trim() || `${TOOL_NAME} failed (exit ${run})`, TOOL_NAME));
    return run;
  }
  const { results, report, config } = run;
  printNotes(report, cli, false);

  // Paths as GitHub knows them: relative to the repository (the workspace), with "/".
  const pathOf = (filePath: string): string => {
    const rel = relative(workspace, resolve(io.cwd, filePath));
    return rel.startsWith('..') || isAbsolute(rel) ? filePath : rel.split(sep).join('/');
  };

  let sarifPath = '';
  if (format === 'sarif') {
    sarifPath = input(env, 'sarif-file') || 'meshlint.sarif';
    const target = resolve(workspace, sarifPath);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, formatReport('sarif', results, config, { color: false, cwd: io.cwd, automationId: automationId(env), notes: runNotes(report) }));
  } else {
    io.stdout(formatReport(format, results, config, { color: false, cwd: io.cwd, notes: runNotes(report) }));
  }

  const shown = annotate ? annotations(results, { pathOf, maxErrors: ANNOTATION_CAP, maxWarnings: ANNOTATION_CAP }) : { text: '', errors: 0, warnings: 0 };
  io.stdout(shown.text);

  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  if (env.GITHUB_STEP_SUMMARY) {
    const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
    const blobUrl = env.GITHUB_REPOSITORY && env.GITHUB_SHA ? `${server}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA}/` : undefined;
    const scope = [...listInput(env, 'paths'), ...listInput(env, 'helm-chart').map((c) => `chart ${c}`), ...listInput(env, 'kustomize').map((k) => `overlay ${k}`)].join(', ');
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      formatSummary(results, {
        pathOf,
        blobUrl,
        maxFindings: SUMMARY_FINDINGS,
        annotated: annotate ? shown : undefined,
        scope: scope || undefined,
        sarifFile: sarifPath || undefined,
        files: report.stats.files,
        notes: runNotes(report),
      }) + '\n',
    );
  }
  setOutput(env, 'sarif-file', sarifPath);
  setOutput(env, 'errors', String(errors));
  setOutput(env, 'warnings', String(warnings));

  const failed = failOn === 'error' ? errors > 0 : failOn === 'warning' ? errors + warnings > 0 : false;
  if (failed) {
    io.stdout(workflowCommand('error', `${TOOL_NAME} found ${errors} error(s) and ${warnings} warning(s) (fail-on: ${failOn}); see the job summary.`, TOOL_NAME));
    return 1;
  }
  return 0;
}
