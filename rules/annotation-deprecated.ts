// Istio annotations and labels that the Istio version in force deprecates or no longer reads.
// A deprecated name still works but will go; a removed one silently does nothing. The table of
// names, versions and replacements is data (src/model/data/deprecated-names.json).
import { createRule } from '../src/engine/rule-api.ts';
import { deprecatedNamesOn, statusAt, type DeprecatedName } from '../src/model/data/deprecated-names.ts';
import { predictInjection } from '../src/model/injection/injection.ts';
import { atLeast, SUPPORTED_MINORS, type IstioVersion } from '../src/model/install/istio-version.ts';
import { INJECT_KEY, NS_INJECTION_LABEL } from '../src/model/injection/mesh.ts';
import { namespaceLabelSet, podFacts, predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { asObject, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Facts } from '../src/model/facts.ts';
import type { Path, PathEdit, Resource } from '../src/common/types.ts';

type Found = { readonly entry: DeprecatedName; readonly path: Path; readonly value: unknown };

export default createRule({
  name: 'annotation-deprecated',
  meta: {
    type: 'problem',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'Istio annotations and labels that the Istio version deprecates or no longer reads',
      defaultLevel: 'warn',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all (each name from the release that deprecated or removed it)',
    },
    messages: {
      deprecated: '{{ What }} {{ name }} is deprecated since Istio {{ since }}: {{ instead }}.',
      removed: '{{ What }} {{ name }} does nothing since Istio {{ removedIn }}, which stopped reading it: {{ instead }}.',
      rename: 'Replace it with the {{ type }} {{ to }}{{ caveat }}',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const version = facts.mesh.version;

    function report(resource: Resource, found: Found, edits: readonly PathEdit[] | undefined, keepsBehaviour: boolean, caveat: string): void {
      const { entry } = found;
      const status = statusAt(entry, version);
      if (!status) return;
      // A name Istio still reads breaks nothing: said once per run, unless the config asks for each.
      if (status === 'deprecated' && !context.levelStated) {
        context.unknown('deprecated-read', resource, entry.name);
        return;
      }
      const data = {
        What: entry.type === 'label' ? 'Label' : 'Annotation',
        name: entry.name,
        since: entry.deprecatedIn?.text ?? '',
        removedIn: entry.removedIn?.text ?? '',
        instead: entry.instead,
      };
      const rename = entry.rename;
      const offer = edits && rename ? { messageId: 'rename' as const, data: { type: rename.type, to: rename.name, caveat }, edits } : undefined;
      context.report({
        target: { resource, path: found.path },
        messageId: status,
        data,
        ...(offer && keepsBehaviour ? { fix: edits } : {}),
        ...(offer && !keepsBehaviour ? { suggest: [offer] } : {}),
      });
    }

    /** Entries of `type` present in `map` (a metadata map of `kind`), with their paths. */
    function present(map: Readonly<Record<string, unknown>>, kind: string, type: 'annotation' | 'label', mapPath: Path): Found[] {
      const out: Found[] = [];
      for (const entry of deprecatedNamesOn(kind, type)) {
        if (entry.quiet === undefined && Object.hasOwn(map, entry.name)) out.push({ entry, path: [...mapPath, entry.name], value: map[entry.name] });
      }
      return out;
    }

    return {
      Resource(r) {
        // Pods (and pod templates) are read through PodTemplate; other kinds by their own metadata.
        if (r.kind === 'Pod') return;
        const md = asObject(r.object.metadata);
        if (!md) return;
        for (const type of ['annotation', 'label'] as const) {
          const key = type === 'label' ? 'labels' : 'annotations';
          const map = asObject(md[key]);
          if (!map) continue;
          for (const f of present(map, r.kind, type, ['metadata', key])) report(r, f, undefined, false, '');
        }
      },
      PodTemplate(t) {
        for (const type of ['annotation', 'label'] as const) {
          const key = type === 'label' ? 'labels' : 'annotations';
          const map = type === 'label' ? t.labels : t.annotations;
          for (const f of present(map, 'Pod', type, templatePath(t, 'metadata', key))) {
            if (f.entry.name === INJECT_KEY && type === 'annotation') checkInjectAnnotation(t, f);
            else checkRename(t, f);
          }
        }
      },
    };

    /** A rename to another annotation of the same meaning, applied when the new name works at the version in force. */
    function checkRename(t: PodTemplate, f: Found): void {
      const rename = f.entry.rename;
      if (!rename || rename.type !== 'annotation' || f.entry.type !== 'annotation') {
        report(t.resource, f, undefined, false, '');
        return;
      }
      // Both names set: Istio reads the new one; which of the two the author meant is theirs to say.
      if (Object.hasOwn(t.annotations, rename.name)) {
        report(t.resource, f, undefined, false, '');
        return;
      }
      const edits: PathEdit[] = [{ op: 'rename', path: f.path, key: rename.name }];
      const works = replacementWorks(rename.since);
      report(t.resource, f, edits, works, works ? '' : ` (Istio reads it from ${rename.since.text} on)`);
    }

    /**
     * The annotation sidecar.istio.io/inject. Other rules own what it does wrong: a value other
     * than "true"/"false" (inject-value-invalid), a label that disagrees (inject-label-conflict),
     * "true" in a namespace that turns injection off (inject-label-conflict) or where no webhook
     * is called, so istiod never reads it (inject-misplaced). Those are not reported here, nor is
     * an annotation beside the label (Istio reads the label; istioctl analyze stays quiet too).
     */
    function checkInjectAnnotation(t: PodTemplate, f: Found): void {
      const value = f.value;
      if (value !== 'true' && value !== 'false') return;
      if (Object.hasOwn(t.labels, INJECT_KEY)) return;
      const now = predictForTemplate(t, facts);
      if (value === 'true') {
        if (now.gate.matched.length === 0 && now.gate.maybe.length === 0) return;
        const nsInjection = t.resource.namespace !== undefined ? facts.namespaces.get(t.resource.namespace)?.labels[NS_INJECTION_LABEL] : undefined;
        if (nsInjection !== undefined && nsInjection !== 'enabled') return;
      }
      const edits = moveToLabel(t, f, value);
      // --fix moves it only when the pod would be treated the same with the label: same outcome,
      // same injector. Otherwise (the namespace unknown, another webhook matching) a suggestion.
      const after = predictWithLabel(t, value, facts);
      const same = now.outcome !== 'unknown' && now.outcome === after.outcome && (now.outcome !== 'injected' || now.via?.revision === after.via?.revision);
      const caveat = same ? '' : value === 'true' ? ' (check that the pod still gets its sidecar from the same injector)' : ' (check that the pod still gets no sidecar)';
      report(t.resource, f, edits, same && edits !== undefined && replacementWorks(f.entry.rename?.since), caveat);
    }

    /** Whether a replacement that works from `since` on works in the cluster: the version stated, or every version meshlint covers. */
    function replacementWorks(since: IstioVersion | undefined): boolean {
      if (!since) return false;
      // Every version the cluster may run must have it.
      return atLeast(facts.mesh.versionFact.range.from, since.major, since.minor);
    }
  },
});

/** Edits that move the annotation to the pod's labels; undefined when there is no place to write it. */
function moveToLabel(t: PodTemplate, f: Found, value: string): PathEdit[] | undefined {
  const labels = t.metadata.labels;
  const remove: PathEdit = { op: 'remove', path: f.path };
  if (labels === undefined) return [remove, { op: 'insert', path: templatePath(t, 'metadata'), key: 'labels', value: { [INJECT_KEY]: value } }];
  if (!asObject(labels)) return undefined;
  return [remove, { op: 'insert', path: templatePath(t, 'metadata', 'labels'), key: INJECT_KEY, value }];
}

/** The injection prediction for the pod with the label instead of the annotation. */
function predictWithLabel(t: PodTemplate, value: string, facts: Facts): ReturnType<typeof predictInjection> {
  const pod = podFacts(t);
  const annotations = { ...pod.annotations };
  delete annotations[INJECT_KEY];
  const ns = namespaceLabelSet(t.resource.namespace, facts);
  return predictInjection({
    pod: { ...pod, labels: { ...pod.labels, [INJECT_KEY]: value }, annotations },
    namespaceLabels: ns.labels,
    namespaceKnown: ns.known,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version,
  });
}
