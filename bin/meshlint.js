#!/usr/bin/env node
// Runs the bundled CLI, or the language server for `meshlint lsp`. The bundles are built by
// `npm install` / `npm ci` (the prepare script).
//
// This folder's scripts are CommonJS (bin/package.json): Node loads a CommonJS entry without
// its ES module loader, about a tenth of the time `node -e 0` takes, on every run.
'use strict';
const { existsSync } = require('node:fs');
const { enableCompileCache } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

// Node 22.1 and later keep compiled modules between runs (as ESLint's bin does): the language
// server's. The CLI's script keeps its own (compile-cache.js), on every Node version.
enableCompileCache?.();

const lsp = process.argv[2] === 'lsp';
const name = lsp ? 'lsp.js' : 'cli.cjs';
const bundle = join(__dirname, '..', 'dist', name);
if (!existsSync(bundle)) {
  process.stderr.write(`meshlint: meshlint is not built yet (dist/${name} is missing). Run "npm run build" in the meshlint folder.\n`);
  process.exit(2);
}
if (lsp) import(pathToFileURL(bundle).href);
else require('./compile-cache.js').runCached(bundle);
