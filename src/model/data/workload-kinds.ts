// The workload kinds meshlint reads: for each kind (API group + kind), where its pod templates
// live, where each pod's labels and annotations come from, whether its pods are meant to finish,
// and how the kind's own controller ends a classic sidecar when it does. Every rule reads pod
// templates through this table (src/model/workload.ts builds them); the README lists it.
//
// Paths are inside the object. EACH stands for the index of an item of `each` (a list of
// templates, such as an Argo Workflow's spec.templates).

export const EACH = '[*]';
export type KindPath = readonly string[];
export type ContainerGroup = 'containers' | 'initContainers' | 'ephemeralContainers';

/** An object holding `labels` and/or `annotations` that end up on the pod. */
export interface MetaSource {
  readonly at: KindPath;
  /** Which of the two maps the controller copies to the pod (both when not said). */
  readonly labels?: boolean;
  readonly annotations?: boolean;
  /** The part of the object this source applies to, when wider than the template (Argo's spec.podMetadata: every step). */
  readonly scope?: KindPath;
}

/** An object holding pod-level fields (hostNetwork, securityContext, volumes, …). */
export interface SpecSource {
  readonly at: KindPath;
  /** Only these fields are pod-level here (the rest of the object is something else). */
  readonly fields?: readonly string[];
}

export interface ContainerSource {
  readonly at: KindPath;
  readonly group: ContainerGroup;
  /** The object at `at` is one container (not a list), named so in the pod. */
  readonly single?: string;
  /** The controller prefixes each container's name (Tekton: step-, sidecar-). */
  readonly prefix?: string;
}

export interface TemplateShape {
  /** Which pod of the object this is ("driver", "executor", "predictor"; Argo: the template's name). */
  readonly role?: string;
  /** Where the template is: the object that holds it, for locating and naming it. */
  readonly at: KindPath;
  /** A list whose items are each a template (bounded). */
  readonly each?: KindPath;
  /** An item makes a pod only when it has one of these keys (Argo: container, script, …). */
  readonly podIf?: readonly string[];
  /** Highest precedence first; the first is where a new label or annotation goes. */
  readonly metadata: readonly MetaSource[];
  /** Highest precedence first. */
  readonly spec: readonly SpecSource[];
  readonly containers: readonly ContainerSource[];
  /** The controller adds the app container itself (Spark's driver, KServe's kserve-container, Argo's wait). */
  readonly addsApp?: boolean;
  /** Overrides the kind's `sidecarExit` for this pod. */
  readonly sidecarExit?: SidecarExit;
}

/**
 * How the kind's controller ends a classic sidecar once the app is done, when it does:
 * - `controller`: always (Tekton patches every running non-step container to a no-op image);
 * - `deleted`: the pod is deleted when the work ends (Spark's executors, by the driver);
 * - `kill-command`: it runs a command in each running container (Argo: `kill -15 1` through
 *   /bin/sh, which a distroless proxy image lacks); `annotation` overrides that command.
 */
export type SidecarExit =
  | { readonly by: 'controller' | 'deleted'; readonly how: string }
  | { readonly by: 'kill-command'; readonly how: string; readonly annotation: string };

export interface WorkloadKind {
  /** API group: '' for the core group. */
  readonly group: string;
  readonly kind: string;
  /** Who defines it, for the README. */
  readonly project: string;
  /** Its pods are meant to finish. `whenRestartPolicy`: only when spec.restartPolicy is one of these (a bare Pod). */
  readonly batch: boolean | { readonly whenRestartPolicy: readonly string[] };
  /** What a classic sidecar that never exits does to it, in a few words ("the Job never completes"). */
  readonly stuck?: string;
  readonly sidecarExit?: SidecarExit;
  /** The controller starts the app only once the pod's sidecars are ready (Tekton's await-sidecar-readiness). */
  readonly waitsForSidecars?: boolean;
  /** Matched by kind whatever its apiVersion says (the built-ins, written with old or odd groups). */
  readonly anyGroup?: boolean;
  readonly templates: readonly TemplateShape[];
}

const POD_LIST_CONTAINERS = (spec: KindPath): ContainerSource[] => [
  { at: [...spec, 'initContainers'], group: 'initContainers' },
  { at: [...spec, 'containers'], group: 'containers' },
  { at: [...spec, 'ephemeralContainers'], group: 'ephemeralContainers' },
];

/** A corev1.PodTemplateSpec (metadata + spec) at `at`; [] is a Pod itself. */
export function podTemplateSpec(at: KindPath, role?: string): TemplateShape {
  return {
    ...(role ? { role } : {}),
    at,
    metadata: [{ at: [...at, 'metadata'] }],
    spec: [{ at: [...at, 'spec'] }],
    containers: POD_LIST_CONTAINERS([...at, 'spec']),
  };
}

/** Pod-level fields of a PodSpec written inline next to other fields (KServe components, Tekton's podTemplate). */
const POD_FIELDS = [
  'hostNetwork', 'hostPID', 'hostIPC', 'securityContext', 'volumes', 'nodeSelector', 'tolerations', 'affinity',
  'serviceAccountName', 'serviceAccount', 'automountServiceAccountToken', 'dnsPolicy', 'dnsConfig', 'hostAliases',
  'priorityClassName', 'schedulerName', 'runtimeClassName', 'shareProcessNamespace', 'restartPolicy',
  'terminationGracePeriodSeconds', 'imagePullSecrets',
] as const;

/** The pod-level fields of an Argo WorkflowSpec and Template (workflow_types.go). */
const ARGO_POD_FIELDS = [
  'hostNetwork', 'securityContext', 'volumes', 'nodeSelector', 'tolerations', 'affinity', 'serviceAccountName',
  'automountServiceAccountToken', 'dnsPolicy', 'dnsConfig', 'hostAliases', 'priorityClassName', 'schedulerName',
  'imagePullSecrets',
] as const;

/**
 * The step pods of an Argo WorkflowSpec at `base`: one per template of a pod type. Labels and
 * annotations: spec.podMetadata first, templateDefaults.metadata over it, the template's own
 * metadata last (workflow/controller/workflowpod.go, addMetadata). `templates[].annotations` is
 * not pod metadata.
 */
function argoWorkflowSpec(base: KindPath): TemplateShape {
  const t = [...base, 'templates', EACH];
  return {
    at: t,
    each: [...base, 'templates'],
    podIf: ['container', 'script', 'containerSet', 'resource', 'data'],
    metadata: [
      { at: [...t, 'metadata'] },
      { at: [...base, 'templateDefaults', 'metadata'], scope: base },
      { at: [...base, 'podMetadata'], scope: base },
    ],
    spec: [
      { at: t, fields: ARGO_POD_FIELDS },
      { at: [...base, 'templateDefaults'], fields: ARGO_POD_FIELDS },
      { at: base, fields: ARGO_POD_FIELDS },
    ],
    containers: [
      { at: [...t, 'initContainers'], group: 'initContainers' },
      { at: [...t, 'container'], group: 'containers', single: 'main' },
      { at: [...t, 'script'], group: 'containers', single: 'main' },
      { at: [...t, 'containerSet', 'containers'], group: 'containers' },
      { at: [...t, 'sidecars'], group: 'containers' },
    ],
    // Argo adds its `wait` container (and `main` for resource and data templates).
    addsApp: true,
  };
}

const ARGO_EXIT: SidecarExit = {
  by: 'kill-command',
  how: 'Argo kills the sidecar through /bin/sh, which a distroless proxy image lacks (`workflows.argoproj.io/kill-cmd-istio-proxy` replaces the command)',
  annotation: 'workflows.argoproj.io/kill-cmd-istio-proxy',
};

const SPARK_POD_FIELDS = ['hostNetwork', 'nodeSelector', 'tolerations', 'affinity', 'schedulerName', 'shareProcessNamespace', 'dnsConfig', 'hostAliases'] as const;

/**
 * The driver and executor pods of a SparkApplicationSpec at `base`. Labels and annotations:
 * spec.{driver,executor}.{labels,annotations} over the role's pod template; the application's
 * metadata.labels go to both pods (submission.go). SparkPodSpec.securityContext is a container's.
 */
function sparkPods(base: KindPath, appLabels: boolean): TemplateShape[] {
  return (['driver', 'executor'] as const).map((role) => {
    const at = [...base, role];
    return {
      role,
      at,
      metadata: [
        { at },
        { at: [...at, 'template', 'metadata'] },
        ...(appLabels ? [{ at: ['metadata'], annotations: false, scope: [] }] : []),
      ],
      spec: [{ at, fields: SPARK_POD_FIELDS }, { at: [...at, 'template', 'spec'] }],
      containers: [
        { at: [...at, 'initContainers'], group: 'initContainers' },
        { at: [...at, 'sidecars'], group: 'containers' },
        ...POD_LIST_CONTAINERS([...at, 'template', 'spec']),
      ],
      addsApp: true,
      // The driver deletes its executors when the application ends.
      ...(role === 'executor' ? { sidecarExit: { by: 'deleted', how: 'the driver deletes its executor pods when the application ends' } as const } : {}),
    };
  });
}

/**
 * A KServe InferenceService component: a PodSpec written inline in spec.<component> beside its
 * own labels and annotations, over those of the InferenceService (the component's win).
 */
function kserveComponent(component: string): TemplateShape {
  const at = ['spec', component];
  return {
    role: component,
    at,
    metadata: [{ at }, { at: ['metadata'], scope: [] }],
    spec: [{ at, fields: POD_FIELDS }],
    containers: [
      { at: [...at, 'initContainers'], group: 'initContainers' },
      { at: [...at, 'containers'], group: 'containers' },
    ],
    // A model framework (spec.predictor.model, .sklearn, …) becomes kserve-container.
    addsApp: true,
  };
}

/** Tekton's steps and sidecars of a TaskSpec at `spec`, named step-<name> and sidecar-<name> in the pod. */
const TEKTON_CONTAINERS = (spec: KindPath): ContainerSource[] => [
  { at: [...spec, 'steps'], group: 'containers', prefix: 'step-' },
  { at: [...spec, 'sidecars'], group: 'containers', prefix: 'sidecar-' },
];

const TEKTON_EXIT: SidecarExit = {
  by: 'controller',
  how: 'Tekton stops the sidecars itself (injected ones too) when the TaskRun is done',
};

/** The embedded tasks of a PipelineSpec at `base` (tasks and finally): taskSpec.metadata over the run's own. */
function tektonPipelineTasks(base: KindPath): TemplateShape[] {
  return (['tasks', 'finally'] as const).map((list) => {
    const spec = [...base, list, EACH, 'taskSpec'];
    return {
      at: spec,
      each: [...base, list],
      podIf: ['taskSpec'],
      metadata: [{ at: [...spec, 'metadata'] }, { at: ['metadata'], scope: [] }],
      spec: [],
      containers: TEKTON_CONTAINERS(spec),
    };
  });
}

const BUILT_IN = (group: string, kind: string, templates: TemplateShape[], batch: WorkloadKind['batch'] = false, stuck?: string): WorkloadKind => ({
  group, kind, project: 'Kubernetes', batch, anyGroup: true, templates, ...(stuck ? { stuck } : {}),
});

export const WORKLOAD_KINDS: readonly WorkloadKind[] = [
  BUILT_IN('', 'Pod', [podTemplateSpec([])], { whenRestartPolicy: ['Never', 'OnFailure'] }, 'the pod never completes'),
  BUILT_IN('apps', 'Deployment', [podTemplateSpec(['spec', 'template'])]),
  BUILT_IN('apps', 'StatefulSet', [podTemplateSpec(['spec', 'template'])]),
  BUILT_IN('apps', 'DaemonSet', [podTemplateSpec(['spec', 'template'])]),
  BUILT_IN('apps', 'ReplicaSet', [podTemplateSpec(['spec', 'template'])]),
  BUILT_IN('', 'ReplicationController', [podTemplateSpec(['spec', 'template'])]),
  BUILT_IN('batch', 'Job', [podTemplateSpec(['spec', 'template'])], true, 'the Job never completes'),
  BUILT_IN('batch', 'CronJob', [podTemplateSpec(['spec', 'jobTemplate', 'spec', 'template'])], true, 'the CronJob never completes'),
  BUILT_IN('', 'PodTemplate', [podTemplateSpec(['template'])]),
  { group: 'argoproj.io', kind: 'Rollout', project: 'Argo Rollouts', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  { group: 'serving.knative.dev', kind: 'Service', project: 'Knative Serving', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  { group: 'serving.knative.dev', kind: 'Configuration', project: 'Knative Serving', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  // A Revision's spec is the pod spec; its own metadata goes to its pods.
  {
    group: 'serving.knative.dev', kind: 'Revision', project: 'Knative Serving', batch: false,
    templates: [{ at: [], metadata: [{ at: ['metadata'] }], spec: [{ at: ['spec'] }], containers: POD_LIST_CONTAINERS(['spec']) }],
  },
  { group: 'apps.kruise.io', kind: 'CloneSet', project: 'OpenKruise', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  { group: 'apps.kruise.io', kind: 'StatefulSet', project: 'OpenKruise (Advanced StatefulSet)', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  { group: 'apps.kruise.io', kind: 'DaemonSet', project: 'OpenKruise (Advanced DaemonSet)', batch: false, templates: [podTemplateSpec(['spec', 'template'])] },
  {
    group: 'serving.kserve.io', kind: 'InferenceService', project: 'KServe', batch: false,
    templates: [kserveComponent('predictor'), kserveComponent('transformer'), kserveComponent('explainer')],
  },
  // The notebook controller copies the Notebook's labels (not its annotations) to the pod; spec.template has no metadata it reads.
  {
    group: 'kubeflow.org', kind: 'Notebook', project: 'Kubeflow Notebooks', batch: false,
    templates: [{ at: ['spec', 'template'], metadata: [{ at: ['metadata'], annotations: false }], spec: [{ at: ['spec', 'template', 'spec'] }], containers: POD_LIST_CONTAINERS(['spec', 'template', 'spec']) }],
  },
  ...(['Workflow', 'WorkflowTemplate', 'ClusterWorkflowTemplate', 'CronWorkflow'] as const).map((kind): WorkloadKind => ({
    group: 'argoproj.io', kind, project: 'Argo Workflows', batch: true, stuck: 'the step never completes', sidecarExit: ARGO_EXIT,
    templates: [argoWorkflowSpec(kind === 'CronWorkflow' ? ['spec', 'workflowSpec'] : ['spec'])],
  })),
  {
    group: 'keda.sh', kind: 'ScaledJob', project: 'KEDA', batch: true,
    stuck: 'its Jobs never complete and fill maxReplicaCount',
    templates: [podTemplateSpec(['spec', 'jobTargetRef', 'template'])],
  },
  {
    group: 'sparkoperator.k8s.io', kind: 'SparkApplication', project: 'Spark operator', batch: true,
    stuck: 'the driver pod never completes',
    templates: sparkPods(['spec'], true),
  },
  {
    group: 'sparkoperator.k8s.io', kind: 'ScheduledSparkApplication', project: 'Spark operator', batch: true,
    stuck: 'its driver pods never complete',
    templates: sparkPods(['spec', 'template'], false),
  },
  {
    group: 'tekton.dev', kind: 'TaskRun', project: 'Tekton', batch: true, sidecarExit: TEKTON_EXIT, waitsForSidecars: true,
    templates: [{ at: ['spec', 'taskSpec'], metadata: [{ at: ['metadata'] }], spec: [{ at: ['spec', 'podTemplate'], fields: POD_FIELDS }], containers: TEKTON_CONTAINERS(['spec', 'taskSpec']) }],
  },
  {
    group: 'tekton.dev', kind: 'Task', project: 'Tekton', batch: true, sidecarExit: TEKTON_EXIT, waitsForSidecars: true,
    templates: [{ at: ['spec'], metadata: [{ at: ['metadata'] }], spec: [], containers: TEKTON_CONTAINERS(['spec']) }],
  },
  { group: 'tekton.dev', kind: 'Pipeline', project: 'Tekton', batch: true, sidecarExit: TEKTON_EXIT, waitsForSidecars: true, templates: tektonPipelineTasks(['spec']) },
  { group: 'tekton.dev', kind: 'PipelineRun', project: 'Tekton', batch: true, sidecarExit: TEKTON_EXIT, waitsForSidecars: true, templates: tektonPipelineTasks(['spec', 'pipelineSpec']) },
];

/** Any other kind with a pod template at spec.template (with spec.containers): operators' own CRs. */
export const GENERIC_KIND: WorkloadKind = { group: '*', kind: '*', project: 'any other kind', batch: false, templates: [podTemplateSpec(['spec', 'template'])] };

const byGroupKind = new Map(WORKLOAD_KINDS.map((k) => [`${k.group}/${k.kind}`, k]));
const byKind = new Map(WORKLOAD_KINDS.filter((k) => k.anyGroup).map((k) => [k.kind, k]));

/** The API group of an apiVersion: "apps/v1" → "apps", "v1" → "". */
export const groupOf = (apiVersion: string): string => {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
};

/** The table's entry for a kind, or undefined (then only the generic spec.template shape applies). */
export function workloadKind(apiVersion: string, kind: string): WorkloadKind | undefined {
  return byGroupKind.get(`${groupOf(apiVersion)}/${kind}`) ?? byKind.get(kind);
}

const shown = (p: KindPath): string => (p.length === 0 ? 'the object itself' : `\`${p.join('.').replaceAll(`.${EACH}`, '[]')}\``);

function kindRow(k: WorkloadKind): string {
  const where = k.templates.map((s) => shown(s.at)).join(', ');
  const batch = k.batch === true ? 'yes' : k.batch === false ? 'no' : `with \`restartPolicy\` ${k.batch.whenRestartPolicy.join(' or ')}`;
  const exit = k.sidecarExit ? `; ${k.sidecarExit.how}` : '';
  return `| ${k.kind} | ${k.group === '*' ? 'any' : k.group === '' ? 'core' : `\`${k.group}\``} | ${k.project} | ${where} | ${batch}${exit} |`;
}

/** The table as the README shows it (a test checks that it does). */
export function kindsTable(): string {
  return ['| kind | API group | from | pod templates | pods finish |', '| --- | --- | --- | --- | --- |', ...WORKLOAD_KINDS.map(kindRow), kindRow(GENERIC_KIND)].join('\n');
}
