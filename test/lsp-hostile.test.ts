// The language server against a workspace that works against it: documents too large or too
// slow to lint as they are typed, a tree too big to read at start, manifest text written to
// become links, HTML or terminal escapes, broken and hostile configs. Each is built in a
// temporary folder and driven through the real server, as an editor would.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CodeAction, Diagnostic, Hover } from 'vscode-languageserver';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BAD_LABEL, shopNamespace, webDeployment } from './helpers/cli.ts';
import { messageText, rules, startLsp, stopLsp } from './helpers/lsp.ts';

const MiB = 1024 * 1024;
/** Characters a terminal or a bidi-aware viewer acts on: none may reach the editor raw. */
const ACTIVE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same in Markdown, whose paragraphs are separated by line feeds. */
const ACTIVE_IN_MARKDOWN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A manifest stream of `bytes` bytes exactly: ConfigMaps, padded with a comment. */
function manifestOf(bytes: number): string {
  const doc = (i: number): string => `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\ndata:\n  key: "value ${i}"\n`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size + doc(i).length + 8 < bytes; i++) {
    parts.push(doc(i));
    size += doc(i).length;
  }
  const pad = bytes - size - 3;
  return `${parts.join('')}# ${'x'.repeat(pad)}\n`;
}

test('a document over 1 MiB is one Information diagnostic naming the limit and the command; its edits hold up nothing', async () => {
  const s = await startLsp();
  try {
    const big = 'big $(x).yaml';
    const atLimit = manifestOf(MiB);
    assert.is(Buffer.byteLength(atLimit), MiB);
    const over = `${BAD_LABEL}${manifestOf(20 * MiB)}`;
    const bigDiagnostics = s.diagnostics(big);
    const limitDiagnostics = s.diagnostics('limit.yaml');
    s.open(big, over);
    s.open('limit.yaml', atLimit);
    const [only, ...rest] = await bigDiagnostics;
    assert.equal(rest, []);
    assert.is(only?.severity, 3);
    assert.equal(only?.range.start, { line: 0, character: 0 });
    assert.is(messageText(only), `Not linted as you type: the file is 20 MiB, over the 1 MiB limit. Run "meshlint 'big $(x).yaml'" to lint it.`);
    assert.equal(await limitDiagnostics, [], 'a document of exactly 1 MiB is linted');

    const cm = s.diagnostics('cm.yaml');
    s.open('cm.yaml', BAD_LABEL);
    assert.equal(rules(await cm), ['6:5 yaml-nonstring-value']);
    for (let version = 2; version <= 6; version++) {
      // An edit to the large document, then at once a hover and an edit elsewhere.
      void s.conn.sendNotification('textDocument/didChange', {
        textDocument: { uri: s.uri(big), version },
        contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: `# edit ${version}\n` }],
      });
      const hover = (await s.hover('cm.yaml', 5, 6)) as Hover | null;
      assert.is(hover !== null, version % 2 === 0, 'the finding is hovered while it is there');
      const relinted = s.diagnostics('cm.yaml');
      s.replace('cm.yaml', version, version % 2 ? BAD_LABEL : BAD_LABEL.replace('true #', '"true" #'));
      const d = await relinted;
      assert.is(d.length, version % 2);
    }

    // Cut down to a small text, it is linted again.
    const small = s.diagnostics(big, (d) => d.some((x) => x.code === 'yaml-nonstring-value'));
    s.replace(big, 7, BAD_LABEL);
    assert.equal(rules(await small), ['6:5 yaml-nonstring-value']);
  } finally {
    assert.is(await stopLsp(s), 0);
  }
});

test('a lint that runs past the time limit is stopped: the document says so, the others are linted with the facts read before', async () => {
  // 160,000 one-word documents: under the size limit, and seconds to lint (a finding each).
  const slow = '--- a\n'.repeat(160_000);
  assert.ok(Buffer.byteLength(slow) < MiB);
  const s = await startLsp({ initializationOptions: { lintTimeLimitMs: 300 }, files: { 'platform/ns.yaml': shopNamespace('enabled'), 'apps/web.yaml': webDeployment() } });
  try {
    const stopped = s.diagnostics('slow.yaml');
    s.open('slow.yaml', slow);
    // Opened while the lint thread restarts: it may first be linted before the facts are read
    // again, then once they are in; what counts is that the finding arrives.
    const web = s.diagnostics('apps/web.yaml', (d) => d.length > 0);
    s.open('apps/web.yaml', webDeployment());
    const [only, ...rest] = await stopped;
    assert.equal(rest, []);
    assert.is(only?.severity, 3);
    assert.is(messageText(only), 'Not linted as you type: linting took longer than 0.3 s and was stopped. Run "meshlint slow.yaml" to lint it; saving tries again.');
    assert.equal(rules(await web), ['12:7 injection-host-network'], 'the Namespace read at start still counts in the new lint thread');

    // Edits to the stopped document are not linted again (each would cost the limit); a save is.
    void s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: s.uri('slow.yaml'), version: 2 }, contentChanges: [{ text: `${slow}# more\n` }] });
    const hover = (await s.hover('apps/web.yaml', 11, 8)) as Hover | null;
    assert.match((hover?.contents as { value: string } | undefined)?.value ?? '', /injection-host-network/);
    const again = s.diagnostics('slow.yaml');
    void s.conn.sendNotification('textDocument/didSave', { textDocument: { uri: s.uri('slow.yaml') } });
    assert.match(messageText((await again)[0]), /took longer than 0\.3 s/);
    assert.ok(s.logs.some((l) => /linting slow\.yaml was stopped/.test(l)), 'the log says which document');
  } finally {
    assert.is(await stopLsp(s), 0);
  }
});

test('a lint overtaken by an edit is dropped: only the newest version of a document gets diagnostics', async () => {
  // 250,000 empty documents: about a second and a half to lint.
  const slow = '---\n'.repeat(250_000);
  const s = await startLsp();
  try {
    const ready = s.diagnostics('cm.yaml');
    s.open('cm.yaml', BAD_LABEL);
    await ready;
    s.open('slow.yaml', slow);
    await new Promise((resolve) => setTimeout(resolve, 200)); // its lint is under way
    const newest = s.diagnostics('slow.yaml');
    s.replace('slow.yaml', 2, BAD_LABEL);
    assert.equal(rules(await newest), ['6:5 yaml-nonstring-value']);
    assert.equal(
      s.publications('slow.yaml').map((p) => p.version),
      [2],
      'the first version was never published',
    );
  } finally {
    await stopLsp(s);
  }
});

test('facts at start: a file over 1 MiB is skipped with one log line; a large tree does not hold up shutdown', async () => {
  const files: Record<string, string> = { 'platform/ns.yaml': shopNamespace('enabled'), 'apps/web.yaml': webDeployment() };
  // 18 MB of Namespaces: reading them for facts took the old server many seconds.
  files['huge/namespaces.yaml'] = Array.from({ length: 300_000 }, (_, i) => `---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns-${i}\n`).join('');
  for (let i = 0; i < 1500; i++) files[`many/f${i}.yaml`] = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n`;
  {
    const s = await startLsp({ files });
    const d = s.diagnostics('apps/web.yaml', (x) => x.length > 0);
    s.open('apps/web.yaml', webDeployment());
    assert.equal(rules(await d), ['12:7 injection-host-network']);
    assert.match(await s.waitForLog(/huge/), /huge\/namespaces\.yaml is larger than 1 MiB \(\d+ MiB\): not read for facts$/);
    assert.is(s.logs.filter((l) => /huge/.test(l)).length, 1);
    assert.match(await s.waitForLog(/read the workspace for facts/), /^meshlint: read the workspace for facts in \d+ ms$/);
    await stopLsp(s);
  }
  {
    // Shut down at once, while the workspace is being read.
    const s = await startLsp({ files });
    assert.is(await stopLsp(s), 0);
  }
});

test('manifest text is escaped in hover Markdown; no message, related message, action title or hover carries a control or bidi character', async () => {
  const web = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: "x](https://evil.example)<img src=x onerror=alert(1)>\\u202e\\e[31m"',
    '  namespace: shop',
    '  labels:',
    '    "dup\\u202ekey": a',
    '    "dup\\u202ekey": b',
    'spec:',
    '  replicas: 2',
    '  selector: { matchLabels: { app: web } }',
    '  template:',
    '    metadata:',
    '      labels: { app: web }',
    '      annotations:',
    '        sidecar.istio.io/inject: "[y](https://evil.example)\\u2066"',
    '        cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes: "cache\\u202e<b>"',
    '    spec:',
    '      containers: [{ name: web, image: nginx }]',
    '',
  ].join('\n');
  const s = await startLsp({
    files: { '.meshlint.yaml': 'rules: { autoscaler-safe-to-evict: warn }\nnamespaces: { shop: { labels: { istio-injection: enabled } } }\nistio: { version: "1.31" }\n' },
  });
  try {
    const opened = s.diagnostics('web.yaml');
    s.open('web.yaml', web);
    const d = await opened;
    const ids = d.map((x) => String(x.code));
    for (const id of ['duplicate-key', 'inject-value-invalid', 'autoscaler-safe-to-evict']) assert.ok(ids.includes(id), `${id} reports`);
    const texts: string[] = [];
    for (const x of d) texts.push(messageText(x), ...(x.relatedInformation ?? []).map((r) => r.message));
    const actions = (await s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: s.uri('web.yaml') }, range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, context: { diagnostics: d } })) as CodeAction[];
    texts.push(...actions.map((a) => a.title));
    assert.ok(actions.some((a) => a.title.includes('cache\\u202e<b>')), 'the suggestion names the volume, escaped');
    assert.ok(texts.some((t) => t.includes('dup\\u202ekey')), 'the duplicate key is named, escaped');
    for (const t of texts) assert.not.ok(ACTIVE.test(t), `raw control or bidi character in ${JSON.stringify(t)}`);

    const at = (id: string): Diagnostic => d.find((x) => x.code === id) as Diagnostic;
    for (const id of ['inject-value-invalid', 'duplicate-key']) {
      const { start } = at(id).range;
      const hover = (await s.hover('web.yaml', start.line, start.character)) as Hover | null;
      const value = (hover?.contents as { value: string } | undefined)?.value ?? '';
      assert.not.ok(ACTIVE_IN_MARKDOWN.test(value), 'hover: no raw control or bidi character');
      const message = value.split('\n\n')[0] ?? '';
      // Every bracket and angle bracket of the manifest's text is escaped: no link (a parenthesis
      // makes one only after "]"), no HTML.
      assert.not.match(message.replace(/^\*\*meshlint\([a-z-]+\)\*\*: /, ''), /(?<!\\)[[\]<>]/);
    }
    const value = (((await s.hover('web.yaml', at('inject-value-invalid').range.start.line, at('inject-value-invalid').range.start.character)) as Hover).contents as { value: string }).value;
    assert.ok(value.includes('\\[y\\](https\\://evil.example)\\\\u2066'), 'the value is shown, escaped');
    assert.ok(value.includes('\\<img src=x onerror=alert(1)\\>'), 'the name is shown, escaped');
  } finally {
    await stopLsp(s);
  }
});

test('a broken config is an error on its file at the line it names and one on each document it governs; fixing it clears both', async () => {
  const s = await startLsp({ files: { '.meshlint.yaml': 'rules:\n  yaml-nonstring-value: error\n  bad: [\n', 'cm.yaml': BAD_LABEL } });
  const config = (ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => s.until('.meshlint.yaml', ok);
  try {
    const doc = s.diagnostics('cm.yaml');
    s.open('cm.yaml', BAD_LABEL);
    const [broken] = await doc;
    assert.is(broken?.severity, 1);
    assert.equal(broken?.range.start, { line: 0, character: 0 });
    assert.is(messageText(broken), 'Not linted: its configuration .meshlint.yaml is broken; see the error there.');
    const [syntax] = await config((d) => d.length > 0);
    assert.is(syntax?.severity, 1);
    assert.is(syntax?.range.start.line, 3, 'the YAML error is where the flow sequence should have ended');

    // Fixed on disk, announced by the file watcher: both errors go, the document is linted.
    writeFileSync(join(s.t.dir, '.meshlint.yaml'), 'rules:\n  yaml-nonstring-value: error\n');
    const fixed = s.diagnostics('cm.yaml', (d) => d.length === 1 && d[0]?.code === 'yaml-nonstring-value');
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: s.uri('.meshlint.yaml'), type: 2 }] });
    await fixed;
    assert.equal(await config((d) => d.length === 0), []);

    // Broken by a key (no line named: the first line), then saved from the editor.
    writeFileSync(join(s.t.dir, '.meshlint.yaml'), 'rules:\n  no-such-rule: error\n');
    const unknown = s.diagnostics('cm.yaml', (d) => d.length === 1 && d[0]?.code === undefined);
    void s.conn.sendNotification('textDocument/didSave', { textDocument: { uri: s.uri('.meshlint.yaml') } });
    await unknown;
    const [key] = await config((d) => /no-such-rule/.test(messageText(d[0])));
    assert.match(messageText(key), /^Invalid configuration: rules\.no-such-rule: unknown rule/);
    assert.is(key?.range.start.line, 0);

    // An alias bomb: refused as a broken config, not a stuck or silent server.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`), 'rules: {}', ''].join('\n');
    writeFileSync(join(s.t.dir, '.meshlint.yaml'), bomb);
    const bombed = s.diagnostics('cm.yaml', (d) => d.length === 1 && d[0]?.code === undefined);
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: s.uri('.meshlint.yaml'), type: 2 }] });
    assert.match(messageText((await bombed)[0]), /configuration \.meshlint\.yaml is broken/);
    const [alias] = await config((d) => d.length > 0 && !/no-such-rule/.test(messageText(d[0])));
    assert.match(messageText(alias), /^Invalid configuration: .*alias/i);
  } finally {
    assert.is(await stopLsp(s), 0);
  }
});

test.run();
