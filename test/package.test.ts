// The npm package as published: the files `npm pack` puts in the tarball, the metadata, and
// the tarball installed as the README says (`npm install -g ./meshlint-<version>.tgz`) into a
// scratch prefix, offline, then run. Packs the built dist/ (npm test builds it first).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { DOCS_URL, HOMEPAGE } from '../src/common/meta.ts';

interface PackageJson {
  name: string;
  version: string;
  license: string;
  homepage: string;
  repository: { type: string; url: string };
  bugs: { url: string };
  dependencies?: Record<string, string>;
  bin: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;
const BUNDLES = ['dist/cli.cjs', 'dist/lsp.js', 'dist/eslint-plugin.js'];
/** The files the bundles load when used: the validators and the packages loaded lazily (scripts/build.mjs). */
const LOADED = (): string[] => (existsSync(join(REPO_ROOT, 'dist')) ? readdirSync(join(REPO_ROOT, 'dist')) : []).filter((f) => /\.cjs$/.test(f) && f !== 'cli.cjs').map((f) => `dist/${f}`);

const output = (r: SpawnSyncReturns<string>): string => `exit ${r.status}\n${r.stdout}\n${r.stderr}`;

/** npm, offline, with its cache in `cache` (never the user's), no audit or funding calls. */
function npm(args: string[], cwd: string, cache: string): SpawnSyncReturns<string> {
  return spawnSync('npm', [...args, '--offline', '--cache', cache, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

function assertBuilt(): void {
  for (const b of BUNDLES) assert.ok(existsSync(join(REPO_ROOT, b)), `${b} is missing: run "npm run build" first`);
}

test('npm pack: LICENSE, README, every rule page, the config schema and the bundles; no source map, no sources, no tests', () => {
  assertBuilt();
  withTemp((t) => {
    // --ignore-scripts: the bundles as built, not a second build by the prepare script.
    const r = npm(['pack', '--dry-run', '--json', '--ignore-scripts'], REPO_ROOT, t.path('cache'));
    assert.is(r.status, 0, output(r));
    const [packed] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
    assert.is(packed?.filename, `meshlint-${pkg.version}.tgz`);
    const files = (packed?.files ?? []).map((f) => f.path).sort();
    const rules = readdirSync(join(REPO_ROOT, 'rules')).filter((f) => f.endsWith('.md')).map((f) => `rules/${f}`);
    assert.ok(rules.length > 10, 'the rule pages are found');
    const expected = ['LICENSE', 'README.md', 'package.json', 'bin/compile-cache.js', 'bin/meshlint.js', 'bin/package.json', 'schema/meshlint.schema.json', ...BUNDLES, ...LOADED(), ...rules].sort();
    assert.equal(files, expected);
    assert.not.ok(files.some((f) => f.endsWith('.map') || f.startsWith('test/') || f.startsWith('src/')));
  });
});

test('package metadata: Apache-2.0 with its LICENSE text, the repository, no runtime dependencies, rule links to pages that exist', () => {
  assert.is(pkg.license, 'Apache-2.0');
  const license = readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8');
  assert.match(license, /^\s*Apache License\n\s+Version 2\.0, January 2004\n/);
  assert.match(license, /END OF TERMS AND CONDITIONS/);
  assert.is(pkg.repository.url, `git+${HOMEPAGE}.git`);
  assert.is(pkg.homepage, `${HOMEPAGE}#readme`);
  assert.is(pkg.bugs.url, `${HOMEPAGE}/issues`);
  assert.equal(pkg.dependencies ?? {}, {}, 'every dependency is bundled: the package has none at run time');
  // A link leads to a page that exists: the main branch, while no release is tagged.
  assert.is(DOCS_URL, `${HOMEPAGE}/blob/main/rules`);
});

test('the committed bundles (dist/cli.cjs, lsp.js, eslint-plugin.js: a git install builds nothing) are what the sources build (else: npm run build, and commit them)', () => {
  // Beside dist/, at the same depth: the CLI's chunk names hash their source maps' relative paths.
  const t = { dir: join(REPO_ROOT, `.dist-check-${process.pid}`), cleanup: () => rmSync(join(REPO_ROOT, `.dist-check-${process.pid}`), { recursive: true, force: true }) };
  try {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', t.dir], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.is(built.status, 0, output(built));
    // Every file the build writes (the CLI's chunks and the .cjs files it loads when needed too), maps aside.
    const written = readdirSync(t.dir).filter((f) => !f.endsWith('.map')).map((f) => `dist/${f}`).sort();
    const tracked = spawnSync('git', ['ls-files', 'dist'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.split('\n').filter((f) => f && f !== 'dist/action.js').sort();
    assert.equal(tracked, written, 'the committed dist/ files are the ones the build writes: npm run build, then git add dist (and git rm the stale ones)');
    for (const b of [...new Set([...BUNDLES, ...written])]) {
      const committed = spawnSync('git', ['show', `:${b}`], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      assert.is(committed.status, 0, `${b} is not committed: git add -f ${b}`);
      assert.ok(committed.stdout === readFileSync(join(t.dir, b.slice('dist/'.length)), 'utf8'), `${b} is out of date with src/: run "npm run build" and commit it`);
    }
  } finally {
    t.cleanup();
  }
});

test('npm run pack: the published package.json has no scripts and no dev dependencies, so its install runs and warns about nothing', () => {
  assertBuilt();
  withTemp((t) => {
    const r = spawnSync(process.execPath, ['scripts/pack.mjs', t.dir], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.is(r.status, 0, output(r));
    const tarball = join(t.dir, `meshlint-${pkg.version}.tgz`);
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as Record<string, unknown>;
    assert.is(manifest.scripts, undefined);
    assert.is(manifest.devDependencies, undefined);
    assert.equal(manifest.bin, pkg.bin);
  });
});

test('the packed tarball (npm run pack) installs offline into a fresh prefix (npm install -g), with no warning, and runs', () => {
  assertBuilt();
  withTemp((t) => {
    const cache = t.path('cache');
    const pack = spawnSync(process.execPath, ['scripts/pack.mjs', t.dir], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.is(pack.status, 0, output(pack));
    const tarball = join(t.dir, `meshlint-${pkg.version}.tgz`);
    assert.ok(existsSync(tarball), output(pack));

    const prefix = t.path('prefix');
    const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, tarball, '--offline', '--cache', cache, '--no-audit', '--no-fund'], { cwd: t.dir, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    assert.is(install.status, 0, output(install));
    assert.not.match(install.stderr, /warn/i, output(install));
    const installed = join(prefix, 'lib', 'node_modules', 'meshlint');
    assert.not.ok(existsSync(join(installed, 'node_modules')), 'nothing else is installed with it');

    const bin = join(prefix, 'bin', 'meshlint');
    const version = spawnSync(bin, ['--version'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(version.status, 0, output(version));
    assert.is(version.stdout.trim(), pkg.version);

    // And it lints: a hostNetwork pod that asks for a sidecar is an error.
    t.write('app/pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    sidecar.istio.io/inject: "true"\nspec:\n  hostNetwork: true\n  containers:\n    - name: c\n      image: nginx\n');
    const lint = spawnSync(bin, ['-f', 'json', 'app/'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(lint.status, 1, output(lint));
    const report = JSON.parse(lint.stdout) as { messages: { ruleId: string }[] }[];
    assert.ok(report[0]?.messages.some((m) => m.ruleId === 'injection-host-network'), lint.stdout);

    // What it loads only when asked for is installed too: the config's validators, a quoted
    // glob, a subcommand, the patch of --fix-dry-run.
    t.write('app/.meshlint.yaml', 'rules:\n  startup-order-hold: [warn, {ignore: "app in (a"}]\n');
    const config = spawnSync(bin, ['app/pod.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(config.status, 2, output(config));
    assert.match(config.stderr, 'options[0].ignore: not a label selector');
    t.write('app/.meshlint.yaml', 'rules:\n  startup-order-hold: [warn, {ignore: "app in (a)"}]\n');
    const glob = spawnSync(bin, ['-f', 'json', 'app/*.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(glob.status, 1, output(glob));
    const explained = spawnSync(bin, ['explain', 'app/pod.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(explained.status, 0, output(explained));
    assert.match(explained.stdout, 'Pod p');
    t.write('app/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    a: true\n');
    const dry = spawnSync(bin, ['--fix-dry-run', 'app/cm.yaml'], { cwd: t.dir, encoding: 'utf8' });
    assert.match(dry.stdout, '+    a: "true"', output(dry));
  });
});

test.run();
