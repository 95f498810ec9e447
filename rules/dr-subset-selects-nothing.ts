// A DestinationRule subset's endpoints are its host Service's endpoints whose labels include every
// subset label (pilot/pkg/xds/endpoints/endpoint_builder.go, subsetLabels.SubsetOf). A subset
// that no pod of the Service carries has no endpoints: a route to it answers 503 "no healthy
// upstream" (live, istioctl analyze says IST0173). Judged where the Service's pods are among the
// inputs: a subset none of them matches, when another subset (or the Service itself) does.
import { createRule } from '../src/engine/rule-api.ts';
import { asObject, describeResource, getIn, labelRecord } from '../src/model/workload.ts';
import { TrafficInputs } from '../src/model/traffic/inputs.ts';

const MAX_SUBSETS = 100;

export default createRule({
  name: 'dr-subset-selects-nothing',
  meta: {
    type: 'problem',
    docs: {
      description: 'DestinationRule subsets whose labels no pod of the host Service carries: routes to them answer 503',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'traffic',
      dataPlane: 'both',
      istioVersions: '>= 1.18',
      modelledVersionsOnly: true,
    },
    messages: {
      noPod: 'Subset {{ subset }} selects no pod of {{ service }} ({{ labels }}; its pods carry {{ seen }}): a route to it answers 503. Fix the labels, or deploy that version.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const inputs = TrafficInputs.of(context);
    return {
      ...inputs.gather(),
      'Program:exit'() {
        for (const dr of inputs.destinationRules) {
          const service = inputs.serviceOfRule(dr);
          if (!service) continue;
          const backing = inputs.podsOf(service);
          // No pod of the Service among the inputs: they are deployed from elsewhere.
          if (backing.length === 0) continue;
          const subsets = Array.isArray(getIn(dr.object, ['spec', 'subsets'])) ? (getIn(dr.object, ['spec', 'subsets']) as unknown[]).slice(0, MAX_SUBSETS) : [];
          for (const [i, raw] of subsets.entries()) {
            const subset = asObject(raw);
            const labels = subset && asObject(subset.labels);
            if (!subset || !labels || Object.keys(labels).length === 0) continue;
            const want = labelRecord(labels);
            if (backing.some((p) => Object.entries(want).every(([k, v]) => p.labels[k] === v))) continue;
            const keys = Object.keys(want);
            const seen = [...new Set(backing.flatMap((p) => keys.filter((k) => p.labels[k] !== undefined).map((k) => `${k}=${p.labels[k]}`)))];
            context.report({
              target: { resource: dr, path: ['spec', 'subsets', i, 'labels'] },
              messageId: 'noPod',
              data: {
                subset: typeof subset.name === 'string' ? subset.name : String(i),
                service: `Service ${service.namespace}/${service.name}`,
                labels: Object.entries(want).map(([k, v]) => `${k}=${v}`).join(', '),
                seen: seen.length > 0 ? seen.slice(0, 4).join(', ') : `no ${keys.join(', ')} label`,
              },
              related: backing.slice(0, 5).map((p) => ({ target: { resource: p.t.resource, path: ['metadata', 'name'] }, message: `${describeResource(p.t.resource)}: a pod of ${service.name}` })),
            });
          }
        }
      },
    };
  },
});
