// `helm template` as an input: the rendered stream is linted, and every finding is reported on
// the template the document came from (Helm's `# Source: <chart>/templates/<file>` header),
// at the line that writes the reported key when it can be found unambiguously.
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isInside, realPath } from '../boundary.ts';
import { locateInTemplate } from '../../parse/template-locator.ts';
import type { Range, RenderedLocation, SourceFile, SourceLocation } from '../../common/types.ts';
import { shortList } from '../../common/text.ts';
import { displayPathOf } from '../read.ts';
import { BUDGET_SPENT, MEMORY_SPENT, type Runner } from './process.ts';
import { isIstioOwnChartFile } from '../../model/install/version-evidence.ts';
import { failureText, lineOf, readerWithin, type TextReader } from './source-text.ts';

export interface HelmRender {
  /** Absolute path of the chart directory (the one holding Chart.yaml). */
  readonly chartDir: string;
  readonly release: string;
  readonly namespace: string | undefined;
  /** Values files, absolute, in the order Helm merges them. */
  readonly values: readonly string[];
  readonly set: readonly string[];
  readonly kubeVersion: string | undefined;
  readonly apiVersions: readonly string[];
  /** Names this render among several of the same chart; undefined when it is the only one. */
  readonly label: string | undefined;
  /** A chart met while walking, rendered with nothing but its own defaults: no values file, --set, config entry or --helm-chart names it. */
  readonly defaultsOnly?: boolean;
}

/**
 * `helm template` with every value bound to its flag (`--values=FILE`), and the release and
 * chart after `--`: no value, whatever it holds, can be read by Helm as a flag of its own
 * (`--post-renderer=./x.sh` as a release name would run a program).
 */
export function helmArgs(r: HelmRender, skipSchemaValidation = false): string[] {
  const args = ['template'];
  if (skipSchemaValidation) args.push('--skip-schema-validation');
  if (r.namespace) args.push(`--namespace=${r.namespace}`);
  for (const v of r.values) args.push(`--values=${v}`);
  for (const s of r.set) args.push(`--set=${s}`);
  if (r.kubeVersion) args.push(`--kube-version=${r.kubeVersion}`);
  for (const a of r.apiVersions) args.push(`--api-versions=${a}`);
  args.push('--', r.release, r.chartDir);
  return args;
}

/** Subcharts looked at for their values schema: far above a real chart's. */
const MAX_SUBCHARTS = 200;
const REMOTE_REF = /"\$ref"\s*:\s*"(https?:\/\/[^"\s]{1,500})"/i;

/** The first URL a `$ref` of the chart's values schema (or an unpacked subchart's) names: Helm would fetch it. */
export function remoteSchemaRef(chartDir: string, read: TextReader): string | undefined {
  const dirs = [chartDir];
  try {
    for (const e of readdirSync(join(chartDir, 'charts'), { withFileTypes: true }).slice(0, MAX_SUBCHARTS)) if (e.isDirectory()) dirs.push(join(chartDir, 'charts', e.name));
  } catch {
    // no subcharts folder
  }
  for (const dir of dirs) {
    const text = read(join(dir, 'values.schema.json'));
    const url = text === undefined ? undefined : REMOTE_REF.exec(text)?.[1];
    if (url !== undefined) return url;
  }
  return undefined;
}

/** Helm's release namespace when none is given (and, as meshlint runs it, no kubeconfig names one). */
export const HELM_DEFAULT_NAMESPACE = 'default';

const FIRST_LINE: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** Helm (Sprig) functions whose output differs at each render: random text, time, new keys and certificates. */
const VOLATILE_FUNCTION = /\b(?:randAlphaNum|randAlpha|randNumeric|randAscii|randInt|randBytes|uuidv4|now|date|dateInZone|htmlDate|htmlDateInZone|unixEpoch|genPrivateKey|genCA|genSelfSignedCert|genSignedCert|derivePassword)\b/;

/** Renders one chart; a failed render is an input too, whose one finding carries Helm's message. */
export function renderChart(r: HelmRender, binary: string, run: Runner, cwd: string, readAny: TextReader): SourceFile {
  const read = readerWithin(readAny, r.chartDir);
  const shown = displayPathOf(r.chartDir, cwd);
  const displayPath = `${shown} (helm template${r.label ? `, ${r.label}` : ''})`;
  const chartYaml = displayPathOf(join(r.chartDir, 'Chart.yaml'), cwd);
  const atChart = (note: string | undefined): SourceLocation => ({ filePath: chartYaml, range: FIRST_LINE, note });
  // Helm follows links when it loads a chart: one that leads outside the chart would put that
  // file (a secret, /proc/self/environ) into `.Files` and so into the rendered output.
  const escape = chartEscape(r.chartDir);
  if (escape) {
    const message = `not rendered: ${escape.why}`;
    const at: SourceLocation = { filePath: displayPathOf(escape.path, cwd), range: FIRST_LINE, note: undefined };
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'helm', source: shown, label: r.label, namespace: r.namespace, failure: message, mapBack: () => at } };
  }
  // A values schema that refers to a URL cannot be checked offline: rendered as
  // `--skip-schema-validation` renders it, and said once (the run's note charts-schema-skipped).
  const schemaRef = remoteSchemaRef(r.chartDir, read);
  const result = run(binary, helmArgs(r, schemaRef !== undefined), cwd);
  const schemaSkipped = schemaRef !== undefined ? { schemaSkipped: schemaRef } : {};
  // Istio's own chart (a vendored copy of manifests/charts) that nothing names: a chart source,
  // not an install (the facts pass reads nothing from it).
  const chartText = r.defaultsOnly ? read(join(r.chartDir, 'Chart.yaml')) : undefined;
  const chartSource = chartText !== undefined && isIstioOwnChartFile(chartText) ? { istioChartSource: true as const } : {};

  if (!result.ok) {
    const message = failureText(result.stderr, cwd) || `helm exited with an error and printed nothing`;
    const at = failureLocation(message, r.chartDir, cwd, read) ?? atChart(undefined);
    const environment = result.budgetSpent ? BUDGET_SPENT : result.memorySpent ? MEMORY_SPENT : environmentCause(message, r.chartDir, read);
    // A chart source that needs the values its installer gives is not a broken chart (a spent budget still is said).
    const source = result.budgetSpent ? {} : chartSource;
    return { displayPath, absPath: undefined, text: '', origin: { tool: 'helm', source: shown, label: r.label, namespace: r.namespace, failure: message, ...(environment ? { environment } : {}), ...source, ...schemaSkipped, mapBack: () => at } };
  }

  const mapBack = (at: RenderedLocation): SourceLocation => {
    const source = at.doc.helmSource;
    if (!source) return atChart('(a rendered document without a "# Source:" header)');
    const abs = join(r.chartDir, ...source.split('/').slice(1));
    const template = read(abs);
    if (template === undefined) return atChart(`(rendered from ${source}, which is not a file in the chart: a packaged subchart?)`);
    const hit = locateInTemplate(template, {
      kind: at.resource?.kind,
      path: at.docPath,
      lineText: lineOf(at.doc.file.text, at.range.line),
      column: at.range.column,
    });
    const note =
      hit.precision === 'ancestor'
        ? hit.ambiguous
          ? `(at "${hit.key}:": the reported key is written more than once under it, and the render does not say which)`
          : `(at "${hit.key}:", under which a template expression writes the reported key)`
        : hit.precision === 'file'
          ? hit.ambiguous
            ? '(the reported key is written more than once in this template, and the render does not say which; the first line is shown)'
            : '(the reported key is not written in this template, so the first line is shown)'
          : undefined;
    return { filePath: displayPathOf(abs, cwd), range: hit.range, note };
  };
  const volatileBySource = new Map<string, boolean>();
  const volatile = (source: string): boolean => {
    let known = volatileBySource.get(source);
    if (known === undefined) {
      const template = read(join(r.chartDir, ...source.split('/').slice(1)));
      known = template !== undefined && VOLATILE_FUNCTION.test(template);
      volatileBySource.set(source, known);
    }
    return known;
  };
  // Without a namespace stated, Helm renders into its default namespace, "default": that is
  // where the render put the objects, not where the user installs the chart. Their namespace
  // is unknown, as a plain manifest's without metadata.namespace is; the run says once which
  // fact to state (the note charts-default-namespace).
  const unstated = r.namespace === undefined ? { unstatedNamespace: HELM_DEFAULT_NAMESPACE } : {};
  // The chart's own values.yaml, then the files given, as Helm merges them.
  const inputs = [...new Set([join(r.chartDir, 'values.yaml'), ...r.values])].map((f) => displayPathOf(f, cwd));
  return { displayPath, absPath: undefined, text: result.stdout, origin: { tool: 'helm', source: shown, label: r.label, namespace: r.namespace, ...unstated, failure: undefined, mapBack, volatile, inputs, ...chartSource, ...schemaSkipped } };
}

/**
 * Where Helm says a render failed: `<chart>/templates/x.yaml:15:14` in a template error, or the
 * dependency named in "found in Chart.yaml, but missing in charts/ directory: <name>".
 */
export function failureLocation(message: string, chartDir: string, cwd: string, read: TextReader): SourceLocation | undefined {
  // Helm names the call site first and the template that failed last: the last is the cause.
  for (const m of [...message.matchAll(/([\w.-]+(?:\/[\w.@-]+)+\.(?:ya?ml|tpl|txt|json)):(\d+)(?::(\d+))?/g)].reverse()) {
    const abs = join(chartDir, ...(m[1] as string).split('/').slice(1));
    if (relative(chartDir, abs).startsWith('..') || !existsSync(abs)) continue;
    const line = Number(m[2]);
    const column = m[3] ? Number(m[3]) : 1;
    return { filePath: displayPathOf(abs, cwd), range: { line, column, endLine: line, endColumn: column }, note: undefined };
  }
  // "YAML parse error on <chart>/templates/x.yaml": the template, though not the line.
  const yamlError = /YAML parse error on ([\w.-]+(?:\/[\w.@-]+)+)/.exec(message)?.[1];
  if (yamlError) {
    const abs = join(chartDir, ...yamlError.split('/').slice(1));
    if (!relative(chartDir, abs).startsWith('..') && existsSync(abs)) {
      return { filePath: displayPathOf(abs, cwd), range: FIRST_LINE, note: '(the line number in the message counts lines of the rendered output)' };
    }
  }
  const missing = missingDependencies(message)[0];
  if (missing) {
    const chart = join(chartDir, 'Chart.yaml');
    const lines = read(chart)?.split(/\r?\n/) ?? [];
    const index = lines.findIndex((l) => dependencyNameOf(l) === missing);
    if (index >= 0) {
      const l = lines[index] ?? '';
      const column = l.indexOf('name:') + 1;
      return { filePath: displayPathOf(chart, cwd), range: { line: index + 1, column, endLine: index + 1, endColumn: l.trimEnd().length + 1 }, note: undefined };
    }
  }
  return undefined;
}

/** The dependencies Helm says are "found in Chart.yaml, but missing in charts/ directory". */
function missingDependencies(message: string): string[] {
  return /missing in charts\/ directory:\s*([\w.,\s-]+)/.exec(message)?.[1]?.split(/[,\s]+/).filter(Boolean) ?? [];
}

/**
 * A failure the machine causes, not the chart: dependencies that `helm dependency build` would
 * fetch, or a value the chart requires (`required`), which a deploy supplies and a lint run does
 * not. Read from Helm's message and, for `required`, from the template line Helm names.
 */
export function environmentCause(message: string, chartDir: string, read: TextReader): { cause: string; fix: string } | undefined {
  const missing = missingDependencies(message);
  if (missing.length > 0) {
    return { cause: `its ${missing.length === 1 ? 'dependency' : 'dependencies'} ${shortList(missing)} ${missing.length === 1 ? 'is' : 'are'} not in charts/`, fix: `Run \`helm dependency build\`, or vendor ${missing.length === 1 ? 'it' : 'them'}.` };
  }
  // "execution error at (<chart>/templates/x.yaml:2:9): <text>": a `required` at that line is a value to supply.
  const at = /execution error at \(([\w.-]+(?:\/[\w.@-]+)+\.(?:ya?ml|tpl|txt|json)):(\d+)(?::\d+)?\):\s*(.*)$/.exec(message);
  if (at) {
    const abs = join(chartDir, ...(at[1] as string).split('/').slice(1));
    const line = read(abs)?.split(/\r?\n/)[Number(at[2]) - 1] ?? '';
    if (/\brequired\b/.test(line)) {
      const said = (at[3] as string).replace(/\.$/, '');
      const cut = said.length > 70 ? `${said.slice(0, 70).replace(/[\s,;:]+\S*$/, '')}…` : said;
      return { cause: `it needs a value: ${cut}`, fix: 'Pass it with --values or --set, or under helm.charts.' };
    }
  }
  return undefined;
}

/** The name a Chart.yaml line gives (`- name: redis`, `name: "redis"`), if it is such a line. */
function dependencyNameOf(line: string): string | undefined {
  const m = /^\s*(?:-\s+)?name:(.*)$/.exec(line);
  if (!m) return undefined;
  const v = (m[1] as string).trim();
  const quoted = v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0];
  return quoted ? v.slice(1, -1) : v;
}

/** More entries than any real chart holds: walking further is refused, not attempted. */
const MAX_CHART_ENTRIES = 50_000;

/**
 * The first path of a chart that Helm would read from outside it: a symbolic link (a file,
 * a folder, a subchart) whose target lies outside the chart folder, or a dangling one Helm
 * cannot load. Undefined when every file lies inside.
 */
export function chartEscape(chartDir: string): { path: string; why: string } | undefined {
  const realChart = realPath(chartDir) ?? chartDir;
  const pending = [chartDir];
  let seen = 0;
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // Helm reports a folder it cannot read.
    }
    for (const name of names) {
      if (++seen > MAX_CHART_ENTRIES) return { path: chartDir, why: `the chart holds more than ${MAX_CHART_ENTRIES} files and folders` };
      const p = join(dir, name);
      let link = false;
      try {
        const st = lstatSync(p);
        link = st.isSymbolicLink();
        if (st.isDirectory()) pending.push(p);
      } catch {
        continue;
      }
      if (!link) continue;
      const real = realPath(p);
      if (real === undefined) continue; // dangling: Helm names it in its own error
      if (!isInside(realChart, real)) {
        const target = safeLinkText(p);
        return { path: p, why: `${relative(chartDir, p).split('\\').join('/')} is a symbolic link to ${target ?? 'a path'} outside the chart` };
      }
    }
  }
  return undefined;
}

/** A link's target as written, when it is short enough to quote. */
function safeLinkText(p: string): string | undefined {
  try {
    const t = readlinkSync(p);
    return t.length <= 200 ? JSON.stringify(t) : undefined;
  } catch {
    return undefined;
  }
}
