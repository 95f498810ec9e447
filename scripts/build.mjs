// Bundles the CLI into one ESM file so that start-up loads no TypeScript and few modules.
// `--action [FILE]` bundles the GitHub Action instead (dist/action.js, committed: a workflow
// runs it straight from the repository, without npm install); a test checks it is current.
import { build } from 'esbuild';

/** Options shared by every bundle. */
export const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __meshlintRequire } from 'node:module'; const require = __meshlintRequire(import.meta.url);" },
};

/** The Action's bundle, to `outfile`: no source map, so that the committed file is all there is. */
export function buildAction(outfile) {
  return build({ ...common, entryPoints: ['src/action-main.ts'], outfile, sourcemap: false });
}

const at = process.argv.indexOf('--action');
if (at !== -1) {
  await buildAction(process.argv[at + 1] ?? 'dist/action.js');
} else {
  await build({ ...common, entryPoints: { cli: 'src/main.ts', lsp: 'src/lsp-main.ts', 'eslint-plugin': 'src/eslint-plugin.ts' }, outdir: 'dist', sourcemap: 'linked' });
}
