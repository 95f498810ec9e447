// How much a run judged: the workloads whose place in the mesh is known, what the others wait
// on (the kind that decides the most first), and where each report says it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { coverageLine, mergeCoverage, withUnrenderedReleases } from '../src/engine/coverage.ts';
import { lint } from '../src/engine/linter.ts';
import { decodeSource } from '../src/load/read.ts';
import { rulesById } from '../rules/index.ts';
import { formatJsonWithMetadata } from '../src/format/json.ts';
import { formatSarif } from '../src/format/sarif.ts';
import { formatSummary } from '../src/format/summary.ts';
import { yaml } from './helpers/rule-tester.ts';

const deployment = (name: string, ns?: string): string => yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: ${name}${ns ? `, namespace: ${ns}` : ''} }
  spec:
    template:
      spec:
        containers: [{ name: app, image: app }]
`;
const namespace = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, labels: { istio-injection: enabled } }\n';
const run = (text: string) => lint([decodeSource(Buffer.from(text), 'k8s.yaml', undefined)], { config: EMPTY_CONFIG, rules: [...rulesById.values()] });

test('each workload is judged or waits on one fact; the facts that decide the most lead', () => {
  const r = run([namespace, deployment('web', 'shop'), deployment('a', 'pay'), deployment('b', 'pay'), deployment('c', 'ops'), deployment('loose')].join('---\n'));
  assert.equal(r.coverage, {
    workloads: 5,
    judged: 1,
    waiting: [
      { kind: 'namespace-labels', workloads: 3, facts: 2 },
      { kind: 'pod-namespace', workloads: 1, facts: 1 },
    ],
  });
  assert.is(coverageLine(r.coverage), 'judged 1 of 5 workloads; 4 wait on: labels of 2 namespaces (pass their Namespace files, or state them under namespaces: in .meshlint.yaml), their namespace (set metadata.namespace, defaultNamespace or --namespace)');
  // Releases whose charts were not rendered: their workloads are not seen, and the line says so.
  assert.match(coverageLine(withUnrenderedReleases(run([namespace, deployment('web', 'shop')].join('---\n')).coverage, 40)) ?? '', /^judged 1 of 1 workload; not seen: charts of 40 releases \(meshlint charts lists them\)$/);
  assert.is(coverageLine(withUnrenderedReleases(run('apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n').coverage, 2)), 'no workload judged; not seen: charts of 2 releases (meshlint charts lists them)');
  // Nothing met, nothing waiting: no line.
  assert.is(coverageLine(run('apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\n').coverage), undefined);
});

test('several lints (config groups, renders) add up; the kinds beyond two are counted', () => {
  const a = { workloads: 3, judged: 1, waiting: [{ kind: 'namespace-labels' as const, workloads: 2, facts: 1 }] };
  const b = { workloads: 4, judged: 0, waiting: [{ kind: 'namespace-labels' as const, workloads: 1, facts: 1 }, { kind: 'injection' as const, workloads: 2, facts: 1 }, { kind: 'ambient' as const, workloads: 1, facts: 1 }] };
  const merged = mergeCoverage([a, b]);
  assert.equal([merged.workloads, merged.judged], [7, 1]);
  assert.equal(merged.waiting.map((w) => `${w.kind} ${w.workloads}`), ['namespace-labels 3', 'injection 2', 'ambient 1']);
  assert.match(coverageLine(merged) ?? '', /^judged 1 of 7 workloads; 6 wait on: labels of 2 namespaces \(.*\), 1 value of the install \(.*\) and 1 more$/);
});

test('JSON metadata, SARIF run properties and the job summary carry it', () => {
  const r = run([namespace, deployment('web', 'shop'), deployment('loose')].join('---\n'));
  const json = JSON.parse(formatJsonWithMetadata(r.results, { cwd: '/repo', rules: [], notes: [], coverage: r.coverage })) as { metadata: { coverage: { workloads: number; judged: number; summary: string } } };
  assert.equal([json.metadata.coverage.workloads, json.metadata.coverage.judged], [2, 1]);
  assert.match(json.metadata.coverage.summary, /^judged 1 of 2 workloads; 1 wait on: their namespace/);
  const sarif = JSON.parse(formatSarif(r.results, { rules: [], docs: new Map(), levels: new Map(), coverage: r.coverage })) as { runs: { properties: { coverage: { judged: number } } }[] };
  assert.is(sarif.runs[0]?.properties.coverage.judged, 1);
  assert.match(formatSummary(r.results, { pathOf: (p) => p, openFindings: 10, files: 1, coverage: r.coverage }), /No problems found in 1 file\.\n\nJudged 1 of 2 workloads; 1 wait on: their namespace/);
});

test.run();
