// The install: which Istio runs and how it is set up, read from the inputs and the config.
//   istio-version.ts     versions, and what changed between releases
//   version-evidence.ts  where the inputs show a version (images, tags, chart versions, labels)
//   version-facts.ts     the version as a fact: stated, read from the evidence, or unknown
//   install.ts           per revision: CNI, native sidecars, hold, the proxy's lifecycle (mesh config)
//   control-plane.ts     istiod's Services and Deployments, by revision
//   gitops.ts            installs declared through Flux, Argo CD and Sail objects, as values layers
//   gitops-deploys.ts    which chart a GitOps object deploys, with which values
//   install-scope.ts     which install applies to an object (several clusters among the inputs)
//   istio-components.ts  Istio's own workloads (istiod, gateways)
//   cni-install.ts       istio-cni installed beside an istiod that does not use it
export {};
