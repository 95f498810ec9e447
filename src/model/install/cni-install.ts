// Istio CNI installed beside an istiod that does not use it. The cni chart (a GitOps release,
// Sail IstioCNI, the rendered istio-cni-node DaemonSet, an IstioOperator's cni component) only
// runs the node agent; whether injected pods rely on it is istiod's own value
// `pilot.cni.enabled`, which the injection template reads to render istio-validation instead
// of the privileged istio-init (manifests/charts/istio-control/istio-discovery/files/
// injection-template.yaml). The agent skips every pod that has istio-init ("excluded due to
// being already injected with istio-init container", cni/pkg/plugin/plugin.go), so installing
// the chart alone changes nothing for sidecars (Istio #54968).
// Key history (INSTALL-SOURCES.md A0.1): istio_cni.enabled up to 1.21, either spelling in
// 1.22-1.23, and from 1.24 pilot.cni.enabled or the flat cni.enabled (pilot wins) while
// istio_cni is silently ignored.
import type { Path, Resource, Target } from '../../common/types.ts';
import { nodeAgentOf } from '../ambient/install.ts';
import { folderOf } from './control-plane.ts';
import { layeredValue, VALUES_FILE_KIND, type ChartRelease, type SetLayer, type ValuesLayer } from './gitops.ts';
import { atLeast, type IstioVersion } from './istio-version.ts';
import { injectorValuesOf } from '../injection/mesh.ts';
import { asObject, getIn, podTemplatesOf } from '../workload.ts';

/** An install of the istio-cni node agent among the inputs. */
export interface CniInstall {
  /** "DaemonSet kube-system/istio-cni-node", "HelmRelease istio-system/istio-cni". */
  readonly label: string;
  readonly target: Target;
  readonly folder: string;
  /**
   * Whether it runs with ambient on: then it is there for ambient, and sidecars keeping
   * istio-init is Istio's own default for that install, not a mistake.
   */
  readonly ambient: boolean | 'unknown';
}

/** What one istiod install says of CNI for the pods it injects. */
export type IstiodCni =
  | { readonly state: 'on' | 'unknown' }
  /** The version decides: istio_cni.enabled true is honoured before 1.24 and ignored from it. */
  | { readonly state: 'version'; readonly target: Target }
  | {
      readonly state: 'off';
      /** Where to set it: the key that turns it off, or the values that leave it out. */
      readonly target: Target;
      /** The key written there and its value (pilot.cni.enabled false), or undefined when the values leave it out. */
      readonly written: { readonly key: Path; readonly value: boolean } | undefined;
      /** istio_cni.enabled: true, which this version ignores. */
      readonly ignoredLegacy: boolean;
    };

const MAX_VOLUMES = 200;
/** istiod chart values that turn CNI on for injected pods, the winning spelling first. */
const CHART_PATHS: readonly Path[] = [['pilot', 'cni', 'enabled'], ['cni', 'enabled']];
/** The name up to 1.23 (templates read it with `or` in 1.22-1.23); ignored from 1.24. */
const LEGACY_PATH: Path = ['istio_cni', 'enabled'];

/** IstioOperator profiles that leave the cni component off (operator manifests/profiles/*.yaml); ambient and the OpenShift ones turn it on. */
const OPERATOR_PROFILES_WITHOUT_CNI = new Set(['default', 'demo', 'empty', 'minimal', 'preview', 'remote', 'stable']);
const OPERATOR_PROFILES_WITH_CNI = new Set(['ambient', 'openshift', 'openshift-ambient']);

const describe = (r: Resource): string => `${r.kind} ${r.declaredNamespace ? `${r.declaredNamespace}/` : ''}${r.name}`;

/** The istio-cni DaemonSet (by its chart's labels or image), or an IstioOperator that installs the cni component. */
export function cniInstallOf(r: Resource): CniInstall | undefined {
  if (r.kind === 'DaemonSet' && r.apiVersion.startsWith('apps/')) {
    const t = podTemplatesOf(r)[0];
    if (!t || nodeAgentOf(t.labels, t.containers.map((c) => c.object.image))?.component !== 'istio-cni') return undefined;
    // The chart mounts ztunnel's socket folder only with ambient.enabled (templates/daemonset.yaml).
    const volumes = Array.isArray(t.spec.volumes) ? t.spec.volumes.slice(0, MAX_VOLUMES) : [];
    const ambient = volumes.some((v) => asObject(v)?.name === 'cni-ztunnel-sock-dir' || getIn(v, ['hostPath', 'path']) === '/var/run/ztunnel');
    return { label: describe(r), target: { resource: r, path: ['metadata', 'name'] }, folder: folderOf(r), ambient };
  }
  if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
    // An IstioOperator that installs istiod too sets that istiod's pilot.cni.enabled from its
    // own cni component: the two are one install, never paired with another istiod (variants
    // side by side, one with CNI for OpenShift, are alternatives, not one cluster).
    if (operatorCniComponent(r) !== true || installsIstiod(r)) return undefined;
    const profile = getIn(r.object, ['spec', 'profile']);
    const ambientValue = getIn(r.object, ['spec', 'values', 'cni', 'ambient', 'enabled']);
    const ambient =
      typeof ambientValue === 'boolean' ? ambientValue
      : profile === undefined || OPERATOR_PROFILES_WITHOUT_CNI.has(String(profile)) || profile === 'openshift' ? false
      : profile === 'ambient' || profile === 'openshift-ambient' ? true
      : 'unknown';
    const at: Path = getIn(r.object, ['spec', 'components', 'cni', 'enabled']) === true ? ['spec', 'components', 'cni', 'enabled'] : ['spec', 'profile'];
    return { label: `IstioOperator ${r.name} (cni component)`, target: { resource: r, path: at }, folder: folderOf(r), ambient };
  }
  return undefined;
}

/** Whether an IstioOperator installs istiod (the pilot component; the empty profile turns it off). */
function installsIstiod(r: Resource): boolean {
  const spec = asObject(r.object.spec) ?? {};
  const pilot = getIn(spec, ['components', 'pilot', 'enabled']);
  return pilot === true || (pilot !== false && spec.profile !== 'empty');
}

/** Whether an IstioOperator installs the cni component: stated, from its profile, or unknown (a profile file meshlint does not read). */
function operatorCniComponent(r: Resource): boolean | 'unknown' {
  const stated = getIn(r.object, ['spec', 'components', 'cni', 'enabled']);
  if (typeof stated === 'boolean') return stated;
  const profile = getIn(r.object, ['spec', 'profile']);
  if (profile === undefined || (typeof profile === 'string' && OPERATOR_PROFILES_WITHOUT_CNI.has(profile))) return false;
  if (typeof profile === 'string' && OPERATOR_PROFILES_WITH_CNI.has(profile)) return true;
  return 'unknown';
}

/** The `ambient` umbrella chart's values (istiod under `istiod:`): its own values.yaml selects profile ambient for every part. */
const isUmbrella = (release: ChartRelease): boolean => release.resource.kind === VALUES_FILE_KIND && asObject(release.resource.object.istiod) !== undefined;

/** A cni chart release (Flux, Argo CD, Sail IstioCNI, the umbrella chart's `cni:`). */
export function cniReleaseInstall(release: ChartRelease): CniInstall {
  // `cni.X` wins over the flat `X` (the chart's zzy_descope_legacy.yaml).
  const v = layeredValue(release.layers, ['cni', 'ambient', 'enabled']) ?? layeredValue(release.layers, ['ambient', 'enabled']);
  const ambient = isUmbrella(release) ? true : v === undefined ? false : 'gap' in v ? 'unknown' : v.value === true ? true : v.value === false ? false : 'unknown';
  return { label: release.label, target: release.chartTarget, folder: folderOf(release.resource), ambient };
}

/** istiod's PILOT_ENABLE_AMBIENT in a release (pilot.env wins over the flat env): true, false, or unknown. */
export function releaseAmbient(release: ChartRelease): boolean | 'unknown' {
  const v = layeredValue(release.layers, ['pilot', 'env', 'PILOT_ENABLE_AMBIENT']) ?? layeredValue(release.layers, ['env', 'PILOT_ENABLE_AMBIENT']);
  if (v === undefined) return false;
  if ('gap' in v) return 'unknown';
  return v.value === true || v.value === 'true' ? true : v.value === false || v.value === 'false' ? false : 'unknown';
}

/**
 * The CNI value an istiod chart's merged values give, and where: `pilot.cni.enabled` wins over
 * the flat `cni.enabled` (templates/zzy_descope_legacy.yaml), and istio_cni.enabled counts only
 * when neither is set. `read` finds a path's value and the place it is written.
 */
function chartCni(
  read: (path: Path) => { value: unknown; target: Target } | 'gap' | undefined,
  version: IstioVersion | undefined,
  leftOut: () => IstiodCni,
  paths: readonly Path[] = CHART_PATHS,
): IstiodCni {
  for (const path of paths) {
    const v = read(path);
    if (v === 'gap') return { state: 'unknown' };
    if (v === undefined) continue;
    if (v.value === true) return { state: 'on' };
    if (v.value === false) return { state: 'off', target: v.target, written: { key: path, value: false }, ignoredLegacy: false };
    return { state: 'unknown' };
  }
  const legacy = read(LEGACY_PATH);
  if (legacy === 'gap') return { state: 'unknown' };
  if (legacy !== undefined) {
    if (legacy.value === false) return { state: 'off', target: legacy.target, written: { key: LEGACY_PATH, value: false }, ignoredLegacy: false };
    if (legacy.value !== true) return { state: 'unknown' };
    if (version === undefined) return { state: 'version', target: legacy.target };
    return atLeast(version, 1, 24) ? { state: 'off', target: legacy.target, written: { key: LEGACY_PATH, value: true }, ignoredLegacy: true } : { state: 'on' };
  }
  return leftOut();
}

/**
 * What an istiod chart release sets for CNI. `version`: the Istio version when it is stated,
 * which decides the old istio_cni.enabled. Values a release leaves out are the chart's default
 * (off), unless a preset meshlint does not read may set it: a profile or platform the values
 * select, the Sail operator's platform profile (OpenShift turns CNI on:
 * resources/<version>/profiles/openshift.yaml sets global.platform openshift), the umbrella
 * chart's profile ambient.
 */
export function releaseCni(release: ChartRelease, version: IstioVersion | undefined): IstiodCni {
  const presets = release.revision !== undefined || isUmbrella(release) || release.layers.some((l) => l.values === undefined);
  const read = (path: Path): { value: unknown; target: Target } | 'gap' | undefined => {
    const v = layeredValue(release.layers, path);
    if (v === undefined) return undefined;
    if ('gap' in v) return 'gap';
    return { value: v.value, target: v.layer.target(path) };
  };
  return chartCni(read, version, () => (presets ? { state: 'unknown' } : { state: 'off', target: valuesRoot(release), written: undefined, ignoredLegacy: false }));
}

/** Where a release's values are written in the object itself (its inline values), else where it names the chart. */
function valuesRoot(release: ChartRelease): Target {
  for (let i = release.layers.length - 1; i >= 0; i--) {
    const layer = release.layers[i] as ValuesLayer;
    if (layer.values === undefined) break;
    const at = (layer as SetLayer).target([]);
    if ('resource' in at && at.resource === release.resource && (at.path?.length ?? 0) > 0) return at;
  }
  return release.chartTarget;
}

/**
 * What an IstioOperator sets for CNI, when it installs istiod. istioctl sets
 * values.pilot.cni.enabled from components.cni.enabled, then applies the user's values over it
 * (operator/pkg/render/manifest.go, translateIstioOperatorToHelm).
 */
export function operatorCni(r: Resource, version: IstioVersion | undefined): IstiodCni | undefined {
  // istioctl always sets pilot.cni.enabled, so the flat cni.enabled (values.cni holds the cni
  // component's own values) never decides.
  if (r.kind !== 'IstioOperator' || !r.apiVersion.startsWith('install.istio.io/')) return undefined;
  if (!installsIstiod(r)) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  const values = asObject(spec.values) ?? {};
  const read = (path: Path): { value: unknown; target: Target } | undefined => {
    const value = getIn(values, path);
    return value === undefined ? undefined : { value, target: { resource: r, path: ['spec', 'values', ...path] } };
  };
  return chartCni(read, version, () => {
    const component = operatorCniComponent(r);
    if (component !== false) return { state: component === true ? 'on' : 'unknown' };
    const at: Path = Object.hasOwn(spec, 'values') ? ['spec', 'values'] : Object.hasOwn(r.object, 'spec') ? ['spec'] : ['metadata', 'name'];
    return { state: 'off', target: { resource: r, path: at }, written: undefined, ignoredLegacy: false };
  }, [['pilot', 'cni', 'enabled']]);
}

/** What an injector ConfigMap's `values` (what istiod renders the template with) say of CNI; the template reads a missing value as off. */
export function injectorCni(r: Resource, version: IstioVersion | undefined): IstiodCni | undefined {
  const values = injectorValuesOf(r);
  if (!values) return undefined;
  // Keys inside the JSON string cannot be located: point at `values`.
  const target: Target = { resource: r, path: ['data', 'values'] };
  const read = (path: Path): { value: unknown; target: Target } | undefined => {
    const value = getIn(values, path);
    return value === undefined ? undefined : { value, target };
  };
  return chartCni(read, version, () => ({ state: 'off', target, written: undefined, ignoredLegacy: false }), [['pilot', 'cni', 'enabled']]);
}

/** istiod's PILOT_ENABLE_AMBIENT in an IstioOperator's or injector ConfigMap's values. */
export function valuesAmbient(values: unknown): boolean {
  const v = getIn(values, ['pilot', 'env', 'PILOT_ENABLE_AMBIENT']) ?? getIn(values, ['env', 'PILOT_ENABLE_AMBIENT']);
  return v === true || v === 'true';
}
