// The pod at start-up: what the injected pod looks like and whether it starts.
//   sidecar.ts            the sidecar the template adds: native or classic, held or not, init container
//   init-network.ts       whether a container connects out of the pod when it runs
//   admission.ts          what Pod Security admission does with the injected init container
//   pod-security.ts       Pod Security Standards: the level a namespace enforces, the checks a pod fails
//   proxy-config.ts       proxy.istio.io/config and MeshConfig as istiod reads them
//     proxy-config-schema.ts      their schema (data/mesh-config-schema.json) and jsonpb's type checks
//     proxy-config-validation.ts  Istio's validation of their values
//   no-proxy.ts           whether a Go program's HTTPS request goes through a proxy (NO_PROXY)
//   container-removal.ts  node maintenance commands that remove containers
export {};
