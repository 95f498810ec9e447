// Parsing on every core: worker threads parse the inputs' documents ahead of the lint pass,
// which takes them in input order, synchronously (it waits on a shared counter and reads the
// workers' replies with receiveMessageOnPort, so the engine stays plain synchronous code).
// Each task is claimed once, by a worker or by this thread: while the task it needs is in a
// worker's hands, this thread parses the furthest task no one has claimed yet, so the work
// balances itself whatever else this thread has to do (facts, rules, reports).
// At most a few megabytes of text are in flight, so memory stays bounded on large inputs.
// The documents are exactly those of parseFile: the same groups, parsed by the same code.
import { availableParallelism } from 'node:os';
import type { MessagePort, Worker } from 'node:worker_threads';
import { garbageCollector, workerThreads } from '../common/builtins.ts';
import { rebase } from './document-cache.ts';
import { groupsOf, parseFile, parseGroup, type Slice } from './yaml.ts';
import type { ParsedDocument, SourceFile } from '../common/types.ts';

/** Below this much text a pool costs more (starting threads) than it saves. */
export const POOL_MIN_BYTES = 4_000_000;
/**
 * A file this large is parsed on this thread under `auto` (see forInputs), with paced collections
 * (pacing.ts): the workers' heaps come on top of this thread's, so with them a 15 MB file peaked
 * higher (300 MB) than a 25 MB file without them (200 MB). Memory then grows with a file's size
 * alone; the other files of the run still share the cores.
 */
export const LARGE_FILE_BYTES = POOL_MIN_BYTES;
/** Text per task: large enough that messages are few, small enough to share a big file. */
const TASK_BYTES = 256_000;
/** Text sent to workers and not yet taken by the lint pass. */
const IN_FLIGHT_BYTES = 8_000_000;
const WORKER_ROLE = 'meshlint-parse';
/** A worker collects its garbage after parsing this much text. */
const WORKER_PACE_BYTES = 8_000_000;
/** How long a worker may take to start, and a task to come back, before this thread parses it instead. */
const START_MS = 5_000;
const STALL_MS = 30_000;

/** A contiguous run of one file's groups. */
interface Piece {
  readonly file: SourceFile;
  readonly start: number;
  readonly end: number;
  readonly groups: readonly Slice[];
}

interface Task {
  readonly id: number;
  readonly pieces: readonly Piece[];
  readonly bytes: number;
}

/** Who holds a task, in the shared claims array. */
const UNCLAIMED = 0;
const BY_WORKER = 1;
const BY_MAIN = 2;

/** A lane's state in the shared status array, written by its worker. */
const STARTING = 0;
const READY = 1;
const GONE = 2;

/** What a worker is sent: each piece's text and its groups, relative to the piece. */
interface Request {
  readonly id: number;
  readonly pieces: readonly { readonly text: string; readonly groups: readonly Slice[] }[];
}

type Docs = readonly (readonly Omit<ParsedDocument, 'file'>[])[];
/**
 * Parsed documents without their file (the lint pass puts it back), offsets relative to the
 * piece. As JSON text when JSON holds them exactly: JSON.parse builds objects several times
 * faster than a structured clone does, and this thread's time is what the pool saves.
 */
type Reply =
  | { readonly id: number; readonly docs: Docs | string }
  | { readonly id: number; readonly error: string }
  /** The main thread had claimed the task first. */
  | { readonly id: number; readonly skipped: true };

/** Numbers JSON cannot hold (.inf, .nan) may be in these texts: they go as structured clones. */
const NOT_JSON_SAFE = /\.(?:inf|nan)\b/i;

interface Lane {
  readonly index: number;
  readonly worker: Worker;
  readonly port: MessagePort;
  pending: number;
}

/** True in a thread the pool started: the bundle's entry then serves parses instead of running. */
export function isParseWorker(): boolean {
  // The argument is checked first: every run asks, and only workers need worker_threads loaded.
  if (!process.argv.includes(WORKER_ROLE)) return false;
  const { isMainThread, workerData } = workerThreads();
  return !isMainThread && (workerData as { role?: unknown } | undefined)?.role === WORKER_ROLE;
}

/**
 * The worker's side: parse what is asked, reply, and signal the main thread. Its status slot
 * says when it is ready and when it is gone: a waiting thread cannot hear a worker's events.
 */
export function serveParses(): void {
  const { port, signal, claims, lane } = workerThreads().workerData as { port: MessagePort; signal: Int32Array; claims: Int32Array; lane: number };
  const status = (value: number): void => {
    Atomics.store(signal, 1 + lane, value);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  process.on('exit', () => status(GONE));
  status(READY);
  // Paced collections, as on the main thread for large inputs: a worker's garbage is parse garbage.
  const collect = garbageCollector();
  let since = 0;
  port.on('message', (req: Request) => {
    let reply: Reply;
    if (Atomics.compareExchange(claims, req.id, UNCLAIMED, BY_WORKER) !== UNCLAIMED) reply = { id: req.id, skipped: true };
    else try {
      const docs = req.pieces.map((p) => {
        const file: SourceFile = { displayPath: '', absPath: undefined, text: p.text };
        return p.groups.flatMap((g) => parseGroup(file, g).map(({ file: _drop, ...doc }) => doc));
      });
      reply = { id: req.id, docs: req.pieces.some((p) => NOT_JSON_SAFE.test(p.text)) ? docs : JSON.stringify(docs) };
    } catch (e) {
      reply = { id: req.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    port.postMessage(reply);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
    since += req.pieces.reduce((n, p) => n + p.text.length, 0);
    if (collect && since >= WORKER_PACE_BYTES) {
      since = 0;
      collect();
    }
  });
}

/** Splits the inputs into tasks of about TASK_BYTES, in input order; a big file spans several. */
function planTasks(files: readonly SourceFile[]): Task[] {
  const tasks: Task[] = [];
  let pieces: Piece[] = [];
  let bytes = 0;
  for (const file of files) {
    let run: Slice[] = [];
    const endPiece = (): void => {
      const first = run[0];
      const last = run[run.length - 1];
      if (first && last) pieces.push({ file, start: first.start, end: last.end, groups: run });
      run = [];
    };
    for (const g of groupsOf(file.text)) {
      run.push(g);
      bytes += g.end - g.start;
      if (bytes >= TASK_BYTES) {
        endPiece();
        tasks.push({ id: tasks.length, pieces, bytes });
        pieces = [];
        bytes = 0;
      }
    }
    endPiece();
  }
  if (pieces.length) tasks.push({ id: tasks.length, pieces, bytes });
  return tasks;
}

export class ParsePool {
  private readonly lanes: Lane[];
  /** [0]: bumped on every reply or status change; [1 + lane]: that lane's status. */
  private readonly signal: Int32Array;
  private readonly tasks: Task[];
  /** Tasks of each file, in order. */
  private readonly tasksOf = new Map<SourceFile, Task[]>();
  /** Per task, the documents of each of its pieces (file offsets); and how many pieces are still to be taken. */
  private readonly done = new Map<number, ParsedDocument[][]>();
  private readonly untaken = new Map<number, number>();
  private readonly laneOf = new Map<number, Lane>();
  /** Per task: UNCLAIMED, BY_WORKER or BY_MAIN, shared with the workers. */
  private readonly claims: Int32Array;
  private readonly started = Date.now();
  private next = 0;
  private inFlight = 0;
  private closed = false;

  /**
   * A pool for these inputs: `auto` uses every core (at most 4) for the files under
   * LARGE_FILE_BYTES when they hold POOL_MIN_BYTES or more (a larger file is parsed by the lint
   * pass on this thread: one thread with paced collections keeps its peak memory lower, and the
   * workers parse the rest meanwhile); a number uses that many threads (this one included) for
   * every file, whatever the size. Undefined when threads would not help: parse in the lint
   * pass itself. `workerUrl` is a script that calls serveParses() when isParseWorker() (the
   * bundled CLI itself).
   */
  static forInputs(files: readonly SourceFile[], threads: number | 'auto', workerUrl: URL): ParsePool | undefined {
    if (threads === 'auto') {
      files = files.filter((f) => f.text.length < LARGE_FILE_BYTES);
      const bytes = files.reduce((n, f) => n + f.text.length, 0);
      if (bytes < POOL_MIN_BYTES) return undefined;
      threads = Math.min(availableParallelism(), 4);
    }
    if (threads < 2 || files.length === 0) return undefined;
    // This thread is one of them: it parses its share of the tasks while it lints.
    return new ParsePool(files, workerUrl, threads - 1);
  }

  private constructor(files: readonly SourceFile[], workerUrl: URL, threads: number) {
    this.tasks = planTasks(files);
    for (const t of this.tasks) {
      this.untaken.set(t.id, t.pieces.length);
      for (const p of t.pieces) {
        const list = this.tasksOf.get(p.file);
        if (!list) this.tasksOf.set(p.file, [t]);
        else if (list[list.length - 1] !== t) list.push(t);
      }
    }
    this.signal = new Int32Array(new SharedArrayBuffer(4 * (1 + threads)));
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, this.tasks.length)));
    this.lanes = Array.from({ length: threads }, (_, index) => {
      const { MessageChannel, Worker } = workerThreads();
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerUrl, {
        argv: [WORKER_ROLE],
        workerData: { role: WORKER_ROLE, port: port2, signal: this.signal, claims: this.claims, lane: index },
        transferList: [port2],
        // Parsing allocates many short-lived objects: a larger young generation means fewer collections.
        resourceLimits: { maxYoungGenerationSizeMb: 64 },
      });
      // Heard only when this thread is not waiting; the status slot covers the rest.
      const gone = (): void => {
        Atomics.store(this.signal, 1 + index, GONE);
      };
      worker.on('error', gone);
      worker.on('exit', gone);
      worker.unref();
      port1.unref();
      return { index, worker, port: port1, pending: 0 };
    });
    this.dispatch();
  }

  /** The documents of a file, as parseFile gives them: from the workers, task by task (those of a file they do not parse, here, with `parsed`). */
  documentsOf = (file: SourceFile, parsed?: ReadonlyMap<number, readonly ParsedDocument[]>): Iterable<ParsedDocument> => {
    const tasks = this.tasksOf.get(file);
    if (!tasks || this.closed) return parseFile(file, parsed);
    this.tasksOf.delete(file);
    return this.take(file, tasks);
  };

  /** True when the workers parse this file (false: the lint pass parses it on this thread). */
  shares(file: SourceFile): boolean {
    return this.tasksOf.has(file);
  }

  /** Workers starting or ready; one that failed or exited is parsed for by this thread without waiting. */
  liveWorkers(): number {
    return this.lanes.filter((l) => Atomics.load(this.signal, 1 + l.index) !== GONE).length;
  }

  /** Stops the workers. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes) {
      lane.port.close();
      void lane.worker.terminate();
    }
  }

  private *take(file: SourceFile, tasks: readonly Task[]): Generator<ParsedDocument> {
    let index = 0;
    for (const task of tasks) {
      const docs = this.await(task);
      for (const [i, p] of task.pieces.entries()) {
        if (p.file !== file) continue;
        for (const d of docs[i] ?? []) yield d.index === index ? (index++, d) : rebase(d, file, index++, 0);
        this.taken(task);
      }
    }
  }

  /** A piece was taken; a task whose pieces all were is dropped and makes room for the next. */
  private taken(task: Task): void {
    const left = (this.untaken.get(task.id) ?? 1) - 1;
    this.untaken.set(task.id, left);
    if (left > 0) return;
    this.done.delete(task.id);
    this.inFlight -= task.bytes;
    this.dispatch();
  }

  private dispatch(upTo = -1): void {
    while (this.next < this.tasks.length && (this.inFlight < IN_FLIGHT_BYTES || this.next <= upTo)) {
      const task = this.tasks[this.next++] as Task;
      this.inFlight += task.bytes;
      const live = this.lanes.filter((l) => Atomics.load(this.signal, 1 + l.index) !== GONE);
      const lane = live.reduce<Lane | undefined>((a, b) => (!a || b.pending < a.pending ? b : a), undefined);
      if (!lane) continue; // no worker left: this thread claims it when it needs it
      lane.pending++;
      this.laneOf.set(task.id, lane);
      const req: Request = {
        id: task.id,
        pieces: task.pieces.map((p) => ({ text: p.file.text.slice(p.start, p.end), groups: p.groups.map((g) => ({ ...g, start: g.start - p.start, end: g.end - p.start })) })),
      };
      lane.port.postMessage(req);
    }
  }

  private await(task: Task): ParsedDocument[][] {
    // The lint pass may need a task beyond the in-flight budget (a file larger than it).
    if (task.id >= this.next) this.dispatch(task.id);
    const since = Date.now();
    for (;;) {
      const have = this.done.get(task.id);
      if (have) return have;
      const seen = Atomics.load(this.signal, 0);
      if (this.drain()) continue;
      // Not started by a worker yet: this thread takes it.
      if (this.claim(task)) return this.parseHere(task);
      if (this.abandoned(task, since)) return this.parseHere(task);
      // In a worker's hands: meanwhile, parse the furthest task sent that no one has started.
      const ahead = this.furthestUnclaimed(task.id);
      if (ahead) {
        this.parseHere(ahead);
        continue;
      }
      Atomics.wait(this.signal, 0, seen, 50);
    }
  }

  private claim(task: Task): boolean {
    return Atomics.compareExchange(this.claims, task.id, UNCLAIMED, BY_MAIN) === UNCLAIMED;
  }

  /** The last task sent after `after` that no one has started, claimed for this thread. */
  private furthestUnclaimed(after: number): Task | undefined {
    for (let id = this.next - 1; id > after; id--) {
      const t = this.tasks[id] as Task;
      if (!this.done.has(id) && Atomics.load(this.claims, id) === UNCLAIMED && this.claim(t)) return t;
    }
    return undefined;
  }

  /** True when the task's worker is gone, never started, or stalled: this thread parses it. */
  private abandoned(task: Task, since: number): boolean {
    const lane = this.laneOf.get(task.id);
    const status = lane ? Atomics.load(this.signal, 1 + lane.index) : GONE;
    if (status === GONE) return true;
    if (status === STARTING && Date.now() - this.started > START_MS) return true;
    return Date.now() - since > STALL_MS;
  }

  /** Parses a task claimed by this thread, and keeps its documents until the lint pass takes them. */
  private parseHere(task: Task): ParsedDocument[][] {
    const docs = task.pieces.map((p) => p.groups.flatMap((g) => parseGroup(p.file, g)));
    this.done.set(task.id, docs);
    return docs;
  }

  /** Takes every reply that has arrived; false when there was none. */
  private drain(): boolean {
    let any = false;
    const { receiveMessageOnPort } = workerThreads();
    for (const lane of this.lanes) {
      for (let m = receiveMessageOnPort(lane.port); m; m = receiveMessageOnPort(lane.port)) {
        const reply = m.message as Reply;
        lane.pending--;
        any = true;
        const task = this.tasks[reply.id];
        if (!task || 'skipped' in reply || this.done.has(reply.id) || this.untaken.get(reply.id) === 0) continue;
        if ('error' in reply) {
          // A worker's failure is its own: this thread parses the task (and reports what the parse reports).
          this.parseHere(task);
          continue;
        }
        const docs = (typeof reply.docs === 'string' ? JSON.parse(reply.docs) : reply.docs) as Docs;
        this.done.set(
          reply.id,
          task.pieces.map((p, i) => (docs[i] ?? []).map((d) => rebase({ ...d, file: p.file }, p.file, d.index, p.start))),
        );
      }
    }
    return any;
  }
}
