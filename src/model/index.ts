// The model: what Kubernetes and Istio do with the parsed inputs, as pure functions (no I/O, no
// config file, no rule). facts.ts is the facts pass (every input → namespaces, the mesh install,
// the Istio version, with their origin and the notes where inputs and config disagree); the
// folders hold the facts it reads, by concern:
//   install/    versions, revisions, the control plane, mesh config, GitOps sources, install scope
//   injection/  injector webhooks, label selectors, the injection decision, the author's intent
//   pod/        the pod at start-up: sidecar mode, init network, admission, Pod Security, proxy config, container removal
//   ambient/    ambient capture, waypoints, ambient policies
//   data/       tables: Istio fields and names, workload kinds, deprecated names, network clients
// Beside them: workload.ts (pod templates of every kind), place.ts (file:line of a fact),
// placeholder.ts (values a tool fills in later), hidden-values.ts (values read from Secrets, never
// printed), text-search.ts and edit-distance.ts (text scans).
export {};
