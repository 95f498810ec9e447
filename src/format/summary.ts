// The job summary of the GitHub Action, in GitHub-flavoured Markdown: counts by rule, then
// every finding with a link to its file and line, the first screen open and the rest in a
// collapsed <details> block. Text from the linted files is escaped, so
// a manifest cannot inject Markdown, HTML or links into the page.
import { DOCS_URL, TOOL_NAME } from '../common/meta.ts';
import type { Note } from '../engine/notes.ts';
import { coverageLine, type Coverage } from '../engine/coverage.ts';
import type { LintResult } from '../common/types.ts';
import { findingContext, plural } from '../common/text.ts';
import { toUri } from './sarif.ts';

export interface SummaryOptions {
  /** The path relative to the repository root, for display and links. */
  readonly pathOf: (filePath: string) => string;
  /** `https://github.com/owner/repo/blob/<sha>/`, when known: file and line become links. */
  readonly blobUrl?: string;
  /** Findings shown open; the rest are listed inside a collapsed <details> block. */
  readonly openFindings: number;
  /** The size the whole summary keeps under (GitHub takes 1 MiB per step): rows that do not fit are counted. */
  readonly maxBytes?: number;
  /** How many annotations of each severity were written, to say where the others are. */
  readonly annotated?: { readonly errors: number; readonly warnings: number };
  /** What was linted, in the user's words ("k8s/", "chart charts/shop"). */
  readonly scope?: string;
  /** The SARIF file written, if any. */
  readonly sarifFile?: string;
  readonly files: number;
  /** The run's notes: what it could not decide and which fact to state. */
  readonly notes?: readonly Note[];
  /** How much the run judged: said under the count. */
  readonly coverage?: Coverage;
}

/** One line per note of the run, under the findings. */
export function notesSection(notes: readonly Note[] | undefined): string {
  if (!notes?.length) return '';
  return `\n**Notes**\n\n${notes.map((n) => `- ${escapeMarkdown(n.message)}`).join('\n')}\n`;
}

/** Markdown-inert text: table cells, no HTML, no emphasis, no links, one line. */
export function escapeMarkdown(s: string): string {
  return s
    // Controls, and the bidi characters that would reorder the rendered page, become a space.
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+!|~])/g, '\\$1');
}

export function formatSummary(results: readonly LintResult[], opts: SummaryOptions): string {
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  const scope = opts.scope ? ` (${escapeMarkdown(opts.scope)})` : '';
  let md = `## ${TOOL_NAME}${scope}\n\n`;
  const judged = opts.coverage ? coverageLine(opts.coverage) : undefined;
  const coverage = judged ? `${escapeMarkdown(judged.charAt(0).toUpperCase() + judged.slice(1))}.\n` : '';
  if (errors + warnings === 0) {
    return `${md}No problems found in ${plural(opts.files, 'file')}.\n${coverage ? `\n${coverage}` : ''}${notesSection(opts.notes)}`;
  }
  md += `**${plural(errors, 'error')}, ${plural(warnings, 'warning')}** in ${plural(opts.files, 'file')} linted.\n\n${coverage ? `${coverage}\n` : ''}`;

  const byRule = new Map<string, { errors: number; warnings: number }>();
  for (const r of results) {
    for (const m of r.messages) {
      const row = byRule.get(m.ruleId) ?? { errors: 0, warnings: 0 };
      if (m.severity === 2) row.errors++;
      else row.warnings++;
      byRule.set(m.ruleId, row);
    }
  }
  md += '| Rule | Errors | Warnings |\n| --- | ---: | ---: |\n';
  const rows = [...byRule].sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings || (a[0] < b[0] ? -1 : 1));
  for (const [id, n] of rows) md += `| [${escapeMarkdown(id)}](${DOCS_URL}/${encodeURIComponent(id)}.md) | ${n.errors} | ${n.warnings} |\n`;

  // Errors first, then warnings, each in report order: all of them, the first screen open.
  const all = results.flatMap((r) => r.messages.map((m) => ({ path: opts.pathOf(r.filePath), m })));
  const ordered = [...all.filter((x) => x.m.severity === 2), ...all.filter((x) => x.m.severity !== 2)];
  const header = '| | Where | Rule | Problem |\n| --- | --- | --- | --- |\n';
  const row = ({ path, m }: (typeof ordered)[number]): string => {
    const where = `${escapeMarkdown(path)}:${m.line}`;
    // A parenthesis (which a URI component keeps) would end the link early: encoded too.
    const link = opts.blobUrl ? `[${where}](${`${opts.blobUrl}${toUri(path)}#L${m.line}`.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))})` : where;
    const context = findingContext(m);
    const problem = escapeMarkdown(m.message) + (context ? `<br>${escapeMarkdown(context)}` : '');
    return `| ${m.severity === 2 ? 'error' : 'warning'} | ${link} | ${escapeMarkdown(m.ruleId)} | ${problem} |\n`;
  };
  // Room for the headings, the notes and the count of what did not fit.
  let budget = (opts.maxBytes ?? Infinity) - Buffer.byteLength(md) - 4096;
  const fits = (text: string): boolean => (budget -= Buffer.byteLength(text)) >= 0;
  const listed: string[] = [];
  for (const f of ordered) {
    const r = row(f);
    if (!fits(r)) break;
    listed.push(r);
  }
  const hidden = listed.slice(opts.openFindings);
  md += `\n### Findings\n\n${header}${listed.slice(0, opts.openFindings).join('')}`;
  // A blank line after <summary> and before </details>: GitHub renders the table inside.
  if (hidden.length) md += `\n<details><summary>${plural(hidden.length, 'more finding')}</summary>\n\n${header}${hidden.join('')}\n</details>\n`;
  const unlisted = ordered.length - listed.length;
  if (unlisted) md += `\n${unlisted} more ${unlisted === 1 ? 'finding does' : 'findings do'} not fit in the job summary (GitHub takes 1 MiB per step).\n`;
  const notes: string[] = [];
  if (opts.annotated && opts.annotated.errors + opts.annotated.warnings < errors + warnings) {
    notes.push(`GitHub shows at most 10 error and 10 warning annotations per step: ${opts.annotated.errors + opts.annotated.warnings} of ${errors + warnings} findings are annotated on the files.`);
  }
  // In a code span nothing is interpreted: only backticks and line breaks need to go.
  if (opts.sarifFile) notes.push(`Every finding is in \`${opts.sarifFile.replace(/[`\u0000-\u001f]/g, '')}\` (SARIF), for code scanning.`);
  if (notes.length) md += `\n${notes.join(' ')}\n`;
  return md + notesSection(opts.notes);
}
