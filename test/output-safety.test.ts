// No manifest may rewrite the user's terminal, or make a report say something it does not.
// Names, namespaces, label keys and values, annotation values, file names and Helm's
// `# Source:` headers carry terminal escapes (ESC [2J, an OSC 8 link), CR, BEL, backspace,
// C1 controls and bidi overrides; every human format must show them as visible escapes,
// the machine formats must carry them exactly (JSON, SARIF) or escaped by their own rules
// (GitHub workflow commands), and SARIF's URIs must stay relative and percent-encoded.
import { mkdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import type { Log } from 'sarif';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import plugin from '../src/eslint/plugin.ts';
import { formatGithub } from '../src/format/github.ts';
import { escapeMarkdown } from '../src/format/summary.ts';
import { jsonText, safeLines, safeText } from '../src/common/text.ts';
import type { LintResult } from '../src/common/types.ts';
import { cli, parseJsonReport, shopNamespace, tempDir, withTemp, type CliRun, type TempDir } from './helpers/cli.ts';
import { sarifValidator } from './helpers/sarif.ts';

const ESC = '\u001b';
const BEL = '\u0007';
/** Clears the screen, an OSC 8 hyperlink, CR, BEL, backspace, DEL, C1 (NEL, CSI), bidi override, isolate and mark. */
const NASTY = `${ESC}[2J${ESC}]8;;https://evil.example/${BEL}click${ESC}]8;;${BEL}\r${BEL}\b\u007f\u0085\u009b2J\u202e\u2066\u2069\u200f`;
/** The same, fit for a comment line (no CR: it would end the line). */
const NASTY_LINE = NASTY.replace('\r', '');
/** The same, fit for a file name (no "/" either). */
const NASTY_FILE = NASTY_LINE.replace(/\//g, '');

/** What must never reach a terminal raw: every control but tab and LF, DEL, C1, separators, bidi. */
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The colours meshlint writes itself (stylish, explain, through styleText: each closed by 22, 24 or 39); anything else starting with ESC is not ours. */
const OWN_SGR = /\u001b\[(?:0|1|2|4|22|24|31|32|33|39|31;1|33;1)m/g;

/** The forbidden characters in `s`, each with a little context, to make a failure readable. */
function rawControls(s: string, colours = false): string[] {
  const text = colours ? s.replace(OWN_SGR, '') : s;
  return [...text.matchAll(FORBIDDEN)].map((m) => `U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 10))}`);
}

function assertInert(run: CliRun, what: string, colours = false): void {
  assert.equal(rawControls(run.stdout, colours), [], `${what}: raw control characters on stdout`);
  assert.equal(rawControls(run.stderr, colours), [], `${what}: raw control characters on stderr`);
}

/** A YAML double-quoted scalar: every character outside printable ASCII as a \u escape. */
const yq = (s: string): string =>
  `"${[...s].map((c) => (c >= ' ' && c <= '~' && c !== '"' && c !== '\\' ? c : `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)).join('')}"`;

const FILE = process.platform === 'win32' ? 'apps/web.yaml' : `apps/web${NASTY_FILE} %#?.yaml`;
const NAME = `web${NASTY}`;
const API = `api${NASTY}`;
const EVIL_NS = `evil${NASTY}`;
/**
 * A comment holds raw text, and go-yaml refuses a document with a C0 or C1 control anywhere in
 * it (so does meshlint, as kubectl does): a `# Source:` header can carry only the characters it
 * allows, bidi overrides, isolates and marks among them.
 */
const SOURCE = `shop/templates/web${NASTY_LINE.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')}.yaml`;

/**
 * Namespace shop (injection on); a file with a Helm source header and two Deployments in it:
 * web (hostNetwork, labels and annotations carrying the escapes, a duplicate label key, an
 * unquoted boolean) and api (an invalid inject label and invalid traffic and proxy annotations);
 * and a namespace defined twice with different labels, which makes a note on stderr.
 */
function fixture(t: TempDir): void {
  // The version is stated: the invalid inject label's message names it.
  t.write('.meshlint.yaml', 'istio:\n  version: "1.31"\n');
  t.write('platform/shop.yaml', shopNamespace());
  t.write(`platform/evil-a${process.platform === 'win32' ? '' : NASTY_FILE}.yaml`, `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${yq(EVIL_NS)}\n  labels: { istio-injection: enabled }\n`);
  t.write('platform/evil-b.yaml', `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${yq(EVIL_NS)}\n  labels: { istio-injection: disabled }\n`);
  t.write(
    FILE,
    [
      `# Source: ${SOURCE}`,
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      `  name: ${yq(NAME)}`,
      '  namespace: shop',
      '  labels:',
      `    ${yq(`team${NASTY}`)}: ${yq(`blue${NASTY}`)}`,
      `    ${yq(`dup${NASTY}`)}: one`,
      `    ${yq(`dup${NASTY}`)}: two`,
      '    feature-enabled: true',
      '  annotations:',
      `    ${yq(`note${NASTY}`)}: ${yq(`value${NASTY}`)}`,
      'spec:',
      '  selector: { matchLabels: { app: web } }',
      '  template:',
      '    metadata:',
      '      labels: { app: web }',
      '    spec:',
      '      hostNetwork: true',
      `      containers: [{ name: ${yq(`c${NASTY}`)}, image: nginx }]`,
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      `  name: ${yq(API)}`,
      '  namespace: shop',
      'spec:',
      '  selector: { matchLabels: { app: api } }',
      '  template:',
      '    metadata:',
      `      labels: { app: api, sidecar.istio.io/inject: ${yq(`yes${NASTY}`)} }`,
      '      annotations:',
      `        traffic.sidecar.istio.io/includeOutboundIPRanges: ${yq(`10.0.0.0/8,${NASTY}`)}`,
      `        proxy.istio.io/config: ${yq(`holdApplicationUntilProxyStarts: ${NASTY}`)}`,
      '    spec:',
      `      containers: [{ name: ${yq(`c${NASTY}`)}, image: nginx }]`,
      '',
    ].join('\n'),
  );
}

const withFixture = (fn: (t: TempDir) => void): void =>
  withTemp((t) => {
    fixture(t);
    fn(t);
  });

// ---------------------------------------------------------------- the escaping functions

test('safeText: every control, C1, separator and bidi character becomes a visible escape; tab and text stay', () => {
  assert.is(safeText(`a${ESC}[2J\r\n${BEL}\b\u007f\u0085\u009b\u2028\u202e\u2066\u2069\u200e\u200f\u061c\tü→z`), 'a\\u001b[2J\\r\\n\\u0007\\u0008\\u007f\\u0085\\u009b\\u2028\\u202e\\u2066\\u2069\\u200e\\u200f\\u061c\tü→z');
  assert.equal(rawControls(safeText(NASTY)), []);
  assert.is(safeText(safeText(NASTY)), safeText(NASTY), 'idempotent: text escaped twice reads the same');
});

test('safeLines: line breaks stay, a CR only where it ends a line', () => {
  assert.is(safeLines(`a${ESC}\nb\r\nc\rd\ne\r`), 'a\\u001b\nb\r\nc\\rd\ne\\r');
});

test('jsonText: DEL, C1 and bidi characters escaped inside strings; the value round-trips', () => {
  const value = { [`k${NASTY}`]: [NASTY, 'ü→', 1] };
  const text = jsonText(value, 2);
  assert.equal(rawControls(text), []);
  assert.equal(JSON.parse(text), value);
  assert.is(jsonText({ a: 'plain' }), JSON.stringify({ a: 'plain' }), 'ordinary JSON is unchanged');
});

// ---------------------------------------------------------------- human formats

test('stylish, with and without colours: names, values, keys, file names and Helm sources shown escaped', () => {
  withFixture((t) => {
    for (const [args, isTTY, colours] of [[[], false, false], [[], true, true], [['--color'], false, true], [['--no-color'], true, false]] as const) {
      const run = cli(['.', ...args], { cwd: t.dir, isTTY });
      assert.is(run.code, 1, run.stderr);
      assertInert(run, `stylish ${args.join(' ')} isTTY=${isTTY}`, colours);
      const visible = run.stdout.replace(OWN_SGR, '');
      assert.ok(visible.includes(`Deployment shop/${safeText(NAME)}`), 'the resource, escaped');
      assert.ok(visible.includes(safeText(FILE)), 'the file name, escaped');
      assert.ok(visible.includes(`from ${safeText(SOURCE)}`), 'the Helm source, escaped');
      assert.ok(visible.includes('\\u001b[2J\\u001b]8;;https://evil.example/\\u0007click'), 'still readable');
      for (const rule of ['injection-host-network', 'duplicate-key', 'yaml-nonstring-value', 'inject-value-invalid']) assert.ok(visible.includes(rule), `${rule} reported`);
      // Every line of the report is one of meshlint's: nothing injected a line break.
      for (const line of visible.split('\n')) assert.ok(line === '' || /^(\S.*|  .*)$/.test(line), `unexpected line: ${JSON.stringify(line)}`);
    }
  });
});

test('standard error: notes, --stats and skipped files are escaped', () => {
  withFixture((t) => {
    for (const args of [['.'], ['.', '--stats']]) {
      const run = cli(args, { cwd: t.dir });
      assertInert(run, args.join(' '));
      assert.ok(run.stderr.includes(`namespace ${safeText(EVIL_NS)} is defined 2 times`), `the note, escaped:\n${run.stderr}`);
    }
  });
});

test('explain: text (with and without colours) escaped; --resource that matches nothing is quoted escaped; json round-trips', () => {
  withFixture((t) => {
    for (const [args, colours] of [[[], false], [['--color'], true]] as const) {
      const run = cli(['explain', '.', ...args], { cwd: t.dir });
      assert.is(run.code, 0, run.stderr);
      assertInert(run, `explain ${args.join(' ')}`, colours);
      const visible = run.stdout.replace(OWN_SGR, '');
      assert.ok(visible.includes(safeText(NAME)) && visible.includes(safeText(API)), visible);
      assert.ok(visible.includes(`(from ${safeText(SOURCE)})`), 'the Helm source, escaped');
      assert.ok(visible.includes(`note: namespace ${safeText(EVIL_NS)}`), 'the note, escaped');
    }
    const none = cli(['explain', '.', '--resource', `nothing${NASTY}`], { cwd: t.dir });
    assert.is(none.code, 2);
    assertInert(none, 'explain --resource');
    assert.ok(none.stderr.includes(safeText(`nothing${NASTY}`)), none.stderr);

    const markdown = cli(['explain', '.', '-f', 'markdown'], { cwd: t.dir });
    assert.is(markdown.code, 0, markdown.stderr);
    assertInert(markdown, 'explain -f markdown');
    assert.ok(markdown.stdout.includes(escapeMarkdown(NAME)), 'the name, escaped for Markdown');

    const json = cli(['explain', '.', '-f', 'json'], { cwd: t.dir });
    assertInert(json, 'explain -f json');
    const list = JSON.parse(json.stdout) as { resource: string; helmSource?: string }[];
    assert.ok(list.some((e) => e.resource.includes(NAME) && e.helmSource === SOURCE), 'the original strings, exactly');
  });
});

test('--fix-dry-run: the diff shows the lines of the file with their controls escaped', () => {
  withFixture((t) => {
    const run = cli([FILE, '--fix-dry-run'], { cwd: t.dir });
    assertInert(run, '--fix-dry-run');
    assert.ok(run.stdout.includes('+    feature-enabled: "true"'), run.stdout);
    assert.ok(run.stdout.includes(`--- a/${safeText(FILE)}`), 'the file name, escaped');
  });
});

test('rules, --print-config, and failures quoting a path, an argument or a config key are escaped', () => {
  withFixture((t) => {
    assertInert(cli(['rules'], { cwd: t.dir }), 'rules');

    const unmatched = cli([`missing${NASTY}.yaml`], { cwd: t.dir });
    assert.is(unmatched.code, 2);
    assertInert(unmatched, 'a path that matches nothing');
    assert.is(unmatched.stderr.trimEnd().split('\n').length, 1, 'one line');

    const noConfig = cli(['-c', `cfg${NASTY}.yaml`, '.'], { cwd: t.dir });
    assert.is(noConfig.code, 2);
    assertInert(noConfig, '--config naming a missing file');

    const flag = cli(['--format', `x${NASTY}`, '.'], { cwd: t.dir });
    assert.is(flag.code, 2);
    assertInert(flag, 'an unknown --format');
    assert.ok(flag.stderr.includes(safeText(`x${NASTY}`)), flag.stderr);

    t.write('.meshlint.yaml', `${yq(`key${NASTY}\nmeshlint: all clear`)}: 1\n`);
    const badKey = cli(['.'], { cwd: t.dir });
    assert.is(badKey.code, 2);
    assertInert(badKey, 'a config file with an unknown key');
    assert.not.ok(/^meshlint: all clear/m.test(badKey.stderr), `a line break in the key makes no line of its own:\n${badKey.stderr}`);
    assert.ok(badKey.stderr.includes('\\nmeshlint: all clear'), badKey.stderr);

    t.write('.meshlint.yaml', `namespaces:\n  shop:\n    labels:\n      ${yq(`k${NASTY}`)}: 1\n`);
    const badValue = cli(['.'], { cwd: t.dir });
    assert.is(badValue.code, 2);
    assertInert(badValue, 'a config file with a label that is no string');

    t.write('.meshlint.yaml', `namespaces:\n  shop:\n    labels:\n      ${yq(`k${NASTY}`)}: ${yq(`v${NASTY}`)}\n`);
    const printed = cli(['--print-config', `x${NASTY}.yaml`], { cwd: t.dir });
    assert.is(printed.code, 0, printed.stderr);
    assertInert(printed, '--print-config');
    const config = JSON.parse(printed.stdout) as { file: string; namespaces: Record<string, { labels: Record<string, string> }> };
    assert.is(config.file, `x${NASTY}.yaml`);
    assert.equal(config.namespaces.shop?.labels, { [`k${NASTY}`]: `v${NASTY}` }, 'round-trips');
  });
});

// ---------------------------------------------------------------- machine formats

test('json: nothing raw on the terminal, and every string round-trips exactly', () => {
  withFixture((t) => {
    const run = cli(['.', '-f', 'json'], { cwd: t.dir });
    assert.is(run.code, 1);
    assertInert(run, 'json');
    const results = parseJsonReport(run);
    const file = results.find((r) => r.filePath === FILE);
    assert.ok(file, `the file, by its exact name: ${results.map((r) => r.filePath).join(', ')}`);
    const host = file.messages.find((m) => m.ruleId === 'injection-host-network');
    assert.is(host?.resource, `Deployment shop/${NAME}`);
    assert.is(host?.helmSource, SOURCE);
    assert.ok(file.messages.some((m) => m.ruleId === 'inject-value-invalid' && m.message.includes(`yes${NASTY}`)), 'a message quoting a label value, exactly');
    assert.ok(file.messages.some((m) => m.ruleId === 'duplicate-key' && m.message.includes(`dup${NASTY}`)), 'a message quoting a key, exactly');
  });
});

test('sarif: valid, nothing raw, URIs relative to %SRCROOT% and percent-encoded, messages exact', () => {
  const validate = sarifValidator();
  withFixture((t) => {
    const run = cli(['.', '-f', 'sarif'], { cwd: t.dir });
    assert.is(run.code, 1);
    assertInert(run, 'sarif');
    const log = JSON.parse(run.stdout) as Log;
    assert.equal(validate(log), []);
    const results = log.runs[0]?.results ?? [];
    assert.ok(results.length >= 4, `findings: ${results.length}`);
    const locations = results.flatMap((r) => [...(r.locations ?? []), ...(r.relatedLocations ?? [])]);
    assert.ok(results.some((r) => (r.relatedLocations?.length ?? 0) > 0), 'related locations checked too');
    for (const loc of locations) {
      const artifact = loc.physicalLocation?.artifactLocation;
      const uri = artifact?.uri ?? '';
      assert.is(artifact?.uriBaseId, '%SRCROOT%', uri);
      assert.match(uri, /^[A-Za-z0-9\-._~!$&'()*+,;=@%/]+$/, 'only URI characters, no scheme, no raw space, # or ?');
      assert.not.ok(uri.startsWith('/'), 'relative');
      assert.ok(!/%(?![0-9A-F]{2})/.test(uri), `every % starts an escape: ${uri}`);
      assert.is(new URL(uri, 'file:///repo/').href.startsWith('file:///repo/'), true, 'resolves inside the root');
    }
    const host = results.find((r) => r.ruleId === 'injection-host-network');
    const uri = host?.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
    assert.is(decodeURIComponent(uri), FILE, 'the file name, exactly');
    assert.ok(process.platform === 'win32' || uri.includes('%1B%5B2J') && uri.endsWith('%20%25%23%3F.yaml'), uri);
    assert.ok(host?.message.text?.includes(SOURCE), 'the message text is exact (it is JSON)');
    assert.is(host?.locations?.[0]?.logicalLocations?.[0]?.fullyQualifiedName, `Deployment shop/${NAME}`);
  });
});

test('sarif: a file outside the repository root is still relative to %SRCROOT%, from the root, not the working directory', () => {
  const validate = sarifValidator();
  withTemp((t) => {
    mkdirSync(t.path('repo/.git'), { recursive: true });
    mkdirSync(t.path('repo/sub'), { recursive: true });
    t.write('repo/sub/ns.yaml', shopNamespace());
    t.write('elsewhere/a b.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    on: true\n');
    const run = cli(['ns.yaml', '../../elsewhere/a b.yaml', '-f', 'sarif'], { cwd: t.path('repo/sub') });
    const log = JSON.parse(run.stdout) as Log;
    assert.equal(validate(log), []);
    const artifact = log.runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation;
    assert.equal(artifact, { uri: '../elsewhere/a%20b.yaml', uriBaseId: '%SRCROOT%' });
    assert.is(new URL(artifact?.uri ?? '', `file://${t.path('repo/').split('\\').join('/')}`).pathname.endsWith('/elsewhere/a%20b.yaml'), true);
  });
});

test('github: one command per finding; % CR LF escaped in data, also : and , in properties; no other control survives', () => {
  withTemp((t) => {
    fixture(t);
    const tricky = process.platform === 'win32' ? 'apps/a,b%c.yaml' : `apps/a:b,c%d${NASTY_FILE}.yaml`;
    t.write(tricky, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${yq(`m${NASTY}`)}\n  labels:\n    ${yq(`k%\r\n::error::fake${NASTY}`)}: true\n`);
    const json = parseJsonReport(cli(['.', '-f', 'json'], { cwd: t.dir }));
    const run = cli(['.', '-f', 'github'], { cwd: t.dir });
    assert.is(run.code, 1);
    assertInert(run, 'github');
    const lines = run.stdout.trimEnd().split('\n');
    assert.is(lines.length, json.reduce((n, r) => n + r.messages.length, 0), 'exactly one line per finding: no data made a line of its own');
    for (const line of lines) {
      const m = /^::(error|warning) ([^:]*)::(.*)$/.exec(line);
      assert.ok(m, `a workflow command: ${line}`);
      const props = (m[2] ?? '').split(',');
      assert.equal(props.map((p) => p.slice(0, p.indexOf('='))), ['file', 'line', 'col', 'endLine', 'endColumn', 'title'], line);
      assert.ok(!/%(?!25|0D|0A|3A|2C)/.test(m[2] ?? ''), `only GitHub's escapes in the properties: ${m[2]}`);
      assert.ok(!/%(?!25|0D|0A)/.test(m[3] ?? ''), `only GitHub's escapes in the data: ${m[3]}`);
    }
    const mine = lines.filter((l) => l.includes('file=apps/a'));
    assert.ok(mine.length > 0, 'the tricky file is annotated');
    if (process.platform !== 'win32') assert.ok(mine.every((l) => l.includes('file=apps/a%3Ab%2Cc%25d[2J]8;;https%3Aevil.exampleclick]8;;2J.yaml,')), mine.join('\n'));
    assert.ok(mine.some((l) => l.includes('k%25%0D%0A::error::fake[2J]8;;https://evil.example/click]8;;')), mine.join('\n'));
  });
});

test('github: the formatter drops C1 and bidi characters from data and properties', () => {
  const result: LintResult = {
    filePath: `x${NASTY}.yaml`,
    messages: [{ ruleId: 'r', severity: 2, message: `m${NASTY}`, line: 1, column: 1, endLine: 1, endColumn: 2, identity: 'i', resource: `Pod p${NASTY}` }],
    errorCount: 1,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
  };
  assert.is(formatGithub([result]), '::error file=x[2J]8;;https%3A//evil.example/click]8;;%0D2J.yaml,line=1,col=1,endLine=1,endColumn=2,title=meshlint (r)::m[2J]8;;https://evil.example/click]8;;%0D2J [Pod p[2J]8;;https://evil.example/click]8;;%0D2J]\n');
});

// ---------------------------------------------------------------- ESLint

test('ESLint plugin: the messages ESLint prints are escaped too', async () => {
  const t = tempDir();
  try {
    fixture(t);
    const eslint = new ESLint({ cwd: t.dir, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, { settings: { meshlint: { context: ['platform'] } } }] });
    const results = await eslint.lintFiles([FILE]);
    const messages = results.flatMap((r) => r.messages);
    assert.ok(messages.some((m) => m.ruleId === 'meshlint/injection-host-network'), JSON.stringify(messages.map((m) => m.message)));
    for (const m of messages) assert.equal(rawControls(m.message), [], m.message);
    assert.ok(messages.some((m) => m.message.includes(safeText(`yes${NASTY}`))), 'readable escapes');
  } finally {
    t.cleanup();
  }
});

test.run();
