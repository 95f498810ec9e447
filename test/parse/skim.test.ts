// The contents of a CustomResourceDefinition are checked line by line (skim.ts) instead of
// tokenised, and the result is the same as the whole parse's: the same value, duplicate keys,
// refusals and fallbacks, on written cases, on real CRDs and on thousands of mutations of them.
import { isDeepStrictEqual } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KEPT_KEYS, keyRange, parseFast, type FastResult } from '../../src/parse/events.ts';
import type { Event } from 'js-yaml';
import { plainBlock, skimCuts, SKIM_MIN_LENGTH } from '../../src/parse/skim.ts';
import { corpusDocuments } from '../helpers/corpus-documents.ts';
import { mutate, random } from '../helpers/mutations.ts';

/** A result without its events (their offsets are compared where they are used, below). */
const outcome = (r: FastResult): unknown => (r.kind === 'value' ? { ...r, events: undefined } : r);

/** Parsed with the skim and without it: the same outcome, or the first difference. */
function sameBothWays(text: string, label: string): void {
  const skimmed = parseFast(text, 7, false, true);
  const whole = parseFast(text, 7, false, false);
  if (!isDeepStrictEqual(outcome(skimmed), outcome(whole))) {
    assert.unreachable(`${label}: skimmed ${JSON.stringify(outcome(skimmed)).slice(0, 300)} whole ${JSON.stringify(outcome(whole)).slice(0, 300)}`);
  }
}

const HEAD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
  labels:
    app: widgets
spec:
`;

/** A spec in each form the skim reads, padded past SKIM_MIN_LENGTH. */
const SPEC = `  group: example.com
  names:
    kind: Widget
    categories: ["all", 'example', plain]
    shortNames: []
  conversion: {}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        description: Widget is a thing, and this description goes on
          over a second line with "quotes", [brackets] and - dashes
        type: object
        properties:
          single:
            description: 'Single quoted, with '' an escaped quote
              and a second line'
            type: string
          double:
            description: "Double quoted\\nwith escapes \\"here\\" and
              a second line"
            type: string
          literal:
            description: |-
              Literal text: with colons, # hashes
                and deeper lines

              after a blank one.
            type: string
          explicit:
            description: |2-

                Indented by an indicator.
            type: string
          folded:
            description: >
              Folded text
            enum:
            - a
            - "b"
            - 'c'
            x-kubernetes-preserve-unknown-fields: true # a comment
          $ref:
            minimum: -1
            maximum: 1.5e3
            pattern: ^[a-z]+$
            items:
              - key: one
                other: two
              -
                key: three
`;

const PAD = Array.from({ length: 80 }, (_, i) => `          pad${i}:\n            description: padding line ${i} of the schema\n            type: string\n`).join('');

const CRD = `${HEAD}${SPEC}${PAD}status:
  acceptedNames:
    kind: ""
  conditions: []
`;

test('a CRD in the forms generators write: spec and status are cut, and the outcome is the whole parse', () => {
  assert.ok(CRD.length >= SKIM_MIN_LENGTH);
  const cuts = skimCuts(CRD, KEPT_KEYS);
  assert.equal(cuts.map((c) => CRD.slice(c.start, c.end).split('\n')[0]), ['  group: example.com', '  acceptedNames:']);
  const skimmed = parseFast(CRD, 0, false, true);
  const whole = parseFast(CRD, 0, false, false);
  assert.is(skimmed.kind, 'value');
  assert.equal(outcome(skimmed), outcome(whole));
  // Reports on what is kept are placed from the skimmed events as from the whole ones.
  if (skimmed.kind !== 'value' || whole.kind !== 'value') return;
  for (const path of [['metadata', 'name'], ['metadata', 'labels', 'app'], ['kind'], ['metadata']]) {
    assert.equal(keyRange(CRD, skimmed.events as readonly Event[], path), keyRange(CRD, whole.events as readonly Event[], path), path.join('.'));
  }
});

test('what the skim does not read is left to the parser, with the same outcome', () => {
  const variants: Record<string, [string, string]> = {
    'a duplicate key': ['    served: true\n', '    served: true\n    served: false\n'],
    'an anchor': ['    served: true\n', '    served: &s true\n'],
    'an alias': ['    storage: true\n', '    storage: *s\n'],
    'a tag': ['    served: true\n', '    served: !!bool true\n'],
    'a merge key': ['    served: true\n', '    <<: {a: 1}\n'],
    'a value go-yaml refuses': ['            minimum: -1\n', '            minimum: .inf\n'],
    'a tab': ['            minimum: -1\n', '            minimum:\t-1\n'],
    'bad indentation': ['    storage: true\n', '     storage: true\n'],
    'an unclosed quote': ["            description: 'Single quoted", "            description: 'Single quoted\n\n"],
    'an unknown escape': ['with escapes', 'with \\/ escapes'],
    'a flow mapping': ['  conversion: {}\n', '  conversion: {strategy: None}\n'],
    'a flow sequence over lines': ['categories: ["all",', 'categories: ["all",\n     '],
    'a line after a comment in a plain scalar': ['goes on\n', 'goes on # note\n'],
    'a colon in a plain scalar': ['over a second line', 'over: a second line'],
    'leading blank lines deeper than the content': ['|-\n              Literal', '|-\n                  \n              Literal'],
    'a nested sequence on one line': ['            - a\n', '            - - a\n'],
    'a quoted key': ['            type: string\n          double:', '            "type": string\n          double:'],
  };
  for (const [label, [from, to]] of Object.entries(variants)) {
    assert.ok(CRD.includes(from), label);
    const text = CRD.replace(from, to);
    const spec = skimCuts(text, KEPT_KEYS).find((c) => text.slice(c.start, c.end).startsWith('  group:'));
    assert.is(spec, undefined, `${label}: spec is not cut`);
    sameBothWays(text, label);
  }
});

test('plainBlock reads only the simple form', () => {
  assert.ok(plainBlock('  a: 1\n  b:\n  - x\n  - y: 2\n    z: 3\n'));
  assert.not.ok(plainBlock('  a: 1\n  a: 2\n'), 'a duplicate');
  assert.not.ok(plainBlock('  yes: 1\n  true: 2\n'), 'keys go-yaml types alike');
  assert.not.ok(plainBlock('  a: 1\n b: 2\n'), 'an indentation that matches no mapping');
  assert.not.ok(plainBlock('  a: b: c\n'), 'a mapping in a plain value');
});

/** The CRD documents of the corpus, as the parser is given them; none without ../shared. */
const corpusCrds = (): string[] => corpusDocuments((text) => /^kind:[ \t]*CustomResourceDefinition/m.test(text), 'CustomResourceDefinition');

const crds = corpusCrds();

(crds.length > 0 ? test : test.skip)('every CRD of the corpus: the same outcome skimmed and whole, and most of their bytes cut', () => {
  let bytes = 0;
  let cut = 0;
  for (const [i, text] of crds.entries()) {
    sameBothWays(text, `corpus CRD ${i}`);
    bytes += text.length;
    for (const c of skimCuts(text, KEPT_KEYS)) cut += c.end - c.start;
  }
  // Nearly all of a CRD is its spec, in the form generators write.
  assert.ok(cut / bytes > 0.9, `cut ${cut} of ${bytes} bytes`);
});

test('mutations of CRDs: the same outcome skimmed and whole', () => {
  const rnd = random(29);
  // Small real CRDs keep each case quick; the written one covers every form.
  const samples = [CRD, ...crds.filter((t) => t.length < 40_000).slice(0, 12)];
  for (const [s, sample] of samples.entries()) {
    const from = sample.indexOf('\nspec:') + 1;
    for (let i = 0; i < 250; i++) {
      let text = sample;
      for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) text = mutate(text, from, rnd);
      sameBothWays(text, `sample ${s}, mutation ${i}`);
    }
  }
});

test.run();
