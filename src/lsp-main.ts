// Program entry for `meshlint lsp` (dist/lsp.js): the language server over stdio, or over
// the transport an LSP client names (--stdio, --node-ipc, --socket=PORT, --pipe=NAME).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp.ts';
import { TOOL_NAME } from './meta.ts';

const args = process.argv.slice(3);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`Usage: ${TOOL_NAME} lsp [--stdio]

Runs the language server: diagnostics for the YAML and JSON files an editor opens,
code actions for fixes and suggestions, hover with the rule's documentation. It reads
the workspace once for facts (Namespaces, injection webhooks, mesh config) and again
when those files change. Speaks LSP over standard input and output (the default), or
over --node-ipc, --socket=PORT or --pipe=NAME when the client asks for them.
`);
} else {
  const named = args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket=') || a.startsWith('--pipe='));
  startServer(named ? createConnection(ProposedFeatures.all) : createConnection(ProposedFeatures.all, process.stdin, process.stdout));
}
