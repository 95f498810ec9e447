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
import { serviceOf, type ServiceInfo } from '../src/model/traffic/service.ts';
import type { Path, Resource } from '../src/common/types.ts';

const MAX_CONFIGS = 5_000;
const MAX_SERVICES = 20_000;
const MAX_HOSTS = 100;

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
    const configs: Resource[] = [];
    const services: ServiceInfo[] = [];
    /** Hosts ServiceEntries declare, as written. */
    const entryHosts = new Set<string>();
    return {
      Resource(r) {
        if ((r.kind === 'VirtualService' || r.kind === 'DestinationRule') && r.apiVersion.startsWith('networking.istio.io/')) {
          if (configs.length < MAX_CONFIGS) configs.push(r);
          return;
        }
        if (r.kind === 'ServiceEntry' && r.apiVersion.startsWith('networking.istio.io/')) {
          const hosts = getIn(r.object, ['spec', 'hosts']);
          if (Array.isArray(hosts)) for (const h of hosts.slice(0, MAX_HOSTS)) if (typeof h === 'string') entryHosts.add(h.toLowerCase());
          return;
        }
        const service = serviceOf(r);
        if (service && services.length < MAX_SERVICES) services.push(service);
      },
      'Program:exit'() {
        const byName = new Map<string, ServiceInfo[]>();
        for (const s of services) appendTo(byName, s.name, s);
        const exists = (ns: string, name: string): boolean => (byName.get(name) ?? []).some((s) => s.namespace === ns);
        for (const config of configs) {
          if (config.namespace === undefined) continue;
          // A VirtualService bound only to gateways matches the Host its clients send: any name.
          if (config.kind === 'VirtualService') {
            const gateways = getIn(config.object, ['spec', 'gateways']);
            if (Array.isArray(gateways) && gateways.length > 0 && !gateways.includes('mesh')) continue;
          }
          const raw = config.kind === 'DestinationRule' ? [getIn(config.object, ['spec', 'host'])] : getIn(config.object, ['spec', 'hosts']);
          const path = (i: number): Path => (config.kind === 'DestinationRule' ? ['spec', 'host'] : ['spec', 'hosts', i]);
          for (const [i, host] of (Array.isArray(raw) ? raw.slice(0, MAX_HOSTS) : []).entries()) {
            if (typeof host !== 'string' || host.includes('*') || entryHosts.has(host.toLowerCase())) continue;
            const parts = host.toLowerCase().split('.');
            const named = serviceOfHost(host, config.namespace);
            if (named) {
              if (exists(named.namespace, named.name) || parts.length !== 1) continue;
              // A short name: the Service of that name, in exactly one other namespace.
              const others = (byName.get(named.name) ?? []).filter((s) => s.namespace !== config.namespace);
              const other = others[0];
              if (others.length !== 1 || !other) continue;
              context.report({
                target: { resource: config, path: path(i) },
                messageId: 'otherNamespace',
                data: { host, resolved: `${named.name}.${config.namespace}.svc.${DOMAIN_SUFFIX}`, namespace: other.namespace, fqdn: `${other.name}.${other.namespace}.svc.${DOMAIN_SUFFIX}` },
                related: [{ target: { resource: other.resource, path: ['metadata', 'name'] }, message: describeResource(other.resource) }],
              });
              continue;
            }
            // name.namespace or name.namespace.svc: taken as written.
            if ((parts.length === 2 || (parts.length === 3 && parts[2] === 'svc')) && exists(parts[1] as string, parts[0] as string)) {
              const service = (byName.get(parts[0] as string) ?? []).find((s) => s.namespace === parts[1]) as ServiceInfo;
              context.report({
                target: { resource: config, path: path(i) },
                messageId: 'dotted',
                data: { host, kind: config.kind, service: describeResource(service.resource), fqdn: `${parts[0]}.${parts[1]}.svc.${DOMAIN_SUFFIX}` },
                related: [{ target: { resource: service.resource, path: ['metadata', 'name'] }, message: describeResource(service.resource) }],
              });
            }
          }
        }
      },
    };
  },
});
