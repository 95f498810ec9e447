// Program entry for the bundled CLI (dist/cli.cjs). The same file runs the parse workers the
// CLI starts for large inputs (src/parse/pool.ts).
import { main } from './cli.ts';
import { isParseWorker, serveParses } from '../parse/pool.ts';
import { loadSubcommands, SUBCOMMANDS } from './subcommands.ts';

if (isParseWorker()) serveParses();
else {
  // A subcommand's code is loaded before the (synchronous) command line runs; any argument
  // that names one loads it, which is a superset of the commands that run.
  if (process.argv.slice(2).some((a) => SUBCOMMANDS.has(a))) void loadSubcommands().then(() => main(new URL(import.meta.url)));
  else main(new URL(import.meta.url));
}
