// The injection model against Istio's own answers: every row of the truth table for every
// install shape, and every TestInjectRequired case. Inputs are built from each case's
// description and the model is asked; the expected answers are only compared.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseIstioVersion, type IstioVersion } from '../../src/model/install/istio-version.ts';
import { injectRequired, parseInjectValue, predictInjection } from '../../src/model/injection/injection.ts';
import { generateWebhooks, type InstallShape } from '../../src/model/injection/mesh.ts';
import { matches, parseSelector, parseSelectorString } from '../../src/model/injection/selector.ts';
import { sharedPath } from '../helpers/shared.ts';

const V = (s: string): IstioVersion => parseIstioVersion(s) as IstioVersion;

/** "canary-only + tag prod->canary" → the install it names. */
function shapeOf(name: string): InstallShape {
  const revisions = name.startsWith('canary-only') ? ['canary'] : name.includes('+canary') ? ['default', 'canary'] : ['default'];
  const tags: Record<string, string> = {};
  for (const m of name.matchAll(/tag (\S+)->(\S+)/g)) tags[m[1] as string] = m[2] as string;
  return { revisions, tags, enableNamespacesByDefault: name.includes('enableNamespacesByDefault') };
}

/** "istio-injection=enabled,istio.io/rev=canary" → labels; "(none)" → {}; " (typo)" notes are dropped. */
function nsLabels(desc: string): Record<string, string> {
  if (desc === '(none)') return {};
  const out: Record<string, string> = {};
  for (const part of desc.replace(/\s*\(.*\)$/, '').split(',')) {
    const [k, v] = part.split('=');
    out[(k as string).trim()] = (v ?? '').trim();
  }
  return out;
}

/** "label inject=true + annotation inject=false", "label inject=true + istio.io/rev=canary" → pod metadata. */
function podOf(desc: string): { labels: Record<string, string>; annotations: Record<string, string> } {
  const labels: Record<string, string> = {};
  const annotations: Record<string, string> = {};
  if (desc === '(none)') return { labels, annotations };
  let target = labels;
  for (const raw of desc.split('+').map((s) => s.trim())) {
    let part = raw;
    if (part.startsWith('label ')) {
      target = labels;
      part = part.slice('label '.length);
    } else if (part.startsWith('annotation ')) {
      target = annotations;
      part = part.slice('annotation '.length);
    }
    const [k, v] = part.split('=');
    const key = k === 'inject' ? 'sidecar.istio.io/inject' : (k as string);
    target[key] = v ?? '';
  }
  return { labels, annotations };
}

const truthPath = sharedPath('istio', 'injection-truth-table.json');
if (truthPath) {
  const table = JSON.parse(readFileSync(truthPath, 'utf8')) as Record<string, { namespaceLabels: string; pod: string; webhooksMatched: string[]; result: string }[]>;
  for (const [shapeName, rows] of Object.entries(table)) {
    test(`truth table: ${shapeName} (${rows.length} rows)`, () => {
      const webhooks = generateWebhooks(shapeOf(shapeName), 'config');
      for (const row of rows) {
        const labels = { ...nsLabels(row.namespaceLabels), 'kubernetes.io/metadata.name': 'test-ns' };
        const pod = podOf(row.pod);
        const p = predictInjection({
          pod: { hostNetwork: false, namespace: 'test-ns', ...pod },
          namespaceLabels: { known: labels, complete: true },
          namespaceKnown: true,
          webhooks,
          injectorFor: () => ({ policy: 'enabled', neverInjectSelector: [], alwaysInjectSelector: [] }),
          version: V('1.28'),
        });
        const where = `${shapeName} | ns ${row.namespaceLabels} | pod ${row.pod}`;
        assert.equal(p.gate.matched.map((w) => `${w.configName}/${w.shortName}`).sort(), [...row.webhooksMatched].sort(), `${where}: webhooks`);
        const expected = row.result === 'INJECTED' ? 'injected' : 'not-injected';
        assert.is(p.outcome, expected, `${where}: ${row.result}\n${p.trace.map((s) => `  ${s.text}`).join('\n')}`);
        if (row.result.includes('no webhook called')) assert.is(p.gate.matched.length, 0, `${where}: no webhook`);
        else if (row.result.includes('webhook called')) assert.ok(p.gate.matched.length > 0 && p.required === false, `${where}: webhook called, injectRequired false`);
      }
    });
  }
}

const casesPath = sharedPath('istio', 'injectrequired-cases.json');
if (casesPath) {
  const { cases } = JSON.parse(readFileSync(casesPath, 'utf8')) as {
    cases: { name: string; policy: string; alwaysInjectSelector: unknown[]; neverInjectSelector: unknown[]; hostNetwork: boolean; namespace: string; annotations: Record<string, string>; labels: Record<string, string>; want: boolean }[];
  };
  test(`TestInjectRequired: all ${cases.length} cases`, () => {
    assert.is(cases.length, 36);
    const toSelector = (s: unknown) => {
      const o = s as { selectorString?: string; matchLabels?: Record<string, string> };
      return o.selectorString !== undefined ? parseSelectorString(o.selectorString) : parseSelector(o);
    };
    for (const c of cases) {
      const r = injectRequired(
        { hostNetwork: c.hostNetwork, namespace: c.namespace, labels: c.labels, annotations: c.annotations },
        { policy: c.policy, neverInjectSelector: c.neverInjectSelector.map(toSelector), alwaysInjectSelector: c.alwaysInjectSelector.map(toSelector) },
        V('1.28'),
      );
      assert.is(r.required, c.want, `${c.name} (policy ${c.policy}): ${r.trace.map((s) => s.text).join(' / ')}`);
    }
  });
}

test('inject value parsing changed in 1.27', () => {
  assert.equal(parseInjectValue('False', V('1.26')), { kind: 'false' });
  assert.equal(parseInjectValue('False', V('1.27')), { kind: 'default', invalid: true });
  assert.equal(parseInjectValue('yes', V('1.26.3')), { kind: 'true' });
  assert.equal(parseInjectValue('yes', V('1.27.0')), { kind: 'default', invalid: true });
  assert.equal(parseInjectValue('garbage', V('1.20')), { kind: 'false' });
  assert.equal(parseInjectValue('', V('1.26')), { kind: 'default', invalid: false });
});

test('an unknown namespace: certain answers stay certain, the rest is unknown with the deciding fact', () => {
  const webhooks = generateWebhooks({ revisions: ['default'], tags: {}, enableNamespacesByDefault: false }, 'assumed');
  const ask = (labels: Record<string, string>, hostNetwork = false) =>
    predictInjection({
      pod: { hostNetwork, namespace: 'payments', labels, annotations: {} },
      namespaceLabels: { known: { 'kubernetes.io/metadata.name': 'payments' }, complete: false },
      namespaceKnown: false,
      webhooks,
      injectorFor: () => ({ policy: 'enabled', neverInjectSelector: [], alwaysInjectSelector: [] }),
      version: V('1.28'),
    });
  assert.is(ask({ 'sidecar.istio.io/inject': 'false' }).outcome, 'not-injected');
  assert.is(ask({}, true).outcome, 'not-injected');
  const u = ask({});
  assert.is(u.outcome, 'unknown');
  assert.ok(u.unknownBecause?.includes('namespaces:'), u.unknownBecause);
});

test('policy other than enabled/disabled injects nothing, even on an explicit "true"', () => {
  const r = injectRequired({ hostNetwork: false, namespace: 'a', labels: { 'sidecar.istio.io/inject': 'true' }, annotations: {} }, { policy: 'Enabled', neverInjectSelector: [], alwaysInjectSelector: [] }, V('1.28'));
  assert.is(r.required, false);
  assert.ok(r.trace.some((s) => s.text.includes('Illegal value for autoInject')));
});

test('a value a tool fills in is unknown: in selectors, in injectRequired, in the revision an install serves', () => {
  const labels = (known: Record<string, string>) => ({ known, complete: true });
  // A placeholder label exists, but its value is open to In and NotIn.
  assert.is(matches(parseSelector({ matchLabels: { 'istio.io/rev': 'canary' } }), labels({ 'istio.io/rev': '{{ .Values.rev }}' })), 'unknown');
  assert.is(matches(parseSelector({ matchExpressions: [{ key: 'sidecar.istio.io/inject', operator: 'NotIn', values: ['false'] }] }), labels({ 'sidecar.istio.io/inject': '${INJECT}' })), 'unknown');
  assert.is(matches(parseSelector({ matchExpressions: [{ key: 'istio.io/rev', operator: 'Exists' }] }), labels({ 'istio.io/rev': '$(REV)' })), true);
  assert.is(matches(parseSelector({ matchLabels: { 'istio.io/rev': '${REVISION}' } }), labels({ 'istio.io/rev': '1-11' })), 'unknown');
  assert.is(matches(parseSelector({ matchLabels: { 'istio.io/rev': '${REVISION}' } }), labels({})), false);

  const enabled = { policy: 'enabled', neverInjectSelector: [], alwaysInjectSelector: [] };
  const pod = (l: Record<string, string>, a: Record<string, string> = {}) => ({ hostNetwork: false, namespace: 'shop', labels: l, annotations: a });
  const filled = injectRequired(pod({ 'sidecar.istio.io/inject': '{{ tg_sidecar }}' }), enabled, V('1.28'));
  assert.is(filled.required, 'unknown');
  assert.ok('unknownBecause' in filled && filled.unknownBecause?.includes('which a tool fills in'));
  assert.is(injectRequired(pod({}, { 'sidecar.istio.io/inject': '${INJECT}' }), enabled, V('1.26')).required, 'unknown');
  // What does not depend on the value stays decided: hostNetwork, a policy that disables everything.
  assert.is(injectRequired({ ...pod({ 'sidecar.istio.io/inject': '{{ x }}' }), hostNetwork: true }, enabled, V('1.28')).required, false);
  assert.is(injectRequired(pod({ 'sidecar.istio.io/inject': '{{ x }}' }), { ...enabled, policy: 'Enabled' }, V('1.28')).required, false);
  assert.is(injectRequired(pod({}), { ...enabled, policy: '${AUTO_INJECT}' }, V('1.28')).required, 'unknown');
  const never = { ...enabled, neverInjectSelector: [parseSelector({ matchLabels: { app: 'batch' } })] };
  assert.is(injectRequired(pod({ app: '{{ app_name }}' }), never, V('1.28')).required, 'unknown');
  assert.is(injectRequired(pod({ app: 'web' }), never, V('1.28')).required, true);

  // An install whose revision a script fills in serves a revision that may be the namespace's.
  const p = predictInjection({
    pod: pod({}),
    namespaceLabels: labels({ 'istio.io/rev': '1-11', 'kubernetes.io/metadata.name': 'shop' }),
    namespaceKnown: true,
    webhooks: generateWebhooks({ revisions: ['${REVISION}'], tags: {}, enableNamespacesByDefault: false }, 'input'),
    injectorFor: () => enabled,
    version: V('1.28'),
  });
  assert.is(p.outcome, 'unknown');
  assert.ok(p.unknownBecause?.includes('revision ${REVISION}'), p.unknownBecause);
});

test('injectRequired reads the pod label from 1.12 on; up to 1.11 the annotation alone decides', () => {
  const disabled = { policy: 'disabled', neverInjectSelector: [], alwaysInjectSelector: [] };
  const enabled = { ...disabled, policy: 'enabled' };
  const pod = (labels: Record<string, string>, annotations: Record<string, string> = {}) => ({ hostNetwork: false, namespace: 'a', labels, annotations });
  const inject = { 'sidecar.istio.io/inject': 'true' };
  const optOut = { 'sidecar.istio.io/inject': 'false' };
  // A label "true" under a disabled policy: 1.12 injects; 1.11 falls back to the policy.
  assert.is(injectRequired(pod(inject), disabled, V('1.12.0')).required, true);
  assert.is(injectRequired(pod(inject), disabled, V('1.11.8')).required, false);
  // Label and annotation disagree: 1.12 follows the label, 1.11 the annotation.
  assert.is(injectRequired(pod(inject, optOut), enabled, V('1.12')).required, true);
  assert.is(injectRequired(pod(inject, optOut), enabled, V('1.11')).required, false);
  const r = injectRequired(pod(optOut, inject), disabled, V('1.9'));
  assert.is(r.required, true);
  assert.ok(r.trace.some((s) => s.text.includes('reads only the annotation')), r.trace.map((s) => s.text).join(' / '));
});

test.run();
