// Text, JSON and Markdown for `meshlint diff`: what the change does to the mesh, then its findings.
import type { ChangeCause, ChangeKind, DiffFinding, MeshDiff, WorkloadState } from '../engine/diff.ts';
import type { LintResult } from '../common/types.ts';
import { escapeMarkdown } from './summary.ts';
import { jsonText, painter, safeText } from '../common/text.ts';
import { POLICY_HEADLINE } from '../engine/policy.ts';

const CHANGE: Record<ChangeKind, string> = {
  'sidecar-gained': 'gains a sidecar',
  'sidecar-lost': 'loses its sidecar',
  'sidecar-known': 'sidecar now decided',
  'sidecar-unknown': 'sidecar no longer decided',
  revision: 'injecting revision changed',
  capture: 'ambient capture changed',
  waypoint: 'waypoint changed',
  startup: 'sidecar start-up changed',
  admission: 'Pod Security admission changed',
  'calls-reset': 'its calls to a STRICT Service are reset',
};

/** Each change as the headline counts it: [one workload, several]. */
const COUNTED: Record<ChangeKind, readonly [string, string]> = {
  'sidecar-gained': ['gains a sidecar', 'gain a sidecar'],
  'sidecar-lost': ['loses its sidecar', 'lose their sidecars'],
  'sidecar-known': ['has its sidecar now decided', 'have their sidecars now decided'],
  'sidecar-unknown': ['has its sidecar no longer decided', 'have their sidecars no longer decided'],
  revision: ['changes its injecting revision', 'change their injecting revision'],
  capture: ['changes ambient capture', 'change ambient capture'],
  waypoint: ['changes its waypoint', 'change their waypoint'],
  startup: ['changes its sidecar start-up', 'change their sidecar start-up'],
  admission: ['changes its Pod Security admission', 'change their Pod Security admission'],
  'calls-reset': ['has its calls to a STRICT Service reset', 'have their calls to a STRICT Service reset'],
};

const SIDECAR: Record<WorkloadState['sidecar'], string> = { injected: 'sidecar', 'not-injected': 'no sidecar', unknown: 'unknown' };

/** "sidecar (revision canary), ambient: none, native sidecar; …": the state in one line. */
function stateText(s: WorkloadState): string {
  const parts = [`${SIDECAR[s.sidecar]}${s.revision !== undefined ? ` (revision ${s.revision})` : ''}`];
  if (s.capture !== undefined) parts.push(`data plane ${s.capture}`);
  if (s.waypoint !== undefined) parts.push(s.waypoint);
  if (s.startup !== undefined) parts.push(s.startup);
  if (s.admission !== undefined) parts.push(`admission ${s.admission.outcome}`);
  return safeText(parts.join(', '));
}

/** Why a side is as it is: the injection's last step, the admission's reason when that changed, and the pairs of a call reset. */
function reasonText(changes: readonly ChangeKind[], s: WorkloadState): string {
  let text = s.reason;
  if (changes.includes('admission')) text += `; ${s.admission?.why ?? 'its namespace enforces no Pod Security level that can reject it'}`;
  if (changes.includes('calls-reset')) {
    // The Services whose pods have a proxy: on the side where the call is reset, the pair that breaks.
    const calls = (s.calls ?? []).filter((c) => c.mode !== undefined);
    if (calls.length > 0) text += `; calls ${calls.slice(0, 3).map((c) => `${c.to} (${c.server}${c.mode !== undefined ? `, ${c.mode}` : ''})`).join(', ')}${calls.length > 3 ? ` and ${calls.length - 3} more` : ''}`;
  }
  return text;
}

export interface DiffLabels {
  readonly base: string;
  readonly head: string;
}

/** Where to look: "k8s/ns.yaml:6 (its namespace's labels)" or the workload's own line. */
function causeText(cause: ChangeCause, c: (style: 'dim', text: string) => string = (_s, t) => t): string {
  const why = { namespace: " (its namespace's labels)", install: ' (the install)', workload: '', values: " (its chart's values)" }[cause.what];
  return c('dim', `${safeText(cause.filePath)}:${cause.line}${why}`);
}

/** How many workloads each kind of change touches, and the workloads added and removed, in one line: "2 workloads lose their sidecars; 1 added". */
export function headline(diff: MeshDiff): string {
  const count = new Map<ChangeKind, number>();
  for (const w of diff.changed) for (const k of w.changes) count.set(k, (count.get(k) ?? 0) + 1);
  const parts = (Object.keys(CHANGE) as ChangeKind[]).flatMap((k) => {
    const n = count.get(k) ?? 0;
    return n === 0 ? [] : [`${n} ${n === 1 ? `workload ${COUNTED[k][0]}` : `workloads ${COUNTED[k][1]}`}`];
  });
  if (diff.added.length > 0) parts.push(`${diff.added.length} added`);
  if (diff.removed.length > 0) parts.push(`${diff.removed.length} removed`);
  return parts.length > 0 ? parts.join('; ') : 'no workload changes its outcome';
}

/** Workloads one cause changed alike: the same change, the same line to look at, the same states and reasons on both sides. */
interface ChangeGroup {
  readonly workloads: readonly string[];
  /** The first of them: its changes, states and cause stand for all. */
  readonly first: MeshDiff['changed'][number];
}

/** Names listed for a group; the rest are counted. */
const GROUP_NAMES = 10;

/**
 * The changed workloads, those one cause changed alike in one entry (a relabelled namespace
 * that takes forty sidecars is one line, not forty), in the order of their first workload.
 */
function groupChanges(changed: MeshDiff['changed']): ChangeGroup[] {
  const byKey = new Map<string, { workloads: string[]; first: MeshDiff['changed'][number] }>();
  for (const w of changed) {
    const key = [w.cause.filePath, w.cause.line, w.cause.what, w.changes.join(','), stateText(w.base), stateText(w.head), reasonText(w.changes, w.base), reasonText(w.changes, w.head)].join('\u0000');
    const group = byKey.get(key);
    if (group) group.workloads.push(w.workload);
    else byKey.set(key, { workloads: [w.workload], first: w });
  }
  return [...byKey.values()];
}

/** "Deployment shop/web" or "Deployment shop/web, Deployment shop/api and 38 more (40 workloads)". */
function groupNames(workloads: readonly string[]): string {
  if (workloads.length === 1) return workloads[0] ?? '';
  const shown = workloads.slice(0, GROUP_NAMES).join(', ');
  const rest = workloads.length - GROUP_NAMES;
  return `${shown}${rest > 0 ? ` and ${rest} more` : ''} (${workloads.length} workloads)`;
}

export function formatDiffStylish(diff: MeshDiff, labels: DiffLabels, color: boolean): string {
  const c = painter(color);
  const where = (s: WorkloadState): string => c('dim', `${safeText(s.filePath)}:${s.line}`);
  let out = c('bold', `meshlint diff ${safeText(labels.base)} → ${safeText(labels.head)}`) + '\n\n';
  // An edit to what fails and what is assumed leads: review is what stands between it and a pass.
  if (diff.policy && diff.policy.length > 0) {
    out += c('red', `${POLICY_HEADLINE}:`) + '\n';
    for (const p of diff.policy) out += `  ${safeText(p.key)}: ${safeText(p.before)} → ${safeText(p.after)}\n`;
    out += '\n';
  }
  out += c('bold', 'What this change does to the mesh') + `: ${headline(diff)}\n`;
  for (const { workloads, first: w } of groupChanges(diff.changed)) {
    const bad = w.changes.includes('sidecar-lost') || w.changes.includes('sidecar-unknown') || w.changes.includes('calls-reset');
    out += `  ${c(bad ? 'red' : 'yellow', safeText(groupNames(workloads)))}: ${w.changes.map((k) => CHANGE[k]).join(', ')}  ${causeText(w.cause, c)}\n`;
    out += `    before: ${stateText(w.base)}: ${safeText(reasonText(w.changes, w.base))}\n`;
    out += `    after:  ${stateText(w.head)}: ${safeText(reasonText(w.changes, w.head))}\n`;
  }
  for (const a of diff.added) out += `  ${c('green', `+ ${safeText(a.workload)}`)}: added, ${stateText(a.head)}  ${where(a.head)}\n`;
  for (const r of diff.removed) out += `  ${c('red', `- ${safeText(r.workload)}`)}: removed (had ${stateText(r.base)})  ${c('dim', `${safeText(r.base.filePath)}:${r.base.line} in ${safeText(labels.base)}`)}\n`;
  const f = diff.findings;
  out += '\n' + c('bold', `Findings: ${f.new.length} new, ${f.fixed.length} fixed, ${undecidedCount(f)}${f.unchanged} unchanged`) + '\n';
  const line = (sign: string, x: DiffFinding): string =>
    `  ${sign} ${safeText(x.filePath)}:${x.message.line}:${x.message.column}  ${x.message.severity === 2 ? c('red', 'error') : c('yellow', 'warning')}  ${safeText(x.message.message)}  ${c('dim', x.message.ruleId)}\n`;
  for (const x of f.new) out += line(c('red', 'new  '), x);
  for (const x of f.fixed) out += line(c('green', 'fixed'), x);
  for (const x of f.undecided) out += line(c('yellow', 'undecided'), x);
  return out;
}

/** "3 no longer decided, " when there are any: a finding HEAD cannot judge any more is not fixed. */
const undecidedCount = (f: MeshDiff['findings']): string => (f.undecided.length > 0 ? `${f.undecided.length} no longer decided, ` : '');

const findingJson = (x: DiffFinding): Record<string, unknown> => ({
  filePath: x.filePath,
  ruleId: x.message.ruleId,
  severity: x.message.severity,
  message: x.message.message,
  line: x.message.line,
  column: x.message.column,
  ...(x.message.resource !== undefined ? { resource: x.message.resource } : {}),
});

const shown = (s: WorkloadState): Omit<WorkloadState, 'sources' | 'rendered'> => {
  const { sources: _, rendered: __, ...rest } = s;
  return rest;
};

export function formatDiffJson(diff: MeshDiff, labels: DiffLabels, failures: readonly string[]): string {
  return (
    jsonText(
      {
        base: labels.base,
        head: labels.head,
        policy: diff.policy ?? [],
        // What decides each side and how a render is matched (WorkloadState.sources, rendered) serve the comparison; they are not printed.
        workloads: {
          changed: diff.changed.map((w) => ({ ...w, base: shown(w.base), head: shown(w.head) })),
          added: diff.added.map((a) => ({ ...a, head: shown(a.head) })),
          removed: diff.removed.map((r) => ({ ...r, base: shown(r.base) })),
        },
        findings: {
          counts: { new: diff.findings.new.length, fixed: diff.findings.fixed.length, undecided: diff.findings.undecided.length, unchanged: diff.findings.unchanged },
          new: diff.findings.new.map(findingJson),
          fixed: diff.findings.fixed.map(findingJson),
          undecided: diff.findings.undecided.map(findingJson),
        },
        failures,
      },
      2,
    ) + '\n'
  );
}

/** The last line of the text report: why the change fails, or that it passes. */
export function verdictText(failures: readonly string[], failOn: readonly string[]): string {
  if (failures.length > 0) return `\nfails diff.failOn [${failOn.join(', ')}]: ${failures.join('; ')}\n`;
  return `\npasses diff.failOn [${failOn.join(', ')}]\n`;
}

/** At most this many rows per table in Markdown: a job summary or a PR comment has a size limit. */
const MAX_ROWS = 200;

/** The URL of a file's line on one side, when the caller knows where the repository lives (the Action). */
export type DiffLink = (side: 'base' | 'head', filePath: string, line: number) => string | undefined;

/**
 * Markdown for a job summary or a pull-request comment: what the change does to the mesh (a
 * table of the workloads whose outcome changed, then those added and removed), then the new
 * findings. Every value from the inputs is escaped (escapeMarkdown); with `link`, places link
 * to their lines.
 */
export function formatDiffMarkdown(diff: MeshDiff, labels: DiffLabels, failures: readonly string[], failOn: readonly string[], link?: DiffLink): string {
  const e = escapeMarkdown;
  /** "file:line", escaped, as a link to the line when there is one; `extra` after it (escaped already). */
  const at = (side: 'base' | 'head', filePath: string, line: number, text: string): string => {
    const url = link?.(side, filePath, line);
    // A URL with a space, a parenthesis or an angle bracket could end the link early: it is not given.
    return url && !/[\s()<>]/.test(url) ? `[${text}](${url})` : text;
  };
  const where = (side: 'base' | 'head', s: WorkloadState): string => at(side, s.filePath, s.line, `${e(s.filePath)}:${s.line}`);
  let out = '';
  if (diff.policy && diff.policy.length > 0) {
    out += `## ⚠️ ${POLICY_HEADLINE}\n\nReview these before the findings below: they decide what fails and what is assumed.\n\n| Key | Before | After |\n| --- | --- | --- |\n`;
    out += diff.policy.slice(0, MAX_ROWS).map((p) => `| ${e(p.key)} | ${e(p.before)} | ${e(p.after)} |`).join('\n') + '\n\n';
  }
  out += `## What this change does to the mesh

${e(labels.base)} → ${e(labels.head)}: **${e(headline(diff))}**; ${diff.findings.new.length} new ${diff.findings.new.length === 1 ? 'finding' : 'findings'}, ${diff.findings.fixed.length} fixed.

`;
  const rows = [
    ...groupChanges(diff.changed).map(({ workloads, first: w }) => `| ${e(groupNames(workloads))} | ${w.changes.map((k) => CHANGE[k]).join(', ')} | ${e(stateText(w.base))}: ${e(reasonText(w.changes, w.base))} | ${e(stateText(w.head))}: ${e(reasonText(w.changes, w.head))} | ${at('head', w.cause.filePath, w.cause.line, e(causeText(w.cause)))} |`),
    ...diff.added.map((a) => `| ${e(a.workload)} | added | | ${e(stateText(a.head))} | ${where('head', a.head)} |`),
    ...diff.removed.map((r) => `| ${e(r.workload)} | removed | ${e(stateText(r.base))} | | ${where('base', r.base)} in ${e(labels.base)} |`),
  ];
  // With no row, the headline says so.
  if (rows.length > 0) {
    out += '| Workload | Change | Before | After | Where |\n| --- | --- | --- | --- | --- |\n';
    out += rows.slice(0, MAX_ROWS).join('\n') + '\n';
    if (rows.length > MAX_ROWS) out += `\n…and ${rows.length - MAX_ROWS} more (meshlint diff -f json lists them all).\n`;
  }
  const f = diff.findings;
  out += `\n### Findings: ${f.new.length} new, ${f.fixed.length} fixed, ${undecidedCount(f)}${f.unchanged} unchanged\n\n`;
  if (f.new.length > 0) {
    out += '| Where | Level | Rule | Message |\n| --- | --- | --- | --- |\n';
    out += f.new.slice(0, MAX_ROWS).map((x) => `| ${at('head', x.filePath, x.message.line, `${e(x.filePath)}:${x.message.line}:${x.message.column}`)} | ${x.message.severity === 2 ? 'error' : 'warning'} | ${e(x.message.ruleId)} | ${e(x.message.message)} |`).join('\n') + '\n';
    if (f.new.length > MAX_ROWS) out += `\n…and ${f.new.length - MAX_ROWS} more.\n`;
  }
  out += failures.length > 0 ? `\n**Fails diff.failOn [${failOn.join(', ')}]:** ${e(failures.join('; '))}\n` : `\nPasses diff.failOn [${failOn.join(', ')}].\n`;
  return out;
}

/** HEAD's results holding only the new findings: SARIF of a change shows what it adds. */
export function newFindingResults(diff: MeshDiff, head: readonly LintResult[]): LintResult[] {
  const added = new Set(diff.findings.new.map((x) => x.message));
  return head.flatMap((r) => {
    const messages = r.messages.filter((m) => added.has(m));
    if (messages.length === 0) return [];
    const errorCount = messages.filter((m) => m.severity === 2).length;
    return [{ ...r, messages, errorCount, warningCount: messages.length - errorCount, fixableErrorCount: 0, fixableWarningCount: 0 }];
  });
}
