// A small grammar of manifests whose flow collections (`[`, `{`) open at the end of a line and
// go on over the next ones: the contexts a flow opens in (a mapping value, a sequence item, a
// mapping inside a sequence item, a nested or top-level key, after an anchor), the shapes of
// its contents (items, trailing and leading commas, comments, blank lines, multi-line plain and
// quoted scalars, nested flows, pairs, keys whose `:` is elsewhere, document markers, what is
// never closed), and continuation lines less, equally and more indented than the key, with
// tabs. Deterministic and bounded: the same list, in the same order, every run.
// test/parse/kubectl-flow.test.ts reads each one with kubectl and with meshlint and compares.

export interface FlowVariant {
  /** The variant's identity, also its metadata.name: `v<n>`. */
  readonly name: string;
  /** What it is made of: context, shape and indentation. */
  readonly label: string;
  readonly text: string;
}

interface Context {
  readonly id: string;
  /** The lines before the flow, and the line that opens it, up to where the flow starts. */
  readonly before: string;
  /** A line after the flow, back in block context: its value must survive the flow. */
  readonly after: string;
  /** Columns of the opening line's indicators: the `- ` before the key if any, and the key. */
  readonly columns: readonly number[];
  /** Every shape is tried in this context (else the core ones). */
  readonly full?: boolean;
}

const CONTEXTS: readonly Context[] = [
  { id: 'map-value', before: 'spec:\n  a: ', after: '  b: 1\n', columns: [2] },
  { id: 'seq-item', before: 'spec:\n  a:\n  - ', after: '  - z\n', columns: [2] },
  { id: 'map-in-seq-item', before: 'spec:\n  a:\n  - b: ', after: '    c: 1\n', columns: [2, 4], full: true },
  { id: 'nested-map-value', before: 'spec:\n  a:\n    b: ', after: '  c: 1\n', columns: [2, 4] },
  { id: 'top-level', before: 'spec: ', after: 'other: 1\n', columns: [0], full: true },
  { id: 'anchored', before: 'spec:\n  a: &x ', after: '  b: *x\n', columns: [2] },
  { id: 'line-start', before: 'spec:\n  a:\n    ', after: '  c: 1\n', columns: [2, 4] },
  { id: 'nested-seq-item', before: 'spec:\n  a:\n  - - ', after: '    - z\n', columns: [2, 4] },
  { id: 'anchored-key', before: 'spec:\n  a:\n  - &k b: ', after: '    c: *k\n', columns: [2, 4] },
];

/**
 * The flow's contents: `\n` starts a line, `<i>` stands for the indentation of a content
 * line and `<c>` for that of the line that closes the flow. Core shapes are tried in every
 * context; the others in the `full` ones.
 */
const CORE_SHAPES: Readonly<Record<string, string>> = {
  'seq-items': '[\n<i>x,\n<i>y\n<c>]',
  'seq-first-inline': '[x,\n<i>y]',
  'seq-comments': '[ # c\n<i>x, # c\n# c\n<i># c\n<i>y\n<c>]',
  'seq-plain-multiline': '[\n<i>x\n<i>y,\n<i>z\n<c>]',
  'seq-quoted-multiline': '[\n<i>"x\n<i>y", \'p\n<i>q\'\n<c>]',
  'seq-nested': '[\n<i>[x,\n<i>y], {k:\n<i>v}\n<c>]',
  'seq-colon-next-line': '[\n<i>k\n<i>: v\n<c>]',
  'map-items': '{\n<i>k: v,\n<i>l: w\n<c>}',
  'map-value-next-line': '{k:\n<i>v\n<c>}',
  'map-colon-next-line': '{\n<i>k\n<i>: v\n<c>}',
  // Not flows: quoted scalars continued in block context, which go-yaml reads at any indentation too.
  'double-quoted': '"x\n<i>y"',
  'single-quoted': "'x\n<i>y'",
};

const MORE_SHAPES: Readonly<Record<string, string>> = {
  'seq-close-inline': '[\n<i>x,\n<i>y]',
  'seq-trailing-comma': '[\n<i>x,\n<i>y,\n<c>]',
  'seq-leading-comma': '[\n<i>x\n<i>, y\n<c>]',
  'seq-double-comma': '[\n<i>x,\n<i>,y\n<c>]',
  'seq-blank-lines': '[\n\n<i>x,\n\n<i>y\n\n<c>]',
  'seq-json': '[\n<i>"",\n<i>1,\n<i>"apps"\n<c>]',
  'seq-pairs': '[k: v,\n<i>l:\n<i>w\n<c>]',
  'seq-quoted-key': '["k\n<i>l": v\n<c>]',
  'seq-tabs-inside': '[\n<i>x,\t\n<i>\t\n<i>y\t]',
  'seq-empty': '[\n<c>]',
  'seq-doc-end': '[\n<i>x,\n...\n<i>y\n<c>]',
  'seq-doc-start': '[\n<i>x,\n---\n<i>y\n<c>]',
  'seq-dots': '[\n<i>x,\n...y\n<c>]',
  'seq-dashes': '[\n<i>x,\n-\n<c>]',
  'seq-as-key': '[\n<i>x]: 1',
  'seq-unclosed': '[\n<i>x,\n<i>y\n',
  'map-close-inline': '{\n<i>k: v,\n<i>l: w}',
  'map-key-alone': '{\n<i>k,\n<i>l: w\n<c>}',
  'map-trailing-comma': '{\n<i>k: v,\n<c>}',
  'map-comments': '{ # c\n<i>k: v, # c\n# c\n<i>l: w\n<c>}',
  'map-nested': '{\n<i>k: [x,\n<i>y],\n<i>l: {m:\n<i>n}\n<c>}',
  'map-plain-multiline': '{\n<i>k: x\n<i>y,\n<i>l: w\n<c>}',
  'map-json': '{\n<i>"k":"v",\n<i>"l":1\n<c>}',
  'map-explicit-key': '{? k\n<i>: v\n<c>}',
  'map-anchor-line': '{&a\n<i>k: v\n<c>}',
  'map-comment-before-colon': '{\n<i>k # c\n<i>: v\n<c>}',
  'map-quoted-key': '{"k\n<i>l": v\n<c>}',
  'map-long-key': `{\n<i>${'k'.repeat(1030)}: v\n<c>}`,
  'map-alias-value': '{k: &b v,\n<i>l: *b\n<c>}',
  'map-block-scalar-inside': '{k: |\n<i>x\n<c>}',
  'map-empty': '{\n<c>}',
  'map-unclosed': '{\n<i>k: v,\n',
};

/** Shapes whose closing line is varied on its own, after a plain scalar and after a quoted one. */
const CLOSER_SHAPES: readonly string[] = ['seq-items', 'map-items', 'seq-json'];

/**
 * The indentations tried: none, each indicator's column, one past the deepest (what the YAML
 * spec asks), a tab, and a tab after spaces that reach each of the last two.
 */
function indents(columns: readonly number[]): string[] {
  const deepest = Math.max(...columns);
  const spaces = [0, ...columns, deepest + 1].map((n) => ' '.repeat(n));
  return [...new Set([...spaces, '\t', `${' '.repeat(deepest)}\t`, `${' '.repeat(deepest + 1)}\t`])];
}

const HEAD = (name: string): string => `apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: ${name}\n`;

/**
 * Every variant: each context × shape × content indentation (the closer at the same one), then
 * for a few shapes the closer alone varied under well-indented contents; document markers last.
 */
export function flowVariants(): FlowVariant[] {
  const out: FlowVariant[] = [];
  const add = (label: string, body: string, before = ''): void => {
    const name = `v${out.length}`;
    out.push({ name, label, text: before + HEAD(name) + body });
  };
  for (const ctx of CONTEXTS) {
    const all = indents(ctx.columns);
    const deep = ' '.repeat(Math.max(...ctx.columns) + 2);
    const shapes = { ...CORE_SHAPES, ...(ctx.full ? MORE_SHAPES : {}) };
    for (const [shape, template] of Object.entries(shapes)) {
      const make = (i: string, c: string): string => `${ctx.before}${template.replace(/<i>/g, i).replace(/<c>/g, c)}\n${ctx.after}`;
      for (const i of all) add(`${ctx.id} ${shape} content=${JSON.stringify(i)}`, make(i, i));
      if (CLOSER_SHAPES.includes(shape)) for (const c of all) add(`${ctx.id} ${shape} content=${JSON.stringify(deep)} close=${JSON.stringify(c)}`, make(deep, c));
    }
  }
  // CR LF line breaks, which kubectl reads as LF ones.
  const crlf = CONTEXTS.find((c) => c.id === 'map-in-seq-item') as Context;
  for (const [shape, template] of Object.entries(CORE_SHAPES)) {
    for (const i of ['', ' '.repeat(6)]) add(`crlf ${crlf.id} ${shape} content=${JSON.stringify(i)}`, `${crlf.before}${template.replace(/<[ic]>/g, i)}\n${crlf.after}`.replace(/\n/g, '\r\n'));
  }
  const body = 'spec:\n  a: [\n  x,\n  y]\n';
  add('document-start', body, '---\n');
  add('document-end', `${body}...\n`);
  add('document-end-comment', `${body}... # c\n`);
  return out;
}
