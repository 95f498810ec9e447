// `npm run fuzz`: the long fuzz run (test/fuzz.test.ts is the short one in npm test).
// Mutated corpus documents through the real command line, until a budget of cases or
// seconds is spent; prints cases/s and "fuzz: N cases, seed S, F failures", exits 1 on any.
//   npm run fuzz -- --seconds 600 --seed 7
//   npm run fuzz -- --cases 5000
//   npm run fuzz -- --seed 7 --case 1234     replay one case (as a failure report says)
//   npm run fuzz -- --small                  the cheaper mutations of npm test's run
//   npm run fuzz -- --charts --seconds 300   hostile charts through a real helm (test/helpers/fuzz-charts.ts)
//   npm run fuzz -- --seed 7 --case 1234 --minimize
//                                            replay one case and shrink its text to what still fails
//                                            (without --case: the first failure of the run)
// The budget and seed may also come from MESHLINT_FUZZ_SECONDS, MESHLINT_FUZZ_CASES and
// MESHLINT_FUZZ_SEED. Without either budget: 60 seconds; without a seed: a new one (printed).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runChartFuzz } from '../test/helpers/fuzz-charts.ts';
import { checker, minimize, parseSeed, runFuzz, seedFromEnv, signature, summaryLine } from '../test/helpers/fuzz.ts';

const { values: v } = parseArgs({
  options: {
    seconds: { type: 'string' },
    cases: { type: 'string' },
    seed: { type: 'string' },
    case: { type: 'string' },
    small: { type: 'boolean' },
    charts: { type: 'boolean' },
    minimize: { type: 'boolean' },
  },
  strict: true,
});

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`fuzz: --${name} takes a number, not "${value}"`);
    process.exit(2);
  }
  return n;
}

function seedOf(): number {
  try {
    return v.seed !== undefined ? parseSeed(v.seed, '--seed') : seedFromEnv(Date.now() % 100_000);
  } catch (e) {
    console.error(`fuzz: ${(e as Error).message}`);
    process.exit(2);
  }
}

const seed = seedOf();
const only = count('case', v.case);
let cases = count('cases', v.cases ?? process.env.MESHLINT_FUZZ_CASES);
const seconds = count('seconds', v.seconds ?? process.env.MESHLINT_FUZZ_SECONDS) ?? (cases === undefined && only === undefined ? 60 : undefined);
if (only !== undefined) cases = 1;

if (v.charts) {
  // Hostile charts need a real helm: the one `npm run test:binaries` fetched, else MESHLINT_HELM.
  const helm = [process.env.MESHLINT_HELM, new URL('../.cache/test-bin/helm4/helm', import.meta.url).pathname, new URL('../.cache/test-bin/helm3/helm', import.meta.url).pathname].find((p) => p && existsSync(p));
  if (!helm) {
    console.error('fuzz: --charts needs helm: run "npm run test:binaries", or set MESHLINT_HELM');
    process.exit(2);
  }
  const s = runChartFuzz({ seed, cases, seconds: seconds ?? (cases === undefined ? 60 : undefined), helm, only });
  console.log(`fuzz: charts, seed ${seed}: slowest case ${s.slowest.index} (${s.slowest.ms} ms)`);
  for (const f of s.failures) console.log(`fuzz: case ${f.index}: ${f.problems.join('; ').slice(0, 500)}`);
  console.log(`fuzz: ${s.cases} passed, ${s.failures.length} failed`);
  process.exit(s.failures.length > 0 ? 1 : 0);
}

console.log(`fuzz: seed ${seed}, ${only !== undefined ? `case ${only}` : [cases !== undefined ? `${cases} cases` : '', seconds !== undefined ? `${seconds} s` : ''].filter(Boolean).join(' or ')}`);
const summary = runFuzz({
  seed,
  scale: v.small ? 'small' : 'big',
  cases,
  seconds,
  only,
  progress: (done, s, failures) => console.log(`fuzz: ${done} cases in ${s.toFixed(0)} s (${(done / s).toFixed(1)} cases/s), ${failures} failure(s)`),
});
console.log(`fuzz: ${summary.origin} files, ${summary.seconds.toFixed(1)} s, ${(summary.cases / Math.max(summary.seconds, 0.001)).toFixed(1)} cases/s; slowest case ${summary.slowest.index} (${summary.slowest.ms} ms)`);
console.log(summaryLine(summary));
// The same fault met many times is listed once, with its first case.
const kinds = new Map<string, { count: number; index: number }>();
for (const f of summary.failures) {
  for (const p of new Set(f.problems.map((x) => signature(x).split('\n')[0] ?? ''))) {
    const k = kinds.get(p);
    if (k) k.count++;
    else kinds.set(p, { count: 1, index: f.fuzzCase.index });
  }
}
for (const [p, k] of kinds) console.log(`fuzz: ${k.count}× (first: case ${k.index}) ${p.length > 300 ? `${p.slice(0, 300)}…` : p}`);
if (v.minimize && summary.failures[0]) {
  const failing = summary.failures[0].fuzzCase;
  const check = checker();
  try {
    const smallest = minimize(failing, check);
    console.log(`fuzz: minimised to ${smallest.length} characters: ${JSON.stringify(smallest)}`);
    for (const p of check.check({ ...failing, text: smallest })) console.log(`  - ${p}`);
  } finally {
    check.cleanup();
  }
}
