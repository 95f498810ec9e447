// YAML text → plain values, as kubectl reads YAML: its reader cuts the stream at `---` lines,
// and go-yaml v2 (through sigs.k8s.io/yaml) types scalars (YAML 1.1 booleans such as `yes`/`on`,
// octal `0755` and `0o12`, timestamps and sexagesimal numbers as strings), turns keys into JSON
// strings and refuses what JSON cannot hold; see go-yaml.ts. Syntax problems and duplicate keys
// are found too. Each `---` group of a stream goes the fast way first (events.ts); the documents
// it does not take, and every syntax error, are read here with the `yaml` package, whose
// messages and go-yaml leniencies (lenient.ts) users see. Syntax trees are dropped after
// conversion: positions are recovered later, only for documents that have findings (see locator.ts).
import { Composer, Parser, isAlias, isMap, isPair, isScalar, isSeq, type Alias, type Document, type Node as YamlNode, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { KEPT_KEYS, MAX_ALIAS_EXPANSION, MAX_DEPTH, METADATA_ONLY_KINDS, defineKey, parseFast, rememberEvents } from './events.ts';
import { GoYamlError, MERGE_TAG, doubleQuotedProblem, flowKeyProblem, flowTabProblem, goScalar, isJsonStream, plainKey, plainValue, readChunk, scalarKey, scalarValue } from './go-yaml.ts';
import { parseLenient } from './lenient.ts';
import { tooManyValues } from './value-count.ts';
import { STRUCTURE_OPTIONS, withoutStacks } from './yaml-options.ts';
import type { DuplicateKey, ParsedDocument, SourceFile, SyntaxProblem } from '../common/types.ts';
import { exactText } from '../common/masked-text.ts';

export { YAML_OPTIONS } from './yaml-options.ts';
export { MAX_ALIAS_EXPANSION, MAX_DEPTH, METADATA_ONLY_KINDS } from './events.ts';

const HELM_SOURCE = /^#\s*Source:\s*(\S[^\r\n]*?)\s*$/m;
/** What comes before a document's content: its separator line, blank and comment lines. */
const LEAD = /^(?:---[^\n]*\n|[ \t]*(?:#[^\n]*)?\n)*/;

class AliasBudgetExceeded extends Error {}

interface ConvertState {
  readonly dups: DuplicateKey[];
  /** Offset of the parsed text in its file. */
  readonly base: number;
  /** The parsed text: escapes are checked in a double-quoted scalar's source. */
  readonly text: string;
  /** The stream is JSON to kubectl: Go's JSON decoder reads its escapes (`\/` included). */
  readonly json: boolean;
  aliasNodes: number;
  inAlias: number;
  /** Each alias's target, found once: yaml's resolve() walks the whole document every time. */
  readonly targets: Map<unknown, YamlNode | undefined>;
  /** The nodes being expanded through aliases: one met again is an alias inside the node it names. */
  readonly expanding: Set<unknown>;
  /** Inside a flow, go-yaml's indentation: the column of the innermost block collection (-1 at the root). Kept only with `tabs`. */
  blockColumn: number;
  inFlow: boolean;
  /** A line of the text is indented with a tab: plain scalars in flows are checked against go-yaml's tab rule. */
  readonly tabs: boolean;
}

/** A tab in the indentation of a line (blank lines included). */
const TAB_IN_INDENT = /^ *\t/m;

/**
 * The column go-yaml gives a block collection that starts at `start` (yaml_parser_roll_indent):
 * a sequence's `-`; a mapping's first key, its anchor or tag included, which the syntax tree
 * leaves out of the range (the key follows only the line's indentation and `- `, `? `, `: `).
 */
function blockColumn(text: string, start: number, mapping: boolean): number {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!mapping) return start - lineStart;
  let i = lineStart;
  for (;;) {
    while (i < start && text[i] === ' ') i++;
    const c = text[i];
    if (i < start && (c === '-' || c === '?' || c === ':') && (text[i + 1] === ' ' || text[i + 1] === '\t')) i += 2;
    else return i - lineStart;
  }
}

const startOf = (node: unknown): number | undefined => (node as { range?: readonly number[] } | null)?.range?.[0];

/** A scalar's go-yaml value, or its JSON key string; go-yaml's refusals are placed at the scalar. */
function scalarOf(node: Scalar, st: ConvertState, asKey: boolean): unknown {
  try {
    if (st.tabs && st.inFlow && st.inAlias === 0 && !st.json && node.type === 'PLAIN' && node.range) {
      const problem = flowTabProblem(st.text, node.range[0], node.range[1], st.blockColumn);
      if (problem) throw new GoYamlError(problem.message, problem.at);
    }
    if (node.type === 'QUOTE_DOUBLE' && !st.json && node.range) {
      const source = st.text.slice(node.range[0] + 1, node.range[1] - 1);
      const problem = source.includes('\\') ? doubleQuotedProblem(source) : undefined;
      if (problem) throw new GoYamlError(problem.message, node.range[0] + 1 + problem.at);
    }
    const text = typeof node.source === 'string' ? node.source : String(node.value ?? '');
    const tag = node.tag;
    if (node.type === 'PLAIN' && tag === undefined) return asKey ? plainKey(text) : plainValue(text);
    const s = goScalar(tag, text, node.type === 'PLAIN');
    return asKey ? scalarKey(s) : scalarValue(s);
  } catch (e) {
    if (e instanceof GoYamlError && e.offset === undefined) throw new GoYamlError(e.message, startOf(node));
    throw e;
  }
}

/** An alias's node: the last one before it with that anchor, as in go-yaml; unknown anchors are refused. */
function targetOf(node: Alias, st: ConvertState, doc: Document.Parsed): YamlNode {
  let target = st.targets.get(node);
  if (!st.targets.has(node)) {
    target = node.resolve(doc) as YamlNode | undefined;
    st.targets.set(node, target);
  }
  if (!target) throw new GoYamlError(`unknown anchor '${node.source}' referenced`, startOf(node));
  return target;
}

/** An alias's value, expanded within the alias budget; an alias inside the node it names is refused. */
function throughAlias<T>(node: Alias, st: ConvertState, doc: Document.Parsed, read: (target: YamlNode) => T): T {
  const target = targetOf(node, st, doc);
  if (st.expanding.has(target)) throw new GoYamlError(`anchor '${node.source}' value contains itself`, startOf(node));
  st.expanding.add(target);
  st.inAlias++;
  try {
    return read(target);
  } finally {
    st.inAlias--;
    st.expanding.delete(target);
  }
}

/** Whether a key is the YAML 1.1 merge key: a plain `<<`, or one tagged !!merge (go-yaml's isMerge). */
function isMergeKey(key: unknown): boolean {
  return isScalar(key) && key.source === '<<' && ((key.type === 'PLAIN' && key.tag === undefined) || key.tag === MERGE_TAG);
}

const WANT_MAP = 'a merge key (<<) needs a mapping or a list of mappings as its value';

/** A mapping node, directly or through an alias; anything else is refused as a merge source. */
function mergeSource(node: unknown, st: ConvertState, doc: Document.Parsed): void {
  const target = isAlias(node) ? targetOf(node, st, doc) : node;
  if (!isMap(target)) throw new GoYamlError(WANT_MAP, startOf(node));
}

/** Converts one AST node into a plain value, recording duplicate keys on the way. */
function toPlain(node: unknown, path: (string | number)[], st: ConvertState, doc: Document.Parsed): unknown {
  if (st.inAlias > 0 && ++st.aliasNodes > MAX_ALIAS_EXPANSION) throw new AliasBudgetExceeded();
  if (node == null) return null;
  if (isScalar(node)) return scalarOf(node, st, false);
  if (isAlias(node)) {
    // Duplicates inside an alias body are reported once, where the anchor is defined.
    return throughAlias(node, st, doc, (target) => toPlain(target, path, st, doc));
  }
  if (isSeq(node) || isMap(node)) {
    const outer = { blockColumn: st.blockColumn, inFlow: st.inFlow };
    if (node.flow) {
      // Go's JSON decoder, which reads a JSON stream, has no such rules.
      if (st.inAlias === 0 && !st.json) flowKeys(node, st);
      st.inFlow = true;
    } else if (st.tabs && node.range) st.blockColumn = blockColumn(st.text, node.range[0], isMap(node));
    try {
      return isMap(node) ? mappingOf(node.items, path, st, doc) : sequenceOf(node.items, path, st, doc);
    } finally {
      st.blockColumn = outer.blockColumn;
      st.inFlow = outer.inFlow;
    }
  }
  return null;
}

function sequenceOf(items: readonly unknown[], path: (string | number)[], st: ConvertState, doc: Document.Parsed): unknown[] {
  const out: unknown[] = [];
  items.forEach((item, i) => {
    path.push(i);
    // A `key: value` pair written as a flow sequence item is a one-key mapping.
    out.push(isPair(item) ? mappingOf([item], path, st, doc) : toPlain(item, path, st, doc));
    path.pop();
  });
  return out;
}

/**
 * A flow sequence's `key: value` item, which the `yaml` package holds as a one-pair flow mapping
 * that starts at the key rather than at a `{`.
 */
function pairItem(item: unknown, text: string): Pair | undefined {
  if (isPair(item)) return item;
  if (!isMap(item) || !item.flow || item.items.length !== 1) return undefined;
  const at = item.range?.[0];
  return at !== undefined && text[at] !== '{' ? (item.items[0] as Pair) : undefined;
}

/** The keys of a flow collection's pairs, as go-yaml's scanner takes them (see flowKeyProblem). */
function flowKeys(node: YAMLMap | YAMLSeq, st: ConvertState): void {
  const open = node.range?.[0];
  // A flow sequence's pair item is judged as an item of its sequence.
  if (open === undefined || (st.text[open] !== '{' && st.text[open] !== '[')) return;
  let from = open + 1;
  for (const item of node.items) {
    const pair = pairItem(item, st.text);
    const keyEnd = (pair?.key as YamlNode | null | undefined)?.range?.[1];
    if (keyEnd !== undefined) {
      const problem = flowKeyProblem(st.text, from, keyEnd);
      if (problem) throw new GoYamlError(problem.message, problem.at);
    }
    const last = (pair ? ((pair.value as YamlNode | null) ?? (pair.key as YamlNode | null)) : (item as YamlNode | null))?.range?.[1];
    from = last ?? from;
  }
}

/** A mapping's pairs as a plain object: keys as JSON strings, merge keys applied, duplicates recorded. */
function mappingOf(pairs: readonly unknown[], path: (string | number)[], st: ConvertState, doc: Document.Parsed): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const seen = new Map<string, { offset: number; endOffset: number; value: unknown }>();
  {
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as YamlNode | null;
      if (isMergeKey(keyNode)) {
        mergeInto(out, pair.value, path, st, doc);
        continue;
      }
      const key = keyString(keyNode, pair.value, st, doc);
      path.push(key);
      const value = toPlain(pair.value, path, st, doc);
      path.pop();
      const kr = (keyNode as YamlNode | null)?.range;
      const here = { offset: st.base + (kr?.[0] ?? 0), endOffset: st.base + (kr?.[1] ?? 0), value };
      const before = seen.get(key);
      if (before && st.inAlias === 0) {
        st.dups.push({ mapPath: [...path], key, first: before, last: here });
      }
      seen.set(key, here);
      defineKey(out, key, value);
    }
  }
  return out;
}

/**
 * A merge key applied where it is written, as go-yaml v2 applies it: the merged entries overwrite
 * the keys written before `<<` and are overwritten by those after it; of a list, earlier mappings win.
 */
function mergeInto(out: Record<string, unknown>, value: unknown, path: (string | number)[], st: ConvertState, doc: Document.Parsed): void {
  const sources = isSeq(value) ? value.items : [value];
  if (!isSeq(value)) mergeSource(value, st, doc);
  else for (const item of sources) mergeSource(item, st, doc);
  for (let i = sources.length - 1; i >= 0; i--) {
    const v = toPlain(sources[i], path, st, doc) as Record<string, unknown>;
    for (const [k, val] of Object.entries(v)) defineKey(out, k, val);
  }
}

/** sigs.k8s.io/yaml writes a key as a JSON string: scalars only, and not null. */
function keyString(keyNode: YamlNode | null, value: unknown, st: ConvertState, doc: Document.Parsed): string {
  if (keyNode == null) throw new GoYamlError('a null key (empty, ~ or null) cannot be a JSON object key: write it in quotes', startOf(value));
  if (isScalar(keyNode)) return scalarOf(keyNode, st, true) as string;
  const complex = (n: unknown): never => {
    throw new GoYamlError(`a ${isSeq(n) ? 'sequence' : 'mapping'} cannot be a mapping key (go-yaml: invalid map key)`, startOf(keyNode));
  };
  if (isAlias(keyNode)) return throughAlias(keyNode, st, doc, (target) => (isScalar(target) ? (scalarOf(target, st, true) as string) : complex(target)));
  return complex(keyNode);
}

/** A slice of a file to parse on its own: offsets in the results stay file offsets. */
export interface Slice {
  readonly start: number;
  readonly end: number;
  /** Index of the slice's first document in the file. */
  readonly firstIndex: number;
}

/**
 * Iterates over the documents of a YAML stream, one at a time, without keeping their syntax
 * trees. `text` is the slice as go-yaml reads it (readChunk), by default the file's own text;
 * `json`: the stream is JSON to kubectl (see readChunk).
 */
export function* parseStream(file: SourceFile, slice?: Slice, chunk?: string, json = false): Generator<ParsedDocument> {
  const base = slice?.start ?? 0;
  const text = chunk ?? (slice ? exactText(file, slice.start, slice.end) : exactText(file));
  const composer = new Composer(STRUCTURE_OPTIONS);
  const parser = new Parser();
  const starts: number[] = [];
  let index = 0;
  const emit = (docs: Iterable<Document.Parsed>): ParsedDocument[] => {
    const out: ParsedDocument[] = [];
    for (const doc of docs) {
      // The first document also owns the comments above it (the parser keeps them outside
      // every document): a leading `# Source:` header or `# meshlint-disable` belongs to it.
      const start = index === 0 ? 0 : (starts[index] ?? doc.range[0]);
      const next = starts[index + 1];
      const end = next ?? Math.max(doc.range[2], start, text.length);
      const n = (slice?.firstIndex ?? 0) + index;
      // What go-yaml accepts and the spec does not (see lenient.ts) gets a second chance.
      // A document that is the whole text was parsed strictly just now, with the same options.
      const retry = doc.errors.length > 0 ? parseLenient(text.slice(start, end), STRUCTURE_OPTIONS, start === 0 && end === text.length ? doc : undefined) : undefined;
      if (retry && retry.errors.length === 0) out.push(convertDocument(file, retry, n, base + start, 0, end - start, text.slice(start, end), json));
      else out.push(convertDocument(file, doc, n, base, start, end, text, json));
      index++;
    }
    return out;
  };
  for (const token of parser.parse(text)) {
    if (token.type === 'document') starts.push(token.offset);
    yield* emit(withoutStacks(() => [...composer.next(token)]));
  }
  yield* emit(withoutStacks(() => [...composer.end(false, text.length)]));
}

/** `text` is what the document's ranges are offsets in; `base` its offset in the file. */
function convertDocument(file: SourceFile, doc: Document.Parsed, index: number, base: number, start: number, end: number, text: string, json: boolean): ParsedDocument {
  const startOffset = base + start;
  const endOffset = base + end;
  // Only the first error of a document: the ones after it are usually its consequences.
  // Clamped to the document's own text: at the end of the input, yaml reports a range one past
  // it, which must not reach into the next document (whose text a parse worker does not have:
  // the report would then depend on which thread parsed the document).
  const clamp = (o: number): number => base + Math.min(o, text.length);
  // The yaml package catches its own stack overflow on deep nesting and reports it wherever
  // it happened to be: one finding at the document's start says it the same way every run.
  if (doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')) return tooDeepDocument(file, index, startOffset, endOffset);
  const syntaxErrors: SyntaxProblem[] = doc.errors.slice(0, 1).map((e) => ({
    message: cleanMessage(e.message),
    offset: clamp(e.pos[0]),
    endOffset: clamp(Math.max(e.pos[1], e.pos[0])),
  }));
  const contentStart = base + ((doc.contents as YamlNode | null)?.range?.[0] ?? end);
  const header = exactText(file, startOffset, Math.min(contentStart, endOffset));
  const helmSource = HELM_SOURCE.exec(header)?.[1];
  let value: unknown;
  const dups: DuplicateKey[] = [];
  if (syntaxErrors.length === 0) {
    try {
      // The document's own text: a group may hold many documents (after `...`), each read once.
      const tabs = TAB_IN_INDENT.test(start === 0 && end === text.length ? text : text.slice(start, end));
      value = toPlain(doc.contents, [], { dups, base, text, json, aliasNodes: 0, inAlias: 0, targets: new Map(), expanding: new Set(), blockColumn: -1, inFlow: false, tabs }, doc);
    } catch (e) {
      if (e instanceof GoYamlError) {
        // What go-yaml or the conversion to JSON refuses: kubectl applies nothing of the document.
        const at = e.offset === undefined ? contentStart : clamp(e.offset);
        syntaxErrors.push({ message: e.message, offset: at, endOffset: at });
      } else if (e instanceof AliasBudgetExceeded) {
        const at = contentStart;
        syntaxErrors.push({
          message: `alias expansion exceeds ${MAX_ALIAS_EXPANSION} nodes (an "alias bomb"); the document is not linted`,
          offset: at,
          endOffset: at,
          bound: true,
        });
      } else throw e;
      value = undefined;
      dups.length = 0;
    }
  }
  return { file, index, startOffset, endOffset, value, syntaxErrors, duplicateKeys: dups, helmSource };
}

/**
 * A stream of concatenated JSON objects (`{…}\n{…}`), which kubectl accepts but YAML does not:
 * one slice per top-level value. Undefined when the text is not such a stream.
 */
export function splitJsonStream(text: string): Slice[] | undefined {
  let i = 0;
  const n = text.length;
  const skipWs = (): void => {
    while (i < n && /\s/.test(text[i] ?? '')) i++;
  };
  skipWs();
  if (text[i] !== '{') return undefined;
  const out: Slice[] = [];
  while (i < n) {
    const start = i;
    if (text[i] !== '{' && text[i] !== '[') return undefined;
    let depth = 0;
    for (; i < n; i++) {
      const c = text[i];
      if (c === '"') {
        for (i++; i < n && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      }
    }
    if (depth !== 0) return undefined;
    out.push({ start, end: i, firstIndex: out.length });
    skipWs();
  }
  return out.length > 1 ? out : undefined;
}

/**
 * Every document of a file: YAML streams, and concatenated JSON objects as kubectl reads them.
 * `parsed`: groups parsed already (by the facts pass), by their start offset, numbered from
 * any index: they are taken as they are, renumbered.
 */
export function* parseFile(file: SourceFile, parsed?: ReadonlyMap<number, readonly ParsedDocument[]>): Generator<ParsedDocument> {
  let index = 0;
  for (const group of groupsOf(file.text)) {
    const known = parsed?.get(group.start);
    const docs = known ? known.map((d, i) => (d.index === index + i ? d : { ...d, index: index + i })) : parseGroup(file, { ...group, firstIndex: index });
    index += docs.length;
    yield* docs;
  }
}

/** The pieces of a file that parse alone as they parse in the whole: JSON values, or `---` groups. */
export function groupsOf(text: string): Slice[] {
  return (text.trimStart().startsWith('{') ? splitJsonStream(text) : undefined) ?? documentGroups(text);
}

/**
 * A slice with no YAML content (comments, blank lines) belongs to the next one. A directive is
 * content: kubectl cuts it from the `---` after it, and go-yaml refuses it alone.
 */
const CONTENTLESS = /^(?:[ \t]*(?:#.*)?(?:\r?\n|$))*$/;

/** The `---`-separated pieces of a stream that parse alone as they parse in the stream. */
export function documentGroups(text: string): Slice[] {
  const out: Slice[] = [];
  let start: number | undefined;
  for (const s of splitDocuments(text)) {
    start ??= s.start;
    if (CONTENTLESS.test(text.slice(s.start, s.end))) continue;
    out.push({ start, end: s.end, firstIndex: out.length });
    start = undefined;
  }
  const last = out[out.length - 1];
  if (start !== undefined) {
    if (last) out[out.length - 1] = { ...last, end: text.length };
    else out.push({ start, end: text.length, firstIndex: 0 });
  }
  return out;
}

/**
 * The documents of one group (see groupsOf), numbered from its firstIndex: the fast path when
 * it takes the text, else the `yaml` path.
 */
export function parseGroup(file: SourceFile, group: Slice): ParsedDocument[] {
  const json = isJsonStream(file.text, group.start);
  const chunk = readChunk(file.text, group.start, group.end, json, exactText(file, group.start, group.end));
  if (chunk.problem) return [refusedDocument(file, group.firstIndex, group.start, group.end, chunk.problem.message, chunk.problem.at)];
  const text = chunk.text;
  const tooMany = tooManyValues(text);
  if (tooMany) return [refusedDocument(file, group.firstIndex, group.start, group.end, tooMany, group.start + (LEAD.exec(text)?.[0].length ?? 0), true)];
  const fast = parseFast(text, group.start, json);
  const doc = (value: unknown, contentStart: number, syntaxErrors: SyntaxProblem[], duplicateKeys: DuplicateKey[]): ParsedDocument => ({
    file,
    index: group.firstIndex,
    startOffset: group.start,
    endOffset: group.end,
    value,
    syntaxErrors,
    duplicateKeys,
    // An empty document has no header: its comments are the whole of it (as on the `yaml` path).
    helmSource: contentStart < text.length ? HELM_SOURCE.exec(text.slice(0, contentStart))?.[1] : undefined,
  });
  if (fast.kind === 'value') {
    // A document read here is linted next, and its reports placed from these events.
    rememberEvents(file, group.start, text, fast.events);
    return [doc(forRules(fast.value), fast.contentStart, [], fast.duplicateKeys)];
  }
  if (fast.kind === 'too-deep') return [tooDeepDocument(file, group.firstIndex, group.start, group.end, fast.offset)];
  // The `yaml` path recurses per level, building an error per level of a broken deep document:
  // flow nesting past the limit is refused before it gets there.
  if (flowDepthExceeds(text, MAX_DEPTH)) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
  try {
    return [...parseStream(file, group, text, json)].map((d) => (d.value === undefined ? d : { ...d, value: forRules(d.value) }));
  } catch (e) {
    // A document the `yaml` path cannot hold is refused, never a crash.
    if (e instanceof RangeError) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
    throw e;
  }
}

/**
 * The text of a document as the parsers read it (see readChunk), for placing reports in it:
 * undefined when the document was refused before it was parsed.
 */
export function documentText(file: SourceFile, start: number, end: number): string | undefined {
  const chunk = readChunk(file.text, start, end, isJsonStream(file.text, start), exactText(file, start, end));
  return chunk.problem ? undefined : chunk.text;
}

/** A document's value as rules see it: METADATA_ONLY_KINDS without their contents. */
export function forRules(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (typeof v.kind !== 'string' || !METADATA_ONLY_KINDS.has(v.kind)) return value;
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_KEYS) if (Object.hasOwn(v, key)) kept[key] = v[key];
  return kept;
}

/** A document refused for its nesting: one syntax problem, at `at` (default: its start). */
function tooDeepDocument(file: SourceFile, index: number, startOffset: number, endOffset: number, at = startOffset): ParsedDocument {
  return refusedDocument(file, index, startOffset, endOffset, `nesting deeper than ${MAX_DEPTH} levels; the document is not linted`, at, true);
}

/** A document that is not linted: one syntax problem, at `at`. */
function refusedDocument(file: SourceFile, index: number, startOffset: number, endOffset: number, message: string, at: number, bound = false): ParsedDocument {
  const problem = { message, offset: at, endOffset: at, ...(bound ? { bound: true as const } : {}) };
  return { file, index, startOffset, endOffset, value: undefined, syntaxErrors: [problem], duplicateKeys: [], helmSource: undefined };
}

/** Whether `[`/`{` nest deeper than `limit` (quotes skipped roughly: a guard, not a parser). */
function flowDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    else if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    }
  }
  return false;
}

/** A stand-in document covering a whole file, for reports about the file itself. */
export function wholeFile(file: SourceFile): ParsedDocument {
  return { file, index: 0, startOffset: 0, endOffset: file.text.length, value: undefined, syntaxErrors: [], duplicateKeys: [], helmSource: undefined };
}

/**
 * The stream cut as kubectl's reader cuts it: at every line that starts with `---`, lines
 * ending at a line feed (a lone CR does not end one). A separator that is more than `---` and a
 * comment starts a document that readChunk refuses, as kubectl does.
 */
export function splitDocuments(text: string): Slice[] {
  const bounds = [0];
  const re = /(?<![^\n])---/g;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m.index > 0) bounds.push(m.index);
  bounds.push(text.length);
  const out: Slice[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i] ?? 0;
    const end = bounds[i + 1] ?? text.length;
    if (end > start) out.push({ start, end, firstIndex: out.length });
  }
  return out;
}

/** yaml's messages end with a code excerpt; keep the sentence. */
function cleanMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '').trim();
}


/** A key node's JSON string, as the parsers make it; undefined for a key go-yaml refuses. */
export function keyTextOf(key: Scalar): string | undefined {
  const text = typeof key.source === 'string' ? key.source : String(key.value ?? '');
  try {
    return key.type === 'PLAIN' && key.tag === undefined ? plainKey(text) : scalarKey(goScalar(key.tag, text, key.type === 'PLAIN'));
  } catch (e) {
    if (e instanceof GoYamlError) return undefined;
    throw e;
  }
}
