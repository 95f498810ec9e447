// The fast path's first lane: plain block YAML, which most manifests are, read straight into
// values in one pass over the text. It gives what js-yaml's events and their constructor
// (events.ts) give for the same text: the same value, duplicate keys, content start, and the
// same events, as numbers (event-codec.ts), for placing reports later. It takes only block
// mappings and sequences of plain, quoted and block scalars and of flow collections written on
// one line, with comments; any other text (anchors, aliases, tags, scalars over several lines,
// merge keys, tabs, unusual characters, anything js-yaml or go-yaml would refuse) is handed back,
// and events.ts reads it. A test holds the two to the same answer on every document of the corpus.
import { getScalarValue, type ScalarEvent } from 'js-yaml';
import { Codes, pushCollection, pushDocument, pushPop, pushScalar } from './event-codec.ts';
import { defineKey, doubleQuotedProblem, GoYamlError, plainKey, plainValue } from './go-yaml.ts';
import type { DuplicateKey } from '../common/types.ts';

export interface BlockResult {
  readonly value: unknown;
  readonly duplicateKeys: DuplicateKey[];
  /** Offset of the document's content in the text. */
  readonly contentStart: number;
  /** The document's events (event-codec.ts). */
  readonly codes: Int32Array;
}

// Event and style numbers (js-yaml's EVENT_ID, SCALAR_STYLE, CHOMPING_MODE, COLLECTION_STYLE).
const SEQUENCE = 2;
const MAPPING = 3;
const PLAIN = 1;
const SINGLE_QUOTED = 2;
const DOUBLE_QUOTED = 3;
const LITERAL = 4;
const FOLDED = 5;
const CLIP = 1;
const STRIP = 2;
const KEEP = 3;
const BLOCK = 1;
const FLOW = 2;

const LF = 0x0a;
const SPACE = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const SQUOTE = 0x27;
const DQUOTE = 0x22;

/** Nesting past this is left to events.ts, which refuses what is too deep. */
const MAX_NESTING = 64;
/**
 * Characters this lane leaves to events.ts: controls (tabs and carriage returns included),
 * what js-yaml refuses as non-printable, other line separators, byte order marks, surrogates.
 */
const AWKWARD = /[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]/;
/** A document marker line: a second document, or the end of one. */
const MARKER = /^(?:---|\.\.\.)(?: |$)/gm;

/** Not taken: thrown inside, caught at the top (no stack is captured). */
const BAIL = { bail: true };

/** A character that may start a plain scalar in block context, `next` the one after it (js-yaml's canStartPlainScalar). */
function plainStart(c: number, next: number): boolean {
  switch (c) {
    case SPACE: case LF: case HASH: case 0x26: case 0x2a: case 0x21: case 0x7c: case 0x3e: case SQUOTE: case DQUOTE:
    case 0x25: case 0x40: case 0x60: case 0x2c: case 0x5b: case 0x5d: case 0x7b: case 0x7d:
      return false;
    case 0x3f: case DASH:
      return !(next === SPACE || next === LF || Number.isNaN(next));
    default:
      return !Number.isNaN(c);
  }
}

const flowIndicator = (c: number): boolean => c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;

/** The escapes js-yaml takes in a double-quoted scalar without more characters (isSimpleEscape, tab aside). */
function simpleEscape(c: number): boolean {
  return c === 0x30 || c === 0x61 || c === 0x62 || c === 0x74 || c === 0x6e || c === 0x76 || c === 0x66 || c === 0x72 || c === 0x65 || c === SPACE || c === DQUOTE || c === 0x2f || c === 0x5c || c === 0x4e || c === 0x5f || c === 0x4c || c === 0x50;
}

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

class Reader {
  private readonly n: number;
  private readonly codes: Codes;
  readonly dups: DuplicateKey[] = [];
  private readonly path: (string | number)[] = [];
  private nesting = 0;
  /** The column of the position nextContent returned last. */
  private col = 0;
  /** Where the content after the last node read starts (the text's end when none); `col` is its column. */
  private at = 0;
  /** The quoted scalar quoted() read last: its style, its value's range, and whether the range is the value. */
  private qStyle = 0;
  private qStart = 0;
  private qEnd = 0;
  private qSimple = false;
  /** Where the plain key plainKeyEnd() read last ends. */
  private keyEnd = 0;
  /**
   * The entries of the mappings being read, innermost last (each mapping notes the index its
   * own start at): key, the key's offsets in the file, value. A key met again in a mapping is
   * recorded as a duplicate against the entry before it with that key.
   */
  private readonly keys: string[] = [];
  private readonly keyOffsets: number[] = [];
  private readonly keyValues: unknown[] = [];

  constructor(private readonly t: string, private readonly base: number, codes: Codes) {
    this.n = t.length;
    this.codes = codes;
  }

  private lineEnd(p: number): number {
    const e = this.t.indexOf('\n', p);
    return e === -1 ? this.n : e;
  }

  private spaces(p: number): number {
    const t = this.t;
    while (t.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** From a line start: the first character of the next line holding content (blank and comment lines skipped), or the text's end. */
  private nextContent(p: number): number {
    const t = this.t;
    const n = this.n;
    while (p < n) {
      const q = this.spaces(p);
      const c = t.charCodeAt(q);
      if (q >= n) return n;
      if (c === LF) p = q + 1;
      else if (c === HASH) p = this.lineEnd(q) + 1;
      else {
        this.col = q - p;
        return q;
      }
    }
    return n;
  }

  /**
   * From a line start: the column of the next line with anything but spaces (a comment counts),
   * or at the text's end the spaces its last line holds (js-yaml counts them too).
   */
  private nextNonBlankColumn(p: number): number {
    const t = this.t;
    const n = this.n;
    while (p < n) {
      const q = this.spaces(p);
      if (q >= n || t.charCodeAt(q) !== LF) return q - p;
      p = q + 1;
    }
    return 0;
  }

  /** After a value ends at `p` on its line: the next line's start, when only spaces or a comment follow. */
  private restOfLine(p: number): number {
    const q = this.spaces(p);
    if (q >= this.n) return this.n;
    const c = this.t.charCodeAt(q);
    if (c === LF) return q + 1;
    if (c === HASH && q > p) return this.lineEnd(q) + 1;
    throw BAIL;
  }

  private isDash(p: number): boolean {
    const next = this.t.charCodeAt(p + 1);
    return this.t.charCodeAt(p) === DASH && (next === SPACE || next === LF || p + 1 >= this.n);
  }

  /** A quoted scalar starting at `p` and closing on its line (its range in the q fields), or a bail; returns the offset after it. */
  private quoted(p: number): number {
    const t = this.t;
    const n = this.n;
    const quote = t.charCodeAt(p);
    let i = p + 1;
    let simple = true;
    for (;;) {
      if (i >= n) throw BAIL;
      const c = t.charCodeAt(i);
      if (c === LF) throw BAIL;
      if (c === quote) {
        if (quote === SQUOTE && t.charCodeAt(i + 1) === SQUOTE) {
          simple = false;
          i += 2;
          continue;
        }
        this.qStyle = quote === SQUOTE ? SINGLE_QUOTED : DOUBLE_QUOTED;
        this.qStart = p + 1;
        this.qEnd = i;
        this.qSimple = simple;
        return i + 1;
      }
      if (c === 0x5c && quote === DQUOTE) {
        simple = false;
        const e = t.charCodeAt(i + 1);
        if (simpleEscape(e)) i += 2;
        else {
          const len = e === 0x78 ? 2 : e === 0x75 ? 4 : e === 0x55 ? 8 : 0;
          if (len === 0) throw BAIL;
          for (let k = 2; k < 2 + len; k++) if (!isHex(t.charCodeAt(i + k))) throw BAIL;
          i += 2 + len;
        }
        continue;
      }
      i++;
    }
  }

  /** The string of the quoted scalar quoted() read last, its event written. */
  private quotedValue(): string {
    const { qStyle: style, qStart: start, qEnd: end } = this;
    pushScalar(this.codes, style, CLIP, this.qSimple, start, end, -1);
    if (this.qSimple) return this.t.slice(start, end);
    // An escape js-yaml takes and go-yaml refuses: events.ts hands it to the `yaml` path, which reports it.
    if (style === DOUBLE_QUOTED && doubleQuotedProblem(this.t.slice(start, end))) throw BAIL;
    return getScalarValue(this.t, scalarEvent(style, start, end, CLIP, -1));
  }

  /**
   * Where the `:` of the plain key starting at `p` is, on this line (`keyEnd`: where the key
   * ends); -1 when the line holds no key there (a comment or the line's end comes first).
   */
  private plainKeyEnd(p: number): number {
    const t = this.t;
    const n = this.n;
    let end = p;
    for (let i = p; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c === LF) return -1;
      if (c === COLON) {
        const f = t.charCodeAt(i + 1);
        if (f === SPACE || f === LF || i + 1 >= n) {
          this.keyEnd = end;
          return end === p ? -1 : i;
        }
      } else if (c === HASH && t.charCodeAt(i - 1) === SPACE) return -1;
      if (c !== SPACE) end = i + 1;
    }
    return -1;
  }

  /** Whether a mapping key starts at `p`. */
  private keyAt(p: number): boolean {
    const t = this.t;
    const c = t.charCodeAt(p);
    if (c === SQUOTE || c === DQUOTE) return this.colonAfter(this.quoted(p)) !== -1;
    return plainStart(c, t.charCodeAt(p + 1)) && this.plainKeyEnd(p) !== -1;
  }

  /** The `:` of a key that ends at `p` (spaces between), or -1. */
  private colonAfter(p: number): number {
    const q = this.spaces(p);
    const f = this.t.charCodeAt(q + 1);
    return this.t.charCodeAt(q) === COLON && (f === SPACE || f === LF || q + 1 >= this.n) ? q : -1;
  }

  private enter(): void {
    if (++this.nesting > MAX_NESTING) throw BAIL;
  }

  /** Adds an entry to `obj`, a mapping whose entries start at `from` in `keys`; a duplicate key is recorded (as events.ts records it). */
  private entry(obj: Record<string, unknown>, from: number, key: string, keyStart: number, keyEnd: number, value: unknown): void {
    const { keys, keyOffsets, keyValues } = this;
    const offset = this.base + keyStart;
    const endOffset = this.base + keyEnd;
    if (Object.prototype.hasOwnProperty.call(obj, key)) {
      for (let i = keys.length - 1; i >= from; i--) {
        if (keys[i] !== key) continue;
        const first = { offset: keyOffsets[2 * i] as number, endOffset: keyOffsets[2 * i + 1] as number, value: keyValues[i] };
        this.dups.push({ mapPath: [...this.path], key, first, last: { offset, endOffset, value } });
        break;
      }
    }
    keys.push(key);
    keyOffsets.push(offset, endOffset);
    keyValues.push(value);
    defineKey(obj, key, value);
  }

  /** Ends a mapping whose entries start at `from`: they are forgotten. */
  private leave(from: number): void {
    this.keys.length = from;
    this.keyOffsets.length = 2 * from;
    this.keyValues.length = from;
    this.nesting--;
  }

  /** The block mapping whose first key starts at `p`, at column `m`; returns its value, `at` the next content. */
  private mapping(m: number, p: number): Record<string, unknown> {
    const t = this.t;
    this.enter();
    pushCollection(this.codes, MAPPING, BLOCK, p);
    const obj: Record<string, unknown> = {};
    const from = this.keys.length;
    for (;;) {
      // The key.
      const c = t.charCodeAt(p);
      let key: string;
      let keyStart: number;
      let keyEnd: number;
      let after: number;
      if (c === SQUOTE || c === DQUOTE) {
        keyEnd = this.quoted(p);
        const colon = this.colonAfter(keyEnd);
        if (colon === -1) throw BAIL;
        key = this.quotedValue();
        keyStart = p;
        after = colon + 1;
      } else {
        const colon = plainStart(c, t.charCodeAt(p + 1)) ? this.plainKeyEnd(p) : -1;
        if (colon === -1) throw BAIL;
        keyEnd = this.keyEnd;
        const raw = t.slice(p, keyEnd);
        // A merge key: events.ts applies it.
        if (raw === '<<') throw BAIL;
        pushScalar(this.codes, PLAIN, CLIP, true, p, keyEnd, -1);
        key = typedKey(raw);
        keyStart = p;
        after = colon + 1;
      }
      // The value.
      this.path.push(key);
      const value = this.valueAfterKey(m, after);
      this.path.pop();
      this.entry(obj, from, key, keyStart, keyEnd, value);
      // The next entry, at this column, or the mapping's end.
      const next = this.at;
      if (next >= this.n || this.col < m) break;
      if (this.col > m || this.isDash(next)) throw BAIL;
      p = next;
    }
    pushPop(this.codes);
    this.leave(from);
    return obj;
  }

  /** The value of a mapping entry at column `m` whose `:` ends at `p`. */
  private valueAfterKey(m: number, p: number): unknown {
    const t = this.t;
    const s = this.spaces(p);
    const c = t.charCodeAt(s);
    if (s >= this.n || c === LF || c === HASH) {
      const q = this.nextContent(s >= this.n ? this.n : c === LF ? s + 1 : this.lineEnd(s) + 1);
      if (q < this.n && this.col > m) return this.nested(q);
      if (q < this.n && this.col === m && this.isDash(q)) return this.sequence(m, q);
      this.at = q;
      return this.empty();
    }
    return this.inlineScalar(m, s);
  }

  /** A block collection starting a line at column `col`. */
  private nested(q: number): unknown {
    const column = this.col;
    if (this.isDash(q)) return this.sequence(column, q);
    if (this.keyAt(q)) return this.mapping(column, q);
    // A scalar on the line after its key or dash: left to events.ts.
    throw BAIL;
  }

  /** The block sequence whose first `-` is at `p`, at column `d`. */
  private sequence(d: number, p: number): unknown[] {
    this.enter();
    pushCollection(this.codes, SEQUENCE, BLOCK, p);
    const arr: unknown[] = [];
    for (;;) {
      this.path.push(arr.length);
      const value = this.item(d, p);
      this.path.pop();
      arr.push(value);
      const next = this.at;
      if (next >= this.n || this.col < d) break;
      if (this.col > d) throw BAIL;
      if (!this.isDash(next)) break;
      p = next;
    }
    pushPop(this.codes);
    this.nesting--;
    return arr;
  }

  /** The item after the `-` at `p`, column `d`. */
  private item(d: number, p: number): unknown {
    const t = this.t;
    const s = this.spaces(p + 1);
    const c = t.charCodeAt(s);
    if (s >= this.n || c === LF || c === HASH) {
      const q = this.nextContent(s >= this.n ? this.n : c === LF ? s + 1 : this.lineEnd(s) + 1);
      if (q < this.n && this.col > d) return this.nested(q);
      this.at = q;
      return this.empty();
    }
    // A sequence in a sequence on one line (`- - a`): left to events.ts.
    if (this.isDash(s)) throw BAIL;
    if (this.keyAt(s)) return this.mapping(s - (p - d), s);
    return this.inlineScalar(d, s);
  }

  /** An empty value (`key:` or `-` with nothing after it), as js-yaml gives it and go-yaml types it. */
  private empty(): unknown {
    pushScalar(this.codes, PLAIN, CLIP, false, -1, -1, -1);
    return plainValue('');
  }

  /** A scalar, or a flow collection closed on its line, starting at `s` on the line of its key or dash; the owner at column `m`. */
  private inlineScalar(m: number, s: number): unknown {
    const t = this.t;
    const c = t.charCodeAt(s);
    if (c === 0x7c || c === 0x3e) return this.blockScalar(m + 1, s);
    if (c === SQUOTE || c === DQUOTE) {
      const end = this.quoted(s);
      const value = this.quotedValue();
      this.at = this.nextContent(this.restOfLine(end));
      return value;
    }
    if (c === 0x7b || c === 0x5b) {
      const value = this.flow(s);
      this.at = this.nextContent(this.restOfLine(this.flowEnd));
      return value;
    }
    if (!plainStart(c, t.charCodeAt(s + 1))) throw BAIL;
    // A plain scalar, to a comment or the line's end; a `: ` in it is a key where none may be.
    const n = this.n;
    let end = s;
    let i = s;
    for (; i < n; i++) {
      const ch = t.charCodeAt(i);
      if (ch === LF) break;
      if (ch === COLON) {
        const f = t.charCodeAt(i + 1);
        if (f === SPACE || f === LF || i + 1 >= n) throw BAIL;
      } else if (ch === HASH && t.charCodeAt(i - 1) === SPACE) break;
      if (ch !== SPACE) end = i + 1;
    }
    const lineStart = i >= n ? n : t.charCodeAt(i) === LF ? i + 1 : this.lineEnd(i) + 1;
    // A line below indented past the owner continues the scalar (or is a comment js-yaml reads as its end): left to events.ts.
    if (this.nextNonBlankColumn(lineStart) > m) throw BAIL;
    pushScalar(this.codes, PLAIN, CLIP, true, s, end, -1);
    this.at = this.nextContent(lineStart);
    return typedValue(t.slice(s, end));
  }

  /** Where the flow collection read last ends. */
  private flowEnd = 0;

  /** From `p` inside a flow collection: the next character that is not a space, on this line (a comment or a line break is left to events.ts). */
  private flowSpaces(p: number): number {
    const q = this.spaces(p);
    const c = this.t.charCodeAt(q);
    if (q >= this.n || c === LF || c === HASH) throw BAIL;
    return q;
  }

  /**
   * A flow collection opening at `s` and closing on its line (js-yaml's readFlowCollection):
   * its value, `flowEnd` the offset after it. Keys are scalars; a `key: value` item of a flow
   * sequence is left to events.ts.
   */
  private flow(s: number): unknown {
    const t = this.t;
    const mapping = t.charCodeAt(s) === 0x7b;
    const close = mapping ? 0x7d : 0x5d;
    this.enter();
    pushCollection(this.codes, mapping ? MAPPING : SEQUENCE, FLOW, s);
    const obj: Record<string, unknown> = {};
    const arr: unknown[] = [];
    const from = this.keys.length;
    let p = s + 1;
    let readNext = true;
    for (;;) {
      p = this.flowSpaces(p);
      const c = t.charCodeAt(p);
      if (c === close) break;
      if (!readNext || c === 0x2c) throw BAIL;
      if (mapping) {
        if (c === 0x7b || c === 0x5b) throw BAIL;
        const keyStart = p;
        const key = this.flowScalar(p, true) as string;
        const keyEnd = this.flowEnd;
        p = this.flowSpaces(keyEnd);
        // go-yaml wants a flow key near its `:` (see keyOnOneLine in events.ts).
        if (p - keyStart > 1000) throw BAIL;
        let value: unknown;
        this.path.push(key);
        if (t.charCodeAt(p) === COLON) {
          p = this.flowSpaces(p + 1);
          const v = t.charCodeAt(p);
          if (v === 0x2c || v === close) value = this.empty();
          else {
            value = this.flowNode(p);
            p = this.flowSpaces(this.flowEnd);
          }
        } else value = this.empty();
        this.path.pop();
        this.entry(obj, from, key, keyStart, keyEnd, value);
      } else {
        this.path.push(arr.length);
        const value = this.flowNode(p);
        this.path.pop();
        p = this.flowSpaces(this.flowEnd);
        // A `key: value` item (a one-pair mapping): left to events.ts.
        if (t.charCodeAt(p) === COLON) throw BAIL;
        arr.push(value);
      }
      if (t.charCodeAt(p) === 0x2c) {
        readNext = true;
        p++;
      } else readNext = false;
    }
    pushPop(this.codes);
    this.leave(from);
    this.flowEnd = p + 1;
    return mapping ? obj : arr;
  }

  /** A node inside a flow collection: a nested flow or a scalar; `flowEnd` the offset after it. */
  private flowNode(p: number): unknown {
    const c = this.t.charCodeAt(p);
    return c === 0x7b || c === 0x5b ? this.flow(p) : this.flowScalar(p, false);
  }

  /** A quoted or plain scalar inside a flow collection, on one line; `flowEnd` the offset after it. */
  private flowScalar(p: number, asKey: boolean): unknown {
    const t = this.t;
    const n = this.n;
    const c = t.charCodeAt(p);
    if (c === SQUOTE || c === DQUOTE) {
      this.flowEnd = this.quoted(p);
      return this.quotedValue();
    }
    const next = t.charCodeAt(p + 1);
    if (!plainStart(c, next) || ((c === 0x3f || c === DASH) && flowIndicator(next))) throw BAIL;
    let end = p;
    for (let i = p; ; i++) {
      if (i >= n) throw BAIL;
      const ch = t.charCodeAt(i);
      if (ch === LF) throw BAIL;
      if (ch === COLON) {
        const f = t.charCodeAt(i + 1);
        if (f === SPACE || f === LF || i + 1 >= n || flowIndicator(f)) break;
      } else if (ch === HASH && t.charCodeAt(i - 1) === SPACE) throw BAIL;
      else if (flowIndicator(ch)) break;
      if (ch !== SPACE) end = i + 1;
    }
    if (end === p) throw BAIL;
    pushScalar(this.codes, PLAIN, CLIP, true, p, end, -1);
    this.flowEnd = end;
    const raw = t.slice(p, end);
    if (!asKey) return typedValue(raw);
    if (raw === '<<') throw BAIL;
    return typedKey(raw);
  }

  /** A literal or folded block scalar whose indicator is at `s`; `parent` the indentation its content must pass (js-yaml's readBlockScalar). */
  private blockScalar(parent: number, s: number): string {
    const t = this.t;
    const n = this.n;
    const style = t.charCodeAt(s) === 0x7c ? LITERAL : FOLDED;
    let i = s + 1;
    let chomping = CLIP;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 0x2b || c === DASH) {
        if (chomping !== CLIP) throw BAIL;
        chomping = c === 0x2b ? KEEP : STRIP;
        i++;
      } else if (c >= 0x30 && c <= 0x39) throw BAIL; // an indentation indicator
      else break;
    }
    const afterHeader = this.spaces(i);
    if (afterHeader > i && t.charCodeAt(afterHeader) === HASH) i = this.lineEnd(afterHeader);
    else i = afterHeader;
    if (i < n) {
      if (t.charCodeAt(i) !== LF) throw BAIL;
      i++;
    }
    let contentIndent = -1;
    let maxLeading = 0;
    const valueStart = i;
    let valueEnd = i;
    let next = n;
    while (i < n) {
      const line = i;
      const first = this.spaces(line);
      const column = first - line;
      if (first >= n) {
        if (contentIndent >= 0 ? column > contentIndent : column > 0) valueEnd = first;
        break;
      }
      const blank = t.charCodeAt(first) === LF;
      if (contentIndent === -1) {
        if (blank) maxLeading = Math.max(maxLeading, column);
        else {
          if (column >= parent && column < maxLeading) throw BAIL;
          if (column < parent) {
            next = line;
            break;
          }
          contentIndent = column;
        }
      }
      if (!blank && column < contentIndent) {
        next = line;
        break;
      }
      const end = this.lineEnd(first);
      valueEnd = end;
      if (end < n) valueEnd = i = end + 1;
      else i = end;
    }
    pushScalar(this.codes, style, chomping, false, valueStart, valueEnd, contentIndent);
    this.at = this.nextContent(next);
    return getScalarValue(t, scalarEvent(style, valueStart, valueEnd, chomping, contentIndent));
  }

  /** The document: an optional `---` line, then a block mapping or sequence at column 0, and nothing after it. */
  document(): { value: unknown; contentStart: number } | undefined {
    const t = this.t;
    let p = this.nextContent(0);
    if (p >= this.n) return undefined;
    let explicitStart = false;
    MARKER.lastIndex = 0;
    let marker = MARKER.exec(t);
    if (marker && marker.index === p && t.charCodeAt(p) === DASH) {
      explicitStart = true;
      const r = this.spaces(p + 3);
      const c = t.charCodeAt(r);
      if (r < this.n && c !== LF && !(c === HASH && r > p + 3)) throw BAIL;
      p = this.nextContent(r >= this.n ? this.n : this.lineEnd(r) + 1);
      if (p >= this.n) return undefined;
      marker = MARKER.exec(t);
    }
    if (marker || this.col !== 0) throw BAIL;
    pushDocument(this.codes, explicitStart);
    const value = this.isDash(p) ? this.sequence(0, p) : this.keyAt(p) ? this.mapping(0, p) : undefined;
    if (value === undefined || this.at < this.n) throw BAIL;
    pushPop(this.codes);
    return { value, contentStart: p };
  }
}

/** The event getScalarValue reads for a scalar without anchor or tag. */
function scalarEvent(style: number, valueStart: number, valueEnd: number, chomping: number, indent: number): ScalarEvent {
  return { type: 4, valueStart, valueEnd, anchorStart: -1, anchorEnd: -1, tagStart: -1, tagEnd: -1, style, chomping, indent, fast: false } as ScalarEvent;
}

/** A plain key as go-yaml types it and sigs.k8s.io/yaml turns it into a string; one it refuses goes to events.ts. */
function typedKey(raw: string): string {
  try {
    return plainKey(raw);
  } catch (e) {
    if (e instanceof GoYamlError) throw BAIL;
    throw e;
  }
}

function typedValue(raw: string): unknown {
  try {
    return plainValue(raw);
  } catch (e) {
    if (e instanceof GoYamlError) throw BAIL;
    throw e;
  }
}

const shared = new Codes();

/**
 * One document's text (a `---` group as readChunk gives it: line breaks LF) read as plain block
 * YAML, or undefined when it is anything else. `base` is the text's offset in its file.
 */
export function parsePlainBlock(text: string, base: number): BlockResult | undefined {
  if (AWKWARD.test(text)) return undefined;
  shared.length = 0;
  const reader = new Reader(text, base, shared);
  try {
    const doc = reader.document();
    if (!doc) return undefined;
    return { value: doc.value, duplicateKeys: reader.dups, contentStart: doc.contentStart, codes: shared.done() };
  } catch (e) {
    if (e === BAIL) return undefined;
    throw e;
  }
}
