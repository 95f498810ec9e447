// A parse worker running from the TypeScript sources, for the tests (the bundled CLI starts
// its workers from its own file): tsx's loader first, then the worker's side of the pool.
import { register } from 'tsx/esm/api';

register();
const { serveParses } = await import('../../src/parse/pool.ts');
serveParses();
