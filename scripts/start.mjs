// `npm start`: lints examples/ with the sample config. The bad examples make meshlint exit
// with 1, which is what they are for; any other non-zero code is a real failure.
import { spawnSync } from 'node:child_process';

const r = spawnSync(process.execPath, ['bin/meshlint.js', '--config', 'examples/.meshlint.yaml', 'examples/', ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.status === 1) {
  console.log('\nThese are the problems the examples/*/bad.yaml files demonstrate (exit code 1). The good.yaml files are clean.');
  process.exitCode = 0;
} else process.exitCode = r.status ?? 2;
