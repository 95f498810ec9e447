// What the mesh install says about the proxy it injects, per revision: CNI or istio-init,
// native sidecars, holdApplicationUntilProxyStarts and the proxy's lifecycle and seccomp
// profile. Read from the install manifests among the inputs (the injector ConfigMap's
// `values`, the mesh ConfigMap, the istiod Deployment's env, IstioOperators, the istio-cni
// DaemonSet, the istiod and cni chart releases of GitOps objects: src/model/install/gitops.ts) and
// from the config file's `istio:` section. Inputs win over the config; inputs
// that disagree with each other leave the setting unknown.
import { appendTo } from '../../common/collections.ts';
import type { Path, Resource, Target } from '../../common/types.ts';
import { releaseRevision, type ChartRelease } from './gitops.ts';
import { injectorConfigMapRevision, injectorValuesOf, isInjectorConfigMap, readEmbeddedYaml, type Parsed } from '../injection/mesh.ts';
import { atPlace } from '../place.ts';
import { isPlaceholder } from '../placeholder.ts';
import { checkMeshConfig } from '../pod/proxy-config.ts';
import { asObject, getIn, podTemplateOf, type Container } from '../workload.ts';

export type NativeSidecarSetting = 'true' | 'false' | 'auto';

/** A setting and where it is stated. */
export interface Stated<T> {
  readonly value: T;
  /** Where, in words: "ConfigMap istio-sidecar-injector (values.pilot.cni.enabled)". */
  readonly source: string;
  readonly origin: 'input' | 'config';
  /** The object and key among the inputs, for related locations. */
  readonly target: Target | undefined;
}

export interface InstallSettings {
  readonly revision: string;
  /** Istio CNI for injected pods (`values.pilot.cni.enabled`): istio-validation instead of istio-init. */
  readonly cni: Stated<boolean> | undefined;
  /** istiod's ENABLE_NATIVE_SIDECARS; undefined when not stated (the version's default applies). */
  readonly nativeSidecars: Stated<NativeSidecarSetting> | undefined;
  /** meshConfig.defaultConfig.holdApplicationUntilProxyStarts. */
  readonly holdMesh: Stated<boolean> | undefined;
  /** Helm value global.proxy.holdApplicationUntilProxyStarts (OR-ed with the pod's ProxyConfig). */
  readonly holdValues: Stated<boolean> | undefined;
  /** global.proxy.lifecycle: when set, it replaces the hold hook. */
  readonly proxyLifecycle: Stated<true> | undefined;
  /** global.proxy.seccompProfile set: the injected containers carry a seccomp profile. */
  readonly proxySeccompProfile: Stated<boolean> | undefined;
  /**
   * The install object among the inputs that configures this revision's proxies (its
   * IstioOperator, mesh or injector ConfigMap, istiod Deployment), when there is exactly one
   * kind of answer: a setting it leaves out has Istio's default, not "unknown".
   */
  readonly declaredBy: Stated<true> | undefined;
  /** The files holding install objects of this revision: several leave `declaredBy` undefined. */
  readonly declaredIn: readonly string[];
}

export interface InstallConfig {
  readonly cni?: boolean;
  readonly nativeSidecars?: NativeSidecarSetting;
  readonly holdApplicationUntilProxyStarts?: boolean;
}

type Key = Exclude<keyof InstallSettings, 'revision'>;
type Candidate = { readonly key: Key; readonly value: unknown; readonly source: string; readonly target: Target };
/** A candidate whose value is not among the inputs (a values source that is not there): the setting is unknown. */
const UNSTATED = Symbol('unstated');
const KEYS: readonly Key[] = ['cni', 'nativeSidecars', 'holdMesh', 'holdValues', 'proxyLifecycle', 'proxySeccompProfile'];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const nonEmpty = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : asObject(v) ? Object.keys(asObject(v) as object).length > 0 : v !== undefined && v !== null && v !== '');

/**
 * istiod reads ENABLE_NATIVE_SIDECARS as exactly true, false or auto, case and all; anything
 * else ("True", "yes") means false: from 1.27 a `switch` on the raw value (pilot/pkg/features/pilot.go),
 * before that the injection template's `eq (env "ENABLE_NATIVE_SIDECARS" "false") "true"`.
 */
export function nativeSidecarSetting(v: string): NativeSidecarSetting {
  return v === 'true' || v === 'auto' ? v : 'false';
}

/** Said after the setting's source when istiod reads the value as something else than it spells ("True" is false). */
const readAs = (v: string): string => (v === 'true' || v === 'false' || v === 'auto' ? '' : ` = "${v}", read as false`);

/** Candidates a set of Helm values yields (the injector ConfigMap's `values`, an IstioOperator's spec.values). */
function fromValues(values: Record<string, unknown>, describe: (key: string) => string, target: (key: Path) => Target): Candidate[] {
  const out: Candidate[] = [];
  const hold = getIn(values, ['global', 'proxy', 'holdApplicationUntilProxyStarts']);
  if (typeof hold === 'boolean') out.push({ key: 'holdValues', value: hold, source: describe('global.proxy.holdApplicationUntilProxyStarts'), target: target(['global', 'proxy', 'holdApplicationUntilProxyStarts']) });
  const lifecycle = getIn(values, ['global', 'proxy', 'lifecycle']);
  if (nonEmpty(lifecycle)) out.push({ key: 'proxyLifecycle', value: true, source: describe('global.proxy.lifecycle'), target: target(['global', 'proxy', 'lifecycle']) });
  const seccomp = getIn(values, ['global', 'proxy', 'seccompProfile']);
  if (seccomp !== undefined) out.push({ key: 'proxySeccompProfile', value: nonEmpty(seccomp), source: describe('global.proxy.seccompProfile'), target: target(['global', 'proxy', 'seccompProfile']) });
  // Since 1.24 the chart reads pilot.cni.enabled; istio_cni.enabled is the older name.
  const cni = getIn(values, ['pilot', 'cni', 'enabled']);
  const oldCni = getIn(values, ['istio_cni', 'enabled']);
  if (typeof cni === 'boolean') out.push({ key: 'cni', value: cni, source: describe('pilot.cni.enabled'), target: target(['pilot', 'cni', 'enabled']) });
  else if (typeof oldCni === 'boolean') out.push({ key: 'cni', value: oldCni, source: describe('istio_cni.enabled'), target: target(['istio_cni', 'enabled']) });
  const native = getIn(values, ['pilot', 'env', 'ENABLE_NATIVE_SIDECARS']);
  if (typeof native === 'string' || typeof native === 'boolean') {
    out.push({ key: 'nativeSidecars', value: nativeSidecarSetting(String(native)), source: describe(`pilot.env.ENABLE_NATIVE_SIDECARS${readAs(String(native))}`), target: target(['pilot', 'env', 'ENABLE_NATIVE_SIDECARS']) });
  }
  return out;
}

/**
 * Candidates of istiod chart values as a user passes them (a HelmRelease's spec.values, an
 * Argo CD valuesObject, a Sail Istio's spec.values): the injector ConfigMap's keys, plus
 * `meshConfig`, and since 1.24 `cni.enabled` and `env.X` at the top level, where `pilot.X`
 * wins if both are set (templates/zzy_descope_legacy.yaml).
 */
export function fromChartValues(values: Record<string, unknown>, describe: (key: string) => string, target: (key: Path) => Target): Candidate[] {
  const out = fromValues(values, describe, target);
  const cni = getIn(values, ['cni', 'enabled']);
  if (typeof cni === 'boolean' && !(typeof getIn(values, ['pilot', 'cni', 'enabled']) === 'boolean')) {
    // The flat spelling beats istio_cni.enabled, which 1.24 dropped.
    const at = out.findIndex((c) => c.key === 'cni');
    if (at >= 0) out.splice(at, 1);
    out.push({ key: 'cni', value: cni, source: describe('cni.enabled'), target: target(['cni', 'enabled']) });
  }
  const native = getIn(values, ['env', 'ENABLE_NATIVE_SIDECARS']);
  if (!out.some((c) => c.key === 'nativeSidecars') && (typeof native === 'string' || typeof native === 'boolean')) {
    out.push({ key: 'nativeSidecars', value: nativeSidecarSetting(String(native)), source: describe(`env.ENABLE_NATIVE_SIDECARS${readAs(String(native))}`), target: target(['env', 'ENABLE_NATIVE_SIDECARS']) });
  }
  const holdPath = ['meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts'];
  out.push(...fromProxyDefaults(getIn(values, ['meshConfig', 'defaultConfig']), describe(holdPath.join('.')), target(holdPath)));
  // A value a tool fills in (an ApplicationSet's '{{native}}') is not known offline.
  for (const [key, path] of TEMPLATED_PATHS) {
    const v = getIn(values, path);
    if (typeof v !== 'string' || !isPlaceholder(v)) continue;
    const at = out.findIndex((c) => c.key === key);
    if (at >= 0) out.splice(at, 1);
    out.push({ key, value: UNSTATED, source: `${describe(path.join('.'))} is ${v}, filled in by a tool`, target: target(path) });
  }
  return out;
}

const TEMPLATED_PATHS: readonly (readonly [Key, Path])[] = [
  ['cni', ['istio_cni', 'enabled']],
  ['cni', ['cni', 'enabled']],
  ['cni', ['pilot', 'cni', 'enabled']],
  ['nativeSidecars', ['env', 'ENABLE_NATIVE_SIDECARS']],
  ['nativeSidecars', ['pilot', 'env', 'ENABLE_NATIVE_SIDECARS']],
  ['holdMesh', ['meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts']],
  ['holdValues', ['global', 'proxy', 'holdApplicationUntilProxyStarts']],
];

function fromProxyDefaults(defaultConfig: unknown, source: string, target: Target): Candidate[] {
  const hold = asObject(defaultConfig)?.holdApplicationUntilProxyStarts;
  return typeof hold === 'boolean' ? [{ key: 'holdMesh', value: hold, source, target }] : [];
}

/** "true in a.yaml, b.yaml; false in c.yaml and 3 more files": what each value is stated by. */
function describeDisagreement(found: readonly Candidate[]): string {
  const byValue = new Map<string, Set<string>>();
  for (const c of found) {
    const value = JSON.stringify(c.value);
    const file = 'resource' in c.target && c.target.resource ? c.target.resource.doc.file.displayPath : c.source;
    byValue.set(value, (byValue.get(value) ?? new Set()).add(file));
  }
  return [...byValue]
    .map(([value, files]) => {
      const list = [...files];
      const shown = list.slice(0, 2).join(', ');
      return `${value} in ${shown}${list.length > 2 ? ` and ${list.length - 2} more files` : ''}`;
    })
    .join('; ');
}

/**
 * The note for an istio.* fact of the config that an input states differently: both places, and
 * which one is used (the input: the config states what the inputs do not).
 */
export function configContradicted(source: string, target: Target | undefined, value: unknown, key: string, configValue: unknown): string {
  return `${source}${atPlace(target)} says ${JSON.stringify(value)}, the config's istio.${key} says ${JSON.stringify(configValue)}; the input is used`;
}

const MESH_CONFIGMAP = /^istio(?:-(.+))?$/;
const meshConfigs = new WeakMap<Resource, Parsed>();

/**
 * The mesh config of a revision's `istio[-<revision>]` ConfigMap (its `mesh` text), read once
 * per resource as istiod reads it; undefined for other objects. A text that does not parse, or
 * is too deeply nested or too large to read, says nothing about the install.
 */
export function meshConfigOf(r: Resource): Parsed | undefined {
  if (r.kind !== 'ConfigMap' || !MESH_CONFIGMAP.test(r.name)) return undefined;
  const text = asObject(r.object.data)?.mesh;
  if (typeof text !== 'string') return undefined;
  let read = meshConfigs.get(r);
  if (!read) {
    read = readEmbeddedYaml(text);
    meshConfigs.set(r, read);
  }
  return read;
}

/** The istiod Deployment of a revision (the chart names it istiod or istiod-<revision>): its revision and discovery container. */
export function istiodOf(r: Resource): { revision: string; discovery: Container } | undefined {
  if (r.kind !== 'Deployment') return undefined;
  const m = /^istiod(?:-(.+))?$/.exec(r.name);
  if (!m) return undefined;
  const discovery = podTemplateOf(r)?.containers.find((c) => c.name === 'discovery');
  if (!discovery) return undefined;
  const env = Array.isArray(discovery.object.env) ? discovery.object.env : [];
  const rev = env.map(asObject).find((e) => e?.name === 'REVISION');
  return { revision: str(rev?.value) || m[1] || 'default', discovery };
}

/** Gathers the install settings of every revision from the inputs. */
export class InstallFactsBuilder {
  private readonly byRevision = new Map<string, Candidate[]>();
  /** Facts that hold for every revision (the istio-cni DaemonSet): used when nothing more precise is stated. */
  private readonly meshWide: Candidate[] = [];

  /** Per revision, the install objects that configure its proxies, whether or not they set anything. */
  private readonly declarers = new Map<string, { source: string; target: Target }[]>();

  private declare(revision: string, source: string, target: Target): void {
    const list = this.declarers.get(revision) ?? [];
    list.push({ source, target });
    this.declarers.set(revision, list);
  }

  private add(revision: string, candidates: readonly Candidate[]): void {
    if (candidates.length === 0) return;
    const list = this.byRevision.get(revision) ?? [];
    list.push(...candidates);
    this.byRevision.set(revision, list);
  }

  /**
   * An istiod or cni chart released by a GitOps object. Each setting comes from the last
   * layer that states it; one a missing layer could state is unknown.
   */
  addRelease(release: ChartRelease): void {
    const { resource, label, layers } = release;
    // The cni chart installs the node agent only: whether sidecars use it is istiod's
    // pilot.cni.enabled (the injection template renders istio-init without it, agent or not).
    if (release.chart !== 'istiod') return;
    const revision = releaseRevision(release);
    this.declare(revision, label, release.chartTarget);
    const byKey = new Map<Key, Candidate>();
    let gap: string | undefined;
    for (const layer of layers) {
      if (layer.values === undefined) {
        // Whatever earlier layers set, this one may override: only later layers are known.
        gap = layer.missing;
        byKey.clear();
        continue;
      }
      for (const c of fromChartValues(layer.values, layer.describe, layer.target)) byKey.set(c.key, c);
    }
    const candidates = [...byKey.values()];
    if (gap !== undefined) {
      for (const key of KEYS) if (!byKey.has(key)) candidates.push({ key, value: UNSTATED, source: gap, target: { resource, path: ['metadata', 'name'] } });
    }
    this.add(revision, candidates);
  }

  addResource(r: Resource): void {
    if (r.kind === 'ConfigMap') {
      const data = asObject(r.object.data) ?? {};
      if (isInjectorConfigMap(r) && typeof data.values === 'string') {
        const values = injectorValuesOf(r);
        if (!values) return;
        const revision = str(values.revision) || injectorConfigMapRevision(r.name) || 'default';
        // Keys inside the JSON string cannot be located: point at `values`.
        const target: Target = { resource: r, path: ['data', 'values'] };
        this.declare(revision, `ConfigMap ${r.name}`, target);
        this.add(revision, fromValues(values, (k) => `ConfigMap ${r.name} (values ${k})`, () => target));
        return;
      }
      const mesh = meshConfigOf(r);
      if (mesh?.value) {
        const revision = MESH_CONFIGMAP.exec(r.name)?.[1] ?? 'default';
        this.declare(revision, `ConfigMap ${r.name}`, { resource: r, path: ['data', 'mesh'] });
        // A mesh config istiod cannot decode or validate is ignored as a whole (after a restart
        // istiod runs on the defaults; mesh-config-invalid reports it): it sets nothing.
        if (checkMeshConfig(mesh.value).errors.length > 0) return;
        this.add(revision, fromProxyDefaults(mesh.value.defaultConfig, `ConfigMap ${r.name} (mesh defaultConfig.holdApplicationUntilProxyStarts)`, { resource: r, path: ['data', 'mesh'] }));
      }
      return;
    }
    if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
      const spec = asObject(r.object.spec) ?? {};
      const revision = str(spec.revision) || 'default';
      const values = asObject(spec.values) ?? {};
      this.declare(revision, `IstioOperator ${r.name}`, { resource: r, path: Object.hasOwn(r.object, 'spec') ? ['spec'] : ['metadata', 'name'] });
      const candidates = fromValues(values, (k) => `IstioOperator ${r.name} (spec.values.${k})`, (p) => ({ resource: r, path: ['spec', 'values', ...p] }));
      candidates.push(...fromProxyDefaults(getIn(spec, ['meshConfig', 'defaultConfig']), `IstioOperator ${r.name} (spec.meshConfig.defaultConfig.holdApplicationUntilProxyStarts)`, { resource: r, path: ['spec', 'meshConfig', 'defaultConfig', 'holdApplicationUntilProxyStarts'] }));
      if (!candidates.some((c) => c.key === 'cni') && getIn(spec, ['components', 'cni', 'enabled']) === true) {
        candidates.push({ key: 'cni', value: true, source: `IstioOperator ${r.name} (spec.components.cni.enabled)`, target: { resource: r, path: ['spec', 'components', 'cni', 'enabled'] } });
      }
      this.add(revision, candidates);
      return;
    }
    const istiod = istiodOf(r);
    if (istiod) {
      const { revision, discovery } = istiod;
      const env = Array.isArray(discovery.object.env) ? discovery.object.env : [];
      env.forEach((e, i) => {
        const entry = asObject(e);
        if (entry?.name !== 'ENABLE_NATIVE_SIDECARS') return;
        const value = entry.value;
        if (typeof value !== 'string' && typeof value !== 'boolean') return;
        this.add(revision, [{ key: 'nativeSidecars', value: nativeSidecarSetting(String(value)), source: `Deployment ${r.name} (env ENABLE_NATIVE_SIDECARS${readAs(String(value))})`, target: { resource: r, path: [...discovery.path, 'env', i, 'value'] } }]);
      });
      return;
    }
    // The istio-cni node agent (DaemonSet istio-cni-node) says nothing of the sidecars: the
    // injection template uses it only when istiod's pilot.cni.enabled is true (Istio #54968:
    // the agent runs, and pods still get istio-init).
  }

  /** The settings of each revision; `notes` says where inputs disagree or override the config. */
  build(config: InstallConfig): { settingsFor(revision: string): InstallSettings; notes: string[] } {
    const notes: string[] = [];
    const cache = new Map<string, InstallSettings>();
    const noted = new Set<string>();
    const gaps = new Map<string, string[]>();
    const note = (text: string): void => {
      if (noted.has(text)) return;
      noted.add(text);
      notes.push(text);
    };
    // The mesh-wide facts of each key, gathered once: every revision falls back to them.
    const meshWide = new Map<Key, Candidate[]>();
    for (const c of this.meshWide) {
      const list = meshWide.get(c.key) ?? [];
      list.push(c);
      meshWide.set(c.key, list);
    }
    const resolve = <T>(revision: string, key: Key, label: string, config?: { readonly name: string; readonly value: T | undefined }): Stated<T> | undefined => {
      const tiers = [(this.byRevision.get(revision) ?? []).filter((c) => c.key === key), meshWide.get(key) ?? []];
      for (const [tier, found] of tiers.entries()) {
        if (found.length === 0) continue;
        const gap = found.find((c) => c.value === UNSTATED);
        if (gap) {
          // One note per missing source and revision, naming every setting it leaves unknown.
          const key = `${gap.source}\u0000${revision}`;
          appendTo(gaps, key, label);
          return undefined;
        }
        const values = new Set(found.map((c) => JSON.stringify(c.value)));
        if (values.size > 1) {
          note(`the inputs disagree on ${label} for revision ${revision} (${describeDisagreement(found)}); it is treated as unknown`);
          return undefined;
        }
        const c = found[0] as Candidate;
        // The config's istio.* keys have no revision: they state the mesh and its default
        // revision, so another revision's own install overriding them is no disagreement.
        const ownRevision = tier === 0 && revision !== 'default';
        if (config?.value !== undefined && !ownRevision && JSON.stringify(config.value) !== JSON.stringify(c.value)) {
          note(configContradicted(c.source, c.target, c.value, config.name, config.value));
        }
        return { value: c.value as T, source: c.source, origin: 'input', target: c.target };
      }
      if (config?.value === undefined) return undefined;
      return { value: config.value, source: `istio.${config.name} in the config file`, origin: 'config', target: undefined };
    };
    // The install of a revision: one object (or several in one file, as a rendered chart has)
    // says how its proxies are set up. Installs in several files are left undecided here.
    const declaredIn = (revision: string): string[] => [
      ...new Set((this.declarers.get(revision) ?? []).map((d) => ('resource' in d.target && d.target.resource ? d.target.resource.doc.file.displayPath : d.source))),
    ];
    const declaredBy = (revision: string): Stated<true> | undefined => {
      const first = this.declarers.get(revision)?.[0];
      if (!first || declaredIn(revision).length !== 1) return undefined;
      return { value: true, source: first.source, origin: 'input', target: first.target };
    };
    const settingsFor = (revision: string): InstallSettings => {
      const hit = cache.get(revision);
      if (hit) return hit;
      const s: InstallSettings = {
        revision,
        cni: resolve(revision, 'cni', 'CNI', { name: 'cni', value: config.cni }),
        nativeSidecars: resolve(revision, 'nativeSidecars', 'ENABLE_NATIVE_SIDECARS', { name: 'nativeSidecars', value: config.nativeSidecars }),
        holdMesh: resolve(revision, 'holdMesh', 'meshConfig.defaultConfig.holdApplicationUntilProxyStarts', { name: 'holdApplicationUntilProxyStarts', value: config.holdApplicationUntilProxyStarts }),
        holdValues: resolve<boolean>(revision, 'holdValues', 'global.proxy.holdApplicationUntilProxyStarts'),
        proxyLifecycle: resolve<true>(revision, 'proxyLifecycle', 'global.proxy.lifecycle'),
        proxySeccompProfile: resolve<boolean>(revision, 'proxySeccompProfile', 'global.proxy.seccompProfile'),
        declaredBy: declaredBy(revision),
        declaredIn: declaredIn(revision),
      };
      // global.proxy.holdApplicationUntilProxyStarts is OR-ed with each pod's setting
      // (injection-template.yaml): an install that sets it holds every pod, whatever the config's "off".
      const holdValues = s.holdValues;
      if (revision === 'default' && config.holdApplicationUntilProxyStarts === false && holdValues?.value === true) {
        note(configContradicted(holdValues.source, holdValues.target, true, 'holdApplicationUntilProxyStarts', false));
      }
      cache.set(revision, s);
      return s;
    };
    // Resolve every revision the inputs name now, so their disagreements are noted up front.
    for (const rev of this.byRevision.keys()) settingsFor(rev);
    for (const [key, labels] of gaps) {
      const [source, revision] = key.split('\u0000');
      note(`${source}; ${labels.join(', ')} for revision ${revision} ${labels.length === 1 ? 'is' : 'are'} treated as unknown`);
    }
    if (this.byRevision.size === 0) settingsFor('default');
    return { settingsFor, notes };
  }
}
