// The pre-commit hooks, installed as pre-commit installs them, from a snapshot of this
// checkout (test/helpers/repo-snapshot.ts): pre-commit 4.6 and later run
// `npm install -g git+file://…` (the route is tested with npm itself, so it runs wherever npm
// does), earlier releases npm install, npm pack and npm install -g. Then the real pre-commit
// runs the hooks on a scratch git repository; those tests skip, with a notice, where
// pre-commit is not installed (CI installs Debian's package).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopNamespace, tempDir, webDeployment, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';
import { snapshotRepo } from './helpers/repo-snapshot.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const NAMESPACE = shopNamespace();
// The bad manifest asks for a sidecar itself, so its hostNetwork is an error (only its
// namespace asking would be a warning, which passes the hook).
const deployment = (hostNetwork = true): string =>
  hostNetwork ? webDeployment(true).replace('labels: { app: web }', 'labels: { app: web, sidecar.istio.io/inject: "true" }') : webDeployment(false);

const installed = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
if (!installed) skipping('the pre-commit tests (pre-commit is not installed: apt-get install pre-commit, or pip install pre-commit); the npm route pre-commit 4.6 takes is still tested');
const hasPreCommit = installed;

/** One pre-commit home for the file: the hook environment is installed once per hook repository and revision. */
let home: TempDir | undefined;
/** This checkout as a repository with one commit (created once for the file), and that commit. */
let hooks: { dir: string; commit: string } | undefined;
function hookRepo(): { dir: string; commit: string } {
  if (!home) home = tempDir('meshlint-pre-commit-');
  if (!hooks) {
    const dir = home.path('meshlint');
    hooks = { dir, commit: snapshotRepo(dir) };
  }
  return hooks;
}
test.after(() => home?.cleanup());
const sh = (cwd: string, cmd: string, args: string[], extraPath?: string): SpawnSyncReturns<string> =>
  spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: {
      // uvu's command line sets FORCE_COLOR, which would win over NO_COLOR.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'FORCE_COLOR')),
      PATH: extraPath ? `${extraPath}:${process.env.PATH ?? ''}` : process.env.PATH,
      PRE_COMMIT_HOME: home?.path('pre-commit') ?? '',
      GIT_AUTHOR_NAME: 'meshlint test', GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'meshlint test', GIT_COMMITTER_EMAIL: 'test@example.com',
      NO_COLOR: '1',
    },
  });

/** A scratch repository whose platform/ folder (committed) defines the Namespace. */
function scratchRepo(t: TempDir): string {
  const dir = t.path('repo');
  t.write('repo/platform/namespace.yaml', NAMESPACE);
  sh(dir, 'git', ['init', '-q', '-b', 'main']);
  sh(dir, 'git', ['add', '.']);
  sh(dir, 'git', ['commit', '-q', '-m', 'platform']);
  return dir;
}

const output = (r: SpawnSyncReturns<string>): string => `exit ${r.status}\n${r.stdout}\n${r.stderr}`;

test('installed as pre-commit 4.6 installs a node hook (npm install -g git+file://, no dev dependencies, no build): the hook entry runs', () => {
  const { dir } = hookRepo();
  const t = tempDir();
  try {
    const prefix = t.path('prefix');
    // pre_commit/languages/node.py (v4.6.1): npm install --allow-git=root --install-links -g git+file://<hook repository>.
    const r = sh(t.dir, 'npm', ['install', '--allow-git=root', '--install-links', '-g', '--prefix', prefix, '--cache', t.path('cache'), '--no-audit', '--no-fund', `git+file://${dir}`]);
    assert.is(r.status, 0, output(r));
    assert.not.match(r.stderr, /ERR_MODULE_NOT_FOUND/);
    const bin = join(prefix, 'bin', 'meshlint');
    const repo = scratchRepo(t);
    t.write('repo/apps/web.yaml', deployment(true));
    // The meshlint hook's entry, with the file pre-commit would pass.
    const lint = sh(repo, bin, ['--context', '.', '--no-error-on-unmatched-pattern', 'apps/web.yaml']);
    assert.is(lint.status, 1, output(lint));
    assert.match(lint.stdout, /injection-host-network/);
    // The README's `args: [--cache]`: the second run is the first, byte for byte, from the cache.
    const cached = (): SpawnSyncReturns<string> => sh(repo, bin, ['--context', '.', '--no-error-on-unmatched-pattern', '--cache', 'apps/web.yaml']);
    const first = cached();
    assert.is(output(first), output(lint), 'with --cache as without');
    assert.ok(existsSync(join(repo, '.meshlintcache')), 'the cache is written');
    assert.is(output(cached()), output(first), 'given again');
  } finally {
    t.cleanup();
  }
});

test("the README's git install, verbatim but for the repository's address: no install script, a `meshlint` on PATH that runs", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  for (const script of ['preinstall', 'install', 'postinstall', 'prepare', 'prepack', 'postpack']) assert.is(pkg.scripts?.[script], undefined, `${script}: npm 11 asks before running it on a git install, and a refusal left no bin`);
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.startsWith('npm install -g ') && l.includes('git+https://'));
  assert.ok(line, 'the README names a git install');
  const { dir } = hookRepo();
  const t = tempDir();
  try {
    const prefix = t.path('prefix');
    const words = line.split(/\s+/).slice(1).map((w) => (w.startsWith('git+https://') ? `git+file://${dir}` : w));
    const r = sh(t.dir, 'npm', [...words, '--prefix', prefix, '--cache', t.path('cache'), '--no-audit', '--no-fund']);
    assert.is(r.status, 0, output(r));
    assert.not.match(r.stderr, /install-scripts|allow-scripts/, 'no script to approve');
    const version = sh(t.dir, join(prefix, 'bin', 'meshlint'), ['--version']);
    assert.is(version.status, 0, output(version));
  } finally {
    t.cleanup();
  }
});

if (hasPreCommit) {

  test('try-repo: a staged manifest that breaks injection fails the hook, with the Namespace read from the rest of the repository; a good one passes', () => {
    const t = tempDir();
    try {
      const repo = scratchRepo(t);
      t.write('repo/apps/web.yaml', deployment(true));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const bad = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint']);
      assert.is(bad.status, 1, output(bad));
      assert.match(bad.stdout, /meshlint\.+Failed/);
      assert.match(bad.stdout, /apps\/web\.yaml\n\s+12:7\s+error\s+Istio never injects this hostNetwork pod, though the pod template has label sidecar\.istio\.io\/inject: "true"/);
      assert.not.match(bad.stdout, /platform\/namespace\.yaml\n/, 'the context file is not reported on');

      t.write('repo/apps/web.yaml', deployment(false));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const good = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint']);
      assert.is(good.status, 0, output(good));
      assert.match(good.stdout, /meshlint\.+Passed/);
    } finally {
      t.cleanup();
    }
  });

  test('try-repo meshlint-diff: the staged change is judged, not the files: an error it adds fails the hook, one HEAD already has does not', () => {
    const t = tempDir();
    try {
      const repo = scratchRepo(t);
      // An error already committed.
      t.write('repo/apps/legacy.yaml', deployment(true).replace('name: web', 'name: legacy'));
      sh(repo, 'git', ['add', '.']);
      sh(repo, 'git', ['commit', '-q', '-m', 'legacy', '--no-verify']);
      t.write('repo/apps/web.yaml', deployment(false));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      // No --verbose: the hook is verbose itself, as what it prints is its point.
      const good = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint-diff']);
      assert.is(good.status, 0, output(good));
      assert.match(good.stdout, /meshlint \(what the commit does to the mesh\)\.+Passed/);
      assert.match(good.stdout, /\+ Deployment shop\/web: added/, output(good));

      t.write('repo/apps/web.yaml', deployment(true));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const bad = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint-diff']);
      assert.is(bad.status, 1, output(bad));
      assert.match(bad.stdout, /Findings: 1 new, 0 fixed, 1 unchanged/);
      assert.match(bad.stdout, /fails diff\.failOn \[new-error\]: 1 new error/);
    } finally {
      t.cleanup();
    }
  });

  test('try-repo meshlint-diff: a commit that only deletes a file (no YAML file left to match) still runs the hook', () => {
    const t = tempDir();
    try {
      const repo = scratchRepo(t);
      t.write('repo/apps/web.yaml', deployment(false));
      sh(repo, 'git', ['add', '.']);
      sh(repo, 'git', ['commit', '-q', '-m', 'web', '--no-verify']);
      sh(repo, 'git', ['rm', '-q', 'platform/namespace.yaml']);
      const r = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint-diff', '--verbose']);
      assert.not.match(r.stdout, /no files to check/, output(r));
      assert.match(r.stdout, /meshlint \(what the commit does to the mesh\)\.+(Passed|Failed)/, output(r));
      assert.match(r.stdout, /Deployment shop\/web/, output(r));
    } finally {
      t.cleanup();
    }
  });

  const helm = testBinary('helm3');
  if (helm) {
    test('try-repo meshlint-charts: a changed template renders its chart with helm; findings land on the template', () => {
      const t = tempDir();
      try {
        const repo = scratchRepo(t);
        cpSync(join(REPO_ROOT, 'examples/helm-chart'), t.path('repo/charts/shop'), { recursive: true });
        t.write('repo/.meshlint.yaml', 'defaultNamespace: shop\nistio: { nativeSidecars: false }\n');
        sh(repo, 'git', ['add', '.']);
        const r = sh(repo, 'pre-commit', ['try-repo', hookRepo().dir, 'meshlint-charts', '--verbose'], dirname(helm));
        assert.is(r.status, 0, output(r));
        assert.match(r.stdout, /charts\/shop\/templates\/export\.yaml\n\s+11:9\s+warning .*job-sidecar-never-exits/);
      } finally {
        t.cleanup();
      }
    });
  }

  {
    test('installed as a git hook: git commit is refused with a bad manifest and goes through with a good one', () => {
      const t = tempDir();
      try {
        const repo = scratchRepo(t);
        const { dir, commit } = hookRepo();
        t.write('repo/.pre-commit-config.yaml', `repos:\n  - repo: ${JSON.stringify(dir)}\n    rev: ${commit}\n    hooks:\n      - id: meshlint\n`);
        assert.is(sh(repo, 'pre-commit', ['install']).status, 0);
        t.write('repo/apps/web.yaml', deployment(true));
        sh(repo, 'git', ['add', '.']);
        const refused = sh(repo, 'git', ['commit', '-m', 'web']);
        assert.is(refused.status, 1, output(refused));
        assert.match(refused.stdout + refused.stderr, /injection-host-network/);
        assert.is(sh(repo, 'git', ['rev-list', '--count', 'HEAD']).stdout.trim(), '1', 'no commit was made');

        t.write('repo/apps/web.yaml', deployment(false));
        sh(repo, 'git', ['add', '.']);
        const done = sh(repo, 'git', ['commit', '-m', 'web']);
        assert.is(done.status, 0, output(done));
        assert.is(sh(repo, 'git', ['rev-list', '--count', 'HEAD']).stdout.trim(), '2');
      } finally {
        t.cleanup();
      }
    });
  }
}

test.run();
