// Sidecar injection: which webhook the API server calls for a pod, and what the injector decides.
//   mesh.ts                   injector webhooks and each revision's injector config (policy, selectors)
//   selector.ts               Kubernetes label selectors, in three values (unknown labels stay unknown)
//   injection.ts              the injection decision for a pod template, in Istio's two gates
//   pod-injection.ts          that decision from the run's facts, cached per template
//   intent.ts                 what the author asks for (labels, annotations, namespace) and opt-outs
//   webhook-overlap.ts        injector webhooks that can match the same pod (istioctl's IST0139)
//   annotation-validation.ts  pod annotations the injector validates before it renders the sidecar
export {};
