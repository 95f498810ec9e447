// The shared corpus of real-world manifests (../shared/corpus next to the repository, when it
// is there): linted in-process with every rule on, it must not throw, every position must lie
// inside its file, and every rule id must be one meshlint knows.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { EMPTY_CONFIG, type Config, type RuleSetting } from '../src/engine/config.ts';
import { lint } from '../src/engine/linter.ts';
import { discover } from '../src/load/discover.ts';
import { readSource } from '../src/load/read.ts';
import type { Range } from '../src/common/types.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = resolve(REPO_ROOT, '../shared/corpus');
const NAME = 'corpus: every rule on, no exception, positions inside their files, known rule ids';

if (!existsSync(CORPUS)) {
  console.log('corpus tests skipped: ../shared/corpus not found');
  test.skip(NAME, () => {});
} else {
  test(NAME, () => {
    const found = discover({ cwd: CORPUS, patterns: [], ignorePatterns: [], ignoreBase: CORPUS });
    assert.ok(found.files.length > 0, 'the corpus has files to lint');
    const inputs = found.files.map((f) => readSource(f, CORPUS));
    const texts = new Map(inputs.map((i) => (i.ok ? [i.file.displayPath, i.file.text] : [i.displayPath, ''])));

    const rules: Record<string, RuleSetting> = {};
    for (const r of allRules) rules[r.name] = { level: 'error', options: [] };
    const config: Config = { ...EMPTY_CONFIG, rules };
    const report = lint(inputs, { config, rules: allRules, reportUnusedDisableDirectives: true });

    assert.is(report.results.length, inputs.length, 'one result per input');
    assert.is(report.stats.files, inputs.length);
    const known = new Set(allRules.map((r) => r.name));
    const problems: string[] = [];
    const check = (where: string, filePath: string, r: Range): void => {
      const text = texts.get(filePath);
      if (text === undefined) {
        problems.push(`${where}: unknown file ${filePath}`);
        return;
      }
      const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
      const inside = (line: number, column: number): boolean =>
        Number.isInteger(line) && Number.isInteger(column) && line >= 1 && line <= lines.length && column >= 1 && column <= (lines[line - 1]?.length ?? 0) + 1;
      if (!inside(r.line, r.column)) problems.push(`${where}: start ${r.line}:${r.column} is outside ${filePath}`);
      if (!inside(r.endLine, r.endColumn)) problems.push(`${where}: end ${r.endLine}:${r.endColumn} is outside ${filePath}`);
      if (r.endLine < r.line || (r.endLine === r.line && r.endColumn < r.column)) problems.push(`${where}: end before start`);
    };
    let messages = 0;
    for (const result of report.results) {
      for (const m of result.messages) {
        messages++;
        const where = `${result.filePath}:${m.line}:${m.column} ${m.ruleId}`;
        if (!known.has(m.ruleId)) problems.push(`${where}: unknown rule id`);
        assert.ok(m.message.trim().length > 0, `${where}: empty message`);
        check(where, result.filePath, m);
        for (const rel of m.related ?? []) check(`${where} (related)`, rel.filePath, rel);
      }
    }
    assert.ok(messages > 0, 'the corpus holds known problems: a run without any finding means the linter saw nothing');
    assert.equal(problems.slice(0, 20), [], `${problems.length} problem(s)`);
  });
}

test.run();
