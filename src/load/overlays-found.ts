// Kustomize overlays met while walking: which kustomizations are top-level (no other one met
// uses them as a resource, base or component, and none is a Component) and so stand for what
// is deployed, and which
// files the kustomizations name (bases, patches, generator inputs), which are then linted
// through the overlays that build them rather than on their own.
import { basename, dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseFast } from '../parse/events.ts';
import { KUSTOMIZATION_FILES, localEntries } from './render/kustomize.ts';

/** At most this many kustomizations are read while walking; past it, none is built (a note says so). */
export const MAX_WALKED_KUSTOMIZATIONS = 500;

export interface FoundOverlays {
  /** Folders of the top-level kustomizations, in the order met. */
  readonly top: readonly string[];
  /** Every file a kustomization met names, and the kustomization files themselves. */
  readonly members: ReadonlySet<string>;
  /** Folders holding a kustomization met. */
  readonly folders: readonly string[];
  /** More kustomizations than are read: nothing is built. */
  readonly tooMany: boolean;
  /** The files a kustomization folder stands for: its kustomization, the files it names, and theirs through the bases met. */
  filesOf(folder: string): ReadonlySet<string>;
  /** The chart homes of kustomizations with helmCharts (`helmGlobals.chartHome`, else `charts` beside them): charts there are theirs. */
  readonly chartHomes: readonly string[];
}

/** The overlays among walked files (absolute paths); `read` gives a file's text, or undefined. */
export function overlaysAmong(files: readonly string[], read: (file: string) => string | undefined): FoundOverlays {
  const kustomizations = files.filter((f) => KUSTOMIZATION_FILES.includes(basename(f)));
  const folders = [...new Set(kustomizations.map((f) => dirname(f)))];
  if (folders.length > MAX_WALKED_KUSTOMIZATIONS) return { top: [], members: new Set(), folders, tooMany: true, filesOf: () => new Set(), chartHomes: [] };
  const chartHomes: string[] = [];
  const used = new Set<string>();
  /** Folders whose kustomization is a Component: built only through the kustomizations that use it. */
  const components = new Set<string>();
  const members = new Set<string>(kustomizations);
  const isFolder = new Set(folders);
  /** Per kustomization folder: its own files (the kustomization and what it names) and the kustomization folders it uses. */
  const own = new Map<string, { files: string[]; uses: string[] }>(folders.map((f) => [f, { files: [], uses: [] }]));
  for (const file of kustomizations) {
    const mine = own.get(dirname(file)) as { files: string[]; uses: string[] };
    mine.files.push(file);
    const text = read(file);
    if (text === undefined) continue;
    const data = kustomizationData(text);
    if (data === undefined) continue; // the build reports a kustomization it cannot read
    // kustomize refuses to build a Component on its own ("expected kind != 'Component'"): it
    // is a part of the kustomizations that list it under components, never what is deployed.
    if ((data as { kind?: unknown } | null)?.kind === 'Component') components.add(dirname(file));
    // A chart vendored for a helmCharts entry is built through this kustomization, never on its own.
    const k = (data ?? {}) as { helmCharts?: unknown; helmChartInflationGenerator?: unknown; helmGlobals?: { chartHome?: unknown } };
    if ((Array.isArray(k.helmCharts) && k.helmCharts.length > 0) || (Array.isArray(k.helmChartInflationGenerator) && k.helmChartInflationGenerator.length > 0)) {
      const home = typeof k.helmGlobals?.chartHome === 'string' && k.helmGlobals.chartHome !== '' ? k.helmGlobals.chartHome : 'charts';
      chartHomes.push(resolve(dirname(file), home));
    }
    for (const entry of localEntries(data)) {
      const target = resolve(dirname(file), entry);
      if (isFolder.has(target)) {
        used.add(target);
        mine.uses.push(target);
      } else {
        members.add(target);
        mine.files.push(target);
      }
    }
  }
  const filesOf = (folder: string): ReadonlySet<string> => {
    const out = new Set<string>();
    const seen = new Set<string>();
    const pending = [folder];
    while (pending.length > 0) {
      const f = pending.pop() as string;
      if (seen.has(f)) continue;
      seen.add(f);
      const mine = own.get(f);
      if (!mine) continue;
      for (const x of mine.files) out.add(x);
      pending.push(...mine.uses);
    }
    return out;
  };
  return { top: folders.filter((f) => !used.has(f) && !components.has(f)), members, folders, tooMany: false, filesOf, chartHomes };
}

/** A scalar JSON writes bare (a boolean, a number, null), wherever a value or item starts. */
const BARE_SCALAR = /[:[,](?:true|false|null|-?\d)/;

/**
 * A kustomization's data as the `yaml` package reads it (YAML 1.2, as Kustomize does). The fast
 * path (events.ts, several times quicker: the walk reads every kustomization of a repository)
 * is taken when its reading cannot differ: only strings, mappings and lists, no duplicate key.
 * Its scalars are typed as go-yaml v2 types them (`yes` a boolean), so any other is read again.
 */
function kustomizationData(text: string): unknown {
  // `meshlint diff` walks two trees that share most kustomizations: each text is read once.
  if (readTexts.has(text)) return readTexts.get(text);
  const data = readKustomization(text);
  if (readTexts.size >= MAX_READ_TEXTS) readTexts.clear();
  readTexts.set(text, data);
  return data;
}

/** The kustomizations read in this process, by text (bounded: two walks' worth). */
const readTexts = new Map<string, unknown>();
const MAX_READ_TEXTS = 2 * MAX_WALKED_KUSTOMIZATIONS;

function readKustomization(text: string): unknown {
  const fast = parseFast(text, 0);
  if (fast.kind === 'value' && fast.duplicateKeys.length === 0 && !BARE_SCALAR.test(JSON.stringify(fast.value) ?? 'null')) return fast.value;
  try {
    return parseYaml(text, { maxAliasCount: 100, logLevel: 'error' }) as unknown;
  } catch {
    return undefined;
  }
}
