// A hostile repository that links to another folder of the machine which is a repository of
// its own (it has `.git`). The repository meshlint runs in is the real path of its top
// folder: nothing whose real path leaves it is read, built, rendered or written, whatever
// `.git` the link's target has.
import { readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, cli, webDeployment, withTemp, type TempDir } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';

const kubectl = testBinary('kubectl');
const CANARY = `canary-${process.pid}`;

/** `repo/` (the repository) and `other/`, a repository of its own elsewhere, holding what must stay unread. */
function twoRepositories(t: TempDir): void {
  t.write('repo/.git/HEAD', 'ref: refs/heads/main\n');
  t.write('repo/ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: mine\n');
  t.write('other/.git/HEAD', 'ref: refs/heads/main\n');
  t.write('other/ns.yaml', `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: enabled\n    ${CANARY}: "yes"\n`);
  t.write('other/x.yaml', BAD_LABEL);
  t.write('other/kustomization.yaml', 'resources: [web.yaml]\n');
  t.write('other/web.yaml', webDeployment().replace('name: web', `name: ${CANARY}`));
}

const everything = (r: { stdout: string; stderr: string }): string => r.stdout + r.stderr;

test('context: a link to another repository is not read for facts or explain', () => {
  withTemp((t) => {
    twoRepositories(t);
    symlinkSync(t.path('other'), t.path('repo/ctx'));
    t.write('repo/.meshlint.yaml', 'context: [ctx]\n');
    for (const command of [['facts', '.'], ['explain', '.'], ['.']]) {
      const r = cli(command, { cwd: t.path('repo'), env: {} });
      assert.ok(r.code <= 2, `${command.join(' ')}: exit ${r.code}`);
      assert.not.ok(everything(r).includes(CANARY), `${command.join(' ')}: the other repository's labels were read`);
    }
  });
});

(kubectl ? test : test.skip)('kustomize.overlays: a link to another repository is not built', () => {
  if (!kubectl) return; // declared as a test only when present; this narrows its type
  withTemp((t) => {
    twoRepositories(t);
    symlinkSync(t.path('other'), t.path('repo/olink'));
    t.write('repo/.meshlint.yaml', 'kustomize: {overlays: [olink]}\n');
    const r = cli(['-f', 'json', '--kustomize-binary', kubectl, '.'], { cwd: t.path('repo'), env: { PATH: process.env.PATH } });
    assert.ok(r.code <= 1, `exit ${r.code}: ${r.stderr}`);
    assert.not.ok(everything(r).includes(CANARY), 'the linked overlay was built');
    assert.match(r.stdout, /olink lies outside the repository/);
  });
});

test('--fix through a glob never rewrites a file of another repository reached through a link', () => {
  withTemp((t) => {
    twoRepositories(t);
    t.write('repo/k8s/own/x.yaml', BAD_LABEL);
    symlinkSync(t.path('other'), t.path('repo/k8s/ext'));
    const r = cli(['--fix', 'k8s/*/x.yaml'], { cwd: t.path('repo'), env: {} });
    assert.ok(r.code <= 2, `exit ${r.code}`);
    assert.is(readFileSync(t.path('other/x.yaml'), 'utf8'), BAD_LABEL, 'the other repository was written');
    assert.is.not(readFileSync(t.path('repo/k8s/own/x.yaml'), 'utf8'), BAD_LABEL, 'the repository file is fixed');
  });
});

test('.meshlintignore and .gitignore that link out of the repository are not read', () => {
  withTemp((t) => {
    twoRepositories(t);
    t.write('repo/bad.yaml', BAD_LABEL);
    t.write('other/ignore-all', '*\n');
    for (const name of ['.meshlintignore', '.gitignore']) {
      symlinkSync(t.path('other/ignore-all'), t.path(`repo/${name}`));
      const r = cli(['-f', 'json', '.'], { cwd: t.path('repo'), env: {} });
      assert.is(r.code, 1, `${name}: the file outside decided what is linted`);
      assert.match(r.stdout, /bad\.yaml/, name);
      unlinkSync(t.path(`repo/${name}`));
    }
  });
});

test.run();
