// The rule registry: every rule meshlint knows, in the order `meshlint rules` lists them.
import type { MeshlintRule } from '../src/engine/rule-api.ts';
import ambientLabelInvalid from './ambient-label-invalid.ts';
import ambientNotCaptured from './ambient-not-captured.ts';
import duplicateKey from './duplicate-key.ts';
import duplicateObject from './duplicate-object.ts';
import injectLabelConflict from './inject-label-conflict.ts';
import injectMisplaced from './inject-misplaced.ts';
import injectValueInvalid from './inject-value-invalid.ts';
import injectionHostNetwork from './injection-host-network.ts';
import injectionIgnoredNamespace from './injection-ignored-namespace.ts';
import injectionRevisionMissing from './injection-revision-missing.ts';
import injectorPolicyInvalid from './injector-policy-invalid.ts';
import parseError from './parse-error.ts';
import unrenderedTemplate from './unrendered-template.ts';
import apiserverNoProxySvc from './apiserver-no-proxy-svc.ts';
import startupOrderHold from './startup-order-hold.ts';
import jobSidecarNeverExits from './job-sidecar-never-exits.ts';
import podSecurityIstioInit from './pod-security-istio-init.ts';
import istiodCniDisabled from './istiod-cni-disabled.ts';
import trafficAnnotationInvalid from './traffic-annotation-invalid.ts';
import proxyConfigInvalid from './proxy-config-invalid.ts';
import meshConfigInvalid from './mesh-config-invalid.ts';
import proxyUidConflict from './proxy-uid-conflict.ts';
import initRerunPrune from './init-rerun-prune.ts';
import initContainerNetwork from './init-container-network.ts';
import autoscalerSafeToEvict from './autoscaler-safe-to-evict.ts';
import annotationDeprecated from './annotation-deprecated.ts';
import ambientSidecarSetting from './ambient-sidecar-setting.ts';
import ambientNetworkPolicy from './ambient-network-policy.ts';
import ambientAuthzPolicy from './ambient-authz-policy.ts';
import unusedDisableDirective from './unused-disable-directive.ts';
import webhookCaBundle from './webhook-ca-bundle.ts';
import webhookOverlap from './webhook-overlap.ts';
import webhookServiceMissing from './webhook-service-missing.ts';
import yamlNonstringValue from './yaml-nonstring-value.ts';
import waypointUnbound from './waypoint-unbound.ts';
import routeWithoutWaypoint from './route-without-waypoint.ts';
import useWaypointNoneService from './use-waypoint-none-service.ts';
import ztunnelCniPodSecurity from './ztunnel-cni-pod-security.ts';
import mtlsStrictUnmeshedClient from './mtls-strict-unmeshed-client.ts';
import policySelectsNoProxy from './policy-selects-no-proxy.ts';
import drTlsModeMismatch from './dr-tls-mode-mismatch.ts';
import peerauthPortNotTargetPort from './peerauth-port-not-target-port.ts';
import authzHttpOnTcpPort from './authz-http-on-tcp-port.ts';
import routeHostUnresolved from './route-host-unresolved.ts';
import drSubsetSelectsNothing from './dr-subset-selects-nothing.ts';
import authzSourceWithoutIdentity from './authz-source-without-identity.ts';
import servicePortProtocolUnknown from './service-port-protocol-unknown.ts';
import policySelectorNoMatch from './policy-selector-no-match.ts';

export const allRules: readonly MeshlintRule[] = [
  parseError,
  unrenderedTemplate,
  duplicateKey,
  duplicateObject,
  yamlNonstringValue,
  injectionHostNetwork,
  injectionIgnoredNamespace,
  injectValueInvalid,
  injectLabelConflict,
  injectMisplaced,
  injectionRevisionMissing,
  injectorPolicyInvalid,
  webhookOverlap,
  webhookCaBundle,
  webhookServiceMissing,
  apiserverNoProxySvc,
  startupOrderHold,
  jobSidecarNeverExits,
  podSecurityIstioInit,
  istiodCniDisabled,
  trafficAnnotationInvalid,
  proxyConfigInvalid,
  meshConfigInvalid,
  proxyUidConflict,
  initContainerNetwork,
  initRerunPrune,
  autoscalerSafeToEvict,
  annotationDeprecated,
  ambientLabelInvalid,
  ambientNotCaptured,
  waypointUnbound,
  routeWithoutWaypoint,
  useWaypointNoneService,
  ambientSidecarSetting,
  ambientNetworkPolicy,
  ambientAuthzPolicy,
  ztunnelCniPodSecurity,
  mtlsStrictUnmeshedClient,
  policySelectsNoProxy,
  drTlsModeMismatch,
  peerauthPortNotTargetPort,
  authzHttpOnTcpPort,
  routeHostUnresolved,
  drSubsetSelectsNothing,
  authzSourceWithoutIdentity,
  servicePortProtocolUnknown,
  policySelectorNoMatch,
  unusedDisableDirective,
];

export const rulesById: ReadonlyMap<string, MeshlintRule> = new Map(allRules.map((r) => [r.name, r]));
