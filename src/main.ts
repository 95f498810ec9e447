// Program entry for the bundled CLI (dist/cli.js).
import { main } from './cli.ts';

main();
