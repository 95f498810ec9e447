// The engine: a facts pass over every input (namespaces, mesh: facts-pass.ts), then the lint
// pass that dispatches model nodes to rule listeners, then severity, suppressions, positions and fixes.
// No I/O here: inputs arrive as text, results leave as data.
import type { ReadOutcome } from '../load/read.ts';
import { describeResource, resourceIdentity, resourcesOf, type SkipReason } from '../load/resources.ts';
import { TOOL_CONFIG_GROUPS, templateIn } from '../load/template.ts';
import { withVersion, type Facts } from '../model/facts.ts';
import type { HiddenValues } from '../model/hidden-values.ts';
import { existsAt, isExact, MODELLED_RANGE, rangeText, withVersionThresholds, type IstioVersion } from '../model/install/istio-version.ts';
import { olderThanModelled, type VersionFact } from '../model/install/version-facts.ts';
import { addInputOf, findingKey, judgeAcrossVersions, judgedAcrossVersions, newTrace, type VersionTrace } from './version-probe.ts';
import { summarize } from './report.ts';
import { factsPass, type FactParses, type FactsPassOptions } from './facts-pass.ts';
import { podTemplatesOf, type PodTemplate } from '../model/workload.ts';
import { predictForTemplate } from '../model/injection/pod-injection.ts';
import { forgetLastStandIn } from '../model/place.ts';
import { DocumentCache } from '../parse/document-cache.ts';
import { Locator } from '../parse/locator.ts';
import { parseFile, wholeFile } from '../parse/yaml.ts';
import { CoverageCounter, type Coverage } from './coverage.ts';
import type { Finding, LintMessage, LintResult, ParsedDocument, Path, PathEdit, Range, Resource, Severity, SourceFile, SpanFinder, Target, TextEdit } from '../common/types.ts';
import { exactText } from '../common/masked-text.ts';
import { effectiveSetting, levelToSeverity, type Config } from './config.ts';
import { applyTextEdits, toTextEdits } from './fix.ts';
import { listenersOf, type FileNode, type Listeners, type MeshlintRule, type ReportDescriptor, type RuleContext } from './rule-api.ts';
import { shortList, UnknownFacts, type Note, type NotePlace } from './notes.ts';
import { IGNORE_ANNOTATION, ignoredByAnnotation, scanDirectives, suppressingDirective, type Directive } from './suppress.ts';

export const UNUSED_DIRECTIVE_RULE = 'unused-disable-directive';

export interface LintOptions {
  readonly config: Config;
  readonly rules: readonly MeshlintRule[];
  readonly cliIstioVersion?: string;
  /** Apply fixes: results carry `output` and the problems that remain after fixing. */
  readonly fix?: boolean;
  /** Report directives and ignore annotations that suppress nothing (as the rule unused-disable-directive). */
  readonly reportUnusedDisableDirectives?: boolean;
  /** Files that only contribute facts (namespaces, mesh); nothing is reported on them. */
  readonly context?: readonly ReadOutcome[];
  /** Facts already read from other files (see factResources): nothing is reported on them. */
  readonly contextResources?: readonly Resource[];
  /** How a file becomes documents (default: parseFile; a DocumentCache reuses unchanged ones); `parsed`: the facts pass's groups, by offset (see parseFile). */
  readonly documentsOf?: (file: SourceFile, parsed?: ReadonlyMap<number, readonly ParsedDocument[]>) => Iterable<ParsedDocument>;
  /** How a file is parsed again for a step of a version range (default: a DocumentCache of this lint); a shell that keeps one passes it. */
  readonly documentsAgain?: (file: SourceFile) => Iterable<ParsedDocument>;
  /** A parse pool's documents for the facts pass's groups (see FactsPassOptions). */
  readonly groupDocsOf?: FactsPassOptions['groupDocsOf'];
  /** Locate each note's first workload in each file (an editor marks it there); off, notes carry no places, and no document is located for them. */
  readonly notePlaces?: boolean;
  /** Called for each pod template linted, with the run's facts: a shell that wants each workload's outcome (diff) takes it here, without parsing again. */
  readonly onPodTemplate?: (template: PodTemplate, facts: Facts, locator: Locator) => void;
  /** Called for each object linted: with onPodTemplate, a shell that wants each workload's calls (diff) takes the Services and ConfigMaps here. */
  readonly onResource?: (resource: Resource) => void;
  /**
   * Shared by the lints of one run (one per config and cluster): what rules could not decide is
   * gathered across them, and the caller makes the notes once (their counts span the run).
   */
  readonly unknowns?: UnknownFacts;
  /**
   * Called once a file's own pass is over and none of its documents are kept for a step of a
   * version range: a shell whose files are on disk lets go of their text (load/disk-text.ts),
   * which is read again if a finding placed later asks for it.
   */
  readonly releaseText?: (file: SourceFile) => void;
}

export interface LintStats {
  files: number;
  documents: number;
  resources: number;
  podTemplates: number;
  /** Inputs that could not be read (permission, I/O): each has a finding, none is clean. */
  unreadableFiles: number;
  /** Inputs read whose bytes are not text (binary, not UTF-8): each has a finding. */
  notTextFiles: number;
  unrenderedFiles: number;
  skippedDocuments: Partial<Record<SkipReason, number>>;
}

export interface LintReport {
  readonly results: LintResult[];
  readonly stats: LintStats;
  readonly facts: Facts;
  /**
   * What the run wants said once: facts rules found missing (see notes.ts), a safeguard the
   * config turned off. The facts' own notes (inputs that disagree) are in `facts.mesh.notes`.
   */
  readonly notes: readonly Note[];
  /** How many of the workloads met were judged, and what the others wait on (coverage.ts). */
  readonly coverage: Coverage;
}

export const PARSE_ERROR_RULE = 'parse-error';

interface ActiveRule {
  readonly rule: MeshlintRule;
  readonly severity: Severity;
  readonly listeners: Listeners;
}

interface AnnotationUse {
  readonly doc: ParsedDocument;
  readonly path: Path;
  /** The part of the resource the annotation covers (the pod template it sits in). */
  readonly holder: Path;
  readonly rules: readonly string[];
  readonly used: Set<string>;
}

const MAX_FIX_PASSES = 5;
/** At most this much text of files judged again at the steps of a range has its documents kept for them; the others are parsed again. */
const KEPT_TEXT_BYTES = 16 * 1024 * 1024;

export function lint(inputs: readonly ReadOutcome[], options: LintOptions): LintReport {
  let report = lintJudged(inputs, options);
  if (!options.fix) return report;
  // Fix, then lint the fixed text again, as ESLint does, until nothing more changes.
  let current = inputs;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const byPath = new Map(report.results.map((r) => [r.filePath, r]));
    let changed = false;
    current = current.map((input) => {
      if (!input.ok) return input;
      const edits = (byPath.get(input.file.displayPath)?.messages ?? []).flatMap((m) => (m.fix ? [{ offset: m.fix.range[0], endOffset: m.fix.range[1], text: m.fix.text }] : []));
      if (edits.length === 0) return input;
      const before = exactText(input.file);
      const { text } = applyTextEdits(before, edits);
      if (text === before) return input;
      changed = true;
      // The fixed text is held as it is (a file is fixed once, its text masked or not).
      return { ok: true, file: { ...input.file, text, masked: undefined } };
    });
    if (!changed) break;
    report = lintJudged(current, { ...options, fix: false });
  }
  const original = new Map(inputs.flatMap((i) => (i.ok ? [[i.file.displayPath, exactText(i.file)] as const] : [])));
  const fixed = new Map(current.flatMap((i) => (i.ok ? [[i.file.displayPath, exactText(i.file)] as const] : [])));
  const results = report.results.map((r) => {
    const after = fixed.get(r.filePath);
    return after !== undefined && after !== original.get(r.filePath) ? { ...r, output: after } : r;
  });
  return { ...report, results };
}

/** One lint, judged across the versions the cluster may run: a finding of a rule that reads an unknown version stands only if it holds at every step of the range (version-probe.ts). */
function lintJudged(inputs: readonly ReadOutcome[], options: LintOptions): LintReport {
  const first = recorded(() => lintOnce(inputs, options, undefined));
  // The steps of a range read the same few files again: each is parsed once for all of them.
  const cache = options.documentsAgain ? undefined : new DocumentCache();
  const parse = options.documentsAgain ?? ((f: SourceFile) => (cache as DocumentCache).parse(f));
  const kept = first.trace.documents;
  const again: LintOptions = { ...options, fix: false, onPodTemplate: undefined, onResource: undefined, documentsOf: (f) => kept.get(f) ?? parse(f) };
  try {
    return judgeAcrossVersions(first, (subset, rules, version) => recorded(() => lintOnce(subset.map((i) => inputs[i] as ReadOutcome), { ...again, rules }, { facts: first.report.facts, version })), options.rules);
  } finally {
    cache?.release();
  }
}

/** A run, with every version threshold its decisions compared against (rules read some as they are created). */
function recorded(run: () => { report: LintReport; trace: VersionTrace }): { report: LintReport; trace: VersionTrace } {
  const { result, thresholds } = withVersionThresholds(run);
  result.trace.thresholds.push(...thresholds);
  return result;
}

/** A run at one version for every file (a step of a range), with the facts already gathered. */
interface Probe {
  readonly facts: Facts;
  readonly version: IstioVersion;
}

/** Rules that judge nothing on a release older than meshlint models, and the version that silenced them. */
const silencedFor = (rule: MeshlintRule, fact: VersionFact): boolean => rule.meta.docs.modelledVersionsOnly === true && olderThanModelled(fact);

function lintOnce(inputs: readonly ReadOutcome[], options: LintOptions, probe: Probe | undefined): { report: LintReport; trace: VersionTrace } {
  const { config } = options;
  const locator = new Locator();
  // Pass 1: facts from every input and context file.
  // The documents the facts pass parses are handed to the lint pass, which parses only the others.
  const factParses: FactParses = new Map();
  const facts = probe?.facts ?? factsPass(inputs, config, { context: options.context, cliIstioVersion: options.cliIstioVersion, contextResources: options.contextResources, parses: factParses, groupDocsOf: options.groupDocsOf });

  const parseErrorRule = options.rules.find((r) => r.name === PARSE_ERROR_RULE);
  const notes: Note[] = [];
  if (parseErrorRule && effectiveSetting(config, parseErrorRule).level === 'off') {
    notes.push({ id: 'parse-error-off', message: `${PARSE_ERROR_RULE} is off: documents with YAML syntax errors are skipped without a finding (files that cannot be read are still errors)` });
  }
  const unknowns = options.unknowns ?? new UnknownFacts();

  // Rules, created once per version fact (one, unless installs of several versions sit in several
  // folders): listeners may keep state across files for Program:exit.
  const pending: Finding[] = [];
  const settings = options.rules.flatMap((rule) => {
    const setting = effectiveSetting(config, rule);
    const severity = levelToSeverity(setting.level);
    return severity === undefined ? [] : [{ rule, setting, severity }];
  });
  const scopes = new Map<string, { facts: Facts; active: ActiveRule[] }>();
  const silenced = new Map<string, { fact: VersionFact; rules: Set<string> }>();
  // The fact each finding was judged under (a workload's own revision may narrow its file's).
  const factOfFinding = new WeakMap<Finding, VersionFact>();
  const scopeFor = (displayPath: string | undefined): { facts: Facts; active: ActiveRule[] } =>
    scopeOf(probe ? facts.mesh.versionFact : facts.mesh.versions.forFile(displayPath));
  const scopeOf = (fact: VersionFact): { facts: Facts; active: ActiveRule[] } => {
    const key = probe ? 'probe' : `${fact.origin}\0${rangeText(fact.range)}\0${fact.source}`;
    let scope = scopes.get(key);
    if (scope) return scope;
    const scoped = probe ? withVersion(facts, fact, probe.version) : fact === facts.mesh.versionFact ? facts : withVersion(facts, fact);
    const active: ActiveRule[] = [];
    for (const { rule, setting, severity } of settings) {
      // A rule whose behaviour or setting did not exist yet at the newest version the cluster may
      // run is silent. (A rule about old releases, "< 1.24", reads each workload's own version evidence.)
      if (scoped.mesh.versionOrigin !== 'unknown' && !existsAt(scoped.mesh.version, rule.meta.docs.istioVersions)) continue;
      if (silencedFor(rule, fact)) {
        const s = silenced.get(rangeText(fact.range)) ?? { fact, rules: new Set<string>() };
        s.rules.add(rule.name);
        silenced.set(rangeText(fact.range), s);
        continue;
      }
      const context: RuleContext<string, readonly unknown[]> = {
        id: rule.name,
        options: setting.options,
        facts: scoped,
        report: (d: ReportDescriptor<string>) => {
          const f = toFinding(rule, severity, d, scoped.mesh.hidden);
          factOfFinding.set(f, scoped.mesh.versionFact);
          pending.push(f);
        },
        unknown: (f, resource, detail) => unknowns.add(f, resource, describeResource(resource), detail),
        levelStated: config.rules[rule.name] !== undefined,
      };
      active.push({ rule, severity, listeners: listenersOf(rule, context) });
    }
    scope = { facts: scoped, active };
    scopes.set(key, scope);
    return scope;
  };
  let current = scopeFor(undefined);
  const emit = <K extends keyof Listeners>(kind: K, ...args: Parameters<NonNullable<Listeners[K]>>): void => emitTo(current, kind, ...args);
  const emitTo = <K extends keyof Listeners>(scope: { active: ActiveRule[] }, kind: K, ...args: Parameters<NonNullable<Listeners[K]>>): void => {
    for (const a of scope.active) {
      const fn = a.listeners[kind] as ((...x: unknown[]) => void) | undefined;
      if (fn) fn(...args);
    }
  };
  /** The scope of a pod template's own revision, when its version narrows the file's (version-facts.ts forRevision). */
  const revisionScope = (t: PodTemplate): { facts: Facts; active: ActiveRule[] } => {
    const fileFact = current.facts.mesh.versionFact;
    if (!facts.mesh.versions.byRevision(fileFact)) return current;
    const revision = predictForTemplate(t, current.facts).via?.revision;
    const narrowed = revision === undefined ? undefined : facts.mesh.versions.forRevision(fileFact, revision);
    return narrowed ? scopeOf(narrowed) : current;
  };
  const trace = newTrace();
  const coverage = new CoverageCounter();
  let inputIndex = -1;
  /** Each input's index, by its file. */
  const inputOf = new WeakMap<SourceFile, number>();
  const inputsBehind = (f: Finding): number[] => {
    const out = inputIndex >= 0 ? [inputIndex] : [];
    for (const t of [f.target, ...f.related.map((r) => r.target)]) {
      const i = inputOf.get('doc' in t ? t.doc.file : t.resource.doc.file);
      if (i !== undefined && !out.includes(i)) out.push(i);
    }
    return out;
  };
  // The current input's documents are kept for the steps of a range when it has a finding they judge (see version-probe.ts).
  const judgedRules = new Set(options.rules.filter(judgedAcrossVersions).map((r) => r.name));
  let judgedHere = false;
  let keptBytes = 0;

  const stats: LintStats = { files: 0, documents: 0, resources: 0, podTemplates: 0, unreadableFiles: 0, notTextFiles: 0, unrenderedFiles: 0, skippedDocuments: {} };
  const messages = new Map<string, LintMessage[]>();
  const directivesOf = new Map<SourceFile, Directive[]>();
  const usedDirectives = new Map<Directive, Set<string>>();
  const annotationUses: AnnotationUse[] = [];
  const order: string[] = [];
  // Rendered inputs report on their source files; those join the results as they appear.
  const listed = new Set<string>();

  const directives = (file: SourceFile): Directive[] => {
    let d = directivesOf.get(file);
    if (!d) {
      d = scanDirectives(file.text);
      directivesOf.set(file, d);
    }
    return d;
  };

  // A place several pod templates share (Argo's spec.podMetadata) is reported once.
  const reported = new Map<string, string[]>();
  const flush = (): void => {
    // A step of a range only tells which findings still hold: nothing is placed or suppressed
    // (a finding suppressed at one version is suppressed at all).
    if (probe) {
      for (const f of pending.splice(0)) trace.found.add(findingKey(f));
      return;
    }
    for (const f of pending.splice(0)) {
      const m = resolveFinding(f, locator, directives, usedDirectives, annotationUses);
      if (!m) continue;
      // By place and rule, then by message: the message strings are the messages' own, not copies in keys.
      const key = `${m.filePath}\0${m.message.line}:${m.message.column}:${m.message.endLine}:${m.message.endColumn}\0${m.message.ruleId}`;
      const said = reported.get(key);
      if (said?.includes(m.message.message)) continue;
      if (said) said.push(m.message.message);
      else reported.set(key, [m.message.message]);
      // The inputs a step reads again for this finding: the one being linted, and those holding
      // the objects it points at (a finding of Program:exit, or on a rendered input, reports on a
      // file whose name is not its input's).
      const from = inputsBehind(f);
      for (const path of [m.filePath, ...(m.message.related ?? []).map((r) => r.filePath)]) for (const i of from) addInputOf(trace, path, i);
      if (!trace.factOf.has(m.filePath)) trace.factOf.set(m.filePath, current.facts.mesh.versionFact);
      const judgedUnder = factOfFinding.get(f) ?? current.facts.mesh.versionFact;
      if (judgedUnder !== trace.factOf.get(m.filePath)) trace.messageFact.set(m.message, judgedUnder);
      if (judgedRules.has(m.message.ruleId) && !isExact(judgedUnder.range)) {
        trace.keyOf.set(m.message, findingKey(f));
        judgedHere = true;
      }
      const list = messages.get(m.filePath);
      if (list) list.push(m.message);
      else {
        messages.set(m.filePath, [m.message]);
        if (!listed.has(m.filePath)) {
          listed.add(m.filePath);
          order.push(m.filePath);
        }
      }
    }
  };

  // Pass 2: lint, file by file, document by document.
  for (const input of inputs) {
    inputIndex++;
    stats.files++;
    const displayPath = input.ok ? input.file.displayPath : input.displayPath;
    current = scopeFor(displayPath);
    if (!trace.inputsOf.has(displayPath)) trace.inputsOf.set(displayPath, inputIndex);
    if (!(input.ok && input.file.origin) && !listed.has(displayPath)) {
      listed.add(displayPath);
      order.push(displayPath);
    }
    if (!input.ok) {
      if (input.problem === 'not-text') stats.notTextFiles++;
      else stats.unreadableFiles++;
      const file: SourceFile = { displayPath, absPath: input.absPath, text: '' };
      emit('File', { file, readError: input.reason } satisfies FileNode);
      // A file that cannot be read was not linted: always an error, whatever the config says,
      // or a repository's config could turn its binary or unreadable manifests into a pass.
      if (parseErrorRule) pending.push(toFinding(parseErrorRule, 2, { target: { doc: wholeFile(file), offset: 0, endOffset: 0 }, messageId: 'unreadable', data: { reason: input.reason } }));
      flush();
      continue;
    }
    const file = input.file;
    inputOf.set(file, inputIndex);
    if (!probe && file.text.includes('meshlint-')) directives(file);
    emit('File', { file, readError: undefined });
    let templated = false;
    const parsed = factParses.get(file);
    factParses.delete(file);
    judgedHere = false;
    // Collected only while they may be kept: a large file's documents are let go one by one.
    const docs: ParsedDocument[] | undefined = !probe && keptBytes + file.text.length <= KEPT_TEXT_BYTES ? [] : undefined;
    for (const doc of (options.documentsOf ?? parseFile)(file, parsed)) {
      docs?.push(doc);
      stats.documents++;
      // A document YAML cannot read because of template syntax (a Helm action where a key or
      // value starts, a Jinja `{% if %}`) is a template, not a broken manifest: no syntax
      // error; a template of a Kubernetes object goes to its folder's one warning. A document
      // that parses is linted, whatever `{{ }}` its strings hold. Rendered output is never a template.
      const template = !file.origin && doc.syntaxErrors.length > 0 ? templateIn(exactText(file, doc.startOffset, doc.endOffset)) : undefined;
      if (template) {
        stats.skippedDocuments.template = (stats.skippedDocuments.template ?? 0) + 1;
        templated = true;
        if (template.kubernetes && !TOOL_CONFIG_GROUPS.has(template.group ?? '')) emit('TemplateDocument', { doc, template });
        if (pending.length) flush();
        continue;
      }
      const { resources, skipped } = resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace);
      if (skipped) stats.skippedDocuments[skipped] = (stats.skippedDocuments[skipped] ?? 0) + 1;
      emit('Document', { doc, resources });
      for (const r of resources) {
        stats.resources++;
        if (!probe) recordIgnoreAnnotations(r, annotationUses);
        emit('Resource', r);
        options.onResource?.(r);
        if (r.kind === 'Namespace') emit('Namespace', r);
        for (const template of podTemplatesOf(r)) {
          stats.podTemplates++;
          // A workload is judged against its own revision's version, where the file's installs
          // run several (a canary upgrade): the version of the istiod that injects it.
          const own = probe ? current : revisionScope(template);
          if (!probe) coverage.add(template, own.facts);
          emitTo(own, 'PodTemplate', template);
          options.onPodTemplate?.(template, own.facts, locator);
          for (const c of template.containers) emitTo(own, 'Container', c);
        }
      }
      if (pending.length) flush();
    }
    if (templated) stats.unrenderedFiles++;
    if (docs && judgedHere) {
      keptBytes += file.text.length;
      trace.documents.set(file, docs);
    } else if (!probe) options.releaseText?.(file);
    locator.forget(file);
  }
  inputIndex = -1;
  for (const scope of scopes.values()) {
    current = scope;
    emit('Program:exit');
    flush();
  }
  forgetLastStandIn();

  const unusedRule = options.rules.find((r) => r.name === UNUSED_DIRECTIVE_RULE);
  const unusedSetting = unusedRule ? effectiveSetting(config, unusedRule) : undefined;
  const unusedSeverity = probe ? undefined : options.reportUnusedDisableDirectives ? 2 : unusedSetting ? levelToSeverity(unusedSetting.level) : undefined;
  if (unusedSeverity !== undefined) {
    const known = new Set(options.rules.map((r) => r.name));
    for (const [file, list] of directivesOf) {
      for (const d of list) {
        if (d.kind === 'enable') continue;
        const used = usedDirectives.get(d) ?? new Set<string>();
        const unused = d.rules ? d.rules.filter((id) => !used.has(id)) : used.size === 0 ? ['*'] : [];
        for (const id of unused) {
          const text = id === '*'
            ? `Unused meshlint-${d.kind} directive: no problems were reported here. Remove it.`
            : known.has(id)
              ? `Unused meshlint-${d.kind} directive: no problems were reported from '${id}'. ${d.rules && d.rules.length > 1 ? `Remove '${id}' from it.` : 'Remove it.'}`
              : `meshlint-${d.kind} names an unknown rule '${id}'; run "meshlint rules" for the list`;
          pending.push({
            ruleId: UNUSED_DIRECTIVE_RULE, severity: unusedSeverity, messageId: undefined, message: text,
            target: { doc: wholeFile(file), offset: d.offset, endOffset: d.endOffset },
            fix: undefined, suggestions: [], related: [],
          });
        }
      }
    }
    for (const a of annotationUses) {
      for (const id of a.rules.filter((r) => !a.used.has(r) && !(r === '*' && a.used.size > 0))) {
        pending.push({
          ruleId: UNUSED_DIRECTIVE_RULE, severity: unusedSeverity, messageId: undefined,
          message: known.has(id) || id === '*'
            ? `Unused ${IGNORE_ANNOTATION} entry '${id}': no problems were reported from it here. Remove it.`
            : `${IGNORE_ANNOTATION} names an unknown rule '${id}'; run "meshlint rules" for the list`,
          target: { doc: a.doc, path: a.path }, fix: undefined, suggestions: [], related: [],
        });
      }
    }
    flush();
  }

  const hidden = facts.mesh.hidden;
  // The resource a finding names is printed too (stylish, JSON, SARIF, diff): a name a chart
  // renders from a Secret's value is hidden as in messages.
  const named = (list: LintMessage[]): LintMessage[] => (hidden && hidden.size > 0 ? list.map((m) => (m.resource === undefined ? m : { ...m, resource: hidden.hide(m.resource) })) : list);
  const results: LintResult[] = order.map((filePath) => summarize(filePath, named(messages.get(filePath) ?? [])));
  // A note's places: where its first workload in each file starts (an editor marks it there).
  const placeOf = (r: Resource): NotePlace => {
    const at = locator.position(r.doc.file, locator.offsets(r.doc, r.basePath)[0]);
    return { filePath: r.doc.file.displayPath, line: at.line, column: at.column };
  };
  for (const { fact, rules } of silenced.values()) {
    notes.push({
      id: 'istio-version-older',
      message: `Istio ${rangeText(fact.range)} (${fact.source}) is older than the releases meshlint models (${rangeText(MODELLED_RANGE)}): ${shortList([...rules].sort())} do not judge it`,
    });
  }
  const runNotes = probe ? [] : [...notes, ...(options.unknowns ? [] : unknowns.notes(options.notePlaces ? placeOf : () => undefined))];
  return { report: { results, stats, facts, notes: hidden && hidden.size > 0 ? runNotes.map((n) => ({ ...n, message: hidden.hide(n.message) })) : runNotes, coverage: coverage.result() }, trace };
}

/** `hidden`: values read from Secrets, which no message may quote (see hidden-values.ts). */
function toFinding(rule: MeshlintRule, severity: Severity, d: ReportDescriptor<string>, hidden?: HiddenValues): Finding {
  const template = rule.meta.messages[d.messageId];
  if (template === undefined) throw new Error(`rule ${rule.name} reported an unknown messageId "${d.messageId}"`);
  const shown = (text: string): string => hidden?.hide(text) ?? text;
  return {
    ruleId: rule.name,
    severity: d.severity === 'warn' ? 1 : severity,
    messageId: d.messageId,
    message: shown(interpolate(template, d.data)),
    target: d.target,
    fix: d.fix,
    suggestions: (d.suggest ?? []).map((s) => ({
      messageId: s.messageId,
      desc: shown(interpolate(rule.meta.messages[s.messageId] ?? s.messageId, s.data)),
      edits: s.edits,
    })),
    related: (d.related ?? []).map((r) => (hidden && hidden.size > 0 ? { ...r, message: shown(r.message) } : r)),
  };
}

/** ESLint's placeholder syntax: `{{ name }}`. Unknown placeholders stay as written. */
export function interpolate(template: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{\s*([^{}\s]+?)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

export interface Located {
  readonly doc: ParsedDocument;
  readonly docPath: Path | undefined;
  readonly offsets: [number, number];
  readonly resource: Resource | undefined;
  /** Path relative to the resource, when the target names one. */
  readonly resourcePath: Path | undefined;
}

function locate(target: Target, locator: Locator): Located {
  const located = locatePath(target, locator);
  if ('within' in target && target.within && !('offset' in target)) {
    const whole = locator.wholeNodeOffsets(located.doc, located.docPath ?? []);
    const text = exactText(located.doc.file, whole[0], whole[1]);
    const span = spanOf(target.within, text);
    if (span) {
      const found = text.slice(span[0], span[1]);
      const lead = found.length - found.trimStart().length;
      return { ...located, offsets: [whole[0] + span[0] + lead, whole[0] + span[0] + found.trimEnd().length] };
    }
  }
  return located;
}

function spanOf(within: RegExp | SpanFinder, text: string): readonly [number, number] | undefined {
  if (typeof within === 'function') return within(text);
  const m = within.exec(text);
  return m ? [m.index, m.index + m[0].length] : undefined;
}

/** Where a target is: its document, path and offsets (a report's, a related location's, a diff's cause). */
export function locatePath(target: Target, locator: Locator): Located {
  if ('offset' in target) {
    return { doc: target.doc, docPath: target.path, offsets: [target.offset, target.endOffset], resource: target.resource, resourcePath: undefined };
  }
  if ('doc' in target) {
    const base = target.resource?.basePath ?? [];
    const rel = target.resource && startsWith(target.path, base) ? target.path.slice(base.length) : undefined;
    return { doc: target.doc, docPath: target.path, offsets: locator.offsets(target.doc, target.path), resource: target.resource, resourcePath: rel };
  }
  const docPath = [...target.resource.basePath, ...target.path];
  return { doc: target.resource.doc, docPath, offsets: locator.offsets(target.resource.doc, docPath), resource: target.resource, resourcePath: target.path };
}

function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}

function toRange(locator: Locator, file: SourceFile, offsets: readonly [number, number]): Range {
  const s = locator.position(file, offsets[0]);
  const e = locator.position(file, Math.max(offsets[1], offsets[0]));
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}

function recordIgnoreAnnotations(r: Resource, uses: AnnotationUse[]): void {
  const seen = new Set<string>();
  const add = (annotations: unknown, path: Path, holder: Path): void => {
    const value = (annotations as Record<string, unknown> | undefined)?.[IGNORE_ANNOTATION];
    if (value === undefined) return;
    const key = path.join('\0');
    if (seen.has(key)) return;
    seen.add(key);
    uses.push({ doc: r.doc, path: [...r.basePath, ...path, IGNORE_ANNOTATION], holder: [...r.basePath, ...holder], rules: ignoredByAnnotation(value), used: new Set() });
  };
  add((r.object.metadata as Record<string, unknown> | undefined)?.annotations, ['metadata', 'annotations'], []);
  // The pod's annotations: each template's own, and those that reach several (Argo's spec.podMetadata).
  for (const t of podTemplatesOf(r)) {
    for (const s of t.metaSources) {
      if (!s.annotations || (s.path.length === 1 && s.path[0] === 'metadata')) continue;
      add(s.object?.annotations, [...s.path, 'annotations'], s.scope);
    }
  }
}

function annotationSuppression(loc: Located, ruleId: string, uses: readonly AnnotationUse[]): AnnotationUse | undefined {
  if (!loc.resource) return undefined;
  const base = loc.resource.basePath;
  for (const use of uses) {
    // By place, not identity: a rule that keeps objects across files reports on stand-ins for them (model/place.ts slimResource).
    if (use.doc.file !== loc.doc.file || use.doc.index !== loc.doc.index) continue;
    if (!(use.rules.includes(ruleId) || use.rules.includes('*'))) continue;
    const holder = use.holder;
    if (!startsWith(holder, base)) continue;
    if (holder.length === base.length || (loc.docPath && startsWith(loc.docPath, holder))) return use;
  }
  return undefined;
}

function resolveFinding(
  f: Finding,
  locator: Locator,
  directives: (file: SourceFile) => Directive[],
  used: Map<Directive, Set<string>>,
  annotationUses: readonly AnnotationUse[],
): { filePath: string; message: LintMessage } | undefined {
  const loc = locate(f.target, locator);
  const file = loc.doc.file;
  const range = toRange(locator, file, loc.offsets);
  if (f.ruleId !== UNUSED_DIRECTIVE_RULE) {
    const ann = annotationSuppression(loc, f.ruleId, annotationUses);
    if (ann) {
      ann.used.add(ann.rules.includes(f.ruleId) ? f.ruleId : '*');
      return undefined;
    }
    const list = directives(file);
    if (list.length > 0) {
      const docStart = locator.position(file, loc.doc.startOffset).line;
      const docEnd = locator.position(file, loc.doc.endOffset).line;
      const d = suppressingDirective(list, f.ruleId, range.line, docStart, docEnd);
      if (d) {
        const set = used.get(d) ?? new Set<string>();
        set.add(f.ruleId);
        used.set(d, set);
        return undefined;
      }
    }
  }
  const source = loc.doc.helmSource;
  const volatileSource = source !== undefined && loc.doc.file.origin?.volatile?.(source) ? source : undefined;
  const identity = loc.resource
    ? `${resourceIdentity(loc.resource, volatileSource)}#${(loc.resourcePath ?? []).join('.')}`
    : // Not the displayed path, which depends on the working directory: fingerprints add the file
      // themselves. Not the document's index either, which a document added above shifts: equal
      // ones in a file are told apart by their order (lineHashes).
      `doc#${loc.docPath ? loc.docPath.join('.') : f.message}`;
  // Properties are added one by one, always in this order: the messages of a run then share a
  // few hidden classes (built with spreads, each had its own: 3 MB over 12,000 findings).
  const message: Record<string, unknown> = { ruleId: f.ruleId, severity: f.severity };
  if (f.messageId) message.messageId = f.messageId;
  if (loc.resource) message.resource = describeResource(loc.resource);
  message.identity = identity;
  // A rendered input is reported on its template: the header would only repeat the path.
  if (loc.doc.helmSource && !file.origin) message.helmSource = loc.doc.helmSource;
  if (file.origin?.label) message.renders = [file.origin.label];
  const finish = (text: string, at: Range, fix?: LintMessage['fix'], suggestions?: LintMessage['suggestions']): LintMessage => {
    message.message = text;
    message.line = at.line;
    message.column = at.column;
    message.endLine = at.endLine;
    message.endColumn = at.endColumn;
    if (fix) message.fix = fix;
    if (suggestions?.length) message.suggestions = suggestions;
    if (related.length) message.related = related;
    return message as unknown as LintMessage;
  };
  // Related places in rendered inputs are reported on their sources too.
  const related = f.related.map((rel) => {
    const l = locate(rel.target, locator);
    const r = toRange(locator, l.doc.file, l.offsets);
    const m = l.doc.file.origin?.mapBack({ doc: l.doc, docPath: l.docPath, resource: l.resource, range: r });
    const at = m ? m.range : r;
    return { line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn, filePath: m ? m.filePath : l.doc.file.displayPath, message: rel.message };
  });
  const origin = file.origin;
  if (origin) {
    // A rendered input: report on the file the user edits. Fixes would edit the rendered text
    // (which is not a file), so none are offered.
    const at = origin.mapBack({ doc: loc.doc, docPath: loc.docPath, resource: loc.resource, range });
    return { filePath: at.filePath, message: finish(at.note ? `${f.message} ${at.note}` : f.message, at.range) };
  }
  // A file whose values Flux's postBuild variables fill in is judged on the filled-in values,
  // while a fix would edit the text that holds the variables: none is offered.
  if (file.substitute) return { filePath: file.displayPath, message: finish(f.message, range) };
  // Rules write edit paths relative to their resource; a List item sits under items[i].
  const base = loc.resource?.basePath ?? [];
  const edit = (e: PathEdit): TextEdit[] | undefined => toTextEdits(locator, loc.doc, base.length ? { ...e, path: [...base, ...e.path] } : e);
  const fix = f.fix ? mergeEdits(file, f.fix.map(edit)) : undefined;
  const suggestions = f.suggestions.flatMap((s) => {
    const merged = mergeEdits(file, s.edits.map(edit));
    return merged ? [{ desc: s.desc, fix: merged }] : [];
  });
  return { filePath: file.displayPath, message: finish(f.message, range, fix, suggestions) };
}

/** Several text edits of one fix become one ESLint-style fix: a range and its replacement. */
function mergeEdits(file: SourceFile, parts: readonly (TextEdit[] | undefined)[]): { range: [number, number]; text: string } | undefined {
  if (parts.length === 0 || parts.some((p) => p === undefined)) return undefined;
  const edits = (parts as TextEdit[][]).flat().sort((a, b) => a.offset - b.offset);
  if (edits.length === 0) return undefined;
  for (let i = 1; i < edits.length; i++) if ((edits[i]?.offset ?? 0) < (edits[i - 1]?.endOffset ?? 0)) return undefined;
  const start = edits[0]?.offset ?? 0;
  const end = Math.max(...edits.map((e) => e.endOffset));
  const { text: replaced } = applyTextEdits(exactText(file, start, end), edits.map((e) => ({ ...e, offset: e.offset - start, endOffset: e.endOffset - start })));
  return { range: [start, end], text: replaced };
}
