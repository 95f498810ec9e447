// The proxy.istio.io/config annotation is a ProxyConfig written as YAML or JSON. Before it
// injects, the sidecar injector decodes it onto the defaults and validates it
// (validateProxyConfig, pkg/kube/inject/validate.go): a value of the wrong type or one that
// agent.ValidateMeshConfigProxyConfig refuses rejects the pod at admission. Unknown fields
// are the opposite trap: the decoder retries with unknown fields allowed and drops them, so a
// misspelt holdApplicationUntilProxyStarts does nothing, silently.
import { createRule } from '../src/engine/rule-api.ts';
import { explicitlyOptedOut } from '../src/model/injection/intent.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { predictForTemplate } from '../src/model/injection/pod-injection.ts';
import {
  locateInProxyConfig, parseConfigPath, parseProxyConfig, formatConfigPath,
  type ProxyConfigParse, type ProxyConfigProblem,
} from '../src/model/pod/proxy-config.ts';
import type { IstioVersion } from '../src/model/install/istio-version.ts';
import { nthWholeWordInSource, wholeWordsBefore } from '../src/model/text-search.ts';
import { getIn, templatePath } from '../src/model/workload.ts';
import type { Path, SpanFinder } from '../src/common/types.ts';

export const PROXY_CONFIG_KEY = 'proxy.istio.io/config';

/**
 * Where in the annotation's source a problem's key is (block scalar or quoted JSON alike), so
 * that the finding underlines the key; undefined to point at the annotation. The key is found
 * by scanning: it is the same whole word as often as in the text before it.
 */
export function keySpan(text: string, path: string): SpanFinder | undefined {
  let steps = parseConfigPath(path);
  // A list item has no key of its own: point at the list's key.
  while (steps.length > 0 && typeof steps[steps.length - 1] === 'number') steps = steps.slice(0, -1);
  if (steps.length === 0) return undefined;
  const loc = locateInProxyConfig(text, formatConfigPath(steps));
  if (!loc?.key || loc.keyName === undefined || loc.keyName === '') return undefined;
  return nthWholeWordInSource(loc.keyName, wholeWordsBefore(text, loc.keyName, loc.key[0]));
}

/**
 * The value to suggest for a problem: the model's suggestion, except that an unquoted scalar
 * YAML typed as a boolean or number is quoted as written (`1.0` stays "1.0", `yes` stays "yes").
 */
export function replacementFor(text: string, parsed: ProxyConfigParse, problem: ProxyConfigProblem): string | undefined {
  const suggestion = problem.suggestion;
  if (suggestion === undefined) return undefined;
  const value = getIn(parsed.value, parseConfigPath(problem.path));
  if ((typeof value === 'boolean' || typeof value === 'number') && suggestion === JSON.stringify(String(value))) {
    const loc = locateInProxyConfig(text, problem.path);
    const source = loc?.value ? text.slice(loc.value[0], loc.value[1]).trim() : undefined;
    if (source !== undefined && /^[^"'{[\]\r\n]+$/.test(source)) return JSON.stringify(source);
  }
  return suggestion;
}

/**
 * The annotation text with one problem corrected, for a suggestion: only for one-line texts
 * (set back as one double-quoted string; only the key or the value at fault changes), and
 * only when the result no longer has that problem.
 */
export function correctedText(text: string, parsed: ProxyConfigParse, problem: ProxyConfigProblem, kind: 'unknown' | 'error', version?: IstioVersion): string | undefined {
  if (problem.suggestion === undefined || /[\r\n]/.test(text)) return undefined;
  const loc = locateInProxyConfig(text, problem.path);
  if (!loc?.complete) return undefined;
  let out: string;
  if (kind === 'unknown') {
    // A rename in the same mapping: a move to another mapping is left to the author.
    const from = parseConfigPath(problem.path);
    const to = parseConfigPath(problem.suggestion);
    const name = to[to.length - 1];
    if (from.length !== to.length || !from.slice(0, -1).every((s, i) => s === to[i]) || typeof name !== 'string') return undefined;
    if (!loc.key || loc.keyName === undefined) return undefined;
    // Renaming onto a key that is already written would make a duplicate.
    const parent = getIn(parsed.value, from.slice(0, -1));
    if (typeof parent !== 'object' || parent === null || Object.hasOwn(parent, name)) return undefined;
    const keySource = text.slice(loc.key[0], loc.key[1]);
    if (!keySource.includes(loc.keyName)) return undefined;
    out = text.slice(0, loc.key[0]) + keySource.replace(loc.keyName, name) + text.slice(loc.key[1]);
  } else {
    if (!loc.value) return undefined;
    out = text.slice(0, loc.value[0]) + problem.suggestion + text.slice(loc.value[1]);
  }
  const again = parseProxyConfig(out, version);
  if (again.syntaxError !== undefined || again.tooComplex !== undefined) return undefined;
  const still = kind === 'unknown' ? again.unknownFields : again.errors;
  return still.some((p) => p.path === problem.path) ? undefined : out;
}

export default createRule({
  name: 'proxy-config-invalid',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'proxy.istio.io/config annotations that the sidecar injector rejects, or whose fields it silently ignores',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'admission',
      dataPlane: 'sidecar',
      istioVersions: 'all (the set of known fields follows the stated version)',
      modelledVersionsOnly: true,
    },
    messages: {
      notString:
        'The {{ key }} annotation is {{ what }}, not a string, so the API server rejects the object. Write the ProxyConfig as text in a block scalar, `{{ key }}: |`.',
      unreadable: '{{ key }} is not valid YAML or JSON, so the injector rejects the pod: {{ reason }}. Fix the text.',
      notMapping: '{{ key }}: {{ reason }}, so the injector rejects the pod. Write fields such as `holdApplicationUntilProxyStarts: true`.',
      invalid: '{{ key }}: {{ problem }}, so the injector rejects the pod.{{ hint }}',
      unknown: '{{ key }}: {{ problem }}; Istio ignores it silently.{{ hint }}',
      tooComplex: '{{ key }} is not checked: it is {{ problem }}, and a ProxyConfig is a few levels of plain fields.',
      rename: 'Rename {{ from }} to {{ to }}.',
      replace: 'Write {{ value }} for {{ at }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    return {
      PodTemplate(t) {
        if (!Object.hasOwn(t.annotations, PROXY_CONFIG_KEY)) return;
        const raw = t.annotations[PROXY_CONFIG_KEY];
        const path: Path = templatePath(t, 'metadata', 'annotations', PROXY_CONFIG_KEY);
        const resource = t.resource;
        if (typeof raw === 'object' && raw !== null) {
          // Written as a nested map or list: the API server refuses the object, whatever Istio would do.
          const list = Array.isArray(raw);
          context.report({ target: { resource, path }, messageId: 'notString', data: { key: PROXY_CONFIG_KEY, what: list ? 'a list' : 'a mapping' } });
          return;
        }
        // Unquoted booleans and numbers are yaml-nonstring-value's; an empty value is a no-op for Istio.
        // A text a tool fills in, whole or in part ("{{ .Values.proxyConfig }}"), is unknown.
        if (typeof raw !== 'string' || isPlaceholder(raw)) return;
        // Istio validates the annotation only for the pods it injects.
        if (explicitlyOptedOut(t, context.facts.mesh.version) || predictForTemplate(t, context.facts).outcome === 'not-injected') return;
        const parsed: ProxyConfigParse = parseProxyConfig(raw, version);
        if (parsed.tooComplex !== undefined) {
          context.report({ target: { resource, path }, messageId: 'tooComplex', severity: 'warn', data: { key: PROXY_CONFIG_KEY, problem: parsed.tooComplex } });
          return;
        }
        if (parsed.syntaxError !== undefined) {
          const notMapping = parsed.syntaxError.startsWith('it is ');
          context.report({
            target: { resource, path },
            messageId: notMapping ? 'notMapping' : 'unreadable',
            data: { key: PROXY_CONFIG_KEY, reason: parsed.syntaxError },
          });
          return;
        }
        const at = (p: ProxyConfigProblem): { resource: typeof resource; path: Path; within?: SpanFinder } => {
          const within = keySpan(raw, p.path);
          return within ? { resource, path, within } : { resource, path };
        };
        for (const p of parsed.errors) {
          const replacement = replacementFor(raw, parsed, p);
          const fixed = replacement === undefined ? undefined : correctedText(raw, parsed, { ...p, suggestion: replacement }, 'error', version);
          context.report({
            target: at(p),
            messageId: 'invalid',
            data: { key: PROXY_CONFIG_KEY, problem: p.message, hint: replacement !== undefined ? ` Write ${replacement}.` : '' },
            ...(fixed !== undefined ? { suggest: [{ messageId: 'replace' as const, data: { value: replacement ?? '', at: p.path }, edits: [{ op: 'set' as const, path, value: fixed }] }] } : {}),
          });
        }
        for (const p of parsed.unknownFields) {
          const fixed = correctedText(raw, parsed, p, 'unknown', version);
          const to = p.suggestion;
          context.report({
            target: at(p),
            messageId: 'unknown',
            severity: 'warn',
            data: { key: PROXY_CONFIG_KEY, problem: p.message, hint: to !== undefined ? ` Did you mean ${to}?` : '' },
            ...(fixed !== undefined && to !== undefined ? { suggest: [{ messageId: 'rename' as const, data: { from: p.path, to }, edits: [{ op: 'set' as const, path, value: fixed }] }] } : {}),
          });
        }
      },
    };
  },
});
