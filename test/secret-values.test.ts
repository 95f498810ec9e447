// Values meshlint reads from a Secret (a Flux HelmRelease's valuesFrom) decide what it predicts,
// but no output prints them: each says which Secret and key the value comes from instead.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, withTemp, type TempDir } from './helpers/cli.ts';
import { HiddenValues } from '../src/model/hidden-values.ts';

const REVISION = 's3cr3t-rev-9x';
const HUB = 'registry.s3cr3t.example/mirror';

/** istiod released with a revision, a hub and a hold setting from a Secret; a Job in a namespace labelled for the default revision. */
function repository(t: TempDir, secretData: 'data' | 'stringData'): void {
  const values = `revision: ${REVISION}\nglobal:\n  hub: ${HUB}\nmeshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true\n`;
  const secret = secretData === 'data'
    ? `data:\n  values.yaml: ${Buffer.from(values).toString('base64')}\n`
    : `stringData:\n  values.yaml: |\n${values.replace(/^/gm, '    ').trimEnd()}\n`;
  t.write('istio/release.yaml', [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata:',
    '  name: istiod',
    '  namespace: istio-system',
    'spec:',
    '  chart:',
    '    spec:',
    '      chart: istiod',
    '      version: 1.24.2',
    '  valuesFrom:',
    '    - kind: Secret',
    '      name: istiod-values',
    '---',
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: istiod-values',
    '  namespace: istio-system',
    secret,
  ].join('\n'));
  t.write('app/all.yaml', [
    'apiVersion: v1',
    'kind: Namespace',
    'metadata:',
    '  name: app',
    '  labels:',
    '    istio-injection: enabled',
    '---',
    'apiVersion: apps/v1',
    'kind: Job',
    'metadata:',
    '  name: migrate',
    '  namespace: app',
    'spec:',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers:',
    '        - name: migrate',
    '          image: migrate',
    '',
  ].join('\n'));
}

for (const secretData of ['data', 'stringData'] as const) {
  test(`a value read from a Secret's ${secretData} is never printed: facts, explain and lint name the Secret and key`, () => {
    withTemp((t) => {
      repository(t, secretData);
      const runs: [string, string[]][] = [
        ['facts', ['facts', '.']],
        ['facts json', ['facts', '-f', 'json', '.']],
        ['explain', ['explain', '.']],
        ['explain json', ['explain', '-f', 'json', '.']],
        ['explain markdown', ['explain', '-f', 'markdown', '.']],
        ['lint', ['--stats', '.']],
        ['lint json', ['-f', 'json', '.']],
        ['lint sarif', ['-f', 'sarif', '.']],
      ];
      for (const [what, argv] of runs) {
        const r = cli(argv, { cwd: t.dir, env: {} });
        assert.ok(r.code <= 1, `${what}: exit ${r.code}\n${r.stderr}`);
        const out = r.stdout + r.stderr;
        assert.not.ok(out.includes(REVISION), `${what} printed the Secret's revision:\n${out}`);
        assert.not.ok(out.includes(HUB), `${what} printed the Secret's hub:\n${out}`);
      }
      // The revision still decides: the webhooks meshlint derives serve it, shown by where it comes from.
      const facts = cli(['facts', '.'], { cwd: t.dir, env: {} });
      assert.match(facts.stdout, /Install of revision \(from Secret istio-system\/istiod-values, key values\.yaml\)/);
      // And the job is still judged with it: a revision other than default serves no istio-injection=enabled namespace.
      const explain = cli(['explain', '.'], { cwd: t.dir, env: {} });
      assert.match(explain.stdout, /→ no sidecar/);
    });
  });
}

test('a value the repository also writes outside a Secret is shown (a Namespace label naming the revision)', () => {
  withTemp((t) => {
    repository(t, 'stringData');
    t.write('app/all.yaml', `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: app\n  labels:\n    istio.io/rev: ${REVISION}\n`);
    const r = cli(['facts', '.'], { cwd: t.dir, env: {} });
    assert.match(r.stdout, new RegExp(`Install of revision ${REVISION}`));
    assert.not.ok(r.stdout.includes(HUB));
  });
});

test("HiddenValues: records every string of a Secret's values but meshlint's own words and numbers; hides the longest first, never what is in plain sight", () => {
  const hidden = new HiddenValues((v) => v === 'istio-system');
  hidden.addAll({ revision: 'canary-x', nested: { list: ['canary-x-2', 'true', 'default', '1.24', 'istio-system'] }, n: 3 }, 'from Secret ns/s, key k');
  assert.is(hidden.size, 3);
  assert.is(hidden.hide('rev canary-x-2 and canary-x in istio-system, true, default, 1.24'), 'rev (from Secret ns/s, key k) and (from Secret ns/s, key k) in istio-system, true, default, 1.24');
  assert.equal(hidden.hideAll({ a: ['canary-x'], n: 3 }), { a: ['(from Secret ns/s, key k)'], n: 3 });
  hidden.addAll({ q: 'say "hi"' }, 'from Secret ns/s, key q');
  assert.is(hidden.hide(`value ${JSON.stringify('say "hi"')}`), 'value "(from Secret ns/s, key q)"');
  // Keys: a user's name (a label key) is hidden; a field of the chart's values is its public vocabulary.
  hidden.addAll({ podLabels: { 'team.example.com/owner-x': 'a1', DB_PASSWORD_KEY: 'b2' }, holdApplicationUntilProxyStarts: true }, 'from Secret ns/s, key v');
  assert.is(hidden.hide('Label "team.example.com/owner-x" and DB_PASSWORD_KEY'), 'Label "(from Secret ns/s, key v)" and (from Secret ns/s, key v)');
  assert.is(hidden.hide('podLabels sets holdApplicationUntilProxyStarts'), 'podLabels sets holdApplicationUntilProxyStarts');
});

test.run();
