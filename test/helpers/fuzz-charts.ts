// Hostile charts, generated: a chart and a .meshlint.yaml built from pieces an attacker would
// combine (links out of the chart to a secret and to /proc/self/environ, templates that print
// fake `# Source:` headers, `.Files.Get`, `required`, huge or deep output, hostile release
// names and set values, renderer binaries in the config), rendered through the real CLI with
// a real helm. Invariants: exit 0-2, no stack trace, the canary never reaches any output, no
// marker file appears (nothing of the repository ran), every case ends in bounded time.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../../src/cli/cli.ts';
import { caseSeed, prng, type Rng } from './fuzz.ts';

export interface ChartCase {
  readonly index: number;
  readonly seed: number;
  /** Relative path → file content, or `-> target` for a link (`{outside}` is the folder beside the repository). */
  readonly files: Readonly<Record<string, string>>;
  readonly args: readonly string[];
}

const LINK = '-> ';
const OUTSIDE = '{outside}';

/** The canary: planted in the environment and in a secret beside the repository. */
export const CHART_CANARY = 'meshlint-chart-fuzz-canary-7f3a';

const hostileStrings = [
  '--post-renderer=./pr.sh',
  '--post-renderer ./pr.sh',
  '-f',
  '--kubeconfig=/root/.kube/config',
  '../../../../etc/passwd',
  '/proc/self/environ',
  '$(touch MARKER)',
  '`touch MARKER`',
  'a;touch MARKER',
  'x'.repeat(5000),
  'release\nname',
  '\u202etxt.exe',
  '',
];

function template(rng: Rng): string {
  const pieces = [
    () => 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations:\n        sidecar.istio.io/inject: {{ .Files.Get "files/secret" | trim | quote }}\n    spec:\n      hostNetwork: true\n      containers: [{name: web, image: web}]\n',
    () => 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: env}\ndata:\n  env: {{ .Files.Get "files/env" | replace "\\x00" "\\n" | quote }}\n',
    () => `# Source: ${rng.pick(['../../../../etc/passwd', '/proc/self/environ', 'shop/../../secret.txt', 'shop/files/secret', 'shop/templates/../../../../etc/hostname'])}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: {a: true}\n`,
    () => '{{ range $p, $b := .Files.Glob "**" }}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ $p | replace "/" "-" | lower | trunc 40 | quote }}}\ndata: {v: {{ $b | toString | quote }}}\n{{ end }}',
    () => 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: r}\ndata: {v: {{ required "a value is required" .Values.missing | quote }}}\n',
    () => `{{ range until ${rng.pick([10, 1000, 20000])} }}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: "n{{ . }}"}\n{{ end }}`,
    () => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\n  annotations:\n    proxy.istio.io/config: '${'['.repeat(rng.pick([10, 1000, 5000]))}'\n`,
    () => '{{ fail "the chart refuses" }}',
    () => 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: tpl}\ndata: {v: {{ tpl .Values.t . | quote }}}\n',
    () => '{{ define "loop" }}{{ include "loop" . }}{{ end }}{{ include "loop" . }}',
  ];
  return rng.pick(pieces)();
}

/** One generated case: a repository with a chart, links and maybe a config, and the CLI arguments. */
export function makeChartCase(seed: number, index: number): ChartCase {
  const rng = prng(caseSeed(seed, index));
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'chart/Chart.yaml': rng.chance(0.9)
      ? `apiVersion: v2\nname: shop\nversion: 0.1.0\n${rng.chance(0.2) ? 'dependencies:\n- name: redis\n  version: 1.x\n  repository: file://../../outside-chart\n' : ''}`
      : rng.pick(['name: [', '', 'apiVersion: v2\n', `a: &a [${'x,'.repeat(50)}]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n`]),
    'chart/values.yaml': rng.pick(['', 't: "{{ .Files.Get \\"files/secret\\" }}"\n', `deep: ${'['.repeat(rng.pick([5, 500]))}\n`, 'hostNetwork: true\n']),
    'pr.sh': '#!/bin/sh\ntouch MARKER-pr\ncat\n',
    'tools/helm': '#!/bin/sh\ntouch MARKER-helm\n',
    template: '#!/bin/sh\ntouch MARKER-template\n',
  };
  const nTemplates = 1 + rng.int(3);
  for (let i = 0; i < nTemplates; i++) files[`chart/templates/t${i}.yaml`] = template(rng);
  const links: [string, string][] = [
    ['chart/files/secret', `${OUTSIDE}/secret.txt`],
    ['chart/files/env', '/proc/self/environ'],
    ['chart/templates/linked.yaml', `${OUTSIDE}/secret.txt`],
    ['chart/charts/sub', `${OUTSIDE}`],
    ['chart/files/dangling', 'nowhere/at/all'],
    ['chart/files/loop', 'loop'],
    ['chart/files/inside', '../values.yaml'],
    ['leak.yaml', '/proc/self/environ'],
    ['linked-dir', `${OUTSIDE}`],
  ];
  // The link to the secret is the one most cases need; a dangling link makes Helm fail early.
  for (const [from, to] of links) if (rng.chance(from === 'chart/files/secret' ? 0.6 : from.endsWith('dangling') || from.endsWith('loop') ? 0.05 : 0.15)) files[from] = LINK + to;
  if (rng.chance(0.6)) {
    const release = rng.chance(0.5) ? rng.pick(hostileStrings) : 'shop';
    const set = rng.chance(0.5) ? [rng.pick(hostileStrings), `a=${rng.pick(hostileStrings)}`] : [];
    const chart: Record<string, unknown> = { path: rng.pick(['chart', '../outside', '/', 'chart/../chart']), release, set };
    if (rng.chance(0.3)) chart.values = [rng.pick(['/etc/passwd', '../secret.txt', 'leak.yaml', 'chart/values.yaml'])];
    if (rng.chance(0.3)) chart.kubeVersion = rng.pick(hostileStrings);
    const helm: Record<string, unknown> = { renderCharts: rng.chance(0.5), charts: [chart] };
    if (rng.chance(0.2)) helm.binary = rng.pick(['./tools/helm', 'sh', 'node', 'tools/helm']);
    const config: Record<string, unknown> = { helm };
    if (rng.chance(0.2)) config.context = [rng.pick(['/', '..', 'linked-dir', '.'])];
    files['.meshlint.yaml'] = JSON.stringify(config);
  }
  const args = rng.pick([
    ['--render-charts', '-f', 'json', '.'],
    ['--render-charts', '-f', 'sarif', '.'],
    ['--helm-chart', 'chart', '-f', 'stylish'],
    ['--helm-chart', 'chart', '--values', 'chart/values.yaml', '-f', 'github'],
    ['--render-charts', '--stats', 'chart/templates/t0.yaml'],
    ['explain', '--render-charts', '.'],
  ]);
  return { index, seed, files, args };
}

/** Lays a case out under a fresh folder: `repo/` and the folder beside it that holds the secret. */
function layOut(c: ChartCase): { root: string; repo: string; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'meshlint-chart-fuzz-')));
  const repo = join(root, 'repo');
  const outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${CHART_CANARY}\n`);
  writeFileSync(join(outside, 'Chart.yaml'), 'apiVersion: v2\nname: outside\nversion: 0.1.0\n');
  for (const [rel, content] of Object.entries(c.files)) {
    const p = join(repo, rel);
    mkdirSync(dirname(p), { recursive: true });
    if (content.startsWith(LINK)) symlinkSync(content.slice(LINK.length).replace(OUTSIDE, outside), p);
    else {
      writeFileSync(p, content);
      if (content.startsWith('#!')) chmodSync(p, 0o755);
    }
  }
  return { root, repo, outside };
}

export interface ChartCaseResult {
  readonly problems: string[];
  readonly ms: number;
}

/** Runs one case through the CLI in-process and checks the invariants. */
export function runChartCase(c: ChartCase, helm: string | undefined): ChartCaseResult {
  const { root, repo } = layOut(c);
  const problems: string[] = [];
  const started = Date.now();
  try {
    let stdout = '';
    let stderr = '';
    let code: number;
    try {
      code = runCli(c.args, {
        cwd: repo,
        stdout: (s) => void (stdout += s),
        stderr: (s) => void (stderr += s),
        readStdin: () => Buffer.alloc(0),
        isTTY: false,
        env: { PATH: process.env.PATH, MESHLINT_CANARY: CHART_CANARY, ...(helm ? { MESHLINT_HELM: helm } : {}) },
      });
    } catch (e) {
      problems.push(`threw: ${(e as Error).stack ?? String(e)}`);
      code = -1;
    }
    if (code > 2) problems.push(`exit ${code}`);
    const out = stdout + stderr;
    if (out.includes(CHART_CANARY)) problems.push('the canary reached the output');
    if (/\n\s+at .*:\d+:\d+\)?\n/.test(out)) problems.push('a stack trace in the output');
    const markers = readdirSync(repo).filter((n) => n.startsWith('MARKER'));
    if (markers.length > 0 || existsSync(join(root, 'MARKER'))) problems.push(`a repository script ran: ${markers.join(', ')}`);
    if (c.args.includes('json') && code !== 2 && c.args[0] !== 'explain') {
      try {
        JSON.parse(stdout);
      } catch {
        problems.push('the JSON report does not parse');
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { problems, ms: Date.now() - started };
}

export interface ChartFuzzSummary {
  readonly cases: number;
  readonly failures: { index: number; problems: string[] }[];
  readonly slowest: { index: number; ms: number };
}

/** Runs cases until `cases` or `seconds` is spent. */
export function runChartFuzz(opts: { seed: number; cases?: number; seconds?: number; helm: string | undefined; only?: number }): ChartFuzzSummary {
  const failures: { index: number; problems: string[] }[] = [];
  let slowest = { index: -1, ms: 0 };
  const deadline = opts.seconds !== undefined ? Date.now() + opts.seconds * 1000 : Infinity;
  let n = 0;
  for (let i = opts.only ?? 0; ; i++) {
    if (opts.cases !== undefined && n >= opts.cases) break;
    if (Date.now() > deadline) break;
    const r = runChartCase(makeChartCase(opts.seed, i), opts.helm);
    n++;
    if (r.ms > slowest.ms) slowest = { index: i, ms: r.ms };
    if (r.problems.length > 0) failures.push({ index: i, problems: r.problems });
  }
  return { cases: n, failures, slowest };
}
