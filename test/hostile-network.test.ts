// A hostile overlay that asks Kustomize to fetch: every field that names a file or a
// kustomization, given as a URL of a server on loopback (where Go's HTTP client ignores any
// proxy). Nothing may be fetched, and each overlay is one warning on the entry that asks.
import { spawn, spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isRemote } from '../src/load/render/kustomize.ts';
import { cli, parseJsonReport, tempDir, webDeployment, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';

const kubectl = testBinary('kubectl');
const CANARY = `served-${process.pid}`;

/** A loopback HTTP server in a Node of its own (outside the suite's network guard): it prints its port, then one line per request. */
async function loopbackServer(): Promise<{ port: number; requests: () => string; flush: () => Promise<void>; stop: () => void }> {
  const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${CANARY}\ndata:\n  a: "${CANARY}"\n`;
  const code = `const s=require('node:http').createServer((q,r)=>{process.stdout.write('request '+q.url+'\\n');r.end(${JSON.stringify(manifest)})});s.listen(0,'127.0.0.1',()=>process.stdout.write(s.address().port+'\\n'));`;
  const child = spawn(process.execPath, ['-e', code], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
  let said = '';
  child.stdout.on('data', (d: Buffer) => (said += d.toString()));
  // Waits on what the server says, never on a clock: its port, or its end.
  const port = await new Promise<number>((ok, fail) => {
    const check = (): void => {
      const m = /^(\d+)\n/.exec(said);
      if (m) {
        child.stdout.off('data', check);
        child.off('exit', ended);
        ok(Number(m[1]));
      }
    };
    const ended = (): void => fail(new Error('the loopback server did not start'));
    child.stdout.on('data', check);
    child.once('exit', ended);
  });
  const flush = async (): Promise<void> => {
    const seen = new Promise<void>((ok) => {
      const check = (): void => {
        if (said.includes('request /meshlint-test-end\n')) {
          child.stdout.off('data', check);
          ok();
        }
      };
      child.stdout.on('data', check);
      check();
    });
    // From a child: this process refuses network access (test/helpers/no-network.mjs).
    const asked = spawnSync(process.execPath, ['-e', `require('node:http').get('http://127.0.0.1:${port}/meshlint-test-end', (r) => r.resume())`], { env: { PATH: process.env.PATH }, stdio: 'ignore' });
    if (asked.status !== 0) throw new Error('the loopback server did not answer');
    await seen;
  };
  const requests = (): string => said.split('\n').filter((l) => l.startsWith('request') && l !== 'request /meshlint-test-end').join('\n');
  return { port, requests, flush, stop: () => child.kill() };
}

test('remote entries: any scheme, SCP-style address, known host or query; local paths are not', () => {
  for (const r of ['http://127.0.0.1:1/x.yaml', 'HTTPS://localhost/x', 'git::http://h/r.git', 'ssh://git@h/r', 'file:///etc/x', 'gh:org/repo', 'git@github.com:org/repo', 'me@host:repo', 'github.com/org/repo//base', 'gitlab.com:org/repo', 'base?ref=v1', 'dev.azure.com/o/p/_git/r']) {
    assert.ok(isRemote(r), r);
  }
  for (const l of ['../base', 'base', 'patch.yaml', './k8s/web.yaml', 'files/a.conf']) assert.not.ok(isRemote(l), l);
});

(kubectl ? test : test.skip)('an overlay whose kustomizations name a URL, in any field, is not built: nothing is fetched, loopback included', async () => {
  if (!kubectl) return; // declared as a test only when present; this narrows its type
  const server = await loopbackServer();
  const t: TempDir = tempDir();
  try {
    const at = `http://127.0.0.1:${server.port}`;
    const local = `http://localhost:${server.port}`;
    const overlays: Record<string, string> = {
      resource: `resources:\n  - ${at}/x.yaml\n`,
      localhost: `resources:\n  - ${local}/x.yaml\n`,
      gitResource: `resources:\n  - git::${at}/repo.git\n`,
      component: `resources: [web.yaml]\ncomponents:\n  - ${at}/c\n`,
      patch: `resources: [web.yaml]\npatches:\n  - path: ${at}/p.yaml\n`,
      strategicMerge: `resources: [web.yaml]\npatchesStrategicMerge:\n  - ${at}/p.yaml\n`,
      generatorFile: `resources: [web.yaml]\nconfigMapGenerator:\n  - name: c\n    files:\n      - k=${at}/f\n`,
      generatorEnv: `resources: [web.yaml]\nsecretGenerator:\n  - name: s\n    envs:\n      - ${at}/e.env\n`,
      crd: `resources: [web.yaml]\ncrds:\n  - ${at}/crd.yaml\n`,
      openapi: `resources: [web.yaml]\nopenapi:\n  path: ${at}/schema.json\n`,
      replacement: `resources: [web.yaml]\nreplacements:\n  - path: ${at}/r.yaml\n`,
      helmChart: `helmCharts:\n  - name: c\n    repo: ${at}/charts\n`,
      pluginFile: `resources: [web.yaml]\ngenerators:\n  - gen.yaml\n`,
      pluginInline: `resources: [web.yaml]\ntransformers:\n  - |-\n    apiVersion: builtin\n    kind: PatchTransformer\n    metadata: {name: p}\n    path: ${at}/p.yaml\n`,
      viaBase: 'resources:\n  - ../remote-base\n',
      // The legacy generator's values file (types.SplitHelmParameters: values → valuesFile).
      legacyHelmValues: `resources: [web.yaml]\nhelmChartInflationGenerator:\n  - chartName: c\n    values: ${at}/v.yaml\n`,
      // ValueAddTransformer loads its targetFilePath (api/internal/builtins/ValueAddTransformer.go).
      valueAdd: `resources: [web.yaml]\ntransformers:\n  - |-\n    apiVersion: builtin\n    kind: ValueAddTransformer\n    metadata: {name: v}\n    value: x\n    targetFilePath: ${at}/t.yaml\n    targets:\n      - fieldPath: metadata/annotations/x\n`,
      // A folder of transformer configs: Kustomize builds it, then configures what it yields.
      pluginFolder: `resources: [web.yaml]\ntransformers:\n  - plugins\n`,
      // A transformers entry that names a host, as a resource entry may.
      pluginHost: `resources: [web.yaml]\ntransformers:\n  - git.example.invalid/org/transformers\n`,
    };
    for (const [name, k] of Object.entries(overlays)) {
      t.write(`${name}/kustomization.yaml`, k);
      t.write(`${name}/web.yaml`, webDeployment());
    }
    t.write('pluginFile/gen.yaml', `apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata: {name: g}\nfiles:\n  - ${at}/g.conf\n`);
    t.write('remote-base/kustomization.yaml', `resources:\n  - ${at}/x.yaml\n`);
    t.write('pluginFolder/plugins/kustomization.yaml', 'resources:\n  - patch.yaml\n');
    t.write('pluginFolder/plugins/patch.yaml', `apiVersion: builtin\nkind: PatchTransformer\nmetadata: {name: p}\npath: ${at}/p.yaml\n`);
    for (const name of Object.keys(overlays)) {
      const r = cli(['-f', 'json', '--kustomize', name, '--kustomize-binary', kubectl], { cwd: t.dir, env: { PATH: process.env.PATH } });
      assert.ok(r.code <= 1, `${name}: exit ${r.code} ${r.stderr}`);
      assert.not.ok(r.stdout.includes(CANARY) || r.stderr.includes(CANARY), `${name}: the served manifest was linted`);
      const messages = parseJsonReport(r).flatMap((f) => f.messages.map((m) => ({ ...m, filePath: f.filePath })));
      assert.is(messages.length, 1, `${name}: ${JSON.stringify(messages)}`);
      assert.is(messages[0]?.ruleId, 'parse-error', name);
      assert.is(messages[0]?.severity, 1, `${name}: offline is the environment's limit`);
      // A helmCharts chart is fetched only when not vendored: the warning says so, with the helm pull that vendors it.
      assert.match(messages[0]?.message ?? '', name === 'helmChart' ? /is not vendored in .*and kustomize would fetch it/ : /cannot be fetched offline/, name);
      assert.is(messages[0]?.filePath, `${name}/kustomization.yaml`, name);
    }
    // The listener prints each request as it serves it, in order: once it has printed one made
    // now, it has printed every earlier one.
    await server.flush();
    assert.is(server.requests(), '', 'a remote entry was fetched');
  } finally {
    server.stop();
    t.cleanup();
  }
});

(kubectl ? test : test.skip)('a kustomization Kustomize reads otherwise than meshlint (a key twice, a merge key, a field in another case, in it or a plugin config) is not built: nothing is fetched or read outside', async () => {
  if (!kubectl) return; // declared as a test only when present; this narrows its type
  const server = await loopbackServer();
  const t: TempDir = tempDir();
  try {
    const at = `http://127.0.0.1:${server.port}`;
    const overlays: Record<string, string> = {
      duplicateKey: `resources: [web.yaml]\nresources:\n  - ${at}/x.yaml\n`,
      mergeKey: `base: &b\n  resources:\n    - ${at}/x.yaml\n<<: *b\n`,
      otherCase: `Resources:\n  - ${at}/x.yaml\n`,
      outsideInCase: 'Resources:\n  - ../../../../../../../etc\n',
      twoDocuments: `resources: [web.yaml]\n---\nresources:\n  - ${at}/x.yaml\n`,
      pluginCase: 'resources: [web.yaml]\ngenerators: [gen.yaml]\n',
    };
    for (const [name, k] of Object.entries(overlays)) {
      t.write(`${name}/kustomization.yaml`, k);
      t.write(`${name}/web.yaml`, webDeployment());
    }
    t.write('pluginCase/gen.yaml', `apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata: {name: g}\nFiles:\n  - ${at}/g.conf\n`);
    for (const name of Object.keys(overlays)) {
      const r = cli(['-f', 'json', '--kustomize', name, '--kustomize-binary', kubectl], { cwd: t.dir, env: { PATH: process.env.PATH } });
      assert.not.ok(r.stdout.includes(CANARY) || r.stderr.includes(CANARY), `${name}: the served manifest was linted`);
      const messages = parseJsonReport(r).flatMap((f) => f.messages.map((m) => ({ ...m, filePath: f.filePath })));
      assert.is(messages.length, 1, `${name}: ${JSON.stringify(messages)}`);
      assert.is(messages[0]?.ruleId, 'parse-error', name);
      assert.match(messages[0]?.message ?? '', /which Kustomize reads otherwise than meshlint/, name);
      assert.is(messages[0]?.filePath, name === 'pluginCase' ? 'pluginCase/gen.yaml' : `${name}/kustomization.yaml`, name);
    }
    await server.flush();
    assert.is(server.requests(), '', 'a remote entry was fetched');
  } finally {
    server.stop();
    t.cleanup();
  }
});

test.run();
