#!/usr/bin/env node
// Runs the bundled CLI, or the language server for `meshlint lsp`. The bundles are built by
// `npm install` / `npm ci` (the prepare script).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1 and later keep compiled modules between runs (as ESLint's bin does): the language
// server's. The CLI's script keeps its own (compile-cache.js), on every Node version.
module.enableCompileCache?.();

const lsp = process.argv[2] === 'lsp';
const bundle = new URL(lsp ? '../dist/lsp.js' : '../dist/cli.cjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(`meshlint: meshlint is not built yet (${bundle.pathname.split('/').slice(-2).join('/')} is missing). Run "npm run build" in the meshlint folder.\n`);
  process.exit(2);
}
if (lsp) await import(bundle.href);
else (await import('./compile-cache.js')).runCached(fileURLToPath(bundle));
