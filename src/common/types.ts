// Core data shapes shared by every stage of the pipeline:
// load → parse → model → rules → report.
import type { MaskedUnits } from './masked-text.ts';

/** A path inside a YAML document: map keys and sequence indexes. */
export type Path = readonly (string | number)[];

export type Severity = 1 | 2; // ESLint's numbers: 1 warning, 2 error
export type RuleLevel = 'off' | 'warn' | 'error';

/** One input: a file on disk or standard input. */
export interface SourceFile {
  /** Path as shown in reports: relative to the working directory when inside it. */
  readonly displayPath: string;
  /** Absolute path on disk, or undefined for standard input. */
  readonly absPath: string | undefined;
  readonly text: string;
  /**
   * Set on a large file whose text holds characters beyond Latin-1: `text` then masks them
   * (see masked-text.ts), and what is parsed, shown or written reads it through exactText.
   */
  readonly masked?: MaskedUnits;
  /** Set when the text is the output of `helm template` or a Kustomize build. */
  readonly origin?: RenderOrigin;
  /** Set on a file linted as written that a Kustomize build may change (a kustomization in its folder or above it). */
  readonly kustomized?: true;
  /** Set on a file of the inputs' repository read for facts only, not named as context: what the inputs or --context define wins over it. */
  readonly repositoryContext?: true;
  /** The namespace a Flux Kustomization's targetNamespace puts this file's namespaced objects in (load/flux-scope.ts); unknown when two disagree. */
  readonly targetNamespace?: { readonly name: string } | 'unknown';
  /** The variables a Flux Kustomization's postBuild substitutes in this file's objects (load/flux-scope.ts): read into its values, the text is as written. */
  readonly substitute?: Readonly<Record<string, string>>;
  /**
   * In a repository of several clusters (load/flux-clusters.ts), the clusters whose Flux entry
   * deploys this file: one, and the facts it is judged with are that cluster's.
   */
  readonly clusters?: readonly string[];
}

/** Where a rendered input came from, and how to report on the files the user edits. */
export interface RenderOrigin {
  readonly tool: 'helm' | 'kustomize';
  /** The chart or overlay directory, as shown in reports. */
  readonly source: string;
  /** Names this render among several of one chart (its values files); undefined when it is the only one. */
  readonly label: string | undefined;
  /** Where objects that declare no namespace land: the release namespace of a chart; undefined = unknown. */
  readonly namespace: string | undefined;
  /**
   * The namespace a chart was rendered into because none was stated (Helm's "default"): objects
   * that declare it got it from `.Release.Namespace`, so where they land is unknown.
   */
  readonly unstatedNamespace?: string;
  /** The tool's own message when the render failed (the text is then empty). */
  readonly failure: string | undefined;
  /**
   * Why a failed render failed, when the environment is the cause rather than the chart or
   * overlay: what is missing and the command or step that fixes it. A template or YAML bug
   * has none.
   */
  readonly environment?: { readonly cause: string; readonly fix: string };
  /**
   * Istio's own chart (a vendored copy of Istio's manifests/charts) met while walking and rendered
   * with its defaults only: a chart source, not an install; the facts pass reads nothing from it.
   */
  readonly istioChartSource?: true;
  /** A chart whose values schema refers to this URL: rendered without schema validation (helm --skip-schema-validation), as nothing is fetched. */
  readonly schemaSkipped?: string;
  /** A failed build whose own files, met while walking, are linted as written instead. */
  readonly writtenFilesLinted?: boolean;
  /** Maps a position in the rendered text to the source file the user edits. */
  readonly mapBack: (at: RenderedLocation) => SourceLocation;
  /** The files besides the templates whose text decides the render (a chart's values files), as shown in reports. */
  readonly inputs?: readonly string[];
  /**
   * Whether the template a rendered document comes from (its "# Source:" path) calls a function
   * whose output differs at each render (randAlphaNum, uuidv4, now, …): the names it renders are
   * then no identity, and fingerprints key on the template instead.
   */
  readonly volatile?: (helmSource: string) => boolean;
}

export interface RenderedLocation {
  readonly doc: ParsedDocument;
  /** Path of the reported node in the document; undefined for fixed offsets. */
  readonly docPath: Path | undefined;
  readonly resource: Resource | undefined;
  readonly range: Range;
}

export interface SourceLocation {
  readonly filePath: string;
  readonly range: Range;
  /** Said after the message when the position is not the reported key itself. */
  readonly note: string | undefined;
}

/** A YAML syntax problem, located by offsets in the file. */
export interface SyntaxProblem {
  readonly message: string;
  readonly offset: number;
  readonly endOffset: number;
  /** Not a syntax error: a bound of meshlint's (values, nesting, aliases) the document passes, so it is not linted. */
  readonly bound?: true;
}

/** A mapping key written more than once in the same mapping. */
export interface DuplicateKey {
  /** Path of the mapping that holds the key. */
  readonly mapPath: Path;
  readonly key: string;
  /** Offsets of the key that wins (the last one) and of the one it overrides. */
  readonly first: { readonly offset: number; readonly endOffset: number; readonly value: unknown };
  readonly last: { readonly offset: number; readonly endOffset: number; readonly value: unknown };
}

/** One YAML document of a file, parsed into plain values (go-yaml v2 / YAML 1.1 typing). */
export interface ParsedDocument {
  readonly file: SourceFile;
  /** 0-based index of the document in its file. */
  readonly index: number;
  /** Offsets of the document's text in the file (after any `---` marker line). */
  readonly startOffset: number;
  readonly endOffset: number;
  /** The document as plain data; undefined when it has syntax errors or is empty. */
  readonly value: unknown;
  readonly syntaxErrors: readonly SyntaxProblem[];
  readonly duplicateKeys: readonly DuplicateKey[];
  /** Helm's `# Source: chart/templates/x.yaml` header, when present. */
  readonly helmSource: string | undefined;
}

/** A Kubernetes object found in a document (a whole document, or an item of a `kind: List`). */
export interface Resource {
  readonly doc: ParsedDocument;
  /** Path of the object inside its document: [] or ['items', i]. */
  readonly basePath: Path;
  readonly object: KubeObject;
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  /** metadata.namespace as written, or undefined. */
  readonly declaredNamespace: string | undefined;
  /** The namespace the object lands in: declared, else the configured default; undefined = unknown. */
  readonly namespace: string | undefined;
}

export type KubeObject = Record<string, unknown>;

/**
 * Finds a span in a node's source text by scanning it: start and end offsets, or undefined.
 * A pattern built from manifest text would be compiled from input (V8 refuses large ones and
 * some run in quadratic time or worse), so text from input is looked for with a SpanFinder.
 */
export type SpanFinder = (text: string) => readonly [start: number, end: number] | undefined;

/**
 * Where a report points: a path inside a resource (resolved to a range lazily), or fixed offsets.
 * `within` narrows a path's range to a part of its source text (a line of a block scalar, say):
 * the first match of a fixed pattern, or what a SpanFinder finds.
 */
export type Target =
  | { readonly resource: Resource; readonly path: Path; readonly within?: RegExp | SpanFinder }
  | { readonly doc: ParsedDocument; readonly path: Path; readonly resource?: Resource; readonly within?: RegExp | SpanFinder }
  | {
      readonly doc: ParsedDocument;
      readonly offset: number;
      readonly endOffset: number;
      readonly resource?: Resource;
      /** The path the offsets stand for, when there is one: used to find it in a template. */
      readonly path?: Path;
    };

/** A fix or suggestion is a list of edits by path, turned into text edits that keep comments. */
export type PathEdit =
  | { readonly op: 'set'; readonly path: Path; readonly value: string | number | boolean; readonly style?: 'double' | 'plain' }
  | { readonly op: 'quote'; readonly path: Path }
  | { readonly op: 'remove'; readonly path: Path }
  /** Gives the key at `path` a new name, keeping its value, comments and place. */
  | { readonly op: 'rename'; readonly path: Path; readonly key: string }
  | { readonly op: 'insert'; readonly path: Path; readonly key: string; readonly value: string | number | boolean | Record<string, string> };

export interface TextEdit {
  readonly offset: number;
  readonly endOffset: number;
  readonly text: string;
}

export interface Suggestion {
  readonly messageId?: string;
  readonly desc: string;
  readonly edits: readonly PathEdit[];
}

export interface RelatedLocation {
  readonly target: Target;
  readonly message: string;
}

/** What a rule reports, before positions are resolved. */
export interface Finding {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly messageId: string | undefined;
  readonly message: string;
  readonly target: Target;
  readonly fix: readonly PathEdit[] | undefined;
  readonly suggestions: readonly Suggestion[];
  readonly related: readonly RelatedLocation[];
}

export interface Range {
  readonly line: number; // 1-based
  readonly column: number; // 1-based
  readonly endLine: number;
  readonly endColumn: number;
}

/** A finding with its position resolved: what formatters print. */
export interface LintMessage extends Range {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
  readonly messageId?: string;
  /** "Kind namespace/name" (or "Kind name" for cluster-scoped or unknown namespace). */
  readonly resource?: string;
  /** Stable identity used for fingerprints: apiVersion/kind/namespace/name + path. */
  readonly identity: string;
  readonly helmSource?: string;
  /** The renders (values files) that produce this finding, when a chart was rendered several ways. */
  readonly renders?: readonly string[];
  readonly fix?: { readonly range: readonly [number, number]; readonly text: string };
  readonly suggestions?: readonly { readonly desc: string; readonly fix: { readonly range: readonly [number, number]; readonly text: string } }[];
  readonly related?: readonly (Range & { readonly filePath: string; readonly message: string })[];
}

export interface LintResult {
  readonly filePath: string;
  readonly messages: readonly LintMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly fixableErrorCount: number;
  readonly fixableWarningCount: number;
  /** Source text, kept only when a formatter or --fix needs it. */
  readonly source?: string;
  /** The text after fixes were applied, when --fix or --fix-dry-run ran and something changed. */
  readonly output?: string;
}
