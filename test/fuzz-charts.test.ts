// A short run of the hostile-chart fuzzer (test/helpers/fuzz-charts.ts) with a real helm: the
// long run is `npm run fuzz -- --charts --seconds N`. Seed fixed; MESHLINT_FUZZ_SEED overrides it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runChartFuzz } from './helpers/fuzz-charts.ts';
import { seedFromEnv } from './helpers/fuzz.ts';
import { testBinary } from './helpers/binaries.ts';

const helm = testBinary('helm4') ?? testBinary('helm3');

(helm ? test : test.skip)('hostile charts: nothing runs, nothing leaks, nothing crashes', () => {
  if (!helm) return; // declared as a test only when present; this narrows its type
  const seed = seedFromEnv(20261123);
  const s = runChartFuzz({ seed, cases: 60, helm });
  const report = s.failures.map((f) => `case ${f.index} (replay: npm run fuzz -- --charts --seed ${seed} --case ${f.index}): ${f.problems.join('; ').slice(0, 500)}`);
  assert.equal(report, []);
  assert.is(s.cases, 60);
});

test.run();
