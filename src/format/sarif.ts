// SARIF 2.1.0 for GitHub code scanning: every rule with its help, results with a
// repo-relative location and a fingerprint that survives unrelated line moves.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Note } from '../engine/notes.ts';
import { coverageJson, type Coverage } from '../engine/coverage.ts';
import type { MeshlintRule } from '../engine/rule-api.ts';
import { HOMEPAGE, TOOL_NAME, VERSION } from '../common/meta.ts';
import type { LintMessage, LintResult } from '../common/types.ts';
import { jsonText } from '../common/text.ts';
import { lineHashes } from '../common/fingerprint.ts';

export interface SarifOptions {
  readonly rules: readonly MeshlintRule[];
  /** Rule id → its Markdown documentation. */
  readonly docs: ReadonlyMap<string, string>;
  /** Levels in force (rule id → "error" | "warning" | "none"). */
  readonly levels: ReadonlyMap<string, 'error' | 'warning' | 'none'>;
  /** Distinguishes several runs (several charts) so their alerts do not replace each other. */
  readonly automationId?: string;
  /** Where the displayed paths are relative to, and the repository root (%SRCROOT%) URIs are made relative to. */
  readonly cwd?: string;
  readonly srcRoot?: string;
  /** The run's notes: invocation-level notifications. */
  readonly notes?: readonly Note[];
  /** How much the run judged: the run's `properties.coverage`. */
  readonly coverage?: Coverage;
  /**
   * Describe every rule, each with its whole page as help (`--sarif-all-rules`). Otherwise only
   * the rules that have results are described, with their summary and a link to their page:
   * the file is sized to its findings, not to the rule set.
   */
  readonly allRules?: boolean;
}

/** A lone surrogate (no file system yields one, but a name passed in could) would make encodeURIComponent throw. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes each path segment: spaces, `%`, `#`, `?`, `:`, controls and non-ASCII must not break the URI. */
export function toUri(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(seg.replace(LONE_SURROGATE, '\ufffd')))
    .join('/');
}

/** Markdown → plain text for `help.text`: drop fences and emphasis marks, keep the words. */
function markdownToText(md: string): string {
  return md
    .replace(/```[a-z]*\n?/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .replace(/^#+\s*/gm, '')
    .trim();
}

const pascal = (id: string): string => id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase());

function ruleDescriptor(rule: MeshlintRule, doc: string | undefined, level: 'error' | 'warning' | 'none', whole: boolean): ReportingDescriptor {
  const d = rule.meta.docs;
  const full = doc ? (doc.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith('#')) ?? d.description).replace(/\s+/g, ' ').trim() : d.description;
  // The page's link stands for the page, unless the whole page is asked for.
  const url = d.url ?? `${HOMEPAGE}#rules`;
  const help = whole && doc ? { text: markdownToText(doc), markdown: doc } : { text: `${full} See ${url}`, markdown: `${full} See [the rule's page](${url}).` };
  return {
    id: rule.name,
    name: pascal(rule.name),
    shortDescription: { text: d.description.replace(/`/g, '') },
    fullDescription: { text: markdownToText(full) },
    help,
    helpUri: d.url ?? `${HOMEPAGE}#rules`,
    defaultConfiguration: { level },
    properties: {
      tags: [TOOL_NAME, d.category, ...(rule.meta.type === 'problem' ? ['correctness'] : ['maintainability'])],
      precision: d.precision,
      'problem.severity': level === 'error' ? 'error' : level === 'warning' ? 'warning' : 'recommendation',
    },
  };
}

/**
 * A report's file as an artifact location. Relative to the repository root (%SRCROOT%),
 * also for a file outside it ("../x.yaml" from the root: the report's own path is relative
 * to the working directory, which need not be the root). Only a path no relative reference
 * reaches (another Windows drive) becomes an absolute file URI, without a base.
 */
export function artifactLocation(filePath: string, opts: Pick<SarifOptions, 'cwd' | 'srcRoot'>): { uri: string; uriBaseId?: string } {
  if (opts.cwd === undefined || opts.srcRoot === undefined) return { uri: toUri(filePath), uriBaseId: '%SRCROOT%' };
  const abs = resolve(opts.cwd, filePath);
  const rel = relative(opts.srcRoot, abs);
  if (isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: toUri(rel.split(sep).join('/')), uriBaseId: '%SRCROOT%' };
}

export function formatSarif(results: readonly LintResult[], opts: SarifOptions): string {
  const used = new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)));
  const described = opts.allRules ? opts.rules : opts.rules.filter((r) => used.has(r.name));
  const ruleIndex = new Map(described.map((r, i) => [r.name, i]));
  const sarifResults: Result[] = [];
  for (const r of results) {
    const artifact = artifactLocation(r.filePath, opts);
    const { uri } = artifact;
    const hashes = lineHashes(uri, r.messages);
    for (const [i, m] of r.messages.entries()) {
      const where = (m.helmSource ? ` (rendered from ${m.helmSource})` : '') + (m.renders?.length ? ` (in renders: ${m.renders.join('; ')})` : '');
      const result: Result = {
        ruleId: m.ruleId,
        level: m.severity === 2 ? 'error' : 'warning',
        message: { text: m.message + where },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifact,
              region: { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn },
            },
            ...(m.resource ? { logicalLocations: [{ fullyQualifiedName: m.resource, kind: 'resource' }] } : {}),
          },
        ],
        partialFingerprints: { primaryLocationLineHash: hashes[i] ?? '' },
        ...(m.related?.length
          ? {
              relatedLocations: m.related.map((rel, id) => ({
                id,
                message: { text: rel.message },
                physicalLocation: {
                  artifactLocation: artifactLocation(rel.filePath, opts),
                  region: { startLine: rel.line, startColumn: rel.column, endLine: rel.endLine, endColumn: rel.endColumn },
                },
              })),
            }
          : {}),
        ...(m.helmSource || m.renders ? { properties: { ...(m.helmSource ? { helmSource: m.helmSource } : {}), ...(m.renders ? { renders: m.renders } : {}) } } : {}),
      };
      const idx = ruleIndex.get(m.ruleId);
      if (idx !== undefined) result.ruleIndex = idx;
      sarifResults.push(result);
    }
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            semanticVersion: VERSION,
            version: VERSION,
            informationUri: HOMEPAGE,
            rules: described.map((rule) => ruleDescriptor(rule, opts.docs.get(rule.name), opts.levels.get(rule.name) ?? 'warning', opts.allRules === true)),
          },
        },
        ...(opts.automationId ? { automationDetails: { id: opts.automationId } } : {}),
        // What the run says once (facts it could not decide, settings it was told): notes of
        // the invocation, not results, so code scanning shows them beside the alerts, not as alerts.
        invocations: [
          {
            executionSuccessful: true,
            ...(opts.notes?.length
              ? { toolExecutionNotifications: opts.notes.map((n) => ({ level: 'note' as const, message: { text: n.message }, descriptor: { id: n.id } })) }
              : {}),
          },
        ],
        columnKind: 'utf16CodeUnits',
        ...(opts.coverage ? { properties: { coverage: coverageJson(opts.coverage) } } : {}),
        results: sarifResults,
      },
    ],
  };
  return jsonText(log, 2);
}
