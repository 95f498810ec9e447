// The pod annotations Istio's sidecar injector validates before it renders the sidecar
// (the AnnotationValidation table, pkg/kube/inject/validate.go): a value that fails makes
// the webhook return an error, and with the chart's failurePolicy Fail the API server
// rejects the pod ("invalid value '<v>' for annotation '<name>': …").
// Each check below follows the Go parser Istio calls (strconv.ParseUint/ParseBool,
// net/netip.ParsePrefix, resource.ParseQuantity, netutil.ValidateInterfaceNames) and
// returns undefined when Istio accepts the value, else the reason in words.
import { atLeast, type IstioVersion } from '../install/istio-version.ts';

export type Reason = string | undefined;

/** A value as a reason quotes it: a long one is cut, so the message stays short. */
const quote = (s: string): string => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);

// ---------------------------------------------------------------------------------------
// strconv

const DIGITS = /^[0-9]+$/;

/** strconv.ParseUint(s, 10, bits): ASCII digits only (no sign, no spaces, no "_"), in range. */
export function goParseUintProblem(s: string, bits: 16 | 32 | 64, what = 'number'): Reason {
  if (s === '') return `an empty value is not a ${what}`;
  if (!DIGITS.test(s)) {
    if (s !== s.trim() && DIGITS.test(s.trim())) return `${quote(s)} has spaces around it, which Istio does not trim here`;
    return `${quote(s)} is not a ${what}`;
  }
  const max = (1n << BigInt(bits)) - 1n;
  if (BigInt(s) > max) return `${quote(s)} is above ${max}, the largest ${what} here`;
  return undefined;
}

/** strconv.ParseInt(s, 10, 64). */
function goParseInt64(s: string): bigint | undefined {
  const sign = s[0] === '-' || s[0] === '+' ? s[0] : '';
  const digits = s.slice(sign.length);
  if (!DIGITS.test(digits)) return undefined;
  const v = sign === '-' ? -BigInt(digits) : BigInt(digits);
  if (v > (1n << 63n) - 1n || v < -(1n << 63n)) return undefined;
  return v;
}

/** strconv.ParseBool accepts exactly these spellings. */
export const GO_BOOLS: readonly string[] = ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'];

export function goParseBoolProblem(s: string): Reason {
  return GO_BOOLS.includes(s) ? undefined : `${quote(s)} is not a boolean`;
}

// ---------------------------------------------------------------------------------------
// net/netip

interface ParsedAddr {
  readonly is6: boolean;
  readonly zone: string;
}

function ipv4Problem(s: string): Reason {
  let val = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 1 && val === 0) return 'an IPv4 octet has a leading zero';
      val = val * 10 + (c - 48);
      digits++;
      if (val > 255) return 'an IPv4 octet is above 255';
    } else if (s[i] === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') return 'an IPv4 octet is empty';
      if (dots === 3) return 'the IPv4 address has more than four octets';
      dots++;
      val = 0;
      digits = 0;
    } else {
      return `unexpected character ${quote(s[i] as string)} in the IPv4 address`;
    }
  }
  if (dots < 3) return 'the IPv4 address has fewer than four octets';
  return undefined;
}

function ipv6Problem(input: string): { reason: Reason; zone: string } {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') return { reason: 'the IPv6 zone after "%" is empty', zone };
  }
  let ellipsis = -1;
  if (s.startsWith('::')) {
    ellipsis = 0;
    s = s.slice(2);
    if (s === '') return { reason: undefined, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off] as string;
      const d = /[0-9a-fA-F]/.test(c) ? parseInt(c, 16) : -1;
      if (d < 0) break;
      acc = acc * 16 + d;
      if (acc > 0xffff) return { reason: 'an IPv6 group is above ffff', zone };
    }
    if (off === 0) return { reason: 'an IPv6 group is empty', zone };
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) return { reason: 'an embedded IPv4 address must replace the last two IPv6 groups', zone };
      if (i + 4 > 16) return { reason: 'too many IPv6 groups before the embedded IPv4 address', zone };
      const v4 = ipv4Problem(s);
      if (v4) return { reason: v4, zone };
      s = '';
      i += 4;
      break;
    }
    i += 2;
    s = s.slice(off);
    if (s === '') break;
    if (s[0] !== ':') return { reason: `unexpected character ${quote(s[0] as string)} in the IPv6 address`, zone };
    if (s.length === 1) return { reason: 'the IPv6 address ends with a single ":"', zone };
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return { reason: 'the IPv6 address has more than one "::"', zone };
      ellipsis = i;
      s = s.slice(1);
      if (s === '') break;
    }
  }
  if (s !== '') return { reason: 'the IPv6 address has more than eight groups', zone };
  if (i < 16 && ellipsis < 0) return { reason: 'the IPv6 address has fewer than eight groups and no "::"', zone };
  if (i >= 16 && ellipsis >= 0) return { reason: 'the "::" in the IPv6 address stands for no group', zone };
  return { reason: undefined, zone };
}

/** netip.ParseAddr: the family decides by the first ".", ":" or "%". */
function parseAddr(s: string): ParsedAddr | { readonly reason: string } {
  for (const c of s) {
    if (c === '.') {
      const r = ipv4Problem(s);
      return r ? { reason: r } : { is6: false, zone: '' };
    }
    if (c === ':') {
      const r = ipv6Problem(s);
      return r.reason ? { reason: r.reason } : { is6: true, zone: r.zone };
    }
    if (c === '%') return { reason: 'there is no IPv6 address before "%"' };
  }
  return { reason: 'it is not an IP address' };
}

export interface PrefixOptions {
  /**
   * Go 1.22 (net/netip, golang/go#63850) rejects a sign or leading zeros in the prefix
   * length ("/024", "/+24"); older Go read it with Atoi. Istio 1.22 and later is built with Go 1.22+.
   */
  readonly strictBits: boolean;
}

/** netip.ParsePrefix: address "/" decimal length; no zone, no spaces, length within the family. */
export function parsePrefixProblem(s: string, opts: PrefixOptions = { strictBits: true }): Reason {
  const spaced = s !== s.trim();
  const slash = s.lastIndexOf('/');
  if (slash < 0) {
    const addr = parseAddr(s.trim());
    if ('is6' in addr) return 'it has no prefix length';
    return 'it is not in address/length form';
  }
  const addrText = s.slice(0, slash);
  const addr = parseAddr(addrText);
  if (!('is6' in addr)) {
    if (addrText !== addrText.trim() && 'is6' in parseAddr(addrText.trim())) return 'it has a space';
    return addr.reason;
  }
  if (addr.is6 && addr.zone !== '') return 'an IPv6 zone after "%" is not allowed in a prefix';
  const bitsText = s.slice(slash + 1);
  const badBits = (): string => (spaced && bitsText.trim() !== bitsText && parsePrefixProblem(s.trim(), opts) === undefined ? 'it has a space' : `${quote(bitsText)} is not a prefix length`);
  let bits: number;
  if (opts.strictBits) {
    if (!DIGITS.test(bitsText) || (bitsText.length > 1 && bitsText[0] === '0')) return badBits();
    bits = Number(bitsText);
  } else {
    const v = goParseInt64(bitsText);
    if (v === undefined) return badBits();
    bits = Number(v);
  }
  const max = addr.is6 ? 128 : 32;
  if (bits < 0 || bits > max) return `prefix length ${bitsText} is out of range for ${addr.is6 ? 'IPv6' : 'IPv4'}, which takes 0-${max}`;
  return undefined;
}

/** validateCIDRList: "" is accepted; otherwise every comma-separated element must parse, untrimmed. */
export function cidrListProblem(value: string, opts: PrefixOptions = { strictBits: true }): { reason: string; element: string } | undefined {
  if (value === '') return undefined;
  for (const element of value.split(',')) {
    const why = parsePrefixProblem(element, opts);
    if (why) return { element, reason: element === '' ? 'the list has a stray comma' : `${quote(element)} is not a CIDR: ${why}` };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// ports

/** parsePorts: the whole value and each element are TrimSpace'd; each must be a uint16. Ranges are not supported. */
export function portListProblem(value: string): { reason: string; element: string } | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  for (const element of trimmed.split(',')) {
    const port = element.trim();
    if (port === '') return { element, reason: 'the list has a stray comma' };
    if (/^[0-9]+\s*[-:]\s*[0-9]+$/.test(port)) return { element, reason: `${quote(port)} is a port range` };
    const why = goParseUintProblem(port, 16, 'port');
    if (why) return { element, reason: why };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// resource.ParseQuantity (k8s.io/apimachinery/pkg/api/resource)

const QUANTITY_SUFFIX_CHARS = 'eEinumkKMGTP';
const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

const QUANTITY_FORM = 'a Kubernetes quantity';

/**
 * resource.ParseQuantity, step by step: sign, digits, optional "." and digits, then a suffix
 * (n u m "" k M G T P E, Ki Mi Gi Ti Pi Ei, or e/E and an exponent). Quirks kept on purpose:
 * "1." and ".5" parse, and a suffix alone ("Ki", "m") reads as zero, except where Kubernetes
 * falls back to its big-decimal path, which needs a digit.
 */
export function quantityProblem(str: string): Reason {
  if (str.length === 0) return `an empty value is not ${QUANTITY_FORM}`;
  if (str === '0') return undefined;
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  const end = str.length;
  let pos = 0;
  let num = '';
  let denom = '';
  let value = '';
  let suffix = '';
  const formatWrong = `${quote(str)} is not ${QUANTITY_FORM}`;
  scan: {
    if (str[0] === '-' || str[0] === '+') pos++;
    for (let i = pos; ; i++) {
      if (i >= end) {
        num = '0';
        value = num;
        break scan;
      }
      if (str[i] === '0') pos++;
      else break;
    }
    let i = pos;
    for (; ; i++) {
      if (i >= end) {
        num = str.slice(pos);
        value = str;
        break scan;
      }
      if (!isDigit(str[i])) {
        num = str.slice(pos, i);
        pos = i;
        break;
      }
    }
    if (num === '') num = '0';
    if (str[pos] === '.') {
      pos++;
      for (i = pos; ; i++) {
        if (i >= end) {
          denom = str.slice(pos);
          value = str;
          break scan;
        }
        if (!isDigit(str[i])) {
          denom = str.slice(pos, i);
          pos = i;
          break;
        }
      }
    }
    value = str.slice(0, pos);
    const suffixStart = pos;
    for (i = pos; ; i++) {
      if (i >= end) {
        suffix = str.slice(suffixStart);
        break scan;
      }
      if (!QUANTITY_SUFFIX_CHARS.includes(str[i] as string)) {
        pos = i;
        break;
      }
    }
    if (str[pos] === '-' || str[pos] === '+') pos++;
    for (i = pos; ; i++) {
      if (i >= end) {
        suffix = str.slice(suffixStart);
        break scan;
      }
      if (!isDigit(str[i])) break;
    }
    return formatWrong;
  }

  let exponent: number;
  let binary = false;
  if (suffix in DECIMAL_SUFFIXES) exponent = DECIMAL_SUFFIXES[suffix] as number;
  else if (suffix in BINARY_SUFFIXES) {
    exponent = BINARY_SUFFIXES[suffix] as number;
    binary = true;
  } else if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const parsed = goParseInt64(suffix.slice(1));
    if (parsed === undefined) return `${quote(str)}: the exponent ${quote(suffix)} is not a number`;
    exponent = Number(BigInt.asIntN(32, parsed));
  } else {
    return `${quote(str)} has an unknown unit ${quote(suffix)}`;
  }

  // The int64 fast path handles every value with enough precision; anything else goes through
  // inf.Dec.SetString on the number part, which fails when that part holds no digit.
  let fastPath: boolean;
  if (binary) {
    fastPath = denom === '' && 15 - num.length - Math.trunc((exponent * 3) / 10) - 1 >= 0;
  } else {
    fastPath = 18 - (num.length + denom.length) >= 0 && exponent - denom.length >= -9;
  }
  if (!fastPath && !/[0-9]/.test(value)) return `${quote(str)} has no digits`;
  return undefined;
}

// ---------------------------------------------------------------------------------------
// The per-annotation checks

/** interceptionMode: the exact, case-sensitive names. */
export function interceptionModeProblem(v: string): Reason {
  return ['REDIRECT', 'TPROXY', 'NONE'].includes(v) ? undefined : `${quote(v)} is not REDIRECT, TPROXY or NONE`;
}

/** status.sidecar.istio.io/port: parsePort, which trims spaces; "" is rejected. */
export function statusPortProblem(v: string): Reason {
  return goParseUintProblem(v.trim(), 16, 'port');
}

export function uint32Problem(v: string): Reason {
  return goParseUintProblem(v, 32, 'whole number');
}

export function includeIPRangesProblem(v: string, opts?: PrefixOptions): { reason: string; element: string } | undefined {
  return v === '*' ? undefined : cidrListProblem(v, opts);
}

export function excludeIPRangesProblem(v: string, opts?: PrefixOptions): { reason: string; element: string } | undefined {
  const star = v.split(',').find((e) => e.trim() === '*');
  if (star !== undefined) return { element: star, reason: '"*" is not accepted here' };
  return cidrListProblem(v, opts);
}

export function includeInboundPortsProblem(v: string): { reason: string; element: string } | undefined {
  return v === '*' ? undefined : portListProblem(v);
}

export function excludePortsProblem(v: string): { reason: string; element: string } | undefined {
  const star = v.split(',').find((e) => e.trim() === '*');
  if (star !== undefined) return { element: star, reason: '"*" is not accepted here: only includeInboundPorts takes "*"' };
  return portListProblem(v);
}

/** netutil.ValidateInterfaceNames (Istio 1.30+): Linux interface names, at most 15 characters. */
export function interfaceNamesProblem(v: string): { reason: string; element: string } | undefined {
  if (v === '') return undefined;
  for (const element of v.split(',')) {
    const name = element.trim();
    if (name === '') return { element, reason: 'the list has a stray comma' };
    if (Buffer.byteLength(name) > 15) return { element, reason: `interface name ${quote(name)} is longer than 15 characters` };
    if (!/^[a-zA-Z]/.test(name)) return { element, reason: `interface name ${quote(name)} must start with a letter` };
    if (!/^[a-zA-Z0-9_.-]*$/.test(name)) return { element, reason: `interface name ${quote(name)} may hold only letters, digits, "_", "." and "-"` };
  }
  return undefined;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** validateResourceQuantity: no control characters, then resource.ParseQuantity. */
export function resourceQuantityProblem(v: string): Reason {
  if (CONTROL.test(v)) return 'it contains a control character, such as a newline or a tab';
  return quantityProblem(v);
}

// ---------------------------------------------------------------------------------------
// The table, by Istio version

export type Check = (value: string) => { reason: string; element?: string } | undefined;

const plain = (f: (v: string) => Reason): Check => (v) => {
  const reason = f(v);
  return reason === undefined ? undefined : { reason };
};

export const QUANTITY_ANNOTATIONS = ['sidecar.istio.io/proxyCPU', 'sidecar.istio.io/proxyMemory', 'sidecar.istio.io/proxyCPULimit', 'sidecar.istio.io/proxyMemoryLimit'] as const;
export const INTERFACE_ANNOTATIONS = ['traffic.sidecar.istio.io/excludeInterfaces', 'traffic.sidecar.istio.io/kubevirtInterfaces', 'istio.io/reroute-virtual-interfaces'] as const;
export const ENABLE_CORE_DUMP = 'sidecar.istio.io/enableCoreDump';

/**
 * The webhook validates the resource annotations from 1.29.0, 1.28.4 and 1.27.6 (#58928, a
 * security fix). Before, a bad value still failed, later: the template writes it into the
 * istio-proxy container's resources and decoding that pod fails (Quantity.UnmarshalJSON, which trims spaces).
 */
export function webhookValidatesQuantities(v: IstioVersion): boolean {
  if (atLeast(v, 1, 29)) return true;
  if (atLeast(v, 1, 28)) return atLeast(v, 1, 28, 4);
  return atLeast(v, 1, 27, 6);
}

/** The checks Istio's injector runs for this version, keyed by annotation (proxy.istio.io/config excepted). */
export function webhookChecks(version: IstioVersion): ReadonlyMap<string, Check> {
  const opts: PrefixOptions = { strictBits: atLeast(version, 1, 22) };
  const m = new Map<string, Check>([
    ['sidecar.istio.io/interceptionMode', plain(interceptionModeProblem)],
    ['status.sidecar.istio.io/port', plain(statusPortProblem)],
    ['readiness.status.sidecar.istio.io/initialDelaySeconds', plain(uint32Problem)],
    ['readiness.status.sidecar.istio.io/periodSeconds', plain(uint32Problem)],
    ['readiness.status.sidecar.istio.io/failureThreshold', plain(uint32Problem)],
    ['traffic.sidecar.istio.io/includeOutboundIPRanges', (v) => includeIPRangesProblem(v, opts)],
    ['traffic.sidecar.istio.io/excludeOutboundIPRanges', (v) => excludeIPRangesProblem(v, opts)],
    ['traffic.sidecar.istio.io/includeInboundPorts', includeInboundPortsProblem],
    ['traffic.sidecar.istio.io/excludeInboundPorts', excludePortsProblem],
    ['traffic.sidecar.istio.io/excludeOutboundPorts', excludePortsProblem],
    ['prometheus.istio.io/merge-metrics', plain(goParseBoolProblem)],
  ]);
  // Validated as a bool up to 1.24; the annotation left the table in 1.25.
  if (!atLeast(version, 1, 25)) m.set(ENABLE_CORE_DUMP, plain(goParseBoolProblem));
  // #58785: interface names are checked from 1.30 (by the webhook and the CNI plugin alike).
  if (atLeast(version, 1, 30)) for (const key of INTERFACE_ANNOTATIONS) m.set(key, interfaceNamesProblem);
  const strict = webhookValidatesQuantities(version);
  for (const key of QUANTITY_ANNOTATIONS) m.set(key, plain(strict ? resourceQuantityProblem : (v) => quantityProblem(v.trim())));
  return m;
}

// ---------------------------------------------------------------------------------------
// traffic.sidecar.istio.io/includeOutboundPorts: not validated by the webhook

export const INCLUDE_OUTBOUND_PORTS = 'traffic.sidecar.istio.io/includeOutboundPorts';

export type InitVerdict = 'ok' | 'maybe' | { readonly reason: string; readonly element: string };

/**
 * How istio-init (no CNI) fares: each non-empty comma-separated element becomes
 * `iptables … -p tcp --dport <element>`, so it must be a port or a range "a:b". A name is
 * looked up as a service in the proxy image (unknown here).
 */
export function includeOutboundPortsInit(v: string): InitVerdict {
  if (v === '*') return 'ok';
  const portKind = (p: string): 'ok' | 'maybe' | 'bad' => {
    if (p === '') return 'ok'; // one side of a range left open: 0 or 65535
    if (DIGITS.test(p)) return Number(p) <= 65535 ? 'ok' : 'bad';
    return /^[A-Za-z][A-Za-z0-9._-]*$/.test(p) ? 'maybe' : 'bad';
  };
  let verdict: InitVerdict = 'ok';
  for (const element of v.split(',')) {
    if (element === '') continue; // istio-iptables drops empty entries
    const t = element.trim();
    if (t === '') return { element, reason: 'the list has an entry of only spaces' };
    if (/\s/.test(t)) return { element, reason: `${quote(t)} has a space inside it` };
    const parts = t.split(':');
    const neither = { element, reason: `${quote(t)} is not a port or an a:b range` };
    if (parts.length > 2) return neither;
    const kinds = parts.map(portKind);
    if (kinds.includes('bad')) return neither;
    if (parts.length === 1 && t === '') return neither;
    const [a, b] = parts;
    if (a !== undefined && b !== undefined && DIGITS.test(a) && DIGITS.test(b) && Number(a) > Number(b)) {
      return { element, reason: `port range ${quote(t)} runs backwards` };
    }
    if (kinds.includes('maybe')) verdict = 'maybe';
  }
  return verdict;
}

/** The CNI plugin's check (cni/pkg/plugin/sidecar_redirect.go): "*" or a list of single ports. */
export function includeOutboundPortsCni(v: string): { reason: string; element: string } | undefined {
  return v === '*' ? undefined : portListProblem(v);
}

// ---------------------------------------------------------------------------------------
// sidecar.istio.io/nativeSidecar: read by the injection template, not validated

export const NATIVE_SIDECAR = 'sidecar.istio.io/nativeSidecar';

/**
 * What a value other than "true"/"false" does, by version, or undefined when the value is
 * one of those or the version does not read the annotation.
 *  - up to 1.23: the annotation is not read;
 *  - 1.24-1.26: only the exact "true" turns native sidecars on; any other value set turns them off;
 *  - 1.27+: `ne (annotation | default <istiod's setting>) "false"`: any non-empty value other
 *    than "false" turns them on, an empty one leaves istiod's setting.
 */
export function nativeSidecarEffect(value: string, version: IstioVersion): 'on' | 'off' | 'default' | undefined {
  if (value === 'true' || value === 'false' || !atLeast(version, 1, 24)) return undefined;
  if (!atLeast(version, 1, 27)) return 'off';
  return value === '' ? 'default' : 'on';
}
