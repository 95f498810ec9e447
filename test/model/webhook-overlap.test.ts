// Webhook overlaps from selector masks give exactly what istioctl's permutation loop gives
// (checked against that loop, written out below, on many generated sets of webhooks), and
// cost no more than the pairs that can share a namespace.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL, type InjectorWebhook } from '../../src/model/injection/mesh.ts';
import { knownLabels, matches, type LabelSelector, type Requirement } from '../../src/model/injection/selector.ts';
import { webhookOverlaps, type WebhookOverlap } from '../../src/model/injection/webhook-overlap.ts';
import { prng, type Rng } from '../helpers/fuzz.ts';

/** Every namespace permutation against every pod permutation, each against every webhook. */
function permutationLoop(hooks: readonly InjectorWebhook[]): WebhookOverlap[] {
  if (hooks.length < 2) return [];
  const revisions = [...new Set(hooks.flatMap((w) => [w.namespaceSelector, w.objectSelector].flatMap((s) => s.requirements.filter((r) => r.key === REV_LABEL && r.operator === 'In').flatMap((r) => r.values))))].sort();
  const nsPerms: Record<string, string>[] = [];
  const podPerms: Record<string, string>[] = [];
  for (const rev of [undefined, ...revisions]) {
    for (const base of [{}, { [NS_INJECTION_LABEL]: 'enabled' }, { [NS_INJECTION_LABEL]: 'disabled' }] as Record<string, string>[]) {
      nsPerms.push({ ...base, ...(rev ? { [REV_LABEL]: rev } : {}), 'kubernetes.io/metadata.name': 'any' });
    }
    for (const base of [{}, { [INJECT_KEY]: 'true' }, { [INJECT_KEY]: 'false' }] as Record<string, string>[]) podPerms.push({ ...base, ...(rev ? { [REV_LABEL]: rev } : {}) });
  }
  const label = (o: InjectorWebhook): string => `${o.name} (MutatingWebhookConfiguration ${o.configName})`;
  const reported = new Map<InjectorWebhook, { others: Map<string, InjectorWebhook>; ns: Record<string, string>; pod: Record<string, string> }>();
  for (const ns of nsPerms) {
    for (const pod of podPerms) {
      const hit = hooks.filter((w) => matches(w.namespaceSelector, knownLabels(ns)) === true && matches(w.objectSelector, knownLabels(pod)) === true);
      if (hit.length < 2) continue;
      for (const w of hit) {
        const entry = reported.get(w) ?? { others: new Map<string, InjectorWebhook>(), ns, pod };
        for (const o of hit) if (o !== w) entry.others.set(label(o), o);
        reported.set(w, entry);
      }
    }
  }
  return [...reported].map(([webhook, e]) => ({ webhook, others: e.others, otherCount: e.others.size, namespaceLabels: e.ns, podLabels: e.pod }));
}

function hook(configName: string, name: string, ns: LabelSelector, obj: LabelSelector): InjectorWebhook {
  return {
    configName, name, shortName: name, namespaceSelector: ns, objectSelector: obj, revision: 'default', tag: undefined, revLabel: undefined,
    deactivated: false, service: undefined, url: undefined, caBundle: undefined, caInjected: false, origin: 'input', resource: undefined, index: undefined,
  };
}

function randomSelector(rng: Rng): LabelSelector {
  const keys = [NS_INJECTION_LABEL, REV_LABEL, REV_LABEL, INJECT_KEY, 'kubernetes.io/metadata.name', 'team'];
  const values = ['enabled', 'disabled', 'true', 'false', 'r1', 'r2', 'r3', 'any', 'default'];
  const requirements: Requirement[] = Array.from({ length: rng.int(4) }, () => {
    const operator = rng.pick(['In', 'NotIn', 'Exists', 'DoesNotExist'] as const);
    const vs = operator === 'In' || operator === 'NotIn' ? Array.from({ length: 1 + rng.int(2) }, () => rng.pick(values)) : [];
    return { key: rng.pick(keys), operator, values: vs };
  });
  return rng.chance(0.03) ? { requirements, invalid: 'unknown operator' } : { requirements };
}

const shape = (list: readonly WebhookOverlap[], hooks: readonly InjectorWebhook[]): unknown =>
  list.map((o) => ({
    webhook: hooks.indexOf(o.webhook),
    others: [...o.others].map(([k, v]) => [k, hooks.indexOf(v)]),
    count: o.otherCount,
    ns: Object.entries(o.namespaceLabels),
    pod: Object.entries(o.podLabels),
  }));

test('the same overlaps, in the same order, with the same labels as the permutation loop', () => {
  const rng = prng(11);
  for (let round = 0; round < 1500; round++) {
    const hooks = Array.from({ length: 2 + rng.int(7) }, (_, i) =>
      hook(`cfg-${rng.int(3)}`, rng.chance(0.2) ? 'dup.sidecar-injector.istio.io' : `w${i}.sidecar-injector.istio.io`, randomSelector(rng), randomSelector(rng)));
    const loop = permutationLoop(hooks);
    assert.equal(shape(webhookOverlaps(hooks), hooks), shape(loop, hooks), `round ${round}`);
    // Naming only the first two keeps them, and counts the rest.
    const firstTwo = loop.map((o) => ({ ...o, others: new Map([...o.others].slice(0, 2)) }));
    assert.equal(shape(webhookOverlaps(hooks, 2), hooks), shape(firstTwo, hooks), `round ${round}, two named`);
  }
});

test('1,000 revisions installed side by side, with a default and a tag that overlap: found, in a pass over the pairs that can meet', () => {
  const revNamespace = (rev: string): InjectorWebhook =>
    hook(`istio-sidecar-injector-${rev}`, 'rev.namespace.sidecar-injector.istio.io',
      { requirements: [{ key: REV_LABEL, operator: 'In', values: [rev] }, { key: NS_INJECTION_LABEL, operator: 'DoesNotExist', values: [] }] },
      { requirements: [{ key: INJECT_KEY, operator: 'NotIn', values: ['false'] }] });
  const namespace = (config: string): InjectorWebhook =>
    hook(config, 'namespace.sidecar-injector.istio.io', { requirements: [{ key: NS_INJECTION_LABEL, operator: 'In', values: ['enabled'] }] }, { requirements: [{ key: INJECT_KEY, operator: 'NotIn', values: ['false'] }] });
  const hooks = [...Array.from({ length: 1000 }, (_, i) => revNamespace(`r${i}`)), namespace('istio-sidecar-injector'), namespace('istio-revision-tag-default')];
  const found = webhookOverlaps(hooks);
  assert.equal(found.map((o) => o.webhook.configName), ['istio-sidecar-injector', 'istio-revision-tag-default']);
  assert.equal([...(found[0]?.others.keys() ?? [])], ['namespace.sidecar-injector.istio.io (MutatingWebhookConfiguration istio-revision-tag-default)']);
  assert.equal(found[0]?.namespaceLabels, { [NS_INJECTION_LABEL]: 'enabled', 'kubernetes.io/metadata.name': 'any' });
  assert.equal(found[0]?.podLabels, {});
});

test.run();
