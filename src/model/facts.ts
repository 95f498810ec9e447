// Cross-file facts, gathered from every input before any rule runs: namespaces and
// their labels, and the mesh install. A fact no input or config states is unknown.
import { appendTo } from '../common/collections.ts';
import type { Path, Resource, SourceFile, Target } from '../common/types.ts';
import type { MeshSettings } from '../common/config.ts';
import { asObject, getIn, labelString } from './workload.ts';
import { atLeast, parseIstioVersion, rangeText, uncoveredVersionNote, type IstioVersion } from './install/istio-version.ts';
import { mightHoldVersionEvidence, valuesTagEvidence, versionEvidenceOf, type VersionEvidence } from './install/version-evidence.ts';
import { resolveVersions, type VersionFact, type VersionFacts, type VersionOrigin } from './install/version-facts.ts';
import {
  generateWebhooks, INJECT_KEY, injectorConfigOf, isInjectorConfig, isInjectorConfigMap, istioOperatorFacts, NS_INJECTION_LABEL, REV_LABEL, WEBHOOK_SUFFIX, webhooksOf,
  type FactOrigin, type InjectorConfig, type InjectorWebhook, type IstioOperatorFacts,
} from './injection/mesh.ts';
import { configContradicted, InstallFactsBuilder, type InstallSettings } from './install/install.ts';
import { atPlace, slimResource } from './place.ts';
import { OssmMeshBuilder, type OssmMesh } from './install/ossm.ts';
import { peerAuthenticationOf, rootNamespaceStated, type PeerAuthentication } from './traffic/peer-authentication.ts';
import { POLICY_KINDS, selectorPolicyOf, type SelectorPolicy } from './traffic/policy-kinds.ts';
import { exportDefaultsStated, type ExportDefaults } from './traffic/export.ts';
import type { LabelSelector } from './injection/selector.ts';
import { AmbientInstallBuilder } from './ambient/install.ts';
import type { CaptureInstall } from './ambient/capture.ts';
import { isGateway, isGatewayClass, waypointGateways, type WaypointGateway } from './ambient/waypoint.ts';
import {
  chartReleasesOf, chartRevisionTags, createdNamespacesOf, isInstallValuesFile, ISTIOD_VALUES_LINE, layeredValue, releaseRevision, sailRevisionTag, secretValuesOf, VALUES_FILE_KIND, valuesOverBudget,
  type ChartRelease, type CreatedNamespace, type DeclaredTag, type ValuesOverBudget,
} from './install/gitops.ts';
import { HiddenValues } from './hidden-values.ts';
import { isPlaceholder } from './placeholder.ts';
import { exactText, maskedNeedle } from '../common/masked-text.ts';
import { cniInstallOf, cniReleaseInstall, type CniInstall } from './install/cni-install.ts';
import { CONTROL_PLANE_TEXT, controlPlaneObjectOf, mightNameControlPlane, releasedControlPlane, type ControlPlaneObject } from './install/control-plane.ts';


/** Where istiod's chart values set the injector's policy and enableNamespacesByDefault. */
const POLICY_PATH: Path = ['global', 'proxy', 'autoInject'];
const ENABLE_PATH: Path = ['sidecarInjectorWebhook', 'enableNamespacesByDefault'];

export interface NamespaceFact {
  readonly name: string;
  /** Labels as strings; values YAML typed as booleans or numbers are kept in their string form. */
  readonly labels: Readonly<Record<string, string>>;
  readonly origin: 'input' | 'config';
  /** The Namespace object, when it is among the inputs. */
  readonly resource?: Resource;
  /** The GitOps object that creates it (Argo CD CreateNamespace=true, Flux install.createNamespace), when no Namespace object defines it. */
  readonly createdBy?: CreatedNamespace;
}

export interface MeshFacts {
  /**
   * The version decisions are made for: the newest the version fact allows. When that fact is a
   * range (unknown, or a minor without its patch), the engine also judges at each step below it.
   */
  readonly version: IstioVersion;
  /** Where the version came from: said on the command line, in the config, read from the inputs, or unknown. */
  readonly versionOrigin: VersionOrigin;
  /** The version fact this object's decisions follow (a file's own, when installs of several versions are among the inputs). */
  readonly versionFact: VersionFact;
  /** The version facts of the whole run: its evidence, and each file's. */
  readonly versions: VersionFacts;
  readonly settings: MeshSettings;
  /** Istio's injector webhook entries, in the order the API server would call them. */
  readonly webhooks: readonly InjectorWebhook[];
  /** The webhooks as Istio 1.10 and later lay them out: what `webhooks` is at each version made from (legacyLayout). */
  readonly webhooksSince110: readonly InjectorWebhook[];
  /** input: MutatingWebhookConfigurations or IstioOperators among the inputs; config: the config's istio: section; assumed: a default install. */
  readonly webhooksOrigin: FactOrigin;
  /** Injector ConfigMaps among the inputs. */
  readonly injectorConfigs: readonly InjectorConfig[];
  /** istiod's Services and Deployments among the inputs, and the revisions IstioOperators and GitOps objects install: the Services injector webhooks may call. */
  readonly controlPlane: readonly ControlPlaneObject[];
  /** The injector policy and selectors of a revision. */
  injectorFor(revision: string): InjectorConfig;
  /** CNI, native sidecars, hold and the proxy's lifecycle as the install of a revision sets them. */
  installFor(revision: string): InstallSettings;
  /** What istio-cni does with ambient labels: excluded namespaces, whether ambient is on, its selectors. */
  readonly capture: CaptureInstall;
  /** Gateway API Gateways among the inputs, as waypoints (waypoint-for resolved through their GatewayClass). */
  readonly waypoints: readonly WaypointGateway[];
  /** Where the inputs and the config disagree (inputs win). */
  readonly notes: readonly string[];
  /** The istiod chart releases of the GitOps objects among the inputs (Flux, Argo CD, Sail), with their values layers. */
  readonly istiodReleases: readonly ChartRelease[];
  /** The istio-cni node agent's installs among the inputs (its DaemonSet, a cni chart release, an IstioOperator's cni component). */
  readonly cniInstalls: readonly CniInstall[];
  /** Values read from Secrets: they decide, but every text shown names their Secret and key instead. */
  readonly hidden?: HiddenValues;
  /** Where a Flux HelmRelease's valuesFrom texts pass the bound meshlint reads for one release, if they do. */
  readonly valuesOverBudget?: (r: Resource) => ValuesOverBudget | undefined;
  /** OpenShift Service Mesh 2.x control planes among the inputs, and namespace membership in their meshes. */
  readonly ossm?: OssmMesh;
  /** The PeerAuthentications among the inputs, and the mesh's root namespace as the mesh configs among them name it. */
  readonly mtls: MtlsFacts;
}

export interface MtlsFacts {
  readonly peerAuthentications: readonly PeerAuthentication[];
  /** The selector-scoped policies among the inputs (AuthorizationPolicy, Sidecar, Telemetry, …): which pick a workload, for explain. */
  readonly selectorPolicies: readonly SelectorPolicy[];
  /**
   * The root namespace: the one the mesh configs among the inputs name (with one that says it),
   * else the config's istio.rootNamespace; undefined: none, or several that disagree.
   */
  readonly rootNamespace: { readonly name: string; readonly source: string; readonly resource?: Resource } | undefined;
  /** Every namespace a mesh config among the inputs (or the config) names as the root one, agreeing or not. */
  readonly statedRoots: readonly string[];
  /** The default exportTo of Services, DestinationRules and VirtualServices the mesh configs among the inputs state (Istio's own is `*`). */
  readonly exportDefaults: ExportDefaults;
}

export interface Facts {
  readonly namespaces: ReadonlyMap<string, NamespaceFact>;
  readonly mesh: MeshFacts;
}

export interface FactsInput {
  readonly configNamespaces?: Readonly<Record<string, { readonly labels?: Readonly<Record<string, string>> }>>;
  readonly mesh?: MeshSettings;
  readonly cliIstioVersion?: string;
  /** Istio's own charts rendered with their defaults only (folders as shown, and how many failed to render): read as chart sources, not installs. */
  readonly chartSources?: { readonly folders: readonly string[]; readonly failed: number };
}

function sameLabels(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}


export class FactsBuilder {
  private readonly namespaceDefinitions = new Map<string, NamespaceFact[]>();
  private readonly webhookConfigs: Resource[] = [];
  private readonly injectorConfigMaps: Resource[] = [];
  /** Installs among the inputs (IstioOperators, istiod chart releases), and where they state the injector's policy and enableNamespacesByDefault. */
  private readonly operators: { resource: Resource; facts: IstioOperatorFacts; at?: { policy?: Target; enable?: Target } }[] = [];
  private readonly controlPlane: ControlPlaneObject[] = [];
  /** GitOps objects that release istiod with a revision a tool fills in: any istiod-<rev> may exist. */
  private readonly openReleases: Resource[] = [];
  private readonly installSettings = new InstallFactsBuilder();
  /** Values read from Secrets, never printed unless the inputs also write them outside a Secret. */
  private readonly hidden = new HiddenValues((value) => this.writtenOutsideSecrets(value));
  /** The files of the inputs as written (not rendered), with the spans of their Secret documents. */
  private readonly writtenFiles = new Map<SourceFile, [number, number][]>();
  private readonly ambientInstall = new AmbientInstallBuilder();
  private readonly gateways: Resource[] = [];
  private readonly gatewayClasses: Resource[] = [];
  /** GitOps objects that may release istiod or cni, read once every input is known (their values may sit in ConfigMaps). */
  private readonly releasers: Resource[] = [];
  /** ConfigMaps, Secrets and OCIRepositories by name: what a release's valuesFrom or chartRef names. */
  private readonly byName = new Map<string, Resource[]>();
  private readonly createdNamespaces = new Map<string, CreatedNamespace[]>();
  /** Namespace objects whose labels a tool fills in: what creates them elsewhere does not say their labels. */
  private readonly unknownNamespaces = new Set<string>();
  /** Namespace objects of the rest of the repository (read for facts only): used where the inputs and the context define none. */
  private readonly repositoryNamespaces = new Map<string, NamespaceFact[]>();
  private readonly repositoryUnknownNamespaces = new Set<string>();
  private releasesAdded = false;
  private readonly releaseNotes: string[] = [];
  /** Revision tags the releases declare (chart revisionTags, Sail IstioRevisionTag): tag → where. */
  private readonly declaredTags = new Map<string, DeclaredTag[]>();
  private readonly istiodReleases: ChartRelease[] = [];
  private readonly versionEvidence: VersionEvidence[] = [];
  private readonly versionsFilledIn: string[] = [];
  private readonly cniInstalls: CniInstall[] = [];
  private readonly ossm = new OssmMeshBuilder();
  private readonly peerAuthentications: PeerAuthentication[] = [];
  private readonly selectorPolicies: SelectorPolicy[] = [];
  private readonly roots = new Map<string, Resource>();
  /** The default exportTo lists each mesh config among the inputs states. */
  private readonly exportStated: NonNullable<ReturnType<typeof exportDefaultsStated>>[] = [];

  /** Records what a resource tells about the cluster. Called for every resource of every input. */
  addResource(r: Resource): void {
    const file = r.doc.file;
    if (!file.origin) {
      let secrets = this.writtenFiles.get(file);
      if (!secrets) this.writtenFiles.set(file, (secrets = []));
      if (r.kind === 'Secret') secrets.push([r.doc.startOffset, r.doc.endOffset]);
    }
    for (const e of versionEvidenceOf(r, this.versionsFilledIn)) this.versionEvidence.push(e);
    this.installSettings.addResource(r);
    this.ambientInstall.addResource(r);
    this.ossm.addResource(r);
    const pa = peerAuthenticationOf(r);
    // Every one is kept (each is an object of the inputs): a policy left out would change the mode others decide.
    if (pa) this.peerAuthentications.push(pa);
    const policy = selectorPolicyOf(r);
    // What its rule reads: the name, and the selector it places a finding at.
    if (policy) this.selectorPolicies.push({ ...policy, resource: slimResource(r, [policy.kind.labels]) });
    const root = rootNamespaceStated(r);
    if (root !== undefined && !this.roots.has(root)) this.roots.set(root, r);
    const exported = exportDefaultsStated(r);
    if (exported) this.exportStated.push(exported);
    const cni = cniInstallOf(r);
    if (cni) this.cniInstalls.push(cni);
    if (isGateway(r)) this.gateways.push(r);
    else if (isGatewayClass(r)) this.gatewayClasses.push(r);
    if (r.kind === 'ConfigMap' || r.kind === 'Secret' || r.kind === 'OCIRepository') {
      const key = `${r.kind}/${r.name}`;
      appendTo(this.byName, key, r);
    } else if (RELEASER_KINDS.has(r.kind)) {
      this.releasers.push(r);
      for (const created of createdNamespacesOf(r)) {
        appendTo(this.createdNamespaces, created.name, created);
      }
    }
    const controlPlane = controlPlaneObjectOf(r);
    if (controlPlane) this.controlPlane.push(controlPlane);
    if (isInjectorConfig(r)) this.webhookConfigs.push(r);
    else if (isInjectorConfigMap(r)) this.injectorConfigMaps.push(r);
    else if (r.kind === 'IstioOperator') {
      const facts = istioOperatorFacts(r);
      const values: Path = ['spec', 'values'];
      if (facts) this.operators.push({ resource: r, facts, at: { policy: { resource: r, path: [...values, ...POLICY_PATH] }, enable: { resource: r, path: [...values, ...ENABLE_PATH] } } });
    }
    if (r.kind === 'Namespace' && r.apiVersion === 'v1' && r.name) {
      const md = asObject(r.object.metadata) ?? {};
      const labels: Record<string, string> = {};
      for (const [k, v] of Object.entries(asObject(md.labels) ?? {})) labels[k] = labelString(v) ?? '';
      // The rest of the repository counts where the inputs and the context say nothing of it.
      const fromRepository = r.doc.file.repositoryContext === true;
      // A label a tool fills in later (`istio.io/rev: ${REV}`) leaves the namespace's labels unknown.
      if (Object.values(labels).some(isPlaceholder)) {
        (fromRepository ? this.repositoryUnknownNamespaces : this.unknownNamespaces).add(r.name);
        return;
      }
      // The Kubernetes API server always sets this label; webhook selectors rely on it.
      labels['kubernetes.io/metadata.name'] = r.name;
      const definitions = fromRepository ? this.repositoryNamespaces : this.namespaceDefinitions;
      const list = definitions.get(r.name) ?? [];
      list.push({ name: r.name, labels, origin: 'input', resource: r });
      definitions.set(r.name, list);
    }
  }

  /** Each default exportTo the mesh configs among the inputs state: one they agree on (unstated in one is Istio's `*`), else unknown. */
  private exportDefaults(): ExportDefaults {
    const out: { -readonly [K in keyof ExportDefaults]: ExportDefaults[K] } = {};
    for (const kind of ['service', 'destinationRule', 'virtualService'] as const) {
      const said = new Set(this.exportStated.map((s) => JSON.stringify(s[kind] ?? ['*'])));
      if (said.size > 1) out[kind] = 'unknown';
      else if (said.size === 1) out[kind] = JSON.parse([...said][0] as string) as string[];
    }
    return out;
  }

  /** The mesh's root namespace: the one the mesh configs among the inputs name, else the config's istio.rootNamespace. */
  private rootNamespace(settings: MeshSettings): MtlsFacts['rootNamespace'] {
    if (this.roots.size === 1) {
      const [[name, resource]] = [...this.roots] as [[string, Resource]];
      return { name, source: `${resource.kind} ${resource.name || '(no name)'}`, resource };
    }
    if (this.roots.size === 0 && settings.rootNamespace) return { name: settings.rootNamespace, source: 'istio.rootNamespace in the config file' };
    return undefined;
  }

  /** Whether an input file, as written, holds the text outside its Secret documents. */
  private writtenOutsideSecrets(value: string): boolean {
    for (const [file, secrets] of this.writtenFiles) {
      // A masked text (masked-text.ts) is searched for the masked value, and a match checked whole.
      const needle = maskedNeedle(file, value);
      for (let at = file.text.indexOf(needle); at !== -1; at = file.text.indexOf(needle, at + 1)) {
        if (!secrets.some(([start, end]) => at >= start && at < end) && (needle === value || exactText(file, at, at + value.length) === value)) return true;
      }
    }
    return false;
  }

  /** A ConfigMap, Secret or OCIRepository among the inputs, in the namespace given when both say one. */
  private named(kind: string, namespace: string | undefined, name: string): Resource | undefined {
    const list = this.byName.get(`${kind}/${name}`) ?? [];
    return list.find((r) => r.namespace === namespace) ?? list.find((r) => r.declaredNamespace === undefined || namespace === undefined);
  }

  /** Istiod and cni releases of the GitOps objects: install settings, and their revisions for the webhooks. */
  private addReleases(): void {
    if (this.releasesAdded) return;
    this.releasesAdded = true;
    const lookup = (kind: 'ConfigMap' | 'Secret', ns: string | undefined, name: string): Resource | undefined => this.named(kind, ns, name);
    const oci = (ns: string | undefined, name: string): Resource | undefined => this.named('OCIRepository', ns, name);
    const istios = (name: string): Resource | undefined => this.releasers.find((x) => x.kind === 'Istio' && x.name === name && x.apiVersion.startsWith('sailoperator.io/'));
    const addTag = (t: DeclaredTag): void => {
      appendTo(this.declaredTags, t.tag, t);
    };
    // Values files: found by their path in a GitOps source's repository; one a GitOps object
    // reads is a layer of that release, not an install of its own.
    const valuesFiles = this.releasers.filter((r) => r.kind === VALUES_FILE_KIND);
    const read = new Set<Resource>();
    const files = (path: string): Resource | 'ambiguous' | undefined => {
      const hits = valuesFiles.filter((r) => `/${(r.doc.file.absPath ?? r.doc.file.displayPath).replaceAll('\\', '/')}`.endsWith(`/${path}`));
      const paths = new Set(hits.map((r) => r.doc.file.displayPath));
      if (paths.size > 1) return 'ambiguous';
      // Of a file of several documents, the first is read.
      const hit = hits[0];
      if (hit) read.add(hit);
      return hit;
    };
    // Every value a release takes from a Secret is hidden wherever it would be shown: in facts
    // read from it, and in a render of the release, which may write it anywhere.
    for (const r of this.releasers) for (const { values, origin } of secretValuesOf(r, lookup)) this.hidden.addAll(values, origin);
    const ordered = [...this.releasers.filter((r) => r.kind !== VALUES_FILE_KIND), ...valuesFiles];
    for (const r of ordered) {
      if (r.kind === VALUES_FILE_KIND && (read.has(r) || !isInstallValuesFile(r))) continue;
      const sailTag = sailRevisionTag(r, istios);
      if (sailTag) addTag(sailTag);
      for (const release of chartReleasesOf(r, lookup, oci, files)) {
        // A revision a tool fills in (an ApplicationSet's '{{revision}}') names no revision:
        // the release says nothing of the install rather than something of a made-up one.
        if (release.chart === 'istiod' && isPlaceholder(releaseRevision(release))) {
          this.openReleases.push(r);
          this.releaseNotes.push(`${release.label} installs istiod with revision ${JSON.stringify(releaseRevision(release))}, filled in by a tool; its settings are not read`);
          continue;
        }
        this.installSettings.addRelease(release);
        this.ambientInstall.addRelease(release);
        for (const layer of release.layers) {
          const e = layer.values && valuesTagEvidence(layer.values, layer.target(['global', 'tag']), layer.describe('global.tag'));
          if (e) this.versionEvidence.push(e);
        }
        if (release.chart === 'cni') this.cniInstalls.push(cniReleaseInstall(release));
        if (release.chart !== 'istiod') continue;
        for (const t of chartRevisionTags(release)) addTag(t);
        this.istiodReleases.push(release);
        const known = (path: Path): { value: unknown; at: Target } | undefined => {
          const v = layeredValue(release.layers, path);
          return v && 'value' in v ? { value: v.value, at: v.layer.target(path) } : undefined;
        };
        const enable = known(ENABLE_PATH);
        const policy = known(POLICY_PATH);
        this.operators.push({
          resource: r,
          facts: { revision: releaseRevision(release), enableNamespacesByDefault: typeof enable?.value === 'boolean' ? enable.value : undefined, policy: policy?.value },
          at: { policy: policy?.at, enable: enable?.at },
        });
      }
    }
  }

  build(input: FactsInput): Facts {
    this.addReleases();
    const namespaces = new Map<string, NamespaceFact>();
    const namespaceNotes: string[] = [...this.releaseNotes];
    for (const name of this.repositoryUnknownNamespaces) if (!this.namespaceDefinitions.has(name)) this.unknownNamespaces.add(name);
    for (const [name, defs] of this.repositoryNamespaces) {
      if (!this.namespaceDefinitions.has(name) && !this.unknownNamespaces.has(name)) this.namespaceDefinitions.set(name, defs);
    }
    for (const [name, defs] of this.namespaceDefinitions) {
      const first = defs[0] as NamespaceFact;
      const same = defs.every((d) => sameLabels(d.labels, first.labels));
      // Defined more than once with different labels: which one the cluster has is not known.
      if (same) namespaces.set(name, defs[defs.length - 1] as NamespaceFact);
      else {
        const files = [...new Set(defs.map((d) => d.resource?.doc.file.displayPath))].join(', ');
        // Each definition deployed to one cluster of a fleet (load/flux-clusters.ts): not a conflict where that cluster's workloads are judged.
        const clusters = defs.map((d) => d.resource?.doc.file.clusters);
        const perCluster = clusters.every((c) => c?.length === 1) && new Set(clusters.map((c) => c?.[0])).size === defs.length;
        namespaceNotes.push(
          perCluster
            ? `namespace ${name} has different labels in clusters ${clusters.map((c) => c?.[0]).join(', ')} (${files}): each cluster's workloads are judged with its own, the others with its labels unknown`
            : `namespace ${name} is defined ${defs.length} times with different labels (${files}); its labels are treated as unknown`,
        );
      }
    }
    // Namespaces a GitOps object creates, unless a Namespace object among the inputs defines them.
    for (const [name, defs] of this.createdNamespaces) {
      if (this.namespaceDefinitions.has(name) || this.unknownNamespaces.has(name)) continue;
      const first = defs[0] as CreatedNamespace;
      if (defs.every((d) => sameLabels(d.labels, first.labels))) {
        namespaces.set(name, { name, labels: { ...first.labels, 'kubernetes.io/metadata.name': name }, origin: 'input', createdBy: first });
      } else {
        const where = defs.map((d) => `${d.source} in ${'resource' in d.target && d.target.resource ? d.target.resource.doc.file.displayPath : '?'}`).join('; ');
        namespaceNotes.push(`namespace ${name} is created with different labels (${where}); its labels are treated as unknown`);
      }
    }
    for (const [name, ns] of Object.entries(input.configNamespaces ?? {})) {
      // Objects in the inputs win over what the config file says of the same namespace.
      if (namespaces.has(name)) continue;
      namespaces.set(name, {
        name,
        labels: { ...(ns.labels ?? {}), 'kubernetes.io/metadata.name': name },
        origin: 'config',
      });
    }
    const stated = input.cliIstioVersion ?? input.mesh?.version;
    const version = stated ? parseIstioVersion(stated) : undefined;
    // A version meshlint has no facts for is said once, with whose behaviour is predicted.
    const uncovered = version && uncoveredVersionNote(version, input.cliIstioVersion ? '--istio-version' : 'istio.version in the config');
    if (uncovered) namespaceNotes.push(uncovered);
    const versions = resolveVersions(this.versionEvidence, version && stated ? { text: stated, where: input.cliIstioVersion ? 'cli' : 'config' } : undefined, [...new Set(this.versionsFilledIn)]);
    const ossm = this.ossm.build();
    const install = this.install(input.mesh ?? {}, ossm);
    const settings = this.installSettings.build(input.mesh ?? {});
    const capture = this.ambientInstall.build();
    const built: Facts = {
      namespaces,
      mesh: {
        version: versions.run.range.to,
        versionOrigin: versions.run.origin,
        versionFact: versions.run,
        versions,
        ...install,
        webhooksSince110: install.webhooks,
        installFor: settings.settingsFor,
        istiodReleases: this.istiodReleases,
        cniInstalls: this.cniInstalls,
        capture: capture.install,
        waypoints: waypointGateways(this.gateways, this.gatewayClasses),
        controlPlane: [
          ...this.controlPlane,
          ...this.operators.map((o) => releasedControlPlane(o.resource, o.facts.revision)),
          ...this.openReleases.map((r) => releasedControlPlane(r, undefined)),
        ],
        notes: [...namespaceNotes, ...versions.notes, ...install.notes, ...settings.notes, ...capture.notes, ...chartSourcesNote(input.chartSources ?? { folders: [], failed: 0 })],
        settings: input.mesh ?? {},
        hidden: this.hidden,
        valuesOverBudget: (r) => valuesOverBudget(r, (kind, ns, name) => this.named(kind, ns, name)),
        ...(ossm ? { ossm } : {}),
        mtls: { peerAuthentications: this.peerAuthentications, selectorPolicies: this.selectorPolicies, rootNamespace: this.rootNamespace(input.mesh ?? {}), statedRoots: [...this.roots.keys(), ...(input.mesh?.rootNamespace ? [input.mesh.rootNamespace] : [])], exportDefaults: this.exportDefaults() },
      },
    };
    return atLeast(built.mesh.version, 1, 10) ? built : { ...built, mesh: { ...built.mesh, webhooks: legacyLayout(built.mesh, built.mesh.version) } };
  }

  /**
   * The revision tags the releases declare, tag → revision. A tag two objects point at different
   * revisions is noted and left out; one whose target is not among the inputs keeps the
   * target's name, the revision an in-place install gets.
   */
  private inputTags(notes: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [tag, list] of this.declaredTags) {
      const revisions = [...new Set(list.map((t) => t.revision))];
      if (revisions.length > 1) {
        notes.push(`revision tag ${tag} points at different revisions (${list.map((t) => `${t.revision ?? 'unknown'} in ${t.source}`).join('; ')}); its webhooks are left out`);
        continue;
      }
      const first = list[0] as DeclaredTag;
      if (first.revision === undefined) {
        const ref = getIn(first.target.resource?.object, ['spec', 'targetRef', 'name']);
        if (typeof ref !== 'string' || ref === '') continue;
        notes.push(`${first.source} points at ${ref}, which is not among the inputs; the tag is taken to serve revision ${ref}`);
        out[tag] = ref;
      } else out[tag] = first.revision;
    }
    return out;
  }

  /** Webhooks and injector configs: the inputs win over the config, which wins over a default install. */
  private install(settings: MeshSettings, ossm: OssmMesh | undefined): Pick<MeshFacts, 'webhooks' | 'webhooksOrigin' | 'injectorConfigs' | 'injectorFor' | 'notes'> {
    const notes: string[] = [];
    // A config too deeply nested or too large to read says nothing (injector-policy-invalid reports it).
    const injectorConfigs = this.injectorConfigMaps.map(injectorConfigOf).filter((c) => !c.tooComplex?.some((t) => t.key === 'config'));
    const configStatesShape = settings.revisions !== undefined || settings.revisionTags !== undefined;
    // The install among the inputs wins over the config, as for every istio.* fact.
    const enableOperator = this.operators.find((o) => o.facts.enableNamespacesByDefault !== undefined);
    const enableInjector = injectorConfigs.find((c) => c.enableNamespacesByDefault !== undefined);
    const enableInput = enableOperator
      ? { value: enableOperator.facts.enableNamespacesByDefault, source: `${describeInstall(enableOperator.resource)} (sidecarInjectorWebhook.enableNamespacesByDefault)`, at: enableOperator.at?.enable }
      : enableInjector?.resource
        ? { value: enableInjector.enableNamespacesByDefault, source: `ConfigMap ${enableInjector.resource.name} (values sidecarInjectorWebhook.enableNamespacesByDefault)`, at: { resource: enableInjector.resource, path: ['data', 'values'] } }
        : undefined;
    const enableByDefault = enableInput?.value ?? settings.enableNamespacesByDefault ?? false;
    if (enableInput && settings.enableNamespacesByDefault !== undefined && enableInput.value !== settings.enableNamespacesByDefault) {
      notes.push(configContradicted(enableInput.source, enableInput.at, enableInput.value, 'enableNamespacesByDefault', settings.enableNamespacesByDefault));
    }
    let webhooks: InjectorWebhook[];
    let webhooksOrigin: FactOrigin;
    if (this.webhookConfigs.length > 0) {
      webhooks = this.webhookConfigs.flatMap(webhooksOf);
      webhooksOrigin = 'input';
    } else if (this.operators.length > 0 || this.declaredTags.size > 0) {
      const revisions = [...new Set(this.operators.map((o) => o.facts.revision))];
      // Where each is declared: the first install of a revision, the first object that declares a tag.
      const declared = {
        revisions: new Map<string, Target>(),
        tags: new Map<string, Target>([...this.declaredTags].flatMap(([tag, list]) => (list[0] ? [[tag, list[0].target] as const] : []))),
      };
      for (const o of this.operators) if (!declared.revisions.has(o.facts.revision)) declared.revisions.set(o.facts.revision, { resource: o.resource, path: [] });
      webhooks = [...(ossm?.webhooks ?? []), ...generateWebhooks({ revisions, tags: { ...(settings.revisionTags ?? {}), ...this.inputTags(notes) }, enableNamespacesByDefault: enableByDefault, declared }, 'input')];
      webhooksOrigin = 'input';
    } else if (ossm) {
      // OpenShift Service Mesh: its operator renders the webhooks, never upstream's default ones.
      webhooks = [...ossm.webhooks];
      webhooksOrigin = 'input';
    } else if (configStatesShape || settings.enableNamespacesByDefault !== undefined) {
      // A tag points at an installed revision; unless the revisions are stated, keep the default one too.
      const tagTargets = Object.values(settings.revisionTags ?? {});
      webhooks = generateWebhooks(
        { revisions: settings.revisions ?? [...new Set(['default', ...tagTargets])], tags: settings.revisionTags ?? {}, enableNamespacesByDefault: enableByDefault },
        'config',
      );
      webhooksOrigin = 'config';
    } else {
      webhooks = generateWebhooks({ revisions: ['default'], tags: {}, enableNamespacesByDefault: enableByDefault }, 'assumed');
      webhooksOrigin = 'assumed';
    }
    if (webhooksOrigin === 'input') notes.push(...shapeContradicted(webhooks, settings));
    const byRevision = new Map(injectorConfigs.map((c) => [c.revision, c]));
    const operatorPolicy = new Map(this.operators.filter((o) => o.facts.policy !== undefined).map((o) => [o.facts.revision, o]));
    const injectorFor = (revision: string): InjectorConfig => {
      const found = byRevision.get(revision);
      if (found) return found;
      const cp = ossm?.controlPlanes.find((c) => c.name === revision);
      if (cp) {
        return {
          revision, policy: cp.policy ?? 'disabled', neverInjectSelector: [], alwaysInjectSelector: [], configError: undefined, enableNamespacesByDefault: undefined, origin: 'input', resource: cp.resource,
          ...(cp.policy === undefined ? { policyUnknown: cp.policySource } : {}),
        };
      }
      const op = operatorPolicy.get(revision);
      if (op) {
        return { revision, policy: op.facts.policy, neverInjectSelector: [], alwaysInjectSelector: [], configError: undefined, enableNamespacesByDefault: undefined, origin: 'input', resource: op.resource };
      }
      const policy = settings.injectionPolicy;
      return { revision, policy: policy ?? 'enabled', neverInjectSelector: [], alwaysInjectSelector: [], configError: undefined, enableNamespacesByDefault: undefined, origin: policy ? 'config' : 'assumed', resource: undefined };
    };
    if (settings.injectionPolicy !== undefined) {
      for (const c of injectorConfigs) {
        if (c.policy === settings.injectionPolicy || !c.resource) continue;
        notes.push(configContradicted(`ConfigMap ${c.resource.name} (config policy)`, { resource: c.resource, path: ['data', 'config'] }, c.policy, 'injectionPolicy', settings.injectionPolicy));
      }
      // An install's global.proxy.autoInject, for a revision whose injector ConfigMap is not among the inputs.
      for (const o of operatorPolicy.values()) {
        if (byRevision.has(o.facts.revision) || o.facts.policy === settings.injectionPolicy) continue;
        notes.push(configContradicted(`${describeInstall(o.resource)} (global.proxy.autoInject)`, o.at?.policy, o.facts.policy, 'injectionPolicy', settings.injectionPolicy));
      }
    }
    return { webhooks, webhooksOrigin, injectorConfigs, injectorFor, notes };
  }
}

/** The one note for Istio's own charts read as chart sources: which folders, and how to read one as an install. */
function chartSourcesNote({ folders, failed }: { readonly folders: readonly string[]; readonly failed: number }): string[] {
  if (folders.length === 0) return [];
  const shown = folders.length <= 3 ? folders.join(', ') : `${folders.slice(0, 3).join(', ')} and ${folders.length - 3} more`;
  const one = folders.length === 1;
  const unrendered = failed === 0 ? '' : ` (${one ? 'it does' : failed === folders.length ? 'they do' : `${failed} of them ${failed === 1 ? 'does' : 'do'}`} not render without the values ${one ? 'its' : 'their'} installer gives)`;
  return [
    `${one ? "a chart of Istio's own" : `${folders.length} charts of Istio's own`} (${shown}) ${one ? 'is' : 'are'} rendered with ${one ? 'its' : 'their'} defaults only: read as chart sources, not as an install${unrendered}; name ${one ? 'it' : 'one'} under helm.charts with its values, or in a GitOps release, to lint it as one`,
  ];
}

/**
 * The versions a message names: the version fact's range ("1.18 to 1.31" when unknown), the same
 * at every step of it; a step's own version is for decisions, not for words (version-probe.ts).
 */
export const versionWords = (mesh: MeshFacts): string => rangeText(mesh.versionFact.range);

/** The same facts, with decisions made for another version fact (a file's own, or one step of a range). */
export function withVersion(facts: Facts, fact: VersionFact, version: IstioVersion = fact.range.to): Facts {
  const webhooks = atLeast(version, 1, 10) ? facts.mesh.webhooksSince110 : legacyLayout(facts.mesh, version);
  return { namespaces: facts.namespaces, mesh: { ...facts.mesh, webhooks, version, versionOrigin: fact.origin, versionFact: fact } };
}

/**
 * The webhooks the chart rendered up to 1.9, when meshlint generates them (none among the
 * inputs): `sidecarInjectorWebhook.useLegacySelectors` was true by default until 1.10
 * (istio-discovery values.yaml at 1.9.0), and before 1.9 the legacy layout was the only one
 * (mutatingwebhook.yaml at 1.6.0 to 1.9.0): one entry, sidecar-injector.istio.io, per revision.
 * - enableNamespacesByDefault: every namespace but those labelled istio-injection=disabled, with
 *   istio-env or istio.io/rev, or whose `name` label is the control plane's namespace;
 * - otherwise the default revision selects istio-injection=enabled, another revision
 *   istio.io/rev=<rev> without istio-injection.
 * The objectSelector (sidecar.istio.io/inject NotIn ["false"], or In ["true"] when autoInject is
 * off) is rendered by default from 1.9.0 only (sidecarInjectorWebhook.objectSelector.enabled was
 * false in 1.5 to 1.8): before, every pod of a selected namespace reaches istiod, which reads the
 * annotation alone. No revision tags before 1.10. Webhooks read from the inputs are kept as written.
 */
function legacyLayout(mesh: MeshFacts, version: IstioVersion): InjectorWebhook[] {
  const out: InjectorWebhook[] = [];
  const revisions = new Map<string, InjectorWebhook[]>();
  for (const w of mesh.webhooksSince110) {
    if (w.resource !== undefined || w.distribution !== undefined) out.push(w);
    else if (w.tag === undefined) appendTo(revisions, w.revision, w);
  }
  const req = (key: string, operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist', values: string[] = []): LabelSelector['requirements'][number] => ({ key, operator, values });
  for (const [revision, entries] of revisions) {
    const first = entries[0] as InjectorWebhook;
    const everyNamespace = entries.some((w) => w.shortName === 'auto');
    const namespaceSelector: LabelSelector = everyNamespace
      ? { requirements: [req('name', 'NotIn', [first.service?.namespace ?? 'istio-system']), req(NS_INJECTION_LABEL, 'NotIn', ['disabled']), req('istio-env', 'DoesNotExist'), req(REV_LABEL, 'DoesNotExist')] }
      : revision === 'default'
        ? { requirements: [req(NS_INJECTION_LABEL, 'In', ['enabled'])] }
        : { requirements: [req(NS_INJECTION_LABEL, 'DoesNotExist'), req(REV_LABEL, 'In', [revision])] };
    const autoInject = mesh.injectorFor(revision).policy !== 'disabled';
    const objectSelector: LabelSelector = atLeast(version, 1, 9) ? { requirements: [autoInject ? req(INJECT_KEY, 'NotIn', ['false']) : req(INJECT_KEY, 'In', ['true'])] } : { requirements: [] };
    out.push({ ...first, name: WEBHOOK_SUFFIX, shortName: 'legacy', namespaceSelector, objectSelector });
  }
  return out;
}

const describeInstall = (r: Resource): string => `${r.kind} ${r.declaredNamespace ? `${r.declaredNamespace}/` : ''}${r.name}`;

const WEBHOOKS_AMONG_INPUTS = 'the injector webhooks among the inputs';

/**
 * Where the injector webhooks among the inputs serve other revisions or tags than the config's
 * istio.revisions and istio.revisionTags say: one note per key, at the first webhook that
 * differs. The inputs are used.
 */
function shapeContradicted(webhooks: readonly InjectorWebhook[], settings: MeshSettings): string[] {
  const notes: string[] = [];
  const at = (w: InjectorWebhook | undefined): string =>
    w === undefined ? '' : atPlace(w.resource ? { resource: w.resource, path: w.index !== undefined ? ['webhooks', w.index] : ['metadata', 'name'] } : w.declaredAt);
  if (settings.revisions !== undefined) {
    const own = webhooks.filter((w) => w.tag === undefined);
    const served = [...new Set(own.map((w) => w.revision))].sort();
    const stated = [...new Set(settings.revisions)].sort();
    if (served.join() !== stated.join()) {
      const first = own.find((w) => !stated.includes(w.revision)) ?? own[0];
      notes.push(`${WEBHOOKS_AMONG_INPUTS}${at(first)} serve ${served.join(', ') || 'no revision'}, the config's istio.revisions says ${stated.join(', ') || 'none'}; the inputs are used`);
    }
  }
  const tags = settings.revisionTags;
  if (tags !== undefined) {
    const tagged = webhooks.filter((w) => w.tag !== undefined);
    for (const [tag, revision] of Object.entries(tags)) {
      const w = tagged.find((x) => x.tag === tag);
      if (w && w.revision !== revision) {
        notes.push(`${WEBHOOKS_AMONG_INPUTS}${at(w)} serve tag ${tag} for revision ${w.revision}, the config's istio.revisionTags says ${tag}: ${revision}; the inputs are used`);
      }
    }
    const served = [...new Set(tagged.map((w) => w.tag as string))].sort();
    const stated = Object.keys(tags).sort();
    if (served.join() !== stated.join()) {
      const first = tagged.find((w) => !Object.hasOwn(tags, w.tag as string)) ?? tagged[0];
      notes.push(`${WEBHOOKS_AMONG_INPUTS}${at(first)} serve tags ${served.join(', ') || 'none'}, the config's istio.revisionTags says ${stated.join(', ') || 'none'}; the inputs are used`);
    }
  }
  return notes;
}

/**
 * Cheap pre-check on a document's text: could it hold a fact? Facts are gathered in a
 * first pass over all inputs; this keeps that pass from parsing every workload twice.
 */
const TOP_LEVEL_KIND = /^kind:[ \t]*["']?([A-Za-z0-9]+)/m;
const FACT_KIND_NAMES = /Namespace|List|MutatingWebhookConfiguration|ConfigMap|IstioOperator|ServiceMeshControlPlane|ServiceMeshMember|PeerAuthentication|AuthorizationPolicy|RequestAuthentication|Telemetry|WasmPlugin|EnvoyFilter|Sidecar|Gateway|["']?kind["']?\s*:\s*["']?(?:HelmRelease|Application|ApplicationSet|Istio|IstioRevision|IstioRevisionTag|IstioCNI|ZTunnel|OCIRepository|Secret)\b/;
/** GitOps objects that release istiod or cni, or create namespaces, and what they point at. */
const GITOPS_KINDS = new Set(['HelmRelease', 'Application', 'ApplicationSet', 'Istio', 'IstioRevision', 'IstioRevisionTag', 'IstioCNI', 'ZTunnel', 'OCIRepository', 'ServiceMeshControlPlane', 'ServiceMeshMemberRoll', 'ServiceMeshMember', ...POLICY_KINDS.map((k) => k.kind)]);
/** Kinds whose objects may release istiod or cni, declare revision tags, or create namespaces. */
const RELEASER_KINDS = new Set(['HelmRelease', 'Application', 'ApplicationSet', 'Istio', 'IstioRevision', 'IstioRevisionTag', 'IstioCNI', 'ZTunnel', VALUES_FILE_KIND]);
/**
 * A ConfigMap or Secret that may hold chart values a HelmRelease's valuesFrom names: which
 * ones it names is known only once all inputs are read, so every small one is kept, and
 * large ones (dashboards, scripts) only when they name a values key.
 */
const VALUES_TEXT = /values|meshConfig|sidecarInjectorWebhook|pilot|global|istio_cni|revision/;
const SMALL_DOC = 16 * 1024;
/** ConfigMaps hold facts only when they are Istio's (istio, istio-<rev>, istio-sidecar-injector[-<rev>]). */
const ISTIO_NAME = /\bname["']?\s*:\s*["']?istio/;
/** Install workloads that carry facts: istiod's env, the istio-cni node agent. */
const INSTALL_WORKLOADS = /ENABLE_NATIVE_SIDECARS|PILOT_ENABLE_AMBIENT|install-cni|istio-cni-node|ztunnel|\/(?:pilot|sidecar_injector|galley|mixer|citadel|operator):v?1\./;
const WORKLOAD_KINDS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Pod']);

export function mightHoldFacts(docText: string): boolean {
  if (mightHoldVersionEvidence(docText)) return true;
  const kind = TOP_LEVEL_KIND.exec(docText)?.[1];
  // JSON or flow-style documents have no block `kind:` line: parse those that name a fact kind.
  // istiod's Helm values files have no kind at all.
  if (kind === undefined) return FACT_KIND_NAMES.test(docText) || INSTALL_WORKLOADS.test(docText) || CONTROL_PLANE_TEXT.test(docText) || ISTIOD_VALUES_LINE.test(docText);
  if (kind === 'Namespace' || kind === 'MutatingWebhookConfiguration' || kind === 'IstioOperator' || kind === 'Gateway' || kind === 'GatewayClass' || kind.endsWith('List')) return true;
  if (GITOPS_KINDS.has(kind)) return true;
  if (kind === 'ConfigMap' || kind === 'Secret') return docText.length < SMALL_DOC || ISTIO_NAME.test(docText) || VALUES_TEXT.test(docText);
  // istiod's Service and Deployment: the Services injector webhooks call (control-plane.ts).
  if ((kind === 'Service' || kind === 'Deployment') && mightNameControlPlane(docText)) return true;
  return WORKLOAD_KINDS.has(kind) && INSTALL_WORKLOADS.test(docText);
}
