// The pod annotation proxy.istio.io/config as the sidecar injector reads it, and the mesh
// config (MeshConfig, whose defaultConfig is a ProxyConfig) as istiod reads it: one reader
// over the schema data of data/mesh-config-schema.json (proxy-config-schema.ts: the schema and
// jsonpb's type checks; proxy-config-validation.ts: Istio's validation of the values).
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
import { parseLenient } from '../../parse/lenient.ts';
import { aliasExpansionProblem, embeddedTextProblem, plainValue, type LimitProblem } from '../../parse/limits.ts';
import type { IstioVersion } from '../install/istio-version.ts';
import { type ProxyConfigProblem, formatConfigPath, parseConfigPath, isMapping, describe, type Collector, VISIT_BUDGET, addProblem, checkMessage, findNonFinite } from './proxy-config-schema.ts';
import { read, validate, validateMesh } from './proxy-config-validation.ts';
// Paths and problems, as the rules name them: the schema's, read through this module.
export { formatConfigPath, parseConfigPath, type ConfigPath, type ProxyConfigProblem } from './proxy-config-schema.ts';

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
// Reading the text.
// ---------------------------------------------------------------------------------------

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
