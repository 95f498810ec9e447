// `meshlint lsp`: the language server, a thin shell over the engine for editors. It keeps
// the workspace's facts (Namespaces, injection webhooks, mesh config) per file, lints an open
// document against the facts of every other file (open documents count with their unsaved
// text), and re-lints the open documents when a file with facts changes.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocumentSyncKind,
  TextDocuments,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type Hover,
  type InitializeParams,
  type InitializeResult,
  type TextEdit,
} from 'vscode-languageserver/node';
import { allRules, rulesById } from '../rules/index.ts';
import { ConfigError, EMPTY_CONFIG, validateConfig, type Config } from './engine/config.ts';
import { factResources, lint } from './engine/linter.ts';
import { findConfigFile, readConfigFile } from './load/config-file.ts';
import { chartFinder, discover, LINTABLE_EXTENSIONS } from './load/discover.ts';
import { decodeSource, readSource, type ReadOutcome } from './load/read.ts';
import { DocumentCache } from './parse/document-cache.ts';
import { readRuleDocs } from './load/rule-docs.ts';
import { DOCS_URL, TOOL_NAME, VERSION } from './meta.ts';
import type { LintMessage, Resource } from './types.ts';

/** Quiet time after the last keystroke before a document is linted again. */
export const DEFAULT_DEBOUNCE_MS = 200;

/** What a diagnostic carries for its code actions. */
interface DiagnosticData {
  readonly fix?: { readonly range: readonly [number, number]; readonly text: string };
  readonly suggestions?: readonly { readonly desc: string; readonly fix: { readonly range: readonly [number, number]; readonly text: string } }[];
}

const uriToPath = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);
const pathToUri = (path: string): string => pathToFileURL(path).href;

/**
 * The workspace as the server knows it: roots, configs, and per file the resources that
 * may hold facts. Pure data plus the reads that fill it; no LSP types.
 */
export class Workspace {
  private readonly facts = new Map<string, Resource[]>();
  private readonly configs = new Map<string, Config>();
  private readonly chartOf = chartFinder();
  /** Documents of the open files, reused across edits when their text is unchanged. */
  readonly documents = new DocumentCache();

  constructor(readonly roots: readonly string[]) {}

  /** The config in force for a file (nearest .meshlint.yaml upwards), cached per directory. */
  configFor(file: string): Config {
    return this.configIn(dirname(file));
  }

  /** The config in force in a directory. */
  configIn(dir: string): Config {
    let c = this.configs.get(dir);
    if (!c) {
      const path = findConfigFile(dir);
      c = path ? validateConfig(readConfigFile(path), path, rulesById) : EMPTY_CONFIG;
      this.configs.set(dir, c);
    }
    return c;
  }

  /** Forgets cached configs (a config file changed). */
  resetConfigs(): void {
    this.configs.clear();
    this.facts.clear();
  }

  /** Reads every lintable file of the roots (and the configs' `context`) for facts. */
  loadAll(): number {
    let files = 0;
    for (const root of this.roots) {
      const config = this.factsConfigIn(root);
      const found = discover({ cwd: root, patterns: ['.', ...config.context], ignorePatterns: config.ignorePatterns, ignoreBase: config.filePath ? dirname(config.filePath) : root });
      for (const f of found.files) {
        this.updateFromDisk(f);
        files++;
      }
    }
    return files;
  }

  /** Re-reads one file's facts from disk (it changed, or was closed). */
  updateFromDisk(file: string): void {
    this.setFacts(file, readSource(file, this.rootOf(file)));
  }

  /** Sets one file's facts from the given text (an open document); true when they changed. */
  updateFromText(file: string, text: string): boolean {
    const before = this.facts.get(file);
    this.setFacts(file, decodeSource(Buffer.from(text), this.displayPath(file), file));
    return !sameFacts(before, this.facts.get(file));
  }

  remove(file: string): void {
    this.facts.delete(file);
  }

  /** Facts from every file but this one. */
  contextFor(file: string): Resource[] {
    const out: Resource[] = [];
    for (const [path, resources] of this.facts) if (path !== file) out.push(...resources);
    return out;
  }

  rootOf(file: string): string {
    const inside = this.roots.filter((r) => !relative(r, file).startsWith('..'));
    return inside.sort((a, b) => b.length - a.length)[0] ?? dirname(file);
  }

  displayPath(file: string): string {
    return relative(this.rootOf(file), file) || file;
  }

  /** Inside a Helm chart, only the chart's Chart.yaml is linted (as the CLI does): templates are not YAML. */
  isChartFile(file: string): boolean {
    const chart = this.chartOf(dirname(file));
    return chart !== undefined && file !== join(chart, 'Chart.yaml');
  }

  /** For reading facts, a broken config counts as none: the linted document reports it. */
  private factsConfigIn(dir: string): Config {
    try {
      return this.configIn(dir);
    } catch {
      return EMPTY_CONFIG;
    }
  }

  private setFacts(file: string, input: ReadOutcome): void {
    const config = this.factsConfigIn(dirname(file));
    if (!input.ok || this.isChartFile(file)) {
      this.facts.delete(file);
      return;
    }
    const resources = factResources([input], config);
    if (resources.length) this.facts.set(file, resources);
    else this.facts.delete(file);
  }
}

/** Two fact lists carry the same facts when their objects are equal (positions aside). */
function sameFacts(a: readonly Resource[] | undefined, b: readonly Resource[] | undefined): boolean {
  const key = (rs: readonly Resource[] | undefined): string => JSON.stringify((rs ?? []).map((r) => [r.kind, r.namespace, r.name, r.object]));
  return key(a) === key(b);
}

/** Lints one document's text against the workspace: the LSP diagnostics. Pure but for config reads. */
export function lintDocument(ws: Workspace, file: string, text: string): Diagnostic[] {
  if (ws.isChartFile(file)) return [];
  let config: Config;
  try {
    config = ws.configFor(file);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: TOOL_NAME, message: `configuration error: ${e.message}` }];
  }
  const input = decodeSource(Buffer.from(text), ws.displayPath(file), file);
  const bom = input.ok && input.file.bom ? 1 : 0;
  const report = lint([input], { config, rules: allRules, contextResources: ws.contextFor(file), documentsOf: (f) => ws.documents.parse(f) });
  const root = ws.rootOf(file);
  const out: Diagnostic[] = [];
  for (const r of report.results) {
    // Only this document's findings: a rule may name a related place elsewhere, never report there.
    if (resolve(root, r.filePath) !== file) continue;
    for (const m of r.messages) out.push(toDiagnostic(m, root, bom));
  }
  return out;
}

function toDiagnostic(m: LintMessage, root: string, bom: number): Diagnostic {
  const shift = (fix: { readonly range: readonly [number, number]; readonly text: string }) => ({ range: [fix.range[0] + bom, fix.range[1] + bom] as const, text: fix.text });
  const data: DiagnosticData = {
    ...(m.fix ? { fix: shift(m.fix) } : {}),
    ...(m.suggestions?.length ? { suggestions: m.suggestions.map((s) => ({ desc: s.desc, fix: shift(s.fix) })) } : {}),
  };
  return {
    range: { start: { line: m.line - 1, character: m.column - 1 }, end: { line: m.endLine - 1, character: m.endColumn - 1 } },
    severity: m.severity === 2 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: TOOL_NAME,
    code: m.ruleId,
    codeDescription: { href: `${DOCS_URL}/${m.ruleId}.md` },
    message: m.resource ? `${m.message} [${m.resource}]` : m.message,
    ...(m.related?.length
      ? {
          relatedInformation: m.related.map((rel) => ({
            location: { uri: pathToUri(resolve(root, rel.filePath)), range: { start: { line: rel.line - 1, character: rel.column - 1 }, end: { line: rel.endLine - 1, character: rel.endColumn - 1 } } },
            message: rel.message,
          })),
        }
      : {}),
    data,
  };
}

/** The code actions for diagnostics of a document: the fix, the suggestions, and a directive to disable the rule on that line. */
export function codeActions(doc: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const edit = (fix: { readonly range: readonly [number, number]; readonly text: string }): TextEdit => ({
    range: { start: doc.positionAt(fix.range[0]), end: doc.positionAt(fix.range[1]) },
    newText: fix.text,
  });
  const change = (edits: TextEdit[]) => ({ changes: { [doc.uri]: edits } });
  for (const d of diagnostics) {
    if (d.source !== TOOL_NAME || typeof d.code !== 'string') continue;
    const data = (d.data ?? {}) as DiagnosticData;
    if (data.fix) actions.push({ title: `Fix this ${d.code} problem`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: change([edit(data.fix)]) });
    for (const s of data.suggestions ?? []) actions.push({ title: s.desc, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: change([edit(s.fix)]) });
    // `# meshlint-disable-next-line id` above the line, at its indentation.
    const line = d.range.start.line;
    const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
    const indent = /^[ \t]*/.exec(text)?.[0] ?? '';
    actions.push({
      title: `Disable ${d.code} for this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      edit: change([{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${indent}# meshlint-disable-next-line ${d.code}\n` }]),
    });
  }
  return actions;
}

/** Hover on a finding: its message and the rule's documentation. */
export function hoverFor(diagnostics: readonly Diagnostic[], line: number, character: number, docs: ReadonlyMap<string, string>): Hover | undefined {
  const inRange = (d: Diagnostic): boolean => {
    const { start, end } = d.range;
    if (line < start.line || line > end.line) return false;
    if (line === start.line && character < start.character) return false;
    if (line === end.line && character > end.character) return false;
    return true;
  };
  const hits = diagnostics.filter((d) => d.source === TOOL_NAME && inRange(d));
  if (hits.length === 0) return undefined;
  const parts = hits.map((d) => {
    const id = String(d.code);
    const doc = docs.get(id);
    return `**${TOOL_NAME}(${id})**: ${d.message}\n\n${doc ?? `[${id}](${DOCS_URL}/${id}.md)`}`;
  });
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
}

/** Wires the workspace to an LSP connection. */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const diagnosticsOf = new Map<string, Diagnostic[]>();
  const timers = new Map<string, NodeJS.Timeout>();
  let ws = new Workspace([]);
  let debounceMs = DEFAULT_DEBOUNCE_MS;
  let docs: ReadonlyMap<string, string> | undefined;

  const publish = (doc: TextDocument): void => {
    const file = uriToPath(doc.uri);
    if (!file || !LINTABLE_EXTENSIONS.test(file)) return;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = lintDocument(ws, file, doc.getText());
    } catch (e) {
      connection.console.error(`${TOOL_NAME}: linting ${file} failed: ${(e as Error).stack ?? String(e)}`);
      return;
    }
    diagnosticsOf.set(doc.uri, diagnostics);
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics });
  };
  const relintOthers = (except: string | undefined): void => {
    for (const d of documents.all()) if (d.uri !== except) publish(d);
  };
  const schedule = (doc: TextDocument): void => {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        const current = documents.get(doc.uri);
        if (!current) return;
        const file = uriToPath(current.uri);
        const factsChanged = file !== undefined && LINTABLE_EXTENSIONS.test(file) && ws.updateFromText(file, current.getText());
        publish(current);
        if (factsChanged) relintOthers(current.uri);
      }, debounceMs),
    );
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const roots = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((p): p is string => p !== undefined);
    const rootUri = params.rootUri ? uriToPath(params.rootUri) : undefined;
    ws = new Workspace(roots.length ? roots : rootUri ? [rootUri] : []);
    const opts = (params.initializationOptions ?? {}) as { debounceMs?: unknown };
    if (typeof opts.debounceMs === 'number' && opts.debounceMs >= 0) debounceMs = opts.debounceMs;
    watchedDynamically = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
      },
      serverInfo: { name: TOOL_NAME, version: VERSION },
    };
  });
  let watchedDynamically = false;

  connection.onInitialized(() => {
    const started = Date.now();
    const files = ws.loadAll();
    connection.console.info(`${TOOL_NAME} ${VERSION}: read ${files} files of the workspace for facts in ${Date.now() - started} ms`);
    if (watchedDynamically) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml,json}' }, { globPattern: '**/.meshlint.{yaml,yml,json}' }],
      });
    }
    relintOthers(undefined);
  });

  documents.onDidOpen(({ document }) => {
    const file = uriToPath(document.uri);
    const factsChanged = file !== undefined && LINTABLE_EXTENSIONS.test(file) && ws.updateFromText(file, document.getText());
    publish(document);
    if (factsChanged) relintOthers(document.uri);
  });
  documents.onDidChangeContent(({ document }) => schedule(document));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    diagnosticsOf.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    const file = uriToPath(document.uri);
    if (file) ws.documents.forget(file);
    // The file on disk is the truth again (the editor may have closed it unsaved).
    if (file && LINTABLE_EXTENSIONS.test(file)) {
      ws.updateFromDisk(file);
      relintOthers(document.uri);
    }
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    let changed = false;
    for (const c of changes) {
      const file = uriToPath(c.uri);
      if (!file) continue;
      if (/(^|[\\/])\.meshlint\.(ya?ml|json)$/.test(file)) {
        ws.resetConfigs();
        ws.loadAll();
        changed = true;
        continue;
      }
      if (!LINTABLE_EXTENSIONS.test(file) || documents.get(c.uri)) continue; // an open document's text wins
      if (c.type === FileChangeType.Deleted) ws.remove(file);
      else ws.updateFromDisk(file);
      changed = true;
    }
    if (changed) relintOthers(undefined);
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri);
    if (!doc) return [];
    // Clients may drop `data` on the way back: the published diagnostic with the same rule and range has it.
    const published = diagnosticsOf.get(textDocument.uri) ?? [];
    const same = (a: Diagnostic, b: Diagnostic): boolean => a.code === b.code && JSON.stringify(a.range) === JSON.stringify(b.range);
    return codeActions(doc, context.diagnostics.map((d) => published.find((p) => same(p, d)) ?? d));
  });

  connection.onHover(({ textDocument, position }) => {
    docs ??= readRuleDocs(allRules.map((r) => r.name));
    return hoverFor(diagnosticsOf.get(textDocument.uri) ?? [], position.line, position.character, docs) ?? null;
  });

  documents.listen(connection);
  connection.listen();
}
