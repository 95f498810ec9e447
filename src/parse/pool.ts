// Parsing on every core: worker threads parse the inputs' documents ahead of the lint pass,
// which takes them in input order, synchronously (it waits on a shared counter and reads the
// workers' replies with receiveMessageOnPort, so the engine stays plain synchronous code).
// Each task is claimed once, by a worker or by this thread: while the task it needs is in a
// worker's hands, this thread parses the furthest task no one has claimed yet, so the work
// balances itself whatever else this thread has to do (facts, rules, reports).
// At most a few megabytes of text are in flight, so memory stays bounded on large inputs.
// The documents are exactly those of parseFile: the same groups, parsed by the same code; with
// each, its parse's events (event-codec.ts), from which the lint pass places its reports.
import { availableParallelism } from 'node:os';
import type { MessagePort, Worker } from 'node:worker_threads';
import { garbageCollector, v8, workerThreads } from '../common/builtins.ts';
import { exactText } from '../common/masked-text.ts';
import type { Event } from 'js-yaml';
import { rebase } from './document-cache.ts';
import { Codes, encodeEvents } from './event-codec.ts';
import { rememberedEvents, rememberEncodedEvents, rememberEvents } from './events.ts';
import { groupsOf, parseFile, parseGroup, type Slice } from './yaml.ts';
import type { ParsedDocument, SourceFile } from '../common/types.ts';

/** Below this much text a pool costs more (starting threads) than it saves. */
export const POOL_MIN_BYTES = 4_000_000;
/** Text per task: large enough that messages are few, small enough to share a big file. */
const TASK_BYTES = 256_000;
/**
 * Text sent to workers and not yet taken by the lint pass, while the next task holds a part of a
 * large file (LARGE_FILE_BYTES or more). Its documents wait in this thread's heap, long enough
 * to outlive young collections: 8 MB cost a 50 MB file 30 MB more at its peak.
 */
const IN_FLIGHT_BYTES = 2_000_000;
/**
 * The same for tasks of smaller files: the workers keep parsing while this thread lints a file
 * or gathers facts (with 2 MB they waited about a tenth of a corpus run; with 16 MB the run took
 * about 4% less time, in paired runs, and about 20 MB more memory).
 */
const IN_FLIGHT_SMALL_FILES_BYTES = 16_000_000;
/** A file this large has the smaller budget (IN_FLIGHT_BYTES) while its tasks are sent. */
const LARGE_FILE_BYTES = 4_000_000;
const WORKER_ROLE = 'meshlint-parse';
/**
 * A worker looks at its heap after parsing this much text, and collects its garbage when the
 * heap holds this much more than after its last collection; and its young generation's size.
 * (Collecting after every 4 MB parsed, whatever the heap held, cost a corpus run 7% of its CPU
 * in paired runs; the 50 MB file peaks within 3 MB of what it did.)
 */
const WORKER_PACE_BYTES = 4_000_000;
const WORKER_GARBAGE_BYTES = 16_000_000;
const WORKER_YOUNG_MB = 16;
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
  /** Groups the facts pass asks for, sent first (see forInputs); the rest follow in input order. */
  readonly first: boolean;
}

/** A piece of a file, in the task that holds it. */
interface PieceRef {
  readonly task: Task;
  readonly index: number;
}

/** Which groups of a file to parse first: those the facts pass reads. */
export type FirstGroups = (file: SourceFile) => (group: Slice) => boolean;

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

/**
 * Sent after the last task: the worker leaves once it has answered every task before it, and
 * its heap is freed while the lint pass takes the last documents and the rules end the run
 * (an idle worker held about 70 MB of a 32 MB monorepo's run to its end). Its replies wait in
 * the port, read as any others.
 */
interface End {
  readonly end: true;
}

type Docs = readonly (readonly Omit<ParsedDocument, 'file'>[])[];
/**
 * Parsed documents without their file (the lint pass puts it back), offsets relative to the
 * piece. As JSON text when JSON holds them exactly: JSON.parse builds objects several times
 * faster than a structured clone does, and this thread's time is what the pool saves.
 */
type Reply =
  | {
      readonly id: number;
      readonly docs: Docs | string;
      /**
       * The fast path's events of the documents (event-codec.ts), and where each document's are:
       * per piece, per document, [from, to) in `events`, or [-1, -1].
       */
      readonly events: Int32Array;
      readonly spans: readonly (readonly (readonly [number, number])[])[];
    }
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
  // Paced collections, as on the main thread for large inputs (pacing.ts): a worker's garbage is parse garbage.
  const collect = garbageCollector();
  const heapUsed = (): number => v8().getHeapStatistics().used_heap_size;
  let since = 0;
  let live = 0;
  port.on('message', (req: Request | End) => {
    if ('end' in req) {
      port.close();
      return;
    }
    let reply: Reply;
    let transfer: ArrayBuffer[] = [];
    if (Atomics.compareExchange(claims, req.id, UNCLAIMED, BY_WORKER) !== UNCLAIMED) reply = { id: req.id, skipped: true };
    else try {
      const codes = new Codes();
      const spans: (readonly [number, number])[][] = [];
      const docs = req.pieces.map((p) => {
        const file: SourceFile = { displayPath: '', absPath: undefined, text: p.text };
        const own: (readonly [number, number])[] = [];
        spans.push(own);
        return p.groups.flatMap((g) => {
          const parsed = parseGroup(file, g);
          // A group the fast path read is one document, whose events it kept.
          const events = parsed.length === 1 ? rememberedEvents(file, g.start) : undefined;
          const from = codes.length;
          if (events instanceof Int32Array) {
            codes.pushAll(events);
            own.push([from, codes.length]);
          } else if (events && encodeEvents(events, codes)) own.push([from, codes.length]);
          else for (const _ of parsed) own.push(NO_EVENTS);
          return parsed.map(({ file: _drop, ...doc }) => doc);
        });
      });
      const events = codes.done();
      transfer = [events.buffer as ArrayBuffer];
      reply = { id: req.id, docs: req.pieces.some((p) => NOT_JSON_SAFE.test(p.text)) ? docs : JSON.stringify(docs), events, spans };
    } catch (e) {
      reply = { id: req.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    }
    port.postMessage(reply, transfer);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
    since += req.pieces.reduce((n, p) => n + p.text.length, 0);
    if (collect && since >= WORKER_PACE_BYTES) {
      since = 0;
      if (heapUsed() > live + WORKER_GARBAGE_BYTES) {
        collect();
        live = heapUsed();
      }
    }
  });
}

const NO_EVENTS = [-1, -1] as const;

/** How much text may be in flight when this task is sent (see IN_FLIGHT_BYTES). */
const budgetOf = (task: Task): number => (task.pieces.some((p) => p.file.text.length >= LARGE_FILE_BYTES) ? IN_FLIGHT_BYTES : IN_FLIGHT_SMALL_FILES_BYTES);

/**
 * Splits the inputs into tasks of about TASK_BYTES: first the groups `first` names, one piece
 * each, then the rest of every file in input order; a big file spans several tasks.
 */
function planTasks(files: readonly SourceFile[], first: FirstGroups | undefined): Task[] {
  const tasks: Task[] = [];
  let pieces: Piece[] = [];
  let bytes = 0;
  const endTask = (isFirst: boolean): void => {
    if (pieces.length) tasks.push({ id: tasks.length, pieces, bytes, first: isFirst });
    pieces = [];
    bytes = 0;
  };
  const groups = new Map(files.map((file) => [file, groupsOf(file.text)]));
  const firsts = new Map<SourceFile, Set<Slice>>();
  if (first) {
    for (const file of files) {
      const wanted = first(file);
      const own = new Set<Slice>();
      for (const g of groups.get(file) ?? []) {
        if (!wanted(g)) continue;
        own.add(g);
        pieces.push({ file, start: g.start, end: g.end, groups: [g] });
        bytes += g.end - g.start;
        if (bytes >= TASK_BYTES) endTask(true);
      }
      if (own.size) firsts.set(file, own);
    }
    endTask(true);
  }
  for (const file of files) {
    const taken = firsts.get(file);
    let run: Slice[] = [];
    const endPiece = (): void => {
      const head = run[0];
      const last = run[run.length - 1];
      if (head && last) pieces.push({ file, start: head.start, end: last.end, groups: run });
      run = [];
    };
    for (const g of groups.get(file) ?? []) {
      if (taken?.has(g)) {
        endPiece();
        continue;
      }
      run.push(g);
      bytes += g.end - g.start;
      if (bytes >= TASK_BYTES) {
        endPiece();
        endTask(false);
      }
    }
    endPiece();
  }
  endTask(false);
  return tasks;
}

export class ParsePool {
  private readonly lanes: Lane[];
  /** [0]: bumped on every reply or status change; [1 + lane]: that lane's status. */
  private readonly signal: Int32Array;
  /** Each task by id; one whose pieces the lint pass has all taken is dropped (its pieces name every group of its files). */
  private readonly tasks: (Task | undefined)[];
  /** The pieces of each file, in the file's order. */
  private readonly tasksOf = new Map<SourceFile, PieceRef[]>();
  /** The pieces sent first (one group each), by file and the group's start. */
  private readonly firstAt = new Map<SourceFile, Map<number, PieceRef>>();
  /** Per task, the documents of each of its pieces (file offsets); and how many pieces are still to be taken. */
  private readonly done = new Map<number, ParsedDocument[][]>();
  private readonly untaken = new Map<number, number>();
  private readonly laneOf = new Map<number, Lane>();
  /**
   * The fast path's events of a document parsed ahead, until the lint pass takes it: they are
   * kept then for placing its reports (rememberEvents), as when it is parsed right before it is linted.
   */
  private readonly eventsOfDoc = new WeakMap<ParsedDocument, Int32Array | readonly Event[]>();
  /** Per task: UNCLAIMED, BY_WORKER or BY_MAIN, shared with the workers. */
  private readonly claims: Int32Array;
  private readonly started = Date.now();
  private next = 0;
  private inFlight = 0;
  private closed = false;
  /** Whether the workers were told that no task follows (End). */
  private ended = false;

  /**
   * A pool for these inputs: `auto` uses every core (at most 4) when the files hold
   * POOL_MIN_BYTES or more, one large file alone included (its documents are shared like any
   * others'); a number uses that many threads (this one included), whatever the sizes. Undefined when threads would not help: parse in the lint
   * pass itself. `workerUrl` is a script that calls serveParses() when isParseWorker() (the
   * bundled CLI itself). `first`: the groups to parse first, which groupDocsOf gives (the facts
   * pass's, so that it does not parse them alone on this thread, and they are parsed once).
   */
  static forInputs(files: readonly SourceFile[], threads: number | 'auto', workerUrl: URL, first?: FirstGroups): ParsePool | undefined {
    if (threads === 'auto') {
      const bytes = files.reduce((n, f) => n + f.text.length, 0);
      if (bytes < POOL_MIN_BYTES) return undefined;
      threads = Math.min(availableParallelism(), 4);
    }
    if (threads < 2 || files.length === 0) return undefined;
    // This thread is one of them: it parses its share of the tasks while it lints.
    return new ParsePool(files, workerUrl, threads - 1, first);
  }

  private constructor(files: readonly SourceFile[], workerUrl: URL, threads: number, first: FirstGroups | undefined) {
    const tasks = planTasks(files, first);
    this.tasks = tasks;
    for (const task of tasks) {
      this.untaken.set(task.id, task.pieces.length);
      for (const [index, p] of task.pieces.entries()) {
        const ref = { task, index };
        const list = this.tasksOf.get(p.file);
        if (!list) this.tasksOf.set(p.file, [ref]);
        else list.push(ref);
        if (!task.first) continue;
        let at = this.firstAt.get(p.file);
        if (!at) this.firstAt.set(p.file, (at = new Map()));
        at.set(p.start, ref);
      }
    }
    // A file's first pieces sit in tasks before its others: its documents are taken in its order.
    for (const list of this.tasksOf.values()) list.sort((a, b) => (a.task.pieces[a.index] as Piece).start - (b.task.pieces[b.index] as Piece).start);
    this.signal = new Int32Array(new SharedArrayBuffer(4 * (1 + threads)));
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, this.tasks.length)));
    this.lanes = Array.from({ length: threads }, (_, index) => {
      const { MessageChannel, Worker } = workerThreads();
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerUrl, {
        argv: [WORKER_ROLE],
        workerData: { role: WORKER_ROLE, port: port2, signal: this.signal, claims: this.claims, lane: index },
        transferList: [port2],
        // Its heap comes on top of this thread's: kept small (64 MB of young generation cost a 50 MB
        // file 45 MB more at its peak, and saved no time).
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
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
    this.firstAt.delete(file);
    return this.take(file, tasks);
  };

  /** The documents of a group sent first (see forInputs), while the lint pass has not taken its file; undefined for any other. */
  groupDocsOf = (file: SourceFile, group: Slice): readonly ParsedDocument[] | undefined => {
    const ref = this.firstAt.get(file)?.get(group.start);
    if (!ref || this.closed || (this.untaken.get(ref.task.id) ?? 0) === 0) return undefined;
    return this.await(ref.task)[ref.index];
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

  private *take(file: SourceFile, pieces: readonly PieceRef[]): Generator<ParsedDocument> {
    let index = 0;
    for (const { task, index: i } of pieces) {
      const docs = this.await(task);
      for (const d of docs[i] ?? []) {
        const events = this.eventsOfDoc.get(d);
        if (events) {
          this.eventsOfDoc.delete(d);
          if (events instanceof Int32Array) rememberEncodedEvents(file, d.startOffset, events);
          else rememberEvents(file, d.startOffset, undefined, events);
        }
        yield d.index === index ? (index++, d) : rebase(d, file, index++, 0);
      }
      this.taken(task);
    }
  }

  /** A piece was taken; a task whose pieces all were is dropped and makes room for the next. */
  private taken(task: Task): void {
    const left = (this.untaken.get(task.id) ?? 1) - 1;
    this.untaken.set(task.id, left);
    if (left > 0) return;
    this.done.delete(task.id);
    this.tasks[task.id] = undefined;
    if (task.first) return; // out of the budget since it was parsed (see parsed)
    this.inFlight -= task.bytes;
    this.dispatch();
  }

  /**
   * A task's documents are here. Those of a first task wait for the lint pass, which comes to
   * their files late: they leave the in-flight budget now (their documents are kept anyway, as
   * the facts pass keeps what it parses), so that the other tasks keep the workers busy.
   */
  private parsed(task: Task, docs: ParsedDocument[][]): ParsedDocument[][] {
    this.done.set(task.id, docs);
    if (task.first) {
      this.inFlight -= task.bytes;
      this.dispatch();
    }
    return docs;
  }

  private dispatch(upTo = -1): void {
    while (this.next < this.tasks.length && (this.inFlight < budgetOf(this.tasks[this.next] as Task) || this.next <= upTo)) {
      const task = this.tasks[this.next++] as Task;
      this.inFlight += task.bytes;
      const live = this.lanes.filter((l) => Atomics.load(this.signal, 1 + l.index) !== GONE);
      const lane = live.reduce<Lane | undefined>((a, b) => (!a || b.pending < a.pending ? b : a), undefined);
      if (!lane) continue; // no worker left: this thread claims it when it needs it
      lane.pending++;
      this.laneOf.set(task.id, lane);
      const req: Request = {
        id: task.id,
        pieces: task.pieces.map((p) => ({ text: exactText(p.file, p.start, p.end), groups: p.groups.map((g) => ({ ...g, start: g.start - p.start, end: g.end - p.start })) })),
      };
      lane.port.postMessage(req);
    }
    if (this.next === this.tasks.length && !this.ended) {
      this.ended = true;
      for (const lane of this.lanes) lane.port.postMessage({ end: true } satisfies End);
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
      // A worker that left answered every task it was sent before it did: those answers are read first.
      if (this.abandoned(task, since)) {
        if (this.drain()) continue;
        return this.parseHere(task);
      }
      // In a worker's hands: meanwhile, parse the next first task (the facts pass reads them in
      // order), else the furthest task sent, that no one has started.
      const ahead = (task.first ? this.nextUnclaimedFirst(task.id) : undefined) ?? this.furthestUnclaimed(task.id);
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

  /** The first task sent after `after`, among those sent first, that no one has started, claimed for this thread. */
  private nextUnclaimedFirst(after: number): Task | undefined {
    for (let id = after + 1; id < this.next; id++) {
      const t = this.tasks[id];
      if (!t) continue;
      if (!t.first) return undefined;
      if (!this.done.has(id) && Atomics.load(this.claims, id) === UNCLAIMED && this.claim(t)) return t;
    }
    return undefined;
  }

  /** The last task sent after `after` that no one has started, claimed for this thread. */
  private furthestUnclaimed(after: number): Task | undefined {
    for (let id = this.next - 1; id > after; id--) {
      const t = this.tasks[id];
      if (t && !this.done.has(id) && Atomics.load(this.claims, id) === UNCLAIMED && this.claim(t)) return t;
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
    return this.parsed(
      task,
      task.pieces.map((p) =>
        p.groups.flatMap((g) => {
          const docs = parseGroup(p.file, g);
          const events = docs.length === 1 ? rememberedEvents(p.file, g.start) : undefined;
          if (events) this.eventsOfDoc.set(docs[0] as ParsedDocument, events);
          return docs;
        }),
      ),
    );
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
        this.parsed(
          task,
          task.pieces.map((p, i) =>
            (docs[i] ?? []).map((d, j) => {
              const doc = rebase({ ...d, file: p.file }, p.file, d.index, p.start);
              const [from, to] = reply.spans[i]?.[j] ?? NO_EVENTS;
              if (from >= 0) this.eventsOfDoc.set(doc, reply.events.subarray(from, to));
              return doc;
            }),
          ),
        );
      }
    }
    return any;
  }
}
