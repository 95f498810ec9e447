// Cross-file facts, gathered from every input before any rule runs: namespaces and
// their labels, and the mesh install. A fact no input or config states is unknown.
import type { Resource } from '../types.ts';
import { asObject } from './workload.ts';
import { parseIstioVersion, DEFAULT_ISTIO_VERSION, type IstioVersion } from './istio-version.ts';

export interface NamespaceFact {
  readonly name: string;
  /** Labels as strings; values YAML typed as booleans or numbers are kept in their string form. */
  readonly labels: Readonly<Record<string, string>>;
  readonly origin: 'input' | 'config';
  /** The Namespace object, when it is among the inputs. */
  readonly resource?: Resource;
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
}

export interface MeshFacts {
  readonly version: IstioVersion;
  /** Where the version came from: said on the command line, in the config, or the default. */
  readonly versionOrigin: 'cli' | 'config' | 'default';
  readonly settings: MeshSettings;
}

export interface Facts {
  readonly namespaces: ReadonlyMap<string, NamespaceFact>;
  readonly mesh: MeshFacts;
}

export interface FactsInput {
  readonly configNamespaces?: Readonly<Record<string, { readonly labels?: Readonly<Record<string, string>> }>>;
  readonly mesh?: MeshSettings;
  readonly cliIstioVersion?: string;
}

const stringify = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export class FactsBuilder {
  private readonly namespaces = new Map<string, NamespaceFact>();

  /** Records what a resource tells about the cluster. Called for every resource of every input. */
  addResource(r: Resource): void {
    if (r.kind === 'Namespace' && r.apiVersion === 'v1' && r.name) {
      const md = asObject(r.object.metadata) ?? {};
      const labels: Record<string, string> = {};
      for (const [k, v] of Object.entries(asObject(md.labels) ?? {})) labels[k] = stringify(v);
      // The Kubernetes API server always sets this label; webhook selectors rely on it.
      labels['kubernetes.io/metadata.name'] = r.name;
      if (!this.namespaces.has(r.name) || this.namespaces.get(r.name)?.origin === 'config') {
        this.namespaces.set(r.name, { name: r.name, labels, origin: 'input', resource: r });
      }
    }
  }

  build(input: FactsInput): Facts {
    const namespaces = new Map(this.namespaces);
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
    return {
      namespaces,
      mesh: {
        version: version ?? DEFAULT_ISTIO_VERSION,
        versionOrigin: input.cliIstioVersion ? 'cli' : input.mesh?.version ? 'config' : 'default',
        settings: input.mesh ?? {},
      },
    };
  }
}

/**
 * Cheap pre-check on a document's text: could it hold a fact? Facts are gathered in a
 * first pass over all inputs; this keeps that pass from parsing every workload twice.
 */
const FACT_KINDS = /^kind:\s*["']?(Namespace|List|\w+List|MutatingWebhookConfiguration|ConfigMap|IstioOperator)["']?\s*(#.*)?$/m;
const ANY_TOP_LEVEL_KIND = /^kind:/m;

export function mightHoldFacts(docText: string): boolean {
  if (FACT_KINDS.test(docText)) return true;
  // JSON or flow-style documents have no block `kind:` line: parse them to be sure.
  return !ANY_TOP_LEVEL_KIND.test(docText);
}
