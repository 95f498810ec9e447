// Runs the uvu suites (TypeScript through tsx) and ends with one plain summary line:
// "tests: N passed, N failed, N skipped", counted from the runner's result (scripts/uvu-run.mjs),
// never parsed from its text. Arguments: an optional file pattern, --bail, and --dir=DIR
// (test/ by default).
// Networking is disabled for the whole suite (test/helpers/no-network.mjs, preloaded): in the
// test process, and through NODE_OPTIONS in every Node process a test starts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('./uvu-run.mjs', import.meta.url));
// A file URL: percent-encoded, so it needs no quoting inside NODE_OPTIONS.
const noNetwork = new URL('../test/helpers/no-network.mjs', import.meta.url).href;
// NODE_OPTIONS preloads it into the runner process itself as well, before tsx.
const nodeOptions = [process.env.NODE_OPTIONS, `--import=${noNetwork}`].filter(Boolean).join(' ');
const pattern = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '\\.test\\.ts$';
const dir = process.argv.slice(2).find((a) => a.startsWith('--dir='))?.slice('--dir='.length) ?? 'test';
const flags = process.argv.slice(2).filter((a) => a.startsWith('-') && !a.startsWith('--dir='));
const scratch = mkdtempSync(join(tmpdir(), 'meshlint-tests-'));
const resultFile = join(scratch, 'result.json');
const child = spawn(process.execPath, ['--import', 'tsx', runner, dir, pattern, ...flags], {
  stdio: ['ignore', 'inherit', 'inherit'],
  // Colours off in every process a test starts: tests read plain output.
  env: { ...process.env, NODE_OPTIONS: nodeOptions, FORCE_COLOR: '0', MESHLINT_TEST_RESULT: resultFile },
});
child.on('close', (code, signal) => {
  let counts;
  try {
    counts = JSON.parse(readFileSync(resultFile, 'utf8'));
  } catch {
    counts = undefined; // the runner ended before it could count
  }
  rmSync(scratch, { recursive: true, force: true });
  const passed = counts?.passed ?? 0;
  const skipped = counts?.skipped ?? 0;
  const failed = Math.max(counts?.failed ?? 0, code === 0 ? 0 : 1);
  if (!counts) console.log(`the test runner ended early (${signal ?? `exit ${code}`})`);
  else if (counts.failures.length > 0) console.log(`failed in: ${[...new Set(counts.failures)].join(', ')}`);
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exitCode = code === 0 && failed === 0 && counts ? 0 : 1;
});
