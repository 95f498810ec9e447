// Finds, in a Helm template's source, the line a rendered key came from. Templates are not
// YAML (`{{ … }}` anywhere), so this reads them as lines: indentation gives each key line its
// chain of parent keys, which is compared with the path of the rendered key.
import type { Path, Range } from '../common/types.ts';

/** How sure the position is: the rendered line itself, its key, a parent key, or only the file. */
export type TemplatePrecision = 'line' | 'key' | 'ancestor' | 'file';

export interface TemplateHit {
  readonly range: Range;
  readonly precision: TemplatePrecision;
  /** The key the position names, for 'ancestor' hits. */
  readonly key?: string;
  /** The reported key is written more than once (in branches, say), and the render does not say which. */
  readonly ambiguous: boolean;
}

export interface RenderedSpot {
  /** The object's kind, to pick the template's section (`---`) that renders it. */
  readonly kind: string | undefined;
  /** Path of the reported node inside its document; undefined for whole-document findings. */
  readonly path: Path | undefined;
  /** The rendered line the finding starts on, and its 1-based column. */
  readonly lineText: string;
  readonly column: number;
}

interface KeyLine {
  readonly index: number; // 0-based line number
  readonly indent: number; // column of the key
  readonly key: string;
  /** Columns where a `- ` item marker opens on this line (a key after it belongs to the item). */
  readonly dashes: readonly number[];
}

const TEMPLATE_ONLY = /^\{\{.*\}\}$/;
const KEY_LINE = /^((?:-\s+)*)(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{][^:#]*?|[^\s#'"{]))\s*:(?:\s|$)/;

/** The 1-based position in `template` of the rendered spot, and how it was found. */
export function locateInTemplate(template: string, spot: RenderedSpot): TemplateHit {
  const lines = template.split(/\r?\n/);
  const scope = sectionLines(lines, spot.kind);
  const keyPath = (spot.path ?? []).filter((p): p is string => typeof p === 'string');

  const keyLines = scope.flatMap((i) => {
    const k = parseKeyLine(lines[i] ?? '', i);
    return k ? [k] : [];
  });
  const last = keyPath[keyPath.length - 1];

  // 1. The rendered line, written literally once in the template; if it holds a key, the
  //    path's key, under the path's parent (`app: web` is in more than one labels block).
  const wanted = spot.lineText.trim();
  if (wanted.length >= 3 && !TEMPLATE_ONLY.test(wanted)) {
    const same = scope.filter((i) => lines[i]?.trim() === wanted);
    const renderedKey = parseKeyLine(spot.lineText, 0)?.key;
    const i = same.length === 1 ? (same[0] as number) : -1;
    const asKey = keyLines.find((k) => k.index === i);
    const fits =
      renderedKey === undefined || last === undefined || !spot.path?.length ||
      (renderedKey === last && (!asKey || chainFits(keyLines, asKey, keyPath)));
    if (i >= 0 && fits) {
      const text = lines[i] ?? '';
      const indent = text.length - text.trimStart().length;
      const renderedIndent = spot.lineText.length - spot.lineText.trimStart().length;
      const column = Math.min(Math.max(indent + 1, indent + (spot.column - renderedIndent)), text.trimEnd().length + 1);
      return { range: { line: i + 1, column, endLine: i + 1, endColumn: text.trimEnd().length + 1 }, precision: 'line', ambiguous: false };
    }
  }

  // 2. The key, then each parent key in turn, whose chain of parents matches the path.
  const ambiguous = last !== undefined && keyLines.filter((k) => k.key === last).length > 1;
  for (let depth = keyPath.length; depth >= 1; depth--) {
    // A top-level key ("spec") says too little about a deep path to be worth pointing at.
    if (depth === 1 && keyPath.length > 2) break;
    const hit = uniqueKeyLine(keyLines, keyPath.slice(0, depth));
    if (hit) {
      const text = lines[hit.index] ?? '';
      const range = { line: hit.index + 1, column: hit.indent + 1, endLine: hit.index + 1, endColumn: text.trimEnd().length + 1 };
      return depth === keyPath.length ? { range, precision: 'key', ambiguous: false } : { range, precision: 'ancestor', key: hit.key, ambiguous };
    }
  }
  return { range: { line: 1, column: 1, endLine: 1, endColumn: 1 }, precision: 'file', ambiguous };
}

/** Line numbers of the `---` sections that write `kind: <kind>` literally; all lines when none or unknown. */
function sectionLines(lines: readonly string[], kind: string | undefined): number[] {
  const all = lines.map((_, i) => i);
  if (!kind) return all;
  const sections: number[][] = [[]];
  for (let i = 0; i < lines.length; i++) {
    if (/^---(\s|$)/.test(lines[i] ?? '')) sections.push([]);
    else sections[sections.length - 1]?.push(i);
  }
  // `kind: <kind>`, plain or quoted, then spaces and an optional comment. Compared as text: the
  // kind comes from the input, and a pattern made of it would be compiled from input.
  const isKindLine = (line: string): boolean => {
    if (!line.startsWith('kind:')) return false;
    let i = 'kind:'.length;
    while (i < line.length && /\s/.test(line[i] as string)) i++;
    const endsAt = (at: number): boolean => {
      let j = at;
      if (line[j] === '"' || line[j] === "'") j++;
      while (j < line.length && /\s/.test(line[j] as string)) j++;
      return j === line.length || (line[j] === '#' && !/[\n\r\u2028\u2029]/.test(line.slice(j)));
    };
    if (line.startsWith(kind, i) && endsAt(i + kind.length)) return true;
    return (line[i] === '"' || line[i] === "'") && line.startsWith(kind, i + 1) && endsAt(i + 1 + kind.length);
  };
  const matching = sections.filter((s) => s.some((i) => isKindLine(lines[i] ?? '')));
  return matching.length > 0 ? matching.flat() : all;
}

function parseKeyLine(text: string, index: number): KeyLine | undefined {
  const body = text.trimStart();
  if (body === '' || body.startsWith('#') || body.startsWith('{{')) return undefined;
  const m = KEY_LINE.exec(body);
  if (!m) return undefined;
  const lead = text.length - body.length;
  const dashes: number[] = [];
  let col = lead;
  for (const d of (m[1] ?? '').matchAll(/-\s+/g)) {
    dashes.push(col);
    col += d[0].length;
  }
  const key = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3] !== undefined ? m[3].replace(/''/g, "'") : (m[4] ?? '').trim();
  return { index, indent: lead + (m[1]?.length ?? 0), key, dashes };
}

/**
 * The one key line whose key is the path's last key and whose parents, read by indentation,
 * match the path's best. A match must reach the key's parent (or the key must be the only one
 * of its name), so a common key such as `name:` is never taken from the wrong block.
 */
function uniqueKeyLine(keyLines: readonly KeyLine[], keys: readonly string[]): KeyLine | undefined {
  const last = keys[keys.length - 1];
  const candidates = keyLines.filter((k) => k.key === last && chainFits(keyLines, k, keys));
  if (candidates.length === 0) return undefined;
  const scored = candidates.map((c) => ({ c, score: chainScore(keyLines, c, keys) }));
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  if (top.length !== 1) return undefined;
  if (best < Math.min(2, keys.length) && candidates.length > 1) return undefined;
  return top[0]?.c;
}

/** The line's parent of the next level up, by indentation. */
function parentOf(keyLines: readonly KeyLine[], pos: number): number {
  const line = keyLines[pos] as KeyLine;
  const viaDash = line.dashes.length > 0;
  const indent = viaDash ? (line.dashes[0] as number) : line.indent;
  for (let p = pos - 1; p >= 0; p--) {
    const above = keyLines[p] as KeyLine;
    if (above.indent < indent || (viaDash && above.indent === indent && above.dashes.length === 0)) return p;
  }
  return -1;
}

/**
 * Whether the line's written parents fit the path (which starts at the document's root): no
 * different parent key, no top of the document reached while the path goes higher, no parent
 * above the path's first key. Parents the template does not write (an `include` around the
 * block) contradict nothing.
 */
function chainFits(keyLines: readonly KeyLine[], line: KeyLine, keys: readonly string[]): boolean {
  let pos = keyLines.indexOf(line);
  let current = line;
  for (let k = keys.length - 2; k >= 0; k--) {
    pos = parentOf(keyLines, pos);
    // No written parent: a contradiction only at the top of the document.
    if (pos < 0) return current.indent > 0;
    current = keyLines[pos] as KeyLine;
    if (current.key !== keys[k]) return false;
  }
  // The path starts at the document's root: nothing written may sit above its first key.
  return parentOf(keyLines, pos) < 0;
}

/** How many of the path's keys, from the last one up, the line's parents match. */
function chainScore(keyLines: readonly KeyLine[], line: KeyLine, keys: readonly string[]): number {
  let score = 1;
  let pos = keyLines.indexOf(line);
  for (let k = keys.length - 2; k >= 0; k--) {
    pos = parentOf(keyLines, pos);
    if (pos < 0 || keyLines[pos]?.key !== keys[k]) break;
    score++;
  }
  return score;
}
