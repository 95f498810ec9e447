// Finding the files to lint: paths, directories (recursive), glob patterns,
// honouring .gitignore, .meshlintignore and --ignore-pattern, never looping on symlinks.
// Only regular files are handed on for reading: a FIFO, socket or device named *.yaml is
// skipped with a reason (reading a FIFO would block forever). Every path met lands in one
// place: `files`, `charts`, `skipped` or `ignored`, so --stats can account for all of them.
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { globSync, hasMagic } from 'glob';
import { IgnoreRules } from './ignore-rules.ts';
import { escapesThroughLink, isInside, linkBoundary, repoRoot, topFolder } from './boundary.ts';
import { describeFsError, fileTypeOf, readRegularFile } from './read.ts';

export const LINTABLE_EXTENSIONS = /\.(ya?ml|json)$/i;
// Never linted and never worth a mention in --stats: they are not the user's manifests.
const ALWAYS_IGNORED_DIRS = ['node_modules', '.git'];
const ALWAYS_IGNORED = ALWAYS_IGNORED_DIRS.map((d) => `${d}/`);

export interface DiscoverOptions {
  readonly cwd: string;
  /** Files, directories or glob patterns; empty means the working directory. */
  readonly patterns: readonly string[];
  /** Extra gitignore-style patterns (config `ignorePatterns`, --ignore-pattern), relative to `ignoreBase`. */
  readonly ignorePatterns: readonly string[];
  /** Directory the configured ignore patterns and .meshlintignore are relative to. */
  readonly ignoreBase: string;
  readonly useGitignore?: boolean;
}

/** Why a path met during discovery was not handed on for reading. */
export type SkipKind =
  | 'ignored'
  | 'ignored-directory'
  | 'not-regular'
  | 'dangling-link'
  | 'link-loop'
  /** A symbolic link, met in the repository, whose target lies outside it: never followed. */
  | 'outside-repository'
  /** A Helm chart met while walking and not rendered (--render-charts renders it). */
  | 'unrendered-chart'
  /** A file a Kustomize overlay names, linted through the overlay's build (--render-overlays). */
  | 'through-overlay'
  /** A directory that cannot be listed: not clean, so the caller reports it as unreadable. */
  | 'unreadable-directory';

export interface Skipped {
  readonly path: string;
  readonly reason: string;
  readonly kind: SkipKind;
}

const IGNORED_REASON = 'ignored by an ignore pattern';
const DANGLING_REASON = 'a symbolic link whose target does not exist';
const LOOP_REASON = 'symbolic link loop';
const OUTSIDE_REASON = 'a symbolic link that leads outside the repository (not followed)';
const outside = (path: string): Skipped => ({ path, reason: OUTSIDE_REASON, kind: 'outside-repository' });
const notRegular = (path: string, st: Stats | Dirent): Skipped => ({ path, reason: `not a regular file (${fileTypeOf(st)})`, kind: 'not-regular' });

export interface Discovered {
  /** Absolute paths, deduplicated, in a stable order. */
  readonly files: string[];
  /** Paths not linted, each with its reason, to be said on stderr (the user named them or cannot tell why). */
  readonly skipped: Skipped[];
  /**
   * Files and directories left out by the ignore rules while walking or globbing: what the
   * user asked for, so only counted (--stats); .git and node_modules are not listed.
   */
  readonly ignored: Skipped[];
  /** Patterns or paths that matched nothing: a usage error for the caller. */
  readonly unmatched: string[];
  /**
   * Helm chart directories (holding Chart.yaml) met while walking, or holding a file named
   * directly or by a glob: their templates are not YAML, the chart is the unit to lint.
   */
  readonly charts: string[];
}

/** Ignore rules, each set relative to the directory it was declared in. */
class Ignorer {
  private readonly sets: { base: string; ig: IgnoreRules }[] = [];
  private readonly loadedDirs = new Set<string>();

  constructor(private readonly useGitignore: boolean) {}

  add(base: string, patterns: readonly string[]): void {
    if (patterns.length === 0) return;
    const ig = new IgnoreRules(patterns);
    if (ig.size > 0) this.sets.push({ base, ig });
  }

  /** Reads `.gitignore` of a directory once, when walking into it. */
  /** `listed`: whether the folder's listing holds a .gitignore, when the caller has read it (most folders have none: nothing to open). */
  loadDir(dir: string, listed?: boolean): void {
    if (!this.useGitignore || this.loadedDirs.has(dir)) return;
    this.loadedDirs.add(dir);
    if (listed === false) return;
    this.add(dir, readIgnoreFile(join(dir, '.gitignore')));
  }

  ignored(abs: string, isDir: boolean): boolean {
    for (const { base, ig } of this.sets) {
      const rel = relative(base, abs);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      const posix = rel.split(sep).join('/');
      if (ig.ignores(posix, isDir)) return true;
    }
    return false;
  }
}

/**
 * The lines of an ignore file; none when it is absent or not a regular file (never block on a
 * FIFO), or when it is a link, or in a linked folder, whose real path leaves its repository.
 */
function readIgnoreFile(path: string): string[] {
  if (escapesThroughLink(topFolder(dirname(path)), path)) return [];
  const read = readRegularFile(path);
  return read.ok ? read.bytes.toString('utf8').split(/\r?\n/) : [];
}

export { repoRoot } from './boundary.ts';

/**
 * Whether a config's ignore patterns, or the .meshlintignore beside it, leave out a file:
 * both are relative to `base` (the config file's folder), as in a walk.
 */
export function ignoredBy(base: string, patterns: readonly string[]): (abs: string) => boolean {
  const ig = new Ignorer(false);
  ig.add(base, patterns);
  ig.add(base, readIgnoreFile(join(base, '.meshlintignore')));
  return (abs) => {
    if (ig.ignored(abs, false)) return true;
    // A folder left out leaves out what it holds, as when walking.
    for (let d = dirname(abs); isInside(base, d) && d !== base; d = dirname(d)) if (ig.ignored(d, true)) return true;
    return false;
  };
}

export function discover(opts: DiscoverOptions): Discovered {
  const useGitignore = opts.useGitignore ?? true;
  const ig = new Ignorer(useGitignore);
  ig.add(opts.cwd, ALWAYS_IGNORED);
  ig.add(opts.ignoreBase, opts.ignorePatterns);
  ig.add(opts.ignoreBase, readIgnoreFile(join(opts.ignoreBase, '.meshlintignore')));
  if (useGitignore) {
    // .gitignore files above the working directory, up to the repository root, apply too.
    const root = repoRoot(opts.cwd);
    if (root) for (let d = opts.cwd; ; d = dirname(d)) {
      ig.loadDir(d);
      if (d === root || dirname(d) === d) break;
    }
  }

  const files = new Set<string>();
  const skipped: Skipped[] = [];
  const ignored: Skipped[] = [];
  const unmatched: string[] = [];
  const charts: string[] = [];
  const patterns = opts.patterns.length > 0 ? opts.patterns : ['.'];
  const chartOf = chartFinder();
  // A file inside a chart (a template, values.yaml, Chart.yaml) stands for its chart, as when walking.
  const addFile = (abs: string): void => {
    const chart = chartOf(dirname(abs));
    if (chart === undefined) files.add(abs);
    else if (!charts.includes(chart)) charts.push(chart);
  };

  const edge = linkBoundary(opts.cwd);
  const out: WalkOut = { files, skipped, ignored, charts, edge };
  // Whatever its name (x.yaml too), a directory is walked, never read; one inside a chart
  // stands for the chart.
  const walkOrChart = (abs: string, boundary: string): void => {
    const chart = chartOf(abs);
    if (chart === undefined) walk(abs, ig, out, new Set(), boundary);
    else if (!charts.includes(chart)) charts.push(chart);
  };

  for (const pattern of patterns) {
    const abs = resolve(opts.cwd, pattern);
    const found = lookUp(abs);
    const boundary = edge.repositoryOf(abs);
    if (found.st && edge.escapes(boundary, abs)) {
      skipped.push(outside(abs));
    } else if (found.st?.isDirectory()) {
      walkOrChart(abs, boundary);
    } else if (found.st?.isFile()) {
      loadGitignoresDownTo(dirname(abs), opts.cwd, ig);
      if (ig.ignored(abs, false)) skipped.push({ path: abs, reason: IGNORED_REASON, kind: 'ignored' });
      else addFile(abs);
    } else if (found.st) {
      skipped.push(notRegular(abs, found.st));
    } else if (found.problem === 'loop') {
      skipped.push({ path: abs, reason: LOOP_REASON, kind: 'link-loop' });
    } else if (found.problem === 'unreadable') {
      // It exists but cannot be looked at: reading it reports why (never a silent pass).
      addFile(abs);
    } else if (hasMagic(pattern, { windowsPathsNoEscape: true })) {
      // Directories too: a quoted glob matches what the shell would have passed, and a
      // directory the shell passes is walked.
      const matches = globSync(pattern, { cwd: opts.cwd, absolute: true, dot: false, follow: false });
      let met = 0;
      for (const m of matches.sort()) {
        if (!LINTABLE_EXTENSIONS.test(m) || insideBuiltInIgnore(m, opts.cwd)) continue;
        met++;
        loadGitignoresDownTo(dirname(m), opts.cwd, ig);
        const match = lookUp(m);
        const isDir = Boolean(match.st?.isDirectory());
        const within = edge.repositoryOf(m);
        if (ig.ignored(m, isDir) || insideIgnoredDir(m, opts.cwd, ig)) ignored.push({ path: m, reason: IGNORED_REASON, kind: isDir ? 'ignored-directory' : 'ignored' });
        else if (match.st && edge.escapes(within, m)) skipped.push(outside(m));
        else if (isDir) walkOrChart(m, within);
        else if (match.st?.isFile()) addFile(m);
        else if (match.st) skipped.push(notRegular(m, match.st));
        else if (match.problem === 'loop') skipped.push({ path: m, reason: LOOP_REASON, kind: 'link-loop' });
        else if (match.problem === 'dangling') skipped.push({ path: m, reason: DANGLING_REASON, kind: 'dangling-link' });
        else addFile(m);
      }
      if (met === 0) unmatched.push(pattern);
    } else if (found.problem === 'dangling') {
      skipped.push({ path: abs, reason: DANGLING_REASON, kind: 'dangling-link' });
    } else {
      unmatched.push(pattern);
    }
  }
  return { files: [...files], skipped, ignored, unmatched, charts };
}

/**
 * The outermost directory holding a Chart.yaml at or above a directory, up to the repository
 * root (a subchart renders with its parent). Answers are remembered per directory.
 */
export function chartFinder(): (dir: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  const isChart = (dir: string): boolean => existsSync(join(dir, 'Chart.yaml'));
  const outermost = (dir: string): string | undefined => {
    if (known.has(dir)) return known.get(dir);
    const parent = dirname(dir);
    const atTop = parent === dir || existsSync(join(dir, '.git'));
    const above = atTop ? undefined : outermost(parent);
    const found = above ?? (isChart(dir) ? dir : undefined);
    known.set(dir, found);
    return found;
  };
  return outermost;
}

/**
 * Reads the .gitignore files from the working directory down to `dir`, as walking would:
 * files named directly or matched by a glob are not reached by walking.
 */
function loadGitignoresDownTo(dir: string, cwd: string, ig: Ignorer): void {
  const rel = relative(cwd, dir);
  if (rel.startsWith('..') || isAbsolute(rel)) return;
  let d = cwd;
  ig.loadDir(d);
  for (const part of rel.split(sep).filter(Boolean)) {
    d = join(d, part);
    ig.loadDir(d);
  }
}

/** Whether a path is inside node_modules or .git (below the working directory): never linted, never counted. */
function insideBuiltInIgnore(file: string, cwd: string): boolean {
  const rel = relative(cwd, file);
  return rel.split(sep).slice(0, -1).some((part) => ALWAYS_IGNORED_DIRS.includes(part));
}

function insideIgnoredDir(file: string, cwd: string, ig: Ignorer): boolean {
  for (let d = dirname(file); d.startsWith(cwd) && d !== cwd; d = dirname(d)) {
    if (ig.ignored(d, true)) return true;
  }
  return false;
}

/**
 * What a path is, following symbolic links: its stats, or why there are none. A link whose
 * target is missing is `dangling`; one that leads back to itself, a `loop`; a path that exists
 * but cannot be looked at (a folder on the way without permission), `unreadable`.
 */
function lookUp(p: string): { st: Stats | undefined; problem?: 'missing' | 'dangling' | 'loop' | 'unreadable' } {
  try {
    return { st: statSync(p) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { st: undefined, problem: 'loop' };
    if (code === 'EACCES' || code === 'EPERM') return { st: undefined, problem: 'unreadable' };
    try {
      return { st: undefined, problem: lstatSync(p).isSymbolicLink() ? 'dangling' : 'missing' };
    } catch {
      return { st: undefined, problem: 'missing' };
    }
  }
}

interface WalkOut {
  /** The repository edge, looked up once per folder. */
  readonly edge: ReturnType<typeof linkBoundary>;
  readonly files: Set<string>;
  readonly skipped: Skipped[];
  readonly ignored: Skipped[];
  readonly charts: string[];
}

/** Walks a directory; `boundary` is the repository it belongs to, which no link may leave. */
function walk(dir: string, ig: Ignorer, out: WalkOut, visiting: Set<string>, boundary: string): void {
  const { skipped } = out;
  let real: string;
  try {
    // The system's realpath: one call, where Node's own looks at each component of the path.
    real = realpathSync.native(dir);
  } catch (e) {
    skipped.push({ path: dir, reason: `cannot resolve the directory: ${describeFsError(e)}`, kind: 'unreadable-directory' });
    return;
  }
  if (visiting.has(real)) {
    skipped.push({ path: dir, reason: LOOP_REASON, kind: 'link-loop' });
    return;
  }
  visiting.add(real);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    skipped.push({ path: dir, reason: `cannot read the directory: ${describeFsError(e)}`, kind: 'unreadable-directory' });
    visiting.delete(real);
    return;
  }
  ig.loadDir(dir, entries.some((e) => e.name === '.gitignore'));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.name === 'Chart.yaml' && !e.isDirectory())) {
    out.charts.push(dir);
    visiting.delete(real);
    return;
  }
  for (const entry of entries) {
    const p = join(dir, entry.name);
    let st: Stats | Dirent = entry;
    if (entry.isSymbolicLink()) {
      const target = lookUp(p);
      if (target.st && out.edge.escapes(boundary, p)) {
        const isDir = target.st.isDirectory();
        if (isDir || LINTABLE_EXTENSIONS.test(entry.name)) {
          if (ig.ignored(p, isDir)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: isDir ? 'ignored-directory' : 'ignored' });
          else skipped.push(outside(p));
        }
        continue;
      }
      if (target.st) st = target.st;
      else if (!LINTABLE_EXTENSIONS.test(entry.name)) continue;
      else {
        // A link that cannot be followed: said when it is named like a manifest.
        if (target.problem === 'loop') skipped.push({ path: p, reason: LOOP_REASON, kind: 'link-loop' });
        else if (target.problem === 'unreadable') out.files.add(p); // reading it says why
        else skipped.push({ path: p, reason: DANGLING_REASON, kind: 'dangling-link' });
        continue;
      }
    }
    if (st.isDirectory()) {
      if (!ig.ignored(p, true)) walk(p, ig, out, visiting, boundary);
      else if (!ALWAYS_IGNORED_DIRS.includes(entry.name)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: 'ignored-directory' });
    } else if (LINTABLE_EXTENSIONS.test(entry.name)) {
      if (ig.ignored(p, false)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: 'ignored' });
      else if (st.isFile()) out.files.add(p);
      else skipped.push(notRegular(p, st));
    }
  }
  visiting.delete(real);
}
