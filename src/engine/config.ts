// The configuration: plain data (YAML or JSON), validated key by key. Never code.
import type { MeshSettings } from '../model/facts.ts';
import { parseIstioVersion } from '../model/istio-version.ts';
import type { RuleLevel, Severity } from '../types.ts';
import type { MeshlintRule } from './rule-api.ts';
import { dirname, resolve } from 'node:path';
import { isInside } from '../load/boundary.ts';
import { suggestKey, validateAgainst, type JSONSchema4 } from './schema.ts';

export interface RuleSetting {
  readonly level: RuleLevel;
  readonly options: readonly unknown[];
}

export interface Config {
  /** The file the config came from, if any. */
  readonly filePath: string | undefined;
  readonly rules: Readonly<Record<string, RuleSetting>>;
  readonly ignorePatterns: readonly string[];
  readonly defaultNamespace: string | undefined;
  readonly namespaces: Readonly<Record<string, { readonly labels: Readonly<Record<string, string>> }>>;
  readonly istio: MeshSettings;
  readonly helm: HelmSettings;
  readonly kustomize: KustomizeSettings;
  /**
   * Files and directories read for facts only (namespaces, injection webhooks, mesh config):
   * nothing is reported on them. Absolute (the config file's are relative to its folder).
   */
  readonly context: readonly string[];
  /** The baseline file (absolute; the config file's is relative to its folder): findings it holds are not reported. */
  readonly baseline?: string;
}

/** One chart to render: paths are absolute (the config file's are relative to its folder). */
export interface ChartSetting {
  readonly path: string;
  readonly release: string | undefined;
  readonly namespace: string | undefined;
  /** Values files for every render. */
  readonly values: readonly string[];
  /** One render per set, each with these values files after `values`; empty: one render. */
  readonly valuesSets: readonly (readonly string[])[];
  readonly set: readonly string[];
  readonly kubeVersion: string | undefined;
  readonly apiVersions: readonly string[];
}

export interface HelmSettings {
  /** Render the charts found in linted directories (with their own values) instead of reporting them. */
  readonly renderCharts: boolean;
  readonly charts: readonly ChartSetting[];
}

export interface KustomizeSettings {
  /** Overlay directories to build whenever meshlint runs over the folders that hold them. */
  readonly overlays: readonly string[];
}

export class ConfigError extends Error {
  constructor(
    readonly file: string | undefined,
    readonly key: string,
    readonly problem: string,
  ) {
    super(`${file ?? 'configuration'}: ${key ? `${key}: ` : ''}${problem}`);
  }
}

export const EMPTY_CONFIG: Config = {
  filePath: undefined,
  rules: {},
  ignorePatterns: [],
  defaultNamespace: undefined,
  namespaces: {},
  istio: {},
  helm: { renderCharts: false, charts: [] },
  kustomize: { overlays: [] },
  context: [],
};

const TOP_KEYS = ['rules', 'ignorePatterns', 'defaultNamespace', 'namespaces', 'istio', 'helm', 'kustomize', 'context', 'baseline'] as const;
const ISTIO_KEYS = [
  'version', 'revisions', 'revisionTags', 'enableNamespacesByDefault', 'injectionPolicy',
  'nativeSidecars', 'cni', 'holdApplicationUntilProxyStarts',
] as const;
/** Kubernetes label names and values (RFC 1123 subdomain prefix, qualified name). */
const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Helm's release names (pkg/chartutil ValidateReleaseName): a DNS subdomain of at most 53 characters. */
export const HELM_RELEASE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
export const HELM_RELEASE_MAX = 53;
/** `--kube-version` as Helm parses it (a semantic version, "v" optional). */
export const KUBE_VERSION = /^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
/** `--api-versions`: group/version, or group/version/Kind. */
export const API_VERSION = /^[A-Za-z0-9][A-Za-z0-9.-]*(\/[A-Za-z0-9][A-Za-z0-9.-]*){0,2}$/;

/** Whether a value may be passed to Helm as a release name. */
export function isHelmReleaseName(v: string): boolean {
  return v.length <= HELM_RELEASE_MAX && HELM_RELEASE_NAME.test(v);
}

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

/**
 * Validates raw config data against the known rules. Throws ConfigError naming the file and
 * key. A config is data from the repository it sits in, so it may not name a program to run
 * (renderer binaries come from the command line or the environment) nor a path outside
 * `scope.root` (default: the config file's folder), and every value handed to a renderer is
 * checked for what it is.
 */
export function validateConfig(raw: unknown, file: string | undefined, rules: ReadonlyMap<string, MeshlintRule>, scope?: ConfigScope): Config {
  if (raw === null || raw === undefined) return { ...EMPTY_CONFIG, filePath: file };
  if (!isObj(raw)) throw new ConfigError(file, '', 'the configuration must be a mapping (key: value pairs)');
  for (const key of Object.keys(raw)) {
    if (!(TOP_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(file, key, `unknown key${suggestKey(key, TOP_KEYS)}; known keys: ${TOP_KEYS.join(', ')}`);
    }
  }
  const rulesOut: Record<string, RuleSetting> = {};
  if (raw.rules !== undefined) {
    if (!isObj(raw.rules)) throw new ConfigError(file, 'rules', 'must be a mapping of rule id to level');
    for (const [id, setting] of Object.entries(raw.rules)) {
      rulesOut[id] = parseRuleSetting(id, setting, rules, file, `rules.${id}`);
    }
  }
  const ignorePatterns = stringList(raw.ignorePatterns, file, 'ignorePatterns');
  let defaultNamespace: string | undefined;
  if (raw.defaultNamespace !== undefined) {
    if (typeof raw.defaultNamespace !== 'string' || !NAMESPACE_NAME.test(raw.defaultNamespace)) {
      throw new ConfigError(file, 'defaultNamespace', 'must be a namespace name (lowercase letters, digits and "-")');
    }
    defaultNamespace = raw.defaultNamespace;
  }
  const namespaces: Record<string, { labels: Record<string, string> }> = {};
  if (raw.namespaces !== undefined) {
    if (!isObj(raw.namespaces)) throw new ConfigError(file, 'namespaces', 'must be a mapping of namespace name to { labels: … }');
    for (const [name, ns] of Object.entries(raw.namespaces)) {
      const key = `namespaces.${name}`;
      if (!NAMESPACE_NAME.test(name)) throw new ConfigError(file, key, 'is not a valid namespace name');
      if (ns === null) {
        namespaces[name] = { labels: {} };
        continue;
      }
      if (!isObj(ns)) throw new ConfigError(file, key, 'must be a mapping with a "labels" key');
      for (const k of Object.keys(ns)) if (k !== 'labels') throw new ConfigError(file, `${key}.${k}`, 'unknown key; a namespace takes only "labels"');
      const labels: Record<string, string> = {};
      if (ns.labels !== undefined) {
        if (!isObj(ns.labels)) throw new ConfigError(file, `${key}.labels`, 'must be a mapping of label to value');
        for (const [lk, lv] of Object.entries(ns.labels)) {
          if (typeof lv !== 'string') {
            throw new ConfigError(file, `${key}.labels.${lk}`, `label values are strings: quote it ("${String(lv)}")`);
          }
          labels[lk] = lv;
        }
      }
      namespaces[name] = { labels };
    }
  }
  for (const [i, p] of ignorePatterns.entries()) {
    if (p.split(/[\\/]/).includes('..')) throw new ConfigError(file, `ignorePatterns[${i}]`, `"${p}" reaches above the config file's folder; ignore patterns are relative to it`);
  }
  const istio = parseIstio(raw.istio, file);
  const base = file ? dirname(file) : process.cwd();
  const inRepo = insideRepository(file, scope?.root ?? base, base);
  const helm = parseHelm(raw.helm, file, inRepo);
  const kustomize = parseKustomize(raw.kustomize, file, inRepo);
  const context = stringList(raw.context, file, 'context').map((p, i) => inRepo(p, `context[${i}]`));
  if (raw.baseline !== undefined && (typeof raw.baseline !== 'string' || raw.baseline === '')) {
    throw new ConfigError(file, 'baseline', 'must be the path of a baseline file (written by meshlint --write-baseline FILE)');
  }
  const baseline = raw.baseline === undefined ? {} : { baseline: inRepo(raw.baseline, 'baseline') };
  return { filePath: file, rules: rulesOut, ignorePatterns, defaultNamespace, namespaces, istio, helm, kustomize, context, ...baseline };
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

function stringList(v: unknown, file: string | undefined, key: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new ConfigError(file, key, 'must be a list of strings');
  return v as string[];
}

function parseIstio(v: unknown, file: string | undefined): MeshSettings {
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw new ConfigError(file, 'istio', 'must be a mapping');
  const out: { -readonly [K in keyof MeshSettings]: MeshSettings[K] } = {};
  for (const [k, val] of Object.entries(v)) {
    const key = `istio.${k}`;
    switch (k) {
      case 'version': {
        const text = typeof val === 'number' ? String(val) : val;
        if (typeof text !== 'string' || !parseIstioVersion(text)) {
          throw new ConfigError(file, key, 'must be an Istio version such as "1.27" or "1.26.3" (quote it: 1.30 unquoted is the number 1.3)');
        }
        // The number has already lost what was written (1.30 is read as 1.3): never suggest it as the fix.
        if (typeof val === 'number') {
          throw new ConfigError(file, key, `quote the version, e.g. version: "1.30": YAML reads it unquoted as the number ${text}, dropping trailing zeros (1.30 becomes 1.3)`);
        }
        out.version = text;
        break;
      }
      case 'revisions':
        out.revisions = stringList(val, file, key);
        break;
      case 'revisionTags':
        if (!isObj(val) || Object.values(val).some((x) => typeof x !== 'string')) {
          throw new ConfigError(file, key, 'must map each tag to the revision it points at, e.g. { prod: canary }');
        }
        out.revisionTags = val as Record<string, string>;
        break;
      case 'enableNamespacesByDefault':
      case 'cni':
      case 'holdApplicationUntilProxyStarts':
        if (typeof val !== 'boolean') throw new ConfigError(file, key, 'must be true or false');
        out[k] = val;
        break;
      case 'injectionPolicy':
        if (val !== 'enabled' && val !== 'disabled') throw new ConfigError(file, key, 'must be "enabled" or "disabled"');
        out.injectionPolicy = val;
        break;
      case 'nativeSidecars': {
        const s = typeof val === 'boolean' ? String(val) : val;
        if (s !== 'true' && s !== 'false' && s !== 'auto') throw new ConfigError(file, key, 'must be true, false or "auto"');
        out.nativeSidecars = s;
        break;
      }
      default:
        throw new ConfigError(file, key, `unknown key${suggestKey(k, ISTIO_KEYS)}; known keys: ${ISTIO_KEYS.join(', ')}`);
    }
  }
  return out;
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

const STRINGS: JSONSchema4 = { type: 'array', items: { type: 'string' } };
const HELM_SCHEMA: JSONSchema4 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    renderCharts: { type: 'boolean' },
    charts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path'],
        properties: {
          path: { type: 'string' },
          release: { type: 'string' },
          namespace: { type: 'string' },
          values: STRINGS,
          valuesSets: { type: 'array', items: STRINGS },
          set: STRINGS,
          kubeVersion: { type: 'string' },
          apiVersions: STRINGS,
        },
      },
    },
  },
};
const KUSTOMIZE_SCHEMA: JSONSchema4 = {
  type: 'object',
  additionalProperties: false,
  properties: { overlays: STRINGS },
};

function checked<T>(schema: JSONSchema4, v: unknown, file: string | undefined, key: string): T {
  const errors = validateAgainst(schema, v, key);
  if (errors.length > 0) throw new ConfigError(file, '', errors.join('; '));
  return v as T;
}

/** A renderer binary named in a config: refused, saying where the binary may come from. */
function refuseBinary(v: unknown, file: string | undefined, section: 'helm' | 'kustomize'): void {
  if (v === null || typeof v !== 'object' || !('binary' in v)) return;
  const [flag, variable] = section === 'helm' ? ['--helm-binary', 'MESHLINT_HELM'] : ['--kustomize-binary', 'MESHLINT_KUSTOMIZE'];
  throw new ConfigError(file, `${section}.binary`, `a configuration cannot name a program to run (a repository's config would choose what meshlint executes); pass ${flag} PATH or set ${variable} instead`);
}

function parseHelm(v: unknown, file: string | undefined, inRepo: RepoPath): HelmSettings {
  if (v === undefined || v === null) return EMPTY_CONFIG.helm;
  refuseBinary(v, file, 'helm');
  type Raw = { renderCharts?: boolean; charts?: { path: string; release?: string; namespace?: string; values?: string[]; valuesSets?: string[][]; set?: string[]; kubeVersion?: string; apiVersions?: string[] }[] };
  const raw = checked<Raw>(HELM_SCHEMA, v, file, 'helm');
  return {
    renderCharts: raw.renderCharts ?? false,
    charts: (raw.charts ?? []).map((c, i) => {
      const key = `helm.charts[${i}]`;
      if (c.namespace !== undefined && !NAMESPACE_NAME.test(c.namespace)) throw new ConfigError(file, `${key}.namespace`, 'is not a valid namespace name');
      if (c.release !== undefined && !isHelmReleaseName(c.release)) {
        throw new ConfigError(file, `${key}.release`, `is not a Helm release name (lowercase letters, digits, "-" and ".", at most ${HELM_RELEASE_MAX} characters)`);
      }
      if (c.kubeVersion !== undefined && !KUBE_VERSION.test(c.kubeVersion)) throw new ConfigError(file, `${key}.kubeVersion`, 'must be a Kubernetes version such as "1.31" or "v1.31.2"');
      for (const [j, a] of (c.apiVersions ?? []).entries()) {
        if (!API_VERSION.test(a)) throw new ConfigError(file, `${key}.apiVersions[${j}]`, 'must be group/version or group/version/Kind, e.g. "monitoring.coreos.com/v1"');
      }
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
    }),
  };
}

function parseKustomize(v: unknown, file: string | undefined, inRepo: RepoPath): KustomizeSettings {
  if (v === undefined || v === null) return EMPTY_CONFIG.kustomize;
  refuseBinary(v, file, 'kustomize');
  const raw = checked<{ overlays?: string[] }>(KUSTOMIZE_SCHEMA, v, file, 'kustomize');
  return { overlays: (raw.overlays ?? []).map((p, i) => inRepo(p, `kustomize.overlays[${i}]`)) };
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
