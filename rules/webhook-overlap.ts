// Two active injector webhooks that can match the same pod: the API server calls both and
// the pod may be injected twice (for example the default MutatingWebhookConfiguration and
// a "default" revision tag, both active). Label permutations are judged as istioctl analyze
// does for IST0139 (pkg/config/analysis/analyzers/webhook/webhook.go; see
// src/model/injection/webhook-overlap.ts).
import { createRule } from '../src/engine/rule-api.ts';
import { webhooksOf, isInjectorConfig } from '../src/model/injection/mesh.ts';
import { webhookOverlaps } from '../src/model/injection/webhook-overlap.ts';
import type { Resource } from '../src/common/types.ts';

/** How many overlapping webhooks a finding names as related places; its message names one and counts the rest. */
const MAX_LISTED = 10;

const labelsOf = (labels: Readonly<Record<string, string>>): string =>
  Object.entries(labels)
    .filter(([k]) => k !== 'kubernetes.io/metadata.name')
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** "a pod with sidecar.istio.io/inject=true", "a pod" (no labels). */
const describePod = (labels: Readonly<Record<string, string>>): string => {
  const l = labelsOf(labels);
  return l ? `a pod with ${l}` : 'a pod';
};

/** "a namespace with istio-injection=enabled", "an unlabelled namespace". */
const describeNamespace = (labels: Readonly<Record<string, string>>): string => {
  const l = labelsOf(labels);
  return l ? `a namespace with ${l}` : 'an unlabelled namespace';
};

export default createRule({
  name: 'webhook-overlap',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injector webhooks that can match the same pod, which may then be injected twice',
      defaultLevel: 'error',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      overlap: 'This webhook{{ others }} inject {{ pod }} in {{ namespace }}. Deactivate one, or narrow its selectors.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          scope: {
            type: 'string',
            enum: ['file', 'all'],
            description: 'file: compare the configurations of each input file (a rendered install); all: every input together, as one cluster',
          },
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{ scope: 'file' }] as [{ scope?: 'file' | 'all' }],
  create(context, [{ scope }]) {
    const configs: Resource[] = [];
    return {
      Resource(r) {
        if (isInjectorConfig(r)) configs.push(r);
      },
      'Program:exit'() {
        // Inputs often hold alternative renders of the same install (one file per profile):
        // by default only configurations of the same file are taken to be deployed together.
        const groups = new Map<string, Map<string, Resource>>();
        for (const r of configs) {
          const key = scope === 'all' ? '' : r.doc.file.displayPath;
          const group = groups.get(key) ?? new Map<string, Resource>();
          group.set(r.name, r); // the same configuration twice: the later one replaces it, as kubectl apply would
          groups.set(key, group);
        }
        for (const group of groups.values()) checkGroup([...group.values()]);
      },
    };
    function checkGroup(group: Resource[]): void {
      const hooks = group.flatMap(webhooksOf).filter((w) => !w.deactivated);
      // Every webhook can overlap every other: the message and the related places name the
      // first few, so that a thousand overlapping webhooks are a thousand short findings.
      for (const { webhook: w, others, otherCount, namespaceLabels, podLabels } of webhookOverlaps(hooks, MAX_LISTED)) {
        if (!w.resource || w.index === undefined) continue;
        const listed = [...others];
        // The message names the first other webhook (its configuration too, when it is not
        // this one's) and counts the rest; the related places name up to MAX_LISTED.
        const first = listed[0]?.[1];
        const firstName = !first ? 'another webhook' : first.configName === w.configName ? first.name : `${first.name} of ${first.configName}`;
        context.report({
          target: { resource: w.resource, path: ['webhooks', w.index, 'name'] },
          messageId: 'overlap',
          data: {
            // " and X both", or ", X and 2 more all"
            others: otherCount > 1 ? `, ${firstName} and ${otherCount - 1} more all` : ` and ${firstName} both`,
            pod: describePod(podLabels),
            namespace: describeNamespace(namespaceLabels),
          },
          related: listed.flatMap(([label, o]) =>
            o.resource && o.index !== undefined ? [{ target: { resource: o.resource, path: ['webhooks', o.index, 'name'] }, message: `overlapping webhook ${label}` }] : [],
          ),
        });
      }
    }
  },
});
