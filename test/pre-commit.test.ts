// The pre-commit hooks, installed and run by the real pre-commit (its node language: npm
// install, npm pack, npm install -g) on a scratch git repository. Skipped, with a notice,
// where pre-commit is not installed (CI installs Debian's package).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopNamespace, tempDir, webDeployment, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const NAMESPACE = shopNamespace();
// The bad manifest asks for a sidecar itself, so its hostNetwork is an error (only its
// namespace asking would be a warning, which passes the hook).
const deployment = (hostNetwork = true): string =>
  hostNetwork ? webDeployment(true).replace('labels: { app: web }', 'labels: { app: web, sidecar.istio.io/inject: "true" }') : webDeployment(false);

const installed = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
if (!installed) console.log('notice: skipping the pre-commit tests (pre-commit is not installed: apt-get install pre-commit, or pip install pre-commit)');
// try-repo snapshots tracked files only: a new source file not yet added would be missing from the build.
const untracked = spawnSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
if (installed && untracked) console.log(`notice: skipping the pre-commit tests (untracked files that pre-commit would not see: ${untracked.split('\n').join(', ')}; git add them)`);
const hasPreCommit = installed && !untracked;

/** One pre-commit home for the file: the hook environment is installed once per hook repository and revision. */
let home: TempDir | undefined;
const sh = (cwd: string, cmd: string, args: string[], extraPath?: string): SpawnSyncReturns<string> =>
  spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
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

if (hasPreCommit) {
  test.before(() => {
    home = tempDir('meshlint-pre-commit-');
  });
  test.after(() => home?.cleanup());

  test('try-repo: a staged manifest that breaks injection fails the hook, with the Namespace read from the rest of the repository; a good one passes', () => {
    const t = tempDir();
    try {
      const repo = scratchRepo(t);
      t.write('repo/apps/web.yaml', deployment(true));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const bad = sh(repo, 'pre-commit', ['try-repo', REPO_ROOT, 'meshlint']);
      assert.is(bad.status, 1, output(bad));
      assert.match(bad.stdout, /meshlint\.+Failed/);
      assert.match(bad.stdout, /apps\/web\.yaml\n\s+12:7\s+error\s+Istio never injects this hostNetwork pod, though the pod template has label sidecar\.istio\.io\/inject: "true"/);
      assert.not.match(bad.stdout, /platform\/namespace\.yaml\n/, 'the context file is not reported on');

      t.write('repo/apps/web.yaml', deployment(false));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const good = sh(repo, 'pre-commit', ['try-repo', REPO_ROOT, 'meshlint']);
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
      const good = sh(repo, 'pre-commit', ['try-repo', REPO_ROOT, 'meshlint-diff', '--verbose']);
      assert.is(good.status, 0, output(good));
      assert.match(good.stdout, /meshlint \(what the commit does to the mesh\)\.+Passed/);
      assert.match(good.stdout, /\+ Deployment shop\/web: added/, output(good));

      t.write('repo/apps/web.yaml', deployment(true));
      sh(repo, 'git', ['add', 'apps/web.yaml']);
      const bad = sh(repo, 'pre-commit', ['try-repo', REPO_ROOT, 'meshlint-diff']);
      assert.is(bad.status, 1, output(bad));
      assert.match(bad.stdout, /Findings: 1 new, 0 fixed, 1 unchanged/);
      assert.match(bad.stdout, /fails diff\.failOn \[new-error\]: 1 new error/);
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
        const r = sh(repo, 'pre-commit', ['try-repo', REPO_ROOT, 'meshlint-charts', '--verbose'], dirname(helm));
        assert.is(r.status, 0, output(r));
        assert.match(r.stdout, /charts\/shop\/templates\/export\.yaml\n\s+11:9\s+warning .*job-sidecar-never-exits/);
      } finally {
        t.cleanup();
      }
    });
  }

  // A real commit through the installed git hook; the hook repository must be a commit.
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim() !== '';
  if (dirty) console.log('notice: skipping the git-commit pre-commit test (this checkout has uncommitted changes; the hook is installed from HEAD)');
  else {
    test('installed as a git hook: git commit is refused with a bad manifest and goes through with a good one', () => {
      const t = tempDir();
      try {
        const repo = scratchRepo(t);
        const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
        t.write('repo/.pre-commit-config.yaml', `repos:\n  - repo: ${JSON.stringify(REPO_ROOT)}\n    rev: ${head}\n    hooks:\n      - id: meshlint\n`);
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
