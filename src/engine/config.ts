// The configuration: plain data (YAML or JSON), validated key by key. Never code.
import { parseIstioVersion } from '../model/install/istio-version.ts';
import type { RuleLevel, Severity } from '../common/types.ts';
import type { MeshlintRule } from './rule-api.ts';
import { dirname, resolve } from 'node:path';
import { isInside } from '../load/boundary.ts';
import { CONFIG_SCHEMA_AFTER_RULES, schemaProblem, suggestKey, validateAgainst } from './schema.ts';
import {
  ConfigError, DIFF_FAIL_ON, EMPTY_CONFIG, isHelmReleaseName,
  type ChartSetting, type Config, type DiffFailOn, type HelmSettings, type KustomizeSettings, type MeshSettings, type RuleSetting,
} from '../common/config.ts';
// Its shape (the types, the empty config, ConfigError) is common/config.ts, below the layers
// that read a config; it is re-exported here beside the validation.
export {
  ConfigError, DIFF_FAIL_ON, EMPTY_CONFIG, HELM_RELEASE_MAX, HELM_RELEASE_NAME, isHelmReleaseName,
  type ChartSetting, type Config, type DiffFailOn, type DiffSettings, type HelmSettings, type KustomizeSettings, type MeshSettings, type RuleSetting,
} from '../common/config.ts';

/** Kubernetes label names and values (RFC 1123 subdomain prefix, qualified name). */
const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The repository a config may reach into; see validateConfig. */
export interface ConfigScope {
  /** Absolute path of the repository holding the config file: every path it names stays inside. */
  readonly root: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseLevel(v: unknown): RuleLevel | undefined {
  if (v === 'off' || v === 0) return 'off';
  if (v === 'warn' || v === 'warning' || v === 1) return 'warn';
  if (v === 'error' || v === 2) return 'error';
  return undefined;
}

export function levelToSeverity(level: RuleLevel): Severity | undefined {
  return level === 'error' ? 2 : level === 'warn' ? 1 : undefined;
}

/** The raw config once the schema has accepted it. */
interface RawConfig {
  rules?: Record<string, unknown>;
  ignorePatterns?: string[];
  defaultNamespace?: string;
  namespaces?: Record<string, { labels?: Record<string, string> } | null>;
  istio?: (Omit<MeshSettings, 'nativeSidecars'> & { nativeSidecars?: boolean | 'true' | 'false' | 'auto' }) | null;
  helm?: { renderCharts?: boolean; charts?: RawChart[]; chartsDir?: string } | null;
  kustomize?: { overlays?: string[]; renderOverlays?: boolean } | null;
  context?: string[];
  baseline?: string;
  diff?: { failOn?: DiffFailOn[] } | null;
}

interface RawChart {
  path: string;
  release?: string;
  namespace?: string;
  values?: string[];
  valuesSets?: string[][];
  set?: string[];
  kubeVersion?: string;
  apiVersions?: string[];
}

/**
 * Validates raw config data: its shape, types, enums and keys against the JSON Schema shipped
 * as schema/meshlint.schema.json, each rule's options against the rule's `meta.schema`, then
 * what a schema cannot say. Throws ConfigError naming the file and key. A config is data from
 * the repository it sits in, so it may not name a program to run (renderer binaries come from
 * the command line or the environment) nor a path outside `scope.root` (default: the config
 * file's folder).
 */
export function validateConfig(raw: unknown, file: string | undefined, rules: ReadonlyMap<string, MeshlintRule>, scope?: ConfigScope): Config {
  if (raw === null || raw === undefined) return { ...EMPTY_CONFIG, filePath: file };
  if (!isObj(raw)) throw new ConfigError(file, '', 'the configuration must be a mapping (key: value pairs)');
  // Rules first: an unknown rule id is named with the nearest known one, and options are checked against the rule's own schema.
  const rulesOut: Record<string, RuleSetting> = {};
  if (isObj(raw.rules)) {
    for (const [id, setting] of Object.entries(raw.rules)) rulesOut[id] = parseRuleSetting(id, setting, rules, file, `rules.${id}`);
  }
  refuseBinary(raw.helm, file, 'helm');
  refuseBinary(raw.kustomize, file, 'kustomize');
  const problem = schemaProblem(CONFIG_SCHEMA_AFTER_RULES, raw, '');
  if (problem) throw new ConfigError(file, problem.key, problem.problem);
  const c = raw as RawConfig;

  const ignorePatterns = c.ignorePatterns ?? [];
  for (const [i, p] of ignorePatterns.entries()) {
    if (p.split(/[\\/]/).includes('..')) throw new ConfigError(file, `ignorePatterns[${i}]`, `"${p}" reaches above the config file's folder; ignore patterns are relative to it`);
  }
  const namespaces: Record<string, { labels: Record<string, string> }> = {};
  for (const [name, ns] of Object.entries(c.namespaces ?? {})) namespaces[name] = { labels: { ...(ns?.labels ?? {}) } };
  const base = file ? dirname(file) : process.cwd();
  const inRepo = insideRepository(file, scope?.root ?? base, base);
  const { nativeSidecars, ...istio } = c.istio ?? {};
  return {
    filePath: file,
    rules: rulesOut,
    ignorePatterns,
    defaultNamespace: c.defaultNamespace,
    namespaces,
    istio: {
      ...istio,
      ...(istio.version !== undefined ? { version: istio.version.trim() } : {}),
      ...(nativeSidecars !== undefined ? { nativeSidecars: String(nativeSidecars) as 'true' | 'false' | 'auto' } : {}),
      ...(istio.valuesFiles !== undefined ? { valuesFiles: istio.valuesFiles.map((p, i) => inRepo(p, `istio.valuesFiles[${i}]`)) } : {}),
    },
    helm: {
      renderCharts: c.helm?.renderCharts ?? false,
      ...(c.helm?.renderCharts === false ? { renderChartsDeclined: true as const } : {}),
      charts: (c.helm?.charts ?? []).map((chart, i) => chartSetting(chart, `helm.charts[${i}]`, inRepo)),
      ...(c.helm?.chartsDir !== undefined ? { chartsDir: inRepo(c.helm.chartsDir, 'helm.chartsDir') } : {}),
    },
    kustomize: {
      overlays: (c.kustomize?.overlays ?? []).map((p, i) => inRepo(p, `kustomize.overlays[${i}]`)),
      renderOverlays: c.kustomize?.renderOverlays ?? false,
      ...(c.kustomize?.renderOverlays === false ? { renderOverlaysDeclined: true as const } : {}),
    },
    context: (c.context ?? []).map((p, i) => inRepo(p, `context[${i}]`)),
    ...(c.baseline !== undefined ? { baseline: inRepo(c.baseline, 'baseline') } : {}),
    diff: { failOn: c.diff?.failOn ?? EMPTY_CONFIG.diff.failOn },
  };
}

export function parseRuleSetting(id: string, setting: unknown, rules: ReadonlyMap<string, MeshlintRule>, file: string | undefined, key: string): RuleSetting {
  const rule = rules.get(id);
  if (!rule) throw new ConfigError(file, key, `unknown rule${suggestKey(id, [...rules.keys()])}; run "meshlint rules" for the list`);
  const [levelRaw, ...options] = Array.isArray(setting) ? setting : [setting];
  const level = parseLevel(levelRaw);
  if (!level) throw new ConfigError(file, key, `level must be "off", "warn" or "error" (got ${JSON.stringify(levelRaw)})`);
  const errors = validateAgainst(rule.meta.schema as never, options, 'options');
  if (errors.length > 0) throw new ConfigError(file, key, errors.join('; '));
  return { level, options };
}

/** Resolves a path the config names, relative to its folder; one outside the repository is a config error. */
type RepoPath = (p: string, key: string) => string;

function insideRepository(file: string | undefined, root: string, base: string): RepoPath {
  return (p, key) => {
    const abs = resolve(base, p);
    if (!isInside(root, abs)) {
      throw new ConfigError(file, key, `"${p}" is outside the repository (${root === base ? "the config file's folder" : 'the folder holding .git'}); a config names only paths inside it. Pass such paths on the command line instead`);
    }
    return abs;
  };
}

/** A renderer binary named in a config: refused, saying where the binary may come from. */
function refuseBinary(v: unknown, file: string | undefined, section: 'helm' | 'kustomize'): void {
  if (v === null || typeof v !== 'object' || !('binary' in v)) return;
  const [flag, variable] = section === 'helm' ? ['--helm-binary', 'MESHLINT_HELM'] : ['--kustomize-binary', 'MESHLINT_KUSTOMIZE'];
  throw new ConfigError(file, `${section}.binary`, `a configuration cannot name a program to run (a repository's config would choose what meshlint executes); pass ${flag} PATH or set ${variable} instead`);
}

function chartSetting(c: RawChart, key: string, inRepo: RepoPath): ChartSetting {
  return {
    path: inRepo(c.path, `${key}.path`),
    release: c.release,
    namespace: c.namespace,
    values: (c.values ?? []).map((p, j) => inRepo(p, `${key}.values[${j}]`)),
    valuesSets: (c.valuesSets ?? []).map((set, j) => set.map((p, k) => inRepo(p, `${key}.valuesSets[${j}][${k}]`))),
    set: c.set ?? [],
    kubeVersion: c.kubeVersion,
    apiVersions: c.apiVersions ?? [],
  };
}

/** Applies command-line overrides (`--rule`, `--namespace`, `--istio-version`) over the file's config. */
export function withOverrides(
  config: Config,
  o: { readonly rules?: readonly string[]; readonly namespace?: string; readonly istioVersion?: string },
  rules: ReadonlyMap<string, MeshlintRule>,
): Config {
  const ruleSettings: Record<string, RuleSetting> = { ...config.rules };
  for (const spec of o.rules ?? []) {
    const m = /^([\w-]+)\s*[=:]\s*(.+)$/.exec(spec.trim());
    if (!m) throw new ConfigError('--rule', spec, 'expected id=level, e.g. --rule duplicate-key=off');
    const [, id = '', rest = ''] = m;
    // 0, 1 and 2 are levels in the config file too (ESLint's numbers).
    let setting: unknown = /^[012]$/.test(rest.trim()) ? Number(rest.trim()) : rest.trim();
    if (rest.trim().startsWith('[')) {
      try {
        setting = JSON.parse(rest);
      } catch {
        throw new ConfigError('--rule', spec, 'options must be a JSON array, e.g. --rule \'id=["warn", {"x": 1}]\'');
      }
    }
    ruleSettings[id] = parseRuleSetting(id, setting, rules, '--rule', id);
  }
  if (o.namespace !== undefined && !NAMESPACE_NAME.test(o.namespace)) {
    throw new ConfigError('--namespace', o.namespace, 'is not a valid namespace name');
  }
  if (o.istioVersion !== undefined && !parseIstioVersion(o.istioVersion)) {
    throw new ConfigError('--istio-version', o.istioVersion, 'must be an Istio version such as 1.27 or 1.26.3');
  }
  return {
    ...config,
    rules: ruleSettings,
    defaultNamespace: o.namespace ?? config.defaultNamespace,
    istio: o.istioVersion ? { ...config.istio, version: o.istioVersion } : config.istio,
  };
}

/** The level and options a rule runs with under this config. */
export function effectiveSetting(config: Config, rule: MeshlintRule): RuleSetting {
  return config.rules[rule.name] ?? { level: rule.meta.docs.defaultLevel, options: [] };
}
