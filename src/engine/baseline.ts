// The baseline: today's findings, recorded so that a repository can adopt meshlint without
// fixing everything first. Each finding is keyed by its SARIF fingerprint (rule, file,
// resource and path, and which of the equal ones it is; never the line), so a finding whose
// lines move stays matched, and only findings not in the baseline are reported.
// Pure: the CLI reads and writes the file.
import { lineHashes } from '../common/fingerprint.ts';
import { plural } from '../common/text.ts';
import type { LintMessage, LintResult } from '../common/types.ts';
import type { Note } from './notes.ts';

export const BASELINE_VERSION = 1;
/** Far above any real repository's findings; a baseline larger than this is refused unread. */
export const MAX_BASELINE_BYTES = 32 * 1024 * 1024;
export const MAX_BASELINE_FINDINGS = 200_000;
const MAX_FIELD = 4096;
const FINGERPRINT = /^[0-9a-f]{32}:[1-9][0-9]{0,8}$/;

/** One recorded finding: the fingerprint is what matches; file and rule make the file reviewable. */
export interface BaselineEntry {
  readonly file: string;
  readonly ruleId: string;
  readonly fingerprint: string;
}

export interface Baseline {
  readonly entries: readonly BaselineEntry[];
}

/** A baseline that cannot be used: its text says what is wrong and what to do. */
export class BaselineError extends Error {}

/** The file a result's path stands for in fingerprints: SARIF's URI, relative to the repository root. */
export type UriOf = (filePath: string) => string;

const byKey = (a: BaselineEntry, b: BaselineEntry): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0;

/** Every finding of the results as a baseline entry, sorted (file, rule, fingerprint) so the file diffs well. */
export function baselineEntries(results: readonly LintResult[], uriOf: UriOf): BaselineEntry[] {
  const entries: BaselineEntry[] = [];
  for (const r of results) {
    const uri = uriOf(r.filePath);
    const hashes = lineHashes(uri, r.messages);
    r.messages.forEach((m, i) => entries.push({ file: uri, ruleId: m.ruleId, fingerprint: hashes[i] ?? '' }));
  }
  return entries.sort(byKey);
}

/** The baseline file's text: the same findings always give the same bytes. */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const sorted = [...entries].sort(byKey);
  return `${JSON.stringify({ version: BASELINE_VERSION, findings: sorted.map((e) => ({ file: e.file, ruleId: e.ruleId, fingerprint: e.fingerprint })) }, null, 2)}\n`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a baseline's text; throws BaselineError when it is not one this version writes. */
export function parseBaseline(text: string): Baseline {
  const REWRITE = 'write it again with --write-baseline';
  if (text.length > MAX_BASELINE_BYTES) throw new BaselineError(`larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB; ${REWRITE}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    // A syntax error, or nesting too deep for the parser: either way not a baseline.
    throw new BaselineError(`not valid JSON; ${REWRITE}`);
  }
  if (!isObj(raw)) throw new BaselineError(`not a baseline (expected an object with "version" and "findings"); ${REWRITE}`);
  if (raw.version !== BASELINE_VERSION) {
    const newer = typeof raw.version === 'number' && raw.version > BASELINE_VERSION;
    throw new BaselineError(newer ? `version ${raw.version} is newer than this meshlint reads (${BASELINE_VERSION}); upgrade meshlint` : `"version" must be ${BASELINE_VERSION}; ${REWRITE}`);
  }
  const findings = raw.findings;
  if (!Array.isArray(findings)) throw new BaselineError(`"findings" must be a list; ${REWRITE}`);
  if (findings.length > MAX_BASELINE_FINDINGS) throw new BaselineError(`more than ${MAX_BASELINE_FINDINGS} findings; ${REWRITE}`);
  const entries: BaselineEntry[] = [];
  for (const [i, f] of findings.entries()) {
    const ok =
      isObj(f) &&
      typeof f.file === 'string' &&
      f.file.length <= MAX_FIELD &&
      typeof f.ruleId === 'string' &&
      f.ruleId.length <= MAX_FIELD &&
      typeof f.fingerprint === 'string' &&
      FINGERPRINT.test(f.fingerprint);
    if (!ok) throw new BaselineError(`findings[${i}] is not a finding (file, ruleId and fingerprint); ${REWRITE}`);
    entries.push({ file: f.file as string, ruleId: f.ruleId as string, fingerprint: f.fingerprint as string });
  }
  return { entries };
}

export interface BaselineOutcome {
  /** The results less the findings the baseline holds, with their counts made again. */
  readonly results: LintResult[];
  /** Findings not shown because the baseline holds them. */
  readonly known: number;
  /** Baseline entries that matched nothing: fixed since, or their resource renamed. */
  readonly gone: number;
}

/** Keeps only the findings the baseline does not hold. */
export function applyBaseline(results: readonly LintResult[], baseline: Baseline, uriOf: UriOf): BaselineOutcome {
  const recorded = new Set(baseline.entries.map((e) => e.fingerprint));
  const matched = new Set<string>();
  let known = 0;
  const out = results.map((r) => {
    const hashes = lineHashes(uriOf(r.filePath), r.messages);
    const kept = r.messages.filter((_, i) => {
      const h = hashes[i] ?? '';
      if (!recorded.has(h)) return true;
      matched.add(h);
      known++;
      return false;
    });
    return kept.length === r.messages.length ? r : recount(r, kept);
  });
  return { results: out, known, gone: recorded.size - matched.size };
}

function recount(r: LintResult, messages: readonly LintMessage[]): LintResult {
  const errors = messages.filter((m) => m.severity === 2);
  const warnings = messages.filter((m) => m.severity !== 2);
  return {
    ...r,
    messages,
    errorCount: errors.length,
    warningCount: warnings.length,
    fixableErrorCount: errors.filter((m) => m.fix).length,
    fixableWarningCount: warnings.filter((m) => m.fix).length,
  };
}

/** The run's note: how many findings the baseline hid, and how many of its entries are gone. */
export function baselineNote(outcome: Pick<BaselineOutcome, 'known' | 'gone'>, shownPath: string): Note | undefined {
  const { known, gone } = outcome;
  if (known === 0 && gone === 0) return undefined;
  const hidden = known > 0 ? `${plural(known, 'known finding')} not shown (in the baseline ${shownPath})` : `no known findings in the baseline ${shownPath}`;
  const stale = gone > 0 ? `; ${gone} of its findings ${gone === 1 ? 'is' : 'are'} gone: run --write-baseline ${shownPath} again to drop ${gone === 1 ? 'it' : 'them'}` : '';
  return { id: 'baseline', message: `${hidden}${stale}.` };
}
