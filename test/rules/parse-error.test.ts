import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule, { toolMessageHeadline } from '../../rules/parse-error.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import { decodeSource } from '../../src/load/read.ts';
import { runCase, ruleTester, yaml } from '../helpers/rule-tester.ts';
import { unclosedOpener } from '../../src/parse/unclosed.ts';

ruleTester(rule, {
  valid: [
    'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\n',
    { name: 'a stream of JSON objects, as kubectl accepts', code: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}\n{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"}}\n' },
    { name: 'kubectl get -o yaml style: a quoted string continued at its key\'s indentation (go-yaml accepts it)', code: "apiVersion: v1\nkind: Pod\nmetadata: { name: p }\nstatus:\n  conditions:\n    - message: 'first line of a long message that go-yaml''s encoder\n      wrapped here'\n      reason: Applied\n" },
    { name: 'comment-only and empty documents', code: '# just a comment\n---\n---\n# Source: chart/templates/empty.yaml\n' },
  ],
  invalid: [
    {
      name: 'an unclosed flow mapping is reported where it opens, not where the parser gave up',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: {a: b,\n    c: d\ndata:\n  k: v\n',
      errors: [{ messageId: 'unclosed', line: 5, column: 11, message: 'This flow mapping is never closed' }],
    },
    {
      name: 'an unclosed quote that runs to the next document: reported on its own line; the next document is still linted',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "x\n  labels: {}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: [\n',
      errors: [
        { messageId: 'unclosed', line: 4, column: 9, message: 'This quoted string is never closed' },
        { messageId: 'unclosed', line: 9, column: 11, message: 'This flow sequence is never closed' },
      ],
    },
    {
      name: 'one error per broken document, at its position; the next document is still read',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: a
         labels: {}
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: b
      `,
      errors: [
        { messageId: 'syntax', line: 4, column: 9, message: 'YAML syntax error: Nested mappings are not allowed in compact mappings. kubectl rejects this document.' },
        { messageId: 'unclosed', line: 9, column: 11, message: 'This flow mapping is never closed, so kubectl rejects the document. Close it here.' },
      ],
    },
    {
      name: 'unterminated quote',
      code: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "a\n',
      errors: [{ messageId: 'unclosed', line: 4, column: 9, message: 'This quoted string is never closed' }],
    },
    {
      name: 'CRLF line ends: an error that yaml ends between \\r and \\n stays inside its line (found by fuzzing)',
      code: 'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: a\r\n  labels:\r\n - x\r\n',
      errors: [{ messageId: 'syntax', line: 5, column: 10, endLine: 5, endColumn: 10, message: 'block sequence' }],
    },
    {
      name: 'a \\r that ends the text: an error at the end stays inside the last line (found by fuzzing)',
      code: 'metadata: {\r',
      errors: [{ messageId: 'unclosed', line: 1, column: 11, endLine: 1, endColumn: 12, message: 'This flow mapping is never closed' }],
    },
  ],
});

test('parse-error: an unclosed quote: the parser\'s words are on the related location, where it stopped', () => {
  const { messages } = runCase(rule, { code: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "a\n' });
  assert.is(messages.length, 1);
  assert.is(messages[0]?.message, 'This quoted string is never closed, so kubectl rejects the document. Close it here.');
  assert.equal(messages[0]?.related?.map((r) => r.message), ['where the YAML parser stopped: Missing closing "quote']);
});

test('parse-error: a long tool message keeps its end in the headline, and the whole in the related location', () => {
  const long = 'template: shop/templates/web.yaml:15:14: executing "shop/templates/web.yaml" at <include "shop.labels" .>: error calling include: template: shop/templates/_helpers.tpl:3:20: executing "shop.labels" at <.Values.team.name>: nil pointer evaluating interface {}.name';
  assert.is(toolMessageHeadline(long), '…shop/templates/_helpers.tpl:3:20: executing "shop.labels" at <.Values.team.name>: nil pointer evaluating interface {}.name');
  assert.is(toolMessageHeadline('Error: no such file'), 'Error: no such file');
  assert.ok(toolMessageHeadline('x'.repeat(300)).length <= 131);
  // The URL a tool tried to fetch, named early and cut from the end: kept before the end.
  const fetch = 'values don\'t meet the specifications of the schema(s) in the following chart(s): c: failed to load https://schemas.example.com/v1/requirements.json: dial tcp: lookup schemas.example.com on 127.0.0.53:53: read udp 127.0.0.1:41234->127.0.0.53:53: read: connection refused while resolving the schema reference';
  const headline = toolMessageHeadline(fetch);
  assert.match(headline, /^…https:\/\/schemas\.example\.com\/v1\/requirements\.json … /);
  assert.match(headline, /connection refused while resolving the schema reference$/);
  assert.ok(headline.length <= 210, `${headline.length}`);
});

test('parse-error: an alias bomb is refused, bounded, with a finding', () => {
  const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    levels.push(`${name}: &${name} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`);
  }
  const code = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: bomb }\ndata:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
  const { messages } = runCase(rule, { code });
  assert.is(messages.length, 1);
  assert.ok(messages[0]?.message.includes('alias'), messages[0]?.message);
  assert.match(messages[0]?.message ?? '', /^Not linted: /, 'a bound of meshlint\'s, not a YAML syntax error');
});

test('parse-error: a document past the values bound or the nesting bound is "not linted", never a YAML syntax error kubectl would reject', () => {
  const values = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: big }\ndata:\n  list: [${Array.from({ length: 260_000 }, () => '1').join(',')}]\n`;
  const deep = `a: ${'['.repeat(1100)}${']'.repeat(1100)}\n`;
  for (const [code, what] of [[values, 'more than 250,000 values'], [deep, 'nesting deeper than']] as const) {
    const { messages } = runCase(rule, { code });
    assert.is(messages.length, 1);
    assert.match(messages[0]?.message ?? '', new RegExp(`^Not linted: ${what}`));
    assert.not.match(messages[0]?.message ?? '', /syntax error|kubectl rejects/);
  }
});

test('parse-error: binary and invalid UTF-8 input are findings, not crashes', () => {
  const inputs = [
    decodeSource(Buffer.from([0x61, 0x3a, 0x20, 0xff, 0xfe, 0x0a]), 'latin1.yaml', undefined),
    decodeSource(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]), 'binary.yaml', undefined),
  ];
  const report = lint(inputs, { config: EMPTY_CONFIG, rules: [rule] });
  assert.equal(
    report.results.map((r) => [r.filePath, r.messages.map((m) => `${m.line}:${m.column} ${m.message}`)]),
    [
      ['latin1.yaml', ['1:1 not valid UTF-8 text; Kubernetes manifests must be UTF-8.']],
      ['binary.yaml', ['1:1 binary file (contains NUL bytes); not YAML or JSON.']],
    ],
  );
});

test('unclosedOpener: comments, escapes and closed collections are skipped', () => {
  const text = 'a: {b: [1, 2], c: "x\\" y", d: \'it\'\'s\'} # { not this\ne: [f, {g: "h\n';
  assert.is(unclosedOpener(text, 0, text.length), text.lastIndexOf('"'));
  const closed = 'a: {b: [1, 2]} # [\n';
  assert.is(unclosedOpener(closed, 0, closed.length), undefined);
  const flow = 'x: [a, {b: c}, d\n';
  assert.is(unclosedOpener(flow, 0, flow.length), flow.indexOf('['));
});

test.run();
