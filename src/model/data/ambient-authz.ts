// How istiod converts an AuthorizationPolicy for ztunnel, which enforces L4 only
// (pilot/pkg/serviceregistry/ambient/authorization.go handleRule, httpOperations,
// httpSources, l4WhenAttributes). A field in the L7 lists makes a rule "HTTP": an ALLOW rule
// with one is dropped whole; a DENY rule keeps only its L4 fields.

/** `to[].operation` fields ztunnel cannot match (httpOperations). */
export const L7_OPERATION_FIELDS: readonly string[] = ['hosts', 'notHosts', 'methods', 'notMethods', 'paths', 'notPaths'];
/** `to[].operation` fields ztunnel keeps. */
export const L4_OPERATION_FIELDS: readonly string[] = ['ports', 'notPorts'];
/** `from[].source` fields ztunnel cannot match (httpSources). */
export const L7_SOURCE_FIELDS: readonly string[] = ['remoteIpBlocks', 'notRemoteIpBlocks', 'requestPrincipals', 'notRequestPrincipals'];
/** `from[].source` fields ztunnel keeps. */
export const L4_SOURCE_FIELDS: readonly string[] = [
  'principals', 'notPrincipals', 'namespaces', 'notNamespaces', 'serviceAccounts', 'notServiceAccounts', 'ipBlocks', 'notIpBlocks',
];
/** `when[].key` values ztunnel keeps (l4WhenAttributes); every other key is HTTP. */
export const L4_WHEN_KEYS: readonly string[] = ['source.ip', 'source.namespace', 'source.principal', 'destination.ip', 'destination.port'];
/** Actions ztunnel enforces; CUSTOM and AUDIT are not sent to it ("ztunnel does not support the %s action"). */
export const ZTUNNEL_ACTIONS: readonly string[] = ['ALLOW', 'DENY'];
/** Valid actions istiod does not send to ztunnel. */
export const NOT_AT_ZTUNNEL: readonly string[] = ['CUSTOM', 'AUDIT'];
/** The only GatewayClass a policy's targetRefs may name (pilot/pkg/model/policyattachment.go, constants.WaypointGatewayClassName). */
export const WAYPOINT_GATEWAY_CLASS = 'istio-waypoint';
/** The label every pod of a Gateway API gateway (waypoints included) carries, with the Gateway's name. */
export const GATEWAY_NAME_LABEL = 'gateway.networking.k8s.io/gateway-name';
/** Istio's dry-run annotation: such a policy is not sent to ztunnel unless a feature flag says so. */
export const DRY_RUN_ANNOTATION = 'istio.io/dry-run';
/** The Gateway annotation naming the waypoint's service account (else the Gateway's name). */
export const GATEWAY_SERVICE_ACCOUNT = 'gateway.istio.io/service-account';
/** istiod's flag that adds an ALLOW for waypoints' identities itself (pilot/pkg/features/ambient.go; default false). */
export const AUTO_ALLOW_WAYPOINT_FLAG = 'PILOT_AUTO_ALLOW_WAYPOINT_POLICY';
