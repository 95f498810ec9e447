// The Action's list inputs (paths, helm-chart, kustomize, args) as argument lists. Either a
// YAML list, one item per `- ` line, taken verbatim; or words split as a POSIX shell splits
// them, quotes and backslashes only: nothing is expanded and no shell is ever run.
import { parse as parseYaml } from 'yaml';

export class ListInputError extends Error {}

/** A first line that starts a YAML block sequence: `- item` or a lone `-`. */
const YAML_ITEM = /^[ \t]*-(?:[ \t]|$)/;

/**
 * Splits words as a POSIX shell would, without expanding anything: white space (new lines
 * too) separates words; '…' keeps its text as it is; "…" keeps its text but for \" and \\;
 * outside quotes a backslash escapes white space, a quote or a backslash and is otherwise
 * kept, so a Windows path such as k8s\prod stays as written. One pass over the text.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw new ListInputError(`the ' quote opened at character ${i + 1} is not closed`);
      word += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const open = i;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) i++;
        word += text[i];
      }
      if (i >= text.length) throw new ListInputError(`the " quote opened at character ${open + 1} is not closed`);
    } else if (c === '\\' && i + 1 < text.length && /[\s'"\\]/.test(text[i + 1] ?? '')) {
      word += text[++i];
    } else {
      word += c;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/**
 * A list input: a YAML list (when its first non-blank line is a `- ` item; every item a
 * non-empty string, kept exactly, `1.10` included) or else words split by `splitWords`.
 */
export function parseListInput(text: string): string[] {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '');
  if (first === undefined) return [];
  if (!YAML_ITEM.test(first)) return splitWords(text);
  let items: unknown;
  try {
    // failsafe: every scalar is a string, so "1.10" or "on" reach meshlint as written.
    items = parseYaml(text, { schema: 'failsafe', uniqueKeys: false, logLevel: 'error' });
  } catch (e) {
    throw new ListInputError(`not a YAML list: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(items)) throw new ListInputError('not a YAML list (a line starts with "- " but the whole is not a list)');
  return items.map((item, n) => {
    if (typeof item !== 'string') throw new ListInputError(`item ${n + 1} of the YAML list is not a plain string`);
    if (item === '') throw new ListInputError(`item ${n + 1} of the YAML list is empty`);
    return item;
  });
}
