// What only the subcommands (diff, explain, facts) use, in one module, so that a plain lint
// does not load it. The source imports it as any module; the CLI's bundle (scripts/build.mjs)
// makes it a chunk of its own that src/cli/main.ts loads, before the command runs, when the
// arguments name one of these commands.
export { diffRuns, failures, workloadMap, type MeshDiff, type WorkloadState } from '../engine/diff.ts';
export { SideStates } from '../engine/diff-state.ts';
export { explain } from '../engine/explain.ts';
export { policyChanges } from '../engine/policy.ts';
export { gatherFactsReport } from '../engine/facts-report.ts';
export { formatDiffJson, formatDiffMarkdown, formatDiffStylish, newFindingResults, verdictText } from '../format/diff.ts';
export { formatExplanations, formatExplanationsMarkdown } from '../format/explain.ts';
export { formatFactsReport } from '../format/facts.ts';
export { openSide, openStagedSide, RevisionError, type Blobs, type Side } from '../load/revision.ts';
export { openEmptySide, resolveDiffRefs } from '../load/revision-ref.ts';

/** The commands whose code is here. */
export const SUBCOMMANDS: ReadonlySet<string> = new Set(['diff', 'explain', 'facts']);

/** Loads this module's code where it is not loaded yet (the bundle); here it is. */
export async function loadSubcommands(): Promise<void> {}
