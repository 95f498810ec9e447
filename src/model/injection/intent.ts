// What the author says they want for a pod template: the signals that ask for a sidecar
// (namespace istio-injection=enabled or istio.io/rev, pod label inject "true" or istio.io/rev,
// annotation inject "true") and the explicit opt-out (label over annotation "false").
import type { Path, RelatedLocation, Resource } from '../../common/types.ts';
import type { Facts, NamespaceFact } from '../facts.ts';
import { readsInjectLabel } from './injection.ts';
import type { IstioVersion } from '../install/istio-version.ts';
import { INJECT_KEY, NS_INJECTION_LABEL, REV_LABEL } from './mesh.ts';
import { labelString, templatePath, type PodTemplate } from '../workload.ts';

export interface Signal {
  readonly text: string;
  readonly related: RelatedLocation | undefined;
  /** The pod asks for a sidecar itself (a label or annotation of its own), not only its namespace. */
  readonly fromPod: boolean;
}


/**
 * The inject value istiod's injectRequired reads, and where it is written: the label wins over
 * the annotation from 1.12 on; before, only the annotation is read (readsInjectLabel).
 */
export function effectiveInject(t: PodTemplate, version: IstioVersion): { value: string; from: 'label' | 'annotation'; path: Path } | undefined {
  const label = readsInjectLabel(version) ? labelString(t.labels[INJECT_KEY]) : undefined;
  if (label !== undefined) return { value: label, from: 'label', path: templatePath(t, 'metadata', 'labels', INJECT_KEY) };
  const annotation = labelString(t.annotations[INJECT_KEY]);
  if (annotation !== undefined) return { value: annotation, from: 'annotation', path: templatePath(t, 'metadata', 'annotations', INJECT_KEY) };
  return undefined;
}

/**
 * The pod says it wants no sidecar: by the value injectRequired reads, or before 1.12 by a label
 * "false" that the chart's webhook objectSelector may exclude it by (quiet where unsure).
 */
export function explicitlyOptedOut(t: PodTemplate, version: IstioVersion): boolean {
  return effectiveInject(t, version)?.value === 'false' || labelString(t.labels[INJECT_KEY]) === 'false';
}

/** A related location pointing at a namespace label, when the Namespace (or the object that creates it) is among the inputs. */
export function namespaceLabelLocation(ns: NamespaceFact | undefined, key: string, message: string): RelatedLocation | undefined {
  if (ns?.createdBy) return { target: ns.createdBy.target, message: `${message} (${ns.createdBy.source})` };
  if (!ns?.resource) return undefined;
  const labels = (ns.resource.object.metadata as { labels?: Record<string, unknown> } | undefined)?.labels;
  const path = labels && key in labels ? ['metadata', 'labels', key] : ['metadata', 'name'];
  return { target: { resource: ns.resource, path }, message };
}

export function namespaceOf(t: PodTemplate | Resource, facts: Facts): NamespaceFact | undefined {
  const r = 'resource' in t ? t.resource : t;
  return r.namespace ? facts.namespaces.get(r.namespace) : undefined;
}

/** Every signal that asks for a sidecar. Empty when none does. */
export function injectionIntent(t: PodTemplate, facts: Facts): Signal[] {
  const out: Signal[] = [];
  const ns = namespaceOf(t, facts);
  const where = ns?.origin === 'config' ? ' (in the config file)' : ns?.createdBy ? ` (set by ${ns.createdBy.source})` : '';
  if (ns?.labels[NS_INJECTION_LABEL] === 'enabled') {
    out.push({ text: `namespace ${ns.name} has ${NS_INJECTION_LABEL}=enabled${where}`, related: namespaceLabelLocation(ns, NS_INJECTION_LABEL, `namespace ${ns.name}: ${NS_INJECTION_LABEL}=enabled`), fromPod: false });
  }
  const nsRev = ns?.labels[REV_LABEL];
  if (ns && nsRev !== undefined && nsRev !== '') {
    out.push({ text: `namespace ${ns.name} has ${REV_LABEL}=${nsRev}${where}`, related: namespaceLabelLocation(ns, REV_LABEL, `namespace ${ns.name}: ${REV_LABEL}=${nsRev}`), fromPod: false });
  }
  const label = labelString(t.labels[INJECT_KEY]);
  if (label === 'true') {
    out.push({ text: `the pod template has label ${INJECT_KEY}: "true"`, related: { target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', INJECT_KEY) }, message: 'the label that asks for a sidecar' }, fromPod: true });
  }
  const podRev = labelString(t.labels[REV_LABEL]);
  if (podRev !== undefined && podRev !== '') {
    out.push({ text: `the pod template has label ${REV_LABEL}: ${podRev}`, related: { target: { resource: t.resource, path: templatePath(t, 'metadata', 'labels', REV_LABEL) }, message: 'the revision label that asks for a sidecar' }, fromPod: true });
  }
  const annotation = labelString(t.annotations[INJECT_KEY]);
  if (annotation === 'true') {
    out.push({ text: `the pod template has annotation ${INJECT_KEY}: "true"`, related: { target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', INJECT_KEY) }, message: 'the annotation that asks for a sidecar' }, fromPod: true });
  }
  return out;
}

export function relatedOf(signals: readonly Signal[]): RelatedLocation[] {
  return signals.flatMap((s) => (s.related ? [s.related] : []));
}
