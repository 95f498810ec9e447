// Node built-in modules that only some runs need, loaded on first use: each one costs start-up
// time (child_process alone about 3 ms) that linting one file in a pre-commit hook should not pay.
// Of child_process only spawnSync is exposed, with an argument array: never a shell.
import type { ChildProcess, SpawnOptions, SpawnSyncOptionsWithBufferEncoding, SpawnSyncOptionsWithStringEncoding, SpawnSyncReturns, spawn as Spawn, spawnSync as SpawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);

/** child_process.spawnSync, loaded on first use: a program and its arguments, text output. */
export function spawnSync(command: string, args: readonly string[], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  const run = (nodeRequire('node:child_process') as { spawnSync: typeof SpawnSync }).spawnSync;
  return run(command, args, options);
}
export const workerThreads = (): typeof import('node:worker_threads') => nodeRequire('node:worker_threads') as typeof import('node:worker_threads');
/**
 * A full garbage collection, for paced collections on large inputs (V8 lets garbage pile up
 * to hundreds of megabytes otherwise); undefined where the engine refuses to expose it.
 */
export function garbageCollector(): (() => void) | undefined {
  try {
    (nodeRequire('node:v8') as typeof import('node:v8')).setFlagsFromString('--expose-gc');
    return (nodeRequire('node:vm') as typeof import('node:vm')).runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/**
 * Tunes V8's optimizing compiler for a run over megabytes of input. V8 optimizes a function once
 * it has run a budget of bytecode; a lint's hot functions (the YAML readers, the model, the
 * rules) meet new shapes of input for seconds, and optimized that early they were deoptimized
 * and optimized again, up to 18 times each: over the corpus, 725 compiles took 9.7 s of CPU
 * beside a 12 s run, on the core the parse worker needs. A budget 2.3 times V8's default
 * (132 KB) made it 411 compiles in 4.2 s, and the run's CPU fell by a tenth. Set on V8 11
 * (Node 20) only, where it was measured: other versions tier up differently and name their
 * flags differently (an unknown flag is an error message). The flag is the process's: the
 * parse workers started after it share it.
 */
export function tuneForLongRun(): void {
  if (process.versions.v8.startsWith('11.')) v8().setFlagsFromString('--interrupt-budget=300000');
}

export const crypto = (): typeof import('node:crypto') => nodeRequire('node:crypto') as typeof import('node:crypto');
export const zlib = (): typeof import('node:zlib') => nodeRequire('node:zlib') as typeof import('node:zlib');
export const v8 = (): typeof import('node:v8') => nodeRequire('node:v8') as typeof import('node:v8');

/** child_process.spawnSync with bytes out (an archive), loaded on first use; never a shell. */
export function spawnSyncBytes(command: string, args: readonly string[], options: SpawnSyncOptionsWithBufferEncoding): SpawnSyncReturns<Buffer> {
  const run = (nodeRequire('node:child_process') as { spawnSync: typeof SpawnSync }).spawnSync;
  return run(command, args, options);
}

/** child_process.spawn, for a helper that outlives a run of its own (a clean-up watcher); never a shell. */
export function spawnDetached(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const run = (nodeRequire('node:child_process') as { spawn: typeof Spawn }).spawn;
  return run(command, args, options);
}
