import type { LintMessage } from '../types.ts';
// Text from linted files (names, values, keys) must never reach a terminal with control
// or escape characters intact: a manifest must not be able to rewrite the user's screen.

/** Replaces C0/C1 control characters (except tab) with visible escapes. */
export function safeText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code === 10 ? '\\n' : code === 13 ? '\\r' : `\\u${code.toString(16).padStart(4, '0')}`;
  });
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
