// The MeshConfig and ProxyConfig schema as proxy-config.ts reads it (data/mesh-config-schema.json),
// paths inside a config, and the type checks of jsonpb: what it rejects, and the unknown fields
// it drops.
import { editDistance } from '../edit-distance.ts';
import { compareVersions, type IstioVersion } from '../install/istio-version.ts';
import schemaJson from '../data/mesh-config-schema.json' with { type: 'json' };

export interface ProxyConfigProblem {
  /** Where in the ProxyConfig, as written: `tracing.zipkin.address`, `extraStatTags[1]`, `proxyMetadata["a.b"]`. */
  readonly path: string;
  readonly message: string;
  /**
   * For an unknown field, the field it most likely meant, as a path from the ProxyConfig root;
   * for a value of the wrong type, the value to write instead when that is obvious (YAML/JSON text).
   */
  readonly suggestion?: string;
  /**
   * For an error: 'type' when the value's JSON type (or an enum name) is wrong, which a typed
   * schema such as a CRD's also refuses; 'value' when only its content is (a duration's text,
   * what Istio's validation refuses).
   */
  readonly kind?: 'type' | 'value';
}

// ---------------------------------------------------------------------------------------
// The MeshConfig and ProxyConfig schema, as data: data/mesh-config-schema.json, generated
// by scripts/gen-mesh-schema.ts from istio/api's protos (mesh/v1alpha1/config.proto,
// proxy.proto and the networking messages they use) at master and every release branch
// from release-1.18 on. Fields are keyed by their proto names in declaration order (jsonpb
// visits them in that order, which decides which member of a oneof wins); JSON names are
// derived as protoc does. `since` is the first release branch whose proto has the field, or
// the first patch tag of it when its x.y.0 tag lacks the field (`1.19.1`).
// Reserved (removed) names are kept per message: Istio ignores them like any unknown field.
// ---------------------------------------------------------------------------------------

/** Scalar kinds, named after their proto types; `any` is a type outside istio/api (google.protobuf.Struct), not checked. */
type ScalarKind = 'string' | 'bool' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'double' | 'BoolValue' | 'Int32Value' | 'UInt32Value' | 'Int64Value' | 'UInt64Value' | 'Duration' | 'any';

interface FieldSpec {
  /** A scalar kind, `enum:<Enum>`, or the name of a message of the schema. */
  readonly type: string;
  readonly repeated?: boolean;
  /** map<string, type> */
  readonly map?: boolean;
  readonly oneof?: string;
  /** "1.29": the first Istio release that knows the field; "1.19.1" when it came in a patch release. */
  readonly since?: string;
  readonly deprecated?: boolean;
}

interface SchemaData {
  readonly messages: Readonly<Record<string, { readonly fields: readonly (FieldSpec & { readonly name: string })[]; readonly reserved: readonly string[] }>>;
  readonly enums: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const SCHEMA_DATA = schemaJson as SchemaData;

/** Enum value names and numbers (jsonpb takes either), by enum name (`ClientTLSSettings.TLSmode`). */
export const PROXY_CONFIG_ENUMS: Readonly<Record<string, Readonly<Record<string, number>>>> = SCHEMA_DATA.enums;

/** Why a removed field is gone, where the proto's `reserved` alone does not say. */
const REMOVAL_NOTES: Readonly<Record<string, string>> = {
  'ProxyConfig.parent_shutdown_duration': 'was removed from ProxyConfig in Istio 1.17',
  'ProxyConfig.connect_timeout': 'is no longer a ProxyConfig field but a mesh-wide MeshConfig setting',
};

/** protoc's JSON name: drop each underscore and upper-case the letter after it. */
export function jsonName(protoName: string): string {
  return protoName.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/_/g, '');
}

export interface ResolvedField extends FieldSpec {
  readonly protoName: string;
  readonly jsonName: string;
}

/** The schema with JSON names resolved: message → fields in declaration order (MeshConfig, ProxyConfig and every message they use). */
export const PROXY_CONFIG_SCHEMA: ReadonlyMap<string, readonly ResolvedField[]> = new Map(
  Object.entries(SCHEMA_DATA.messages).map(([name, m]) => [
    name,
    m.fields.map(({ name: protoName, ...spec }) => ({ ...spec, protoName, jsonName: jsonName(protoName) })),
  ]),
);

/** Removed names of a message (proto and JSON spelling) → what to say about them. */
const REMOVED: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(SCHEMA_DATA.messages).map(([name, m]) => [
    name,
    new Map(m.reserved.flatMap((r) => {
      const note = REMOVAL_NOTES[`${name}.${r}`] ?? `was removed from ${shortName(name)}`;
      return [[r, note], [jsonName(r), note]] as const;
    })),
  ]),
);

function shortName(message: string): string {
  return message.replace(/^.*\./, '');
}

function fieldsOf(message: string): readonly ResolvedField[] {
  return PROXY_CONFIG_SCHEMA.get(message) ?? [];
}

// ---------------------------------------------------------------------------------------
// Paths inside the ProxyConfig text.
// ---------------------------------------------------------------------------------------

export type ConfigPath = readonly (string | number)[];

/** `tracing.zipkin.address`, `extraStatTags[1]`, `proxyMetadata["my.key"]`. */
export function formatConfigPath(path: ConfigPath): string {
  let out = '';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(step)) out += out === '' ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}

/** The inverse of formatConfigPath. */
export function parseConfigPath(text: string): ConfigPath {
  const out: (string | number)[] = [];
  const re = /\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(m[3]) as string);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Values, as problems describe them.
// ---------------------------------------------------------------------------------------

export const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (isMapping(v)) return 'a mapping';
  if (typeof v === 'string') return `the string ${quoted(v)}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

/** An enum's names for a message, or "the <Enum> names" when they would not fit in one. */
function enumNames(name: string, values: Readonly<Record<string, number>>): string {
  const names = Object.keys(values).join(', ');
  return names.length <= 60 ? names : `the ${name} names`;
}

/** A string as a message quotes it: cut after 40 characters. */
export function quoted(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

// ---------------------------------------------------------------------------------------
// Type checks (what jsonpb rejects) and unknown fields (what it drops).
// ---------------------------------------------------------------------------------------

export interface Collector {
  readonly version: IstioVersion | undefined;
  readonly errors: ProxyConfigProblem[];
  readonly unknownFields: ProxyConfigProblem[];
  /** Keys and list items still to visit: a hostile config is read only this far. */
  budget: number;
}

/** At most this many keys and list items are checked per config; no real one comes near it. */
export const VISIT_BUDGET = 50_000;

/** At most this many problems of each kind are kept per config. */
const MAX_PROBLEMS = 100;

export function addProblem(list: ProxyConfigProblem[], p: ProxyConfigProblem): void {
  if (list.length < MAX_PROBLEMS) list.push(p);
}

const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-2147483648, 2147483647],
  Int32Value: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  UInt32Value: [0, 4294967295],
  int64: [-9223372036854775808, 9223372036854775807],
  Int64Value: [-9223372036854775808, 9223372036854775807],
  uint64: [0, 18446744073709551615],
  UInt64Value: [0, 18446744073709551615],
};

/** jsonpb strips the quotes of a string given for a number and parses the rest as a JSON number. */
export function numericStringContent(s: string): number | undefined {
  // Trimmed by scanning: a pattern for trailing spaces retries at every space of a long run.
  const space = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
  let start = 0;
  let end = s.length;
  while (start < end && space(s[start])) start++;
  while (end > start && space(s[end - 1])) end--;
  const inner = s.slice(start, end);
  if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(inner)) return undefined;
  return Number(inner);
}

function knownIn(field: ResolvedField, version: IstioVersion | undefined): boolean {
  if (!field.since || !version) return true;
  const [major = 1, minor = 0, patch = 0] = field.since.split('.').map(Number);
  // A field backported after x.y.0 (since "1.19.1") is known from that patch on.
  return compareVersions(version, { major, minor, patch, text: field.since }) >= 0;
}

/** The field a key names (JSON name or proto name, exactly as written). */
function fieldFor(message: string, key: string): ResolvedField | undefined {
  return fieldsOf(message).find((f) => f.jsonName === key || f.protoName === key);
}

/** The field a key names in a message, when the Istio version knows it. */
function knownFieldFor(message: string, key: string, version: IstioVersion | undefined): ResolvedField | undefined {
  const f = fieldFor(message, key);
  return f && knownIn(f, version) ? f : undefined;
}

/** Keys of the istiod chart's values that are sometimes nested under meshConfig by mistake. */
const HELM_VALUE_KEYS: ReadonlySet<string> = new Set([
  'global', 'pilot', 'sidecarInjectorWebhook', 'revision', 'revisionTags', 'telemetry', 'gateways', 'cni', 'istio_cni',
  'base', 'istiodRemote', 'ztunnel', 'meshConfig', 'values', 'env', 'defaults', '_internal_defaults_do_not_set',
]);

/** Keys of MeshConfig that istiod reads only in their JSON spelling (extractYamlField in pkg/config/mesh/mesh.go). */
const JSON_NAME_ONLY: ReadonlySet<string> = new Set(['default_config', 'default_providers']);

const ENV_VARIABLE = /^(?:ISTIO_|PILOT_|ENVOY_|DNS_|PROXY_)[A-Z0-9_]*$/;

/** The known field an unknown key most likely meant, as a path from the root. */
function closestField(key: string, message: string, at: ConfigPath, version: IstioVersion | undefined): string | undefined {
  // Inside a mesh config, a ProxyConfig field may also be meant (under defaultConfig).
  const pools: { message: string; at: ConfigPath }[] = [{ message, at }];
  if (message === 'MeshConfig') pools.push({ message: 'ProxyConfig', at: [...at, 'defaultConfig'] });
  let best: { field: ResolvedField; at: ConfigPath } | undefined;
  let bestDist = Infinity;
  const lower = key.toLowerCase();
  for (const pool of pools) {
    for (const f of fieldsOf(pool.message)) {
      if (!knownIn(f, version)) continue;
      const d = Math.min(editDistance(lower, f.jsonName.toLowerCase()), editDistance(lower, f.protoName));
      if (d < bestDist) {
        bestDist = d;
        best = { field: f, at: pool.at };
      }
    }
  }
  // The same threshold as suggestKey (src/engine/schema.ts).
  if (best && bestDist <= Math.max(2, Math.floor(key.length / 4))) return formatConfigPath([...best.at, best.field.jsonName]);
  // An environment variable written at the top level instead of under proxyMetadata.
  if (message === 'ProxyConfig' && ENV_VARIABLE.test(key)) return formatConfigPath([...at, 'proxyMetadata', key]);
  if (message === 'MeshConfig' && ENV_VARIABLE.test(key)) return formatConfigPath([...at, 'defaultConfig', 'proxyMetadata', key]);
  // A field of a nested message written one level too high (imageType instead of image.imageType).
  for (const f of fieldsOf(message)) {
    if (f.repeated || f.map || !PROXY_CONFIG_SCHEMA.has(f.type)) continue;
    const inner = fieldsOf(f.type).find((g) => g.jsonName === key || g.protoName === key);
    if (inner && knownIn(f, version) && knownIn(inner, version)) return formatConfigPath([...at, f.jsonName, inner.jsonName]);
  }
  return undefined;
}

/** What to say of a key that is not a field of its message: the message and the field it likely meant. */
function unknownField(key: string, message: string, at: ConfigPath, field: ResolvedField | undefined, c: Collector): ProxyConfigProblem {
  const here = formatConfigPath([...at, key]);
  const inMesh = at.length === 1 && at[0] === 'defaultConfig';
  // ProxyConfig and MeshConfig fields written on the wrong level of a mesh config.
  if (message === 'MeshConfig' && at.length === 0) {
    const proxy = knownFieldFor('ProxyConfig', key, c.version);
    if (proxy) return { path: here, message: `${here} is a ProxyConfig field, which belongs under defaultConfig`, suggestion: formatConfigPath(['defaultConfig', proxy.jsonName]) };
    if (HELM_VALUE_KEYS.has(key)) return { path: here, message: `${here} is a Helm value of the istiod chart, not a MeshConfig field` };
  }
  if (message === 'ProxyConfig' && inMesh) {
    const mesh = knownFieldFor('MeshConfig', key, c.version);
    if (mesh) return { path: here, message: `${here} is a MeshConfig field, which belongs at the top level, not under defaultConfig`, suggestion: formatConfigPath([mesh.jsonName]) };
  }
  const removed = REMOVED.get(message)?.get(key);
  if (removed) return { path: here, message: `${here} ${removed}` };
  const newer = field && c.version ? ` in Istio ${c.version.text}, only from ${field.since}` : '';
  const what = `${here} is not a field of ${shortName(message)}${newer}`;
  const suggestion = field ? undefined : closestField(key, message, at, c.version);
  return suggestion ? { path: here, message: what, suggestion } : { path: here, message: what };
}

export function checkMessage(v: unknown, message: string, at: ConfigPath, c: Collector): void {
  if (!isMapping(v)) {
    addProblem(c.errors, { path: formatConfigPath(at), message: `${formatConfigPath(at)} must be a mapping of ${shortName(message)} fields, not ${describe(v)}`, kind: 'type' });
    return;
  }
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    if (--c.budget < 0) return;
    const value = v[key];
    const here = [...at, key];
    const field = fieldFor(message, key);
    if (!field || !knownIn(field, c.version)) {
      if (c.unknownFields.length < MAX_PROBLEMS) addProblem(c.unknownFields, unknownField(key, message, at, field, c));
      continue;
    }
    // When both the JSON and the proto name are written, jsonpb keeps the JSON name's value.
    if (key === field.protoName && field.protoName !== field.jsonName && field.jsonName in v) {
      addProblem(c.unknownFields, { path: formatConfigPath(here), message: `${formatConfigPath(here)} is written next to ${field.jsonName}, whose value wins` });
      continue;
    }
    // istiod decodes default_config (so its values must be valid) but then reads only defaultConfig.
    if (message === 'MeshConfig' && at.length === 0 && JSON_NAME_ONLY.has(key)) {
      addProblem(c.unknownFields, { path: formatConfigPath(here), message: `${formatConfigPath(here)} is read only when spelled ${field.jsonName}`, suggestion: formatConfigPath([field.jsonName]) });
    }
    checkField(value, field, here, c);
  }
}

function checkField(v: unknown, field: ResolvedField, at: ConfigPath, c: Collector): void {
  if (v === null) return; // jsonpb skips null: the default stays
  if (field.type === 'any') return;
  if (field.repeated) {
    if (!Array.isArray(v)) {
      addProblem(c.errors, { path: formatConfigPath(at), message: `${formatConfigPath(at)} must be a list, not ${describe(v)}`, kind: 'type' });
      return;
    }
    for (let i = 0; i < v.length; i++) {
      if (--c.budget < 0) return;
      if (v[i] !== null) checkSingular(v[i], field.type, [...at, i], c);
    }
    return;
  }
  if (field.map) {
    if (!isMapping(v)) {
      addProblem(c.errors, { path: formatConfigPath(at), message: `${formatConfigPath(at)} must be a mapping, not ${describe(v)}`, kind: 'type' });
      return;
    }
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (--c.budget < 0) return;
      if (v[k] !== null) checkSingular(v[k], field.type, [...at, k], c);
    }
    return;
  }
  checkSingular(v, field.type, at, c);
}

function checkSingular(v: unknown, type: string, at: ConfigPath, c: Collector): void {
  const where = formatConfigPath(at);
  // What the value's JSON type alone decides ('type'), or its content ('value': a duration's text).
  const fail = (message: string, suggestion?: string, kind: 'type' | 'value' = 'type'): void => {
    addProblem(c.errors, suggestion !== undefined ? { path: where, message, suggestion, kind } : { path: where, message, kind });
  };
  if (PROXY_CONFIG_SCHEMA.has(type)) {
    checkMessage(v, type, at, c);
    return;
  }
  if (type.startsWith('enum:')) {
    const values = PROXY_CONFIG_ENUMS[type.slice(5)] ?? {};
    if (typeof v === 'string') {
      if (v in values) return;
      const close = Object.keys(values).find((n) => n.toLowerCase() === v.toLowerCase());
      fail(close === undefined ? `${where} is ${describe(v)}, not one of ${enumNames(type.slice(5), values)}` : `${where} is ${describe(v)}; names are case-sensitive`, close === undefined ? undefined : JSON.stringify(close));
      return;
    }
    if (typeof v === 'number' && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647) return;
    fail(`${where} is ${describe(v)}, not one of ${enumNames(type.slice(5), values)}`);
    return;
  }
  switch (type as ScalarKind) {
    case 'any':
      return;
    case 'string':
      if (typeof v === 'string') return;
      if (typeof v === 'boolean' || typeof v === 'number') {
        const kind = typeof v === 'boolean' ? 'boolean' : 'number';
        fail(`${where} is the ${kind} ${String(v)}, not a string`, JSON.stringify(String(v)));
        return;
      }
      fail(`${where} is ${describe(v)}, not a string`);
      return;
    case 'bool':
    case 'BoolValue':
      if (typeof v === 'boolean') return;
      if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) {
        fail(`${where} is ${describe(v)}, not a boolean`, v.trim().toLowerCase());
        return;
      }
      fail(`${where} is ${describe(v)}, not a boolean`);
      return;
    case 'int32':
    case 'Int32Value':
    case 'uint32':
    case 'UInt32Value':
    case 'int64':
    case 'Int64Value':
    case 'uint64':
    case 'UInt64Value': {
      const [lo, hi] = INT_RANGES[type] ?? [0, 0];
      const n = typeof v === 'number' ? v : typeof v === 'string' ? numericStringContent(v) : undefined;
      if (n === undefined || !Number.isFinite(n)) {
        fail(`${where} is ${describe(v)}, not an integer`);
      } else if (!Number.isInteger(n) || (typeof v === 'string' && !/^[ \t\r\n]*-?\d+[ \t\r\n]*$/.test(v))) {
        fail(`${where} is ${describe(v)}, not a whole number`);
      } else if (n < lo || n > hi) {
        fail(`${where} is ${describe(v)}, outside ${lo}..${hi}`);
      }
      return;
    }
    case 'double':
      if (typeof v === 'number') return;
      if (typeof v === 'string' && (['NaN', 'Infinity', '-Infinity'].includes(v) || (numericStringContent(v) !== undefined && Number.isFinite(numericStringContent(v))))) return;
      fail(`${where} is ${describe(v)}, not a number`);
      return;
    case 'Duration': {
      if (typeof v === 'string') {
        const d = parseGoDuration(v);
        if (typeof d === 'bigint') return;
        const seconds = /^\d+$/.test(v.trim()) ? `"${v.trim()}s"` : undefined;
        fail(`${where} is ${describe(v)}, not a duration such as "5s" or "1m30s"`, seconds, 'value');
        return;
      }
      fail(
        `${where} is ${describe(v)}, not a duration string such as "5s"`,
        typeof v === 'number' && Number.isFinite(v) && v >= 0 ? `"${v}s"` : undefined,
      );
      return;
    }
  }
}

/** Numbers JSON cannot hold (.inf, .nan): sigs.k8s.io/yaml's json.Marshal refuses them. */
export function findNonFinite(v: unknown, at: (string | number)[]): ConfigPath | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : at;
  // Parsed texts are at most 100 levels deep; objects handed over directly are looked at as far.
  if (at.length > 100) return undefined;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const r = findNonFinite(v[i], [...at, i]);
      if (r) return r;
    }
  } else if (isMapping(v)) {
    for (const [k, x] of Object.entries(v)) {
      const r = findNonFinite(x, [...at, k]);
      if (r) return r;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Durations, as Go reads them (the type check of a Duration field, and the validation's).
// ---------------------------------------------------------------------------------------

/** Go's time.ParseDuration: nanoseconds, or why the text is refused. */
export function parseGoDuration(text: string): bigint | string {
  const units: Readonly<Record<string, bigint>> = { ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n };
  let s = text;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return 'empty';
  let total = 0n;
  while (s !== '') {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s);
    const whole = m?.[1] ?? '';
    const frac = m?.[2];
    if (whole === '' && (frac === undefined || frac === '')) return s[0] === '.' || /\d/.test(s[0] ?? '') ? 'no digits' : `unexpected "${s[0]}"`;
    s = s.slice(m?.[0].length ?? 0);
    const u = /^[^\d.]+/.exec(s)?.[0];
    if (u === undefined) return 'missing unit';
    const unit = units[u];
    if (unit === undefined) return `unknown unit "${u}"`;
    s = s.slice(u.length);
    let ns = BigInt(whole === '' ? 0 : whole) * unit;
    if (frac) ns += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    total += ns;
    if (total > 9223372036854775807n + (neg ? 1n : 0n)) return 'out of range';
  }
  return neg ? -total : total;
}
