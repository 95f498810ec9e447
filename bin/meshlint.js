#!/usr/bin/env node
// Runs the bundled CLI, or the language server for `meshlint lsp`. The bundles are built by
// `npm install` / `npm ci` (the prepare script).
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later keep compiled code between runs (as ESLint's bin does): a faster start.
module.enableCompileCache?.();

const bundle = new URL(process.argv[2] === 'lsp' ? '../dist/lsp.js' : '../dist/cli.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(`meshlint: meshlint is not built yet (${bundle.pathname.split('/').slice(-2).join('/')} is missing). Run "npm run build" in the meshlint folder.\n`);
  process.exit(2);
}
await import(bundle.href);
