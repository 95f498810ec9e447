// A short fuzz run: mutated corpus documents (examples/ without ../shared) linted through the
// real command line must never throw, exit 2, place a finding outside its file, print JSON or
// SARIF that is broken, or differ between two runs. The seed is fixed (MESHLINT_FUZZ_SEED
// overrides it); each failure prints how to replay it. Small mutations only, to stay within
// seconds; the long run with the big ones is `npm run fuzz`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runFuzz, seedFromEnv, summaryLine } from './helpers/fuzz.ts';

const SEED = seedFromEnv(20_240_601);
const CASES = 300;

test(`fuzz: ${CASES} mutated documents through the CLI, seed ${SEED}`, () => {
  const summary = runFuzz({ seed: SEED, cases: CASES, scale: 'small' });
  console.log(`${summaryLine(summary)} (${summary.origin} files, ${summary.seconds.toFixed(1)} s)`);
  assert.is(summary.cases, CASES);
  assert.equal(
    summary.failures.map((f) => `case ${f.fuzzCase.index}: ${f.problems[0] ?? ''}`.slice(0, 300)),
    [],
    `${summary.failures.length} failing case(s); each is printed above with its seed, case number and text`,
  );
});

test.run();
