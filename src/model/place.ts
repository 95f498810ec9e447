// Where a fact is written, as `file:line`, for the run's notes: a note that says the inputs
// and the config disagree names the line to look at. Notes are rare, so each is located on its
// own; a rendered input is named by the file the user edits, as findings are.
import { Locator } from '../parse/locator.ts';
import type { Path, Resource, Target } from '../common/types.ts';

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
