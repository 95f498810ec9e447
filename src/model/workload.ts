// Pod templates of every workload kind, with their containers: what Istio's injector sees.
// Which kinds carry pod templates, and where, is the table in workload-kinds.ts.
import type { KubeObject, Path, Resource } from '../common/types.ts';
import { EACH, GENERIC_KIND, workloadKind, type ContainerGroup, type KindPath, type SidecarExit, type TemplateShape, type WorkloadKind } from './data/workload-kinds.ts';

/** An object whose `labels` and/or `annotations` end up on the pod. */
export interface MetaSourceAt {
  /** Path (inside the resource) of the object holding `labels` and `annotations`. */
  readonly path: Path;
  readonly labels: boolean;
  readonly annotations: boolean;
  /** The part of the resource the source applies to ([] for the resource's own metadata). */
  readonly scope: Path;
  readonly object: KubeObject | undefined;
}

/** An object holding pod-level fields. */
export interface SpecSourceAt {
  readonly path: Path;
  readonly fields: readonly string[] | undefined;
  readonly object: KubeObject | undefined;
}

export interface PodTemplate {
  readonly resource: Resource;
  /** Path (inside the resource) of the template: the PodTemplateSpec ([] for a Pod), an Argo template, a Spark driver. */
  readonly path: Path;
  /** The table's entry for the resource's kind (the generic spec.template shape for others). */
  readonly kind: WorkloadKind;
  /** Which of the resource's pods this is, when it has several kinds of pod (an Argo template's name, "driver"). */
  readonly role: string | undefined;
  /** The template's own metadata (its first metadata source): where a new label or annotation goes. */
  readonly metadata: KubeObject;
  /** The pod-level fields, merged from the spec sources. */
  readonly spec: KubeObject;
  /** Raw label and annotation values, merged from every source as the controller does: YAML may have typed them as booleans or numbers. */
  readonly labels: Readonly<Record<string, unknown>>;
  readonly annotations: Readonly<Record<string, unknown>>;
  readonly containers: readonly Container[];
  /** Highest precedence first. */
  readonly metaSources: readonly MetaSourceAt[];
  readonly specSources: readonly SpecSourceAt[];
  /** The controller adds an app container not written here (Spark's driver, KServe's model server, Argo's wait). */
  readonly addsApp: boolean;
  /** The pod is meant to finish. */
  readonly batch: boolean;
  /** How the kind's controller ends a classic sidecar, when it does. */
  readonly sidecarExit: SidecarExit | undefined;
}

export interface Container {
  readonly template: PodTemplate;
  readonly group: ContainerGroup;
  /** Index among the pod's containers of its group. */
  readonly index: number;
  /** Path inside the resource. */
  readonly path: Path;
  /** The name in the pod (Tekton's step- prefix included; Argo's `main`). */
  readonly name: string;
  readonly object: KubeObject;
}

/** At most this many templates per object (Argo templates, Tekton tasks) and containers per list. */
export const MAX_TEMPLATES = 500;
export const MAX_CONTAINERS = 500;

/** A label or annotation value as the API server stores it: YAML-typed scalars in their string form. */
export const labelString = (v: unknown): string | undefined => (v === undefined ? undefined : typeof v === 'string' ? v : v === null ? '' : String(v));

export const asObject = (v: unknown): KubeObject | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as KubeObject) : undefined;

/** "Kind namespace/name", or "Kind name" for a cluster-scoped object or an unknown namespace. */
export function describeResource(r: Resource): string {
  return r.namespace ? `${r.kind} ${r.namespace}/${r.name}` : `${r.kind} ${r.name}`;
}

/** The record of no labels: one for every object without any. */
const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Labels or annotations as the API server stores them: every value in its string form; anything
 * but a map is none. A map whose values are all strings already is that map itself, not a copy:
 * several rules keep the labels of every workload and Service until the run ends, and the
 * record is read-only.
 */
export function labelRecord(raw: unknown): Readonly<Record<string, string>> {
  const written = asObject(raw);
  if (!written) return NO_LABELS;
  let strings = true;
  let any = false;
  for (const k in written) {
    if (!Object.hasOwn(written, k)) continue;
    any = true;
    if (typeof written[k] !== 'string') {
      strings = false;
      break;
    }
  }
  if (!any) return NO_LABELS;
  if (strings && Object.getPrototypeOf(written) === Object.prototype) return written as Readonly<Record<string, string>>;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(written)) out[k] = labelString(v) ?? '';
  return out;
}

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


const templates = new WeakMap<Resource, readonly PodTemplate[]>();

/** Every pod template of a workload (none when the resource carries none). Built once per resource. */
export function podTemplatesOf(resource: Resource): readonly PodTemplate[] {
  let list = templates.get(resource);
  if (!list) {
    list = buildPodTemplates(resource);
    templates.set(resource, list);
  }
  return list;
}

/** The first pod template of a workload, or undefined when the resource carries none. */
export function podTemplateOf(resource: Resource): PodTemplate | undefined {
  return podTemplatesOf(resource)[0];
}

function buildPodTemplates(resource: Resource): PodTemplate[] {
  let kind = workloadKind(resource.apiVersion, resource.kind);
  // Other kinds that embed a pod template the same way (operators' CRs).
  if (!kind && asObject(getIn(resource.object, ['spec', 'template', 'spec'])) && Array.isArray(getIn(resource.object, ['spec', 'template', 'spec', 'containers']))) {
    kind = GENERIC_KIND;
  }
  if (!kind) return [];
  const out: PodTemplate[] = [];
  for (const shape of kind.templates) {
    if (!shape.each) {
      const t = buildTemplate(resource, kind, shape, undefined);
      if (t) out.push(t);
      continue;
    }
    const list = getIn(resource.object, shape.each);
    if (!Array.isArray(list)) continue;
    const n = Math.min(list.length, MAX_TEMPLATES);
    for (let i = 0; i < n && out.length < MAX_TEMPLATES; i++) {
      const item = asObject(list[i]);
      if (!item) continue;
      if (shape.podIf && !shape.podIf.some((k) => item[k] !== undefined && item[k] !== null)) continue;
      const t = buildTemplate(resource, kind, shape, i);
      if (t) out.push(t);
    }
  }
  return out;
}

const resolve = (path: KindPath, index: number | undefined): Path => (index === undefined ? path : path.map((p) => (p === EACH ? index : p)));

const present = (v: unknown): boolean => v !== undefined && v !== null;

function buildTemplate(resource: Resource, kind: WorkloadKind, shape: TemplateShape, index: number | undefined): PodTemplate | undefined {
  const obj = resource.object;
  const path = resolve(shape.at, index);
  const holder = asObject(getIn(obj, path));
  if (!holder) return undefined;
  const specSources: SpecSourceAt[] = shape.spec.map((s) => {
    const p = resolve(s.at, index);
    return { path: p, fields: s.fields, object: asObject(getIn(obj, p)) };
  });
  // A PodTemplateSpec without its spec is no template.
  const first = specSources[0];
  if (first && !first.fields && !first.object) return undefined;
  const metaSources: MetaSourceAt[] = shape.metadata.map((m) => {
    const p = resolve(m.at, index);
    return { path: p, labels: m.labels ?? true, annotations: m.annotations ?? true, scope: m.scope ? resolve(m.scope, index) : path, object: asObject(getIn(obj, p)) };
  });
  const labels: Record<string, unknown> = {};
  const annotations: Record<string, unknown> = {};
  for (let i = metaSources.length - 1; i >= 0; i--) {
    const m = metaSources[i]!;
    if (m.labels) Object.assign(labels, asObject(m.object?.labels));
    if (m.annotations) Object.assign(annotations, asObject(m.object?.annotations));
  }
  const own = metaSources[0];
  const metadata: KubeObject =
    own?.object && own.path[own.path.length - 1] === 'metadata'
      ? own.object
      : {
          ...(own?.object && Object.hasOwn(own.object, 'labels') ? { labels: own.object.labels } : {}),
          ...(own?.object && Object.hasOwn(own.object, 'annotations') ? { annotations: own.object.annotations } : {}),
        };
  let spec: KubeObject;
  if (specSources.length === 1 && first?.object && !first.fields) spec = first.object;
  else {
    const merged: Record<string, unknown> = {};
    for (let i = specSources.length - 1; i >= 0; i--) {
      const s = specSources[i]!;
      if (!s.object) continue;
      for (const k of s.fields ?? Object.keys(s.object)) if (Object.hasOwn(s.object, k) && present(s.object[k])) merged[k] = s.object[k];
    }
    spec = merged;
  }
  const role = shape.role ?? (index !== undefined && typeof holder.name === 'string' ? holder.name : undefined);
  const batchRule = kind.batch;
  const batch = batchRule === true || (typeof batchRule === 'object' && typeof spec.restartPolicy === 'string' && batchRule.whenRestartPolicy.includes(spec.restartPolicy));
  const template: { -readonly [K in keyof PodTemplate]: PodTemplate[K] } = {
    resource,
    path,
    kind,
    role,
    metadata,
    spec,
    labels,
    annotations,
    containers: [],
    metaSources,
    specSources,
    addsApp: shape.addsApp === true,
    batch,
    sidecarExit: shape.sidecarExit ?? kind.sidecarExit,
  };
  const containers: Container[] = [];
  const counts: Record<ContainerGroup, number> = { initContainers: 0, containers: 0, ephemeralContainers: 0 };
  const add = (group: ContainerGroup, p: Path, object: KubeObject, name: string): void => {
    containers.push({ template, group, index: counts[group]++, path: p, name, object });
  };
  for (const source of shape.containers) {
    const p = resolve(source.at, index);
    const value = getIn(obj, p);
    if (source.single !== undefined) {
      const object = asObject(value);
      if (object) add(source.group, p, object, source.single);
      continue;
    }
    if (!Array.isArray(value)) continue;
    const n = Math.min(value.length, MAX_CONTAINERS);
    for (let i = 0; i < n; i++) {
      const object = asObject(value[i]);
      if (!object) continue;
      const name = typeof object.name === 'string' ? `${source.prefix ?? ''}${object.name}` : '';
      add(source.group, [...p, i], object, name);
    }
  }
  template.containers = containers;
  return template;
}

/**
 * Path of a pod-template field, e.g. templatePath(t, 'spec', 'hostNetwork') or
 * templatePath(t, 'metadata', 'labels', key): where it is written (the source that sets it,
 * highest precedence first), else where it would go (the template's own).
 */
export function templatePath(t: PodTemplate, ...rest: (string | number)[]): Path {
  const [head, ...tail] = rest;
  if (head === 'metadata') {
    const [map, key] = tail;
    if (map === 'labels' || map === 'annotations') {
      const sources = t.metaSources.filter((s) => s[map]);
      if (typeof key === 'string') {
        const hit = sources.find((s) => { const m = asObject(s.object?.[map]); return m !== undefined && Object.hasOwn(m, key); });
        if (hit) return [...hit.path, ...tail];
      }
      const home = sources[0] ?? t.metaSources[0];
      if (home) return [...home.path, ...tail];
    }
    return [...(t.metaSources[0]?.path ?? [...t.path, 'metadata']), ...tail];
  }
  if (head === 'spec') {
    const [field] = tail;
    if (typeof field === 'string') {
      const hit = t.specSources.find((s) => (!s.fields || s.fields.includes(field)) && s.object !== undefined && Object.hasOwn(s.object, field) && present(s.object[field]));
      if (hit) return [...hit.path, ...tail];
      const home = t.specSources.find((s) => !s.fields || s.fields.includes(field));
      if (home) return [...home.path, ...tail];
    }
    return [...(t.specSources[0]?.path ?? [...t.path, 'spec']), ...tail];
  }
  return [...t.path, ...rest];
}

/** Is the template's own metadata the resource's (a Pod, a Knative Revision, a Tekton run)? */
export function metadataIsResource(t: PodTemplate): boolean {
  const own = t.metaSources[0]?.path;
  return own !== undefined && own.length === 1 && own[0] === 'metadata';
}

/** Does the resource's own metadata `labels` (or `annotations`) reach the pod? */
export function resourceMetadataReachesPod(t: PodTemplate, map: 'labels' | 'annotations'): boolean {
  return t.metaSources.some((s) => s[map] && s.path.length === 1 && s.path[0] === 'metadata');
}

/** A name for the template in messages: "Workflow ci-build (template build)". */
export function templateLabel(t: PodTemplate): string {
  if (t.role === undefined) return '';
  const word = !t.kind.templates.some((s) => s.each) ? '' : t.kind.group === 'tekton.dev' ? 'task ' : 'template ';
  return ` (${word}${t.role})`;
}
