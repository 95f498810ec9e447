// Runs the uvu suites (TypeScript through tsx) and ends with one plain summary line:
// "tests: N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const uvu = fileURLToPath(new URL('../node_modules/uvu/bin.js', import.meta.url));
const args = ['--import', 'tsx', uvu, 'test', '\\.test\\.ts$', ...(process.stdout.isTTY ? [] : ['--no-color']), ...process.argv.slice(2)];
const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } });
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
