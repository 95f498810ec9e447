// With a classic sidecar, the app's init containers run before istio-proxy does. With Istio
// CNI the pod's traffic is already redirected when they run (the CNI plugin sets it up with
// the pod's network), so a connection they open goes to port 15001 where nothing listens yet
// (pkg/kube/inject/webhook.go reorderPod; istio.io "Compatibility with application init
// containers"). Native sidecars start istio-proxy before them; istio-init runs after them.
import { createRule } from '../src/engine/rule-api.ts';
import { dialsOf, type Dial } from '../src/model/pod/init-network.ts';
import {
  hasAppContainers, interceptionModeOf, ISTIO_CONTAINER_NAMES, renderedProxy, sidecarPlan, type SidecarPlan,
} from '../src/model/pod/sidecar.ts';
import { labelString, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { RelatedLocation } from '../src/common/types.ts';
import { effectiveId, initCaptureFromLayout, PROXY_ID } from './proxy-uid-conflict.ts';

export const EXCLUDE_IP_RANGES = 'traffic.sidecar.istio.io/excludeOutboundIPRanges';
export const EXCLUDE_PORTS = 'traffic.sidecar.istio.io/excludeOutboundPorts';
export const INCLUDE_IP_RANGES = 'traffic.sidecar.istio.io/includeOutboundIPRanges';

/** CIDRs that cover every IPv4 destination: capture leaves all of it alone. */
const ALL_IPV4 = new Set(['0.0.0.0/0']);

/**
 * What the pod's own traffic annotations leave captured:
 * - all: nothing excluded, every TCP connection is redirected;
 * - none: every IPv4 destination excluded;
 * - ports: only these outbound ports are excluded;
 * - unknown: a partial IP exclusion or inclusion (which destination an address resolves to
 *   is not known offline), or a value the injector rejects.
 */
type Capture = { readonly kind: 'all' } | { readonly kind: 'none' } | { readonly kind: 'ports'; readonly excluded: ReadonlySet<number> } | { readonly kind: 'unknown' };

export function captureOf(t: PodTemplate): Capture {
  const include = labelString(t.annotations[INCLUDE_IP_RANGES]);
  if (include !== undefined && include.trim() !== '*') return { kind: 'unknown' };
  const ranges = labelString(t.annotations[EXCLUDE_IP_RANGES]);
  if (ranges !== undefined && ranges.trim() !== '') {
    const list = ranges.split(',').map((r) => r.trim());
    return list.some((r) => ALL_IPV4.has(r)) ? { kind: 'none' } : { kind: 'unknown' };
  }
  const ports = labelString(t.annotations[EXCLUDE_PORTS]);
  if (ports !== undefined && ports.trim() !== '') {
    const excluded = new Set<number>();
    for (const p of ports.split(',').slice(0, 1000)) {
      const n = /^\s*(\d{1,5})\s*$/.exec(p);
      if (!n) return { kind: 'unknown' };
      excluded.add(Number(n[1]));
    }
    return { kind: 'ports', excluded };
  }
  return { kind: 'all' };
}

/** Does capture certainly take this connection? A port exclusion that may cover it (port unknown) leaves it undecided. */
function captured(d: Dial, capture: Capture): boolean {
  if (capture.kind === 'all') return true;
  if (capture.kind !== 'ports') return false;
  return d.ports !== 'unknown' && d.ports.some((p) => !capture.excluded.has(p));
}

/** Runs as the proxy's UID or GID: istio-iptables returns its traffic uncaptured. */
function runsAsProxy(c: Container): boolean {
  return effectiveId(c, 'runAsUser')?.value === PROXY_ID || effectiveId(c, 'runAsGroup')?.value === PROXY_ID;
}

function relatedOf(plan: SidecarPlan | undefined): RelatedLocation[] {
  const out: RelatedLocation[] = [];
  for (const d of plan ? [plan.cni, plan.native] : []) {
    if (d.stated?.target) out.push({ target: d.stated.target, message: d.stated.source });
  }
  return out;
}

export default createRule<[], 'cniNoNetwork'>({
  name: 'init-container-network',
  meta: {
    type: 'problem',
    docs: {
      description: 'Init containers that connect out before a classic sidecar runs, in a mesh with Istio CNI: their connections fail',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'startup',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      cniNoNetwork:
        'Init container {{ name }} runs {{ client }} before istio-proxy starts, but Istio CNI already redirects its traffic there: it fails. Use native sidecars, runAsUser: 1337 or {{ exclude }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!hasAppContainers(t)) return;
        // interceptionMode NONE: no capture is set up. A mode a tool fills in may be NONE.
        const mode = interceptionModeOf(t);
        if (mode === undefined || mode === 'NONE') return;
        const inits = t.containers.filter((c) => c.group === 'initContainers' && !ISTIO_CONTAINER_NAMES.has(c.name));
        if (inits.length === 0) return;
        const rendered = renderedProxy(t) !== undefined;
        let plan: SidecarPlan | undefined;
        if (!rendered) {
          plan = sidecarPlan(t, context.facts);
          if (plan.prediction.outcome !== 'injected') return;
        }
        const capture = captureOf(t);
        if (capture.kind === 'none' || capture.kind === 'unknown') return;
        for (const c of inits) {
          if (runsAsProxy(c)) continue;
          const dial = dialsOf(c).find((d) => captured(d, capture));
          if (!dial) continue;
          if (rendered) {
            // Already injected: the order of its init containers is what runs.
            if (initCaptureFromLayout(t, c) !== 'cni-workaround') continue;
          } else if (plan) {
            const native = plan.native.value;
            const cni = plan.cni.value;
            // Native sidecars: the proxy runs first, the init container is in the mesh. istio-init
            // without CNI: it runs before capture, outside the mesh (only STRICT mTLS would refuse it).
            if (native === true || cni === false) continue;
            if (native === 'unknown' || cni === 'unknown') {
              if (native === 'unknown') context.unknown('native-sidecars', t.resource, 'init containers that connect out fail without them under Istio CNI');
              if (cni === 'unknown') context.unknown('mesh-cni', t.resource, 'init containers that connect out fail with Istio CNI and a classic sidecar');
              continue;
            }
          }
          const ports = dial.ports === 'unknown' ? undefined : dial.ports;
          context.report({
            target: { resource: t.resource, path: dial.path },
            messageId: 'cniNoNetwork',
            data: {
              name: c.name || `#${c.index}`,
              client: dial.client,
              exclude: ports ? `${EXCLUDE_PORTS.slice(EXCLUDE_PORTS.indexOf('/') + 1)}: "${ports.join(',')}"` : `${EXCLUDE_IP_RANGES.slice(EXCLUDE_IP_RANGES.indexOf('/') + 1)}`,
            },
            related: relatedOf(plan),
          });
        }
      },
    };
  },
});
