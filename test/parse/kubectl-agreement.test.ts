// What kubectl reads from a manifest is what meshlint reads: the same values, typed the same
// way, and a located parse-error for every document kubectl refuses, on both parse paths (the
// fast one and the `yaml` one). Each case below was checked with kubectl 1.33
// (`kubectl label --local -f FILE x=y -o json`, which reads the file exactly as apply does and
// needs no cluster); where that binary is present the table is checked against it again.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Locator } from '../../src/parse/locator.ts';
import { parseFile } from '../../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';
import { testBinary } from '../helpers/binaries.ts';
import { tempDir } from '../helpers/cli.ts';
import { yamlPathOnly } from '../helpers/parse-paths.ts';

const HEAD = 'apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\nspec:\n';

interface Case {
  /** The lines under `spec:` (indented by two), or with `raw` the whole file. */
  readonly text: string;
  readonly raw?: boolean;
  /** The `spec` of each document as kubectl decodes it; absent when kubectl refuses the file. */
  readonly specs?: readonly unknown[];
  /** For a refused file: a word of meshlint's message, and the line it must point at (1-based). */
  readonly error?: { readonly says: string; readonly line: number };
}

const value = (text: string, spec: unknown): Case => ({ text, specs: [spec] });
const refused = (text: string, says: string, line = 6): Case => ({ text, error: { says, line } });

const CASES: readonly Case[] = [
  // Scalars as go-yaml v2 types them (strconv.ParseInt with base 0, its float pattern, YAML 1.1 booleans).
  value('  a: 0o12', { a: 10 }),
  value('  a: 0O12', { a: 10 }),
  value('  a: +0o12', { a: 10 }),
  value('  a: 0B11', { a: 3 }),
  value('  a: -0b101', { a: -5 }),
  value('  a: 0_', { a: 0 }),
  value('  a: 08', { a: 8 }),
  value('  a: 1e3', { a: 1000 }),
  value('  a: 0x_1F', { a: 31 }),
  value('  a: 1__0', { a: 10 }),
  value('  a: 0x', { a: '0x' }),
  value('  a: ._5', { a: '._5' }),
  value('  a: 1e400', { a: '1e400' }),
  value('  a: 5.e3', { a: 5000 }),
  value('  a: 1:30', { a: '1:30' }),
  value('  a: 2001-12-14', { a: '2001-12-14' }),
  value('  a: yes\n  b: Off\n  c: ~', { a: true, b: false, c: null }),
  // Tags.
  value('  a: !!str 12', { a: '12' }),
  value('  a: !!int "12"', { a: 12 }),
  value('  a: !!int 0o12', { a: 10 }),
  value('  a: !!float 1', { a: 1 }),
  value('  a: !!bool yes', { a: true }),
  value('  a: !!null ""', { a: null }),
  value('  a: !foo bar', { a: 'bar' }),
  value('  a: ! 12', { a: '12' }),
  value('  a: !!omap [b: 1]', { a: [{ b: 1 }] }),
  value('  a: !!set {b}', { a: { b: null } }),
  value('  a: !!binary "aGk="', { a: 'hi' }),
  value('  a: !!binary |\n    aGk\n    =', { a: 'hi' }),
  value('  a: !!binary /w==', { a: '\ufffd' }),
  value('  a: !!timestamp 2001-1-2T3:4:5Z', { a: '2001-1-2T3:4:5Z' }),
  value('  a: !!merge x', { a: 'x' }),
  // Keys as sigs.k8s.io/yaml writes them in JSON.
  value('  yes: 1\n  0o12: 2\n  1.5: 3', { true: 1, '10': 2, '1.5': 3 }),
  // (Two keys that become one string are kept in Go's map order, which varies from run to run: one per case.)
  value('  .inf: 1', { '.inf': 1 }),
  value('  1e39: 2', { '.inf': 2 }),
  value('  1000000.0: 1\n  1.23456789: 2\n  0.00001: 3\n  -1.5e-7: 4', { '1e+06': 1, '1.2345679': 2, '1e-05': 3, '-1.5e-07': 4 }),
  value('  9223372036854775807: 1\n  18446744073709551616: 2', { '9223372036854775807': 1, '1.8446744e+19': 2 }),
  value('  ? !!binary aGk=\n  : 1', { hi: 1 }),
  value('  a: &x b\n  *x : 1', { a: 'b', b: 1 }),
  // Merge keys, applied where they are written.
  value('  a: 1\n  <<: {a: 2}', { a: 2 }),
  value('  <<: {a: 2}\n  a: 1', { a: 1 }),
  value('  <<: [{a: 1}, {a: 2}]', { a: 1 }),
  value("  '<<': {a: 1}", { '<<': { a: 1 } }),
  value('  !!merge <<: {a: 1}', { a: 1 }),
  // Escapes.
  value('  a: "\\x41\\U0001F600"', { a: 'A\u{1f600}' }),
  value('  a: "\\e\\N\\_\\L\\P"', { a: '\u001b\u0085\u00a0\u2028\u2029' }),
  // go-yaml's other line breaks: NEL, a lone CR.
  value('  a: 1\u0085  b: 2', { a: 1, b: 2 }),
  value('  a: 1 # c\u0085  b: 2', { a: 1, b: 2 }),
  value("  a: '\u0085'", { a: ' ' }),
  { text: `${HEAD}  a: 1\r  b: [x,\r    z]\r`.replace(/\n/g, '\r'), raw: true, specs: [{ a: 1, b: ['x', 'z'] }] },
  { text: `${HEAD}  a: 1\n---#c\n${HEAD}  b: 2\n---\u00a0\n${HEAD}  c: 3\n`, raw: true, specs: [{ a: 1 }, { b: 2 }, { c: 3 }] },
  // Flow collections go on at any indentation: go-yaml checks none inside them (its scanner
  // unrolls block indentation only at flow level 0), where the YAML spec and the `yaml` package want
  // the key's column plus one. Equal, lesser and no indentation; tabs where go-yaml allows them.
  value('  rules:\n  - apiGroups: [\n    ""\n    ]\n    resources: ["pods"]', { rules: [{ apiGroups: [''], resources: ['pods'] }] }),
  value('  rules:\n  - apiGroups: [\n  "",\n  "apps"]\n    resources: ["pods"]', { rules: [{ apiGroups: ['', 'apps'], resources: ['pods'] }] }),
  value('  a: [\nx,\nz]\n  b: {\nk: v,\n# c\n}', { a: ['x', 'z'], b: { k: 'v' } }),
  value('  a: [x\nz, "p\nq"]', { a: ['x z', 'p q'] }),
  value('  a: [x,\n\tz]', { a: ['x', 'z'] }),
  value('  a: {? k\n  : v}', { a: { k: 'v' } }),
  value('  a: |\n    [x\n  b: [\n  "y"]', { a: '[x\n', b: ['y'] }),
  // What go-yaml refuses there: a tab left of the key's column after a plain scalar, a key
  // whose ':' is on another line or over 1024 characters away, a document marker at column 0.
  refused('  a: [x\n\t]', 'found a tab character that violates indentation', 7),
  refused('  a: [x\n  \t]', 'found a tab character that violates indentation', 7),
  // The column is the key's, its anchor included.
  value('  &k a: [x\n   \t]', { a: ['x'] }),
  refused('  &k a: [x\n  \t]', 'found a tab character that violates indentation', 7),
  refused('  a: {k\n  : v}', "this key's ':' is on a later line"),
  refused('  a: [\n  k\n  : v]', "this key's ':' is on a later line", 7),
  refused('  a: {"k\n  l": v}', "this key's ':' is on a later line"),
  refused(`  a: {${'k'.repeat(1030)}: v}`, 'more than 1024 characters'),
  refused('  a: [x,\n...\n  ]', 'Flow sequence', 7),
  // A stream that starts with { is JSON to kubectl: Go's JSON decoder reads \/ and a raw DEL or C1 control in a string.
  { text: '{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "x"}, "spec": {"a": "\\/", "b": "x\u007fy\u0085"}}\n', raw: true, specs: [{ a: '/', b: 'x\u007fy\u0085' }] },
  { text: '{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "x"}, "spec": {"a": "x\u001by"}}\n', raw: true, error: { says: 'U+001B', line: 1 } },
  // Go's JSON decoder has no line rules: a key's ':' may be on the next line, a tab anywhere.
  { text: '{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "x"}, "spec": {"a"\n: [1\n\t]}}\n', raw: true, specs: [{ a: [1] }] },

  // Refused: aliases.
  refused('  a: *nope', "unknown anchor 'nope'"),
  refused('  *x : 1', "unknown anchor 'x'"),
  refused('  a: *x\n  b: &x 1', "unknown anchor 'x'"),
  refused('  x: &r [*r]', 'contains itself'),
  refused('  x: &r {y: *r}', 'contains itself'),
  refused('  p: &q 1\n  x: &q {y: *q}', 'contains itself', 7),
  // Binary that is not base64.
  refused('  a: !!binary "aG k="', 'base64'),
  refused('  a: !!binary 12', 'base64'),
  // Keys JSON cannot have.
  refused('  ? [a]\n  : 1', 'invalid map key'),
  refused('  [a]: 1', 'invalid map key'),
  refused('  {a: 1}: 1', 'invalid map key'),
  refused('  a: &x {b: 1}\n  *x : 1', 'invalid map key', 7),
  refused('  ~: 1', 'null key'),
  refused('  ? \n  : 1', 'null key'),
  refused('  ? !!null\n  : 1', 'null key'),
  refused('  18446744073709551615: 1', 'unsigned'),
  // Values JSON cannot hold.
  refused('  a: .inf', '.inf'),
  refused('  a: .nan', '.nan'),
  refused('  a: -.Inf', '-.inf'),
  refused('  a: !!float .inf', '.inf'),
  // Escapes go-yaml refuses.
  refused('  a: "\\ud800"', 'surrogate'),
  refused('  a: "\\ud83d\\ude00"', 'surrogate'),
  refused('  a: "\\U00110000"', 'escape'),
  refused('  a: "\\/"', 'unknown escape'),
  refused('  a: "\\q"', 'escape'),
  // Tags whose text does not fit.
  refused('  a: !!int abc', 'cannot decode !!str `abc` as a !!int'),
  refused('  a: !!float abc', 'as a !!float'),
  refused('  a: !!bool 1', 'cannot decode !!int `1` as a !!bool'),
  refused('  a: !!null x', 'as a !!null'),
  refused('  a: !!int 1.5', 'cannot decode !!float'),
  refused('  a: !!int', 'cannot decode !!null'),
  refused('  a: !!float 18446744073709551615', 'as a !!float'),
  refused('  a: !!timestamp 12', 'as a !!timestamp'),
  refused('  a: !!timestamp 2100-02-29', 'as a !!timestamp'),
  refused('  a: !!timestamp 2001-12-14T21:59:43', 'as a !!timestamp'),
  // Merge keys with something else than mappings.
  refused('  <<: 1', 'merge key'),
  refused('  <<: [1]', 'merge key'),
  refused('  <<: ~', 'merge key'),
  refused('  <<: *nope', "unknown anchor 'nope'"),
  // Characters go-yaml's reader refuses, comments included.
  refused('  a: x\u001by', 'U+001B'),
  refused('  a: x # c\u007f', 'U+007F'),
  refused('  a: "x\u000cy"', 'U+000C'),
  refused('  a: x\ufffey', 'U+FFFE'),
  refused('  a: x\u0080y', 'U+0080'),
  // NEL and LS end a line for go-yaml: text after them at the line's start is not a key. Editors
  // do not end a line there, so the error is on the line that holds them.
  refused('  a: x\u0085y', 'map'),
  refused('  a: x\u2028y', 'map'),
  refused('  a: |\n    x\u0085y', 'map', 7),
  // Directives: kubectl cuts the stream at the --- after them, and go-yaml refuses one alone.
  { text: `%YAML 1.1\n---\n${HEAD}  a: 1\n`, raw: true, error: { says: 'directive', line: 1 } },
  { text: `%YAML 9.9\n---\n${HEAD}  a: 1\n`, raw: true, error: { says: '%YAML 9.9', line: 1 } },
  { text: `%YAML 1.2\n---\n${HEAD}  a: 1\n`, raw: true, error: { says: '%YAML 1.2', line: 1 } },
  { text: `%TAG ! tag:example.com,2000:\n---\n${HEAD}  a: 1\n`, raw: true, error: { says: 'directive', line: 1 } },
  // Document separators with more than a comment after them.
  { text: `${HEAD}  a: 1\n--- {apiVersion: v1, kind: ConfigMap, metadata: {name: y}}\n`, raw: true, error: { says: 'separator', line: 7 } },
  { text: `${HEAD}  a: 1\n--- |\n  text\n`, raw: true, error: { says: 'separator', line: 7 } },
  { text: `${HEAD}  a: 1\n----\n`, raw: true, error: { says: 'separator', line: 7 } },
  // A file of CR lines that starts with ---: kubectl's reader sees one line, a separator followed by text.
  { text: `---\r${HEAD.replace(/\n/g, '\r')}  a: 1\r`, raw: true, error: { says: 'separator', line: 1 } },
];

const textOf = (c: Case): string => (c.raw ? c.text : `${HEAD}${c.text}\n`);
const file = (text: string): SourceFile => ({ displayPath: 'case.yaml', absPath: undefined, text });

const label = (c: Case): string => JSON.stringify(c.text).slice(0, 90);

function check(c: Case, docs: readonly ParsedDocument[], path: string): void {
  const f = docs[0]?.file ?? file(textOf(c));
  const problems = docs.flatMap((d) => d.syntaxErrors);
  if (c.specs) {
    assert.equal(problems.map((p) => p.message), [], `${path}: ${label(c)} is read by kubectl`);
    const specs = docs.filter((d) => d.value !== null && d.value !== undefined).map((d) => (d.value as { spec?: unknown }).spec);
    assert.equal(specs, c.specs, `${path}: ${label(c)}`);
    return;
  }
  const first = problems[0];
  assert.ok(first, `${path}: ${label(c)} is refused by kubectl, so it is a parse error`);
  assert.match(first.message, c.error?.says ?? '', `${path}: ${label(c)}: ${first.message}`);
  assert.is(new Locator().position(f, first.offset).line, c.error?.line, `${path}: ${label(c)}: the line of "${first.message}"`);
}

test('each case reads as kubectl reads it, or is a parse error at the line that causes it: the fast path with its fallback', () => {
  for (const c of CASES) check(c, [...parseFile(file(textOf(c)))], 'parseFile');
});

test('the yaml path alone reads every case the same way', () => {
  for (const c of CASES) check(c, yamlPathOnly(file(textOf(c))), 'yaml path');
});

test('a label that go-yaml reads as a number is a number to rules too: 0o12 is 10', () => {
  const [doc] = parseFile(file('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    app: 0o12\n'));
  assert.is((doc?.value as { metadata: { labels: { app: unknown } } }).metadata.labels.app, 10);
});

test('UTF-16 and CR lines: positions are those of the text as editors show it', () => {
  const crlf = `${HEAD}  a: 1\n  b: *nope\n`.replace(/\n/g, '\r');
  const [doc] = parseFile(file(crlf));
  const at = doc?.syntaxErrors[0]?.offset ?? -1;
  assert.equal(new Locator().position(file(crlf), at), { line: 7, column: 6 });
});

const kubectl = testBinary('kubectl');

/** kubectl's reading of a file: the spec of each object, or its error. Offline: --local, and no kubeconfig. */
function kubectlReads(path: string): Promise<{ specs?: unknown[]; error?: string }> {
  return new Promise((done) => {
    const child = spawn(kubectl as string, ['label', '--local', '-f', path, 'meshlint=test', '-o', 'json'], { env: { PATH: process.env.PATH, KUBECONFIG: '/dev/null' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) return done({ error: err.trim() });
      // One JSON object per document, printed one after another.
      const objects = JSON.parse(`[${out.replace(/\n\}\n\{/g, '\n},\n{')}]`) as { kind?: string; items?: { spec?: unknown }[]; spec?: unknown }[];
      done({ specs: objects.flatMap((o) => (o.kind === 'List' ? (o.items ?? []) : [o])).map((o) => o.spec ?? null) });
    });
  });
}

if (kubectl) {
  test('the table is what kubectl reads (kubectl label --local, no cluster)', async () => {
    const t = tempDir('meshlint-kubectl-');
    try {
      // The cases kubectl reads go in one stream (one run); each refused one needs a run of its own.
      const read = CASES.filter((c) => c.specs && !c.raw);
      const stream = join(t.dir, 'read.yaml');
      writeFileSync(stream, read.map((c) => textOf(c)).join('---\n'));
      assert.equal((await kubectlReads(stream)).specs, read.flatMap((c) => c.specs), 'kubectl reads the cases so');
      const alone = CASES.filter((c) => !read.includes(c));
      const paths = alone.map((c, i) => {
        const path = join(t.dir, `case-${i}.yaml`);
        writeFileSync(path, textOf(c));
        return path;
      });
      for (let i = 0; i < alone.length; i += 16) {
        const batch = await Promise.all(paths.slice(i, i + 16).map((p) => kubectlReads(p)));
        batch.forEach((got, k) => {
          const c = alone[i + k] as Case;
          if (c.specs) assert.equal(got.specs, c.specs, `kubectl reads ${label(c)} so: ${got.error ?? ''}`);
          else assert.ok(got.error, `kubectl refuses ${label(c)}`);
        });
      }
    } finally {
      t.cleanup();
    }
  });
}

test.run();
