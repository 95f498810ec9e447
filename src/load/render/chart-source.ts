// Charts the user provides for what GitOps objects deploy: a folder of archives as `helm pull`
// writes them (`<name>-<version>.tgz`) or of unpacked charts (`<name>/Chart.yaml`), and the
// charts vendored in the repository. meshlint never fetches a chart; it says which ones it needs.
//
// An archive is untrusted input. It is never unpacked: helm reads it itself, in memory
// (pkg/chart/loader/archive.go, helm v3.18.0 and pkg/chart/loader/archive/archive.go, v4.1.4),
// refusing absolute paths and paths that leave the chart, and bounding the whole at 100 MiB and
// each file at 5 MiB; a link in it is an entry, never followed. What helm does not bound is
// checked here first with Node's own zlib: the archive's size, its decompressed size and its
// number of entries (a stream of empty entries decompresses without limit otherwise). Links and
// paths that leave the chart are refused here too, so such an archive is named, not rendered.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gt, prerelease, satisfies, valid, validRange } from 'semver';
import { zlib } from '../../common/builtins.ts';
import { readRegularFile } from '../read.ts';
import { escapesThroughLink, repoRoot } from '../boundary.ts';

export interface AvailableChart {
  readonly name: string;
  readonly version: string;
  /** Absolute path of the archive or of the chart's folder (the one holding Chart.yaml). */
  readonly path: string;
  readonly archive: boolean;
  /** A chart folder met while walking the repository, not one of the charts folders (--charts, helm.chartsDir, charts/). */
  readonly met?: true;
}

/** Larger than any real chart archive (kube-prometheus-stack is under 1 MB). */
export const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;
/** Helm's own bound on a chart's files (100 MiB), plus room for the tar headers. */
const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
export const MAX_ARCHIVE_ENTRIES = 20_000;
/** Entries read in a charts folder: more is not a folder of charts. */
const MAX_FOLDER_ENTRIES = 10_000;
const MAX_CHART_YAML = 1024 * 1024;

/** `<name>-<version>.tgz` as `helm pull` and `helm package` name it: the version is the first split that is a semantic version. */
export function archiveName(file: string): { name: string; version: string } | undefined {
  const m = /^(.+)\.tgz$/.exec(file);
  if (!m) return undefined;
  const base = m[1] as string;
  for (let i = base.indexOf('-'); i > 0; i = base.indexOf('-', i + 1)) {
    const version = base.slice(i + 1);
    if (valid(version) !== null) return { name: base.slice(0, i), version };
  }
  return undefined;
}

/** A chart folder's name and version, from the top-level keys of its Chart.yaml. */
export function chartYamlIdentity(dir: string): { name: string; version: string } | undefined {
  const read = readRegularFile(join(dir, 'Chart.yaml'));
  if (!read.ok || read.bytes.length > MAX_CHART_YAML) return undefined;
  const text = read.bytes.toString('utf8');
  const key = (k: string): string | undefined => {
    const v = new RegExp(`^${k}:[ \\t]*(.*?)[ \\t]*(?:#.*)?$`, 'm').exec(text)?.[1];
    const unquoted = v && v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0] ? v.slice(1, -1) : v;
    return unquoted || undefined;
  };
  const name = key('name');
  return name ? { name, version: key('version') ?? '' } : undefined;
}

/** The charts a folder holds: archives and unpacked chart folders, one level deep. */
export function chartsIn(dir: string): AvailableChart[] {
  let names: string[];
  try {
    names = readdirSync(dir).slice(0, MAX_FOLDER_ENTRIES).sort();
  } catch {
    return [];
  }
  const out: AvailableChart[] = [];
  // A chart or archive reached through a link is used only where its real path stays in the
  // repository of the folder (a folder named outside any repository: in that folder).
  const root = repoRoot(dir) ?? dir;
  for (const n of names) {
    const p = join(dir, n);
    if (escapesThroughLink(root, p)) continue;
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isFile()) {
      const id = archiveName(n);
      if (id) out.push({ ...id, path: p, archive: true });
    } else if (st.isDirectory()) {
      const id = chartYamlIdentity(p);
      if (id) out.push({ ...id, path: p, archive: false });
    }
  }
  return out;
}

/**
 * Why an archive is not handed to helm, or undefined when it may be: too large, a gzip or tar
 * stream that does not read, too many entries, a link, or a path that leaves the chart.
 */
export function archiveProblem(file: string): string | undefined {
  let bytes: Buffer;
  try {
    if (statSync(file).size > MAX_ARCHIVE_BYTES) return `larger than ${MAX_ARCHIVE_BYTES / 2 ** 20} MB`;
    bytes = readFileSync(file);
  } catch {
    return 'it cannot be read';
  }
  let tar: Buffer;
  try {
    tar = zlib().gunzipSync(bytes, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (e) {
    return (e as Error).name === 'RangeError' || /larger than|maxOutputLength|buffer/i.test((e as Error).message) ? `more than ${MAX_UNPACKED_BYTES / 2 ** 20} MB unpacked` : 'not a gzip archive';
  }
  let entries = 0;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    if (++entries > MAX_ARCHIVE_ENTRIES) return `more than ${MAX_ARCHIVE_ENTRIES} entries`;
    const field = (from: number, len: number): string => header.subarray(from, from + len).toString('latin1').replace(/\0.*$/s, '');
    const type = field(156, 1);
    const name = `${field(345, 155) ? `${field(345, 155)}/` : ''}${field(0, 100)}`;
    if (type === '1' || type === '2') return `it holds a link (${name})`;
    if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split(/[/\\]/).includes('..')) return `it holds a path outside the chart (${name})`;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return 'not a tar archive';
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries === 0 ? 'an empty archive' : undefined;
}

/**
 * A version constraint as Flux and Argo CD write it (Masterminds semver: `1.2.x`, `>=1.0 <2.0`,
 * `>=1.0, <2.0`, `^1.2`, `~1.2`, `*`) as an npm semver range; undefined when it is none.
 */
function rangeOf(constraint: string): string | undefined {
  const text = constraint.trim() === '' || constraint.trim() === 'latest' ? '*' : constraint.replace(/,/g, ' ');
  return validRange(text, { loose: true }) === null ? undefined : text;
}

/**
 * The chart of that name the version (or constraint) selects among those available: the
 * highest matching version, as Flux and Argo CD pick from a repository's index.
 */
export function pickChart(charts: readonly AvailableChart[], name: string, constraint: string | undefined): AvailableChart | undefined {
  const named = charts.filter((c) => c.name === name);
  if (named.length === 0) return undefined;
  // No constraint is Flux's default `*` and Argo CD's latest: the highest release, not a prerelease.
  if (constraint === undefined) return highest(named.filter((c) => prerelease(c.version, { loose: true }) === null)) ?? highest(named);
  const exact = named.find((c) => c.version === constraint || c.version === constraint.replace(/^v/, ''));
  if (exact) return exact;
  const range = rangeOf(constraint);
  if (!range) return undefined;
  return highest(named.filter((c) => valid(c.version, { loose: true }) !== null && satisfies(c.version, range, { loose: true })));
}

function highest(charts: readonly AvailableChart[]): AvailableChart | undefined {
  const versioned = charts.filter((c) => valid(c.version, { loose: true }) !== null);
  if (versioned.length === 0) return charts[0];
  return versioned.reduce((a, b) => (gt(b.version, a.version, { loose: true }) ? b : a));
}
