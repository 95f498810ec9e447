// Bundles the CLI into one ESM file so that start-up loads no TypeScript and few modules.
// The bundles are committed (dist/cli.js, lsp.js, eslint-plugin.js): a git install
// (`npm install -g git+…`, as pre-commit 4.6 installs a node hook) runs no build with dev
// dependencies, so it uses them as they are; a test checks they are current.
// `--outdir DIR` writes them elsewhere (a test compares them with the committed ones).
// `--action [FILE]` bundles the GitHub Action instead (dist/action.js, committed: a workflow
// runs it straight from the repository, without npm install); a test checks it is current.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * @actions/core's modules are pure declarations, but esbuild cannot know it and would keep
 * what the Action never calls: getIDToken's HTTP client (undici) and the exec-based platform
 * probe. Declared side-effect free, they are left out unless used.
 */
const actionsCorePure = {
  name: 'actions-core-pure',
  setup(b) {
    b.onResolve({ filter: /^\.\/(oidc-utils|platform)\.js$/ }, async (args) => {
      if (!/[\\/]@actions[\\/]core[\\/]/.test(args.importer) || args.pluginData?.pure) return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { pure: true } });
      return { ...r, sideEffects: false };
    });
  },
};

/** The Action's bundle, to `outfile`: no source map, so that the committed file is all there is. */
export function buildAction(outfile) {
  return build({ ...common, entryPoints: ['src/action-main.ts'], outfile, sourcemap: false, plugins: [actionsCorePure] });
}

/** The CLI, language server and ESLint plugin bundles, into `outdir` (the maps beside them are not committed). */
export function buildBundles(outdir) {
  return build({ ...common, entryPoints: { cli: 'src/main.ts', lsp: 'src/lsp-main.ts', 'eslint-plugin': 'src/eslint-plugin.ts' }, outdir, sourcemap: 'linked' });
}

// Imported (by a test, or the prepare script), it builds nothing by itself.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--action');
  if (at !== -1) await buildAction(process.argv[at + 1] ?? 'dist/action.js');
  else {
    const out = process.argv.indexOf('--outdir');
    await buildBundles(out !== -1 ? process.argv[out + 1] : 'dist');
  }
}
