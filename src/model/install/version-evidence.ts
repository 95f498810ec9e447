// Which Istio the cluster runs, as the inputs show it (../shared/istio/INSTALL-SOURCES.md): the
// images of Istio's own components, the tag an IstioOperator or the istiod chart's values set,
// the chart version a GitOps object installs, the labels a chart renders onto its objects, the
// version a Sail Istio or an OpenShift ServiceMeshControlPlane names, and last, a revision name
// that spells a version. Pods injected before an upgrade keep the istio-init they were injected
// with: that is evidence for the pod, not the install.
import type { Path, RelatedLocation, Resource, Target } from '../../common/types.ts';
import { exactRange, minorRange, parseIstioVersion, rangeText, releaseRange, type IstioVersion, type VersionRange } from './istio-version.ts';
import { CHART_FILE_KIND } from './gitops.ts';
import { injectorValuesOf, isInjectorConfigMap } from '../injection/mesh.ts';
import { isPlaceholder } from '../placeholder.ts';
import { asObject, getIn, podTemplatesOf } from '../workload.ts';
import distributions from '../data/istio-distributions.json' with { type: 'json' };

/**
 * How much a piece of evidence says of the install: an install object or its settings; an
 * injected pod (what injected it once); a revision's name (a convention, not a fact).
 */
export type EvidenceStrength = 'install' | 'pod' | 'name';

export interface VersionEvidence {
  /** The oldest version the evidence allows (the range's start). */
  readonly version: IstioVersion;
  /** The versions it allows: one, or a whole minor when only that is said (`1.27.x`, `v2.1`). */
  readonly range: VersionRange;
  readonly text: string;
  readonly related: RelatedLocation;
  /** Evidence from an install (istiod, IstioOperator, injector ConfigMap) is for a revision; from an injected pod, for that pod. */
  readonly revision: string | undefined;
  readonly strength: EvidenceStrength;
  /** What kind of object says it: the legacy set that init-rerun-prune reads is istio-init, istiod, operator and injector. */
  readonly source: 'istio-init' | 'istiod' | 'operator' | 'injector' | 'image' | 'values' | 'chart' | 'label' | 'sail' | 'smcp' | 'revision-name';
}

const ISTIO_IMAGES = new Set(distributions.images);
const ISTIO_CHARTS = new Set(distributions.charts);
/** Chart names no other project is likely to publish: no need to see Istio's repository. */
const DISTINCT_CHARTS = new Set(distributions.distinctCharts);
/** Templated versions kept for the note: a few name the fact to state. */
const MAX_FILLED_IN = 8;
/** Dependencies of one Chart.yaml read for evidence: far above any real chart's. */
const MAX_DEPENDENCIES = 256;
const SMCP_VERSIONS: Readonly<Record<string, string>> = distributions.serviceMeshControlPlane;

/**
 * Cheap pre-check for the facts pass (facts.ts, mightHoldFacts): could a document's text hold
 * version evidence that its kind alone does not send to the pass? An Istio image with a version
 * tag (a gateway's proxyv2, an injected pod's istio-init), a chart label of Istio's charts, the
 * installer's version label. Kept beside the readers below so that none of them is hidden.
 */
const IMAGE_TAG = new RegExp(`/(?:${distributions.images.join('|')}):v?1\\.\\d`);
const CHART_LABEL = new RegExp(`helm\\.sh/chart["']?\\s*:\\s*["']?(?:${distributions.distinctCharts.join('|')})-v?\\d`);

/**
 * Each pattern is tried only where its fixed text is (a search for a few characters is several
 * times faster than a pattern tried at every slash): the same answer as the three patterns
 * alone, in about two thirds of the time over the corpus.
 */
export const mightHoldVersionEvidence = (docText: string): boolean =>
  docText.includes('operator.istio.io/version') || (docText.includes('helm.sh/chart') && CHART_LABEL.test(docText)) || ((docText.includes(':1.') || docText.includes(':v1.')) && IMAGE_TAG.test(docText));

/** The Istio version in an image reference: docker.io/istio/proxyv2:1.22.3-distroless → 1.22.3. */
export function imageVersion(image: string): IstioVersion | undefined {
  const ref = imageRef(image);
  if (!ref) return undefined;
  const v = parseIstioVersion(ref.tag);
  return v && v.major === 1 ? v : undefined;
}

/** Repository and tag of an image reference, digest left off; undefined without a tag. */
function imageRef(image: string): { readonly repository: string; readonly tag: string } | undefined {
  // The digest: from the first "@" of the last line on (found by scanning; a pattern would
  // retry from every "@" of a long run).
  let lastBreak = -1;
  for (const c of ['\n', '\r', '\u2028', '\u2029']) lastBreak = Math.max(lastBreak, image.lastIndexOf(c));
  const at = image.indexOf('@', lastBreak + 1);
  const noDigest = at === -1 ? image : image.slice(0, at);
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  if (colon <= slash) return undefined;
  return { repository: noDigest.slice(0, colon), tag: noDigest.slice(colon + 1) };
}

/** An image of Istio's own components from Istio's hub: docker.io/istio/pilot, gcr.io/istio-release/proxyv2. */
function istioComponentImage(image: string): { readonly name: string; readonly version: IstioVersion } | undefined {
  const ref = imageRef(image);
  if (!ref) return undefined;
  const parts = ref.repository.split('/');
  const name = parts[parts.length - 1] ?? '';
  if (!ISTIO_IMAGES.has(name) || !parts.slice(0, -1).some((p) => /^istio(?:-|$)/.test(p))) return undefined;
  const version = parseIstioVersion(ref.tag);
  return version && version.major === 1 ? { name, version } : undefined;
}

/**
 * A version as a chart version or tag states it: exact ("1.27.1", "v1.24.3"), or a whole minor
 * ("1.27.x", "1.27.*", "~1.27.0", "v1.24-latest"). A range wider than a minor, a placeholder or
 * anything else says nothing.
 */
export function versionSpec(value: unknown): VersionRange | undefined {
  if (typeof value !== 'string' || value.length > 64 || isPlaceholder(value)) return undefined;
  const text = value.trim();
  const exact = /-latest$/.test(text) ? undefined : parseIstioVersion(text);
  if (exact) return exact.major === 1 ? releaseRange(exact) : undefined;
  const minor = /^[~=]?\s*v?(\d+)\.(\d+)(?:\.(?:x|\*|\d+)|-latest)?$/.exec(text) ?? /^v?(\d+)\.(\d+)\.[x*]$/.exec(text);
  if (!minor) return undefined;
  const major = Number(minor[1]);
  return major === 1 ? minorRange(major, Number(minor[2])) : undefined;
}

/** A revision named after its version: 1-13, 1-20-3 (the weakest evidence: a convention). */
export function revisionNameVersion(revision: string): VersionRange | undefined {
  const m = /^1-(\d{1,2})(?:-(\d{1,3}))?$/.exec(revision);
  if (!m) return undefined;
  const minor = Number(m[1]);
  if (m[2] === undefined) return minorRange(1, minor);
  const patch = Number(m[2]);
  return exactRange({ major: 1, minor, patch, text: `1.${minor}.${patch}` });
}

/** Version evidence a resource carries, of every kind (see versionEvidence for the legacy subset). */
export function versionEvidenceOf(r: Resource, filledIn?: string[]): VersionEvidence[] {
  const out: VersionEvidence[] = [];
  const add = (range: VersionRange | undefined, source: VersionEvidence['source'], text: (v: string) => string, path: Path, revision: string | undefined, strength: EvidenceStrength = 'install'): void => {
    if (!range) {
      // A version a tool fills in (an ApplicationSet's "{{ .version }}"): named where the
      // version is said to be unknown, so the user sees which value to state.
      const raw = getIn(r.object, path);
      if (filledIn && strength === 'install' && typeof raw === 'string' && isPlaceholder(raw) && filledIn.length < MAX_FILLED_IN) {
        filledIn.push(`${r.kind} ${r.name || '(no name)'} sets ${path.filter((p) => typeof p === 'string').at(-1) ?? 'its version'} "${raw.slice(0, 60)}" from a template (${r.doc.file.displayPath})`);
      }
      return;
    }
    const v = rangeText(range);
    out.push({ version: range.from, range, text: text(v), related: { target: { resource: r, path }, message: `Istio ${v}` }, revision, source, strength });
  };
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const label = (key: string): unknown => getIn(r.object, ['metadata', 'labels', key]);
  // Install objects often have no name (an IstioOperator applied with istioctl).
  const name = r.name || '(no name)';

  // Labels a chart or istioctl renders onto every object it makes.
  const chartLabel = str(label('helm.sh/chart'));
  const chartMatch = chartLabel ? /^([a-z][a-z0-9-]*?)-(v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)$/.exec(chartLabel) : null;
  if (chartMatch && DISTINCT_CHARTS.has(chartMatch[1] as string)) {
    add(chartVersion(chartMatch[2]), 'label', (v) => `${r.kind} ${name} is rendered by chart ${chartLabel as string} (Istio ${v})`, ['metadata', 'labels', 'helm.sh/chart'], undefined);
  }
  const operatorVersion = label('operator.istio.io/version');
  if (typeof operatorVersion === 'string') {
    add(versionSpec(operatorVersion), 'label', (v) => `${r.kind} ${name} is rendered by Istio's installer ${v}`, ['metadata', 'labels', 'operator.istio.io/version'], undefined);
  }

  // An umbrella chart's dependencies on Istio's charts: the version it pins (Helm reads
  // `dependencies[].version` as a semver range; an exact one or a minor says which Istio).
  if (r.kind === CHART_FILE_KIND) {
    const deps = getIn(r.object, ['dependencies']);
    for (const [i, dep] of (Array.isArray(deps) ? deps.slice(0, MAX_DEPENDENCIES) : []).entries()) {
      const chart = str(getIn(dep, ['name']));
      const version = getIn(dep, ['version']);
      if (chart && isIstioChart(chart, str(getIn(dep, ['repository'])) ?? '')) {
        add(chartVersion(version), 'chart', (v) => `chart ${r.name} depends on Istio's ${chart} chart ${String(version)} (Istio ${v})`, ['dependencies', i, 'version'], undefined);
      }
    }
    return out;
  }

  const templates = podTemplatesOf(r);
  if (templates.length > 0) {
    for (const c of templates.flatMap((t) => t.containers)) {
      const image = typeof c.object.image === 'string' ? c.object.image : undefined;
      if (!image) continue;
      const at: Path = [...c.path, 'image'];
      if (c.name === 'istio-init') {
        const v = imageVersion(image);
        if (v) out.push({ version: releaseRange(v).from, range: releaseRange(v), text: `${r.kind} ${name} runs istio-init ${image}`, related: { target: { resource: r, path: at }, message: `istio-init from Istio ${v.text}` }, revision: undefined, source: 'istio-init', strength: 'pod' });
        continue;
      }
      const component = istioComponentImage(image);
      if (!component) continue;
      if (c.name === 'discovery' && r.kind === 'Deployment' && /^istiod(?:-|$)/.test(r.name) && component.name === 'pilot') {
        const revision = r.name === 'istiod' ? 'default' : r.name.slice('istiod-'.length);
        out.push({ version: releaseRange(component.version).from, range: releaseRange(component.version), text: `istiod ${name} runs ${image}`, related: { target: { resource: r, path: at }, message: `istiod from Istio ${component.version.text}` }, revision, source: 'istiod', strength: 'install' });
        continue;
      }
      // An injected app's proxy says what injected the pod once; a gateway's is the install's.
      const injected = c.name === 'istio-proxy' && templates.some((t) => t.containers.some((o) => !istioComponentImage(typeof o.object.image === 'string' ? o.object.image : '')));
      add(releaseRange(component.version), 'image', () => `${r.kind} ${name} runs ${image}`, at, undefined, injected ? 'pod' : 'install');
    }
    return out;
  }
  if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
    const revision = str(getIn(r.object, ['spec', 'revision']));
    // A tag YAML reads as a number (1.10 → 1.1) is not what was written: left out.
    const tag = getIn(r.object, ['spec', 'tag']);
    add(versionSpec(tag), 'operator', () => `IstioOperator ${name} installs tag ${tag as string}`, ['spec', 'tag'], revision ?? 'default');
    const valuesTag = getIn(r.object, ['spec', 'values', 'global', 'tag']);
    if (tag === undefined) add(versionSpec(valuesTag), 'operator', () => `IstioOperator ${name} sets global.tag ${valuesTag as string}`, ['spec', 'values', 'global', 'tag'], revision ?? 'default');
    if (revision) add(revisionNameVersion(revision), 'revision-name', (v) => `IstioOperator ${name} installs revision ${revision}, named after Istio ${v}`, ['spec', 'revision'], revision, 'name');
    return out;
  }
  if (r.kind === 'ConfigMap' && isInjectorConfigMap(r)) {
    const values = injectorValuesOf(r);
    if (!values) return out;
    const tag = getIn(values, ['global', 'tag']);
    const rev = getIn(values, ['revision']);
    add(versionSpec(tag), 'injector', () => `injector ConfigMap ${name} has global.tag ${tag as string}`, ['data', 'values'], typeof rev === 'string' && rev ? rev : 'default');
    return out;
  }
  if (r.kind === 'HelmRelease' && r.apiVersion.startsWith('helm.toolkit.fluxcd.io/')) {
    const chart = str(getIn(r.object, ['spec', 'chart', 'spec', 'chart']));
    const source = str(getIn(r.object, ['spec', 'chart', 'spec', 'sourceRef', 'name'])) ?? '';
    const version = getIn(r.object, ['spec', 'chart', 'spec', 'version']);
    if (chart && isIstioChart(chart, source)) add(chartVersion(version), 'chart', (v) => `HelmRelease ${name} installs Istio's ${chart} chart ${version as string} (Istio ${v})`, ['spec', 'chart', 'spec', 'version'], undefined);
    return out;
  }
  if (r.kind === 'OCIRepository' && r.apiVersion.startsWith('source.toolkit.fluxcd.io/')) {
    const url = str(getIn(r.object, ['spec', 'url'])) ?? '';
    const chart = url.split('/').pop() ?? '';
    if (!isIstioChart(chart, url)) return out;
    for (const key of ['tag', 'semver']) {
      const value = getIn(r.object, ['spec', 'ref', key]);
      add(chartVersion(value), 'chart', (v) => `OCIRepository ${name} pulls Istio's ${chart} chart ${value as string} (Istio ${v})`, ['spec', 'ref', key], undefined);
    }
    return out;
  }
  if ((r.kind === 'Application' || r.kind === 'ApplicationSet') && r.apiVersion.startsWith('argoproj.io/')) {
    const base: Path = r.kind === 'Application' ? ['spec'] : ['spec', 'template', 'spec'];
    const spec = asObject(getIn(r.object, base)) ?? {};
    const sources: [Record<string, unknown>, Path][] = [];
    const single = asObject(spec.source);
    if (single) sources.push([single, [...base, 'source']]);
    if (Array.isArray(spec.sources)) spec.sources.slice(0, 32).forEach((s, i) => asObject(s) && sources.push([asObject(s) as Record<string, unknown>, [...base, 'sources', i]]));
    for (const [source, at] of sources) {
      const chart = str(source.chart);
      const repo = str(source.repoURL) ?? '';
      if (!chart || !isIstioChart(chart, repo)) continue;
      const rev = source.targetRevision;
      add(chartVersion(rev), 'chart', (v) => `${r.kind} ${name} installs Istio's ${chart} chart ${rev as string} (Istio ${v})`, [...at, 'targetRevision'], undefined);
    }
    return out;
  }
  if (r.apiVersion.startsWith('sailoperator.io/') && (r.kind === 'Istio' || r.kind === 'IstioRevision' || r.kind === 'IstioCNI' || r.kind === 'ZTunnel')) {
    const version = getIn(r.object, ['spec', 'version']);
    add(versionSpec(version), 'sail', (v) => `${r.kind} ${name} runs version ${version as string} (Istio ${v})`, ['spec', 'version'], undefined);
    return out;
  }
  if (r.kind === 'ServiceMeshControlPlane' && r.apiVersion.startsWith('maistra.io/')) {
    const version = str(getIn(r.object, ['spec', 'version']));
    const istio = version ? SMCP_VERSIONS[version.replace(/^v?/, 'v')] : undefined;
    const range = istio ? versionSpec(`${istio}.x`) : undefined;
    add(range, 'smcp', (v) => `ServiceMeshControlPlane ${name} runs OpenShift Service Mesh ${version as string}, Istio ${v}`, ['spec', 'version'], undefined);
    return out;
  }
  if ((r.kind === 'Namespace' || r.kind === 'MutatingWebhookConfiguration') && r.apiVersion.startsWith('admissionregistration.k8s.io/') === (r.kind === 'MutatingWebhookConfiguration')) {
    const rev = str(label('istio.io/rev'));
    if (rev) add(revisionNameVersion(rev), 'revision-name', (v) => `${r.kind} ${name} names revision ${rev}, named after Istio ${v}`, ['metadata', 'labels', 'istio.io/rev'], rev, 'name');
  }
  return out;
}

/**
 * A chart version that is a release's: Istio's charts in its source tree carry placeholders
 * (1.0.0 from 1.12 on, 1.1.0 and 1.2.0 before: each Chart.yaml under manifests/charts at each tag), and a
 * release rewrites them to its own version; no release before 1.12 was published as charts.
 */
function chartVersion(value: unknown): VersionRange | undefined {
  const range = versionSpec(value);
  return range && (range.to.major > 1 || range.to.minor >= 12) ? range : undefined;
}

/**
 * Whether a chart folder's Chart.yaml is one of Istio's own charts (manifests/charts in Istio's
 * source, or a copy an operator vendors): a name Istio's charts use, and a Chart.yaml that names
 * Istio (its keywords, sources, home or icon). A user's chart that depends on Istio's is not one.
 */
export function isIstioOwnChartFile(chartYaml: string): boolean {
  if (chartYaml.length > 64 * 1024) return false;
  // A repository of Istio's (or of OpenShift Service Mesh's fork) as the chart's source or home,
  // or the keyword Istio's addon charts carry.
  if (/github\.com\/(?:istio|maistra)\/[\w.-]|^[ \t]*-[ \t]*["']?istio-addon["']?[ \t]*$/m.test(chartYaml)) return true;
  const name = /^name:[ \t]*["']?([a-z0-9-]+)["']?[ \t]*$/m.exec(chartYaml)?.[1];
  return name !== undefined && (ISTIO_CHARTS.has(name) || ISTIO_SOURCE_CHARTS.has(name)) && /istio/i.test(chartYaml.replace(/^name:.*$/m, ''));
}

/** Chart names of Istio's source tree besides the published ones (manifests/charts at 1.6 to master). */
const ISTIO_SOURCE_CHARTS = new Set(['istio-discovery', 'istio-cni', 'istio-ingress', 'istio-egress', 'istio-operator', 'istiod-remote', 'ambient', 'istio-default', 'gateways']);

/** Whether a chart is Istio's: by a name only Istio uses, or a common name from a repository that names istio. */
function isIstioChart(chart: string, repository: string): boolean {
  if (!ISTIO_CHARTS.has(chart)) return false;
  return DISTINCT_CHARTS.has(chart) || /istio/i.test(repository);
}

/** Chart values that set the images' tag: istiod values files, a GitOps release's values. */
export function valuesTagEvidence(values: Record<string, unknown>, target: Target, label: string): VersionEvidence | undefined {
  const tag = getIn(values, ['global', 'tag']);
  const range = versionSpec(tag);
  if (!range) return undefined;
  const v = rangeText(range);
  return { version: range.from, range, text: `${label} sets global.tag ${tag as string}`, related: { target, message: `Istio ${v}` }, revision: undefined, source: 'values', strength: 'install' };
}

/** The evidence init-rerun-prune reads: an injected pod's istio-init, istiod's image, an IstioOperator's tag, an injector ConfigMap's global.tag. */
export function versionEvidence(r: Resource): VersionEvidence[] {
  return versionEvidenceOf(r).filter((e) => e.source === 'istio-init' || e.source === 'istiod' || (e.source === 'operator' && e.range.from === e.range.to) || e.source === 'injector');
}
