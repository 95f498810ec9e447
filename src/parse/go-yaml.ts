// What kubectl makes of YAML text, as far as the parsers here need it: go-yaml v2 (through
// sigs.k8s.io/yaml) types scalars, turns map keys into JSON strings, refuses some escapes and
// characters, and kubectl's document reader (k8s.io/apimachinery util/yaml) cuts a stream at
// `---` lines before go-yaml sees it. Both parse paths (events.ts and yaml.ts) type and refuse
// through these functions, so they agree by construction. Pure functions, no I/O.

/** `__proto__` must stay an ordinary key, never reach the prototype. */
export function defineKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** Something go-yaml or the conversion to JSON refuses: kubectl reports it and applies nothing. */
export class GoYamlError extends Error {
  /** Offset in the text the caller parsed, when the caller knows it. */
  readonly offset: number | undefined;
  constructor(message: string, offset?: number) {
    super(message);
    this.offset = offset;
  }
}

const TAG_PREFIX = 'tag:yaml.org,2002:';
export const STR_TAG = `${TAG_PREFIX}str`;
export const MERGE_TAG = `${TAG_PREFIX}merge`;
const NULL_TAG = `${TAG_PREFIX}null`;
const BOOL_TAG = `${TAG_PREFIX}bool`;
const INT_TAG = `${TAG_PREFIX}int`;
const FLOAT_TAG = `${TAG_PREFIX}float`;
const TIMESTAMP_TAG = `${TAG_PREFIX}timestamp`;
const BINARY_TAG = `${TAG_PREFIX}binary`;

/** A scalar as go-yaml v2 decodes it into interface{}. Integers stay exact: keys are written from them. */
export type GoScalar =
  | { readonly kind: 'null' }
  | { readonly kind: 'bool'; readonly value: boolean }
  /** int or int64 (uint64 is `uint`: sigs.k8s.io/yaml refuses it as a key). */
  | { readonly kind: 'int' | 'uint'; readonly value: bigint }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'str'; readonly value: string };

const NULL: GoScalar = { kind: 'null' };
const TRUE: GoScalar = { kind: 'bool', value: true };
const FALSE: GoScalar = { kind: 'bool', value: false };

/** go-yaml v2's resolve table: YAML 1.1 booleans, nulls and special floats, by exact spelling. */
const RESOLVE_MAP: ReadonlyMap<string, GoScalar> = new Map<string, GoScalar>([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map((s) => [s, TRUE] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map((s) => [s, FALSE] as const),
  ...['', '~', 'null', 'Null', 'NULL'].map((s) => [s, NULL] as const),
  ...['.nan', '.NaN', '.NAN'].map((s) => [s, { kind: 'float', value: Number.NaN }] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((s) => [s, { kind: 'float', value: Number.POSITIVE_INFINITY }] as const),
  ...['-.inf', '-.Inf', '-.INF'].map((s) => [s, { kind: 'float', value: Number.NEGATIVE_INFINITY }] as const),
]);

/** The first characters go-yaml looks further at (its resolve table's hints); any other is a string. */
const HINT = new Uint8Array(128);
const SIGN_OR_DIGIT = 1;
const IN_MAP = 2;
const DOT = 3;
for (const c of '+-0123456789') HINT[c.charCodeAt(0)] = SIGN_OR_DIGIT;
for (const c of 'yYnNtTfFoO~') HINT[c.charCodeAt(0)] = IN_MAP;
HINT['.'.charCodeAt(0)] = DOT;

/** Characters a number can be written with; a plain scalar with any other is a string. */
const NUMBERISH = /^[-+0-9a-fA-FxXoO_.]+$/;
const YAML_STYLE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** strconv.ParseFloat's syntax for a text that starts with a dot (no underscores without a base prefix). */
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * strconv.ParseInt / ParseUint with base 0 (sign, then 0x, 0o, 0b or a leading 0 for octal),
 * within 64 bits; undefined when Go returns an error. Leading zeros are skipped before BigInt
 * sees the digits, so a long run of them costs no more than reading it.
 */
function goParseInteger(s: string, signed: boolean): bigint | undefined {
  let i = 0;
  let negative = false;
  const first = s.charCodeAt(0);
  if (first === 0x2b || first === 0x2d) {
    if (!signed) return undefined;
    negative = first === 0x2d;
    i = 1;
  }
  let base = 10;
  let digits = /^[0-9]+$/;
  if (s.charCodeAt(i) === 0x30 && i + 1 < s.length) {
    const p = s[i + 1];
    if (p === 'x' || p === 'X') [base, digits, i] = [16, /^[0-9a-fA-F]+$/, i + 2];
    else if (p === 'o' || p === 'O') [base, digits, i] = [8, /^[0-7]+$/, i + 2];
    else if (p === 'b' || p === 'B') [base, digits, i] = [2, /^[01]+$/, i + 2];
    else [base, digits, i] = [8, /^[0-7]+$/, i + 1];
  }
  const body = s.slice(i);
  if (!digits.test(body)) return undefined;
  const significant = body.replace(/^0+(?=.)/, '');
  // 64 bits never need more digits than these: anything longer is out of range.
  if (significant.length > ({ 2: 64, 8: 22, 10: 20, 16: 16 } as Record<number, number>)[base]!) return undefined;
  const prefix = base === 16 ? '0x' : base === 8 ? '0o' : base === 2 ? '0b' : '';
  const magnitude = BigInt(prefix + significant);
  const value = negative ? -magnitude : magnitude;
  if (signed ? value < INT64_MIN || value > INT64_MAX : value > UINT64_MAX) return undefined;
  return value;
}

/** strconv.ParseFloat for the texts go-yaml hands it; undefined on Go's range error (a string then). */
function goParseFloat(s: string): number | undefined {
  const v = Number(s);
  return Number.isFinite(v) ? v : undefined;
}

const num = (kind: 'int' | 'uint', value: bigint): GoScalar => ({ kind, value });

/** go-yaml v2's resolve() for a scalar without a tag, or with one of the tags it resolves. */
function resolveImplicit(s: string): GoScalar {
  if (s.length === 0) return NULL;
  const c = s.charCodeAt(0);
  const hint = c < 128 ? HINT[c] : 0;
  if (!hint) return { kind: 'str', value: s };
  const mapped = RESOLVE_MAP.get(s);
  if (mapped) return mapped;
  if (hint === DOT) {
    const v = DOT_FLOAT.test(s) ? goParseFloat(s) : undefined;
    return v === undefined ? { kind: 'str', value: s } : { kind: 'float', value: v };
  }
  if (hint === SIGN_OR_DIGIT && NUMBERISH.test(s)) {
    // Timestamps (2001-12-14) are tried first, but decode into interface{} as their text: a string either way.
    const plain = s.includes('_') ? s.replace(/_/g, '') : s;
    const int = goParseInteger(plain, true);
    if (int !== undefined) return num('int', int);
    const uint = goParseInteger(plain, false);
    if (uint !== undefined) return num('uint', uint);
    if (YAML_STYLE_FLOAT.test(plain)) {
      const v = goParseFloat(plain);
      if (v !== undefined) return { kind: 'float', value: v };
    }
  }
  return { kind: 'str', value: s };
}

/** A tag as go-yaml writes it in messages: `!!int`, or the tag itself. */
const shortTag = (tag: string): string => (tag.startsWith(TAG_PREFIX) ? `!!${tag.slice(TAG_PREFIX.length)}` : tag);
const tagOf = (s: GoScalar): string =>
  s.kind === 'null' ? NULL_TAG : s.kind === 'bool' ? BOOL_TAG : s.kind === 'int' || s.kind === 'uint' ? INT_TAG : s.kind === 'float' ? FLOAT_TAG : STR_TAG;

/**
 * A scalar as go-yaml v2 decodes it: `tag` is the resolved tag (undefined when none is written),
 * `text` the scalar's content, `plain` whether it was written unquoted. Throws GoYamlError for
 * what go-yaml refuses (`!!int abc`, `!!binary` that is not base64).
 */
export function goScalar(tag: string | undefined, text: string, plain: boolean): GoScalar {
  if (tag === undefined) return plain ? resolveImplicit(text) : { kind: 'str', value: text };
  if (tag === BINARY_TAG) return { kind: 'str', value: decodeBinary(text) };
  // !!str takes any text; other tags go-yaml cannot resolve (`!custom`, `!!seq` on a scalar) keep it as written.
  if (tag === STR_TAG || ![NULL_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, TIMESTAMP_TAG].includes(tag)) return { kind: 'str', value: text };
  if (tag === TIMESTAMP_TAG && isGoTimestamp(text)) return { kind: 'str', value: text };
  const resolved = resolveImplicit(text);
  if (tagOf(resolved) === tag) return resolved;
  // An integer written as !!float becomes a float; a uint64 does not (go-yaml converts int and int64 only).
  if (tag === FLOAT_TAG && resolved.kind === 'int') return { kind: 'float', value: Number(resolved.value) };
  throw new GoYamlError(`cannot decode ${shortTag(tagOf(resolved))} \`${text.length > 40 ? `${text.slice(0, 37)}...` : text}\` as a ${shortTag(tag)}`);
}

/** A decoded scalar as the value rules see: JSON's, which holds neither infinities nor NaN. */
export function scalarValue(s: GoScalar): unknown {
  switch (s.kind) {
    case 'null':
      return null;
    case 'int':
    case 'uint':
      return Number(s.value);
    case 'float':
      if (!Number.isFinite(s.value)) throw new GoYamlError(`${Number.isNaN(s.value) ? '.nan' : s.value > 0 ? '.inf' : '-.inf'} is not a number JSON can hold: write it in quotes`);
      return Object.is(s.value, -0) ? 0 : s.value;
    default:
      return s.value;
  }
}

/** An untagged plain scalar's value: the hot path of both parsers, with no allocation for strings. */
export function plainValue(s: string): unknown {
  if (s.length > 0) {
    const c = s.charCodeAt(0);
    if (c >= 128 || !HINT[c]) return s;
  }
  return scalarValue(resolveImplicit(s));
}

/** A decoded map key as sigs.k8s.io/yaml writes it in JSON; throws for the keys it refuses. */
export function scalarKey(s: GoScalar): string {
  switch (s.kind) {
    case 'str':
      return s.value;
    case 'bool':
      return s.value ? 'true' : 'false';
    case 'int':
      return s.value.toString();
    case 'float':
      return formatFloat32(s.value);
    case 'uint':
      throw new GoYamlError(`the key ${s.value} is too large for a signed 64-bit integer, and JSON keys cannot be unsigned ones`);
    default:
      throw new GoYamlError('a null key (empty, ~ or null) cannot be a JSON object key: write it in quotes');
  }
}

/** An untagged plain key's JSON string. */
export function plainKey(s: string): string {
  if (s.length > 0) {
    const c = s.charCodeAt(0);
    if (c >= 128 || !HINT[c]) return s;
  }
  return scalarKey(resolveImplicit(s));
}

/**
 * strconv.FormatFloat(f, 'g', -1, 32), with which sigs.k8s.io/yaml writes a float key: the
 * shortest digits that read back as the same float32, in %e form from an exponent of 6 or below -4.
 */
export function formatFloat32(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  const x = Math.fround(f);
  if (!Number.isFinite(x)) return x > 0 ? '.inf' : '-.inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  let exp = x.toExponential(8);
  for (let p = 1; p <= 9; p++) {
    const candidate = x.toExponential(p - 1);
    if (Math.fround(Number(candidate)) === x) {
      exp = candidate;
      break;
    }
  }
  const [mantissa = '', e = '0'] = exp.split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/[-.]/g, '');
  const power = Number(e);
  const sign = negative ? '-' : '';
  if (power < -4 || power >= 6) {
    const frac = digits.slice(1);
    return `${sign}${digits[0]}${frac ? `.${frac}` : ''}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  if (power < 0) return `${sign}0.${'0'.repeat(-power - 1)}${digits}`;
  const int = digits.slice(0, power + 1).padEnd(power + 1, '0');
  const frac = digits.slice(power + 1);
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** base64.StdEncoding as go-yaml decodes `!!binary`: padding required, line breaks ignored, nothing else. */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBinary(text: string): string {
  const data = text.replace(/[\r\n]/g, '');
  if (!STD_BASE64.test(data)) throw new GoYamlError('!!binary value contains invalid base64 data');
  return goJsonString(Buffer.from(data, 'base64'));
}

/**
 * Bytes as Go's JSON encoder writes them in a string: valid UTF-8 as it is, each byte that does
 * not start a valid sequence as one U+FFFD (utf8.DecodeRune's rule, not the WHATWG decoder's).
 */
export function goJsonString(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  const n = bytes.length;
  const cont = (k: number): boolean => k < n && ((bytes[k] ?? 0) & 0xc0) === 0x80;
  while (i < n) {
    const b = bytes[i] ?? 0;
    let cp = -1;
    let size = 1;
    if (b < 0x80) cp = b;
    else if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) [cp, size] = [((b & 0x1f) << 6) | ((bytes[i + 1] ?? 0) & 0x3f), 2];
    else if (b >= 0xe0 && b <= 0xef && cont(i + 1) && cont(i + 2)) {
      const v = ((b & 0x0f) << 12) | (((bytes[i + 1] ?? 0) & 0x3f) << 6) | ((bytes[i + 2] ?? 0) & 0x3f);
      if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) [cp, size] = [v, 3];
    } else if (b >= 0xf0 && b <= 0xf4 && cont(i + 1) && cont(i + 2) && cont(i + 3)) {
      const v = ((b & 0x07) << 18) | (((bytes[i + 1] ?? 0) & 0x3f) << 12) | (((bytes[i + 2] ?? 0) & 0x3f) << 6) | ((bytes[i + 3] ?? 0) & 0x3f);
      if (v >= 0x10000 && v <= 0x10ffff) [cp, size] = [v, 4];
    }
    out += cp === -1 ? '\ufffd' : String.fromCodePoint(cp);
    i += cp === -1 ? 1 : size;
  }
  return out;
}

// ---------------------------------------------------------------- timestamps

/** The formats go-yaml v2 tries with time.Parse for `!!timestamp` (allowedTimestampFormats). */
const TIMESTAMP = /^(\d{4})-(\d\d?)-(\d\d?)(?:([Tt ])(\d\d?):(\d\d?):(\d\d?)(?:[.,]\d+)?(Z|[+-]\d\d:\d\d)?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether time.Parse accepts the text in one of go-yaml's timestamp layouts (ranges included). */
function isGoTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [, y, mo, d, sep, h, mi, sec, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (month < 1 || month > 12 || Number(d) < 1 || Number(d) > days) return false;
  if (sep === undefined) return true;
  // "2006-1-2 15:4:5.999999999" has no zone; the T and t layouts require one.
  if ((sep === ' ') !== (zone === undefined)) return false;
  return Number(h) < 24 && Number(mi) < 60 && Number(sec) < 60;
}

// ---------------------------------------------------------------- escapes and characters

const SIMPLE_ESCAPES = new Set([...'0abt\tnvfre "\'\\N_LP']);
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

/**
 * The first escape go-yaml refuses in a double-quoted scalar's source (quotes excluded): one it
 * does not know (`\/` came with YAML 1.2), hex digits missing, or a code point that is a
 * surrogate or beyond U+10FFFF (go-yaml refuses `"\ud83d\ude00"` too: it decodes each escape alone).
 */
export function doubleQuotedProblem(source: string): { readonly message: string; readonly at: number } | undefined {
  for (let i = source.indexOf('\\'); i !== -1 && i < source.length; i = source.indexOf('\\', i)) {
    const c = source[i + 1] ?? '';
    if (SIMPLE_ESCAPES.has(c) || LINE_BREAK.test(c)) {
      i += 2;
      continue;
    }
    const length = HEX_LENGTH[c];
    if (length === undefined) return { message: `unknown escape \\${c} in a double-quoted string`, at: i };
    const hex = source.slice(i + 2, i + 2 + length);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) return { message: `\\${c} needs ${length} hexadecimal digits`, at: i };
    const cp = Number.parseInt(hex, 16);
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) {
      return { message: `\\${c}${hex} is ${cp > 0x10ffff ? 'beyond U+10FFFF' : 'a UTF-16 surrogate, not a character (write \\U and the code point instead)'}`, at: i };
    }
    i += 2 + length;
  }
  return undefined;
}

/** Characters go-yaml's reader refuses anywhere in a document, comments included. */
const NOT_ALLOWED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]/;
/** Of those, what Go's JSON decoder refuses too (it takes DEL, C1 controls and U+FFFE in strings). */
const NOT_ALLOWED_IN_JSON = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

/**
 * The first character go-yaml's reader refuses ("control characters are not allowed"), from
 * `from`; with `json`, the first one Go's JSON decoder refuses as well.
 */
export function disallowedCharacter(text: string, from = 0, to = text.length, json = false): { readonly message: string; readonly at: number } | undefined {
  const piece = from === 0 && to === text.length ? text : text.slice(from, to);
  const m = (json ? NOT_ALLOWED_IN_JSON : NOT_ALLOWED).exec(piece);
  if (!m) return undefined;
  const code = (m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return { message: `control character U+${code} is not allowed in YAML`, at: from + m.index };
}

/** Line breaks the JS parsers do not take as go-yaml does: a lone CR, NEL, LS and PS. */
const ODD_BREAK = /\r(?!\n)|[\u0085\u2028\u2029]/;
const ODD_BREAKS = /\r(?!\n)|[\u0085\u2028\u2029]/g;

/**
 * The text with go-yaml's other line breaks written as LF, offsets unchanged (each is one code
 * unit). go-yaml's reader turns a lone CR and NEL into LF; it breaks lines at LS and PS too but
 * keeps them in a quoted string's text, where they read here as a folded line break: only such a
 * string's whitespace differs, never where a line ends or whether the document is valid.
 */
export function withGoLineBreaks(text: string): string {
  return ODD_BREAK.test(text) ? text.replace(ODD_BREAKS, '\n') : text;
}

// ---------------------------------------------------------------- kubectl's document reader

/** Go's unicode.IsSpace: what strings.TrimSpace removes after a `---`. */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

/**
 * The problem with a line that starts with `---`, which kubectl's reader takes as a document
 * separator whatever follows: after it, only spaces and a comment are allowed (`--- {}`,
 * `--- |` and `----` are refused). `line` is the line without its line feed.
 */
export function separatorProblem(line: string): string | undefined {
  const rest = line.slice(3);
  const after = rest.slice(GO_SPACE.exec(rest)?.[0].length ?? 0);
  if (after === '' || after.startsWith('#')) return undefined;
  return `kubectl takes a line that starts with --- as a document separator and allows only a comment after it (found "${after.length > 20 ? `${after.slice(0, 20)}…` : after}")`;
}

/**
 * The problem with directives (`%YAML`, `%TAG`) at the start of a document's text, as go-yaml
 * reads it after kubectl's reader has cut the stream: a version other than 1.1, an unknown
 * directive, or no `---` after them (kubectl cuts the stream at that line, so in a file of LF
 * lines a directive is always a document of its own, which go-yaml refuses).
 */
export function directiveProblem(text: string): { readonly message: string; readonly at: number } | undefined {
  let pos = 0;
  let first: number | undefined;
  for (let lines = 0; pos <= text.length && lines < 10_000; lines++) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    if (line.startsWith('%')) {
      first ??= pos;
      const m = /^%(\S*)(?:[ \t]+(\S+))?/.exec(line);
      const name = m?.[1] ?? '';
      if (name === 'YAML' && m?.[2] !== '1.1') return { message: `%YAML ${m?.[2] ?? ''} is not a version go-yaml reads (it reads YAML 1.1 only)`.replace('  ', ' '), at: pos };
      if (name !== 'YAML' && name !== 'TAG') return { message: `unknown directive %${name}`, at: pos };
    } else if (!/^[ \t]*(?:#.*)?\r?$/.test(line)) {
      if (first === undefined || /^---(?:[ \t]|$)/.test(line)) return undefined;
      break;
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  if (first === undefined) return undefined;
  return { message: 'a directive needs a --- line after it, and kubectl cuts the stream there: go-yaml then reads the directive alone and refuses it', at: first };
}

/** A document's text as go-yaml reads it, offsets unchanged; or why kubectl refuses it, and where (an offset in the file). */
export type Chunk = { readonly text: string; readonly problem?: undefined } | { readonly problem: { readonly message: string; readonly at: number } };

/** A separator line YAML reads as kubectl does: `---`, then spaces and a comment or nothing. */
const PLAIN_SEPARATOR = /^---(?:[ \t]+(?:#.*)?)?$/;

/**
 * The text of `fileText[start, end)` (a document of a stream) as go-yaml reads it after
 * kubectl's reader has cut the stream: its separator line checked (and blanked where YAML would
 * read it otherwise, `---#x`), go-yaml's line breaks as LF, the characters and directives
 * go-yaml refuses found. `json`: the stream is JSON to kubectl (it starts with `{`), read by
 * Go's JSON decoder, which allows some of the characters go-yaml's reader refuses. `exact`: the
 * slice with what a masked text masks put back (masked-text.ts).
 */
export function readChunk(fileText: string, start: number, end: number, json: boolean, exact = fileText.slice(start, end)): Chunk {
  let text = exact;
  // At most one line of a document starts with `---`: the stream is cut at every such line.
  let sep = -1;
  if (text.startsWith('---') && (start === 0 || fileText.charCodeAt(start - 1) === 0x0a)) sep = 0;
  else {
    const i = text.indexOf('\n---');
    if (i !== -1) sep = i + 1;
  }
  if (sep !== -1) {
    const nl = text.indexOf('\n', sep);
    const line = text.slice(sep, nl === -1 ? text.length : nl).replace(/\r$/, '');
    const problem = separatorProblem(line);
    if (problem !== undefined) return { problem: { message: problem, at: start + sep } };
    if (!PLAIN_SEPARATOR.test(line)) text = text.slice(0, sep) + ' '.repeat(line.length) + text.slice(sep + line.length);
  }
  // In JSON, NEL, LS and PS are characters of a string (outside one, invalid): only a lone CR breaks lines.
  text = json ? (text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text) : withGoLineBreaks(text);
  const bad = disallowedCharacter(text, 0, text.length, json);
  if (bad) return { problem: { message: bad.message, at: start + bad.at } };
  if (text.startsWith('%') || text.includes('\n%')) {
    const directive = directiveProblem(text);
    if (directive) return { problem: { message: directive.message, at: start + directive.at } };
  }
  return { text };
}

/**
 * Whether kubectl reads text from `from` on as JSON: its first character that is not white space
 * is `{` (a stream of JSON objects, or a flow mapping, which go-yaml reads the same way). Asked of
 * each document, so that a document reads the same whichever thread parses it.
 */
export function isJsonStream(text: string, from = 0): boolean {
  const space = /[\t\n\v\f\r \u0085\u00a0]*/y;
  space.lastIndex = from;
  space.exec(text);
  return text.charCodeAt(space.lastIndex) === 0x7b;
}

// ---------------------------------------------------------------- flow collections

/** go-yaml's limit on how far a key written without `?` may be from its `:` (yaml_simple_key_is_valid). */
const SIMPLE_KEY_REACH = 1024;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The first character from `i` on that is not white space or part of a comment; with `comma`, one `,` is passed too. */
function nextToken(text: string, i: number, comma: boolean): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c === 0x23 && (i === 0 || isSpace(text.charCodeAt(i - 1)))) {
      const nl = text.indexOf('\n', i);
      if (nl === -1) return text.length;
      i = nl;
      continue;
    }
    if (c === 0x2c && comma) {
      comma = false;
      continue;
    }
    return i;
  }
  return i;
}

/**
 * A key in a flow collection written without `?` is a "simple key" to go-yaml: its `:` must be
 * on the line where the key starts (its anchor or tag included) and at most 1024 characters
 * after it (yaml_simple_key_is_valid in scannerc.go), or go-yaml refuses the document. `from`:
 * where the item's text may start (just past the opening bracket or the previous item);
 * `keyEnd`: the end of the key's text.
 */
export function flowKeyProblem(text: string, from: number, keyEnd: number): { readonly message: string; readonly at: number } | undefined {
  const start = nextToken(text, from, true);
  if (text.charCodeAt(start) === 0x3f) return undefined; // `?`: an explicit key, on as many lines as it likes
  const colon = nextToken(text, keyEnd, false);
  if (text.charCodeAt(colon) !== 0x3a || colon <= start) return undefined;
  let nl = start;
  while (nl < colon && text.charCodeAt(nl) !== 0x0a) nl++;
  if (nl < colon) return { message: "this key's ':' is on a later line; in a flow collection go-yaml needs it on the key's line (or the key after '?')", at: start };
  if (colon - start > SIMPLE_KEY_REACH && [...text.slice(start, colon)].length > SIMPLE_KEY_REACH) {
    return { message: `this key's ':' is more than ${SIMPLE_KEY_REACH} characters after the key's start, which go-yaml refuses (unless the key follows '?')`, at: start };
  }
  return undefined;
}

/**
 * go-yaml's scan_plain_scalar refuses a tab in the indentation of a line it reads past (the
 * scalar's own next lines and the blank ones after it) at a column where it expects an
 * indentation space: left of `blockColumn + 1`, `blockColumn` being the column of the block
 * collection the flow is in ("found a tab character that violates indentation"). `start` and
 * `end`: the plain scalar's text.
 */
export function flowTabProblem(text: string, start: number, end: number, blockColumn: number): { readonly message: string; readonly at: number } | undefined {
  let stop = end;
  while (stop < text.length && isSpace(text.charCodeAt(stop))) stop++;
  for (let i = start; i < stop; i++) {
    if (text.charCodeAt(i) !== 0x0a) continue;
    let column = 0;
    for (let j = i + 1; j < stop; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x09 && column <= blockColumn) return { message: 'a tab where go-yaml expects an indentation space (found a tab character that violates indentation)', at: j };
      if (c !== 0x20 && c !== 0x09) break;
      column++;
    }
  }
  return undefined;
}
