// How much YAML meshlint reads, and the one guard that holds a text to it.
//
// Documents go through the event parser (events.ts), which refuses nesting beyond MAX_DEPTH
// by itself and never recurses. Text written inside a value (proxy.istio.io/config, a
// ConfigMap's `mesh`, the injector's `config` and `values`) and the config file are read by
// the `yaml` package instead: its composer recurses once per level and runs out of stack
// near 780 levels even with the whole stack to itself, and V8 aborts the process (no
// exception) when a regular expression is compiled that close to the limit. Its toJS looks
// each alias up among the aliases before it, so many aliases cost their square. Such a text
// is measured first with the package's own lexer and parser, which keep their state in a
// list and stop at the first excess, and is parsed only when it is within the limits.
import { CST, Composer, Lexer, LineCounter, Parser, YAMLParseError, isAlias, isMap, isPair, isScalar, isSeq, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** Deeper than any real manifest, shallow enough for every recursive walk of a value. */
export const MAX_DEPTH = 1000;

/**
 * How many nodes alias expansion may add to one document before it is refused:
 * far more than any real manifest uses, far less than an alias bomb needs.
 */
export const MAX_ALIAS_EXPANSION = 200_000;

/**
 * Nesting of a YAML or JSON text inside a value, or of a config file. A ProxyConfig is at
 * most six levels deep and Istio's mesh config and Helm values about a dozen; a tenth of
 * MAX_DEPTH keeps the `yaml` package's recursion far from the end of the stack.
 */
export const MAX_EMBEDDED_DEPTH = MAX_DEPTH / 10;

/**
 * Characters of a text inside a value. 1 MiB is the most a ConfigMap can hold (the API server
 * and etcd refuse more), and annotations may total only 256 KiB, so no value that Kubernetes
 * accepts is ever refused here.
 */
export const MAX_EMBEDDED_SIZE = 1024 * 1024;

/** Aliases in one such text: real ones use a handful; toJS's cost grows with their square. */
export const MAX_EMBEDDED_ALIASES = 1000;

/** Why a text is not read, and where in it the excess starts. */
export interface LimitProblem {
  /** Words that follow "the text is": "nested deeper than 100 levels", … */
  readonly message: string;
  /** Offset in the text. */
  readonly offset: number;
}

const MIB = 1024 * 1024;
const sizeText = (n: number): string => (n % MIB === 0 ? `${n / MIB} MiB` : `${n.toLocaleString('en-US')} characters`);

/** Whether a value (of any syntax: a comma-separated list too) is larger than MAX_EMBEDDED_SIZE. */
export function sizeProblem(text: string): LimitProblem | undefined {
  if (text.length <= MAX_EMBEDDED_SIZE) return undefined;
  return { message: `larger than ${sizeText(MAX_EMBEDDED_SIZE)} (${text.length.toLocaleString('en-US')} characters)`, offset: MAX_EMBEDDED_SIZE };
}

const tooDeep = (offset: number): LimitProblem => ({ message: `nested deeper than ${MAX_EMBEDDED_DEPTH} levels`, offset });

/** The `[`/`{` nesting of JSON text, strings skipped; exact for JSON, which has no other nesting. */
function jsonDepthProblem(text: string): LimitProblem | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_EMBEDDED_DEPTH) return tooDeep(i);
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    else if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    }
  }
  return undefined;
}

/**
 * The syntax tokens of YAML text, or the first limit it breaks: its nesting (the parser's
 * stack of open nodes, document excluded) and its number of aliases.
 */
function yamlTokens(text: string, lineCounter?: LineCounter): { readonly tokens: CST.Token[] } | { readonly problem: LimitProblem } {
  const parser = new Parser(lineCounter?.addNewLine);
  lineCounter?.addNewLine(0);
  const tokens: CST.Token[] = [];
  let aliases = 0;
  for (const lexeme of new Lexer().lex(text, false)) {
    if (lexeme.charCodeAt(0) === 0x2a && CST.tokenType(lexeme) === 'alias' && ++aliases > MAX_EMBEDDED_ALIASES) {
      return { problem: { message: `written with more than ${MAX_EMBEDDED_ALIASES.toLocaleString('en-US')} aliases`, offset: parser.offset } };
    }
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length - 1 > MAX_EMBEDDED_DEPTH) return { problem: tooDeep(parser.offset) };
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

/**
 * Whether a text inside a value, or a config file, is within the limits: its size, nesting and
 * number of aliases. JSON is measured by its brackets; YAML as the `yaml` package parses it.
 */
export function embeddedTextProblem(text: string, syntax: 'yaml' | 'json'): LimitProblem | undefined {
  const size = sizeProblem(text);
  if (size) return size;
  if (syntax === 'json') return jsonDepthProblem(text);
  const read = yamlTokens(text);
  return 'problem' in read ? read.problem : undefined;
}

/**
 * What alias expansion adds to a parsed document, walked once with each anchored node's size
 * remembered: beyond MAX_ALIAS_EXPANSION nodes (an alias bomb), or an alias inside the node it
 * names (a value without end), it is a problem. An alias names the last node before it with
 * that anchor, as in the `yaml` package and go-yaml.
 */
export function aliasExpansionProblem(doc: Document.Parsed): LimitProblem | undefined {
  const anchors = new Map<string, unknown>();
  const sizes = new Map<unknown, number>();
  let added = 0;
  interface Frame {
    readonly node: unknown;
    readonly children: readonly unknown[];
    next: number;
    size: number;
  }
  const stack: Frame[] = [];
  /** A leaf's expanded size, or a collection's frame to walk; a problem ends the walk. */
  const enter = (node: unknown): number | Frame | LimitProblem => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined) return 1;
      const size = sizes.get(target);
      const offset = node.range?.[0] ?? 0;
      if (size === undefined) return { message: `written with alias *${node.source} inside the node it names, a value without end`, offset };
      added += size;
      if (added > MAX_ALIAS_EXPANSION) return { message: `expanded by its aliases beyond ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} nodes (an alias bomb)`, offset };
      return size;
    }
    const anchor = (node as { anchor?: unknown } | null)?.anchor;
    if (typeof anchor === 'string' && anchor !== '') anchors.set(anchor, node);
    if (isMap(node)) return { node, children: node.items.flatMap((p) => (isPair(p) ? [p.key, p.value] : [])), next: 0, size: 1 };
    if (isSeq(node)) return { node, children: node.items, next: 0, size: 1 };
    const size = isScalar(node) ? 1 : 0;
    if (node !== null && node !== undefined) sizes.set(node, size);
    return size;
  };
  const root = enter(doc.contents);
  if (typeof root === 'number') return undefined;
  if ('message' in root) return root;
  stack.push(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    if (top.next === top.children.length) {
      stack.pop();
      sizes.set(top.node, top.size);
      const parent = stack[stack.length - 1];
      if (parent) parent.size += top.size;
      continue;
    }
    const child = enter(top.children[top.next++]);
    if (typeof child === 'number') top.size += child;
    else if ('message' in child) return child;
    else stack.push(child);
  }
  return undefined;
}

export type YamlReadOptions = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * Parses YAML text within the limits: the first document (a second one is a MULTIPLE_DOCS
 * error, as parseDocument reports it), composed from the tokens the guard has measured, so
 * the text is parsed once. Syntax errors are in `doc.errors` (placed by `options.lineCounter`
 * when given); alias expansion is checked only for a document without them (the caller refuses
 * it anyway).
 */
export function parseYamlWithinLimits(text: string, options: YamlReadOptions): { readonly doc: Document.Parsed } | { readonly problem: LimitProblem } {
  const size = sizeProblem(text);
  if (size) return { problem: size };
  const read = yamlTokens(text, options.lineCounter);
  if ('problem' in read) return read;
  let doc: Document.Parsed | undefined;
  for (const next of new Composer(options).compose(read.tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  if (!doc) throw new Error('the yaml composer gave no document for a forced one');
  if (doc.errors.length > 0) return { doc };
  const aliases = aliasExpansionProblem(doc);
  return aliases ? { problem: aliases } : { doc };
}

/**
 * A document within the limits as plain values. The guard has bounded alias expansion, so the
 * `yaml` package's own alias budget (which refuses a hundred uses of one anchor) is off; a
 * collection used as a key is stringified without a warning on stderr.
 */
export function plainValue(doc: Document.Parsed): unknown {
  doc.options.logLevel = 'error';
  return doc.toJS({ maxAliasCount: -1 });
}
