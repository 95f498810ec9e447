// What a plain lint loads, from the built bundle: no ajv (the validators are compiled at build
// time), no glob and no diff (loaded when a pattern or --fix-dry-run needs them), and ASCII
// only, which Node holds as one byte a character. The subcommands' modules are in the script,
// evaluated when one runs (loadSubcommands); the code cache (bin/compile-cache.js) makes the
// bytes of code that does not run cost next to nothing at a start.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { CONFIG_SCHEMA_AFTER_RULES, optionsSchemaOf } from '../src/engine/schema.ts';
import { validatorOf } from '../src/engine/validators.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { POOL_MIN_BYTES } from '../src/parse/pool.ts';
import { skipping } from './helpers/skip.ts';

const DIST = join(REPO_ROOT, 'dist');

/** The files the CLI's entry loads before it runs: its one script (the others are required when needed). */
function loadedAtStart(): string[] {
  const text = readFileSync(join(DIST, 'cli.cjs'), 'utf8');
  assert.not.match(text, /\bimport\(/, 'no import(): the script is compiled with a code cache, as a script');
  return ['cli.cjs'];
}

const sourcesOf = (file: string): string[] => (JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { sources: string[] }).sources;

test('a plain lint loads no ajv, glob or diff code', () => {
  if (!existsSync(join(DIST, 'cli.cjs.map'))) {
    skipping('the bundle checks: run "npm run build" first');
    return;
  }
  const files = loadedAtStart();
  assert.ok(files.length >= 1);
  const sources = files.flatMap(sourcesOf);
  assert.ok(sources.some((s) => s.endsWith('src/engine/linter.ts')), 'the sources are read');
  const unwanted = /node_modules\/(?:ajv|glob|minimatch|path-scurry|lru-cache|diff)\//;
  assert.equal(sources.filter((s) => unwanted.test(s)), []);
  // The validators loaded with a config are plain functions: none of ajv's compiler is in them.
  const validators = readFileSync(join(DIST, 'validators.cjs'), 'utf8');
  assert.ok(validators.includes('label selector') || validators.includes('additionalProperties'), 'the validators were built');
  assert.not.match(validators, 'strict mode: unknown keyword');
});

test('the validators compiled at build time judge as ajv does when it compiles them at run time, for the config and every rule', () => {
  if (!existsSync(join(DIST, 'validators.cjs'))) return;
  const built = createRequire(import.meta.url)(join(DIST, 'validators.cjs')) as { validatorOf: typeof validatorOf };
  const schemas = [CONFIG_SCHEMA_AFTER_RULES, ...allRules.flatMap((r) => (r.meta.schema === undefined ? [] : [optionsSchemaOf(r.meta.schema as never)]))];
  const values: unknown[] = [undefined, null, 1, 'x', [], [{}], [{ ignore: 'app in (a' }], [{ ignore: 'app in (a)' }], [{ nope: 1 }], ['x', 2], { rules: [] }, { rules: {} }, { istio: { version: 1.3 } }, { helm: { charts: [{ path: 'x', namespace: 3 }] } }, { foo: 1 }, { namespaces: { a: { labels: { b: true } } } }];
  for (const schema of schemas) {
    const atRunTime = validatorOf(schema);
    const atBuild = built.validatorOf(schema);
    for (const value of values) {
      const a = atRunTime(value);
      const b = atBuild(value);
      const first = (v: typeof atRunTime): string => JSON.stringify(v.errors?.map((e) => [e.keyword, e.instancePath, e.params, e.data]));
      assert.is(b, a, JSON.stringify(value));
      assert.is(first(atBuild), first(atRunTime), JSON.stringify(value));
    }
  }
});

test('every file of the bundles is ASCII', () => {
  if (!existsSync(join(DIST, 'cli.cjs'))) return;
  for (const f of readdirSync(DIST).filter((n) => /\.c?js$/.test(n))) {
    const text = readFileSync(join(DIST, f), 'utf8');
    const at = text.search(/[^\x00-\x7f]/);
    assert.is(at, -1, `${f}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`);
  }
});


test('a run over megabytes tunes the compiler (tuneForLongRun) without a word on either stream', () => {
  if (!existsSync(join(DIST, 'cli.cjs'))) return;
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-long-run-'));
  try {
    const doc = (i: number): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-${i}\n  namespace: shop\ndata:\n  greeting: ${'hello '.repeat(100)}\n---\n`;
    const count = Math.ceil(POOL_MIN_BYTES / doc(0).length) + 1;
    writeFileSync(join(dir, 'big.yaml'), Array.from({ length: count }, (_, i) => doc(i)).join(''));
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'meshlint.js'), 'big.yaml', '-f', 'json', '--concurrency', '1'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    assert.is(run.status, 0, run.stderr);
    assert.not.match(run.stdout + run.stderr, /flag/i);
    assert.equal((JSON.parse(run.stdout) as unknown[]).length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
