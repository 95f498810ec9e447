// A document's events as a few numbers each. A parse worker (pool.ts) sends the events of what
// it parsed in one transferable buffer, and the lint pass turns a document's numbers back into
// events only when a report is placed in it: without them, each document with a report was
// parsed a second time on the lint pass's thread, which then did most of the parsing again.
import { EVENT_ID, type Event } from 'js-yaml';

const { DOCUMENT, SEQUENCE, MAPPING, SCALAR, ALIAS, POP } = EVENT_ID;

// The first number of an event: its type and flags; then its offsets, by type:
// - a sequence or mapping: start;
// - a scalar: valueStart, valueEnd, indent;
// - an alias: anchorStart, anchorEnd;
// - and, when PROPS is set, anchorStart, anchorEnd, tagStart, tagEnd.
const TYPE_BITS = 0x7;
const STYLE_SHIFT = 3; // 3 bits
const CHOMPING_SHIFT = 6; // 2 bits
const FAST = 1 << 8;
const EXPLICIT_START = 1 << 9;
const EXPLICIT_END = 1 << 10;
const PROPS = 1 << 11;

/** Growable list of 32-bit numbers. */
export class Codes {
  private buffer = new Int32Array(4096);
  length = 0;

  push(n: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = n;
  }

  /** Appends numbers another Codes wrote. */
  pushAll(codes: Int32Array): void {
    while (this.length + codes.length > this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer.set(codes, this.length);
    this.length += codes.length;
  }

  /** The numbers written, in a buffer of their own (to transfer). */
  done(): Int32Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Appends a document's start (no directives: the only kind a document's numbers hold). */
export function pushDocument(out: Codes, explicitStart: boolean): void {
  out.push(DOCUMENT | (explicitStart ? EXPLICIT_START : 0));
}

/** Appends a sequence's or mapping's start, without anchor or tag. */
export function pushCollection(out: Codes, type: typeof SEQUENCE | typeof MAPPING, style: number, start: number): void {
  out.push(type | (style << STYLE_SHIFT));
  out.push(start);
}

/** Appends a scalar without anchor or tag; `valueStart` -1 for an empty one. */
export function pushScalar(out: Codes, style: number, chomping: number, fast: boolean, valueStart: number, valueEnd: number, indent: number): void {
  out.push(SCALAR | (style << STYLE_SHIFT) | (chomping << CHOMPING_SHIFT) | (fast ? FAST : 0));
  out.push(valueStart);
  out.push(valueEnd);
  out.push(indent);
}

/** Appends the end of the innermost open collection or document. */
export function pushPop(out: Codes): void {
  out.push(POP);
}

/**
 * Appends a document's events to `out`; false (and `out` as it was) when they cannot be held:
 * a document with directives (rare, and re-parsed when a report needs it).
 */
export function encodeEvents(events: readonly Event[], out: Codes): boolean {
  const mark = out.length;
  for (const e of events) {
    switch (e.type) {
      case DOCUMENT:
        if (e.directives.length > 0) {
          out.length = mark;
          return false;
        }
        out.push(DOCUMENT | (e.explicitStart ? EXPLICIT_START : 0) | (e.explicitEnd ? EXPLICIT_END : 0));
        break;
      case SEQUENCE:
      case MAPPING: {
        const props = e.anchorStart >= 0 || e.tagStart >= 0;
        out.push(e.type | (e.style << STYLE_SHIFT) | (props ? PROPS : 0));
        out.push(e.start);
        if (props) pushProps(e, out);
        break;
      }
      case SCALAR: {
        const props = e.anchorStart >= 0 || e.tagStart >= 0;
        out.push(SCALAR | (e.style << STYLE_SHIFT) | (e.chomping << CHOMPING_SHIFT) | (e.fast ? FAST : 0) | (props ? PROPS : 0));
        out.push(e.valueStart);
        out.push(e.valueEnd);
        out.push(e.indent);
        if (props) pushProps(e, out);
        break;
      }
      case ALIAS:
        out.push(ALIAS);
        out.push(e.anchorStart);
        out.push(e.anchorEnd);
        break;
      case POP:
        out.push(POP);
        break;
    }
  }
  return true;
}

function pushProps(e: { anchorStart: number; anchorEnd: number; tagStart: number; tagEnd: number }, out: Codes): void {
  out.push(e.anchorStart);
  out.push(e.anchorEnd);
  out.push(e.tagStart);
  out.push(e.tagEnd);
}

/** The events encodeEvents wrote into `codes` (the whole array: one document's numbers). */
export function decodeEvents(codes: Int32Array): Event[] {
  const events: Event[] = [];
  let i = 0;
  const next = (): number => codes[i++] as number;
  while (i < codes.length) {
    const head = next();
    const type = head & TYPE_BITS;
    const props = (head & PROPS) !== 0;
    const style = (head >> STYLE_SHIFT) & 0x7;
    switch (type) {
      case DOCUMENT:
        events.push({ type: DOCUMENT, explicitStart: (head & EXPLICIT_START) !== 0, explicitEnd: (head & EXPLICIT_END) !== 0, directives: [] });
        break;
      case SEQUENCE:
      case MAPPING: {
        const start = next();
        const [anchorStart, anchorEnd, tagStart, tagEnd] = props ? [next(), next(), next(), next()] : [-1, -1, -1, -1];
        events.push({ type, start, anchorStart, anchorEnd, tagStart, tagEnd, style } as Event);
        break;
      }
      case SCALAR: {
        const valueStart = next();
        const valueEnd = next();
        const indent = next();
        const [anchorStart, anchorEnd, tagStart, tagEnd] = props ? [next(), next(), next(), next()] : [-1, -1, -1, -1];
        const chomping = (head >> CHOMPING_SHIFT) & 0x3;
        events.push({ type: SCALAR, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping, indent, fast: (head & FAST) !== 0 } as Event);
        break;
      }
      case ALIAS:
        events.push({ type: ALIAS, anchorStart: next(), anchorEnd: next() });
        break;
      case POP:
        events.push({ type: POP });
        break;
      default:
        throw new Error(`unknown event code ${head}`);
    }
  }
  return events;
}
