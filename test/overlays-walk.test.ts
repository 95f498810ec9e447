// Kustomize overlays met while walking: the top-level ones (no other kustomization uses them)
// are what is deployed. Without --render-overlays one note names them; with it they are
// built and linted, findings land on the files users edit, and the files they name are
// linted only through them (counted in --stats).
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { overlaysAmong } from '../src/load/overlays-found.ts';
import { testBinary } from './helpers/binaries.ts';
import { cli, parseJsonReport, shopNamespace, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';
import { skipping } from './helpers/skip.ts';

const rows = (r: CliRun): string[] => parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath} ${m.line}:${m.column} ${m.ruleId}`));

/** A base Deployment, a prod overlay that moves it to namespace shop and sets hostNetwork by a patch. */
function repo(t: TempDir): void {
  t.write('.git/HEAD', 'ref: refs/heads/main\n');
  t.write('platform/ns.yaml', shopNamespace());
  t.write('base/kustomization.yaml', 'resources:\n- deployment.yaml\n');
  t.write('base/deployment.yaml', [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  selector: { matchLabels: { app: web } }',
    '  template:',
    '    metadata:',
    '      labels: { app: web, sidecar.istio.io/inject: "true" }',
    '    spec:',
    '      containers: [{ name: web, image: nginx }]',
    '',
  ].join('\n'));
  t.write('overlays/prod/kustomization.yaml', 'namespace: shop\nresources:\n- ../../base\npatches:\n- path: host.yaml\n');
  t.write('overlays/prod/host.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      hostNetwork: true\n');
}

test('overlaysAmong: the top-level kustomizations, and the files they name', () => {
  withTemp((t) => {
    repo(t);
    const files = ['base/kustomization.yaml', 'base/deployment.yaml', 'overlays/prod/kustomization.yaml', 'overlays/prod/host.yaml', 'platform/ns.yaml'].map((f) => t.path(f));
    const found = overlaysAmong(files, (f) => readFileSync(f, 'utf8'));
    assert.equal(found.top, [t.path('overlays/prod')]);
    assert.equal(found.folders.map((f) => f.slice(t.dir.length + 1)), ['base', 'overlays/prod']);
    assert.ok(found.members.has(t.path('base/deployment.yaml')) && found.members.has(t.path('overlays/prod/host.yaml')));
    assert.not.ok(found.members.has(t.path('platform/ns.yaml')));
    // What the overlay stands for, through its base.
    assert.equal([...found.filesOf(t.path('overlays/prod'))].map((f) => f.slice(t.dir.length + 1)).sort(), ['base/deployment.yaml', 'base/kustomization.yaml', 'overlays/prod/host.yaml', 'overlays/prod/kustomization.yaml']);
  });
});

test('a chart vendored for a helmCharts entry is the kustomization\'s, never a chart of its own: not rendered alone, not named as unlinted', () => {
  withTemp((t) => {
    t.write('apps/prod/kustomization.yaml', 'helmCharts:\n- name: redis\n  repo: https://charts.example.com\n  version: 18.1.0\n');
    t.write('apps/prod/charts/redis-18.1.0/redis/Chart.yaml', 'apiVersion: v2\nname: redis\nversion: 18.1.0\n');
    t.write('apps/prod/charts/redis-18.1.0/redis/templates/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: r }\n');
    // A chart elsewhere is still one of its own.
    t.write('charts/web/Chart.yaml', 'apiVersion: v2\nname: web\nversion: 0.1.0\n');
    const r = cli(['--stats', '.'], { cwd: t.dir });
    assert.match(r.stderr, /note: 1 Helm chart was not linted \(charts\/web\)/);
    assert.match(r.stderr, /1 file linted through an overlay/);
    const found = overlaysAmong([t.path('apps/prod/kustomization.yaml')], (f) => readFileSync(f, 'utf8'));
    assert.equal(found.chartHomes, [t.path('apps/prod/charts')]);
  });
});

test('overlaysAmong: a Kustomize Component is never top-level, used or not (kustomize builds it only through a kustomization that lists it)', () => {
  withTemp((t) => {
    repo(t);
    t.write('components/mtls/kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n- path: mtls.yaml\n');
    t.write('components/mtls/mtls.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
    t.write('components/unused/kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n- extra.yaml\n');
    t.write('overlays/prod/kustomization.yaml', 'namespace: shop\nresources:\n- ../../base\ncomponents:\n- ../../components/mtls\n');
    const files = ['base/kustomization.yaml', 'base/deployment.yaml', 'overlays/prod/kustomization.yaml', 'components/mtls/kustomization.yaml', 'components/mtls/mtls.yaml', 'components/unused/kustomization.yaml'].map((f) => t.path(f));
    const found = overlaysAmong(files, (f) => readFileSync(f, 'utf8'));
    assert.equal(found.top, [t.path('overlays/prod')]);
    assert.ok(found.filesOf(t.path('overlays/prod')).has(t.path('components/mtls/mtls.yaml')));
  });
});

test('overlaysAmong reads kustomizations as YAML 1.2 does, as Kustomize does: `yes` and `1.0` name files, duplicate keys are refused', () => {
  withTemp((t) => {
    t.write('app/kustomization.yaml', 'resources:\n- yes\n- 1.0\n- "a.yaml"\n');
    t.write('dup/kustomization.yaml', 'resources:\n- a.yaml\nresources:\n- b.yaml\n');
    const found = overlaysAmong([t.path('app/kustomization.yaml'), t.path('dup/kustomization.yaml')], (f) => readFileSync(f, 'utf8'));
    for (const f of ['app/yes', 'app/a.yaml']) assert.ok(found.members.has(t.path(f)), f);
    for (const f of ['dup/a.yaml', 'dup/b.yaml']) assert.not.ok(found.members.has(t.path(f)), f);
  });
});

test('without --render-overlays: one note names the overlay and how to build it; the files are linted as written', () => {
  withTemp((t) => {
    repo(t);
    const r = cli(['.', '-f', 'json-with-metadata'], { cwd: t.dir });
    const meta = JSON.parse(r.stdout) as { metadata: { notes: { id: string; message: string }[] } };
    const note = meta.metadata.notes.find((n) => n.id === 'overlays-not-built');
    assert.ok(note, r.stdout);
    assert.match(note?.message ?? '', /1 Kustomize overlay was not built \(overlays\/prod\).*--render-overlays/);
  });
});

const kubectl = testBinary('kubectl');
if (!kubectl) skipping('the --render-overlays build test (no kubectl: npm run test:binaries)');
else {
  test('--render-overlays builds the top-level overlay: the finding lands on the patch, in the namespace the overlay sets; its files are linted only through it', () => {
    withTemp((t) => {
      repo(t);
      const env = { PATH: `${dirname(kubectl)}:/usr/bin:/bin` };
      const r = cli(['.', '--render-overlays', '-f', 'json', '--stats'], { cwd: t.dir, env });
      assert.is(r.code, 1, r.stderr);
      assert.equal(rows(r), ['overlays/prod/host.yaml 8:7 injection-host-network']);
      assert.match(r.stderr, /skipped: 4 files linted through overlays/, "two kustomizations, the base Deployment and the patch");
      // The config says the same.
      t.write('.meshlint.yaml', 'kustomize:\n  renderOverlays: true\n');
      assert.equal(rows(cli(['.', '-f', 'json'], { cwd: t.dir, env })), ['overlays/prod/host.yaml 8:7 injection-host-network']);
    });
  });

  test('--render-overlays: a Component nothing uses is not built on its own (kustomize: "expected kind != \'Component\'"), and one an overlay lists is built through it', () => {
    withTemp((t) => {
      repo(t);
      const env = { PATH: `${dirname(kubectl)}:/usr/bin:/bin` };
      t.write('components/unused/kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n- pairs: { team: shop }\n');
      const r = cli(['.', '--render-overlays', '-f', 'json'], { cwd: t.dir, env });
      assert.is(r.code, 1, r.stderr);
      assert.equal(rows(r), ['overlays/prod/host.yaml 8:7 injection-host-network']);
      t.write('overlays/prod/kustomization.yaml', 'namespace: shop\nresources:\n- ../../base\ncomponents:\n- ../../components/unused\npatches:\n- path: host.yaml\n');
      assert.equal(rows(cli(['.', '--render-overlays', '-f', 'json'], { cwd: t.dir, env })), ['overlays/prod/host.yaml 8:7 injection-host-network']);
    });
  });

  /** An overlay that cannot be built offline (a remote base, or a file it names that is missing), beside a Job of its own. */
  const unbuildable = (t: TempDir, entry: string): void => {
    repo(t);
    // It shares the base with overlays/prod, which builds: the base is linted through that build only.
    t.write('overlays/jobs/kustomization.yaml', `namespace: shop\nresources:\n- ${entry}\n- ../../base\n- migrate.yaml\n`);
    t.write('overlays/jobs/migrate.yaml', [
      'apiVersion: batch/v1',
      'kind: Job',
      'metadata:',
      '  name: migrate',
      '  namespace: shop',
      'spec:',
      '  template:',
      '    spec:',
      '      hostNetwork: true',
      '      restartPolicy: Never',
      '      containers: [{ name: migrate, image: busybox }]',
      '',
    ].join('\n'));
  };

  test('--render-overlays: an overlay that cannot be built is a warning, and its own files are still linted as written', () => {
    for (const [entry, messageId] of [['https://github.com/example/base?ref=v1', 'renderEnvironment'], ['missing.yaml', 'renderAsWritten']] as const) {
      withTemp((t) => {
        unbuildable(t, entry);
        const env = { PATH: `${dirname(kubectl)}:/usr/bin:/bin` };
        const r = cli(['.', '--render-overlays', '-f', 'json', '--stats'], { cwd: t.dir, env });
        const found = rows(r);
        // The Job in the overlay's folder is judged as written; the overlay that builds is linted through its build.
        assert.ok(found.includes('overlays/jobs/migrate.yaml 9:7 injection-host-network'), `${entry}: ${found.join('\n')}`);
        assert.ok(found.includes('overlays/prod/host.yaml 8:7 injection-host-network'), found.join('\n'));
        const failure = parseJsonReport(r).flatMap((f) => f.messages).find((m) => m.ruleId === 'parse-error');
        assert.is(failure?.messageId, messageId, r.stdout);
        if (messageId === 'renderAsWritten') assert.match(failure?.message ?? '', /its files are linted as written/i);
        // Only the built overlay's four files are linted through it: the unbuilt one's are not skipped.
        assert.match(r.stderr, /skipped: 4 files linted through overlays/, r.stderr);
      });
    }
  });
}

test.run();
