// Istio's selector-scoped policy kinds, where each keeps its workload selector, and which proxies
// read it (../shared/istio/TRAFFIC.md section 1; pilot/pkg/model/policyattachment.go): a sidecar
// (or a gateway's Envoy) reads every kind; ztunnel, for ambient pods, reads only
// AuthorizationPolicy (its L4 part) and PeerAuthentication; a pod with neither reads nothing.
import type { Path, Resource } from '../../common/types.ts';
import { asObject, getIn, labelRecord } from '../workload.ts';
import type { Proxy } from './proxy.ts';

export interface PolicyKind {
  readonly kind: string;
  readonly group: string;
  /** Where the selector's labels are. */
  readonly labels: Path;
  /** The proxies that read it. */
  readonly readers: readonly Exclude<Proxy, 'none' | 'unknown'>[];
}

export const POLICY_KINDS: readonly PolicyKind[] = [
  { kind: 'AuthorizationPolicy', group: 'security.istio.io', labels: ['spec', 'selector', 'matchLabels'], readers: ['sidecar', 'ztunnel'] },
  { kind: 'PeerAuthentication', group: 'security.istio.io', labels: ['spec', 'selector', 'matchLabels'], readers: ['sidecar', 'ztunnel'] },
  { kind: 'RequestAuthentication', group: 'security.istio.io', labels: ['spec', 'selector', 'matchLabels'], readers: ['sidecar'] },
  { kind: 'Telemetry', group: 'telemetry.istio.io', labels: ['spec', 'selector', 'matchLabels'], readers: ['sidecar'] },
  { kind: 'WasmPlugin', group: 'extensions.istio.io', labels: ['spec', 'selector', 'matchLabels'], readers: ['sidecar'] },
  { kind: 'Sidecar', group: 'networking.istio.io', labels: ['spec', 'workloadSelector', 'labels'], readers: ['sidecar'] },
  { kind: 'EnvoyFilter', group: 'networking.istio.io', labels: ['spec', 'workloadSelector', 'labels'], readers: ['sidecar'] },
];

const byKind = new Map(POLICY_KINDS.map((k) => [k.kind, k]));

/** A policy that names its workloads by labels (not a namespace-wide one, not one attached by targetRef). */
export interface SelectorPolicy {
  readonly resource: Resource;
  readonly kind: PolicyKind;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
}

export function selectorPolicyOf(r: Resource): SelectorPolicy | undefined {
  const kind = byKind.get(r.kind);
  if (!kind || !r.apiVersion.startsWith(`${kind.group}/`) || r.namespace === undefined) return undefined;
  // targetRef(s) attach the policy to a Gateway or a Service instead: no selector to judge.
  const spec = asObject(r.object.spec) ?? {};
  if (spec.targetRef !== undefined || spec.targetRefs !== undefined) return undefined;
  const raw = asObject(getIn(r.object, kind.labels));
  if (!raw || Object.keys(raw).length === 0) return undefined;
  return { resource: r, kind, namespace: r.namespace, labels: labelRecord(raw) };
}

/** Whether a selector policy picks a pod template's pods (its own namespace; the root namespace's reach further, and are not judged). */
export const picks = (p: SelectorPolicy, namespace: string, labels: Readonly<Record<string, string>>): boolean =>
  namespace === p.namespace && Object.entries(p.labels).every(([k, v]) => labels[k] === v);
