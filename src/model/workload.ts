// Pod templates of every workload kind, with their containers: what Istio's injector sees.
import type { KubeObject, Path, Resource } from '../types.ts';

export interface PodTemplate {
  readonly resource: Resource;
  /** Path (inside the resource) of the object holding `metadata` and `spec`: [] for a Pod. */
  readonly path: Path;
  readonly metadata: KubeObject;
  readonly spec: KubeObject;
  /** Raw label and annotation values: YAML may have typed them as booleans or numbers. */
  readonly labels: Readonly<Record<string, unknown>>;
  readonly annotations: Readonly<Record<string, unknown>>;
  readonly containers: readonly Container[];
}

export interface Container {
  readonly template: PodTemplate;
  readonly group: 'containers' | 'initContainers' | 'ephemeralContainers';
  readonly index: number;
  /** Path inside the resource. */
  readonly path: Path;
  readonly name: string;
  readonly object: KubeObject;
}

/** A label or annotation value as the API server stores it: YAML-typed scalars in their string form. */
export const labelString = (v: unknown): string | undefined => (v === undefined ? undefined : typeof v === 'string' ? v : v === null ? '' : String(v));

export const asObject = (v: unknown): KubeObject | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as KubeObject) : undefined;

/** Where the pod template sits for the built-in workload kinds. */
const TEMPLATE_PATHS: Readonly<Record<string, Path>> = {
  Pod: [],
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  Job: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  PodTemplate: ['template'],
};

export function getIn(obj: unknown, path: Path): unknown {
  let cur = obj;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[step];
    } else {
      const o = asObject(cur);
      if (!o || !Object.hasOwn(o, step)) return undefined;
      cur = o[step];
    }
  }
  return cur;
}

const templates = new WeakMap<Resource, PodTemplate | null>();

/** The pod template of a workload, or undefined when the resource carries none. Built once per resource. */
export function podTemplateOf(resource: Resource): PodTemplate | undefined {
  let t = templates.get(resource);
  if (t === undefined) {
    t = buildPodTemplate(resource) ?? null;
    templates.set(resource, t);
  }
  return t ?? undefined;
}

function buildPodTemplate(resource: Resource): PodTemplate | undefined {
  let path = TEMPLATE_PATHS[resource.kind];
  // Other kinds that embed a pod template the same way (Argo Rollouts, Knative Services, operators' CRs).
  if (!path && asObject(getIn(resource.object, ['spec', 'template', 'spec'])) && Array.isArray(getIn(resource.object, ['spec', 'template', 'spec', 'containers']))) {
    path = ['spec', 'template'];
  }
  if (!path) return undefined;
  const holder = asObject(getIn(resource.object, path));
  if (!holder) return undefined;
  const spec = asObject(holder.spec);
  if (!spec) return undefined;
  const metadata = asObject(holder.metadata) ?? {};
  const template: { -readonly [K in keyof PodTemplate]: PodTemplate[K] } = {
    resource,
    path,
    metadata,
    spec,
    labels: asObject(metadata.labels) ?? {},
    annotations: asObject(metadata.annotations) ?? {},
    containers: [],
  };
  const containers: Container[] = [];
  for (const group of ['initContainers', 'containers', 'ephemeralContainers'] as const) {
    const list = spec[group];
    if (!Array.isArray(list)) continue;
    list.forEach((c, index) => {
      const object = asObject(c);
      if (!object) return;
      containers.push({
        template,
        group,
        index,
        path: [...path, 'spec', group, index],
        name: typeof object.name === 'string' ? object.name : '',
        object,
      });
    });
  }
  template.containers = containers;
  return template;
}

/** Path of a pod-template field, e.g. templatePath(t, 'spec', 'hostNetwork'). */
export function templatePath(t: PodTemplate, ...rest: (string | number)[]): Path {
  return [...t.path, ...rest];
}
