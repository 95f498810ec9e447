// Ignore patterns matched without regular expressions (src/load/ignore-rules.ts): gitignore's
// meaning, checked against the `ignore` package on ordinary patterns, and work linear in the
// path on the patterns that make a backtracking matcher exponential.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ignore from 'ignore';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IgnoreRules } from '../src/load/ignore-rules.ts';

const CASES: [pattern: string, path: string, isDir: boolean, ignored: boolean][] = [
  ['*.yaml', 'a/b/c.yaml', false, true],
  ['*.yaml', 'a/b/c.yml', false, false],
  ['/build', 'build/x.yaml', false, true],
  ['/build', 'src/build/x.yaml', false, false],
  ['build/', 'src/build/x.yaml', false, true],
  ['build/', 'src/build', false, false],
  ['docs/*.yaml', 'docs/a.yaml', false, true],
  ['docs/*.yaml', 'docs/sub/a.yaml', false, false],
  ['docs/*.yaml', 'x/docs/a.yaml', false, false],
  ['**/fixtures', 'a/b/fixtures/x.yaml', false, true],
  ['a/**/b', 'a/b', false, true],
  ['a/**/b', 'a/x/y/b', false, true],
  ['a/**', 'a', true, false],
  ['a/**', 'a/x.yaml', false, true],
  ['test?.yaml', 'test1.yaml', false, true],
  ['test[0-9].yaml', 'testa.yaml', false, false],
  ['test[!0-9].yaml', 'testa.yaml', false, true],
  ['\\#x.yaml', '#x.yaml', false, true],
  ['# comment', '# comment', false, false],
  ['Charts/', 'charts/x/t.yaml', false, true],
];

test('gitignore meaning: anchoring, folders only, **, ?, classes, escapes, comments, case', () => {
  for (const [pattern, path, isDir, ignored] of CASES) assert.is(new IgnoreRules([pattern]).ignores(path, isDir), ignored, `${pattern} ${path}`);
});

test('the last matching rule wins; a file in an ignored folder cannot be re-included', () => {
  const rules = new IgnoreRules(['*.yaml', '!keep.yaml', 'gen/', '!gen/keep.yaml']);
  assert.ok(rules.ignores('a.yaml', false));
  assert.not.ok(rules.ignores('keep.yaml', false));
  assert.ok(rules.ignores('gen/keep.yaml', false), 'its folder is ignored');
});

test('work is linear in the path: the patterns that stall a backtracking matcher cost a table', () => {
  const deep = `${Array.from({ length: 40 }, () => 'x').join('/')}/file.yaml`;
  for (const reps of [1, 4, 8, 16]) {
    const pattern = `x${'/**/*x*'.repeat(reps)}/y`;
    const rules = new IgnoreRules([pattern, `*x*${'/**/*x*'.repeat(reps)}`]);
    assert.ok(rules.ignores(deep, false) !== undefined);
    // Each rule: at most (its segments) × (the path's segments) comparisons, for the file and each of its 41 folders.
    const bound = 2 * (2 * reps + 3) * 41 * 42;
    assert.ok(rules.work.comparisons <= bound, `${reps} repetitions: ${rules.work.comparisons} comparisons > ${bound}`);
  }
});

test('the same answers as the ignore package on the paths of the corpus, for patterns made from them', () => {
  const corpus = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'corpus');
  if (!existsSync(corpus)) {
    console.log('  notice: ../shared/corpus not found; skipping the comparison with the ignore package');
    return;
  }
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(relative(corpus, p).split(sep).join('/'));
    }
  };
  walk(corpus);
  const sample = files.filter((_, i) => i % Math.max(1, Math.floor(files.length / 600)) === 0);
  // Lines teams write, and lines made of the corpus's own names in every form gitignore knows.
  const lines = new Set(['node_modules/', '*.log', '/dist', 'build/', '.env', '**/tmp/**', '*.tgz', 'charts/*.tgz', '**/test/**', 'docs/', '!docs/keep.yaml', '*.y?ml', '*.[jy]son', 'a/**/b', '**/*.yaml', '/*', '*/', '**']);
  for (const f of sample.filter((_, i) => i % 10 === 0)) {
    const parts = f.split('/');
    const name = parts[parts.length - 1] as string;
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
    for (const l of [name, `*${ext}`, `${parts[0]}/`, `/${parts[0]}/*${ext}`, `${parts[0]}/**`, `**/${parts[1] ?? name}`, `${(parts[1] ?? name).slice(0, 3)}*`, `${parts.slice(0, 2).join('/')}/**/${name}`, `*${name.slice(1, 4)}?*`]) lines.add(l);
  }
  let compared = 0;
  for (const line of lines) {
    const mine = new IgnoreRules([line]);
    const theirs = ignore().add(line);
    for (const f of sample) {
      compared++;
      assert.is(mine.ignores(f, false), theirs.ignores(f), `${JSON.stringify(line)} ${f}`);
    }
  }
  assert.ok(compared > 10_000, `${compared} comparisons`);
  console.log(`  ${compared} paths compared with the ignore package over ${lines.size} patterns`);
});

test.run();
