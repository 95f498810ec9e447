// sidecar.istio.io/inject takes exactly "true" or "false". What istiod does with anything
// else changed in 1.27 (#56737): up to 1.26, y/yes/true/on in any case meant true and every
// other value false; from 1.27 anything but the exact strings logs a warning and falls
// back to the default policy, so "False" in an enabled namespace now injects. The pod label
// is read from 1.12 on; before, only the annotation is judged.
import { createRule } from '../src/engine/rule-api.ts';
import { rangeText, splitRange, type VersionRange } from '../src/model/install/istio-version.ts';
import { INJECT_KEY } from '../src/model/injection/mesh.ts';
import { parseInjectValue, readsInjectLabel, type InjectValue } from '../src/model/injection/injection.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Path } from '../src/common/types.ts';

export default createRule({
  name: 'inject-value-invalid',
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'sidecar.istio.io/inject values other than exactly "true" or "false"',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all (the meaning of other values changed in 1.27; the pod label is judged from 1.12, the first release that reads it)',
    },
    messages: {
      invalid:
        '{{ where }} {{ key }}: "{{ value }}" is neither "true" nor "false": Istio {{ version }} {{ effect }}{{ other }}. Write "true" or "false".',
      unquoted:
        '{{ where }} {{ key }} is unquoted, so YAML reads it as {{ type }}, {{ written }}, and the API server rejects the whole object. Write "{{ meant }}".',
      empty: '{{ where }} {{ key }} has no value: Istio treats it as not set, so the namespace and the injector policy decide. Write "true" or "false", or remove it.',
      setTrue: 'Set it to "true" (inject).',
      setFalse: 'Set it to "false" (no sidecar).',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    // Words for the versions the cluster may run, the same at every step of a range: the
    // releases up to 1.26 and those from 1.27, each with what it does.
    const { before, since } = splitRange(context.facts.mesh.versionFact.range, 1, 27);
    const check = (t: PodTemplate, where: 'Label' | 'Annotation', path: Path, raw: unknown): void => {
      const target = { resource: t.resource, path };
      const suggest = [
        { messageId: 'setTrue' as const, edits: [{ op: 'set' as const, path, value: 'true' }] },
        { messageId: 'setFalse' as const, edits: [{ op: 'set' as const, path, value: 'false' }] },
      ];
      if (typeof raw === 'boolean' || typeof raw === 'number') {
        // Unquoted: the object never reaches Istio. Quoting `true`/`false` keeps the meaning;
        // `yes`/`on` (YAML 1.1 booleans) are also read as booleans, so say what they become.
        const meant = String(raw);
        context.report({
          target,
          messageId: 'unquoted',
          data: { where, key: INJECT_KEY, written: meant, type: typeof raw === 'boolean' ? 'a boolean' : 'a number', meant },
          ...(typeof raw === 'boolean' ? { fix: [{ op: 'set' as const, path, value: meant }] } : { suggest }),
        });
        return;
      }
      // Up to 1.11 injectRequired reads only the annotation (the label from 1.12, #35813): a
      // label's value there only meets webhook selectors, which compare it as written.
      if (where === 'Label' && !readsInjectLabel(version)) return;
      if (raw === null || raw === '') {
        // Istio reads an empty value as not set: no warning, the namespace and the policy decide.
        context.report({ target, messageId: 'empty', severity: 'warn', data: { where, key: INJECT_KEY }, suggest });
        return;
      }
      // A value a tool fills in ("{{ .Values.inject }}", "${INJECT}") is unknown, not invalid.
      if (typeof raw !== 'string' || raw === 'true' || raw === 'false' || isPlaceholder(raw)) return;
      const early = before && parseInjectValue(raw, before.to);
      const late = since && parseInjectValue(raw, since.to);
      const now = (early ?? late) as InjectValue;
      // What it means on the versions in force; before 1.27, also that an upgrade changes it.
      const effect = now.kind === 'default' ? 'ignores it, so the namespace and the injector policy decide' : `reads it as ${now.kind}`;
      const other = early ? `, and 1.27 and later ignore it${late && late.kind === 'default' ? ', so the namespace and the injector policy decide' : ''}` : '';
      const versionText = rangeText(before ?? (since as VersionRange));
      // --fix writes "true"/"false" only where that is what Istio reads at every version in
      // force ("False" before 1.27); from 1.27 "False" is ignored, so writing "false" would
      // remove a sidecar: a suggestion.
      const lower = raw.toLowerCase();
      const keepsBehaviour = (lower === 'true' || lower === 'false') && [early, late].every((m) => m === undefined || m.kind === lower);
      context.report({
        target,
        messageId: 'invalid',
        data: { where, key: INJECT_KEY, value: raw, version: versionText, effect, other },
        ...(keepsBehaviour ? { fix: [{ op: 'set' as const, path, value: lower }] } : { suggest }),
      });
    };
    return {
      PodTemplate(t) {
        if (INJECT_KEY in t.labels) check(t, 'Label', templatePath(t, 'metadata', 'labels', INJECT_KEY), t.labels[INJECT_KEY]);
        if (INJECT_KEY in t.annotations) check(t, 'Annotation', templatePath(t, 'metadata', 'annotations', INJECT_KEY), t.annotations[INJECT_KEY]);
      },
    };
  },
});
