// The ESLint plugin (meshlint/eslint-plugin): meshlint's rules inside ESLint 9/10 flat config.
// A thin shell: ESLint hands over one YAML file's text; one meshlint lint of it (with facts
// read once from the context paths) is shared by every ESLint rule, and each rule reports the
// findings of its own id. The rules, their options and their messages are the engine's.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AST, Linter, Rule } from 'eslint';
import { CST, Lexer } from 'yaml';
import * as yamlEslintParser from 'yaml-eslint-parser';
import { allRules, rulesById } from '../../rules/index.ts';
import { ConfigError, EMPTY_CONFIG, effectiveSetting, parseRuleSetting, withOverrides, type Config } from '../engine/config.ts';
import { factResources } from '../engine/facts-pass.ts';
import { lint } from '../engine/linter.ts';
import type { MeshlintRule } from '../engine/rule-api.ts';
import { suggestKey } from '../engine/schema.ts';
import { safeText } from '../common/text.ts';
import { findConfigFile, loadConfigFile } from '../engine/config-file.ts';
import { discoverContext, readRepositoryContext, repositoryForContext } from '../load/context.ts';
import { fluxScoping } from '../load/flux-scope.ts';
import { repoRoot } from '../load/boundary.ts';
import { chartFinder, discover } from '../load/discover.ts';
import { decodeSource, displayPathOf, readRegularFile, readSource, type ReadOutcome } from '../load/read.ts';
import { parseIstioVersion } from '../model/install/istio-version.ts';
import { lineIndexAt } from '../parse/lines.ts';
import { lineStarts } from '../parse/locator.ts';
import { TOOL_NAME, VERSION } from '../common/meta.ts';
import type { LintMessage, Resource } from '../common/types.ts';

// ------------------------------------------------------------------ settings

/** `settings.meshlint` in the ESLint config. */
interface MeshlintSettings {
  /** A .meshlint.yaml (relative to ESLint's cwd); default: the nearest one above the linted file. */
  readonly config: string | undefined;
  /** Files and directories read for facts only (relative to ESLint's cwd). */
  readonly context: readonly string[];
  readonly istioVersion: string | undefined;
  /** Whether the rest of the repository ESLint runs in is read for facts, as the CLI reads it (default: true). */
  readonly repositoryContext: boolean;
}

const SETTINGS = 'ESLint settings';
const SETTINGS_KEYS = ['config', 'context', 'istioVersion', 'repositoryContext'] as const;

function readSettings(raw: unknown): MeshlintSettings {
  if (raw === undefined || raw === null) return { config: undefined, context: [], istioVersion: undefined, repositoryContext: true };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(SETTINGS, 'meshlint', 'must be an object: { config?, context?, istioVersion?, repositoryContext? }');
  const s = raw as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(SETTINGS, `meshlint.${key}`, `unknown key${suggestKey(key, SETTINGS_KEYS)}; known keys: ${SETTINGS_KEYS.join(', ')}`);
    }
  }
  if (s.config !== undefined && typeof s.config !== 'string') throw new ConfigError(SETTINGS, 'meshlint.config', 'must be the path of a .meshlint.yaml (a string)');
  if (s.context !== undefined && (!Array.isArray(s.context) || s.context.some((p) => typeof p !== 'string'))) {
    throw new ConfigError(SETTINGS, 'meshlint.context', 'must be a list of paths (strings)');
  }
  if (s.istioVersion !== undefined && (typeof s.istioVersion !== 'string' || !parseIstioVersion(s.istioVersion))) {
    throw new ConfigError(SETTINGS, 'meshlint.istioVersion', 'must be an Istio version such as "1.27" or "1.26.3" (a string)');
  }
  if (s.repositoryContext !== undefined && typeof s.repositoryContext !== 'boolean') throw new ConfigError(SETTINGS, 'meshlint.repositoryContext', 'must be true or false');
  return { config: s.config, context: (s.context as string[] | undefined) ?? [], istioVersion: s.istioVersion as string | undefined, repositoryContext: s.repositoryContext !== false };
}

// ------------------------------------------------------------------ environment

/** The facts of the context files: per file, so that the linted file's own (maybe stale) copy is left out. */
interface ContextFacts {
  readonly byFile: ReadonlyMap<string, readonly Resource[]>;
  readonly all: readonly Resource[];
  /** What Flux does to a file of the repository (targetNamespace, variables, clusters), as the CLI reads it. */
  readonly scope: (r: ReadOutcome) => ReadOutcome;
  /** The clusters that deploy each context file, in a repository of several (load/flux-clusters.ts). */
  readonly clustersOf: ReadonlyMap<string, readonly string[]>;
}

/** Everything a lint needs besides the file: per (cwd, settings, config file as it is now). */
interface Environment {
  readonly cwd: string;
  readonly config: Config;
  /** The config with every rule on, as errors: each ESLint rule sees its findings; ESLint decides the severity. */
  readonly everyRule: Config;
  readonly istioVersion: string | undefined;
  readonly context: ContextFacts;
  /** Where the config's ignore patterns and .meshlintignore are read from, as in the CLI. */
  readonly ignoreBase: string;
  readonly chartOf: (dir: string) => string | undefined;
}

const configs = new Map<string, { readonly text: string; readonly config: Config }>();
const environments = new Map<string, { readonly stamp: string; readonly env: Environment }>();

/** The validated config file, validated again only when its text changed (an editor session outlives edits). */
function loadConfig(file: string | undefined): { config: Config; stamp: string } {
  if (file === undefined) return { config: EMPTY_CONFIG, stamp: '' };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(file, '', `cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const known = configs.get(file);
  if (known?.text === text) return { config: known.config, stamp: text };
  const config = loadConfigFile(file, rulesById);
  configs.set(file, { text, config });
  return { config, stamp: text };
}

function environmentFor(cwd: string, settings: MeshlintSettings, settingsKey: string, physicalFile: string): Environment {
  const configFile = settings.config !== undefined ? resolve(cwd, settings.config) : findConfigFile(dirname(physicalFile));
  const { config: fileConfig, stamp } = loadConfig(configFile);
  const key = `${cwd}\0${settingsKey}\0${configFile ?? ''}`;
  const known = environments.get(key);
  if (known?.stamp === stamp) return known.env;
  // The setting is validated above; withOverrides applies it as --istio-version does.
  const config = withOverrides(fileConfig, { istioVersion: settings.istioVersion }, rulesById);
  const everyRule: Config = {
    ...config,
    rules: Object.fromEntries(allRules.map((r) => [r.name, { level: 'error', options: effectiveSetting(config, r).options }])),
  };
  const ignoreBase = config.filePath ? dirname(config.filePath) : cwd;
  const env: Environment = {
    cwd,
    config,
    everyRule,
    istioVersion: settings.istioVersion,
    context: readContext(cwd, settings, config),
    ignoreBase,
    chartOf: chartFinder(),
  };
  environments.set(key, { stamp, env });
  return env;
}

/**
 * The context paths, read once: discovered as the CLI's --context (ignore files honoured,
 * charts left out: their facts would need a render), each file's fact resources kept apart.
 */
function readContext(cwd: string, settings: MeshlintSettings, config: Config): ContextFacts {
  const { files, missing } = discoverContext({ cwd, paths: settings.context.map((p) => resolve(cwd, p)), config });
  if (missing !== undefined) throw new ConfigError(SETTINGS, 'meshlint.context', `${missing}: no such file or directory (paths are relative to ESLint's working directory)`);
  const named = files.map((f) => readSource(f, cwd));
  const seen = new Set(files);
  // The rest of the repository, as the CLI reads it: what the named context defines wins over it.
  const root = settings.repositoryContext ? repositoryForContext(cwd, config) : undefined;
  const rest = readRepositoryContext(root === undefined ? [] : [root], { cwd, config, skip: (f) => seen.has(f) }).files;
  // Flux's Kustomizations place the files they build (a namespace, variables, a cluster), as in the CLI.
  const flux = fluxScoping([...named, ...rest], root ?? repoRoot(cwd));
  const byFile = new Map<string, Resource[]>();
  const clustersOf = new Map<string, readonly string[]>();
  for (const read of [...named, ...rest]) {
    const scoped = flux.scope(read);
    const path = scoped.ok ? scoped.file.absPath : undefined;
    if (path === undefined || byFile.has(path)) continue;
    const resources = factResources([scoped], config);
    if (resources.length > 0) byFile.set(path, resources);
    if (scoped.ok && scoped.file.clusters) clustersOf.set(path, scoped.file.clusters);
  }
  return { byFile, all: [...byFile.values()].flat(), scope: flux.scope, clustersOf };
}

/**
 * The context's facts without the linted file's copy on disk (ESLint's text of it is the
 * truth), and without the files of clusters other than the one that deploys it.
 */
function contextExcept(context: ContextFacts, file: string): readonly Resource[] {
  const mine = context.clustersOf.get(file);
  const cluster = mine?.length === 1 ? mine[0] : undefined;
  if (!context.byFile.has(file) && cluster === undefined) return context.all;
  return [...context.byFile].flatMap(([f, resources]) => {
    if (f === file) return [];
    const theirs = context.clustersOf.get(f);
    return cluster !== undefined && theirs !== undefined && theirs.length > 0 && !theirs.includes(cluster) ? [] : resources;
  });
}

/**
 * Whether the CLI would lint this file as YAML: not ignored (config ignorePatterns,
 * .meshlintignore, .gitignore), not inside a Helm chart. A chart is linted through what it
 * renders, which ESLint cannot do: the CLI says so in a note, which has no place in ESLint's
 * results, so nothing of a chart is reported here.
 */
function lintedLikeTheCli(file: string, env: Environment): boolean {
  const found = discover({ cwd: env.cwd, patterns: [file], ignorePatterns: env.config.ignorePatterns, ignoreBase: env.ignoreBase, useGitignore: true });
  if (found.skipped.length > 0) return false;
  // Not on disk (an unsaved editor buffer): only the chart check applies.
  const chart = found.charts[0] ?? (found.files.length === 0 ? env.chartOf(dirname(file)) : undefined);
  return chart === undefined;
}

// ------------------------------------------------------------------ one lint per file

/**
 * One ESLint verification of one file: ESLint creates every rule, then traverses. All rules
 * of it share this, and its meshlint runs; a rule created again starts the next verification.
 */
interface Session {
  readonly filename: string;
  readonly text: string;
  readonly cwd: string;
  readonly settingsKey: string;
  readonly created: Set<string>;
  readonly env: Environment;
  readonly physicalFile: string;
  linted?: boolean;
  /** Messages by rule id: the shared run under '', runs with ESLint options under `id\0options`. */
  readonly runs: Map<string, ReadonlyMap<string, readonly LintMessage[]>>;
}

let session: Session | undefined;

function sessionFor(context: Rule.RuleContext, ruleId: string): Session {
  const text = context.sourceCode.text;
  const cwd = context.cwd;
  const raw = (context.settings as Record<string, unknown> | undefined)?.meshlint;
  const settingsKey = JSON.stringify(raw ?? null);
  const s = session;
  if (s && !s.created.has(ruleId) && s.filename === context.filename && s.text === text && s.cwd === cwd && s.settingsKey === settingsKey) {
    s.created.add(ruleId);
    return s;
  }
  const physicalFile = resolve(cwd, context.physicalFilename);
  const env = environmentFor(cwd, readSettings(raw), settingsKey, physicalFile);
  session = { filename: context.filename, text, cwd, settingsKey, created: new Set([ruleId]), env, physicalFile, runs: new Map() };
  return session;
}

/**
 * The file as the CLI reads it, when ESLint's text came from bytes ESLint could not read as
 * they are: ESLint decodes every file as UTF-8, so invalid UTF-8 reaches the rules as U+FFFD
 * (the CLI refuses the file) and UTF-16 as text full of NULs (the CLI decodes it). The bytes are
 * read again only when ESLint's text holds one of those characters, and used only when they
 * still decode to ESLint's text: otherwise that text is an editor's unsaved buffer, the truth.
 */
function asTheCliReadsIt(s: Session, displayPath: string): ReadOutcome | undefined {
  if (!s.text.includes('\ufffd') && !s.text.includes('\0')) return undefined;
  const read = readRegularFile(s.physicalFile);
  if (!read.ok || read.bytes.toString('utf8').replace(/^\ufeff/, '') !== s.text) return undefined;
  const outcome = decodeSource(read.bytes, displayPath, s.physicalFile);
  if (!outcome.ok) return outcome;
  if (outcome.file.encoding === undefined) return undefined;
  // ESLint's positions are in its own reading of the bytes: findings cannot be placed in it.
  const reason = `${outcome.file.encoding.toUpperCase()} text, which ESLint reads as UTF-8 and cannot show findings in: lint it with the meshlint command, or save it as UTF-8`;
  return { ok: false, displayPath, absPath: s.physicalFile, reason, problem: 'not-text' };
}

/** The meshlint messages of one rule for the session's file: from the shared run, or a run of its own for ESLint options. */
function messagesFor(s: Session, rule: MeshlintRule, options: readonly unknown[]): readonly LintMessage[] {
  s.linted ??= lintedLikeTheCli(s.physicalFile, s.env);
  if (!s.linted) return [];
  const key = options.length === 0 ? '' : `${rule.name}\0${JSON.stringify(options)}`;
  let run = s.runs.get(key);
  if (!run) {
    let config = s.env.everyRule;
    let rules = allRules;
    if (options.length > 0) {
      // The engine validates the options (label selectors too, which ESLint's schema check cannot).
      const setting = parseRuleSetting(rule.name, ['error', ...options], rulesById, 'ESLint config', `rules["${TOOL_NAME}/${rule.name}"]`);
      config = { ...s.env.config, rules: { [rule.name]: setting } };
      rules = [rule];
    }
    const displayPath = displayPathOf(resolve(s.cwd, s.filename), s.cwd);
    // ESLint's text has no BOM; decodeSource would strip one, so fix offsets match ESLint's.
    const input = s.env.context.scope(asTheCliReadsIt(s, displayPath) ?? decodeSource(Buffer.from(s.text, 'utf8'), displayPath, s.physicalFile));
    const report = lint([input], { config, rules, cliIstioVersion: s.env.istioVersion, contextResources: contextExcept(s.env.context, s.physicalFile) });
    const byRule = new Map<string, LintMessage[]>();
    for (const m of report.results.find((r) => r.filePath === displayPath)?.messages ?? []) {
      const list = byRule.get(m.ruleId);
      if (list) list.push(m);
      else byRule.set(m.ruleId, [m]);
    }
    run = byRule;
    s.runs.set(key, run);
  }
  return run.get(rule.name) ?? [];
}

// ------------------------------------------------------------------ severity

// A meshlint finding may be less severe than its rule's level (a chart met while walking, a
// case that depends on an unknown fact). ESLint rules have one severity, so the processor of
// the recommended config lowers those findings to warnings after ESLint reports them.
let lowered: { file: string; keys: Set<string> } = { file: '', keys: new Set() };

const messageKey = (ruleId: string, line: number, column: number, message: string): string => `${ruleId}\0${line}\0${column}\0${message}`;

/** As ESLint shows a filename to processors (`…/<text>` becomes `<text>`). */
function exposedFilename(filename: string): string {
  const parts = filename.split(/[\\/]/);
  const at = parts.lastIndexOf('<text>');
  return at === -1 ? filename : parts.slice(at).join('/');
}

function noteLowered(filename: string, key: string): void {
  const file = exposedFilename(filename);
  if (lowered.file !== file) lowered = { file, keys: new Set() };
  lowered.keys.add(key);
}

const processor: Linter.Processor = {
  meta: { name: `${TOOL_NAME}/yaml`, version: VERSION },
  supportsAutofix: true,
  preprocess: (text: string) => [text],
  postprocess(lists: Linter.LintMessage[][], filename: string): Linter.LintMessage[] {
    const messages = lists.flat();
    // Rules and postprocess of one file run in one synchronous call: what was noted is this file's.
    const { file, keys } = lowered;
    lowered = { file: '', keys: new Set() };
    if (file !== exposedFilename(filename) || keys.size === 0) return messages;
    return messages.map((m) => (m.severity === 2 && m.ruleId && keys.has(messageKey(m.ruleId, m.line, m.column, m.message)) ? { ...m, severity: 1 } : m));
  },
};

// ------------------------------------------------------------------ rules

/** meshlint's lines end at LF, CRLF and a lone CR; ESLint's also at U+2028 and U+2029. */
const OTHER_LINE_BREAKS = /[\u2028\u2029]/;

function toEslintRule(rule: MeshlintRule): Rule.RuleModule {
  const id = `${TOOL_NAME}/${rule.name}`;
  const fixable = rule.meta.fixable;
  const hasSuggestions = Boolean(rule.meta.hasSuggestions);
  return {
    meta: {
      type: rule.meta.type,
      docs: {
        description: rule.meta.docs.description,
        recommended: rule.meta.docs.defaultLevel !== 'off',
        ...(rule.meta.docs.url ? { url: rule.meta.docs.url } : {}),
      },
      ...(fixable ? { fixable } : {}),
      ...(hasSuggestions ? { hasSuggestions } : {}),
      // ESLint checks the options' shape up front; the engine checks them again, formats included.
      schema: rule.meta.schema as Rule.RuleMetaData['schema'],
      // meshlint's messages arrive with their placeholders filled in; the ids stay meshlint's.
      messages: Object.fromEntries(Object.keys(rule.meta.messages).map((m) => [m, '{{ text }}'])),
    },
    create(context) {
      let s: Session;
      try {
        s = sessionFor(context, rule.name);
        if (context.options.length > 0) parseRuleSetting(rule.name, ['error', ...context.options], rulesById, 'ESLint config', `rules["${id}"]`);
      } catch (e) {
        if (e instanceof ConfigError) throw new Error(`${TOOL_NAME} configuration error: ${safeText(e.message)}`, { cause: e });
        throw e;
      }
      return {
        Program() {
          const messages = messagesFor(s, rule, context.options);
          if (messages.length === 0) return;
          const { sourceCode } = context;
          const text = sourceCode.text;
          let at: (line: number, column: number) => AST.SourceLocation['start'] = (line, column) => ({ line, column: column - 1 });
          if (OTHER_LINE_BREAKS.test(text)) {
            const starts = lineStarts(text);
            at = (line, column) => sourceCode.getLocFromIndex(Math.min(text.length, (starts[line - 1] ?? text.length) + column - 1));
          }
          for (const m of messages) {
            const loc = { start: at(m.line, m.column), end: at(m.endLine, m.endColumn) };
            // ESLint's formatters print messages as they are: a manifest's controls must not reach the terminal.
            const message = safeText(m.message);
            const fix = fixable && m.fix;
            const suggestions = hasSuggestions ? (m.suggestions ?? []) : [];
            context.report({
              loc,
              ...(m.messageId !== undefined && m.messageId in rule.meta.messages ? { messageId: m.messageId, data: { text: message } } : { message }),
              ...(fix ? { fix: (fixer: Rule.RuleFixer) => fixer.replaceTextRange([fix.range[0], fix.range[1]], fix.text) } : {}),
              ...(suggestions.length > 0
                ? { suggest: suggestions.map((sg) => ({ desc: safeText(sg.desc), fix: (fixer: Rule.RuleFixer) => fixer.replaceTextRange([sg.fix.range[0], sg.fix.range[1]], sg.fix.text) })) }
                : {}),
            });
            // Run with every rule as an error, a warning here is one the rule lowered itself.
            if (m.severity === 1) noteLowered(context.filename, messageKey(id, loc.start.line, loc.start.column + 1, message));
          }
        },
      };
    },
  };
}

// ------------------------------------------------------------------ parser

/** YAML comments with their offsets, from the lexer, which reads any text, however broken. */
function yamlComments(text: string): { offset: number; source: string }[] {
  const out: { offset: number; source: string }[] = [];
  let offset = 0;
  let scalarNext = false;
  // As yaml's Parser counts offsets: control tokens take no room, a scalar's text follows its marker.
  for (const token of new Lexer().lex(text)) {
    if (scalarNext) {
      scalarNext = false;
      offset += token.length;
      continue;
    }
    const type = CST.tokenType(token);
    if (type === 'scalar') {
      scalarNext = true;
      continue;
    }
    if (type === 'doc-mode' || type === 'flow-error-end') continue;
    if (type === 'comment') out.push({ offset, source: token });
    offset += token.length;
  }
  return out;
}

/** A Program with no documents but the file's comments, so that eslint-disable comments still work. */
function unparsedProgram(text: string): AST.Program {
  const starts = [0];
  for (const m of text.matchAll(/\r\n|[\r\n\u2028\u2029]/g)) starts.push(m.index + m[0].length);
  const pos = (offset: number): AST.SourceLocation['start'] => {
    const i = lineIndexAt(starts, offset);
    return { line: i + 1, column: offset - (starts[i] ?? 0) };
  };
  let comments: { offset: number; source: string }[] = [];
  try {
    comments = yamlComments(text);
  } catch {
    // Without comments, only eslint-disable comments are lost; meshlint's own directives still work.
  }
  return {
    type: 'Program',
    sourceType: 'module',
    body: [],
    tokens: [],
    comments: comments.map((c) => ({
      type: 'Line' as const,
      value: c.source.slice(1),
      range: [c.offset, c.offset + c.source.length] as [number, number],
      loc: { start: pos(c.offset), end: pos(c.offset + c.source.length) },
    })),
    range: [0, text.length],
    loc: { start: { line: 1, column: 0 }, end: pos(text.length) },
  };
}

/**
 * yaml-eslint-parser, except that YAML it cannot parse (syntax errors, duplicate keys, Helm
 * templates) is not a fatal ESLint error: the rules run on it as meshlint's CLI does, and
 * parse-error, duplicate-key or unrendered-template reports what is wrong, or nothing for a
 * chart's templates.
 */
const parser: Linter.Parser = {
  meta: { name: `${TOOL_NAME}/yaml-eslint-parser`, version: VERSION },
  parseForESLint(text: string, options?: Record<string, unknown>) {
    try {
      return yamlEslintParser.parseForESLint(text, options);
    } catch (e) {
      if (!(e instanceof yamlEslintParser.ParseError)) throw e;
      return { ast: unparsedProgram(text), visitorKeys: yamlEslintParser.VisitorKeys, services: { isYAML: true } };
    }
  },
} as Linter.Parser;

// ------------------------------------------------------------------ the plugin

const rules: Record<string, Rule.RuleModule> = Object.fromEntries(allRules.map((r) => [r.name, toEslintRule(r)]));

const plugin = {
  meta: { name: TOOL_NAME, version: VERSION },
  rules,
  processors: { yaml: processor },
  configs: {} as { recommended: Linter.Config[] },
};

plugin.configs.recommended = [
  {
    name: `${TOOL_NAME}/recommended`,
    files: ['**/*.yaml', '**/*.yml'],
    plugins: { [TOOL_NAME]: plugin },
    languageOptions: { parser },
    processor,
    rules: Object.fromEntries(allRules.map((r) => [`${TOOL_NAME}/${r.name}`, r.meta.docs.defaultLevel])),
  },
];

/** The parser of the recommended config, for configs of your own (JSON manifests, say). */
export { parser };
export default plugin;
