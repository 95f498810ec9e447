// A Job's pod completes when all its containers exit. A classic istio-proxy sidecar is one of
// those containers and never exits on its own, so the Job never completes (Istio #11659).
// Native sidecars (init containers with restartPolicy Always) are stopped by kubelet once the
// app containers are done; a POST to the agent's /quitquitquit from the job also ends it.
// The same holds for every kind whose pods are meant to finish (the workload-kinds table: KEDA
// ScaledJobs, Spark drivers, Argo Workflows' steps, bare Pods that do not restart), except where
// the kind's controller ends the sidecar itself (Tekton; Argo's kill command, when it can run).
import { createRule } from '../src/engine/rule-api.ts';
import { annotationAnchor, hasAppContainers, renderedProxy, sidecarPlan, NATIVE_SIDECAR_ANNOTATION } from '../src/model/pod/sidecar.ts';
import { asObject, getIn, labelString, templatePath, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { Path, PathEdit, RelatedLocation } from '../src/common/types.ts';

export const PROXY_IMAGE_ANNOTATION = 'sidecar.istio.io/proxyImage';
/** Argo's documented kill command for istio-proxy (docs/sidecar-injection.md). */
export const ARGO_ISTIO_KILL_CMD = '["pilot-agent", "request", "POST", "quitquitquit"]';

/** Where an annotation for every pod of the resource goes (Argo's spec.podMetadata), else the template's own annotations. */
function wideAnnotations(t: PodTemplate): Path {
  const wide = t.metaSources.filter((m) => m.annotations && m.scope.length < t.path.length && !(m.path.length === 1 && m.path[0] === 'metadata'));
  const last = wide[wide.length - 1];
  return last ? [...last.path, 'annotations'] : templatePath(t, 'metadata', 'annotations');
}

/**
 * The proxy image the pod is known to run, when the inputs say: the pod's proxyImage
 * annotation, or the image of an istio-proxy already rendered into it.
 */
function knownProxyImage(t: PodTemplate): { image: string; path: Path } | undefined {
  const annotated = labelString(t.annotations[PROXY_IMAGE_ANNOTATION]);
  if (annotated) return { image: annotated, path: templatePath(t, 'metadata', 'annotations', PROXY_IMAGE_ANNOTATION) };
  const proxy = t.containers.find((c) => c.name === 'istio-proxy' && c.group !== 'ephemeralContainers');
  if (proxy && typeof proxy.object.image === 'string') return { image: proxy.object.image, path: [...proxy.path, 'image'] };
  return undefined;
}

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
      description: 'Jobs, CronJobs and other batch workloads injected with a classic sidecar, which keeps them from ever completing',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'startup',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      classic:
        'This {{ kind }} gets a classic sidecar, which never exits: {{ stuck }}. Use sidecar.istio.io/nativeSidecar: "true", or POST to localhost:15020/quitquitquit when done.',
      rendered:
        'This {{ kind }}\'s istio-proxy is a classic sidecar, which never exits: {{ stuck }}. Re-inject with native sidecars, or POST to localhost:15020/quitquitquit when done.',
      killFails:
        'Argo\'s default kill command needs /bin/sh, which the distroless istio-proxy lacks: {{ stuck }}. Set {{ annotation }} in {{ where }}.',
      notPost:
        'Container {{ container }} calls /quitquitquit without POST: the agent answers 405 and istio-proxy keeps running. Use curl -fsS -X POST http://localhost:15020/quitquitquit.',
      addNative: 'Annotate the pod template sidecar.istio.io/nativeSidecar: "true"',
      addKillCmd: 'Annotate the pods {{ annotation }}: \'{{ command }}\'',
    },
    hasSuggestions: true,
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!t.batch || !hasAppContainers(t)) return;
        const exit = t.sidecarExit;
        // The kind's controller stops the sidecar itself (Tekton), or deletes the pod (Spark's executors).
        if (exit && exit.by !== 'kill-command') return;
        const kind = t.resource.kind;
        const stuck = t.kind.stuck ?? `the ${kind} never completes`;
        let distroless: { image: string; path: Path } | undefined;
        if (exit?.by === 'kill-command') {
          // Argo runs its kill command in istio-proxy: it ends a classic sidecar unless it cannot
          // run there (a distroless image has no /bin/sh), and the annotation replaces it.
          if (Object.hasOwn(t.annotations, exit.annotation)) return;
          const image = knownProxyImage(t);
          if (!image || !/distroless/i.test(image.image)) return;
          distroless = image;
        }
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
        if (distroless && exit?.by === 'kill-command') {
          const where = wideAnnotations(t);
          const data = { annotation: exit.annotation, command: ARGO_ISTIO_KILL_CMD };
          context.report({
            target: { resource: t.resource, path: distroless.path },
            messageId: 'killFails',
            data: { stuck, where: where.join('.'), annotation: exit.annotation },
            suggest: asObject(getIn(t.resource.object, where)) ? [{ messageId: 'addKillCmd', data, edits: [{ op: 'insert', path: where, key: exit.annotation, value: ARGO_ISTIO_KILL_CMD }] }] : undefined,
            related,
          });
          return;
        }
        const canInsert = Object.hasOwn(t.metadata, 'annotations') && !Object.hasOwn(t.annotations, NATIVE_SIDECAR_ANNOTATION);
        const edits: PathEdit[] = canInsert ? [{ op: 'insert', path: templatePath(t, 'metadata', 'annotations'), key: NATIVE_SIDECAR_ANNOTATION, value: 'true' }] : [];
        context.report({
          target: { resource: t.resource, path: rendered ? rendered.path : nativePath ?? annotationAnchor(t) },
          messageId: classic,
          data: { kind, stuck },
          suggest: !rendered && edits.length > 0 ? [{ messageId: 'addNative', edits }] : undefined,
          related,
        });
      },
    };
  },
});
