// The VS Code client for `meshlint lsp`: starts the server for the workspace and lets it
// lint YAML and JSON files. All the work is in the server; this file only connects.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { workspace, window } = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

/** The meshlint command: the setting, else the workspace's own install, else PATH. */
function meshlintCommand() {
  const configured = workspace.getConfiguration('meshlint').get('path');
  if (configured) return configured;
  for (const folder of workspace.workspaceFolders ?? []) {
    const local = join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'meshlint.cmd' : 'meshlint');
    if (existsSync(local)) return local;
  }
  return 'meshlint';
}

async function activate(context) {
  const command = meshlintCommand();
  const server = { command, args: ['lsp', '--stdio'], options: { shell: process.platform === 'win32' } };
  client = new LanguageClient('meshlint', 'meshlint', { run: server, debug: server }, {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
    ],
    initializationOptions: { debounceMs: workspace.getConfiguration('meshlint').get('debounceMs') },
  });
  try {
    await client.start();
  } catch (e) {
    void window.showErrorMessage(`meshlint: could not start "${command} lsp" (${e.message}). Install meshlint (npm install -g --install-links git+https://github.com/meshlint/meshlint.git) or set meshlint.path.`);
  }
  context.subscriptions.push({ dispose: () => client?.stop() });
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
