// Two objects of the same kind, namespace and name in one stream: `kubectl apply -f` (and a
// GitOps tool) sends both, and the API server keeps the one applied last, silently
// (k8s.io/kubectl/pkg/cmd/apply: each object is patched onto the live one in turn). A second
// copy of a Deployment without its sidecar hides a lost sidecar from anyone who reads the
// first. One stream is one file, or one render (a chart's or an overlay's output). Files of
// one folder are not judged together: a folder often holds alternatives (samples, one file
// per environment) that are never applied together.
import { createRule } from '../src/engine/rule-api.ts';
import { placeText } from '../src/model/place.ts';
import type { Resource } from '../src/common/types.ts';

/** The API group of an apiVersion ("" for the core group): `apps/v1` and `apps/v1beta2` name one object. */
const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? (apiVersion.split('/')[0] as string) : '');

const shown = (r: Resource): string => `${r.kind} ${r.namespace !== undefined && r.namespace !== '' ? `${r.namespace}/` : ''}${r.name}`;

export default createRule({
  name: 'duplicate-object',
  meta: {
    type: 'problem',
    docs: {
      description: 'Objects of the same kind, namespace and name in one file or render: the API server keeps the one applied last',
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
    const first = new Map<string, Resource>();
    return {
      Resource(r) {
        // A name filled in later (generateName) is not judged. Two objects whose namespace is
        // unknown land in the same one when applied together (`kubectl apply -n`): one key.
        if (!r.name || !r.kind) return;
        const key = `${r.doc.file.displayPath}\u0000${groupOf(r.apiVersion)}\u0000${r.kind}\u0000${r.namespace ?? ''}\u0000${r.name}`;
        const before = first.get(key);
        if (!before) {
          first.set(key, r);
          return;
        }
        const at = placeText({ resource: before, path: ['metadata', 'name'] }) ?? before.doc.file.displayPath;
        context.report({
          target: { resource: r, path: ['metadata', 'name'] },
          messageId: 'duplicate',
          data: { object: shown(r), first: at },
          related: [{ target: { resource: before, path: ['metadata', 'name'] }, message: `${shown(before)} first defined here` }],
        });
      },
    };
  },
});
