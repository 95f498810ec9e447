// Ambient labels Istio matches exactly, or reads only on some objects. istio-cni captures a pod
// when its own label, or its namespace's, is exactly `ambient` (a label selector); only the
// pod's `none` opts out. Waypoint labels are read from Pods, Services, ServiceEntries,
// WorkloadEntries and Namespaces, never from a Deployment's own metadata. And
// ambient.istio.io/redirection is a status istio-cni writes: its old `disabled` opt-out is
// gone since 1.22. Each mistake is silent: the pod is captured, or not, against what was written.
import { versionWords } from '../src/model/facts.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { AMBIENT, DATAPLANE_MODE, DATAPLANE_NONE } from '../src/model/ambient/capture.ts';
import {
  AMBIENT_LABELS,
  DATAPLANE_MODE_MEANT,
  INGRESS_USE_WAYPOINT,
  PARSE_BOOL,
  REDIRECTION,
  WAYPOINT_FOR,
  ambientLabel,
  captureWithPodLabel,
  ingressUseWaypointReads,
  readsLabelOn,
} from '../src/model/ambient/labels.ts';
import { namespaceOf } from '../src/model/injection/intent.ts';
import { SUPPORTED_MINORS, type IstioVersion } from '../src/model/install/istio-version.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { captureForTemplate } from '../src/model/injection/pod-injection.ts';
import { asObject, podTemplateOf, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { KubeObject, PathEdit, Resource } from '../src/common/types.ts';

/** The newest release meshlint models: a value it reads as true keeps working on upgrades. */
const NEWEST: IstioVersion = { major: 1, minor: SUPPORTED_MINORS.to, patch: 0, text: `1.${SUPPORTED_MINORS.to}` };

/** Workload kinds whose own metadata never reaches their pods (Istio reads the pod). */
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ReplicationController', 'Job', 'CronJob']);

/** Keys checked on a workload's own metadata: the ones read on a Pod move to the template, the others belong on the Service. */
const MISPLACED_KEYS = [DATAPLANE_MODE, 'istio.io/use-waypoint', 'istio.io/use-waypoint-namespace', INGRESS_USE_WAYPOINT] as const;

/** A value this rule judges: a string as written (YAML-typed scalars are yaml-nonstring-value's), not a placeholder. */
const judged = (v: unknown): v is string => typeof v === 'string' && !isPlaceholder(v);

/** What a value most likely meant, by its spelling: "ambient", "none" or nothing known. */
const meantBy = (value: string): 'ambient' | 'none' | undefined => {
  const lower = value.toLowerCase();
  return Object.hasOwn(DATAPLANE_MODE_MEANT, lower) ? DATAPLANE_MODE_MEANT[lower] : undefined;
};

/** Metadata only the API server writes: the object was read back from a cluster (kubectl get -o yaml). */
const isLiveObject = (md: KubeObject): boolean => ['uid', 'resourceVersion', 'creationTimestamp'].some((k) => md[k] !== undefined && md[k] !== null);

export default createRule({
  name: 'ambient-label-invalid',
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'Ambient labels with values Istio does not match, on objects Istio never reads them from, and ambient.istio.io/redirection written by hand',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      podValue:
        'Pod label {{ key }}: "{{ value }}" is neither "ambient" nor "none", so {{ decides }}. Write "ambient" or "none".',
      namespaceValue:
        'Namespace label {{ key }}: "{{ value }}" puts no pod in ambient: only exactly "ambient" does. Write "ambient".',
      namespaceNone:
        'Namespace label {{ key }}: "{{ value }}" does nothing: on a Namespace only "ambient" counts, and a pod opts out with its own label {{ key }}: "none". Remove it.',
      onWorkload:
        'Label {{ key }} is on the {{ kind }}\'s own metadata, which Istio never reads: it reads {{ readOn }}. {{ put }}',
      asAnnotation:
        '{{ key }} is a label: as an annotation Istio never reads it. Make it a label.',
      redirectionDisabled:
        'Annotation {{ key }}: "disabled" was the opt-out before Istio 1.22 and is ignored now: {{ effect }}. Use the pod label {{ modeKey }}: "none".',
      redirectionSet:
        'Annotation {{ key }} is a status istio-cni writes, not a setting: istiod takes "enabled" to mean ztunnel captured the pod. Remove it.',
      waypointFor:
        'Label {{ key }}: "{{ value }}" is not service, workload, all or none: istiod treats it as none, so nothing uses this waypoint. {{ hint }}',
      ingressLoose:
        'Label {{ key }}: "{{ value }}" is read as true up to Istio 1.29 and as false from 1.30, when ingress gateways skip the waypoint. Write "true".',
      ingressInvalid:
        'Label {{ key }}: "{{ value }}" is neither "true" nor "false": Istio {{ version }} reads it as false, so ingress gateways skip the waypoint. Write "true" or "false".',
      setValue: 'Set it to "{{ value }}" ({{ effect }}).',
      remove: 'Remove it.',
      moveToPod: 'Move {{ key }}: "{{ value }}" to the pod template; this {{ effect }}.',
      useNone: 'Replace it with the pod label {{ modeKey }}: "none"; this {{ effect }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;

    /** `key` in a kind's annotations where Istio reads it as a label only. */
    const annotationsAsLabels = (r: Resource, kind: string, apiVersion: unknown, labels: KubeObject, annotations: KubeObject, base: (string | number)[]): void => {
      for (const l of AMBIENT_LABELS) {
        if (!(l.key in annotations) || l.key in labels || !readsLabelOn(l, kind, apiVersion)) continue;
        context.report({ target: { resource: r, path: [...base, 'metadata', 'annotations', l.key] }, messageId: 'asAnnotation', data: { key: l.key } });
      }
    };

    const checkNamespace = (r: Resource, labels: KubeObject): void => {
      const value = labels[DATAPLANE_MODE];
      if (!judged(value) || value === AMBIENT) return;
      const path = ['metadata', 'labels', DATAPLANE_MODE];
      if (meantBy(value) === DATAPLANE_NONE) {
        // On a Namespace anything but "ambient" means the same as no label: removing it keeps behaviour.
        context.report({ target: { resource: r, path }, messageId: 'namespaceNone', severity: 'warn', data: { key: DATAPLANE_MODE, value }, fix: [{ op: 'remove', path }] });
        return;
      }
      context.report({
        target: { resource: r, path },
        messageId: 'namespaceValue',
        data: { key: DATAPLANE_MODE, value },
        suggest: [{ messageId: 'setValue', data: { value: AMBIENT, effect: "ztunnel captures the namespace's pods" }, edits: [{ op: 'set', path, value: AMBIENT }] }],
      });
    };

    const checkWaypointFor = (r: Resource, labels: KubeObject): void => {
      const value = labels[WAYPOINT_FOR];
      const allowed = ambientLabel(WAYPOINT_FOR)?.values ?? [];
      if (!judged(value) || allowed.includes(value)) return;
      const path = ['metadata', 'labels', WAYPOINT_FOR];
      const lower = value.toLowerCase();
      const meant = allowed.includes(lower) ? lower : undefined;
      context.report({
        target: { resource: r, path },
        messageId: 'waypointFor',
        data: { key: WAYPOINT_FOR, value, hint: meant ? `Write "${meant}".` : 'Use one of them (the default is service).' },
        ...(meant ? { suggest: [{ messageId: 'setValue' as const, data: { value: meant, effect: `traffic to ${meant === 'all' ? 'services and workloads' : meant === 'none' ? 'nothing' : `${meant}s`} uses the waypoint` }, edits: [{ op: 'set' as const, path, value: meant }] }] } : {}),
      });
    };

    const checkIngress = (r: Resource, labels: KubeObject): void => {
      const value = labels[INGRESS_USE_WAYPOINT];
      if (!judged(value) || value === 'true' || value === 'false') return;
      const path = ['metadata', 'labels', INGRESS_USE_WAYPOINT];
      const version = facts.mesh.version;
      const reads = ingressUseWaypointReads(value, r.kind, version);
      if (reads === undefined) return;
      // Any spelling of "no" is read as false by every version: what it says, so no harm done.
      if (!reads && (PARSE_BOOL[value] === false || meantBy(value) === DATAPLANE_NONE)) return;
      // Read as true here, and by every later version: it does what it says. (Only a mixed case
      // such as "tRue" is read as true by 1.25–1.29 and as false from 1.30: ingressLoose.)
      if (reads && ingressUseWaypointReads(value, r.kind, NEWEST) === true) return;
      const suggest = [
        { messageId: 'setValue' as const, data: { value: 'true', effect: 'ingress gateways send through the waypoint' }, edits: [{ op: 'set' as const, path, value: 'true' }] },
        { messageId: 'setValue' as const, data: { value: 'false', effect: 'ingress gateways skip the waypoint' }, edits: [{ op: 'set' as const, path, value: 'false' }] },
      ];
      context.report({
        target: { resource: r, path },
        messageId: reads ? 'ingressLoose' : 'ingressInvalid',
        data: { key: INGRESS_USE_WAYPOINT, value, version: versionWords(facts.mesh) },
        suggest,
      });
    };

    /** Ambient labels on a workload's own metadata: Istio reads the pod (or the Service), never the Deployment. */
    const checkWorkloadMetadata = (r: Resource, t: PodTemplate, labels: KubeObject): void => {
      for (const key of MISPLACED_KEYS) {
        const l = ambientLabel(key);
        // The same key on the template (commonLabels copy it to both) is where Istio reads it.
        if (!l || !(key in labels) || key in t.labels) continue;
        const value = labels[key];
        // A list or map is no label value at all: the API server rejects the object.
        if (typeof value === 'object' && value !== null) continue;
        const onPod = l.readOn.includes('Pod');
        const put = onPod
          ? `Put it under ${t.path.join('.')}.metadata.labels${key === DATAPLANE_MODE ? '' : ', or on the Service'}.`
          : 'Put it on the Service (or the Namespace).';
        let edits: PathEdit[] | undefined;
        let keeps = false;
        let effect = '';
        if (onPod && judged(value) && asObject(t.metadata.labels) && (l.values === undefined || l.values.includes(value))) {
          edits = [{ op: 'remove', path: ['metadata', 'labels', key] }, { op: 'insert', path: templatePath(t, 'metadata', 'labels'), key, value }];
          if (key === DATAPLANE_MODE) {
            // Moving keeps behaviour only when the pods are already where the label says.
            const now = captureForTemplate(t, facts);
            const then = captureWithPodLabel(t, facts, key, value);
            keeps = now.outcome !== 'unknown' && now.outcome === then.outcome;
            effect = value === AMBIENT ? 'puts its pods in ambient' : 'takes its pods out of ambient';
          } else {
            // A pod's own waypoint changes which proxy its pod-addressed traffic goes through.
            effect = 'changes which waypoint traffic to its pods goes through';
          }
        }
        context.report({
          target: { resource: r, path: ['metadata', 'labels', key] },
          messageId: 'onWorkload',
          data: { key, kind: r.kind, readOn: key === DATAPLANE_MODE ? "the pod's labels" : onPod ? "the pod's or the Service's labels" : "the Service's or the Namespace's labels", put },
          ...(edits && keeps ? { fix: edits } : {}),
          ...(edits && !keeps && judged(value) ? { suggest: [{ messageId: 'moveToPod' as const, data: { key, value, effect }, edits }] } : {}),
        });
      }
    };

    const checkPodMode = (t: PodTemplate): void => {
      const value = t.labels[DATAPLANE_MODE];
      if (!judged(value) || value === AMBIENT || value === DATAPLANE_NONE) return;
      const path = templatePath(t, 'metadata', 'labels', DATAPLANE_MODE);
      const now = captureForTemplate(t, facts);
      const ns = namespaceOf(t, facts);
      const decides =
        now.outcome === 'ambient'
          ? `ztunnel captures it anyway: namespace ${ns?.name ?? ''} has ${DATAPLANE_MODE}=${AMBIENT}`
          : now.outcome === 'none'
            ? 'ztunnel does not capture the pod'
            : now.outcome === 'sidecar'
              ? 'its namespace decides (the pod gets a sidecar, which wins anyway)'
              : "the pod's namespace decides whether ztunnel captures it";
      const meant = meantBy(value);
      const edits = (v: string): PathEdit[] => [{ op: 'set', path, value: v }];
      const keeps = (v: string): boolean => now.outcome !== 'unknown' && captureWithPodLabel(t, facts, DATAPLANE_MODE, v).outcome === now.outcome;
      const effectOf = (v: string): string => (v === AMBIENT ? 'ztunnel captures the pod' : 'the pod stays out of ambient');
      const fix = meant && keeps(meant) ? edits(meant) : undefined;
      context.report({
        target: { resource: t.resource, path },
        messageId: 'podValue',
        data: { key: DATAPLANE_MODE, value, decides },
        ...(fix ? { fix } : { suggest: [AMBIENT, DATAPLANE_NONE].map((v) => ({ messageId: 'setValue' as const, data: { value: v, effect: effectOf(v) }, edits: edits(v) })) }),
      });
    };

    const checkRedirection = (t: PodTemplate): void => {
      const value = t.annotations[REDIRECTION];
      // A Pod read back from a cluster carries the annotation istio-cni wrote: not written by hand.
      if (value === undefined || (t.path.length === 0 && isLiveObject(t.metadata))) return;
      const path = templatePath(t, 'metadata', 'annotations', REDIRECTION);
      const remove: PathEdit = { op: 'remove', path };
      if (value !== 'disabled') {
        context.report({ target: { resource: t.resource, path }, messageId: 'redirectionSet', data: { key: REDIRECTION }, suggest: [{ messageId: 'remove', edits: [remove] }] });
        return;
      }
      const now = captureForTemplate(t, facts);
      const own = t.labels[DATAPLANE_MODE];
      const effect =
        own === DATAPLANE_NONE
          ? 'the label istio.io/dataplane-mode: "none" already keeps the pod out'
          : now.outcome === 'ambient'
            ? 'ztunnel captures this pod'
            : now.outcome === 'unknown'
              ? 'ztunnel captures this pod if its namespace is in ambient'
              : 'it has no effect (ztunnel does not capture this pod anyway)';
      // The annotation itself changes nothing: replacing it with the label keeps behaviour
      // when the label would not change the capture either.
      const edits: PathEdit[] = own === undefined && asObject(t.metadata.labels) ? [remove, { op: 'insert', path: templatePath(t, 'metadata', 'labels'), key: DATAPLANE_MODE, value: DATAPLANE_NONE }] : [remove];
      const keeps = own === DATAPLANE_NONE || (own === undefined && edits.length === 2 && now.outcome !== 'unknown' && captureWithPodLabel(t, facts, DATAPLANE_MODE, DATAPLANE_NONE).outcome === now.outcome);
      context.report({
        target: { resource: t.resource, path },
        messageId: 'redirectionDisabled',
        data: { key: REDIRECTION, modeKey: DATAPLANE_MODE, effect },
        ...(keeps ? { fix: edits } : own === undefined && edits.length === 2 ? { suggest: [{ messageId: 'useNone' as const, data: { modeKey: DATAPLANE_MODE, effect: 'takes the pod out of ambient' }, edits }] } : {}),
      });
    };

    return {
      Resource(r) {
        const md = asObject(r.object.metadata) ?? {};
        const labels = asObject(md.labels) ?? {};
        const annotations = asObject(md.annotations) ?? {};
        if (r.kind === 'Namespace') checkNamespace(r, labels);
        const forLabel = ambientLabel(WAYPOINT_FOR);
        if (forLabel && readsLabelOn(forLabel, r.kind, r.object.apiVersion)) checkWaypointFor(r, labels);
        const ingress = ambientLabel(INGRESS_USE_WAYPOINT);
        if (ingress && readsLabelOn(ingress, r.kind, r.object.apiVersion)) checkIngress(r, labels);
        if (r.kind !== 'Pod') annotationsAsLabels(r, r.kind, r.object.apiVersion, labels, annotations, []);
        const t = podTemplateOf(r);
        if (t && t.path.length > 0 && WORKLOAD_KINDS.has(r.kind)) checkWorkloadMetadata(r, t, labels);
      },
      PodTemplate(t) {
        checkPodMode(t);
        checkRedirection(t);
        // A pod template is a Pod's.
        annotationsAsLabels(t.resource, 'Pod', 'v1', asObject(t.metadata.labels) ?? {}, asObject(t.metadata.annotations) ?? {}, [...t.path]);
      },
    };
  },
});
