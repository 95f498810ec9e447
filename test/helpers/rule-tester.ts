// An ESLint RuleTester for meshlint rules: `valid` and `invalid` YAML cases, with the
// expected rule id, message id, position and fix output. Each case is linted through
// the real engine, with only the rule under test enabled.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_CONFIG, validateConfig, type Config } from '../../src/engine/config.ts';
import { lint } from '../../src/engine/linter.ts';
import type { MeshlintRule } from '../../src/engine/rule-api.ts';
import { decodeSource, type ReadOutcome } from '../../src/load/read.ts';
import { rulesById } from '../../rules/index.ts';
import type { LintMessage } from '../../src/common/types.ts';

export interface CaseFile {
  readonly filename: string;
  readonly code: string;
}

export interface ValidCase {
  readonly name?: string;
  readonly code: string;
  /** More files linted in the same run (a Namespace elsewhere, for instance). */
  readonly files?: readonly CaseFile[];
  readonly options?: readonly unknown[];
  /** Extra config (the `.meshlint.yaml` content as data), rules excepted. */
  readonly config?: Record<string, unknown>;
  readonly istioVersion?: string;
  /** The ids of the run's notes (e.g. "unknown:mesh-startup"), when checked. */
  readonly notes?: readonly string[];
}

export interface ExpectedError {
  readonly messageId?: string;
  /** A substring the message must contain. */
  readonly message?: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly severity?: 1 | 2;
}

export interface InvalidCase extends ValidCase {
  readonly errors: readonly ExpectedError[];
  /** The text after --fix; null: no fix is offered. Omitted: not checked. */
  readonly output?: string | null;
  /** The text after accepting the first finding's first suggestion (edits --fix never applies). */
  readonly suggestionOutput?: string;
}

export const yaml = (strings: TemplateStringsArray, ...values: unknown[]): string => {
  const raw = String.raw({ raw: strings }, ...values);
  const lines = raw.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
};

function configFor(rule: MeshlintRule, c: ValidCase): Config {
  const base = c.config ? validateConfig(c.config, 'test-config', rulesById) : EMPTY_CONFIG;
  const rules: Record<string, { level: 'off' | 'warn' | 'error'; options: readonly unknown[] }> = {};
  // parse-error stays on (its findings are filtered out below): turned off, it adds a note to every run.
  for (const id of rulesById.keys()) rules[id] = { level: id === 'parse-error' ? 'error' : 'off', options: [] };
  rules[rule.name] = { level: 'error', options: c.options ?? [] };
  return { ...base, rules };
}

export function runCase(rule: MeshlintRule, c: ValidCase, fix = false): { messages: LintMessage[]; output: string | undefined; notes: string[] } {
  const inputs: ReadOutcome[] = [
    decodeSource(Buffer.from(c.code), 'test.yaml', undefined),
    ...(c.files ?? []).map((f) => decodeSource(Buffer.from(f.code), f.filename, undefined)),
  ];
  const report = lint(inputs, { config: configFor(rule, c), rules: [...rulesById.values()], fix, cliIstioVersion: c.istioVersion });
  const main = report.results[0];
  const messages = report.results.flatMap((r) => r.messages).filter((m) => m.ruleId === rule.name);
  return { messages, output: main?.output, notes: report.notes.map((n) => n.id) };
}

export function ruleTester(rule: MeshlintRule, cases: { valid: readonly (string | ValidCase)[]; invalid: readonly InvalidCase[] }): void {
  cases.valid.forEach((v, i) => {
    const c = typeof v === 'string' ? { code: v } : v;
    test(`${rule.name} valid #${i}${c.name ? ` (${c.name})` : ''}`, () => {
      const { messages, notes } = runCase(rule, c);
      assert.equal(messages.map((m) => `${m.line}:${m.column} ${m.message}`), [], 'expected no findings');
      if (c.notes !== undefined) assert.equal(notes, c.notes, 'notes');
    });
  });
  cases.invalid.forEach((c, i) => {
    test(`${rule.name} invalid #${i}${c.name ? ` (${c.name})` : ''}`, () => {
      const { messages, notes } = runCase(rule, c);
      if (c.notes !== undefined) assert.equal(notes, c.notes, 'notes');
      assert.is(messages.length, c.errors.length, `expected ${c.errors.length} finding(s), got:\n${messages.map((m) => `  ${m.line}:${m.column} ${m.message}`).join('\n')}`);
      c.errors.forEach((e, j) => {
        const m = messages[j];
        if (!m) return;
        if (e.messageId !== undefined) assert.is(m.messageId, e.messageId, `finding ${j}: messageId`);
        if (e.message !== undefined) assert.ok(m.message.includes(e.message), `finding ${j}: message "${m.message}" should contain "${e.message}"`);
        if (e.line !== undefined) assert.is(m.line, e.line, `finding ${j}: line`);
        if (e.column !== undefined) assert.is(m.column, e.column, `finding ${j}: column`);
        if (e.endLine !== undefined) assert.is(m.endLine, e.endLine, `finding ${j}: endLine`);
        if (e.endColumn !== undefined) assert.is(m.endColumn, e.endColumn, `finding ${j}: endColumn`);
        if (e.severity !== undefined) assert.is(m.severity, e.severity, `finding ${j}: severity`);
      });
      if (c.suggestionOutput !== undefined) {
        const s = messages[0]?.suggestions?.[0];
        assert.ok(s, 'expected a suggestion on the first finding');
        if (s) assert.fixture(c.code.slice(0, s.fix.range[0]) + s.fix.text + c.code.slice(s.fix.range[1]), c.suggestionOutput, 'text after the suggestion');
      }
      if (c.output !== undefined) {
        const fixed = runCase(rule, c, true).output;
        if (c.output === null) assert.is(fixed, undefined, 'expected no fix');
        else assert.fixture(fixed ?? c.code, c.output, 'fix output');
      }
    });
  });
}
