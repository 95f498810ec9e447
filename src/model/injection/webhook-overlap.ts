// Which injector webhooks can match the same pod, judged as istioctl analyze does for IST0139
// (pkg/config/analysis/analyzers/webhook/webhook.go): namespace and pod labels are permuted
// over istio-injection (unset, enabled, disabled), sidecar.istio.io/inject (unset, true,
// false) and istio.io/rev (unset, or each revision some selector names), and two active
// webhooks that both match one permutation overlap.
//
// Every permutation of every pair would cost (revisions × webhooks)² × webhooks. A selector
// reads the namespace and the pod apart, and treats every revision it does not name alike, so
// a webhook's matches are a product of namespace and pod permutations described by a few
// masks; a pair's first and last common permutation come from those masks. Webhooks with the
// same masks are judged together, and only groups that can share a namespace permutation are
// compared: the cost is at most the square of the webhooks, and about linear for revisions
// installed side by side.
import { INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL, type InjectorWebhook } from './mesh.ts';
import { knownLabels, matches, type LabelSelector } from './selector.ts';

export interface WebhookOverlap {
  readonly webhook: InjectorWebhook;
  /**
   * The webhooks it overlaps with, keyed by their description ("<name> (MutatingWebhookConfiguration <config>)"),
   * in the order the permutations first show each one.
   */
  readonly others: ReadonlyMap<string, InjectorWebhook>;
  /** How many others there are, named or not. */
  readonly otherCount: number;
  /** The first namespace and pod labels under which it overlaps with another. */
  readonly namespaceLabels: Readonly<Record<string, string>>;
  readonly podLabels: Readonly<Record<string, string>>;
}

/** The permutations' fixed labels, in istioctl's order: unset, then the two values. */
const NAMESPACE_BASES: readonly Record<string, string>[] = [{}, { [NS_INJECTION_LABEL]: 'enabled' }, { [NS_INJECTION_LABEL]: 'disabled' }];
const POD_BASES: readonly Record<string, string>[] = [{}, { [INJECT_KEY]: 'true' }, { [INJECT_KEY]: 'false' }];
const BASES = 3;

const namespaceLabels = (rev: string | undefined, base: number): Record<string, string> => ({
  ...NAMESPACE_BASES[base],
  ...(rev ? { [REV_LABEL]: rev } : {}),
  'kubernetes.io/metadata.name': 'any',
});
const podLabels = (rev: string | undefined, base: number): Record<string, string> => ({ ...POD_BASES[base], ...(rev ? { [REV_LABEL]: rev } : {}) });

/**
 * Where one selector matches, by revision slot (0: no istio.io/rev label; k: the k-th revision):
 * a mask of the bases it matches, for slot 0, for each revision it names, and for every other.
 */
interface Side {
  readonly none: number;
  readonly other: number;
  readonly named: ReadonlyMap<number, number>;
  /** The named slots, ascending. */
  readonly namedSlots: readonly number[];
}

function sideOf(sel: LabelSelector, slotOf: ReadonlyMap<string, number>, unnamed: string, labels: (rev: string | undefined, base: number) => Record<string, string>): Side {
  const maskFor = (rev: string | undefined): number => {
    let mask = 0;
    for (let b = 0; b < BASES; b++) if (matches(sel, knownLabels(labels(rev, b))) === true) mask |= 1 << b;
    return mask;
  };
  const namedRevisions = new Set<string>();
  for (const r of sel.requirements) if (r.key === REV_LABEL) for (const v of r.values) if (slotOf.has(v)) namedRevisions.add(v);
  const named = new Map<number, number>();
  for (const rev of namedRevisions) named.set(slotOf.get(rev) as number, maskFor(rev));
  return { none: maskFor(undefined), other: maskFor(unnamed), named, namedSlots: [...named.keys()].sort((a, b) => a - b) };
}

const maskAt = (side: Side, slot: number): number => (slot === 0 ? side.none : side.named.get(slot) ?? side.other);
const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);
const highestBit = (mask: number): number => 31 - Math.clz32(mask);

/** The first and last permutation index (slot × 3 + base) two sides share, or undefined. */
function commonRange(a: Side, b: Side, slots: number): { first: number; last: number } | undefined {
  const named = [...new Set([...a.namedSlots, ...b.namedSlots])].sort((x, y) => x - y);
  const isNamed = new Set(named);
  // Every slot neither side names behaves alike: only the first and the last of them can matter.
  let firstOther = 1;
  while (firstOther <= slots && isNamed.has(firstOther)) firstOther++;
  let lastOther = slots;
  while (lastOther >= 1 && isNamed.has(lastOther)) lastOther--;
  const candidates = [0, ...named];
  if (firstOther <= slots) candidates.push(firstOther, lastOther);
  let first: number | undefined;
  let last: number | undefined;
  for (const slot of candidates) {
    const mask = maskAt(a, slot) & maskAt(b, slot);
    if (mask === 0) continue;
    const lo = slot * BASES + lowestBit(mask);
    const hi = slot * BASES + highestBit(mask);
    if (first === undefined || lo < first) first = lo;
    if (last === undefined || hi > last) last = hi;
  }
  return first === undefined || last === undefined ? undefined : { first, last };
}

const describe = (w: InjectorWebhook): string => `${w.name} (MutatingWebhookConfiguration ${w.configName})`;

/** A side as a key: webhooks whose selectors match the same permutations are judged once, together. */
const sideKey = (side: Side): string => `${side.none}/${side.other}/${side.namedSlots.map((slot) => `${slot}:${side.named.get(slot)}`).join(',')}`;

/**
 * The overlaps among webhooks deployed together, each webhook with the others it overlaps and
 * the first labels that show it, in the order istioctl's permutation loop (namespace labels
 * outside, pod labels inside, webhooks in order) meets them. `listed` bounds how many others
 * each overlap names (all of them are counted in `otherCount`).
 */
export function webhookOverlaps(hooks: readonly InjectorWebhook[], listed = Infinity): WebhookOverlap[] {
  if (hooks.length < 2) return [];
  const revisions = [...new Set(hooks.flatMap((w) => [w.namespaceSelector, w.objectSelector].flatMap((s) => s.requirements.filter((r) => r.key === REV_LABEL && r.operator === 'In').flatMap((r) => r.values))))].sort();
  const slots = revisions.length;
  const slotOf = new Map(revisions.map((r, i) => [r, i + 1]));
  const revisionAt = (slot: number): string | undefined => (slot === 0 ? undefined : revisions[slot - 1]);
  const podPermutations = (slots + 1) * BASES;
  // A revision no selector names: longer than every one of them, so it is none of them.
  const unnamed = 'r'.repeat(1 + revisions.reduce((n, r) => Math.max(n, r.length), 0));

  // Webhooks with the same selectors' matches form a group; groups are compared pairwise.
  interface Group {
    readonly ns: Side;
    readonly pod: Side;
    /** Indexes of its webhooks, ascending. */
    readonly members: number[];
  }
  const groups: Group[] = [];
  const groupOf = new Int32Array(hooks.length);
  const byKey = new Map<string, number>();
  hooks.forEach((w, i) => {
    const ns = sideOf(w.namespaceSelector, slotOf, unnamed, namespaceLabels);
    const pod = sideOf(w.objectSelector, slotOf, unnamed, podLabels);
    const key = `${sideKey(ns)}|${sideKey(pod)}`;
    let g = byKey.get(key);
    if (g === undefined) {
      g = groups.length;
      groups.push({ ns, pod, members: [] });
      byKey.set(key, g);
    }
    groups[g]?.members.push(i);
    groupOf[i] = g;
  });

  // Pairs of groups that can share a namespace permutation: one matches namespaces of every
  // revision it does not name, or both match one slot.
  const broad: number[] = [];
  const bySlot = new Map<number, number[]>();
  groups.forEach(({ ns }, g) => {
    if (ns.other !== 0) broad.push(g);
    const add = (slot: number): void => {
      const list = bySlot.get(slot) ?? [];
      list.push(g);
      bySlot.set(slot, list);
    };
    if (ns.none !== 0) add(0);
    for (const [slot, mask] of ns.named) if (mask !== 0) add(slot);
  });
  interface Meeting {
    readonly group: number;
    /** First and last common permutation, as namespace index × pod permutations + pod index. */
    readonly first: number;
    readonly last: number;
  }
  const meetings: Meeting[][] = groups.map(() => []);
  const seenBy = new Int32Array(groups.length).fill(-1);
  const compare = (a: number, b: number): void => {
    if (b < a || seenBy[b] === a) return;
    seenBy[b] = a;
    const x = groups[a] as Group;
    const y = groups[b] as Group;
    const ns = commonRange(x.ns, y.ns, slots);
    if (!ns) return;
    const pod = commonRange(x.pod, y.pod, slots);
    if (!pod) return;
    const first = ns.first * podPermutations + pod.first;
    const last = ns.last * podPermutations + pod.last;
    meetings[a]?.push({ group: b, first, last });
    if (b !== a) meetings[b]?.push({ group: a, first, last });
  };
  groups.forEach(({ ns }, a) => {
    if (ns.other !== 0) {
      for (let b = a; b < groups.length; b++) compare(a, b);
      return;
    }
    for (const b of broad) compare(a, b);
    if (ns.none !== 0) for (const b of bySlot.get(0) ?? []) compare(a, b);
    for (const [slot, mask] of ns.named) if (mask !== 0) for (const b of bySlot.get(slot) ?? []) compare(a, b);
  });
  const lastBetween = groups.map((_, a) => new Map((meetings[a] ?? []).map((m) => [m.group, m.last])));

  // Descriptions, numbered: two webhooks with one description are one entry of a finding.
  const labels: string[] = [];
  const labelOf = new Int32Array(hooks.length);
  const withLabel: number[][] = [];
  const labelIds = new Map<string, number>();
  hooks.forEach((w, i) => {
    const text = describe(w);
    let id = labelIds.get(text);
    if (id === undefined) {
      id = labels.length;
      labels.push(text);
      withLabel.push([]);
      labelIds.set(text, id);
    }
    labelOf[i] = id;
    withLabel[id]?.push(i);
  });
  const seenLabel = new Int32Array(labels.length).fill(-1);

  const found: { index: number; first: number; overlap: WebhookOverlap }[] = [];
  hooks.forEach((w, i) => {
    const g = groupOf[i] as number;
    const met = meetings[g] ?? [];
    // The others in the order the loop meets them: by first common permutation, then by index.
    let total = 0;
    for (const m of met) total += (groups[m.group] as Group).members.length - (m.group === g ? 1 : 0);
    if (total === 0) return;
    const order = new Float64Array(total);
    let k = 0;
    for (const m of met) for (const j of (groups[m.group] as Group).members) if (j !== i) order[k++] = m.first * hooks.length + j;
    order.sort();
    // A description met again keeps its place and takes the webhook met last.
    const latest = (label: number): InjectorWebhook => {
      let best = -1;
      let bestLast = -1;
      for (const j of withLabel[label] ?? []) {
        const last = j === i ? undefined : lastBetween[g]?.get(groupOf[j] as number);
        if (last !== undefined && (last > bestLast || (last === bestLast && j > best))) {
          best = j;
          bestLast = last;
        }
      }
      return hooks[best] as InjectorWebhook;
    };
    const others = new Map<string, InjectorWebhook>();
    let otherCount = 0;
    for (const key of order) {
      const j = key % hooks.length;
      const label = labelOf[j] as number;
      if (seenLabel[label] === i) continue;
      seenLabel[label] = i;
      otherCount++;
      if (others.size < listed) others.set(labels[label] as string, (withLabel[label]?.length ?? 0) > 1 ? latest(label) : (hooks[j] as InjectorWebhook));
    }
    const first = Math.floor((order[0] as number) / hooks.length);
    const nsIndex = Math.floor(first / podPermutations);
    const podIndex = first % podPermutations;
    found.push({
      index: i,
      first,
      overlap: {
        webhook: w,
        others,
        otherCount,
        namespaceLabels: namespaceLabels(revisionAt(Math.floor(nsIndex / BASES)), nsIndex % BASES),
        podLabels: podLabels(revisionAt(Math.floor(podIndex / BASES)), podIndex % BASES),
      },
    });
  });
  return found.sort((x, y) => x.first - y.first || x.index - y.index).map((f) => f.overlap);
}
