// Program entry for the bundled CLI (dist/cli.js). The same file runs the parse workers the
// CLI starts for large inputs (src/parse/pool.ts).
import { main } from './cli.ts';
import { isParseWorker, serveParses } from './parse/pool.ts';

if (isParseWorker()) serveParses();
else main();
