// What a Flux HelmRelease or an Argo CD Application deploys: which chart (from a Helm or OCI
// repository, or a folder of a git repository), which version or constraint, with which values,
// under which release name and into which namespace. Field paths and defaults:
// ../shared/istio/INSTALL-SOURCES.md A1 (fluxcd/helm-controller api/v2/helmrelease_types.go,
// source-controller api/v1) and A2 (argo-cd pkg/apis/application/v1alpha1/types.go).
import { posix } from 'node:path';
import { crypto } from '../../common/builtins.ts';
import type { Path, Resource } from '../../common/types.ts';
import { deployedReleasesOf, type AnyChartRelease, type FileLookup, type InputLookup } from './gitops.ts';
import { isPlaceholder } from '../placeholder.ts';
import { asObject, getIn } from '../workload.ts';

/** A path inside a resource. */
export interface PathTarget {
  readonly resource: Resource;
  readonly path: Path;
}

export interface ChartDeploy {
  readonly release: AnyChartRelease;
  /** The chart's name: in its Helm or OCI repository, or the last segment of its git folder. */
  readonly chart: string;
  /** The version or constraint as written; undefined: any (Flux's default `*`, Argo CD's latest). */
  readonly version: string | undefined;
  /** Where `helm pull` fetches it: an https:// repository or an oci:// reference of the chart. */
  readonly repository: { readonly url: string; readonly oci: boolean } | undefined;
  /** The chart's folder inside a git source (normalised, no leading ./), when it comes from git. */
  readonly gitPath: string | undefined;
  /** The git repository that holds gitPath, as written; undefined when unknown. */
  readonly gitRepository: string | undefined;
  /** The branch, tag or commit of that repository the release deploys ("branch main", "tag v1.2"), when its source says. */
  readonly gitRevision?: string;
  /** Helm's `.Release.Name`. */
  readonly releaseName: string;
  /** Helm's `.Release.Namespace`; undefined when the object does not say. */
  readonly namespace: string | undefined;
  /** What in the object is not known offline (a value a tool fills in), if anything. */
  readonly unknown: string | undefined;
  /** The line that names the chart, where findings of its render are reported. */
  readonly at: PathTarget;
  /**
   * An Argo CD source whose `path` may hold plain manifests or a Kustomize overlay rather than
   * a chart (Argo CD decides by the folder's Chart.yaml): a chart only when the folder is one.
   */
  readonly maybeManifests?: boolean;
  /** What the tool does to the render that meshlint does not (Flux post-renderers). */
  readonly notApplied?: string;
}

/** Finds a source object (HelmRepository, GitRepository, OCIRepository, HelmChart) among the inputs. */
export type SourceLookup = (kind: string, namespace: string | undefined, name: string) => Resource | undefined;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Flux shortens release names over 53 characters: 40 characters, "-", 12 hex of SHA-256 (helmrelease_types.go GetReleaseName, release.ShortenName). */
function fluxReleaseName(name: string): string {
  if (name.length <= 53) return name;
  return `${name.slice(0, 40)}-${crypto().createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

function gitFolder(path: string): string | undefined {
  const p = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/+$/, '');
  return p === '.' || p === '' || p.startsWith('../') || p === '..' || p.startsWith('/') ? undefined : p;
}

const lastSegment = (p: string): string => p.split('/').pop() ?? p;

/** The charts a Flux HelmRelease or an Argo CD Application deploys. */
export function chartDeploysOf(r: Resource, lookup: InputLookup, sources: SourceLookup, files: FileLookup): ChartDeploy[] {
  const oci = (ns: string | undefined, name: string): Resource | undefined => sources('OCIRepository', ns, name);
  const releases = deployedReleasesOf(r, lookup, oci, files);
  if (r.kind === 'HelmRelease') return releases.flatMap((rel) => fluxDeploy(r, rel, sources));
  return releases.flatMap((rel) => argoDeploy(r, rel));
}

function fluxDeploy(r: Resource, release: AnyChartRelease, sources: SourceLookup): ChartDeploy[] {
  const spec = asObject(r.object.spec) ?? {};
  const ns = r.declaredNamespace ?? r.namespace;
  const target = str(spec.targetNamespace);
  const releaseName = fluxReleaseName(str(spec.releaseName) ?? (target ? `${target}-${r.name}` : r.name));
  const namespace = target ?? ns;
  // Flux applies Kustomize patches to the rendered objects (spec.postRenderers): not applied here.
  const post = Array.isArray(spec.postRenderers) && spec.postRenderers.length > 0 ? { notApplied: `${release.label} patches its render with spec.postRenderers, which meshlint does not apply` } : {};
  const common = { release, releaseName, namespace, ...post };
  const chartSpec = asObject(getIn(spec, ['chart', 'spec']));
  if (chartSpec) {
    const chart = str(chartSpec.chart);
    if (!chart) return [];
    const version = str(chartSpec.version);
    const ref = asObject(chartSpec.sourceRef) ?? {};
    const refName = str(ref.name);
    const refNs = str(ref.namespace) ?? ns;
    const at: PathTarget = { resource: r, path: ['spec', 'chart', 'spec', 'chart'] };
    const unknown = isPlaceholder(chart)
      ? `its chart ${JSON.stringify(chart)} is filled in by a tool: name the chart it deploys`
      : version !== undefined && isPlaceholder(version)
        ? `its version ${JSON.stringify(version)} is filled in by a tool (Flux postBuild substitution or the like): pull ${chart} at the version it deploys into the charts folder`
        : undefined;
    if (ref.kind === 'GitRepository' || ref.kind === 'Bucket') {
      const repo = refName ? sources(ref.kind, refNs, refName) : undefined;
      const path = gitFolder(chart);
      const revision = gitRevisionOf(asObject(getIn(repo?.object, ['spec', 'ref'])));
      return [{ ...common, chart: lastSegment(path ?? chart), version: undefined, repository: undefined, gitPath: path, gitRepository: str(getIn(repo?.object, ['spec', 'url'])), ...(revision ? { gitRevision: revision } : {}), unknown, at }];
    }
    const repo = refName ? sources('HelmRepository', refNs, refName) : undefined;
    const url = str(getIn(repo?.object, ['spec', 'url']));
    const isOci = getIn(repo?.object, ['spec', 'type']) === 'oci' || (url?.startsWith('oci://') ?? false);
    const repository = url ? { url: isOci ? `${url.replace(/\/+$/, '')}/${chart}` : url, oci: isOci } : undefined;
    return [{ ...common, chart, version: version === '*' ? undefined : version, repository, gitPath: undefined, gitRepository: undefined, unknown, at }];
  }
  const chartRef = asObject(spec.chartRef);
  if (!chartRef) return [];
  const refName = str(chartRef.name);
  const refNs = str(chartRef.namespace) ?? ns;
  if (chartRef.kind === 'OCIRepository' && refName) {
    const repo = sources('OCIRepository', refNs, refName);
    const url = str(getIn(repo?.object, ['spec', 'url']));
    const ref = asObject(getIn(repo?.object, ['spec', 'ref'])) ?? {};
    // The chart is the last segment of the OCIRepository's URL; its version is the tag or semver range.
    const version = str(ref.tag) ?? str(ref.semver);
    // Reported on the release that deploys it, not on the source it names.
    const at: PathTarget = { resource: r, path: ['spec', 'chartRef', 'name'] };
    const unknown = !repo ? `its OCIRepository ${refName} is not among the inputs` : str(ref.digest) && !version ? 'it names its chart by digest' : undefined;
    return [{ ...common, chart: url ? lastSegment(url.replace(/\/+$/, '')) : refName, version, repository: url ? { url, oci: true } : undefined, gitPath: undefined, gitRepository: undefined, unknown, at }];
  }
  if (chartRef.kind === 'HelmChart' && refName) {
    const hc = sources('HelmChart', refNs, refName);
    const hspec = asObject(hc?.object.spec) ?? {};
    const chart = str(hspec.chart);
    if (!hc || !chart) return [];
    const src = asObject(hspec.sourceRef) ?? {};
    const repo = str(src.name) ? sources('HelmRepository', refNs, str(src.name) as string) : undefined;
    const url = str(getIn(repo?.object, ['spec', 'url']));
    const isOci = getIn(repo?.object, ['spec', 'type']) === 'oci' || (url?.startsWith('oci://') ?? false);
    const version = str(hspec.version);
    return [{ ...common, chart, version: version === '*' ? undefined : version, repository: url ? { url: isOci ? `${url.replace(/\/+$/, '')}/${chart}` : url, oci: isOci } : undefined, gitPath: undefined, gitRepository: undefined, unknown: undefined, at: { resource: r, path: ['spec', 'chartRef', 'name'] } }];
  }
  return [];
}

/** A Flux GitRepository's `spec.ref` in words: its commit, tag, semver range, name or branch (Flux's order of precedence). */
function gitRevisionOf(ref: Record<string, unknown> | undefined): string | undefined {
  if (!ref) return undefined;
  for (const key of ['commit', 'name', 'semver', 'tag', 'branch'] as const) {
    const v = str(ref[key]);
    if (v) return `${key} ${v}`;
  }
  return undefined;
}

function argoDeploy(r: Resource, release: AnyChartRelease): ChartDeploy[] {
  const ct = release.chartTarget;
  if ('doc' in ct || ct.path === undefined) return [];
  const at: PathTarget = { resource: ct.resource, path: ct.path };
  const sourcePath = at.path.slice(0, -1);
  const source = asObject(getIn(r.object, sourcePath)) ?? {};
  const helm = asObject(source.helm) ?? {};
  const chart = str(source.chart);
  const path = str(source.path);
  // A source that only lends its files to others ($ref), or a plain folder of manifests, deploys no chart of its own.
  if (!chart && !path) return [];
  const spec = asObject(r.object.spec) ?? {};
  const releaseName = str(helm.releaseName) ?? r.name;
  const namespace = str(helm.namespace) ?? str(getIn(spec, ['destination', 'namespace']));
  const repoURL = str(source.repoURL);
  const revision = str(source.targetRevision);
  const unknown = [chart ?? '', path ?? '', revision ?? '', repoURL ?? '', releaseName, namespace ?? ''].some(isPlaceholder) ? 'a field of its source is filled in by a tool' : undefined;
  if (chart) {
    // An OCI repository is written without its scheme (types.go, "repoURL"); a Helm repository is https://.
    const isOci = repoURL !== undefined && (repoURL.startsWith('oci://') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(repoURL));
    const url = repoURL && isOci ? `oci://${repoURL.replace(/^oci:\/\//, '').replace(/\/+$/, '')}/${chart}` : repoURL;
    return [{ release, chart, version: revision === '*' ? undefined : revision, repository: url ? { url, oci: isOci } : undefined, gitPath: undefined, gitRepository: undefined, releaseName, namespace, unknown, at }];
  }
  const folder = gitFolder(path as string);
  if (!folder) return [];
  return [{ release, chart: lastSegment(folder), version: undefined, repository: undefined, gitPath: folder, gitRepository: repoURL, ...(revision && revision !== 'HEAD' ? { gitRevision: `revision ${revision}` } : {}), releaseName, namespace, unknown, at, ...(source.helm === undefined ? { maybeManifests: true } : {}) }];
}
