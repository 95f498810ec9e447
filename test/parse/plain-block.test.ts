// The plain block lane (plain-block.ts) against the general fast path (js-yaml's events and
// their constructor): whatever the lane takes, it must give the same value, duplicate keys,
// content start and events. Held on written cases, on every document of the corpus, and on
// seeded mutations of real manifests.
import { isDeepStrictEqual } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Event } from 'js-yaml';
import { parseFast } from '../../src/parse/events.ts';
import { Codes, encodeEvents } from '../../src/parse/event-codec.ts';
import { parsePlainBlock } from '../../src/parse/plain-block.ts';
import { corpusDocuments } from '../helpers/corpus-documents.ts';
import { mutate, random } from '../helpers/mutations.ts';

const BASE = 7;

/** What the fast path gives through the lane, when the lane reads `text`. */
function throughLane(text: string): { value: unknown; duplicateKeys: unknown; contentStart: number; codes: Int32Array } | undefined {
  const r = parseFast(text, BASE);
  return r.kind === 'value' && r.events instanceof Int32Array ? { value: r.value, duplicateKeys: r.duplicateKeys, contentStart: r.contentStart, codes: r.events } : undefined;
}

/** Why the lane and the general path disagree on `text`, or undefined when they agree (or the lane does not read it). */
function disagreement(text: string): string | undefined {
  const lane = throughLane(text);
  if (!lane) return undefined;
  const general = parseFast(text, BASE, false, true, false);
  if (general.kind !== 'value') return `the general path gives ${general.kind}`;
  // Key order counts: the JSON text holds it.
  if (!isDeepStrictEqual(lane.value, general.value) || JSON.stringify(lane.value) !== JSON.stringify(general.value)) return `value ${JSON.stringify(lane.value)?.slice(0, 200)} against ${JSON.stringify(general.value)?.slice(0, 200)}`;
  if (!isDeepStrictEqual(lane.duplicateKeys, general.duplicateKeys)) return `duplicate keys ${JSON.stringify(lane.duplicateKeys)} against ${JSON.stringify(general.duplicateKeys)}`;
  if (lane.contentStart !== general.contentStart) return `content start ${lane.contentStart} against ${general.contentStart}`;
  const codes = new Codes();
  if (!encodeEvents(general.events as readonly Event[], codes)) return 'the general events cannot be encoded';
  const want = codes.done();
  if (!isDeepStrictEqual([...lane.codes], [...want])) {
    const at = [...lane.codes].findIndex((c, i) => c !== want[i]);
    return `events differ at number ${at}: ${[...lane.codes.slice(Math.max(0, at - 4), at + 8)]} against ${[...want.slice(Math.max(0, at - 4), at + 8)]}`;
  }
  return undefined;
}

function agrees(text: string, label: string): void {
  const why = disagreement(text);
  if (why) assert.unreachable(`${label}: ${why}\n${text.slice(0, 600)}`);
}

const DEPLOYMENT = `# Source: app/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: "shop"
  labels: {}
  annotations:
    sidecar.istio.io/inject: 'true'
    note: 'it''s quoted'
    escaped: "a\\tb \\u00e9"
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web   # the selector's label
    spec:
      containers:
      - name: web
        image: nginx:1.27
        args: []
        env:
        - name: EMPTY
        - name: YES
          value: yes
        command:
          - sh
          - -c
          - |
            echo hello
              indented
            done

        ports:
        - containerPort: 8080
          protocol: TCP
      volumes:
      -
        name: tmp
        emptyDir: {}
`;

test('a Deployment in the forms charts write: taken, and the same as the general path', () => {
  const lane = parsePlainBlock(DEPLOYMENT, BASE);
  assert.ok(lane, 'taken');
  agrees(DEPLOYMENT, 'deployment');
  assert.equal((lane?.value as { metadata: { annotations: Record<string, unknown> } }).metadata.annotations, {
    'sidecar.istio.io/inject': 'true',
    note: "it's quoted",
    escaped: 'a\tb \u00e9',
  });
});

test('written cases: each taken one agrees, and each form the lane leaves is left', () => {
  const taken: Record<string, string> = {
    'a document start': '---\na: 1\n',
    'a document start with a comment': '--- # first\na: 1\n',
    'a root sequence': '- a\n- b: 1\n  c: 2\n-\n- x\n',
    'duplicate keys, nested': 'a:\n  b: 1\n  b: 2\na: 3\n',
    'a key three times, and __proto__ twice': 'x: 1\nx: 2\n__proto__: 1\nx: 3\n__proto__: 2\nm: {x: 1, x: [x], y: {x: 1, x: 2}}\n',
    'a sequence at its key\'s column': 'a:\n- 1\n- 2\nb: x\n',
    'empty values': 'a:\nb:\n  # only a comment\nc: ~\n',
    'block scalars and chomping': 'a: |-\n  x\n\n  y\n\nb: >\n  folded\n  lines\n\n  para\nc: |+\n  kept\n\n\nd: >-\n    deep\nz: 1\n',
    'a block scalar with nothing in it': 'a: |\nb: 1\n',
    'a block scalar at the end': 'a: |\n  x\n  ',
    'a comment after a block indicator': 'a: | # note\n  x\n',
    'typed scalars': 'a: 0755\nb: 1e3\nc: on\nd: 2024-01-01\ne: 0x1F\nf: "0755"\ng: null\nh: 1_000\n',
    'keys that go-yaml types': 'true: 1\n1: 2\n1.5: 3\n',
    'colons and hashes inside plain scalars': 'url: http://x:80/a#b\nk:v: 1\na#b: 2\n',
    'a quoted key': '"a b": 1\n\'c\': 2\n',
    '__proto__ as a key': '__proto__:\n  polluted: yes\n',
    'a compact mapping with a deeper first key': '-   a: 1\n    b: 2\n',
    'trailing spaces': 'a: 1   \nb:   \n  - x  \n',
    'a value ending the text without a line break': 'a: b',
    'flows on one line': 'a: [1, "two", \'3\', [x], {}, ]\nb: {c: 1, d, "e":f, g: [h], c: 2, i:}\nc: [ ]\nd: {a:1}\n',
    'plain scalars with flow characters in block context': 'a: x,y]z\nb: -1,{2}\n',
  };
  for (const [label, text] of Object.entries(taken)) {
    assert.ok(parsePlainBlock(text, BASE), `${label}: taken`);
    agrees(text, label);
  }
  const left: Record<string, string> = {
    'an anchor and an alias': 'a: &x 1\nb: *x\n',
    'a tag': 'a: !!str 1\n',
    'a merge key': 'a:\n  <<: {}\n',
    'a flow over two lines': 'a: [1,\n  2]\n',
    'a pair in a flow sequence': 'a: [b: 1]\n',
    'a comment in a flow': 'a: [1, # one\n  2]\n',
    'a collection as a flow key': 'a: {[b]: 1}\n',
    'a missing comma': 'a: {"b" "c"}\n',
    'a plain scalar over two lines': 'a: one\n  two\n',
    'a comment deeper than a plain value': 'a: one\n    # note\nb: 2\n',
    'a quoted scalar over two lines': 'a: "one\n  two"\n',
    'a tab': 'a:\tb\n',
    'a carriage return': 'a: b\r\n',
    'a second document': 'a: 1\n---\nb: 2\n',
    'a document end': 'a: 1\n...\n',
    'an indented root': '  a: 1\n',
    'a root scalar': 'just text\n',
    'an empty document': '# only a comment\n',
    'a complex key': '? a\n: b\n',
    'a mapping in a plain value': 'a: b: c\n',
    'bad indentation': 'a: 1\n  b: 2\n',
    'a scalar on the line after its key': 'a:\n  text\n',
    'a nested sequence on one line': '- - a\n',
    'an indentation indicator': 'a: |2\n   x\n',
    'an escape go-yaml refuses': 'a: "\\/"\n',
    'a value go-yaml refuses': 'a: .inf\n',
    'a key go-yaml refuses': 'null: 1\n',
    'a trailing line of spaces deeper than a plain value': 'a: 1\n   ',
    'a directive': '%YAML 1.1\n---\na: 1\n',
    'a byte order mark': '\ufeffa: 1\n',
    'an astral character': 'a: \u{1f600}\n',
  };
  for (const [label, text] of Object.entries(left)) assert.not.ok(parsePlainBlock(text, BASE), `${label}: left to the general path`);
});

/** Every document of the corpus that is not a CRD (those go to the skim), as the parser is given them; none without ../shared. */
const documents = corpusDocuments((text, json) => !json && !/^kind:[ \t]*["']?CustomResourceDefinition/m.test(text));


(documents.length > 0 ? test : test.skip)('every document of the corpus: the lane agrees with the general path, and takes most of their bytes', () => {
  let bytes = 0;
  let taken = 0;
  for (const [i, text] of documents.entries()) {
    agrees(text, `corpus document ${i}`);
    bytes += text.length;
    if (parsePlainBlock(text, BASE)) taken += text.length;
  }
  assert.ok(taken / bytes > 0.6, `taken ${taken} of ${bytes} bytes`);
});

test('mutations of manifests: the lane agrees with the general path', () => {
  const rnd = random(41);
  const samples = [DEPLOYMENT, ...documents.filter((t) => t.length > 400 && t.length < 20_000 && parsePlainBlock(t, BASE)).filter((_, i) => i % 97 === 0).slice(0, 20)];
  for (const [s, sample] of samples.entries()) {
    for (let i = 0; i < 300; i++) {
      let text = sample;
      for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) text = mutate(text, 0, rnd);
      agrees(text, `sample ${s}, mutation ${i}`);
    }
  }
});

test.run();
