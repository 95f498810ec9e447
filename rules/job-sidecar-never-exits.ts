// A Job's pod completes when all its containers exit. A classic istio-proxy sidecar is one of
// those containers and never exits on its own, so the Job never completes (Istio #11659).
// Native sidecars (init containers with restartPolicy Always) are stopped by kubelet once the
// app containers are done; a POST to the agent's /quitquitquit from the job also ends it.
import { createRule } from '../src/engine/rule-api.ts';
import { annotationAnchor, hasAppContainers, renderedProxy, sidecarPlan, NATIVE_SIDECAR_ANNOTATION } from '../src/model/sidecar.ts';
import { templatePath, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { Path, PathEdit, RelatedLocation } from '../src/types.ts';

const JOB_KINDS = new Set(['Job', 'CronJob']);

/** The command line of a container, as one string: command and args. */
function commandLine(c: Container): string {
  const parts = [c.object.command, c.object.args].flatMap((v) => (Array.isArray(v) ? v : []));
  return parts.filter((p): p is string => typeof p === 'string').join(' ');
}

/**
 * How the pod's containers call the agent's /quitquitquit: 'post' when the call is a POST
 * (curl -X POST / --data, wget --post-data, `pilot-agent request POST`), 'other' when it is
 * called some other way (a GET, which the agent answers 405), undefined when never.
 */
export function quitCall(t: PodTemplate): { kind: 'post' | 'other'; container: Container } | undefined {
  let other: Container | undefined;
  for (const c of t.containers) {
    const line = commandLine(c);
    if (!/quitquitquit/.test(line)) continue;
    if (/\bPOST\b|(^|\s)(-X\s*POST|--request[\s=]+POST|-d|--data(-\w+)?|--json|--post-data|--post-file|--method[\s=]+POST)(\s|=|$)/i.test(line)) return { kind: 'post', container: c };
    other ??= c;
  }
  return other ? { kind: 'other', container: other } : undefined;
}

export default createRule({
  name: 'job-sidecar-never-exits',
  meta: {
    type: 'problem',
    docs: {
      description: 'Jobs and CronJobs injected with a classic sidecar, which keeps them from ever completing',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'startup',
      istioVersions: 'all',
    },
    messages: {
      classic:
        'This {{ kind }} gets a classic sidecar, which never exits: the {{ kind }} never completes. Use sidecar.istio.io/nativeSidecar: "true", or POST to localhost:15020/quitquitquit when done.',
      rendered:
        'This {{ kind }}\'s istio-proxy is a classic sidecar, which never exits: the {{ kind }} never completes. Re-inject with native sidecars, or POST to localhost:15020/quitquitquit when done.',
      notPost:
        'Container {{ container }} calls /quitquitquit without POST: the agent answers 405 and istio-proxy keeps running. Use curl -fsS -X POST http://localhost:15020/quitquitquit.',
      addNative: 'Annotate the pod template sidecar.istio.io/nativeSidecar: "true"',
    },
    hasSuggestions: true,
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!JOB_KINDS.has(t.resource.kind)) return;
        const kind = t.resource.kind;
        if (!hasAppContainers(t)) return;
        const rendered = renderedProxy(t);
        let classic: 'classic' | 'rendered';
        let related: RelatedLocation[] = [];
        let nativePath: Path | undefined;
        if (rendered) {
          if (rendered.native) return;
          classic = 'rendered';
        } else {
          const plan = sidecarPlan(t, context.facts);
          if (plan.prediction.outcome !== 'injected' || plan.native.value === true) return;
          if (plan.native.value !== false && quitCall(t)?.kind !== 'post') {
            // Native or classic is the mesh's to say, and the inputs do not: one note per run.
            context.unknown('native-sidecars', t.resource, 'a batch pod with a classic sidecar never completes');
            return;
          }
          classic = 'classic';
          nativePath = plan.native.path;
          if (plan.native.stated?.target) related = [{ target: plan.native.stated.target, message: plan.native.stated.source }];
        }
        const quit = quitCall(t);
        if (quit?.kind === 'post') return;
        if (quit) {
          context.report({
            target: { resource: t.resource, path: [...quit.container.path, Array.isArray(quit.container.object.command) ? 'command' : 'args'] },
            messageId: 'notPost',
            data: { container: quit.container.name, kind },
          });
          return;
        }
        const canInsert = Object.hasOwn(t.metadata, 'annotations') && !Object.hasOwn(t.annotations, NATIVE_SIDECAR_ANNOTATION);
        const edits: PathEdit[] = canInsert ? [{ op: 'insert', path: templatePath(t, 'metadata', 'annotations'), key: NATIVE_SIDECAR_ANNOTATION, value: 'true' }] : [];
        context.report({
          target: { resource: t.resource, path: rendered ? rendered.path : nativePath ?? annotationAnchor(t) },
          messageId: classic,
          data: { kind },
          suggest: !rendered && edits.length > 0 ? [{ messageId: 'addNative', edits }] : undefined,
          related,
        });
      },
    };
  },
});
