// examples/ is the project's shop window: every rule has a bad and a good example, the bad
// one shows that rule, the good one is clean, and the README lists exactly what is reported.
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allRules } from '../rules/index.ts';
import { runCli } from '../src/cli/cli.ts';

const run = (args: string[]): { code: number; out: string } => {
  let out = '';
  const code = runCli(args, { cwd: process.cwd(), stdout: (s) => (out += s), stderr: () => {}, readStdin: () => Buffer.alloc(0), isTTY: false, env: {} });
  return { code, out };
};

const findings = (extra: string[] = [], paths = ['examples/']): string[] => {
  const { out } = run(['--config', 'examples/.meshlint.yaml', '-f', 'json', ...extra, ...paths]);
  const results = JSON.parse(out) as { filePath: string; messages: { line: number; column: number; ruleId: string }[] }[];
  return results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.line}:${m.column} ${m.ruleId}`));
};

test('every rule has a bad and a good example', () => {
  const folders = readdirSync('examples', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const rule of allRules) {
    assert.ok(folders.includes(rule.name), `examples/${rule.name}/ is missing`);
    const files = readdirSync(`examples/${rule.name}`);
    assert.ok(files.includes('bad.yaml') && files.includes('good.yaml'), `examples/${rule.name} needs bad.yaml and good.yaml`);
  }
});

test('bad examples show their rule, good examples are clean', () => {
  const all = findings();
  for (const rule of allRules) {
    // A rule that is off by default and left off in the sample config: enable it for its folder.
    const offHere = rule.meta.docs.defaultLevel === 'off' && !all.some((f) => f.endsWith(` ${rule.name}`));
    const shown = offHere ? findings(['--rule', `${rule.name}=warn`], [`examples/${rule.name}/`]) : all;
    assert.ok(shown.some((f) => f.startsWith(`examples/${rule.name}/bad.yaml `) && f.endsWith(` ${rule.name}`)), `${rule.name}: bad.yaml not reported`);
    assert.not.ok(shown.some((f) => f.startsWith(`examples/${rule.name}/good.yaml `)), `${rule.name}: good.yaml has findings`);
    if (offHere) assert.not.ok(all.some((f) => f.startsWith(`examples/${rule.name}/`)), `${rule.name}: its examples trip other rules`);
  }
});

test('examples/README.md lists exactly what meshlint reports', () => {
  const readme = readFileSync('examples/README.md', 'utf8');
  const block = /```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  assert.equal(findings(), block.trim().split('\n'));
});

test('every headline says what is wrong and what to do in about 200 characters: the reasoning is on the rule page', () => {
  const { out } = run(['--config', 'examples/.meshlint.yaml', '-f', 'json', 'examples/']);
  const messages = (JSON.parse(out) as { messages: { ruleId: string; message: string }[] }[]).flatMap((r) => r.messages);
  const long = messages.filter((m) => m.message.length > 205).map((m) => `${m.ruleId} (${m.message.length}): ${m.message}`);
  assert.equal(long, []);
  const lengths = messages.map((m) => m.message.length).sort((a, b) => a - b);
  assert.ok((lengths[lengths.length >> 1] ?? 0) <= 180, `median ${lengths[lengths.length >> 1]}`);
});

test('npm start exits 1 from meshlint itself: the bad examples have errors', () => {
  assert.is(run(['--config', 'examples/.meshlint.yaml', 'examples/']).code, 1);
});

test.run();
