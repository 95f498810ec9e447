// The language server's lint thread. Linting is synchronous engine work that a document can
// make long (thousands of findings, a large tree to read for facts): done on the thread that
// talks to the editor, it would hold every request behind it. Here it runs in a worker that
// the server can end at any moment, and start afresh, when a piece of work runs too long.
import { basename } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Diagnostic } from 'vscode-languageserver';
import { workerThreads } from '../common/builtins.ts';
import { lintDocument, Workspace, type ConfigProblem } from './workspace.ts';
import { forgetKustomizationLookups, KUSTOMIZATION_FILES } from '../load/kustomized.ts';

const WORKER_ROLE = '--meshlint-lint-worker';

export type LintRequest =
  | { readonly op: 'init'; readonly roots: readonly string[] }
  /** The files to read for facts. */
  | { readonly op: 'factFiles' }
  /** One file's facts from disk (it changed, or was closed unsaved); the answer says whether they changed. */
  | { readonly op: 'readFacts'; readonly file: string }
  | { readonly op: 'forget'; readonly file: string }
  /** An open document: its facts from its text, then its diagnostics. */
  | { readonly op: 'lint'; readonly file: string; readonly text: string }
  | { readonly op: 'closed'; readonly file: string }
  | { readonly op: 'resetConfigs' };

export interface LintAnswer {
  readonly diagnostics?: Diagnostic[];
  readonly factsChanged?: boolean;
  readonly files?: string[];
}

type Reply = { readonly id: number; readonly ok: true; readonly value: LintAnswer; readonly configProblems: ConfigProblem[] } | { readonly id: number; readonly ok: false; readonly error: string };
type FromWorker = Reply | { readonly log: string };

/** How a request ended: answered, or not (too slow, the thread died, or it threw). */
export type LintOutcome =
  | { readonly ok: true; readonly value: LintAnswer; readonly configProblems: ConfigProblem[] }
  | { readonly ok: false; readonly why: 'timeout' | 'crash' | 'error'; readonly message: string };

/** True in the lint thread: the bundle's entry then serves requests instead of starting a server. */
export function isLintWorker(): boolean {
  if (!process.argv.includes(WORKER_ROLE)) return false;
  const { isMainThread, workerData } = workerThreads();
  return !isMainThread && (workerData as { role?: unknown } | undefined)?.role === WORKER_ROLE;
}

/** The lint thread's side: one request at a time, in order. */
export function serveLintWorker(): void {
  const port = workerThreads().parentPort;
  if (!port) return;
  const post = (m: FromWorker): void => port.postMessage(m);
  let ws = new Workspace([]);
  const handle = (req: LintRequest): LintAnswer => {
    // A kustomization written or removed changes which files a build may change.
    if ((req.op === 'readFacts' || req.op === 'forget') && KUSTOMIZATION_FILES.includes(basename(req.file))) forgetKustomizationLookups();
    switch (req.op) {
      case 'init':
        ws = new Workspace(req.roots, (line) => post({ log: line }));
        return {};
      case 'factFiles':
        return { files: ws.factFiles() };
      case 'readFacts':
        // A file watcher may name any path: only the workspace's files give facts.
        return { factsChanged: ws.insideRoots(req.file) ? ws.updateFromDisk(req.file) : ws.forget(req.file) };
      case 'forget':
        return { factsChanged: ws.forget(req.file) };
      case 'lint': {
        const factsChanged = ws.updateFromText(req.file, req.text);
        return { diagnostics: lintDocument(ws, req.file, req.text), factsChanged };
      }
      case 'closed':
        ws.documents.forget(req.file);
        return { factsChanged: ws.updateFromDisk(req.file) };
      case 'resetConfigs':
        ws.resetConfigs();
        return { factsChanged: true };
    }
  };
  port.on('message', ({ id, req }: { id: number; req: LintRequest }) => {
    try {
      post({ id, ok: true, value: handle(req), configProblems: ws.configProblems() });
    } catch (e) {
      post({ id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}

/** The server's side of one lint thread: requests one at a time, each with a time limit. */
export class LintWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private pending: { id: number; settle: (o: LintOutcome) => void; timer: NodeJS.Timeout } | undefined;
  private gone = false;

  constructor(url: URL, onLog: (line: string) => void) {
    const { Worker } = workerThreads();
    this.worker = new Worker(url, {
      argv: [WORKER_ROLE],
      workerData: { role: WORKER_ROLE },
      // A document that makes the engine allocate without end costs this thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 64 },
      // Standard output is the protocol's channel: whatever the thread prints goes to stderr.
      stdout: true,
    });
    this.worker.stdout.pipe(process.stderr);
    this.worker.on('message', (m: FromWorker) => {
      if ('log' in m) return onLog(m.log);
      if (!this.pending || m.id !== this.pending.id) return;
      this.settle(m.ok ? { ok: true, value: m.value, configProblems: m.configProblems } : { ok: false, why: 'error', message: m.error });
    });
    const died = (message: string): void => {
      this.gone = true;
      this.settle({ ok: false, why: 'crash', message });
    };
    this.worker.on('error', (e) => died(e instanceof Error ? e.message : String(e)));
    this.worker.on('exit', (code) => died(`the lint thread ended (exit code ${code})`));
  }

  get alive(): boolean {
    return !this.gone;
  }

  /** Sends one request; the thread is ended if no answer comes within `limitMs`. */
  request(req: LintRequest, limitMs: number): Promise<LintOutcome> {
    if (this.gone) return Promise.resolve({ ok: false, why: 'crash', message: 'the lint thread has ended' });
    if (this.pending) throw new Error('one request at a time');
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.settle({ ok: false, why: 'timeout', message: `no answer within ${limitMs} ms` });
        this.terminate();
      }, limitMs);
      this.pending = { id, settle: resolve, timer };
      this.worker.postMessage({ id, req });
    });
  }

  terminate(): void {
    this.gone = true;
    void this.worker.terminate();
  }

  private settle(o: LintOutcome): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    p.settle(o);
  }
}
