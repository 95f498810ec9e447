// Context paths (--context, config `context` and `istio.valuesFiles`, ESLint settings): files
// read for facts only.
// Discovered as inputs are; a path of the config file that matches nothing is a config
// error, any other is handed back for the caller to name its own flag or setting.
import { dirname } from 'node:path';
import { ConfigError, type Config } from '../common/config.ts';
import { discover } from './discover.ts';
import { displayPathOf } from './read.ts';

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
