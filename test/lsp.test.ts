// The language server, driven by a real LSP client (vscode-jsonrpc over the server's stdio):
// initialize, open, diagnostics, change, facts from another file (open or on disk), code
// actions, hover, shutdown.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CodeAction, Hover } from 'vscode-languageserver';
import { BAD_LABEL, shopNamespace, webDeployment } from './helpers/cli.ts';
import { messageText, rules, startLsp, stopLsp, type Session } from './helpers/lsp.ts';

const namespace = shopNamespace;
const WEB = webDeployment();

const start = (files: Record<string, string>): Promise<Session> => startLsp({ files });
/** The workspace's facts are read (the server logs it once they are). */
const factsRead = (s: Session): Promise<string> => s.waitForLog(/read the workspace for facts/);
const stop = stopLsp;

test('diagnostics on open use the workspace facts; they follow the Namespace as it is edited (unsaved) and on disk', async () => {
  const s = await start({ 'platform/ns.yaml': namespace('enabled'), 'apps/web.yaml': WEB });
  try {
    // A document opened while the workspace is read waits a moment for its facts (FACTS_PATIENCE_MS),
    // then is linted with those read so far, and again once all are: on a busy machine the first
    // diagnostics may come before the Namespace is read. Opened once it is read, they have it.
    await factsRead(s);
    const first = s.diagnostics('apps/web.yaml');
    s.open('apps/web.yaml', WEB);
    const d = await first;
    assert.equal(rules(d), ['12:7 injection-host-network'], 'the Namespace in platform/ was read at start');
    assert.is(d[0]?.severity, 2, 'a warning: only the namespace asks for a sidecar');
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

test('a Flux repository: the server places files as the CLI does (each cluster its own Namespaces), and follows a Kustomization as it is edited', async () => {
  const kustomization = (name: string, path: string): string =>
    `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: { name: ${name}, namespace: flux-system }\nspec:\n  path: ${path}\n  sourceRef: { kind: GitRepository, name: flux-system }\n`;
  const s = await start({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'clusters/a/flux-system/gotk-sync.yaml': kustomization('flux-system', './clusters/a'),
    'clusters/b/flux-system/gotk-sync.yaml': kustomization('flux-system', './clusters/b'),
    'clusters/a/ns.yaml': namespace('enabled'),
    'clusters/b/ns.yaml': namespace('disabled'),
    'clusters/a/apps.yaml': kustomization('apps', './apps/a'),
    'clusters/b/apps.yaml': kustomization('apps', './apps/b'),
    'apps/a/web.yaml': WEB,
    'apps/b/web.yaml': WEB,
  });
  try {
    await factsRead(s);
    const a = s.diagnostics('apps/a/web.yaml');
    s.open('apps/a/web.yaml', WEB);
    assert.equal(rules(await a), ['12:7 injection-host-network'], 'cluster a injects shop');
    const b = s.diagnostics('apps/b/web.yaml');
    s.open('apps/b/web.yaml', WEB);
    assert.equal(rules(await b), [], 'cluster b does not');
    // Cluster b now deploys apps/a too (edited, unsaved): shop's labels differ between the clusters there.
    s.open('clusters/b/apps.yaml', kustomization('apps', './apps/b'));
    const shared = s.diagnostics('apps/a/web.yaml', (x) => rules(x).length === 0);
    void s.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: s.uri('clusters/b/apps.yaml'), version: 2 },
      contentChanges: [{ text: kustomization('apps', './apps/a') }],
    });
    assert.equal(rules(await shared), []);
  } finally {
    assert.is(await stop(s), 0);
  }
});

test("what the run cannot decide about a document's workload is one information diagnostic where the workload starts", async () => {
  const web = webDeployment(false);
  const s = await start({ 'platform/ns.yaml': namespace('enabled'), 'apps/web.yaml': web });
  try {
    await factsRead(s);
    const opened = s.diagnostics('apps/web.yaml');
    s.open('apps/web.yaml', web);
    const d = await opened;
    assert.equal(rules(d), ['1:1 unknown:mesh-startup'], 'injected, and nothing says how the mesh starts it: a note, no finding');
    assert.is(d[0]?.severity, 3, 'information');
    assert.match(messageText(d[0]), /^1 injected workload may start its app before Envoy is ready/);
  } finally {
    assert.is(await stop(s), 0);
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

test("the workspace root's .meshlint.yaml applies to the facts read at start: its ignore patterns", async () => {
  const s = await start({ '.meshlint.yaml': 'ignorePatterns: ["platform/"]\n', 'platform/ns.yaml': namespace('enabled'), 'apps/web.yaml': WEB });
  try {
    await factsRead(s);
    const d = s.diagnostics('apps/web.yaml');
    s.open('apps/web.yaml', WEB);
    assert.equal(await d, [], 'the Namespace in the ignored folder is not read');
  } finally {
    await stop(s);
  }
});

test('a context path outside the workspace is never read: "/" is a broken config, a folder beside the workspace is left out', async () => {
  {
    const s = await start({ '.meshlint.yaml': 'context: ["/"]\n', 'apps/web.yaml': WEB });
    try {
      const d = s.diagnostics('apps/web.yaml');
      s.open('apps/web.yaml', WEB);
      const [only, ...more] = await d;
      assert.equal(more, []);
      assert.match(messageText(only), /^Not linted: its configuration \.\.\/\.meshlint\.yaml is broken/);
    } finally {
      await stop(s);
    }
  }
  // The repository's config names a folder inside the repository but outside the workspace the editor opened.
  const s = await startLsp({
    root: 'ws',
    files: { '.git/HEAD': 'ref: refs/heads/main\n', '.meshlint.yaml': 'context: ["platform"]\n', 'platform/ns.yaml': namespace('enabled'), 'ws/apps/web.yaml': WEB },
  });
  try {
    const d = s.diagnostics('ws/apps/web.yaml');
    s.open('ws/apps/web.yaml', WEB);
    assert.equal(await d, [], 'the Namespace outside the workspace does not apply');
    assert.match(await s.waitForLog(/outside the workspace/), /context path .*platform of .*\.meshlint\.yaml is outside the workspace: not read/);
  } finally {
    await stop(s);
  }
});

test('a template inside a Helm chart gets no diagnostics (its Chart.yaml says how to lint it); a bad config is an error on its key and one on the document', async () => {
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
    const doc = s.diagnostics('bad/x.yaml');
    const config = s.until('bad/.meshlint.yaml', (d) => d.length > 0);
    s.open('bad/x.yaml', BAD_LABEL);
    const [only, ...more] = await doc;
    assert.equal(more, []);
    assert.is(only?.severity, 1);
    assert.is(messageText(only), 'Not linted: its configuration .meshlint.yaml is broken; see the error there.');
    const [error] = await config;
    assert.match(messageText(error), /^Invalid configuration: rulez: unknown key/);
  } finally {
    await stop(s);
  }
});

test.run();
