// Every integration snippet of the README, taken from the README itself (each follows a
// `<!-- snippet: NAME -->` line) and run with the real client: ESLint's CLI on the flat
// config, headless Neovim on the LSP snippet, the real pre-commit on the hook config, the
// Action bundle on the workflow step. The docs cannot drift from what works. A client that is
// not installed skips its test with a notice.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { shopNamespace, webDeployment, withTemp, type TempDir } from './helpers/cli.ts';
import { snapshotRepo } from './helpers/repo-snapshot.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The code block that follows `<!-- snippet: NAME -->` in the README, verbatim. */
export function snippet(name: string, readme = README): string {
  const marker = `<!-- snippet: ${name} -->\n`;
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README has no snippet ${name}`);
  const rest = readme.slice(at + marker.length);
  const block = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(rest);
  if (!block || !rest.startsWith('```')) throw new Error(`the snippet ${name} is not followed by a code block`);
  return block[1] ?? '';
}

const NAMESPACE = shopNamespace();
/** Asks for a sidecar itself and sets hostNetwork: an injection-host-network error at 12:7. */
const BAD = webDeployment(true).replace('labels: { app: web }', 'labels: { app: web, sidecar.istio.io/inject: "true" }');

/** `meshlint` on PATH, as an installed package puts it. */
function meshlintOnPath(t: TempDir): string {
  mkdirSync(t.path('bin'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'bin', 'meshlint.js'), t.path('bin/meshlint'));
  return `${t.path('bin')}:${process.env.PATH ?? ''}`;
}

test('the snippets are found, each a code block', () => {
  for (const name of ['eslint.config.mjs', 'init.lua', '.pre-commit-config.yaml', 'workflow-step.yml', 'pull-request-workflow.yml']) assert.ok(snippet(name).length > 0, name);
  assert.throws(() => snippet('x', '<!-- snippet: x -->\ntext\n'), /not followed by a code block/);
});

// ESLint 10 (`eslint`) and 9 (`eslint9`, an npm alias of eslint@9), each as the project's `eslint`.
for (const installed of ['eslint', 'eslint9']) {
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', installed, 'package.json'), 'utf8')) as { version: string }).version;
  test(`ESLint ${version}: the flat config, verbatim in eslint.config.mjs of an \`npm init -y\` project, lints the manifests, and leaves the .js files alone`, () => {
  withTemp((t) => {
    t.write('package.json', JSON.stringify({ name: 'platform', version: '1.0.0', main: 'index.js', license: 'ISC' }, null, 2));
    t.write('eslint.config.mjs', snippet('eslint.config.mjs'));
    // `npm install -D meshlint eslint`: the package (its exports), and ESLint.
    mkdirSync(t.path('node_modules'));
    symlinkSync(REPO_ROOT, t.path('node_modules/meshlint'));
    symlinkSync(join(REPO_ROOT, 'node_modules', installed), t.path('node_modules/eslint'));
    t.write('k8s/web.yaml', BAD);
    t.write('platform/ns.yaml', NAMESPACE);
    t.write('index.js', 'export const answer = 42;\n');
    const r = spawnSync(process.execPath, [t.path('node_modules/eslint/bin/eslint.js'), '.', '--format', 'json'], { cwd: t.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(r.status, 1, `exit ${r.status}: ${r.stderr}${r.stdout.slice(0, 500)}`);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string | null; line: number; column: number; severity: number }[] }[];
    const rows = results.flatMap((x) => x.messages.map((m) => `${x.filePath.slice(t.dir.length + 1)} ${m.line}:${m.column} ${m.ruleId} ${m.severity}`));
    assert.equal(rows, ['k8s/web.yaml 12:7 meshlint/injection-host-network 2'], 'the Namespace in platform/ (context) turns injection on; the .js files are not touched');
  });
  });
}

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const nvimVersion = /NVIM v(\d+)\.(\d+)/.exec(nvim.stdout ?? '');
// The snippet is for 0.11 and later; editors/neovim/meshlint.lua, for older ones, is run by test/editors.test.ts.
const nvimHasConfig = nvimVersion !== null && (Number(nvimVersion[1]) > 0 || Number(nvimVersion[2]) >= 11);
if (nvim.status !== 0) skipping('the README Neovim snippet test (nvim is not installed: apt-get install neovim)');
else if (!nvimHasConfig) skipping(`the README Neovim snippet test (${nvim.stdout.split('\n')[0]} is older than 0.11, which the snippet needs; test/editors.test.ts runs editors/neovim/meshlint.lua on it)`);
else {
  test('Neovim: the two lines of Lua, verbatim as init.lua, show the diagnostic', () => {
    withTemp((t) => {
      t.write('.git/HEAD', 'ref: refs/heads/main\n');
      t.write('init.lua', snippet('init.lua'));
      t.write('platform/ns.yaml', NAMESPACE);
      t.write('apps/web.yaml', BAD);
      const out = t.path('diagnostics.txt');
      const lua = [
        // No time limit: it waits for the diagnostics as long as the server takes.
        `while #vim.diagnostic.get(0) == 0 do vim.wait(50) end`,
        `local lines = { 'ok' }`,
        `for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(lines, (d.lnum + 1) .. ':' .. (d.col + 1) .. ' ' .. tostring(d.code) .. ' ' .. d.severity) end`,
        `vim.fn.writefile(lines, ${JSON.stringify(out)})`,
      ].join('\n');
      const r = spawnSync('nvim', ['--headless', '-i', 'NONE', '-u', t.path('init.lua'), 'apps/web.yaml', '-c', `lua ${lua}`, '-c', 'qa!'], {
        cwd: t.dir,
        encoding: 'utf8',
        env: { ...process.env, PATH: meshlintOnPath(t), XDG_CONFIG_HOME: t.path('xdg-config'), XDG_DATA_HOME: t.path('xdg-data'), XDG_STATE_HOME: t.path('xdg-state') },
      });
      assert.ok(existsSync(out), `Neovim wrote no result (exit ${r.status}): ${r.stderr}`);
      assert.equal(readFileSync(out, 'utf8').trim().split('\n'), ['ok', '12:7 injection-host-network 1']);
    });
  });
}

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
if (!preCommit) skipping('the README pre-commit snippet test (pre-commit is not installed: apt-get install pre-commit)');
else {
  test('pre-commit: the config, with its repo and rev pointed at this clone, fails a commit that breaks injection', () => {
    withTemp((t) => {
      // pre-commit clones the hook repository at a commit: this checkout as one, uncommitted changes included.
      const hooks = t.path('meshlint');
      const head = snapshotRepo(hooks);
      // The only edits: where the hook repository is, and which commit of it.
      const config = snippet('.pre-commit-config.yaml')
        .replace(/repo: https:\/\/github\.com\/meshlint\/meshlint/, `repo: ${hooks}`)
        .replace(/rev: <a release tag or commit>/, `rev: ${head}`);
      assert.not.equal(config, snippet('.pre-commit-config.yaml'));
      const repo = t.path('repo');
      t.write('repo/.pre-commit-config.yaml', config);
      t.write('repo/platform/ns.yaml', NAMESPACE);
      t.write('repo/apps/web.yaml', BAD);
      const env = { ...process.env, PRE_COMMIT_HOME: t.path('pre-commit-home'), NO_COLOR: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
      const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8', env });
      git('init', '-q', '-b', 'main');
      git('add', '.');
      const r = spawnSync('pre-commit', ['run', 'meshlint', '--all-files'], { cwd: repo, encoding: 'utf8', env });
      assert.is(r.status, 1, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
      assert.match(r.stdout, /injection-host-network/);
    });
  });
}

test('the Action: the workflow step, run by the committed bundle as the runner would, fails on the bad manifest and writes the SARIF file', () => {
  const workflow = parseYaml(snippet('workflow-step.yml')) as { steps: { id?: string; uses?: string; with?: Record<string, string> }[] };
  const step = workflow.steps.find((s) => s.uses?.startsWith('meshlint/meshlint@'));
  assert.ok(step?.with, 'the step that uses meshlint');
  withTemp((t) => {
    const ws = t.path('ws');
    t.write('ws/k8s/ns.yaml', NAMESPACE);
    t.write('ws/k8s/web.yaml', BAD);
    const output = t.write('runner/output', '');
    const summary = t.write('runner/summary', '');
    // The step's `with:` as the runner passes it; charts and overlays it names are left out
    // here (they need helm and kustomize on the runner; test/render.test.ts covers rendering).
    const inputs = Object.fromEntries(Object.entries(step.with ?? {}).filter(([k]) => k !== 'helm-chart' && k !== 'kustomize'));
    assert.equal(Object.keys(inputs), ['paths']);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary };
    for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = String(v);
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'action.js')], { cwd: ws, env, encoding: 'utf8' });
    assert.is(r.status, 1, `exit ${r.status}: ${r.stderr}`);
    assert.ok(existsSync(join(ws, 'meshlint.sarif')), 'the default sarif-file');
    assert.match(readFileSync(join(ws, 'meshlint.sarif'), 'utf8'), /injection-host-network/);
    assert.match(readFileSync(output, 'utf8'), /sarif-file/);
  });
});

const hasGit = spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasGit) skipping('the README pull-request workflow test (git is not installed)');
else {
  test('the Action on a pull request: the workflow checks out the history, and its step reports what the change adds', () => {
    const workflow = parseYaml(snippet('pull-request-workflow.yml')) as { on: unknown; jobs: Record<string, { steps: { id?: string; uses?: string; with?: Record<string, unknown> }[] }> };
    // Pull requests, and pushes to the base branch, whose analysis they are compared with.
    assert.equal(Object.keys(workflow.on as Record<string, unknown>).sort(), ['pull_request', 'push']);
    const steps = Object.values(workflow.jobs)[0]?.steps ?? [];
    assert.is(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth'], 0, 'the base commit is in the checkout');
    const step = steps.find((s) => s.uses?.startsWith('meshlint/meshlint@'));
    assert.ok(step?.with, 'the step that uses meshlint');
    withTemp((t) => {
      const ws = t.path('ws');
      const git = (...args: string[]): string => {
        const r = spawnSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: ws, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: t.dir, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
        assert.is(r.status, 0, r.stderr);
        return r.stdout.trim();
      };
      // The base: web without hostNetwork; the pull request gives it hostNetwork (a new error).
      t.write('ws/k8s/ns.yaml', NAMESPACE);
      t.write('ws/k8s/web.yaml', webDeployment(false));
      git('init', '-q');
      git('add', '.');
      git('commit', '-q', '-m', 'base');
      const base = git('rev-parse', 'HEAD');
      t.write('ws/k8s/web.yaml', BAD);
      git('commit', '-q', '-a', '-m', 'change');
      const event = t.write('runner/event.json', JSON.stringify({ pull_request: { base: { sha: base } } }));
      const output = t.write('runner/output', '');
      const summary = t.write('runner/summary', '');
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event };
      for (const [k, v] of Object.entries(step.with ?? {})) env[`INPUT_${k.toUpperCase()}`] = String(v);
      const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'action.js')], { cwd: ws, env, encoding: 'utf8' });
      assert.is(r.status, 1, `exit ${r.status}: ${r.stdout}${r.stderr}`);
      assert.ok(readFileSync(summary, 'utf8').startsWith('## What this change does to the mesh\n'));
      assert.match(readFileSync(join(ws, 'meshlint.sarif'), 'utf8'), /injection-host-network/);
      assert.match(readFileSync(output, 'utf8'), /^mode<<(.+)\ndiff\n\1$/m);
    });
  });
}

test.run();
