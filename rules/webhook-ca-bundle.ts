// An empty caBundle is normal in rendered Istio charts: istiod's webhook patcher fills it
// at run time, but only for configurations labelled istio.io/rev with istiod's revision,
// for webhooks whose name ends in sidecar-injector.istio.io, reached through a service
// (pkg/webhooks/webhookpatch.go). Outside those conditions nobody fills it, and every pod
// creation fails with "x509: certificate signed by unknown authority".
import { createRule } from '../src/engine/rule-api.ts';
import { REV_LABEL, WEBHOOK_SUFFIX, isInjectorConfig, webhooksOf } from '../src/model/injection/mesh.ts';

export default createRule({
  name: 'webhook-ca-bundle',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injector webhooks with an empty caBundle that istiod will not fill in',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
      modelledVersionsOnly: true,
    },
    messages: {
      unpatched:
        'This webhook has no caBundle, and istiod will not fill it in: {{ reason }}. Pod creation fails. Set caBundle, or use cert-manager.io/inject-ca-from.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r) {
        if (!isInjectorConfig(r)) return;
        for (const w of webhooksOf(r)) {
          if ((w.caBundle !== undefined && w.caBundle !== '') || w.caInjected || w.index === undefined) continue;
          // clientConfig.url alone is not a reason: the patcher does not look at clientConfig, and an
          // external istiod patches remote clusters' configurations (features.ExternalIstiod).
          const noLabel = w.revLabel === undefined;
          const badName = !w.name.endsWith(WEBHOOK_SUFFIX);
          if (!noLabel && !badName) continue;
          const reason = noLabel && badName
            ? `it lacks ${REV_LABEL} and the suffix ${WEBHOOK_SUFFIX}`
            : noLabel ? `its configuration has no ${REV_LABEL} label` : `its name does not end in ${WEBHOOK_SUFFIX}`;
          context.report({
            target: { resource: r, path: ['webhooks', w.index, 'clientConfig'] },
            messageId: 'unpatched',
            data: { reason },
          });
        }
      },
    };
  },
});
