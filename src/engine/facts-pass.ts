// The facts pass, the one place facts are gathered: every input and context file, with the
// config, become the run's facts (namespaces and their labels, the mesh install, the Istio
// version), each with its origin and evidence; a fact nothing states is unknown. lint (and so
// the language server, the ESLint plugin and diff), explain and facts all call factsPass.
import type { ReadOutcome } from '../load/read.ts';
import { resourcesOf } from '../load/resources.ts';
import { FactsBuilder, mightHoldFacts, type Facts, type FactsInput } from '../model/facts.ts';
import { asObject } from '../model/workload.ts';
import { CHART_FILE_NAME, chartFileResource, VALUES_FILE_NAME, valuesDocumentKind, valuesFileResource } from '../model/install/gitops.ts';
import { groupsOf, parseGroup, type Slice } from '../parse/yaml.ts';
import type { ParsedDocument, Resource, SourceFile } from '../common/types.ts';
import type { Config } from './config.ts';

/** What a run adds to its inputs for facts. */
export interface FactsPassOptions {
  /** Files read for facts only (--context, the config's `context`): nothing is reported on them. */
  readonly context?: readonly ReadOutcome[];
  /** --istio-version. */
  readonly cliIstioVersion?: string | undefined;
  /** Resources of files the shell has read for facts already (the language server, the ESLint plugin keep them per file). */
  readonly contextResources?: readonly Resource[] | undefined;
  /** Filled with the documents the pass parses, for the lint pass to take instead of parsing them again. */
  readonly parses?: FactParses;
  /**
   * The documents of one group of a file (see groupsOf) that someone else parses, a parse pool
   * (undefined: the pass parses it here). Asked first, so the pass's groups are parsed on every
   * core, once for both passes.
   */
  readonly groupDocsOf?: ((file: SourceFile, group: Slice) => readonly ParsedDocument[] | undefined) | undefined;
}

/** The facts of a run: from the context files, then the inputs, and the config. */
export function factsPass(inputs: readonly ReadOutcome[], config: Config, options: FactsPassOptions = {}): Facts {
  const all = [...(options.context ?? []), ...inputs];
  const resources = factResources(all, config, options.parses, options.groupDocsOf);
  return buildFacts([...(options.contextResources ?? []), ...resources], config, options.cliIstioVersion, chartSourcesOf(all));
}

function buildFacts(resources: readonly Resource[], config: Config, cliIstioVersion: string | undefined, chartSources: FactsInput['chartSources']): Facts {
  const factsBuilder = new FactsBuilder();
  for (const r of resources) factsBuilder.addResource(r);
  return factsBuilder.build({ configNamespaces: config.namespaces, mesh: config.istio, cliIstioVersion, chartSources });
}

/** Istio's own charts rendered with their defaults only (RenderOrigin.istioChartSource): chart sources, not installs. */
const isChartSource = (file: SourceFile): boolean => file.origin?.istioChartSource === true;

/** The folders of those charts, in input order, each once, and those that do not render without their installer's values: what the one note names. */
function chartSourcesOf(inputs: readonly ReadOutcome[]): { readonly folders: readonly string[]; readonly failed: number } {
  const sources = inputs.flatMap((i) => (i.ok && isChartSource(i.file) && i.file.origin ? [i.file.origin] : []));
  return { folders: [...new Set(sources.map((o) => o.source))], failed: new Set(sources.filter((o) => o.failure !== undefined).map((o) => o.source)).size };
}

/** The documents the facts pass has parsed, per file and by the offset of their group (see groupsOf): the lint pass takes them instead of parsing them again. */
export type FactParses = Map<SourceFile, Map<number, ParsedDocument[]>>;

/** A values file the config names (istio.valuesFiles): istiod's values, whatever they hold. */
const stated = (file: SourceFile, config: Config): boolean => file.absPath !== undefined && (config.istio.valuesFiles ?? []).includes(file.absPath);

/**
 * Which groups of a file (see groupsOf) the facts pass parses: every group of a values file or
 * a chart's Chart.yaml (the user's files, never a render's output) and of a values file the
 * config names, else those whose text may hold facts (mightHoldFacts). A parse pool asks it too,
 * to parse those groups first.
 */
export function factGroupsOf(file: SourceFile, config: Config): (group: Slice) => boolean {
  if (isChartSource(file)) return () => false;
  if (stated(file, config) || (!file.origin && (VALUES_FILE_NAME.test(file.displayPath) || CHART_FILE_NAME.test(file.displayPath)))) return () => true;
  return (group) => mightHoldFacts(file.text.slice(group.start, group.end));
}

/**
 * The resources of the inputs that may hold facts (Namespaces, webhooks, mesh config): the
 * costly part of the facts pass. Shells that lint one file many times (the language server,
 * the ESLint plugin) keep them per file and pass them as `contextResources`.
 */
export function factResources(
  inputs: readonly ReadOutcome[],
  config: Config,
  parses?: FactParses,
  groupDocsOf?: FactsPassOptions['groupDocsOf'],
): Resource[] {
  const out: Resource[] = [];
  for (const input of inputs) {
    if (!input.ok || isChartSource(input.file)) continue;
    const wanted = factGroupsOf(input.file, config);
    // Helm values (no kind) are the user's files, never a render's output.
    const valuesName = !input.file.origin && VALUES_FILE_NAME.test(input.file.displayPath);
    const chartFile = !input.file.origin && CHART_FILE_NAME.test(input.file.displayPath);
    // A document YAML cannot read (a template among them) yields no resource, so holds no fact.
    for (const group of groupsOf(input.file.text)) {
      if (!wanted(group)) continue;
      const docs = [...(groupDocsOf?.(input.file, group) ?? parseGroup(input.file, group))];
      if (parses) {
        let kept = parses.get(input.file);
        if (!kept) parses.set(input.file, (kept = new Map()));
        kept.set(group.start, docs);
      }
      for (const doc of docs) {
        const found = resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace);
        // One by one: a List of many items would pass more arguments than a call takes.
        for (const r of found.resources) out.push(r);
        if (found.skipped !== 'not-kubernetes' || doc.file.origin) continue;
        const values = asObject(doc.value);
        if (!values) continue;
        if (chartFile) {
          out.push(chartFileResource(doc, values));
          continue;
        }
        // istiod's values by content or by the config: an install; any other values file only
        // when a GitOps object among the inputs reads it.
        const install = valuesDocumentKind(values, stated(input.file, config)) !== undefined;
        if (install || valuesName) out.push(valuesFileResource(doc, values, install));
      }
    }
  }
  return out;
}
