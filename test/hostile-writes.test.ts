// A hostile repository that commits links where meshlint writes: the report (-o), the
// baseline (--write-baseline), a file --fix rewrites, a folder on the way. Nothing outside the
// repository is written or made; a path the user names outside it is theirs.
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeWithin, WriteRefused } from '../src/load/write.ts';
import { BAD_LABEL, cli, withTemp, type TempDir } from './helpers/cli.ts';

const KEEP = 'the runner\'s own file\n';

function repo(t: TempDir): string {
  t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
  t.write('repo/bad.yaml', BAD_LABEL);
  t.write('outside/target', KEEP);
  mkdirSync(t.path('outside/dir'), { recursive: true });
  return t.path('repo');
}

test('-o and --write-baseline never write through a committed link, to a file or through a folder', () => {
  withTemp((t) => {
    const cwd = repo(t);
    symlinkSync(t.path('outside/target'), t.path('repo/report.json'));
    symlinkSync(t.path('outside/dir'), t.path('repo/reports'));
    for (const argv of [
      ['-f', 'json', '-o', 'report.json', '.'],
      ['--write-baseline', 'report.json', '.'],
      ['-f', 'json', '-o', 'reports/out.json', '.'],
      ['--write-baseline', 'reports/new/base.json', '.'],
    ]) {
      const r = cli(argv, { cwd, env: {} });
      assert.is(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /symbolic link/, argv.join(' '));
    }
    assert.is(readFileSync(t.path('outside/target'), 'utf8'), KEEP, 'the link\'s target was overwritten');
    assert.not.ok(existsSync(t.path('outside/dir/out.json')) || existsSync(t.path('outside/dir/new')), 'written or made through the linked folder');
  });
});

test('a path named outside the repository is the user\'s: written as named; inside, new folders are made', () => {
  withTemp((t) => {
    const cwd = repo(t);
    const r = cli(['-f', 'json', '-o', t.path('outside/dir/report.json'), '.'], { cwd, env: {} });
    assert.is(r.code, 1, r.stderr);
    assert.ok(existsSync(t.path('outside/dir/report.json')));
    const b = cli(['--write-baseline', 'ci/meshlint/baseline.json', '.'], { cwd, env: {} });
    assert.is(b.code, 0, b.stderr);
    assert.ok(lstatSync(t.path('repo/ci/meshlint/baseline.json')).isFile());
  });
});

test('--fix writes a link inside the repository at its target, keeping the link', () => {
  withTemp((t) => {
    const cwd = repo(t);
    t.write('repo/real/x.yaml', BAD_LABEL);
    symlinkSync('real/x.yaml', t.path('repo/x.yaml'));
    const r = cli(['--fix', 'x.yaml'], { cwd, env: {} });
    assert.ok(r.code <= 1, r.stderr);
    assert.ok(lstatSync(t.path('repo/x.yaml')).isSymbolicLink());
    assert.is.not(readFileSync(t.path('repo/real/x.yaml'), 'utf8'), BAD_LABEL);
  });
});

test('writeWithin: a final link is refused, a linked folder leaving the root is refused before anything is made', () => {
  withTemp((t) => {
    const root = repo(t);
    symlinkSync(t.path('outside/target'), t.path('repo/l'));
    symlinkSync(t.path('outside/dir'), t.path('repo/d'));
    assert.throws(() => writeWithin(t.path('repo/l'), 'x', { root, outsideAllowed: true }), (e: unknown) => e instanceof WriteRefused);
    assert.throws(() => writeWithin(t.path('repo/d/a/b/c'), 'x', { root, outsideAllowed: true }), (e: unknown) => e instanceof WriteRefused);
    assert.throws(() => writeWithin(t.path('outside/x'), 'x', { root, outsideAllowed: false }), (e: unknown) => e instanceof WriteRefused);
    assert.not.ok(existsSync(t.path('outside/dir/a')));
    assert.is(readFileSync(t.path('outside/target'), 'utf8'), KEEP);
  });
});

test.run();
