// Helpers for the infrastructure tests: run the CLI in-process with a fake io object,
// and build throw-away directory trees under the system's temporary directory.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../../src/cli/cli.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  readonly cwd: string;
  readonly stdin?: string | Buffer;
  readonly isTTY?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs `meshlint argv…` in-process; never touches the real process streams. */
export function cli(argv: readonly string[], opts: CliRunOptions): CliRun {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, {
    cwd: opts.cwd,
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    readStdin: () => (opts.stdin === undefined ? Buffer.alloc(0) : Buffer.isBuffer(opts.stdin) ? opts.stdin : Buffer.from(opts.stdin)),
    isTTY: opts.isTTY ?? false,
    env: opts.env ?? {},
  });
  return { code, stdout, stderr };
}

/** The json formatter's output, parsed. */
export interface JsonMessage {
  readonly ruleId: string;
  readonly severity: number;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly resource?: string;
  readonly helmSource?: string;
  readonly messageId?: string;
}
export interface JsonResult {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly fixableErrorCount: number;
  readonly fixableWarningCount: number;
}

export function parseJsonReport(run: CliRun): JsonResult[] {
  try {
    return JSON.parse(run.stdout) as JsonResult[];
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}

/** A temporary directory (its real path, so symlinked /tmp does not change display paths). */
export interface TempDir {
  readonly dir: string;
  /** Writes a file (creating parent folders); returns its absolute path. */
  write(rel: string, content: string | Buffer): string;
  path(rel: string): string;
  cleanup(): void;
}

export function tempDir(prefix = 'meshlint-test-'): TempDir {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  return {
    dir,
    write(rel, content) {
      const p = join(dir, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
      return p;
    },
    path: (rel) => join(dir, rel),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `fn` with a fresh temporary directory that is removed afterwards, pass or fail. */
export function withTemp<T>(fn: (t: TempDir) => T): T {
  const t = tempDir();
  try {
    return fn(t);
  } finally {
    t.cleanup();
  }
}

/**
 * A ConfigMap with an unquoted boolean label: one fixable yaml-nonstring-value error at 6:5-6:26.
 * Plain Kubernetes, no Istio keys: the injection rules have nothing to say about it.
 */
export const BAD_LABEL = [
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  '  name: settings',
  '  labels:',
  '    feature-enabled: true # turned on by hand',
  'data:',
  '  mode: "fast"',
  '',
].join('\n');

/** A Deployment whose pod template asks for a sidecar with an unquoted boolean (the API server would reject it). */
export const INJECT_UNQUOTED = [
  '# the web tier',
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  '  namespace: shop',
  'spec:',
  '  template:',
  '    metadata:',
  '      labels:',
  '        app: web',
  '        sidecar.istio.io/inject: true # we want a sidecar',
  '    spec:',
  '      containers: [{ name: web, image: web }]',
  '',
].join('\n');

/** A clean ConfigMap. */
export const CLEAN = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\ndata:\n  a: "1"\n';

/** A ConfigMap with a label repeated with the same value: one duplicate-key warning at line 7. */
export const WARN_ONLY = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n  labels:\n    app: web\n    app: web\n';

/** Namespace shop, with istio-injection set as given. */
export const shopNamespace = (injection: 'enabled' | 'disabled' = 'enabled'): string =>
  `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: ${injection}\n`;

/**
 * Deployment web in namespace shop. With hostNetwork (the default) it is one
 * injection-host-network error at 12:7 where shop has injection on, and clean elsewhere.
 */
export const webDeployment = (hostNetwork = true): string =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    '  namespace: shop',
    'spec:',
    '  selector: { matchLabels: { app: web } }',
    '  template:',
    '    metadata:',
    '      labels: { app: web }',
    '    spec:',
    ...(hostNetwork ? ['      hostNetwork: true'] : []),
    '      containers: [{ name: web, image: nginx }]',
    '',
  ].join('\n');
