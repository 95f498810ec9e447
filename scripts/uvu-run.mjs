// Runs uvu's suites in this process, as uvu's own CLI does, and counts from each suite's
// result rather than from the printed text: uvu's runner returns [errors, passed, skipped,
// total] per suite, so the tests that did not pass are total - passed. (uvu's summary leaves
// out of "Total" the tests marked .skip, and a `before` hook that throws ends its suite with
// no error printed and no failure counted.) The counts go, as JSON, to the file named by
// MESHLINT_TEST_RESULT. Usage: node --import tsx scripts/uvu-run.mjs DIR PATTERN [--bail]
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'uvu/parse';

const [dir = 'test', pattern = '\\.test\\.ts$'] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const bail = process.argv.includes('--bail');
const write = (s) => process.stdout.write(s);
const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
const save = () => {
  if (process.env.MESHLINT_TEST_RESULT) writeFileSync(process.env.MESHLINT_TEST_RESULT, JSON.stringify(counts));
};

// Deferred: the suites queue up (uvu's module creates the queue) instead of running at once.
globalThis.UVU_DEFER = 1;
await import('uvu');
const { suites } = await parse(dir, pattern, {});
const started = process.hrtime.bigint();
let index = 0;
for (const suite of suites) {
  globalThis.UVU_INDEX = index++;
  globalThis.UVU_QUEUE.push([suite.name]);
  try {
    await import(pathToFileURL(suite.file).href);
  } catch (e) {
    // A file that cannot load is one failure, and the others still run.
    globalThis.UVU_QUEUE[globalThis.UVU_INDEX].push(async () => [`  FAIL  ${suite.name} did not load: ${e?.stack ?? e}\n`, 0, 0, 1]);
  }
}
// Not uvu's exec(): it would print its own counts.
outer: for (const group of globalThis.UVU_QUEUE) {
  const name = group.shift();
  if (name != null) write(`${name}\n`);
  for (const run of group) {
    let result;
    try {
      result = await run();
    } catch (e) {
      // An `after` hook that throws escapes the runner: its suite's count is lost, so one failure.
      result = [`  FAIL  ${name}: an after hook failed: ${e?.stack ?? e}`, 0, 0, 1];
    }
    const [errors, passed, skipped, total] = result;
    counts.passed += passed;
    counts.skipped += skipped;
    if (passed < total) {
      counts.failed += total - passed;
      counts.failures.push(name);
      if (typeof errors === 'string') write(`\n${errors}\n`);
      else write(`\n  FAIL  ${name}: ${total - passed} of ${total} did not run (a before or after hook failed)\n`);
      if (bail) break outer;
    }
  }
}
write(`\n  Duration:  ${Number((process.hrtime.bigint() - started) / 1_000_000n)}ms\n\n`);
save();
process.exitCode = counts.failed > 0 ? 1 : 0;
