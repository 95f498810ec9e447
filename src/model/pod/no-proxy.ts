// Whether a Go program sends an HTTPS request through a proxy, decided as Go's net/http does
// from the environment (http.ProxyFromEnvironment, golang.org/x/net/http/httpproxy):
// - HTTPS_PROXY before https_proxy and NO_PROXY before no_proxy; the first NON-EMPTY one wins.
//   ALL_PROXY is not read, and HTTP_PROXY only applies to http:// URLs.
// - NO_PROXY is a comma-separated list, each entry trimmed and lower-cased: `*` exempts every
//   host; an IP or CIDR entry matches IP hosts only; a name matches itself and its subdomains
//   (`svc` matches `a.b.svc`), `.name` and `*.name` match subdomains only; `entry:port`
//   matches only that port. `localhost` and loopback IPs are never proxied.
// kube-apiserver builds its webhook clients on this (k8s.io/apimachinery's proxier only adds
// CIDR handling with the same NO_PROXY/no_proxy precedence).

/** One variable of a container's (or a tool's) environment, as written. */
export interface EnvEntry {
  readonly name: string;
  /** The literal value; undefined when it is not known (valueFrom, `$(VAR)` references). */
  readonly value: string | undefined;
  /** Why the value is not known, when it is not. */
  readonly unknownBecause?: string;
  /** Position in the list the entry comes from. */
  readonly index: number;
}

/** An environment: the listed entries, and whether unlisted variables may come from elsewhere. */
export interface EnvList {
  readonly entries: readonly EnvEntry[];
  /** Where unlisted variables may come from (envFrom, the shell kubeadm runs in); undefined when the list is complete. */
  readonly openTo: string | undefined;
}

export type EffectiveVar =
  /** `name` is the variable Go reads; `ignored` are listed entries of the other spelling that Go does not read. */
  | { readonly state: 'set'; readonly name: string; readonly value: string; readonly entry: EnvEntry; readonly ignored: readonly EnvEntry[]; readonly empty: readonly EnvEntry[] }
  /** Neither spelling has a non-empty value; `empty` are the entries that are present but empty. */
  | { readonly state: 'unset'; readonly empty: readonly EnvEntry[] }
  /** `open`: only because unlisted variables may come from elsewhere. */
  | { readonly state: 'unknown'; readonly because: string; readonly open: boolean };

export interface ProxyEnv {
  /** The proxy for https:// URLs (HTTPS_PROXY, https_proxy). */
  readonly httpsProxy: EffectiveVar;
  /** The exemption list (NO_PROXY, no_proxy). */
  readonly noProxy: EffectiveVar;
}

type Lookup =
  | { readonly state: 'set'; readonly entry: EnvEntry; readonly value: string }
  | { readonly state: 'unset' }
  | { readonly state: 'unknown'; readonly because: string; readonly open: boolean };

/** A variable as the process sees it: the last entry of that exact name wins (names are case-sensitive). */
function lookup(env: EnvList, name: string): Lookup {
  let found: EnvEntry | undefined;
  for (const e of env.entries) if (e.name === name) found = e;
  if (found) {
    return found.value === undefined
      ? { state: 'unknown', because: `${name} ${found.unknownBecause ?? 'has no literal value'}`, open: false }
      : { state: 'set', entry: found, value: found.value };
  }
  return env.openTo ? { state: 'unknown', because: `${name} may come from ${env.openTo}`, open: true } : { state: 'unset' };
}

/** Go's getEnvAny: the first of the names with a non-empty value. */
export function effectiveVar(env: EnvList, names: readonly string[]): EffectiveVar {
  const empty: EnvEntry[] = [];
  for (let i = 0; i < names.length; i++) {
    const l = lookup(env, names[i] as string);
    if (l.state === 'unknown') return { state: 'unknown', because: l.because, open: l.open };
    if (l.state === 'unset') continue;
    if (l.value === '') {
      empty.push(l.entry);
      continue;
    }
    const later = new Set(names.slice(i + 1));
    const ignored = env.entries.filter((e) => later.has(e.name));
    return { state: 'set', name: l.entry.name, value: l.value, entry: l.entry, ignored, empty };
  }
  return { state: 'unset', empty };
}

/**
 * The HTTPS proxy and the no-proxy list a Go program would use. When HTTPS_PROXY is unknown
 * but https_proxy is set, a proxy is in effect either way: reported as set by https_proxy.
 */
export function effectiveProxyEnv(env: EnvList): ProxyEnv {
  let httpsProxy = effectiveVar(env, ['HTTPS_PROXY', 'https_proxy']);
  if (httpsProxy.state === 'unknown') {
    const lower = lookup(env, 'https_proxy');
    if (lower.state === 'set' && lower.value !== '') httpsProxy = { state: 'set', name: 'https_proxy', value: lower.value, entry: lower.entry, ignored: [], empty: [] };
  }
  return { httpsProxy, noProxy: effectiveVar(env, ['NO_PROXY', 'no_proxy']) };
}

// ---- IP addresses, as Go's net.ParseIP and net.ParseCIDR read them ----

/** 16 bytes; IPv4 addresses in their IPv4-mapped form. */
type Ip = readonly number[];

function parseIPv4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    // Go rejects leading zeros (ambiguous octal) since 1.17.
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

function parseIPv6(s: string): number[] | undefined {
  if (s.includes('%')) return undefined; // zones are not IPs for ParseIP
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIPv4(p);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(p)) return undefined;
      out.push(parseInt(p, 16));
    }
    return out;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return undefined;
  let words: number[];
  if (halves.length === 2) {
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return undefined;
    words = [...head, ...new Array<number>(fill).fill(0), ...tail];
  } else {
    if (head.length !== 8) return undefined;
    words = head;
  }
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** Go's net.ParseIP: undefined when `s` is not an IP address. */
export function parseIp(s: string): Ip | undefined {
  if (s.includes(':')) return parseIPv6(s);
  const v4 = parseIPv4(s);
  return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4] : undefined;
}

const isV4 = (ip: Ip): boolean => ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;

function isLoopback(ip: Ip): boolean {
  if (isV4(ip)) return ip[12] === 127;
  return ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1;
}

interface Cidr {
  readonly ip: Ip;
  readonly v4: boolean;
  readonly bits: number;
}

/** Go's net.ParseCIDR. */
function parseCidr(s: string): Cidr | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const addr = s.slice(0, slash);
  const len = s.slice(slash + 1);
  const ip = parseIp(addr);
  if (!ip || !/^\d+$/.test(len)) return undefined;
  const v4 = !addr.includes(':');
  const bits = Number(len);
  if (bits > (v4 ? 32 : 128)) return undefined;
  return { ip, v4, bits };
}

function cidrContains(c: Cidr, ip: Ip): boolean {
  if (c.v4 && !isV4(ip)) return false;
  const offset = c.v4 ? 96 : 0;
  for (let bit = 0; bit < c.bits; bit++) {
    const i = offset + bit;
    const mask = 0x80 >> (i % 8);
    if ((((c.ip[i >> 3] as number) ^ (ip[i >> 3] as number)) & mask) !== 0) return false;
  }
  return true;
}

const sameIp = (a: Ip, b: Ip): boolean => a.every((x, i) => x === b[i]);

/** Go's net.SplitHostPort: undefined when `s` is not host:port (missing port, too many colons, stray brackets). */
function splitHostPort(s: string): { host: string; port: string } | undefined {
  const i = s.lastIndexOf(':');
  if (i < 0) return undefined;
  let host: string;
  let from = 0;
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    if (end < 0 || end + 1 !== i) return undefined;
    host = s.slice(1, end);
    from = end + 1;
    if (s.slice(1).includes('[') || s.slice(from).includes(']')) return undefined;
  } else {
    host = s.slice(0, i);
    if (host.includes(':') || s.includes('[') || s.includes(']')) return undefined;
  }
  return { host, port: s.slice(i + 1) };
}

// ---- NO_PROXY entries ----

export type NoProxyEntry =
  | { readonly kind: 'all'; readonly raw: string }
  | { readonly kind: 'cidr'; readonly raw: string; readonly cidr: Cidr }
  | { readonly kind: 'ip'; readonly raw: string; readonly ip: Ip; readonly port: string }
  /** `suffix` starts with a dot; `matchHost`: the bare name (without the dot) matches too. */
  | { readonly kind: 'domain'; readonly raw: string; readonly suffix: string; readonly port: string; readonly matchHost: boolean }
  | { readonly kind: 'ignored'; readonly raw: string };

/** Reads a NO_PROXY value entry by entry, as httpproxy's config does (an entry `*` ends the reading). */
export function parseNoProxy(list: string): NoProxyEntry[] {
  const out: NoProxyEntry[] = [];
  for (const part of list.split(',')) {
    const raw = part.trim();
    const p = raw.toLowerCase();
    if (p === '') continue;
    if (p === '*') {
      out.push({ kind: 'all', raw });
      return out;
    }
    const cidr = parseCidr(p);
    if (cidr) {
      out.push({ kind: 'cidr', raw, cidr });
      continue;
    }
    let host = p;
    let port = '';
    const hp = splitHostPort(p);
    if (hp) {
      if (hp.host === '') {
        out.push({ kind: 'ignored', raw });
        continue;
      }
      host = hp.host;
      port = hp.port;
    }
    const ip = parseIp(host);
    if (ip) {
      out.push({ kind: 'ip', raw, ip, port });
      continue;
    }
    if (host.startsWith('*.')) host = host.slice(1);
    const matchHost = !host.startsWith('.');
    out.push({ kind: 'domain', raw, suffix: matchHost ? `.${host}` : host, port, matchHost });
  }
  return out;
}

function entryMatches(e: NoProxyEntry, host: string, port: string, ip: Ip | undefined): boolean {
  switch (e.kind) {
    case 'all':
      return true;
    case 'cidr':
      return ip !== undefined && cidrContains(e.cidr, ip);
    case 'ip':
      return ip !== undefined && sameIp(e.ip, ip) && (e.port === '' || e.port === port);
    case 'domain':
      return (host.endsWith(e.suffix) || (e.matchHost && host === e.suffix.slice(1))) && (e.port === '' || e.port === port);
    case 'ignored':
      return false;
  }
}

export interface NoProxyDecision {
  /** True: Go connects directly, without the proxy. */
  readonly covered: boolean;
  /** The entry that exempts the host, as written. */
  readonly by: string | undefined;
  /**
   * Why, phrased to follow the variable's name: "lists .svc, which matches istiod.istio-system.svc",
   * "lists .cluster.local, which does not match istiod.istio-system.svc", "is empty".
   */
  readonly reason: string;
}

/** Does the no-proxy list `list` exempt a request to host:port from the proxy? */
export function noProxyCovers(list: string, host: string, port: number | string): NoProxyDecision {
  const h = host.trim().toLowerCase();
  const p = String(port);
  const ip = parseIp(h);
  if (h === 'localhost' || (ip && isLoopback(ip))) return { covered: true, by: undefined, reason: `does not matter: Go never proxies ${h}` };
  const entries = parseNoProxy(list);
  if (entries.length === 0) return { covered: false, by: undefined, reason: 'is empty' };
  const hit = entries.find((e) => entryMatches(e, h, p, ip));
  if (hit) {
    return {
      covered: true,
      by: hit.raw,
      reason: hit.kind === 'all' ? `lists *, which turns the proxy off for every host` : `lists ${hit.raw}, which matches ${h}:${p}`,
    };
  }
  return { covered: false, by: undefined, reason: missReason(entries, h, p, ip) };
}

/** The most telling near miss, for a host no entry matches. */
function missReason(entries: readonly NoProxyEntry[], host: string, port: string, ip: Ip | undefined): string {
  const domains = entries.filter((e): e is Extract<NoProxyEntry, { kind: 'domain' }> => e.kind === 'domain');
  const wrongPort = domains.find((e) => e.port !== '' && entryMatches({ ...e, port: '' }, host, port, ip));
  if (wrongPort) return `lists ${wrongPort.raw}, which matches only port ${wrongPort.port} (the call uses port ${port})`;
  const wrongIpPort = entries.find((e) => e.kind === 'ip' && e.port !== '' && ip !== undefined && sameIp(e.ip, ip));
  if (wrongIpPort && wrongIpPort.kind === 'ip') return `lists ${wrongIpPort.raw}, which matches only port ${wrongIpPort.port} (the call uses port ${port})`;
  if (ip === undefined) {
    // A name such as a.b.svc: entries that look meant for it but do not end the same way.
    const labels = host.split('.');
    const tld = labels[labels.length - 1] ?? '';
    const shares = (e: { suffix: string }, names: readonly string[]): boolean => e.suffix.split('.').some((l) => l !== '' && names.includes(l));
    const near =
      domains.find((e) => shares(e, [tld])) ??
      domains.find((e) => e.suffix.endsWith('.cluster.local')) ??
      domains.find((e) => shares(e, labels));
    if (near) return `lists ${near.raw}, which does not match ${host}`;
    if (entries.some((e) => e.kind === 'cidr' || e.kind === 'ip') && domains.length === 0) {
      return `lists only IP addresses and ranges, which never match a name such as ${host}`;
    }
  }
  const shown = entries.length > 3 ? `${entries.slice(0, 3).map((e) => e.raw).join(',')},…` : entries.map((e) => e.raw).join(',');
  return `(${shown}) has no entry that matches ${host}${ip === undefined ? '' : `:${port}`}`;
}

/** The no-proxy value with `.svc` appended, keeping what is there. */
export function withSvc(value: string): string {
  const v = value.trimEnd();
  if (v.trim() === '') return '.svc';
  return v.endsWith(',') ? `${v}.svc` : `${v},.svc`;
}
