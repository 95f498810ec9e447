// YAML text → plain values, typed the way the Kubernetes API machinery reads YAML
// (sigs.k8s.io/yaml on go-yaml v2: YAML 1.1 booleans such as `yes`/`on`, octal `0755`,
// but timestamps and sexagesimal numbers stay strings), plus syntax problems and
// duplicate keys. Each `---` group of a stream goes the fast way first (events.ts); the
// documents it does not take, and every syntax error, are read here with the `yaml`
// package, whose messages and go-yaml leniencies (lenient.ts) users see. Syntax trees
// are dropped after conversion: positions are recovered later, only for documents that
// have findings (see locator.ts).
import { Composer, Parser, isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { KEPT_KEYS, MAX_ALIAS_EXPANSION, MAX_DEPTH, METADATA_ONLY_KINDS, defineKey, parseFast } from './events.ts';
import { parseLenient } from './lenient.ts';
import { YAML_OPTIONS } from './yaml-options.ts';
import type { DuplicateKey, ParsedDocument, SourceFile, SyntaxProblem } from '../types.ts';

export { YAML_OPTIONS } from './yaml-options.ts';
export { MAX_ALIAS_EXPANSION, MAX_DEPTH, METADATA_ONLY_KINDS } from './events.ts';

const HELM_SOURCE = /^#\s*Source:\s*(\S[^\r\n]*?)\s*$/m;

class AliasBudgetExceeded extends Error {}

interface ConvertState {
  readonly dups: DuplicateKey[];
  /** Offset of the parsed text in its file. */
  readonly base: number;
  aliasNodes: number;
  inAlias: number;
  /** Each alias's target, found once: yaml's resolve() walks the whole document every time. */
  readonly targets: Map<unknown, YamlNode | undefined>;
}

/** Converts one AST node into a plain value, recording duplicate keys on the way. */
function toPlain(node: unknown, path: (string | number)[], st: ConvertState, doc: Document.Parsed): unknown {
  if (st.inAlias > 0 && ++st.aliasNodes > MAX_ALIAS_EXPANSION) throw new AliasBudgetExceeded();
  if (node == null) return null;
  if (isScalar(node)) return node.value ?? null;
  if (isAlias(node)) {
    let target = st.targets.get(node);
    if (!st.targets.has(node)) {
      target = node.resolve(doc) as YamlNode | undefined;
      st.targets.set(node, target);
    }
    if (!target) return null;
    st.inAlias++;
    try {
      // Duplicates inside an alias body are reported once, where the anchor is defined.
      return toPlain(target, path, st, doc);
    } finally {
      st.inAlias--;
    }
  }
  if (isSeq(node)) {
    const out: unknown[] = [];
    node.items.forEach((item, i) => {
      path.push(i);
      out.push(toPlain(item, path, st, doc));
      path.pop();
    });
    return out;
  }
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    const seen = new Map<string, { offset: number; endOffset: number; value: unknown }>();
    const merges: unknown[] = [];
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as YamlNode | null;
      // YAML 1.1 resolves a plain `<<` key to the merge tag's marker.
      if (isScalar(keyNode) && keyNode.type === 'PLAIN' && (keyNode.value === '<<' || typeof keyNode.value === 'symbol')) {
        merges.push(pair.value);
        continue;
      }
      const key = keyString(keyNode, path, st, doc);
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
    // YAML 1.1 merge keys: merged entries never override keys written in the mapping.
    for (const m of merges) {
      const sources = isSeq(m) ? m.items : [m];
      for (const src of sources) {
        const v = toPlain(src, path, st, doc);
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          for (const [k, val] of Object.entries(v)) if (!Object.hasOwn(out, k)) defineKey(out, k, val);
        }
      }
    }
    return out;
  }
  return null;
}

/** sigs.k8s.io/yaml turns non-string keys into their string form. */
function keyString(keyNode: YamlNode | null, path: (string | number)[], st: ConvertState, doc: Document.Parsed): string {
  if (keyNode == null) return '';
  if (isScalar(keyNode)) {
    const v = keyNode.value;
    if (typeof v === 'string') return v;
    if (v === null || v === undefined) return 'null';
    return String(v);
  }
  const v = toPlain(keyNode, path, st, doc);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A slice of a file to parse on its own: offsets in the results stay file offsets. */
export interface Slice {
  readonly start: number;
  readonly end: number;
  /** Index of the slice's first document in the file. */
  readonly firstIndex: number;
}

/** Iterates over the documents of a YAML stream, one at a time, without keeping their syntax trees. */
export function* parseStream(file: SourceFile, slice?: Slice): Generator<ParsedDocument> {
  const base = slice?.start ?? 0;
  const text = slice ? file.text.slice(slice.start, slice.end) : file.text;
  const composer = new Composer(YAML_OPTIONS);
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
      const retry = doc.errors.length > 0 ? parseLenient(text.slice(start, end)) : undefined;
      if (retry && retry.errors.length === 0) out.push(convertDocument(file, retry, n, base + start, 0, end - start));
      else out.push(convertDocument(file, doc, n, base, start, end));
      index++;
    }
    return out;
  };
  for (const token of parser.parse(text)) {
    if (token.type === 'document') starts.push(token.offset);
    yield* emit(composer.next(token));
  }
  yield* emit(composer.end(false, text.length));
}

function convertDocument(file: SourceFile, doc: Document.Parsed, index: number, base: number, start: number, end: number): ParsedDocument {
  const startOffset = base + start;
  const endOffset = base + end;
  // Only the first error of a document: the ones after it are usually its consequences.
  // Clamped to the text: at the end of the input, yaml reports a range one past it.
  const clamp = (o: number): number => Math.min(base + o, file.text.length);
  // The yaml package catches its own stack overflow on deep nesting and reports it wherever
  // it happened to be: one finding at the document's start says it the same way every run.
  if (doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')) return tooDeepDocument(file, index, startOffset, endOffset);
  const syntaxErrors: SyntaxProblem[] = doc.errors.slice(0, 1).map((e) => ({
    message: cleanMessage(e.message),
    offset: clamp(e.pos[0]),
    endOffset: clamp(Math.max(e.pos[1], e.pos[0])),
  }));
  const contentStart = base + ((doc.contents as YamlNode | null)?.range?.[0] ?? end);
  const header = file.text.slice(startOffset, Math.min(contentStart, endOffset));
  const helmSource = HELM_SOURCE.exec(header)?.[1];
  let value: unknown;
  const dups: DuplicateKey[] = [];
  if (syntaxErrors.length === 0) {
    try {
      value = toPlain(doc.contents, [], { dups, base, aliasNodes: 0, inAlias: 0, targets: new Map() }, doc);
    } catch (e) {
      if (!(e instanceof AliasBudgetExceeded)) throw e;
      const at = contentStart;
      syntaxErrors.push({
        message: `alias expansion exceeds ${MAX_ALIAS_EXPANSION} nodes (an "alias bomb"); the document is not linted`,
        offset: at,
        endOffset: at,
      });
      value = undefined;
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

/** Every document of a file: YAML streams, and concatenated JSON objects as kubectl reads them. */
export function* parseFile(file: SourceFile): Generator<ParsedDocument> {
  let index = 0;
  for (const group of groupsOf(file.text)) {
    const docs = parseGroup(file, { ...group, firstIndex: index });
    index += docs.length;
    yield* docs;
  }
}

/** The pieces of a file that parse alone as they parse in the whole: JSON values, or `---` groups. */
export function groupsOf(text: string): Slice[] {
  return (text.trimStart().startsWith('{') ? splitJsonStream(text) : undefined) ?? documentGroups(text);
}

/** A slice with no YAML content (comments, blank lines, directives) belongs to the next one. */
const CONTENTLESS = /^(?:[ \t]*(?:#.*|%.*)?(?:\r?\n|$))*$/;

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
  const text = file.text.slice(group.start, group.end);
  const fast = parseFast(text, group.start);
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
  if (fast.kind === 'value') return [doc(forRules(fast.value), fast.contentStart, [], fast.duplicateKeys)];
  if (fast.kind === 'too-deep') return [tooDeepDocument(file, group.firstIndex, group.start, group.end, fast.offset)];
  // The `yaml` path recurses per level, building an error per level of a broken deep document:
  // flow nesting past the limit is refused before it gets there.
  if (flowDepthExceeds(text, MAX_DEPTH)) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
  try {
    return [...parseStream(file, group)].map((d) => (d.value === undefined ? d : { ...d, value: forRules(d.value) }));
  } catch (e) {
    // A document the `yaml` path cannot hold is refused, never a crash.
    if (e instanceof RangeError) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
    throw e;
  }
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
  const problem = { message: `nesting deeper than ${MAX_DEPTH} levels; the document is not linted`, offset: at, endOffset: at };
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

/** Cheap textual split of a stream at `---` lines, for pre-filtering documents before parsing. */
export function splitDocuments(text: string): Slice[] {
  const bounds = [0];
  const re = /^---(?=[ \t\r\n]|$)/gm;
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

