// Running the renderers (helm, kubectl, kustomize). A repository never chooses the program:
// it comes from the command line, the Action's inputs or MESHLINT_HELM / MESHLINT_KUSTOMIZE,
// as an absolute path or a name found in an absolute PATH directory. The program runs with an
// argument array (never a shell), a time limit, and a confined environment: only the variables
// it needs, a fresh HOME and Helm/Kubernetes/git config of its own (so no kubeconfig, plugin,
// repository credential or token of the user's is within reach), and a proxy nothing listens
// on, so any network call fails at once. meshlint never downloads anything, and neither may they.
import { spawnSync } from '../../common/builtins.ts';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

export interface RunResult {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** Not run: the run's rendering time (--render-budget) was spent by the renders before it. */
  readonly budgetSpent?: true;
  /** Stopped at the memory a render may use (MAX_MEMORY_MB). */
  readonly memorySpent?: true;
}

/** Runs a program and returns what it printed; throws only when it cannot be started. */
export type Runner = (binary: string, args: readonly string[], cwd: string) => RunResult;

const TIME_LIMIT_MS = 5 * 60_000;
/**
 * The time all the renders of one run may take together, unless --render-budget says
 * otherwise: charts and overlays render one after another, so a time limit per render alone
 * lets a repository of ten looping templates stall a run for ten times as long.
 */
export const DEFAULT_RENDER_BUDGET_SECONDS = 300;
/** What a render may print: far above any real chart or overlay (the largest manifests met are tens of MB). */
const MAX_OUTPUT = 256 * 1024 * 1024;
/** A proxy address nothing listens on: Go and git then fail every HTTP(S) request at once. */
const NO_NETWORK = 'http://127.0.0.1:9';

export class RendererMissing extends Error {}

/** A render not started because the renders before it spent the run's time: the environment's limit, not the input's bug. */
export const BUDGET_SPENT = { cause: 'the renders before it spent the time this run may spend rendering', fix: 'Raise it with --render-budget SECONDS, or render this one on its own.' } as const;

/**
 * Variables passed through as they are: the locale and time zone (messages, dates), PATH (a
 * renderer may look up a helper such as git), the temporary folder, and what Windows needs to
 * start a process. Nothing else of the user's environment reaches a renderer: not tokens
 * (GITHUB_TOKEN, ACTIONS_*, cloud credentials), not KUBECONFIG, not HELM_* settings.
 */
export const PASSED_THROUGH = ['PATH', 'Path', 'PATHEXT', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'TZ', 'TMPDIR', 'TMP', 'TEMP', 'SystemRoot', 'SYSTEMROOT', 'windir'];

/**
 * The environment a renderer runs in, given a fresh, empty home folder of its own. Helm's
 * config, cache, data and plugin folders, the XDG folders, git's global config and the
 * kubeconfig all point inside it, so a renderer finds no plugin, repository, credential or
 * cluster: Debian's kubectl otherwise asks the kubeconfig's cluster for its version before
 * it builds an overlay. git may use no transport at all (Kustomize fetches remote bases with
 * git; a `file://` URL would read another repository on the machine).
 */
export function confinedEnv(env: NodeJS.ProcessEnv, home: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const k of PASSED_THROUGH) if (env[k] !== undefined) out[k] = env[k];
  const dir = (name: string): string => join(home, name);
  Object.assign(out, {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: dir('config'),
    XDG_CACHE_HOME: dir('cache'),
    XDG_DATA_HOME: dir('data'),
    XDG_STATE_HOME: dir('state'),
    HELM_CONFIG_HOME: dir('helm-config'),
    HELM_CACHE_HOME: dir('helm-cache'),
    HELM_DATA_HOME: dir('helm-data'),
    HELM_PLUGINS: dir('helm-plugins'),
    KUSTOMIZE_PLUGIN_HOME: dir('kustomize-plugins'),
    KUBECONFIG: dir('kubeconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: dir('gitconfig'),
    GIT_ALLOW_PROTOCOL: 'none',
    GIT_TERMINAL_PROMPT: '0',
  });
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy']) out[k] = NO_NETWORK;
  // No host is exempt from the dead proxy. Go's client still goes direct to loopback hosts
  // (golang.org/x/net/http/httpproxy useProxy), which is why Kustomize's remote entries are
  // refused before it runs (kustomize.ts remoteEntries).
  for (const k of ['NO_PROXY', 'no_proxy']) out[k] = '';
  return out;
}

/**
 * Address space a render may use, in MB: far above what real charts and overlays need (Go maps
 * some hundreds of MB at start, and the largest charts render in less than 200 MB), far below
 * what a chart that writes without end would take before the time budget stops it.
 */
export const MAX_MEMORY_MB = 2048;

/** A render stopped at the memory bound: a limit of the run, said as a warning. */
export const MEMORY_SPENT = { cause: `it needed more memory than a render may use (${MAX_MEMORY_MB} MB)`, fix: 'Check what it writes: a template that repeats without end, or values far larger than the chart expects.' } as const;

/**
 * The command that runs `binary` with its address space bounded (RLIMIT_AS, which Linux
 * enforces): the system shell sets the limit, then replaces itself with the binary, whose path
 * and arguments it gets as positional parameters, never as text to read. Where the shell or the
 * limit is not there (Windows; macOS does not enforce it), the binary runs as it is.
 */
export function memoryBounded(binary: string, args: readonly string[]): [string, string[]] {
  if (process.platform !== 'linux' || !existsSync('/bin/sh')) return [binary, [...args]];
  return ['/bin/sh', ['-c', `ulimit -v ${MAX_MEMORY_MB * 1024} 2>/dev/null; exec "$0" "$@"`, binary, ...args]];
}

/** A runner and the folder it keeps for the renderers' home, removed by `close`. */
export interface ConfinedRunner {
  readonly run: Runner;
  readonly close: () => void;
}

/**
 * Runs renderers in a confined environment (see confinedEnv); the home folder is made on first
 * use. All runs share `budgetSeconds`: each may take what the ones before it left, and once it
 * is spent a render is not started.
 */
export function confinedRunner(env: NodeJS.ProcessEnv, budgetSeconds = DEFAULT_RENDER_BUDGET_SECONDS): ConfinedRunner {
  let left = budgetSeconds * 1000;
  let home: string | undefined;
  let childEnv: NodeJS.ProcessEnv | undefined;
  const run: Runner = (binary, args, cwd) => {
    if (!home || !childEnv) {
      home = mkdtempSync(join(tmpdir(), 'meshlint-home-'));
      childEnv = confinedEnv(env, home);
      // An empty kubeconfig (no cluster) and git config; the folders exist, empty.
      writeFileSync(join(home, 'kubeconfig'), '');
      writeFileSync(join(home, 'gitconfig'), '');
      for (const d of ['config', 'cache', 'data', 'state', 'helm-config', 'helm-cache', 'helm-data', 'helm-plugins', 'kustomize-plugins']) mkdirSync(join(home, d));
    }
    if (left <= 0) return { ok: false, stdout: '', stderr: `not started: the ${budgetSeconds} s this run may spend rendering (--render-budget) are spent`, budgetSpent: true };
    const limit = Math.min(TIME_LIMIT_MS, left);
    const started = Date.now();
    const [command, commandArgs] = memoryBounded(binary, args);
    const r = spawnSync(command, commandArgs, { cwd, env: childEnv, encoding: 'utf8', maxBuffer: MAX_OUTPUT, timeout: limit, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    left -= Date.now() - started;
    if (r.error) {
      const code = (r.error as NodeJS.ErrnoException).code;
      if (code === 'ETIMEDOUT') return { ok: false, stdout: '', stderr: limit < TIME_LIMIT_MS ? `${binary} did not finish within the ${budgetSeconds} s this run may spend rendering (--render-budget)` : `${binary} did not finish within ${TIME_LIMIT_MS / 60_000} minutes` };
      if (code === 'ENOBUFS') return { ok: false, stdout: '', stderr: `${binary} printed more than ${MAX_OUTPUT / 2 ** 20} MB` };
      throw new RendererMissing(`cannot run ${binary}: ${code ?? r.error.message}`);
    }
    // Past the bound, Go's runtime stops with "fatal error: out of memory" and a stack per goroutine.
    if (r.status !== 0 && /^fatal error: (?:out of memory|runtime: out of memory)|cannot allocate memory/m.test(r.stderr ?? '')) {
      return { ok: false, stdout: '', stderr: `${binary} needed more than the ${MAX_MEMORY_MB} MB of memory a render may use`, memorySpent: true };
    }
    return { ok: r.status === 0, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  };
  const close = (): void => {
    if (home) rmSync(home, { recursive: true, force: true });
    home = undefined;
    childEnv = undefined;
  };
  return { run, close };
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The first of `names` found on PATH, as an absolute path. Only absolute PATH entries are
 * searched: an empty or relative entry ("." or "bin") would find a program of the repository
 * being linted, as Go's exec.LookPath refuses to since Go 1.19.
 */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter((d) => d !== '' && isAbsolute(d));
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const name of names) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const p = join(dir, name + ext);
        if (isExecutable(p)) return p;
      }
    }
  }
  return undefined;
}

/** Where a renderer named by the user came from, for messages: the flag, the Action input or the variable. */
export type BinarySource = `--${string}` | `MESHLINT_${string}`;

/**
 * A binary the user named: a path (relative to the working directory, as typed on the command
 * line) or a bare name found on PATH. From an environment variable, a path must be absolute:
 * a relative one would depend on the folder meshlint runs in, which a repository controls.
 */
export function namedBinary(name: string, from: BinarySource, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const isPath = name.includes('/') || name.includes('\\') || isAbsolute(name);
  if (!isPath) return findOnPath([name], env);
  if (!isAbsolute(name) && from.startsWith('MESHLINT_')) return undefined;
  const p = resolve(cwd, name);
  return isExecutable(p) ? p : undefined;
}
