// Contents no rule reads (METADATA_ONLY_KINDS: a CustomResourceDefinition's `spec`, its OpenAPI
// schema, most of the bytes of real repositories), checked line by line instead of tokenised.
//
// The event parser's time goes into tokenising these contents only to check them: they are
// never built (events.ts keeps their keys' duplicates and go-yaml's refusals as reasons to
// hand the document to the `yaml` path, nothing else). Most of them are plain block YAML as
// generators write it: `key: value` lines, `- ` items, block scalars, one-line or folded
// quoted scalars. skimCuts finds the top-level values of such a document that are wholly in
// that simple form and holds no duplicate key, no value go-yaml refuses, no anchor, alias,
// tag, flow collection or escape it does not know; the event parser then reads the document
// without them. Anything else in a value, however valid, leaves that value to the event
// parser, so a value is cut only where the full parse would have accepted it and kept nothing
// of it: the result is the same either way (test/parse/skim.test.ts compares both, on real
// CRDs and on mutations of them).
import { plainKey, plainValue } from './go-yaml.ts';

/** A range of a document's text the event parser is not given: [start, end). */
export interface Cut {
  readonly start: number;
  readonly end: number;
}

/** Documents shorter than this are parsed whole: a cut saves nothing there. */
export const SKIM_MIN_LENGTH = 4096;
/** Nesting checked here at most (far below MAX_DEPTH; deeper values are left to the parser). */
const MAX_FRAMES = 200;

/** A top-level key whose value is the block below it (nothing after the `:`). */
const TOP_KEY = /^([A-Za-z][A-Za-z0-9_-]*):[ ]*$/;
/** The characters of a plain key as generators write them (the first: not `.`, `/` or `-`), at most MAX_KEY of them. */
const KEY_FIRST = charTable('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$');
const KEY_CHAR = charTable('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$./-');
const MAX_KEY = 1000;
/**
 * What js-yaml refuses as non-printable, tabs and carriage returns, and surrogates (rare in
 * manifests; js-yaml refuses those not in pairs): all left to the parser.
 */
const LEFT_TO_PARSER = /[\x00-\x09\x0B-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** A block scalar's header: its style, an indentation width or none, a chomping indicator or none (in either order). */
const BLOCK_HEADER = /^[|>](?:([1-9])?[-+]?|[-+]([1-9]))$/;
/** An item of a one-line flow sequence: a plain scalar of the characters generators write unquoted. */
const FLOW_PLAIN_ITEM = /^[A-Za-z0-9_.\/=+][A-Za-z0-9_.\/=+ -]*$/;
/** Characters that open something other than a plain scalar, or that a plain one may not start with here. */
const NOT_PLAIN_START = new Set('[]{},#&*!|>\'"%@`?:'.split('').map((c) => c.charCodeAt(0)));
/** Escapes of double-quoted scalars that js-yaml and go-yaml read alike. */
const KNOWN_ESCAPES = new Set('\\"ntr'.split('').map((c) => c.charCodeAt(0)));

const SPACE = 0x20;
const COLON = 0x3a;
const PIPE = 0x7c;
const GREATER = 0x3e;
const HASH = 0x23;
const DASH = 0x2d;
const NEWLINE = 0x0a;
const SINGLE = 0x27;
const DOUBLE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The values of a document's top-level keys (those not in `kept`) that can be left out of its
 * parse: each the lines below a `key:` line, up to the next top-level line.
 */
export function skimCuts(text: string, kept: ReadonlySet<string>): Cut[] {
  const cuts: Cut[] = [];
  const n = text.length;
  let pos = 0;
  while (pos < n) {
    const eol = lineEnd(text, pos);
    const next = eol < n ? eol + 1 : n;
    const c = text.charCodeAt(pos);
    const top = c > SPACE && c !== HASH && c !== DASH ? TOP_KEY.exec(text.slice(pos, eol)) : null;
    if (top && !kept.has(top[1] as string)) {
      const end = valueEnd(text, next);
      if (end > next && plainBlock(text.slice(next, end))) cuts.push({ start: next, end });
      pos = end;
      continue;
    }
    pos = next;
  }
  return cuts;
}

function charTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}

/** The end of a plain key starting at `i` (its `:`), when one is there: followed by a blank or the line's end. */
function keyEnd(s: string, i: number, eol: number): number {
  if (KEY_FIRST[s.charCodeAt(i)] !== 1) return -1;
  let j = i + 1;
  while (j < eol && KEY_CHAR[s.charCodeAt(j)] === 1) j++;
  if (j - i > MAX_KEY || s.charCodeAt(j) !== COLON || (j + 1 < eol && s.charCodeAt(j + 1) !== SPACE)) return -1;
  return j;
}

function lineEnd(text: string, pos: number): number {
  const eol = text.indexOf('\n', pos);
  return eol === -1 ? text.length : eol;
}

/** Where the value below a top-level key ends: the next line that starts at the margin with anything but a comment or a `- ` item. */
function valueEnd(text: string, pos: number): number {
  const n = text.length;
  while (pos < n) {
    const c = text.charCodeAt(pos);
    if (c !== SPACE && c !== NEWLINE && c !== HASH && !(c === DASH && isItemEnd(text.charCodeAt(pos + 1)))) return pos;
    pos = lineEnd(text, pos) + 1;
  }
  return n;
}

/** After a `-`: an item's blank, the line's end, or the text's. */
function isItemEnd(c: number): boolean {
  return c === SPACE || c === NEWLINE || Number.isNaN(c);
}

interface Frame {
  readonly seq: boolean;
  readonly indent: number;
  /** A mapping's keys, as go-yaml types them. */
  readonly keys: Set<string> | undefined;
}

/** Thrown where a value is not in the simple form: the event parser reads it. */
class NotPlain extends Error {}

/**
 * Whether the lines of a top-level value are all in the simple form (see the file's comment):
 * valid block YAML without duplicate keys, anchors, aliases, tags, flow collections other than
 * `[]` and `{}`, escapes other than KNOWN_ESCAPES, or values go-yaml refuses.
 */
export function plainBlock(s: string): boolean {
  if (LEFT_TO_PARSER.test(s)) return false;
  try {
    new BlockReader(s).read();
    return true;
  } catch (e) {
    if (e instanceof NotPlain) return false;
    throw e;
  }
}

class BlockReader {
  private readonly stack: Frame[] = [];
  /** A key or item whose value starts on a later line, and the indentation it is under. */
  private pending = true;
  private pendingIndent = 0;
  private pendingInMapping = true;
  /**
   * A line a scalar's reader looked at and left (the next key's, most often): where it starts,
   * its first non-blank and its end, so that read() does not look again.
   */
  private seenAt = -1;
  private seenFirst = 0;
  private seenEnd = 0;

  constructor(private readonly s: string) {}

  read(): void {
    const s = this.s;
    const n = s.length;
    let pos = 0;
    while (pos < n) {
      let eol: number;
      let i: number;
      if (pos === this.seenAt) {
        eol = this.seenEnd;
        i = this.seenFirst;
      } else {
        eol = lineEnd(s, pos);
        i = pos;
        while (i < eol && s.charCodeAt(i) === SPACE) i++;
      }
      if (i === eol || s.charCodeAt(i) === HASH) {
        pos = eol + 1;
        continue;
      }
      pos = this.line(pos, i, eol);
    }
  }

  /** One line of content (`i`: its first non-blank); the position of the next line to read. */
  private line(start: number, i: number, eol: number): number {
    const s = this.s;
    const indent = i - start;
    const item = s.charCodeAt(i) === DASH && isItemEnd(s.charCodeAt(i + 1));
    const stack = this.stack;
    if (this.pending) {
      this.pending = false;
      if (indent > this.pendingIndent || (indent === this.pendingIndent && this.pendingInMapping && item)) this.open(item, indent);
    }
    let top = stack[stack.length - 1];
    while (top && top.indent > indent) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    // A sequence written at its key's indentation ends at the next key.
    if (top && top.seq && top.indent === indent && !item) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.indent !== indent || top.seq !== item) throw new NotPlain();
    return item ? this.item(top, i, eol) : this.entry(top, i, eol);
  }

  private open(seq: boolean, indent: number): Frame {
    if (this.stack.length >= MAX_FRAMES) throw new NotPlain();
    const frame = { seq, indent, keys: seq ? undefined : new Set<string>() };
    this.stack.push(frame);
    return frame;
  }

  /** `key: value` in a mapping. */
  private entry(frame: Frame, i: number, eol: number): number {
    const colon = keyEnd(this.s, i, eol);
    if (colon === -1) throw new NotPlain();
    const raw = this.s.slice(i, colon);
    let key: string;
    try {
      key = plainKey(raw);
    } catch {
      throw new NotPlain();
    }
    if (frame.keys?.has(key)) throw new NotPlain();
    frame.keys?.add(key);
    return this.value(colon + 1, eol, frame.indent, true);
  }

  /** `- value`, `- key: value` or `-` in a sequence. */
  private item(frame: Frame, i: number, eol: number): number {
    const s = this.s;
    let k = i + 1;
    while (k < eol && s.charCodeAt(k) === SPACE) k++;
    if (k === eol || s.charCodeAt(k) === HASH) {
      this.await(frame.indent, false);
      return eol + 1;
    }
    // A sequence in an item on its line (`- - a`) is left to the parser.
    if (s.charCodeAt(k) === DASH && isItemEnd(s.charCodeAt(k + 1))) throw new NotPlain();
    if (keyEnd(s, k, eol) !== -1) {
      const start = s.lastIndexOf('\n', i) + 1;
      return this.entry(this.open(false, k - start), k, eol);
    }
    return this.value(k, eol, frame.indent, false);
  }

  private await(indent: number, inMapping: boolean): void {
    this.pending = true;
    this.pendingIndent = indent;
    this.pendingInMapping = inMapping;
  }

  /** A value from `k` on its line, under a node at `indent`; the position of the next line to read. */
  private value(k: number, eol: number, indent: number, inMapping: boolean): number {
    const s = this.s;
    while (k < eol && s.charCodeAt(k) === SPACE) k++;
    if (k === eol || s.charCodeAt(k) === HASH) {
      this.await(indent, inMapping);
      return eol + 1;
    }
    const c = s.charCodeAt(k);
    if (c === PIPE || c === GREATER) {
      const header = BLOCK_HEADER.exec(s.slice(k, eol).trimEnd());
      if (!header) throw new NotPlain();
      return this.blockScalar(eol + 1, indent, Number(header[1] ?? header[2] ?? 0));
    }
    if (c === DOUBLE) return this.quoted(k, eol, indent, DOUBLE);
    if (c === SINGLE) return this.quoted(k, eol, indent, SINGLE);
    if (c === 0x7b) {
      if (withoutComment(s.slice(k, eol)) !== '{}') throw new NotPlain();
      return eol + 1;
    }
    if (c === 0x5b) {
      flowSequence(withoutComment(s.slice(k, eol)));
      return eol + 1;
    }
    if (NOT_PLAIN_START.has(c) || (c === DASH && isItemEnd(s.charCodeAt(k + 1)))) throw new NotPlain();
    return this.plain(k, eol, indent);
  }

  /**
   * A plain scalar, over the lines more indented than its node that follow it. Only a one-line
   * scalar is typed (plainValue refuses the infinities and NaN JSON cannot hold): lines folded
   * into one are joined by a space, and go-yaml reads text with a space as a string, always.
   */
  private plain(k: number, eol: number, indent: number): number {
    const s = this.s;
    const n = s.length;
    let stop = plainLineEnd(s, k, eol);
    const firstEnd = trimmedEnd(s, k, stop);
    let folded = false;
    // A comment ends the scalar: a line after it would not fold into it.
    let commented = stop < eol;
    let pos = eol + 1;
    while (pos < n) {
      const next = lineEnd(s, pos);
      let i = pos;
      while (i < next && s.charCodeAt(i) === SPACE) i++;
      if (i - pos <= indent && i < next) {
        this.seen(pos, i, next);
        break;
      }
      if (i === next) {
        // A blank line: a more indented line after it would fold into the scalar.
        const after = this.nextContentIndent(next + 1);
        if (after > indent) throw new NotPlain();
        break;
      }
      const c = s.charCodeAt(i);
      // A comment ends the scalar (a line after it would not fold into it), as does a `#` that starts a line.
      if (commented || c === HASH) throw new NotPlain();
      stop = plainLineEnd(s, i, next);
      folded = true;
      commented = stop < next;
      pos = next + 1;
    }
    if (!folded) {
      try {
        plainValue(s.slice(k, firstEnd));
      } catch {
        throw new NotPlain();
      }
    }
    return pos;
  }

  /** Keeps what was learnt of the line at `pos` for read(); returns `pos`. */
  private seen(pos: number, first: number, end: number): number {
    this.seenAt = pos;
    this.seenFirst = first;
    this.seenEnd = end;
    return pos;
  }

  /** The indentation of the next line with content from `pos` (comments included), -1 at the end. */
  private nextContentIndent(pos: number): number {
    const s = this.s;
    while (pos < s.length) {
      const end = lineEnd(s, pos);
      let i = pos;
      while (i < end && s.charCodeAt(i) === SPACE) i++;
      if (i < end) return i - pos;
      pos = end + 1;
    }
    return -1;
  }

  /** A literal or folded block scalar's lines, from `pos`, under a node at `indent`; `width`: its indentation indicator, 0 for none. */
  private blockScalar(pos: number, indent: number, width: number): number {
    const s = this.s;
    const n = s.length;
    let leading = 0;
    let contentIndent = width > 0 ? indent + width : -1;
    while (pos < n) {
      const end = lineEnd(s, pos);
      let i = pos;
      while (i < end && s.charCodeAt(i) === SPACE) i++;
      const lineIndent = i - pos;
      if (i === end) {
        if (contentIndent === -1) leading = Math.max(leading, lineIndent);
      } else if (contentIndent === -1) {
        if (lineIndent <= indent) return this.seen(pos, i, end);
        // Leading blank lines more indented than the first content are left to the parser.
        if (leading > lineIndent) throw new NotPlain();
        contentIndent = lineIndent;
      } else if (lineIndent < contentIndent) return this.seen(pos, i, end);
      pos = end + 1;
    }
    return n;
  }

  /** A quoted scalar, on its line or folded over the more indented lines after it. */
  private quoted(k: number, eol: number, indent: number, quote: number): number {
    const s = this.s;
    let j = k + 1;
    let end = eol;
    for (;;) {
      for (; j < end; j++) {
        const c = s.charCodeAt(j);
        if (quote === DOUBLE && c === BACKSLASH) {
          // An escaped line break, or an escape not known to read alike, is left to the parser.
          if (!KNOWN_ESCAPES.has(s.charCodeAt(j + 1))) throw new NotPlain();
          j++;
        } else if (c === quote) {
          if (quote === DOUBLE || s.charCodeAt(j + 1) !== SINGLE) return this.afterQuoted(j + 1, end);
          j++;
        }
      }
      // The scalar goes on: its next line must have content, more indented than its node.
      const next = end + 1;
      if (next >= s.length) throw new NotPlain();
      end = lineEnd(s, next);
      j = next;
      while (j < end && s.charCodeAt(j) === SPACE) j++;
      if (j === end || j - next <= indent) throw new NotPlain();
    }
  }

  /** After a closing quote: blanks, then the line's end or a comment. */
  private afterQuoted(j: number, eol: number): number {
    const rest = this.s.slice(j, eol);
    const trimmed = rest.trimStart();
    if (trimmed !== '' && !(trimmed.charCodeAt(0) === HASH && trimmed.length < rest.length)) throw new NotPlain();
    return eol + 1;
  }
}

/** Checks a one-line flow sequence of plain and quoted scalars (`[a, "b"]`, `[]`); anything else in it is left to the parser. */
function flowSequence(flow: string): void {
  if (flow.charCodeAt(flow.length - 1) !== 0x5d) throw new NotPlain();
  const inner = flow.slice(1, -1).trim();
  if (inner === '') return;
  for (const part of inner.split(',')) {
    const item = part.trim();
    const q = item.charCodeAt(0);
    if (q === DOUBLE || q === SINGLE) {
      const body = item.slice(1, -1);
      if (item.length < 2 || item.charCodeAt(item.length - 1) !== q || body.includes(q === DOUBLE ? '"' : "'") || body.includes('\\')) throw new NotPlain();
    } else if (FLOW_PLAIN_ITEM.test(item)) {
      try {
        plainValue(item);
      } catch {
        throw new NotPlain();
      }
    } else throw new NotPlain();
  }
}

/**
 * Where a plain scalar's line from `k` stops: the `#` of its comment, or the line's end. A `:`
 * followed by a blank or the line's end before that is left to the parser.
 */
function plainLineEnd(s: string, k: number, eol: number): number {
  for (let j = k; j < eol; j++) {
    const c = s.charCodeAt(j);
    if (c === HASH && j > k && s.charCodeAt(j - 1) === SPACE) return j;
    if (c === COLON && (j + 1 === eol || s.charCodeAt(j + 1) === SPACE)) throw new NotPlain();
  }
  return eol;
}

/** The end of the text from `k` to `end` without its trailing blanks. */
function trimmedEnd(s: string, k: number, end: number): number {
  while (end > k && s.charCodeAt(end - 1) === SPACE) end--;
  return end;
}

/** A line's text before ` #`, without trailing blanks. */
function withoutComment(line: string): string {
  const hash = line.indexOf(' #');
  return (hash === -1 ? line : line.slice(0, hash)).trimEnd();
}
