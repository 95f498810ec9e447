// Which proxy a workload's pods have, for traffic policy: the one injection outcome and capture
// decision every rule and command reads (pod-injection.ts), never a heuristic of its own. A
// sidecar enforces every kind of policy; ztunnel (ambient) L4 AuthorizationPolicy and
// PeerAuthentication; a pod with neither sends and accepts plaintext and enforces nothing.
import type { Facts } from '../facts.ts';
import type { PodTemplate } from '../workload.ts';
import { captureForTemplate, predictForTemplate } from '../injection/pod-injection.ts';
import { renderedProxy } from '../pod/sidecar.ts';
import { explicitlyOptedOut } from '../injection/intent.ts';
import { INJECT_KEY, NS_INJECTION_LABEL } from '../injection/mesh.ts';

export type Proxy = 'sidecar' | 'ztunnel' | 'none' | 'unknown';

/** Istio's proxy image (a gateway's, or a proxy written by hand): …/proxyv2:tag. */
const PROXY_IMAGE = /(?:^|\/)proxyv2(?::|@|$)/;

export interface ProxyOutcome {
  readonly proxy: Proxy;
  /** In a few words, the step that decides (for messages): "hostNetwork: true", "sidecar.istio.io/inject: \"false\"". */
  readonly why: string;
  /**
   * The pod is Istio's proxy itself (a gateway): it reads every policy kind, but its listeners
   * follow its Gateway resources, not Services and PeerAuthentications as a sidecar's inbound does.
   */
  readonly gateway?: true;
}

export function proxyOf(t: PodTemplate, facts: Facts): ProxyOutcome {
  if (renderedProxy(t)) return { proxy: 'sidecar', why: 'its istio-proxy is written in the manifest' };
  // A gateway (or any pod) whose own container is Istio's proxy: Envoy reads policy as a sidecar's does.
  if (t.containers.some((c) => c.group === 'containers' && (c.name === 'istio-proxy' || (typeof c.object.image === 'string' && PROXY_IMAGE.test(c.object.image))))) {
    return { proxy: 'sidecar', why: 'it runs Istio\'s proxy itself (a gateway)', gateway: true };
  }
  const injected = predictForTemplate(t, facts);
  if (injected.outcome === 'injected') return { proxy: 'sidecar', why: 'Istio injects it' };
  if (injected.outcome === 'unknown') return { proxy: 'unknown', why: injected.unknownBecause ?? 'its injection is unknown' };
  const capture = captureForTemplate(t, facts);
  if (capture.outcome === 'ambient') return { proxy: 'ztunnel', why: 'ztunnel captures it (ambient)' };
  if (capture.outcome === 'unknown') return { proxy: 'unknown', why: capture.unknownBecause ?? 'whether ztunnel captures it is unknown' };
  // What the pod says, when it says it; else the deciding step of the injection trace, in words.
  if (t.spec.hostNetwork === true) return { proxy: 'none', why: 'hostNetwork: true' };
  if (explicitlyOptedOut(t, facts.mesh.version)) return { proxy: 'none', why: `${INJECT_KEY}: "false"` };
  // No webhook is called: what the namespace says is the reason a reader can check.
  const ns = t.resource.namespace;
  if (injected.gate.matched.length === 0 && injected.gate.maybe.length === 0 && ns !== undefined) {
    const injection = facts.namespaces.get(ns)?.labels[NS_INJECTION_LABEL];
    return { proxy: 'none', why: injection === undefined ? `namespace ${ns} has no injection label` : `namespace ${ns} has ${NS_INJECTION_LABEL}=${injection}` };
  }
  const last = [...injected.trace].reverse().find((s) => !s.text.startsWith('→'))?.text ?? 'Istio does not inject it';
  return { proxy: 'none', why: last.replace(/ → .*$/, '') };
}
