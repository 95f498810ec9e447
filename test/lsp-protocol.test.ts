// The language server's parts that decide without I/O (framing, the job order, the open
// documents, escaping), and its framing end to end: raw bytes over the built server's stdio.
import { spawn } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { markdownText } from '../src/common/text.ts';
import { OpenDocuments } from '../src/lsp/documents.ts';
import { contentLengthOf, FrameError, MAX_MESSAGE_BYTES, messageOf } from '../src/lsp/frames.ts';
import { JobQueue } from '../src/lsp/queue.ts';
import { hoverFor, notLintedDiagnostic, shellWord } from '../src/lsp/server.ts';
import { MESHLINT_BIN } from './helpers/lsp.ts';

const frame = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const INITIALIZE = frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));

/** Writes raw bytes to `meshlint lsp`; its exit code, stdout and stderr once it exits. */
function rawSession(bytes: string): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MESHLINT_BIN, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // No time limit: a server that hangs keeps the test waiting, where the runner's own
    // limit (CI's job) ends it; a slow one still passes.
    child.on('exit', (code) => {
      resolve({ code, stdout, stderr, timedOut: false });
    });
    // Kept open: a server that waits for more bytes must not be let off by the end of its input.
    child.stdin.write(bytes);
  });
}

test('a malformed frame ends the connection with one line on stderr, never a silent hang', async () => {
  const cases: [string, string, RegExp][] = [
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}', /Content-Length "abc" is not a byte count/],
    ['digits then garbage (parseInt would read 12)', 'Content-Length: 12abc\r\n\r\n{"jsonrpc":1}', /Content-Length "12abc" is not a byte count/],
    ['a negative length', 'Content-Length: -1\r\n\r\n{}', /is not a byte count/],
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', /no Content-Length header/],
    ['a length over the limit', 'Content-Length: 99999999999\r\n\r\n{}', /over the \d+-byte limit/],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\nhello', /not UTF-8 JSON/],
    ['a header line without a colon', 'Content-Length 5\r\n\r\n{}', /malformed header line/],
    ['headers without end', 'X'.repeat(9000), /no end of headers within 8192 bytes/],
    ['a good message, then a bad one', `${INITIALIZE}Content-Length: x\r\n\r\n`, /Content-Length "x" is not a byte count/],
  ];
  const runs = await Promise.all(cases.map(([, bytes]) => rawSession(bytes)));
  runs.forEach((run, i) => {
    const [what, , stderr] = cases[i] as [string, string, RegExp];
    assert.not.ok(run.timedOut, `${what}: the server exits`);
    assert.is(run.code, 1, what);
    assert.match(run.stderr, stderr, what);
    assert.match(run.stderr, /^meshlint lsp: .*; closing the connection\n$/, `${what}: one line`);
  });
  assert.match(runs[runs.length - 1]?.stdout ?? '', /"serverInfo"/, 'the good message before the bad one was answered');
});

test('frame headers: one decimal Content-Length within the limit, UTF-8 only; bodies are JSON objects', () => {
  assert.is(contentLengthOf('Content-Length: 42'), 42);
  assert.is(contentLengthOf('content-length:7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8'), 7);
  assert.is(contentLengthOf(`Content-Length: ${MAX_MESSAGE_BYTES}`), MAX_MESSAGE_BYTES);
  for (const bad of ['Content-Length: 4 2', 'Content-Length: 0x10', 'Content-Length: 1e3', 'Content-Length: 1\r\nContent-Length: 1', `Content-Length: ${MAX_MESSAGE_BYTES + 1}`, 'Content-Length: 1\r\nContent-Type: text/plain; charset=latin1', '']) {
    assert.throws(() => contentLengthOf(bad), (e: unknown) => e instanceof FrameError, JSON.stringify(bad));
  }
  assert.equal(messageOf(Buffer.from('{"jsonrpc":"2.0","method":"exit"}')), { jsonrpc: '2.0', method: 'exit' });
  for (const bad of ['[]', '1', 'null', '{"a":']) assert.throws(() => messageOf(Buffer.from(bad)), (e: unknown) => e instanceof FrameError, bad);
  assert.throws(() => messageOf(Buffer.from([0x7b, 0xff, 0x7d])), /not UTF-8 JSON/);
});

test('jobs: control first, then facts, unless a document has waited past the patience; each document once', () => {
  const q = new JobQueue(1000);
  q.addLint('file:///a.yaml', 0);
  q.addFacts({ op: 'readFacts', file: '/f1' });
  q.addFacts({ op: 'readFacts', file: '/f1' });
  q.addFacts({ op: 'readFacts', file: '/f2' });
  q.addControl({ op: 'factFiles' });
  q.addControl({ op: 'factFiles' });
  q.addControlFirst({ op: 'init', roots: [] });
  q.addLint('file:///a.yaml', 500);
  const order = (now: number): string[] => {
    const out: string[] = [];
    for (let job = q.next(now); job; job = q.next(now)) out.push(job.kind === 'lint' ? job.uri : job.req.op === 'readFacts' ? job.req.file : job.req.op);
    return out;
  };
  assert.equal(order(10), ['init', 'factFiles', '/f1', '/f2', 'file:///a.yaml']);
  q.addLint('file:///b.yaml', 0);
  q.addFacts({ op: 'readFacts', file: '/f3' });
  assert.not.ok(q.factsSettled);
  assert.equal(order(1000), ['file:///b.yaml', '/f3'], 'a document waiting 1 s goes before the facts still to read');
  assert.ok(q.empty);
});

test('open documents: a text that grows over the limit is dropped; a whole new text brings it back', () => {
  const docs = new OpenDocuments(10);
  const d = docs.open('file:///a.yaml', 'yaml', 1, 'a: 1\n');
  docs.change('file:///a.yaml', 2, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'b: 2\n' }]);
  assert.is(d.doc?.getText(), 'a: 1\nb: 2\n');
  docs.change('file:///a.yaml', 3, [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'c: 3\n' }]);
  assert.is(d.doc, undefined);
  assert.is(d.droppedBytes, 15);
  assert.is(d.version, 3);
  docs.change('file:///a.yaml', 4, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'ignored' }]);
  assert.is(d.doc, undefined, 'ranged edits to a dropped text are not applied');
  docs.change('file:///a.yaml', 5, [{ text: 'x: 1\n' }, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'y' }]);
  assert.is(d.doc?.getText(), 'y: 1\n');
  assert.is(d.doc?.version, 5);
  assert.is(docs.open('file:///b.yaml', 'yaml', 1, 'é'.repeat(11)).droppedBytes, 22);
});

test('hover Markdown: manifest text cannot become a link, an image, HTML or an entity; a rule id only comes from meshlint', () => {
  assert.is(markdownText('[a](http://x) ![i](y) <b> &amp; *e* `c` www.x.io \u202e\u001b'), '\\[a\\](http\\://x) !\\[i\\](y) \\<b\\> \\&amp; \\*e\\* \\`c\\` www\\.x.io \\\\u202e\\\\u001b');
  // Plain words and punctuation stay as written: a renderer that shows escapes shows few.
  assert.is(markdownText('Istio never injects this pod, though namespace shop has istio-injection=enabled.'), 'Istio never injects this pod, though namespace shop has istio-injection=enabled.');
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } };
  const hover = hoverFor([{ range, message: 'see <a href="x">', source: 'meshlint', code: 'duplicate-key' }], 0, 1, new Map());
  assert.match((hover?.contents as { value: string }).value, /^\*\*meshlint\(duplicate-key\)\*\*: see \\<a href="x"\\>/);
  assert.is(hoverFor([{ range, message: 'x', source: 'meshlint', code: '[x](http://evil)' }], 0, 1, new Map()), undefined);
  assert.is(hoverFor([{ range, message: 'x', source: 'meshlint' }], 0, 1, new Map()), undefined, 'a note without a rule has no hover');
});

test('the command in a "not linted" note is one shell word, whatever the file is called', () => {
  assert.is(shellWord('apps/web.yaml'), 'apps/web.yaml');
  assert.is(shellWord("it's $(rm -rf ~);`x`.yaml"), `'it'\\''s $(rm -rf ~);\`x\`.yaml'`);
  const note = notLintedDiagnostic('a\u202eb.yaml', { why: 'too-large', bytes: 3 * 1024 * 1024 });
  assert.is(note.message, `Not linted as you type: the file is 3 MiB, over the 1 MiB limit. Run "meshlint 'a\\u202eb.yaml'" to lint it.`);
});

test.run();
