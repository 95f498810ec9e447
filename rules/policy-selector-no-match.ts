// A selector-scoped policy (AuthorizationPolicy, PeerAuthentication, RequestAuthentication,
// Sidecar, Telemetry, WasmPlugin, EnvoyFilter) applies to the workloads of its own namespace whose
// labels include every selector label (pilot/pkg/model/policyattachment.go). A selector no
// workload matches does nothing: the labels are usually a typo, or the chart's other label set.
//
// Judged only where all the namespace's workloads are among the inputs, which meshlint takes to
// mean all of: the inputs hold the Namespace object; the policy and a workload of that namespace
// come from one place (one folder, one chart render, one overlay build); nothing among the inputs
// may create pods there that meshlint cannot see (a custom resource an operator turns into pods,
// a Gateway Istio deploys, a GitOps object releasing into it, a workload kind whose controller
// adds labels of its own; data/pod-sources.json); neither the policy nor those workloads are in a
// file a Kustomize build may change, linted as written (an overlay may add labels to its pods:
// load/kustomized.ts); and the selector uses no label a controller or the injector adds. Quiet in the root namespace, where a selector reaches every namespace.
import { appendTo } from '../src/common/collections.ts';
import { dirname } from 'node:path';
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource, getIn, labelRecord, asObject } from '../src/model/workload.ts';
import { selectorPolicyOf, picks, type SelectorPolicy } from '../src/model/traffic/policy-kinds.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { slimResource } from '../src/model/place.ts';
import { exhausted, namespaceOverBound, runOverBound, TrafficInputs } from '../src/model/traffic/inputs.ts';
import type { Resource } from '../src/common/types.ts';
import podSources from '../src/model/data/pod-sources.json' with { type: 'json' };

const MAX_POLICIES = 5_000;
const MAX_TARGETS = 20_000;
const MAX_COMPARISONS = 5_000_000;

const TEMPLATE_KINDS = new Set<string>(podSources.templateKinds);
const PODLESS = new Set<string>(podSources.podless);
const ADDED_LABELS = new Set(Object.keys(podSources.addedLabels));
/** GitOps objects that deploy into a namespace what the inputs do not show. */
const RELEASES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  'helm.toolkit.fluxcd.io/HelmRelease': [['spec', 'targetNamespace'], ['spec', 'storageNamespace']],
  'kustomize.toolkit.fluxcd.io/Kustomization': [['spec', 'targetNamespace']],
  'argoproj.io/Application': [['spec', 'destination', 'namespace']],
};

/** API group/Kind, as pod-sources.json writes them ("core" for the core group). */
const groupKind = (r: Resource): string => `${r.apiVersion.includes('/') ? r.apiVersion.slice(0, r.apiVersion.indexOf('/')) : 'core'}/${r.kind}`;

/** Where an object comes from: its render (chart or overlay), or the folder of its file. */
const placeOf = (r: Resource): string => {
  const origin = r.doc.file.origin;
  return origin ? `${origin.tool}\0${origin.source}\0${origin.label ?? ''}` : `file\0${dirname(r.doc.file.displayPath)}`;
};

/** A workload that a selector may pick: a pod template, or a WorkloadEntry (a VM). */
interface Target {
  readonly resource: Resource;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** Workloads named as related locations: the nearest first, and one from the policy's own place. */
const MAX_RELATED = 5;
function shownTargets(first: readonly Target[], all: readonly Target[], place: string): Target[] {
  const shown = first.slice(0, MAX_RELATED);
  if (!shown.some((t) => placeOf(t.resource) === place)) {
    const local = all.find((t) => placeOf(t.resource) === place);
    if (local) shown.splice(MAX_RELATED - 1, 1, local);
  }
  return shown;
}

export default createRule({
  name: 'policy-selector-no-match',
  meta: {
    type: 'problem',
    docs: {
      description: 'Selector-scoped Istio policies whose selector matches no workload of their namespace, where all its workloads are among the inputs: the policy does nothing',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      noMatch: '{{ kind }} {{ name }} selects {{ labels }}, and no workload of namespace {{ namespace }} has {{ these }} ({{ count }} among the inputs{{ near }}): it applies to nothing. Fix the selector.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    const policies: SelectorPolicy[] = [];
    /** Each namespace's workloads; a namespace with more than are kept is not judged (a partial list would read as no match). */
    const targets = new Map<string, Target[]>();
    /** Namespaces whose Namespace object is among the inputs. */
    const defined = new Map<string, Resource>();
    /** Namespaces where something among the inputs may make pods meshlint cannot see. */
    const unseen = new Set<string>();
    /** A GitOps object releases into a namespace it does not name: nothing is judged. */
    let blind = false;
    /** Whether more policies were met than are kept (said once). */
    let overPolicies = false;
    /** Places each namespace's workloads come from. */
    const places = new Map<string, Set<string>>();
    const addTarget = (t: Target): void => {
      if ((targets.get(t.namespace)?.length ?? 0) >= MAX_TARGETS) {
        if (!unseen.has(t.namespace)) namespaceOverBound(context, t.resource, t.namespace, MAX_TARGETS, 'workloads');
        unseen.add(t.namespace);
        return;
      }
      // Labels as written may not be the pod's: a placeholder, or a Kustomize build that may add some.
      if (Object.values(t.labels).some(isPlaceholder) || t.resource.doc.file.kustomized) unseen.add(t.namespace);
      appendTo(targets, t.namespace, t);
      const set = places.get(t.namespace) ?? new Set<string>();
      set.add(placeOf(t.resource));
      places.set(t.namespace, set);
    };
    return {
      Resource(r) {
        const gk = groupKind(r);
        const release = RELEASES[gk];
        if (release) {
          const named = release.map((p) => getIn(r.object, p)).find((v) => typeof v === 'string' && v !== '');
          const ns = typeof named === 'string' ? named : r.kind === 'HelmRelease' ? r.namespace : undefined;
          if (ns === undefined || isPlaceholder(ns)) blind = true;
          else unseen.add(ns);
          return;
        }
        if (gk === 'core/Namespace' && r.name && !defined.has(r.name)) defined.set(r.name, r);
        if (r.namespace === undefined) return;
        const policy = selectorPolicyOf(r);
        if (policy && r.doc.file.kustomized) unseen.add(r.namespace);
        if (policy) {
          // What is read of it when the run ends: its name, and the selector a finding is placed at.
          if (policies.length < MAX_POLICIES) policies.push({ ...policy, resource: slimResource(r, [policy.kind.labels]) });
          else if (!overPolicies) {
            overPolicies = true;
            runOverBound(context, r, MAX_POLICIES, 'selector policies');
          }
          return;
        }
        if (gk === 'networking.istio.io/WorkloadEntry') {
          const labels = asObject(getIn(r.object, ['spec', 'labels']));
          addTarget({ resource: slimResource(r), namespace: r.namespace, labels: labels ? labelRecord(labels) : {} });
          return;
        }
        // The workload kinds whose pods are known are judged through their templates; any other kind may make pods.
        if (!PODLESS.has(gk) && !TEMPLATE_KINDS.has(gk)) unseen.add(r.namespace);
      },
      PodTemplate(t) {
        const ns = t.resource.namespace;
        if (ns === undefined) return;
        if (!TEMPLATE_KINDS.has(groupKind(t.resource))) unseen.add(ns);
        addTarget({ resource: slimResource(t.resource), namespace: ns, labels: labelRecord(t.labels) });
      },
      'Program:exit'() {
        if (blind) return;
        let comparisons = 0;
        for (const policy of policies) {
          const ns = policy.namespace;
          const namespace = defined.get(ns);
          if (!namespace || unseen.has(ns) || inputs.mayBeRootNamespace(ns)) continue;
          if (!places.get(ns)?.has(placeOf(policy.resource))) continue;
          const keys = Object.keys(policy.labels);
          if (keys.some((k) => ADDED_LABELS.has(k)) || Object.values(policy.labels).some(isPlaceholder)) continue;
          const own = targets.get(ns) ?? [];
          comparisons += own.length;
          if (comparisons > MAX_COMPARISONS) return exhausted(context, policy.resource, MAX_COMPARISONS);
          if (own.length === 0 || own.some((t) => picks(policy, t.namespace, t.labels))) continue;
          // The workloads nearest the selector (its values first, then its keys), to show what was probably meant.
          const shared = (t: Target): number => keys.reduce((n, k) => n + (t.labels[k] === policy.labels[k] ? 2 : t.labels[k] !== undefined ? 1 : 0), 0);
          const best = Math.max(...own.map(shared));
          const nearest = best > 0 ? own.filter((t) => shared(t) === best) : [];
          const nearText = nearest[0] ? `; ${describeResource(nearest[0].resource)} has ${keys.map((k) => `${k}=${nearest[0]?.labels[k] ?? '(none)'}`).join(', ')}` : '';
          context.report({
            target: { resource: policy.resource, path: policy.kind.labels },
            messageId: 'noMatch',
            data: {
              kind: policy.kind.kind,
              name: `${ns}/${policy.resource.name}`,
              labels: Object.entries(policy.labels).map(([k, v]) => `${k}=${v}`).join(', '),
              these: keys.length === 1 ? 'it' : 'them all',
              namespace: ns,
              count: `${own.length} ${own.length === 1 ? 'workload' : 'workloads'}`,
              near: nearText,
            },
            // Every object the verdict rests on (judging it again at another version reads their
            // files): the Namespace, and workloads shown, one of them from the policy's place.
            related: [
              { target: { resource: namespace, path: ['metadata', 'name'] }, message: `${describeResource(namespace)}: its workloads are among the inputs` },
              ...shownTargets(nearest.length > 0 ? nearest : own, own, placeOf(policy.resource)).map((t) => ({ target: { resource: t.resource, path: ['metadata', 'name'] }, message: `${describeResource(t.resource)}: ${Object.entries(t.labels).slice(0, 6).map(([k, v]) => `${k}=${v}`).join(', ') || 'no labels'}` })),
            ],
          });
        }
      },
    };
  },
});
