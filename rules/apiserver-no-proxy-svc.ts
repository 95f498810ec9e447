// The API server calls Istio's injection webhook at https://<service>.<namespace>.svc:<port>
// with Go's ProxyFromEnvironment. An HTTPS proxy in its environment whose no-proxy list does
// not cover that name sends the call to the proxy, which cannot reach cluster services: every
// pod Istio injects then fails admission with "failed calling webhook … Service Unavailable"
// (istio.io#1042/#1044, istio #8182; kubernetes #107446).
import { createRule } from '../src/engine/rule-api.ts';
import type { InjectorWebhook } from '../src/model/injection/mesh.ts';
import { effectiveProxyEnv, noProxyCovers, withSvc, type EffectiveVar, type EnvEntry, type EnvList } from '../src/model/pod/no-proxy.ts';
import { asObject, getIn } from '../src/model/workload.ts';
import type { Facts } from '../src/model/facts.ts';
import type { KubeObject, Path, PathEdit, RelatedLocation, Resource } from '../src/common/types.ts';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const basename = (s: string): string => s.slice(s.lastIndexOf('/') + 1);

/** `registry.k8s.io/kube-apiserver:v1.30.0@sha256:…` → `kube-apiserver`. */
export function imageName(image: string): string {
  let s = image.split('@')[0] ?? '';
  const colon = s.lastIndexOf(':');
  if (colon > s.lastIndexOf('/')) s = s.slice(0, colon);
  return basename(s);
}

const APISERVER_IMAGE = /^kube-apiserver(-(amd64|arm64|arm|ppc64le|s390x))?$/;

/** Does this container run kube-apiserver (its program, a hyperkube subcommand, or its image)? */
export function isKubeApiserver(c: KubeObject): boolean {
  const argv = [...strings(c.command), ...strings(c.args)];
  const program = argv[0] === undefined ? '' : basename(argv[0]);
  if (program === 'kube-apiserver') return true;
  if (program === 'hyperkube' && (argv[1] === 'apiserver' || argv[1] === 'kube-apiserver')) return true;
  return typeof c.image === 'string' && APISERVER_IMAGE.test(imageName(c.image));
}

/** An `env` list (core/v1 EnvVar) as the process will see it. */
export function envListOf(list: unknown, openTo: string | undefined): EnvList {
  const entries: EnvEntry[] = [];
  (Array.isArray(list) ? list : []).forEach((item, index) => {
    const o = asObject(item);
    if (!o || typeof o.name !== 'string') return;
    if (o.valueFrom !== undefined && o.valueFrom !== null) {
      entries.push({ name: o.name, value: undefined, unknownBecause: 'comes from valueFrom', index });
      return;
    }
    const v = o.value;
    if (v === undefined || v === null) entries.push({ name: o.name, value: '', index });
    // The API server rejects a value YAML typed as a number or boolean: nothing to predict.
    else if (typeof v !== 'string') entries.push({ name: o.name, value: undefined, unknownBecause: 'is not a string', index });
    // The kubelet expands $(VAR) from other variables.
    else if (/\$\(/.test(v.replace(/\$\$/g, ''))) entries.push({ name: o.name, value: undefined, unknownBecause: 'refers to other variables', index });
    // `$$` is the kubelet's escape for a literal `$`.
    else entries.push({ name: o.name, value: v.replace(/\$\$/g, '$'), index });
  });
  return { entries, openTo };
}

interface WebhookHost {
  readonly host: string;
  readonly port: number;
  readonly webhooks: readonly InjectorWebhook[];
}

/** The hosts the API server calls for injection; `known` false: a representative default. Undefined: none is called by service. */
export function injectionHosts(facts: Facts): { hosts: WebhookHost[]; known: boolean } | undefined {
  const input = facts.mesh.webhooks.filter((w) => w.origin === 'input');
  if (input.length === 0) return { hosts: [{ host: 'istiod.istio-system.svc', port: 443, webhooks: [] }], known: false };
  const byHost = new Map<string, { host: string; port: number; webhooks: InjectorWebhook[] }>();
  for (const w of input) {
    // A deactivated entry is never called; a `url` entry is not a cluster service name.
    if (w.deactivated || !w.service?.name || !w.service.namespace) continue;
    const host = `${w.service.name}.${w.service.namespace}.svc`;
    const p = w.service.port;
    const key = `${host}:${p}`;
    const entry = byHost.get(key) ?? { host, port: p, webhooks: [] };
    entry.webhooks.push(w);
    byHost.set(key, entry);
  }
  return byHost.size > 0 ? { hosts: [...byHost.values()], known: true } : undefined;
}

export interface ProxyFinding {
  /** The HTTPS proxy variable and its entry. */
  readonly proxy: EnvEntry;
  /** The no-proxy variable Go reads, when one is set. */
  readonly noProxy: Extract<EffectiveVar, { state: 'set' }> | undefined;
  /** Entries of the no-proxy variables that are present but empty. */
  readonly emptyNoProxy: readonly EnvEntry[];
  readonly missed: readonly WebhookHost[];
  /** Why the first missed host is not covered, naming the variable. */
  readonly reason: string;
  /** The verdict assumes nothing outside the list sets NO_PROXY / no_proxy (envFrom, kubeadm's shell). */
  readonly assumesClosed: boolean;
  /** The new value for the no-proxy entry, when one can be edited. */
  readonly fixValue: { entry: EnvEntry; value: string } | undefined;
}

/** Will the API server with this environment send its injection webhook calls to a proxy? */
export function webhookThroughProxy(env: EnvList, hosts: readonly WebhookHost[]): ProxyFinding | undefined {
  const fx = effectiveProxyEnv(env);
  if (fx.httpsProxy.state !== 'set') return undefined;
  let np = fx.noProxy;
  let assumesClosed = false;
  if (np.state === 'unknown') {
    // Unknown only because unlisted variables may be added: judge the list as written, and say so.
    if (!np.open) return undefined;
    np = effectiveProxyEnv({ ...env, openTo: undefined }).noProxy;
    assumesClosed = true;
    if (np.state === 'unknown') return undefined;
  }
  const list = np.state === 'set' ? np.value : '';
  const decisions = hosts.map((h) => ({ h, d: noProxyCovers(list, h.host, h.port) }));
  const missedWith = decisions.filter((x) => !x.d.covered);
  const first = missedWith[0];
  if (!first) return undefined;
  const missed = missedWith.map((x) => x.h);
  let reason: string;
  if (np.state === 'set') {
    // The other spelling may list .svc, but Go never reads it while this one is non-empty.
    const shadow = np.ignored.find((e) => e.value !== undefined && missed.every((h) => noProxyCovers(e.value as string, h.host, h.port).covered));
    const via = np.empty.length ? ` (${np.empty.map((e) => e.name).join(', ')} is empty, so Go reads ${np.name})` : '';
    reason = shadow
      ? `${shadow.name} has ${noProxyCovers(shadow.value as string, first.h.host, first.h.port).by} but ${np.name} is set and wins`
      : `${np.name}${via} ${first.d.reason}`;
  } else {
    reason = np.empty.length
      ? `${np.empty.map((e) => e.name).join(' and ')} ${np.empty.length > 1 ? 'are' : 'is'} empty${np.empty.some((e) => e.name === 'NO_PROXY') && !np.empty.some((e) => e.name === 'no_proxy') ? ' and no_proxy is not set' : ''}`
      : `neither NO_PROXY nor no_proxy is ${assumesClosed ? 'listed' : 'set'}`;
  }
  const editable = np.state === 'set' ? np.entry : np.empty.find((e) => e.name === 'NO_PROXY') ?? np.empty[0];
  return {
    proxy: fx.httpsProxy.entry,
    noProxy: np.state === 'set' ? np : undefined,
    emptyNoProxy: np.empty,
    missed,
    reason,
    assumesClosed,
    fixValue: editable ? { entry: editable, value: withSvc(editable.value ?? '') } : undefined,
  };
}

const hostText = (h: WebhookHost): string => `${h.host}:${h.port}`;


export default createRule({
  name: 'apiserver-no-proxy-svc',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'kube-apiserver with an HTTPS proxy whose no-proxy list does not cover the injection webhook\'s .svc host',
      defaultLevel: 'error',
      precision: 'high',
      category: 'admission',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      proxied:
        'kube-apiserver sends HTTPS through {{ proxyVar }}, and {{ reason }}: {{ webhook }} is unreachable, so injected pods fail. {{ fix }}',
      addSvc: 'Add .svc to {{ name }}',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const called = injectionHosts(context.facts);

    const check = (resource: Resource, envPath: Path, env: EnvList, where: 'env' | 'extraEnvs'): void => {
      if (!called) return;
      const f = webhookThroughProxy(env, called.hosts);
      if (!f) return;
      const valuePath = (e: EnvEntry): Path => [...envPath, e.index, 'value'];
      const hasValueKey = (e: EnvEntry): boolean => Object.hasOwn(asObject(getIn(resource.object, [...envPath, e.index])) ?? {}, 'value');
      if (f.assumesClosed) {
        // The list as written misses .svc, but a source the inputs do not show may set NO_PROXY.
        context.unknown('proxy-env', resource, env.openTo);
        return;
      }
      // The hosts it misses are the related locations (when the webhooks are among the inputs).
      const webhook = "Istio's injection webhook";
      const fixEntry = f.fixValue && hasValueKey(f.fixValue.entry) ? f.fixValue : undefined;
      const fixText = fixEntry
        ? fixEntry.entry.value === ''
          ? `Set ${fixEntry.entry.name} to .svc.`
          : `Append ,.svc to ${fixEntry.entry.name}.`
        : `Add ${where} entries NO_PROXY and no_proxy that list .svc.`;
      const fix: PathEdit[] | undefined = fixEntry ? [{ op: 'set', path: valuePath(fixEntry.entry), value: fixEntry.value }] : undefined;
      // Point at the entry the fix edits; else at the proxy that causes the detour.
      const at = f.noProxy?.entry ?? (fixEntry ? fixEntry.entry : f.proxy);
      const related: RelatedLocation[] = [];
      if (at !== f.proxy) related.push({ target: { resource, path: valuePath(f.proxy) }, message: `the HTTPS proxy (${f.proxy.name})` });
      for (const e of f.noProxy?.ignored ?? []) {
        if (e.value !== undefined && e !== at) related.push({ target: { resource, path: valuePath(e) }, message: `${e.name}: not read, ${f.noProxy?.name} wins` });
      }
      for (const e of f.emptyNoProxy) if (e !== at && hasValueKey(e)) related.push({ target: { resource, path: valuePath(e) }, message: `${e.name} is empty` });
      for (const h of f.missed) {
        const w = h.webhooks.find((x) => x.resource && x.index !== undefined);
        if (w?.resource && w.index !== undefined) {
          related.push({ target: { resource: w.resource, path: ['webhooks', w.index, 'clientConfig', 'service'] }, message: `injection webhook ${w.name} calls ${hostText(h)}` });
        }
      }
      const data = { proxyVar: f.proxy.name, reason: f.reason, webhook, fix: fixText };
      context.report({
        target: { resource, path: valuePath(at) },
        messageId: 'proxied',
        data,
        // The edit changes how a running kube-apiserver reaches the network: a suggestion, never --fix.
        ...(fix && fixEntry ? { suggest: [{ messageId: 'addSvc' as const, data: { name: fixEntry.entry.name }, edits: fix }] } : {}),
        related,
      });
    };

    return {
      Container(c) {
        if (c.group !== 'containers' || !isKubeApiserver(c.object)) return;
        const envFrom = Array.isArray(c.object.envFrom) ? c.object.envFrom : [];
        const sources = envFrom.map((s) => {
          const o = asObject(s) ?? {};
          const ref = asObject(o.configMapRef) ? `ConfigMap ${asObject(o.configMapRef)?.name}` : asObject(o.secretRef) ? `Secret ${asObject(o.secretRef)?.name}` : 'a source';
          return ref;
        });
        const openTo = sources.length ? `envFrom ${sources.join(', ')}` : undefined;
        check(c.template.resource, [...c.path, 'env'], envListOf(c.object.env, openTo), 'env');
      },
      Resource(r) {
        // kubeadm v1beta4: apiServer.extraEnvs become the static pod's env, merged over the
        // *_proxy variables of the shell kubeadm runs in (which it copies into the manifest).
        // Older kubeadm APIs have no extraEnvs: kubeadm ignores the field there.
        if (r.kind !== 'ClusterConfiguration' || !r.apiVersion.startsWith('kubeadm.k8s.io/') || /^kubeadm\.k8s\.io\/v1(alpha\d+|beta[123])$/.test(r.apiVersion)) return;
        const extra = getIn(r.object, ['apiServer', 'extraEnvs']);
        if (!Array.isArray(extra)) return;
        check(r, ['apiServer', 'extraEnvs'], envListOf(extra, 'the environment kubeadm runs in'), 'extraEnvs');
      },
    };
  },
});
