// One truth for every command: lint, explain and facts read each file with the config nearest
// to it (a team's folder may state its own namespaces and Istio version), and agree.
import { ESLint } from 'eslint';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, tempDir, withTemp, type TempDir } from './helpers/cli.ts';
import { messageText, startLsp, stopLsp } from './helpers/lsp.ts';
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
const FILES: Readonly<Record<string, string>> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.meshlint.yaml': 'namespaces: { shop: { labels: { istio-injection: enabled } } }\nistio: { version: "1.28" }\n',
  'team/.meshlint.yaml': 'namespaces: { shop: { labels: { istio-injection: disabled } } }\nistio: { version: "1.26" }\n',
  'api.yaml': app('api'),
  'team/web.yaml': app('web'),
};

function fixture(t: TempDir): void {
  for (const [rel, text] of Object.entries(FILES)) t.write(rel, text);
}

/** What lint says of each file's inject label, as the CLI prints it. */
function cliSays(t: TempDir): Record<string, string> {
  const lint = parseJsonReport(cli(['-f', 'json', '.'], { cwd: t.dir }));
  return Object.fromEntries(lint.map((r) => [r.filePath, r.messages.find((m) => m.ruleId === 'inject-value-invalid')?.message ?? '']));
}

interface Explained { readonly resource: string; readonly filePath: string; readonly outcome: string }

test('lint, explain, facts and diff judge each folder with its own config', () => {
  withTemp((t) => {
    fixture(t);
    const said = cliSays(t);
    assert.match(said['api.yaml'] ?? '', /Istio 1\.28 ignores it/);
    assert.match(said['team/web.yaml'] ?? '', /Istio 1\.26 reads it as true/);

    const explained = JSON.parse(cli(['explain', '-f', 'json', '.'], { cwd: t.dir }).stdout) as Explained[];
    const outcome = Object.fromEntries(explained.map((e) => [e.filePath, e.outcome]));
    // shop injects by the platform's config; the team's says it does not.
    assert.equal(outcome, { 'api.yaml': 'injected', 'team/web.yaml': 'not-injected' });

    // diff reads each side's configs the same way: without the team's config, its workload was injected.
    withTemp((base) => {
      for (const [rel, text] of Object.entries(FILES)) if (rel !== 'team/.meshlint.yaml') base.write(rel, text);
      const diff = JSON.parse(cli(['diff', base.dir, '.', '-f', 'json'], { cwd: t.dir }).stdout) as { workloads: { changed: { workload: string; changes: string[]; head: { sidecar: string } }[] } };
      assert.equal(diff.workloads.changed.map((w) => [w.workload, w.changes, w.head.sidecar]), [['Deployment shop/web', ['sidecar-lost'], 'not-injected']]);
    });

    const factsOf = (path: string): { istioVersion: { value: string }; namespaces: { name: string; labels: Record<string, string> }[] } => JSON.parse(cli(['facts', '-f', 'json', path], { cwd: t.dir }).stdout);
    const team = factsOf('team');
    assert.is(team.istioVersion.value, '1.26');
    assert.is(team.namespaces.find((n) => n.name === 'shop')?.labels['istio-injection'], 'disabled');
    assert.is(factsOf('.').istioVersion.value, '1.28');
  });
});

test("explain's mesh map names a namespace as the nested config that judges its workloads defines it", () => {
  withTemp((t) => {
    t.write('.git/HEAD', 'ref: refs/heads/main\n');
    t.write('.meshlint.yaml', 'istio: { version: "1.28" }\n');
    t.write('team/.meshlint.yaml', 'namespaces: { payments: { labels: { istio-injection: enabled } } }\nistio: { version: "1.28" }\n');
    t.write('team/pay.yaml', app('pay').replace('namespace: shop', 'namespace: payments'));
    t.write('api.yaml', app('api'));
    const md = cli(['explain', '-f', 'markdown', '.'], { cwd: t.dir });
    assert.is(md.code, 0, md.stderr);
    assert.match(md.stdout, /### Namespace payments\n\n- labels: istio-injection=enabled\n/);
  });
});

test('the ESLint plugin and the language server say what the CLI says, file by file', async () => {
  const t = tempDir('meshlint-truth-');
  try {
    fixture(t);
    const said = cliSays(t);
    // The package's own export, as users load it (a variable: the bundle has no type declarations).
    const specifier = 'meshlint/eslint-plugin';
    const plugin = ((await import(specifier)) as { default: { configs: { recommended: never[] } } }).default;
    const eslint = new ESLint({ cwd: t.dir, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended] });
    for (const r of await eslint.lintFiles(['api.yaml', 'team/web.yaml'])) {
      const rel = r.filePath.slice(t.dir.length + 1);
      assert.is(r.messages.find((m) => m.ruleId === 'meshlint/inject-value-invalid')?.message, said[rel], `ESLint on ${rel}`);
    }
    const s = await startLsp({ files: FILES });
    try {
      for (const rel of ['api.yaml', 'team/web.yaml']) {
        const d = s.diagnostics(rel);
        s.open(rel, FILES[rel] as string);
        // The editor adds the resource the finding is about: "… [Deployment shop/api]".
        assert.is(messageText((await d).find((x) => x.code === 'inject-value-invalid')).replace(/ \[[^\]]*\]$/, ''), said[rel], `language server on ${rel}`);
      }
    } finally {
      await stopLsp(s);
    }
  } finally {
    t.cleanup();
  }
});

test.run();
