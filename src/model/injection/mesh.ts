// The mesh install as far as injection is concerned: the injector webhooks (from
// MutatingWebhookConfigurations in the inputs, else generated from the install shape the
// inputs or the config state, as Istio's chart renders them) and each revision's injector
// policy and selectors (from the `istio-sidecar-injector[-<rev>]` ConfigMap).
// Chart: manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml.
import { LineCounter } from 'yaml';
import { embeddedTextProblem, parseYamlWithinLimits, plainValue } from '../../parse/limits.ts';
import type { Resource, Target } from '../../common/types.ts';
import { isPlaceholder } from '../placeholder.ts';
import { parseSelector, type LabelSelector } from './selector.ts';
import { asObject, getIn } from '../workload.ts';

export const INJECT_KEY = 'sidecar.istio.io/inject';
export const REV_LABEL = 'istio.io/rev';
export const NS_INJECTION_LABEL = 'istio-injection';
export const TAG_LABEL = 'istio.io/tag';
export const DATAPLANE_MODE_LABEL = 'istio.io/dataplane-mode';
export const DEACTIVATED_LABEL = 'istio.io/deactivated';
/** pkg/kube/inject/initializer.go: namespaces istiod never injects. */
export const IGNORED_NAMESPACES = ['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage'] as const;
export const WEBHOOK_SUFFIX = 'sidecar-injector.istio.io';

export type FactOrigin = 'input' | 'config' | 'assumed';

export interface InjectorWebhook {
  /** metadata.name of the MutatingWebhookConfiguration. */
  readonly configName: string;
  /** The webhook entry's full name, e.g. namespace.sidecar-injector.istio.io. */
  readonly name: string;
  /** The name without the common suffix: namespace, object, rev.namespace, rev.object, auto. */
  readonly shortName: string;
  readonly namespaceSelector: LabelSelector;
  readonly objectSelector: LabelSelector;
  /** The revision whose istiod serves it ("default" for the default revision). */
  readonly revision: string;
  /** The revision tag this configuration implements, if any. */
  readonly tag: string | undefined;
  /** `istio.io/rev` label of the configuration, as written (istiod's CA patcher keys on it). */
  readonly revLabel: string | undefined;
  readonly deactivated: boolean;
  /** The Service the API server calls; port 443 unless the entry says otherwise. */
  readonly service: { readonly name: string; readonly namespace: string; readonly port: number } | undefined;
  readonly url: string | undefined;
  readonly caBundle: string | undefined;
  /** cert-manager's `cert-manager.io/inject-ca-from` (or similar CA injection) annotation. */
  readonly caInjected: boolean;
  readonly origin: FactOrigin;
  /** The configuration among the inputs, and the entry's index in its `webhooks`. */
  readonly resource: Resource | undefined;
  readonly index: number | undefined;
  /** For an entry rendered from an install among the inputs (no configuration of its own): where that install, or the tag, is declared. */
  readonly declaredAt?: Target;
  /** Rendered by a vendor's operator from its own chart (OpenShift Service Mesh), not Istio's: kept as it is at every version. */
  readonly distribution?: 'ossm';
}

export interface InjectorConfig {
  readonly revision: string;
  /** `policy` as written: only "enabled" and "disabled" work; anything else disables injection. */
  readonly policy: unknown;
  readonly neverInjectSelector: readonly LabelSelector[];
  readonly alwaysInjectSelector: readonly LabelSelector[];
  /** Why istiod would fail to load this config, if it would. */
  readonly configError: string | undefined;
  /** When the policy is not known (a profile meshlint does not read may set it): the fact that would decide it. */
  readonly policyUnknown?: string;
  readonly enableNamespacesByDefault: boolean | undefined;
  readonly origin: FactOrigin;
  readonly resource: Resource | undefined;
  /**
   * The ConfigMap's texts too deeply nested or too large to read (src/parse/limits.ts). When
   * `config` is one of them, the policy and selectors are unknown and the ConfigMap says nothing.
   */
  readonly tooComplex?: readonly { readonly key: 'config' | 'values'; readonly problem: string }[];
}

/** What the inputs say about the install, gathered during the facts pass. */
export interface MeshInputs {
  readonly webhookConfigs: Resource[];
  readonly injectorConfigMaps: Resource[];
  readonly istioOperators: Resource[];
}

export interface InstallShape {
  /** Installed revisions; "default" is the default (unnamed) revision. */
  readonly revisions: readonly string[];
  /** Revision tag → revision. */
  readonly tags: Readonly<Record<string, string>>;
  readonly enableNamespacesByDefault: boolean;
  /** Where each revision's install and each tag are declared among the inputs, when they are. */
  readonly declared?: { readonly revisions?: ReadonlyMap<string, Target>; readonly tags?: ReadonlyMap<string, Target> };
}

const sel = (requirements: LabelSelector['requirements']): LabelSelector => ({ requirements });

/**
 * Whether every injector webhook is a vendor's (OpenShift Service Mesh selects members by the
 * operator's label, never by istio-injection or istio.io/rev): advice about upstream's labels
 * does not apply there.
 */
export const vendorWebhooksOnly = (webhooks: readonly InjectorWebhook[]): boolean => webhooks.length > 0 && webhooks.every((w) => w.distribution !== undefined);

/** The webhook entries Istio's chart renders for an install shape. */
export function generateWebhooks(shape: InstallShape, origin: FactOrigin): InjectorWebhook[] {
  const out: InjectorWebhook[] = [];
  const declaredAt = (revision: string, tag: string | undefined): Target | undefined =>
    tag !== undefined ? shape.declared?.tags?.get(tag) : shape.declared?.revisions?.get(revision);
  const make = (configName: string, shortName: string, revision: string, tag: string | undefined, ns: LabelSelector, obj: LabelSelector): InjectorWebhook => ({
    configName,
    name: `${shortName}.${WEBHOOK_SUFFIX}`,
    shortName,
    namespaceSelector: ns,
    objectSelector: obj,
    revision,
    tag,
    revLabel: revision,
    deactivated: false,
    service: { name: revision === 'default' ? 'istiod' : `istiod-${revision}`, namespace: 'istio-system', port: 443 },
    url: undefined,
    caBundle: undefined,
    caInjected: false,
    origin,
    resource: undefined,
    index: undefined,
    ...(declaredAt(revision, tag) ? { declaredAt: declaredAt(revision, tag) } : {}),
  });
  const entries = (configName: string, selectValue: string, revision: string, tag: string | undefined, withDefault: boolean): void => {
    out.push(
      make(configName, 'rev.namespace', revision, tag,
        sel([{ key: REV_LABEL, operator: 'In', values: [selectValue] }, { key: NS_INJECTION_LABEL, operator: 'DoesNotExist', values: [] }]),
        sel([{ key: INJECT_KEY, operator: 'NotIn', values: ['false'] }])),
      make(configName, 'rev.object', revision, tag,
        sel([{ key: REV_LABEL, operator: 'DoesNotExist', values: [] }, { key: NS_INJECTION_LABEL, operator: 'DoesNotExist', values: [] }]),
        sel([{ key: INJECT_KEY, operator: 'NotIn', values: ['false'] }, { key: REV_LABEL, operator: 'In', values: [selectValue] }])),
    );
    if (!withDefault) return;
    out.push(
      make(configName, 'namespace', revision, tag,
        sel([{ key: NS_INJECTION_LABEL, operator: 'In', values: ['enabled'] }]),
        sel([{ key: INJECT_KEY, operator: 'NotIn', values: ['false'] }])),
      make(configName, 'object', revision, tag,
        sel([{ key: NS_INJECTION_LABEL, operator: 'DoesNotExist', values: [] }, { key: REV_LABEL, operator: 'DoesNotExist', values: [] }]),
        sel([{ key: INJECT_KEY, operator: 'In', values: ['true'] }, { key: REV_LABEL, operator: 'DoesNotExist', values: [] }])),
    );
    if (shape.enableNamespacesByDefault) {
      out.push(
        make(configName, 'auto', revision, tag,
          sel([
            { key: NS_INJECTION_LABEL, operator: 'DoesNotExist', values: [] },
            { key: REV_LABEL, operator: 'DoesNotExist', values: [] },
            { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: [...IGNORED_NAMESPACES] },
          ]),
          sel([{ key: INJECT_KEY, operator: 'DoesNotExist', values: [] }, { key: REV_LABEL, operator: 'DoesNotExist', values: [] }])),
      );
    }
  };
  for (const rev of shape.revisions) {
    entries(rev === 'default' ? 'istio-sidecar-injector' : `istio-sidecar-injector-${rev}`, rev, rev, undefined, rev === 'default');
  }
  for (const [tag, rev] of Object.entries(shape.tags)) {
    entries(`istio-revision-tag-${tag}`, tag, rev, tag, tag === 'default');
  }
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Is this MutatingWebhookConfiguration (or one of its entries) Istio's sidecar injector? */
export function isInjectorConfig(r: Resource): boolean {
  if (r.kind !== 'MutatingWebhookConfiguration') return false;
  if (/^istio-(sidecar-injector|revision-tag-)/.test(r.name)) return true;
  const hooks = r.object.webhooks;
  return Array.isArray(hooks) && hooks.some((h) => str(asObject(h)?.name)?.endsWith(WEBHOOK_SUFFIX));
}

/** The injector entries of a MutatingWebhookConfiguration from the inputs. */
export function webhooksOf(r: Resource): InjectorWebhook[] {
  const md = asObject(r.object.metadata) ?? {};
  const labels = asObject(md.labels) ?? {};
  const annotations = asObject(md.annotations) ?? {};
  const revLabel = str(labels[REV_LABEL]);
  const tag = str(labels[TAG_LABEL]);
  const caInjected = Object.keys(annotations).some((k) => /inject-ca-from|inject-apiserver-ca|cainjector/.test(k));
  const hooks = Array.isArray(r.object.webhooks) ? r.object.webhooks : [];
  const out: InjectorWebhook[] = [];
  hooks.forEach((h, index) => {
    const hook = asObject(h);
    if (!hook) return;
    const name = str(hook.name) ?? '';
    if (!name.endsWith(WEBHOOK_SUFFIX) && !/^istio-(sidecar-injector|revision-tag-)/.test(r.name)) return;
    const cc = asObject(hook.clientConfig) ?? {};
    const svc = asObject(cc.service);
    const nsSel = parseSelector(hook.namespaceSelector);
    const objSel = parseSelector(hook.objectSelector);
    const deactivated = [nsSel, objSel].some((s) => s.requirements.some((q) => q.key === DEACTIVATED_LABEL));
    const svcName = str(svc?.name);
    const revision = revLabel ?? (svcName && svcName.startsWith('istiod-') ? svcName.slice('istiod-'.length) : 'default');
    out.push({
      configName: r.name,
      name,
      shortName: name.endsWith(`.${WEBHOOK_SUFFIX}`) ? name.slice(0, -(WEBHOOK_SUFFIX.length + 1)) : name,
      namespaceSelector: nsSel,
      objectSelector: objSel,
      revision,
      tag,
      revLabel,
      deactivated,
      service: svc ? { name: svcName ?? '', namespace: str(svc.namespace) ?? '', port: typeof svc.port === 'number' && svc.port > 0 ? svc.port : 443 } : undefined,
      url: str(cc.url),
      caBundle: str(cc.caBundle),
      caInjected,
      origin: 'input',
      resource: r,
      index,
    });
  });
  return out;
}

/** `istio-sidecar-injector` → "default", `istio-sidecar-injector-canary` → "canary". */
export function injectorConfigMapRevision(name: string): string | undefined {
  if (name === 'istio-sidecar-injector') return 'default';
  const m = /^istio-sidecar-injector-(.+)$/.exec(name);
  return m?.[1];
}

export function isInjectorConfigMap(r: Resource): boolean {
  return r.kind === 'ConfigMap' && injectorConfigMapRevision(r.name) !== undefined && typeof asObject(r.object.data)?.config === 'string';
}

/** An embedded text as read: its value, why it does not parse, or why it is not read at all. */
export type Parsed = {
  readonly value: Record<string, unknown> | undefined;
  readonly error: string | undefined;
  /** Beyond the limits of src/parse/limits.ts ("nested deeper than 100 levels"): not read. */
  readonly tooComplex?: string;
};
// By the object, not the Resource: the facts pass and the lint pass make a Resource each of one parsed document.
const parsedValues = new WeakMap<object, Parsed>();
const parsedConfig = new WeakMap<object, Parsed>();

function memo(cache: WeakMap<object, Parsed>, r: Resource, parse: () => Parsed): Parsed {
  let hit = cache.get(r.object);
  if (!hit) {
    hit = parse();
    cache.set(r.object, hit);
  }
  return hit;
}

/** The injector ConfigMap's `values` (the Helm values, JSON), read as Parsed. */
export function injectorValuesReadOf(r: Resource): Parsed | undefined {
  const text = str(asObject(r.object.data)?.values);
  if (text === undefined) return undefined;
  return memo(parsedValues, r, () => {
    const limit = embeddedTextProblem(text, 'json');
    if (limit) return { value: undefined, error: undefined, tooComplex: limit.message };
    try {
      return { value: asObject(JSON.parse(text)), error: undefined };
    } catch (e) {
      return { value: undefined, error: (e as Error).message.split('\n')[0] };
    }
  });
}

/**
 * The injector ConfigMap's `values` (the Helm values, JSON), parsed once per resource:
 * several facts and rules read it, and it is large. Undefined when absent, not JSON or not read.
 */
export function injectorValuesOf(r: Resource): Record<string, unknown> | undefined {
  return injectorValuesReadOf(r)?.value;
}

/** The injector ConfigMap's `config` (policy, selectors, templates), parsed once per resource as istiod reads it. */
export function injectorConfigDataOf(r: Resource): Parsed {
  // istiod reads it with sigs.k8s.io/yaml into a typed struct: unknown keys are fine.
  return memo(parsedConfig, r, () => readEmbeddedYaml(str(asObject(r.object.data)?.config) ?? ''));
}

/**
 * YAML text inside a ConfigMap (the injector's `config`, the mesh config), as go-yaml v2 reads
 * it into a struct (YAML 1.1, the last of repeated keys wins), within the limits.
 */
export function readEmbeddedYaml(text: string): Parsed {
  const read = readEmbeddedYamlValue(text);
  return { ...read, value: asObject(read.value) };
}

/** As readEmbeddedYaml, for a text that may hold any YAML value (a list, say). */
export function readEmbeddedYamlValue(text: string): Omit<Parsed, 'value'> & { value: unknown } {
  const lineCounter = new LineCounter();
  const read = parseYamlWithinLimits(text, { version: '1.1', uniqueKeys: false, lineCounter });
  if ('problem' in read) return { value: undefined, error: undefined, tooComplex: read.problem.message };
  const first = read.doc.errors[0];
  if (first) {
    const at = lineCounter.linePos(first.pos[0]);
    return { value: undefined, error: `${first.message.split('\n')[0]} at line ${at.line}, column ${at.col}` };
  }
  try {
    return { value: plainValue(read.doc), error: undefined };
  } catch (e) {
    // An alias with no anchor before it: the yaml package composes it and throws here.
    return { value: undefined, error: (e as Error).message.split('\n')[0] };
  }
}

/** Reads the injector ConfigMap's `config` (policy, selectors) as istiod does. */
export function injectorConfigOf(r: Resource): InjectorConfig {
  const revision = injectorConfigMapRevision(r.name) ?? 'default';
  const valuesRead = injectorValuesReadOf(r);
  const values = valuesRead?.value ?? {};
  const enableNamespacesByDefault = getIn(values, ['sidecarInjectorWebhook', 'enableNamespacesByDefault']);
  const base = {
    revision: str(values.revision) || revision,
    enableNamespacesByDefault: typeof enableNamespacesByDefault === 'boolean' ? enableNamespacesByDefault : undefined,
    origin: 'input' as const,
    resource: r,
  };
  const parsed = injectorConfigDataOf(r);
  const tooComplex = [
    ...(parsed.tooComplex !== undefined ? [{ key: 'config' as const, problem: parsed.tooComplex }] : []),
    ...(valuesRead?.tooComplex !== undefined ? [{ key: 'values' as const, problem: valuesRead.tooComplex }] : []),
  ];
  if (tooComplex.length > 0 && parsed.tooComplex !== undefined) {
    return { ...base, policy: undefined, neverInjectSelector: [], alwaysInjectSelector: [], configError: undefined, tooComplex };
  }
  if (parsed.error !== undefined) {
    return { ...base, policy: undefined, neverInjectSelector: [], alwaysInjectSelector: [], configError: `its "config" is not valid YAML (${parsed.error})`, ...(tooComplex.length > 0 ? { tooComplex } : {}) };
  }
  const c = parsed.value ?? {};
  // A policy a tool fills in (`policy: {{ .Values.autoInject }}` reads as a mapping) is unknown,
  // kept as written: neither a wrong value nor a type error.
  const written = /^[ \t]*policy:[ \t]*(.*?)[ \t]*$/m.exec(str(asObject(r.object.data)?.config) ?? '')?.[1];
  const policy = written !== undefined && isPlaceholder(written) ? written : c.policy;
  let configError: string | undefined;
  if (policy !== undefined && policy !== null && typeof policy !== 'string') {
    configError = `"policy" is ${typeof policy} ${JSON.stringify(policy)}, not a string, so istiod cannot load the injector config`;
  }
  const selectors = (v: unknown, key: string): LabelSelector[] => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      configError ??= `"${key}" must be a list of label selectors`;
      return [];
    }
    return v.map((s) => parseSelector(s));
  };
  return {
    ...base,
    policy,
    neverInjectSelector: selectors(c.neverInjectSelector, 'neverInjectSelector'),
    alwaysInjectSelector: selectors(c.alwaysInjectSelector, 'alwaysInjectSelector'),
    configError,
    ...(tooComplex.length > 0 ? { tooComplex } : {}),
  };
}

export interface IstioOperatorFacts {
  readonly revision: string;
  readonly enableNamespacesByDefault: boolean | undefined;
  readonly policy: unknown;
}

export function istioOperatorFacts(r: Resource): IstioOperatorFacts | undefined {
  if (r.kind !== 'IstioOperator' || !r.apiVersion.startsWith('install.istio.io/')) return undefined;
  const spec = asObject(r.object.spec) ?? {};
  const enable = getIn(spec, ['values', 'sidecarInjectorWebhook', 'enableNamespacesByDefault']);
  return {
    revision: str(spec.revision) || 'default',
    enableNamespacesByDefault: typeof enable === 'boolean' ? enable : undefined,
    policy: getIn(spec, ['values', 'global', 'proxy', 'autoInject']),
  };
}
