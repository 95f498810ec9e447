// Two objects of the same kind, namespace and name in one stream: `kubectl apply -f` (and a
// GitOps tool) sends both, and the API server keeps the one applied last, silently
// (k8s.io/kubectl/pkg/cmd/apply: each object is patched onto the live one in turn). A second
// copy of a Deployment without its sidecar hides a lost sidecar from anyone who reads the
// first. One stream is one file, or one render (a chart's or an overlay's output). Files of
// one folder are not judged together: a folder often holds alternatives (samples, one file
// per environment) that are never applied together.
import { createRule } from '../src/engine/rule-api.ts';
import { placeText } from '../src/model/place.ts';
import { Locator } from '../src/parse/locator.ts';
import type { Resource, Target } from '../src/common/types.ts';

/** The API group of an apiVersion ("" for the core group): `apps/v1` and `apps/v1beta2` name one object. */
const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? (apiVersion.split('/')[0] as string) : '');

const shown = (r: Resource): string => `${r.kind} ${r.namespace !== undefined && r.namespace !== '' ? `${r.namespace}/` : ''}${r.name}`;

/** An object's first copy, and once a second is met, where its name is written. */
interface FirstCopy {
  readonly resource: Resource;
  place?: { readonly target: Target; readonly text: string };
}

/**
 * What is kept of a first copy: where it is, not what it holds. Kept whole, every object of a
 * large stream stayed in memory until the end of the run (the bench's 50 MB file: 140 MB more).
 */
const placeOnly = (r: Resource): Resource => ({ ...r, object: {}, doc: { ...r.doc, value: undefined } });

/** Where an object's name is written: the related location's target (its offsets), and `file:line`. */
function placeOf(r: Resource, locator: Locator): { target: Target; text: string } {
  const path = [...r.basePath, 'metadata', 'name'];
  const [offset, endOffset] = locator.offsets(r.doc, path);
  const target: Target = { doc: r.doc, offset, endOffset, resource: r, path };
  return { target, text: placeText(target, locator) ?? r.doc.file.displayPath };
}

export default createRule({
  name: 'duplicate-object',
  meta: {
    type: 'problem',
    docs: {
      description: 'Objects of the same kind, namespace and name in one file or render: kubectl and Argo CD keep the one written last, Kustomize and Flux refuse the build',
      defaultLevel: 'error',
      precision: 'high',
      category: 'diagnostic',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      duplicate: '{{ object }} is defined again here (first at {{ first }}); applied together, this one replaces the other. Keep one.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const first = new Map<string, FirstCopy>();
    // One per file (a duplicate is in the same file or render): it keeps a few documents'
    // trees, and reads the line table the run's own locator made for that file.
    let locator = new Locator();
    return {
      File() {
        locator = new Locator();
        // A key names its file: the copies of the files before can never be met again.
        first.clear();
      },
      Resource(r) {
        // A name filled in later (generateName) is not judged. Two objects whose namespace is
        // unknown land in the same one when applied together (`kubectl apply -n`): one key.
        if (!r.name || !r.kind) return;
        const key = `${r.doc.file.displayPath}\u0000${groupOf(r.apiVersion)}\u0000${r.kind}\u0000${r.namespace ?? ''}\u0000${r.name}`;
        const before = first.get(key);
        if (!before) {
          first.set(key, { resource: placeOnly(r) });
          return;
        }
        // Located once, however many copies follow: each location parses its document again.
        before.place ??= placeOf(before.resource, locator);
        const { target, text } = before.place;
        context.report({
          target: { resource: r, path: ['metadata', 'name'] },
          messageId: 'duplicate',
          data: { object: shown(r), first: text },
          related: [{ target, message: `${shown(before.resource)} first defined here` }],
        });
      },
    };
  },
});
