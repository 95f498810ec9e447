// A Helm template that was not rendered: `{{ … }}` outside strings. Its contents say
// nothing reliable about what will be deployed, so the file gets this one finding only.
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
        'This file is an unrendered Helm template (found {{ snippet }}); its contents are not linted. Lint the rendered output instead: helm template RELEASE CHART | meshlint -',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      File({ file, unrenderedTemplateAt: at }) {
        if (at === undefined) return;
        const end = Math.min(lineEnd(file.text, at), file.text.indexOf('}}', at) === -1 ? Infinity : file.text.indexOf('}}', at) + 2);
        const snippet = file.text.slice(at, Math.min(end, at + 60)).trim();
        context.report({ target: { doc: wholeFile(file), offset: at, endOffset: end }, messageId: 'unrendered', data: { snippet } });
      },
    };
  },
});
