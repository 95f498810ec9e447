// A real LSP client (vscode-jsonrpc) over the stdio of `meshlint lsp` (the built bundle),
// in a temporary workspace: the language server's tests drive the server as an editor does.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import { tempDir, type TempDir } from './cli.ts';
import { REPO_ROOT } from './shared.ts';

export const MESHLINT_BIN = join(REPO_ROOT, 'bin', 'meshlint.js');

export interface Session {
  readonly t: TempDir;
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  readonly uri: (rel: string) => string;
  /** Resolves with the next diagnostics published for `rel` that satisfy `ok`. */
  readonly diagnostics: (rel: string, ok?: (d: Diagnostic[]) => boolean) => Promise<Diagnostic[]>;
  /** Like diagnostics, but the last ones published count too. */
  readonly until: (rel: string, ok: (d: Diagnostic[]) => boolean) => Promise<Diagnostic[]>;
  readonly open: (rel: string, text: string) => void;
  /** Replaces a document's whole text (a change without a range). */
  readonly replace: (rel: string, version: number, text: string) => void;
  readonly hover: (rel: string, line: number, character: number) => Promise<unknown>;
  readonly registrations: unknown[];
  /** Every publication for `rel` so far, with the document version it was for. */
  readonly publications: (rel: string) => readonly { readonly version: number | undefined; readonly diagnostics: Diagnostic[] }[];
  /** The server's log messages so far. */
  readonly logs: string[];
  readonly waitForLog: (pattern: RegExp) => Promise<string>;
}

export interface StartOptions {
  readonly initializationOptions?: Record<string, unknown>;
  /** Files written before the server starts (the workspace). */
  readonly files?: Record<string, string | Buffer>;
  /** The workspace folder, relative to the temporary folder (default: the folder itself). */
  readonly root?: string;
  /** Wait for `initialize` to be answered (the default), or return right after sending it. */
  readonly awaitInitialize?: boolean;
}

export async function startLsp(opts: StartOptions = {}): Promise<Session & { readonly initialized: Promise<unknown> }> {
  const t = tempDir('meshlint-lsp-');
  for (const [rel, text] of Object.entries(opts.files ?? {})) t.write(rel, text);
  const child = spawn(process.execPath, [MESHLINT_BIN, 'lsp', '--stdio'], { cwd: t.dir, stdio: ['pipe', 'pipe', 'inherit'] });
  if (!child.stdout || !child.stdin) throw new Error('no stdio');
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const uri = (rel: string): string => pathToFileURL(join(t.dir, rel)).href;
  const latest = new Map<string, Diagnostic[]>();
  const published = new Map<string, { version: number | undefined; diagnostics: Diagnostic[] }[]>();
  const waiting: { uri: string; ok: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    latest.set(p.uri, p.diagnostics);
    published.set(p.uri, [...(published.get(p.uri) ?? []), { version: p.version, diagnostics: p.diagnostics }]);
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
  const logs: string[] = [];
  const logWaiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  conn.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
    for (const w of logWaiters.filter((x) => x.pattern.test(p.message))) {
      logWaiters.splice(logWaiters.indexOf(w), 1);
      w.resolve(p.message);
    }
  });
  conn.listen();
  const initialized = conn
    .sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(join(t.dir, opts.root ?? '')).href,
      workspaceFolders: [{ uri: pathToFileURL(join(t.dir, opts.root ?? '')).href, name: 'ws' }],
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } }, textDocument: { publishDiagnostics: { relatedInformation: true } } },
      // The server's lint time limit as far out as a timer goes: a loaded machine is slow, not
      // wrong. A test of the limit itself sets its own.
      initializationOptions: { debounceMs: 10, lintTimeLimitMs: 2_147_483_647, ...opts.initializationOptions },
    })
    .then(async (r) => {
      await conn.sendNotification('initialized', {});
      return r;
    });
  if (opts.awaitInitialize ?? true) await initialized;
  // No wall-clock limit on a wait (a loaded machine is slow, not wrong): a wait ends with what
  // it waits for, or fails when the server exits first.
  const exits: (() => void)[] = [];
  child.on('exit', () => {
    for (const fail of exits.splice(0)) fail();
  });
  const whenExited = (reject: (e: Error) => void, what: () => string): void => {
    if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the server exited before ${what()}`));
    else exits.push(() => reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${what()}`)));
  };
  const wait = (rel: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> =>
    new Promise((resolve, reject) => {
      waiting.push({ uri: uri(rel), ok, resolve });
      whenExited(reject, () => `diagnostics for ${rel} (last: ${JSON.stringify(latest.get(uri(rel)))})`);
    });
  const diagnostics = (rel: string, ok: (d: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> => wait(rel, ok);
  const until = (rel: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => {
    const now = latest.get(uri(rel));
    return now && ok(now) ? Promise.resolve(now) : wait(rel, ok);
  };
  const open = (rel: string, text: string): void => {
    void conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(rel), languageId: 'yaml', version: 1, text } });
  };
  const replace = (rel: string, version: number, text: string): void => {
    void conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(rel), version }, contentChanges: [{ text }] });
  };
  const hover = (rel: string, line: number, character: number): Promise<unknown> => conn.sendRequest('textDocument/hover', { textDocument: { uri: uri(rel) }, position: { line, character } });
  const waitForLog = (pattern: RegExp): Promise<string> => {
    const seen = logs.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      logWaiters.push({ pattern, resolve });
      whenExited(reject, () => `a log matching ${pattern}; logs:\n${logs.join('\n')}`);
    });
  };
  const publications = (rel: string) => published.get(uri(rel)) ?? [];
  return { t, conn, child, uri, diagnostics, until, open, replace, hover, registrations, publications, logs, waitForLog, initialized };
}

/** shutdown, exit; the server's exit code. The workspace is removed. */
export async function stopLsp(s: Session): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => (s.child.exitCode !== null ? resolve(s.child.exitCode) : s.child.on('exit', resolve)));
  try {
    await s.conn.sendRequest('shutdown');
    await s.conn.sendNotification('exit');
  } catch {
    s.child.kill();
  }
  const code = await exited;
  s.conn.dispose();
  s.t.cleanup();
  return code;
}

/** `line:column rule` of each diagnostic, 1-based. */
export const rules = (d: Diagnostic[]): string[] => d.map((x) => `${x.range.start.line + 1}:${x.range.start.character + 1} ${String(x.code)}`);

/** A diagnostic's message as text (LSP 3.18 allows Markdown there; meshlint sends text). */
export const messageText = (d: Diagnostic | undefined): string => (d === undefined ? '' : typeof d.message === 'string' ? d.message : d.message.value);
