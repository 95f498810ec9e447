// The config a command runs with: the lookup of .meshlint.yaml files with the command line's
// overrides, and --print-config.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { allRules, rulesById } from '../../rules/index.ts';
import { ConfigError, effectiveSetting, withOverrides, type Config } from '../engine/config.ts';
import { jsonText } from '../common/text.ts';
import { ConfigLookup } from '../engine/config-file.ts';
import { discover } from '../load/discover.ts';
import { displayPathOf } from '../load/read.ts';
import type { Values } from './args.ts';
import { type CliIO, UsageError } from './io.ts';

/** Longer than any real pattern (and the matcher's bound on a line, ignore-rules.ts): said at once, not ignored quietly. */
const MAX_PATTERN_LENGTH = 4096;

/**
 * Where each file's config comes from: --config for every file, else the nearest config file
 * above the file (see ConfigLookup), the command line's overrides applied to each. The
 * working directory's config is the run's own: it is checked before anything is read, and it
 * serves what belongs to no one file (charts and overlays rendered, `meshlint rules`,
 * `explain`, the SARIF rule levels).
 */
export function lookupFor(v: Values, io: CliIO): ConfigLookup {
  for (const p of v['ignore-pattern'] ?? []) {
    if (p.length > MAX_PATTERN_LENGTH) throw new UsageError(`--ignore-pattern: a pattern of ${p.length} characters is longer than ${MAX_PATTERN_LENGTH}; shorten it`);
  }
  const explicit = v.config ? resolve(io.cwd, v.config) : undefined;
  if (v.config && explicit && !existsSync(explicit)) {
    throw new ConfigError('--config', v.config, 'cannot read the file: no such file; check the path, or leave out --config to use the nearest .meshlint.yaml');
  }
  const lookup = new ConfigLookup(explicit, rulesById, (c) => withOverrides(c, { rules: v.rule ?? [], namespace: v.namespace, istioVersion: v['istio-version'] }, rulesById), !v['no-config-lookup']);
  lookup.forDir(io.cwd);
  return lookup;
}

export function printConfig(io: CliIO, lookup: ConfigLookup, file: string): number {
  const config = lookup.forFile(resolve(io.cwd, file));
  const rules: Record<string, unknown[]> = {};
  for (const r of allRules) {
    const s = effectiveSetting(config, r);
    rules[r.name] = [s.level, ...s.options];
  }
  const found = discover({ cwd: io.cwd, patterns: [file], ignorePatterns: config.ignorePatterns, ignoreBase: config.filePath ? dirname(config.filePath) : io.cwd });
  const ignored = [...found.skipped, ...found.ignored].some((s) => s.kind === 'ignored');
  io.stdout(
    jsonText(
      {
        file,
        // As the user names files: relative to the working directory (no machine path in a shared output).
        configFile: config.filePath === undefined ? null : displayPathOf(config.filePath, io.cwd),
        ignored,
        rules,
        ignorePatterns: config.ignorePatterns,
        defaultNamespace: config.defaultNamespace ?? null,
        namespaces: config.namespaces,
        // Unset (null): taken from the inputs (injector webhooks, ConfigMaps), else Istio's default for the version.
        istio: {
          version: config.istio.version ?? null,
          revisions: config.istio.revisions ?? null,
          revisionTags: config.istio.revisionTags ?? null,
          enableNamespacesByDefault: config.istio.enableNamespacesByDefault ?? null,
          injectionPolicy: config.istio.injectionPolicy ?? null,
          nativeSidecars: config.istio.nativeSidecars ?? null,
          cni: config.istio.cni ?? null,
          holdApplicationUntilProxyStarts: config.istio.holdApplicationUntilProxyStarts ?? null,
        },
        helm: config.helm,
        kustomize: config.kustomize,
        context: config.context,
        baseline: config.baseline ?? null,
      },
      2,
    ) + '\n',
  );
  return 0;
}

/**
 * The config for a command that reads one set of facts (facts): the one nearest the path it is
 * given, as lint would apply to the files there; the working directory's for several paths or none.
 */
export function configForPaths(paths: readonly string[], lookup: ConfigLookup, io: CliIO): Config {
  const own = paths.filter((p) => p !== '-');
  if (own.length !== 1) return lookup.forDir(io.cwd);
  const target = resolve(io.cwd, own[0] as string);
  let directory = false;
  try {
    directory = statSync(target).isDirectory();
  } catch {
    // A path that does not exist: the run reports it; the working directory's config applies.
    return lookup.forDir(io.cwd);
  }
  return directory ? lookup.forDir(target) : lookup.forFile(target);
}
