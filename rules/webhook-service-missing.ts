// The API server calls an injector webhook through the Service its clientConfig names. When an
// install is replaced (a revision removed, istiod moved to another namespace) and its webhook is
// left behind, that Service is gone: every call fails, and the webhook's failurePolicy decides
// what pods get (k8s.io/apiserver/pkg/util/proxy ResolveCluster; istioctl analyze IST0139).
// Judged only against an install among the inputs, beside the webhook: an istiod Deployment in
// the same folder; a Service counts as existing wherever the inputs have it.
import { shortList } from '../src/engine/notes.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { folderOf, isControlPlaneName, type ControlPlaneObject } from '../src/model/install/control-plane.ts';
import { isInjectorConfig, webhooksOf, type InjectorWebhook } from '../src/model/injection/mesh.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { asObject } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';

type FailurePolicy = 'Fail' | 'Ignore';

/** What pods get when the API server cannot call the webhook, by failurePolicy. */
const CONSEQUENCES: Readonly<Record<FailurePolicy, string>> = {
  Fail: 'with failurePolicy Fail, no pod it matches can be created',
  Ignore: 'with failurePolicy Ignore, pods it matches silently get no sidecar',
};

/** failurePolicy when unset, by the configuration's apiVersion. */
const DEFAULT_FAILURE_POLICY: Readonly<Record<string, FailurePolicy>> = {
  'admissionregistration.k8s.io/v1': 'Fail',
  'admissionregistration.k8s.io/v1beta1': 'Ignore',
};

/** How many other entries calling the same Service a finding names as related places. */
const MAX_RELATED = 10;

/** The port the API server calls when clientConfig.service.port is unset. */
const DEFAULT_WEBHOOK_PORT = 443;
/** istiod's webhook port: the chart's Service maps 443 (https-webhook) to it. */
const ISTIOD_WEBHOOK_TARGET_PORT = 15017;

function failurePolicyOf(r: Resource, hook: Record<string, unknown>): FailurePolicy | undefined {
  const p = hook.failurePolicy;
  if (p === undefined || p === null) return DEFAULT_FAILURE_POLICY[r.apiVersion];
  return p === 'Fail' || p === 'Ignore' ? p : undefined;
}

const show = (o: { readonly name: string; readonly namespace: string | undefined }): string => (o.namespace ? `${o.namespace}/${o.name}` : o.name);

/** A Service's port that reaches istiod's webhook port, if it has one (to say which to call). */
function portToIstiod(o: ControlPlaneObject): number | undefined {
  const ports = asObject(o.resource.object.spec)?.ports;
  if (!Array.isArray(ports)) return undefined;
  for (const p of ports.slice(0, 1000)) {
    const port = asObject(p);
    if (port?.targetPort === ISTIOD_WEBHOOK_TARGET_PORT && typeof port.port === 'number') return port.port;
  }
  return undefined;
}

const hookAt = (r: Resource, index: number): Record<string, unknown> | undefined =>
  Array.isArray(r.object.webhooks) ? asObject(r.object.webhooks[index]) : undefined;

const writtenPort = (hook: Record<string, unknown> | undefined): unknown => asObject(asObject(hook?.clientConfig)?.service)?.port;

interface Problem {
  readonly messageId: 'missing' | 'otherNamespace' | 'port';
  readonly key: string;
  readonly data: Record<string, string | number>;
  readonly at: (w: InjectorWebhook) => Path;
}

export default createRule({
  name: 'webhook-service-missing',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injector webhooks that call a Service the Istio install beside them does not have: a webhook left by an earlier install',
      defaultLevel: 'error',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      missing: 'No Service {{ service }} in the install here ({{ have }}): {{ consequence }}. Delete this leftover webhook, or point it at istiod.',
      otherNamespace: 'No Service {{ service }}: the install has {{ name }} in {{ namespaces }}; {{ consequence }}. Set clientConfig.service.namespace to it.',
      port: 'Service {{ service }} has no port {{ port }} (it has {{ ports }}): {{ consequence }}. {{ fix }}',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const installed = context.facts.mesh.controlPlane;
    if (installed.length === 0) return {};
    const byName = new Map<string, ControlPlaneObject[]>();
    // Names a tool fills in (`istiod-${REVISION}`): any Service may exist in their namespaces.
    const openNamespaces = new Set<string | undefined>();
    const add = <K>(map: Map<K, ControlPlaneObject[]>, key: K, o: ControlPlaneObject): void => {
      const list = map.get(key);
      if (list) list.push(o);
      else map.set(key, [o]);
    };
    // istiod's Services and Deployments by folder, where a folder has an istiod Deployment: a
    // Service alone is no install (a revision-tag chart's `istiod` shim, a remote cluster's alias).
    const byFolder = new Map<string, ControlPlaneObject[]>();
    for (const o of installed) {
      if (o.open) openNamespaces.add(o.namespace);
      else add(byName, o.name, o);
      if (o.kind !== 'Release') add(byFolder, o.folder, o);
    }
    for (const [folder, objects] of byFolder) if (!objects.some((o) => o.kind === 'Deployment')) byFolder.delete(folder);
    const inNamespace = (o: ControlPlaneObject, ns: string): boolean => o.namespace === undefined || o.namespace === ns;

    /** What is wrong with the Service an entry calls, or undefined when nothing certain is. */
    function problemOf(r: Resource, hook: Record<string, unknown>, w: InjectorWebhook, have: string): Problem | undefined {
      const svc = w.service;
      if (!svc || w.url !== undefined || !svc.name || !svc.namespace || isPlaceholder(svc.name) || isPlaceholder(svc.namespace)) return undefined;
      // Only the control plane's own names: another Service (a proxy in front of istiod) is not the install's to lack.
      if (!isControlPlaneName(svc.name)) return undefined;
      const policy = failurePolicyOf(r, hook);
      if (policy === undefined) return undefined;
      const consequence = CONSEQUENCES[policy];
      const service = `${svc.namespace}/${svc.name}`;
      if (openNamespaces.has(undefined) || openNamespaces.has(svc.namespace)) return undefined;
      const named = byName.get(svc.name) ?? [];
      const candidates = named.filter((o) => inNamespace(o, svc.namespace));
      const servicePath = (w: InjectorWebhook): Path => ['webhooks', w.index ?? 0, 'clientConfig', 'service'];
      if (candidates.length === 0) {
        if (named.length > 0) {
          const namespaces = shortList([...new Set(named.map((o) => o.namespace ?? '?'))].sort());
          return { messageId: 'otherNamespace', key: `ns:${service}:${policy}`, data: { service, name: svc.name, namespaces, consequence }, at: (x) => [...servicePath(x), 'namespace'] };
        }
        return { messageId: 'missing', key: `svc:${service}:${policy}`, data: { service, have, consequence }, at: (x) => [...servicePath(x), 'name'] };
      }
      // The port: only against Services whose ports are all known; a Deployment says nothing of them.
      const written = writtenPort(hook);
      const port = written === undefined || written === null ? DEFAULT_WEBHOOK_PORT : written;
      if (typeof port !== 'number' || !Number.isInteger(port)) return undefined;
      const services = candidates.filter((o) => o.kind === 'Service');
      if (services.length === 0 || services.some((o) => o.ports === undefined) || services.some((o) => o.ports?.includes(port))) return undefined;
      const ports = shortList([...new Set(services.flatMap((o) => o.ports ?? []))].sort((a, b) => a - b).map(String));
      const to = services.map(portToIstiod).find((p) => p !== undefined);
      const fix = to !== undefined ? `Call port ${to}, which reaches istiod's ${ISTIOD_WEBHOOK_TARGET_PORT}.` : `Expose port ${port} (targetPort ${ISTIOD_WEBHOOK_TARGET_PORT}) on the Service.`;
      return {
        messageId: 'port', key: `port:${service}:${port}:${policy}`, data: { service, port, ports, consequence, fix },
        at: (x) => (writtenPort(hookAt(r, x.index ?? 0)) === undefined ? servicePath(x) : [...servicePath(x), 'port']),
      };
    }

    return {
      Resource(r) {
        if (!isInjectorConfig(r)) return;
        // Only beside an install: an istiod Deployment in the same folder (a rendered chart, an
        // install manifest, a cluster snapshot). Elsewhere the install may be another cluster's,
        // or not in the repository at all.
        const beside = byFolder.get(folderOf(r));
        if (!beside) return;
        const have = shortList([...new Set(beside.map(show))].sort());
        // One finding per configuration and problem: the entries of one configuration usually
        // all call the same Service; the others are named as related places.
        const found = new Map<string, { problem: Problem; first: InjectorWebhook; others: InjectorWebhook[] }>();
        for (const w of webhooksOf(r)) {
          if (w.deactivated || w.index === undefined) continue; // never called
          const hook = hookAt(r, w.index);
          if (!hook) continue;
          const problem = problemOf(r, hook, w, have);
          if (!problem) continue;
          const seen = found.get(problem.key);
          if (seen) seen.others.push(w);
          else found.set(problem.key, { problem, first: w, others: [] });
        }
        for (const { problem, first, others } of found.values()) {
          const related: RelatedLocation[] = others.slice(0, MAX_RELATED).map((o) => ({ target: { resource: r, path: problem.at(o) }, message: `${o.name} calls it too` }));
          context.report({ target: { resource: r, path: problem.at(first) }, messageId: problem.messageId, data: problem.data, related });
        }
      },
    };
  },
});
