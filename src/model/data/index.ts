// Tables of facts, as data (each with its evidence); the code elsewhere reads their fields.
//   workload-kinds.ts         the workload kinds: where pod templates live, how pods end
//   deprecated-names.ts       (deprecated-names.json) annotations and labels a release deprecated
//   network-clients.ts        programs whose run opens a TCP connection out of the pod
//   ambient-authz.ts          how istiod converts an AuthorizationPolicy for ztunnel (L4 only)
//   ambient-ignored.json      pod annotations ztunnel ignores
//   istio-distributions.json  Istio's images and charts, and the Istio each vendor release runs
//   mesh-config-schema.json   MeshConfig and ProxyConfig fields (scripts/gen-mesh-schema.ts)
export {};
