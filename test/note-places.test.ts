// Where an editor marks a note: the first workload the note is about in each file, located
// once per note however many workloads it covers (locating reads a document's positions).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { lint } from '../src/engine/linter.ts';
import { decodeSource } from '../src/load/read.ts';
import { shopNamespace, webDeployment } from './helpers/cli.ts';

const deployments = (names: readonly string[]): string => names.map((n) => webDeployment(false).replace('name: web', `name: ${n}`)).join('---\n');

test('notePlaces: one place per note and file, at the first workload of the note there', () => {
  const input = (path: string, text: string) => decodeSource(Buffer.from(text), path, undefined);
  const apps = deployments(['a', 'b', 'c']);
  const report = lint([input('apps/all.yaml', apps), input('apps/more.yaml', deployments(['d', 'e']))], {
    config: EMPTY_CONFIG,
    rules: allRules,
    context: [input('platform/ns.yaml', shopNamespace())],
    notePlaces: true,
  });
  const note = report.notes.find((n) => n.id === 'unknown:mesh-startup');
  assert.ok(note, JSON.stringify(report.notes.map((n) => n.id)));
  assert.match(note.message, /^5 injected workloads/);
  assert.equal(note.places, [
    { filePath: 'apps/all.yaml', line: 1, column: 1 },
    { filePath: 'apps/more.yaml', line: 1, column: 1 },
  ]);
  // Without notePlaces, none.
  const plain = lint([input('apps/all.yaml', apps)], { config: EMPTY_CONFIG, rules: allRules, context: [input('platform/ns.yaml', shopNamespace())] });
  assert.is(plain.notes.find((n) => n.id === 'unknown:mesh-startup')?.places, undefined);
});

test.run();
