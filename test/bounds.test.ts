// Inputs built to stall or exhaust meshlint: values layers that name one large Secret again
// and again, renders that never end, Kustomize diamonds. Each is bounded, and past the bound
// the run says what it left unread.
import { chmodSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, webDeployment, withTemp } from './helpers/cli.ts';
import { testBinary } from './helpers/binaries.ts';
import { constants } from 'node:buffer';
import { decodeSource } from '../src/load/read.ts';
import { valuesTextsParsed } from '../src/model/install/gitops.ts';

const kubectl = testBinary('kubectl');

/** A Secret with a values.yaml of about 0.9 MB, and a HelmRelease of istiod naming it `refs` times. */
function bigValuesRelease(refs: number): string {
  const filler = Array.from({ length: 10_000 }, (_, i) => `    K${i}: "${'x'.repeat(80)}"\n`).join('');
  const values = `meshConfig:\n  defaultConfig:\n    holdApplicationUntilProxyStarts: true\npilot:\n  env:\n${filler}`;
  const secret = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: big\n  namespace: istio-system\ndata:\n  values.yaml: ${Buffer.from(values).toString('base64')}\n`;
  const entries = Array.from({ length: refs }, () => '    - kind: Secret\n      name: big\n').join('');
  return `${secret}---\napiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: istiod\n  namespace: istio-system\nspec:\n  chart:\n    spec:\n      chart: istiod\n  valuesFrom:\n${entries}`;
}

test('values layers: one text read once however often it is named; past 8 MB in total the rest is a gap the run names', () => {
  withTemp((t) => {
    t.write('release.yaml', bigValuesRelease(10));
    const r = cli(['facts', '.'], { cwd: t.dir, env: {} });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout + r.stderr, /HelmRelease istio-system\/istiod passes more than 8 MB of values texts \(at spec\.valuesFrom\[8\]\); meshlint reads no more of them/);
  });
});

test('values past the bound are one finding, on the valuesFrom entry where it runs out; the Secret is parsed once, within the bound', () => {
  withTemp((t) => {
    const text = bigValuesRelease(100);
    t.write('release.yaml', text);
    const before = { ...valuesTextsParsed };
    const r = cli(['-f', 'json', '.'], { cwd: t.dir, env: {} });
    const findings = parseJsonReport(r).flatMap((f) => f.messages.filter((m) => m.ruleId === 'parse-error').map((m) => ({ ...m, filePath: f.filePath })));
    assert.is(findings.length, 1, JSON.stringify(findings));
    const f = findings[0];
    // 0.9 MB a text: eight fit in 8 MB, the ninth (spec.valuesFrom[8]) does not.
    const lines = text.split('\n');
    const first = lines.indexOf('  valuesFrom:') + 2;
    assert.is(f?.filePath, 'release.yaml');
    assert.is(f?.line, first + 8 * 2);
    assert.is(f?.severity, 1);
    assert.match(f?.message ?? '', /^meshlint reads at most 8 MB of values texts per HelmRelease, so that a repository cannot exhaust its memory: this entry passes it, and the values from here on \(spec\.valuesFrom\[8\] to \[99\]\) are not read\./);
    // The work is bounded by what is counted: the text is parsed once however often it is named
    // (once by the facts pass, once by the scan for releases to render), never past the bound.
    const parsed = { texts: valuesTextsParsed.texts - before.texts, chars: valuesTextsParsed.chars - before.chars };
    assert.ok(parsed.texts <= 2, `parsed ${parsed.texts} values texts`);
    assert.ok(parsed.chars <= 2 * 8 * 1024 * 1024, `parsed ${parsed.chars} characters of values text`);
  });
});

test('one rendering budget per run: a render that never ends spends it, the renders after it are not started', () => {
  withTemp((t) => {
    for (const c of ['a', 'b']) {
      t.write(`${c}/Chart.yaml`, `apiVersion: v2\nname: ${c}\nversion: 0.1.0\n`);
      t.write(`${c}/templates/web.yaml`, webDeployment());
    }
    // A template that loops forever, as far as meshlint can tell: a helm that never returns.
    const helm = t.write('bin/helm', '#!/bin/sh\nexec sleep 600\n');
    chmodSync(helm, 0o755);
    const r = cli(['-f', 'json', '--helm-chart', 'a', '--helm-chart', 'b', '--helm-binary', helm, '--render-budget', '1'], { cwd: t.dir, env: { PATH: process.env.PATH } });
    const messages = parseJsonReport(r).flatMap((f) => f.messages.map((m) => `${f.filePath} ${m.severity} ${m.message}`));
    assert.is(messages.length, 2, messages.join('\n'));
    assert.match(messages[0] ?? '', /^a\/Chart\.yaml 2 .*did not finish within the 1 s this run may spend rendering \(--render-budget\)/);
    assert.match(messages[1] ?? '', /^b\/Chart\.yaml 1 .*the renders before it spent the time this run may spend rendering\. Raise it with --render-budget SECONDS/);
    const bad = cli(['--render-budget', '0', '.'], { cwd: t.dir, env: {} });
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /--render-budget takes a whole number of seconds/);
  });
});

(kubectl ? test : test.skip)('overlays: bases shared along many paths (a diamond) or nested too deep are refused before Kustomize runs', () => {
  if (!kubectl) return; // declared as a test only when present; this narrows its type
  withTemp((t) => {
    // 14 levels of two kustomizations each using both of the next level: 2^14 builds.
    const levels = 14;
    for (let i = 0; i < levels; i++) {
      for (const side of ['a', 'b']) {
        const uses = i + 1 < levels ? `resources:\n  - ../a${i + 1}\n  - ../b${i + 1}\n` : 'resources: [web.yaml]\n';
        t.write(`diamond/${side}${i}/kustomization.yaml`, uses);
      }
    }
    t.write(`diamond/a${levels - 1}/web.yaml`, webDeployment());
    t.write(`diamond/b${levels - 1}/web.yaml`, webDeployment().replace('name: web', 'name: web2'));
    for (let i = 0; i < 70; i++) t.write(`deep/k${i}/kustomization.yaml`, i < 69 ? `resources: [../k${i + 1}]\n` : 'resources: [web.yaml]\n');
    t.write('deep/k69/web.yaml', webDeployment());
    for (const [overlay, why] of [
      ['diamond/a0', /Kustomize would build its kustomizations more than 10000 times over/],
      ['deep/k0', /its bases nest 70 levels deep, more than the 64 meshlint builds/],
    ] as const) {
      const r = cli(['-f', 'json', '--kustomize', overlay, '--kustomize-binary', kubectl], { cwd: t.dir, env: { PATH: process.env.PATH } });
      const messages = parseJsonReport(r).flatMap((f) => f.messages.map((m) => ({ ...m, filePath: f.filePath })));
      assert.is(messages.length, 1, JSON.stringify(messages));
      assert.is(messages[0]?.filePath, `${overlay}/kustomization.yaml`);
      assert.match(messages[0]?.message ?? '', why);
    }
  });
});

test('a file too large to become one string is said to be too large, not "not valid UTF-8"', () => {
  const bytes = Buffer.alloc(constants.MAX_STRING_LENGTH + 1024, 0x61);
  const read = decodeSource(bytes, 'big.yaml', undefined);
  assert.not.ok(read.ok);
  if (!read.ok) assert.match(read.reason, /^too large to read as text \(\d+ MB; a file may hold about \d+ MB\); split it$/);
});

test.run();
