// Kubernetes Pod Security admission, as far as Istio's containers and node agents can fail it:
// the level a namespace enforces (label pod-security.kubernetes.io/enforce; the warn and audit
// labels reject nothing) and the checks of the Pod Security Standards a pod spec fails, in the
// API server's words (`violates PodSecurity "baseline:latest": hostPath volumes (...)`).
// Source: kubernetes staging/src/k8s.io/pod-security-admission/policy/check_*.go.
import { asObject, type PodTemplate } from '../workload.ts';

export const ENFORCE_LABEL = 'pod-security.kubernetes.io/enforce';

export type PsaLevel = 'baseline' | 'restricted';

/** The Pod Security level a namespace enforces, when it is one that can reject Istio's containers. */
export function enforcedLevel(labels: Readonly<Record<string, string>>): PsaLevel | undefined {
  const v = labels[ENFORCE_LABEL];
  return v === 'baseline' || v === 'restricted' ? v : undefined;
}

/** The securityContext fields Pod Security looks at, for a container or (runAs*, seccomp) the pod. */
export interface SecuritySettings {
  readonly privileged?: boolean;
  readonly allowPrivilegeEscalation?: boolean;
  readonly capAdd: readonly string[];
  readonly capDrop: readonly string[];
  readonly runAsUser?: number;
  readonly runAsNonRoot?: boolean;
  readonly seccompType?: string;
}

const MAX_ITEMS = 256;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.slice(0, MAX_ITEMS).filter((s): s is string => typeof s === 'string') : []);

export function securityOf(securityContext: unknown): SecuritySettings {
  const sc = asObject(securityContext) ?? {};
  const caps = asObject(sc.capabilities) ?? {};
  const seccomp = asObject(sc.seccompProfile)?.type;
  return {
    privileged: bool(sc.privileged),
    allowPrivilegeEscalation: bool(sc.allowPrivilegeEscalation),
    capAdd: strings(caps.add),
    capDrop: strings(caps.drop),
    runAsUser: typeof sc.runAsUser === 'number' ? sc.runAsUser : undefined,
    runAsNonRoot: bool(sc.runAsNonRoot),
    seccompType: typeof seccomp === 'string' ? seccomp : undefined,
  };
}

/** Capabilities "baseline" lets a container add (Pod Security Standards, capabilities_baseline). */
const BASELINE_CAPS = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);
const NON_DEFAULT_CAPS = 'non-default capabilities';
const validSeccomp = (t: string | undefined): boolean => t === 'RuntimeDefault' || t === 'Localhost';

/** The container's seccomp profile is one "restricted" accepts, from the container or else the pod. */
export function hasSeccomp(c: SecuritySettings, pod: SecuritySettings): boolean {
  return validSeccomp(c.seccompType ?? pod.seccompType);
}

/**
 * What Pod Security at `level` says about one container. Only the checks Istio's containers can
 * fail: privileged, capabilities, privilege escalation, root, seccomp.
 */
export function psaViolations(level: PsaLevel, c: SecuritySettings, pod: SecuritySettings): string[] {
  const out: string[] = [];
  if (c.privileged === true) out.push('privileged');
  const nonDefault = c.capAdd.filter((cap) => !BASELINE_CAPS.has(cap));
  if (nonDefault.length) out.push(`${NON_DEFAULT_CAPS} (${nonDefault.join(', ')})`);
  if (level === 'baseline') return out;
  if (c.allowPrivilegeEscalation !== false) out.push('allowPrivilegeEscalation != false');
  const extra = c.capAdd.filter((cap) => cap !== 'NET_BIND_SERVICE');
  if (!c.capDrop.includes('ALL') || extra.length) out.push('unrestricted capabilities');
  if ((c.runAsNonRoot ?? pod.runAsNonRoot) !== true) out.push('runAsNonRoot != true');
  if (c.runAsUser === 0 || (c.runAsUser === undefined && pod.runAsUser === 0)) out.push('runAsUser=0');
  if (!hasSeccomp(c, pod)) out.push('seccompProfile not RuntimeDefault or Localhost');
  return out;
}

/** Pod-level fields "baseline" forbids when true (check_hostNamespaces.go). */
const HOST_NAMESPACES: readonly string[] = ['hostNetwork', 'hostPID', 'hostIPC'];
/** Volume types "restricted" allows (check_restrictedVolumes.go); hostPath is already a "baseline" violation. */
const RESTRICTED_VOLUME_TYPES = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret']);

const listOf = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.slice(0, MAX_ITEMS).map((x) => asObject(x)).filter((x): x is Record<string, unknown> => x !== undefined) : [];
const names = (items: readonly Record<string, unknown>[]): string =>
  `${items.slice(0, 3).map((i) => (typeof i.name === 'string' ? i.name : '?')).join(', ')}${items.length > 3 ? `, +${items.length - 3}` : ''}`;

/**
 * Every check a pod template fails at `level`: its host namespaces, hostPath and host ports, and
 * its containers' security contexts (init and ephemeral ones included, as admission checks them),
 * merged across containers.
 */
export function podViolations(level: PsaLevel, t: PodTemplate): string[] {
  const out: string[] = [];
  const host = HOST_NAMESPACES.filter((k) => t.spec[k] === true);
  if (host.length) out.push(`host namespaces (${host.map((k) => `${k}=true`).join(', ')})`);
  const volumes = listOf(t.spec.volumes);
  const hostPath = volumes.filter((v) => v.hostPath !== undefined && v.hostPath !== null);
  if (hostPath.length) out.push(`hostPath volumes (${names(hostPath)})`);
  if (level === 'restricted') {
    const other = volumes.filter((v) => !Object.hasOwn(v, 'hostPath') && !Object.keys(v).some((k) => RESTRICTED_VOLUME_TYPES.has(k)) && Object.keys(v).some((k) => k !== 'name'));
    if (other.length) out.push(`restricted volume types (${names(other)})`);
  }
  const ports = t.containers.filter((c) => listOf(c.object.ports).some((p) => typeof p.hostPort === 'number' && p.hostPort !== 0));
  if (ports.length) out.push(`hostPort (${ports.map((c) => c.name).slice(0, 3).join(', ')})`);
  const pod = securityOf(t.spec.securityContext);
  // The same check on several containers is said once, with the union of their capabilities.
  const caps = new Set<string>();
  const rest: string[] = [];
  for (const c of t.containers) {
    const sc = securityOf(c.object.securityContext);
    for (const cap of sc.capAdd) if (!BASELINE_CAPS.has(cap)) caps.add(cap);
    for (const v of psaViolations(level, sc, pod)) if (!v.startsWith(NON_DEFAULT_CAPS) && !rest.includes(v)) rest.push(v);
  }
  if (caps.size) out.push(`${NON_DEFAULT_CAPS} (${[...caps].join(', ')})`);
  return [...out, ...rest];
}
