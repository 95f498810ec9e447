// A document that is not valid YAML (or a file that is not text, or a chart or overlay that
// does not render) cannot be applied: kubectl stops at it. Reported at the exact position;
// every other document is still linted.
import { createRule } from '../src/engine/rule-api.ts';
import { MAX_RELEASE_VALUES_BYTES } from '../src/model/install/gitops.ts';
import { isUnclosedError, unclosedOpener } from '../src/parse/unclosed.ts';
import { wholeFile } from '../src/parse/yaml.ts';

/** How much of a tool's message the headline shows; the rest is in the related location. */
const TOOL_MESSAGE_MAX = 130;

/**
 * A render tool's message, cut for the headline when it is long. Tools nest their errors
 * ("template: x.yaml:4:20: executing … at <.Values.a>: nil pointer …"), and the finding
 * already points where the first parts say: the end, where the cause is, is kept, from a
 * ": " boundary when there is one.
 */
export function toolMessageHeadline(message: string, max = TOOL_MESSAGE_MAX): string {
  if (message.length <= max) return message;
  const from = message.length - max;
  const boundary = message.indexOf(': ', from);
  const tail = boundary >= 0 && boundary < message.length - 20 ? message.slice(boundary + 2) : message.slice(from);
  // What the cause names, when the end leaves it out: the URL a tool tried to fetch, the value a template read.
  const named = CAUSE.exec(message.slice(0, message.length - tail.length))?.[0]?.replace(/[:.,;]+$/, '');
  const cause = named !== undefined && !tail.includes(named) ? `${named.length > CAUSE_MAX ? `${named.slice(0, CAUSE_MAX)}…` : named} … ` : '';
  return `…${cause}${tail}`;
}

/** A URL, or a chart value a template reads (`<.Values.image.tag>`): the cause a nested message names first. */
const CAUSE = /https?:\/\/[^\s'"<>]+|<\.Values(?:\.[\w-]+)+>/;
const CAUSE_MAX = 70;

export default createRule({
  name: 'parse-error',
  meta: {
    type: 'problem',
    docs: {
      description: 'YAML syntax errors, files that are not UTF-8 text, and charts or overlays that fail to render',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'diagnostic',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      syntax: 'YAML syntax error: {{ message }}. kubectl rejects this document.',
      bound: 'Not linted: {{ message }}.',
      unclosed: 'This {{ what }} is never closed, so kubectl rejects the document. Close it here.',
      unreadable: '{{ reason }}.',
      render: '{{ command }} failed: {{ message }}. Nothing from this {{ what }} was linted.',
      renderAsWritten: '{{ command }} failed: {{ message }}. Its files are linted as written, not as built.',
      renderEnvironment: 'This {{ what }} cannot be rendered here: {{ cause }}{{ stop }} {{ fix }}',
      valuesBound:
        'meshlint reads at most {{ mb }} MB of values texts per HelmRelease, so that a repository cannot exhaust its memory: this entry passes it, and the values from here on ({{ unread }}) are not read. Merge or trim these texts.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      // A file that cannot be read is reported by the engine itself, at error whatever this
      // rule's level: turning the rule off must not let such a file pass (messageId `unreadable`).
      File({ file }) {
        const failure = file.origin?.failure;
        // Istio's own chart rendered with its defaults only is a chart source: its installer gives
        // the values it needs, and the run's one note names it (facts.ts chartSourcesNote).
        if (failure !== undefined && file.origin?.istioChartSource) return;
        if (failure !== undefined) {
          const helm = file.origin?.tool === 'helm';
          const environment = file.origin?.environment;
          // What the machine lacks (a dependency not vendored, a value supplied at deploy time, a
          // remote base offline) is not the user's bug: a warning with its cause and its fix.
          if (environment) {
            context.report({
              target: { doc: wholeFile(file), offset: 0, endOffset: 0 },
              messageId: 'renderEnvironment',
              severity: 'warn',
              data: { what: helm ? 'chart' : 'overlay', cause: environment.cause, stop: /[.…]$/.test(environment.cause) ? '' : '.', fix: environment.fix },
            });
          } else {
            const command = helm ? 'helm template' : 'kustomize build';
            const message = failure.replace(/\.$/, '');
            const headline = toolMessageHeadline(message);
            context.report({
              target: { doc: wholeFile(file), offset: 0, endOffset: 0 },
              // An overlay met while walking: its own files were linted as they are written.
              messageId: file.origin?.writtenFilesLinted ? 'renderAsWritten' : 'render',
              data: { command, message: headline, what: helm ? 'chart' : 'overlay' },
              // The whole message, when the headline shows only its end.
              ...(headline !== message ? { related: [{ target: { doc: wholeFile(file), offset: 0, endOffset: 0 }, message: `${command}: ${message}` }] } : {}),
            });
          }
        }
      },
      // A Flux HelmRelease whose valuesFrom texts pass the bound meshlint reads (model/gitops.ts
      // MAX_RELEASE_VALUES_BYTES): one finding, on the entry where the bound runs out; what the
      // entries from there on set is unknown, as a layer not among the inputs.
      Resource(r) {
        const over = context.facts.mesh.valuesOverBudget?.(r);
        if (!over) return;
        const rest = over.entries - over.index;
        context.report({
          target: { resource: r, path: ['spec', 'valuesFrom', over.index] },
          messageId: 'valuesBound',
          severity: 'warn',
          data: { mb: MAX_RELEASE_VALUES_BYTES / 1024 / 1024, unread: rest === 1 ? `spec.valuesFrom[${over.index}]` : `spec.valuesFrom[${over.index}] to [${over.entries - 1}]` },
        });
      },
      Document({ doc }) {
        for (const e of doc.syntaxErrors) {
          // An unclosed `{`, `[` or quote: reported where it opens, which is what needs fixing;
          // where the parser gave up is the related location.
          const opened = isUnclosedError(e.message) ? unclosedOpener(doc.file.text, doc.startOffset, e.offset) : undefined;
          if (opened !== undefined && opened < e.offset) {
            context.report({
              target: { doc, offset: opened, endOffset: opened + 1 },
              messageId: 'unclosed',
              data: { what: doc.file.text[opened] === '{' ? 'flow mapping' : doc.file.text[opened] === '[' ? 'flow sequence' : 'quoted string', message: e.message.replace(/\.$/, '') },
              related: [{ target: { doc, offset: e.offset, endOffset: e.endOffset }, message: `where the YAML parser stopped: ${e.message.replace(/\.$/, '')}` }],
            });
            continue;
          }
          // A bound of meshlint's, not the document's error: kubectl may well apply it.
          if (e.bound) context.report({ target: { doc, offset: e.offset, endOffset: e.endOffset }, messageId: 'bound', data: { message: e.message.replace(/; the document is not linted\.?$/, '').replace(/\.$/, '') } });
          else context.report({ target: { doc, offset: e.offset, endOffset: e.endOffset }, messageId: 'syntax', data: { message: e.message.replace(/\.$/, '') } });
        }
      },
    };
  },
});
