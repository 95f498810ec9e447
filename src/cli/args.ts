// The command line's options and formats, and their parsing: one table (OPTIONS) that --help
// documents and a test reads.
import { parseArgs } from 'node:util';
import { suggestKey } from '../engine/schema.ts';
import { UsageError } from './io.ts';

export const FORMATS = ['stylish', 'json', 'json-with-metadata', 'sarif', 'github', 'junit', 'gitlab', 'checkstyle'] as const;

export type Format = (typeof FORMATS)[number];

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  'no-config-lookup': { type: 'boolean' },
  format: { type: 'string', short: 'f' },
  'output-file': { type: 'string', short: 'o' },
  'sarif-all-rules': { type: 'boolean' },
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
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  'cache-strategy': { type: 'string' },
  concurrency: { type: 'string' },
  context: { type: 'string', multiple: true },
  'no-repository-context': { type: 'boolean' },
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

/** The commands: the first word, when it is one of these and not a path. */
export const COMMANDS = ['rules', 'explain', 'facts', 'diff', 'charts', 'lsp'] as const;

export function parse(argv: readonly string[]): ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>> {
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

/** --concurrency: a number of threads, `auto` (the default) or `off`. */
export function concurrencyOf(value: string | undefined): number | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'off') return 1;
  if (/^[1-9][0-9]*$/.test(value) && Number(value) <= 64) return Number(value);
  throw new UsageError(`--concurrency must be auto, off or a number of threads from 1 to 64 (got "${value}")`);
}

export type Values = ReturnType<typeof parse>['values'];
