// kubectl accepts a mapping key written twice and keeps the last value, silently.
// Under labels or annotations (where Istio reads its switches) or on an Istio key,
// two different values mean one of them is ignored: the author cannot know which wins.
import { createRule } from '../src/engine/rule-api.ts';
import type { Path } from '../src/common/types.ts';

/** A value as the message shows it: a long string is cut after 30 characters. */
const show = (v: unknown): string =>
  typeof v === 'string' ? JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v) : v !== null && typeof v === 'object' ? (Array.isArray(v) ? 'a list' : 'a mapping') : String(v);

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** "this value, "b", replaces the earlier "a"", or "this mapping replaces the earlier one" when both read alike. */
function replacing(first: unknown, last: unknown, how: string): string {
  const [a, b] = [show(first), show(last)];
  return a === b && a.startsWith('a ') ? `this ${a.slice(2)} ${how}replaces the earlier one` : `this value, ${b}, ${how}replaces the earlier ${a}`;
}

function isLabelsOrAnnotations(path: Path): boolean {
  const n = path.length;
  return n >= 2 && path[n - 2] === 'metadata' && (path[n - 1] === 'labels' || path[n - 1] === 'annotations');
}

export default createRule({
  name: 'duplicate-key',
  meta: {
    type: 'problem',
    docs: {
      description: 'Mapping keys written twice: Kubernetes keeps the last value and drops the other silently',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'yaml',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      conflicting: 'Duplicate key "{{ key }}" in {{ where }}: {{ change }}. Remove one of them.',
      repeated: 'Duplicate key "{{ key }}" in {{ where }}: written twice{{ detail }}. Remove one of them.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Document({ doc, resources }) {
        for (const dup of doc.duplicateKeys) {
          const resource = resources.find((r) => r.basePath.every((p, i) => dup.mapPath[i] === p));
          if (!resource) continue; // not part of a Kubernetes object: nothing applies it
          const rel = dup.mapPath.slice(resource.basePath.length);
          const where = rel.length ? rel.join('.') : 'the top level';
          const differ = !sameValue(dup.first.value, dup.last.value);
          const important = isLabelsOrAnnotations(rel) || /istio/i.test(dup.key) || rel.some((p) => typeof p === 'string' && /istio/i.test(p));
          const path = [...dup.mapPath, dup.key];
          const target = { doc, offset: dup.last.offset, endOffset: dup.last.endOffset, resource, path };
          const related = [{ target: { doc, offset: dup.first.offset, endOffset: dup.first.endOffset, resource, path }, message: `the earlier "${dup.key}"` }];
          if (differ && important) {
            context.report({ target, messageId: 'conflicting', data: { key: dup.key, where, change: replacing(dup.first.value, dup.last.value, 'silently ') }, related });
          } else {
            context.report({
              target,
              messageId: 'repeated',
              severity: 'warn',
              data: { key: dup.key, where, detail: differ ? `, and ${replacing(dup.first.value, dup.last.value, '')}` : ' with the same value' },
              related,
            });
          }
        }
      },
    };
  },
});
