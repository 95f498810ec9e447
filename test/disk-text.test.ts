// A file's text let go of once linted and read again when a finding of the run's end asks
// (src/load/disk-text.ts): the report is the one a run holding every text gives; a file that
// changed on disk meanwhile stops the run with one line, never a finding placed in another text.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { utimesSync, writeFileSync } from 'node:fs';
import { parse } from '../src/cli/args.ts';
import { lintParsed } from '../src/cli/lint.ts';
import { lookupFor } from '../src/cli/config.ts';
import { guarded } from '../src/cli/io.ts';
import { lint } from '../src/engine/linter.ts';
import { allRules } from '../rules/index.ts';
import { FileChangedError, releaseText, textHeld, withFields } from '../src/load/disk-text.ts';
import { readSource } from '../src/load/read.ts';
import type { SourceFile } from '../src/common/types.ts';
import { withTemp, type TempDir } from './helpers/cli.ts';

const NAMESPACE = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: treasury\n  labels:\n    istio-injection: enabled\n';
// Lines before the policy: a finding placed in it at the run's end names line 8 onwards.
const POLICY = [
  '# The policy selects app: ledger; the pods are labelled app.kubernetes.io/name: ledger.', '', '', '', '', '', '',
  'apiVersion: security.istio.io/v1', 'kind: AuthorizationPolicy', 'metadata:', '  name: ledger-callers', '  namespace: treasury', 'spec:',
  '  selector:', '    matchLabels: { app: ledger }', '  action: ALLOW', '  rules:', '    - from:', '        - source:', '            principals: ["cluster.local/ns/billing/sa/invoicer"]', '',
].join('\n');
const APP = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: ledger', '  namespace: treasury', 'spec:',
  '  selector:', '    matchLabels: { app.kubernetes.io/name: ledger }', '  template:', '    metadata:', '      labels: { app.kubernetes.io/name: ledger }',
  '    spec:', '      containers: [{ name: ledger, image: example.com/ledger:1.0, ports: [{ containerPort: 8080 }] }]', '',
].join('\n');

function repo(t: TempDir): void {
  t.write('a-namespace.yaml', NAMESPACE);
  t.write('b-policy.yaml', POLICY);
  t.write('c-app.yaml', APP);
}

const quietIO = (t: TempDir) => ({ cwd: t.dir, stdout: () => {}, stderr: () => {}, readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });

test('a run lets go of each file text once linted; a finding placed when the run ends reads it again, placed as with every text held', () => {
  withTemp((t) => {
    repo(t);
    const io = quietIO(t);
    const { values, positionals } = parse(['.', '--no-repository-context']);
    const run = lintParsed(values, positionals, lookupFor(values, io), io);
    if (typeof run === 'number') throw new Error(`exit ${run}`);
    const files = (run.read?.inputs ?? []).flatMap((i) => (i.ok ? [i.file] : []));
    assert.is(files.length, 3);
    for (const f of files) assert.not.ok(textHeld(f), `${f.displayPath}: let go of`);
    const found = run.results.flatMap((r) => r.messages.map((m) => ({ file: r.filePath, ...m })));
    const atEnd = found.find((m) => m.ruleId === 'policy-selector-no-match');
    assert.ok(atEnd, 'the finding of the run end is there');
    assert.is(atEnd?.file, 'b-policy.yaml');
    assert.is(atEnd?.line, 15, 'placed at the selector, past the lines before the policy');
    // The same files linted with every text held: the same report.
    const held = lint(
      files.map((f) => ({ ok: true as const, file: { displayPath: f.displayPath, absPath: f.absPath, text: f.text, bom: false } })),
      { config: run.config, rules: allRules },
    );
    assert.equal(JSON.stringify(run.results), JSON.stringify(held.results));
    for (const f of files) assert.ok(f.text.length > 0, 'read again when asked for');
  });
});

test('a text let go of is read again only while its file is the one read; a file changed meanwhile is said, in one line, exit 2', () => {
  withTemp((t) => {
    repo(t);
    const path = t.path('b-policy.yaml');
    const read = readSource(path, t.dir);
    if (!read.ok) throw new Error('not read');
    const file: SourceFile = read.file;
    // Fields added keep the text one that can be let go of, and read again.
    const scoped = withFields(file, { targetNamespace: { name: 'treasury' } });
    releaseText(file);
    releaseText(scoped);
    assert.not.ok(textHeld(file));
    assert.not.ok(textHeld(scoped));
    assert.is(file.text, POLICY);
    assert.is(scoped.text, POLICY);
    assert.is(scoped.targetNamespace && scoped.targetNamespace !== 'unknown' ? scoped.targetNamespace.name : undefined, 'treasury');
    // Changed on disk: the same length, another time.
    const again = readSource(t.path('c-app.yaml'), t.dir);
    if (!again.ok) throw new Error('not read');
    releaseText(again.file);
    writeFileSync(t.path('c-app.yaml'), APP.replace('ledger:1.0', 'ledger:2.0'));
    utimesSync(t.path('c-app.yaml'), new Date(), new Date(Date.now() + 5000));
    assert.throws(() => again.file.text, (e: unknown) => e instanceof FileChangedError && /c-app\.yaml changed on disk while meshlint linted it; run meshlint again/.test(e.message));
    const lines: string[] = [];
    const code = guarded({ ...quietIO(t), stderr: (s: string) => lines.push(s) }, () => again.file.text);
    assert.is(code, 2);
    assert.equal(lines, ['meshlint: c-app.yaml changed on disk while meshlint linted it; run meshlint again\n']);
  });
});

test('a text is held where letting it go would cost more: a large file, standard input, a file not read from disk', () => {
  withTemp((t) => {
    const big = t.write('big.yaml', `${NAMESPACE}data: "${'x'.repeat(1_100_000)}"\n`);
    const read = readSource(big, t.dir);
    if (!read.ok) throw new Error('not read');
    releaseText(read.file);
    assert.ok(textHeld(read.file), 'a file of a megabyte and more is held');
    const plain: SourceFile = { displayPath: '-', absPath: undefined, text: NAMESPACE };
    releaseText(plain);
    assert.ok(textHeld(plain));
    assert.is(plain.text, NAMESPACE);
  });
});

test.run();
