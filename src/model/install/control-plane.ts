// istiod's own Services and Deployments among the inputs: the objects an injector webhook's
// `clientConfig.service` has to name. Which names Istio's charts give them, by release, is data.
import { posix } from 'node:path';
import type { Resource } from '../../common/types.ts';
import { isPlaceholder } from '../placeholder.ts';
import { asObject } from '../workload.ts';

export interface ControlPlaneName {
  /** The name, or its start when `prefix`. */
  readonly name: string;
  readonly prefix: boolean;
  readonly releases: string;
  readonly what: string;
  /** The chart template that renders it (istio/istio). */
  readonly source: string;
}

/**
 * The Services (and Deployments of the same name) of Istio's control plane that an injector
 * webhook calls. A Deployment stands for the Service of its name: the charts name both alike.
 */
export const CONTROL_PLANE_NAMES: readonly ControlPlaneName[] = [
  { name: 'istiod', prefix: false, releases: '1.5+', what: 'istiod of the default revision', source: 'manifests/charts/istio-control/istio-discovery/templates/service.yaml' },
  {
    name: 'istiod-', prefix: true, releases: '1.5+',
    what: "istiod of a revision (istiod-<rev>), a revision tag's Service (istiod-revision-tag-<tag>), a remote istiod (istiod[-<rev>]-remote)",
    source: 'manifests/charts/istio-control/istio-discovery/templates/{service,revision-tags-svc,remote-istiod-service}.yaml',
  },
  { name: 'istio-pilot', prefix: false, releases: '<= 1.5', what: 'Pilot; in 1.5 beside istiod, with port 443', source: 'manifests/istio-control/istio-discovery/templates/service.yaml (1.5)' },
  { name: 'istio-pilot-', prefix: true, releases: '1.5', what: 'Pilot of a revision, beside istiod-<rev>', source: 'manifests/istio-control/istio-discovery/templates/service.yaml (1.5)' },
  { name: 'istio-sidecar-injector', prefix: false, releases: '<= 1.5', what: 'the sidecar injector before istiod', source: 'install/kubernetes/helm/istio/charts/sidecarInjectorWebhook/templates/service.yaml (1.4)' },
];

/** Is this one of the control plane's names? */
export function isControlPlaneName(name: string): boolean {
  return CONTROL_PLANE_NAMES.some((n) => (n.prefix ? name.startsWith(n.name) && name.length > n.name.length : name === n.name));
}

/** A name a tool fills in that starts like one of the control plane's (`istiod-${REVISION}`): it may be any of them. */
const isOpenControlPlaneName = (name: string): boolean =>
  isPlaceholder(name) && CONTROL_PLANE_NAMES.some((n) => name.startsWith(n.name.replace(/-$/, '')));

/** Deployments as every Istio release's charts wrote them. */
const DEPLOYMENT_API_VERSIONS = new Set(['apps/v1', 'apps/v1beta1', 'apps/v1beta2', 'extensions/v1beta1']);

/** The most ports a Service's list is read for; beyond, its ports are unknown. */
const MAX_PORTS = 1000;

export interface ControlPlaneObject {
  /**
   * Release: an IstioOperator, or a GitOps object (HelmRelease, Argo CD Application, …) that
   * installs the istiod chart: the Service of its revision exists, in a namespace not read.
   */
  readonly kind: 'Service' | 'Deployment' | 'Release';
  readonly name: string;
  /** Its name is filled in by a tool: it may be any control plane name. */
  readonly open: boolean;
  /** Where it lands: metadata.namespace, or the namespace a chart was rendered in; undefined = unknown. */
  readonly namespace: string | undefined;
  /**
   * The ports a webhook may call: a Service's `spec.ports[].port`. Undefined when unknown or
   * not checked by the API server: a Deployment, a Service of type ExternalName (its port is
   * taken as given), a port list that is not plain numbers.
   */
  readonly ports: readonly number[] | undefined;
  /** The folder of its file, as displayed. */
  readonly folder: string;
  readonly resource: Resource;
}

/** The folder of a resource's file, as displayed: what "beside" means for install objects and webhooks. */
export function folderOf(r: Resource): string {
  return posix.dirname(r.doc.file.displayPath.replaceAll('\\', '/'));
}

function servicePorts(spec: Record<string, unknown>): readonly number[] | undefined {
  if (spec.type === 'ExternalName') return undefined;
  if (spec.type !== undefined && typeof spec.type !== 'string') return undefined;
  const ports = spec.ports;
  if (!Array.isArray(ports) || ports.length === 0 || ports.length > MAX_PORTS) return undefined;
  const out: number[] = [];
  for (const p of ports) {
    const port = asObject(p)?.port;
    if (typeof port !== 'number' || !Number.isInteger(port)) return undefined;
    out.push(port);
  }
  return out;
}

/** istiod's Service or Deployment, by the names Istio's charts give them; undefined for anything else. */
export function controlPlaneObjectOf(r: Resource): ControlPlaneObject | undefined {
  const kind = r.kind === 'Service' && r.apiVersion === 'v1' ? 'Service' : r.kind === 'Deployment' && DEPLOYMENT_API_VERSIONS.has(r.apiVersion) ? 'Deployment' : undefined;
  if (kind === undefined || r.name === '') return undefined;
  const open = isOpenControlPlaneName(r.name);
  if (!open && !isControlPlaneName(r.name)) return undefined;
  // Only a namespace the object itself or its chart render states: a default namespace from the
  // config is where the user's workloads land, not necessarily the install.
  // `r.namespace` is unknown where the written one is a placeholder or Helm's default for a
  // chart rendered with no namespace stated.
  const namespace = r.declaredNamespace !== undefined ? r.namespace : r.doc.file.origin?.namespace;
  const spec = asObject(r.object.spec) ?? {};
  return { kind, name: r.name, open, namespace, ports: kind === 'Service' ? servicePorts(spec) : undefined, folder: folderOf(r), resource: r };
}

/** The istiod Service an install of `revision` has (undefined: a revision a tool fills in, so any). */
export function releasedControlPlane(r: Resource, revision: string | undefined): ControlPlaneObject {
  const open = revision === undefined || isPlaceholder(revision);
  const name = open ? 'istiod-*' : revision === 'default' ? 'istiod' : `istiod-${revision}`;
  return { kind: 'Release', name, open, namespace: undefined, ports: undefined, folder: folderOf(r), resource: r };
}

/**
 * Cheap pre-check on a Service's or Deployment's text (see facts.ts, mightHoldFacts): could it
 * be one of the control plane's? False only when no control plane name is written in it.
 */
export const CONTROL_PLANE_TEXT = /name["']?\s*:\s*["']?istio(?:d|-pilot|-sidecar-injector)/;

/** A block `metadata:` at the top level, and the lines under it (indented, blank or comments). */
const METADATA_BLOCK = /^metadata:[ \t]*(?:#[^\n]*)?\r?\n((?:[ \t]+[^\n]*(?:\n|$)|[ \t]*(?:#[^\n]*)?\r?\n)*)/m;
const FIRST_CHILD = /^([ \t]+)[^\s#]/m;
const NAME_LINES = /^([ \t]+)["']?name["']?[ \t]*:[ \t]*["']?istio(?:d|-pilot|-sidecar-injector)/gm;

/**
 * CONTROL_PLANE_TEXT, read where the object's name is: only `metadata.name` makes an object
 * one of the control plane's, and every injected pod has a volume `- name: istiod-ca-cert`
 * (manifests/charts/istio-control/istio-discovery/files/injection-template.yaml), which the
 * plain pattern matched. A document whose metadata is not a block mapping at the top level
 * (flow style, an alias) falls back to the plain pattern.
 */
export function mightNameControlPlane(docText: string): boolean {
  if (!CONTROL_PLANE_TEXT.test(docText)) return false;
  const block = METADATA_BLOCK.exec(docText)?.[1];
  const indent = block === undefined ? undefined : FIRST_CHILD.exec(block)?.[1];
  if (block === undefined || indent === undefined) return true;
  for (const m of block.matchAll(NAME_LINES)) if (m[1] === indent) return true;
  return false;
}
