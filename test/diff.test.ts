// `meshlint diff` on a scratch git repository: each commit one kind of change, compared
// revision to revision or against the working tree. Skipped, with a notice, without git.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testBinary } from './helpers/binaries.ts';
import { cli, withTemp, type TempDir } from './helpers/cli.ts';
import type { MeshDiff, WorkloadState } from '../src/engine/diff.ts';
import { formatDiffMarkdown } from '../src/format/diff.ts';
import { openSide, type Blobs, type Side } from '../src/load/revision.ts';
import { SharedParses } from '../src/parse/shared-parses.ts';
import { groupsOf, parseFile, parseGroup } from '../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../src/common/types.ts';
import { skipping } from './helpers/skip.ts';

const ns = (labels: string): string => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n${labels}`;
/** A Deployment in shop; with hostNetwork, its pod opts in to injection (an error: never injected). */
const deployment = (name: string, extra = ''): string =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  selector:\n    matchLabels: { app: ${name} }\n  template:\n    metadata:\n      labels: { app: ${name}${extra ? ', sidecar.istio.io/inject: "true"' : ''} }\n    spec:\n${extra}      containers:\n        - name: app\n          image: example.com/${name}:1\n`;

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function git(t: TempDir, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: t.path('.'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function commit(t: TempDir, message: string): void {
  git(t, 'add', '-A');
  git(t, 'commit', '-q', '-m', message);
}

/** A repository whose first commit has the namespace shop injected and two workloads in it. */
function repo(t: TempDir): void {
  git(t, 'init', '-q');
  t.write('k8s/ns.yaml', ns('    istio-injection: enabled\n'));
  t.write('k8s/web.yaml', deployment('web'));
  t.write('k8s/api.yaml', deployment('api'));
  commit(t, 'base');
}

interface DiffJson {
  workloads: {
    changed: { workload: string; changes: string[]; base: { sidecar: string; reason: string }; head: { sidecar: string; reason: string; filePath: string; line: number } }[];
    added: { workload: string }[];
    removed: { workload: string; base: { filePath: string } }[];
  };
  findings: { counts: { new: number; fixed: number; undecided: number; unchanged: number }; new: { ruleId: string; filePath: string }[]; fixed: { ruleId: string }[]; undecided: { ruleId: string }[] };
  failures: string[];
}

function diff(t: TempDir, ...args: string[]): { code: number; json: DiffJson; stderr: string } {
  const r = cli(['diff', ...args, '-f', 'json'], { cwd: t.path('.'), env });
  assert.equal(r.stderr, '', r.stderr);
  return { code: r.code, json: JSON.parse(r.stdout) as DiffJson, stderr: r.stderr };
}

const hasGit = spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasGit) skipping('the meshlint diff tests (git is not installed)');
else {
  test('a namespace relabel: every workload in it loses its sidecar, with the reason on each side', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/ns.yaml', ns('    team: shop\n'));
      const { code, json } = diff(t, 'HEAD');
      const lost = json.workloads.changed.filter((c) => c.changes.includes('sidecar-lost')).map((c) => c.workload);
      assert.equal(lost.sort(), ['Deployment shop/api', 'Deployment shop/web']);
      const web = json.workloads.changed.find((c) => c.workload === 'Deployment shop/web');
      assert.equal(web?.base.sidecar, 'injected');
      assert.equal(web?.head.sidecar, 'not-injected');
      assert.ok(web?.head.reason, 'the reason after the change is given');
      assert.equal([web?.head.filePath, web?.head.line], ['k8s/web.yaml', 4]);
      // What to look at: the namespace's labels, which the change relabelled.
      assert.equal((web as unknown as { cause: unknown }).cause, { filePath: 'k8s/ns.yaml', line: 5, what: 'namespace' });
      // One cause, one change, alike on both sides: one entry for both workloads.
      assert.match(cli(['diff', 'HEAD'], { cwd: t.path('.'), env }).stdout, /\n {2}Deployment shop\/api, Deployment shop\/web \(2 workloads\): loses its sidecar  k8s\/ns\.yaml:5 \(its namespace's labels\)\n {4}before: /);
      assert.equal(json.workloads.added, []);
      assert.equal(json.workloads.removed, []);
      // Losing a sidecar fails only when the config asks.
      assert.equal(code, 0);
      t.write('.meshlint.yaml', 'diff:\n  failOn: [new-error, sidecar-lost]\n');
      const strict = diff(t, 'HEAD');
      assert.equal(strict.code, 1);
      assert.match(strict.json.failures.join(), /2 workloads lost their sidecars/);
      // The user's checkout is as it was: nothing staged, the change still in the working tree.
      assert.equal(git(t, 'diff', '--cached', '--name-only'), '');
      assert.equal(git(t, 'status', '--porcelain', '--', 'k8s'), 'M k8s/ns.yaml');
    });
  });

  test('a Job opted out of injection that calls a STRICT Service: the pair that breaks is a change to the mesh, named on both sides', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/api-svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata: { name: api, namespace: shop }\nspec:\n  selector: { app: api }\n  ports: [{ port: 80 }]\n---\napiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: default, namespace: shop }\nspec: { mtls: { mode: STRICT } }\n');
      const job = (optOut: boolean): string => `apiVersion: batch/v1\nkind: Job\nmetadata: { name: report, namespace: shop }\nspec:\n  template:\n    metadata:\n      labels: { app: report${optOut ? ', sidecar.istio.io/inject: "false"' : ''} }\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: report\n          image: example.com/report:1\n          args: [--api, http://api.shop]\n`;
      t.write('k8s/job.yaml', job(false));
      commit(t, 'a job');
      t.write('k8s/job.yaml', job(true));
      const { json } = diff(t, 'HEAD');
      const changed = json.workloads.changed.find((c) => c.workload === 'Job shop/report') as unknown as { changes: string[]; head: { calls: unknown } } | undefined;
      assert.equal(changed?.changes, ['sidecar-lost', 'calls-reset']);
      assert.equal(changed?.head.calls, [{ to: 'Service shop/api port 80', server: 'sidecar', mode: 'STRICT' }]);
      assert.equal(json.findings.new.map((f) => f.ruleId), ['mtls-strict-unmeshed-client']);
      assert.match(cli(['diff', 'HEAD'], { cwd: t.path('.'), env }).stdout, /Job shop\/report: loses its sidecar, its calls to a STRICT Service are reset {2}k8s\/job\.yaml:3\n.*\n {4}after: {2}no sidecar: .*; calls Service shop\/api port 80 \(sidecar, STRICT\)\n/);
      // The server PERMISSIVE: the same opt-out resets nothing.
      t.write('k8s/api-svc.yaml', readFileSync(t.path('k8s/api-svc.yaml'), 'utf8').replace('STRICT', 'PERMISSIVE'));
      commit(t, 'permissive');
      t.write('k8s/job.yaml', job(false));
      commit(t, 'back in the mesh');
      t.write('k8s/job.yaml', job(true));
      assert.equal(diff(t, 'HEAD').json.workloads.changed.find((c) => c.workload === 'Job shop/report')?.changes, ['sidecar-lost']);
    });
  });

  test('hostNetwork added to an opted-in pod: a new error, exit 1; the text report says so', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      commit(t, 'hostNetwork');
      // This process's only (the diff runs in it, and names its folders with its pid): another
      // run on the machine, a test suite beside this one, makes and removes its own meanwhile.
      const temps = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith(`meshlint-diff-${process.pid}-`));
      const before = temps();
      const { code, json } = diff(t, 'HEAD~1', 'HEAD');
      assert.equal(temps().filter((n) => !before.includes(n)), [], 'the revisions read are removed');
      assert.equal(code, 1);
      assert.equal(json.findings.counts.new, 1);
      assert.equal(json.findings.new[0]?.ruleId, 'injection-host-network');
      assert.equal(json.findings.new[0]?.filePath, 'k8s/web.yaml');
      assert.equal(json.failures, ['1 new error']);
      const web = json.workloads.changed.find((c) => c.workload === 'Deployment shop/web');
      assert.equal(web?.changes, ['sidecar-lost']);
      // The workload's own change: its line.
      assert.equal((web as unknown as { cause: unknown }).cause, { filePath: 'k8s/web.yaml', line: 4, what: 'workload' });
      const text = cli(['diff', 'HEAD~1', 'HEAD'], { cwd: t.path('.'), env });
      assert.equal(text.code, 1);
      assert.match(text.stdout, /Deployment shop\/web: loses its sidecar/);
      assert.match(text.stdout, /Findings: 1 new, 0 fixed, 0 unchanged/);
      assert.match(text.stdout, /fails diff\.failOn \[new-error\]: 1 new error/);
      // Reverted: the finding is fixed, the sidecar gained, nothing fails.
      const back = diff(t, 'HEAD', 'HEAD~1');
      assert.equal(back.code, 0);
      assert.equal(back.json.findings.counts.fixed, 1);
      assert.equal(back.json.workloads.changed.find((c) => c.workload === 'Deployment shop/web')?.changes, ['sidecar-gained']);
    });
  });

  test('the config\'s baseline does not hide what a change adds: a diff compares every finding', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      // The change records its own new finding in a baseline the config names.
      const write = cli(['--write-baseline', 'baseline.json'], { cwd: t.path('.'), env });
      assert.equal(write.code, 0, write.stderr);
      t.write('.meshlint.yaml', 'baseline: baseline.json\n');
      assert.equal(cli(['-f', 'json'], { cwd: t.path('.'), env }).code, 0, 'a lint hides it');
      const { code, json } = diff(t, 'HEAD');
      assert.equal(json.findings.new.map((f) => f.ruleId), ['injection-host-network']);
      assert.equal(code, 1);
    });
  });

  test('--staged: HEAD is what a commit made now would hold, not the working tree; the index is not changed', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      git(t, 'add', 'k8s/web.yaml');
      // Not staged: a relabel, and a new file with a finding of its own.
      t.write('k8s/ns.yaml', ns('    team: shop\n'));
      t.write('k8s/draft.yaml', deployment('draft', '      hostNetwork: true\n'));
      const indexBefore = git(t, 'ls-files', '--stage');
      const statusBefore = git(t, 'status', '--porcelain');
      const indexBytes = readFileSync(t.path('.git/index'));
      const r = cli(['diff', 'HEAD', '--staged', '-f', 'json'], { cwd: t.path('.'), env });
      assert.ok(readFileSync(t.path('.git/index')).equals(indexBytes), 'the index file is not written (git write-tree would record its cache tree there)');
      assert.equal(r.stderr, '', r.stderr);
      const json = JSON.parse(r.stdout) as DiffJson;
      assert.equal(json.findings.new.map((f) => f.filePath), ['k8s/web.yaml'], 'the untracked draft is not staged');
      assert.equal(json.workloads.changed.map((c) => [c.workload, c.changes]), [['Deployment shop/web', ['sidecar-lost']]], 'api keeps its sidecar: the relabel is not staged');
      assert.equal(r.code, 1);
      assert.equal(git(t, 'ls-files', '--stage'), indexBefore);
      assert.equal(git(t, 'status', '--porcelain'), statusBefore);
      const two = cli(['diff', 'HEAD~0', 'HEAD', '--staged'], { cwd: t.path('.'), env });
      assert.equal(two.code, 2);
      assert.match(two.stderr, /--staged compares BASE with the staged files: give no HEAD/);
      const lint = cli(['--staged', '.'], { cwd: t.path('.'), env });
      assert.equal(lint.code, 2);
      assert.match(lint.stderr, /--staged goes with the diff command/);
    });
  });

  test('a workload renamed: removed (with its file in BASE) and added', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('storefront'));
      commit(t, 'rename');
      const { code, json } = diff(t, 'HEAD~1', 'HEAD');
      assert.equal(code, 0);
      assert.equal(json.workloads.added.map((a) => a.workload), ['Deployment shop/storefront']);
      assert.equal(json.workloads.removed.map((r) => [r.workload, r.base.filePath]), [['Deployment shop/web', 'k8s/web.yaml']]);
      assert.equal(json.workloads.changed, []);
    });
  });

  test('a file moved: its findings are unchanged, not fixed and new', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      commit(t, 'finding');
      git(t, 'mv', 'k8s/web.yaml', 'k8s/storefront.yaml');
      git(t, 'mv', 'k8s/api.yaml', 'api.yaml');
      commit(t, 'move');
      const { code, json } = diff(t, 'HEAD~1', 'HEAD');
      assert.equal(json.findings.counts, { new: 0, fixed: 0, undecided: 0, unchanged: 1 });
      assert.equal(json.workloads, { changed: [], added: [], removed: [] });
      assert.equal(code, 0);
    });
  });

  test('a document added above an old syntax error: the error is unchanged, not fixed and new', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: [unclosed\n');
      commit(t, 'an old syntax error');
      t.write('k8s/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: [unclosed\n');
      const { code, json } = diff(t, 'HEAD');
      assert.equal(json.findings.counts, { new: 0, fixed: 0, undecided: 0, unchanged: 1 });
      assert.equal(code, 0);
      // A second, equal error is new.
      t.write('k8s/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: [unclosed\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: [unclosed\n');
      assert.equal(diff(t, 'HEAD').json.findings.counts.new, 1);
    });
  });

  test('a second copy of a workload is judged too: one added without its sidecar is a lost sidecar, in another file or the same', () => {
    withTemp((t) => {
      repo(t);
      const optOut = deployment('web').replace('labels: { app: web }', 'labels: { app: web, sidecar.istio.io/inject: "false" }');
      t.write('k8s/x-web.yaml', optOut);
      t.write('.meshlint.yaml', 'diff:\n  failOn: [sidecar-lost]\n');
      const other = diff(t, 'HEAD');
      assert.equal(other.json.workloads.changed.map((c) => [c.workload, c.changes.includes('sidecar-lost')]), [['Deployment shop/web (a copy in k8s/x-web.yaml)', true]]);
      assert.equal(other.json.workloads.added, []);
      assert.is(other.code, 1);
      // In the same file: the copy is also a new duplicate-object error.
      t.write('k8s/x-web.yaml', '');
      t.write('k8s/web.yaml', `${deployment('web')}---\n${optOut}`);
      const same = diff(t, 'HEAD');
      assert.equal(same.json.workloads.changed.map((c) => c.workload), ['Deployment shop/web (a copy in k8s/web.yaml)']);
      assert.equal(same.json.findings.new.map((f) => f.ruleId), ['duplicate-object']);
    });
  });

  test('a change that edits the policy (failOn, rule levels, ignores, facts) leads every report with each key before and after', () => {
    withTemp((t) => {
      t.write('.meshlint.yaml', 'diff:\n  failOn: [new-error, sidecar-lost]\nnamespaces:\n  shop: { labels: { istio-injection: enabled } }\n');
      t.write('ci/meshlint.yaml', 'diff:\n  failOn: [new-error]\n');
      repo(t);
      t.write('.meshlint.yaml', 'diff:\n  failOn: []\nrules:\n  injection-host-network: off\nnamespaces:\n  shop: { labels: { istio-injection: disabled } }\n');
      t.write('.meshlintignore', 'k8s/api.yaml\n');
      const r = cli(['diff', 'HEAD', '-f', 'json'], { cwd: t.dir, env });
      const json = JSON.parse(r.stdout) as { policy: { key: string; before: string; after: string }[] };
      assert.equal(json.policy, [
        { key: 'diff.failOn', before: '["new-error","sidecar-lost"]', after: '[]' },
        { key: 'namespaces.shop', before: '{"labels":{"istio-injection":"enabled"}}', after: '{"labels":{"istio-injection":"disabled"}}' },
        { key: 'rules.injection-host-network', before: '(not set)', after: 'off' },
        { key: '.meshlintignore', before: '(not set)', after: '["k8s/api.yaml"]' },
      ]);
      const text = cli(['diff', 'HEAD'], { cwd: t.dir, env }).stdout;
      assert.match(text, /^meshlint diff HEAD → working tree\n\nThis change edits meshlint's policy:\n {2}diff\.failOn: \["new-error","sidecar-lost"\] → \[\]\n/);
      assert.match(cli(['diff', 'HEAD', '-f', 'markdown'], { cwd: t.dir, env }).stdout, /^## ⚠️ This change edits meshlint's policy\n/);
      // A config named with --config lints both sides, and its edit shows all the same.
      t.write('ci/meshlint.yaml', 'diff:\n  failOn: []\n');
      const pinned = JSON.parse(cli(['diff', 'HEAD', '-f', 'json', '--config', 'ci/meshlint.yaml'], { cwd: t.dir, env }).stdout) as typeof json;
      assert.equal(pinned.policy.map((p) => [p.key, p.before, p.after]), [['diff.failOn', '["new-error"]', '[]']]);
      // No edit, no lead.
      git(t, 'add', '-A');
      git(t, 'commit', '-q', '-m', 'policy');
      assert.not.match(cli(['diff', 'HEAD'], { cwd: t.dir, env }).stdout, /policy/);
    });
  });

  test('run in a subfolder: the revision is read from that folder too', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/ns.yaml', ns('    team: shop\n'));
      const r = cli(['diff', 'HEAD', '-f', 'json'], { cwd: t.path('k8s'), env });
      const json = JSON.parse(r.stdout) as DiffJson;
      assert.equal(json.workloads.changed.map((c) => [c.workload, c.head.filePath]).sort(), [
        ['Deployment shop/api', 'api.yaml'],
        ['Deployment shop/web', 'web.yaml'],
      ]);
    });
  });

  test('two directories compared, --path limits both sides', () => {
    withTemp((t) => {
      t.write('before/ns.yaml', ns('    istio-injection: enabled\n'));
      t.write('before/web.yaml', deployment('web'));
      t.write('after/ns.yaml', ns('    istio-injection: disabled\n'));
      t.write('after/web.yaml', deployment('web'));
      const r = cli(['diff', 'before', 'after', '-f', 'json'], { cwd: t.path('.'), env });
      const json = JSON.parse(r.stdout) as DiffJson;
      assert.equal(json.workloads.changed.map((c) => [c.workload, c.changes]), [['Deployment shop/web', ['sidecar-lost']]]);
      const only = JSON.parse(cli(['diff', 'before', 'after', '--path', 'web.yaml', '-f', 'json'], { cwd: t.path('.'), env }).stdout) as DiffJson;
      // Without the Namespaces, neither side knows shop's labels: nothing to compare changes.
      assert.equal(only.workloads.changed.filter((c) => c.changes.includes('sidecar-lost')), []);
    });
  });

  test('a Namespace\'s file deleted: its workloads are no longer decided, not without their sidecars, and their findings are not fixed', () => {
    withTemp((t) => {
      repo(t);
      // The namespace asks for injection and web is on the host network: a finding that needs the Namespace.
      t.write('k8s/web.yaml', deployment('web').replace('    spec:\n', '    spec:\n      hostNetwork: true\n'));
      t.write('.meshlint.yaml', 'diff:\n  failOn: [new-error, sidecar-lost]\n');
      commit(t, 'web on the host network');
      git(t, 'rm', '-q', 'k8s/ns.yaml');
      const { code, json } = diff(t, 'HEAD', '--staged');
      // web is never injected on the host network, so only api's sidecar is undecided.
      assert.equal(json.workloads.changed.map((c) => [c.workload, c.changes]), [['Deployment shop/api', ['sidecar-unknown']]]);
      assert.equal(code, 0, 'no sidecar was lost');
      assert.equal(json.findings.counts.fixed, 0);
      assert.equal(json.findings.undecided.map((f) => f.ruleId), ['injection-host-network']);
      const text = cli(['diff', 'HEAD', '--staged', '--no-color'], { cwd: t.path('.'), env });
      assert.match(text.stdout, /What this change does to the mesh: 1 workload has its sidecar no longer decided\n/);
      assert.not.match(text.stdout, /lose/);
      assert.match(text.stdout, /Findings: 0 new, 0 fixed, 1 no longer decided, 0 unchanged/);
      // failOn: facts-lost fails on it, and says which fact kind of loss.
      t.write('.meshlint.yaml', 'diff:\n  failOn: [new-error, sidecar-lost, facts-lost]\n');
      git(t, 'add', '.meshlint.yaml');
      const strict = cli(['diff', 'HEAD', '--staged', '--no-color'], { cwd: t.path('.'), env });
      assert.equal(strict.code, 1, strict.stdout + strict.stderr);
      assert.match(strict.stdout + strict.stderr, /1 workload no longer has its sidecar decided: the change removed a fact it rested on/);
    });
  });

  test('a base revision that does not exist: exit 2 and one line that says so', () => {
    withTemp((t) => {
      repo(t);
      const r = cli(['diff', 'no-such-branch'], { cwd: t.path('.'), env });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /"no-such-branch" is neither a directory nor a commit of this repository/);
      assert.equal(r.stderr.trim().split('\n').length, 1);
      const options = cli(['diff', '--', '--output=x'], { cwd: t.path('.'), env });
      assert.equal(options.code, 2, 'a revision spelt as an option is not one');
      const usage = cli(['diff'], { cwd: t.path('.'), env });
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /diff takes a BASE/);
    });
  });

  test('the first commit (no HEAD yet) is compared with the empty tree: every workload is added, and its errors are new', () => {
    withTemp((t) => {
      git(t, 'init', '-q');
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      git(t, 'add', '-A');
      const r = cli(['diff', 'HEAD', '--staged', '-f', 'json'], { cwd: t.path('.'), env });
      assert.equal(r.code, 1, r.stderr);
      const json = JSON.parse(r.stdout) as DiffJson & { base: string };
      assert.equal(json.workloads.added.map((w) => w.workload), ['Deployment shop/web']);
      assert.equal(json.findings.new.map((f) => f.ruleId), ['injection-host-network']);
      assert.match(json.base, /empty tree/);
      // A name other than HEAD is still one the repository lacks.
      assert.equal(cli(['diff', 'main', '--staged'], { cwd: t.path('.'), env }).code, 2);
    });
  });

  test('a branch as BASE is compared from the merge base: what the branch changed, not what main did since (git diff main...HEAD)', () => {
    withTemp((t) => {
      repo(t);
      git(t, 'branch', '-M', 'main');
      git(t, 'checkout', '-q', '-b', 'feature');
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      commit(t, 'web on the host network');
      git(t, 'checkout', '-q', 'main');
      t.write('k8s/ns.yaml', ns('    team: shop\n'));
      commit(t, 'main stops injecting shop');
      git(t, 'checkout', '-q', 'feature');
      const onlyOurs = (json: DiffJson): string[] => json.workloads.changed.flatMap((c) => c.changes.map((x) => `${c.workload} ${x}`));
      for (const args of [['main'], ['main...HEAD'], ['main...feature'], ['main...']]) {
        const { json } = diff(t, ...args);
        assert.equal(onlyOurs(json), ['Deployment shop/web sidecar-lost'], args.join(' '));
        assert.equal(json.findings.new.map((f) => f.ruleId), ['injection-host-network'], args.join(' '));
        assert.match((json as DiffJson & { base: string }).base, /^main \(merge base with (HEAD|feature): [0-9a-f]{7}\)$/, args.join(' '));
      }
      // Two dots: from main's tip, so main's relabel reads as this side gaining api's sidecar back.
      const tip = diff(t, 'main..HEAD').json;
      assert.equal(onlyOurs(tip), ['Deployment shop/api sidecar-gained']);
      // The header says which commit was compared.
      const text = cli(['diff', 'main', '--no-color'], { cwd: t.path('.'), env });
      assert.match(text.stdout, /^meshlint diff main \(merge base with HEAD: [0-9a-f]{7}\) → working tree/);
      // A tag or a commit is itself.
      git(t, 'tag', 'v1', 'main');
      assert.equal(onlyOurs(diff(t, 'v1').json), ['Deployment shop/api sidecar-gained']);
    });
  });

  test('a ref that is not here: the advice names what to fetch (the remote branch, or the history of a shallow clone)', () => {
    withTemp((t) => {
      repo(t);
      git(t, 'branch', '-M', 'main');
      git(t, 'remote', 'add', 'origin', t.path('elsewhere'));
      for (const spec of ['origin/master', 'origin/master...HEAD']) {
        const r = cli(['diff', spec], { cwd: t.path('.'), env });
        assert.equal(r.code, 2, spec);
        assert.match(r.stderr, /"origin\/master" is neither a directory nor a commit of this repository: no branch master of origin is fetched; fetch it \(git fetch origin master\)/, spec);
        assert.not.match(r.stderr, /fetch-depth/, spec);
      }
      t.write('k8s/extra.yaml', deployment('extra'));
      commit(t, 'second');
      const clone = t.path('shallow');
      spawnSync('git', ['clone', '-q', '--depth', '1', `file://${t.dir}`, clone], { encoding: 'utf8' });
      const r = cli(['diff', 'HEAD~1'], { cwd: clone, env });
      assert.equal(r.code, 2);
      assert.match(r.stderr, /"HEAD~1" is neither a directory nor a commit of this repository: this clone is shallow; fetch its history: git fetch --unshallow, or fetch-depth: 0 in actions\/checkout/);
    });
  });

  test('diff.failOn takes only new-error and sidecar-lost', () => {
    withTemp((t) => {
      repo(t);
      t.write('.meshlint.yaml', 'diff:\n  failOn: [new-warning]\n');
      const r = cli(['diff', 'HEAD'], { cwd: t.path('.'), env });
      assert.equal(r.code, 2);
      assert.match(r.stderr, /diff\.failOn/);
    });
  });

  test('--help for diff', () => {
    const r = cli(['diff', '--help'], { cwd: process.cwd(), env });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Usage: meshlint diff BASE \[HEAD\]/);
    assert.match(r.stdout, /diff\.failOn/);
  });
  test('markdown for a job summary and SARIF of the new findings only', () => {
    withTemp((t) => {
      repo(t);
      // One finding already there (it stays unchanged), then a change that adds one and relabels nothing.
      t.write('k8s/old.yaml', deployment('old', '      hostNetwork: true\n'));
      commit(t, 'an old finding');
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      t.write('k8s/ns.yaml', ns('    istio-injection: enabled\n    team: "a|b"\n'));
      const md = cli(['diff', 'HEAD', '-f', 'markdown'], { cwd: t.path('.'), env });
      assert.is(md.code, 1, md.stderr);
      assert.match(md.stdout, /^## What this change does to the mesh\n\nHEAD → working tree: \*\*1 workload loses its sidecar\*\*; 1 new finding, 0 fixed\.\n/);
      assert.match(md.stdout, /\| Deployment shop\/web \| loses its sidecar \|/);
      assert.match(md.stdout, /### Findings: 1 new, 0 fixed, 1 unchanged\n/);
      assert.match(md.stdout, /\| k8s\/web\.yaml:\d+:\d+ \| error \| injection-host-network \|/);
      assert.match(md.stdout, /\*\*Fails diff\.failOn \[new-error\]:\*\*/);
      const sarif = cli(['diff', 'HEAD', '-f', 'sarif'], { cwd: t.path('.'), env });
      assert.is(sarif.code, 1, sarif.stderr);
      const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
      const results = log.runs[0]?.results ?? [];
      assert.equal(results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri]), [['injection-host-network', 'k8s/web.yaml']]);
      const bad = cli(['diff', 'HEAD', '-f', 'html'], { cwd: t.path('.'), env });
      assert.is(bad.code, 2);
      assert.match(bad.stderr, /diff prints text \(the default\), --format json, --format sarif \(new findings only\) or --format markdown/);
    });
  });
  test('a revision tag moved: every workload of a namespace on that tag changes its injecting revision', () => {
    withTemp((t) => {
      git(t, 'init', '-q');
      // Two istiod installs as their values files are kept; the tag prod is declared with the first.
      t.write('platform/istiod-1-26.yaml', 'revision: "1-26"\nrevisionTags: [prod]\n');
      t.write('platform/istiod-1-27.yaml', 'revision: "1-27"\n');
      t.write('k8s/ns.yaml', ns('    istio.io/rev: prod\n'));
      t.write('k8s/web.yaml', deployment('web'));
      commit(t, 'prod on 1-26');
      t.write('platform/istiod-1-26.yaml', 'revision: "1-26"\n');
      t.write('platform/istiod-1-27.yaml', 'revision: "1-27"\nrevisionTags: [prod]\n');
      commit(t, 'prod moves to 1-27');
      const { json } = diff(t, 'HEAD~1', 'HEAD');
      const web = json.workloads.changed.find((c) => c.workload === 'Deployment shop/web') as unknown as { changes: string[]; base: { revision?: string }; head: { revision?: string } } | undefined;
      assert.equal(web?.changes, ['revision']);
      assert.equal([web?.base.revision, web?.head.revision], ['1-26', '1-27']);
      // The line to look at: where HEAD declares the tag.
      assert.equal((web as unknown as { cause: unknown }).cause, { filePath: 'platform/istiod-1-27.yaml', line: 2, what: 'install' });
      assert.equal((web as unknown as { head: Record<string, unknown> }).head.sources, undefined, 'what decides each side is not printed');
    });
  });

  test('Pod Security: a change that turns Istio CNI off makes the namespace reject injected pods (admission changed, a new error)', () => {
    withTemp((t) => {
      git(t, 'init', '-q');
      t.write('.meshlint.yaml', 'istio:\n  cni: true\n');
      t.write('k8s/ns.yaml', ns('    istio-injection: enabled\n    pod-security.kubernetes.io/enforce: baseline\n'));
      t.write('k8s/web.yaml', deployment('web'));
      commit(t, 'CNI on');
      t.write('.meshlint.yaml', 'istio:\n  cni: false\n');
      const { code, json } = diff(t, 'HEAD');
      const web = json.workloads.changed.find((c) => c.workload === 'Deployment shop/web') as unknown as { changes: string[]; base: { admission?: { outcome: string } }; head: { admission?: { outcome: string; why: string } } } | undefined;
      assert.ok(web?.changes.includes('admission'), JSON.stringify(json.workloads.changed));
      assert.equal([web?.base.admission?.outcome, web?.head.admission?.outcome], ['admitted', 'rejected']);
      assert.match(web?.head.admission?.why ?? '', /Pod Security "baseline" in namespace shop rejects istio-init/);
      assert.equal(json.findings.new.map((f) => f.ruleId), ['pod-security-istio-init']);
      assert.equal(code, 1);
      const text = cli(['diff', 'HEAD'], { cwd: t.path('.'), env });
      assert.match(text.stdout, /Pod Security admission changed  \.meshlint\.yaml:2 \(the install\)\n/, 'the config states it: its line');
      assert.match(text.stdout, /after: .*admission rejected: .*rejects istio-init/);
      // Stated in istiod's values among the inputs: the diff points at the setting.
      t.write('.meshlint.yaml', '');
      t.write('platform/istiod.yaml', 'pilot:\n  cni:\n    enabled: true\n');
      commit(t, 'CNI in the values');
      t.write('platform/istiod.yaml', 'pilot:\n  cni:\n    enabled: false\n');
      const values = diff(t, 'HEAD').json.workloads.changed.find((c) => c.workload === 'Deployment shop/web') as unknown as { changes: string[]; cause: unknown } | undefined;
      assert.equal(values?.changes, ['admission']);
      assert.equal(values?.cause, { filePath: 'platform/istiod.yaml', line: 3, what: 'install' });
    });
  });

  test('two revisions: a blob both hold is written once and linked; the files each holds alone are its own', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      commit(t, 'web on the host network');
      const blobs: Blobs = new Map();
      const base = openSide('HEAD~1', t.path('.'), env, { blobs });
      const head = openSide('HEAD', t.path('.'), env, { blobs });
      try {
        const inode = (side: Side, file: string): number => statSync(join(side.cwd, 'k8s', file)).ino;
        assert.is(inode(base, 'api.yaml'), inode(head, 'api.yaml'), 'the same blob: one file, linked');
        assert.is.not(inode(base, 'web.yaml'), inode(head, 'web.yaml'));
        assert.is(readFileSync(join(base.cwd, 'k8s', 'web.yaml'), 'utf8'), deployment('web'));
        assert.is(readFileSync(join(head.cwd, 'k8s', 'web.yaml'), 'utf8'), deployment('web', '      hostNetwork: true\n'));
      } finally {
        base.close();
        head.close();
      }
      // The comparison is the one a diff without shared blobs and documents makes.
      const { json } = diff(t, 'HEAD~1', 'HEAD');
      assert.equal(json.workloads.changed.map((c) => c.workload), ['Deployment shop/web']);
      assert.equal(json.findings.new.map((f) => `${f.ruleId} ${f.filePath}`), ['injection-host-network k8s/web.yaml']);
    });
  });

  test('a revision the working tree holds as it is is linted in place; one it does not is written, linking the files it holds', () => {
    withTemp((t) => {
      repo(t);
      t.write('k8s/web.yaml', deployment('web', '      hostNetwork: true\n'));
      commit(t, 'web on the host network');
      const open = (spec: string): Side => openSide(spec, t.path('.'), env, { blobs: new Map(), worktrees: new Map() });
      const inPlace = (why: string): void => {
        const side = open('HEAD');
        side.close();
        assert.is(side.cwd, t.path('.'), why);
      };
      const written = (why: string): void => {
        const side = open('HEAD');
        try {
          assert.is.not(side.cwd, t.path('.'), why);
          assert.is(readFileSync(join(side.cwd, 'k8s', 'web.yaml'), 'utf8'), deployment('web', '      hostNetwork: true\n'));
        } finally {
          side.close();
        }
      };
      inPlace('a clean checkout of HEAD');
      t.write('README.txt', 'not a file a lint reads\n');
      inPlace('an untracked file no lint reads');
      t.write('k8s/extra.yaml', deployment('extra'));
      written('an untracked manifest, which a lint of the working tree would read');
      git(t, 'add', 'k8s/extra.yaml');
      written('a staged manifest HEAD lacks');
      git(t, 'rm', '-q', '--cached', 'k8s/extra.yaml');
      rmSync(t.path('k8s/extra.yaml'));
      inPlace('as it was');
      t.write('k8s/api.yaml', deployment('api').replace('api:1', 'api:2'));
      written('a tracked file edited');
      // The same size, other bytes: git's stat cache is not what decides.
      t.write('k8s/api.yaml', deployment('api').replace('app: api', 'app: apj'));
      written('a tracked file edited to the same size');
      git(t, 'checkout', '-q', '--', 'k8s/api.yaml');
      inPlace('checked out again');

      // HEAD~1 differs in web.yaml: its tree is written, the files the working tree holds linked to them.
      const base = open('HEAD~1');
      try {
        assert.is.not(base.cwd, t.path('.'));
        const inode = (dir: string, file: string): number => statSync(join(dir, 'k8s', file)).ino;
        assert.is(inode(base.cwd, 'api.yaml'), inode(t.path('.'), 'api.yaml'), 'held by the working tree: linked');
        assert.is.not(inode(base.cwd, 'web.yaml'), inode(t.path('.'), 'web.yaml'));
        assert.is(readFileSync(join(base.cwd, 'k8s', 'web.yaml'), 'utf8'), deployment('web'));
      } finally {
        base.close();
      }
      assert.ok(statSync(t.path('k8s/api.yaml')).isFile(), 'closing the side leaves the working tree as it was');
      assert.is(readFileSync(t.path('k8s/api.yaml'), 'utf8'), deployment('api'));
      const { json } = diff(t, 'HEAD~1', 'HEAD');
      assert.equal(json.findings.new.map((f) => `${f.ruleId} ${f.filePath}`), ['injection-host-network k8s/web.yaml']);
    });
  });

  test('the head side takes the base side\'s documents for the files of the same text: the same documents a parse gives, on its own file', () => {
    const text = `${deployment('web')}---\n# a comment\n---\n${deployment('api')}`;
    const shared = new SharedParses();
    const a: SourceFile = { displayPath: 'a.yaml', absPath: undefined, text };
    assert.equal([...shared.recorder(undefined)(a)].length, 3);
    const b: SourceFile = { displayPath: 'b.yaml', absPath: undefined, text: `${text}` };
    const plain = (docs: readonly ParsedDocument[]): string => JSON.stringify(docs.map(({ file, ...d }) => ({ file: file.displayPath, ...d })));
    assert.ok(shared.has(b));
    assert.is(plain(shared.documentsOf(b) ?? []), plain([...parseFile(b)]));
    for (const g of groupsOf(text)) assert.is(plain(shared.groupDocsOf(b, g) ?? []), plain(parseGroup(b, g)), JSON.stringify(g));
    const other: SourceFile = { displayPath: 'b.yaml', absPath: undefined, text: deployment('web') };
    assert.not.ok(shared.has(other));
    assert.is(shared.documentsOf(other), undefined);
  });

  test('ambient: a namespace that moves to another waypoint changes its pods\' waypoint, not their capture', () => {
    withTemp((t) => {
      git(t, 'init', '-q');
      t.write('.meshlint.yaml', 'istio:\n  version: "1.28"\n');
      const waypoint = (name: string): string =>
        `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata:\n  name: ${name}\n  namespace: shop\n  labels:\n    istio.io/waypoint-for: all\nspec:\n  gatewayClassName: istio-waypoint\n  listeners:\n    - name: mesh\n      port: 15008\n      protocol: HBONE\n---\n`;
      t.write('k8s/waypoints.yaml', waypoint('w1') + waypoint('w2'));
      t.write('k8s/ns.yaml', ns('    istio.io/dataplane-mode: ambient\n    istio.io/use-waypoint: w1\n'));
      t.write('k8s/web.yaml', deployment('web'));
      commit(t, 'on w1');
      t.write('k8s/ns.yaml', ns('    istio.io/dataplane-mode: ambient\n    istio.io/use-waypoint: w2\n'));
      const { json } = diff(t, 'HEAD');
      const web = json.workloads.changed.find((c) => c.workload === 'Deployment shop/web') as unknown as { changes: string[]; base: { waypoint?: string }; head: { waypoint?: string } } | undefined;
      assert.equal(web?.changes, ['waypoint'], JSON.stringify(json.workloads.changed));
      assert.match(web?.base.waypoint ?? '', /own address waypoint shop\/w1, Services waypoint shop\/w1/);
      assert.match(web?.head.waypoint ?? '', /own address waypoint shop\/w2, Services waypoint shop\/w2/);
      // The namespace leaves ambient: its pods, never injected, leave the mesh.
      t.write('k8s/ns.yaml', ns('    team: shop\n'));
      const out = diff(t, 'HEAD').json.workloads.changed.find((c) => c.workload === 'Deployment shop/web');
      assert.equal(out?.changes, ['capture']);
    });
  });

  const helm = testBinary('helm4') ?? testBinary('helm3');
  if (!helm) skipping('the diff test with charts on both sides (no helm: npm run test:binaries)');
  else {
    test('a chart on both sides: hostNetwork set in its values loses the sidecar and adds a finding on the template', () => {
      withTemp((t) => {
        git(t, 'init', '-q');
        t.write('k8s/ns.yaml', ns('    istio-injection: enabled\n'));
        t.write('chart/Chart.yaml', 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
        t.write('chart/values.yaml', 'replicas: 1\nhostNetwork: false\n');
        t.write('chart/templates/deployment.yaml', deployment('web', '      hostNetwork: {{ .Values.hostNetwork }}\n'));
        commit(t, 'chart');
        t.write('chart/values.yaml', 'replicas: 1\nhostNetwork: true\n');
        commit(t, 'hostNetwork in the values');
        const chartEnv = { PATH: `${dirname(helm)}:${env.PATH}` };
        const r = cli(['diff', 'HEAD~1', 'HEAD', '--render-charts', '-f', 'json'], { cwd: t.path('.'), env: chartEnv });
        assert.equal(r.stderr, '', r.stderr);
        const json = JSON.parse(r.stdout) as DiffJson;
        assert.equal(json.workloads.changed.map((c) => [c.workload, c.changes]), [['Deployment shop/web', ['sidecar-lost']]]);
        assert.equal(json.findings.new.map((f) => [f.ruleId, f.filePath]), [['injection-host-network', 'chart/templates/deployment.yaml']]);
        assert.equal(r.code, 1);
        // The line to look at is the values line the change edits, not a line of helm template's output.
        assert.equal((json.workloads.changed[0] as unknown as { cause: unknown }).cause, { filePath: 'chart/values.yaml', line: 2, what: 'values' });
        const text = cli(['diff', 'HEAD~1', 'HEAD', '--render-charts', '--no-color'], { cwd: t.path('.'), env: chartEnv });
        assert.match(text.stdout, /chart\/values\.yaml:2 \(its chart's values\)/);
        assert.not.match(text.stdout, /helm template\):/);
      });
    });
    test('a chart that names its objects anew at each render (randAlphaNum): no workload added or removed, no finding new or fixed; a baseline keeps matching', () => {
      withTemp((t) => {
        git(t, 'init', '-q');
        t.write('chart/Chart.yaml', 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
        // Each deprecated name a finding, not the run's one note.
        t.write('.meshlint.yaml', 'rules: { annotation-deprecated: warn }\n');
        // A test hook pod, as charts write them, with a finding (the deprecated inject annotation).
        t.write('chart/templates/test.yaml', [
          'apiVersion: v1',
          'kind: Pod',
          'metadata:',
          '  name: {{ .Release.Name }}-test-{{ randAlphaNum 5 | lower }}',
          '  annotations:',
          '    sidecar.istio.io/inject: "false"',
          'spec:',
          '  containers: [{ name: t, image: curl }]',
          '',
        ].join('\n'));
        commit(t, 'chart');
        const chartEnv = { PATH: `${dirname(helm)}:${env.PATH}` };
        const r = cli(['diff', 'HEAD', '--render-charts', '-f', 'json'], { cwd: t.path('.'), env: chartEnv });
        assert.equal(r.stderr, '', r.stderr);
        const json = JSON.parse(r.stdout) as DiffJson;
        assert.equal(json.workloads, { changed: [], added: [], removed: [] });
        assert.equal(json.findings.counts, { new: 0, fixed: 0, undecided: 0, unchanged: 1 });
        // The baseline's fingerprint names the template, not the random name.
        const write = cli(['.', '--render-charts', '--write-baseline', 'baseline.json'], { cwd: t.path('.'), env: chartEnv });
        assert.equal(write.code, 0, write.stderr);
        const again = cli(['.', '--render-charts', '--baseline', 'baseline.json', '-f', 'json'], { cwd: t.path('.'), env: chartEnv });
        assert.equal(JSON.parse(again.stdout).flatMap((f: { messages: unknown[] }) => f.messages), []);
        assert.match(again.stderr, /1 known finding not shown/);
        // A name the values choose is an identity: renamed, it is removed and added.
        t.write('chart/values.yaml', 'name: web\n');
        t.write('chart/templates/deployment.yaml', deployment('{{ .Values.name }}'));
        t.write('k8s/ns.yaml', ns('    istio-injection: enabled\n'));
        commit(t, 'a deployment');
        t.write('chart/values.yaml', 'name: storefront\n');
        const renamed = JSON.parse(cli(['diff', 'HEAD', '--render-charts', '-f', 'json'], { cwd: t.path('.'), env: chartEnv }).stdout) as DiffJson;
        assert.equal(renamed.workloads.added.map((a) => a.workload), ['Deployment shop/storefront']);
        assert.equal(renamed.workloads.removed.map((r) => r.workload), ['Deployment shop/web']);
        assert.equal(renamed.workloads.changed, []);
      });
    });
  }

  const kubectl = testBinary('kubectl');
  if (!kubectl) skipping('the diff test with overlays on both sides (no kubectl: npm run test:binaries)');
  else {
    test('an overlay on both sides: a patch added to it is a new finding on the patch, and the workload in the overlay\'s namespace loses its sidecar', () => {
      withTemp((t) => {
        git(t, 'init', '-q');
        t.write('platform/ns.yaml', ns('    istio-injection: enabled\n'));
        t.write('base/kustomization.yaml', 'resources:\n- deployment.yaml\n');
        t.write('base/deployment.yaml', deployment('web', '      securityContext: {}\n').replace('  namespace: shop\n', ''));
        t.write('overlays/prod/kustomization.yaml', 'namespace: shop\nresources:\n- ../../base\n');
        commit(t, 'overlay');
        t.write('overlays/prod/kustomization.yaml', 'namespace: shop\nresources:\n- ../../base\npatches:\n- path: host.yaml\n');
        t.write('overlays/prod/host.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      hostNetwork: true\n');
        commit(t, 'hostNetwork by a patch');
        const overlayEnv = { PATH: `${dirname(kubectl)}:${env.PATH}` };
        const r = cli(['diff', 'HEAD~1', 'HEAD', '--render-overlays', '-f', 'json'], { cwd: t.path('.'), env: overlayEnv });
        assert.equal(r.stderr, '', r.stderr);
        const json = JSON.parse(r.stdout) as DiffJson;
        assert.equal(json.workloads.changed.map((c) => [c.workload, c.changes]), [['Deployment shop/web', ['sidecar-lost']]]);
        assert.equal(json.findings.new.map((f) => [f.ruleId, f.filePath]), [['injection-host-network', 'overlays/prod/host.yaml']]);
        assert.equal(r.code, 1);
      });
    });
  }
}

test('markdown links each place to its line on its side; a URL that could end the link early is left out', () => {
  const state = (filePath: string, line: number): WorkloadState => ({ sidecar: 'injected', reason: 'r', filePath, line });
  const diff: MeshDiff = {
    changed: [{ workload: 'Deployment shop/web', changes: ['sidecar-lost'], base: state('k8s/web.yaml', 4), head: { ...state('k8s/web.yaml', 4), sidecar: 'not-injected' }, cause: { filePath: 'k8s/ns.yaml', line: 5, what: 'namespace' } }],
    added: [],
    removed: [{ workload: 'Deployment shop/old', base: state('k8s/old (1).yaml', 7) }, { workload: 'Deployment shop/gone', base: state('k8s/gone.yaml', 3) }],
    findings: { new: [], fixed: [], undecided: [], unchanged: 0 },
  };
  const md = formatDiffMarkdown(diff, { base: 'main', head: 'pr' }, [], ['new-error'], (side, filePath, line) => `https://example.com/${side}/${filePath}#L${line}`);
  assert.match(md, /\| \[k8s\/ns\.yaml:5 \\\(its namespace's labels\\\)\]\(https:\/\/example\.com\/head\/k8s\/ns\.yaml#L5\) \|/);
  assert.match(md, /\| k8s\/old \\\(1\\\)\.yaml:7 in main \|/, 'a space or a parenthesis in the URL: no link');
  assert.match(md, /\| \[k8s\/gone\.yaml:3\]\(https:\/\/example\.com\/base\/k8s\/gone\.yaml#L3\) in main \|/, 'a removed workload links to BASE');
  const plain = formatDiffMarkdown(diff, { base: 'main', head: 'pr' }, [], ['new-error']);
  assert.not.match(plain, /\]\(/);
  // Twelve workloads one relabel changes alike: one row, ten names and a count.
  const many: MeshDiff = { ...diff, removed: [], changed: Array.from({ length: 12 }, (_, i) => ({ ...diff.changed[0]!, workload: `Deployment shop/w${i}` })) };
  const rows = formatDiffMarkdown(many, { base: 'main', head: 'pr' }, [], ['new-error']).split('\n').filter((l) => l.startsWith('| Deployment'));
  assert.equal(rows.length, 1);
  assert.match(rows[0] ?? '', /^\| Deployment shop\/w0, .*Deployment shop\/w9 and 2 more \\\(12 workloads\\\) \| loses its sidecar \|/);
});

test.run();
