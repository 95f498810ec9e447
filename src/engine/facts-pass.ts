// The facts pass, the one place facts are gathered: every input and context file, with the
// config, become the run's facts (namespaces and their labels, the mesh install, the Istio
// version), each with its origin and evidence; a fact nothing states is unknown. lint (and so
// the language server, the ESLint plugin and diff), explain and facts all call factsPass.
import type { ReadOutcome } from '../load/read.ts';
import { resourcesOf } from '../load/resources.ts';
import { FactsBuilder, mightHoldFacts, type Facts } from '../model/facts.ts';
import { asObject } from '../model/workload.ts';
import { CHART_FILE_NAME, chartFileResource, VALUES_FILE_NAME, valuesDocumentKind, valuesFileResource } from '../model/install/gitops.ts';
import { groupsOf, parseGroup } from '../parse/yaml.ts';
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
}

/** The facts of a run: from the context files, then the inputs, and the config. */
export function factsPass(inputs: readonly ReadOutcome[], config: Config, options: FactsPassOptions = {}): Facts {
  return gatherFacts([...(options.context ?? []), ...inputs], config, options.cliIstioVersion, options.contextResources, options.parses);
}

/** The facts pass: namespaces and the mesh install, from every input, before any rule runs. */
function gatherFacts(
  inputs: readonly ReadOutcome[],
  config: Config,
  cliIstioVersion: string | undefined,
  known: readonly Resource[] = [],
  parses?: FactParses,
): Facts {
  return buildFacts([...known, ...factResources(inputs, config, parses)], config, cliIstioVersion);
}

function buildFacts(resources: readonly Resource[], config: Config, cliIstioVersion: string | undefined): Facts {
  const factsBuilder = new FactsBuilder();
  for (const r of resources) factsBuilder.addResource(r);
  return factsBuilder.build({ configNamespaces: config.namespaces, mesh: config.istio, cliIstioVersion });
}

/** The documents the facts pass has parsed, per file and by the offset of their group (see groupsOf): the lint pass takes them instead of parsing them again. */
export type FactParses = Map<SourceFile, Map<number, ParsedDocument[]>>;

/**
 * The resources of the inputs that may hold facts (Namespaces, webhooks, mesh config): the
 * costly part of the facts pass. Shells that lint one file many times (the language server,
 * the ESLint plugin) keep them per file and pass them as `contextResources`.
 */
export function factResources(
  inputs: readonly ReadOutcome[],
  config: Config,
  parses?: FactParses,
): Resource[] {
  const out: Resource[] = [];
  const statedValues = new Set(config.istio.valuesFiles ?? []);
  for (const input of inputs) {
    if (!input.ok) continue;
    const text = input.file.text;
    const stated = input.file.absPath !== undefined && statedValues.has(input.file.absPath);
    // Helm values (no kind) are the user's files, never a render's output.
    const valuesName = !input.file.origin && VALUES_FILE_NAME.test(input.file.displayPath);
    const chartFile = !input.file.origin && CHART_FILE_NAME.test(input.file.displayPath);
    // A document YAML cannot read (a template among them) yields no resource, so holds no fact.
    for (const group of groupsOf(text)) {
      if (!stated && !valuesName && !chartFile && !mightHoldFacts(text.slice(group.start, group.end))) continue;
      const docs = parseGroup(input.file, group);
      if (parses) {
        let kept = parses.get(input.file);
        if (!kept) parses.set(input.file, (kept = new Map()));
        kept.set(group.start, docs);
      }
      for (const doc of docs) {
        const found = resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace);
        out.push(...found.resources);
        if (found.skipped !== 'not-kubernetes' || doc.file.origin) continue;
        const values = asObject(doc.value);
        if (!values) continue;
        if (chartFile) {
          out.push(chartFileResource(doc, values));
          continue;
        }
        // istiod's values by content or by the config: an install; any other values file only
        // when a GitOps object among the inputs reads it.
        const install = valuesDocumentKind(values, stated) !== undefined;
        if (install || valuesName) out.push(valuesFileResource(doc, values, install));
      }
    }
  }
  return out;
}
