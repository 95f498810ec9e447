// The configuration's shape: plain data (YAML or JSON), validated key by key by
// engine/config.ts, never code. Here, below every layer, because loading (contexts, charts)
// and the model (the istio: settings) read it too.
import type { RuleLevel } from './types.ts';

export interface RuleSetting {
  readonly level: RuleLevel;
  readonly options: readonly unknown[];
}

export interface Config {
  /** The file the config came from, if any. */
  readonly filePath: string | undefined;
  readonly rules: Readonly<Record<string, RuleSetting>>;
  readonly ignorePatterns: readonly string[];
  readonly defaultNamespace: string | undefined;
  readonly namespaces: Readonly<Record<string, { readonly labels: Readonly<Record<string, string>> }>>;
  readonly istio: MeshSettings;
  readonly helm: HelmSettings;
  readonly kustomize: KustomizeSettings;
  /**
   * Files and directories read for facts only (namespaces, injection webhooks, mesh config):
   * nothing is reported on them. Absolute (the config file's are relative to its folder).
   */
  readonly context: readonly string[];
  /** The baseline file (absolute): findings recorded in it are not reported. */
  readonly baseline?: string;
  /** `meshlint diff`: what in a change makes it exit with 1. */
  readonly diff: DiffSettings;
}

/**
 * What `meshlint diff` fails on: a new error finding, a workload that loses its sidecar, a
 * workload whose sidecar is no longer decided (the change removed a fact it rested on).
 */
export const DIFF_FAIL_ON = ['new-error', 'sidecar-lost', 'facts-lost'] as const;
export type DiffFailOn = (typeof DIFF_FAIL_ON)[number];

export interface DiffSettings {
  readonly failOn: readonly DiffFailOn[];
}

/** One chart to render: paths are absolute (the config file's are relative to its folder). */
export interface ChartSetting {
  readonly path: string;
  readonly release: string | undefined;
  readonly namespace: string | undefined;
  /** Values files for every render. */
  readonly values: readonly string[];
  /** One render per set, each with these values files after `values`; empty: one render. */
  readonly valuesSets: readonly (readonly string[])[];
  readonly set: readonly string[];
  readonly kubeVersion: string | undefined;
  readonly apiVersions: readonly string[];
}

export interface HelmSettings {
  /** Render the charts found in linted directories (with their own values) instead of reporting them. */
  readonly renderCharts: boolean;
  /** renderCharts: false, said in so many words: the answer to the charts-not-rendered note, which then does not come back. */
  readonly renderChartsDeclined?: true;
  readonly charts: readonly ChartSetting[];
  /** Charts that GitOps objects deploy, as `helm pull` writes them (absolute; inside the repository). */
  readonly chartsDir?: string;
}

export interface KustomizeSettings {
  /** Overlay directories to build whenever meshlint runs over the folders that hold them. */
  readonly overlays: readonly string[];
  /** Build the top-level kustomizations met while walking (`--render-overlays`). */
  readonly renderOverlays: boolean;
  /** renderOverlays: false, said in so many words: the answer to the overlays-not-built note, which then does not come back. */
  readonly renderOverlaysDeclined?: true;
}

export class ConfigError extends Error {
  constructor(
    readonly file: string | undefined,
    readonly key: string,
    readonly problem: string,
  ) {
    super(`${file ?? 'configuration'}: ${key ? `${key}: ` : ''}${problem}`);
  }
}

export const EMPTY_CONFIG: Config = {
  filePath: undefined,
  rules: {},
  ignorePatterns: [],
  defaultNamespace: undefined,
  namespaces: {},
  istio: {},
  helm: { renderCharts: false, charts: [] },
  kustomize: { overlays: [], renderOverlays: false },
  context: [],
  diff: { failOn: ['new-error'] },
};

/** Helm's release names (pkg/chartutil ValidateReleaseName): a DNS subdomain of at most 53 characters. */
export const HELM_RELEASE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
export const HELM_RELEASE_MAX = 53;
/** Whether a value may be passed to Helm as a release name. */
export function isHelmReleaseName(v: string): boolean {
  return v.length <= HELM_RELEASE_MAX && HELM_RELEASE_NAME.test(v);
}

/** Istio install facts stated in the config file (`istio:`); later also read from install manifests. */
export interface MeshSettings {
  readonly version?: string;
  readonly revisions?: readonly string[];
  readonly revisionTags?: Readonly<Record<string, string>>;
  readonly enableNamespacesByDefault?: boolean;
  readonly injectionPolicy?: string;
  readonly nativeSidecars?: 'true' | 'false' | 'auto';
  readonly cni?: boolean;
  readonly holdApplicationUntilProxyStarts?: boolean;
  /** meshConfig.rootNamespace: where a PeerAuthentication without a selector is the mesh's. */
  readonly rootNamespace?: string;
  /** Absolute paths of istiod values files (config istio.valuesFiles). */
  readonly valuesFiles?: readonly string[];
}
