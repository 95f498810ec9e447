// Which Istio the pods run, as the inputs show it: an injected pod's istio-init image,
// istiod's image, an IstioOperator's tag, an injector ConfigMap's global.tag. Pods injected
// before an upgrade keep the istio-init they were injected with.
import type { RelatedLocation, Resource } from '../types.ts';
import { parseIstioVersion, type IstioVersion } from './istio-version.ts';
import { injectorValuesOf, isInjectorConfigMap } from './mesh.ts';
import { getIn, podTemplatesOf } from './workload.ts';

export interface VersionEvidence {
  readonly version: IstioVersion;
  readonly text: string;
  readonly related: RelatedLocation;
  /** Evidence from an install (istiod, IstioOperator, injector ConfigMap) is for a revision; from an injected pod, for that pod. */
  readonly revision: string | undefined;
}

/** The Istio version in an image reference: docker.io/istio/proxyv2:1.22.3-distroless → 1.22.3. */
export function imageVersion(image: string): IstioVersion | undefined {
  // The digest: from the first "@" of the last line on (found by scanning; a pattern would
  // retry from every "@" of a long run).
  let lastBreak = -1;
  for (const c of ['\n', '\r', '\u2028', '\u2029']) lastBreak = Math.max(lastBreak, image.lastIndexOf(c));
  const at = image.indexOf('@', lastBreak + 1);
  const noDigest = at === -1 ? image : image.slice(0, at);
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  if (colon <= slash) return undefined;
  const v = parseIstioVersion(noDigest.slice(colon + 1));
  return v && v.major === 1 ? v : undefined;
}

/** Version evidence a resource carries: an injected pod's istio-init image, istiod's image, an IstioOperator's tag, an injector ConfigMap's global.tag. */
export function versionEvidence(r: Resource): VersionEvidence[] {
  const out: VersionEvidence[] = [];
  const templates = podTemplatesOf(r);
  if (templates.length > 0) {
    for (const c of templates.flatMap((t) => t.containers)) {
      const image = typeof c.object.image === 'string' ? c.object.image : undefined;
      const v = image ? imageVersion(image) : undefined;
      if (!v || !image) continue;
      if (c.name === 'istio-init') {
        out.push({ version: v, text: `${r.kind} ${r.name} runs istio-init ${image}`, related: { target: { resource: r, path: [...c.path, 'image'] }, message: `istio-init from Istio ${v.text}` }, revision: undefined });
      } else if (c.name === 'discovery' && r.kind === 'Deployment' && /^istiod(?:-|$)/.test(r.name) && /\/pilot(?::|@|$)|^pilot:/.test(image)) {
        const revision = r.name === 'istiod' ? 'default' : r.name.slice('istiod-'.length);
        out.push({ version: v, text: `istiod ${r.name} runs ${image}`, related: { target: { resource: r, path: [...c.path, 'image'] }, message: `istiod from Istio ${v.text}` }, revision });
      }
    }
    return out;
  }
  if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
    const tag = getIn(r.object, ['spec', 'tag']);
    const v = typeof tag === 'string' ? parseIstioVersion(tag) : undefined;
    const rev = getIn(r.object, ['spec', 'revision']);
    if (v && v.major === 1) out.push({ version: v, text: `IstioOperator ${r.name} installs tag ${tag as string}`, related: { target: { resource: r, path: ['spec', 'tag'] }, message: `Istio ${v.text}` }, revision: typeof rev === 'string' && rev ? rev : 'default' });
    return out;
  }
  if (r.kind === 'ConfigMap' && isInjectorConfigMap(r)) {
    const values = injectorValuesOf(r);
    if (!values) return out;
    const tag = getIn(values, ['global', 'tag']);
    const v = typeof tag === 'string' ? parseIstioVersion(tag) : undefined;
    const rev = getIn(values, ['revision']);
    if (v && v.major === 1) out.push({ version: v, text: `injector ConfigMap ${r.name} has global.tag ${tag as string}`, related: { target: { resource: r, path: ['data', 'values'] }, message: `Istio ${v.text}` }, revision: typeof rev === 'string' && rev ? rev : 'default' });
  }
  return out;
}
