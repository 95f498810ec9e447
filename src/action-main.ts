// Program entry for the GitHub Action's bundle (dist/action.js, committed: actions do not build).
import { runAction } from './action.ts';

process.exitCode = runAction({
  cwd: process.cwd(),
  env: process.env,
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
