// Istio's injector validates some pod annotations before it renders the sidecar
// (AnnotationValidation, pkg/kube/inject/validate.go). A value that fails makes the webhook
// return an error; with failurePolicy Fail the API server rejects the pod, so a Deployment
// creates no pods at all. Two more annotations are not validated but still break a pod:
// includeOutboundPorts goes raw to iptables (or is refused by the CNI plugin), and
// nativeSidecar is read by the injection template, where "False" means ON since 1.27.
import { createRule } from '../src/engine/rule-api.ts';
import {
  ENABLE_CORE_DUMP, includeOutboundPortsCni, includeOutboundPortsInit, INCLUDE_OUTBOUND_PORTS, INTERFACE_ANNOTATIONS,
  nativeSidecarEffect, NATIVE_SIDECAR, QUANTITY_ANNOTATIONS, webhookChecks, webhookValidatesQuantities, type Check,
} from '../src/model/injection/annotation-validation.ts';
import { rangeText, splitRange } from '../src/model/install/istio-version.ts';
import { explicitlyOptedOut } from '../src/model/injection/intent.ts';
import { predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { listEntryInSource } from '../src/model/text-search.ts';
import { labelString, templatePath } from '../src/model/workload.ts';
import { sizeProblem } from '../src/parse/limits.ts';
import type { Path, SpanFinder } from '../src/common/types.ts';

const CIDR_LISTS = new Set(['traffic.sidecar.istio.io/includeOutboundIPRanges', 'traffic.sidecar.istio.io/excludeOutboundIPRanges']);
const PORT_LISTS = new Set(['traffic.sidecar.istio.io/includeInboundPorts', 'traffic.sidecar.istio.io/excludeInboundPorts', 'traffic.sidecar.istio.io/excludeOutboundPorts', INCLUDE_OUTBOUND_PORTS]);
const INTERFACE_LISTS = new Set<string>(INTERFACE_ANNOTATIONS);
const BOOLS = new Set(['prometheus.istio.io/merge-metrics', ENABLE_CORE_DUMP]);
const QUANTITIES = new Set<string>(QUANTITY_ANNOTATIONS);

/** What to tell the user, and the edits that repair the value: a fix when the intent is certain. */
export interface Repair {
  readonly advice: string;
  readonly fix?: string;
  readonly suggestions: readonly { readonly value: string; readonly why: string }[];
}

const q = (s: string): string => JSON.stringify(s);

const isBareAddress = (s: string): '32' | '128' | undefined => {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(s)) return '32';
  if (s.includes(':') && !s.includes('/') && /^[0-9a-fA-F:.]+$/.test(s)) return '128';
  return undefined;
};

/** Repairs for a rejected value. `valid` re-checks a candidate with the same check Istio runs. */
export function repairFor(key: string, value: string, valid: (candidate: string) => boolean): Repair {
  const suggestions: { value: string; why: string }[] = [];
  const suggest = (candidate: string, why: string): void => {
    if (candidate !== value && valid(candidate) && !suggestions.some((s) => s.value === candidate)) suggestions.push({ value: candidate, why });
  };
  const isList = CIDR_LISTS.has(key) || PORT_LISTS.has(key) || INTERFACE_LISTS.has(key);
  if (isList) {
    // Spaces around the commas and stray commas are the usual slips; dropping them cannot change the meaning.
    const tidy = value.split(',').map((e) => e.trim()).filter((e) => e !== '').join(',');
    if (tidy !== '' && tidy !== value && valid(tidy)) {
      return { advice: `Write ${q(tidy)}${/\s/.test(value) ? ', without spaces' : ''}.`, fix: tidy, suggestions };
    }
    const separated = value.split(/[\s,;]+/).filter((e) => e !== '');
    suggest(separated.join(','), 'separate the entries with commas only');
    if (CIDR_LISTS.has(key)) {
      const bare = separated.filter((e) => isBareAddress(e) !== undefined).length;
      const withLengths = separated.map((e) => (isBareAddress(e) ? `${e}/${isBareAddress(e)}` : e)).join(',');
      const before = suggestions.length;
      suggest(withLengths, 'give single addresses a prefix length, /128 for IPv6');
      if (suggestions.length > before) return { advice: `For ${bare === 1 ? 'a single address' : 'single addresses'}, write ${q(withLengths)}.`, suggestions };
    }
  }
  if (CIDR_LISTS.has(key)) {
    if (value.split(',').some((e) => e.trim() === '*')) {
      return { advice: 'To bypass the sidecar entirely, set includeOutboundIPRanges: "" instead.', suggestions };
    }
    return { advice: 'Write CIDRs such as 10.0.0.0/8,10.1.2.3/32.', suggestions };
  }
  if (key === INCLUDE_OUTBOUND_PORTS) {
    return { advice: 'Write ports such as 8080,9090.', suggestions };
  }
  if (PORT_LISTS.has(key)) {
    if (value.split(',').some((e) => e.trim() === '*')) return { advice: 'List the ports.', suggestions };
    if (/\d\s*[-:]\s*\d/.test(value)) return { advice: 'List each port: ranges are not supported.', suggestions };
    return { advice: 'Write ports such as 8080,9090.', suggestions };
  }
  if (INTERFACE_LISTS.has(key)) return { advice: 'Write interface names such as net1,net2.', suggestions };
  if (key === 'sidecar.istio.io/interceptionMode') {
    const upper = value.trim().toUpperCase();
    if (['REDIRECT', 'TPROXY', 'NONE'].includes(upper)) return { advice: `Write ${q(upper)}.`, fix: upper, suggestions };
    return { advice: 'Write REDIRECT, TPROXY or NONE.', suggestions };
  }
  if (key === 'status.sidecar.istio.io/port') return { advice: 'Write a port number; the default is 15020.', suggestions };
  if (key.startsWith('readiness.status.sidecar.istio.io/')) {
    const trimmed = value.trim();
    if (trimmed !== value && valid(trimmed)) return { advice: `Write ${q(trimmed)}.`, fix: trimmed, suggestions };
    const seconds = /^\s*(\d+)\s*s\s*$/.exec(value);
    if (seconds?.[1] && key !== 'readiness.status.sidecar.istio.io/failureThreshold') suggest(seconds[1], 'a number of seconds, without the unit');
    return { advice: key.endsWith('Seconds') ? 'Write a whole number of seconds, without a unit.' : 'Write a whole number.', suggestions };
  }
  if (BOOLS.has(key)) {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === 'false') return { advice: `Write ${q(lower)}.`, fix: lower, suggestions };
    if (['yes', 'y', 'on', 'enabled', 'enable'].includes(lower)) suggest('true', `what ${q(value)} says`);
    else if (['no', 'n', 'off', 'disabled', 'disable'].includes(lower)) suggest('false', `what ${q(value)} says`);
    else {
      suggest('true', 'on');
      suggest('false', 'off');
    }
    return { advice: 'Write "true" or "false".', suggestions };
  }
  if (QUANTITIES.has(key)) {
    const trimmed = value.trim();
    if (trimmed !== value && valid(trimmed)) return { advice: `Write ${q(trimmed)}.`, fix: trimmed, suggestions };
    const m = /^\s*([+-]?[0-9.]+)\s*([A-Za-z]*)\s*$/.exec(value);
    if (m) {
      const [, n, unit = ''] = m;
      const lower = unit.toLowerCase().replace(/b$/, '');
      const binary: Record<string, string> = { ki: 'Ki', mi: 'Mi', gi: 'Gi', ti: 'Ti', pi: 'Pi', ei: 'Ei' };
      const decimal: Record<string, string> = { k: 'k', m: 'M', g: 'G', t: 'T', p: 'P', e: 'E' };
      if (binary[lower]) suggest(`${n}${binary[lower]}`, `the unit is written ${binary[lower]}`);
      else if (decimal[lower] && /b$/i.test(unit)) {
        suggest(`${n}${binary[`${lower}i`] ?? ''}`, 'powers of 1024');
        suggest(`${n}${decimal[lower]}`, 'powers of 1000');
      }
    }
    return { advice: 'Write a quantity such as 500m or 512Mi.', suggestions };
  }
  return { advice: 'Fix the value or remove the annotation.', suggestions };
}

/**
 * A value that is a substitution token ("${PORT}", "$(PORT)", "{{ .Values.port }}", "__PORT__",
 * "MYSQL_PORT_PLACEHOLDER"), whole or as one list entry: a later step (Kustomize replacements,
 * envsubst, a template, a CI job) writes the real value, so Istio never sees this one.
 */
export function isPlaceholder(value: string): boolean {
  // A template action may hold commas of its own (`{{ join "," .Values.ports }}`).
  if (/\{\{.*?\}\}/s.test(value)) return true;
  return value.split(',').some((e) => {
    const t = e.trim();
    return /^\$\{[^{}]+\}$/.test(t) || /^\$\([^()]+\)$/.test(t) || /^__[A-Za-z0-9_]+__$/.test(t) || /PLACEHOLDER/i.test(t) || /^<[^<>]+>$/.test(t);
  });
}

/** A value as the message shows it: control characters escaped, so a finding stays on one line; a long one cut. */
const shown = (value: string): string =>
  (value.length > 60 ? `${value.slice(0, 60)}…` : value).replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => JSON.stringify(c).slice(1, -1));

/** Narrows a finding to the offending list entry inside a plain or quoted scalar. */
function entryMatcher(element: string | undefined): SpanFinder | undefined {
  if (element === undefined || element.trim() === '') return undefined;
  return listEntryInSource(element);
}

type SetEdit = { readonly op: 'set'; readonly path: Path; readonly value: string };

function editsOf(path: Path, repair: Repair): { fix?: SetEdit[]; suggest: { messageId: 'setValue'; data: { value: string; why: string }; edits: SetEdit[] }[] } {
  return {
    ...(repair.fix !== undefined ? { fix: [{ op: 'set', path, value: repair.fix }] } : {}),
    suggest: repair.suggestions.map((s) => ({ messageId: 'setValue', data: { value: s.value, why: s.why }, edits: [{ op: 'set', path, value: s.value }] })),
  };
}

export interface RuntimeFailure {
  readonly reason: string;
  readonly element: string;
  /** What happens, as a sentence of the message: "istio-init fails on it: …". */
  readonly effect: string;
  /**
   * Only when CNI is unknown and istio-init would cope: the failure depends on a fact not
   * stated, so the rule reports no finding and names the fact in a note instead.
   */
  readonly conditional: boolean;
}

/**
 * traffic.sidecar.istio.io/includeOutboundPorts, which the webhook passes through unchecked:
 * istio-init turns each entry into an iptables `--dport` rule, and the Istio CNI plugin
 * accepts only "*" or single ports. `cni` is whether the mesh uses Istio CNI, when known.
 */
export function includeOutboundPortsFailure(value: string, cni: { readonly value: boolean; readonly source: string } | undefined): RuntimeFailure | undefined {
  const byCni = includeOutboundPortsCni(value);
  const byInit = includeOutboundPortsInit(value);
  if (cni?.value === true) {
    return byCni && { ...byCni, effect: 'The Istio CNI plugin rejects it: the pod stays in ContainerCreating', conditional: false };
  }
  if (typeof byInit === 'object') {
    const effect = cni?.value === false
      ? 'istio-init fails on it: the pod stays in Init:CrashLoopBackOff'
      : 'istio-init and Istio CNI both reject it: the pod never starts';
    return { ...byInit, effect, conditional: false };
  }
  if (cni?.value === false || !byCni) return undefined;
  const init = byInit === 'ok' ? 'istio-init accepts it' : 'istio-init looks the name up as a service in the proxy image';
  return { ...byCni, effect: `${init}; the Istio CNI plugin rejects it`, conditional: true };
}

/** What the note says a value only the Istio CNI plugin rejects is, by its offending entry. */
export function cniOnlyDetail(element: string): string {
  if (element.trim() === '') return 'includeOutboundPorts stray commas';
  return element.includes(':') ? 'includeOutboundPorts ranges' : 'includeOutboundPorts port names';
}

const NATIVE_EFFECTS = {
  on: 'it turns native sidecars ON',
  off: 'it turns native sidecars OFF',
  default: 'it leaves the choice to istiod\'s ENABLE_NATIVE_SIDECARS',
} as const;

export default createRule({
  name: 'traffic-annotation-invalid',
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'Pod annotations with values Istio rejects: the injector refuses the pod at admission, or istio-init / the CNI plugin fail at start-up',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'admission',
      dataPlane: 'sidecar',
      istioVersions: 'all (interface names from 1.30; resource annotations validated by the webhook from 1.27.6, 1.28.4, 1.29)',
      modelledVersionsOnly: true,
    },
    messages: {
      rejected: '{{ key }}: {{ reason }}. The injector rejects the pod{{ ifInjected }}. {{ advice }}',
      rejectedTemplate: '{{ key }}: {{ reason }}. It breaks istio-proxy\'s resources, so the injector rejects the pod{{ ifInjected }}. {{ advice }}',
      runtime: '{{ key }}: {{ reason }}. {{ effect }}. {{ advice }}',
      nativeSidecar: '{{ key }}: "{{ value }}" is neither "true" nor "false". On {{ effects }}. Write "true" or "false".',
      tooLarge: '{{ key }} is too large to check: it is {{ problem }}. No real value comes near this size.',
      setValue: 'Set it to "{{ value }}": {{ why }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    const checks: ReadonlyMap<string, Check> = webhookChecks(version);
    const quantitiesByWebhook = webhookValidatesQuantities(version);
    const relevant = (key: string): boolean => checks.has(key) || key === INCLUDE_OUTBOUND_PORTS || key === NATIVE_SIDECAR;
    return {
      PodTemplate(t) {
        const keys = Object.keys(t.annotations).filter(relevant);
        if (keys.length === 0) return;
        // The injector never sees a pod it does not inject: an opt-out, no matching webhook, or injectRequired saying no.
        if (explicitlyOptedOut(t, context.facts.mesh.version)) return;
        const prediction = predictForTemplate(t, context.facts);
        if (prediction.outcome === 'not-injected') return;
        const ifInjected = prediction.outcome === 'unknown' ? ' if it injects it' : '';
        for (const key of keys) {
          const value = labelString(t.annotations[key]) ?? '';
          const path: Path = templatePath(t, 'metadata', 'annotations', key);
          const tooLarge = sizeProblem(value);
          if (tooLarge) {
            context.report({ target: { resource: t.resource, path }, messageId: 'tooLarge', severity: 'warn', data: { key, problem: tooLarge.message } });
            continue;
          }
          if (isPlaceholder(value)) continue;
          const check = checks.get(key);
          if (check) {
            const problem = check(value);
            if (!problem) continue;
            const within = entryMatcher(problem.element);
            const repair = repairFor(key, value, (c) => check(c) === undefined);
            context.report({
              target: { resource: t.resource, path, ...(within ? { within } : {}) },
              messageId: QUANTITIES.has(key) && !quantitiesByWebhook ? 'rejectedTemplate' : 'rejected',
              data: { key, value: shown(value), reason: problem.reason, advice: repair.advice, ifInjected },
              ...editsOf(path, repair),
            });
          } else if (key === INCLUDE_OUTBOUND_PORTS) {
            const cni = context.facts.mesh.installFor(prediction.via?.revision ?? 'default').cni;
            const failure = includeOutboundPortsFailure(value, cni);
            if (!failure) continue;
            if (failure.conditional) {
              // Broken with Istio CNI only, and whether the mesh uses it is not stated: one note per run.
              context.unknown('mesh-cni', t.resource, cniOnlyDetail(failure.element));
              continue;
            }
            const within = entryMatcher(failure.element);
            const repair = repairFor(key, value, (c) => includeOutboundPortsCni(c) === undefined && typeof includeOutboundPortsInit(c) !== 'object');
            context.report({
              target: { resource: t.resource, path, ...(within ? { within } : {}) },
              messageId: 'runtime',
              data: { key, reason: failure.reason, effect: failure.effect, advice: repair.advice },
              ...editsOf(path, repair),
              ...(cni?.target ? { related: [{ target: cni.target, message: cni.source }] } : {}),
            });
          } else if (key === NATIVE_SIDECAR) {
            const effect = nativeSidecarEffect(value, version);
            if (effect === undefined) continue;
            // The words name each side of 1.27 that the version fact spans (the same at every step).
            const { before, since } = splitRange(context.facts.mesh.versionFact.range, 1, 27);
            const sides = [before, since].flatMap((r) => {
              const e = r && nativeSidecarEffect(value, r.to);
              return r && e ? [`Istio ${rangeText(r)}: ${NATIVE_EFFECTS[e]}`] : [];
            });
            const lower = value.trim().toLowerCase();
            const meant = lower === 'true' || lower === 'false' ? lower : undefined;
            const repair: Repair = meant
              ? { advice: '', fix: meant, suggestions: [] }
              : { advice: '', suggestions: [{ value: 'true', why: 'native sidecars on' }, { value: 'false', why: 'native sidecars off' }] };
            context.report({
              target: { resource: t.resource, path },
              messageId: 'nativeSidecar',
              severity: 'warn',
              data: { key, value: shown(value), effects: sides.join('; on ') },
              ...editsOf(path, repair),
            });
          }
        }
      },
    };
  },
});
