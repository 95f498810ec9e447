// The fast path (js-yaml events) gives exactly what the `yaml` path gives: the same values,
// typed the same way, the same duplicate keys and offsets, and hands back what it cannot take.
import { readFileSync } from 'node:fs';
import { globSync } from 'glob';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentEvents, MAX_DEPTH, parseFast, recentEvents } from '../../src/parse/events.ts';
import { Locator } from '../../src/parse/locator.ts';
import { Codes, decodeEvents, encodeEvents } from '../../src/parse/event-codec.ts';
import { isJsonStream, readChunk } from '../../src/parse/go-yaml.ts';
import { documentText, forRules, groupsOf, METADATA_ONLY_KINDS, parseFile, parseGroup, parseStream } from '../../src/parse/yaml.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';
import { REPO_ROOT, sharedExtra } from '../helpers/shared.ts';
import { yamlPathOnly } from '../helpers/parse-paths.ts';

const file = (text: string): SourceFile => ({ displayPath: 'f.yaml', absPath: undefined, text });
const plain = (docs: Iterable<ParsedDocument>): string =>
  JSON.stringify([...docs].map((d) => ({ ...d, file: undefined })), (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

/** Parsed both ways: the fast path (with its fallback) and the `yaml` path alone. */
function bothWays(text: string): { fast: string; yaml: string } {
  const f = file(text);
  return { fast: plain(parseFile(f)), yaml: plain(yamlPathOnly(f)) };
}

function same(text: string, label = JSON.stringify(text).slice(0, 80)): void {
  const { fast, yaml } = bothWays(text);
  assert.is(fast, yaml, label);
}

const taken = (text: string): boolean => parseFast(text, 0).kind === 'value';

/** The examples' YAML files, and every `every`th of the corpus's (when ../shared is there). */
function yamlSample(every: number): string[] {
  const files = globSync('examples/**/*.{yaml,yml}', { cwd: REPO_ROOT, absolute: true });
  const corpus = sharedExtra('corpus');
  if (corpus) files.push(...globSync('**/*.{yaml,yml}', { cwd: corpus, absolute: true }).sort().filter((_, i) => i % every === 0));
  return files;
}


test('values are typed as go-yaml v2 types them, the same as on the yaml path', () => {
  const text = [
    'a: yes', 'b: on', 'c: Off', 'd: 0755', 'e: 0x1F', 'f: 1_000', 'g: 1.50', 'h: 0o12', 'i: -0B11', 'j: 08', 'k: ~', 'l:',
    'm: 2024-01-02', 'n1: 1:30', 'o: "yes"', "p: '0755'", 'q: !!str 12', 'r: 1e3', 's: 0b101', 't: +12', 'u: y', 'v: NO', 'w: Null',
    'yes: key-typed', '1: one', 'x: |', '  block', '  text', 'z: >-', '  folded', '  text',
  ].join('\n');
  const [doc] = parseFile(file(text));
  assert.ok(taken(text), 'the fast path takes it');
  const v = doc?.value as Record<string, unknown>;
  assert.equal([v.a, v.b, v.c, v.d, v.e, v.f, v.g], [true, true, false, 493, 31, 1000, 1.5]);
  assert.equal([v.h, v.i, v.j, v.k, v.l], [10, -3, 8, null, null]);
  assert.equal([v.m, v.n1, v.o, v.p, v.q, v.r, v.s, v.t, v.u, v.v, v.w], ['2024-01-02', '1:30', 'yes', '0755', '12', 1000, 5, 12, true, false, null]);
  assert.equal([v.true, v['1'], v.x, v.z], ['key-typed', 'one', 'block\ntext\n', 'folded text']);
  same(text);
});

test('merge keys apply on both paths where they are written, as go-yaml v2 applies them', () => {
  const text = 'base: &b {a: 1, b: 2}\nother: &o {c: 3, a: 7}\nm:\n  <<: [*b, *o]\n  b: 9\nn2:\n  <<: *b\nn3:\n  a: 0\n  <<: *b\n';
  const [doc] = parseFile(file(text));
  assert.ok(taken(text));
  // Keys after `<<` win, keys before it are overwritten (kubectl reads `a: 1` then `<<: {a: 2}` as a: 2), earlier sources win.
  assert.equal(doc?.value, { base: { a: 1, b: 2 }, other: { c: 3, a: 7 }, m: { a: 1, b: 9, c: 3 }, n2: { a: 1, b: 2 }, n3: { a: 1, b: 2 } });
  same(text);
  assert.equal([...parseStream(file(text))][0]?.value, doc?.value, 'the yaml path merges too (it kept a "Symbol(<<)" key before)');
});

test('duplicate keys: the same paths and offsets, quoted keys included', () => {
  for (const text of [
    'metadata:\n  labels:\n    app: a\n    app: b\n',
    'spec:\n  containers:\n  - name: x\n    "name": y\n',
    'a: 1\nb: 2\na: 3\n',
    'l:\n- {k: 1, k: 2}\n',
  ]) {
    assert.ok(taken(text), text);
    same(text);
  }
  const [doc] = parseFile(file('metadata:\n  labels:\n    app: a\n    app: b\n'));
  assert.equal(doc?.duplicateKeys.map((d) => [d.mapPath, d.key, d.first.offset, d.last.offset]), [[['metadata', 'labels'], 'app', 24, 35]]);
});

test('what the fast path cannot take exactly goes to the yaml path: syntax errors, tags, complex keys, directives, odd whitespace', () => {
  const handedBack = [
    'a: b: c\n', // a syntax error: the yaml path's message is the one users see
    'a: !custom x\n', // a tag other than !!str
    'a: !!int "1"\n',
    '? [a, b]\n: 1\n', // a complex key
    '%YAML 1.1\r---\ra: 1\r', // directives (with a --- after them only where lines end in CR)
    'a: 1\n...\nb: 2\n', // two documents in one group
    'a:\n\t- b\n', // a tab in the indentation
    'a: 1\n:     b: c\n', // an empty key before a compact mapping
    '  ---\na: 1\n', // an indented marker
    'a: x\ry\n', // a carriage return alone
    'a: b\n\ufeffc: d\n', // a byte order mark inside the text
    'a: *missing\n',
  ];
  for (const text of handedBack) {
    assert.not.ok(taken(text), JSON.stringify(text));
    same(text);
  }
});

test('nesting deeper than the limit is one syntax problem, never a stack overflow (block and flow, 10,000 levels)', () => {
  let block = '';
  for (let i = 0; i < 10_000; i++) block += `${' '.repeat(i)}a:\n`;
  const flow = `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
  for (const text of [block, flow]) {
    const docs = [...parseFile(file(text))];
    assert.is(docs.length, 1);
    assert.is(docs[0]?.value, undefined);
    assert.match(docs[0]?.syntaxErrors[0]?.message ?? '', `nesting deeper than ${MAX_DEPTH} levels`);
  }
  // Just inside the limit is an ordinary document.
  let ok = '';
  for (let i = 0; i < 200; i++) ok += `${' '.repeat(i)}a:\n`;
  assert.is([...parseFile(file(ok))][0]?.syntaxErrors.length, 0);
});

test('an alias bomb is refused on the yaml path with its finding, whichever path met it first', () => {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
  const text = `${lines.join('\n')}\n`;
  const [doc] = parseFile(file(text));
  assert.is(doc?.value, undefined);
  assert.match(doc?.syntaxErrors[0]?.message ?? '', 'alias bomb');
});

test('deep flow nesting that the fast path declines (a tag, a syntax error) is the same finding every run, found quickly (found by fuzzing)', () => {
  const text = `a: !custom x\nb: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
  const first = plain(parseFile(file(text)));
  assert.is(plain(parseFile(file(text))), first, 'deterministic');
  assert.match(first, `nesting deeper than ${MAX_DEPTH} levels`);
  const broken = `a: ${'{a: '.repeat(20_000)}\n`;
  assert.match(plain(parseFile(file(broken))), `nesting deeper than ${MAX_DEPTH} levels`);
});

test('an alias bomb in a large document is refused in time bounded by the budget, not by the document (found by fuzzing)', () => {
  const keys = Array.from({ length: 1000 }, (_, i) => `k${i}: v${i}`).join('\n');
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
  const text = `${keys}\n${bomb.join('\n')}\n`;
  const [doc] = parseFile(file(text));
  assert.match(doc?.syntaxErrors[0]?.message ?? '', 'alias bomb');
});

test('kinds no rule reads keep only their identity and metadata; their syntax errors and duplicate keys are still found', () => {
  const crd = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: x.example.com\n  labels: { ok: yes }\nspec:\n  group: example.com\n  group: again\n';
  const [doc] = parseFile(file(crd));
  assert.equal(doc?.value, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'x.example.com', labels: { ok: true } } });
  assert.equal(doc?.duplicateKeys.map((d) => [d.mapPath, d.key]), [[['spec'], 'group']]);
  const broken = `${crd}  versions: [\n`;
  assert.is([...parseFile(file(broken))][0]?.syntaxErrors.length, 1);
  // No rule or model code looks at these kinds: what they lose, nothing reads.
  const dirs = [join(REPO_ROOT, 'rules'), join(REPO_ROOT, 'src', 'model'), join(REPO_ROOT, 'src', 'engine')];
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true }) as string[]) {
      if (!name.endsWith('.ts')) continue;
      const source = readFileSync(join(dir, name), 'utf8');
      for (const kind of METADATA_ONLY_KINDS) assert.not.ok(source.includes(kind), `${name} names ${kind}: take it out of METADATA_ONLY_KINDS first`);
    }
  }
});

test('an own "__proto__" key stays data on both paths', () => {
  const text = '__proto__:\n  polluted: true\nname: x\n';
  assert.ok(taken(text));
  const [doc] = parseFile(file(text));
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.ok(Object.hasOwn(doc?.value as object, '__proto__'));
  same(text);
});

test('groups parse alone as they parse in the stream: offsets are file offsets', () => {
  const text = '# lead\n---\na: 1\n---\n# Source: chart/templates/x.yaml\nb: 2\n---\n---\n# only a comment\n';
  const f = file(text);
  let index = 0;
  const docs = groupsOf(text).flatMap((g) => {
    const out = parseGroup(f, { ...g, firstIndex: index });
    index += out.length;
    return out;
  });
  assert.is(plain(docs), plain(parseFile(f)));
  assert.is(docs[1]?.helmSource, 'chart/templates/x.yaml');
  same(text);
});

test('the examples and a sample of the corpus parse exactly as on the yaml path', () => {
  const files = globSync('examples/**/*.{yaml,yml,json}', { cwd: REPO_ROOT, absolute: true });
  const corpus = sharedExtra('corpus');
  if (corpus) files.push(...globSync('**/*.{yaml,yml,json}', { cwd: corpus, absolute: true }).sort().filter((_, i) => i % 25 === 0));
  for (const path of files) {
    const text = readFileSync(path, 'utf8').replace(/^\ufeff/, '');
    same(text, path.slice(REPO_ROOT.length));
  }
});

test('the locator places keys, items and paths that stop short from events exactly where the yaml syntax tree does (examples and a corpus sample, every path)', () => {
  const files = yamlSample(60);
  let compared = 0;
  for (const path of files) {
    const f = file(readFileSync(path, 'utf8').replace(/^\ufeff/, ''));
    const quick = new Locator();
    const tree = new Locator({ fast: false });
    for (const doc of parseFile(f)) {
      const paths: (string | number)[][] = [['missing'], ['spec', 'missing', 2]];
      // Every path, and paths that stop short: a missing key under each mapping, an item past
      // each sequence's end, a key under a scalar (the deepest part that exists is placed).
      const walk = (v: unknown, at: (string | number)[]): void => {
        if (paths.length > 300) return;
        paths.push(at);
        if (Array.isArray(v)) {
          paths.push([...at, v.length], [...at, 0, 'missing']);
          v.forEach((x, i) => walk(x, [...at, i]));
        } else if (v && typeof v === 'object') {
          paths.push([...at, 'missing', 'deeper']);
          for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
        } else paths.push([...at, 'x']);
      };
      walk(doc.value, []);
      for (const p of paths) {
        assert.equal(quick.offsets(doc, p), tree.offsets(doc, p), `${path.slice(REPO_ROOT.length)} ${JSON.stringify(p)}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 1000, `${compared} paths compared`);
});

test('a document just parsed keeps its events for the locator: the very events documentEvents reads from its text', () => {
  const files = yamlSample(60);
  let kept = 0;
  for (const path of files) {
    const f = file(readFileSync(path, 'utf8').replace(/^\ufeff/, ''));
    for (const doc of parseFile(f)) {
      const text = documentText(f, doc.startOffset, doc.endOffset);
      const events = text === undefined ? undefined : recentEvents(f, doc.startOffset, text);
      if (!events || text === undefined) continue;
      assert.equal(events, documentEvents(text), `${path.slice(REPO_ROOT.length)} @${doc.startOffset}`);
      kept++;
    }
  }
  assert.ok(kept > 100, `${kept} documents kept their events`);
  // Kept for a few documents only, and only for the text and place they were read from.
  const f = file('a: 1\n');
  const [doc] = [...parseFile(f)];
  assert.ok(doc && recentEvents(f, doc.startOffset, 'a: 1\n'));
  assert.is(recentEvents(f, doc?.startOffset ?? 0, 'a: 2\n'), undefined);
  assert.is(recentEvents(file('a: 1\n'), doc?.startOffset ?? 0, 'a: 1\n'), undefined);
});

test('events sent from a parse worker come back as they were: every document of the examples and a corpus sample', () => {
  const files = yamlSample(30);
  let compared = 0;
  for (const path of files) {
    const f = file(readFileSync(path, 'utf8').replace(/^\ufeff/, ''));
    for (const doc of parseFile(f)) {
      const text = documentText(f, doc.startOffset, doc.endOffset);
      const events = text === undefined ? undefined : documentEvents(text);
      if (!events) continue;
      const codes = new Codes();
      codes.push(7); // what comes before a document's numbers is not read as its own
      assert.ok(encodeEvents(events, codes));
      assert.equal(decodeEvents(codes.done().subarray(1)), events, `${path.slice(REPO_ROOT.length)} @${doc.startOffset}`);
      compared++;
    }
  }
  assert.ok(compared > 100, `${compared} documents compared`);
  // Anchors, tags, aliases, block scalars and flow collections keep every field.
  const tricky = 'a: &x !!str [1, "b"]\nc: |-\n  x\nd: *x\ne: >+\n  y\n\nf: {g: h}\n';
  const events = documentEvents(tricky);
  assert.ok(events);
  const codes = new Codes();
  assert.ok(encodeEvents(events, codes));
  assert.equal(decodeEvents(codes.done()), events);
  // Directives are not held: the document is parsed again when a report needs it.
  const withDirective = new Codes();
  assert.not.ok(encodeEvents([{ type: 1, explicitStart: true, explicitEnd: false, directives: [{ kind: 'yaml', version: '1.1' }] }], withDirective));
  assert.is(withDirective.length, 0);
});

test.run();
