// The sidecar Istio's injection template would add to a pod, as far as start-up and admission
// care: native (an init container with restartPolicy Always) or classic, held until the proxy
// is ready or not, and which init container sets up traffic capture (istio-init, which needs
// NET_ADMIN/NET_RAW and root, or istio-validation with CNI).
// Template: manifests/charts/istio-control/istio-discovery/files/injection-template.yaml.
import type { Facts } from '../facts.ts';
import type { InjectionPrediction } from '../injection/injection.ts';
import { atLeast, type IstioVersion } from '../install/istio-version.ts';
import type { InstallSettings, Stated } from '../install/install.ts';
import { predictForTemplate } from '../injection/pod-injection.ts';
import { isPlaceholder } from '../placeholder.ts';
import { holdFromProxyConfig } from './proxy-config.ts';
import { asObject, getIn, labelString, templatePath, type PodTemplate } from '../workload.ts';
import type { Path } from '../../common/types.ts';

export const NATIVE_SIDECAR_ANNOTATION = 'sidecar.istio.io/nativeSidecar';
export const PROXY_CONFIG_ANNOTATION = 'proxy.istio.io/config';
export const INTERCEPTION_MODE_ANNOTATION = 'sidecar.istio.io/interceptionMode';
export const STATUS_PORT_ANNOTATION = 'status.sidecar.istio.io/port';
export const TEMPLATES_ANNOTATION = 'inject.istio.io/templates';
/** The containers the injector adds: istio-proxy, and istio-init or istio-validation. */
export const ISTIO_CONTAINER_NAMES: ReadonlySet<string> = new Set(['istio-proxy', 'istio-init', 'istio-validation']);

/** The injection templates a pod asks for (`inject.istio.io/templates`), or undefined for the default one. */
export function injectionTemplates(t: PodTemplate): string[] | undefined {
  const value = labelString(t.annotations[TEMPLATES_ANNOTATION]);
  return value === undefined ? undefined : value.split(',').map((s) => s.trim());
}

export type Tri = true | false | 'unknown';

/** The pod's interception mode (REDIRECT unless `sidecar.istio.io/interceptionMode` says otherwise); undefined when a tool fills it in. */
export function interceptionModeOf(t: PodTemplate): string | undefined {
  const written = labelString(t.annotations[INTERCEPTION_MODE_ANNOTATION]);
  if (written !== undefined && isPlaceholder(written)) return undefined;
  return written ?? 'REDIRECT';
}

/** A decision with the reason for it, in words a user can check. */
export interface Decided<T> {
  readonly value: T;
  readonly why: string;
  /** Where the deciding value is written in this pod template, when it is. */
  readonly path?: Path;
  /** Where the deciding setting is stated in the install, when it is among the inputs. */
  readonly stated?: Stated<unknown>;
  /** A setting that asks for the other answer but that this release does not read yet: in the pod (path) or the install (stated). */
  readonly unread?: { readonly what: string; readonly path?: Path; readonly stated?: Stated<unknown> };
}

export interface SidecarPlan {
  readonly prediction: InjectionPrediction;
  /** The revision whose injector serves the pod ("default" when no webhook is known to match). */
  readonly revision: string;
  readonly install: InstallSettings;
  readonly native: Decided<Tri>;
  readonly hold: Decided<Tri>;
  readonly cni: Decided<Tri>;
}

/** Native sidecars for this pod: the annotation, else istiod's ENABLE_NATIVE_SIDECARS, else the version's default (pilot/pkg/features). */
export function nativeSidecarsFor(t: PodTemplate, install: InstallSettings, version: Facts['mesh']['version']): Decided<Tri> {
  const annotation = labelString(t.annotations[NATIVE_SIDECAR_ANNOTATION]);
  const newTemplate = atLeast(version, 1, 27);
  // The template reads the annotation from 1.24. 1.24-1.26: `isset`, then `eq … "true"`, so any
  // value set, the empty one too, decides, and only the exact "true" turns native mode on.
  // 1.27+: `ne (… | default <istiod's setting>) "false"`: an empty value falls back to istiod's
  // setting, and any other value but the exact "false" turns native mode on.
  if (annotation !== undefined && atLeast(version, 1, 24) && !(newTemplate && annotation === '')) {
    const path = templatePath(t, 'metadata', 'annotations', NATIVE_SIDECAR_ANNOTATION);
    if (isPlaceholder(annotation)) return { value: 'unknown', why: `the pod's annotation ${NATIVE_SIDECAR_ANNOTATION}: "${annotation}" is filled in by a tool`, path };
    const native = newTemplate ? annotation !== 'false' : annotation === 'true';
    return { value: native, why: `the pod's annotation ${NATIVE_SIDECAR_ANNOTATION}: "${annotation}" ${native ? 'turns native sidecars on' : 'turns native sidecars off'}`, path };
  }
  const stated = install.nativeSidecars;
  if (stated) {
    if (stated.value === 'auto' && newTemplate) {
      return { value: 'unknown', why: `${stated.source} is "auto": native sidecars only if every node runs Kubernetes 1.33 or later`, stated };
    }
    // Before 1.27 the template compares the variable with "true" (`eq (env …) "true"`): "auto" is off.
    if (stated.value === 'auto') return { value: false, why: `${stated.source} is "auto", which Istio ${version.text} reads as false (only "true" turns native sidecars on before 1.27)`, stated };
    return { value: stated.value === 'true', why: `${stated.source} is "${stated.value}"`, stated };
  }
  if (atLeast(version, 1, 27)) {
    return { value: 'unknown', why: `ENABLE_NATIVE_SIDECARS is not stated, and from Istio 1.27 its default "auto" turns native sidecars on only if every node runs Kubernetes 1.33 or later (state it in the config: istio.nativeSidecars)` };
  }
  return { value: false, why: 'ENABLE_NATIVE_SIDECARS defaults to false before Istio 1.27' };
}

/**
 * holdApplicationUntilProxyStarts as the template computes it: (pod ProxyConfig OR Helm value)
 * and not native. The annotation overrides the mesh default; the Helm value cannot be turned off per pod.
 * The Helm value global.proxy.holdApplicationUntilProxyStarts exists from 1.7.0; the ProxyConfig
 * field (the mesh's defaultConfig, the pod's proxy.istio.io/config) from 1.8.0 (istio/api
 * mesh/v1alpha1/proxy.proto; the 1.7 template reads `.Values.global.proxy.holdApplicationUntilProxyStarts` only).
 */
export function holdFor(t: PodTemplate, install: InstallSettings, version: IstioVersion): Decided<Tri> {
  const text = labelString(t.annotations[PROXY_CONFIG_ANNOTATION]);
  const fromPod = text !== undefined ? holdFromProxyConfig(text) : undefined;
  const podPath = templatePath(t, 'metadata', 'annotations', PROXY_CONFIG_ANNOTATION);
  if (!atLeast(version, 1, 7)) return { value: false, why: `Istio ${version.text} cannot hold the app until the proxy starts (holdApplicationUntilProxyStarts came in 1.7)` };
  if (install.holdValues?.value === true) return { value: true, why: `${install.holdValues.source} is true`, stated: install.holdValues };
  if (!atLeast(version, 1, 8)) {
    // The config's istio.holdApplicationUntilProxyStarts states the outcome, whichever setting makes it.
    if (install.holdMesh?.origin === 'config') return { value: install.holdMesh.value, why: `${install.holdMesh.source} is ${install.holdMesh.value}`, stated: install.holdMesh };
    const unread = fromPod === true
      ? { what: `the pod's ${PROXY_CONFIG_ANNOTATION} holdApplicationUntilProxyStarts`, path: podPath }
      : install.holdMesh?.value === true ? { what: install.holdMesh.source, stated: install.holdMesh } : undefined;
    const only = `Istio ${version.text} reads only the Helm value global.proxy.holdApplicationUntilProxyStarts (the ProxyConfig field came in 1.8.0)`;
    if (install.holdValues?.value === false) return { value: false, why: `${only}, and ${install.holdValues.source} is false`, stated: install.holdValues, ...(unread ? { unread } : {}) };
    if (install.declaredBy) return { value: false, why: `${only}, and ${install.declaredBy.source} does not set it`, stated: install.declaredBy, ...(unread ? { unread } : {}) };
    return { value: 'unknown', why: `${only}, which no install among the inputs states`, ...(unread ? { unread } : {}) };
  }
  if (fromPod !== undefined) return { value: fromPod, why: `the pod's ${PROXY_CONFIG_ANNOTATION} sets holdApplicationUntilProxyStarts: ${fromPod}`, path: podPath };
  // A ProxyConfig a tool fills in, whole or in part, may set it.
  if (text !== undefined && isPlaceholder(text)) return { value: 'unknown', why: `the pod's ${PROXY_CONFIG_ANNOTATION} is filled in by a tool`, path: podPath };
  if (install.holdMesh) return { value: install.holdMesh.value, why: `${install.holdMesh.source} is ${install.holdMesh.value}`, stated: install.holdMesh };
  if (install.holdValues?.value === false) return { value: false, why: `neither the pod nor the mesh config sets it, and ${install.holdValues.source} is false`, stated: install.holdValues };
  // The install among the inputs leaves it out: Istio's default, off.
  if (install.declaredBy) return { value: false, why: `${install.declaredBy.source} does not set it (Istio's default: off)`, stated: install.declaredBy };
  // Istio's default is false, but the mesh config that could set it is not known.
  return { value: 'unknown', why: 'neither the pod nor a mesh config among the inputs sets it (state istio.holdApplicationUntilProxyStarts in .meshlint.yaml)' };
}

export function cniFor(install: InstallSettings): Decided<Tri> {
  const c = install.cni;
  // The install among the inputs leaves CNI out: Istio's default, istio-init.
  if (!c && install.declaredBy) return { value: false, why: `${install.declaredBy.source} does not enable Istio CNI (Istio's default: istio-init)`, stated: install.declaredBy };
  if (!c) return { value: 'unknown', why: 'whether Istio CNI is enabled is not stated (no istiod install among the inputs sets pilot.cni.enabled; state it in the config: istio.cni)' };
  return { value: c.value, why: `${c.source} is ${c.value}`, stated: c };
}

/**
 * Does the pod get a sidecar beside an app of its own? Injection templates other than
 * `sidecar` (gateway, grpc-agent, custom ones) are not sidecars, and a pod whose only container
 * is istio-proxy (a gateway, ztunnel) is the proxy itself: nothing waits on it.
 */
export function hasAppContainers(t: PodTemplate): boolean {
  const templates = injectionTemplates(t);
  if (templates !== undefined && !templates.includes('sidecar')) return false;
  return t.addsApp || t.containers.some((c) => c.group === 'containers' && c.name !== 'istio-proxy');
}

const plans = new WeakMap<PodTemplate, WeakMap<Facts, SidecarPlan>>();

/** Everything start-up and admission rules need to know about a pod template's sidecar; built once per template, as several rules ask. */
export function sidecarPlan(t: PodTemplate, facts: Facts): SidecarPlan {
  let byFacts = plans.get(t);
  const hit = byFacts?.get(facts);
  if (hit) return hit;
  const plan = buildPlan(t, facts);
  if (!byFacts) {
    byFacts = new WeakMap();
    plans.set(t, byFacts);
  }
  byFacts.set(facts, plan);
  return plan;
}

function buildPlan(t: PodTemplate, facts: Facts): SidecarPlan {
  const prediction = predictForTemplate(t, facts);
  const revision = prediction.via?.revision ?? 'default';
  const install = facts.mesh.installFor(revision);
  return {
    prediction,
    revision,
    install,
    native: nativeSidecarsFor(t, install, facts.mesh.version),
    hold: holdFor(t, install, facts.mesh.version),
    cni: cniFor(install),
  };
}

/** An `istio-proxy` already in the manifest (injected output, or a manual `istioctl kube-inject`). */
export interface RenderedProxy {
  /** In initContainers with restartPolicy Always: a native sidecar. */
  readonly native: boolean;
  /** The first of the app containers (classic mode with hold moves it there). */
  readonly first: boolean;
  /** lifecycle.postStart runs `pilot-agent wait`: the hold hook. */
  readonly holdHook: boolean;
  readonly startupProbe: boolean;
  readonly path: Path;
}

export const SIDECAR_STATUS_ANNOTATION = 'sidecar.istio.io/status';

/**
 * The proxy of a pod the injector already rendered (it records that in sidecar.istio.io/status).
 * An istio-proxy container without that annotation is an override the injector merges into its template.
 */
export function renderedProxy(t: PodTemplate): RenderedProxy | undefined {
  if (!Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION)) return undefined;
  const proxy = t.containers.find((c) => c.name === 'istio-proxy' && c.group !== 'ephemeralContainers');
  if (!proxy) return undefined;
  const o = proxy.object;
  const postStart = JSON.stringify((o.lifecycle as { postStart?: unknown } | undefined)?.postStart ?? null);
  return {
    native: proxy.group === 'initContainers' && o.restartPolicy === 'Always',
    first: proxy.group === 'containers' && proxy.index === 0,
    holdHook: /pilot-agent/.test(postStart) && /"wait"/.test(postStart),
    startupProbe: o.startupProbe !== undefined && o.startupProbe !== null,
    path: proxy.path,
  };
}

/** The pod template's own metadata, or the template itself when it has none. */
export function metadataAnchor(t: PodTemplate): Path {
  const own = t.metaSources[0]?.path;
  if (!own) return t.path;
  const parent = asObject(getIn(t.resource.object, own.slice(0, -1)));
  const last = own[own.length - 1];
  return own.length > 0 && parent && typeof last === 'string' && Object.hasOwn(parent, last) ? own : t.path;
}

/** Where an annotation for the pod goes: its annotations, else its metadata, else the template itself. */
export function annotationAnchor(t: PodTemplate): Path {
  return Object.hasOwn(t.metadata, 'annotations') ? templatePath(t, 'metadata', 'annotations') : metadataAnchor(t);
}
