// How many values a document holds, measured before it is parsed: parsing costs memory in
// proportion to the values (js-yaml's events, the built objects), and a single document of a
// few megabytes of short values (`{a: 1, b: 2, …}` on one line) would take hundreds of
// megabytes. The largest objects of real repositories (CustomResourceDefinitions) hold about
// 30,000 values, and etcd stores at most 1.5 MiB per object; a document of more than
// MAX_DOCUMENT_VALUES is refused, located, and the rest of the file is still linted.
import { Lexer } from 'yaml';

/** The most values meshlint reads in one document: eight times the largest real objects. */
export const MAX_DOCUMENT_VALUES = 250_000;

// Characters after which a node can start (besides a line's start): every node of a document
// starts at its beginning, at a line's start or after one of these, and at most two nodes start
// at one place (a block mapping and its first key).
const NODE_STARTS = ['\n', ',', '[', '{', ':', '-', '?'];

/**
 * An upper bound of a document's nodes, from counting NODE_STARTS (one indexOf scan each, which
 * the engine runs several times faster than a loop over the characters).
 */
function nodeBound(text: string): number {
  let count = 1;
  for (const c of NODE_STARTS) {
    for (let i = text.indexOf(c); i !== -1; i = text.indexOf(c, i + 1)) count++;
  }
  return 2 * count;
}

/**
 * A lower bound of a document's values, read with the `yaml` lexer (which keeps no tree, so it
 * holds only a few tokens at a time): its scalars, flow collections and aliases. Stops counting
 * past `limit`.
 */
function valueCount(text: string, limit: number): number {
  let count = 0;
  let scalarBody = false;
  for (const lexeme of new Lexer().lex(text)) {
    if (scalarBody) {
      // The text of the scalar just counted.
      scalarBody = false;
      continue;
    }
    const c = lexeme.charCodeAt(0);
    // \x1f opens a plain or block scalar; quotes a quoted one; then flow collections and aliases.
    if (c === 0x1f) scalarBody = true;
    else if (c !== 0x22 && c !== 0x27 && c !== 0x5b && c !== 0x7b && c !== 0x2a) continue;
    if (++count > limit) break;
  }
  return count;
}

/** Why a document is not read: more values than MAX_DOCUMENT_VALUES. Undefined for every other. */
export function tooManyValues(text: string): string | undefined {
  if (text.length < MAX_DOCUMENT_VALUES / 2 || nodeBound(text) <= MAX_DOCUMENT_VALUES) return undefined;
  if (valueCount(text, MAX_DOCUMENT_VALUES) <= MAX_DOCUMENT_VALUES) return undefined;
  return `more than ${MAX_DOCUMENT_VALUES.toLocaleString('en-US')} values in one document, more than meshlint reads (the largest objects of real repositories hold about 30,000, and etcd stores at most 1.5 MiB per object); the document is not linted`;
}
