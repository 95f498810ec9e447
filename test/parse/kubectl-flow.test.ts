// Flow collections continued over lines, read by kubectl and by meshlint: every variant of the
// grammar in helpers/flow-variants.ts (contexts × shapes × indentations, tabs included) must be
// accepted by meshlint exactly when kubectl accepts it, with the same value, on both parse paths.
// kubectl reads them all in one run, offline (`kubectl label --local -f DIR`, as apply reads a
// file); where no kubectl is found the comparison is skipped with a notice, and the paths are
// still compared with each other. Every disagreement is listed, not only the first.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFile } from '../../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../../src/common/types.ts';
import { testBinary } from '../helpers/binaries.ts';
import { tempDir } from '../helpers/cli.ts';
import { flowVariants, type FlowVariant } from '../helpers/flow-variants.ts';
import { yamlPathOnly } from '../helpers/parse-paths.ts';

/**
 * Variants meshlint reads otherwise than kubectl, each with the reason it cannot be helped. A
 * variant listed here that agrees again fails the test, so the list never outlives its cause.
 */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map<string, string>([]);

/** What a reader makes of a file: its objects, or that it refuses the file. */
type Reading = { readonly objects: readonly unknown[] } | { readonly refused: string };

const variants = flowVariants();
const file = (v: FlowVariant): SourceFile => ({ displayPath: `${v.name}.yaml`, absPath: undefined, text: v.text });

function readingOf(docs: readonly ParsedDocument[]): Reading {
  const problem = docs.flatMap((d) => d.syntaxErrors)[0];
  if (problem) return { refused: problem.message };
  return { objects: docs.filter((d) => d.value !== null && d.value !== undefined).map((d) => d.value) };
}

/** JSON with keys sorted: values compare equal when they hold the same, whatever their key order. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sort(value));
}

const describe = (r: Reading): string => ('refused' in r ? `refuses it (${r.refused})` : `reads ${canonical(r.objects)}`);
const agree = (a: Reading, b: Reading): boolean => ('refused' in a ? 'refused' in b : !('refused' in b) && canonical(a.objects) === canonical(b.objects));

/** meshlint's readings of every variant, on each path: computed once, for both tests. */
const readings = variants.map((v) => ({ file: readingOf([...parseFile(file(v))]), yaml: readingOf(yamlPathOnly(file(v))) }));

test('the grammar is deterministic and bounded, and names each variant once', () => {
  assert.equal(flowVariants(), variants);
  assert.ok(variants.length > 500 && variants.length < 1500, `${variants.length} variants`);
  assert.is(new Set(variants.map((v) => v.label)).size, variants.length, 'labels are unique');
});

test('both parse paths read every variant the same way', () => {
  const differ = variants.flatMap((v, i) => {
    const r = readings[i] as (typeof readings)[number];
    return agree(r.file, r.yaml) ? [] : [`${v.label}: parseFile ${describe(r.file)}, the yaml path ${describe(r.yaml)}\n    ${JSON.stringify(v.text)}`];
  });
  assert.equal(differ, [], `the paths disagree on ${differ.length} variants:\n${differ.join('\n')}`);
});

const kubectl = testBinary('kubectl', { onPath: true });

/** kubectl's reading of each file of a directory, keyed by file name. */
function kubectlReads(dir: string): Promise<Map<string, Reading>> {
  return new Promise((done, fail) => {
    const child = spawn(kubectl as string, ['label', '--local', '-f', dir, 'meshlint=test', '-o', 'json'], { env: { PATH: process.env.PATH, KUBECONFIG: '/dev/null' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', () => {
      const got = new Map<string, Reading>();
      // One JSON object per document read, printed one after another (some more than once).
      const objects = out.trim() === '' ? [] : (JSON.parse(`[${out.replace(/\n\}\n\{/g, '\n},\n{')}]`) as { metadata: { name: string; labels: Record<string, string> } }[]);
      for (const o of objects) {
        delete o.metadata.labels.meshlint;
        if (Object.keys(o.metadata.labels).length === 0) delete (o.metadata as { labels?: unknown }).labels;
        got.set(`${o.metadata.name}.yaml`, { objects: [o] });
      }
      for (const line of err.split('\n')) {
        const m = /^error parsing (.+?): (.*)$/.exec(line);
        if (m) got.set(basename(m[1] as string), { refused: m[2] as string });
      }
      done(got);
    });
  });
}

if (kubectl) {
  test('kubectl and meshlint accept and refuse the same variants, and read the same values', async () => {
    const t = tempDir('meshlint-flow-');
    try {
      for (const v of variants) writeFileSync(join(t.dir, `${v.name}.yaml`), v.text);
      const theirs = await kubectlReads(t.dir);
      const unread = variants.filter((v) => !theirs.has(`${v.name}.yaml`)).map((v) => v.label);
      assert.equal(unread, [], 'kubectl gives an object or an error for every file');
      const disagreements: string[] = [];
      const stale: string[] = [];
      variants.forEach((v, i) => {
        const kube = theirs.get(`${v.name}.yaml`) as Reading;
        const ours = readings[i] as (typeof readings)[number];
        const known = KNOWN_DIFFERENCES.get(v.label);
        const same = agree(kube, ours.file) && agree(kube, ours.yaml);
        if (same && known !== undefined) stale.push(v.label);
        if (same || known !== undefined) return;
        const path = !agree(kube, ours.file) ? `parseFile ${describe(ours.file)}` : `the yaml path ${describe(ours.yaml)}`;
        disagreements.push(`${v.label}: kubectl ${describe(kube)}; ${path}\n    ${JSON.stringify(v.text)}`);
      });
      assert.equal(stale, [], 'known differences that are no longer differences: remove them from the list');
      assert.equal(disagreements, [], `${disagreements.length} of ${variants.length} variants read otherwise than kubectl reads them:\n${disagreements.join('\n')}`);
    } finally {
      t.cleanup();
    }
  });
}

test.run();
