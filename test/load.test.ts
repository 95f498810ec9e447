// Discovery and loading: which files are linted, how inputs become documents and resources,
// and how positions survive BOMs and CRLF line ends.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_LABEL, CLEAN, WARN_ONLY, cli, parseJsonReport, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';
import { yaml } from './helpers/rule-tester.ts';
import { decodeSource, encodeSource } from '../src/load/read.ts';
import { forgetKustomizationLookups } from '../src/load/kustomized.ts';
import { substituted } from '../src/load/resources.ts';

const BIN = fileURLToPath(new URL('../bin/meshlint.js', import.meta.url));
const files = (run: CliRun): string[] => parseJsonReport(run).map((r) => r.filePath);
const lintJson = (t: TempDir, ...args: string[]): CliRun => cli(['-f', 'json', ...args], { cwd: t.dir });

test('a file a Kustomize build may change (a kustomization in its folder or above, within its repository) is marked so', () => {
  withTemp((t) => {
    const kustomized = (rel: string): boolean => {
      const read = decodeSource(Buffer.from('kind: ConfigMap\n'), rel, t.path(rel));
      return read.ok && read.file.kustomized === true;
    };
    mkdirSync(t.path('repo/.git'), { recursive: true });
    t.write('repo/apps/base/kustomization.yaml', 'resources: [api.yaml]\n');
    t.write('repo/apps/base/deep/api.yaml', 'kind: ConfigMap\n');
    t.write('repo/plain/api.yaml', 'kind: ConfigMap\n');
    assert.ok(kustomized('repo/apps/base/deep/api.yaml'), 'a kustomization above, inside the repository');
    assert.not.ok(kustomized('repo/plain/api.yaml'), 'none up to the repository root');
    // Above the repository's root nothing is looked at: a kustomization there does not count.
    t.write('kustomization.yaml', 'resources: []\n');
    assert.not.ok(kustomized('repo/plain/api.yaml'), 'a kustomization above the repository');
    // Outside a repository: the file's own folder only.
    t.write('loose/sub/api.yaml', 'kind: ConfigMap\n');
    assert.not.ok(kustomized('loose/sub/api.yaml'));
    t.write('loose/sub/Kustomization', 'resources: []\n');
    forgetKustomizationLookups(); // what was looked up is kept for the run
    assert.ok(kustomized('loose/sub/api.yaml'));
    // Standard input has no folder.
    const stdin = decodeSource(Buffer.from('kind: ConfigMap\n'), '<stdin>', undefined);
    assert.ok(stdin.ok && stdin.file.kustomized === undefined);
  });
});

test("Flux's postBuild variables in values: set, defaulted, unset (left as written), and an object that turns substitution off", () => {
  const vars = { ns: 'shop', rev: 'canary' };
  const o = { metadata: { name: 'x', namespace: '${ns}', labels: { rev: '${rev}', tier: '${tier:=web}', team: '${team}', both: 'a-${ns}-${rev}' } } };
  assert.equal(substituted(o, vars), { metadata: { name: 'x', namespace: 'shop', labels: { rev: 'canary', tier: 'web', team: '${team}', both: 'a-shop-canary' } } });
  const off = { metadata: { annotations: { 'kustomize.toolkit.fluxcd.io/substitute': 'disabled' }, namespace: '${ns}' } };
  assert.is(substituted(off, vars), off);
});

test('directories are walked recursively for .yaml, .yml and .json files only', () => {
  withTemp((t) => {
    t.write('top.yaml', CLEAN);
    t.write('a/b/c/deep.yml', CLEAN);
    t.write('a/data.json', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'j' } }));
    t.write('a/UPPER.YAML', CLEAN);
    t.write('a/notes.txt', 'x: [');
    t.write('a/backup.yaml.bak', 'x: [');
    t.write('a/script.sh', 'echo');
    const run = lintJson(t, '.');
    assert.is(run.code, 0, run.stderr);
    assert.equal(files(run), ['a/UPPER.YAML', 'a/b/c/deep.yml', 'a/data.json', 'top.yaml']);
  });
});

test('no path at all lints the working directory', () => {
  withTemp((t) => {
    t.write('x/one.yaml', BAD_LABEL);
    const run = lintJson(t);
    assert.is(run.code, 1);
    assert.equal(files(run), ['x/one.yaml']);
  });
});

test('a quoted glob pattern is expanded by meshlint', () => {
  withTemp((t) => {
    t.write('k8s/base/a.yaml', CLEAN);
    t.write('k8s/overlays/prod/b.yml', CLEAN);
    t.write('k8s/overlays/prod/c.json', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}');
    t.write('other/d.yaml', CLEAN);
    const run = lintJson(t, 'k8s/**/*.{yaml,yml}');
    assert.is(run.code, 0, run.stderr);
    assert.equal(files(run), ['k8s/base/a.yaml', 'k8s/overlays/prod/b.yml']);
  });
});

test('a glob that matches nothing exits 2 and names the pattern', () => {
  withTemp((t) => {
    t.write('a.yaml', CLEAN);
    const run = cli(['manifests/**/*.yaml'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.ok(run.stderr.includes('"manifests/**/*.yaml"'), run.stderr);
    assert.is(run.stdout, '');
  });
});

test('"-" reads standard input; --stdin-filename names it in reports', () => {
  withTemp((t) => {
    const named = cli(['-', '--stdin-filename', 'chart/rendered.yaml', '-f', 'json'], { cwd: t.dir, stdin: BAD_LABEL });
    assert.is(named.code, 1);
    const [result] = parseJsonReport(named);
    assert.is(result?.filePath, 'chart/rendered.yaml');
    assert.is(result?.messages[0]?.ruleId, 'yaml-nonstring-value');
    assert.is(result?.messages[0]?.line, 6);

    const stylish = cli(['-', '--stdin-filename', 'chart/rendered.yaml'], { cwd: t.dir, stdin: BAD_LABEL });
    assert.ok(stylish.stdout.includes('\nchart/rendered.yaml\n'), stylish.stdout);

    const unnamed = cli(['-', '-f', 'json'], { cwd: t.dir, stdin: Buffer.from(WARN_ONLY) });
    assert.equal(files(unnamed), ['<stdin>']);
    assert.is(unnamed.code, 0, 'a warning alone does not fail the run');
  });
});

test('standard input and files can be linted together', () => {
  withTemp((t) => {
    t.write('disk.yaml', BAD_LABEL);
    const run = cli(['-', 'disk.yaml', '--stdin-filename', 'piped.yaml', '-f', 'json'], { cwd: t.dir, stdin: CLEAN });
    assert.equal(files(run), ['piped.yaml', 'disk.yaml']);
    assert.is(run.code, 1);
  });
});

test('.gitignore is honoured (walked directories, nested files, globs); --no-gitignore turns it off', () => {
  withTemp((t) => {
    t.write('.gitignore', 'generated/\n*.local.yaml\n');
    t.write('keep.yaml', CLEAN);
    t.write('generated/out.yaml', BAD_LABEL);
    t.write('dev.local.yaml', BAD_LABEL);
    t.write('sub/.gitignore', 'tmp/\n');
    t.write('sub/tmp/scratch.yaml', BAD_LABEL);
    t.write('sub/ok.yaml', CLEAN);
    const walked = lintJson(t, '.');
    assert.equal(files(walked), ['keep.yaml', 'sub/ok.yaml']);
    assert.is(walked.code, 0);

    const globbed = lintJson(t, '**/*.yaml');
    assert.equal(files(globbed), ['keep.yaml', 'sub/ok.yaml']);

    const all = lintJson(t, '.', '--no-gitignore');
    assert.equal(files(all), ['dev.local.yaml', 'generated/out.yaml', 'keep.yaml', 'sub/ok.yaml', 'sub/tmp/scratch.yaml']);
    assert.is(all.code, 1);
  });
});

test('.gitignore files above the working directory apply inside a git repository', () => {
  withTemp((t) => {
    mkdirSync(t.path('.git'));
    t.write('.gitignore', 'secret-*.yaml\n');
    t.write('deploy/secret-prod.yaml', BAD_LABEL);
    t.write('deploy/app.yaml', CLEAN);
    const run = cli(['-f', 'json'], { cwd: t.path('deploy') });
    assert.equal(files(run), ['app.yaml']);
  });
});

test('.meshlintignore and --ignore-pattern are honoured', () => {
  withTemp((t) => {
    t.write('.meshlintignore', '# vendored charts\nvendor/\n');
    t.write('vendor/chart.yaml', BAD_LABEL);
    t.write('fixtures/broken.yaml', BAD_LABEL);
    t.write('legacy/old.yml', BAD_LABEL);
    t.write('app.yaml', CLEAN);
    const run = lintJson(t, '.', '--ignore-pattern', 'fixtures/', '--ignore-pattern', '*.yml');
    assert.equal(files(run), ['app.yaml']);
    assert.is(run.code, 0);
    // Without the command-line patterns, only .meshlintignore applies.
    assert.equal(files(lintJson(t, '.')), ['app.yaml', 'fixtures/broken.yaml', 'legacy/old.yml']);
  });
});

test('a file named on the command line but ignored is skipped with a reason', () => {
  withTemp((t) => {
    t.write('a.yaml', CLEAN);
    t.write('skip/b.yaml', BAD_LABEL);
    const run = lintJson(t, 'a.yaml', 'skip/b.yaml', '--ignore-pattern', 'skip/');
    assert.equal(files(run), ['a.yaml']);
    assert.match(run.stderr, /skipped \S*skip\/b\.yaml: ignored by an ignore pattern/);
  });
});

test('node_modules is never linted, even with --no-gitignore', () => {
  withTemp((t) => {
    t.write('node_modules/some-chart/templates/deploy.yaml', BAD_LABEL);
    t.write('pkg/node_modules/x.yaml', BAD_LABEL);
    t.write('app.yaml', CLEAN);
    assert.equal(files(lintJson(t, '.', '--no-gitignore')), ['app.yaml']);
    assert.equal(files(lintJson(t, '**/*.yaml')), ['app.yaml']);
  });
});

test('a symbolic link loop does not hang and is reported as skipped', () => {
  withTemp((t) => {
    t.write('manifests/app.yaml', BAD_LABEL);
    symlinkSync('..', t.path('manifests/parent'));
    symlinkSync('.', t.path('manifests/self'));
    // First in a child process with a time limit: a regression must fail this test, not hang the suite.
    const child = spawnSync(process.execPath, [BIN, 'manifests', '-f', 'json'], { cwd: t.dir, encoding: 'utf8' });
    assert.is(child.signal, null, 'meshlint did not finish within 20 s on a symbolic link loop');
    assert.is(child.status, 1, child.stderr);
    const run = lintJson(t, 'manifests');
    assert.is(run.stdout, child.stdout, 'the built CLI and the in-process one agree');
    assert.equal(files(run), ['manifests/app.yaml'], 'each file linted once');
    // manifests/parent leads back to the temporary directory: the loop closes when it reaches manifests again.
    assert.match(run.stderr, /skipped \S*manifests\/parent\/manifests: symbolic link loop/);
    assert.match(run.stderr, /skipped \S*manifests\/self: symbolic link loop/);
    assert.is(run.code, 1);
  });
});

test('a symbolic link to a directory outside the tree is followed', () => {
  withTemp((t) => {
    t.write('shared/base.yaml', BAD_LABEL);
    t.write('app/own.yaml', CLEAN);
    symlinkSync('../shared', t.path('app/base'));
    const run = lintJson(t, 'app');
    assert.equal(files(run), ['app/base/base.yaml', 'app/own.yaml']);
    assert.is(run.stderr, '');
  });
});

test('a dangling symbolic link is skipped with a reason; the other files are linted', () => {
  withTemp((t) => {
    t.write('ok.yaml', BAD_LABEL);
    symlinkSync('gone.yaml', t.path('dangling.yaml'));
    const run = lintJson(t, '.');
    assert.equal(files(run), ['ok.yaml']);
    assert.match(run.stderr, /skipped \S*dangling\.yaml: a symbolic link whose target does not exist/);
    assert.is(run.code, 1);
  });
});

test('a path that does not exist exits 2 with a message naming it', () => {
  withTemp((t) => {
    t.write('real.yaml', BAD_LABEL);
    const run = cli(['real.yaml', 'no/such/file.yaml'], { cwd: t.dir });
    assert.is(run.code, 2);
    assert.ok(run.stderr.includes('"no/such/file.yaml"'), run.stderr);
    assert.not.ok(run.stderr.includes('real.yaml"'), 'only the missing path is named');
    assert.is(run.stdout, '', 'nothing is linted when an input is missing');
  });
});

test('kind: List items are linted as their own resources', () => {
  withTemp((t) => {
    t.write(
      'list.yaml',
      yaml`
      apiVersion: v1
      kind: List
      metadata:
        resourceVersion: ""
      items:
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: first
            namespace: team-a
            labels: { app: "web" }
        - apiVersion: v1
          kind: ConfigMap
          metadata:
            name: second
            namespace: team-b
            labels:
              flag: true
      `,
    );
    t.write('typed.yaml', 'apiVersion: v1\nkind: ConfigMapList\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: { name: only, labels: { n: 1 } }\n');
    const [list, typed] = parseJsonReport(lintJson(t, 'list.yaml', 'typed.yaml'));
    assert.equal(
      list?.messages.map((m) => [m.ruleId, m.line, m.column, m.resource]),
      [['yaml-nonstring-value', 18, 9, 'ConfigMap team-b/second']],
    );
    assert.equal(typed?.messages.map((m) => [m.line, m.resource]), [[6, 'ConfigMap only']]);
  });
});

test('a Helm "# Source:" comment after --- is carried by findings (json and stylish)', () => {
  withTemp((t) => {
    const text = [
      '---',
      '# Source: shop/templates/configmap.yaml',
      WARN_ONLY.trimEnd(),
      '---',
      '# Source: shop/templates/settings.yaml',
      BAD_LABEL.trimEnd(),
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: no-source',
      '  labels: { n: 1 }',
      '',
    ].join('\n');
    t.write('rendered.yaml', text);
    const run = lintJson(t, 'rendered.yaml');
    const msgs = parseJsonReport(run)[0]?.messages ?? [];
    assert.equal(
      msgs.map((m) => [m.ruleId, m.line, m.helmSource]),
      [
        ['duplicate-key', 9, 'shop/templates/configmap.yaml'],
        ['yaml-nonstring-value', 17, 'shop/templates/settings.yaml'],
        ['yaml-nonstring-value', 25, undefined],
      ],
    );
    const stylish = cli(['rendered.yaml'], { cwd: t.dir });
    assert.ok(stylish.stdout.includes('ConfigMap settings, from shop/templates/settings.yaml'), stylish.stdout);
    assert.ok(stylish.stdout.includes('ConfigMap w, from shop/templates/configmap.yaml'), stylish.stdout);
  });
});

test('a "# Source:" header on the first line, without a leading ---, is recognised too', () => {
  withTemp((t) => {
    t.write('one.yaml', `# Source: shop/templates/settings.yaml\n${BAD_LABEL}`);
    const msgs = parseJsonReport(lintJson(t, 'one.yaml'))[0]?.messages ?? [];
    assert.equal(msgs.map((m) => [m.line, m.helmSource]), [[7, 'shop/templates/settings.yaml']]);
  });
});

test('comment-only documents and non-Kubernetes YAML produce no findings', () => {
  withTemp((t) => {
    // Each of these would have findings if it were read as a Kubernetes object.
    t.write('chart/Chart.yaml', 'apiVersion: v2\nname: shop\nversion: 0.1.0\nappVersion: 1.10\ndependencies:\n  - name: redis\n    version: 17.0.0\n    enabled: true\n');
    t.write(
      'overlay/kustomization.yaml',
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nmetadata:\n  name: k\n  labels:\n    sidecar.istio.io/inject: true\nresources:\n  - ../base\ncommonLabels:\n  team: payments\n',
    );
    t.write(
      'overlay/delete-patch.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    sidecar.istio.io/inject: true\n$patch: delete\n',
    );
    t.write('.pre-commit-config.yaml', 'repos:\n  - repo: https://github.com/meshlint/meshlint\n    rev: v0.1.0\n    hooks:\n      - id: meshlint\n        pass_filenames: true\n        pass_filenames: false\n');
    t.write('comments.yaml', '# nothing here yet\n---\n# still nothing\n---\n');
    const run = lintJson(t, '.');
    assert.is(run.code, 0, run.stdout);
    const results = parseJsonReport(run);
    assert.equal(results.map((r) => r.filePath), ['.pre-commit-config.yaml', 'comments.yaml', 'overlay/delete-patch.yaml', 'overlay/kustomization.yaml']);
    // The chart is not linted as YAML: no finding, one note says how to lint it.
    assert.equal(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId} ${m.severity}`)), []);
    assert.match(run.stderr, /1 Helm chart was not linted \(chart\)/);
    // The same kind of label on a real object is reported: the skip is about the document, not the label.
    t.write('overlay/real.yaml', BAD_LABEL);
    assert.is(lintJson(t, 'overlay').code, 1);
  });
});

test('a BOM does not shift line or column positions', () => {
  withTemp((t) => {
    const oneLine = '{apiVersion: v1, kind: ConfigMap, metadata: {name: a, labels: {x: true}}}\n';
    t.write('plain.yaml', oneLine + '---\n' + BAD_LABEL);
    t.write('bom.yaml', '\ufeff' + oneLine + '---\n' + BAD_LABEL);
    const [plain, bom] = parseJsonReport(lintJson(t, 'plain.yaml', 'bom.yaml'));
    const pos = (r: typeof plain) => r?.messages.map((m) => [m.line, m.column, m.endLine, m.endColumn]);
    assert.equal(pos(plain), [
      [1, 64, 1, 71],
      [8, 5, 8, 26],
    ]);
    assert.equal(pos(bom), pos(plain));
  });
});

test('a CRLF file gives the same positions as LF; the range never covers the \\r', () => {
  withTemp((t) => {
    const text = WARN_ONLY + '---\n' + BAD_LABEL + '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "unterminated\n';
    t.write('lf.yaml', text);
    t.write('crlf.yaml', text.replace(/\n/g, '\r\n'));
    const [lf, crlf] = parseJsonReport(lintJson(t, 'lf.yaml', 'crlf.yaml'));
    const pos = (r: typeof lf) => r?.messages.map((m) => [m.ruleId, m.line, m.column, m.endLine, m.endColumn]);
    assert.equal(pos(lf)?.map((p) => p.slice(0, 3)), [
      ['duplicate-key', 7, 5],
      ['yaml-nonstring-value', 14, 5],
      ['parse-error', 21, 9], // the unterminated quote, where it opens
    ]);
    assert.equal(pos(crlf), pos(lf));
    const lines = text.replace(/\n/g, '\r\n').split('\n');
    for (const m of crlf?.messages ?? []) {
      const line = lines[m.endLine - 1] ?? '';
      assert.ok(m.endColumn <= line.replace(/\r$/, '').length + 1, `${m.ruleId}: endColumn ${m.endColumn} is past the line's text`);
    }
  });
});

test('a file of CR line ends is linted as kubectl reads it, at the lines editors show; only in-place fixes are written into it', () => {
  withTemp((t) => {
    // A label to move into the pod template (a removal and an insertion, line by line) and a value to quote (in place).
    const moved = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: w', '  namespace: shop', '  labels:', '    sidecar.istio.io/inject: "false"', 'spec:', '  selector: { matchLabels: { app: w } }', '  template:', '    metadata:', '      labels:', '        app: w', '    spec:', '      containers: [{ name: w, image: nginx }]', ''].join('\n');
    const text = WARN_ONLY + '---\n' + moved + '---\n' + BAD_LABEL;
    t.write('lf.yaml', text);
    const cr = t.write('cr.yaml', text.replace(/\n/g, '\r'));
    const [lf, crOnly] = parseJsonReport(lintJson(t, 'lf.yaml', 'cr.yaml'));
    const pos = (r: typeof lf) => r?.messages.map((m) => [m.ruleId, m.line, m.column, m.endLine, m.endColumn]);
    // kubectl reads a file of CR lines (go-yaml ends lines at CR): no parse error, the same findings.
    assert.ok(lf?.messages.some((m) => m.ruleId === 'inject-misplaced') && lf.messages.some((m) => m.ruleId === 'yaml-nonstring-value'), 'findings to compare');
    assert.equal(pos(crOnly), pos(lf));
    // Removals and insertions find and write LF lines: not offered where a lone CR ends the lines.
    cli(['cr.yaml', '--fix'], { cwd: t.dir });
    assert.is(readFileSync(cr, 'utf8'), text.replace(/\n/g, '\r').replace('feature-enabled: true', 'feature-enabled: "true"'), 'only the value is quoted');
    // A suggestion that inserts a key is not offered there either (it would land at the end of
    // the file): the label's move (a suggestion, as the pods' namespace is not known).
    const suggested = parseJsonReport(lintJson(t, 'lf.yaml', 'cr.yaml')).map((r) => r.messages.flatMap((m) => (m as { suggestions?: unknown[] }).suggestions ?? []).length);
    assert.ok((suggested[0] ?? 0) > 0, 'the LF file has a suggestion');
    assert.is(suggested[1], 0);
  });
});

test('UTF-16 with a BOM (LE and BE) is read as kubectl reads it, at the same positions as UTF-8; without a BOM it is not text', () => {
  withTemp((t) => {
    const text = WARN_ONLY + '---\n' + BAD_LABEL.replace('name: settings', 'name: r\u00e9glages-\u{1f600}');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    t.write('utf8.yaml', text);
    t.write('le.yaml', le);
    t.write('be.yaml', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    t.write('no-bom.yaml', Buffer.from(text, 'utf16le'));
    const [utf8, leRun, beRun, noBom] = parseJsonReport(lintJson(t, 'utf8.yaml', 'le.yaml', 'be.yaml', 'no-bom.yaml'));
    const rows = (r: typeof utf8) => r?.messages.map((m) => [m.ruleId, m.line, m.column, m.endLine, m.endColumn, m.message]);
    assert.ok(utf8?.messages.length, 'findings to compare');
    assert.equal(rows(leRun), rows(utf8));
    assert.equal(rows(beRun), rows(utf8));
    assert.equal(noBom?.messages.map((m) => m.message), ['binary file (contains NUL bytes); not YAML or JSON.']);
  });
});

test('--fix writes a UTF-16 file back in UTF-16, its BOM first', () => {
  const text = 'a: "ü"\r\n';
  for (const encoding of ['utf-16le', 'utf-16be'] as const) {
    const bytes = encodeSource(text, { bom: true, encoding });
    const read = decodeSource(bytes, 'x.yaml', undefined);
    assert.ok(read.ok && read.file.text === text && read.file.encoding === encoding, encoding);
    assert.equal([...bytes.subarray(0, 2)], encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  }
  assert.is(encodeSource(text, { bom: true }).toString('utf8'), `\ufeff${text}`);
  // Through the command line: the quoted label is written back in the file's UTF-16.
  withTemp((t) => {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const path = t.path(`${encoding}.yaml`);
      writeFileSync(path, encodeSource(BAD_LABEL, { bom: true, encoding }));
      assert.is(cli([`${encoding}.yaml`, '--fix'], { cwd: t.dir }).code, 0);
      const after = decodeSource(readFileSync(path), 'x.yaml', undefined);
      assert.ok(after.ok && after.file.encoding === encoding && after.file.text.includes('feature-enabled: "true"'), encoding);
    }
  });
});

test('--fix keeps a BOM and CRLF line ends', () => {
  withTemp((t) => {
    const path = t.write('win.yaml', '\ufeff' + BAD_LABEL.replace(/\n/g, '\r\n'));
    const run = cli(['win.yaml', '--fix'], { cwd: t.dir });
    assert.is(run.code, 0, run.stdout);
    const after = readFileSync(path, 'utf8');
    assert.ok(after.startsWith('\ufeffapiVersion'), 'BOM kept');
    assert.ok(after.includes('    feature-enabled: "true" # turned on by hand\r\n'), after);
    assert.not.match(after, /[^\r]\n/, 'every line still ends with CRLF');
  });
});

test.run();
