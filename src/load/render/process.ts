// Running the renderers (helm, kubectl, kustomize): found on PATH or named by the user, run
// with an argument array (never a shell), a time limit, and an environment in which any
// network call fails at once. meshlint never downloads anything, and neither may they.
import { spawnSync } from '../../builtins.ts';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, resolve } from 'node:path';

export interface RunResult {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program and returns what it printed; throws only when it cannot be started. */
export type Runner = (binary: string, args: readonly string[], cwd: string) => RunResult;

const TIME_LIMIT_MS = 5 * 60_000;
const MAX_OUTPUT = 1024 * 1024 * 1024;
/** A proxy address nothing listens on: Go and git then fail every HTTP(S) request at once. */
const NO_NETWORK = 'http://127.0.0.1:9';

export class RendererMissing extends Error {}

/** The environment a renderer runs in: the user's, with every way out to the network closed. */
export function offlineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const k of ['NO_PROXY', 'no_proxy']) delete out[k];
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy']) out[k] = NO_NETWORK;
  out.GIT_ALLOW_PROTOCOL = 'file'; // Kustomize clones remote bases with git
  out.GIT_TERMINAL_PROMPT = '0';
  return out;
}

export function processRunner(env: NodeJS.ProcessEnv): Runner {
  const childEnv = offlineEnv(env);
  return (binary, args, cwd) => {
    const r = spawnSync(binary, args, { cwd, env: childEnv, encoding: 'utf8', maxBuffer: MAX_OUTPUT, timeout: TIME_LIMIT_MS, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.error) {
      const code = (r.error as NodeJS.ErrnoException).code;
      if (code === 'ETIMEDOUT') return { ok: false, stdout: '', stderr: `${binary} did not finish within ${TIME_LIMIT_MS / 60_000} minutes` };
      if (code === 'ENOBUFS') return { ok: false, stdout: '', stderr: `${binary} printed more than ${MAX_OUTPUT / 2 ** 20} MB` };
      throw new RendererMissing(`cannot run ${binary}: ${code ?? r.error.message}`);
    }
    return { ok: r.status === 0, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  };
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The first of `names` found on PATH, as an absolute path. */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const name of names) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const p = resolve(cwd, dir, name + ext);
        if (isExecutable(p)) return p;
      }
    }
  }
  return undefined;
}

/** A binary the user named: a path (relative to the working directory) or a name on PATH. */
export function namedBinary(name: string, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if (name.includes('/') || name.includes('\\') || isAbsolute(name)) {
    const p = resolve(cwd, name);
    return isExecutable(p) ? p : undefined;
  }
  return findOnPath([name], env, cwd);
}
