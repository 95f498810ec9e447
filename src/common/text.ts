import { styleText } from 'node:util';
import type { LintMessage } from './types.ts';
// Text from linted files (names, values, keys) must never reach a terminal with control
// or escape characters intact: a manifest must not be able to rewrite the user's screen.

/**
 * Characters beyond C0 that a terminal or a bidi-aware viewer acts on: DEL, the C1 controls
 * (U+009B is CSI to some terminals), line and paragraph separators, and the bidi marks,
 * embeddings, overrides and isolates that reorder what is shown ("Trojan Source").
 */
const ACTIVE_NON_C0 = '\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069';
const UNSAFE_IN_TEXT = new RegExp(`[\u0000-\u0008\u000a-\u001f${ACTIVE_NON_C0}]`, 'g');
const UNSAFE_IN_JSON = new RegExp(`[${ACTIVE_NON_C0}]`, 'g');

const uEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Replaces control, separator and bidi characters (all but tab) with visible escapes; one line out. */
export function safeText(s: string): string {
  return s.replace(UNSAFE_IN_TEXT, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : uEscape(c)));
}

/**
 * safeText for text of several lines (a diff, a message with a hint below it): the line
 * breaks stay, and so does a CR that ends a line (a CRLF file's diff still applies; a CR
 * right before LF overwrites nothing).
 */
export function safeLines(s: string): string {
  const lines = s.split('\n');
  return lines.map((line, i) => (i < lines.length - 1 && line.endsWith('\r') ? `${safeText(line.slice(0, -1))}\r` : safeText(line))).join('\n');
}

/**
 * safeText for Markdown (an editor's hover): the characters Markdown acts on mid-line are
 * backslash-escaped (backslash, backquote, `*`, `_`, `[`, `]`, `<`, `>`, `&`, `|`, `~`), so that
 * text from a manifest cannot become a link, an image, raw HTML, an entity or emphasis; a bare
 * URL is not auto-linked (the `:` of `://` and the `.` after `www` are escaped). Nothing else
 * is: a renderer that shows escapes as written (Neovim 0.7's hover) shows few.
 */
export function markdownText(s: string): string {
  return safeText(s)
    .replace(/[\\`*_[\]<>&|~]/g, (c) => `\\${c}`)
    .replace(/:\/\//g, '\\://')
    .replace(/\b(www)\./gi, '$1\\.');
}

/**
 * JSON for a terminal or a file: JSON.stringify escapes C0 but leaves DEL, C1 and bidi
 * characters raw. They can only occur inside strings, where `\uXXXX` means the same.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, uEscape);
}

/**
 * Pieces of a text joined into runs of at least `size` characters (the last may be shorter):
 * a report written a run at a time takes few writes and is never held whole.
 */
export function* batched(parts: Iterable<string>, size = 1 << 16): Generator<string> {
  let run: string[] = [];
  let length = 0;
  for (const part of parts) {
    run.push(part);
    length += part.length;
    if (length >= size) {
      yield run.join('');
      run = [];
      length = 0;
    }
  }
  if (length > 0) yield run.join('');
}

/**
 * `s` holding characters of its own. A value parsed from a file is a slice of the file's text,
 * and V8 keeps a slice of 13 characters or more as a pointer into that text: one such value kept
 * to a run's end keeps the whole file's text. A string JSON reads is a new one, of its own
 * characters only (a concatenation sliced again would point into a copy one longer).
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

const INTERNED = new Map<string, string>();

/** One copy of a string met again and again (an apiVersion, a kind), its own (ownString); a bounded table. */
export function interned(s: string): string {
  const known = INTERNED.get(s);
  if (known !== undefined) return known;
  const own = ownString(s);
  if (INTERNED.size < 1024) INTERNED.set(own, own);
  return own;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Where a finding comes from, beyond its file: the resource, Helm's source header, the renders. */
export function findingContext(m: LintMessage): string {
  return [m.resource, m.helmSource ? `from ${m.helmSource}` : undefined, m.renders?.length ? `in renders: ${m.renders.join('; ')}` : undefined]
    .filter(Boolean)
    .join(', ');
}

/** "a, b, c and 4 more": names listed in a message or a note, kept short. */
export function shortList(items: readonly string[]): string {
  return `${items.slice(0, 3).join(', ')}${items.length > 3 ? ` and ${items.length - 3} more` : ''}`;
}

/** A text style of node:util's styleText: a colour or modifier, or several. */
export type Style = Parameters<typeof styleText>[0];

/**
 * Styles text through node:util's styleText when `color` is on, else leaves it plain. The
 * shell decides (a terminal, --color, NO_COLOR, FORCE_COLOR), so the stream is not checked here.
 */
export function painter(color: boolean): (style: Style, s: string) => string {
  return color ? (style, s) => styleText(style, s, { validateStream: false }) : (_style, s) => s;
}
