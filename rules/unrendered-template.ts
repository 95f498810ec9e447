// Templates of Kubernetes objects (Helm, Go templates, Jinja, placeholders a script fills in)
// that YAML cannot read as they stand: not broken manifests, so not syntax errors, and not
// a finding per file. Each folder of them (an Ansible role counts as one) gets one warning
// that names the engine and what to do. Argo's runtime expressions are the exception: Argo
// substitutes `{{inputs.x}}` only inside strings, so one written where YAML expects a value
// is a real bug in a manifest meant for kubectl apply.
import { appendTo } from '../src/common/collections.ts';
import { createRule } from '../src/engine/rule-api.ts';
import { lineEnd } from '../src/parse/locator.ts';
import { wholeFile } from '../src/parse/yaml.ts';
import type { TemplateEngine } from '../src/load/template.ts';
import type { ParsedDocument } from '../src/common/types.ts';
import { exactText } from '../src/common/masked-text.ts';

interface Folder {
  readonly name: string;
  readonly engine: TemplateEngine;
  readonly first: { readonly doc: ParsedDocument; readonly offset: number };
  readonly files: Set<string>;
}

/** The folder a template belongs to for its warning: an Ansible role as a whole, else its directory. */
export function templateFolderOf(displayPath: string): string {
  const parts = displayPath.split('/');
  const roles = parts.lastIndexOf('roles');
  if (roles >= 0 && roles + 1 < parts.length - 1) return parts.slice(0, roles + 2).join('/');
  return parts.slice(0, -1).join('/') || '.';
}

/** The folder above `name` ("" above a top-level folder, which has none to merge into). */
function parentOf(name: string): string | undefined {
  // An Ansible role is a unit of its own: its warning is not merged with other roles'.
  if (/(^|\/)roles\/[^/]+$/.test(name)) return undefined;
  const at = name.lastIndexOf('/');
  return at > 0 ? name.slice(0, at) : undefined;
}

/**
 * Folders of templates that share a parent become one (test suites keep one template per
 * case folder): repeated upwards while two or more groups sit side by side.
 */
export function mergeSiblings(groups: readonly Folder[]): Folder[] {
  let current = [...groups];
  for (let changed = true; changed; ) {
    changed = false;
    const byParent = new Map<string, Folder[]>();
    for (const g of current) {
      const p = parentOf(g.name);
      if (p !== undefined) appendTo(byParent, p, g);
    }
    const merged: Folder[] = [];
    const gone = new Set<Folder>();
    for (const [parent, siblings] of byParent) {
      if (siblings.length < 2) continue;
      const own = current.find((g) => g.name === parent);
      const all = own ? [own, ...siblings] : siblings;
      for (const g of all) gone.add(g);
      const first = all.reduce((a, b) => (a.first.doc.file.displayPath <= b.first.doc.file.displayPath ? a : b));
      merged.push({ name: parent, engine: first.engine, first: first.first, files: new Set(all.flatMap((g) => [...g.files])) });
      changed = true;
    }
    current = [...current.filter((g) => !gone.has(g)), ...merged];
  }
  return current.sort((a, b) => (a.first.doc.file.displayPath < b.first.doc.file.displayPath ? -1 : 1));
}

/** What to do about a folder of templates, as a sentence of the message. */
const HOW: Readonly<Record<TemplateEngine, string>> = {
  Helm: 'Lint the chart with --render-charts or --helm-chart DIR',
  Go: 'Lint what the tool renders, or add the folder to ignorePatterns',
  Jinja: 'Lint what Ansible renders, or add the folder to ignorePatterns',
  placeholder: 'Lint what the script writes, or add the folder to ignorePatterns',
  Argo: '',
};

export default createRule({
  name: 'unrendered-template',
  meta: {
    type: 'problem',
    docs: {
      description: 'Templates of Kubernetes objects that cannot be linted as they stand, and Argo expressions YAML cannot read',
      defaultLevel: 'error',
      precision: 'very-high',
      category: 'diagnostic',
      dataPlane: 'both',
      istioVersions: 'all',
    },
    messages: {
      folder: '{{ count }} files in {{ folder }}, this one first, are {{ engine }} templates, not manifests, so not linted. {{ how }}.',
      folderOne: 'This file is a {{ engine }} template, not a manifest: it is not linted as it stands. {{ how }}.',
      argo: 'kubectl rejects this: {{ snippet }} is read as a YAML mapping here, not a value. Quote it: "{{ bare }}".',
      chart: 'This Helm chart is not linted as it stands. To lint what it renders, run meshlint --render-charts {{ dir }}.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const folders = new Map<string, Folder>();
    return {
      File({ file }) {
        // A Chart.yaml opened on its own (the editor): it says how the chart is linted.
        if (file.origin === undefined && /(^|\/)Chart\.yaml$/.test(file.displayPath)) {
          const dir = file.displayPath.replace(/\/?Chart\.yaml$/, '') || '.';
          context.report({ target: { doc: wholeFile(file), offset: 0, endOffset: lineEnd(file.text, 0) }, messageId: 'chart', data: { dir }, severity: 'warn' });
        }
      },
      TemplateDocument({ doc, template }) {
        const offset = doc.startOffset + template.at;
        if (template.engine === 'Argo') {
          const text = doc.file.text;
          const close = text.indexOf('}}', offset);
          const end = Math.min(lineEnd(text, offset), close === -1 ? Infinity : close + 2);
          const snippet = exactText(doc.file, offset, Math.min(end, offset + 80)).trim();
          context.report({ target: { doc, offset, endOffset: end }, messageId: 'argo', data: { snippet, bare: snippet.replace(/"/g, '\\"') } });
          return;
        }
        const name = templateFolderOf(doc.file.displayPath);
        let folder = folders.get(name);
        if (!folder) folders.set(name, (folder = { name, engine: template.engine, first: { doc, offset }, files: new Set() }));
        folder.files.add(doc.file.displayPath);
      },
      'Program:exit'() {
        for (const f of mergeSiblings([...folders.values()])) {
          const n = f.files.size;
          const { doc, offset } = f.first;
          context.report({
            target: { doc, offset, endOffset: lineEnd(doc.file.text, offset) },
            messageId: n === 1 ? 'folderOne' : 'folder',
            severity: 'warn',
            data: { count: n, folder: f.name, engine: f.engine, how: HOW[f.engine] },
          });
        }
      },
    };
  },
});
