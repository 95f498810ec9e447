// The language server's view of the workspace: roots, configs, and per file the resources
// that may hold facts (Namespaces, injection webhooks, mesh config). It lints one open
// document against the facts of every other file. It runs in the server's lint thread, so
// that nothing here (a slow document, a large tree) can hold up the editor's requests.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { allRules, rulesById } from '../../rules/index.ts';
import { ConfigError, EMPTY_CONFIG, type Config } from '../engine/config.ts';
import { factResources } from '../engine/facts-pass.ts';
import { lint } from '../engine/linter.ts';
import { safeText } from '../common/text.ts';
import { findConfigFile, loadConfigFile } from '../engine/config-file.ts';
import { chartFinder, discover, ignoredBy } from '../load/discover.ts';
import { decodeSource, readSource, type ReadOutcome } from '../load/read.ts';
import { FLUX_GROUP, fluxScoping, type FluxScoping } from '../load/flux-scope.ts';
import { KUSTOMIZATION_FILES } from '../load/kustomized.ts';
import { repoRoot } from '../load/boundary.ts';
import { DOCS_URL, TOOL_NAME } from '../common/meta.ts';
import { DocumentCache } from '../parse/document-cache.ts';
import type { LintMessage, Resource } from '../common/types.ts';

/**
 * The largest document linted as it is typed, and the largest file read for facts. On a
 * 2-core machine, 1 MiB of real manifests lints again after an edit in 60 to 200 ms; 2 MB
 * took up to 350 ms and 4.5 MB up to 1.8 s, with the memory growing alongside.
 */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** What a diagnostic carries for its code actions. */
export interface DiagnosticData {
  readonly fix?: { readonly range: readonly [number, number]; readonly text: string };
  readonly suggestions?: readonly { readonly desc: string; readonly fix: { readonly range: readonly [number, number]; readonly text: string } }[];
}

/** A broken config, where to show it: the line its error names (1-based), else the first. */
export interface ConfigProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

const pathToUri = (path: string): string => pathToFileURL(path).href;
const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};
/** The path with symbolic links resolved, where it exists: a link inside a root may lead out. */
const realOrSelf = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};
// A glob can climb out of its folder (`{..,x}/**`, `@(..)/**`): one that mentions `..` is not followed.
const GLOB_MAGIC = /[*?[\]{}()!+@]/;

/** How a file is named to the user: relative to the innermost root that holds it. */
export function displayPathIn(roots: readonly string[], file: string): string {
  const root = roots.filter((r) => inside(r, file)).sort((a, b) => b.length - a.length)[0];
  return (root === undefined ? file : relative(root, file)) || file;
}

export function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${mib >= 10 ? mib.toFixed(0) : mib.toFixed(1).replace(/\.0$/, '')} MiB`;
}

export class Workspace {
  private readonly facts = new Map<string, Resource[]>();
  /**
   * The files Flux scoping reads or changes, as read: Flux Kustomizations, kustomizations,
   * ConfigMaps (postBuild variables) and every file with facts. When one that places files
   * changes, the facts of the others are read again through the new scoping.
   */
  private readonly kept = new Map<string, ReadOutcome>();
  private flux: FluxScoping | undefined;
  /** How each kept file was placed when its facts were read (see placement). */
  private readonly placedAs = new Map<string, string>();
  /** A file that places others changed since the scoping was read: it is read again when next needed, once for many changes. */
  private stale = false;
  private readonly configs = new Map<string, Config | ConfigError>();
  private readonly chartOf = chartFinder();
  private readonly ignorers = new WeakMap<Config, (file: string) => boolean>();
  private readonly realRoots: readonly string[];
  /** Documents of the open files, reused across edits when their text is unchanged. */
  readonly documents = new DocumentCache({ keepEvents: true });

  constructor(
    readonly roots: readonly string[],
    private readonly log: (line: string) => void = () => {},
  ) {
    this.realRoots = roots.map(realOrSelf);
  }

  /** The config in force for a file (nearest .meshlint.yaml upwards). Throws its ConfigError when it is broken. */
  configFor(file: string): Config {
    return this.configIn(dirname(file));
  }

  /** The config in force in a directory, cached per directory, a broken one as its error. */
  configIn(dir: string): Config {
    let c = this.configs.get(dir);
    if (!c) {
      const path = findConfigFile(dir);
      try {
        c = path ? loadConfigFile(path, rulesById) : EMPTY_CONFIG;
      } catch (e) {
        // Whatever stops a config from being read (a YAML alias bomb, say) makes it broken, not the server.
        c = e instanceof ConfigError ? e : new ConfigError(path, '', e instanceof Error ? e.message : String(e));
      }
      this.configs.set(dir, c);
    }
    if (c instanceof ConfigError) throw c;
    return c;
  }

  /** The broken configs met since the last reset, each once. */
  configProblems(): ConfigProblem[] {
    const out = new Map<string, ConfigProblem>();
    for (const c of this.configs.values()) {
      if (!(c instanceof ConfigError) || c.file === undefined || out.has(c.file)) continue;
      // readConfigFile names a YAML error's place as the key: "line 3, column 7".
      const at = /^line (\d+), column (\d+)$/.exec(c.key);
      const message = at ? c.problem : c.key ? `${c.key}: ${c.problem}` : c.problem;
      out.set(c.file, { file: c.file, line: at ? Number(at[1]) : 1, column: at ? Number(at[2]) : 1, message });
    }
    return [...out.values()];
  }

  /** Forgets configs and facts (a config file changed): the facts are read again. */
  resetConfigs(): void {
    this.configs.clear();
    this.facts.clear();
  }

  /**
   * The files to read for facts: every lintable file of the roots, and the roots' configs'
   * `context` where it stays inside a root. Context elsewhere (`/`, a home folder) would have
   * the server walk the disk for a workspace that only asked to be linted: it is left out.
   */
  factFiles(): string[] {
    const files: string[] = [];
    for (const root of this.roots) {
      const config = this.factsConfigIn(root);
      const context = config.context.filter((p) => {
        if (this.insideRoots(p) && !(GLOB_MAGIC.test(p) && p.includes('..'))) return true;
        this.log(`context path ${p} of ${config.filePath ?? 'the configuration'} is outside the workspace: not read`);
        return false;
      });
      const found = discover({ cwd: root, patterns: ['.', ...context], ignorePatterns: config.ignorePatterns, ignoreBase: config.filePath ? dirname(config.filePath) : root });
      files.push(...found.files.filter((f) => this.insideRoots(f)));
    }
    return [...new Set(files)];
  }

  /** Whether a path, its links resolved, lies inside a workspace root. */
  insideRoots(path: string): boolean {
    const real = realOrSelf(path);
    return this.roots.some((r) => inside(r, path)) && this.realRoots.some((r) => inside(r, real));
  }

  /** Re-reads one file's facts from disk; true when they changed. A file over the size limit gives none. */
  updateFromDisk(file: string): boolean {
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      return this.forget(file); // gone, or unreadable: it holds no facts
    }
    if (size > MAX_DOCUMENT_BYTES) {
      this.log(`${this.displayPath(file)} is larger than ${formatMiB(MAX_DOCUMENT_BYTES)} (${formatMiB(size)}): not read for facts`);
      return this.forget(file);
    }
    return this.setFacts(file, readSource(file, this.rootOf(file)));
  }

  /** Sets one file's facts from the given text (an open document); true when they changed. */
  updateFromText(file: string, text: string): boolean {
    return this.setFacts(file, decodeSource(Buffer.from(text), this.displayPath(file), file));
  }

  /** Drops one file's facts; true when it had some. */
  forget(file: string): boolean {
    if (this.places(this.kept.get(file))) this.stale = true;
    this.kept.delete(file);
    this.placedAs.delete(file);
    return this.facts.delete(file) || this.stale;
  }

  /**
   * Facts from every file but this one, less those of clusters other than the one that deploys
   * it (load/flux-clusters.ts), as the CLI judges it.
   */
  contextFor(file: string): Resource[] {
    const mine = this.clustersOf(file);
    const cluster = mine.length === 1 ? mine[0] : undefined;
    const out: Resource[] = [];
    for (const [path, resources] of this.facts) {
      if (path === file) continue;
      if (cluster !== undefined) {
        const theirs = this.clustersOf(path);
        if (theirs.length > 0 && !theirs.includes(cluster)) continue;
      }
      out.push(...resources);
    }
    return out;
  }

  /** A file as Flux places it (a targetNamespace, variables, its clusters), as the CLI reads it. */
  scoped(input: ReadOutcome): ReadOutcome {
    return this.scoping().scope(input);
  }

  private clustersOf(file: string): readonly string[] {
    const c = this.scoping().clusters;
    return c.names.length > 1 ? c.clustersOf(file) : [];
  }

  /** The scoping of the files kept; read again (and every kept file's facts with it) after a file that places others changed. */
  private scoping(): FluxScoping {
    if (this.flux === undefined || this.stale) {
      this.stale = false;
      this.flux = fluxScoping([...this.kept.values()], this.roots.length > 0 ? (repoRoot(this.roots[0] as string) ?? this.roots[0]) : undefined);
      // Only files placed otherwise than before are read again (editing a kustomization re-reads little).
      for (const [file, input] of [...this.kept]) if (this.placedAs.get(file) !== placement(this.flux.scope(input))) this.derive(file, input);
    }
    return this.flux;
  }

  rootOf(file: string): string {
    const roots = this.roots.filter((r) => inside(r, file));
    return roots.sort((a, b) => b.length - a.length)[0] ?? dirname(file);
  }

  displayPath(file: string): string {
    return displayPathIn(this.roots, file);
  }

  /** Whether a config's ignore patterns (or the .meshlintignore beside it) leave out a file. */
  ignores(config: Config, file: string): boolean {
    if (config.filePath === undefined) return false;
    let ignored = this.ignorers.get(config);
    if (!ignored) this.ignorers.set(config, (ignored = ignoredBy(dirname(config.filePath), config.ignorePatterns)));
    return ignored(file);
  }

  /** Inside a Helm chart, only the chart's Chart.yaml is linted (as the CLI does): templates are not YAML. */
  isChartFile(file: string): boolean {
    const chart = this.chartOf(dirname(file));
    return chart !== undefined && file !== join(chart, 'Chart.yaml');
  }

  /** For reading facts, a broken config counts as none: the config and the linted documents report it. */
  private factsConfigIn(dir: string): Config {
    try {
      return this.configIn(dir);
    } catch {
      return EMPTY_CONFIG;
    }
  }

  private setFacts(file: string, input: ReadOutcome): boolean {
    const before = this.facts.get(file);
    // A file that places others (a Flux Kustomization, a kustomization, a ConfigMap of
    // variables), before or now: every kept file's facts are derived again when next needed.
    if (this.stale || this.places(this.kept.get(file)) || this.places(input)) {
      this.stale = true;
      this.kept.set(file, input);
      this.placedAs.delete(file); // its text is new: read at the next scoping, however it is placed
      return true;
    }
    this.derive(file, input);
    return !sameFacts(before, this.facts.get(file));
  }

  /** One file's facts, through the current scoping; the file kept when scoping may read it again. */
  private derive(file: string, input: ReadOutcome): void {
    const config = this.factsConfigIn(dirname(file));
    const scoped = this.scoped(input);
    this.placedAs.set(file, placement(scoped));
    const resources = input.ok && !this.isChartFile(file) ? factResources([scoped], config) : [];
    if (resources.length) this.facts.set(file, resources);
    else this.facts.delete(file);
    if (resources.length > 0 || this.places(input)) this.kept.set(file, input);
    else {
      this.kept.delete(file);
      this.placedAs.delete(file);
    }
  }

  /** Whether a file's text can change where Flux places other files. */
  private places(input: ReadOutcome | undefined): boolean {
    if (!input?.ok) return false;
    const t = input.file.text;
    return t.includes(FLUX_GROUP) || KUSTOMIZATION_FILES.includes(basename(input.file.absPath ?? '')) || /^kind:[ \t]*["']?ConfigMap/m.test(t);
  }

}

/** Where Flux places a file, as a key: its targetNamespace, variables and clusters. */
function placement(r: ReadOutcome): string {
  return r.ok ? JSON.stringify([r.file.targetNamespace ?? null, r.file.substitute ?? null, r.file.clusters ?? null]) : '';
}

/** Two fact lists carry the same facts when their objects are equal (positions aside). */
function sameFacts(a: readonly Resource[] | undefined, b: readonly Resource[] | undefined): boolean {
  const key = (rs: readonly Resource[] | undefined): string => JSON.stringify((rs ?? []).map((r) => [r.kind, r.namespace, r.name, r.object]));
  return key(a) === key(b);
}

const firstLine = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Lints one document's text against the workspace: the LSP diagnostics. Pure but for config reads. */
export function lintDocument(ws: Workspace, file: string, text: string): Diagnostic[] {
  if (ws.isChartFile(file)) return [];
  let config: Config;
  try {
    config = ws.configFor(file);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    const where = e.file ? relative(dirname(file), e.file) : 'the configuration';
    return [{ range: firstLine, severity: DiagnosticSeverity.Error, source: TOOL_NAME, message: safeText(`Not linted: its configuration ${where} is broken; see the error there.`) }];
  }
  // A file its config's ignore patterns leave out is not linted, as in the CLI and the ESLint plugin.
  if (ws.ignores(config, file)) return [];
  const input = ws.scoped(decodeSource(Buffer.from(text), ws.displayPath(file), file));
  const bom = input.ok && input.file.bom ? 1 : 0;
  const report = lint([input], { config, rules: allRules, contextResources: ws.contextFor(file), documentsOf: (f) => ws.documents.parse(f), documentsAgain: (f) => ws.documents.parse(f), notePlaces: true });
  const root = ws.rootOf(file);
  const out: Diagnostic[] = [];
  for (const r of report.results) {
    // Only this document's findings: a rule may name a related place elsewhere, never report there.
    if (resolve(root, r.filePath) !== file) continue;
    for (const m of r.messages) out.push(toDiagnostic(m, root, bom));
  }
  // What the run could not decide about this document's workloads (the CLI's notes): one
  // information diagnostic per note, where its first workload here starts.
  for (const note of report.notes) {
    const at = note.places?.find((p) => resolve(root, p.filePath) === file);
    if (!at) continue;
    const pos = { line: at.line - 1, character: at.column - 1 };
    out.push({ range: { start: pos, end: pos }, severity: DiagnosticSeverity.Information, source: TOOL_NAME, code: note.id, message: safeText(note.message) });
  }
  return out;
}

/** A finding as an LSP diagnostic. Every text in it may quote the manifest: none keeps a control or bidi character. */
function toDiagnostic(m: LintMessage, root: string, bom: number): Diagnostic {
  const shift = (fix: { readonly range: readonly [number, number]; readonly text: string }) => ({ range: [fix.range[0] + bom, fix.range[1] + bom] as const, text: fix.text });
  const data: DiagnosticData = {
    ...(m.fix ? { fix: shift(m.fix) } : {}),
    ...(m.suggestions?.length ? { suggestions: m.suggestions.map((s) => ({ desc: safeText(s.desc), fix: shift(s.fix) })) } : {}),
  };
  return {
    range: { start: { line: m.line - 1, character: m.column - 1 }, end: { line: m.endLine - 1, character: m.endColumn - 1 } },
    // A chart that is not rendered is not a problem, only not linted yet: information, as the CLI's note.
    severity: m.severity === 2 ? DiagnosticSeverity.Error : m.ruleId === 'unrendered-template' && m.messageId === 'chart' ? DiagnosticSeverity.Information : DiagnosticSeverity.Warning,
    source: TOOL_NAME,
    code: m.ruleId,
    codeDescription: { href: `${DOCS_URL}/${m.ruleId}.md` },
    message: safeText(m.resource ? `${m.message} [${m.resource}]` : m.message),
    ...(m.related?.length
      ? {
          relatedInformation: m.related.map((rel) => ({
            location: { uri: pathToUri(resolve(root, rel.filePath)), range: { start: { line: rel.line - 1, character: rel.column - 1 }, end: { line: rel.endLine - 1, character: rel.endColumn - 1 } } },
            message: safeText(rel.message),
          })),
        }
      : {}),
    data,
  };
}

/** A config's error, on the config file itself. */
export function configDiagnostic(p: ConfigProblem): Diagnostic {
  const at = { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) };
  return { range: { start: at, end: at }, severity: DiagnosticSeverity.Error, source: TOOL_NAME, message: safeText(`Invalid configuration: ${p.message}`) };
}
