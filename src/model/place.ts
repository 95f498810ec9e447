// Where a fact is written, as `file:line`, for the run's notes: a note that says the inputs
// and the config disagree names the line to look at. Notes are rare, so each is located on its
// own; a rendered input is named by the file the user edits, as findings are.
import { Locator } from '../parse/locator.ts';
import type { ParsedDocument, Path, Resource, SourceFile, Target } from '../common/types.ts';

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

/**
 * Each file's documents' stand-ins (see slimResource), by index: one per document, whatever
 * object of it is kept, and however many rules keep it. Weakly by file, not by document: a run
 * makes one for every workload, and that many weak entries slowed every garbage collection.
 */
const slimDocs = new WeakMap<SourceFile, ParsedDocument[]>();

/**
 * The same object for reporting only: its document's place (file, index, offsets) and, of its
 * values, its kind, its metadata and the paths named, which is what placing a finding reads (a
 * rendered input maps a reported value back to the values or the overlay that wrote it: a
 * scalar by its value, a collection by being one, so a collection named is kept empty). A rule
 * that keeps objects of every file until the run ends keeps these: a whole document of each
 * workload would grow with the repository (a monorepo of 300 MB of workloads ran out of
 * memory).
 */
export function slimResource(r: Resource, paths: readonly Path[] = []): Resource {
  let docs = slimDocs.get(r.doc.file);
  if (!docs) slimDocs.set(r.doc.file, (docs = []));
  let doc = docs[r.doc.index];
  if (!doc) docs[r.doc.index] = doc = { ...r.doc, value: emptyLike(r.doc.value) };
  const slim: Resource = { ...r, doc, object: {} };
  for (const [i, path] of [['apiVersion'], ['kind'], ['metadata'], ...paths].entries()) {
    const whole = i < 3;
    copyPath(r.doc.value, doc.value, [...r.basePath, ...path], whole);
    copyPath(r.object, slim.object, path, whole);
  }
  return slim;
}

const emptyLike = (v: unknown): unknown => (Array.isArray(v) ? [] : v !== null && typeof v === 'object' ? {} : v);

/**
 * Copies the value at `path` of `from` into `to`, making the containers on the way (a path that
 * is not there copies nothing); a collection there is copied whole, or as an empty one.
 */
function copyPath(from: unknown, to: unknown, path: Path, whole: boolean): void {
  let src = from;
  let dst = to;
  for (const [i, step] of path.entries()) {
    if (src === null || typeof src !== 'object' || dst === null || typeof dst !== 'object') return;
    const next = (src as Record<string | number, unknown>)[step];
    if (next === undefined) return;
    const holder = dst as Record<string | number, unknown>;
    if (i === path.length - 1) holder[step] ??= whole ? next : emptyLike(next);
    else holder[step] ??= emptyLike(next);
    src = next;
    dst = holder[step];
  }
}

/** A pod template's place, for a rule that keeps it until the run ends: its object's stand-in (slimResource) and the template's path there. */
export interface TemplatePlace {
  readonly resource: Resource;
  readonly path: Path;
}

/** The place of a pod template, with the paths inside its object a finding may name. */
export const templatePlace = (t: TemplatePlace, paths: readonly Path[] = []): TemplatePlace => ({ resource: slimResource(t.resource, [t.path, ...paths]), path: t.path });
