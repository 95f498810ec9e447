// Finding the files to lint: paths, directories (recursive), glob patterns,
// honouring .gitignore, .meshlintignore and --ignore-pattern, never looping on symlinks.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { globSync, hasMagic } from 'glob';
import ignore, { type Ignore } from 'ignore';

export const LINTABLE_EXTENSIONS = /\.(ya?ml|json)$/i;
const ALWAYS_IGNORED = ['node_modules/', '.git/'];

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

export interface Skipped {
  readonly path: string;
  readonly reason: string;
}

export interface Discovered {
  /** Absolute paths, deduplicated, in a stable order. */
  readonly files: string[];
  readonly skipped: Skipped[];
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
  private readonly sets: { base: string; ig: Ignore }[] = [];
  private readonly loadedDirs = new Set<string>();

  constructor(private readonly useGitignore: boolean) {}

  add(base: string, patterns: readonly string[]): void {
    if (patterns.length === 0) return;
    this.sets.push({ base, ig: ignore().add([...patterns]) });
  }

  /** Reads `.gitignore` of a directory once, when walking into it. */
  loadDir(dir: string): void {
    if (!this.useGitignore || this.loadedDirs.has(dir)) return;
    this.loadedDirs.add(dir);
    const file = join(dir, '.gitignore');
    try {
      this.add(dir, readFileSync(file, 'utf8').split(/\r?\n/));
    } catch {
      // no .gitignore here
    }
  }

  ignored(abs: string, isDir: boolean): boolean {
    for (const { base, ig } of this.sets) {
      const rel = relative(base, abs);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      const posix = rel.split(sep).join('/');
      if (ig.ignores(isDir ? `${posix}/` : posix)) return true;
    }
    return false;
  }
}

/** The directory that holds `.git`, at or above `dir`, if any. */
export function repoRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

export function discover(opts: DiscoverOptions): Discovered {
  const useGitignore = opts.useGitignore ?? true;
  const ig = new Ignorer(useGitignore);
  ig.add(opts.cwd, ALWAYS_IGNORED);
  ig.add(opts.ignoreBase, opts.ignorePatterns);
  try {
    ig.add(opts.ignoreBase, readFileSync(join(opts.ignoreBase, '.meshlintignore'), 'utf8').split(/\r?\n/));
  } catch {
    // no .meshlintignore
  }
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

  for (const pattern of patterns) {
    const abs = resolve(opts.cwd, pattern);
    let st;
    try {
      st = statSync(abs);
    } catch {
      st = undefined;
    }
    const chartAbove = st?.isDirectory() ? chartOf(abs) : undefined;
    if (chartAbove !== undefined) {
      if (!charts.includes(chartAbove)) charts.push(chartAbove);
    } else if (st?.isDirectory()) {
      walk(abs, ig, { files, skipped, charts }, new Set());
    } else if (st?.isFile()) {
      loadGitignoresDownTo(dirname(abs), opts.cwd, ig);
      if (ig.ignored(abs, false)) skipped.push({ path: abs, reason: 'ignored by an ignore pattern' });
      else addFile(abs);
    } else if (st) {
      skipped.push({ path: abs, reason: 'not a regular file (device, FIFO or socket)' });
    } else if (hasMagic(pattern, { windowsPathsNoEscape: true })) {
      const matches = globSync(pattern, { cwd: opts.cwd, absolute: true, nodir: true, dot: false, follow: false });
      let found = 0;
      for (const m of matches.sort()) {
        if (!LINTABLE_EXTENSIONS.test(m)) continue;
        loadGitignoresDownTo(dirname(m), opts.cwd, ig);
        if (ig.ignored(m, false) || insideIgnoredDir(m, opts.cwd, ig)) continue;
        addFile(m);
        found++;
      }
      if (found === 0) unmatched.push(pattern);
    } else if (isDanglingLink(abs)) {
      skipped.push({ path: abs, reason: 'a symbolic link whose target does not exist' });
    } else {
      unmatched.push(pattern);
    }
  }
  return { files: [...files], skipped, unmatched, charts };
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

function insideIgnoredDir(file: string, cwd: string, ig: Ignorer): boolean {
  for (let d = dirname(file); d.startsWith(cwd) && d !== cwd; d = dirname(d)) {
    if (ig.ignored(d, true)) return true;
  }
  return false;
}

function isDanglingLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

interface WalkOut {
  readonly files: Set<string>;
  readonly skipped: Skipped[];
  readonly charts: string[];
}

function walk(dir: string, ig: Ignorer, out: WalkOut, visiting: Set<string>): void {
  const { skipped } = out;
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    skipped.push({ path: dir, reason: 'cannot resolve the directory' });
    return;
  }
  if (visiting.has(real)) {
    skipped.push({ path: dir, reason: 'symbolic link loop' });
    return;
  }
  visiting.add(real);
  ig.loadDir(dir);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    skipped.push({ path: dir, reason: `cannot read the directory (${(e as NodeJS.ErrnoException).code ?? 'error'})` });
    visiting.delete(real);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.name === 'Chart.yaml' && !e.isDirectory())) {
    out.charts.push(dir);
    visiting.delete(real);
    return;
  }
  for (const entry of entries) {
    const p = join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      try {
        const st = statSync(p);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        if (LINTABLE_EXTENSIONS.test(entry.name)) skipped.push({ path: p, reason: 'a symbolic link whose target does not exist' });
        continue;
      }
    }
    if (isDir) {
      if (!ig.ignored(p, true)) walk(p, ig, out, visiting);
    } else if (LINTABLE_EXTENSIONS.test(entry.name)) {
      if (ig.ignored(p, false)) continue;
      if (isFile) out.files.add(p);
      else skipped.push({ path: p, reason: 'not a regular file (device, FIFO or socket)' });
    }
  }
  visiting.delete(real);
}
