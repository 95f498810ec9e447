// Runs the uvu suites (TypeScript through tsx) and ends with one plain summary line:
// "tests: N passed, N failed, N skipped".
// Networking is disabled for the whole suite (test/helpers/no-network.mjs, preloaded): in the
// test process, and through NODE_OPTIONS in every Node process a test starts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const uvu = fileURLToPath(new URL('../node_modules/uvu/bin.js', import.meta.url));
// A file URL: percent-encoded, so it needs no quoting inside NODE_OPTIONS.
const noNetwork = new URL('../test/helpers/no-network.mjs', import.meta.url).href;
// NODE_OPTIONS preloads it into the uvu process itself as well, before tsx.
const nodeOptions = [process.env.NODE_OPTIONS, `--import=${noNetwork}`].filter(Boolean).join(' ');
const args = ['--import', 'tsx', uvu, 'test', '\\.test\\.ts$', ...(process.stdout.isTTY ? [] : ['--no-color']), ...process.argv.slice(2)];
const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: nodeOptions, FORCE_COLOR: '0' } });
let out = '';
child.stdout.on('data', (d) => {
  out += d;
  process.stdout.write(d);
});
child.on('close', (code) => {
  const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(out)?.[1] ?? 0);
  const total = num('Total');
  const passed = num('Passed');
  const skipped = num('Skipped');
  const failed = Math.max(total - passed - skipped, code === 0 ? 0 : 1);
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exitCode = code === 0 && failed === 0 ? 0 : 1;
});
