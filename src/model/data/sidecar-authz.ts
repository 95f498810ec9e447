// The AuthorizationPolicy fields a sidecar cannot build for a TCP filter chain
// (pilot/pkg/security/authz/model/generator.go: each returns "%q is HTTP only" when forTCP;
// model.go checkError): an ALLOW rule with one is dropped from that chain, a DENY or AUDIT
// rule keeps its other fields. remoteIpBlocks works on TCP for a sidecar (unlike ztunnel).

/** `to[].operation` fields that are HTTP only (hostGenerator, pathGenerator, methodGenerator). */
export const HTTP_OPERATION_FIELDS: readonly string[] = ['hosts', 'notHosts', 'methods', 'notMethods', 'paths', 'notPaths'];
/** `from[].source` fields that are HTTP only (requestPrincipalGenerator). */
export const HTTP_SOURCE_FIELDS: readonly string[] = ['requestPrincipals', 'notRequestPrincipals'];
/** `when[].key` prefixes that are HTTP only (request headers, the request's JWT claims and principals). */
export const HTTP_WHEN_PREFIX = 'request.';
