// Hosts of VirtualServices and DestinationRules as istiod reads them (pilot/pkg/model/config.go
// ResolveShortnameToFQDN): a host with no dot is a Service of the config's own namespace
// (`<name>.<namespace>.svc.<domainSuffix>`); a dotted host is taken as written, so
// `reviews.bookinfo` is never expanded to a Service (it names one only as
// `reviews.bookinfo.svc.cluster.local`). A wildcard names no one Service.

/** The cluster's DNS domain suffix: Istio's default (meshConfig has none of its own). */
export const DOMAIN_SUFFIX = 'cluster.local';

/** The Kubernetes Service a host names, when it names one: its namespace and name. */
export function serviceOfHost(host: unknown, configNamespace: string | undefined): { readonly namespace: string; readonly name: string } | undefined {
  if (typeof host !== 'string' || host === '' || host.includes('*') || host.length > 253) return undefined;
  const parts = host.toLowerCase().split('.');
  if (parts.length === 1) return configNamespace === undefined ? undefined : { namespace: configNamespace, name: parts[0] as string };
  if (parts.length === 5 && parts[2] === 'svc' && `${parts[3]}.${parts[4]}` === DOMAIN_SUFFIX) return { namespace: parts[1] as string, name: parts[0] as string };
  return undefined;
}
