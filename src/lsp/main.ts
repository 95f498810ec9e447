// Program entry for `meshlint lsp` (dist/lsp.js): the language server over stdio, or over
// the transport an LSP client names (--stdio, --node-ipc, --socket=PORT, --pipe=NAME). The
// same file runs the server's lint thread (src/lsp/worker.ts).
import { createConnection as netConnection } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures, StreamMessageWriter, type MessageReader, type MessageWriter } from 'vscode-languageserver/node';
import { safeText } from '../common/text.ts';
import { StrictMessageReader } from './frames.ts';
import { isLintWorker, serveLintWorker } from './worker.ts';
import { startServer } from './server.ts';
import { TOOL_NAME } from '../common/meta.ts';

const USAGE = `Usage: ${TOOL_NAME} lsp [--stdio]

Runs the language server: diagnostics for the YAML and JSON files an editor opens,
code actions for fixes and suggestions, hover with the rule's documentation. It reads
the workspace once for facts (Namespaces, injection webhooks, mesh config) and again
when those files change. Speaks LSP over standard input and output (the default), or
over --node-ipc, --socket=PORT or --pipe=NAME when the client asks for them.
`;

/** The transport the arguments name, read strictly (see lsp-frames.ts). */
function transport(args: readonly string[]): [MessageReader, MessageWriter] {
  const valueOf = (flag: string): string | undefined => {
    const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    if (i === -1) return undefined;
    return (args[i] as string).includes('=') ? (args[i] as string).slice(flag.length + 1) : args[i + 1];
  };
  if (args.includes('--node-ipc')) return [new IPCMessageReader(process), new IPCMessageWriter(process)];
  const port = valueOf('--socket');
  const pipe = valueOf('--pipe');
  if (port !== undefined || pipe !== undefined) {
    // As vscode-languageserver does: the client listens, the server connects.
    const socket = port !== undefined ? netConnection(Number(port), '127.0.0.1') : netConnection(pipe as string);
    return [new StrictMessageReader(socket), new StreamMessageWriter(socket)];
  }
  // Standard output carries the protocol: anything else printed goes to stderr.
  for (const level of ['log', 'info', 'debug', 'warn'] as const) console[level] = (...a: unknown[]) => void process.stderr.write(`${a.map(String).join(' ')}\n`);
  return [new StrictMessageReader(process.stdin as Readable), new StreamMessageWriter(process.stdout as Writable)];
}

/**
 * Counts the requests read and the responses written; the function returned ends the process
 * (exit 1) once every request read so far is answered. A time to wait instead was too short
 * on a loaded machine, where the answer to initialize comes after the lint thread starts.
 */
function answerThenClose(reader: MessageReader, writer: MessageWriter): () => void {
  let pending = 0;
  let closing = false;
  const done = (): void => {
    if (closing && pending === 0) process.exit(1);
  };
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    listen((message) => {
      if ('id' in message && 'method' in message) pending++;
      callback(message);
    });
  const write = writer.write.bind(writer);
  writer.write = async (message) => {
    await write(message);
    if ('id' in message && !('method' in message)) {
      pending--;
      done();
    }
  };
  return () => {
    closing = true;
    done();
  };
}

if (isLintWorker()) {
  serveLintWorker();
} else {
  const args = process.argv.slice(3);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
  } else {
    const [reader, writer] = transport(args);
    const closeWhenAnswered = answerThenClose(reader, writer);
    reader.onError((e) => {
      process.stderr.write(`${TOOL_NAME} lsp: ${safeText(e instanceof Error ? e.message : String(e))}; closing the connection\n`);
      // The requests read before the broken frame are answered first, however long that takes.
      closeWhenAnswered();
    });
    // The client went away: exit as vscode-languageserver does for streams (0 after a shutdown request).
    const server = startServer(createConnection(ProposedFeatures.all, reader, writer), { workerUrl: new URL(import.meta.url) });
    reader.onClose(() => process.exit(server.shutdownRequested ? 0 : 1));
  }
}
