// Pod Security Admission runs after the mutating webhooks, so it judges the pod Istio injected.
// Without Istio CNI that pod carries istio-init, which adds NET_ADMIN and NET_RAW and runs as
// root: a namespace enforcing "baseline" or "restricted" rejects every such pod (Istio #35894).
// With CNI, "restricted" still wants a seccompProfile on istio-validation and istio-proxy, which
// the injection template renders only when global.proxy.seccompProfile is set. TPROXY
// interception and capNetBindService make istio-proxy itself run as root.
// Template: manifests/charts/istio-control/istio-discovery/files/injection-template.yaml.
import { createRule } from '../src/engine/rule-api.ts';
import type { Facts, NamespaceFact } from '../src/model/facts.ts';
import { predictInjection } from '../src/model/injection/injection.ts';
import { namespaceLabelLocation, namespaceOf } from '../src/model/injection/intent.ts';
import { NS_INJECTION_LABEL, REV_LABEL } from '../src/model/injection/mesh.ts';
import {
  cniFor, metadataAnchor, INTERCEPTION_MODE_ANNOTATION, ISTIO_CONTAINER_NAMES, SIDECAR_STATUS_ANNOTATION, type Decided, type Tri,
} from '../src/model/pod/sidecar.ts';
import { ENFORCE_LABEL, enforcedLevel, hasSeccomp, psaViolations, securityOf, type PsaLevel } from '../src/model/pod/pod-security.ts';
import { CAP_NET_BIND_SERVICE_ANNOTATION, initAdmission, injectedUnderPsa, plannedIstioContainer } from '../src/model/pod/admission.ts';
import { asObject, templatePath, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { PathEdit, RelatedLocation, Resource } from '../src/common/types.ts';

export { ENFORCE_LABEL, enforcedLevel, hasSeccomp, psaViolations, securityOf, type PsaLevel, type SecuritySettings } from '../src/model/pod/pod-security.ts';
export { CAP_NET_BIND_SERVICE_ANNOTATION, plannedIstioContainer } from '../src/model/pod/admission.ts';
const validSeccomp = (t: string | undefined): boolean => t === 'RuntimeDefault' || t === 'Localhost';

const isSeccompViolation = (v: string): boolean => v.startsWith('seccompProfile');

/** The app's own containers all carry a seccomp profile: without one the pod fails "restricted" with or without Istio. */
export function appContainersHaveSeccomp(t: PodTemplate): boolean {
  return t.containers
    .filter((c) => c.group !== 'ephemeralContainers' && !ISTIO_CONTAINER_NAMES.has(c.name))
    .every((c) => validSeccomp(securityOf(c.object.securityContext).seccompType));
}

/** The checks a container fails, as the API server names them: the first two, then how many more. */
const describe = (violations: readonly string[]): string =>
  `${violations.slice(0, 2).join('; ')}${violations.length > 2 ? ` and ${violations.length - 2} more` : ''}`;

type MessageIds = 'istioInit' | 'proxyRoot' | 'seccomp' | 'rendered' | 'namespace' | 'addSeccomp';

export default createRule<[], MessageIds>({
  name: 'pod-security-istio-init',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'Injected pods that Pod Security admission rejects: istio-init (no CNI), TPROXY or a missing seccompProfile',
      defaultLevel: 'error',
      precision: 'high',
      category: 'admission',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      istioInit:
        'Pod Security "{{ level }}" in namespace {{ namespace }} rejects this pod: without Istio CNI it gets istio-init ({{ violations }}). Enable Istio CNI, or opt the pod out of injection.',
      proxyRoot:
        '{{ annotation }}: "{{ value }}" makes istio-proxy fail Pod Security "{{ level }}" in namespace {{ namespace }} ({{ violations }}), even with Istio CNI. Remove it, or use a namespace that enforces less.',
      seccomp:
        'Namespace {{ namespace }} enforces Pod Security "restricted", and the injected {{ containers }} get no seccompProfile, so admission rejects the pod. Set seccompProfile.type: RuntimeDefault on the pod.',
      rendered:
        'Namespace {{ namespace }} enforces Pod Security "{{ level }}", and the injected {{ container }} fails it ({{ violations }}), so admission rejects the pod. Re-inject with Istio CNI, or use a namespace that enforces less.',
      namespace:
        'Namespace {{ namespace }} enforces Pod Security "{{ level }}" and injects sidecars ({{ injection }}); without Istio CNI each injected pod gets istio-init and is rejected. Enable Istio CNI, or stop injecting.',
      addSeccomp: 'Add seccompProfile.type: RuntimeDefault to the pod\'s securityContext',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    /** Namespace objects that enforce baseline/restricted, checked at the end if none of their pod templates is among the inputs. */
    const enforcing: { resource: Resource; fact: NamespaceFact; level: PsaLevel }[] = [];
    const namespacesWithTemplates = new Set<string>();
    /** Names in `enforcing`: a set, since a namespace is looked up once per Namespace object. */
    const judged = new Set<string>();

    const enforceRelated = (ns: NamespaceFact, level: PsaLevel): RelatedLocation[] => {
      const loc = namespaceLabelLocation(ns, ENFORCE_LABEL, `namespace ${ns.name} enforces Pod Security "${level}"`);
      return loc ? [loc] : [];
    };
    const cniRelated = (cni: Decided<Tri>): RelatedLocation[] =>
      cni.stated?.target ? [{ target: cni.stated.target, message: `Istio CNI: ${cni.stated.source}` }] : [];

    const checkRendered = (t: PodTemplate, ns: NamespaceFact, level: PsaLevel): void => {
      const pod = securityOf(t.spec.securityContext);
      const appSeccomp = appContainersHaveSeccomp(t);
      for (const c of t.containers) {
        if (c.group === 'ephemeralContainers' || !ISTIO_CONTAINER_NAMES.has(c.name)) continue;
        // A missing seccompProfile is Istio's doing only when the app's own containers have one.
        const violations = psaViolations(level, securityOf(c.object.securityContext), pod).filter((v) => appSeccomp || !isSeccompViolation(v));
        if (violations.length === 0) continue;
        reportRendered(t, c, ns, level, violations);
      }
    };
    const reportRendered = (t: PodTemplate, c: Container, ns: NamespaceFact, level: PsaLevel, violations: string[]): void => {
      context.report({
        target: { resource: t.resource, path: c.path },
        messageId: 'rendered',
        data: {
          namespace: ns.name, level, container: c.name, violations: describe(violations),
          restrictedHint: level === 'restricted' ? ', with a pod-level seccompProfile' : '',
        },
        related: enforceRelated(ns, level),
      });
    };

    return {
      Namespace(r) {
        const fact = facts.namespaces.get(r.name);
        // Defined more than once with different labels: the facts leave it unknown. Defined
        // twice alike: judged once.
        if (fact?.origin !== 'input' || judged.has(r.name)) return;
        const level = enforcedLevel(fact.labels);
        if (!level) return;
        judged.add(r.name);
        enforcing.push({ resource: r, fact, level });
      },
      PodTemplate(t) {
        if (t.resource.namespace !== undefined) namespacesWithTemplates.add(t.resource.namespace);
        const ns = namespaceOf(t, facts);
        if (!ns) return;
        const level = enforcedLevel(ns.labels);
        if (!level) return;
        if (Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION)) {
          // Already injected: what the manifest holds is what admission sees.
          checkRendered(t, ns, level);
          return;
        }
        const injected = injectedUnderPsa(t, facts);
        if (!injected) return;
        const { plan, mode, opts, pod } = injected;
        const proxySeccomp = plan.install.proxySeccompProfile;
        const related = enforceRelated(ns, level);
        const common = { namespace: ns.name, level };

        // The init container: none with interceptionMode NONE; istio-init without CNI, istio-validation with it.
        const init = initAdmission(injected);
        const initReported = mode !== 'NONE' && plan.cni.value !== true;
        if (init.outcome === 'unknown') {
          // Rejected without CNI, admitted with it: which one the mesh uses is not among the inputs.
          context.unknown('mesh-cni', t.resource, `Pod Security in namespace ${ns.name}`);
        } else if (init.outcome === 'rejected') {
          context.report({
            target: { resource: t.resource, path: metadataAnchor(t) },
            messageId: 'istioInit',
            data: { ...common, violations: describe(init.violations) },
            related: [...related, ...cniRelated(plan.cni)],
          });
        }

        // istio-proxy itself runs as root with TPROXY (and NET_ADMIN) or capNetBindService.
        if (opts.tproxy || opts.capNetBindService) {
          const violations = psaViolations(level, plannedIstioContainer('istio-proxy', opts), pod).filter((v) => !isSeccompViolation(v));
          if (violations.length) {
            const annotation = opts.tproxy ? INTERCEPTION_MODE_ANNOTATION : CAP_NET_BIND_SERVICE_ANNOTATION;
            context.report({
              target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', annotation) },
              messageId: 'proxyRoot',
              data: { ...common, annotation, value: opts.tproxy ? 'TPROXY' : 'true', violations: describe(violations) },
              related,
            });
          }
        }

        // "restricted" with CNI (or no init container): the injected containers need a seccomp profile.
        if (level !== 'restricted' || initReported || hasSeccomp(plannedIstioContainer('istio-proxy', opts), pod)) return;
        if (!appContainersHaveSeccomp(t)) return;
        const containers = mode === 'NONE' ? 'istio-proxy' : 'istio-validation and istio-proxy';
        const scPath = templatePath(t, 'spec', 'securityContext');
        const sc = asObject(t.spec.securityContext);
        const suggest: { messageId: 'addSeccomp'; edits: PathEdit[] }[] =
          sc && Object.keys(sc).length > 0 && !Object.hasOwn(sc, 'seccompProfile')
            ? [{ messageId: 'addSeccomp', edits: [{ op: 'insert', path: scPath, key: 'seccompProfile', value: { type: 'RuntimeDefault' } }] }]
            : [];
        context.report({
          target: { resource: t.resource, path: sc ? scPath : templatePath(t, 'spec') },
          messageId: 'seccomp',
          ...(proxySeccomp ? {} : { severity: 'warn' as const }),
          data: { ...common, containers },
          related: proxySeccomp?.target
            ? [...related, { target: proxySeccomp.target, message: proxySeccomp.value === true ? `${proxySeccomp.source}: read from Istio 1.28 only` : proxySeccomp.source }]
            : related,
          suggest,
        });
      },
      'Program:exit'() {
        for (const { resource, fact, level } of enforcing) {
          // Its workloads among the inputs were judged one by one.
          if (namespacesWithTemplates.has(fact.name)) continue;
          const finding = namespaceFinding(fact, facts);
          if (!finding) continue;
          if (finding.cni.value === 'unknown') {
            context.unknown('mesh-cni', resource, `Pod Security in namespace ${fact.name}`);
            continue;
          }
          context.report({
            target: { resource, path: ['metadata', 'labels', ENFORCE_LABEL] },
            messageId: 'namespace',
            data: { namespace: fact.name, level, injection: finding.injection },
            related: [...finding.related, ...cniRelated(finding.cni)],
          });
        }
      },
    };
  },
});

/**
 * Whether a plain pod (no labels or annotations) in this namespace is injected by a revision
 * whose CNI is not known to be on: the namespace-wide case, for a Namespace without workloads.
 */
export function namespaceFinding(ns: NamespaceFact, facts: Facts): { cni: Decided<Tri>; injection: string; related: RelatedLocation[] } | undefined {
  const prediction = predictInjection({
    pod: { hostNetwork: false, namespace: ns.name, labels: {}, annotations: {} },
    namespaceLabels: { known: ns.labels, complete: true },
    namespaceKnown: true,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version,
  });
  if (prediction.outcome !== 'injected' || !prediction.via) return undefined;
  const cni = cniFor(facts.mesh.installFor(prediction.via.revision));
  if (cni.value === true) return undefined;
  const key = ns.labels[NS_INJECTION_LABEL] !== undefined ? NS_INJECTION_LABEL : ns.labels[REV_LABEL] !== undefined ? REV_LABEL : undefined;
  const injection = key ? `${key}=${ns.labels[key]}` : `injector webhook ${prediction.via.name}`;
  const loc = key ? namespaceLabelLocation(ns, key, `namespace ${ns.name}: ${key}=${ns.labels[key]}`) : undefined;
  return { cni, injection, related: loc ? [loc] : [] };
}
