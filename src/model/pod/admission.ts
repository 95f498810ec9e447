// What Pod Security admission does with a pod Istio injects, as far as its init container
// decides: without Istio CNI the pod gets istio-init (NET_ADMIN, NET_RAW, root), which a
// namespace enforcing "baseline" or "restricted" rejects (Istio #35894); with CNI it gets
// istio-validation; with interceptionMode NONE, neither. Admission runs after the mutating
// webhooks, so it judges the injected pod. Used by the rule pod-security-istio-init, explain
// and diff. Template: manifests/charts/istio-control/istio-discovery/files/injection-template.yaml.
import type { Facts, NamespaceFact } from '../facts.ts';
import { namespaceOf } from '../injection/intent.ts';
import { enforcedLevel, psaViolations, securityOf, type PsaLevel, type SecuritySettings } from './pod-security.ts';
import { injectionTemplates, sidecarPlan, interceptionModeOf, SIDECAR_STATUS_ANNOTATION, type SidecarPlan } from './sidecar.ts';
import { isPlaceholder } from '../placeholder.ts';
import { labelString, type PodTemplate } from '../workload.ts';
import { atLeast, type IstioVersion } from '../install/istio-version.ts';

/**
 * The injection template renders global.proxy.seccompProfile onto istio-init (or
 * istio-validation) and istio-proxy from 1.28.0 (files/injection-template.yaml); before, the
 * value is read by nothing and the injected containers carry no profile.
 */
export const readsProxySeccompProfile = (v: IstioVersion): boolean => atLeast(v, 1, 28);

export const CAP_NET_BIND_SERVICE_ANNOTATION = 'sidecar.istio.io/capNetBindService';

/** What shapes the containers Istio's template renders, as far as Pod Security cares. */
export interface RenderOptions {
  readonly tproxy: boolean;
  readonly capNetBindService: boolean;
  readonly proxySeccomp: boolean;
}

/** The container Istio's template renders, as far as Pod Security cares. */
export function plannedIstioContainer(name: 'istio-init' | 'istio-validation' | 'istio-proxy', opts: RenderOptions): SecuritySettings {
  const seccompType = opts.proxySeccomp ? 'RuntimeDefault' : undefined;
  const base = { privileged: false, allowPrivilegeEscalation: false, capDrop: ['ALL'], seccompType };
  if (name === 'istio-init') return { ...base, capAdd: ['NET_ADMIN', 'NET_RAW'], runAsUser: 0, runAsNonRoot: false };
  if (name === 'istio-validation') return { ...base, capAdd: [], runAsUser: 1337, runAsNonRoot: true };
  if (opts.tproxy || opts.capNetBindService) {
    return { ...base, capAdd: [...(opts.tproxy ? ['NET_ADMIN'] : []), ...(opts.capNetBindService ? ['NET_BIND_SERVICE'] : [])], runAsUser: 0, runAsNonRoot: false };
  }
  return { ...base, capAdd: [], runAsUser: 1337, runAsNonRoot: true };
}

/** A pod template Istio injects with its sidecar template, in a namespace that enforces a level that can reject it. */
export interface InjectedUnderPsa {
  readonly ns: NamespaceFact;
  readonly level: PsaLevel;
  readonly plan: SidecarPlan;
  /** sidecar.istio.io/interceptionMode (REDIRECT when unset). */
  readonly mode: string;
  readonly opts: RenderOptions;
  readonly pod: SecuritySettings;
}

/**
 * The pod template, when admission will judge an injection meshlint predicts: its namespace
 * enforces baseline or restricted, the pod is injected (not already), with the sidecar template.
 */
export function injectedUnderPsa(t: PodTemplate, facts: Facts): InjectedUnderPsa | undefined {
  const ns = namespaceOf(t, facts);
  if (!ns) return undefined;
  const level = enforcedLevel(ns.labels);
  if (!level || Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION)) return undefined;
  const plan = sidecarPlan(t, facts);
  if (plan.prediction.outcome !== 'injected') return undefined;
  // Other injection templates (gateway, custom ones) render other containers.
  const templates = injectionTemplates(t);
  if (templates !== undefined && (templates.length !== 1 || templates[0] !== 'sidecar')) return undefined;
  // A mode or capability a tool fills in decides which init container runs, and with which capabilities.
  const mode = interceptionModeOf(t);
  const capNetBindService = labelString(t.annotations[CAP_NET_BIND_SERVICE_ANNOTATION]);
  if (mode === undefined || (capNetBindService !== undefined && isPlaceholder(capNetBindService))) return undefined;
  const opts = {
    tproxy: mode === 'TPROXY',
    capNetBindService: capNetBindService === 'true',
    proxySeccomp: plan.install.proxySeccompProfile?.value === true && readsProxySeccompProfile(facts.mesh.version),
  };
  return { ns, level, plan, mode, opts, pod: securityOf(t.spec.securityContext) };
}

export interface InitAdmission {
  /** admitted: no istio-init (CNI, or interception off); rejected: istio-init fails the level; unknown: whether CNI is on is not known. */
  readonly outcome: 'admitted' | 'rejected' | 'unknown';
  /** The checks istio-init fails, as the API server names them (rejected only). */
  readonly violations: readonly string[];
  /** In one line. */
  readonly why: string;
}

/** Whether the injected pod's init container passes the level its namespace enforces. */
export function initAdmission(p: InjectedUnderPsa): InitAdmission {
  const where = `Pod Security "${p.level}" in namespace ${p.ns.name}`;
  if (p.mode === 'NONE') return { outcome: 'admitted', violations: [], why: `${where}: no init container (interceptionMode NONE)` };
  if (p.plan.cni.value === true) return { outcome: 'admitted', violations: [], why: `${where}: istio-validation, not istio-init (Istio CNI)` };
  if (p.plan.cni.value === 'unknown') return { outcome: 'unknown', violations: [], why: `${where}: istio-init or istio-validation, as Istio CNI is on or off (${p.plan.cni.why})` };
  const violations = psaViolations(p.level, plannedIstioContainer('istio-init', p.opts), p.pod);
  return violations.length > 0
    ? { outcome: 'rejected', violations, why: `${where} rejects istio-init (${violations.join('; ')})` }
    : { outcome: 'admitted', violations: [], why: `${where} admits istio-init` };
}

/** The admission of a pod template's injection, for explain and diff; undefined where no enforced level judges an injection. */
export function admissionOf(t: PodTemplate, facts: Facts): InitAdmission | undefined {
  const p = injectedUnderPsa(t, facts);
  return p ? initAdmission(p) : undefined;
}
