// Which inbound ports a sidecar's traffic capture takes (tools/istio-iptables: the pod's
// `traffic.sidecar.istio.io/includeInboundPorts`, `*` by default, and
// `traffic.sidecar.istio.io/excludeInboundPorts`, empty by default; the injector copies them from
// the pod's annotations, else from the install's values.global.proxy). A port the capture leaves
// out reaches the app directly: no proxy sits in front of it, so a PeerAuthentication's mode
// does not apply there and plaintext passes. Ambient pods ignore these annotations
// (../shared/istio/AMBIENT.md 4.5). The install's own defaults are taken as Istio's.
import type { PodTemplate } from '../workload.ts';
import { labelString } from '../workload.ts';
import { isPlaceholder } from '../placeholder.ts';

export const INCLUDE_INBOUND = 'traffic.sidecar.istio.io/includeInboundPorts';
export const EXCLUDE_INBOUND = 'traffic.sidecar.istio.io/excludeInboundPorts';

/** Entries read of one annotation: far above real ones. */
const MAX_ENTRIES = 1_000;

/** The ports a list names, or undefined when it is not one (a placeholder, a word, a range). */
function portsOf(text: string): Set<number> | undefined {
  const out = new Set<number>();
  for (const raw of text.split(',').slice(0, MAX_ENTRIES)) {
    const p = raw.trim();
    if (p === '') continue;
    if (!/^\d{1,5}$/.test(p)) return undefined;
    out.add(Number(p));
  }
  return out;
}

/** A pod's inbound capture annotations, as written (YAML may have typed them as numbers). */
export interface InboundAnnotations {
  readonly includeInbound: unknown;
  readonly excludeInbound: unknown;
}

/** The inbound capture annotations of a pod template. */
export const inboundAnnotationsOf = (t: PodTemplate): InboundAnnotations => ({ includeInbound: t.annotations[INCLUDE_INBOUND], excludeInbound: t.annotations[EXCLUDE_INBOUND] });

/** Whether a sidecar pod's capture takes inbound traffic to a port: true, false, or undefined when its annotations do not say clearly. */
export function inboundCaptured(pod: InboundAnnotations, port: number): boolean | undefined {
  const include = labelString(pod.includeInbound);
  const exclude = labelString(pod.excludeInbound);
  if ((include !== undefined && isPlaceholder(include)) || (exclude !== undefined && isPlaceholder(exclude))) return undefined;
  if (exclude !== undefined) {
    const excluded = portsOf(exclude);
    if (!excluded) return undefined;
    if (excluded.has(port)) return false;
  }
  if (include === undefined || include.trim() === '*') return true;
  const included = portsOf(include);
  return included ? included.has(port) : undefined;
}
