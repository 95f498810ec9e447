// Hosts of VirtualServices (for the mesh) and DestinationRules resolve as istiod resolves them
// (pilot/pkg/model/config.go ResolveShortnameToFQDN): a short name is a Service of the config's
// own namespace, a dotted name is taken as written. `reviews.bookinfo` therefore names no
// Service (only `reviews.bookinfo.svc.cluster.local` does), and a short `reviews` in another
// namespace names that namespace's Service, not bookinfo's: the route or the policy applies to
// nothing. Reported only where the inputs show the Service that was meant, and no Service or
// ServiceEntry among them has the host as written.
import { appendTo } from '../src/common/collections.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { describeResource, getIn } from '../src/model/workload.ts';
import { DOMAIN_SUFFIX, serviceOfHost } from '../src/model/traffic/hosts.ts';
import { slimResource } from '../src/model/place.ts';
import type { Path, Resource } from '../src/common/types.ts';

const MAX_HOSTS = 100;

/** A Service as a host names it (ExternalName ones too: istiod makes a host of each), with its object for reporting only (model/place.ts). */
interface NamedService {
  readonly namespace: string;
  readonly name: string;
  readonly resource: Resource;
}

/** A VirtualService for the mesh, or a DestinationRule: its hosts as written, with its object for reporting only. */
interface HostConfig {
  readonly resource: Resource;
  readonly namespace: string;
  readonly hosts: readonly { readonly host: string; readonly path: Path }[];
}

/** The hosts a config names for the mesh, with where each is written; none for a VirtualService bound only to gateways (it matches the Host its clients send: any name). */
function hostsOf(r: Resource): { host: string; path: Path }[] {
  if (r.kind === 'VirtualService') {
    const gateways = getIn(r.object, ['spec', 'gateways']);
    if (Array.isArray(gateways) && gateways.length > 0 && !gateways.includes('mesh')) return [];
    const hosts = getIn(r.object, ['spec', 'hosts']);
    return (Array.isArray(hosts) ? hosts.slice(0, MAX_HOSTS) : []).flatMap((host, i) => (typeof host === 'string' ? [{ host, path: ['spec', 'hosts', i] }] : []));
  }
  const host = getIn(r.object, ['spec', 'host']);
  return typeof host === 'string' ? [{ host, path: ['spec', 'host'] }] : [];
}

export default createRule({
  name: 'route-host-unresolved',
  meta: {
    type: 'problem',
    docs: {
      description: 'VirtualService and DestinationRule hosts that name no Service as Istio resolves them, where the inputs show the one meant (a short name in another namespace, a dotted name.namespace)',
      defaultLevel: 'error',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      dotted: 'Istio takes host "{{ host }}" as written, and no Service has that name: this {{ kind }} does not apply to {{ service }}. Write {{ fqdn }}.',
      otherNamespace: 'Host "{{ host }}" means {{ resolved }} here, which does not exist; the Service is in namespace {{ namespace }}. Write {{ fqdn }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    // Every config and Service of the run, as records: a count past which they were not kept
    // (5,000 and 20,000) left configs unjudged, and made a Service past it one that does not exist.
    const configs: HostConfig[] = [];
    const services: NamedService[] = [];
    /** Hosts ServiceEntries declare, as written. */
    const entryHosts = new Set<string>();
    return {
      Resource(r) {
        if ((r.kind === 'VirtualService' || r.kind === 'DestinationRule') && r.apiVersion.startsWith('networking.istio.io/')) {
          const hosts = r.namespace === undefined ? [] : hostsOf(r);
          if (r.namespace !== undefined && hosts.length > 0) configs.push({ resource: slimResource(r, hosts.map((h) => h.path)), namespace: r.namespace, hosts });
          return;
        }
        if (r.kind === 'ServiceEntry' && r.apiVersion.startsWith('networking.istio.io/')) {
          const hosts = getIn(r.object, ['spec', 'hosts']);
          if (Array.isArray(hosts)) for (const h of hosts.slice(0, MAX_HOSTS)) if (typeof h === 'string') entryHosts.add(h.toLowerCase());
          return;
        }
        if (r.kind === 'Service' && r.apiVersion === 'v1' && r.name && r.namespace !== undefined) services.push({ namespace: r.namespace, name: r.name, resource: slimResource(r) });
      },
      'Program:exit'() {
        const byName = new Map<string, NamedService[]>();
        for (const s of services) appendTo(byName, s.name, s);
        const exists = (ns: string, name: string): boolean => (byName.get(name) ?? []).some((s) => s.namespace === ns);
        for (const config of configs) {
          const kind = config.resource.kind;
          for (const { host, path } of config.hosts) {
            if (host.includes('*') || entryHosts.has(host.toLowerCase())) continue;
            const parts = host.toLowerCase().split('.');
            const named = serviceOfHost(host, config.namespace);
            if (named) {
              if (exists(named.namespace, named.name) || parts.length !== 1) continue;
              // A short name: the Service of that name, in exactly one other namespace.
              const others = (byName.get(named.name) ?? []).filter((s) => s.namespace !== config.namespace);
              const other = others[0];
              if (others.length !== 1 || !other) continue;
              context.report({
                target: { resource: config.resource, path },
                messageId: 'otherNamespace',
                data: { host, resolved: `${named.name}.${config.namespace}.svc.${DOMAIN_SUFFIX}`, namespace: other.namespace, fqdn: `${other.name}.${other.namespace}.svc.${DOMAIN_SUFFIX}` },
                related: [{ target: { resource: other.resource, path: ['metadata', 'name'] }, message: describeResource(other.resource) }],
              });
              continue;
            }
            // name.namespace or name.namespace.svc: taken as written.
            if ((parts.length === 2 || (parts.length === 3 && parts[2] === 'svc')) && exists(parts[1] as string, parts[0] as string)) {
              const service = (byName.get(parts[0] as string) ?? []).find((s) => s.namespace === parts[1]) as NamedService;
              context.report({
                target: { resource: config.resource, path },
                messageId: 'dotted',
                data: { host, kind, service: describeResource(service.resource), fqdn: `${parts[0]}.${parts[1]}.svc.${DOMAIN_SUFFIX}` },
                related: [{ target: { resource: service.resource, path: ['metadata', 'name'] }, message: describeResource(service.resource) }],
              });
            }
          }
        }
      },
    };
  },
});
