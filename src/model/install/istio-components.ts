// Istio's own workloads, as its install renders them: istiod, and gateways. Their pods carry
// `istio.io/rev` to say which revision they belong to, not to ask a namespace's injector for
// a sidecar: istiod's Service selects its pods by it, istiod's and the legacy gateways' pods
// run their own proxy and opt out of injection, and a gateway chart's pod is injected with
// the gateway template of the revision it names. Told apart by the labels the charts write:
//  - istiod: `app: istiod`, `istio: pilot` (`istiod` for a revision), `operator.istio.io/component: Pilot`
//    (manifests/charts/istio-control/istio-discovery/templates/deployment.yaml);
//  - legacy gateways: `istio: ingressgateway|egressgateway`, `operator.istio.io/component:
//    IngressGateways|EgressGateways` (manifests/charts/gateways/istio-{ingress,egress}/templates/deployment.yaml);
//  - the gateway chart: `inject.istio.io/templates: gateway`, `istio: <name>`
//    (manifests/charts/gateway/templates/deployment.yaml).
import { TEMPLATES_ANNOTATION } from '../pod/sidecar.ts';
import { labelString, type PodTemplate } from '../workload.ts';

export type IstioComponent = 'istiod' | 'gateway';

const COMPONENT_LABEL = 'operator.istio.io/component';
const ISTIOD_COMPONENTS: ReadonlySet<string> = new Set(['Pilot']);
const GATEWAY_COMPONENTS: ReadonlySet<string> = new Set(['IngressGateways', 'EgressGateways']);
const ISTIOD_ISTIO_LABELS: ReadonlySet<string> = new Set(['pilot', 'istiod']);
const GATEWAY_ISTIO_LABELS: ReadonlySet<string> = new Set(['ingressgateway', 'egressgateway', 'eastwestgateway']);

/** Which of Istio's own workloads a pod template is, by the labels its install writes; undefined for any other workload. */
export function istioComponentOf(t: PodTemplate): IstioComponent | undefined {
  const label = (key: string): string | undefined => labelString(t.labels[key]);
  const component = label(COMPONENT_LABEL);
  const istio = label('istio');
  if (label('app') === 'istiod' || (component !== undefined && ISTIOD_COMPONENTS.has(component)) || (istio !== undefined && ISTIOD_ISTIO_LABELS.has(istio))) return 'istiod';
  if ((component !== undefined && GATEWAY_COMPONENTS.has(component)) || (istio !== undefined && GATEWAY_ISTIO_LABELS.has(istio))) return 'gateway';
  const templates = labelString(t.annotations[TEMPLATES_ANNOTATION]);
  if (templates !== undefined && templates.split(',').some((s) => s.trim() === 'gateway')) return 'gateway';
  return undefined;
}
