// The language server, driven by a real LSP client (vscode-jsonrpc over the server's stdio):
// initialize, open, diagnostics, change, facts from another file (open or on disk), code
// actions, hover, shutdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CodeAction, Diagnostic, Hover, PublishDiagnosticsParams } from 'vscode-languageserver';
import { BAD_LABEL, shopNamespace, tempDir, webDeployment, type TempDir } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const namespace = shopNamespace;
const WEB = webDeployment();

interface Session {
  readonly t: TempDir;
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  readonly uri: (rel: string) => string;
  /** Resolves with the next diagnostics published for `rel` that satisfy `ok`. */
  readonly diagnostics: (rel: string, ok?: (d: Diagnostic[]) => boolean) => Promise<Diagnostic[]>;
  readonly open: (rel: string, text: string) => void;
  readonly registrations: unknown[];
}

async function start(files: Record<string, string>): Promise<Session> {
  const t = tempDir();
  for (const [rel, text] of Object.entries(files)) t.write(rel, text);
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'meshlint.js'), 'lsp', '--stdio'], { cwd: t.dir, stdio: ['pipe', 'pipe', 'inherit'] });
  if (!child.stdout || !child.stdin) throw new Error('no stdio');
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const uri = (rel: string): string => pathToFileURL(join(t.dir, rel)).href;
  const waiting: { uri: string; ok: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    for (const w of waiting.filter((x) => x.uri === p.uri && x.ok(p.diagnostics))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(p.diagnostics);
    }
  });
  const registrations: unknown[] = [];
  conn.onRequest('client/registerCapability', (p: unknown) => {
    registrations.push(p);
    return null;
  });
  conn.onNotification('window/logMessage', () => {});
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(t.dir).href,
    workspaceFolders: [{ uri: pathToFileURL(t.dir).href, name: 'ws' }],
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } }, textDocument: { publishDiagnostics: { relatedInformation: true } } },
    initializationOptions: { debounceMs: 10 },
  });
  await conn.sendNotification('initialized', {});
  const diagnostics = (rel: string, ok: (d: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${rel} within 10 s`)), 10_000);
      waiting.push({ uri: uri(rel), ok, resolve: (d) => (clearTimeout(timer), resolve(d)) });
    });
  const open = (rel: string, text: string): void => {
    void conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(rel), languageId: 'yaml', version: 1, text } });
  };
  return { t, conn, child, uri, diagnostics, open, registrations };
}

async function stop(s: Session): Promise<number | null> {
  await s.conn.sendRequest('shutdown');
  await s.conn.sendNotification('exit');
  const code = await new Promise<number | null>((resolve) => s.child.on('exit', resolve));
  s.conn.dispose();
  s.t.cleanup();
  return code;
}

const rules = (d: Diagnostic[]): string[] => d.map((x) => `${x.range.start.line + 1}:${x.range.start.character + 1} ${String(x.code)}`);

test('diagnostics on open use the workspace facts; they follow the Namespace as it is edited (unsaved) and on disk', async () => {
  const s = await start({ 'platform/ns.yaml': namespace('enabled'), 'apps/web.yaml': WEB });
  try {
    const first = s.diagnostics('apps/web.yaml');
    s.open('apps/web.yaml', WEB);
    const d = await first;
    assert.equal(rules(d), ['12:7 injection-host-network'], 'the Namespace in platform/ was read at start');
    assert.is(d[0]?.severity, 1);
    assert.is(d[0]?.source, 'meshlint');
    assert.match(d[0]?.codeDescription?.href ?? '', /rules\/injection-host-network\.md$/);
    assert.is(d[0]?.relatedInformation?.[0]?.location.uri, s.uri('platform/ns.yaml'), 'the label that turns injection on is the related place');

    // The Namespace opened and edited, not saved: the Deployment's diagnostics follow.
    s.open('platform/ns.yaml', namespace('enabled'));
    const cleared = s.diagnostics('apps/web.yaml', (x) => x.length === 0);
    void s.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: s.uri('platform/ns.yaml'), version: 2 },
      contentChanges: [{ range: { start: { line: 5, character: 21 }, end: { line: 5, character: 28 } }, text: 'disabled' }],
    });
    assert.equal(await cleared, [], 'injection is off: hostNetwork breaks nothing');

    // Closed unsaved: the file on disk (enabled) is the truth again.
    const back = s.diagnostics('apps/web.yaml', (x) => x.length === 1);
    void s.conn.sendNotification('textDocument/didClose', { textDocument: { uri: s.uri('platform/ns.yaml') } });
    assert.equal(rules(await back), ['12:7 injection-host-network']);

    // Changed on disk, announced by the client's file watcher.
    assert.ok(s.registrations.length > 0, 'the server asks to watch YAML and JSON files');
    writeFileSync(join(s.t.dir, 'platform/ns.yaml'), namespace('disabled'));
    const watched = s.diagnostics('apps/web.yaml', (x) => x.length === 0);
    void s.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: s.uri('platform/ns.yaml'), type: 2 }] });
    assert.equal(await watched, []);
  } finally {
    assert.is(await stop(s), 0, 'shutdown then exit: exit code 0');
  }
});

test('edits are linted again (debounced); code actions fix, suggest and disable; hover shows the rule doc', async () => {
  const s = await start({ 'cm.yaml': BAD_LABEL });
  try {
    const opened = s.diagnostics('cm.yaml');
    s.open('cm.yaml', BAD_LABEL);
    const d = await opened;
    assert.equal(rules(d), ['6:5 yaml-nonstring-value']);

    const actions = (await s.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: s.uri('cm.yaml') },
      range: d[0]?.range,
      context: { diagnostics: d },
    })) as CodeAction[];
    const fix = actions.find((a) => a.title === 'Fix this yaml-nonstring-value problem');
    assert.ok(fix?.isPreferred);
    const edit = fix?.edit?.changes?.[s.uri('cm.yaml')]?.[0];
    assert.equal(edit, { range: { start: { line: 5, character: 21 }, end: { line: 5, character: 25 } }, newText: '"true"' });
    const disable = actions.find((a) => a.title === 'Disable yaml-nonstring-value for this line');
    assert.is(disable?.edit?.changes?.[s.uri('cm.yaml')]?.[0]?.newText, '    # meshlint-disable-next-line yaml-nonstring-value\n');

    // Code actions also work when the client sends the diagnostic back without its data.
    const bare = d.map(({ data: _data, ...rest }) => rest);
    const again = (await s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: s.uri('cm.yaml') }, range: d[0]?.range, context: { diagnostics: bare } })) as CodeAction[];
    assert.ok(again.some((a) => a.title === 'Fix this yaml-nonstring-value problem'));

    const hover = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: s.uri('cm.yaml') }, position: { line: 5, character: 23 } })) as Hover | null;
    const value = (hover?.contents as { value: string } | undefined)?.value ?? '';
    assert.match(value, /\*\*meshlint\(yaml-nonstring-value\)\*\*/);
    assert.match(value, /^# yaml-nonstring-value/m, "the rule's documentation");
    assert.is(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: s.uri('cm.yaml') }, position: { line: 0, character: 0 } }), null);

    // The fix applied as an edit: the next diagnostics are clean.
    const clean = s.diagnostics('cm.yaml', (x) => x.length === 0);
    void s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: s.uri('cm.yaml'), version: 2 }, contentChanges: [{ range: edit?.range, text: edit?.newText }] });
    assert.equal(await clean, []);
  } finally {
    await stop(s);
  }
});

test("the workspace root's .meshlint.yaml applies to the facts read at start: its context and ignore patterns", async () => {
  // The Namespace lives outside the workspace, named by the root config's `context`.
  const outside = tempDir();
  outside.write('ns.yaml', namespace('enabled'));
  const s = await start({ '.meshlint.yaml': `context: [${JSON.stringify(outside.dir)}]\n`, 'apps/web.yaml': WEB });
  try {
    const d = s.diagnostics('apps/web.yaml');
    s.open('apps/web.yaml', WEB);
    assert.equal(rules(await d), ['12:7 injection-host-network']);
  } finally {
    await stop(s);
    outside.cleanup();
  }
});

test('a template inside a Helm chart gets no diagnostics (its Chart.yaml says how to lint it); a bad config is one diagnostic naming the key', async () => {
  const s = await start({
    'chart/Chart.yaml': 'apiVersion: v2\nname: shop\nversion: 0.1.0\n',
    'chart/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n',
    'bad/.meshlint.yaml': 'rulez: {}\n',
    'bad/x.yaml': BAD_LABEL,
  });
  try {
    const template = s.diagnostics('chart/templates/cm.yaml');
    s.open('chart/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n');
    assert.equal(await template, []);
    const chart = s.diagnostics('chart/Chart.yaml');
    s.open('chart/Chart.yaml', 'apiVersion: v2\nname: shop\nversion: 0.1.0\n');
    assert.equal(rules(await chart), ['1:1 unrendered-template']);
    const config = s.diagnostics('bad/x.yaml');
    s.open('bad/x.yaml', BAD_LABEL);
    const [only] = await config;
    assert.match(String(only?.message ?? ''), /configuration error: .*\.meshlint\.yaml: rulez: unknown key/);
  } finally {
    await stop(s);
  }
});

test.run();
