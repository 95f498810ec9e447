// Two active injector webhooks that can match the same pod: the API server calls both and
// the pod may be injected twice (for example the default MutatingWebhookConfiguration and
// a "default" revision tag, both active). Label permutations are enumerated as istioctl
// analyze does for IST0139 (pkg/config/analysis/analyzers/webhook/webhook.go).
import { createRule } from '../src/engine/rule-api.ts';
import { INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL, webhooksOf, isInjectorConfig, type InjectorWebhook } from '../src/model/mesh.ts';
import { knownLabels, matches } from '../src/model/selector.ts';
import type { Resource } from '../src/types.ts';

const describe = (labels: Record<string, string>): string => {
  const e = Object.entries(labels).filter(([k]) => k !== 'kubernetes.io/metadata.name');
  return e.length ? e.map(([k, v]) => `${k}=${v}`).join(', ') : 'no labels';
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
      istioVersions: 'all',
    },
    messages: {
      overlap:
        'Injector webhook {{ name }} overlaps with {{ others }}: a pod with {{ pod }} in a namespace with {{ namespace }} matches both, so it may be injected twice. Deactivate one (istioctl tag set default deactivates the old default) or narrow its selectors. (istioctl analyze: IST0139)',
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
      if (hooks.length < 2) return;
      const revisions = [...new Set(hooks.flatMap((w) => [w.namespaceSelector, w.objectSelector].flatMap((s) => s.requirements.filter((r) => r.key === REV_LABEL && r.operator === 'In').flatMap((r) => r.values))))].sort();
      const nsPerms: Record<string, string>[] = [];
      const podPerms: Record<string, string>[] = [];
      for (const rev of [undefined, ...revisions]) {
        for (const base of [{}, { [NS_INJECTION_LABEL]: "enabled" }, { [NS_INJECTION_LABEL]: "disabled" }] as Record<string, string>[]) {
          nsPerms.push({ ...base, ...(rev ? { [REV_LABEL]: rev } : {}), 'kubernetes.io/metadata.name': 'any' });
        }
        for (const base of [{}, { [INJECT_KEY]: "true" }, { [INJECT_KEY]: "false" }] as Record<string, string>[]) podPerms.push({ ...base, ...(rev ? { [REV_LABEL]: rev } : {}) });
      }
      const reported = new Map<InjectorWebhook, { others: Map<string, InjectorWebhook>; ns: Record<string, string>; pod: Record<string, string> }>();
      for (const ns of nsPerms) {
        for (const pod of podPerms) {
          const hit = hooks.filter((w) => matches(w.namespaceSelector, knownLabels(ns)) === true && matches(w.objectSelector, knownLabels(pod)) === true);
          if (hit.length < 2) continue;
          for (const w of hit) {
            const entry = reported.get(w) ?? { others: new Map<string, InjectorWebhook>(), ns, pod };
            for (const o of hit) if (o !== w) entry.others.set(`${o.name} (MutatingWebhookConfiguration ${o.configName})`, o);
            reported.set(w, entry);
          }
        }
      }
      for (const [w, e] of reported) {
        if (!w.resource || w.index === undefined) continue;
        context.report({
          target: { resource: w.resource, path: ['webhooks', w.index, 'name'] },
          messageId: 'overlap',
          data: { name: `${w.name} (MutatingWebhookConfiguration ${w.configName})`, others: [...e.others.keys()].join(', '), pod: describe(e.pod), namespace: describe(e.ns) },
          related: [...e.others].flatMap(([label, o]) =>
            o.resource && o.index !== undefined ? [{ target: { resource: o.resource, path: ['webhooks', o.index, 'name'] }, message: `overlapping webhook ${label}` }] : [],
          ),
        });
      }
    }
  },
});
