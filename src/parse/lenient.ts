// go-yaml (and so kubectl) accepts quoted scalars whose continuation lines are not indented
// past their key, and its own encoder writes them that way (`kubectl get -o yaml` with long
// messages). The `yaml` package follows the spec and rejects them. For a document that fails,
// the continuation lines are re-indented and the document parsed again; node ranges are then
// mapped back to the original text so positions and fixes stay exact.
import { isNode, parseDocument, visit, type Document, type Node as YamlNode } from 'yaml';
import { findClosingQuote, quoteOpensScalar } from './quotes.ts';
import { STRUCTURE_OPTIONS, YAML_OPTIONS } from './yaml-options.ts';

export interface Insertion {
  /** Offset in the original text where spaces were inserted. */
  readonly at: number;
  readonly count: number;
}

/** Re-indents under-indented continuation lines of multi-line quoted scalars; undefined when none. */
export function repairQuotedContinuations(text: string): { text: string; insertions: Insertion[] } | undefined {
  const insertions: Insertion[] = [];
  let out = '';
  let pos = 0;
  let open: { quote: string; indent: number } | undefined;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    const indent = line.length - line.trimStart().length;
    // The column a continuation line must pass: the key's, after any `- ` sequence markers.
    const keyColumn = indent + (/^(?:-\s+)*/.exec(line.slice(indent))?.[0].length ?? 0);
    let scanFrom = 0;
    if (open) {
      if (line.trim() !== '' && indent <= open.indent) {
        const count = open.indent + 1 - indent;
        insertions.push({ at: pos, count });
        out += ' '.repeat(count);
      }
      const close = findClosingQuote(line, -1, open.quote);
      if (close === -1) {
        out += line + (nl === -1 ? '' : '\n');
        pos = end + 1;
        if (nl === -1) break;
        continue;
      }
      open = undefined;
      scanFrom = close + 1;
    }
    open = unclosedQuote(line, scanFrom, keyColumn);
    out += line + (nl === -1 ? '' : '\n');
    if (nl === -1) break;
    pos = end + 1;
  }
  return insertions.length ? { text: out, insertions } : undefined;
}

/** A quote that opens a scalar on this line and does not close on it. */
function unclosedQuote(line: string, from: number, indent: number): { quote: string; indent: number } | undefined {
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '#' && (i === 0 || line[i - 1] === ' ')) return undefined;
    if (c !== '"' && c !== "'") continue;
    if (!quoteOpensScalar(line, i)) continue;
    const close = findClosingQuote(line, i, c);
    if (close === -1) return { quote: c, indent };
    i = close;
  }
  return undefined;
}

/** Maps an offset in the repaired text back to the original text. */
export function toOriginal(offset: number, insertions: readonly Insertion[]): number {
  let shift = 0;
  for (const ins of insertions) {
    if (ins.at + shift >= offset) break;
    shift += ins.count;
  }
  return offset - shift;
}

function remap(doc: Document.Parsed, insertions: readonly Insertion[]): void {
  const done = new Set<unknown>();
  const fix = (n: unknown): void => {
    if (isNode(n) && n.range && !done.has(n.range)) {
      done.add(n.range);
      const r = n.range as unknown as number[];
      for (let i = 0; i < r.length; i++) r[i] = toOriginal(r[i] ?? 0, insertions);
    }
  };
  fix(doc.contents);
  visit(doc, { Node: (_, node) => fix(node) });
  const r = doc.range as unknown as number[];
  for (let i = 0; i < r.length; i++) r[i] = toOriginal(r[i] ?? 0, insertions);
}

/** Parses a document the way go-yaml does: strictly first, then with the lenient repair. */
export function parseLenient(text: string, options: typeof YAML_OPTIONS | typeof STRUCTURE_OPTIONS = YAML_OPTIONS): Document.Parsed {
  const doc = parseDocument(text, options);
  if (doc.errors.length === 0) return doc;
  const repaired = repairQuotedContinuations(text);
  if (!repaired) return doc;
  const again = parseDocument(repaired.text, options);
  if (again.errors.length > 0) return doc;
  remap(again, repaired.insertions);
  return again;
}

export type { YamlNode };
