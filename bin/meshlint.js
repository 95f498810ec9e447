#!/usr/bin/env node
// Runs the bundled CLI. The bundle is built by `npm install` / `npm ci` (the prepare script).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('meshlint: the CLI is not built yet (dist/cli.js is missing). Run "npm run build" in the meshlint folder.\n');
  process.exit(2);
}
await import(bundle.href);
