// scripts/test.mjs counts from the runner's result, not from uvu's text: a suite of known
// counts (test/fixtures/runner) gives them exactly, and fails the run.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from './helpers/shared.ts';

test('the summary counts every test that did not pass: failed assertions, and tests a throwing before hook kept from running; skips apart', () => {
  const r = spawnSync(process.execPath, ['scripts/test.mjs', '\\.fixture\\.ts$', '--dir=test/fixtures/runner'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.is(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^tests: 1 passed, 3 failed, 2 skipped$/m, r.stdout);
  assert.match(r.stdout, /notice: skipping the tests that need a tool this machine lacks \(install it to run them\)/, 'a skipped group says what to install');
});

test('no test bounds wall-clock time: work is bounded by counts and bytes, time belongs to npm run bench', () => {
  const files = readdirSync(join(REPO_ROOT, 'test'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== 'test-runner.test.ts' && !f.startsWith('fixtures'));
  // An elapsed time compared with a limit, a child process killed after a time, a timer that fails a wait.
  const limits = [/(now\(\)|hrtime(\.bigint)?\(\))\s*-\s*[\w.]+\s*<|\b\w*[mM]s\s*<\s*[\d_]+|\btimeout:\s*[\d_]+|setTimeout\(\(\)\s*=>\s*(reject|fail)\b|vim\.wait\(\d+,/];
  const timed: string[] = [];
  for (const f of files) {
    const text = readFileSync(join(REPO_ROOT, 'test', f), 'utf8');
    for (const re of limits) if (re.test(text)) timed.push(`${f}: ${re.exec(text)?.[0]}`);
  }
  assert.equal(timed, []);
});

test.run();
