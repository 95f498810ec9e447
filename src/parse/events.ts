// The fast path from YAML text to plain values: js-yaml's event parser (a flat list of
// events with source offsets, no syntax tree), and a constructor that types scalars and keys
// as go-yaml v2 does (go-yaml.ts, which the `yaml` path uses too), records duplicate keys with
// their offsets and applies merge keys. It takes only what it can take exactly: anything
// unusual (tags other than !!str, complex keys, directives, several documents, escapes or
// values go-yaml refuses, any syntax error) is handed back, and yaml.ts parses that document
// instead, reporting what go-yaml refuses at its place. Plain block text, most of a manifest
// repository, is read first by plain-block.ts, which gives the same result in one pass.
import { parseEvents, getScalarValue, type Event, type ScalarEvent } from 'js-yaml';
import { defineKey, doubleQuotedProblem, GoYamlError, plainKey, plainValue } from './go-yaml.ts';
import { MAX_ALIAS_EXPANSION, MAX_DEPTH } from './limits.ts';
import { decodeEvents } from './event-codec.ts';
import type { DuplicateKey } from '../common/types.ts';
import { SKIM_MIN_LENGTH, skimCuts, type Cut } from './skim.ts';
import { parsePlainBlock } from './plain-block.ts';

export { MAX_ALIAS_EXPANSION, MAX_DEPTH } from './limits.ts';
export { defineKey } from './go-yaml.ts';

export type FastResult =
  | {
      readonly kind: 'value';
      readonly value: unknown;
      readonly duplicateKeys: DuplicateKey[];
      /** Offset of the document's content in the parsed text (its end when empty). */
      readonly contentStart: number;
      /** The events read: those documentEvents gives for this text (see rememberEvents); as numbers (event-codec.ts) when plain-block.ts read it. */
      readonly events: readonly Event[] | Int32Array;
    }
  /** Nesting deeper than MAX_DEPTH: refused, as a syntax problem at `offset`. */
  | { readonly kind: 'too-deep'; readonly offset: number }
  /** Not taken: parse the text with the `yaml` path. */
  | { readonly kind: 'fallback' };

const FALLBACK = { kind: 'fallback' } as const;

// Event type numbers (js-yaml's EVENT_ID).
const DOCUMENT = 1;
const SEQUENCE = 2;
const MAPPING = 3;
const SCALAR = 4;
const ALIAS = 5;
const POP = 6;
const PLAIN = 1;
const DOUBLE_QUOTED = 3;
const FLOW = 2;

const TAB_INDENT = /^[ ]*\t/m;
const DOCUMENT_START = /^---(?:[ \t\r\n]|$)/m;

/**
 * Kinds whose contents no rule reads: only their identity and metadata are kept (labels and
 * annotations are linted on every kind). CustomResourceDefinitions are most of the bytes of
 * real repositories (82% of the corpus), their OpenAPI schemas thousands of objects each,
 * and nothing about them decides what Istio does to a pod. Syntax errors and duplicate keys
 * are still found in the whole document. A rule that needs more of such a kind removes it here.
 */
export const METADATA_ONLY_KINDS: ReadonlySet<string> = new Set(['CustomResourceDefinition']);
/** The top-level keys kept of those kinds. */
export const KEPT_KEYS: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);
const TOP_LEVEL_KIND = /^kind:[ \t]*["']?([A-Za-z0-9]+)["']?[ \t]*(?:#.*)?\r?$/m;
/** Stands for a value not built (its key is checked, its contents are not kept). */
const GHOST = Symbol('not built');
/** An anchored collection not yet closed: an alias to it is an alias inside the node it names. */
const OPEN = Symbol('open');

class Unsupported extends Error {}
class AliasBudget extends Error {}

interface MapFrame {
  readonly kind: typeof MAPPING;
  /** Written in flow style: go-yaml wants each key's `:` on the key's line (see flowKeyProblem). */
  readonly flow: boolean;
  /** Inside contents no rule reads (see METADATA_ONLY_KINDS): keys are checked, nothing is built. */
  readonly ghost: boolean;
  readonly obj: Record<string, unknown>;
  readonly anchor: string | undefined;
  seen: Map<string, { offset: number; endOffset: number; value: unknown }> | undefined;
  /** The key waiting for its value; undefined while a key is expected. */
  key: string | undefined;
  keyStart: number;
  keyEnd: number;
  isMerge: boolean;
  size: number;
}

interface SeqFrame {
  readonly kind: typeof SEQUENCE;
  readonly ghost: boolean;
  readonly arr: unknown[];
  readonly anchor: string | undefined;
  size: number;
}

type Frame = MapFrame | SeqFrame;

/**
 * Parses one document's text (a `---` group of a stream, as readChunk gives it: go-yaml's line
 * breaks already LF). `base` is the text's offset in its file: duplicate-key offsets are file
 * offsets. `json`: the stream is JSON to kubectl, whose escapes (`\/`) Go's JSON decoder reads.
 * `skim` and `plain` off: the general way only (tests compare the lanes).
 */
export function parseFast(text: string, base: number, json = false, skim = true, plain = true): FastResult {
  if (!eventsFit(text)) return FALLBACK;
  // The contents of METADATA_ONLY_KINDS in plain block form are checked by skim.ts, not tokenised.
  // The kind the text seems to have, read once: its contents are left out of the value when no rule reads them.
  const metadataOnly = METADATA_ONLY_KINDS.has(TOP_LEVEL_KIND.exec(text)?.[1] ?? '');
  if (plain && !json && !metadataOnly) {
    const block = parsePlainBlock(text, base);
    if (block) return { kind: 'value', value: block.value, duplicateKeys: block.duplicateKeys, contentStart: block.contentStart, events: block.codes };
  }
  const cuts = skim && !json && metadataOnly && text.length >= SKIM_MIN_LENGTH ? skimCuts(text, KEPT_KEYS) : [];
  let events: Event[];
  try {
    events = cuts.length === 0 ? parseEvents(text, { maxDepth: MAX_DEPTH }) : eventsWithout(text, cuts);
  } catch (e) {
    const reason = (e as { reason?: unknown }).reason;
    if (typeof reason === 'string' && reason.startsWith('nesting exceeded maxDepth')) {
      return { kind: 'too-deep', offset: base + ((e as { mark?: { position?: number } }).mark?.position ?? 0) };
    }
    return FALLBACK;
  }
  try {
    return construct(text, events, base, json, metadataOnly);
  } catch (e) {
    // What go-yaml refuses is reported by the `yaml` path, at its place in the document.
    if (e instanceof Unsupported || e instanceof AliasBudget || e instanceof GoYamlError) return FALLBACK;
    throw e;
  }
}

/**
 * The events of `text` without the ranges cut, their offsets those of `text`. A text the
 * parser refuses once cut is parsed whole, so that it is refused as it would be uncut.
 */
function eventsWithout(text: string, cuts: readonly Cut[]): Event[] {
  let reduced = '';
  let at = 0;
  // Where each cut starts in the reduced text, and how much was cut up to there.
  const starts: number[] = [];
  const shifts: number[] = [];
  for (const cut of cuts) {
    reduced += text.slice(at, cut.start);
    starts.push(reduced.length);
    shifts.push(cut.end - reduced.length);
    at = cut.end;
  }
  reduced += text.slice(at);
  let events: Event[];
  try {
    events = parseEvents(reduced, { maxDepth: MAX_DEPTH });
  } catch {
    return parseEvents(text, { maxDepth: MAX_DEPTH });
  }
  const shifted = (p: number): number => {
    if (p < 0) return p;
    for (let i = starts.length - 1; i >= 0; i--) if (p >= (starts[i] as number)) return p + (shifts[i] as number);
    return p;
  };
  for (const e of events) {
    const r = e as { start?: number; valueStart?: number; valueEnd?: number; anchorStart?: number; anchorEnd?: number; tagStart?: number; tagEnd?: number };
    if (r.start !== undefined) r.start = shifted(r.start);
    if (r.valueStart !== undefined) r.valueStart = shifted(r.valueStart);
    if (r.valueEnd !== undefined) r.valueEnd = shifted(r.valueEnd);
    if (r.anchorStart !== undefined) r.anchorStart = shifted(r.anchorStart);
    if (r.anchorEnd !== undefined) r.anchorEnd = shifted(r.anchorEnd);
    if (r.tagStart !== undefined) r.tagStart = shifted(r.tagStart);
    if (r.tagEnd !== undefined) r.tagEnd = shifted(r.tagEnd);
  }
  return events;
}

/** Whether js-yaml reads this text as the `yaml` path does, as far as cheap checks can tell. */
function eventsFit(text: string): boolean {
  // A tab in a line's indentation: js-yaml takes some that the `yaml` path refuses.
  if (text.includes('\t') && TAB_INDENT.test(text)) return false;
  // A byte order mark inside the text: the two parsers place document boundaries differently.
  return !text.includes('\ufeff');
}

/** How many documents' events are kept after their parse (see rememberEvents). */
const RECENT_DOCUMENTS = 4;
/** `text` undefined: the events of the document at `start` of `file`, whatever its text (see rememberEncodedEvents). */
const recent: { readonly file: object; readonly start: number; readonly text: string | undefined; events: readonly Event[] | undefined; readonly codes?: Int32Array }[] = [];

/**
 * Keeps the events of a document the fast path has just read (`file` and `start`: where its
 * text is), for the few documents read last. A report on a document is placed right after the
 * document is linted (Locator), from these same events: without them, each document with a
 * finding was parsed twice (a third of a run over a file with thousands of findings).
 * `text` undefined: they are the events of the document's text as parseGroup reads it.
 */
export function rememberEvents(file: object, start: number, text: string | undefined, events: readonly Event[] | Int32Array): void {
  recent.push(events instanceof Int32Array ? { file, start, text, events: undefined, codes: events } : { file, start, text, events });
  if (recent.length > RECENT_DOCUMENTS) recent.shift();
}

/**
 * The same for events a parse worker sent (event-codec.ts), of the document's text as
 * parseGroup reads it: decoded when a report is placed in the document.
 */
export function rememberEncodedEvents(file: object, start: number, codes: Int32Array): void {
  recent.push({ file, start, text: undefined, events: undefined, codes });
  if (recent.length > RECENT_DOCUMENTS) recent.shift();
}

/** The events the last parse of the document at `start` of `file` kept (a parse worker sends them on), as objects or numbers. */
export function rememberedEvents(file: object, start: number): readonly Event[] | Int32Array | undefined {
  for (let i = recent.length - 1; i >= 0; i--) {
    const r = recent[i];
    if (r && r.file === file && r.start === start) return r.events ?? r.codes;
  }
  return undefined;
}

/** Events kept for a whole file while it lives (pinEvents), by the start of each document's text. */
const pinned = new WeakMap<object, Map<number, { readonly text: string; readonly events: readonly Event[] }>>();

/**
 * Keeps a document's events for as long as its file lives: a DocumentCache (the language
 * server's) hands out the same documents edit after edit, unparsed, and the locator places each
 * edit's reports in them.
 */
export function pinEvents(file: object, start: number, text: string, events: readonly Event[]): void {
  let own = pinned.get(file);
  if (!own) pinned.set(file, (own = new Map()));
  own.set(start, { text, events });
}

/** Drops the events kept for a file (pinEvents). */
export function unpinEvents(file: object): void {
  pinned.delete(file);
}

/** The events rememberEvents or pinEvents kept for this text at this place, if they still have them. */
export function recentEvents(file: object, start: number, text: string): readonly Event[] | undefined {
  const kept = pinned.get(file)?.get(start);
  if (kept && kept.text === text) return kept.events;
  for (const r of recent) {
    if (r.file !== file || r.start !== start || (r.text !== undefined && r.text !== text)) continue;
    if (!r.events && r.codes) r.events = decodeEvents(r.codes);
    return r.events;
  }
  return undefined;
}

/**
 * The events of one document's text, when the fast path reads it as the `yaml` path does
 * (one document, no directives, no odd whitespace); undefined otherwise.
 */
export function documentEvents(text: string): readonly Event[] | undefined {
  if (!eventsFit(text)) return undefined;
  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: MAX_DEPTH });
  } catch {
    return undefined;
  }
  if (!startsPlainDocument(text, events)) return undefined;
  if (events.findIndex((e, i) => i > 0 && e.type === DOCUMENT) !== -1) return undefined;
  return events;
}

/**
 * Whether the events open one document the way the `yaml` path opens it: no directives, and no
 * indented `---` (js-yaml takes one as a document start; the `yaml` path reads it as a key).
 */
function startsPlainDocument(text: string, events: readonly Event[]): boolean {
  const first = events[0];
  return first !== undefined && first.type === DOCUMENT && first.directives.length === 0 && !(first.explicitStart && !DOCUMENT_START.test(text));
}

/** The index just past the node that starts at events[i]. */
function skipNode(events: readonly Event[], i: number): number {
  const t = events[i]?.type;
  if (t !== MAPPING && t !== SEQUENCE) return i + 1;
  let depth = 0;
  for (let j = i; j < events.length; j++) {
    const e = events[j] as Event;
    if (e.type === MAPPING || e.type === SEQUENCE) depth++;
    else if (e.type === POP && --depth === 0) return j + 1;
  }
  return events.length;
}

/** A key's string, as the constructor makes it (plain keys typed first: `true:` is "true"); undefined for a key go-yaml refuses. */
function keyText(text: string, e: ScalarEvent): string | undefined {
  const raw = e.valueStart < 0 ? '' : e.fast ? text.slice(e.valueStart, e.valueEnd) : getScalarValue(text, e);
  if (e.style !== PLAIN || e.tagStart >= 0) return raw;
  try {
    return plainKey(raw);
  } catch (err) {
    if (err instanceof GoYamlError) return undefined;
    throw err;
  }
}

/** A scalar's source range, quotes included. */
const scalarRange = (e: ScalarEvent): [number, number] => (e.style === 2 || e.style === 3 ? [e.valueStart - 1, e.valueEnd + 1] : [e.valueStart, e.valueEnd]);

/**
 * The range a report at `path` underlines, from a document's events, for the common cases,
 * exactly as the `yaml` syntax tree gives it (Locator.offsets):
 * - a mapping key whose value is a one-line scalar: the key and the value;
 * - a mapping key whose value is a block collection: the key;
 * - a block sequence's item that is a one-line scalar: the scalar; a block mapping written over
 *   several lines (`- name: a`): from its first key to the end of that line (`end` undefined:
 *   the caller ends it where the file's line ends);
 * - a path that does not exist: the range of the deepest part of it that does.
 * Offsets are relative to the text. Undefined for anything else (flow collections, block
 * scalars, empty values, aliases, anchors, tags, other sequence items, the document itself):
 * the tree answers those.
 */
export function keyRange(text: string, events: readonly Event[], path: readonly (string | number)[]): [number, number | undefined] | undefined {
  if (path.length === 0) return undefined;
  let i = 1;
  let key: ScalarEvent | undefined;
  let depth = 0;
  for (const step of path) {
    const node = events[i];
    if (!node) return undefined;
    if (node.type === ALIAS || ((node.type === MAPPING || node.type === SEQUENCE || node.type === SCALAR) && (node.tagStart >= 0 || node.anchorStart >= 0))) return undefined;
    let next: number | undefined;
    let nextKey: ScalarEvent | undefined;
    if (node.type === MAPPING) {
      let j = i + 1;
      while (j < events.length && (events[j] as Event).type !== POP) {
        const k = events[j] as Event;
        if (k.type !== SCALAR || k.anchorStart >= 0 || k.tagStart >= 0) return undefined;
        // The last of duplicate keys is the one that counts, as in the value.
        if (keyText(text, k) === String(step)) {
          next = j + 1;
          nextKey = k;
        }
        j = skipNode(events, j + 1);
      }
    } else if (node.type === SEQUENCE && typeof step === 'number') {
      let j = i + 1;
      for (let n = 0; n < step && j < events.length && (events[j] as Event).type !== POP; n++) j = skipNode(events, j);
      if (j < events.length && (events[j] as Event).type !== POP) next = j;
    }
    // Not there: the tree stops at the deepest part that is.
    if (next === undefined) break;
    i = next;
    key = nextKey;
    depth++;
  }
  if (depth === 0) return undefined;
  const value = events[i];
  if (!value) return undefined;
  if (!key) return itemRange(text, events, i);
  if (key.valueStart < 0) return undefined;
  const [k0, k1] = scalarRange(key);
  if (value.type === SCALAR) {
    if (value.valueStart < 0 || value.anchorStart >= 0 || value.tagStart >= 0 || value.style > 3) return undefined;
    const [, v1] = scalarRange(value);
    // A plain or quoted scalar over several lines: its end is the `yaml` tree's to say.
    if (text.slice(k0, v1).includes('\n')) return undefined;
    return [k0, v1];
  }
  if ((value.type === MAPPING || value.type === SEQUENCE) && value.style === 1 && value.anchorStart < 0 && value.tagStart < 0) return [k0, k1];
  return undefined;
}

/** The range of the block sequence item at events[i] (see keyRange), or undefined when the tree must say. */
function itemRange(text: string, events: readonly Event[], i: number): [number, number | undefined] | undefined {
  const item = events[i];
  if (!item) return undefined;
  if (item.type === SCALAR) {
    if (item.valueStart < 0 || item.anchorStart >= 0 || item.tagStart >= 0 || item.style > 3) return undefined;
    const [v0, v1] = scalarRange(item);
    if (text.slice(v0, v1).includes('\n') || !afterDash(text, v0)) return undefined;
    return [v0, v1];
  }
  if (item.type !== MAPPING || item.style !== 1 || item.anchorStart >= 0 || item.tagStart >= 0) return undefined;
  const first = events[i + 1];
  if (!first || first.type !== SCALAR || first.valueStart < 0 || first.anchorStart >= 0 || first.tagStart >= 0 || first.style > 3) return undefined;
  const [start] = scalarRange(first);
  if (!afterDash(text, start)) return undefined;
  // Over several lines: some key or value of the mapping starts after the first line.
  const lineBreak = text.indexOf('\n', start);
  if (lineBreak === -1) return undefined;
  const end = skipNode(events, i);
  for (let j = i + 2; j < end; j++) {
    const e = events[j] as Event;
    const at = e.type === SCALAR ? e.valueStart : e.type === MAPPING || e.type === SEQUENCE ? e.start : -1;
    if (at > lineBreak) return [start, undefined];
  }
  return undefined;
}

/** Whether only spaces stand between a sequence item's `-` and `offset`, on one line. */
function afterDash(text: string, offset: number): boolean {
  let j = offset - 1;
  while (j >= 0 && text.charCodeAt(j) === 0x20) j--;
  return j >= 0 && j < offset - 1 && text.charCodeAt(j) === 0x2d;
}

/** The events' index of the node at `path` (mapping keys, the last of duplicates; sequence items), when no tag or anchor is on the way. */
function nodeAt(text: string, events: readonly Event[], path: readonly (string | number)[]): number | undefined {
  let i = 1;
  for (const step of path) {
    const node = events[i];
    if (!node || (node.type !== MAPPING && node.type !== SEQUENCE) || node.tagStart >= 0 || node.anchorStart >= 0) return undefined;
    let j = i + 1;
    let found: number | undefined;
    if (node.type === MAPPING) {
      while (j < events.length && (events[j] as Event).type !== POP) {
        const k = events[j] as Event;
        if (k.type !== SCALAR || k.anchorStart >= 0 || k.tagStart >= 0) return undefined;
        if (keyText(text, k) === String(step)) found = j + 1;
        j = skipNode(events, j + 1);
      }
    } else if (typeof step === 'number') {
      for (let n = 0; n < step && j < events.length && (events[j] as Event).type !== POP; n++) j = skipNode(events, j);
      if (j < events.length && (events[j] as Event).type !== POP) found = j;
    }
    if (found === undefined) return undefined;
    i = found;
  }
  return i;
}

const BLANK_OR_COMMENT_LINE = /^[ \t]*(?:#|$)/;

/**
 * Where an entry appended to the block mapping at `path` goes, from the events: the offset its
 * first key starts at (quotes included) and the offset its last entry ends at, relative to the
 * text. Only for the common case where the `yaml` syntax tree gives the same: a block mapping
 * whose last entry ends in a one-line plain or quoted scalar, followed on its line by nothing,
 * and on the next line by content or the end of the text (a comment or blank line there may
 * belong to the mapping). Undefined for anything else: the tree answers.
 */
export function blockMappingEnds(text: string, events: readonly Event[], path: readonly (string | number)[]): { firstKey: number; lastEnd: number } | undefined {
  const i = nodeAt(text, events, path);
  const node = i === undefined ? undefined : events[i];
  if (i === undefined || !node || node.type !== MAPPING || node.style === FLOW) return undefined;
  const first = events[i + 1];
  if (!first || first.type !== SCALAR || first.valueStart < 0) return undefined;
  // The deepest last scalar: the mapping's own last value, or the last one nested in it.
  let j = skipNode(events, i) - 2;
  while (j > i && (events[j] as Event).type === POP) j--;
  const last = events[j];
  if (j <= i + 1 || !last || last.type !== SCALAR || last.valueStart < 0 || last.style > DOUBLE_QUOTED || last.anchorStart >= 0 || last.tagStart >= 0) return undefined;
  const quoted = last.style !== PLAIN;
  const lastEnd = last.valueEnd + (quoted ? 1 : 0);
  if (text.slice(last.valueStart, last.valueEnd).includes('\n')) return undefined;
  const lineBreak = text.indexOf('\n', lastEnd);
  if (lineBreak === -1) return text.slice(lastEnd).trim() === '' ? { firstKey: first.valueStart - (first.style !== PLAIN ? 1 : 0), lastEnd } : undefined;
  if (text.slice(lastEnd, lineBreak).trim() !== '') return undefined;
  const nextEnd = text.indexOf('\n', lineBreak + 1);
  const next = text.slice(lineBreak + 1, nextEnd === -1 ? text.length : nextEnd);
  if (lineBreak + 1 < text.length && BLANK_OR_COMMENT_LINE.test(next)) return undefined;
  return { firstKey: first.valueStart - (first.style !== PLAIN ? 1 : 0), lastEnd };
}

function construct(text: string, events: readonly Event[], base: number, json: boolean, metadataOnly: boolean): FastResult {
  // One document (a second one ends the loop below), opened as the `yaml` path opens it.
  if (!startsPlainDocument(text, events)) return FALLBACK;
  const stack: Frame[] = [];
  const anchors = new Map<string, { value: unknown; size: number }>();
  const dups: DuplicateKey[] = [];
  let aliasNodes = 0;
  let root: unknown = null;
  let rootSet = false;
  let contentStart = -1;
  let depth = 0; // documents and collections open

  const noteStart = (...offsets: number[]): void => {
    if (contentStart !== -1) return;
    for (const o of offsets) if (o >= 0 && (contentStart === -1 || o < contentStart)) contentStart = o;
  };
  const anchorOf = (e: { anchorStart: number; anchorEnd: number }): string | undefined =>
    e.anchorStart >= 0 ? text.slice(e.anchorStart, e.anchorEnd) : undefined;

  /** Whether a node starting now, in a value or item position, is one whose contents are not built. */
  const ghostAt = (top: Frame | undefined): boolean =>
    top !== undefined && (top.ghost || (metadataOnly && stack.length === 1 && top.kind === MAPPING && top.key !== undefined && !KEPT_KEYS.has(top.key)));

  /** A finished node goes into its parent: a key, a value, an item, or the document itself. */
  const add = (value: unknown, size: number, keyInfo: ScalarEvent | undefined, isCollection: boolean): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = value;
      rootSet = true;
      return;
    }
    if (top.kind === SEQUENCE) {
      if (!top.ghost) top.arr.push(value);
      top.size += size;
      return;
    }
    if (top.key === undefined) {
      // A key: only scalars, as sigs.k8s.io/yaml turns them into strings.
      if (isCollection || !keyInfo) throw new Unsupported();
      // An empty key (`: value`): js-yaml takes compact nested mappings after it, `yaml` does not.
      if (keyInfo.valueStart < 0) throw new Unsupported();
      const quoted = keyInfo.style !== PLAIN;
      // A flow key over lines, or far from its `:`, which js-yaml takes: the `yaml` path judges it as go-yaml does.
      if (top.flow && !keyOnOneLine(text, keyInfo, quoted)) throw new Unsupported();
      top.isMerge = !quoted && keyInfo.valueStart >= 0 && text.slice(keyInfo.valueStart, keyInfo.valueEnd) === '<<';
      top.key = value as string;
      const start = keyInfo.valueStart >= 0 ? keyInfo.valueStart - (quoted ? 1 : 0) : 0;
      top.keyStart = base + start;
      top.keyEnd = base + (keyInfo.valueEnd >= 0 ? keyInfo.valueEnd + (quoted ? 1 : 0) : start);
      return;
    }
    const key = top.key;
    top.key = undefined;
    top.size += size;
    if (value === GHOST || top.ghost) {
      // Contents not built: a merge or a duplicate key there needs the values, so the `yaml` path reads it.
      top.seen ??= new Map();
      if (top.isMerge || top.seen.has(key)) throw new Unsupported();
      top.seen.set(key, { offset: top.keyStart, endOffset: top.keyEnd, value: GHOST });
      return;
    }
    if (top.isMerge) {
      mergeInto(top.obj, value);
      return;
    }
    const here = { offset: top.keyStart, endOffset: top.keyEnd, value };
    top.seen ??= new Map();
    const before = top.seen.get(key);
    if (before) dups.push({ mapPath: pathOf(stack), key, first: before, last: here });
    top.seen.set(key, here);
    defineKey(top.obj, key, value);
  };

  const countAlias = (size: number): void => {
    aliasNodes += size;
    if (aliasNodes > MAX_ALIAS_EXPANSION) throw new AliasBudget();
  };

  for (let i = 1; i < events.length; i++) {
    const e = events[i] as Event;
    switch (e.type) {
      case SCALAR: {
        if (depth === 0 && rootSet) return FALLBACK;
        noteStart(e.anchorStart, e.tagStart, e.valueStart);
        if (e.tagStart >= 0 && text.slice(e.tagStart, e.tagEnd) !== '!!str') throw new Unsupported();
        // An escape js-yaml takes and go-yaml refuses (`\/`, a surrogate): the `yaml` path reports it.
        if (e.style === DOUBLE_QUOTED && !json && !e.fast && doubleQuotedProblem(text.slice(e.valueStart, e.valueEnd))) throw new Unsupported();
        const parent = stack[stack.length - 1];
        const isKey = parent?.kind === MAPPING && parent.key === undefined;
        const raw = e.valueStart < 0 ? '' : e.fast ? text.slice(e.valueStart, e.valueEnd) : getScalarValue(text, e);
        const typed = e.style === PLAIN && e.tagStart < 0;
        if (ghostAt(parent) && !isKey) {
          // Not built, but still read as go-yaml reads it: a value it refuses (.inf) fails the document.
          if (typed) plainValue(raw);
          const anchor = anchorOf(e);
          if (anchor !== undefined) anchors.set(anchor, { value: GHOST, size: 1 });
          add(GHOST, 1, e, false);
          break;
        }
        const value = !typed ? raw : isKey ? plainKey(raw) : plainValue(raw);
        const anchor = anchorOf(e);
        // An anchored key: its alias would need the typed value, not the key's string.
        if (isKey && anchor !== undefined) throw new Unsupported();
        if (anchor !== undefined) anchors.set(anchor, { value, size: 1 });
        add(value, 1, e, false);
        break;
      }
      case ALIAS: {
        noteStart(e.anchorStart - 1);
        const target = anchors.get(text.slice(e.anchorStart, e.anchorEnd));
        // An unknown anchor, or one whose node is still open (an alias inside the node it names).
        if (!target || target.value === OPEN) throw new Unsupported();
        countAlias(target.size);
        const top = stack[stack.length - 1];
        // An alias as a key: the `yaml` path turns its value into a key string its own way.
        if (top && top.kind === MAPPING && top.key === undefined) throw new Unsupported();
        // A value not built, wanted where values are built: the `yaml` path builds it.
        if (target.value === GHOST && !ghostAt(top)) throw new Unsupported();
        add(target.value, 1 + target.size, undefined, false);
        break;
      }
      case MAPPING:
      case SEQUENCE: {
        noteStart(e.anchorStart, e.tagStart, e.start);
        if (e.tagStart >= 0) throw new Unsupported();
        const top = stack[stack.length - 1];
        if (top && top.kind === MAPPING && top.key === undefined) throw new Unsupported();
        const anchor = anchorOf(e);
        if (anchor !== undefined) anchors.set(anchor, { value: OPEN, size: 0 });
        const ghost = ghostAt(top);
        stack.push(
          e.type === MAPPING
            ? { kind: MAPPING, flow: e.style === FLOW, ghost, obj: {}, anchor, seen: undefined, key: undefined, keyStart: 0, keyEnd: 0, isMerge: false, size: 1 }
            : { kind: SEQUENCE, ghost, arr: [], anchor, size: 1 },
        );
        depth++;
        break;
      }
      case POP: {
        const frame = stack.pop();
        if (!frame) {
          // The document's end: anything after it is another document.
          if (i !== events.length - 1) return FALLBACK;
          break;
        }
        depth--;
        let value: unknown;
        if (frame.kind === MAPPING && frame.key !== undefined) throw new Unsupported();
        if (frame.ghost) value = GHOST;
        else if (frame.kind === MAPPING) value = frame.obj;
        else value = frame.arr;
        if (frame.anchor !== undefined) anchors.set(frame.anchor, { value, size: frame.size });
        add(value, frame.size, undefined, true);
        break;
      }
      default:
        return FALLBACK; // a second document
    }
  }
  // Contents were left out for the kind the text seemed to have: the value must say the same.
  if (metadataOnly && !METADATA_ONLY_KINDS.has(String((root as { kind?: unknown } | null)?.kind))) return FALLBACK;
  return { kind: 'value', value: root, duplicateKeys: dups, contentStart: contentStart === -1 ? text.length : contentStart, events };
}

/**
 * Whether a key of a flow mapping (its tag included) and the `:` after it are on one line and
 * near each other, as go-yaml requires of a key written without `?`. Looks only at the key and
 * the blanks after it.
 */
function keyOnOneLine(text: string, key: ScalarEvent, quoted: boolean): boolean {
  const start = key.tagStart >= 0 ? key.tagStart : key.valueStart - (quoted ? 1 : 0);
  let i = start;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return false;
    if (i >= key.valueEnd + (quoted ? 1 : 0) && c !== 0x20 && c !== 0x09 && c !== 0x0d) break;
  }
  // A comment before the `:` means the `:` is on a later line.
  return text.charCodeAt(i) !== 0x23 && i - start <= 1000;
}

/** The path of the mapping on top of the stack: each open collection's current key or index. */
function pathOf(stack: readonly Frame[]): (string | number)[] {
  const path: (string | number)[] = [];
  for (let i = 0; i < stack.length - 1; i++) {
    const f = stack[i] as Frame;
    path.push(f.kind === MAPPING ? (f.key ?? '') : f.arr.length);
  }
  return path;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A YAML 1.1 merge key, applied where it is written, as go-yaml v2 applies it: the merged
 * entries overwrite the keys written before `<<` and are overwritten by those after it; of a
 * list of mappings, the earlier ones win. Anything but a mapping or a list of mappings is
 * refused by go-yaml: the `yaml` path reports it.
 */
function mergeInto(out: Record<string, unknown>, merged: unknown): void {
  const sources = Array.isArray(merged) ? merged : [merged];
  if (!sources.every(isMapping)) throw new Unsupported();
  for (let i = sources.length - 1; i >= 0; i--) {
    for (const [k, val] of Object.entries(sources[i] as Record<string, unknown>)) defineKey(out, k, val);
  }
}
