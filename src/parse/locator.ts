// Turns (document, path) into source offsets and line/column positions, on demand.
// Documents are re-parsed only when something in them is reported, and only a few
// syntax trees are cached at a time, so memory stays bounded on very large inputs.
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, type Document, type Node as YamlNode, type Pair } from 'yaml';
import type { Event } from 'js-yaml';
import { blockMappingEnds, documentEvents, keyRange, recentEvents } from './events.ts';
import { parseLenient } from './lenient.ts';
import { documentText, keyTextOf } from './yaml.ts';
import { STRUCTURE_OPTIONS } from './yaml-options.ts';
import type { ParsedDocument, Path, SourceFile } from '../common/types.ts';
import { lineIndexAt } from './lines.ts';

export interface Resolved {
  /** The node the path ends at (or the deepest existing one). */
  readonly node: YamlNode | null;
  /** The mapping pair that holds node as its value, when the last step was a map key. */
  readonly pair: Pair<YamlNode, YamlNode | null> | undefined;
  /** The collection that holds node. */
  readonly parent: YamlNode | undefined;
  /** How many path elements were found. */
  readonly depth: number;
  readonly complete: boolean;
  /** Offset of the document slice in the file: node ranges are relative to it. */
  readonly base: number;
}

const CACHE_SIZE = 16;

export class Locator {
  private readonly trees = new Map<ParsedDocument, Document.Parsed>();
  private readonly events = new Map<ParsedDocument, readonly Event[] | null>();
  private readonly texts = new Map<ParsedDocument, string>();

  /** `fast: false` answers everything from the `yaml` syntax tree (the tests compare both). */
  constructor(private readonly options: { readonly fast?: boolean } = {}) {}
  private readonly lineStarts = new Map<SourceFile, LineStarts>();

  /** The document's syntax tree, re-parsed from its slice of the file. */
  tree(doc: ParsedDocument): Document.Parsed {
    let tree = this.trees.get(doc);
    if (tree) {
      this.trees.delete(doc);
      this.trees.set(doc, tree); // most recently used last
      return tree;
    }
    tree = parseLenient(this.textOf(doc), STRUCTURE_OPTIONS);
    this.trees.set(doc, tree);
    if (this.trees.size > CACHE_SIZE) {
      const oldest = this.trees.keys().next().value;
      if (oldest) this.trees.delete(oldest);
    }
    return tree;
  }

  resolve(doc: ParsedDocument, path: Path): Resolved {
    const tree = this.tree(doc);
    let node = tree.contents as YamlNode | null;
    let pair: Pair<YamlNode, YamlNode | null> | undefined;
    let parent: YamlNode | undefined;
    let depth = 0;
    for (const step of path) {
      if (isAlias(node)) node = (node.resolve(tree) as YamlNode | undefined) ?? null;
      let next: YamlNode | null | undefined;
      let nextPair: Pair<YamlNode, YamlNode | null> | undefined;
      if (isMap(node)) {
        for (const p of node.items) {
          if (isPair(p) && keyMatches(p.key as YamlNode | null, step)) {
            nextPair = p as Pair<YamlNode, YamlNode | null>;
            next = p.value as YamlNode | null;
          }
        }
        if (!nextPair) break;
      } else if (isSeq(node) && typeof step === 'number' && step < node.items.length) {
        next = node.items[step] as YamlNode | null;
        nextPair = undefined;
      } else break;
      parent = node ?? undefined;
      node = next ?? null;
      pair = nextPair;
      depth++;
    }
    return { node, pair, parent, depth, complete: depth === path.length, base: doc.startOffset };
  }

  /**
   * The offsets a report at `path` should underline: the key and its scalar value,
   * only the key when the value is a block collection, the first line of a sequence item.
   */
  offsets(doc: ParsedDocument, path: Path): [number, number] {
    // Most reports name a key or an item: js-yaml's events place it several times faster than a syntax tree.
    const fast = this.options.fast === false ? undefined : this.eventsOf(doc);
    const quick = fast ? keyRange(this.textOf(doc), fast, path) : undefined;
    if (quick) {
      const start = doc.startOffset + quick[0];
      return [start, quick[1] === undefined ? lineEnd(doc.file.text, start) : doc.startOffset + quick[1]];
    }
    const r = this.resolve(doc, path);
    const text = doc.file.text;
    const base = r.base;
    if (r.pair && isScalarish(r.node)) {
      const k = (r.pair.key as YamlNode | null)?.range;
      const v = r.node?.range;
      if (k) return [base + k[0], base + (v ? v[1] : k[1])];
    }
    if (r.pair) {
      const k = (r.pair.key as YamlNode | null)?.range;
      if (k) return [base + k[0], base + k[1]];
    }
    const range = r.node?.range;
    if (!range) return [doc.startOffset, lineEnd(text, doc.startOffset)];
    const start = base + range[0];
    const end = isScalarish(r.node) ? base + range[1] : Math.min(base + range[1], lineEnd(text, start));
    return [start, Math.max(end, start)];
  }

  /**
   * Where an entry appended to the block mapping at `path` goes, as file offsets (see
   * blockMappingEnds), from the document's events; undefined when only the tree can say.
   */
  mappingEnds(doc: ParsedDocument, path: Path): { firstKey: number; lastEnd: number } | undefined {
    const events = this.options.fast === false || doc.duplicateKeys.length > 0 ? undefined : this.eventsOf(doc);
    const ends = events ? blockMappingEnds(this.textOf(doc), events, path) : undefined;
    return ends && { firstKey: doc.startOffset + ends.firstKey, lastEnd: doc.startOffset + ends.lastEnd };
  }

  /** The full source range of the node at `path` (its whole value, block scalars included). */
  wholeNodeOffsets(doc: ParsedDocument, path: Path): [number, number] {
    const r = this.resolve(doc, path);
    const range = r.node?.range;
    if (!range) return this.offsets(doc, path);
    return [r.base + range[0], r.base + range[1]];
  }

  /** The document's text as it was parsed (go-yaml's line breaks as LF, offsets unchanged), read once per document. */
  private textOf(doc: ParsedDocument): string {
    let text = this.texts.get(doc);
    if (text === undefined) {
      text = documentText(doc.file, doc.startOffset, doc.endOffset) ?? doc.file.text.slice(doc.startOffset, doc.endOffset);
      this.texts.set(doc, text);
      if (this.texts.size > CACHE_SIZE) {
        const oldest = this.texts.keys().next().value;
        if (oldest) this.texts.delete(oldest);
      }
    }
    return text;
  }

  private eventsOf(doc: ParsedDocument): readonly Event[] | undefined {
    let events = this.events.get(doc);
    if (events === undefined) {
      const text = this.textOf(doc);
      events = recentEvents(doc.file, doc.startOffset, text) ?? documentEvents(text) ?? null;
      this.events.set(doc, events);
      if (this.events.size > CACHE_SIZE) {
        const oldest = this.events.keys().next().value;
        if (oldest) this.events.delete(oldest);
      }
    }
    return events ?? undefined;
  }

  /**
   * 1-based line and column (UTF-16 code units, as editors and SARIF count them). Lines end at
   * LF, CRLF and a lone CR, as in editors and the language server protocol.
   */
  position(file: SourceFile, offset: number): { line: number; column: number } {
    const starts = this.lines(file);
    // Just after a line's closing \r (inside a CRLF break, where yaml ends some error ranges,
    // or a \r that ends the text) is that line's end: editors and SARIF have no column there.
    const t = file.text;
    const at = t[offset - 1] === '\r' && (offset === t.length || t[offset] === '\n') ? offset - 1 : offset;
    const i = lineIndexAt(starts, at);
    return { line: i + 1, column: at - (starts[i] ?? 0) + 1 };
  }

  /** Offset of the start of a 1-based line. */
  lineOffset(file: SourceFile, line: number): number {
    const starts = this.lines(file);
    return starts[Math.min(Math.max(line - 1, 0), starts.length - 1)] ?? 0;
  }

  lineCount(file: SourceFile): number {
    return this.lines(file).length;
  }

  private lines(file: SourceFile): LineStarts {
    let starts = this.lineStarts.get(file);
    if (!starts) {
      starts = recentLineStarts(file);
      this.lineStarts.set(file, starts);
    }
    return starts;
  }

  /** Drops cached trees and line tables for a file (after it was fully reported). */
  forget(file: SourceFile): void {
    this.lineStarts.delete(file);
    for (const doc of this.trees.keys()) if (doc.file === file) this.trees.delete(doc);
    for (const doc of this.events.keys()) if (doc.file === file) this.events.delete(doc);
    for (const doc of this.texts.keys()) if (doc.file === file) this.texts.delete(doc);
  }
}

/** Whether a key is the path's step: compared as the key's JSON string, as go-yaml makes it. */
function keyMatches(key: YamlNode | null, step: string | number): boolean {
  return isScalar(key) && keyTextOf(key) === String(step);
}

function isScalarish(node: YamlNode | null | undefined): boolean {
  return node == null || isScalar(node) || isAlias(node) || (isCollection(node) && node.flow === true);
}

/** Offsets where lines start, ascending, the first 0: four bytes a line (a 50 MB file has 1.6 million). */
export type LineStarts = Uint32Array;

/**
 * The line tables of the last few files, shared by every Locator: a rule that places what it
 * reports (duplicate-object) reads the table the run's own locator made for the same file,
 * instead of keeping a copy of its own.
 */
const RECENT_TABLES = 4;
const recentTables = new Map<SourceFile, LineStarts>();

function recentLineStarts(file: SourceFile): LineStarts {
  const starts = recentTables.get(file) ?? lineStarts(file.text);
  recentTables.delete(file);
  recentTables.set(file, starts); // most recently used last
  if (recentTables.size > RECENT_TABLES) {
    const oldest = recentTables.keys().next().value;
    if (oldest) recentTables.delete(oldest);
  }
  return starts;
}

/** Where each line starts: after LF, CRLF, or a lone CR. */
export function lineStarts(text: string): LineStarts {
  const lone = text.includes('\r');
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  if (lone) for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 0x0a) count++;
  const starts = new Uint32Array(count);
  let k = 1;
  if (!lone) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
    return starts;
  }
  // A lone CR ends a line too.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) starts[k++] = i + 1;
  }
  return starts;
}

/** The end of the line holding `offset`, before its line break. */
export function lineEnd(text: string, offset: number): number {
  let end = offset;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c === 0x0a || c === 0x0d) break;
    end++;
  }
  return end;
}
