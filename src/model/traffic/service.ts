// Services as Istio reads them: the pods a selector picks, each port with its target port (a
// named one resolved through the pods' container ports) and the protocol Istio gives it
// (pkg/config/kube/conversion.go ConvertProtocol, pkg/config/protocol/instance.go Parse).
import type { Resource } from '../../common/types.ts';
import { slimResource } from '../place.ts';
import { asObject, labelRecord, type PodTemplate } from '../workload.ts';
import protocols from '../data/port-protocols.json' with { type: 'json' };

export interface ServicePort {
  readonly index: number;
  readonly name: string | undefined;
  readonly port: number;
  /** spec.ports[].targetPort: a number, a container port's name, or the port itself when unset. */
  readonly targetPort: number | string;
  readonly protocol: string;
  readonly appProtocol: string | undefined;
}

export interface ServiceInfo {
  readonly resource: Resource;
  readonly namespace: string;
  readonly name: string;
  /** spec.selector; undefined when the Service selects no pod (its endpoints are kept by hand). */
  readonly selector: Readonly<Record<string, string>> | undefined;
  readonly ports: readonly ServicePort[];
}

/** Ports read of one Service: far above any real one. */
const MAX_PORTS = 256;

const portNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 65536 ? v : undefined);

/** A core Service whose namespace is known and that selects pods (ExternalName and selector-less Services have no pods of the inputs). */
export function serviceOf(r: Resource): ServiceInfo | undefined {
  if (r.kind !== 'Service' || r.apiVersion !== 'v1' || !r.name || r.namespace === undefined) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  if (spec.type === 'ExternalName') return undefined;
  const raw = asObject(spec.selector);
  const selector = raw && Object.keys(raw).length > 0 ? labelRecord(raw) : undefined;
  const ports: ServicePort[] = [];
  for (const [index, p] of (Array.isArray(spec.ports) ? spec.ports.slice(0, MAX_PORTS) : []).entries()) {
    const o = asObject(p);
    const port = portNumber(o?.port);
    if (!o || port === undefined) continue;
    const target = portNumber(o.targetPort) ?? (typeof o.targetPort === 'string' && o.targetPort !== '' ? o.targetPort : port);
    ports.push({
      index,
      name: typeof o.name === 'string' ? o.name : undefined,
      port,
      targetPort: target,
      protocol: typeof o.protocol === 'string' ? o.protocol : 'TCP',
      appProtocol: typeof o.appProtocol === 'string' ? o.appProtocol : undefined,
    });
  }
  // Kept by rules until the run ends: the object as a stand-in, with the ports findings name.
  const resource = slimResource(r, ports.map((p) => ['spec', 'ports', p.index]));
  // A copy of its own length: a list grown by push keeps room for 17, and every Service's is kept.
  return { resource, namespace: r.namespace, name: r.name, selector, ports: ports.slice() };
}

/** Whether a Service's selector picks a pod template's pods (same namespace, every selector label). */
export function selects(s: ServiceInfo, namespace: string | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (!s.selector || namespace !== s.namespace) return false;
  return Object.entries(s.selector).every(([k, v]) => labels[k] === v);
}

/** A container port as written (name and number unchecked): what a Service's named target port resolves through. */
export interface ContainerPort {
  readonly name: unknown;
  readonly containerPort: unknown;
}

/** The ports of a pod template's app containers, in order (init and ephemeral containers serve no Service). */
export function containerPortsOf(t: PodTemplate): ContainerPort[] {
  const out: ContainerPort[] = [];
  for (const c of t.containers) {
    if (c.group !== 'containers') continue;
    for (const cp of Array.isArray(c.object.ports) ? c.object.ports.slice(0, MAX_PORTS) : []) {
      const o = asObject(cp);
      if (o) out.push({ name: o.name, containerPort: o.containerPort });
    }
  }
  // A copy of its own length (see serviceOf): every pod's is kept.
  return out.slice();
}

/**
 * The port a pod listens on for a Service port: the target port's number, or the container port
 * the name stands for in that pod (undefined when the pod names no such port: no endpoint).
 */
export function endpointPort(pod: { readonly ports: readonly ContainerPort[] }, p: ServicePort): number | undefined {
  if (typeof p.targetPort === 'number') return p.targetPort;
  const named = pod.ports.find((cp) => cp.name === p.targetPort);
  return named ? portNumber(named.containerPort) : undefined;
}

/** How a sidecar handles a Service port: an HTTP chain, a TCP chain, UDP (not proxied), or sniffed (both chains). */
export type PortProtocol = 'http' | 'tcp' | 'udp' | 'sniffed';

const NAMES: Readonly<Record<string, string>> = protocols.names;
const STANDARD: Readonly<Record<string, string>> = protocols.appProtocolStandard;
const WELL_KNOWN = new Set(protocols.wellKnownPorts);

/** The protocol Istio gives a Service port (ConvertProtocol). */
export function portProtocol(p: ServicePort): PortProtocol {
  if (p.protocol === 'UDP') return 'udp';
  let name = p.name ?? '';
  if (p.appProtocol !== undefined) {
    const standard = STANDARD[p.appProtocol];
    if (standard) return standard as PortProtocol;
    name = p.appProtocol;
  }
  const lower = name.toLowerCase();
  const prefix = lower.startsWith('grpc-web') ? 'grpc-web' : lower.split('-')[0] ?? '';
  const parsed = NAMES[prefix];
  if (parsed) return parsed as PortProtocol;
  return WELL_KNOWN.has(p.port) ? 'tcp' : 'sniffed';
}
