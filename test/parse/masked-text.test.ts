// A large file whose text holds characters beyond Latin-1 is held one byte a character, those
// characters masked (src/common/masked-text.ts); what is parsed, shown and written is the same
// as from the text held whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serialize } from 'node:v8';
import { allRules } from '../../rules/index.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { lint, type LintOptions } from '../../src/engine/linter.ts';
import { decodeSource, type ReadOutcome } from '../../src/load/read.ts';
import { shopNamespace } from '../helpers/cli.ts';
import { MASK, MASK_MIN_BYTES, exactText, maskedDecode, maskedNeedle, sameMasked } from '../../src/common/masked-text.ts';

/** V8 writes a string held one byte a character with the tag `"`, one of two bytes with `c`. */
const oneByte = (s: string): boolean => serialize(s)[2] === 0x22;

const DOCS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  annotations:
    note: "Привет — мир 😀 café"
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web, version: 1.10, sidecar.istio.io/inject: "да"}
      annotations:
        sidecar.istio.io/inject: да
        proxy.istio.io/config: |
          holdApplicationUntilProxyStarts: да
          тест: 1
    spec:
      containers:
      - name: app
        image: nginx
        args: ["--line\u2028separator", "﻿bom"]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: bad
data:
  x: "неверно
---
${shopNamespace()}`;

test('maskedDecode masks each UTF-16 unit beyond Latin-1, and exactText puts back any slice', () => {
  const text = 'a: é\nb: Привет 😀\n# ж\u2028\n' + 'x'.repeat(50) + '日本';
  const m = maskedDecode(Buffer.from(text));
  assert.ok(m);
  assert.is(m.text.length, text.length, 'offsets unchanged');
  assert.ok(oneByte(m.text));
  assert.ok(m.text.includes('é'), 'Latin-1 is kept');
  assert.is(m.text.split(MASK).length - 1, [...text].filter((c) => c.codePointAt(0) as number > 0xff).reduce((n, c) => n + c.length, 0));
  const file = { text: m.text, masked: m.masked };
  for (let start = 0; start <= text.length; start += 3) {
    for (let end = start; end <= text.length + 2; end += 5) assert.is(exactText(file, start, end), text.slice(start, end), `[${start}, ${end})`);
  }
  assert.is(exactText(file), text);
  assert.is(maskedDecode(Buffer.from('only Latin-1: é ü')), undefined, 'nothing to mask');
  assert.is(maskedNeedle(file, 'Привет'), MASK.repeat(6));
  assert.is(maskedNeedle({ text: 'x' }, 'Привет'), 'Привет');
  const again = maskedDecode(Buffer.from(text));
  const other = maskedDecode(Buffer.from(text.replace('ж', 'щ')));
  assert.ok(sameMasked(m.masked, again?.masked));
  assert.not.ok(sameMasked(m.masked, other?.masked));
});

test('a large file is read masked, one byte a character, its BOM dropped; a small one is read whole', () => {
  const filler = `# ${'x'.repeat(97)}\n`.repeat(Math.ceil(MASK_MIN_BYTES / 100));
  const text = `${DOCS}---\n${filler}# ж\n`;
  const big = decodeSource(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'big.yaml', undefined);
  assert.ok(big.ok && big.file.masked);
  assert.ok(big.file.bom);
  assert.ok(oneByte(big.file.text));
  assert.is(exactText(big.file), text);
  const small = decodeSource(Buffer.from(DOCS), 'small.yaml', undefined);
  assert.ok(small.ok);
  assert.is(small.file.masked, undefined);
  assert.is(small.file.text, DOCS);
  const notText = decodeSource(Buffer.concat([Buffer.from(filler), Buffer.from([0xc3, 0x28])]), 'bad.yaml', undefined);
  assert.is(notText.ok, false, 'invalid UTF-8 is refused as before');
});

test('a masked file gives the findings, fixes and suggestions of the same text held whole', () => {
  const filler = `# ${'x'.repeat(97)}\n`.repeat(Math.ceil(MASK_MIN_BYTES / 100));
  // The filler sits between the documents: offsets after it are large, and masked units lie on both sides.
  const [first, ...rest] = DOCS.split('---\n');
  const text = `${first}---\n${filler}# ж 😀\n---\n${rest.join('---\n')}`;
  const masked = decodeSource(Buffer.from(text), 'big.yaml', undefined);
  assert.ok(masked.ok && masked.file.masked);
  const whole: ReadOutcome = { ok: true, file: { ...masked.file, text, masked: undefined } };
  const options: LintOptions = { config: EMPTY_CONFIG, rules: allRules, cliIstioVersion: '1.24', fix: true };
  const a = lint([masked], options).results;
  const b = lint([whole], options).results;
  assert.equal(a, b);
  const messages = a.flatMap((r) => r.messages);
  assert.ok(messages.some((m) => m.message.includes('"да"')), 'a message quotes a masked value');
  assert.ok(messages.some((m) => m.ruleId === 'parse-error'));
  const output = a[0]?.output;
  assert.ok(output !== undefined && output.includes('version: "1.10"'), 'a fix was applied');
  assert.ok(output.includes('Привет — мир 😀'), 'the fixed text is the exact text');
});

test.run();
