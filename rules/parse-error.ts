// A document that is not valid YAML (or a file that is not text) cannot be applied:
// kubectl stops at it. Reported at the exact position; every other document is still linted.
import { createRule } from '../src/engine/rule-api.ts';
import { wholeFile } from '../src/parse/yaml.ts';

export default createRule({
  name: 'parse-error',
  meta: {
    type: 'problem',
    docs: {
      description: 'YAML syntax errors, and files that are not UTF-8 text',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'diagnostic',
      istioVersions: 'all',
    },
    messages: {
      syntax: 'YAML syntax error: {{ message }}. kubectl rejects this document; the other documents of the file are still linted.',
      unreadable: '{{ reason }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      File({ file, readError }) {
        if (readError === undefined) return;
        context.report({ target: { doc: wholeFile(file), offset: 0, endOffset: 0 }, messageId: 'unreadable', data: { reason: readError } });
      },
      Document({ doc }) {
        for (const e of doc.syntaxErrors) {
          context.report({ target: { doc, offset: e.offset, endOffset: e.endOffset }, messageId: 'syntax', data: { message: e.message.replace(/\.$/, '') } });
        }
      },
    };
  },
});
