// One truth for every command: lint, explain and facts read each file with the config nearest
// to it (a team's folder may state its own namespaces and Istio version), and agree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, withTemp, type TempDir } from './helpers/cli.ts';
import { yaml } from './helpers/rule-tester.ts';

const app = (name: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: ${name}, namespace: shop }
  spec:
    template:
      metadata: { labels: { sidecar.istio.io/inject: "yes" } }
      spec:
        containers: [{ name: ${name}, image: nginx }]
`;

/** The platform's config says shop injects on 1.28; the team's folder says shop does not, on 1.26. */
function fixture(t: TempDir): void {
  t.write('.git/HEAD', 'ref: refs/heads/main\n');
  t.write('.meshlint.yaml', 'namespaces: { shop: { labels: { istio-injection: enabled } } }\nistio: { version: "1.28" }\n');
  t.write('team/.meshlint.yaml', 'namespaces: { shop: { labels: { istio-injection: disabled } } }\nistio: { version: "1.26" }\n');
  t.write('api.yaml', app('api'));
  t.write('team/web.yaml', app('web'));
}

interface Explained { readonly resource: string; readonly filePath: string; readonly outcome: string }

test('lint, explain and facts judge each folder with its own config', () => {
  withTemp((t) => {
    fixture(t);
    const lint = parseJsonReport(cli(['-f', 'json', '.'], { cwd: t.dir }));
    const said = Object.fromEntries(lint.map((r) => [r.filePath, r.messages.filter((m) => m.ruleId === 'inject-value-invalid').map((m) => m.message)]));
    assert.match(said['api.yaml']?.[0] ?? '', /Istio 1\.28 ignores it/);
    assert.match(said['team/web.yaml']?.[0] ?? '', /Istio 1\.26 reads it as true/);

    const explained = JSON.parse(cli(['explain', '-f', 'json', '.'], { cwd: t.dir }).stdout) as Explained[];
    const outcome = Object.fromEntries(explained.map((e) => [e.filePath, e.outcome]));
    // shop injects by the platform's config; the team's says it does not.
    assert.equal(outcome, { 'api.yaml': 'injected', 'team/web.yaml': 'not-injected' });

    const factsOf = (path: string): { istioVersion: { value: string }; namespaces: { name: string; labels: Record<string, string> }[] } => JSON.parse(cli(['facts', '-f', 'json', path], { cwd: t.dir }).stdout);
    const team = factsOf('team');
    assert.is(team.istioVersion.value, '1.26');
    assert.is(team.namespaces.find((n) => n.name === 'shop')?.labels['istio-injection'], 'disabled');
    assert.is(factsOf('.').istioVersion.value, '1.28');
  });
});

test.run();
