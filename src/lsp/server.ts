// `meshlint lsp`: the language server, a thin shell over the engine for editors. It keeps
// the workspace's facts (Namespaces, injection webhooks, mesh config) per file, lints an open
// document against the facts of every other file (open documents count with their unsaved
// text), and re-lints the open documents when a file with facts changes. The engine runs in a
// lint thread (lsp-worker.ts): this thread only talks to the editor, so requests are answered
// at once whatever a document costs to lint, and work that runs too long is cancelled.
import { appendTo } from '../common/collections.ts';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type Hover,
  type InitializeParams,
  type InitializeResult,
  type TextEdit,
} from 'vscode-languageserver/node';
import { allRules, rulesById } from '../../rules/index.ts';
import { markdownText, safeText } from '../common/text.ts';
import { LINTABLE_EXTENSIONS } from '../load/discover.ts';
import { readRegularFile } from '../load/read.ts';
import { OpenDocuments } from './documents.ts';
import { readRuleDocs } from '../load/rule-docs.ts';
import { JobQueue, type Job } from './queue.ts';
import { LintWorker, type LintOutcome, type LintRequest } from './worker.ts';
import { configDiagnostic, displayPathIn, formatMiB, MAX_DOCUMENT_BYTES, type ConfigProblem, type DiagnosticData } from './workspace.ts';
import { DOCS_URL, TOOL_NAME, VERSION } from '../common/meta.ts';

export { MAX_DOCUMENT_BYTES } from './workspace.ts';

/** Quiet time after the last keystroke before a document is linted again. */
export const DEFAULT_DEBOUNCE_MS = 200;
/** Longest a lint (or one file's facts) may take before it is cancelled; a fair lint takes well under a second. */
export const DEFAULT_LINT_TIME_LIMIT_MS = 5000;
/** Longest listing the workspace for facts may take: a tree that big gives facts from open documents only. */
export const DISCOVERY_TIME_LIMIT_MS = 10_000;
/** How long a document waits for the facts still being read before it is linted with those read so far. */
export const FACTS_PATIENCE_MS = 1000;
/** Longest a new lint thread may take to start (load the bundle) on a busy machine. */
const STARTUP_TIME_LIMIT_MS = 30_000;
/** Lint threads that may fail to start in a row before the server stops linting. */
const MAX_FAILED_STARTS = 5;

const uriToPath = (uri: string): string | undefined => {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
};
const isConfigFile = (file: string): boolean => /(^|[\\/])\.meshlint\.(ya?ml|json)$/.test(file);

/** A path as a shell word: the command in a message may be pasted into a shell, and file names are the repository's. */
export function shellWord(s: string): string {
  return /^[\w./@%+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Why a document is not linted as it is typed. */
export type NotLinted = { readonly why: 'too-large'; readonly bytes: number } | { readonly why: 'too-slow'; readonly limitMs: number } | { readonly why: 'failed'; readonly message: string };

/** The one diagnostic of a document that is not linted as it is typed: why, and the command that lints it. */
export function notLintedDiagnostic(displayPath: string, reason: NotLinted): Diagnostic {
  const command = `${TOOL_NAME} ${shellWord(displayPath)}`;
  const message =
    reason.why === 'too-large'
      ? `Not linted as you type: the file is ${formatMiB(reason.bytes)}, over the ${formatMiB(MAX_DOCUMENT_BYTES)} limit. Run "${command}" to lint it.`
      : reason.why === 'too-slow'
        ? `Not linted as you type: linting took longer than ${reason.limitMs / 1000} s and was stopped. Run "${command}" to lint it; saving tries again.`
        : `Not linted: the linter failed on this file (${reason.message}). Run "${command}" to lint it; saving tries again.`;
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: TOOL_NAME, message: safeText(message) };
}

/** The code actions for diagnostics of a document: the fix, the suggestions, and a directive to disable the rule on that line. */
export function codeActions(doc: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const edit = (fix: { readonly range: readonly [number, number]; readonly text: string }): TextEdit => ({
    range: { start: doc.positionAt(fix.range[0]), end: doc.positionAt(fix.range[1]) },
    newText: fix.text,
  });
  const change = (edits: TextEdit[]) => ({ changes: { [doc.uri]: edits } });
  for (const d of diagnostics) {
    // Only rule ids go into a title or a directive: a client may send any diagnostic back.
    if (d.source !== TOOL_NAME || typeof d.code !== 'string' || !rulesById.has(d.code)) continue;
    const data = (d.data ?? {}) as DiagnosticData;
    if (data.fix) actions.push({ title: `Fix this ${d.code} problem`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: change([edit(data.fix)]) });
    for (const s of data.suggestions ?? []) actions.push({ title: safeText(s.desc), kind: CodeActionKind.QuickFix, diagnostics: [d], edit: change([edit(s.fix)]) });
    // `# meshlint-disable-next-line id` above the line, at its indentation.
    const line = d.range.start.line;
    const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    const indent = /^[ \t]*/.exec(text)?.[0] ?? '';
    actions.push({
      title: `Disable ${d.code} for this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      edit: change([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}# meshlint-disable-next-line ${d.code}\n` }]),
    });
  }
  return actions;
}

/** Hover on a finding: its message (escaped: it quotes the manifest) and the rule's documentation. */
export function hoverFor(diagnostics: readonly Diagnostic[], line: number, character: number, docs: ReadonlyMap<string, string>): Hover | undefined {
  const inRange = (d: Diagnostic): boolean => {
    const { start, end } = d.range;
    if (line < start.line || line > end.line) return false;
    if (line === start.line && character < start.character) return false;
    if (line === end.line && character > end.character) return false;
    return true;
  };
  const hits = diagnostics.filter((d) => d.source === TOOL_NAME && typeof d.code === 'string' && rulesById.has(d.code) && inRange(d));
  if (hits.length === 0) return undefined;
  const parts = hits.map((d) => {
    const id = String(d.code);
    const doc = docs.get(id);
    return `**${TOOL_NAME}(${id})**: ${markdownText(typeof d.message === 'string' ? d.message : d.message.value)}\n\n${doc ?? `[${id}](${DOCS_URL}/${id}.md)`}`;
  });
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
}

interface OpenDocumentState {
  /** The facts generation its diagnostics were computed against. */
  lintedAt: number;
  /** Set when it is not linted as it is typed; cleared when it is saved or opened again. */
  notLinted?: NotLinted;
}

export interface ServerOptions {
  /** The script that runs the lint thread (the bundle's entry). */
  readonly workerUrl: URL;
}

export interface Server {
  /** Whether the client asked the server to shut down (exit codes follow it). */
  readonly shutdownRequested: boolean;
}

/** Wires the workspace to an LSP connection. */
export function startServer(connection: Connection, options: ServerOptions): Server {
  const documents = new OpenDocuments(MAX_DOCUMENT_BYTES);
  const diagnosticsOf = new Map<string, Diagnostic[]>();
  const states = new Map<string, OpenDocumentState>();
  const timers = new Map<string, NodeJS.Timeout>();
  const queue = new JobQueue(FACTS_PATIENCE_MS);
  let roots: string[] = [];
  let debounceMs = DEFAULT_DEBOUNCE_MS;
  let lintTimeLimitMs = DEFAULT_LINT_TIME_LIMIT_MS;
  let watchedDynamically = false;
  let docs: ReadonlyMap<string, string> | undefined;
  let worker: LintWorker | undefined;
  let running = false;
  let stopped = false;
  let failedStarts = 0;
  /** Bumped whenever any facts change: an open document linted at an older one is linted again. */
  let factsGeneration = 0;
  /** The files of the workspace read for facts, as last listed; undefined until listed. */
  let factFiles: string[] | undefined;
  /** Files whose facts took too long to read: not read again. */
  const slowFactFiles = new Set<string>();
  let loadStarted = 0;
  let configProblems: ConfigProblem[] = [];
  const configUris = new Map<string, string>();

  const log = (line: string): void => connection.console.info(`${TOOL_NAME}: ${safeText(line)}`);
  const logError = (line: string): void => connection.console.error(`${TOOL_NAME}: ${safeText(line)}`);
  const displayPath = (file: string): string => displayPathIn(roots, file);
  const publish = (uri: string, diagnostics: Diagnostic[], version?: number): void => {
    diagnosticsOf.set(uri, diagnostics);
    void connection.sendDiagnostics({ uri, ...(version === undefined ? {} : { version }), diagnostics });
  };
  const lintable = (uri: string): string | undefined => {
    const file = uriToPath(uri);
    return file && LINTABLE_EXTENSIONS.test(file) && !isConfigFile(file) ? file : undefined;
  };

  /** A new lint thread, told the roots; the workspace's facts are read again. */
  const startWorker = (): void => {
    worker = new LintWorker(options.workerUrl, log);
    queue.clearFacts();
    if (factFiles === undefined) queue.addControl({ op: 'factFiles' });
    queue.addControlFirst({ op: 'init', roots });
    if (factFiles !== undefined) for (const file of factFiles) if (!slowFactFiles.has(file)) queue.addFacts({ op: 'readFacts', file });
    loadStarted = Date.now();
    factsGeneration++;
  };

  const limitOf = (job: Job): number =>
    job.kind !== 'control' ? lintTimeLimitMs : job.req.op === 'init' ? STARTUP_TIME_LIMIT_MS : job.req.op === 'factFiles' ? DISCOVERY_TIME_LIMIT_MS : lintTimeLimitMs;

  /** Runs the next job, one at a time; when the facts are all in, re-lints what is stale. */
  const pump = (): void => {
    if (running || stopped) return;
    if (!worker?.alive) {
      if (failedStarts >= MAX_FAILED_STARTS) return;
      startWorker();
    }
    if (queue.factsSettled) {
      for (const d of documents.all()) {
        const state = states.get(d.uri);
        if (state && !state.notLinted && state.lintedAt < factsGeneration && lintable(d.uri)) queue.addLint(d.uri, Date.now());
      }
      if (loadStarted) {
        log(`read the workspace for facts in ${Date.now() - loadStarted} ms`);
        loadStarted = 0;
      }
    }
    const job = queue.next(Date.now());
    if (!job) return publishConfigProblems();
    const req = requestFor(job);
    if (!req) return pump();
    const current = worker as LintWorker;
    running = true;
    const started = Date.now();
    void current.request(req.request, limitOf(job)).then((outcome) => {
      running = false;
      if (stopped) return;
      // Only a thread that cannot even start stops the server: a document that kills one is that document's problem.
      if (req.request.op === 'init') failedStarts = outcome.ok ? 0 : failedStarts + 1;
      settle(job, req, outcome, Date.now() - started);
      if (failedStarts >= MAX_FAILED_STARTS) logError(`the lint thread failed ${failedStarts} times in a row (${outcome.ok ? '' : outcome.message}); linting stopped`);
      pump();
    });
  };

  /** What to send for a job, with what the answer is for; undefined when there is nothing left to do. */
  const requestFor = (job: Job): { request: LintRequest; uri?: string; version?: number; file?: string } | undefined => {
    if (job.kind === 'control') return { request: job.req };
    if (job.kind === 'facts') {
      // An open document's text wins over the file on disk.
      if (job.req.op === 'readFacts' && documents.all().some((d) => uriToPath(d.uri) === job.req.file)) return undefined;
      return { request: job.req, file: job.req.file };
    }
    const doc = documents.get(job.uri);
    const file = lintable(job.uri);
    const state = states.get(job.uri);
    if (!doc || !file || !state || (state.notLinted && state.notLinted.why !== 'too-large')) return undefined;
    const text = doc.doc?.getText();
    const bytes = text === undefined ? (doc.droppedBytes ?? 0) : Buffer.byteLength(text);
    if (text === undefined || bytes > MAX_DOCUMENT_BYTES) {
      state.lintedAt = factsGeneration;
      if (state.notLinted) return undefined; // said already
      // Said once, on the first line; its facts are not read either (that is the costly part too).
      state.notLinted = { why: 'too-large', bytes };
      publish(doc.uri, [notLintedDiagnostic(displayPath(file), state.notLinted)], doc.version);
      log(`${displayPath(file)} is ${formatMiB(bytes)}, over the ${formatMiB(MAX_DOCUMENT_BYTES)} limit: not linted as it is typed`);
      return { request: { op: 'forget', file }, file };
    }
    state.notLinted = undefined;
    return { request: { op: 'lint', file, text }, uri: doc.uri, version: doc.version, file };
  };

  const settle = (job: Job, req: { request: LintRequest; uri?: string; version?: number; file?: string }, outcome: LintOutcome, tookMs: number): void => {
    if (outcome.ok) {
      configProblems = outcome.configProblems;
      const { value } = outcome;
      if (value.factsChanged) factsGeneration++;
      if (value.files) {
        factFiles = value.files;
        for (const file of value.files) queue.addFacts({ op: 'readFacts', file });
        log(`listed ${value.files.length} files of the workspace to read for facts in ${tookMs} ms`);
      }
      if (req.uri && value.diagnostics) {
        const state = states.get(req.uri);
        const doc = documents.get(req.uri);
        if (state) state.lintedAt = factsGeneration;
        // A newer version is on its way to being linted: this one's findings are already stale.
        if (doc && state && doc.version === req.version) publish(req.uri, value.diagnostics, req.version);
      }
      return;
    }
    const what = req.file ? displayPath(req.file) : req.request.op;
    if (outcome.why === 'error') {
      logError(`${req.request.op} of ${what} failed: ${outcome.message}`);
      if (req.uri) {
        const state = states.get(req.uri);
        if (state) state.lintedAt = factsGeneration;
      }
      return;
    }
    // The thread was ended (too slow) or died: the work in hand is not asked again.
    if (req.request.op === 'lint' && req.uri && req.file) {
      const state = states.get(req.uri);
      const doc = documents.get(req.uri);
      if (state && doc) {
        state.notLinted = outcome.why === 'timeout' ? { why: 'too-slow', limitMs: lintTimeLimitMs } : { why: 'failed', message: outcome.message };
        publish(req.uri, [notLintedDiagnostic(displayPath(req.file), state.notLinted)], doc.version);
      }
      log(`linting ${what} was stopped: ${outcome.message}`);
    } else if (job.kind === 'facts' && req.file) {
      slowFactFiles.add(req.file);
      log(`reading ${what} for facts was stopped (${outcome.message}): not read again`);
    } else if (req.request.op === 'factFiles') {
      factFiles = [];
      log(`listing the workspace for facts was stopped (${outcome.message}): facts come from open documents only`);
    } else {
      log(`${req.request.op} was stopped: ${outcome.message}`);
    }
  };

  /** Each broken config's error on its file; a config that is fixed loses it. */
  const publishConfigProblems = (): void => {
    const now = new Map<string, Diagnostic[]>();
    for (const p of configProblems) {
      const uri = pathToFileURL(p.file).href;
      appendTo(now, uri, configDiagnostic(p));
    }
    for (const [uri, diagnostics] of now) {
      const key = JSON.stringify(diagnostics);
      if (configUris.get(uri) !== key) publish(uri, diagnostics);
      configUris.set(uri, key);
    }
    for (const uri of [...configUris.keys()]) {
      if (now.has(uri)) continue;
      configUris.delete(uri);
      publish(uri, []);
    }
  };

  /** A config changed: configs and facts are read again, and every open document linted again. */
  const configChanged = (): void => {
    factFiles = undefined;
    slowFactFiles.clear();
    queue.clearFacts();
    queue.addControl({ op: 'resetConfigs' });
    queue.addControl({ op: 'factFiles' });
    loadStarted = Date.now();
    for (const state of states.values()) if (state.notLinted?.why !== 'too-large') state.notLinted = undefined;
  };

  const lintSoon = (uri: string): void => {
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        queue.addLint(uri, Date.now());
        pump();
      }, debounceMs),
    );
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((p): p is string => p !== undefined);
    const rootUri = params.rootUri ? uriToPath(params.rootUri) : undefined;
    roots = folders.length ? folders : rootUri ? [rootUri] : [];
    const opts = (params.initializationOptions ?? {}) as { debounceMs?: unknown; lintTimeLimitMs?: unknown };
    if (typeof opts.debounceMs === 'number' && opts.debounceMs >= 0) debounceMs = opts.debounceMs;
    if (typeof opts.lintTimeLimitMs === 'number' && opts.lintTimeLimitMs > 0) lintTimeLimitMs = opts.lintTimeLimitMs;
    watchedDynamically = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    // The lint thread starts loading while the editor sends its first documents.
    pump();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
      },
      serverInfo: { name: TOOL_NAME, version: VERSION },
    };
  });

  connection.onInitialized(() => {
    if (watchedDynamically) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml,json}' }, { globPattern: '**/.meshlint.{yaml,yml,json}' }],
      });
    }
  });

  connection.onDidOpenTextDocument(({ textDocument: { uri, languageId, version, text } }) => {
    documents.open(uri, languageId, version, text);
    states.set(uri, { lintedAt: -1 });
    if (!lintable(uri)) return;
    queue.addLint(uri, Date.now());
    pump();
  });
  connection.onDidChangeTextDocument(({ textDocument: { uri, version }, contentChanges }) => {
    const doc = documents.change(uri, version, contentChanges);
    // A document too slow or failing waits for a save; one too large is measured again (an edit may shrink it).
    const notLinted = states.get(uri)?.notLinted;
    if (doc && lintable(uri) && (!notLinted || notLinted.why === 'too-large')) lintSoon(uri);
  });
  connection.onDidSaveTextDocument(({ textDocument: { uri } }) => {
    const file = uriToPath(uri);
    if (file && isConfigFile(file)) configChanged();
    const doc = documents.get(uri);
    const state = states.get(uri);
    if (file && doc && !doc.doc) {
      // Its text was dropped for its size: what was saved is what the editor holds.
      const read = readRegularFile(file);
      if (read.ok && read.bytes.length <= MAX_DOCUMENT_BYTES) documents.reload(uri, read.bytes.toString('utf8'));
    }
    if (state?.notLinted) {
      state.notLinted = undefined;
      queue.addLint(uri, Date.now());
    }
    pump();
  });
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    documents.close(uri);
    queue.dropLint(uri);
    states.delete(uri);
    diagnosticsOf.delete(uri);
    const file = uriToPath(uri);
    if (file && isConfigFile(file)) return; // its diagnostics are the config's errors, not the document's
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The file on disk is the truth again (the editor may have closed it unsaved).
    if (file && lintable(uri)) queue.addFacts({ op: 'closed', file });
    pump();
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const c of changes) {
      const file = uriToPath(c.uri);
      if (!file) continue;
      if (isConfigFile(file)) {
        configChanged();
        continue;
      }
      if (!LINTABLE_EXTENSIONS.test(file) || documents.get(c.uri)) continue; // an open document's text wins
      queue.addFacts(c.type === FileChangeType.Deleted ? { op: 'forget', file } : { op: 'readFacts', file });
    }
    pump();
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri)?.doc;
    if (!doc) return [];
    // Clients may drop `data` on the way back: the published diagnostic with the same rule and range has it.
    const published = diagnosticsOf.get(textDocument.uri) ?? [];
    const same = (a: Diagnostic, b: Diagnostic): boolean => a.code === b.code && JSON.stringify(a.range) === JSON.stringify(b.range);
    return codeActions(doc, context.diagnostics.map((d) => published.find((p) => same(p, d)) ?? d));
  });

  connection.onHover(({ textDocument, position }) => {
    docs ??= readRuleDocs(allRules.map((r) => r.name));
    return hoverFor(diagnosticsOf.get(textDocument.uri) ?? [], position.line, position.character, docs) ?? null;
  });

  connection.onShutdown(() => {
    stopped = true;
    for (const t of timers.values()) clearTimeout(t);
    worker?.terminate();
  });

  connection.listen();
  return {
    get shutdownRequested() {
      return stopped;
    },
  };
}
