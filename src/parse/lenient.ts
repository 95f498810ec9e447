// go-yaml (and so kubectl) checks no indentation inside a flow collection or a quoted scalar:
// its scanner unrolls block indentation only outside flows (yaml_parser_fetch_next_token), and
// neither its flow nor its quoted scalars compare a line's column with anything. So it reads
// `- apiGroups: [` followed by items at the key's own column or less, and quoted strings
// continued at their key's column (its own encoder writes those: `kubectl get -o yaml` with
// long messages). The `yaml` package follows the spec and rejects both. For a document that
// fails, the lines that start inside an open flow collection or quoted scalar are re-indented
// and the document parsed again; the retry is kept only if every space it added landed inside
// a flow collection or a quoted scalar of the new tree, where leading spaces are folded away
// and change no value. Node ranges are then mapped back to the original text, so positions
// and fixes stay exact. What go-yaml refuses among what this lets through (a tab where an
// indentation space belongs, a key whose `:` is on another line) is refused by go-yaml.ts.
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { findClosingQuote } from './quotes.ts';
import { STRUCTURE_OPTIONS, YAML_OPTIONS, withoutStacks } from './yaml-options.ts';

export interface Insertion {
  /** Offset in the original text where spaces were inserted. */
  readonly at: number;
  readonly count: number;
}

/** A line at column 0 that go-yaml takes as a document marker even inside a flow or a quoted scalar. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t]|$)/;
/** Leading `- `, `? ` and `: ` indicators of a block line. */
const BLOCK_INDICATORS = /^(?:[-?:](?:[ \t]+|$))*/;
const BLANK = /^[ \t]*$/;

const isBlankChar = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isFlowIndicator = (c: string | undefined): boolean => c === ',' || c === '[' || c === ']' || c === '{' || c === '}';

/**
 * The text with every line that starts inside an open flow collection or quoted scalar
 * indented past the key it belongs to (the `yaml` package's indentNext); undefined when no line
 * needs it. One pass over the text, each character looked at a bounded number of times.
 */
export function repairContinuations(text: string): { text: string; insertions: Insertion[] } | undefined {
  const insertions: Insertion[] = [];
  const s = new ContinuationScanner();
  let out = '';
  let pos = 0;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    // A CR before the line feed is part of the break, not of the line.
    const count = s.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (count > 0) {
      insertions.push({ at: pos, count });
      out += ' '.repeat(count);
    }
    out += line + (nl === -1 ? '' : '\n');
    if (nl === -1) break;
    pos = end + 1;
  }
  return insertions.length ? { text: out, insertions } : undefined;
}

/**
 * Reads YAML line by line as far as the repair needs it: where flow collections and quoted
 * scalars open and close, with comments, block scalars and plain scalars (whose text may hold
 * quotes and brackets) skipped. A guess in block context costs nothing: a retry whose spaces
 * land anywhere but inside a flow or quoted scalar is dropped (see parseLenient).
 */
class ContinuationScanner {
  /** Open `[`/`{` at the end of the last line. */
  private depth = 0;
  private quote: string | undefined;
  /** The column a line that starts inside a flow or quoted scalar must reach. */
  private required = 0;
  /** Inside a block scalar: lines more indented than this (or blank) belong to it. */
  private blockScalar: number | undefined;
  /** The last line ended in a plain scalar: lines more indented than this continue it. */
  private plainValue: number | undefined;
  /** In a flow: the last line ended inside a plain scalar, which the next line continues. */
  private flowPlain = false;

  /** Takes one line (without its line feed); returns how many spaces to insert at its start. */
  line(line: string): number {
    const indent = line.length - line.replace(/^ +/, '').length;
    const blank = BLANK.test(line);
    if (this.depth === 0 && this.quote === undefined) {
      const skipped = this.blockScalar ?? this.plainValue;
      if (skipped !== undefined && (blank || indent > skipped)) return 0;
      this.blockScalar = undefined;
      this.plainValue = undefined;
      if (!blank) this.nodes(line, indent, indent + (BLOCK_INDICATORS.exec(line.slice(indent))?.[0].length ?? 0), true);
      return 0;
    }
    let count = 0;
    const comment = this.quote === undefined && line.trimStart().startsWith('#');
    if (!blank && !comment && indent < this.required && !DOCUMENT_MARKER.test(line)) count = this.required - indent;
    let i = indent;
    if (this.quote !== undefined) {
      const close = findClosingQuote(line, indent - 1, this.quote);
      if (close === -1) return count;
      this.quote = undefined;
      i = close + 1;
    }
    if (this.depth > 0) i = this.flow(line, i);
    if (this.depth === 0 && this.quote === undefined) this.nodes(line, i, i, false);
    return count;
  }

  /**
   * Block context from `i` on. `keyColumn`: the column of the line's first key or item (after
   * its `- ` indicators), past which flows and quoted scalars opened on it continue.
   */
  private nodes(line: string, i: number, keyColumn: number, nodeStart: boolean): void {
    // The column of the node that owns what comes next: a key (its anchor or tag included), or
    // the last `- `, `? `, `: ` indicator.
    let owner = i;
    let keyStart = i;
    let props = -1;
    while (i < line.length) {
      const c = line[i];
      if (isBlankChar(c)) {
        i++;
        continue;
      }
      if (c === '#' && (i === 0 || isBlankChar(line[i - 1]))) return;
      const next = line[i + 1];
      const indicator = next === undefined || isBlankChar(next);
      if (c === ':' && indicator) {
        owner = keyStart;
        nodeStart = true;
        props = -1;
        i++;
        continue;
      }
      if ((c === '-' || c === '?') && indicator && nodeStart) {
        owner = i;
        props = -1;
        i++;
        continue;
      }
      if (!nodeStart) {
        // A key goes on to its `: `; anything else here is an error that the retry cannot mend.
        i = this.plainEnd(line, i);
        continue;
      }
      if (c === '&' || c === '!') {
        if (props === -1) props = i;
        while (i < line.length && !isBlankChar(line[i])) i++;
        continue;
      }
      keyStart = props === -1 ? i : props;
      nodeStart = false;
      if (c === '"' || c === "'") {
        const close = findClosingQuote(line, i, c);
        if (close === -1) {
          this.quote = c;
          this.required = keyColumn + 1;
          return;
        }
        i = close + 1;
      } else if (c === '[' || c === '{') {
        this.depth = 1;
        this.required = keyColumn + 1;
        this.flowPlain = false;
        i = this.flow(line, i + 1);
        if (this.depth > 0 || this.quote !== undefined) return;
      } else if (c === '|' || c === '>') {
        // Its text is the lines more indented than the node that owns it.
        this.blockScalar = owner;
        return;
      } else if (c === '*') {
        while (i < line.length && !isBlankChar(line[i])) i++;
      } else {
        // A plain scalar: a key up to its `: `, or a value to the end of the line, which the
        // lines more indented than its owner continue (unless a comment ends it).
        i = this.plainEnd(line, i);
        if (i >= line.length) this.plainValue = owner;
      }
    }
  }

  /** The end of a block plain scalar that starts at `i`: its `: `, ` #` or the end of the line. */
  private plainEnd(line: string, i: number): number {
    for (let j = i + 1; j < line.length; j++) {
      const c = line[j];
      if (c === ':' && (j + 1 === line.length || isBlankChar(line[j + 1]))) return j;
      if (c === '#' && isBlankChar(line[j - 1])) return j;
    }
    return line.length;
  }

  /** Flow context from `i` on; returns where block context resumes (the end of the line if it does not). */
  private flow(line: string, i: number): number {
    let plain = this.flowPlain;
    this.flowPlain = false;
    while (i < line.length && this.depth > 0) {
      const c = line[i] as string;
      if (isBlankChar(c)) {
        i++;
        continue;
      }
      if (c === '#' && (i === 0 || isBlankChar(line[i - 1]))) {
        // A comment ends a plain scalar (go-yaml's scan_plain_scalar stops at it).
        return line.length;
      }
      if (isFlowIndicator(c)) {
        plain = false;
        if (c === '[' || c === '{') this.depth++;
        else if (c === ']' || c === '}') this.depth--;
        i++;
        continue;
      }
      const next = line[i + 1];
      if (c === ':' && (next === undefined || isBlankChar(next) || isFlowIndicator(next))) {
        plain = false;
        i++;
        continue;
      }
      if (plain) {
        i++;
        continue;
      }
      if (c === '"' || c === "'") {
        const close = findClosingQuote(line, i, c);
        if (close === -1) {
          this.quote = c;
          return line.length;
        }
        i = close + 1;
        continue;
      }
      if (c === '&' || c === '!' || c === '*') {
        while (i < line.length && !isBlankChar(line[i]) && !isFlowIndicator(line[i])) i++;
        continue;
      }
      plain = true;
      i++;
    }
    // A plain scalar that reaches the end of the line goes on at the next one.
    if (this.depth > 0) this.flowPlain = plain;
    return i;
  }
}

/** Maps an offset in the repaired text back to the original text: a binary search over the insertions. */
export function toOriginal(offset: number, insertions: readonly Insertion[], shifts: readonly number[] = shiftsOf(insertions)): number {
  // shifts[k]: spaces inserted by insertions[0..k]; insertion k sits at insertions[k].at + shifts[k-1] in the repaired text.
  let lo = 0;
  let hi = insertions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = insertions[mid] as Insertion;
    if (m.at + (mid > 0 ? (shifts[mid - 1] ?? 0) : 0) >= offset) hi = mid;
    else lo = mid + 1;
  }
  const shift = lo > 0 ? (shifts[lo - 1] ?? 0) : 0;
  return offset - shift;
}

function shiftsOf(insertions: readonly Insertion[]): number[] {
  const out: number[] = [];
  let total = 0;
  for (const ins of insertions) out.push((total += ins.count));
  return out;
}

/** Every node of the tree once (anchored nodes are met where they are written, not through aliases). */
function eachNode(node: unknown, fn: (n: YamlNode) => void): void {
  if (isPair(node)) {
    eachNode(node.key, fn);
    eachNode(node.value, fn);
    return;
  }
  if (!node || typeof node !== 'object' || !('range' in node)) return;
  fn(node as YamlNode);
  if (isMap(node) || isSeq(node)) for (const item of node.items) eachNode(item, fn);
}

/**
 * Whether every inserted run of spaces is inside a flow collection or a quoted scalar of the
 * repaired tree: there, leading spaces on a line are folded away by both parsers.
 */
function insertionsFold(doc: Document.Parsed, insertions: readonly Insertion[], shifts: readonly number[]): boolean {
  const spans: [number, number][] = [];
  eachNode(doc.contents, (n) => {
    const r = n.range;
    if (!r) return;
    if (((isMap(n) || isSeq(n)) && n.flow) || (isScalar(n) && (n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE'))) spans.push([r[0], r[1]]);
  });
  spans.sort((a, b) => a[0] - b[0]);
  // Spans nest or are apart: a position is inside one iff the furthest end of those that start before it is past it.
  let k = 0;
  let reach = -1;
  for (let j = 0; j < insertions.length; j++) {
    const at = (insertions[j] as Insertion).at + (j > 0 ? (shifts[j - 1] ?? 0) : 0);
    while (k < spans.length && (spans[k] as [number, number])[0] < at) reach = Math.max(reach, (spans[k++] as [number, number])[1]);
    if (reach <= at) return false;
  }
  return true;
}

function remap(doc: Document.Parsed, insertions: readonly Insertion[], shifts: readonly number[]): void {
  const done = new Set<unknown>();
  eachNode(doc.contents, (n) => {
    if (!n.range || done.has(n.range)) return;
    done.add(n.range);
    const r = n.range as unknown as number[];
    for (let i = 0; i < r.length; i++) r[i] = toOriginal(r[i] ?? 0, insertions, shifts);
  });
  const r = doc.range as unknown as number[];
  for (let i = 0; i < r.length; i++) r[i] = toOriginal(r[i] ?? 0, insertions, shifts);
}

/**
 * Parses a document the way go-yaml does: strictly first, then with the lenient repair.
 * `strict`: the strict parse of this very text with these options, when the caller has it.
 */
export function parseLenient(text: string, options: typeof YAML_OPTIONS | typeof STRUCTURE_OPTIONS = YAML_OPTIONS, strict?: Document.Parsed): Document.Parsed {
  const doc = strict ?? withoutStacks(() => parseDocument(text, options));
  if (doc.errors.length === 0) return doc;
  const repaired = repairContinuations(text);
  if (!repaired) return doc;
  const again = withoutStacks(() => parseDocument(repaired.text, options));
  if (again.errors.length > 0) return doc;
  const shifts = shiftsOf(repaired.insertions);
  if (!insertionsFold(again, repaired.insertions, shifts)) return doc;
  remap(again, repaired.insertions, shifts);
  return again;
}

export type { YamlNode };
