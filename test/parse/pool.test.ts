// Parsing in worker threads gives exactly what parsing in the lint pass gives, file by file
// and across files split into several tasks; a worker that dies or never starts is not waited
// on forever; the CLI's --concurrency gives the same report as without threads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { globSync } from 'glob';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availableParallelism } from 'node:os';
import { documentEvents, recentEvents } from '../../src/parse/events.ts';
import { Locator } from '../../src/parse/locator.ts';
import { pacedCollection } from '../../src/parse/pacing.ts';
import { ParsePool } from '../../src/parse/pool.ts';
import { documentText, groupsOf, parseFile, parseGroup, type Slice } from '../../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';
import { rebase } from '../../src/parse/document-cache.ts';
import { lint } from '../../src/engine/linter.ts';
import { EMPTY_CONFIG } from '../../src/engine/config.ts';
import { factGroupsOf } from '../../src/engine/facts-pass.ts';
import { allRules } from '../../rules/index.ts';
import { cli, tempDir, withTemp } from '../helpers/cli.ts';
import { REPO_ROOT, sharedExtra } from '../helpers/shared.ts';

const WORKER = new URL('../helpers/parse-worker.mjs', import.meta.url);
const plain = (docs: Iterable<ParsedDocument>): string =>
  JSON.stringify([...docs].map(({ file, ...d }) => ({ file: file.displayPath, ...d })), (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

function sourceFiles(): SourceFile[] {
  const paths = globSync('examples/**/*.{yaml,yml,json}', { cwd: REPO_ROOT, absolute: true }).sort();
  const corpus = sharedExtra('corpus');
  if (corpus) paths.push(...globSync('**/*.{yaml,yml,json}', { cwd: corpus, absolute: true }).sort().filter((_, i) => i % 40 === 0));
  return paths.map((p) => ({ displayPath: p, absPath: p, text: readFileSync(p, 'utf8').replace(/^\ufeff/, '') }));
}

/** A stream of many documents, large enough to be split over several tasks, with odd ones inside. */
function bigStream(): SourceFile {
  const parts: string[] = [];
  for (let i = 0; i < 1500; i++) {
    parts.push(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n  labels: {a: "${i}", a: dup}\ndata:\n  k: ${i % 7 === 0 ? '.inf' : `"v${i}"`}\n  script: |\n    echo ${'x'.repeat(200)}\n`);
    if (i % 500 === 0) parts.push('broken: [1, 2\n');
  }
  return { displayPath: 'big.yaml', absPath: undefined, text: parts.join('---\n') };
}

test('documents from the workers are those of parseFile, in order, with file offsets', () => {
  const files = [...sourceFiles(), bigStream()];
  const pool = ParsePool.forInputs(files, 2, WORKER);
  assert.ok(pool, 'two threads asked for: a pool');
  try {
    for (const f of files) assert.is(plain(pool.documentsOf(f)), plain(parseFile(f)), f.displayPath);
    // A file the pool was not given is parsed on the spot.
    const other: SourceFile = { displayPath: 'other.yaml', absPath: undefined, text: 'a: 1\n' };
    assert.is(plain(pool.documentsOf(other)), plain(parseFile(other)));
  } finally {
    pool.close();
  }
});

test('groups sent first (the facts pass\'s) come from the pool as parseGroup gives them, and each file still comes whole, in order', () => {
  const files = [...sourceFiles().slice(0, 30), bigStream()];
  // Every third group of each file, as the facts pass would pick a few.
  const pool = ParsePool.forInputs(files, 2, WORKER, () => (g) => g.firstIndex % 3 === 0);
  assert.ok(pool);
  try {
    // Asked for in reverse order: the facts pass's order need not be the pool's.
    for (const f of [...files].reverse()) {
      for (const g of groupsOf(f.text)) {
        const docs = pool.groupDocsOf(f, g);
        if (g.firstIndex % 3 !== 0) assert.is(docs, undefined, 'a group not sent first is the caller\'s to parse');
        else assert.is(plain(docs ?? []), plain(parseGroup(f, g)), `${f.displayPath} @${g.start}`);
      }
    }
    for (const f of files) assert.is(plain(pool.documentsOf(f)), plain(parseFile(f)), f.displayPath);
    // Once its file is taken, a group is no longer held.
    const [g] = groupsOf((files[0] as SourceFile).text);
    assert.is(pool.groupDocsOf(files[0] as SourceFile, g as Slice), undefined);
  } finally {
    pool.close();
  }
});

test('files taken out of order, or not at all, do not stall the pool', () => {
  const files = [bigStream(), ...sourceFiles().slice(0, 30)];
  const pool = ParsePool.forInputs(files, 2, WORKER);
  assert.ok(pool);
  try {
    for (const f of [...files].reverse().filter((_, i) => i % 2 === 0)) assert.is(plain(pool.documentsOf(f)), plain(parseFile(f)), f.displayPath);
  } finally {
    pool.close();
  }
});

test('a worker leaves once every task is sent and answered, not before; its answers are still taken', async () => {
  // An exit is heard while this thread is idle: wait for it, a step at a time, for at most 600 steps.
  const settle = async (pool: ParsePool, live: number): Promise<number> => {
    for (let step = 0; step < 600 && pool.liveWorkers() !== live; step++) await new Promise((resolve) => setTimeout(resolve, 50));
    return pool.liveWorkers();
  };
  // Small files: every task is sent at once, so the worker parses them all and leaves before any is taken.
  const files = [bigStream(), ...sourceFiles().slice(0, 10)];
  const pool = ParsePool.forInputs(files, 2, WORKER);
  assert.ok(pool);
  try {
    assert.is(await settle(pool, 0), 0, 'every task answered: the worker has left');
    for (const f of files) assert.is(plain(pool.documentsOf(f)), plain(parseFile(f)), f.displayPath);
  } finally {
    pool.close();
  }
  // A file over 4 MB: only 2 MB of it is sent ahead, so the worker stays until the lint pass takes enough for the rest to be sent.
  const large: SourceFile = { displayPath: 'large.yaml', absPath: undefined, text: Array.from({ length: 12 }, () => bigStream().text).join('---\n') };
  const held = ParsePool.forInputs([large], 2, WORKER);
  assert.ok(held);
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.is(held.liveWorkers(), 1, 'tasks still to send: the worker stays');
    assert.is(plain(held.documentsOf(large)), plain(parseFile(large)));
    assert.is(await settle(held, 0), 0, 'every task sent and answered: the worker has left');
  } finally {
    held.close();
  }
});

test('a worker that cannot start is not waited on: this thread parses its tasks', async () => {
  const t = tempDir();
  const broken = t.write('broken-worker.mjs', 'throw new Error("no worker here");\n');
  const files = [bigStream()];
  const pool = ParsePool.forInputs(files, 2, pathToFileURL(broken));
  assert.ok(pool);
  try {
    // Its failure is heard while this thread is idle (a waiting thread sees only the status slot).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Its lane is gone, so abandoned() hands its tasks to this thread at once, without the start or stall limits.
    assert.is(pool.liveWorkers(), 0);
    assert.is(plain(pool.documentsOf(files[0] as SourceFile)), plain(parseFile(files[0] as SourceFile)));
  } finally {
    pool.close();
    t.cleanup();
  }
});

test('auto uses threads only for large inputs; off and 1 never do', () => {
  const small = [{ displayPath: 'a.yaml', absPath: undefined, text: 'a: 1\n' }];
  assert.is(ParsePool.forInputs(small, 'auto', WORKER), undefined);
  assert.is(ParsePool.forInputs([bigStream()], 1, WORKER), undefined);
});

test('auto shares one large file alone over the cores, as it shares many smaller ones; its reports are placed from the workers\' events', () => {
  const doc = `${Array.from({ length: 500 }, (_, i) => `key${i}: value ${i}`).join('\n')}\n---\n`;
  const sized = (bytes: number, name: string): SourceFile => ({ displayPath: name, absPath: undefined, text: doc.repeat(Math.ceil(bytes / doc.length)) });
  const alone = sized(4_500_000, 'big.yaml');
  const one = ParsePool.forInputs([alone], 'auto', WORKER);
  try {
    assert.is(one !== undefined, availableParallelism() > 1, `${availableParallelism()} cores, one large file`);
    if (one) {
      let placed = 0;
      const quick = new Locator();
      const tree = new Locator({ fast: false });
      for (const d of one.documentsOf(alone)) {
        if (d.index % 50 !== 0) continue;
        // The events kept for the document taken last are those of its text, whichever thread parsed it.
        const text = documentText(alone, d.startOffset, d.endOffset);
        const kept = text === undefined ? undefined : recentEvents(alone, d.startOffset, text);
        if (kept && text !== undefined) {
          assert.equal(kept, documentEvents(text), `document ${d.index}`);
          placed++;
        }
        assert.equal(quick.offsets(d, ['key7']), tree.offsets(d, ['key7']));
      }
      assert.ok(placed > 10, `${placed} documents kept their events`);
    }
  } finally {
    one?.close();
  }
  // Many smaller files still share the cores, where there are several.
  const many = Array.from({ length: 6 }, (_, i) => sized(1_000_000, `f${i}.yaml`));
  const pool = ParsePool.forInputs(many, 'auto', WORKER);
  try {
    assert.is(pool !== undefined, availableParallelism() > 1, `${availableParallelism()} cores`);
  } finally {
    pool?.close();
  }
  // One large file among them: the workers the others start share it too, so none idles while
  // this thread parses it.
  const large = sized(8_000_000, 'large.yaml');
  const mixed = ParsePool.forInputs([...many.slice(0, 3), large, ...many.slice(3)], 'auto', WORKER);
  try {
    assert.is(mixed !== undefined, availableParallelism() > 1, `${availableParallelism()} cores, one large file`);
    if (mixed) {
      for (const f of [large, ...many]) assert.ok(mixed.shares(f), f.displayPath);
      for (const f of [large, ...many]) assert.is(plain(mixed.documentsOf(f)), plain(parseFile(f)), f.displayPath);
    }
  } finally {
    mixed?.close();
  }
  // From 2 MB of text on, the lint pass is paced; a small run is left as it is.
  const inner = (f: SourceFile): Iterable<ParsedDocument> => parseFile(f);
  assert.is(pacedCollection([sized(1_000, 'small.yaml')], inner), inner);
  const paced = pacedCollection([sized(1_500_000, 'a.yaml'), sized(1_500_000, 'b.yaml')], inner);
  assert.ok(paced && paced !== inner, 'paced');
  const f = sized(1_500_000, 'a.yaml');
  assert.is(plain(paced(f)), plain(parseFile(f)), 'the same documents');
});

test('each document parses the same from its own text alone (what a worker has) as from the whole file: no offset reaches into the next document', () => {
  let groups = 0;
  for (const f of [...sourceFiles(), bigStream()]) {
    for (const g of groupsOf(f.text)) {
      groups++;
      const alone: SourceFile = { displayPath: f.displayPath, absPath: f.absPath, text: f.text.slice(g.start, g.end) };
      const own = parseGroup(alone, { ...g, start: 0, end: g.end - g.start }).map((d) => rebase({ ...d, file: f }, f, d.index, g.start));
      assert.is(plain(own), plain(parseGroup(f, g)), `${f.displayPath} @${g.start}`);
    }
  }
  assert.ok(groups > 1500, `${groups} documents`);
});

test('the same report whoever parses each piece: one thread, workers (2 and 4 threads), or this thread for every task', async () => {
  // The same objects for the pool and the lint: the pool knows its files by identity.
  const files = [...sourceFiles().slice(0, 60), bigStream()].map((f) => ({ ...f, bom: false }));
  const inputs = files.map((file) => ({ ok: true as const, file }));
  const broken = tempDir().write('broken-worker.mjs', 'throw new Error("no worker here");\n');
  const report = (pool: ParsePool | undefined): string => {
    try {
      const r = lint(inputs, { config: EMPTY_CONFIG, rules: allRules, ...(pool ? { documentsOf: pool.documentsOf, groupDocsOf: pool.groupDocsOf } : {}) });
      return JSON.stringify(r.results);
    } finally {
      pool?.close();
    }
  };
  const first = (file: SourceFile): ((g: Slice) => boolean) => factGroupsOf(file, EMPTY_CONFIG);
  const alone = report(undefined);
  // On a difference, where it is (a whole report would bury it).
  const same = (got: string, what: string): void => {
    if (got === alone) return;
    let i = 0;
    while (got[i] === alone[i]) i++;
    assert.unreachable(`${what}: the report differs at ${i}: …${got.slice(Math.max(0, i - 300), i + 100)}… instead of …${alone.slice(Math.max(0, i - 300), i + 100)}…`);
  };
  same(report(ParsePool.forInputs(files, 2, WORKER, first)), 'two threads');
  same(report(ParsePool.forInputs(files, 4, WORKER, first)), 'four threads');
  // Workers that never start: this thread claims every task, in the order it needs them.
  const none = ParsePool.forInputs(files, 2, pathToFileURL(broken), first);
  await new Promise((resolve) => setTimeout(resolve, 500));
  same(report(none), 'this thread for every task');
});

test('--concurrency: the same report with and without threads; a bad value is one line and exit 2', () => {
  const built = join(REPO_ROOT, 'bin', 'meshlint.js');
  withTemp((t) => {
    const big = bigStream();
    const dir = t.path('inputs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'big.yaml'), big.text);
    for (const f of sourceFiles().slice(0, 40)) writeFileSync(join(dir, `${f.displayPath.replace(/[^a-z0-9]+/gi, '_')}.yaml`), f.text);
    const run = (c: string): string => {
      const r = spawnSync(process.execPath, [built, dir, '-f', 'json', '--concurrency', c], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
      return r.stdout;
    };
    const off = run('off');
    assert.ok(JSON.parse(off).length > 0);
    assert.is(run('2'), off);
  });
  withTemp((t) => {
    t.write('x/a.yaml', 'a: 1\n');
    const r = cli(['--concurrency', 'many', 'x'], { cwd: t.dir });
    assert.is(r.code, 2);
    assert.is(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, '--concurrency');
  });
});

test.run();
