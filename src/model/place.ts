// Where a fact is written, as `file:line`, for the run's notes: a note that says the inputs
// and the config disagree names the line to look at. Notes are rare, so each is located on its
// own; a rendered input is named by the file the user edits, as findings are.
import { Locator } from '../parse/locator.ts';
import { getIn } from './workload.ts';
import type { KubeObject, Path, Resource, Target } from '../common/types.ts';
import { interned, ownString } from '../common/text.ts';
import { defineKey } from '../parse/events.ts';

/**
 * `locator`: one to reuse, for a caller that places many targets in one file (a new one reads
 * the whole file's line table for each: thousands of duplicates in one 50 MB file took minutes).
 */
export function placeText(target: Target | undefined, locator = new Locator()): string | undefined {
  if (!target) return undefined;
  const [doc, docPath, resource] =
    'resource' in target && target.resource && !('doc' in target)
      ? [target.resource.doc, [...target.resource.basePath, ...target.path] as Path, target.resource]
      : 'doc' in target
        ? [target.doc, target.path, target.resource]
        : [undefined, undefined, undefined];
  if (!doc) return undefined;
  const offset = 'offset' in target ? target.offset : locator.offsets(doc, docPath ?? [])[0];
  const at = locator.position(doc.file, offset);
  const origin = doc.file.origin;
  if (origin) {
    const range = { line: at.line, column: at.column, endLine: at.line, endColumn: at.column };
    const back = origin.mapBack({ doc, docPath, resource, range });
    return `${back.filePath}:${back.range.line}`;
  }
  return `${doc.file.displayPath}:${at.line}`;
}

/** " (file:line)" after a source's description, or nothing when it is not located. */
export const atPlace = (target: Target | undefined): string => {
  const place = placeText(target);
  return place === undefined ? '' : ` (${place})`;
};

/**
 * The same object whichever pass parsed it: the facts pass and the lint pass parse documents
 * separately, so rules match a fact's resource to the one they are given by file, document and path.
 */
export const objectKey = (r: Resource): string => `${r.doc.file.displayPath}\u0000${r.doc.index}\u0000${r.basePath.join('\u0000')}`;

/** What a stand-in keeps of every object: what names it, and its metadata (labels, annotations: what a rendered input's mapping reads). */
const HEAD = ['apiVersion', 'kind', 'metadata'] as const;

/**
 * The same object for reporting only: its document's place (file, index, offsets) and, of its
 * values, its kind, its metadata and the paths named, which is what placing a finding reads (a
 * rendered input maps a reported value back to the values or the overlay that wrote it: a
 * scalar by its value, a collection by being one, so a collection named keeps its scalars). A rule
 * that keeps objects of every file until the run ends keeps these: a whole document of each
 * workload would grow with the repository (a monorepo of 300 MB of workloads ran out of
 * memory).
 *
 * The rules that keep an object meet it one after another (each is handed the same object, see
 * engine/linter.ts), so the stand-in made last is handed out again for the same object, with the
 * further paths asked for copied into it: one stand-in per object, however many rules keep it.
 * Only the last is remembered, not a table: weak tables with an entry per workload slowed every
 * garbage collection, and a stand-in made from an object already let go would be the same anyway.
 */
export function slimResource(r: Resource, paths: readonly Path[] = []): Resource {
  if (last?.source === r) {
    const standIn = last.standIn;
    for (const path of paths) copyPath(r.object, standIn.object, path);
    // The object as written has a copy of its own only where it differs from the object (see below).
    const copy = getIn(standIn.doc.value, r.basePath) as KubeObject;
    if (copy !== standIn.object) for (const path of paths) copyPath(getIn(r.doc.value, r.basePath) as KubeObject, copy, path);
    return standIn;
  }
  const object = slimOf(r.object, paths);
  // The document's own value holds the object as written (before Flux's substitutions, say): the same but for those.
  const written = getIn(r.doc.value, r.basePath);
  const value = nested(r.doc.value, r.basePath, written === r.object ? object : slimOf(written, paths));
  // Its strings its own (ownString): a slice of the file's text would keep all of it.
  const standIn = {
    ...r,
    basePath: shared(r.basePath),
    doc: { ...r.doc, value, syntaxErrors: shared(r.doc.syntaxErrors), duplicateKeys: shared(r.doc.duplicateKeys) },
    object,
    apiVersion: interned(r.apiVersion),
    kind: interned(r.kind),
    name: ownString(r.name),
    declaredNamespace: r.declaredNamespace === undefined ? undefined : ownString(r.declaredNamespace),
    namespace: r.namespace === undefined ? undefined : ownString(r.namespace),
  };
  last = { source: r, standIn };
  return standIn;
}

/** One empty list for every stand-in's empty lists (a document's problems, a whole document's path): each document has lists of its own. */
const NONE: readonly never[] = Object.freeze([]);
const shared = <T>(list: readonly T[]): readonly T[] => (list.length === 0 ? NONE : list);

/** The object whose stand-in was made last, and that stand-in (see slimResource). */
let last: { readonly source: Resource; readonly standIn: Resource } | undefined;

/** Lets go of the object whose stand-in was made last: a run calls it when it ends, so a long-lived process (the language server) holds no document of a run done. */
export function forgetLastStandIn(): void {
  last = undefined;
}

function slimOf(from: unknown, paths: readonly Path[]): KubeObject {
  const out: KubeObject = {};
  if (from === null || typeof from !== 'object') return out;
  const o = from as KubeObject;
  for (const key of HEAD) if (o[key] !== undefined) out[key] = typeof o[key] === 'string' ? interned(o[key]) : o[key];
  for (const path of paths) copyPath(o, out, path);
  return out;
}

/** `leaf` at `path` in containers like those of `from` (a `kind: List`'s items), empty but for it. */
function nested(from: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const top = emptyLike(from) as Record<string | number, unknown>;
  let src = from as Record<string | number, unknown>;
  let dst = top;
  for (const [i, step] of path.entries()) {
    const next = src?.[step];
    dst[step] = i === path.length - 1 ? leaf : emptyLike(next);
    src = next as Record<string | number, unknown>;
    dst = dst[step] as Record<string | number, unknown>;
  }
  return top;
}

/** An empty container of the same kind; a list of the same length, with room for no more (one grown from [] keeps room for 17). */
const emptyLike = (v: unknown): unknown => (Array.isArray(v) ? new Array(v.length) : v !== null && typeof v === 'object' ? {} : typeof v === 'string' ? ownString(v) : v);

/** A collection's scalars, its collections empty: what a stand-in keeps of a collection a path names. */
function shallow(v: unknown): unknown {
  const out = emptyLike(v) as Record<string | number, unknown>;
  for (const [k, x] of Object.entries(v as object)) out[k] = emptyLike(x);
  return out;
}

/**
 * Copies the value at `path` of `from` into `to`, making the containers on the way (a path that
 * is not there copies nothing): a scalar as it is, a collection with its scalars only (a
 * Service port's name and number, a template with nothing in it).
 */
function copyPath(from: KubeObject, to: KubeObject, path: Path): void {
  // The whole object (wholeResource): every value, copied.
  if (path.length === 0) {
    const budget = { left: WHOLE_VALUES };
    for (const [k, v] of Object.entries(from)) defineKey(to, k, ownValue(v, budget));
    return;
  }
  let src: unknown = from;
  let dst: Record<string | number, unknown> = to;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as string | number;
    if (src === null || typeof src !== 'object') return;
    const next = (src as Record<string | number, unknown>)[step];
    if (next === undefined) return;
    const whole = i === path.length - 1 && next !== null && typeof next === 'object';
    let held = dst[step];
    if (held === undefined) held = dst[step] = whole ? shallow(next) : emptyLike(next);
    // A collection another path made on the way is given its scalars when a path names it whole.
    else if (whole && held !== null && typeof held === 'object') for (const [k, x] of Object.entries(next as object)) (held as Record<string, unknown>)[k] ??= emptyLike(x);
    if (held === null || typeof held !== 'object') return;
    src = next;
    dst = held as Record<string | number, unknown>;
  }
}

/** `v` with every string in it its own (ownString), its collections copied: at most `budget` collections, the others as they are. */
function ownValue(v: unknown, budget: { left: number }): unknown {
  if (typeof v === 'string') return ownString(v);
  if (v === null || typeof v !== 'object' || --budget.left < 0) return v;
  if (Array.isArray(v)) return v.map((x) => ownValue(x, budget));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) defineKey(out, k, ownValue(x, budget));
  return out;
}

/** Collections copied of an object kept whole (wholeResource): far above any real policy's; past it, the rest are kept as they are. */
const WHOLE_VALUES = 100_000;

/**
 * The object whole, for a rule that reads all of it when the run ends (an AuthorizationPolicy's
 * rules, a DestinationRule's subsets): a stand-in (slimResource, shared with the other rules
 * that keep it) with a copy of every value, its strings its own, so that its file's text and
 * syntax are let go.
 */
export const wholeResource = (r: Resource): Resource => slimResource(r, WHOLE);
const WHOLE: readonly Path[] = [[]];

/** A pod template's place, for a rule that keeps it until the run ends: its object's stand-in (slimResource) and the template's path there. */
export interface TemplatePlace {
  readonly resource: Resource;
  readonly path: Path;
}

/** The place of a pod template, with the paths inside its object a finding may name. */
export const templatePlace = (t: TemplatePlace, paths: readonly Path[] = []): TemplatePlace => ({ resource: slimResource(t.resource, [t.path, ...paths]), path: t.path });
