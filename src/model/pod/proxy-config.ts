// The pod annotation proxy.istio.io/config as the sidecar injector reads it, and the mesh
// config (MeshConfig, whose defaultConfig is a ProxyConfig) as istiod reads it: one reader
// over the schema data of data/mesh-config-schema.json.
//
// Istio validates the annotation before it injects (validateProxyConfig in
// pkg/kube/inject/validate.go): the text goes through protomarshal.ApplyYAML onto the
// code defaults (mesh.DefaultProxyConfig), then through agent.ValidateMeshConfigProxyConfig
// (pkg/config/validation/agent/validation.go). Any error there rejects the pod.
//
// How ApplyYAML reads the text (pkg/util/protomarshal/protomarshal.go):
// - sigs.k8s.io/yaml turns YAML into JSON with go-yaml v2, so YAML 1.1 scalars apply
//   (`yes`/`on`/`y` are booleans, `0755` is octal) and numbers and booleans stay
//   numbers and booleans: nothing is coerced to the field's type.
// - The legacy github.com/golang/protobuf jsonpb decoder (not protojson) then fills
//   the ProxyConfig. It first runs strictly and, on any error, once more with unknown
//   fields allowed: unknown fields are silently dropped, every other error stands.
// - jsonpb accepts a field's JSON name and its proto name (the JSON name wins when
//   both are written), skips null values, takes booleans only as true/false (a string
//   "true" fails), integers as numbers or numeric strings, enums as their exact name or
//   a number, and durations as strings that Go's time.ParseDuration accepts ("1m30s",
//   "500ms"; not only "<n>s" as protojson would require).
import type { Document, Node as YamlNode } from 'yaml';
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import { editDistance } from '../edit-distance.ts';
import { parseLenient } from '../../parse/lenient.ts';
import { aliasExpansionProblem, embeddedTextProblem, plainValue, type LimitProblem } from '../../parse/limits.ts';
import { atLeast, compareVersions, type IstioVersion } from '../install/istio-version.ts';
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

export interface ProxyConfigParse {
  /** The parsed mapping (present even with unknown fields or type errors); undefined when the text is not a YAML/JSON mapping. */
  readonly value: Readonly<Record<string, unknown>> | undefined;
  /** Why Istio cannot read the text at all (syntax error, not a mapping). */
  readonly syntaxError: string | undefined;
  /** Why the text is not read here at all: beyond the limits of src/parse/limits.ts ("nested deeper than 100 levels"). */
  readonly tooComplex?: string;
  /** Values Istio rejects: the injector refuses the pod. */
  readonly errors: readonly ProxyConfigProblem[];
  /** Fields Istio does not know and silently ignores. */
  readonly unknownFields: readonly ProxyConfigProblem[];
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
// Reading the text.
// ---------------------------------------------------------------------------------------

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function describe(v: unknown): string {
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
function quoted(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

interface Reading {
  readonly value: unknown;
  readonly syntaxError: string | undefined;
  /** Text after the first document, which go-yaml never reads. */
  readonly ignoredDocuments: boolean;
  /** The text is beyond the limits and was not parsed (or not converted). */
  readonly limit?: LimitProblem;
}

/** YAML text → value, as go-yaml v2 (YAML 1.1) reads it; JSON that the YAML parser refuses is read as JSON. */
/**
 * The readings of recent texts. One annotation text is read by several rules of a run
 * (startup-order-hold and ambient-sidecar-setting through holdFromProxyConfig, and
 * proxy-config-invalid), by every workload that repeats it, and by the language server again
 * after each edit of a document: each text is parsed once. A reading is a function of the text
 * alone (the version is applied after), and nothing changes a reading's value after it is made.
 */
const readings = new Map<string, Reading>();
const MAX_READINGS = 512;
/** Longer texts are read each time: a few of them would hold more memory than every short one. */
const MAX_KEPT_TEXT = 64 * 1024;

function readTextOnce(text: string): Reading {
  const kept = readings.get(text);
  if (kept) return kept;
  const reading = readText(text);
  if (text.length <= MAX_KEPT_TEXT) {
    // The oldest reading goes first: a Map iterates in insertion order.
    if (readings.size >= MAX_READINGS) readings.delete(readings.keys().next().value as string);
    readings.set(text, reading);
  }
  return reading;
}

function readText(text: string): Reading {
  // The annotation is parsed with the `yaml` package, which recurses per level: measured first.
  const limit = embeddedTextProblem(text, 'yaml');
  if (limit) return { value: undefined, syntaxError: undefined, ignoredDocuments: false, limit };
  const doc = parseLenient(text);
  const errors = doc.errors.filter((e) => e.code !== 'MULTIPLE_DOCS');
  if (errors.length === 0) {
    const aliases = aliasExpansionProblem(doc);
    if (aliases) return { value: undefined, syntaxError: undefined, ignoredDocuments: false, limit: aliases };
    try {
      return { value: plainValue(doc), syntaxError: undefined, ignoredDocuments: errors.length !== doc.errors.length };
    } catch (e) {
      return { value: undefined, syntaxError: e instanceof Error ? e.message : String(e), ignoredDocuments: false };
    }
  }
  // Valid JSON is valid for go-yaml too; the YAML parser here is stricter about some
  // whitespace in flow collections, so never call readable JSON a syntax error.
  const jsonLimit = embeddedTextProblem(text, 'json');
  if (jsonLimit) return { value: undefined, syntaxError: undefined, ignoredDocuments: false, limit: jsonLimit };
  try {
    return { value: JSON.parse(text) as unknown, syntaxError: undefined, ignoredDocuments: false };
  } catch {
    const first = errors[0];
    const offset = first?.pos[0] ?? 0;
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const where = first ? ` at line ${line}, column ${offset - before.lastIndexOf('\n')} of the text` : '';
    const reason = (first?.message ?? 'not valid YAML').split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'not valid YAML';
    return { value: undefined, syntaxError: `${reason}${where}`, ignoredDocuments: false };
  }
}

// ---------------------------------------------------------------------------------------
// Type checks (what jsonpb rejects) and unknown fields (what it drops).
// ---------------------------------------------------------------------------------------

interface Collector {
  readonly version: IstioVersion | undefined;
  readonly errors: ProxyConfigProblem[];
  readonly unknownFields: ProxyConfigProblem[];
  /** Keys and list items still to visit: a hostile config is read only this far. */
  budget: number;
}

/** At most this many keys and list items are checked per config; no real one comes near it. */
const VISIT_BUDGET = 50_000;
/** At most this many problems of each kind are kept per config. */
const MAX_PROBLEMS = 100;

function addProblem(list: ProxyConfigProblem[], p: ProxyConfigProblem): void {
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
function numericStringContent(s: string): number | undefined {
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

function checkMessage(v: unknown, message: string, at: ConfigPath, c: Collector): void {
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
function findNonFinite(v: unknown, at: (string | number)[]): ConfigPath | undefined {
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
// agent.ValidateMeshConfigProxyConfig, on the code defaults with the annotation applied.
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

const MS = 1_000_000n;
const SECOND = 1_000_000_000n;

function isDns1123Label(label: string): boolean {
  return label.length <= 63 && /^[a-zA-Z0-9](?:[-a-zA-Z0-9]*[a-zA-Z0-9])?$/.test(label);
}

/** Go's strconv.Atoi: an optional sign and decimal digits. */
const isGoInt = (s: string): boolean => /^[+-]?\d+$/.test(s);

function validFqdn(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  const parts = host.split('.');
  if (isGoInt(parts[parts.length - 1] ?? '')) return false;
  for (let i = 0; i < parts.length; i++) {
    const label = parts[i] ?? '';
    if (i === parts.length - 1 && label === '') return true;
    if (!isDns1123Label(label)) return false;
  }
  return true;
}

function validIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** netip.ParseAddr: IPv4 dotted decimal, or IPv6 (with an optional zone and an embedded IPv4 tail). */
export function validIPAddress(s: string): boolean {
  if (validIPv4(s)) return true;
  const pct = s.indexOf('%');
  const addr = pct === -1 ? s : s.slice(0, pct);
  if (pct !== -1 && pct === s.length - 1) return false;
  if (!addr.includes(':')) return false;
  let groups = 8;
  let body = addr;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!validIPv4(tail)) return false;
    body = body.slice(0, lastColon + 1) + '0:0';
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const hex = (part: string): string[] | undefined => {
    if (part === '') return [];
    const g = part.split(':');
    return g.every((x) => /^[0-9a-fA-F]{1,4}$/.test(x)) ? g : undefined;
  };
  const left = hex(halves[0] ?? '');
  const right = halves.length === 2 ? hex(halves[1] ?? '') : [];
  if (!left || !right) return false;
  const count = left.length + right.length;
  return halves.length === 2 ? count < groups : count === groups;
}

/** ValidateProxyAddress: host:port with a port in 1..65535 and a DNS-1123 name or an IP. */
export function proxyAddressProblem(hostPort: string): string | undefined {
  const colon = hostPort.lastIndexOf(':');
  if (colon === -1) return 'missing port in address';
  let host: string;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end === -1) return 'missing \']\' in address';
    if (end + 1 === hostPort.length) return 'missing port in address';
    if (end + 1 !== colon) return hostPort[end + 1] === ':' ? 'too many colons in address' : 'missing port in address';
    host = hostPort.slice(1, end);
    if (hostPort.slice(1).includes('[')) return 'unexpected \'[\' in address';
    if (hostPort.slice(end + 1).includes(']')) return 'unexpected \']\' in address';
  } else {
    host = hostPort.slice(0, colon);
    if (host.includes(':')) return 'too many colons in address';
    if (host.includes('[')) return 'unexpected \'[\' in address';
    if (host.includes(']')) return 'unexpected \']\' in address';
  }
  const port = hostPort.slice(colon + 1);
  if (!isGoInt(port)) return `port "${port}" is not a number`;
  const n = Number(port);
  if (n < 1 || n > 65535) return `port number ${n} must be in the range 1..65535`;
  if (!validFqdn(host) && !validIPAddress(host)) return `"${host}" is not a valid hostname or an IP address`;
  return undefined;
}

/** The value jsonpb ends up with for a field: the JSON name's when written, else the proto name's; null means unset. */
function read(obj: unknown, jsonKey: string): unknown {
  if (!isMapping(obj)) return undefined;
  const protoKey = jsonKey.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const v = jsonKey in obj ? obj[jsonKey] : obj[protoKey];
  return v === null ? undefined : v;
}

/** The member of a oneof jsonpb keeps: the last one written, in declaration order. */
function oneofMember(obj: unknown, members: readonly string[]): string | undefined {
  let chosen: string | undefined;
  for (const m of members) if (read(obj, m) !== undefined) chosen = m;
  return chosen;
}

function durationOf(v: unknown): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  const d = parseGoDuration(v);
  return typeof d === 'bigint' ? d : undefined;
}

function integerOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? numericStringContent(v) : undefined;
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function enumNumber(v: unknown, values: Readonly<Record<string, number>>): number | undefined {
  if (typeof v === 'string') return values[v];
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** The checks of ValidateMeshConfigProxyConfig that an annotation can fail (the defaults pass them all). */
function validate(pc: Record<string, unknown>, version: IstioVersion | undefined, errors: ProxyConfigProblem[], prefix: ConfigPath = []): void {
  // A value that already failed its type check is not validated again.
  const add = (path: ConfigPath, message: string): void => {
    const where = formatConfigPath([...prefix, ...path]);
    if (!errors.some((e) => e.path === where)) addProblem(errors, { path: where, message: prefix.length > 0 ? `${formatConfigPath(prefix)}.${message}` : message, kind: 'value' });
  };
  const str = (key: string): string | undefined => {
    const v = read(pc, key);
    return typeof v === 'string' ? v : undefined;
  };
  const address = (path: ConfigPath, value: string, what: string): void => {
    const problem = proxyAddressProblem(value);
    if (problem) add(path, `${what} ${quoted(value)} is not a valid host:port: ${problem}`);
  };

  if (str('configPath') === '') add(['configPath'], 'configPath is empty');
  if (str('binaryPath') === '') add(['binaryPath'], 'binaryPath is empty');
  if (oneofMember(pc, ['serviceCluster', 'tracingServiceName']) === 'serviceCluster' && str('serviceCluster') === '') {
    add(['serviceCluster'], 'serviceCluster is empty');
  }

  const drain = durationOf(read(pc, 'drainDuration'));
  if (drain !== undefined) {
    if (drain < MS) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is shorter than 1ms`);
    else if (drain % MS !== 0n) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is finer than milliseconds`);
    else if (drain % SECOND !== 0n) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is not a whole number of seconds`);
  }

  const discovery = str('discoveryAddress');
  if (discovery === '') add(['discoveryAddress'], 'discoveryAddress is empty');
  else if (discovery !== undefined) address(['discoveryAddress'], discovery, 'discoveryAddress');

  const tracing = read(pc, 'tracing');
  if (isMapping(tracing)) {
    const tracer = oneofMember(tracing, ['zipkin', 'lightstep', 'datadog', 'stackdriver', 'openCensusAgent']);
    const conf = tracer ? read(tracing, tracer) : undefined;
    if (isMapping(conf) && (tracer === 'zipkin' || tracer === 'datadog' || tracer === 'lightstep')) {
      const raw = read(conf, 'address');
      const addr = typeof raw === 'string' ? raw : '';
      const at = ['tracing', tracer, 'address'];
      if (tracer === 'lightstep') {
        if (addr === '') add(at, 'tracing.lightstep.address is missing');
        else address(at, addr, 'tracing.lightstep.address');
        const token = read(conf, 'accessToken');
        if (typeof token !== 'string' || token === '') add(['tracing', tracer, 'accessToken'], 'tracing.lightstep.accessToken is missing');
      } else {
        // Istio substitutes the node IP variable before it checks the address.
        const problem = proxyAddressProblem(addr.replace('$(HOST_IP)', '127.0.0.1'));
        if (problem) add(addr === '' && read(conf, 'address') === undefined ? ['tracing', tracer] : at, addr === '' ? `tracing.${tracer}.address is missing` : `tracing.${tracer}.address ${quoted(addr)} is not a valid host:port: ${problem}`);
      }
    }
    const tls = read(tracing, 'tlsSettings');
    if (isMapping(tls)) {
      const mode = enumNumber(read(tls, 'mode'), PROXY_CONFIG_ENUMS['ClientTLSSettings.TLSmode'] ?? {});
      const filled = (k: string): boolean => {
        const x = read(tls, k);
        return typeof x === 'string' && x !== '';
      };
      if ((mode === 1 || mode === 2) && filled('credentialName')) {
        for (const k of ['clientCertificate', 'caCertificates', 'privateKey']) {
          if (filled(k)) add(['tracing', 'tlsSettings', k], `tracing.tlsSettings.${k} is set together with credentialName`);
        }
      } else if (mode === 2) {
        const missing = ['clientCertificate', 'privateKey'].filter((k) => !filled(k));
        if (missing.length > 0) add(['tracing', 'tlsSettings', 'mode'], `tracing.tlsSettings uses MUTUAL without ${missing.join(' and ')}`);
      }
    }
  }

  const statsd = str('statsdUdpAddress');
  if (statsd) address(['statsdUdpAddress'], statsd, 'statsdUdpAddress');
  const metricsAddr = str('envoyMetricsServiceAddress');
  if (metricsAddr) address(['envoyMetricsServiceAddress'], metricsAddr, 'envoyMetricsServiceAddress');
  for (const key of ['envoyMetricsService', 'envoyAccessLogService']) {
    const a = read(read(pc, key), 'address');
    if (typeof a === 'string' && a !== '') address([key, 'address'], a, `${key}.address`);
  }

  for (const key of ['proxyAdminPort', 'statusPort']) {
    const port = integerOf(read(pc, key));
    if (port !== undefined && (port < 1 || port > 65535)) add([key], `${key} ${port} is outside 1..65535`);
  }

  const auth = enumNumber(read(pc, 'controlPlaneAuthPolicy'), PROXY_CONFIG_ENUMS['AuthenticationPolicy'] ?? {});
  if (auth !== undefined && auth !== 0 && auth !== 1) {
    add(['controlPlaneAuthPolicy'], `controlPlaneAuthPolicy ${JSON.stringify(read(pc, 'controlPlaneAuthPolicy'))} is neither NONE nor MUTUAL_TLS`);
  }

  const pkp = read(pc, 'privateKeyProvider');
  if (isMapping(pkp)) {
    const provider = oneofMember(pkp, ['cryptomb', 'qat']);
    const conf = provider ? read(pkp, provider) : undefined;
    if (!provider) add(['privateKeyProvider'], 'privateKeyProvider names neither cryptomb nor qat');
    else if (isMapping(conf)) {
      const raw = read(conf, 'pollDelay');
      const delay = durationOf(raw);
      if (raw === undefined) add(['privateKeyProvider', provider], `privateKeyProvider.${provider}.pollDelay is missing`);
      else if (delay === 0n) add(['privateKeyProvider', provider, 'pollDelay'], `privateKeyProvider.${provider}.pollDelay is zero`);
    }
  }

  const cs = read(pc, 'connectionSettings');
  if (isMapping(cs) && (!version || atLeast(version, 1, 31))) {
    const nonNegative = ['listenerPerConnectionBufferLimitBytes', 'clusterPerConnectionBufferLimitBytes'];
    const positive = ['httpMaxConcurrentStreams', 'listenerConnectionLimit', 'globalDownstreamConnectionLimit'];
    const windows = ['http2InitialStreamWindowSize', 'http2InitialConnectionWindowSize'];
    const durations = ['httpIdleTimeout', 'httpMaxConnectionDuration', 'httpDrainTimeout', 'httpRequestTimeout', 'httpRequestHeadersTimeout', 'httpStreamIdleTimeout', 'httpMaxStreamDuration'];
    for (const k of nonNegative) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n < 0) add(['connectionSettings', k], `connectionSettings.${k} is negative`);
    }
    for (const k of positive) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n <= 0) add(['connectionSettings', k], `connectionSettings.${k} is ${n}, not positive`);
    }
    for (const k of windows) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n < 65535) add(['connectionSettings', k], `connectionSettings.${k} is ${n}, below 65535`);
    }
    for (const k of durations) {
      const d = durationOf(read(cs, k));
      if (d !== undefined && d < 0n) add(['connectionSettings', k], `connectionSettings.${k} is negative`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Entry points.
// ---------------------------------------------------------------------------------------

/**
 * Reads a proxy.istio.io/config text as the sidecar injector does. With `version`, fields
 * that Istio release does not know yet count as unknown; without it, every field is known.
 */
export function parseProxyConfig(text: string, version?: IstioVersion): ProxyConfigParse {
  const reading = readTextOnce(text);
  if (reading.limit) return { value: undefined, syntaxError: undefined, tooComplex: reading.limit.message, errors: [], unknownFields: [] };
  if (reading.syntaxError !== undefined) return { value: undefined, syntaxError: reading.syntaxError, errors: [], unknownFields: [] };
  const v = reading.value;
  const unknownFields: ProxyConfigProblem[] = [];
  if (reading.ignoredDocuments) {
    unknownFields.push({ path: '', message: 'the text after `---` is a second YAML document' });
  }
  // An empty text (or only comments, or `null`) is a no-op for jsonpb.
  if (v === null || v === undefined) return { value: {}, syntaxError: undefined, errors: [], unknownFields };
  if (!isMapping(v)) {
    return { value: undefined, syntaxError: `it is ${describe(v)}, not a mapping of ProxyConfig fields`, errors: [], unknownFields };
  }
  const errors: ProxyConfigProblem[] = [];
  const nonFinite = findNonFinite(v, []);
  if (nonFinite) {
    errors.push({ path: formatConfigPath(nonFinite), message: `${formatConfigPath(nonFinite)} is .inf or .nan, which JSON cannot hold`, kind: "type" });
  }
  const c: Collector = { version, errors, unknownFields, budget: VISIT_BUDGET };
  checkMessage(v, 'ProxyConfig', [], c);
  validate(v, version, errors);
  return { value: v, syntaxError: undefined, errors, unknownFields };
}

/**
 * A mesh config (the `mesh` text of the istio[-<revision>] ConfigMap, an IstioOperator's
 * spec.meshConfig, the istiod chart's meshConfig value) as istiod reads it
 * (pkg/config/mesh/mesh.go ApplyMeshConfig): decoded onto the defaults by the same jsonpb
 * reader as a ProxyConfig, unknown fields dropped, then agent.ValidateMeshConfig. Any error
 * makes istiod refuse the whole config.
 */
export function checkMeshConfig(value: unknown, version?: IstioVersion): Pick<ProxyConfigParse, 'errors' | 'unknownFields'> & { readonly notMapping?: string } {
  const errors: ProxyConfigProblem[] = [];
  const unknownFields: ProxyConfigProblem[] = [];
  // An empty config (or null) leaves every default in place.
  if (value === null || value === undefined) return { errors, unknownFields };
  if (!isMapping(value)) return { errors, unknownFields, notMapping: `it is ${describe(value)}, not a mapping of MeshConfig fields` };
  const nonFinite = findNonFinite(value, []);
  if (nonFinite) addProblem(errors, { path: formatConfigPath(nonFinite), message: `${formatConfigPath(nonFinite)} is .inf or .nan, which JSON cannot hold`, kind: 'type' });
  const c: Collector = { version, errors, unknownFields, budget: VISIT_BUDGET };
  checkMessage(value, 'MeshConfig', [], c);
  validateMesh(value, version, errors);
  return { errors, unknownFields };
}

/** The same from a text (the ConfigMap's `mesh` key). */
export function parseMeshConfig(text: string, version?: IstioVersion): ProxyConfigParse {
  const reading = readText(text);
  if (reading.limit) return { value: undefined, syntaxError: undefined, tooComplex: reading.limit.message, errors: [], unknownFields: [] };
  if (reading.syntaxError !== undefined) return { value: undefined, syntaxError: reading.syntaxError, errors: [], unknownFields: [] };
  const checked = checkMeshConfig(reading.value, version);
  if (checked.notMapping !== undefined) return { value: undefined, syntaxError: checked.notMapping, errors: [], unknownFields: [] };
  const unknownFields = [...checked.unknownFields];
  if (reading.ignoredDocuments) unknownFields.unshift({ path: '', message: 'the text after `---` is a second YAML document' });
  return { value: isMapping(reading.value) ? reading.value : {}, syntaxError: undefined, errors: checked.errors, unknownFields };
}

/** The checks of agent.ValidateMeshConfig that a mesh config's own fields can fail (the defaults pass them all). */
function validateMesh(mesh: Record<string, unknown>, version: IstioVersion | undefined, errors: ProxyConfigProblem[]): void {
  const add = (key: string, message: string): void => {
    if (!errors.some((e) => e.path === key)) addProblem(errors, { path: key, message, kind: 'value' });
  };
  const port = integerOf(read(mesh, 'proxyListenPort'));
  if (port !== undefined && (port < 1 || port > 65535)) add('proxyListenPort', `proxyListenPort ${port} is outside 1..65535`);
  const connectRaw = read(mesh, 'connectTimeout');
  const connect = durationOf(connectRaw);
  if (connect !== undefined) {
    if (connect < MS) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is shorter than 1ms`);
    else if (connect % MS !== 0n) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is finer than milliseconds`);
    else if (connect > 3600n * SECOND) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is longer than 1h`);
  }
  const detectionRaw = read(mesh, 'protocolDetectionTimeout');
  const detection = durationOf(detectionRaw);
  if (detection !== undefined && detection % MS !== 0n) add('protocolDetectionTimeout', `protocolDetectionTimeout ${JSON.stringify(detectionRaw)} is finer than milliseconds`);
  // Only the key spelled defaultConfig is merged into the proxy defaults and validated.
  const proxy = mesh.defaultConfig;
  if (isMapping(proxy)) validate(proxy, version, errors, ['defaultConfig']);
}

/**
 * holdApplicationUntilProxyStarts as Istio reads it from a ProxyConfig text: true/false when set validly,
 * undefined when absent or unreadable. A text Istio rejects (syntax, types, validation) counts as unreadable:
 * the pod is refused, and nothing of it is applied.
 */
export function holdFromProxyConfig(text: string): boolean | undefined {
  const parsed = parseProxyConfig(text);
  if (parsed.syntaxError !== undefined || parsed.tooComplex !== undefined || parsed.errors.length > 0) return undefined;
  return holdFromProxyConfigObject(parsed.value);
}

/** The same read from an already-parsed ProxyConfig object (the mesh config's defaultConfig). */
export function holdFromProxyConfigObject(value: unknown): boolean | undefined {
  const v = read(value, 'holdApplicationUntilProxyStarts');
  return typeof v === 'boolean' ? v : undefined;
}

// ---------------------------------------------------------------------------------------
// Where a path is written inside the text (for precise positions and rewrites).
// ---------------------------------------------------------------------------------------

export interface ProxyConfigLocation {
  /** Offsets of the key in the text (the deepest key of the path that is written). */
  readonly key: readonly [number, number] | undefined;
  /** Offsets of its value, when the whole path is written. */
  readonly value: readonly [number, number] | undefined;
  /** The key as its name reads (without quotes). */
  readonly keyName: string | undefined;
  /** True when every step of the path was found. */
  readonly complete: boolean;
}

let lastLocated: { readonly text: string; readonly doc: Document.Parsed } | undefined;

/** Finds a problem's path in the text; undefined when the text cannot be read as YAML. */
export function locateInProxyConfig(text: string, path: string): ProxyConfigLocation | undefined {
  // Several problems of one annotation are located one after the other: parse the text once.
  if (lastLocated?.text !== text) lastLocated = { text, doc: parseLenient(text) };
  const doc = lastLocated.doc;
  if (doc.errors.some((e) => e.code !== 'MULTIPLE_DOCS')) return undefined;
  let node = doc.contents as YamlNode | null;
  let key: readonly [number, number] | undefined;
  let keyName: string | undefined;
  let complete = true;
  for (const step of parseConfigPath(path)) {
    let next: YamlNode | null | undefined;
    if (isMap(node)) {
      for (const p of node.items) {
        if (!isPair(p)) continue;
        const k = p.key as YamlNode | null;
        if (isScalar(k) && k.range && String(k.value) === String(step)) {
          next = p.value as YamlNode | null;
          key = [k.range[0], k.range[1]];
          keyName = String(k.value);
        }
      }
    } else if (isSeq(node) && typeof step === 'number') {
      next = node.items[step] as YamlNode | null | undefined;
      if (next?.range) {
        key = [next.range[0], next.range[1]];
        keyName = undefined;
      }
    }
    if (next === undefined) {
      complete = false;
      break;
    }
    node = next;
  }
  const value = complete && node?.range ? ([node.range[0], node.range[1]] as const) : undefined;
  return { key, value, keyName, complete };
}
