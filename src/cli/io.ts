// The CLI's input and output: the streams and environment a run gets (CliIO), the one-line
// failures that exit 2, colours, and writes to standard streams and --output-file.
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from '../engine/config.ts';
import { batched, safeLines, safeText } from '../common/text.ts';
import { topFolder } from '../load/boundary.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { FileChangedError } from '../load/disk-text.ts';
import { describeFsError, displayPathOf } from '../load/read.ts';
import { RendererMissing, RenderUsageError } from '../load/render/index.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { Values } from './args.ts';

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
  /** Writes a progress line to stderr, when it is a terminal (see progress.ts); undefined: none. */
  readonly progress?: (s: string) => void;
}

/** A usage or I/O failure: exit 2, its message the one line said (name the flag or file, say what to do). */
export class UsageError extends Error {}

/** One failure line; it may quote a path, an argument or a config key, so controls are made visible. */
export function fail(io: CliIO, message: string): number {
  io.stderr(`${TOOL_NAME}: ${safeLines(message)}\n`);
  return 2;
}

/**
 * Usage, config and I/O failures become exit 2 with one line; anything else is a bug and
 * propagates. The messages quote config keys and values, arguments and paths: safeText keeps
 * each on its line (a key holding "\n" must not print a line of its own).
 */
export function guarded<T>(io: CliIO, fn: () => T): T | number {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ConfigError) return fail(io, `configuration error: ${safeText(configErrorText(e, io.cwd))}`);
    if (e instanceof UsageError) return fail(io, safeText(e.message));
    if (e instanceof RenderUsageError || e instanceof RendererMissing || e instanceof FileChangedError) return fail(io, safeText(e.message));
    const err = e as NodeJS.ErrnoException;
    if (err.code && err.syscall) {
      const where = err.path ? displayPathOf(err.path, io.cwd) : 'a file';
      return fail(io, safeText(`cannot ${err.syscall} ${where}: ${describeFsError(err)}; check the path and its permissions`));
    }
    throw e;
  }
}

/** A config error's line, with the file shown relative to the working directory as paths are elsewhere. */
function configErrorText(e: ConfigError, cwd: string): string {
  if (e.file === undefined || !isAbsolute(e.file)) return e.message;
  return `${displayPathOf(e.file, cwd)}: ${e.key ? `${e.key}: ` : ''}${e.problem}`;
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

/**
 * The report goes to --output-file (its folder created, as ESLint does) or to standard output.
 * A report in pieces is written a run of pieces at a time; `written` is told each run.
 */
export function emit(out: string | Iterable<string>, v: Values, io: CliIO, written?: (text: string) => void): void {
  const name = v['output-file'];
  const runs = typeof out === 'string' ? [out] : batched(out);
  const told = written ? tell(runs, written) : runs;
  if (name) {
    const target = resolve(io.cwd, name);
    try {
      writeWithin(target, told, { root: topFolder(io.cwd), outsideAllowed: true });
    } catch (e) {
      // mkdir says EEXIST (or open ENOTDIR) when a file stands where a folder of the path should be.
      const code = (e as NodeJS.ErrnoException).code;
      const why = e instanceof WriteRefused ? e.message : code === 'EEXIST' || code === 'ENOTDIR' ? 'a part of the path is a file, not a folder' : describeFsError(e);
      throw new UsageError(`--output-file ${name}: cannot write the report: ${why}; name a file in a folder you can write to`);
    }
  } else for (const text of told) if (text) io.stdout(text);
}

function* tell(runs: Iterable<string>, written: (text: string) => void): Generator<string> {
  for (const text of runs) {
    written(text);
    yield text;
  }
}

/** Cannot write the report or messages: one line on standard error (when it can take it), exit 2. */
export function writeFailure(what: string, e: NodeJS.ErrnoException): never {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  try {
    if (what !== 'standard error') process.stderr.write(`${TOOL_NAME}: cannot write to ${what}: ${describeFsError(e)}\n`);
  } catch {
    // Standard error fails too: the exit code is all that is left to say it.
  }
  process.exit(2);
}

/** A write to a standard stream: files and pipes may fail at once (ENOSPC, EPIPE), synchronously. */
export function writeOrExit(stream: NodeJS.WriteStream, what: string, text: string): void {
  try {
    stream.write(text);
  } catch (e) {
    writeFailure(what, e as NodeJS.ErrnoException);
  }
}
