// Progress on a long run (src/cli/progress.ts): nothing in the first second, at most five
// lines a second after it, the line cleared before the report; nothing at all without a terminal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Progress } from '../src/cli/progress.ts';
import { cli, withTemp } from './helpers/cli.ts';

test('quiet for a second, then one line rewritten in place at most every 200 ms, cleared at the end', () => {
  let now = 0;
  const written: string[] = [];
  const p = new Progress((s) => written.push(s), () => now);
  for (let i = 0; i < 100; i++) p.tick('read');
  assert.equal(written, [], 'a run shorter than a second says nothing');
  now = 1_000;
  p.tick('read');
  now = 1_100;
  p.tick('rendered');
  now = 1_250;
  p.tick('linted');
  assert.equal(written, ['\r\u001b[Kmeshlint: 101 files read…', '\r\u001b[Kmeshlint: 101 files read, 1 render of charts and overlays, 1 file linted…']);
  p.done();
  assert.is(written[written.length - 1], '\r\u001b[K', 'cleared before the report');
  p.done();
  assert.is(written.length, 3, 'cleared once');
});

test('no terminal, no progress: a run writes nothing of it whatever it takes', () => {
  const p = new Progress(undefined, () => 10_000);
  p.tick('read');
  p.done();
  withTemp((t) => {
    t.write('a.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\n');
    assert.not.match(cli(['.'], { cwd: t.dir }).stderr, /\r/);
  });
});

test.run();
