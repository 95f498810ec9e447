// Path edits (set, insert, remove) → text edits that keep comments and formatting.
import { isMap, isScalar, type Node as YamlNode } from 'yaml';
import type { Locator, Resolved } from '../parse/locator.ts';
import { lineEnd } from '../parse/locator.ts';
import type { ParsedDocument, PathEdit, TextEdit } from '../common/types.ts';
import { exactText } from '../common/masked-text.ts';

/** Renders a scalar for YAML: strings double-quoted unless plain is asked for and safe. */
export function renderScalar(value: string | number | boolean, style: 'double' | 'plain' = 'double'): string {
  if (typeof value !== 'string') return String(value);
  if (style === 'plain' && /^[A-Za-z_/][\w./-]*$/.test(value) && !/^(y|yes|n|no|true|false|on|off|null|~)$/i.test(value)) return value;
  return JSON.stringify(value);
}

const LONE_CR = /\r(?!\n)/;

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Converts one path edit; undefined when it cannot be applied safely (e.g. the path is gone or in flow style). */
export function toTextEdits(locator: Locator, doc: ParsedDocument, edit: PathEdit): TextEdit[] | undefined {
  const text = doc.file.text;
  // Removals and insertions find and write LF lines: where a lone CR ends the lines they would land at the wrong place.
  if ((edit.op === 'remove' || edit.op === 'insert') && LONE_CR.test(text.slice(doc.startOffset, doc.endOffset))) return undefined;
  // An entry appended to a block mapping is placed from the events where they tell (the syntax tree costs several parses).
  if (edit.op === 'insert') return insertEdit(text, edit, locator.mappingEnds(doc, edit.path) ?? treeEnds(locator.resolve(doc, edit.path)));
  const r = locator.resolve(doc, edit.path);
  switch (edit.op) {
    case 'set': {
      if (!r.complete || !isScalar(r.node) || !r.node.range) return undefined;
      const [s, e] = r.node.range;
      return [{ offset: r.base + s, endOffset: r.base + e, text: renderScalar(edit.value, edit.style) }];
    }
    case 'quote': {
      // Keeps the scalar exactly as written (`yes` stays "yes", `0755` stays "0755").
      if (!r.complete || !isScalar(r.node) || !r.node.range || r.node.type !== 'PLAIN') return undefined;
      const [s, e] = r.node.range;
      const source = exactText(doc.file, r.base + s, r.base + e);
      return [{ offset: r.base + s, endOffset: r.base + e, text: JSON.stringify(source) }];
    }
    case 'rename': {
      if (!r.complete || !r.pair) return undefined;
      const key = r.pair.key as YamlNode | null;
      if (!isScalar(key) || !key.range) return undefined;
      return [{ offset: r.base + key.range[0], endOffset: r.base + key.range[1], text: renderScalar(edit.key, 'plain') }];
    }
    case 'remove': {
      if (!r.complete || !r.pair) return undefined;
      const key = r.pair.key as YamlNode | null;
      if (!key?.range || (isMap(r.parent) && r.parent.flow)) return undefined;
      const start = lineStart(text, r.base + key.range[0]);
      // Only whole lines: the key must start its line.
      if (text.slice(start, r.base + key.range[0]).trim() !== '') return undefined;
      const valueEnd = r.base + ((r.node as YamlNode | null)?.range?.[2] ?? key.range[2]);
      let end = lineEnd(text, Math.max(valueEnd - 1, start));
      end = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end) + 1;
      // A map left empty would become `labels:` (null): keep it an empty map instead.
      if (isMap(r.parent) && r.parent.items.length === 1) {
        const parentRes = locator.resolve(doc, edit.path.slice(0, -1));
        const pk = parentRes.pair?.key as YamlNode | null | undefined;
        if (pk?.range) {
          const pkEnd = r.base + pk.range[1];
          const colon = text.indexOf(':', pkEnd);
          return [
            { offset: colon + 1, endOffset: colon + 1, text: ' {}' },
            { offset: start, endOffset: end, text: '' },
          ];
        }
      }
      return [{ offset: start, endOffset: end, text: '' }];
    }
  }
}

/** Where an entry appended to the block mapping the tree resolved goes (see Locator.mappingEnds); undefined for anything but a block mapping with entries. */
function treeEnds(r: Resolved): { firstKey: number; lastEnd: number } | undefined {
  const map = r.node;
  if (!r.complete || !isMap(map) || map.flow || map.items.length === 0) return undefined;
  const first = map.items[0]?.key as YamlNode | null;
  const last = map.items[map.items.length - 1];
  if (!first?.range || !last) return undefined;
  return { firstKey: r.base + first.range[0], lastEnd: r.base + (((last.value as YamlNode | null)?.range ?? (last.key as YamlNode | null)?.range)?.[2] ?? first.range[2]) };
}

/** The new entry, on its own lines after the mapping's last, at its first key's indent. */
function insertEdit(text: string, edit: Extract<PathEdit, { op: 'insert' }>, ends: { firstKey: number; lastEnd: number } | undefined): TextEdit[] | undefined {
  if (!ends) return undefined;
  const value = typeof edit.value === 'object' ? undefined : renderScalar(edit.value);
  const indent = ends.firstKey - lineStart(text, ends.firstKey);
  let at = text.indexOf('\n', Math.max(ends.lastEnd - 1, 0));
  at = at === -1 ? text.length : at + 1;
  const pad = ' '.repeat(indent);
  const body =
    value !== undefined
      ? `${pad}${renderScalar(edit.key, 'plain')}: ${value}\n`
      : `${pad}${renderScalar(edit.key, 'plain')}:\n${Object.entries(edit.value as Record<string, string>)
          .map(([k, v]) => `${pad}  ${renderScalar(k, 'plain')}: ${renderScalar(v)}\n`)
          .join('')}`;
  const needsNewline = at === text.length && !text.endsWith('\n');
  return [{ offset: at, endOffset: at, text: (needsNewline ? '\n' : '') + body }];
}

/** Applies non-overlapping edits (sorted); later overlapping ones are dropped, as ESLint does. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
  let out = '';
  let pos = 0;
  let applied = 0;
  for (const e of sorted) {
    if (e.offset < pos) continue;
    out += text.slice(pos, e.offset) + e.text;
    pos = e.endOffset;
    applied++;
  }
  return { text: out + text.slice(pos), applied };
}
