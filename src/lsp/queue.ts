// What the language server asks of its lint thread next. One piece of work runs at a time,
// so that a piece that runs too long can be cancelled alone (its thread is ended).
import type { LintRequest } from './worker.ts';

export type FactsRequest = Extract<LintRequest, { op: 'readFacts' | 'forget' | 'closed' }>;

export type Job =
  /** Starting the thread, listing the workspace, a config change: before anything else. */
  | { readonly kind: 'control'; readonly req: LintRequest }
  | { readonly kind: 'facts'; readonly req: FactsRequest }
  /** Lint an open document: its text is taken when the job starts, so a later edit is never linted stale. */
  | { readonly kind: 'lint'; readonly uri: string };

export class JobQueue {
  private control: LintRequest[] = [];
  private facts: FactsRequest[] = [];
  /** Documents to lint, in the order asked, with when they were first asked. */
  private readonly lints = new Map<string, number>();

  /**
   * @param patienceMs how long a document waits for the facts still being read before it is
   *   linted with those read so far (it is linted again when they are all in)
   */
  constructor(private readonly patienceMs: number) {}

  /** A control request, once: asking twice for the same (a config saved and watched) does the work once. */
  addControl(req: LintRequest): void {
    if (!this.control.some((c) => JSON.stringify(c) === JSON.stringify(req))) this.control.push(req);
  }

  /** A control request before all others (a new thread is told its roots before anything else). */
  addControlFirst(req: LintRequest): void {
    this.control.unshift(req);
  }

  addFacts(req: FactsRequest): void {
    if (!this.facts.some((f) => f.op === req.op && f.file === req.file)) this.facts.push(req);
  }

  /** A document to lint; asking again keeps its place (the newest text is linted anyway). */
  addLint(uri: string, now: number): void {
    if (!this.lints.has(uri)) this.lints.set(uri, now);
  }

  dropLint(uri: string): void {
    this.lints.delete(uri);
  }

  /** Forgets the facts still to read (the workspace is read again from the start). */
  clearFacts(): void {
    this.facts = [];
  }

  /** Whether every fact asked for has been read: the documents linted before then may be stale. */
  get factsSettled(): boolean {
    return this.control.length === 0 && this.facts.length === 0;
  }

  get empty(): boolean {
    return this.factsSettled && this.lints.size === 0;
  }

  /** The next job: control first, then facts, unless a document has waited past the patience. */
  next(now: number): Job | undefined {
    const control = this.control.shift();
    if (control) return { kind: 'control', req: control };
    const oldest = this.lints.entries().next();
    const lintDue = !oldest.done && now - oldest.value[1] >= this.patienceMs;
    if (this.facts.length > 0 && !lintDue) return { kind: 'facts', req: this.facts.shift() as FactsRequest };
    if (!oldest.done) {
      this.lints.delete(oldest.value[0]);
      return { kind: 'lint', uri: oldest.value[0] };
    }
    return undefined;
  }
}
