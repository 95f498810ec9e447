// The CI report formats (src/format/ci-reports.ts) as their consumers read them: JUnit and
// Checkstyle XML through a strict XML 1.0 parser (what Jenkins' and GitLab's parsers demand),
// Code Quality JSON against GitLab's documented fields, with SARIF's fingerprints.
import { SaxesParser } from 'saxes';
import { Ajv } from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, parseJsonReport, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';

interface Element {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: Element[];
  text: string;
}

/** A strict XML 1.0 parse (well-formedness and the characters XML allows), as a tree; throws on any error. */
function parseXml(text: string): Element {
  const parser = new SaxesParser();
  const root: Element = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: Element[] = [root];
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (t) => {
    const el: Element = { name: t.name, attributes: Object.fromEntries(Object.entries(t.attributes).map(([k, v]) => [k, String(v)])), children: [], text: '' };
    (stack[stack.length - 1] as Element).children.push(el);
    stack.push(el);
  });
  parser.on('text', (s) => {
    (stack[stack.length - 1] as Element).text += s;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(text).close();
  assert.is(root.children.length, 1, 'one root element');
  return root.children[0] as Element;
}

const run = (format: string): { stdout: string; json: ReturnType<typeof parseJsonReport> } => {
  const args = ['--config', 'examples/.meshlint.yaml', 'examples/'];
  return { stdout: cli(['-f', format, ...args], { cwd: REPO_ROOT }).stdout, json: parseJsonReport(cli(['-f', 'json', ...args], { cwd: REPO_ROOT })) };
};

test('-f junit: strict XML, a test suite per file, a failing test case per finding, a passing one for a clean file', () => {
  const { stdout, json } = run('junit');
  const suites = parseXml(stdout);
  assert.is(suites.name, 'testsuites');
  assert.is(suites.children.length, json.length);
  for (const [i, suite] of suites.children.entries()) {
    const r = json[i] as (typeof json)[number];
    assert.is(suite.attributes.name, r.filePath);
    const failures = suite.children.filter((c) => c.children.some((f) => f.name === 'failure'));
    assert.is(failures.length, r.messages.length, r.filePath);
    assert.is(Number(suite.attributes.errors), r.messages.length);
    if (r.messages.length === 0) assert.is(suite.children.length, 1, 'a clean file is one passing test case');
    for (const [j, m] of r.messages.entries()) {
      assert.is(failures[j]?.attributes.name, `meshlint.${m.ruleId}`);
      assert.match(failures[j]?.children[0]?.text ?? '', `line ${m.line}, col ${m.column}`);
    }
  }
});

test('-f checkstyle: strict XML, a file element per file, an error per finding with line, column, severity and source', () => {
  const { stdout, json } = run('checkstyle');
  const root = parseXml(stdout);
  assert.is(root.name, 'checkstyle');
  assert.equal(root.children.map((f) => f.attributes.name), json.map((r) => r.filePath));
  for (const [i, file] of root.children.entries()) {
    const r = json[i] as (typeof json)[number];
    assert.equal(
      file.children.map((e) => [e.attributes.line, e.attributes.column, e.attributes.severity, e.attributes.source]),
      r.messages.map((m) => [String(m.line), String(m.column), m.severity === 2 ? 'error' : 'warning', `meshlint.rules.${m.ruleId}`]),
    );
  }
});

/** GitLab's Code Quality report: the fields its merge request widget requires (docs: ci/testing/code_quality, "Code Quality report format"). */
const GITLAB_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: { path: { type: 'string', pattern: '^[^/]' }, lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } } },
      },
    },
  },
};

test("-f gitlab: GitLab's required fields, a path from the repository root, and SARIF's fingerprint for each finding", () => {
  const { stdout, json } = run('gitlab');
  const issues = JSON.parse(stdout) as { check_name: string; fingerprint: string; severity: string; location: { path: string; lines: { begin: number } } }[];
  const validate = new Ajv({ allErrors: true }).compile(GITLAB_SCHEMA);
  assert.ok(validate(issues), JSON.stringify(validate.errors));
  const findings = json.flatMap((r) => r.messages.map((m) => ({ path: r.filePath, m })));
  assert.is(issues.length, findings.length);
  assert.equal(issues.map((x) => [x.location.path, x.location.lines.begin, x.check_name, x.severity]), findings.map(({ path, m }) => [path, m.line, m.ruleId, m.severity === 2 ? 'major' : 'minor']));
  assert.is(new Set(issues.map((x) => x.fingerprint)).size, issues.length, 'each issue its own fingerprint');
  const sarif = JSON.parse(cli(['-f', 'sarif', '--config', 'examples/.meshlint.yaml', 'examples/'], { cwd: REPO_ROOT }).stdout) as { runs: { results: { partialFingerprints: { primaryLocationLineHash: string } }[] }[] };
  assert.equal(issues.map((x) => x.fingerprint), sarif.runs[0]?.results.map((r) => r.partialFingerprints.primaryLocationLineHash));
});

test('text from a manifest stays text in every CI format: markup, CDATA ends, control and bidi characters', () => {
  withTemp((t) => {
    const name = 'x]]><b>&amp;\u0007\u202e';
    t.write('bad.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "${name.replace('\u0007', '\\a').replace('\u202e', '\\u202e')}"\n  labels:\n    "k<&>'\\"": yes\n`);
    for (const format of ['junit', 'checkstyle']) {
      const r = cli(['-f', format, '.'], { cwd: t.dir });
      assert.is(r.code, 1, r.stderr);
      const root = parseXml(r.stdout);
      assert.ok(root.children.length > 0, format);
      assert.not.ok(r.stdout.includes('\u202e') || r.stdout.includes('\u0007'), format);
    }
    const gitlab = cli(['-f', 'gitlab', '.'], { cwd: t.dir });
    assert.ok((JSON.parse(gitlab.stdout) as unknown[]).length > 0);
    assert.not.ok(gitlab.stdout.includes('\u202e'));
  });
});

test.run();
