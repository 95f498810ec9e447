// Inputs built to stall or exhaust meshlint: values layers that name one large Secret again
// and again, renders that never end, Kustomize diamonds. Each is bounded, and past the bound
// the run says what it left unread.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, withTemp } from './helpers/cli.ts';

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

test.run();
