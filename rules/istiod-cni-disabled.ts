// Installing the istio-cni chart runs the node agent only: what injected pods get is decided by
// istiod's own value pilot.cni.enabled, which the injection template reads to render the
// unprivileged istio-validation instead of istio-init (NET_ADMIN, NET_RAW, root). Without it
// every injected pod still gets istio-init, and the agent skips those pods (Istio #54968;
// cni/pkg/plugin/plugin.go). Reported once per istiod install, on its values, with the CNI
// install of the same cluster as related location. Model: src/model/install/cni-install.ts.
import { appendTo } from '../src/common/collections.ts';
import { objectKey } from '../src/model/place.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource } from '../src/load/resources.ts';
import { folderOf } from '../src/model/install/control-plane.ts';
import {
  injectorCni, operatorCni, releaseAmbient, releaseCni, valuesAmbient, type CniInstall, type IstiodCni,
} from '../src/model/install/cni-install.ts';
import { VALUES_FILE_KIND, type ChartRelease } from '../src/model/install/gitops.ts';
import { nearestFolders } from '../src/model/install/install-scope.ts';
import { atLeast } from '../src/model/install/istio-version.ts';
import { injectorValuesOf } from '../src/model/injection/mesh.ts';
import { formatConfigPath } from '../src/model/pod/proxy-config.ts';
import { getIn } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Resource, Target } from '../src/common/types.ts';
import { keySpan } from './proxy-config-invalid.ts';

/** Where a resource is written: the same object in the facts pass and the rules pass. */

/** Related locations shown at most. */
const MAX_RELATED = 5;

export default createRule({
  name: 'istiod-cni-disabled',
  meta: {
    type: 'problem',
    docs: {
      description: 'istiod values that leave Istio CNI off while the istio-cni chart is installed beside them: injected pods still get the privileged istio-init',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      off: 'Istio CNI is installed ({{ cni }}), but this istiod {{ state }}, so injected pods still get the privileged istio-init. Set {{ key }}: true.',
      legacy: 'Istio {{ version }} ignores istio_cni.enabled (gone since 1.24): with Istio CNI installed ({{ cni }}), injected pods still get the privileged istio-init. Set {{ key }}: true.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const { mesh } = context.facts;
    const cnis = mesh.cniInstalls;
    if (cnis.length === 0) return {};
    const version = mesh.versionOrigin === 'unknown' ? undefined : mesh.version;
    // Facts are gathered in a pass of their own, over resources of their own: matched by place.
    const releases = new Map<string, ChartRelease[]>();
    for (const release of mesh.istiodReleases) {
      const key = objectKey(release.resource);
      appendTo(releases, key, release);
    }
    // istiod's installs among the inputs, by folder: a CNI install belongs to the nearest ones.
    const istiodFolders = new Set([
      ...mesh.controlPlane.filter((c) => c.kind === 'Release' || c.kind === 'Deployment').map((c) => c.folder),
      ...mesh.injectorConfigs.flatMap((c) => (c.resource ? [folderOf(c.resource)] : [])),
    ]);
    const cniFolders = cnis.map((c) => c.folder);
    /** The CNI installs of the same cluster as an istiod in `folder`: each the nearest of the other to it. */
    const pairedWith = (folder: string): CniInstall[] => {
      const near = nearestFolders(folder, cniFolders);
      return cnis.filter((c) => near.includes(c.folder) && nearestFolders(c.folder, [...istiodFolders, folder]).includes(folder));
    };
    const key = (prefix: string): string => `${prefix}${version && !atLeast(version, 1, 22) ? 'istio_cni.enabled' : 'pilot.cni.enabled'}`;

    const judge = (r: Resource, cni: IstiodCni | undefined, ambient: boolean | 'unknown', prefix: string): void => {
      if (!cni || cni.state === 'on' || cni.state === 'unknown' || ambient !== false) return;
      const paired = pairedWith(folderOf(r));
      // A CNI install for ambient (or one that may be): sidecars keeping istio-init is that install's own default.
      if (paired.length === 0 || paired.some((c) => c.ambient !== false)) return;
      if (cni.state === 'version') {
        context.unknown('istio-version', r, `istio_cni.enabled of ${describeResource(r)}, ignored from Istio 1.24`);
        return;
      }
      if (cni.state !== 'off') return;
      const shown = paired[0] as CniInstall;
      const data = { cni: `${shown.label}${paired.length > 1 ? ` and ${paired.length - 1} more` : ''}`, key: key(prefix) };
      const related: RelatedLocation[] = paired.slice(0, MAX_RELATED).map((c) => ({ target: c.target, message: `Istio CNI is installed here: ${c.label}` }));
      const target = refine(cni.target, cni.written?.key);
      if (cni.ignoredLegacy) {
        context.report({ target, messageId: 'legacy', data: { ...data, version: version?.text ?? '' }, related });
        return;
      }
      const state = cni.written ? `sets ${formatConfigPath(cni.written.key)}: ${cni.written.value}` : `leaves ${key('')} out`;
      context.report({ target, messageId: 'off', data: { ...data, state }, related });
    };

    return {
      // istiod's values files (no kind): documents, not resources.
      Document({ doc }) {
        for (const release of releases.get(`${doc.file.displayPath}\u0000${doc.index}\u0000`) ?? []) {
          if (release.resource.kind === VALUES_FILE_KIND) judge(release.resource, releaseCni(release, version), releaseAmbient(release), '');
        }
      },
      Resource(r) {
        for (const release of releases.get(objectKey(r)) ?? []) judge(r, releaseCni(release, version), releaseAmbient(release), '');
        if (r.kind === 'IstioOperator') {
          const spec = getIn(r.object, ['spec']);
          judge(r, operatorCni(r, version), valuesAmbient(getIn(spec, ['values'])) || getIn(spec, ['profile']) === 'ambient', 'spec.values.');
          return;
        }
        const values = injectorValuesOf(r);
        if (values) judge(r, injectorCni(r, version), valuesAmbient(values), '');
      },
    };
  },
});

/** A key inside a values text (a ConfigMap's values.yaml, Argo CD's helm.values): point at the key itself. */
function refine(target: Target, key: Path | undefined): Target {
  if (!key || !('resource' in target) || !target.resource || target.path === undefined) return target;
  const text = getIn(target.resource.object, target.path as Path);
  if (typeof text !== 'string') return target;
  const within = keySpan(text, formatConfigPath(key));
  return within ? { resource: target.resource, path: target.path, within } : target;
}
