// Injection switches in places Istio never reads. The webhook and istiod look at the pod:
// its labels (and, for opting out only, its annotations) and its namespace's labels.
// A label on a Deployment's own metadata, istio-injection on a pod, sidecar.istio.io/inject
// on a Namespace: all silently do nothing. The annotation cannot opt in either, because
// webhook selectors never see annotations.
import { versionWords } from '../src/model/facts.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { atLeast } from '../src/model/install/istio-version.ts';
import { INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL, vendorWebhooksOnly } from '../src/model/injection/mesh.ts';
import { namespaceLabelLocation, namespaceOf } from '../src/model/injection/intent.ts';
import { predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { asObject, getIn, labelString as str, podTemplatesOf, resourceMetadataReachesPod, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Path, PathEdit } from '../src/common/types.ts';

const isResourceMetadata = (p: Path): boolean => p.length >= 1 && p[0] === 'metadata';

/** Where an injection label for every pod of the resource goes: the source all its templates share (Argo's spec.podMetadata), else the first template's own labels. */
function labelsHome(templates: readonly PodTemplate[]): Path {
  const t = templates[0]!;
  if (templates.length > 1) {
    const wide = t.metaSources.filter((s) => s.labels && s.scope.length < t.path.length && !isResourceMetadata(s.path));
    const last = wide[wide.length - 1];
    if (last) return [...last.path, 'labels'];
  }
  return templatePath(t, 'metadata', 'labels');
}


export default createRule({
  name: 'inject-misplaced',
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: {
      description: 'Injection labels and annotations where Istio never reads them',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      onWorkload:
        '{{ what }} {{ key }} is on the {{ kind }}\'s own metadata, which Istio never reads: injection looks at the pod. Put it under {{ labelsPath }}.',
      injectionOnPod:
        '{{ key }} is a namespace label; on a {{ where }} it does nothing. Label the Namespace, or use {{ injectKey }}: "true"/"false" on the pod template.',
      injectOnNamespace:
        '{{ key }} on a Namespace does nothing: Istio reads it from pods. Use {{ nsKey }}=enabled (or disabled) on the Namespace.',
      moveToPod: 'Move {{ key }}: "{{ value }}" to the pod template; this {{ effect }}',
      annotationOptIn:
        'Annotation {{ key }}: "true" cannot opt this pod in: webhooks see only labels, and {{ why }}. Make it a label.',
      annotationOptInBefore110:
        'Annotation {{ key }}: "true" cannot opt this pod in: Istio {{ version }}\'s webhooks select on the namespace only. Label the namespace {{ nsKey }}=enabled.',
    },
    hasSuggestions: true,
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r) {
        const md = asObject(r.object.metadata) ?? {};
        const labels = asObject(md.labels) ?? {};
        const annotations = asObject(md.annotations) ?? {};
        if (r.kind === 'Namespace') {
          for (const [where, map] of [['labels', labels], ['annotations', annotations]] as const) {
            if (INJECT_KEY in map) context.report({ target: { resource: r, path: ['metadata', where, INJECT_KEY] }, messageId: 'injectOnNamespace', data: { key: INJECT_KEY, nsKey: NS_INJECTION_LABEL } });
          }
          return;
        }
        const templates = podTemplatesOf(r);
        const t = templates[0];
        if (NS_INJECTION_LABEL in labels && (t || r.kind === 'Pod')) {
          context.report({ target: { resource: r, path: ['metadata', 'labels', NS_INJECTION_LABEL] }, messageId: 'injectionOnPod', data: { key: NS_INJECTION_LABEL, where: r.kind, injectKey: INJECT_KEY } });
        }
        if (!t) return;
        for (const pod of templates) {
          if (!(NS_INJECTION_LABEL in pod.labels)) continue;
          const at = templatePath(pod, 'metadata', 'labels', NS_INJECTION_LABEL);
          // The resource's own label is reported above.
          if (!isResourceMetadata(at)) context.report({ target: { resource: r, path: at }, messageId: 'injectionOnPod', data: { key: NS_INJECTION_LABEL, where: 'pod template', injectKey: INJECT_KEY } });
        }
        const home = labelsHome(templates);
        for (const key of [INJECT_KEY, REV_LABEL]) {
          for (const [what, map] of [['Label', labels], ['Annotation', annotations]] as const) {
            // A Pod's own metadata is the pod's; some controllers copy the resource's labels or annotations to the pods.
            if (!(key in map) || resourceMetadataReachesPod(t, what === 'Label' ? 'labels' : 'annotations')) continue;
            if (templates.some((pod) => key in pod.labels || key in pod.annotations)) continue;
            // Istio's own control-plane and gateway workloads carry istio.io/rev on their metadata on purpose.
            if (key === REV_LABEL && what === 'Label') continue;
            const value = str(map[key]) ?? '';
            const move: PathEdit[] | undefined =
              what === 'Label' && !isResourceMetadata(home) && asObject(getIn(r.object, home))
                ? [{ op: 'remove', path: ['metadata', 'labels', key] }, { op: 'insert', path: home, key, value }]
                : undefined;
            // Where Istio reads it, the label takes effect: --fix moves it only when the pod
            // already behaves as it says; otherwise the move adds or removes a sidecar, and is
            // a suggestion the user accepts.
            const keepsBehaviour = move !== undefined && key === INJECT_KEY && templates.every((pod) => sameOutcome(value, predictForTemplate(pod, context.facts).outcome));
            context.report({
              target: { resource: r, path: ['metadata', what === 'Label' ? 'labels' : 'annotations', key] },
              messageId: 'onWorkload',
              data: { what, key, kind: r.kind, labelsPath: home.join('.') },
              ...(move && keepsBehaviour ? { fix: move } : {}),
              ...(move && !keepsBehaviour ? { suggest: [{ messageId: 'moveToPod' as const, data: { key, value, effect: value === 'false' ? 'removes the sidecar the pods get today' : value === 'true' ? 'may add a sidecar' : 'changes which injector serves the pods' }, edits: move }] } : {}),
            });
          }
        }
      },
      PodTemplate(t) {
        if (str(t.annotations[INJECT_KEY]) !== 'true' || INJECT_KEY in t.labels) return;
        // OpenShift Service Mesh reads the annotation; its webhook selects member namespaces only.
        if (vendorWebhooksOnly(context.facts.mesh.webhooks)) return;
        const p = predictForTemplate(t, context.facts);
        if (p.gate.matched.length > 0 || p.gate.maybe.length > 0) return;
        const ns = namespaceOf(t, context.facts);
        // A namespace with istio-injection set to anything but "enabled" blocks the label just as
        // well: inject-label-conflict reports that, on this line; advising the label would mislead.
        const nsInjection = ns?.labels[NS_INJECTION_LABEL];
        if (nsInjection !== undefined && nsInjection !== 'enabled') return;
        const related = namespaceLabelLocation(ns, NS_INJECTION_LABEL, `namespace ${ns?.name ?? ''}: no label that turns injection on`);
        // Up to 1.9 the chart's webhooks select on the namespace only: a pod label cannot opt in either.
        const podLabelsSelect = atLeast(context.facts.mesh.version, 1, 10);
        context.report({
          target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', INJECT_KEY) },
          messageId: podLabelsSelect ? 'annotationOptIn' : 'annotationOptInBefore110',
          data: { key: INJECT_KEY, why: p.trace[0]?.text ?? 'no webhook matches its labels', nsKey: NS_INJECTION_LABEL, version: versionWords(context.facts.mesh) },
          ...(related ? { related: [related] } : {}),
        });
      },
    };
  },
});

/** Whether `sidecar.istio.io/inject: value` on the pod would give the outcome it has today. */
function sameOutcome(value: string, outcome: string): boolean {
  return (value === 'false' && outcome === 'not-injected') || (value === 'true' && outcome === 'injected');
}
