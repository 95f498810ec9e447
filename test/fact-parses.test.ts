// The facts pass and the lint pass parse a document once: what the facts pass parsed is
// handed to the lint pass (parseFile's `parsed`), which gives the same documents.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { lint } from '../src/engine/linter.ts';
import { decodeSource } from '../src/load/read.ts';
import { parseFile } from '../src/parse/yaml.ts';
import type { ParsedDocument, SourceFile } from '../src/common/types.ts';
import { shopNamespace, webDeployment } from './helpers/cli.ts';

const plain = (docs: Iterable<ParsedDocument>): string => JSON.stringify([...docs].map(({ file, ...d }) => ({ file: file.displayPath, ...d })));

test('the lint pass takes the documents the facts pass parsed, renumbered, and parses only the others', () => {
  const text = [webDeployment(), shopNamespace(), webDeployment(false).replace('name: web', 'name: api'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio\n  namespace: istio-system\ndata:\n  mesh: "{}"\n'].join('---\n');
  const input = decodeSource(Buffer.from(text), 'all.yaml', undefined);
  assert.ok(input.ok);
  const handed: (ReadonlyMap<number, readonly ParsedDocument[]> | undefined)[] = [];
  let file: SourceFile | undefined;
  const report = lint([input], {
    config: EMPTY_CONFIG,
    rules: allRules,
    documentsOf: (f, parsed) => {
      file = f;
      handed.push(parsed);
      return parseFile(f, parsed);
    },
  });
  assert.ok(report.results.length > 0);
  const parsed = handed[0];
  assert.ok(parsed, 'the facts pass handed its documents over');
  // The Namespace and the mesh ConfigMap, not the Deployments.
  assert.equal([...parsed.values()].flat().map((d) => (d.value as { kind?: string }).kind), ['Namespace', 'ConfigMap']);
  const f = file as SourceFile;
  assert.is(plain(parseFile(f, parsed)), plain(parseFile(f)), 'the same documents as a parse of the whole');
  const shared = [...parseFile(f, parsed)][1];
  assert.is(shared?.value, [...parsed.values()][0]?.[0]?.value, 'the Namespace is not parsed again');
});

test.run();
