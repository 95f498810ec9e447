// The layers of src/ (docs/architecture.md): every import runs from a layer to one below it, or
// within its own folder, never upward. A new top-level folder or file in src/ must be placed in
// LAYERS first, so that its place is a decision.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from './helpers/shared.ts';

/**
 * Each layer's rank, lowest first. Shells share a rank and do not import each other, except
 * the GitHub Action, which runs the CLI's lint and diff with its own inputs.
 */
const LAYERS: Readonly<Record<string, number>> = {
  common: 0,
  parse: 1,
  model: 2,
  load: 3,
  engine: 4,
  rules: 5,
  format: 6,
  cli: 7,
  lsp: 7,
  eslint: 7,
  action: 8,
};

/** The layer a repository path belongs to: a folder of src/, or rules/; undefined outside both. */
function layerOf(repoPath: string): string | undefined {
  const parts = repoPath.split('/');
  if (parts[0] === 'rules') return 'rules';
  if (parts[0] !== 'src') return undefined;
  return parts.length > 2 ? parts[1] : `src/${parts[1]}`;
}

/** The relative module specifiers a source imports: static, re-exports, side-effect and dynamic imports, types included. */
export function importsOf(source: string): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(/(?:^|[\s;])(?:import|export)\s[^'";]*?\sfrom\s*(['"])([^'"]+)\1|(?:^|[\s;])import\s*(['"])([^'"]+)\3|\bimport\(\s*(['"])([^'"]+)\5\s*\)/g)) {
    const spec = m[2] ?? m[4] ?? m[6];
    if (spec?.startsWith('.')) specs.push(spec);
  }
  return specs;
}

/** What is wrong with an import from `from` to `to` (repository paths), if anything. */
export function arrowProblem(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === undefined) return `${from} is in no layer`;
  if (b === undefined || a === b) return undefined;
  const ra = LAYERS[a];
  const rb = LAYERS[b];
  if (ra === undefined) return `${from}: src/${a} is not in LAYERS (test/layers.test.ts): place it`;
  if (rb === undefined) return `${to}: its folder is not in LAYERS (test/layers.test.ts): place it`;
  if (rb > ra) return `${from} imports ${to}: ${a} is below ${b}`;
  if (rb === ra) return `${from} imports ${to}: the shells ${a} and ${b} do not import each other`;
  return undefined;
}

function sources(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(REPO_ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
}

test('no import in src/ or rules/ runs upward (common < parse < model < load < engine < rules < format < shells)', () => {
  const files = [...sources('src'), ...sources('rules')];
  const problems: string[] = [];
  let arrows = 0;
  for (const file of files) {
    for (const spec of importsOf(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
      const target = relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), spec)).split('\\').join('/');
      const problem = arrowProblem(file, target);
      if (problem !== undefined) problems.push(problem);
      if (layerOf(target) !== undefined && layerOf(target) !== layerOf(file)) arrows++;
    }
  }
  assert.equal(problems, []);
  // The check reads the imports: hundreds of them cross layers.
  assert.ok(arrows > 300, `${arrows} imports across layers found`);
});

test('src/ holds folders only, each one a layer', () => {
  const top = readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true });
  assert.equal(top.filter((e) => !e.isDirectory()).map((e) => e.name), [], 'a file at the top of src/ belongs in a folder');
  for (const e of top) assert.ok(LAYERS[e.name] !== undefined, `src/${e.name} is not in LAYERS (test/layers.test.ts)`);
});

test('the check sees every form of import and flags an upward one', () => {
  assert.equal(importsOf("import { a } from '../engine/x.ts';\nexport type { B } from './y.ts';\nimport './z.ts';\nconst m = await import('../format/w.ts');\nimport x from 'yaml';"), ['../engine/x.ts', './y.ts', './z.ts', '../format/w.ts']);
  assert.equal(importsOf("import {\n  a,\n  type B,\n} from '../model/m.ts';"), ['../model/m.ts']);
  assert.ok(arrowProblem('src/load/read.ts', 'src/engine/config.ts'));
  assert.ok(arrowProblem('src/engine/baseline.ts', 'src/format/sarif.ts'));
  assert.ok(arrowProblem('src/lsp/server.ts', 'src/cli/cli.ts'));
  assert.ok(arrowProblem('src/model/facts.ts', 'rules/index.ts'));
  assert.ok(arrowProblem('src/x.ts', 'src/common/types.ts'));
  assert.is(arrowProblem('src/engine/linter.ts', 'src/model/facts.ts'), undefined);
  assert.is(arrowProblem('rules/x.ts', 'src/engine/rule-api.ts'), undefined);
  assert.is(arrowProblem('src/action/action.ts', 'src/cli/cli.ts'), undefined);
  assert.is(arrowProblem('src/model/pod/sidecar.ts', 'src/model/injection/mesh.ts'), undefined);
});

test.run();
