// istio-iptables exempts the sidecar's own traffic by owner: `-m owner --uid-owner 1337 -j
// RETURN` and the same with `--gid-owner 1337` (tools/istio-iptables/pkg/capture/run.go). Any
// other process of the pod that runs as UID or GID 1337 is exempted too: its outbound traffic
// leaves without the sidecar, so without mTLS and without authorization policy.
import { shortList } from '../src/engine/notes.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { interceptionModeOf, ISTIO_CONTAINER_NAMES, renderedProxy, sidecarPlan, type Decided, type Tri } from '../src/model/pod/sidecar.ts';
import { asObject, templatePath, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { Path } from '../src/common/types.ts';

/** Istio's ProxyUID and ProxyGID (pkg/kube/inject), outside OpenShift. */
export const PROXY_ID = 1337;


export type IdKey = 'runAsUser' | 'runAsGroup';

/** The effective runAsUser or runAsGroup of a container and where it is set: the container's own securityContext wins over the pod's. */
export function effectiveId(c: Container, key: IdKey): { value: unknown; path: Path; level: 'container' | 'pod' } | undefined {
  const own = asObject(c.object.securityContext);
  if (own && Object.hasOwn(own, key) && own[key] !== null) return { value: own[key], path: [...c.path, 'securityContext', key], level: 'container' };
  const pod = asObject(c.template.spec.securityContext);
  if (pod && Object.hasOwn(pod, key) && pod[key] !== null) return { value: pod[key], path: templatePath(c.template, 'spec', 'securityContext', key), level: 'pod' };
  return undefined;
}

/**
 * How traffic capture meets an init container of the pod:
 * - captured: the proxy already runs when it starts (native sidecars), so 1337 is a plain bypass;
 * - cni-workaround: capture is in place but the proxy is not running yet (Istio CNI, classic
 *   sidecar), so without 1337 the container has no network at all: the documented workaround;
 * - before-capture: istio-init runs after it (classic sidecar without CNI), so its traffic is
 *   never captured, whatever its UID;
 * - unknown: depends on install settings that are not stated.
 */
export type InitCapture = 'captured' | 'cni-workaround' | 'before-capture' | 'unknown';

export function initCaptureFromPlan(native: Tri, cni: Tri): InitCapture {
  if (native === true) return 'captured';
  if (native === false && cni === true) return 'cni-workaround';
  if (native === false && cni === false) return 'before-capture';
  return 'unknown';
}

/** The same, read from an already-injected pod's init containers: their order is what runs. */
export function initCaptureFromLayout(t: PodTemplate, c: Container): InitCapture {
  const inits = t.containers.filter((x) => x.group === 'initContainers');
  const pos = (name: string): number => inits.find((x) => x.name === name)?.index ?? -1;
  const proxy = inits.find((x) => x.name === 'istio-proxy' && x.object.restartPolicy === 'Always');
  if (proxy && proxy.index < c.index) return 'captured';
  const init = pos('istio-init');
  // Without native mode the injector puts istio-init after the app's init containers.
  if (init > c.index) return 'before-capture';
  if (pos('istio-validation') !== -1) return 'cni-workaround';
  return 'unknown';
}

interface Affected {
  readonly container: Container;
  readonly capture: InitCapture | 'app';
}

export interface Options {
  /** Do not report init containers: they run as 1337 on purpose (the Istio CNI workaround). */
  readonly allowInitContainers?: boolean;
}

const ID_WORD: Record<IdKey, string> = { runAsUser: 'UID', runAsGroup: 'GID' };

export default createRule<[Options], 'bypass' | 'bypassNative' | 'cniWorkaround' | 'initMaybe'>({
  name: 'proxy-uid-conflict',
  meta: {
    type: 'problem',
    docs: {
      description: 'Containers of injected pods that run as UID or GID 1337, whose traffic bypasses the sidecar',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      bypass:
        '{{ subject }} as {{ id }} 1337, the sidecar\'s {{ id }}{{ setBy }}: {{ its }} traffic bypasses the sidecar, without mTLS or authorization policy. Use another {{ id }}.',
      bypassNative:
        '{{ subject }} as {{ id }} 1337{{ setBy }}: with native sidecars, {{ its }} traffic bypasses the sidecar, without mTLS or authorization policy. Use another {{ id }}.',
      cniWorkaround:
        '{{ subject }} as {{ id }} 1337{{ setBy }}, so {{ its }} traffic bypasses the sidecar: the Istio CNI workaround for init containers. If that is the intent, set the option allowInitContainers.',
      initMaybe:
        '{{ subject }} as {{ id }} 1337{{ setBy }}: if capture is in place when {{ it }} runs, {{ its }} traffic bypasses the sidecar. Use another {{ id }}.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allowInitContainers: { type: 'boolean', description: 'do not report init containers (the Istio CNI workaround runs them as UID 1337 on purpose)' },
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{ allowInitContainers: false }],
  create(context, [options]) {
    return {
      PodTemplate(t) {
        // interceptionMode NONE: istio-iptables sets up no capture, so there is nothing to bypass.
        // A mode a tool fills in may be NONE.
        const mode = interceptionModeOf(t);
        if (mode === undefined || mode === 'NONE') return;
        const rendered = renderedProxy(t) !== undefined;
        let native: Decided<Tri> | undefined;
        let cni: Decided<Tri> | undefined;
        if (!rendered) {
          const plan = sidecarPlan(t, context.facts);
          if (plan.prediction.outcome !== 'injected') return;
          native = plan.native;
          cni = plan.cni;
        }
        for (const key of ['runAsUser', 'runAsGroup'] as const) {
          // Findings by the key that sets 1337: one per container key, one for the pod-level key.
          const byPath = new Map<string, { path: Path; level: 'container' | 'pod'; affected: Affected[] }>();
          for (const c of t.containers) {
            if (c.group === 'ephemeralContainers' || ISTIO_CONTAINER_NAMES.has(c.name)) continue;
            const id = effectiveId(c, key);
            if (!id || id.value !== PROXY_ID) continue;
            let capture: Affected['capture'] = 'app';
            if (c.group === 'initContainers') {
              if (options.allowInitContainers) continue;
              capture = rendered ? initCaptureFromLayout(t, c) : initCaptureFromPlan(native?.value ?? 'unknown', cni?.value ?? 'unknown');
              if (capture === 'before-capture') continue;
            }
            const k = JSON.stringify(id.path);
            const entry = byPath.get(k) ?? { path: id.path, level: id.level, affected: [] };
            entry.affected.push({ container: c, capture });
            byPath.set(k, entry);
          }
          for (const { path, level, affected } of byPath.values()) {
            const idWord = ID_WORD[key];
            const names = affected.map((a) => `${a.container.group === 'initContainers' ? 'init container' : 'container'} ${a.container.name || `#${a.container.index}`}`);
            const plural = affected.length > 1;
            const listed = names.length > 3 ? shortList(names) : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
            const subject = `${capitalize(plural ? listed : (names[0] as string))} ${plural ? 'run' : 'runs'}`;
            // The finding points at the key; the message says so only when the pod sets it for its containers.
            const setBy = level === 'container' ? '' : ", through the pod's securityContext";
            const its = plural ? 'their' : 'its';
            const kinds = new Set(affected.map((a) => a.capture));
            // Why native sidecars or Istio CNI are assumed is for `meshlint explain`; the message
            // names only the settings to state when they are unknown.
            const unknownSettings = [
              ...(native?.value === 'unknown' ? ['istio.nativeSidecars'] : []),
              ...(cni?.value === 'unknown' ? ['istio.cni'] : []),
            ];
            const target = { resource: t.resource, path };
            if (kinds.has('app')) {
              context.report({ target, messageId: 'bypass', data: { subject, id: idWord, setBy, its } });
            } else if (kinds.has('captured')) {
              context.report({ target, messageId: 'bypassNative', data: { subject, id: idWord, setBy, its } });
            } else if (kinds.has('unknown') && unknownSettings.length > 0) {
              // Bypass or not depends on a mesh setting the inputs do not state: a note names it.
              const detail = `an init container as UID 1337 bypasses the sidecar or not`;
              if (native?.value === 'unknown') context.unknown('native-sidecars', t.resource, detail);
              if (cni?.value === 'unknown') context.unknown('mesh-cni', t.resource, detail);
            } else if (kinds.has('unknown')) {
              context.report({ target, messageId: 'initMaybe', data: { subject, id: idWord, setBy, it: plural ? 'they' : 'it', its } });
            } else {
              context.report({ target, messageId: 'cniWorkaround', data: { subject, id: idWord, setBy, its } });
            }
          }
        }
      },
    };
  },
});

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
