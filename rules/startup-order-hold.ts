// With a classic sidecar, kubelet starts istio-proxy and the app containers side by side: the
// app's first connections can leave before Envoy is ready and fail (Istio #11130), unless
// holdApplicationUntilProxyStarts moves the proxy first and blocks on `pilot-agent wait`.
// Native sidecars order start-up by themselves, through the proxy's startup probe.
import { createRule } from '../src/engine/rule-api.ts';
import { meshConfigOf } from '../src/model/install/install.ts';
import { versionWords } from '../src/model/facts.ts';
import { parseSelectorString, knownLabels, matches, type LabelSelector } from '../src/model/injection/selector.ts';
import {
  annotationAnchor, hasAppContainers, renderedProxy, sidecarPlan, STATUS_PORT_ANNOTATION, type SidecarPlan,
} from '../src/model/pod/sidecar.ts';
import { labelString, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Target } from '../src/common/types.ts';
import { describeResource, resourceIdentity } from '../src/load/resources.ts';

export interface Options {
  /** Label selector (kubectl syntax) of pod templates to leave alone. */
  readonly ignore?: string;
}

/** The `ignore` option; `x-format` has meshlint's config check parse the selector. */
const IGNORE_SCHEMA = {
  type: 'string',
  'x-format': 'label-selector',
  description: 'label selector (kubectl syntax, e.g. "app in (batch),tier!=web") of pod templates not to report',
} as const;

function relatedOfPlan(plan: SidecarPlan): RelatedLocation[] {
  const out: RelatedLocation[] = [];
  for (const d of [plan.native, plan.hold]) {
    if (d.stated?.target) out.push({ target: d.stated.target, message: d.stated.source });
  }
  return out;
}

type MessageIds = 'meshNoHold' | 'holdUnread' | 'podNoHold' | 'lifecycleReplacesHold' | 'nativeNoProbe' | 'renderedNoHold' | 'meshTooComplex';

/** Workloads whose start-up one install leaves unordered: reported once, on the install. */
interface InstallGroup {
  readonly target: Target;
  readonly workloads: PodTemplate[];
  /** The install's hold setting that its release does not read (holdUnread), if that is the cause. */
  readonly unread?: string;
}

/** Related locations listed on an install's finding, at most: the message counts them all. */
const MAX_RELATED = 20;

export default createRule<[Options], MessageIds>({
  name: 'startup-order-hold',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injected pods whose app containers can start before the sidecar is ready',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'startup',
      dataPlane: 'sidecar',
      istioVersions: '>= 1.7',
    },
    messages: {
      meshNoHold:
        'Sidecars of this install start alongside the app: {{ workloads }} can connect before Envoy is ready. Set holdApplicationUntilProxyStarts: true, or use native sidecars.',
      holdUnread:
        '{{ what }} is not read by Istio {{ version }}: the ProxyConfig field came in 1.8.0, so nothing holds the app until Envoy is ready. Set the Helm value global.proxy.holdApplicationUntilProxyStarts: true.',
      podNoHold: 'This pod {{ what }}: its app can start before Envoy is ready. {{ fix }}',
      lifecycleReplacesHold:
        '{{ lifecycle }} replaces the hold\'s `pilot-agent wait` hook: nothing waits for Envoy. Add `pilot-agent wait` to its postStart, or drop it.',
      nativeNoProbe:
        'status.sidecar.istio.io/port "0" removes the native sidecar\'s startup probe: the app can start before Envoy is ready. Remove the annotation.',
      renderedNoHold:
        'This classic istio-proxy has no `pilot-agent wait` hook{{ notFirst }}: the app can start before Envoy is ready. Re-inject with holdApplicationUntilProxyStarts or native sidecars.',
      meshTooComplex:
        'The mesh config of ConfigMap {{ name }} is {{ problem }}, too much to check: its holdApplicationUntilProxyStarts is taken as unknown.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          ignore: IGNORE_SCHEMA,
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    let ignore: LabelSelector | undefined;
    if (options.ignore) ignore = parseSelectorString(options.ignore);
    const ignored = (t: PodTemplate): boolean => {
      if (!ignore) return false;
      const labels: Record<string, string> = {};
      for (const [k, v] of Object.entries(t.labels)) labels[k] = labelString(v) ?? '';
      return matches(ignore, knownLabels(labels)) === true;
    };
    const installs = new Map<string, InstallGroup>();
    return {
      Resource(r) {
        const problem = meshConfigOf(r)?.tooComplex;
        if (problem !== undefined) context.report({ target: { resource: r, path: ['data', 'mesh'] }, messageId: 'meshTooComplex', data: { name: r.name, problem } });
      },
      PodTemplate(t) {
        if (ignored(t)) return;
        if (!hasAppContainers(t)) return;
        // The kind's controller starts the app only once the sidecars are ready (Tekton).
        if (t.kind.waitsForSidecars) return;
        const rendered = renderedProxy(t);
        if (rendered) {
          // Already injected: what the manifest holds is what runs.
          if (rendered.native || (rendered.first && rendered.holdHook)) return;
          context.report({
            target: { resource: t.resource, path: rendered.path },
            messageId: 'renderedNoHold',
            data: { notFirst: rendered.first ? '' : ' and is not the first container' },
          });
          return;
        }
        const plan = sidecarPlan(t, context.facts);
        if (plan.prediction.outcome !== 'injected') return;
        const related = relatedOfPlan(plan);
        if (plan.native.value === true) {
          if (labelString(t.annotations[STATUS_PORT_ANNOTATION]) === '0') {
            context.report({
              target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', STATUS_PORT_ANNOTATION) },
              messageId: 'nativeNoProbe',
              related,
            });
          }
          return;
        }
        if (plan.hold.value === true) {
          const lifecycle = plan.install.proxyLifecycle;
          if (lifecycle) {
            context.report({
              target: plan.hold.path ? { resource: t.resource, path: plan.hold.path } : { resource: t.resource, path: annotationAnchor(t) },
              messageId: 'lifecycleReplacesHold',
              data: { lifecycle: lifecycle.source },
              related: lifecycle.target ? [...related, { target: lifecycle.target, message: lifecycle.source }] : related,
            });
          }
          return;
        }
        // A hold written where this release does not read it (before 1.8, only the Helm value holds).
        const unread = plan.hold.unread;
        if (unread && plan.native.value === false) {
          const version = versionWords(context.facts.mesh);
          if (unread.path) {
            context.report({ target: { resource: t.resource, path: unread.path }, messageId: 'holdUnread', data: { what: unread.what, version }, related });
            return;
          }
          if (unread.stated?.target && unread.stated.origin === 'input') {
            const key = `unread\0${targetKey(unread.stated.target)}`;
            let group = installs.get(key);
            if (!group) installs.set(key, (group = { target: unread.stated.target, workloads: [], unread: unread.what }));
            group.workloads.push(t);
            return;
          }
        }
        // What the pod itself does: it turns hold off, or turns native sidecars off, in a mesh
        // that would otherwise order its start-up. Its own finding, on its own line.
        const podOptsOut = podOwnChoice(plan);
        if (podOptsOut && plan.native.value === false) {
          context.report({
            target: { resource: t.resource, path: podOptsOut.path },
            messageId: 'podNoHold',
            data: { what: podOptsOut.what, fix: podOptsOut.fix },
            related,
          });
          return;
        }
        if (plan.native.value !== false || plan.hold.value !== false) {
          // Not known to be classic, or not known to be unheld: the mesh's settings decide.
          if (plan.native.value !== false) context.unknown('mesh-startup', t.resource, 'whether sidecars are native (ENABLE_NATIVE_SIDECARS)');
          if (plan.hold.value !== false) context.unknown('mesh-startup', t.resource, 'whether the mesh holds the app (holdApplicationUntilProxyStarts)');
          return;
        }
        // Classic and unheld by the mesh: one finding on the install that says so.
        const stated = plan.hold.stated ?? plan.native.stated;
        if (!stated?.target || stated.origin !== 'input') {
          context.unknown('config-no-hold', t.resource);
          return;
        }
        const at = (plan.hold.stated?.origin === 'input' ? plan.hold.stated.target : undefined) ?? stated.target;
        const key = targetKey(at);
        let group = installs.get(key);
        if (!group) installs.set(key, (group = { target: at, workloads: [] }));
        group.workloads.push(t);
      },
      'Program:exit'() {
        for (const g of installs.values()) {
          const related: RelatedLocation[] = g.workloads.slice(0, MAX_RELATED).map((w) => ({ target: { resource: w.resource, path: annotationAnchor(w) }, message: `${describeResource(w.resource)} starts alongside its sidecar` }));
          const n = g.workloads.length;
          if (g.unread !== undefined) context.report({ target: g.target, messageId: 'holdUnread', data: { what: g.unread, version: versionWords(context.facts.mesh) }, related });
          else context.report({ target: g.target, messageId: 'meshNoHold', data: { workloads: `${n} injected workload${n === 1 ? '' : 's'}` }, related });
        }
      },
    };
  },
});

/** Where a pod turns hold or native sidecars off itself, and what to say. */
function podOwnChoice(plan: SidecarPlan): { path: Path; what: string; fix: string } | undefined {
  if (plan.hold.value === false && plan.hold.path) {
    return { path: plan.hold.path, what: 'turns holdApplicationUntilProxyStarts off in its proxy.istio.io/config', fix: 'Remove that override.' };
  }
  if (plan.native.value === false && plan.native.path && plan.hold.value === false) {
    return { path: plan.native.path, what: 'turns native sidecars off, and the mesh does not hold the app', fix: 'Remove the annotation, or set holdApplicationUntilProxyStarts: true.' };
  }
  return undefined;
}

function targetKey(t: Target): string {
  if ('resource' in t && t.resource) return `${t.resource.doc.file.displayPath}\0${resourceIdentity(t.resource)}\0${(t.path ?? []).join('.')}`;
  return JSON.stringify(t);
}
