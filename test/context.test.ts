// --context and the config's `context`: facts (Namespaces, webhooks, mesh config) from the
// whole repository, findings only on the files named. What the pre-commit hook relies on.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, shopNamespace, webDeployment, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';

const NAMESPACE = shopNamespace();
const HOST_NETWORK = webDeployment();
/** A context file with a problem of its own (an unquoted label value): never reported. */
const BAD_CONTEXT = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    on: true\n';

const flat = (r: CliRun): string[] => parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath} ${m.line}:${m.column} ${m.ruleId}`));

function repo(t: TempDir): void {
  t.write('platform/namespaces.yaml', NAMESPACE);
  t.write('platform/settings.yaml', BAD_CONTEXT);
  t.write('apps/web.yaml', HOST_NETWORK);
}

test('--context: the Namespace in another folder decides injection; nothing is reported on context files', () => {
  withTemp((t) => {
    repo(t);
    const alone = cli(['-f', 'json', 'apps/web.yaml'], { cwd: t.dir });
    assert.equal(flat(alone), [], 'without the Namespace, injection is unknown: no finding');
    const withContext = cli(['-f', 'json', '--context', '.', 'apps/web.yaml'], { cwd: t.dir });
    assert.equal(flat(withContext), ['apps/web.yaml 12:7 injection-host-network']);
    // Only the namespace asks for a sidecar: a warning (a node agent is the usual case), exit 0.
    assert.is(parseJsonReport(withContext)[0]?.messages[0]?.severity, 1);
    assert.is(withContext.code, 0);
    const related = (parseJsonReport(withContext)[0]?.messages[0] as { related?: { filePath: string; line: number }[] } | undefined)?.related;
    assert.equal(related?.map((r) => `${r.filePath}:${r.line}`), ['platform/namespaces.yaml:6'], 'the label that turns injection on is named');
  });
});

test('the repository is the context: a file linted alone in a git repository takes its facts from the rest of it; --no-repository-context turns it off', () => {
  withTemp((t) => {
    repo(t);
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    const alone = cli(['-f', 'json', 'apps/web.yaml'], { cwd: t.dir });
    assert.equal(flat(alone), ['apps/web.yaml 12:7 injection-host-network'], 'the Namespace elsewhere in the repository decides');
    // From a sub-folder too: the repository is found from the inputs, not the working directory.
    assert.equal(flat(cli(['-f', 'json', 'web.yaml'], { cwd: t.path('apps') })), ['web.yaml 12:7 injection-host-network']);
    const off = cli(['-f', 'json', '--no-repository-context', 'apps/web.yaml'], { cwd: t.dir });
    assert.equal(flat(off), []);
    // How much each run judged, on stderr (a hostNetwork pod is never injected, whatever its namespace).
    t.write('apps/api.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api, namespace: shop }\nspec:\n  template:\n    spec:\n      containers: [{ name: api, image: api }]\n');
    assert.match(cli(['apps'], { cwd: t.dir }).stderr, /^meshlint: judged 2 of 2 workloads$/m);
    assert.match(cli(['--no-repository-context', 'apps'], { cwd: t.dir }).stderr, /^meshlint: judged 1 of 2 workloads; 1 wait on: labels of 1 namespace \(pass their Namespace files, or state them under namespaces: in \.meshlint\.yaml\)$/m);
    // -q says errors only: no line.
    assert.not.match(cli(['-q', 'apps'], { cwd: t.dir }).stderr, /judged/);
  });
});

test('the repository as context never outweighs the inputs: a Namespace the inputs define is theirs, whatever another folder says', () => {
  withTemp((t) => {
    repo(t);
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    // Another cluster's folder labels the same namespace otherwise: the linted folder's own Namespace decides.
    t.write('clusters/b/namespaces.yaml', NAMESPACE.replace(/istio-injection: enabled/, 'istio-injection: disabled'));
    t.write('apps/namespace.yaml', NAMESPACE);
    const r = cli(['-f', 'json', 'apps'], { cwd: t.dir });
    assert.equal(flat(r), ['apps/web.yaml 12:7 injection-host-network']);
    assert.not.match(r.stderr, /defined 2 times/);
    // Linted alone, the two definitions of the rest of the repository disagree: unknown, and said so.
    const alone = cli(['-f', 'json', 'apps/web.yaml'], { cwd: t.dir });
    assert.equal(flat(alone), []);
    assert.match(alone.stderr, /namespace shop is defined 3 times with different labels/);
  });
});

test('outside a repository and without a config, nothing beyond the inputs and --context is read', () => {
  withTemp((t) => {
    repo(t);
    assert.equal(flat(cli(['-f', 'json', 'apps/web.yaml'], { cwd: t.dir })), []);
    // Below a .meshlint.yaml, its folder stands for the repository.
    t.write('.meshlint.yaml', 'rules: {}\n');
    assert.equal(flat(cli(['-f', 'json', 'apps/web.yaml'], { cwd: t.dir })), ['apps/web.yaml 12:7 injection-host-network']);
  });
});

test("a Flux Kustomization's targetNamespace puts the objects of the files its path builds in that namespace, over what they declare", () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('platform/namespaces.yaml', NAMESPACE);
    const flux = (name: string, path: string, target: string, source = 'flux-system'): string =>
      `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: { name: ${name}, namespace: flux-system }\nspec:\n  interval: 10m\n  path: ${path}\n  prune: true\n  targetNamespace: ${target}\n  sourceRef: { kind: GitRepository, name: ${source} }\n`;
    t.write('clusters/prod/apps.yaml', flux('apps', './apps/prod', 'shop'));
    // The workload declares another namespace: Flux overrides it.
    t.write('apps/prod/web.yaml', HOST_NETWORK.replace(/namespace: shop/, 'namespace: elsewhere'));
    assert.equal(flat(cli(['-f', 'json', 'apps/prod'], { cwd: t.dir })), ['apps/prod/web.yaml 12:7 injection-host-network']);
    // Built into two namespaces by two Kustomizations: either; unknown, no finding.
    t.write('clusters/prod/more.yaml', flux('apps-b', './apps/prod', 'other'));
    const twice = cli(['-f', 'json', 'apps/prod'], { cwd: t.dir });
    assert.equal(flat(twice), []);
    // A Kustomization of another source builds another repository's path.
    t.write('clusters/prod/more.yaml', '');
    t.write('clusters/prod/apps.yaml', flux('apps', './apps/prod', 'shop', 'app-repo'));
    assert.equal(flat(cli(['-f', 'json', 'apps/prod'], { cwd: t.dir })), []);
  });
});

test('a fleet repository: each cluster Flux bootstraps judges what it deploys with its own Namespaces; what several clusters deploy, with labels they agree on only', () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    const kustomization = (name: string, path: string): string =>
      `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: { name: ${name}, namespace: flux-system }\nspec:\n  interval: 10m\n  path: ${path}\n  prune: true\n  sourceRef: { kind: GitRepository, name: flux-system }\n`;
    const bootstrap = (c: string): void => {
      t.write(`clusters/${c}/flux-system/gotk-sync.yaml`, kustomization('flux-system', `./clusters/${c}`));
    };
    bootstrap('a');
    bootstrap('b');
    t.write('clusters/a/namespaces.yaml', NAMESPACE);
    t.write('clusters/b/namespaces.yaml', NAMESPACE.replace('istio-injection: enabled', 'istio-injection: disabled'));
    t.write('clusters/a/apps.yaml', kustomization('apps', './apps/a'));
    t.write('clusters/b/apps.yaml', kustomization('apps', './apps/b'));
    t.write('apps/a/web.yaml', HOST_NETWORK);
    t.write('apps/b/web.yaml', HOST_NETWORK);
    const all = cli(['-f', 'json', '.'], { cwd: t.dir });
    assert.equal(flat(all), ['apps/a/web.yaml 12:7 injection-host-network'], 'cluster a injects shop, cluster b does not');
    assert.not.match(all.stderr, /defined 2 times/, 'no conflict: each cluster has one Namespace shop');
    const facts = JSON.parse(cli(['facts', '-f', 'json', '.'], { cwd: t.dir }).stdout) as { namespaces: { name: string; clusters?: { cluster: string; labels: Record<string, string> }[] }[] };
    const shop = facts.namespaces.find((n) => n.name === 'shop');
    assert.equal(shop?.clusters?.map((k) => [k.cluster, k.labels['istio-injection']]), [['clusters/a', 'enabled'], ['clusters/b', 'disabled']], 'meshlint facts gives each cluster its labels');
    // Linting one cluster's folder: the other cluster's Namespace is not among its facts.
    assert.equal(flat(cli(['-f', 'json', 'apps/a'], { cwd: t.dir })), ['apps/a/web.yaml 12:7 injection-host-network']);
    assert.equal(flat(cli(['-f', 'json', 'apps/b'], { cwd: t.dir })), []);
    // A folder both clusters deploy: shop's labels differ between them, so unknown there.
    t.write('clusters/b/apps.yaml', kustomization('apps', './apps/a'));
    const shared = cli(['-f', 'json', '.'], { cwd: t.dir });
    assert.equal(flat(shared), []);
    assert.match(shared.stderr, /namespace shop has different labels in clusters clusters\/a, clusters\/b/);
    // A repository that commits no bootstrap files: the folder of the Kustomizations nothing else builds is the cluster.
    t.write('clusters/b/apps.yaml', kustomization('apps', './apps/b'));
    t.write('clusters/a/flux-system/gotk-sync.yaml', '');
    t.write('clusters/b/flux-system/gotk-sync.yaml', '');
    assert.equal(flat(cli(['-f', 'json', '.'], { cwd: t.dir })), ['apps/a/web.yaml 12:7 injection-host-network']);
    // Without clusters, the two Namespaces disagree: unknown everywhere (what the scoping adds).
    t.write('clusters/a/apps.yaml', '');
    t.write('clusters/b/apps.yaml', '');
    assert.equal(flat(cli(['-f', 'json', '.'], { cwd: t.dir })), []);
  });
});

test("a Flux Kustomization's postBuild variables are read into the values of the files it builds: substitute over substituteFrom ConfigMaps; no fix edits the variables", () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('platform/namespaces.yaml', NAMESPACE);
    t.write('clusters/prod/vars.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cluster-vars, namespace: flux-system }\ndata:\n  app_ns: shop\n  inject: "false"\n');
    const flux = (from: string): string =>
      `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: { name: apps, namespace: flux-system }\nspec:\n  path: ./apps\n  sourceRef: { kind: GitRepository, name: flux-system }\n  postBuild:\n    substitute: { inject: "true" }\n    substituteFrom:\n      - { kind: ConfigMap, name: ${from} }\n`;
    t.write('clusters/prod/apps.yaml', flux('cluster-vars'));
    t.write('apps/web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web, namespace: "${app_ns}" }\nspec:\n  template:\n    metadata: { labels: { sidecar.istio.io/inject: "${inject}" } }\n    spec:\n      hostNetwork: true\n      containers: [{ name: web, image: web }]\n');
    const r = cli(['-f', 'json', 'apps'], { cwd: t.dir });
    assert.equal(flat(r), ['apps/web.yaml 8:7 injection-host-network']);
    assert.match(parseJsonReport(r)[0]?.messages[0]?.message ?? '', /sidecar\.istio\.io\/inject: "true"/, 'substitute wins over the ConfigMap');
    assert.ok(parseJsonReport(r).every((f) => f.messages.every((m) => (m as { fix?: unknown }).fix === undefined && ((m as { suggestions?: unknown[] }).suggestions ?? []).length === 0)));
    // A substituteFrom ConfigMap not among the inputs: its variables are unknown, nothing is filled in.
    t.write('clusters/prod/apps.yaml', flux('elsewhere'));
    assert.equal(flat(cli(['-f', 'json', 'apps'], { cwd: t.dir })), []);
  });
});

test('--context does not lint a named file twice, and a file both named and in context is reported', () => {
  withTemp((t) => {
    repo(t);
    const r = cli(['-f', 'json', '--context', '.', 'apps/web.yaml', 'platform/settings.yaml'], { cwd: t.dir });
    assert.equal(flat(r), ['apps/web.yaml 12:7 injection-host-network', 'platform/settings.yaml 6:5 yaml-nonstring-value']);
  });
});

test('config `context`: paths relative to the config file; a missing one is exit 2 naming the key', () => {
  withTemp((t) => {
    repo(t);
    // One repository: the config in apps/ may name its sibling folder.
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('apps/.meshlint.yaml', 'context: [../platform]\n');
    assert.equal(flat(cli(['-f', 'json', 'web.yaml'], { cwd: t.path('apps') })), ['web.yaml 12:7 injection-host-network']);
    t.write('apps/.meshlint.yaml', 'context: [../nowhere]\n');
    const bad = cli(['web.yaml'], { cwd: t.path('apps') });
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /\.meshlint\.yaml: context: .*nowhere: no such file or directory \(paths are relative to the config file\)/);
    t.write('apps/.meshlint.yaml', 'context: ../platform\n');
    assert.match(cli(['web.yaml'], { cwd: t.path('apps') }).stderr, /context: must be a list of strings/);
  });
});

test('config `context` outside the repository is a config error: a repository cannot make meshlint read the disk', () => {
  withTemp((t) => {
    repo(t);
    t.write('apps/.git/HEAD', 'ref: refs/heads/main\n');
    for (const outside of ['/', '../platform', '../../..', '/etc']) {
      t.write('apps/.meshlint.yaml', `context: [${JSON.stringify(outside)}]\n`);
      const r = cli(['web.yaml'], { cwd: t.path('apps') });
      assert.is(r.code, 2, outside);
      assert.match(r.stderr, /^meshlint: configuration error: \.meshlint\.yaml: context\[0\]: ".*" is outside the repository/, outside);
      assert.is(r.stderr.trim().split('\n').length, 1);
    }
    // The user may still name such a folder on the command line.
    t.write('apps/.meshlint.yaml', '{}\n');
    assert.equal(flat(cli(['-f', 'json', '--context', '../platform', 'web.yaml'], { cwd: t.path('apps') })), ['web.yaml 12:7 injection-host-network']);
  });
});

test('--context with a missing path: exit 2 naming the flag', () => {
  withTemp((t) => {
    repo(t);
    const r = cli(['--context', 'nope', 'apps/web.yaml'], { cwd: t.dir });
    assert.is(r.code, 2);
    assert.match(r.stderr, /--context nope: no such file or directory/);
  });
});

test('explain uses --context facts too', () => {
  withTemp((t) => {
    repo(t);
    const r = cli(['explain', '-f', 'json', '--context', 'platform', 'apps/web.yaml'], { cwd: t.dir });
    const [e] = JSON.parse(r.stdout) as { outcome: string }[];
    assert.is(e?.outcome, 'not-injected');
    assert.match(r.stdout, /hostNetwork/);
  });
});

test.run();
