// The rule list by data plane: every rule says which data plane it concerns, `meshlint rules`
// shows it, and the README's Rules section lists every rule once, under its data plane, in the
// registry's order, with its default level.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { DATA_PLANES, type DataPlane } from '../src/engine/rule-api.ts';
import { runCli } from '../src/cli/cli.ts';

const HEADINGS: Readonly<Record<DataPlane, string>> = {
  both: '### Rules for both data planes',
  sidecar: '### Sidecar rules',
  ambient: '### Ambient rules',
};

const run = (args: string[]): string => {
  let out = '';
  runCli(args, { cwd: process.cwd(), stdout: (s) => (out += s), stderr: () => {}, readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });
  return out;
};

test('every rule states its data plane; ambient rules concern ambient', () => {
  for (const r of allRules) {
    const plane = (r.meta.docs as { dataPlane?: unknown }).dataPlane;
    assert.ok(DATA_PLANES.includes(plane as DataPlane), `${r.name}: docs.dataPlane is ${JSON.stringify(plane)}, not one of ${DATA_PLANES.join(', ')}`);
    if (r.meta.docs.category === 'ambient') assert.is(plane, 'ambient', `${r.name}: category ambient`);
  }
});

test("the README's Rules section lists every rule under its data plane, in the registry's order", () => {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('\n## Rules\n');
  assert.ok(start >= 0, 'README has a Rules section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const headings = DATA_PLANES.map((p) => section.indexOf(`\n${HEADINGS[p]}\n`));
  assert.ok(headings.every((h) => h >= 0), `README's Rules section needs the headings ${Object.values(HEADINGS).join(', ')}`);
  assert.equal([...headings].sort((a, b) => a - b), headings, `headings in the order ${DATA_PLANES.join(', ')}`);
  DATA_PLANES.forEach((plane, i) => {
    const part = section.slice(headings[i], headings[i + 1] ?? section.length);
    const rows = [...part.matchAll(/^\| \[([a-z0-9-]+)\]\(rules\/([a-z0-9-]+)\.md\) \| ([^|]+) \|/gm)];
    const expected = allRules.filter((r) => r.meta.docs.dataPlane === plane);
    assert.equal(rows.map((m) => m[1]), expected.map((r) => r.name), `${HEADINGS[plane]}: rows`);
    for (const m of rows) {
      const rule = expected.find((r) => r.name === m[1]);
      assert.is(m[2], m[1], `${m[1]}: link to its own page`);
      assert.is(m[3]?.split(',')[0]?.trim(), rule?.meta.docs.defaultLevel, `${m[1]}: level`);
    }
  });
});

test('meshlint rules shows the data plane: third column in text, dataPlane in json', () => {
  const rows = run(['rules']).trimEnd().split('\n').map((l) => l.split(/\s+/));
  assert.equal(rows.map((r) => r[2]), allRules.map((r) => r.meta.docs.dataPlane));
  const list = JSON.parse(run(['rules', '--format', 'json'])) as { id: string; dataPlane: string }[];
  assert.equal(list.map((r) => [r.id, r.dataPlane]), allRules.map((r) => [r.name, r.meta.docs.dataPlane]));
});

test('every rule page says what it does when the Istio version is unknown, as its meta says', () => {
  for (const r of allRules) {
    const page = readFileSync(`rules/${r.name}.md`, 'utf8');
    const line = /\n- Version unknown: ([^\n]*)\n/.exec(page)?.[1];
    assert.ok(line, `rules/${r.name}.md: a "- Version unknown:" line in its header`);
    const versionless = r.meta.docs.category === 'yaml' || r.meta.docs.category === 'diagnostic';
    assert.is(/reads no Istio version/.test(line), versionless, `rules/${r.name}.md: reads a version or not, as its category says`);
    assert.is(/older than 1\.18: not judged/.test(line), r.meta.docs.modelledVersionsOnly === true, `rules/${r.name}.md: older releases, as modelledVersionsOnly says`);
  }
});

test.run();
