// Bundles the CLI into one ESM file so that start-up loads no TypeScript and few modules.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __meshlintRequire } from 'node:module'; const require = __meshlintRequire(import.meta.url);" },
});
