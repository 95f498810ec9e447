// Kubernetes NetworkPolicy, as far as meshlint needs it: which pods a policy isolates, and
// whether its rules admit a given peer (a pod, or a fixed address) on a given TCP port.
// Semantics (Kubernetes networking/v1 API): a pod selected by any policy whose policyTypes hold
// Ingress (policyTypes absent: Ingress always) accepts only what the union of those policies'
// ingress rules admits. A rule admits a connection when one of its `from` peers matches the
// source (no `from`: every source) and one of its `ports` matches the port (no `ports`: every
// port); egress is the same with `to`. A peer is a podSelector (pods of the policy's namespace), a namespaceSelector (every
// pod of the matching namespaces), both (those pods of those namespaces), or an ipBlock.
// Everything is three-valued: a pod's IP is not among the inputs, so an ipBlock neither admits
// nor refuses a pod for certain; shapes the API server would reject decide nothing.
import { matches, parseSelector, EVERYTHING, type LabelSelector, type LabelSet, type Tri } from '../injection/selector.ts';
import { asObject } from '../workload.ts';
import type { Resource } from '../../common/types.ts';

/** Rules, peers and ports read per policy, at most. */
const MAX_ITEMS = 500;

export interface NetPort {
  /** TCP, UDP or SCTP (TCP when not written). */
  readonly protocol: string;
  /** A number, a container port's name, or undefined for every port of the protocol. */
  readonly port: number | string | undefined;
  readonly endPort: number | undefined;
}

export type Peer =
  | { readonly kind: 'pods'; readonly namespaceSelector: LabelSelector | undefined; readonly podSelector: LabelSelector | undefined }
  | { readonly kind: 'ip'; readonly cidr: string; readonly except: readonly string[] }
  | { readonly kind: 'unreadable' };

/** An ingress or egress rule: its peers are `from` or `to`. */
export interface PolicyRule {
  readonly index: number;
  readonly peers: readonly Peer[] | 'all';
  readonly ports: readonly NetPort[] | 'all' | 'unreadable';
}

export interface NetworkPolicy {
  readonly resource: Resource;
  readonly namespace: string | undefined;
  readonly podSelector: LabelSelector;
  /** Whether the policy isolates the pods it selects for ingress, and for egress. */
  readonly isolatesIngress: Tri;
  readonly isolatesEgress: Tri;
  readonly ingress: readonly PolicyRule[];
  readonly egress: readonly PolicyRule[];
  /** Why the policy cannot be read (a shape the API server rejects). */
  readonly unreadable: string | undefined;
}

/** A connection's source: a pod (its namespace and labels), or fixed addresses (either of which it may come from). */
export type Source =
  | { readonly kind: 'pod'; readonly namespace: string; readonly labels: LabelSet; readonly namespaceLabels: LabelSet }
  | { readonly kind: 'addresses'; readonly addresses: readonly string[] };

export function isNetworkPolicy(r: Resource): boolean {
  return r.kind === 'NetworkPolicy' && r.apiVersion.startsWith('networking.k8s.io/');
}

const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v.slice(0, MAX_ITEMS) : undefined);

function parsePeer(raw: unknown): Peer {
  const o = asObject(raw);
  if (!o) return { kind: 'unreadable' };
  const ip = asObject(o.ipBlock);
  if (ip) {
    if (typeof ip.cidr !== 'string' || o.podSelector !== undefined || o.namespaceSelector !== undefined) return { kind: 'unreadable' };
    const except = ip.except === undefined || ip.except === null ? [] : list(ip.except);
    if (!except || except.some((e) => typeof e !== 'string')) return { kind: 'unreadable' };
    return { kind: 'ip', cidr: ip.cidr, except: except as string[] };
  }
  const selector = (v: unknown): LabelSelector | undefined | 'bad' => (v === undefined || v === null ? undefined : asObject(v) ? parseSelector(v) : 'bad');
  const ns = selector(o.namespaceSelector);
  const pods = selector(o.podSelector);
  if (ns === 'bad' || pods === 'bad' || (ns === undefined && pods === undefined)) return { kind: 'unreadable' };
  return { kind: 'pods', namespaceSelector: ns, podSelector: pods };
}

function parsePorts(raw: unknown): NetPort[] | 'all' | 'unreadable' {
  if (raw === undefined || raw === null) return 'all';
  const items = list(raw);
  if (!items) return 'unreadable';
  if (items.length === 0) return 'all';
  const out: NetPort[] = [];
  for (const item of items) {
    const p = asObject(item);
    if (!p) return 'unreadable';
    const protocol = p.protocol === undefined || p.protocol === null ? 'TCP' : p.protocol;
    const port = p.port === null ? undefined : p.port;
    const endPort = p.endPort === null ? undefined : p.endPort;
    if (typeof protocol !== 'string') return 'unreadable';
    if (port !== undefined && typeof port !== 'number' && typeof port !== 'string') return 'unreadable';
    if (endPort !== undefined && typeof endPort !== 'number') return 'unreadable';
    out.push({ protocol, port, endPort });
  }
  return out;
}

const cache = new WeakMap<Resource, NetworkPolicy>();

/** A NetworkPolicy as read here (built once per resource). */
export function networkPolicyOf(r: Resource): NetworkPolicy {
  const hit = cache.get(r);
  if (hit) return hit;
  const built = build(r);
  cache.set(r, built);
  return built;
}

function build(r: Resource): NetworkPolicy {
  const base = { resource: r, namespace: r.namespace };
  const spec = asObject(r.object.spec);
  const fail = (why: string): NetworkPolicy => ({ ...base, podSelector: EVERYTHING, isolatesIngress: 'unknown', isolatesEgress: 'unknown', ingress: [], egress: [], unreadable: why });
  if (!spec) return fail('no spec');
  const sel = spec.podSelector;
  if (sel !== undefined && sel !== null && !asObject(sel)) return fail('spec.podSelector is not a mapping');
  const podSelector = parseSelector(sel);
  let isolatesIngress: Tri;
  let isolatesEgress: Tri;
  if (spec.policyTypes === undefined || spec.policyTypes === null || (Array.isArray(spec.policyTypes) && spec.policyTypes.length === 0)) {
    // Not written (or empty): the API server defaults it to Ingress, and Egress when the policy has egress rules.
    isolatesIngress = true;
    isolatesEgress = Array.isArray(spec.egress) ? spec.egress.length > 0 : spec.egress !== undefined && spec.egress !== null ? 'unknown' : false;
  } else {
    const types = list(spec.policyTypes);
    if (!types || types.some((t) => t !== 'Ingress' && t !== 'Egress')) return fail('spec.policyTypes holds something other than Ingress and Egress');
    isolatesIngress = types.includes('Ingress');
    isolatesEgress = types.includes('Egress');
  }
  const ingress = parseRules(spec.ingress, 'ingress', 'from');
  if (typeof ingress === 'string') return fail(ingress);
  const egress = parseRules(spec.egress, 'egress', 'to');
  if (typeof egress === 'string') return fail(egress);
  return { ...base, podSelector, isolatesIngress, isolatesEgress, ingress, egress, unreadable: undefined };
}

/** The rules of `spec.<field>`, or why they cannot be read. */
function parseRules(raw: unknown, field: 'ingress' | 'egress', peersKey: 'from' | 'to'): PolicyRule[] | string {
  const out: PolicyRule[] = [];
  if (raw === undefined || raw === null) return out;
  const rules = list(raw);
  if (!rules) return `spec.${field} is not a list`;
  for (const [index, item] of rules.entries()) {
    const rule = asObject(item);
    if (!rule) return `spec.${field}[${index}] is not a mapping`;
    const peersRaw = rule[peersKey];
    let peers: Peer[] | 'all';
    if (peersRaw === undefined || peersRaw === null) peers = 'all';
    else {
      const items = list(peersRaw);
      if (!items) return `spec.${field}[${index}].${peersKey} is not a list`;
      peers = items.length === 0 ? 'all' : items.map(parsePeer);
    }
    out.push({ index, peers, ports: parsePorts(rule.ports) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Three-valued logic.
// ---------------------------------------------------------------------------------------

export function and(a: Tri, b: Tri): Tri {
  if (a === false || b === false) return false;
  return a === true && b === true ? true : 'unknown';
}

export function or(a: Tri, b: Tri): Tri {
  if (a === true || b === true) return true;
  return a === false && b === false ? false : 'unknown';
}

// ---------------------------------------------------------------------------------------
// Matching.
// ---------------------------------------------------------------------------------------

/** Whether the policy selects a pod of `namespace` with these labels (complete: a pod template's own). */
export function selectsPod(p: NetworkPolicy, namespace: string, labels: LabelSet): Tri {
  if (p.namespace === undefined) return and('unknown', matches(p.podSelector, labels));
  if (p.namespace !== namespace) return false;
  return matches(p.podSelector, labels);
}

function peerAdmits(peer: Peer, policyNamespace: string | undefined, source: Source): Tri {
  if (peer.kind === 'unreadable') return 'unknown';
  if (peer.kind === 'ip') {
    // A pod's IP is not among the inputs: an ipBlock may or may not hold it.
    if (source.kind === 'pod') return 'unknown';
    let any: Tri = false;
    for (const a of source.addresses) any = or(any, cidrAdmits(peer, a));
    return any;
  }
  // Pod and namespace selectors match pods only; fixed addresses here are never pods'.
  if (source.kind !== 'pod') return false;
  let inNamespace: Tri;
  if (peer.namespaceSelector) inNamespace = matches(peer.namespaceSelector, source.namespaceLabels);
  else inNamespace = policyNamespace === undefined ? 'unknown' : policyNamespace === source.namespace;
  return and(inNamespace, matches(peer.podSelector ?? EVERYTHING, source.labels));
}

function cidrAdmits(peer: { cidr: string; except: readonly string[] }, address: string): Tri {
  const inside = cidrContains(peer.cidr, address);
  if (inside !== true) return inside;
  let excepted: Tri = false;
  for (const e of peer.except) excepted = or(excepted, cidrContains(e, address));
  return excepted === 'unknown' ? 'unknown' : !excepted;
}

/** Whether a rule's peers (`from` or `to`) hold the peer. */
export function peersAdmit(rule: PolicyRule, policyNamespace: string | undefined, source: Source): Tri {
  if (rule.peers === 'all') return true;
  let any: Tri = false;
  for (const peer of rule.peers) {
    any = or(any, peerAdmits(peer, policyNamespace, source));
    if (any === true) return true;
  }
  return any;
}

/** A TCP port of the destination pod: its number, and its container port names (to match named ports). */
export interface DestPort {
  readonly number: number | undefined;
  /** Named ports of the destination's containers (TCP): name → numbers. */
  readonly named: ReadonlyMap<string, readonly number[]>;
}

/** Whether one of the rule's ports admits TCP to `port` (undefined number: a port not known). */
export function portsAdmit(ports: PolicyRule['ports'], port: DestPort): Tri {
  if (ports === 'all') return true;
  if (ports === 'unreadable') return 'unknown';
  let any: Tri = false;
  for (const p of ports) {
    if (p.protocol !== 'TCP') continue;
    if (p.port === undefined) return true;
    if (port.number === undefined) {
      any = or(any, 'unknown');
      continue;
    }
    if (typeof p.port === 'number') {
      const end = p.endPort ?? p.port;
      if (port.number >= p.port && port.number <= end) return true;
    } else {
      const numbers = port.named.get(p.port);
      if (numbers?.includes(port.number)) return true;
    }
  }
  return any;
}

/** Whether a rule admits the source to the port. */
export function ruleAdmits(rule: PolicyRule, policyNamespace: string | undefined, source: Source, port: DestPort): Tri {
  return and(peersAdmit(rule, policyNamespace, source), portsAdmit(rule.ports, port));
}

/** Ports named in a message, at most. */
const MAX_PORTS_SHOWN = 4;

/** Ports a rule lists, as a short text ("8080, http"). */
export function describePorts(ports: PolicyRule['ports']): string {
  if (ports === 'all' || ports === 'unreadable') return 'every port';
  const shown = ports.slice(0, MAX_PORTS_SHOWN).map((p) => `${p.port === undefined ? `every ${p.protocol} port` : p.endPort !== undefined ? `${p.port}-${p.endPort}` : String(p.port)}${p.protocol !== 'TCP' ? `/${p.protocol}` : ''}`);
  return ports.length > MAX_PORTS_SHOWN ? `${shown.join(', ')} and ${ports.length - MAX_PORTS_SHOWN} more` : shown.join(', ');
}

// ---------------------------------------------------------------------------------------
// Addresses.
// ---------------------------------------------------------------------------------------

/** An IPv4 or IPv6 address as a bigint with its bit length; undefined when it is neither. */
export function parseAddress(text: string): { value: bigint; bits: 32 | 128 } | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const parts = text.split('.').map(Number);
    if (parts.some((n) => n > 255)) return undefined;
    return { value: parts.reduce((acc, n) => (acc << 8n) | BigInt(n), 0n), bits: 32 };
  }
  if (!/^[0-9a-fA-F:]{2,39}$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const group = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = group(halves[0] ?? '');
  const tail = halves.length === 2 ? group(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  return { value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n), bits: 128 };
}

/** Whether a CIDR holds the address: false for another address family, unknown for a CIDR that cannot be read. */
export function cidrContains(cidr: string, address: string): Tri {
  const slash = cidr.indexOf('/');
  if (slash < 0) return 'unknown';
  const net = parseAddress(cidr.slice(0, slash));
  const lenText = cidr.slice(slash + 1);
  const addr = parseAddress(address);
  if (!net || !addr || !/^\d{1,3}$/.test(lenText)) return 'unknown';
  const len = Number(lenText);
  if (len > net.bits) return 'unknown';
  if (net.bits !== addr.bits) return false;
  const shift = BigInt(net.bits - len);
  return net.value >> shift === addr.value >> shift;
}
