// Bundles the CLI into one file so that start-up loads no TypeScript and few modules: a
// CommonJS script (dist/cli.cjs), which bin/meshlint.js compiles with V8's code cache (see
// there). The bundles are committed (dist/cli.cjs, lsp.js, eslint-plugin.js, the .cjs files
// beside them): a git install (`npm install -g git+…`, as pre-commit 4.6 installs a node
// hook) runs no build with dev dependencies, so it uses them as they are; a test checks they
// are current. `--outdir DIR` writes them elsewhere (a test compares them with the committed ones).
// `--action [FILE]` bundles the GitHub Action instead (dist/action.js, committed: a workflow
// runs it straight from the repository, without npm install); a test checks it is current.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
 * The `yaml` package as ES modules (its build for other platforms, the same code): its
 * CommonJS build is a chain of require() calls run at start-up, all of it whether used or not;
 * as ES modules, esbuild keeps only what meshlint calls and runs no wrapper.
 */
const yamlAsModules = {
  name: 'yaml-as-modules',
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, (args) => (/[\\/]src[\\/]|[\\/]rules[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('../node_modules/yaml/browser/dist/index.js', import.meta.url)) } : undefined));
  },
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
export async function buildAction(outfile) {
  await build({ ...common, entryPoints: ['src/action/main.ts'], outfile, sourcemap: false, plugins: [actionsCorePure] });
  asciiOnly([outfile]);
}

/**
 * The config and rule-option validators, compiled at build time (scripts/validators.ts) into
 * dist/validators.cjs: src/engine/validators.ts (ajv, compiling when first asked) becomes a
 * stub that loads that file the first time a schema is checked. A run without a config loads
 * neither; a run with one loads plain functions, never ajv.
 */
const VALIDATORS_FILE = 'validators.cjs';
/**
 * How a bundle loads a chunk of its own: the CLI's script through the `require` it was run with
 * (bin/compile-cache.js gives one that loads chunks from the code cache, as it runs the script),
 * which its banner keeps as __meshlintChunkRequire; the ES module bundles through createRequire.
 */
const CHUNK_REQUIRE = "function chunkRequire() { return typeof __meshlintChunkRequire === 'function' ? __meshlintChunkRequire : createRequire(import.meta.url); }";
const validatorsAtBuildTime = {
  name: 'validators-at-build-time',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]engine[\\/]validators\.ts$/ }, () => ({
      loader: 'js',
      contents: [
        "import { createRequire } from 'node:module';",
        'let compiled;',
        `export function validatorOf(schema) { compiled ??= chunkRequire()('./${VALIDATORS_FILE}'); return compiled.validatorOf(schema); }`,
        CHUNK_REQUIRE,
      ].join('\n'),
    }));
  },
};

/**
 * Packages a plain lint does not call, each bundled into a file of its own and loaded the first
 * time one of its functions is: glob for a path that does not exist (a quoted pattern), diff
 * for --fix-dry-run, semver for chart versions (8 ms of start-up to evaluate). The names are
 * the functions meshlint imports of them.
 */
const LAZY_PACKAGES = { glob: ['globSync', 'hasMagic'], diff: ['createTwoFilesPatch'], semver: ['gt', 'prerelease', 'satisfies', 'valid', 'validRange'] };
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    const filter = new RegExp(`^(?:${Object.keys(LAZY_PACKAGES).join('|')})$`);
    b.onResolve({ filter }, (args) => (/[\\/]src[\\/]/.test(args.importer) ? { path: args.path, namespace: 'lazy-package' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      loader: 'js',
      contents: [
        "import { createRequire } from 'node:module';",
        'let loaded;',
        `const load = () => (loaded ??= chunkRequire()('./${args.path}.cjs'));`,
        CHUNK_REQUIRE,
        ...LAZY_PACKAGES[args.path].map((name) => `export function ${name}(...args) { return load().${name}(...args); }`),
      ].join('\n'),
    }));
  },
};

function buildLazyPackages(outdir) {
  return Promise.all(Object.entries(LAZY_PACKAGES).map(([name, names]) =>
    build({ ...common, banner: {}, format: 'cjs', minify: true, stdin: { contents: `export { ${names.join(', ')} } from '${name}';`, loader: 'js', resolveDir: fileURLToPath(new URL('.', import.meta.url)), sourcefile: `${name}.js` }, outfile: `${outdir}/${name}.cjs` })));
}

/**
 * Node holds a source that is all ASCII as one byte a character, any other as two: esbuild
 * escapes strings but not regular expressions or the comments it keeps, so those characters
 * are escaped here (the same in a regular expression, inert in a comment).
 */
function asciiOnly(files) {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) writeFileSync(file, ascii);
  }
}

async function buildValidators(outdir) {
  const { tsImport } = await import('tsx/esm/api');
  const { validatorsModule } = await tsImport('./validators.ts', import.meta.url);
  const selector = fileURLToPath(new URL('../src/model/injection/selector.ts', import.meta.url));
  const contents = validatorsModule(selector);
  await build({ ...common, banner: {}, format: 'cjs', minify: true, stdin: { contents, loader: 'js', resolveDir: fileURLToPath(new URL('.', import.meta.url)), sourcefile: 'validators.generated.js' }, outfile: `${outdir}/${VALIDATORS_FILE}` });
}

/**
 * src/cli/subcommands.ts as a module evaluated only when a subcommand runs (loadSubcommands(),
 * from src/cli/main.ts): in the CLI's bundle, the module cli.ts and main.ts import is a
 * stand-in whose bindings loadSubcommands() fills from it. Its exports are read from the module's text: the names it re-exports
 * (types aside), SUBCOMMANDS (a Set of strings, copied) and loadSubcommands.
 */
const SUBCOMMANDS_FILE = fileURLToPath(new URL('../src/cli/subcommands.ts', import.meta.url));
const subcommandsChunk = {
  name: 'subcommands-chunk',
  setup(b) {
    b.onResolve({ filter: /^\.\/subcommands\.ts$/ }, (args) => ({ path: SUBCOMMANDS_FILE, namespace: 'subcommands-stub' }));
    b.onResolve({ filter: /^subcommands-chunk$/ }, () => ({ path: SUBCOMMANDS_FILE }));
    b.onLoad({ filter: /.*/, namespace: 'subcommands-stub' }, () => {
      const text = readFileSync(SUBCOMMANDS_FILE, 'utf8');
      const names = [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')));
      const set = /SUBCOMMANDS[^=]*= new Set\((\[[^\]]*\])\)/.exec(text)?.[1];
      if (!set || names.length === 0) throw new Error('src/cli/subcommands.ts: its exports are not what scripts/build.mjs reads');
      return {
        loader: 'js',
        resolveDir: dirname(SUBCOMMANDS_FILE),
        contents: [
          `export const SUBCOMMANDS = new Set(${set});`,
          `export let ${names.join(', ')};`,
          'export async function loadSubcommands() {',
          "  const m = await import('subcommands-chunk');",
          `  ({ ${names.join(', ')} } = m);`,
          '}',
        ].join('\n'),
      };
    });
  },
};

/** In the CLI's script, what `import.meta.url` is in its modules: the script's own file. */
const CJS_BANNER = 'const __meshlintUrl = require("node:url").pathToFileURL(__filename).href, __meshlintChunkRequire = require;';

/** The CLI, language server and ESLint plugin bundles, into `outdir` (the maps beside them are not committed). */
export async function buildBundles(outdir) {
  // The CLI's code is minified: V8 reads all of it at a start without a code cache, and
  // whitespace and long names are most of its bytes; the source map names the sources in stack
  // traces. MESHLINT_BUILD_UNMINIFIED=1 keeps it readable, for a CPU profile.
  const minify = process.env.MESHLINT_BUILD_UNMINIFIED === undefined;
  // The ESM bundle and chunks of earlier builds would be packed with the new file.
  for (const f of existsSync(outdir) ? readdirSync(outdir) : []) if (/^cli(?:-.*)?\.js(?:\.map)?$/.test(f)) rmSync(`${outdir}/${f}`);
  await Promise.all([
    // A script, not a module: Node 20 offers a code cache (vm.Script's cachedData) for scripts
    // only. The subcommands stay a module of their own, evaluated when one runs.
    build({ ...common, format: 'cjs', banner: { js: CJS_BANNER }, define: { 'import.meta.url': '__meshlintUrl' }, entryPoints: { cli: 'src/cli/main.ts' }, outExtension: { '.js': '.cjs' }, outdir, minify, sourcemap: 'linked', plugins: [validatorsAtBuildTime, lazyPackages, subcommandsChunk, yamlAsModules] }),
    build({ ...common, entryPoints: { lsp: 'src/lsp/main.ts' }, outdir, sourcemap: 'linked', plugins: [validatorsAtBuildTime, lazyPackages, yamlAsModules] }),
    // yaml-eslint-parser brings the `yaml` package in its CommonJS build: meshlint's code shares it.
    build({ ...common, entryPoints: { 'eslint-plugin': 'src/eslint/plugin.ts' }, outdir, sourcemap: 'linked', plugins: [validatorsAtBuildTime, lazyPackages] }),
    buildValidators(outdir),
    buildLazyPackages(outdir),
  ]);
  asciiOnly(readdirSync(outdir).filter((f) => /\.c?js$/.test(f) && f !== 'action.js').map((f) => `${outdir}/${f}`));
}

/**
 * A benchmark's probe (scripts/bench/*.ts) as the CLI is built (the same plugins, minified),
 * into `outdir` with the chunks it loads: it runs part of meshlint's code as the CLI runs it.
 */
export async function buildProbe(entry, outdir) {
  await Promise.all([
    build({ ...common, format: 'cjs', banner: { js: CJS_BANNER }, define: { 'import.meta.url': '__meshlintUrl' }, entryPoints: { probe: entry }, outExtension: { '.js': '.cjs' }, outdir, minify: true, plugins: [validatorsAtBuildTime, lazyPackages, yamlAsModules] }),
    buildValidators(outdir),
    buildLazyPackages(outdir),
  ]);
  return `${outdir}/probe.cjs`;
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
