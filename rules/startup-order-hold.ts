// With a classic sidecar, kubelet starts istio-proxy and the app containers side by side: the
// app's first connections can leave before Envoy is ready and fail (Istio #11130), unless
// holdApplicationUntilProxyStarts moves the proxy first and blocks on `pilot-agent wait`.
// Native sidecars order start-up by themselves, through the proxy's startup probe.
import { createRule } from '../src/engine/rule-api.ts';
import { meshConfigOf } from '../src/model/install.ts';
import { parseSelectorString, knownLabels, matches, type LabelSelector } from '../src/model/selector.ts';
import {
  annotationAnchor, hasAppContainers, renderedProxy, sidecarPlan, PROXY_CONFIG_ANNOTATION, STATUS_PORT_ANNOTATION, type SidecarPlan,
} from '../src/model/sidecar.ts';
import { labelString, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { PathEdit, RelatedLocation } from '../src/types.ts';

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

const HOLD_ANNOTATION_VALUE = '{"holdApplicationUntilProxyStarts": true}';

function relatedOfPlan(plan: SidecarPlan): RelatedLocation[] {
  const out: RelatedLocation[] = [];
  for (const d of [plan.native, plan.hold]) {
    if (d.stated?.target) out.push({ target: d.stated.target, message: d.stated.source });
  }
  return out;
}

export default createRule<[Options], 'noHold' | 'maybeNoHold' | 'lifecycleReplacesHold' | 'nativeNoProbe' | 'renderedNoHold' | 'meshTooComplex' | 'addHold'>({
  name: 'startup-order-hold',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injected pods whose app containers can start before the sidecar is ready',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'startup',
      istioVersions: '>= 1.7',
    },
    messages: {
      noHold:
        'This pod gets a classic sidecar ({{ native }}) and holdApplicationUntilProxyStarts is off ({{ hold }}): its app containers start alongside istio-proxy, and connections they open before Envoy is ready fail (Istio #11130). Add the pod annotation proxy.istio.io/config: \'{"holdApplicationUntilProxyStarts": true}\', set meshConfig.defaultConfig.holdApplicationUntilProxyStarts for the mesh, or use native sidecars.',
      maybeNoHold:
        'This pod {{ gets }} a classic sidecar ({{ native }}) and holdApplicationUntilProxyStarts is {{ holdState }} ({{ hold }}): if so, its app containers start alongside istio-proxy and connections they open before Envoy is ready fail (Istio #11130). Add the pod annotation proxy.istio.io/config: \'{"holdApplicationUntilProxyStarts": true}\', or state the mesh\'s settings in .meshlint.yaml (istio.nativeSidecars, istio.holdApplicationUntilProxyStarts).',
      lifecycleReplacesHold:
        'holdApplicationUntilProxyStarts is on ({{ hold }}), but {{ lifecycle }} sets a custom proxy lifecycle, which replaces the `pilot-agent wait` postStart hook in the injection template: istio-proxy moves first but nothing waits for it to be ready. Add `pilot-agent wait` to the custom postStart hook, or drop global.proxy.lifecycle.',
      nativeNoProbe:
        'This pod gets a native sidecar ({{ native }}), but status.sidecar.istio.io/port "0" turns off the proxy\'s status port, so the injection template renders no startupProbe: kubelet starts the app containers as soon as istio-proxy has started, not when it is ready. Remove the annotation, or keep a status port.',
      renderedNoHold:
        'The istio-proxy container in this pod is a classic sidecar without the `pilot-agent wait` postStart hook{{ notFirst }}: the app containers can start before Envoy is ready, and their first connections fail (Istio #11130). Re-inject with holdApplicationUntilProxyStarts on, or with native sidecars.',
      meshTooComplex:
        'The mesh config of ConfigMap {{ name }} is too deeply nested or too large to check (it is {{ problem }}), so meshlint does not read it: its defaultConfig.holdApplicationUntilProxyStarts is taken as unknown.',
      addHold: 'Add proxy.istio.io/config: \'{"holdApplicationUntilProxyStarts": true}\' to the pod template',
    },
    hasSuggestions: true,
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
    return {
      Resource(r) {
        const problem = meshConfigOf(r)?.tooComplex;
        if (problem !== undefined) context.report({ target: { resource: r, path: ['data', 'mesh'] }, messageId: 'meshTooComplex', data: { name: r.name, problem } });
      },
      PodTemplate(t) {
        if (ignored(t)) return;
        if (!hasAppContainers(t)) return;
        const rendered = renderedProxy(t);
        if (rendered) {
          // Already injected: what the manifest holds is what runs.
          if (rendered.native || (rendered.first && rendered.holdHook)) return;
          context.report({
            target: { resource: t.resource, path: rendered.path },
            messageId: 'renderedNoHold',
            data: { notFirst: rendered.first ? '' : ', and it is not the first container' },
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
              data: { native: plan.native.why },
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
              data: { hold: plan.hold.why, lifecycle: lifecycle.source },
              related: lifecycle.target ? [...related, { target: lifecycle.target, message: lifecycle.source }] : related,
            });
          }
          return;
        }
        const known = plan.native.value === false && plan.hold.value === false;
        const hasProxyConfig = Object.hasOwn(t.annotations, PROXY_CONFIG_ANNOTATION);
        const anchor = hasProxyConfig ? templatePath(t, 'metadata', 'annotations', PROXY_CONFIG_ANNOTATION) : annotationAnchor(t);
        const suggestion: PathEdit[] =
          !hasProxyConfig && Object.hasOwn(t.metadata, 'annotations')
            ? [{ op: 'insert', path: templatePath(t, 'metadata', 'annotations'), key: PROXY_CONFIG_ANNOTATION, value: HOLD_ANNOTATION_VALUE }]
            : [];
        context.report({
          target: { resource: t.resource, path: anchor },
          messageId: known ? 'noHold' : 'maybeNoHold',
          data: {
            native: plan.native.why,
            hold: plan.hold.why,
            gets: plan.native.value === false ? 'gets' : 'may get',
            holdState: plan.hold.value === false ? 'off' : 'not known to be on',
          },
          suggest: suggestion.length > 0 ? [{ messageId: 'addHold', edits: suggestion }] : undefined,
          related,
        });
      },
    };
  },
});
