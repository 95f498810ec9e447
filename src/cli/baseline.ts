// --baseline and --write-baseline: findings recorded in a file are not reported.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../engine/config.ts';
import { baselineEntries, BaselineError, formatBaseline, MAX_BASELINE_BYTES, parseBaseline, type Baseline, type UriOf } from '../engine/baseline.ts';
import { artifactLocation } from '../format/sarif.ts';
import { plural, safeText } from '../common/text.ts';
import { configRoot, escapesThroughLink, topFolder } from '../load/boundary.ts';
import { WriteRefused, writeWithin } from '../load/write.ts';
import { repoRoot } from '../load/discover.ts';
import { describeFsError, displayPathOf } from '../load/read.ts';
import { TOOL_NAME } from '../common/meta.ts';
import type { LintResult } from '../common/types.ts';
import { type CliIO, UsageError } from './io.ts';

/**
 * Fingerprints name files as SARIF does: relative to the repository root, else to the
 * baseline's folder, so a baseline matches from any folder meshlint runs in.
 */
function baselineUris(file: string, io: CliIO): UriOf {
  const srcRoot = repoRoot(resolve(io.cwd)) ?? dirname(file);
  return (filePath) => artifactLocation(filePath, { cwd: io.cwd, srcRoot }).uri;
}

/** The baseline --baseline or the config's `baseline` names, read and checked; exit 2 when it cannot be used. */
export function readBaseline(flag: string | undefined, config: Config, io: CliIO): { baseline: Baseline; uriOf: UriOf; shown: string } | undefined {
  const file = flag !== undefined ? resolve(io.cwd, flag) : config.baseline;
  if (file === undefined) return undefined;
  const shown = displayPathOf(file, io.cwd);
  const what = flag !== undefined ? `--baseline ${flag}` : `baseline ${shown} (named in ${displayPathOf(config.filePath ?? '', io.cwd)})`;
  // The repository's config names files inside it: not one reached through a link out of it.
  if (flag === undefined && config.filePath && escapesThroughLink(configRoot(config.filePath), file)) {
    throw new UsageError(`${what}: it is a symbolic link, or in a linked folder, that leads outside the repository; a config names only files inside it`);
  }
  let text: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`${what}: not a file; name the file --write-baseline wrote`);
    if (stat.size > MAX_BASELINE_BYTES) throw new UsageError(`${what}: larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB; write it again with --write-baseline`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    throw new UsageError(`${what}: cannot read it: ${missing ? `no such file; create it with meshlint --write-baseline ${shown}` : describeFsError(e)}`);
  }
  try {
    return { baseline: parseBaseline(text), uriOf: baselineUris(file, io), shown };
  } catch (e) {
    if (e instanceof BaselineError) throw new UsageError(`${what}: ${e.message}`);
    throw e;
  }
}

/** --write-baseline: every finding of the run, by fingerprint, in FILE; the report is not printed. */
export function writeBaseline(name: string, results: readonly LintResult[], io: CliIO): number {
  const target = resolve(io.cwd, name);
  const entries = baselineEntries(results, baselineUris(target, io));
  try {
    writeWithin(target, formatBaseline(entries), { root: topFolder(io.cwd), outsideAllowed: true });
  } catch (e) {
    const why = e instanceof WriteRefused ? e.message : (e as NodeJS.ErrnoException).code === 'EEXIST' || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'a part of the path is a file, not a folder' : describeFsError(e);
    throw new UsageError(`--write-baseline ${name}: cannot write it: ${why}; name a file in a folder you can write to`);
  }
  io.stderr(`${TOOL_NAME}: wrote ${plural(entries.length, 'finding')} to ${safeText(displayPathOf(target, io.cwd))}; --baseline ${safeText(name)} (or baseline: in .meshlint.yaml) reports only new ones\n`);
  return 0;
}
