// Context paths (--context, config `context` and `istio.valuesFiles`, ESLint settings): files
// read for facts only.
// Discovered as inputs are; a path of the config file that matches nothing is a config
// error, any other is handed back for the caller to name its own flag or setting.
import { statSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { ConfigError, type Config } from '../common/config.ts';
import { discover } from './discover.ts';
import { repoRoot } from './boundary.ts';
import { displayPathOf, readSource, type ReadOutcome } from './read.ts';
import { withFields } from './disk-text.ts';

export interface ContextOptions {
  readonly cwd: string;
  /** Absolute paths from the command line or settings; the config's own `context` is added. */
  readonly paths: readonly string[];
  readonly config: Config;
  /** Ignore patterns beyond the config's (--ignore-pattern). */
  readonly ignorePatterns?: readonly string[];
  readonly useGitignore?: boolean;
}

export function discoverContext(opts: ContextOptions): { files: string[]; missing: string | undefined } {
  const { cwd, config } = opts;
  const valuesFiles = config.istio.valuesFiles ?? [];
  const paths = [...opts.paths, ...config.context, ...valuesFiles];
  if (paths.length === 0) return { files: [], missing: undefined };
  const found = discover({
    cwd,
    patterns: paths,
    ignorePatterns: [...config.ignorePatterns, ...(opts.ignorePatterns ?? [])],
    ignoreBase: config.filePath ? dirname(config.filePath) : cwd,
    useGitignore: opts.useGitignore ?? true,
  });
  const missing = found.unmatched[0];
  if (missing !== undefined && config.context.includes(missing)) {
    throw new ConfigError(config.filePath, 'context', `${displayPathOf(missing, cwd)}: no such file or directory (paths are relative to the config file)`);
  }
  if (missing !== undefined && valuesFiles.includes(missing)) {
    throw new ConfigError(config.filePath, 'istio.valuesFiles', `${displayPathOf(missing, cwd)}: no such file or directory (paths are relative to the config file)`);
  }
  return { files: found.files, missing: missing === undefined ? undefined : displayPathOf(missing, cwd) };
}

/** Files of the repository read for facts: far above a real repository's manifests. */
export const MAX_REPOSITORY_FILES = 20_000;
export const MAX_REPOSITORY_BYTES = 256 * 1024 * 1024;

/**
 * The repository a folder lies in: the folder holding `.git` at or above it, else the folder of
 * the config in force when the folder lies below it; undefined in neither.
 */
export function repositoryForContext(dir: string, config: Config): string | undefined {
  const configRoot = config.filePath ? dirname(config.filePath) : undefined;
  return repoRoot(dir) ?? (configRoot !== undefined && (dir === configRoot || dir.startsWith(configRoot + sep)) ? configRoot : undefined);
}

/** The repositories these paths (files or folders) lie in, each once (repositoryForContext). */
export function repositoryRoots(paths: readonly string[], config: Config): string[] {
  const roots = new Set<string>();
  for (const p of paths) {
    let dir = dirname(p);
    try {
      if (statSync(p).isDirectory()) dir = p;
    } catch {
      // a path that is not there: its folder
    }
    const root = repositoryForContext(dir, config);
    if (root !== undefined) roots.add(root);
  }
  return [...roots];
}

/**
 * The files of the repositories `roots`, read for facts only as --context reads them (ignore
 * files and patterns honoured, charts left out), less those `skip` names; each marked as the
 * repository's (what the inputs and --context define wins over it). Bounded in files and bytes:
 * `cut` says where it stopped.
 */
export function readRepositoryContext(roots: readonly string[], opts: { readonly cwd: string; readonly config: Config; readonly ignorePatterns?: readonly string[]; readonly useGitignore?: boolean; readonly skip: (file: string) => boolean }): { files: ReadOutcome[]; cut: string | undefined } {
  if (roots.length === 0) return { files: [], cut: undefined };
  const config: Config = { ...opts.config, context: [], istio: { ...opts.config.istio, valuesFiles: [] } };
  const { files } = discoverContext({ cwd: opts.cwd, paths: roots, config, ...(opts.ignorePatterns ? { ignorePatterns: opts.ignorePatterns } : {}), ...(opts.useGitignore !== undefined ? { useGitignore: opts.useGitignore } : {}) });
  const out: ReadOutcome[] = [];
  let bytes = 0;
  for (const f of files) {
    if (opts.skip(f)) continue;
    if (out.length >= MAX_REPOSITORY_FILES) return { files: out, cut: `${MAX_REPOSITORY_FILES} files` };
    if (bytes >= MAX_REPOSITORY_BYTES) return { files: out, cut: `${MAX_REPOSITORY_BYTES / 1024 / 1024} MB` };
    const read = readSource(f, opts.cwd);
    if (!read.ok) continue;
    bytes += read.file.text.length;
    out.push({ ok: true, file: withFields(read.file, { repositoryContext: true as const }) });
  }
  return { files: out, cut: undefined };
}
