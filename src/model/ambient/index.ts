// Ambient mode: whether ztunnel captures a pod, which waypoint serves it, what policies it meets.
//   capture.ts         whether istio-cni captures a pod, in Istio's order of checks
//   install.ts         what the install says of capture (istio-cni's exclusions, enablement selectors)
//   labels.ts          ambient's labels as data: where Istio reads each one, the values it matches
//   settings.ts        pod annotations that mean nothing under ztunnel
//   waypoint.ts        which waypoint istio.io/use-waypoint names, and whether it binds
//   network-policy.ts  Kubernetes NetworkPolicy: which peers and ports a policy admits
export {};
