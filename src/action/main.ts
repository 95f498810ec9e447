// Program entry for the GitHub Action's bundle (dist/action.js, committed: actions do not build).
import { runAction } from './action.ts';

process.exitCode = await runAction();
