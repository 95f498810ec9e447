// Ignore patterns (.gitignore, .meshlintignore, ignorePatterns, --ignore-pattern) matched in
// time linear in the path: no regular expression is built from a pattern. A glob compiled to a
// backtracking regular expression takes time exponential in its `**` (`x/**/*x*/**/*x*/…`
// against a deep folder stalls a walk for minutes); here a pattern is a list of segments, and a
// path is matched against it segment by segment with a table (`**` any number of segments, `*`
// and `?` within one), so a match costs at most the product of the two lengths.
//
// Semantics are gitignore's (git's Documentation/gitignore.txt), case-insensitive as the walk
// has always matched: blank lines and `#` comments skipped, `\#` `\!` `\ ` escapes, trailing
// spaces dropped, `!` re-includes, the last rule that matches wins, a trailing `/` matches
// folders only, a pattern with a `/` before its end is anchored to its base (else it matches a
// name at any depth), a leading `**/` matches in every folder, a trailing `/**` everything
// inside, `/**/` zero or more folders, and a folder left out leaves out all it holds.

/** Characters of one pattern read at most: longer lines are not patterns anyone writes. */
export const MAX_PATTERN_LENGTH = 4_096;

type Segment = { readonly globstar: true } | { readonly globstar: false; readonly glob: string };

interface Rule {
  readonly negate: boolean;
  readonly dirOnly: boolean;
  readonly segments: readonly Segment[];
}

/** One line of an ignore file as a rule, or undefined (blank, a comment, too long). */
export function parseRule(line: string): Rule | undefined {
  if (line.length > MAX_PATTERN_LENGTH) return undefined;
  let p = line.replace(/\r$/, '');
  // Trailing spaces are dropped unless escaped with a backslash.
  let end = p.length;
  while (end > 0 && p[end - 1] === ' ' && p[end - 2] !== '\\') end--;
  p = p.slice(0, end);
  if (p === '' || p.startsWith('#')) return undefined;
  let negate = false;
  if (p.startsWith('!')) {
    negate = true;
    p = p.slice(1);
  } else if (p.startsWith('\\!') || p.startsWith('\\#')) p = p.slice(1);
  let dirOnly = false;
  while (p.endsWith('/')) {
    dirOnly = true;
    p = p.slice(0, -1);
  }
  if (p === '') return undefined;
  const anchored = p.includes('/');
  if (p.startsWith('/')) p = p.slice(1);
  const parts = p.split('/').filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  const segments: Segment[] = [];
  if (!anchored) segments.push({ globstar: true });
  for (const s of parts) {
    if (s === '**') {
      if (!segments[segments.length - 1]?.globstar) segments.push({ globstar: true });
    } else segments.push({ globstar: false, glob: s.toLowerCase() });
  }
  return { negate, dirOnly, segments };
}

/**
 * Whether one name matches one glob segment (`*`, `?`, `[...]`, `\x`): the two-pointer wildcard
 * match, in at most the product of their lengths.
 */
function segmentMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let starG = -1;
  let starN = 0;
  while (n < name.length) {
    if (g < glob.length) {
      const c = glob[g] as string;
      if (c === '*') {
        starG = ++g;
        starN = n;
        continue;
      }
      const step = oneChar(glob, g, name[n] as string);
      if (step > 0) {
        g += step;
        n++;
        continue;
      }
    }
    if (starG < 0) return false;
    g = starG;
    n = ++starN;
  }
  while (glob[g] === '*') g++;
  return g === glob.length;
}

/** How many glob characters one name character consumes when it matches (0: no match). */
function oneChar(glob: string, at: number, ch: string): number {
  const c = glob[at] as string;
  if (c === '?') return 1;
  if (c === '\\' && at + 1 < glob.length) return glob[at + 1] === ch ? 2 : 0;
  if (c === '[') {
    const close = glob.indexOf(']', at + 2);
    if (close < 0) return c === ch ? 1 : 0;
    let body = glob.slice(at + 1, close);
    const negated = body.startsWith('!') || body.startsWith('^');
    if (negated) body = body.slice(1);
    let hit = false;
    for (let i = 0; i < body.length; i++) {
      const from = body[i] as string;
      if (body[i + 1] === '-' && i + 2 < body.length) {
        const to = body[i + 2] as string;
        if (ch >= from && ch <= to) hit = true;
        i += 2;
      } else if (from === ch) hit = true;
    }
    return hit !== negated ? close - at + 1 : 0;
  }
  return c === ch ? 1 : 0;
}

/**
 * Whether the path's segments match the rule's: `**` takes zero or more segments (one or more
 * when it ends the pattern: `foo/**` is what foo holds), the others one each. A table of
 * (pattern segment, path segment) pairs: linear in each, never exponential.
 */
function segmentsMatch(segments: readonly Segment[], names: readonly string[], counter: { comparisons: number }): boolean {
  const P = segments.length;
  const N = names.length;
  // can[j]: the first i pattern segments match the first j names.
  let can = new Array<boolean>(N + 1).fill(false);
  can[0] = true;
  for (let i = 0; i < P; i++) {
    const s = segments[i] as Segment;
    const next = new Array<boolean>(N + 1).fill(false);
    if (s.globstar) {
      const last = i === P - 1 && i > 0;
      let reach = false;
      for (let j = 0; j <= N; j++) {
        // Zero or more segments; a trailing `**` after a folder takes one at least.
        if (last) next[j] = reach;
        if (can[j]) reach = true;
        if (!last) next[j] = reach;
      }
    } else {
      for (let j = 1; j <= N; j++) {
        if (!can[j - 1]) continue;
        counter.comparisons++;
        next[j] = segmentMatches(s.glob, names[j - 1] as string);
      }
    }
    can = next;
  }
  return Boolean(can[N]);
}

/** Rules of one ignore source, matched against paths relative to its base. */
export class IgnoreRules {
  private readonly rules: Rule[] = [];
  /** Folders already decided (a walk asks about each folder of each file). */
  private readonly folders = new Map<string, boolean>();
  /** Name-to-segment comparisons made so far: the work, which tests bound. */
  readonly work = { comparisons: 0 };

  constructor(lines: readonly string[]) {
    for (const line of lines) {
      const rule = parseRule(line);
      if (rule) this.rules.push(rule);
    }
  }

  get size(): number {
    return this.rules.length;
  }

  /**
   * Whether a relative POSIX path (`a/b/c.yaml`; a folder when `isDir`) is ignored: a folder it
   * lies in is, or the last rule that matches it ignores.
   */
  ignores(path: string, isDir: boolean): boolean {
    const names = path.toLowerCase().split('/').filter((s) => s !== '');
    if (names.length === 0) return false;
    for (let k = 1; k < names.length; k++) if (this.folder(names.slice(0, k))) return true;
    return this.own(names, isDir);
  }

  private folder(names: readonly string[]): boolean {
    const key = names.join('/');
    let known = this.folders.get(key);
    if (known === undefined) {
      known = (names.length > 1 && this.folder(names.slice(0, -1))) || this.own(names, true);
      if (this.folders.size < 100_000) this.folders.set(key, known);
    }
    return known;
  }

  private own(names: readonly string[], isDir: boolean): boolean {
    let ignored = false;
    for (const rule of this.rules) {
      if (rule.negate !== ignored) continue; // cannot change the outcome
      if (rule.dirOnly && !isDir) continue;
      if (segmentsMatch(rule.segments, names, this.work)) ignored = !rule.negate;
    }
    return ignored;
  }
}
