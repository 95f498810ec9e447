// Detects Helm (Go template) sources that were not rendered: `{{ … }}` outside quoted
// strings, block scalars and comments. Such text may still parse as YAML
// (`replicas: {{ .Values.n }}` is a flow mapping), so it must be caught before linting.

import { findClosingQuote, opensAfter } from '../parse/quotes.ts';

const BLOCK_SCALAR_START = /(?:^|[:\-?]\s*)[|>][-+0-9]*\s*$/;

/** Offset of the first template action outside strings, block scalars and comments, or undefined. */
export function findUnrenderedTemplate(text: string): number | undefined {
  const last = text.lastIndexOf('{{');
  if (last === -1) return undefined;
  let blockIndent = -1; // indentation of the line that opened a block scalar; -1 = not in one
  let offset = 0;
  while (offset <= last) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(offset, end);
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === '';
    if (blockIndent >= 0) {
      if (blank || indent > blockIndent) {
        offset = end + 1;
        continue;
      }
      blockIndent = -1;
    }
    // Most lines hold no quote, comment or block indicator: they are read as they are.
    const code = /["'#]/.test(line) ? stripStringsAndComment(line) : line;
    const at = templateAction(code);
    if (at !== -1) return offset + at;
    if (/[|>]/.test(code) && BLOCK_SCALAR_START.test(code.trimEnd())) blockIndent = indent;
    if (nl === -1) break;
    offset = end + 1;
  }
  return undefined;
}

/**
 * The first `{{` of a line that opens a template action; `${{ … }}` is a GitHub Actions
 * (or Argo Workflows) expression, data in a workflow file, not Helm.
 */
function templateAction(code: string): number {
  for (let at = code.indexOf('{{'); at !== -1; at = code.indexOf('{{', at + 2)) {
    if (code[at - 1] !== '$') return at;
  }
  return -1;
}

/** Blanks out quoted strings (keeping offsets) and drops a trailing comment. */
function stripStringsAndComment(line: string): string {
  let out = '';
  // The last character kept that is not blank: blanked strings do not count (linear per line).
  let prev = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if ((c === '"' || c === "'") && opensAfter(prev)) {
      const close = findClosingQuote(line, i, c);
      if (close === -1) return out; // a string continues on the next line: nothing after it counts
      out += ' '.repeat(close - i + 1);
      i = close;
      continue;
    }
    if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) return out;
    out += c;
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}

/** Does the document at [start, end) of a file contain template syntax outside strings? */
export function isTemplatedDocument(text: string, start: number, end: number): boolean {
  return findUnrenderedTemplate(text.slice(start, end)) !== undefined;
}

/** The template engine a document's syntax points to, by what its first action holds. */
export type TemplateEngine = 'Helm' | 'Go' | 'Jinja' | 'Argo' | 'placeholder';

/** A line holding nothing but a substitution marker: `    __ARCHITECTURE_LABELS__`. */
const MARKER_LINE = /^([ \t]*)__[A-Z][A-Z0-9_]*__[ \t]*$/m;

export interface TemplateDocument {
  /** Offset, in the document's text, of the first template action outside strings. */
  readonly at: number;
  readonly engine: TemplateEngine;
  /** The document looks like a Kubernetes object (`apiVersion:` and `kind:` at its top level). */
  readonly kubernetes: boolean;
  /** Its apiVersion's group as written, when one is. */
  readonly group: string | undefined;
}

/** Jinja statements and comments, at the start of a line or after a key. */
const JINJA_TAG = /(^|[\s:\-[{,])\{[%#]/m;
/** Argo Workflows and Argo Rollouts substitute these at run time, inside strings only. */
const ARGO_ROOTS = new Set(['inputs', 'outputs', 'workflow', 'steps', 'tasks', 'item', 'args', 'pod', 'metrics', 'retries', 'lastRetry', 'node', 'cronworkflow']);
const GO_KEYWORDS = /^(?:if|else|end|range|with|define|template|block|include|toYaml|toJson|tpl|printf|print|required|default|quote|nindent|indent|trim|lookup|fail|not|and|or|eq|ne|len|index)\b/;
const HELM_HINT = /\.(?:Values|Release|Chart|Capabilities|Files|Template)\b|\binclude\b|\btoYaml\b|\bnindent\b|\btpl\b/;

/** The engine of a template action `{{ … }}` (its text after the braces), in the context of its document. */
function engineOf(action: string, docText: string): TemplateEngine {
  const body = action.replace(/^-?\s*/, '');
  const root = /^[A-Za-z_][\w]*/.exec(body)?.[0];
  if (body.startsWith('.') || body.startsWith('$') || body.startsWith('/*') || GO_KEYWORDS.test(body)) return HELM_HINT.test(docText) ? 'Helm' : 'Go';
  if (root !== undefined && ARGO_ROOTS.has(root) && /^[A-Za-z_]\w*(?:\.[\w-]+)*\s*$/.test(body.replace(/\s*}}.*$/s, ''))) return 'Argo';
  if (/^[A-Z0-9_:-]+\s*$/.test(body.replace(/\s*}}.*$/s, '')) || /^REPLACE/.test(body)) return 'placeholder';
  return 'Jinja';
}

/**
 * Template syntax in a document that YAML cannot take as it stands (a Helm action where a
 * value or key starts, a Jinja `{% if %}`): what the document is, for the one warning per
 * folder of templates. Undefined when the document holds no such syntax; text inside quoted
 * strings, block scalars and comments is data, never a template.
 */
export function templateIn(docText: string): TemplateDocument | undefined {
  const action = findUnrenderedTemplate(docText);
  const jinja = JINJA_TAG.exec(docText);
  const jinjaAt = jinja ? jinja.index + (jinja[1] as string).length : undefined;
  // A line that is only a marker a build script replaces (`__LABELS__`, sed's or make's): YAML
  // cannot take it where a key is expected, and nothing but a substitution would write it.
  const marker = action === undefined && jinjaAt === undefined ? MARKER_LINE.exec(docText) : null;
  if (action === undefined && jinjaAt === undefined && !marker) return undefined;
  const at = marker ? marker.index + (marker[1] as string).length : Math.min(action ?? Infinity, jinjaAt ?? Infinity);
  const engine: TemplateEngine = marker ? 'placeholder' : jinjaAt !== undefined ? 'Jinja' : engineOf(docText.slice((action as number) + 2, (action as number) + 202), docText);
  const apiVersion = /^apiVersion:[ \t]*["']?([^\s"'#]+)/m.exec(docText)?.[1];
  const kind = /^kind:[ \t]*["']?[A-Za-z]/m.test(docText);
  const group = apiVersion?.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : apiVersion === undefined ? undefined : '';
  return { at, engine, kubernetes: apiVersion !== undefined && kind, group };
}

/**
 * API groups of tool configurations written in Kubernetes' shape but never applied to a
 * cluster (kind's cluster config, kubelet and component configs, k3d, kpt): a template of
 * one is not a manifest, so it is skipped, not reported.
 */
export const TOOL_CONFIG_GROUPS: ReadonlySet<string> = new Set([
  'kind.x-k8s.io', 'kubelet.config.k8s.io', 'kubeproxy.config.k8s.io', 'apiserver.config.k8s.io',
  'apiserver.k8s.io', 'audit.k8s.io', 'kubescheduler.config.k8s.io', 'controllermanager.config.k8s.io', 'k3d.io',
  'kpt.dev', 'config.kubernetes.io', 'ctlptl.dev', 'skaffold', 'skaffold.dev', 'kustomize.config.k8s.io',
]);
