// Injection signals that contradict each other, or that Istio resolves differently from
// what the author wrote. Webhook selectors see labels only and the namespace decides first:
// a disabled namespace cannot be overridden by the pod, istio-injection=enabled beats any
// istio.io/rev, and when label and annotation disagree the label wins (inject.go).
import { versionWords } from '../src/model/facts.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { effectiveInject, namespaceLabelLocation, namespaceOf } from '../src/model/injection/intent.ts';
import { istioComponentOf } from '../src/model/install/istio-components.ts';
import { DATAPLANE_MODE_LABEL, INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL, type InjectorWebhook } from '../src/model/injection/mesh.ts';
import { predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { readsInjectLabel } from '../src/model/injection/injection.ts';
import { asObject, labelString as str, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Facts } from '../src/model/facts.ts';

/** The revision a revision label names: a tag's target where the install declares the tag. */
function revisionNamed(name: string, webhooks: readonly InjectorWebhook[]): string {
  return webhooks.find((w) => w.tag === name)?.revision ?? name;
}

/**
 * What happens to a pod with its own istio.io/rev in a namespace with istio-injection=enabled:
 * which injector serves it, in words that claim no revision the inputs do not install.
 * Undefined when there is no conflict to report: the injector that serves the namespace is the
 * pod's own revision (`istio.io/rev: default` and istio-injection=enabled select alike), or
 * the pod is not injected for a reason of its own (hostNetwork, an ignored namespace).
 */
function enabledNamespaceEffect(t: PodTemplate, podRev: string, facts: Facts): string | undefined {
  const p = predictForTemplate(t, facts);
  if (p.outcome === 'not-injected') return p.gate.matched.length === 0 && p.gate.maybe.length === 0 ? `no injector serves ${NS_INJECTION_LABEL}=enabled, so the pod runs without a sidecar` : undefined;
  // Unknown in a known namespace: a value the pod's injection reads is filled in by a tool.
  const via = p.via;
  if (p.outcome === 'unknown' || !via || via.tag === podRev || via.revision === revisionNamed(podRev, facts.mesh.webhooks)) return undefined;
  if (facts.mesh.webhooksOrigin === 'assumed') return `the injector that serves ${NS_INJECTION_LABEL}=enabled injects this pod, not ${podRev}`;
  return `${via.tag !== undefined ? `tag ${via.tag} (revision ${via.revision})` : `revision ${via.revision}`} injects this pod, not ${podRev}`;
}


export default createRule({
  name: 'inject-label-conflict',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injection labels and annotations that contradict each other, or that Istio resolves against what they say',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      labelVsAnnotation:
        'Label {{ key }}: "{{ label }}" and annotation "{{ annotation }}" disagree; Istio reads the label, so the pod is {{ outcome }}. Remove the annotation.',
      labelVsAnnotationBefore112:
        'Label {{ key }}: "{{ label }}" and annotation "{{ annotation }}" disagree; Istio {{ version }} decides by the annotation and selects webhooks by the label. Make them agree.',
      disabledNamespace:
        '{{ key }}: "true" cannot override {{ nsKey }}={{ nsValue }} on namespace {{ namespace }}: the pod runs without a sidecar. Set the namespace label to enabled, or remove it.',
      revVsInjection:
        'Pod label {{ revKey }}: {{ revision }} loses to {{ nsKey }}=enabled on namespace {{ namespace }}: {{ effect }}. Remove one of the two.',
      revVsRev:
        'Pod label {{ revKey }}: {{ revision }} loses to {{ revKey }}={{ nsRevision }} on namespace {{ namespace }}: revision {{ nsRevision }} injects this pod. Make them agree, or drop the pod label.',
      revInDisabled:
        'Pod label {{ revKey }}: {{ revision }} cannot override {{ nsKey }}={{ nsValue }} on namespace {{ namespace }}: no webhook matches, so the pod runs without a sidecar. Remove one of the two.',
      namespaceLabels:
        'Namespace {{ namespace }} has conflicting injection labels {{ labels }}: {{ effect }} Keep one.',
      namespaceValue:
        'Namespace {{ namespace }} has {{ nsKey }}={{ value }}: only "enabled" turns injection on, so no pod in it gets a sidecar. Use "enabled" or "disabled".',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Namespace(ns) {
        const md = asObject(ns.object.metadata) ?? {};
        const labels = asObject(md.labels) ?? {};
        const injection = str(labels[NS_INJECTION_LABEL]);
        const rev = str(labels[REV_LABEL]);
        const mode = str(labels[DATAPLANE_MODE_LABEL]);
        // As IST0123: rev and dataplane-mode count only where istio-injection is absent or "enabled".
        // IST0123 counts any dataplane-mode value; only "ambient" does anything on a Namespace,
        // and ambient-label-invalid reports the others.
        const counted: string[] = [];
        if (injection !== undefined) counted.push(`${NS_INJECTION_LABEL}=${injection}`);
        if (injection === undefined || injection === 'enabled') {
          if (rev !== undefined) counted.push(`${REV_LABEL}=${rev}`);
          if (mode === 'ambient') counted.push(`${DATAPLANE_MODE_LABEL}=${mode}`);
        }
        if (counted.length > 1) {
          const effect =
            injection === 'enabled' && rev !== undefined
              ? `${NS_INJECTION_LABEL}=enabled wins, so ${rev} injects none of its pods.`
              : mode === 'ambient'
                ? `${injection === 'enabled' ? 'every pod gets a sidecar' : `revision ${rev} (if installed) injects every pod`}, and a sidecar wins over ambient: only pods labelled ${INJECT_KEY}: "false" are captured by ztunnel.`
                : 'they select different injectors.';
          context.report({ target: { resource: ns, path: ['metadata', 'labels', injection !== undefined ? NS_INJECTION_LABEL : REV_LABEL] }, messageId: 'namespaceLabels', data: { namespace: ns.name, labels: counted.join(', '), effect } });
        }
        // A value a tool fills in later (`${INJECTION}`) is unknown, not a wrong value.
        if (injection !== undefined && injection !== 'enabled' && injection !== 'disabled' && !isPlaceholder(injection)) {
          context.report({ target: { resource: ns, path: ['metadata', 'labels', NS_INJECTION_LABEL] }, messageId: 'namespaceValue', severity: 'warn', data: { namespace: ns.name, nsKey: NS_INJECTION_LABEL, value: injection } });
        }
      },
      PodTemplate(t) {
        const label = str(t.labels[INJECT_KEY]);
        const annotation = str(t.annotations[INJECT_KEY]);
        // A value a tool fills in may be the other one's: whether they disagree is unknown.
        if (label !== undefined && annotation !== undefined && label !== annotation && !isPlaceholder(label) && !isPlaceholder(annotation)) {
          const version = context.facts.mesh.version;
          // Before 1.12 injectRequired reads only the annotation; the label still decides
          // which webhooks see the pod (their objectSelector), so the outcome needs both.
          if (!readsInjectLabel(version)) {
            context.report({
              target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', INJECT_KEY) },
              messageId: 'labelVsAnnotationBefore112',
              data: { key: INJECT_KEY, label, annotation, version: versionWords(context.facts.mesh) },
              related: [{ target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', INJECT_KEY) }, message: 'the label, which webhooks select on' }],
            });
          } else context.report({
            target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', INJECT_KEY) },
            messageId: 'labelVsAnnotation',
            data: { key: INJECT_KEY, label, annotation, outcome: label === 'true' ? 'meant to be injected' : label === 'false' ? 'not injected' : `decided by the label "${label}"` },
            related: [{ target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', INJECT_KEY) }, message: 'the label, which wins' }],
          });
        }
        const ns = namespaceOf(t, context.facts);
        if (!ns) return;
        const nsInjection = ns.labels[NS_INJECTION_LABEL];
        const effective = effectiveInject(t, context.facts.mesh.version)?.value;
        const optInBlocked = effective === 'true' && nsInjection !== undefined && nsInjection !== 'enabled';
        if (optInBlocked) {
          const related = namespaceLabelLocation(ns, NS_INJECTION_LABEL, `namespace ${ns.name}: ${NS_INJECTION_LABEL}=${nsInjection}`);
          context.report({
            target: { resource: t.resource, path: templatePath(t, 'metadata', label !== undefined ? 'labels' : 'annotations', INJECT_KEY) },
            messageId: 'disabledNamespace',
            data: { key: INJECT_KEY, namespace: ns.name, nsKey: NS_INJECTION_LABEL, nsValue: nsInjection },
            ...(related ? { related: [related] } : {}),
          });
        }
        const podRev = str(t.labels[REV_LABEL]);
        // The revision checks judge a pod that asks to be injected by the revision it names. Not:
        // a revision a tool fills in (unknown); a pod that opts out, by label or, without one, by
        // annotation (injectRequired reads either: no revision injects it); Istio's own istiod
        // and gateways, whose label names the revision they belong to.
        if (podRev === undefined || podRev === '' || isPlaceholder(podRev) || effective === 'false' || istioComponentOf(t)) return;
        const revPath = templatePath(t, 'metadata', 'labels', REV_LABEL);
        if (nsInjection !== undefined && nsInjection !== 'enabled') {
          // Every rev.* entry needs istio-injection to be absent: a disabled namespace wins. Said
          // once: a pod that also opts in by inject "true" was reported above, for the same fix.
          if (optInBlocked) return;
          const related = namespaceLabelLocation(ns, NS_INJECTION_LABEL, `namespace ${ns.name}: ${NS_INJECTION_LABEL}=${nsInjection}`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: 'revInDisabled', data: { revision: podRev, revKey: REV_LABEL, namespace: ns.name, nsKey: NS_INJECTION_LABEL, nsValue: nsInjection }, ...(related ? { related: [related] } : {}) });
          return;
        }
        if (nsInjection === 'enabled') {
          const effect = enabledNamespaceEffect(t, podRev, context.facts);
          if (effect === undefined) return;
          const related = namespaceLabelLocation(ns, NS_INJECTION_LABEL, `namespace ${ns.name}: ${NS_INJECTION_LABEL}=enabled`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: 'revVsInjection', data: { revision: podRev, revKey: REV_LABEL, namespace: ns.name, nsKey: NS_INJECTION_LABEL, effect }, ...(related ? { related: [related] } : {}) });
          return;
        }
        const nsRev = ns.labels[REV_LABEL];
        // A tag and the revision it points at are one injector.
        const webhooks = context.facts.mesh.webhooks;
        if (nsInjection === undefined && nsRev !== undefined && nsRev !== podRev && revisionNamed(nsRev, webhooks) !== revisionNamed(podRev, webhooks)) {
          const related = namespaceLabelLocation(ns, REV_LABEL, `namespace ${ns.name}: ${REV_LABEL}=${nsRev}`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: 'revVsRev', data: { revision: podRev, revKey: REV_LABEL, namespace: ns.name, nsRevision: nsRev }, ...(related ? { related: [related] } : {}) });
        }
      },
    };
  },
});
