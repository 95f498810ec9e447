// Revision routing lives entirely in the webhook selectors: istiod never checks the
// revision. A namespace or pod that selects a revision or tag no installed webhook serves
// matches nothing, and its pods start without a sidecar, silently.
import { shortList } from '../src/engine/notes.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { explicitlyOptedOut } from '../src/model/injection/intent.ts';
import { istioComponentOf } from '../src/model/install/istio-components.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';
import { NS_INJECTION_LABEL, REV_LABEL, vendorWebhooksOnly, type InjectorWebhook } from '../src/model/injection/mesh.ts';
import { installScope } from '../src/model/install/install-scope.ts';
import { templatePath } from '../src/model/workload.ts';
import type { Resource } from '../src/common/types.ts';
import { asObject } from '../src/model/workload.ts';

/** Revision values some active webhook selects with istio.io/rev In [...] (namespace or object side). */
function servedRevisions(webhooks: readonly InjectorWebhook[]): Set<string> {
  const out = new Set<string>();
  for (const w of webhooks) {
    if (w.deactivated) continue;
    for (const s of [w.namespaceSelector, w.objectSelector]) {
      for (const r of s.requirements) if (r.key === REV_LABEL && r.operator === 'In') r.values.forEach((v) => out.add(v));
    }
  }
  return out;
}

/** What one install serves, worked out once per install. */
interface Install {
  readonly served: ReadonlySet<string>;
  readonly open: boolean;
  readonly text: string;
  readonly servesEnabled: boolean;
}

const servesInjectionEnabled = (webhooks: readonly InjectorWebhook[]): boolean =>
  webhooks.some((w) => !w.deactivated && w.namespaceSelector.requirements.some((r) => r.key === NS_INJECTION_LABEL && r.operator === 'In' && r.values.includes('enabled')));

export default createRule({
  name: 'injection-revision-missing',
  meta: {
    type: 'problem',
    docs: {
      description: 'Namespaces and pods that select an Istio revision or tag no installed injector webhook serves',
      defaultLevel: 'error',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      missing:
        '{{ what }} has {{ key }}={{ revision }}, which {{ where }} serves: its pods run without a sidecar. Served: {{ served }}. Install or tag it, or select a served one.',
      noDefault:
        'Namespace {{ namespace }} has {{ key }}=enabled, but no default revision or "default" tag exists{{ where }}: its pods run without a sidecar. Served: {{ served }}. Tag one "default", or use istio.io/rev.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const mesh = context.facts.mesh;
    // Only when the install is known: from the inputs, or its revisions or tags stated in the
    // config (istio.enableNamespacesByDefault alone says nothing about which revisions exist).
    // Which revisions exist: asked of the install that applies to each object. The inputs may
    // hold several clusters' installs (samples, a folder per cluster): the nearest one applies,
    // and where equally near ones differ, which applies is unknown (install-scope.ts).
    // OpenShift Service Mesh selects namespaces by membership: istio-injection and istio.io/rev name no revision there.
    const fromInputs = mesh.webhooksOrigin === 'input' && !vendorWebhooksOnly(mesh.webhooks);
    const scope = installScope(fromInputs ? mesh.webhooks : []);
    // Only when the install is known: from the inputs, or its revisions or tags stated in the
    // config (istio.enableNamespacesByDefault alone says nothing about which revisions exist).
    const stated = fromInputs || (mesh.webhooksOrigin === 'config' && (mesh.settings.revisions !== undefined || mesh.settings.revisionTags !== undefined));
    const installs = new Map<readonly InjectorWebhook[], Install>();
    const installOf = (webhooks: readonly InjectorWebhook[]): Install => {
      let found = installs.get(webhooks);
      if (!found) {
        const served = servedRevisions(webhooks);
        // An install whose revision is a placeholder (`revision: $REVISION`, filled in by a
        // script) serves a revision meshlint cannot name: which revisions exist is then not known.
        const open = [...served].some(isPlaceholder);
        found = { served, open, text: served.size ? shortList([...served].sort()) : 'none', servesEnabled: servesInjectionEnabled(webhooks) };
        installs.set(webhooks, found);
      }
      return found;
    };
    /** The install that applies to a resource, or undefined (with a note when several could). */
    const installFor = (r: Resource): Install | undefined => {
      if (!stated) return undefined;
      if (!fromInputs) return installOf(mesh.webhooks);
      const { webhooks, folders } = scope.forFile(r.doc.file.displayPath);
      if (webhooks === 'ambiguous') {
        for (const folder of folders) context.unknown('install-ambiguous', r, folder);
        return undefined;
      }
      const install = installOf(webhooks);
      return install.open ? undefined : install;
    };
    // What knows of no such revision: the webhooks among the inputs, or the config's istio.revisions and istio.revisionTags.
    const where = fromInputs ? 'no webhook' : 'no revision or tag in the config';
    const whereDefault = fromInputs ? '' : ' in the config';
    return {
      Namespace(ns) {
        const labels = asObject(asObject(ns.object.metadata)?.labels) ?? {};
        const injection = labels[NS_INJECTION_LABEL];
        const rev = labels[REV_LABEL];
        const selects = injection === 'enabled' || (injection === undefined && typeof rev === 'string' && rev !== '' && !isPlaceholder(rev));
        if (!selects) return; // istio-injection wins over istio.io/rev
        const install = installFor(ns);
        if (!install) return;
        if (injection === 'enabled') {
          if (!install.servesEnabled) {
            context.report({ target: { resource: ns, path: ['metadata', 'labels', NS_INJECTION_LABEL] }, messageId: 'noDefault', data: { namespace: ns.name, key: NS_INJECTION_LABEL, where: whereDefault, served: install.text } });
          }
          return;
        }
        if (typeof rev === 'string' && !install.served.has(rev)) {
          context.report({ target: { resource: ns, path: ['metadata', 'labels', REV_LABEL] }, messageId: 'missing', data: { what: `Namespace ${ns.name}`, revision: rev, key: REV_LABEL, where, served: install.text } });
        }
      },
      PodTemplate(t) {
        const rev = t.labels[REV_LABEL];
        // A pod that opts out, by label or, without one, by annotation, asks no revision for a sidecar.
        if (typeof rev !== 'string' || rev === '' || isPlaceholder(rev) || explicitlyOptedOut(t, context.facts.mesh.version)) return;
        // Istio's own workloads (istiod, gateways) carry istio.io/rev to say which control plane they belong to.
        if (istioComponentOf(t)) return;
        // The namespace decides first: with istio-injection or istio.io/rev on it, the pod's own
        // revision label is not what routes it (inject-label-conflict reports that case).
        const ns = t.resource.namespace ? context.facts.namespaces.get(t.resource.namespace) : undefined;
        if (ns && (ns.labels[NS_INJECTION_LABEL] !== undefined || ns.labels[REV_LABEL] !== undefined)) return;
        const install = installFor(t.resource);
        if (!install || install.served.has(rev)) return;
        // A namespace not among the inputs may inject the pod with its own labels.
        if (!ns) {
          context.unknown('namespace-labels', t.resource, t.resource.namespace ?? 'no namespace given');
          return;
        }
        const target = { resource: t.resource, path: templatePath(t, 'metadata', 'labels', REV_LABEL) };
        context.report({ target, messageId: 'missing', data: { what: 'The pod template', revision: rev, key: REV_LABEL, where, served: install.text } });
      },
    };
  },
});
