// The rule API: ESLint-style modules made with typescript-eslint's RuleCreator, whose
// listeners are keyed by the model's node kinds (the model is the rules' AST).
import { RuleCreator } from '@typescript-eslint/utils/eslint-utils';
import type { RuleListener, RuleMetaData } from '@typescript-eslint/utils/ts-eslint';
import type { Facts } from '../model/facts.ts';
import type { Container, PodTemplate } from '../model/workload.ts';
import type { ParsedDocument, PathEdit, RelatedLocation, Resource, SourceFile, Target } from '../common/types.ts';
import { DOCS_URL } from '../common/meta.ts';
import type { UnknownFact } from './notes.ts';
import type { TemplateDocument } from '../load/template.ts';

/** Istio's data planes, in the order the rule list shows them. */
export const DATA_PLANES = ['both', 'sidecar', 'ambient'] as const;
export type DataPlane = (typeof DATA_PLANES)[number];

export interface MeshlintDocs {
  /** Level when the config says nothing. */
  readonly defaultLevel: 'error' | 'warn' | 'off';
  /** How sure a finding is (SARIF `precision`). */
  readonly precision: 'very-high' | 'high' | 'medium' | 'low';
  /** Kind of problem, for SARIF tags and the rule list. */
  readonly category: 'diagnostic' | 'yaml' | 'injection' | 'startup' | 'admission' | 'traffic' | 'ambient';
  /** Which data plane the rule concerns: sidecars, ambient (ztunnel and waypoints), or both. */
  readonly dataPlane: DataPlane;
  /** Istio releases the rule applies to, e.g. "all" or ">= 1.24". */
  readonly istioVersions: string;
  /**
   * The verdict rests on facts meshlint has only for the releases it models (the fields a config
   * may hold, the values the injector validates): on an older release the rule is silent, and
   * the run says so once.
   */
  readonly modelledVersionsOnly?: boolean;
}

/** One input file, before its documents are parsed. */
export interface FileNode {
  readonly file: SourceFile;
  /** Why the file could not be read as text, when it could not. */
  readonly readError: string | undefined;
}

/** A document that is a template (Helm, Jinja, …) of a Kubernetes object: YAML cannot read it as it stands. */
export interface TemplateDocumentNode {
  readonly doc: ParsedDocument;
  readonly template: TemplateDocument;
}

export interface DocumentNode {
  readonly doc: ParsedDocument;
  readonly resources: readonly Resource[];
}

export interface Listeners {
  File?(node: FileNode): void;
  Document?(node: DocumentNode): void;
  Resource?(resource: Resource): void;
  Namespace?(resource: Resource): void;
  PodTemplate?(template: PodTemplate): void;
  Container?(container: Container): void;
  TemplateDocument?(node: TemplateDocumentNode): void;
  /** After every input was linted: for findings that need the whole picture. */
  'Program:exit'?(): void;
}

export interface ReportDescriptor<M extends string> {
  readonly target: Target;
  readonly messageId: M;
  readonly data?: Readonly<Record<string, string | number | boolean>>;
  /** A report may be less severe than the rule's level (never more). */
  readonly severity?: 'warn';
  readonly fix?: readonly PathEdit[];
  readonly suggest?: readonly { readonly messageId: M; readonly data?: Readonly<Record<string, string | number | boolean>>; readonly edits: readonly PathEdit[] }[];
  readonly related?: readonly RelatedLocation[];
}

export interface RuleContext<M extends string, O extends readonly unknown[]> {
  readonly id: string;
  /** Options as configured (RuleCreator merges them over defaultOptions). */
  readonly options: O;
  readonly facts: Facts;
  report(descriptor: ReportDescriptor<M>): void;
  /**
   * The rule cannot decide for this workload because a fact is not among the inputs: no
   * finding; the run says once which fact to state and how many workloads it leaves open.
   * `detail` names the missing thing when it has a name (a namespace).
   */
  unknown(fact: UnknownFact, resource: Resource, detail?: string): void;
  /** Whether the config or the command line sets this rule's level (else its default level applies). */
  readonly levelStated: boolean;
}

export interface RuleDefinition<O extends readonly unknown[], M extends string> {
  readonly name: string;
  readonly meta: Omit<RuleMetaData<M, MeshlintDocs, O>, 'docs'> & { readonly docs: MeshlintDocs & { readonly description: string } };
  readonly defaultOptions: O;
  create(context: RuleContext<M, O>, options: O): Listeners;
}

/** A rule as the engine, the rule list and the formatters see it. */
export interface MeshlintRule {
  readonly name: string;
  readonly meta: RuleMetaData<string, MeshlintDocs, readonly unknown[]> & { readonly docs: MeshlintDocs & { readonly description: string; readonly url?: string } };
  readonly defaultOptions?: readonly unknown[];
  create(context: unknown): RuleListener;
}

const creator = RuleCreator<MeshlintDocs>((name) => `${DOCS_URL}/${name}.md`);

export function createRule<O extends readonly unknown[], M extends string>(def: RuleDefinition<O, M>): MeshlintRule {
  const rule = creator<O, M>({
    name: def.name,
    meta: def.meta as never,
    defaultOptions: def.defaultOptions,
    // RuleCreator applies defaultOptions under the configured options before calling create.
    create: (context, options) => def.create(context as unknown as RuleContext<M, O>, options) as unknown as RuleListener,
  });
  return rule as unknown as MeshlintRule;
}

/** Listeners as the engine calls them. */
export function listenersOf(rule: MeshlintRule, context: RuleContext<string, readonly unknown[]>): Listeners {
  return rule.create(context) as unknown as Listeners;
}

