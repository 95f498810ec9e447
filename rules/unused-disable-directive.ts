// Suppressions that suppress nothing hide nothing but still mislead readers.
// The engine reports these itself (it alone knows which directive was used);
// this module gives the rule its id, level, docs and SARIF entry.
import { createRule } from '../src/engine/rule-api.ts';

export default createRule({
  name: 'unused-disable-directive',
  meta: {
    type: 'suggestion',
    docs: {
      description: '`# meshlint-disable…` comments and `meshlint.io/ignore` entries that suppress no problem, or name an unknown rule',
      defaultLevel: 'off',
      precision: 'very-high',
      category: 'diagnostic',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: { unused: 'Unused suppression.' },
    schema: [],
  },
  defaultOptions: [],
  create() {
    return {};
  },
});
