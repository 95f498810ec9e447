// Finding and reading the configuration file. It is parsed as data (YAML or JSON):
// linting an untrusted repository must never run its code.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LineCounter, isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import { ConfigError, EMPTY_CONFIG, validateConfig, type Config } from './config.ts';
import type { MeshlintRule } from './rule-api.ts';
import { parseFast } from '../parse/events.ts';
import { parseYamlWithinLimits, plainValue, sizeProblem } from '../parse/limits.ts';
import { configRoot, escapesThroughLink } from '../load/boundary.ts';
import { readRegularFile } from '../load/read.ts';

export const CONFIG_NAMES = ['.meshlint.yaml', '.meshlint.yml', '.meshlint.json'] as const;

/**
 * The nearest config file at or above `dir`, up to the repository root (the folder holding
 * `.git`), or undefined: the one lookup the CLI, the ESLint plugin, the language server and the
 * Action share, made from each linted file's folder (as ESLint 10 looks up eslint.config.js).
 * One found this way belongs to the repository it sits in: a link that leads out of it (to a
 * config elsewhere on the machine) is a config error, not read.
 */
export function findConfigFile(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const found = configFileIn(d);
    if (found !== undefined) return found;
    if (existsSync(join(d, '.git')) || dirname(d) === d) return undefined;
  }
}

/** The config file in this folder itself, if any. */
function configFileIn(d: string): string | undefined {
  for (const name of CONFIG_NAMES) {
    const p = join(d, name);
    if (!existsSync(p)) continue;
    if (escapesThroughLink(configRoot(p), p)) throw new ConfigError(p, '', 'is a symbolic link that leads outside the repository; meshlint does not follow it (name a config with --config instead)');
    return p;
  }
  return undefined;
}

/** Reads and validates a config file; its paths may reach anywhere in its repository. */
export function loadConfigFile(file: string, rules: ReadonlyMap<string, MeshlintRule>): Config {
  return validateConfig(readConfigFile(file), file, rules, { root: configRoot(file) });
}

/**
 * The config in force for each path: `explicit` (--config) for all when given, else the nearest
 * config file above the path's folder. Lookups are remembered per folder and each file is read
 * once; `adjust` applies the command line's overrides to each.
 */
export class ConfigLookup {
  private readonly fileIn = new Map<string, string | undefined>();
  private readonly loaded = new Map<string, Config>();

  constructor(
    private readonly explicit: string | undefined,
    private readonly rules: ReadonlyMap<string, MeshlintRule>,
    private readonly adjust: (c: Config) => Config = (c) => c,
    /** False (--no-config-lookup): no config file is looked for; only `explicit` applies, else the defaults. */
    private readonly lookUp = true,
  ) {}

  /** The config file for a folder, or undefined when none applies. */
  fileForDir(dir: string): string | undefined {
    if (this.explicit !== undefined || !this.lookUp) return this.explicit;
    if (this.fileIn.has(dir)) return this.fileIn.get(dir);
    // findConfigFile, each folder's answer remembered: a walk over thousands of folders looks at each once.
    let found = configFileIn(dir);
    if (found === undefined && !existsSync(join(dir, '.git')) && dirname(dir) !== dir) found = this.fileForDir(dirname(dir));
    this.fileIn.set(dir, found);
    return found;
  }

  /** The config in force in a folder (the defaults when no file applies). */
  forDir(dir: string): Config {
    const file = this.fileForDir(dir);
    const key = file ?? '';
    let c = this.loaded.get(key);
    if (!c) this.loaded.set(key, (c = this.adjust(file === undefined ? EMPTY_CONFIG : loadConfigFile(file, this.rules))));
    return c;
  }

  /** The config in force for a file. */
  forFile(file: string): Config {
    return this.forDir(dirname(file));
  }
}

/** Reads a config file into plain data. Throws ConfigError with the file and the position at fault. */
export function readConfigFile(path: string): unknown {
  // Only a regular file is read: a FIFO named .meshlint.yaml must not hang the run.
  const read = readRegularFile(path);
  if (!read.ok) {
    const hint = read.why === 'permission denied' ? ' (make it readable)' : /directory|regular/.test(read.why) ? '; the configuration must be a regular file' : '';
    throw new ConfigError(path, '', `cannot read the file: ${read.why}${hint}`);
  }
  const text = read.bytes.toString('utf8');
  if (/\.(js|cjs|mjs|ts)$/i.test(path)) {
    throw new ConfigError(path, '', 'configuration is data only: use .meshlint.yaml or .meshlint.json');
  }
  const plain = plainConfig(text);
  if (plain !== undefined) return plain;
  // Held to the limits of YAML inside values before it is composed: a config with a thousand
  // levels of brackets, an alias bomb or a hundred thousand keys is a config error, not a crash
  // or a minute of work. Keys are checked for duplicates here, once each (the yaml package
  // compares each key with every key before it).
  const lineCounter = new LineCounter();
  const at = (offset: number): string => {
    const pos = lineCounter.linePos(offset);
    return pos.line > 0 ? `line ${pos.line}, column ${pos.col}` : '';
  };
  const parsed = parseYamlWithinLimits(text, { uniqueKeys: false, prettyErrors: false, lineCounter });
  if ('problem' in parsed) throw new ConfigError(path, at(parsed.problem.offset), `the configuration is ${parsed.problem.message}`);
  const err = parsed.doc.errors[0];
  if (err) throw new ConfigError(path, at(err.pos[0]), err.message.split('\n')[0] ?? 'invalid YAML');
  const problem = firstProblem(parsed.doc.contents, new Set());
  if (problem) throw new ConfigError(path, at(problem.offset), problem.message);
  return plainValue(parsed.doc);
}

/**
 * What YAML 1.2 (the `yaml` package, which reads configs) and go-yaml v2 (the typing of the fast
 * path, events.ts) may read apart, or what the `yaml` path checks against its limits: plain
 * yes/no/on/off/y/n, null and ~, numbers with a leading zero, an underscore, 0b or 0o, .inf and
 * .nan, dates; anchors, aliases, tags, merge keys, directives, tabs. Matched anywhere, quoted or not:
 * a false match only sends the config the `yaml` way.
 */
const READ_APART = /(?:^|[^\w.-])(?:[yYnN~]|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[Nn]ull|NULL|[-+]?\.?[0-9][0-9.]*_[0-9._]*|[-+]?0[0-9bBoO][0-9a-fA-F._]*|[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2})(?![\w.-])|[&*!%\t]|<</;

/**
 * A config as plain data by the fast path, when it reads it exactly as the `yaml` path does
 * (see READ_APART) and it is a mapping within the limits, with no key written twice; else
 * undefined, and the `yaml` path reads it (and reports what is wrong, where). The fast path is
 * the one the lint uses: a run with a config then compiles none of the `yaml` package's code.
 */
function plainConfig(text: string): Record<string, unknown> | undefined {
  if (READ_APART.test(text) || sizeProblem(text)) return undefined;
  const fast = parseFast(text, 0);
  if (fast.kind !== 'value' || fast.duplicateKeys.length > 0) return undefined;
  const value = fast.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !withinStrings(value)) return undefined;
  return value as Record<string, unknown>;
}

/** No key or string longer than MAX_CONFIG_STRING (the `yaml` path says where one is). */
function withinStrings(v: unknown): boolean {
  if (typeof v === 'string') return v.length <= MAX_CONFIG_STRING;
  if (Array.isArray(v)) return v.every(withinStrings);
  if (v !== null && typeof v === 'object') return Object.entries(v).every(([k, x]) => k.length <= MAX_CONFIG_STRING && withinStrings(x));
  return true;
}

/**
 * The longest string a config holds: names, paths, label selectors and ignore patterns are all
 * far shorter (a path is at most 4,096 bytes on Linux). Ignore patterns become regular
 * expressions, and V8 refuses to compile very large ones: a 500,000-character pattern was an
 * uncaught "Regular expression too large".
 */
export const MAX_CONFIG_STRING = 4096;

/**
 * The first problem of a config's structure, in the order the yaml package meets nodes (a key's
 * own contents, then the key, then its value): a key written twice in one mapping, a string
 * longer than MAX_CONFIG_STRING, or an alias with no anchor before it (the yaml package composes
 * it without an error and throws when it converts the document). Scalar keys are equal when their
 * values are; a set per mapping keeps this linear. The guard has bounded the nesting, so the walk
 * may recurse.
 */
function firstProblem(node: unknown, anchors: Set<string>): { readonly offset: number; readonly message: string } | undefined {
  if (isAlias(node)) {
    return anchors.has(node.source) ? undefined : { offset: node.range?.[0] ?? 0, message: `the alias *${node.source} names no anchor written before it` };
  }
  const anchor = (node as { anchor?: unknown } | null)?.anchor;
  if (typeof anchor === 'string' && anchor !== '') anchors.add(anchor);
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'string' && v.length > MAX_CONFIG_STRING) {
      return { offset: node.range?.[0] ?? 0, message: `a string of ${v.length.toLocaleString('en-US')} characters; names, paths and patterns in the configuration are at most ${MAX_CONFIG_STRING.toLocaleString('en-US')}` };
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const item of node.items) {
      const found = firstProblem(item, anchors);
      if (found) return found;
    }
    return undefined;
  }
  if (!isMap(node)) return undefined;
  const seen = new Set<unknown>();
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const inKey = firstProblem(pair.key, anchors);
    if (inKey) return inKey;
    if (isScalar(pair.key) && !Number.isNaN(pair.key.value)) {
      if (seen.has(pair.key.value)) return { offset: pair.key.range?.[0] ?? 0, message: 'Map keys must be unique' };
      seen.add(pair.key.value);
    }
    const inValue = firstProblem(pair.value, anchors);
    if (inValue) return inValue;
  }
  return undefined;
}

/**
 * The line of a key in a config file (`['istio', 'cni']`), for pointing at a setting the config
 * states; undefined when the file cannot be read or parsed, or does not hold the key.
 */
export function configKeyLine(path: string, keys: readonly string[]): number | undefined {
  const read = readRegularFile(path);
  if (!read.ok) return undefined;
  const lineCounter = new LineCounter();
  const parsed = parseYamlWithinLimits(read.bytes.toString('utf8'), { uniqueKeys: false, prettyErrors: false, lineCounter });
  if ('problem' in parsed || parsed.doc.errors.length > 0) return undefined;
  let node: unknown = parsed.doc.contents;
  let start: number | undefined;
  for (const key of keys) {
    if (!isMap(node)) return undefined;
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (!pair) return undefined;
    start = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    node = pair.value;
  }
  return start === undefined ? undefined : lineCounter.linePos(start).line || undefined;
}
