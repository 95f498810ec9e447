// The injector ConfigMap's `policy` must be exactly "enabled" or "disabled". Any other
// value, including a missing or empty one, makes istiod log "Illegal value for autoInject"
// and inject nothing at all (pkg/kube/inject/inject.go). A `config` that istiod cannot
// load stops the injector from starting (pkg/kube/inject/webhook.go).
import { createRule } from '../src/engine/rule-api.ts';
import { injectorConfigOf, isInjectorConfigMap } from '../src/model/injection/mesh.ts';
import { isPlaceholder } from '../src/model/placeholder.ts';

export default createRule({
  name: 'injector-policy-invalid',
  meta: {
    type: 'problem',
    docs: {
      description: 'Injector ConfigMaps whose policy is not exactly "enabled" or "disabled", or whose config istiod cannot load',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'injection',
      dataPlane: 'sidecar',
      istioVersions: 'all',
    },
    messages: {
      policy:
        'The injector policy is {{ value }}: only "enabled" and "disabled" work, so istiod injects no pod at all. Set policy: enabled, or disabled.',
      config: 'istiod cannot start the sidecar injector: {{ problem }}.',
      tooComplex:
        'The injector ConfigMap\'s {{ key }} is too deeply nested or too large to check: it is {{ problem }}, so meshlint skips it{{ consequence }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r) {
        if (!isInjectorConfigMap(r)) return;
        const c = injectorConfigOf(r);
        for (const t of c.tooComplex ?? []) {
          context.report({
            target: { resource: r, path: ['data', t.key] },
            messageId: 'tooComplex',
            severity: 'warn',
            data: { key: t.key, problem: t.problem, consequence: t.key === 'config' ? '; its policy and selectors count as unknown' : '' },
          });
        }
        if (c.tooComplex?.some((t) => t.key === 'config')) return;
        if (c.configError) {
          context.report({ target: { resource: r, path: ['data', 'config'] }, messageId: 'config', data: { problem: c.configError } });
          return;
        }
        // A policy a tool fills in is unknown, not invalid.
        if (c.policy === 'enabled' || c.policy === 'disabled' || (typeof c.policy === 'string' && isPlaceholder(c.policy))) return;
        const value = c.policy === undefined || c.policy === null ? 'missing' : c.policy === '' ? 'empty' : JSON.stringify(c.policy);
        // Point at the `policy:` line inside the block scalar when there is one.
        context.report({ target: { resource: r, path: ['data', 'config'], within: /^[ \t]*policy:.*$/m }, messageId: 'policy', data: { value } });
      },
    };
  },
});
