// Where a built resource's values come from: the kustomization files and patches that Kustomize's
// build metadata names (config.kubernetes.io/origin, alpha.config.kubernetes.io/transformations),
// read as sources so that a finding points at the line the user edits (kustomize.ts builds).
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { resourcesOf } from '../resources.ts';
import { Locator } from '../../parse/locator.ts';
import { parseFile } from '../../parse/yaml.ts';
import type { ParsedDocument, Path, Range, Resource, SourceFile, SourceLocation } from '../../common/types.ts';
import { displayPathOf } from '../read.ts';
import type { TextReader } from './source-text.ts';

export const FIRST_LINE: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };

interface Transformation {
  readonly configuredIn: string;
  readonly kind: string;
}

/** JSON 6902 operations that add or replace the reported value (a JSON pointer to it, the same value). */
function opsSet(ops: readonly unknown[], path: Path, value: unknown): boolean {
  const pointer = `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  return ops.some((op) => {
    const o = op as { op?: unknown; path?: unknown; value?: unknown } | null;
    if (!o || (o.op !== 'add' && o.op !== 'replace')) return false;
    // The pointer itself, or one of its parents whose value holds the reported one.
    if (o.path === pointer) return sameValue(o.value, value);
    if (typeof o.path !== 'string' || !pointer.startsWith(`${o.path}/`)) return false;
    const rest = pointer.slice(o.path.length + 1).split('/').map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
    return sameValue(valueAt(o.value, rest.map((x) => (/^\d+$/.test(x) ? Number(x) : x))), value);
  });
}

/** Whether an inline patch (a strategic merge patch or JSON 6902 operations) sets the reported value. */
function patchSets(text: string, rendered: Resource, path: Path, value: unknown): boolean {
  let parsed: unknown;
  try {
    parsed = parseYaml(text, { maxAliasCount: 100, logLevel: 'error' });
  } catch {
    return false;
  }
  if (Array.isArray(parsed)) return opsSet(parsed, path, value);
  if (parsed === null || typeof parsed !== 'object') return false;
  const kind = (parsed as { kind?: unknown }).kind;
  return (kind === undefined || kind === rendered.kind) && sameValue(valueAt(parsed, path), value);
}

/** The list entry of the kustomization (a resource, a patch) that the error quotes, if one. */
export function failedEntry(text: string, message: string): Range | undefined {
  // Kustomize quotes an entry ('base'), lists a generator's files ([app.env]), or names the path it reached ('…/app.env').
  return listEntries(text).find((e) => message.includes(`'${e.entry}'`) || message.includes(`[${e.entry}]`) || message.includes(`/${e.entry}'`))?.range;
}

/** The list entries of a kustomization's text (`- base`, `- path: patch.yaml`), each with its line. */
export function listEntries(text: string): { entry: string; range: Range }[] {
  const out: { entry: string; range: Range }[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const m = /^(\s*-\s*)(?:path:\s*)?["']?([^"'\s#]+)["']?/.exec(line);
    if (m) out.push({ entry: m[2] as string, range: { line: i + 1, column: (m[1] as string).length + 1, endLine: i + 1, endColumn: line.trimEnd().length + 1 } });
  }
  return out;
}

export function parseAnnotation(v: unknown): unknown {
  if (typeof v !== 'string') return undefined;
  try {
    return parseYaml(v, { logLevel: 'error' });
  } catch {
    return undefined;
  }
}

export function transformationsOf(v: unknown): Transformation[] {
  const list = parseAnnotation(v);
  if (!Array.isArray(list)) return [];
  return list.flatMap((t: { configuredIn?: unknown; configuredBy?: { kind?: unknown } }) =>
    typeof t?.configuredIn === 'string' && typeof t.configuredBy?.kind === 'string' ? [{ configuredIn: t.configuredIn, kind: t.configuredBy.kind }] : [],
  );
}

export function valueAt(object: unknown, path: Path): unknown {
  let v = object;
  for (const step of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

function sameValue(a: unknown, b: unknown): boolean {
  // Collections: the key is there; transformers add labels and annotations to them freely.
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return true;
  return a === b || (a !== undefined && b !== undefined && String(a) === String(b));
}

interface Loaded {
  readonly file: SourceFile;
  readonly docs: readonly ParsedDocument[];
  readonly resources: readonly Resource[];
}

/** Source files read and parsed once each, for all the findings that map into them. */
export class SourceDocuments {
  private readonly locator = new Locator();
  private readonly files = new Map<string, Loaded | undefined>();

  constructor(
    private readonly read: TextReader,
    private readonly cwd: string,
  ) {}

  private load(abs: string): Loaded | undefined {
    if (!this.files.has(abs)) {
      const text = this.read(abs);
      if (text === undefined) this.files.set(abs, undefined);
      else {
        const file: SourceFile = { displayPath: displayPathOf(abs, this.cwd), absPath: abs, text };
        const docs = [...parseFile(file)];
        this.files.set(abs, { file, docs, resources: docs.flatMap((d) => resourcesOf(d, undefined).resources) });
      }
    }
    return this.files.get(abs);
  }

  /** The resource in a source file that became `rendered`: same kind, and the name it had before prefixes and suffixes. */
  resourceIn(abs: string, rendered: Resource): Resource | undefined {
    const candidates = (this.load(abs)?.resources ?? []).filter((s) => s.kind === rendered.kind);
    if (candidates.length <= 1) return candidates[0];
    const exact = candidates.filter((s) => s.name === rendered.name);
    if (exact.length === 1) return exact[0];
    const within = candidates.filter((s) => s.name !== '' && rendered.name.includes(s.name)).sort((a, b) => b.name.length - a.name.length);
    return within.length === 1 || (within.length > 1 && (within[0]?.name.length ?? 0) > (within[1]?.name.length ?? 0)) ? within[0] : undefined;
  }

  position(source: Resource, path: Path, rendered: unknown): { at: SourceLocation; sameValue: boolean } | undefined {
    const docPath = [...source.basePath, ...path];
    if (!this.locator.resolve(source.doc, docPath).complete) return undefined;
    return { at: this.at(source, docPath), sameValue: sameValue(valueAt(source.object, path), rendered) };
  }

  deepestExisting(source: Resource, path: Path): SourceLocation | undefined {
    const docPath = [...source.basePath, ...path];
    const depth = this.locator.resolve(source.doc, docPath).depth;
    const keep = Math.min(depth, docPath.length - 1);
    return keep > source.basePath.length ? this.at(source, docPath.slice(0, keep)) : undefined;
  }

  /** The reported path in one of the patch files a kustomization lists, with the rendered value. */
  inPatches(kustomizationFile: string, rendered: Resource, path: Path, value: unknown): SourceLocation | undefined {
    const data = this.load(kustomizationFile)?.docs[0]?.value as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object') return undefined;
    const entries: { readonly entry: unknown; readonly at: Path }[] = [];
    for (const key of ['patches', 'patchesStrategicMerge', 'patchesJson6902'] as const) {
      const list = data[key];
      if (Array.isArray(list)) list.forEach((entry: unknown, i) => entries.push({ entry, at: [key, i] }));
    }
    const dir = resolve(kustomizationFile, '..');
    const set = '(set by this patch)';
    for (const { entry: e, at } of entries) {
      // A patch written inline: a strategic merge patch (an object) or JSON 6902 operations.
      const inline = typeof e === 'string' && e.includes('\n') ? e : typeof (e as { patch?: unknown })?.patch === 'string' ? (e as { patch: string }).patch : undefined;
      if (inline !== undefined) {
        if (patchSets(inline, rendered, path, value)) return this.keyOrFirstLine(kustomizationFile, typeof e === 'string' ? at : [...at, 'patch'], set);
        continue;
      }
      const rel = typeof e === 'string' ? e : typeof (e as { path?: unknown })?.path === 'string' ? (e as { path: string }).path : undefined;
      if (!rel || rel.includes('\n')) continue;
      const patchFile = this.load(resolve(dir, rel));
      for (const p of patchFile?.resources ?? []) {
        if (p.kind !== rendered.kind) continue;
        const found = this.position(p, path, value);
        if (found?.sameValue) return found.at;
      }
      // A file of JSON 6902 operations: the whole file is the patch.
      const ops = patchFile?.docs[0]?.value;
      if (Array.isArray(ops) && opsSet(ops, path, value)) return this.keyOrFirstLine(resolve(dir, rel), [], undefined);
    }
    return undefined;
  }

  keyOrFirstLine(abs: string, path: Path, note: string | undefined): SourceLocation {
    const loaded = this.load(abs);
    const filePath = displayPathOf(abs, this.cwd);
    const doc = loaded?.docs[0];
    if (!loaded || !doc || path.length === 0 || !this.locator.resolve(doc, path).complete) return { filePath, range: FIRST_LINE, note };
    return { filePath, range: this.range(loaded.file, this.locator.offsets(doc, path)), note };
  }

  private at(source: Resource, docPath: Path): SourceLocation {
    return { filePath: source.doc.file.displayPath, range: this.range(source.doc.file, this.locator.offsets(source.doc, docPath)), note: undefined };
  }

  private range(file: SourceFile, offsets: readonly [number, number]): Range {
    const s = this.locator.position(file, offsets[0]);
    const e = this.locator.position(file, offsets[1]);
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}
