// A pod a label puts in ambient that ztunnel will not capture. istio-cni decides per pod, in
// this order: a namespace in its excludeNamespaces (kube-system by default; from 1.30, when the
// node agent reads it too) and a hostNetwork pod are never captured; a pod the injector gave a
// sidecar (sidecar.istio.io/status) is skipped, so the sidecar wins over any ambient label.
// Reported only where the inputs decide the outcome; a pod that asks for a sidecar itself
// inside an ambient namespace is Istio's supported mixed mode, and a namespace with both kinds
// of labels is inject-label-conflict's.
import { createRule } from '../src/engine/rule-api.ts';
import { AMBIENT, DATAPLANE_MODE, DATAPLANE_NONE, excludeHonoured, type CaptureInstall } from '../src/model/ambient/capture.ts';
import type { IstioVersion } from '../src/model/install/istio-version.ts';
import { injectionIntent, namespaceLabelLocation, namespaceOf, relatedOf } from '../src/model/injection/intent.ts';
import { captureForTemplate, predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { asObject, labelString, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { PathEdit, RelatedLocation } from '../src/common/types.ts';

/** In istio-cni's excluded namespaces, as the install among the inputs (or the chart's default) says, at a version that honours them. */
const excluded = (ns: string | undefined, install: CaptureInstall, version: IstioVersion): boolean =>
  ns !== undefined && !install.excludeUnknown && excludeHonoured(version) && install.excludeNamespaces.includes(ns);
/** The install among the inputs runs istio-cni with ambient off. */
const ambientOff = (install: CaptureInstall): string | undefined => (install.enabled && install.enabled !== 'unknown' && !install.enabled.value ? install.enabled.source : undefined);

export default createRule({
  name: 'ambient-not-captured',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'Pods a label puts in ambient that ztunnel will not capture: hostNetwork, a namespace istio-cni excludes, or a sidecar that wins',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      excludedPod:
        'ztunnel never captures pods in namespace {{ namespace }}: istio-cni excludes it ({{ source }}), so {{ key }}: {{ value }} does nothing. Run the pod in another namespace, or remove the label.',
      excludedNamespace:
        'ztunnel never captures pods in namespace {{ namespace }}: istio-cni excludes it ({{ source }}), so this label puts none of them in ambient. Remove it.',
      ambientOff:
        'istio-cni runs with ambient off ({{ source }}), so {{ key }}={{ value }} captures nothing and the traffic stays outside the mesh. Turn on ambient.enabled in the cni chart.',
      hostNetwork:
        'ztunnel never captures a hostNetwork pod, so {{ key }}: {{ value }} does nothing. Drop hostNetwork, or the label.',
      hostNetworkNamespace:
        'ztunnel never captures this hostNetwork pod, though namespace {{ namespace }} has {{ key }}={{ value }}. If that is intended, label the pod {{ key }}: "none".',
      sidecarWins:
        'This pod gets a sidecar, not ambient: {{ why }}, and istio-cni skips injected pods. {{ fix }}',
      sidecarWinsNamespace:
        'This pod gets a sidecar, not ambient, though namespace {{ namespace }} has {{ key }}={{ value }}: {{ why }}, and istio-cni skips injected pods. Label the pod sidecar.istio.io/inject: "false" to put it in ambient.',
      labelNone: 'Label the pod {{ key }}: "none" (it stays out of ambient, as it is now).',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const podLabelPath = (t: PodTemplate) => templatePath(t, 'metadata', 'labels', DATAPLANE_MODE);
    return {
      Namespace(r) {
        const labels = asObject(asObject(r.object.metadata)?.labels) ?? {};
        if (labelString(labels[DATAPLANE_MODE]) !== AMBIENT) return;
        const install = facts.mesh.capture;
        const target = { resource: r, path: ['metadata', 'labels', DATAPLANE_MODE] };
        if (excluded(r.name, install, facts.mesh.version)) context.report({ target, messageId: 'excludedNamespace', data: { namespace: r.name, source: install.excludeSource } });
        else if (ambientOff(install)) context.report({ target, messageId: 'ambientOff', data: { source: ambientOff(install) ?? '', key: DATAPLANE_MODE, value: AMBIENT } });
      },
      PodTemplate(t) {
        const c = captureForTemplate(t, facts);
        if (c.ambientAsked !== true) return;
        if (c.outcome === 'unknown') {
          // A pod that asks for ambient itself, in a namespace whose labels are not known: they
          // decide whether it is injected, and a sidecar wins.
          if (c.askedBy === 'pod' && !namespaceOf(t, facts)) context.unknown('namespace-labels', t.resource, t.resource.namespace ?? 'no namespace given');
          return;
        }
        if (c.outcome === 'ambient') return;
        const ns = namespaceOf(t, facts);
        const byPod = c.askedBy === 'pod';
        const data = { key: DATAPLANE_MODE, value: AMBIENT, namespace: t.resource.namespace ?? '' };
        const nsLabel = (): RelatedLocation[] => {
          const l = namespaceLabelLocation(ns, DATAPLANE_MODE, `namespace ${ns?.name ?? ''}: ${DATAPLANE_MODE}=${AMBIENT}`);
          return l ? [l] : [];
        };
        const install = facts.mesh.capture;
        if (excluded(t.resource.namespace, install, facts.mesh.version)) {
          // The namespace's own label is reported once, on the Namespace.
          if (byPod) context.report({ target: { resource: t.resource, path: podLabelPath(t) }, messageId: 'excludedPod', data: { ...data, source: install.excludeSource } });
          return;
        }
        if (t.spec.hostNetwork === true) {
          const hostNetwork = { target: { resource: t.resource, path: templatePath(t, 'spec', 'hostNetwork') }, message: 'hostNetwork: the pod shares the node\'s network' };
          if (byPod) {
            context.report({ target: { resource: t.resource, path: podLabelPath(t) }, messageId: 'hostNetwork', data, related: [hostNetwork] });
            return;
          }
          // Node agents and exporters in an ambient namespace: say how to state the intent.
          const labels = asObject(t.metadata.labels);
          // The pod's own value (not "none") is there already: set it rather than add a second key.
          const edit: PathEdit =
            DATAPLANE_MODE in (labels ?? {})
              ? { op: 'set', path: podLabelPath(t), value: DATAPLANE_NONE }
              : { op: 'insert', path: templatePath(t, 'metadata', 'labels'), key: DATAPLANE_MODE, value: DATAPLANE_NONE };
          context.report({
            target: hostNetwork.target,
            messageId: 'hostNetworkNamespace',
            severity: 'warn',
            data,
            related: nsLabel(),
            ...(labels && Object.keys(labels).length > 0 ? { suggest: [{ messageId: 'labelNone' as const, data, edits: [edit] }] } : {}),
          });
          return;
        }
        if (c.outcome !== 'sidecar') {
          // Ambient is off: said once on the Namespace when the namespace asks, on the pod when it asks itself.
          const off = ambientOff(install);
          if (off && byPod) context.report({ target: { resource: t.resource, path: podLabelPath(t) }, messageId: 'ambientOff', data: { ...data, source: off } });
          return;
        }
        const signals = injectionIntent(t, facts);
        const own = signals.filter((s) => s.fromPod);
        const p = predictForTemplate(t, facts);
        const webhook = p.via ? `webhook ${p.via.name} injects it` : 'the injector injects it';
        if (byPod) {
          const why = signals.length > 0 ? signals.map((s) => s.text).join(' and ') : webhook;
          context.report({
            target: { resource: t.resource, path: podLabelPath(t) },
            messageId: 'sidecarWins',
            data: { why, fix: own.length > 0 ? 'Remove one of the two.' : 'To put it in ambient, label it sidecar.istio.io/inject: "false".' },
            related: relatedOf(signals),
          });
          return;
        }
        // Asked by the namespace. A pod that asks for a sidecar itself is Istio's mixed mode; a
        // namespace that asks for both is reported on the Namespace by inject-label-conflict.
        if (own.length > 0 || signals.length > 0) return;
        context.report({
          target: { resource: t.resource, path: templatePath(t, 'metadata') },
          messageId: 'sidecarWinsNamespace',
          data: { ...data, why: webhook },
          related: nsLabel(),
        });
      },
    };
  },
});
