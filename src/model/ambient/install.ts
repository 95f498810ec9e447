// What the install among the inputs says of ambient capture: istio-cni's excluded namespaces,
// whether it runs with ambient on, and its enablement selectors (1.27+). Read from the rendered
// ConfigMap istio-cni-config (EXCLUDE_NAMESPACES, AMBIENT_ENABLED, AMBIENT_ENABLEMENT_SELECTOR:
// manifests/charts/istio-cni/templates/configmap-cni.yaml), the cni chart's values as a GitOps
// object or values file passes them (`cni.excludeNamespaces`, `cni.ambient.enabled`,
// `cni.ambient.enablementSelectors`; ≥1.24 the flat spelling too, `cni.*` winning), and an
// IstioOperator's `spec.values.cni`. Sources that disagree leave the setting unknown, with a note.
import type { Resource } from '../../common/types.ts';
import { DEFAULT_CAPTURE_INSTALL, type CaptureInstall, type EnablementSelector } from './capture.ts';
import { layeredValue, type ChartRelease } from '../install/gitops.ts';
import { readEmbeddedYamlValue } from '../injection/mesh.ts';
import { parseSelector } from '../injection/selector.ts';
import { istiodOf } from '../install/install.ts';
import { asObject, getIn, podTemplatesOf } from '../workload.ts';

const MAX_ENTRIES = 100;

interface Said<T> {
  readonly value: T | undefined;
  readonly source: string;
}

/** A value of the cni chart: `cni.X` wins over the flat `X` (the chart's zzy_descope_legacy.yaml copies .cni over the top level). */
function cniValue(values: (path: readonly string[]) => { value: unknown } | { gap: string } | undefined, path: readonly string[]): { value: unknown } | { gap: string } | undefined {
  return values(['cni', ...path]) ?? values(path);
}

const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v.slice(0, MAX_ENTRIES) as string[]) : undefined;

function selectorsOf(v: unknown): EnablementSelector[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.slice(0, MAX_ENTRIES).map((entry) => ({ podSelector: parseSelector(asObject(entry)?.podSelector), namespaceSelector: parseSelector(asObject(entry)?.namespaceSelector) }));
}

/** ztunnel's DaemonSet as Istio's chart renders it (manifests/charts/ztunnel): named ztunnel, or recognised as NODE_AGENTS says. */
function isZtunnel(r: Resource): boolean {
  if (r.name === 'ztunnel') return true;
  return podTemplatesOf(r).some((t) => nodeAgentOf(t.labels, t.containers.slice(0, MAX_ENTRIES).map((c) => c.object.image))?.component === 'ztunnel');
}

export class AmbientInstallBuilder {
  private readonly ztunnel: string[] = [];
  private readonly istiodAmbient: Said<boolean>[] = [];
  private readonly exclude: Said<string[]>[] = [];
  private readonly enabled: Said<boolean>[] = [];
  private readonly selectors: Said<EnablementSelector[]>[] = [];

  addResource(r: Resource): void {
    if (r.kind === 'ConfigMap' && r.name === 'istio-cni-config') {
      const data = asObject(r.object.data) ?? {};
      const where = `ConfigMap ${r.namespace ? `${r.namespace}/` : ''}${r.name} (${r.doc.file.displayPath})`;
      if (typeof data.EXCLUDE_NAMESPACES === 'string') {
        this.exclude.push({ value: data.EXCLUDE_NAMESPACES.split(',').map((s) => s.trim()).filter(Boolean).slice(0, MAX_ENTRIES), source: `${where} EXCLUDE_NAMESPACES` });
      }
      if (typeof data.AMBIENT_ENABLED === 'string') this.enabled.push({ value: data.AMBIENT_ENABLED === 'true', source: `${where} AMBIENT_ENABLED` });
      if (typeof data.AMBIENT_ENABLEMENT_SELECTOR === 'string') {
        const read = readEmbeddedYamlValue(data.AMBIENT_ENABLEMENT_SELECTOR);
        this.selectors.push({ value: selectorsOf(read.value), source: `${where} AMBIENT_ENABLEMENT_SELECTOR` });
      }
      return;
    }
    if (r.kind === 'DaemonSet' && isZtunnel(r)) {
      this.ztunnel.push(`DaemonSet ${r.namespace ? `${r.namespace}/` : ''}${r.name} (${r.doc.file.displayPath})`);
      return;
    }
    const istiod = istiodOf(r);
    if (istiod) {
      const env = Array.isArray(istiod.discovery.object.env) ? istiod.discovery.object.env.slice(0, MAX_ENTRIES) : [];
      const entry = env.map(asObject).find((e) => e?.name === 'PILOT_ENABLE_AMBIENT');
      // Without the variable, istiod's default: off (pilot/pkg/features/ambient.go).
      this.istiodAmbient.push({ value: entry?.value === 'true', source: `Deployment ${r.name} (${r.doc.file.displayPath})${entry ? ' env PILOT_ENABLE_AMBIENT' : ', no PILOT_ENABLE_AMBIENT'}` });
      return;
    }
    if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
      const cni = asObject(getIn(r.object, ['spec', 'values', 'cni']));
      if (!cni) return;
      // Named with its file: IstioOperators often have no name, and samples keep one per folder.
      const where = `IstioOperator ${r.name || '(no name)'} (${r.doc.file.displayPath}: spec.values.cni`;
      const ex = stringList(cni.excludeNamespaces);
      if (ex) this.exclude.push({ value: ex, source: `${where}.excludeNamespaces)` });
      const on = getIn(cni, ['ambient', 'enabled']);
      if (typeof on === 'boolean') this.enabled.push({ value: on, source: `${where}.ambient.enabled)` });
    }
  }

  /** A cni chart release (Flux, Argo CD, Sail IstioCNI, a values file). */
  addRelease(release: ChartRelease): void {
    const at = (path: readonly string[]) => layeredValue(release.layers, path);
    if (release.chart === 'ztunnel') {
      this.ztunnel.push(release.label);
      return;
    }
    if (release.chart === 'istiod') {
      // ≥1.24 flat env.X, older pilot.env.X (pilot wins when both are set).
      const v = at(['pilot', 'env', 'PILOT_ENABLE_AMBIENT']) ?? at(['env', 'PILOT_ENABLE_AMBIENT']);
      if (v === undefined) this.istiodAmbient.push({ value: false, source: `${release.label}, no PILOT_ENABLE_AMBIENT` });
      else if ('gap' in v) this.istiodAmbient.push({ value: undefined, source: v.gap });
      else this.istiodAmbient.push({ value: v.value === true || v.value === 'true', source: `${release.label} (env PILOT_ENABLE_AMBIENT)` });
      return;
    }
    if (release.chart !== 'cni') return;
    const read = <T>(path: readonly string[], list: Said<T>[], parse: (v: unknown) => T | undefined): void => {
      const v = cniValue(at, path);
      if (v === undefined) return;
      if ('gap' in v) list.push({ value: undefined, source: v.gap });
      else list.push({ value: parse(v.value), source: `${release.label} (cni.${path.join('.')})` });
    };
    read(['excludeNamespaces'], this.exclude, stringList);
    read(['ambient', 'enabled'], this.enabled, (v) => (typeof v === 'boolean' ? v : undefined));
    read(['ambient', 'enablementSelectors'], this.selectors, selectorsOf);
  }

  build(): { install: CaptureInstall; notes: string[] } {
    const notes: string[] = [];
    const one = <T>(list: readonly Said<T>[], what: string, same: (a: T, b: T) => boolean): Said<T> | 'unknown' | undefined => {
      const first = list[0];
      if (!first) return undefined;
      if (list.some((s) => s.value === undefined)) return 'unknown';
      if (list.every((s) => same(s.value as T, first.value as T))) return first;
      const sources = [...new Set(list.map((s) => s.source))];
      notes.push(`the inputs disagree on istio-cni's ${what} (${sources.slice(0, 3).join('; ')}${sources.length > 3 ? ` and ${sources.length - 3} more` : ''}); it is treated as unknown`);
      return 'unknown';
    };
    const json = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
    const exclude = one(this.exclude, 'excludeNamespaces', json);
    const enabled = one(this.enabled, 'ambient.enabled', (a, b) => a === b);
    const selectors = one(this.selectors, 'ambient.enablementSelectors', json);
    const istiodAmbient = one(this.istiodAmbient, 'istiod PILOT_ENABLE_AMBIENT', (a, b) => a === b);
    const install: CaptureInstall = {
      ...(exclude === undefined
        ? DEFAULT_CAPTURE_INSTALL
        : exclude === 'unknown'
          ? { excludeNamespaces: [], excludeSource: "istio-cni's excludeNamespaces", excludeUnknown: true }
          : { excludeNamespaces: exclude.value ?? [], excludeSource: exclude.source }),
      ...(enabled === undefined ? {} : { enabled: enabled === 'unknown' ? 'unknown' : { value: enabled.value as boolean, source: enabled.source } }),
      ...(selectors === undefined ? {} : { selectors: selectors === 'unknown' ? 'unknown' : { list: selectors.value ?? [], source: selectors.source } }),
      ztunnel: [...new Set(this.ztunnel)],
      ...(istiodAmbient === undefined ? {} : { istiodAmbient: istiodAmbient === 'unknown' ? 'unknown' : { value: istiodAmbient.value as boolean, source: istiodAmbient.source } }),
    };
    return { install, notes };
  }
}

/** Istio's node DaemonSets, as its charts render them (manifests/charts/ztunnel, manifests/charts/istio-cni). */
export interface NodeAgent {
  readonly component: 'ztunnel' | 'istio-cni';
  /** Pod template labels the chart sets, any one of which names the component. */
  readonly labels: readonly (readonly [string, string])[];
  /** The image's name (its last path segment, without tag or digest). */
  readonly image: string;
}

export const NODE_AGENTS: readonly NodeAgent[] = [
  { component: 'ztunnel', labels: [['app', 'ztunnel'], ['app.kubernetes.io/name', 'ztunnel']], image: 'ztunnel' },
  { component: 'istio-cni', labels: [['k8s-app', 'istio-cni-node'], ['app.kubernetes.io/name', 'istio-cni']], image: 'install-cni' },
];

const imageName = (image: unknown): string | undefined => (typeof image === 'string' ? /([^/:@]+)(?::[^/@]*)?(?:@.*)?$/.exec(image)?.[1] : undefined);

/** Which of Istio's node agents a DaemonSet's pod template runs, by its chart's labels or its image. */
export function nodeAgentOf(labels: Readonly<Record<string, unknown>>, images: readonly unknown[]): NodeAgent | undefined {
  const names = new Set(images.map(imageName));
  return NODE_AGENTS.find((a) => a.labels.some(([k, v]) => labels[k] === v) || names.has(a.image));
}
