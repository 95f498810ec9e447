// A rule's istioVersions range, as the engine reads it to keep rules silent at versions where
// the behaviour they check did not exist.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_ISTIO_VERSION, existsAt, inVersionRange, MODELLED_RANGE, parseIstioVersion, rangeText, splitRange, uncoveredVersionNote, type IstioVersion } from '../../src/model/install/istio-version.ts';

const v = (s: string): IstioVersion => {
  const parsed = parseIstioVersion(s);
  if (!parsed) throw new Error(`not a version: ${s}`);
  return parsed;
};

test('ranges: all, >= and <, with words after them', () => {
  assert.ok(inVersionRange(v('1.5'), 'all'));
  assert.ok(inVersionRange(v('1.30'), 'all (the meaning of other values changed in 1.27)'));
  assert.not.ok(inVersionRange(v('1.6.14'), '>= 1.7'));
  assert.ok(inVersionRange(v('1.7.0'), '>= 1.7'));
  assert.ok(inVersionRange(v('1.23.9'), '< 1.24 (without Istio CNI)'));
  assert.not.ok(inVersionRange(v('1.24'), '< 1.24 (without Istio CNI)'));
  assert.ok(inVersionRange(v('2.0'), '>= 1.7'));
});

test('existsAt: only a ">=" range silences a rule below it', () => {
  assert.not.ok(existsAt(v('1.6'), '>= 1.7'));
  assert.ok(existsAt(v('1.7'), '>= 1.7'));
  // A rule about old releases reads each workload's version itself.
  assert.ok(existsAt(v('1.28'), '< 1.24 (without Istio CNI)'));
  assert.ok(existsAt(v('1.2'), 'all'));
});


test('every note names one modelled range: what a version outside it says, and what an unknown version spans', () => {
  const modelled = rangeText(MODELLED_RANGE);
  for (const v of ['1.5', '1.17.9', '1.32', '1.40.1', '2.0']) {
    const note = uncoveredVersionNote(parseIstioVersion(v) as IstioVersion, 'here') ?? '';
    assert.ok(note.includes(`(${modelled})`), `${v}: ${note} should name ${modelled}`);
  }
  assert.is(uncoveredVersionNote(MODELLED_RANGE.from, 'here'), undefined);
  assert.is(uncoveredVersionNote(DEFAULT_ISTIO_VERSION, 'here'), undefined);
  assert.is(rangeText({ from: MODELLED_RANGE.to, to: MODELLED_RANGE.to }), DEFAULT_ISTIO_VERSION.text);
});

test('splitRange: the releases before a change and from it on, either side left out when the range lies wholly on one', () => {
  const text = (r: { before?: unknown; since?: unknown }): string => ['before', 'since'].map((k) => (r[k as 'before'] ? rangeText(r[k as 'before'] as never) : '-')).join(' | ');
  assert.is(text(splitRange(MODELLED_RANGE, 1, 27)), '1.18 to 1.26 | 1.27 to 1.31');
  assert.is(text(splitRange(MODELLED_RANGE, 1, 28, 4)), '1.18 to 1.28.3 | 1.28.4 to 1.31');
  const v = (s: string): IstioVersion => parseIstioVersion(s) as IstioVersion;
  assert.is(text(splitRange({ from: v('1.26.2'), to: v('1.26.2') }, 1, 27)), '1.26.2 | -');
  assert.is(text(splitRange({ from: v('1.27.0'), to: v('1.27.0') }, 1, 27)), '- | 1.27.0');
});

test.run();
