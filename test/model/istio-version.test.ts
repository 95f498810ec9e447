// A rule's istioVersions range, as the engine reads it to keep rules silent at versions where
// the behaviour they check did not exist.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsAt, inVersionRange, parseIstioVersion, type IstioVersion } from '../../src/model/install/istio-version.ts';

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

test.run();
