// A hostile repository, built as an attacker would: configs that name programs or flags,
// links out of the repository, charts that read the runner's environment. The promise
// (README, "What a repository can make meshlint do"): nothing it contains runs a program,
// reads outside it, or reaches the output with the runner's environment; nothing exits above
// 2 or prints a stack trace.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { confinedEnv, findOnPath, MAX_MEMORY_MB, memoryBounded } from '../src/load/render/process.ts';
import { cli, shopNamespace, tempDir, webDeployment, withTemp, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const BIN = join(REPO_ROOT, 'bin', 'meshlint.js');
const CANARY = `canary-${process.pid}-${Date.now()}`;
const helm = testBinary('helm4') ?? testBinary('helm3');
const kubectl = testBinary('kubectl');

/** A script that leaves a marker when it runs, by any interpreter: sh, node, or as a program. */
function trap(t: TempDir, rel: string): string {
  const marker = t.path(`MARKER-${rel.replace(/\W/g, '_')}`);
  const p = t.write(rel, `#!/bin/sh\n// 2>/dev/null; touch '${marker}'; exit 0\nrequire('node:fs').writeFileSync(${JSON.stringify(marker)}, '');\n`);
  chmodSync(p, 0o755);
  return marker;
}

function chart(t: TempDir, dir = 'chart'): void {
  t.write(`${dir}/Chart.yaml`, 'apiVersion: v2\nname: shop\nversion: 0.1.0\n');
  t.write(`${dir}/templates/web.yaml`, webDeployment());
}

/** Every output of a run, to search for what must never appear. */
const everything = (r: { stdout: string; stderr: string }): string => r.stdout + r.stderr;

function assertClean(r: { code: number; stdout: string; stderr: string }, what: string): void {
  assert.ok(r.code <= 2, `${what}: exit ${r.code}`);
  assert.not.match(everything(r), /\n\s+at .*\(.*:\d+:\d+\)/, `${what}: a stack trace`);
  assert.not.ok(everything(r).includes(CANARY), `${what}: the canary reached the output`);
}

// ------------------------------------------------------------------ configs that name programs

test('an ignore pattern with many ** (in .gitignore, .meshlintignore, ignorePatterns, --ignore-pattern) against a deep folder is matched as gitignore means it, without backtracking', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    const deep = `${Array.from({ length: 40 }, () => 'x').join('/')}`;
    t.write(`${deep}/web.yaml`, webDeployment());
    t.write(`${deep}/y/gone.yaml`, webDeployment());
    const hostile = `x${'/**/*x*'.repeat(12)}`;
    t.write('.gitignore', `${hostile}/y\n`);
    t.write('.meshlintignore', `${hostile}/z\n`);
    t.write('.meshlint.yaml', `ignorePatterns: ['${hostile}/w']\n`);
    const r = cli(['--stats', '--ignore-pattern', `${hostile}/v`, '.'], { cwd: t.dir });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /2 files linted.*skipped: 1 ignored directory/, 'web.yaml and the config linted, the folder y ignored by the .gitignore pattern');
  });
});

test('a chart that writes without end is stopped by the memory bound, not left to fill the machine; the bound is passed to the binary as a limit, never as text to run', () => {
  if (process.platform === 'linux') {
    const [command, args] = memoryBounded('/opt/odd dir/helm; touch x', ['template', '$(id)']);
    assert.is(command, '/bin/sh');
    assert.equal(args.slice(2), ['/opt/odd dir/helm; touch x', 'template', '$(id)'], 'the binary and its arguments are positional parameters');
    assert.match(args[1] ?? '', /^ulimit -v \d+ 2>\/dev\/null; exec "\$0" "\$@"$/);
  }
  if (!helm || process.platform !== 'linux') return;
  withTemp((t) => {
    t.write('chart/Chart.yaml', 'apiVersion: v2\nname: big\nversion: 0.1.0\n');
    // About 3 GB of text: helm holds it all before printing any.
    t.write('chart/templates/cm.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: big }\ndata:\n  a: "{{ range until 30000000 }}${'x'.repeat(100)}{{ end }}"\n`);
    const r = cli(['-f', 'json', '--helm-chart', 'chart', '--helm-binary', helm], { cwd: t.dir });
    const messages = JSON.parse(r.stdout).flatMap((f: { messages: { message: string; severity: number }[] }) => f.messages);
    assert.match(messages[0]?.message ?? '', new RegExp(`needed more memory than a render may use \\(${MAX_MEMORY_MB} MB\\)`), r.stdout);
    assert.is(messages[0]?.severity, 1, "one warning: the run's limit");
  });
});

test('helm.binary in a repository config never runs, whatever it names (a script, sh, node)', () => {
  withTemp((t) => {
    chart(t);
    const direct = trap(t, 'tools/helm');
    const bySh = trap(t, 'template');
    for (const binary of ['./tools/helm', 'tools/helm', 'sh', 'node', join(t.dir, 'tools/helm')]) {
      t.write('.meshlint.yaml', `helm: {binary: ${JSON.stringify(binary)}, renderCharts: true}\n`);
      const r = cli(['.'], { cwd: t.dir, env: { PATH: process.env.PATH } });
      assert.is(r.code, 2, binary);
      assert.match(r.stderr, /helm\.binary: a configuration cannot name a program to run/);
      assertClean(r, binary);
    }
    assert.not.ok(existsSync(direct) || existsSync(bySh), 'a repository script ran');
  });
});

test('kustomize.binary in a repository config never runs (node with a file named build)', () => {
  withTemp((t) => {
    const marker = trap(t, 'build');
    t.write('overlay/kustomization.yaml', 'resources: [web.yaml]\n');
    t.write('overlay/web.yaml', webDeployment());
    t.write('.meshlint.yaml', 'kustomize: {binary: node, overlays: [overlay]}\n');
    const r = cli(['.'], { cwd: t.dir, env: { PATH: process.env.PATH } });
    assert.is(r.code, 2);
    assert.match(r.stderr, /kustomize\.binary: a configuration cannot name a program/);
    assert.not.ok(existsSync(marker));
  });
});

test('a program on a relative PATH entry, or a relative MESHLINT_HELM, is never found', () => {
  withTemp((t) => {
    chart(t);
    const marker = trap(t, 'helm');
    for (const PATH of ['.', '', `.:${process.env.PATH ?? ''}`.replace(/:$/, ''), 'bin']) {
      assert.is(findOnPath(['helm'], { PATH }), helm && PATH.includes('/') ? findOnPath(['helm'], { PATH }) : undefined, `PATH=${PATH}`);
    }
    const r = cli(['--render-charts', '.'], { cwd: t.dir, env: { PATH: '.' } });
    assert.is(r.code, 2);
    assert.match(r.stderr, /needs the helm binary/);
    const fromEnv = cli(['--render-charts', '.'], { cwd: t.dir, env: { PATH: '/nonexistent', MESHLINT_HELM: './helm' } });
    assert.is(fromEnv.code, 2);
    assert.match(fromEnv.stderr, /MESHLINT_HELM=\.\/helm: no such executable \(from the environment, a path must be absolute\)/);
    assert.not.ok(existsSync(marker));
  });
});

test('a release, set value or version from the config cannot become a helm flag', () => {
  withTemp((t) => {
    chart(t);
    const marker = trap(t, 'pr.sh');
    t.write('.meshlint.yaml', 'helm: {charts: [{path: chart, release: "--post-renderer=./pr.sh"}]}\n');
    const r = cli(['.'], { cwd: t.dir, env: { PATH: process.env.PATH } });
    assert.is(r.code, 2);
    assert.match(r.stderr, /release: is not a Helm release name/);
    const flag = cli(['--helm-chart', 'chart', '--release', '--post-renderer=./pr.sh'], { cwd: t.dir, env: { PATH: process.env.PATH } });
    assert.is(flag.code, 2);
    if (helm) {
      // Values bound to their flags: a --set of "--post-renderer=./pr.sh" is a value, never a flag.
      t.write('.meshlint.yaml', 'helm: {charts: [{path: chart, set: ["--post-renderer=./pr.sh", "x=--post-renderer=./pr.sh"]}]}\n');
      const real = cli(['-f', 'json', '.'], { cwd: t.dir, env: { PATH: process.env.PATH, MESHLINT_HELM: helm } });
      assertClean(real, 'set');
    }
    assert.not.ok(existsSync(marker), 'the post-renderer ran');
  });
});

// ------------------------------------------------------------------ links out of the repository

test('a chart with a link out of it is not rendered; its target never reaches any output', () => {
  withTemp((t) => {
    // The secret lies beside the repository; the chart links to it and to the runner's environment.
    t.write('secret.txt', `${CANARY}\n`);
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/chart/Chart.yaml', 'apiVersion: v2\nname: shop\nversion: 0.1.0\n');
    t.write('repo/chart/templates/web.yaml', [
      'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web, namespace: shop}', 'spec:', '  template:', '    metadata:', '      annotations:',
      '        sidecar.istio.io/inject: {{ .Files.Get "files/x" | trim | quote }}', '        env: {{ .Files.Get "files/env" | replace "\\x00" " " | quote }}',
      '    spec:', '      containers: [{name: web, image: web}]', '',
    ].join('\n'));
    mkdirSync(t.path('repo/chart/files'));
    symlinkSync(t.path('secret.txt'), t.path('repo/chart/files/x'));
    symlinkSync('/proc/self/environ', t.path('repo/chart/files/env'));
    const env = { PATH: process.env.PATH, MESHLINT_CANARY: CANARY, ...(helm ? { MESHLINT_HELM: helm } : {}) };
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const r = cli(['--render-charts', '-f', format, '.'], { cwd: t.path('repo'), env });
      assertClean(r, format);
      if (helm) assert.match(r.stdout, /files\/(env|x) is a symbolic link to \\?".*\\?" outside the chart/, format);
    }
  });
});

test('a subchart linked from outside the chart is refused', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    chart(t);
    chart(t, '../outside-' + process.pid);
    mkdirSync(t.path('chart/charts'));
    symlinkSync(t.path('../outside-' + process.pid), t.path('chart/charts/sub'));
    try {
      const r = cli(['--render-charts', '-f', 'json', '.'], { cwd: t.dir, env: { PATH: process.env.PATH, ...(helm ? { MESHLINT_HELM: helm } : {}) } });
      assertClean(r, 'subchart');
      if (helm) assert.match(r.stdout, /charts\/sub is a symbolic link to .* outside the chart/);
    } finally {
      spawnSync('rm', ['-rf', t.path('../outside-' + process.pid)]);
    }
  });
});

test('walking, globbing or naming a link out of the repository never reads it', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('ns.yaml', shopNamespace());
    symlinkSync('/proc/self/environ', t.path('leak.yaml'));
    symlinkSync('/etc', t.path('etc-link'));
    const env = { MESHLINT_CANARY: CANARY };
    for (const args of [['.'], ['*.yaml'], ['leak.yaml', 'ns.yaml'], ['etc-link']]) {
      const r = cli(['--stats', ...args], { cwd: t.dir, env });
      assertClean(r, args.join(' '));
      assert.match(r.stderr, /leads outside the repository/, args.join(' '));
    }
    const walked = cli(['--stats', '.'], { cwd: t.dir, env });
    assert.match(walked.stderr, /1 file linted.*skipped: 2 links out of the repository/);
  });
});

test('--fix never writes through a link out of the repository', () => {
  withTemp((t) => {
    const outside = t.write('outside/web.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    on: true\n');
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    symlinkSync(t.path('outside'), t.path('repo/linked'));
    const before = readFileSync(outside, 'utf8');
    const walked = cli(['--fix', '.'], { cwd: t.path('repo') });
    const named = cli(['--fix', 'linked/web.yaml'], { cwd: t.path('repo') });
    assertClean(walked, 'walked');
    assertClean(named, 'named');
    assert.is(readFileSync(outside, 'utf8'), before);
  });
});

test('an overlay naming a path out of the repository is not built', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('overlay/kustomization.yaml', 'resources:\n- web.yaml\n- ../../../../../../../../etc/ssl\n');
    t.write('overlay/web.yaml', webDeployment());
    t.write('linked/kustomization.yaml', 'resources: [leak.yaml]\n');
    symlinkSync('/proc/self/environ', t.path('linked/leak.yaml'));
    const env = { PATH: process.env.PATH, MESHLINT_CANARY: CANARY, ...(kubectl ? { MESHLINT_KUSTOMIZE: kubectl } : {}) };
    if (!kubectl) return;
    const r = cli(['-f', 'json', '--kustomize', 'overlay', '--kustomize', 'linked'], { cwd: t.dir, env });
    assertClean(r, 'overlay');
    assert.match(r.stdout, /not built: .*etc\/ssl.* leads outside the repository/);
    assert.match(r.stdout, /not built: \\"leak\.yaml\\" leads outside the repository/);
  });
});

test('a .meshlint.yaml that links out of the repository is a config error, never read', () => {
  withTemp((t) => {
    t.write('outside/.meshlint.yaml', `rules: {${CANARY}: off}\n`);
    t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
    t.write('repo/ns.yaml', shopNamespace());
    symlinkSync(t.path('outside/.meshlint.yaml'), t.path('repo/.meshlint.yaml'));
    const r = cli(['.'], { cwd: t.path('repo') });
    assert.is(r.code, 2);
    assert.match(r.stderr, /\.meshlint\.yaml: is a symbolic link that leads outside the repository/);
    assertClean(r, 'config link');
  });
});

// ------------------------------------------------------------------ what a renderer is given

test('a renderer sees none of the runner\'s environment: no tokens, a home and kubeconfig of its own', () => {
  const env = confinedEnv({ PATH: '/usr/bin', GITHUB_TOKEN: CANARY, ACTIONS_RUNTIME_TOKEN: CANARY, AWS_SECRET_ACCESS_KEY: CANARY, KUBECONFIG: '/root/.kube/config', HELM_PLUGINS: '/x', HOME: '/root', NO_PROXY: '*', LANG: 'C.UTF-8' }, '/sandbox');
  assert.not.ok(Object.values(env).includes(CANARY));
  assert.is(env.PATH, '/usr/bin');
  assert.is(env.LANG, 'C.UTF-8');
  assert.is(env.HOME, '/sandbox');
  assert.is(env.KUBECONFIG, '/sandbox/kubeconfig');
  assert.is(env.HELM_PLUGINS, '/sandbox/helm-plugins');
  assert.is(env.NO_PROXY, '');
  assert.is(env.HTTPS_PROXY, 'http://127.0.0.1:9');
  assert.is(env.GIT_ALLOW_PROTOCOL, 'none');
  withTemp((t) => {
    chart(t);
    const dump = t.path('env.txt');
    const fake = t.write('bin/fake-helm', `#!/bin/sh\nenv > '${dump}'\nls -A "$HOME" >> '${dump}'\ncat "$KUBECONFIG" >> '${dump}'\n`);
    chmodSync(fake, 0o755);
    const r = cli(['--helm-chart', 'chart', '--helm-binary', fake], { cwd: t.dir, env: { PATH: process.env.PATH, GITHUB_TOKEN: CANARY, KUBECONFIG: '/root/.kube/config' } });
    assertClean(r, 'fake helm');
    const seen = readFileSync(dump, 'utf8');
    assert.not.ok(seen.includes(CANARY));
    assert.not.ok(seen.includes('/root/.kube/config'));
    assert.match(seen, /^HOME=.*meshlint-home-/m);
    assert.ok(!existsSync(/^HOME=(.*)$/m.exec(seen)?.[1] ?? ''), 'the home folder is removed after the run');
  });
});

test('building an overlay never contacts the kubeconfig\'s cluster, even on loopback', async () => {
  const debian = ['/usr/bin/kubectl', kubectl].find((k) => k && existsSync(k));
  if (!debian) {
    skipping('the kubeconfig test (no kubectl)');
    return;
  }
  // The listener runs in a Node of its own, outside the suite's network guard, on loopback
  // only; it prints its port, then one line per connection it accepts.
  const listener = spawn(process.execPath, ['-e', "const s=require('node:net').createServer((c)=>{process.stdout.write('connection\\n');c.destroy()});s.listen(0,'127.0.0.1',()=>process.stdout.write(s.address().port+'\\n'));"], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
  let said = '';
  listener.stdout.on('data', (d: Buffer) => (said += d.toString()));
  try {
    const port = await new Promise<number>((ok, fail) => {
      listener.on('exit', () => fail(new Error('the loopback listener did not start')));
      const check = (): void => {
        const m = /^(\d+)\n/.exec(said);
        if (m) ok(Number(m[1]));
        else setTimeout(check, 20);
      };
      check();
    });
    await withTempAsync(async (t) => {
      const kubeconfig = t.write('kubeconfig', `apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:${port}"}}]\ncontexts: [{name: c, context: {cluster: c, user: u}}]\ncurrent-context: c\nusers: [{name: u, user: {}}]\n`);
      t.write('overlay/kustomization.yaml', 'resources: [web.yaml]\n');
      t.write('overlay/web.yaml', webDeployment());
      const code = await new Promise<number>((done) => {
        const child = spawn(process.execPath, [BIN, '--kustomize', 'overlay', '--kustomize-binary', debian], { cwd: t.dir, env: { PATH: process.env.PATH, KUBECONFIG: kubeconfig, HOME: t.dir, NODE_OPTIONS: process.env.NODE_OPTIONS }, stdio: 'ignore' });
        child.on('close', (c) => done(c ?? 99));
      });
      assert.ok(code <= 1, `exit ${code}`);
    });
    // Connections accepted meanwhile have been printed by now (the listener's loop runs free).
    await new Promise((ok) => setTimeout(ok, 200));
  } finally {
    listener.kill();
  }
  assert.not.match(said, /connection/, 'kubectl contacted the cluster of the kubeconfig');
});

async function withTempAsync(fn: (t: TempDir) => Promise<void>): Promise<void> {
  const t = tempDir();
  try {
    await fn(t);
  } finally {
    t.cleanup();
  }
}

// ------------------------------------------------------------------ what the config cannot turn off

test('parse-error off (from the command line or a repository config) never lets a binary file pass', () => {
  withTemp((t) => {
    writeFileSync(t.path('blob.yaml'), Buffer.from([0, 1, 2, 255, 254, 0, 10]));
    t.write('bad.yaml', 'a: [\n');
    for (const how of [['--rule', 'parse-error=off'], []]) {
      if (how.length === 0) t.write('.meshlint.yaml', 'rules: {parse-error: off}\n');
      const r = cli(['-f', 'json', ...how, '.'], { cwd: t.dir });
      assert.is(r.code, 1, how.join(' ') || 'config');
      const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: number }[] }[];
      assert.equal(results.find((x) => x.filePath === 'blob.yaml')?.messages.map((m) => [m.ruleId, m.severity]), [['parse-error', 2]]);
      assert.equal(results.find((x) => x.filePath === 'bad.yaml')?.messages ?? [], []);
      assert.match(r.stderr, /note: parse-error is off: documents with YAML syntax errors are skipped without a finding/);
    }
  });
});

test('a full disk on standard output is one line and exit 2, not a stack trace', () => {
  if (!existsSync('/dev/full')) return;
  const r = spawnSync('sh', ['-c', `'${process.execPath}' '${BIN}' examples > /dev/full`], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.is(r.status, 2, r.stderr);
  assert.is(r.stderr.trim().split('\n').pop(), 'meshlint: cannot write to standard output: ENOSPC');
  assert.not.match(r.stderr, /\n\s+at /);
});

test.run();
