// Istio's injection template adds emptyDir volumes to every pod (workload-socket,
// credential-socket, workload-certs, istio-data; istio-envoy is memory-backed). The Kubernetes
// cluster-autoscaler counts a disk-backed emptyDir as local storage, and with its default
// --skip-nodes-with-local-storage=true it never removes a node that runs such a pod, unless
// the pod says it is safe to evict (cluster-autoscaler: simulator/drainability/rules/localstorage,
// utils/drain HasBlockingLocalStorage; Istio #19395).
import { shortList } from '../src/engine/notes.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { podFacts, predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { injectorConfigDataOf, injectorValuesOf } from '../src/model/injection/mesh.ts';
import { injectionTemplates, metadataAnchor, SIDECAR_STATUS_ANNOTATION } from '../src/model/pod/sidecar.ts';
import { asObject, getIn, labelString, templatePath, type PodTemplate } from '../src/model/workload.ts';
import type { Facts } from '../src/model/facts.ts';
import type { Path, PathEdit, Resource } from '../src/common/types.ts';

export const SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
export const SAFE_TO_EVICT_LOCAL_VOLUMES = 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes';
const USER_VOLUME_ANNOTATION = 'sidecar.istio.io/userVolume';

/**
 * The disk-backed emptyDir volumes the sidecar and gateway templates add. workload-socket,
 * credential-socket and workload-certs are written without a source, which the API server
 * defaults to emptyDir {}. istio-envoy (medium: Memory) does not block scale-down since
 * cluster-autoscaler 1.27, the release that introduced safe-to-evict-local-volumes.
 */
export const ISTIO_LOCAL_VOLUMES = ['workload-socket', 'credential-socket', 'workload-certs', 'istio-data'] as const;

/**
 * Pods of these kinds have a controller the autoscaler accepts as "replicated" (Deployment →
 * ReplicaSet; Argo Rollout → ReplicaSet). Bare Pods block scale-down anyway (not replicated),
 * DaemonSet pods never do, and Job pods block only while they run.
 */
const REPLICATED_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'ReplicationController']);
const isReplicated = (r: Resource): boolean => REPLICATED_KINDS.has(r.kind) || (r.kind === 'Rollout' && r.apiVersion.startsWith('argoproj.io/'));

/** A volume the autoscaler counts as local storage: hostPath, or an emptyDir not backed by memory. */
export function isLocalVolume(volume: unknown): boolean {
  const v = asObject(volume);
  if (!v) return false;
  if (v.hostPath !== undefined && v.hostPath !== null) return true;
  const sources = Object.keys(v).filter((k) => k !== 'name');
  // A volume without any source is defaulted to emptyDir {} by the API server.
  if (sources.length === 0 || (sources.length === 1 && v[sources[0] as string] === null)) return true;
  if (!Object.hasOwn(v, 'emptyDir')) return false;
  return asObject(v.emptyDir)?.medium !== 'Memory';
}

/** Names in safe-to-evict-local-volumes, as the autoscaler reads them: split on commas, not trimmed. */
export function listedVolumes(value: string | undefined): string[] {
  return value ? value.split(',') : [];
}

/** Local volumes an `sidecar.istio.io/userVolume` annotation adds (a JSON map of name → volume). */
export function userVolumeNames(annotation: string | undefined): string[] {
  if (!annotation) return [];
  try {
    const parsed = asObject(JSON.parse(annotation));
    return parsed ? Object.entries(parsed).filter(([, v]) => isLocalVolume(v)).map(([k]) => k) : [];
  } catch {
    return [];
  }
}

/** What the install adds to every injected pod: injectedAnnotations, and whether workload-certs is a CSI volume. */
export interface InjectorExtras {
  readonly injectedAnnotations: Readonly<Record<string, string>>;
  readonly gkeWorkloadCertificate: boolean;
}

const extrasCache = new WeakMap<Resource, InjectorExtras>();

/** Reads injectedAnnotations and global.caName from an injector ConfigMap or an IstioOperator. */
export function injectorExtras(r: Resource | undefined): InjectorExtras {
  const none: InjectorExtras = { injectedAnnotations: {}, gkeWorkloadCertificate: false };
  if (!r) return none;
  const hit = extrasCache.get(r);
  if (hit) return hit;
  let annotations: unknown;
  let caName: unknown;
  if (r.kind === 'ConfigMap') {
    annotations = injectorConfigDataOf(r).value?.injectedAnnotations;
    caName = getIn(injectorValuesOf(r), ['global', 'caName']);
  } else if (r.kind === 'IstioOperator') {
    annotations = getIn(r.object, ['spec', 'values', 'sidecarInjectorWebhook', 'injectedAnnotations']);
    caName = getIn(r.object, ['spec', 'values', 'global', 'caName']);
  }
  const injectedAnnotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(asObject(annotations) ?? {})) injectedAnnotations[k] = labelString(v) ?? '';
  const out = { injectedAnnotations, gkeWorkloadCertificate: caName === 'GkeWorkloadCertificate' };
  extrasCache.set(r, out);
  return out;
}

export interface EvictionCheck {
  /** The Istio volumes that keep the node from being removed. */
  readonly blocking: readonly string[];
  /** The pod's own local volumes that are not listed either. */
  readonly own: readonly string[];
  /** Listed entries that would match an Istio volume but for spaces around them. */
  readonly spaced: readonly string[];
}

/**
 * Which local volumes of an injected pod block scale-down. Undefined when the pod says it is
 * safe to evict ("true") or never to evict it ("false"): the autoscaler then ignores its volumes.
 */
export function evictionCheck(annotations: Readonly<Record<string, string>>, istioVolumes: readonly string[], ownVolumes: readonly string[]): EvictionCheck | undefined {
  const safe = annotations[SAFE_TO_EVICT];
  if (safe === 'true' || safe === 'false') return undefined;
  // A value a tool fills in may say either, or list any volume.
  const local = annotations[SAFE_TO_EVICT_LOCAL_VOLUMES];
  if ((safe !== undefined && isPlaceholder(safe)) || (local !== undefined && isPlaceholder(local))) return undefined;
  const listed = listedVolumes(local);
  const blocking = istioVolumes.filter((v) => !listed.includes(v));
  if (blocking.length === 0) return undefined;
  const spaced = listed.filter((l) => l !== l.trim() && blocking.includes(l.trim()));
  return { blocking, own: ownVolumes.filter((v) => !listed.includes(v)), spaced };
}

const volumesOf = (t: PodTemplate): unknown[] => (Array.isArray(t.spec.volumes) ? t.spec.volumes : []);
const volumeName = (v: unknown): string | undefined => {
  const n = asObject(v)?.name;
  return typeof n === 'string' ? n : undefined;
};

/** The injection templates whose volumes are known: sidecar (the default) and gateway. */
function knownTemplates(t: PodTemplate): boolean {
  const names = injectionTemplates(t);
  if (names === undefined) return true;
  return names.length > 0 && names.every((n) => n === 'sidecar' || n === 'gateway');
}

/** The Istio volumes (and the pod's own local ones) of a pod template Istio injects or injected. */
export function injectedVolumes(t: PodTemplate, facts: Facts): { istio: string[]; own: string[]; annotations: Record<string, string> } | undefined {
  const annotations = { ...podFacts(t).annotations };
  const istioNames = new Set<string>(ISTIO_LOCAL_VOLUMES);
  const own: string[] = [];
  if (Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION) && t.containers.some((c) => c.name === 'istio-proxy')) {
    // Already injected: the manifest holds the volumes.
    const istio: string[] = [];
    for (const v of volumesOf(t)) {
      const name = volumeName(v);
      if (name === undefined || !isLocalVolume(v)) continue;
      (istioNames.has(name) ? istio : own).push(name);
    }
    return { istio, own, annotations };
  }
  const prediction = predictForTemplate(t, facts);
  if (prediction.outcome !== 'injected' || !prediction.via || !knownTemplates(t)) return undefined;
  const extras = injectorExtras(facts.mesh.injectorFor(prediction.via.revision).resource);
  // injectedAnnotations are written onto the pod at injection, over its own.
  Object.assign(annotations, extras.injectedAnnotations);
  const istio: string[] = ISTIO_LOCAL_VOLUMES.filter((v) => !(v === 'workload-certs' && extras.gkeWorkloadCertificate));
  istio.push(...userVolumeNames(labelString(t.annotations[USER_VOLUME_ANNOTATION])));
  for (const v of volumesOf(t)) {
    const name = volumeName(v);
    if (name !== undefined && isLocalVolume(v)) own.push(name);
  }
  return { istio, own, annotations };
}

export default createRule<[], 'blocksScaleDown' | 'addLocalVolumes'>({
  name: 'autoscaler-safe-to-evict',
  meta: {
    type: 'suggestion',
    hasSuggestions: true,
    docs: {
      description: 'Injected pods whose sidecar volumes keep the cluster-autoscaler from removing their node',
      defaultLevel: 'off',
      precision: 'medium',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      blocksScaleDown: 'Istio\'s volumes {{ volumes }}{{ own }} block node scale-down. List them in {{ annotation }}{{ spaced }}.',
      addLocalVolumes: 'List the volumes in {{ annotation }}: "{{ list }}"',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!isReplicated(t.resource)) return;
        const found = injectedVolumes(t, context.facts);
        if (!found) return;
        const check = evictionCheck(found.annotations, found.istio, found.own);
        if (!check) return;
        const written = labelString(t.annotations[SAFE_TO_EVICT_LOCAL_VOLUMES]);
        const listed = listedVolumes(written).map((v) => v.trim()).filter((v) => v !== '');
        const list = [...new Set([...listed, ...check.blocking])].join(',');
        const annotationsPath = templatePath(t, 'metadata', 'annotations');
        let target: Path;
        let edits: PathEdit[] = [];
        if (written !== undefined) {
          target = [...annotationsPath, SAFE_TO_EVICT_LOCAL_VOLUMES];
          edits = [{ op: 'set', path: target, value: list }];
        } else if (Object.hasOwn(t.metadata, 'annotations')) {
          target = annotationsPath;
          const a = asObject(t.metadata.annotations);
          if (a && Object.keys(a).length > 0) edits = [{ op: 'insert', path: annotationsPath, key: SAFE_TO_EVICT_LOCAL_VOLUMES, value: list }];
        } else {
          target = metadataAnchor(t);
          if (Object.keys(t.metadata).length > 0) edits = [{ op: 'insert', path: templatePath(t, 'metadata'), key: 'annotations', value: { [SAFE_TO_EVICT_LOCAL_VOLUMES]: list } }];
        }
        context.report({
          target: { resource: t.resource, path: target },
          messageId: 'blocksScaleDown',
          data: {
            volumes: check.blocking.join(', '),
            // The autoscaler splits the list on commas and does not trim the names.
            spaced: check.spaced.length ? ', without spaces' : '',
            own: check.own.length ? `, and its own ${shortList(check.own)},` : '',
            annotation: SAFE_TO_EVICT_LOCAL_VOLUMES,
          },
          suggest: edits.length ? [{ messageId: 'addLocalVolumes', data: { annotation: SAFE_TO_EVICT_LOCAL_VOLUMES, list }, edits }] : [],
        });
      },
    };
  },
});
