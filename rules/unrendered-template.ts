// A Helm template that was not rendered: `{{ … }}` outside strings. Its contents say
// nothing reliable about what will be deployed, so the file gets this one finding only.
// A whole chart met in a directory gets one warning, on its Chart.yaml, saying how to lint it.
import { createRule } from '../src/engine/rule-api.ts';
import { lineEnd } from '../src/parse/locator.ts';
import { wholeFile } from '../src/parse/yaml.ts';

export default createRule({
  name: 'unrendered-template',
  meta: {
    type: 'problem',
    docs: {
      description: 'Helm template sources (`{{ … }}` outside strings) linted as if they were manifests',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'diagnostic',
      istioVersions: 'all',
    },
    messages: {
      unrendered:
        'This file is an unrendered Helm template (found {{ snippet }}); its contents are not linted. Lint its chart instead: meshlint --helm-chart CHART_DIR',
      chart:
        'Found the Helm chart {{ dir }}; its templates are not linted as they stand. Lint what it renders: meshlint --helm-chart {{ dir }} [--values FILE], or set helm.renderCharts: true (or list it under helm.charts) in .meshlint.yaml.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      File({ file, unrenderedTemplateAt: at }) {
        // A chart found while walking a directory arrives as its Chart.yaml: said once, as a
        // warning, since nothing in it is wrong; it is just not linted yet.
        if (file.origin === undefined && /(^|\/)Chart\.yaml$/.test(file.displayPath)) {
          const dir = file.displayPath.replace(/\/?Chart\.yaml$/, '') || '.';
          context.report({ target: { doc: wholeFile(file), offset: 0, endOffset: lineEnd(file.text, 0) }, messageId: 'chart', data: { dir }, severity: 'warn' });
          return;
        }
        if (at === undefined) return;
        const end = Math.min(lineEnd(file.text, at), file.text.indexOf('}}', at) === -1 ? Infinity : file.text.indexOf('}}', at) + 2);
        const snippet = file.text.slice(at, Math.min(end, at + 60)).trim();
        context.report({ target: { doc: wholeFile(file), offset: at, endOffset: end }, messageId: 'unrendered', data: { snippet } });
      },
    };
  },
});
