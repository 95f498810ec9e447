// Progress on a long run, for a person at a terminal: files read, charts and overlays rendered,
// files linted, on one line of stderr that is rewritten in place and cleared at the end. Said
// only once a run has taken a second, at most five times a second, and only when stderr is a
// terminal (the CLI's process shell decides): a log, a pipe or CI never gets it, so no report
// and no captured output depends on it.
import { TOOL_NAME } from '../common/meta.ts';
import { plural } from '../common/text.ts';

/** Quiet for this long: a short run says nothing. */
const SILENT_MS = 1_000;
/** The line is rewritten at most this often. */
const EVERY_MS = 200;

export type ProgressKind = 'read' | 'rendered' | 'linted';

export class Progress {
  private readonly counts: Record<ProgressKind, number> = { read: 0, rendered: 0, linted: 0 };
  private readonly started: number;
  private last = 0;
  private shown = false;

  /** `write`: stderr of a terminal, or undefined (no progress); `now`: the clock (a test's own). */
  constructor(
    private readonly write: ((s: string) => void) | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /** Counts one more of a kind, and rewrites the line when it is time. */
  tick(kind: ProgressKind): void {
    if (!this.write) return;
    this.counts[kind]++;
    const t = this.now();
    if (t - this.started < SILENT_MS || t - this.last < EVERY_MS) return;
    this.last = t;
    this.shown = true;
    this.write(`\r\u001b[K${this.line()}`);
  }

  /** Clears the line, when one was shown, before the report is printed. */
  done(): void {
    if (this.shown && this.write) this.write('\r\u001b[K');
    this.shown = false;
  }

  private line(): string {
    const { read, rendered, linted } = this.counts;
    const parts = [`${plural(read, 'file')} read`];
    if (rendered > 0) parts.push(`${plural(rendered, 'render')} of charts and overlays`);
    if (linted > 0) parts.push(`${plural(linted, 'file')} linted`);
    return `${TOOL_NAME}: ${parts.join(', ')}…`;
  }
}
