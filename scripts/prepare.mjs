// Builds the bundles before `npm run pack` when the dev dependencies are installed (`npm ci`
// in a clone); without them the committed bundles are the build, and it only checks they are
// there. It is no npm install script: a git install (`npm install -g --install-links git+…`,
// which pre-commit 4.6 runs for a node hook) must run nothing, and npm 11 asks before running a
// git package's scripts.
import { existsSync } from 'node:fs';

const BUNDLES = ['dist/cli.cjs', 'dist/lsp.js', 'dist/eslint-plugin.js'];

// Installed here, not found up the folder tree (a ~/node_modules/esbuild would not bring
// the other dev dependencies the build needs).
const esbuild = existsSync(new URL('../node_modules/esbuild/package.json', import.meta.url));
if (esbuild) {
  const { buildBundles } = await import('./build.mjs');
  await buildBundles('dist');
} else {
  const missing = BUNDLES.filter((b) => !existsSync(new URL(`../${b}`, import.meta.url)));
  if (missing.length > 0) {
    process.stderr.write(`meshlint: ${missing.join(', ')} missing, and esbuild is not installed to build them: run "npm ci" in a clone\n`);
    process.exitCode = 1;
  }
}
