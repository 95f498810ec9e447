// `node --import tsx scripts/injection-known.ts [corpus folder]`: the share of pod templates
// whose injection outcome meshlint can predict (injected or not, rather than unknown), per
// folder of the corpus (default ../shared/corpus; each folder of real-repos/ counts on its
// own). Every folder is read as one run with no config, as a team's first run would, without
// rendering charts or overlays. Offline; prints a table and the totals. `--list` prints
// every pod template's outcome too. `--render` instead runs the built CLI's
// `meshlint facts --render-charts --render-overlays -f json` on each folder (helm and kubectl
// from $MESHLINT_HELM / $MESHLINT_KUSTOMIZE, e.g. `npm run test:binaries`' .cache/test-bin) and
// counts its workloads: each one a namespace uses, less those whose injection is undecided.
// `--cli` counts the same way without rendering, for a side-by-side comparison. `--charts=DIR`
// (with --render) passes a folder of charts for what GitOps objects deploy (`meshlint charts`).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_CONFIG } from '../src/engine/config.ts';
import { factsPass } from '../src/engine/facts-pass.ts';
import { readSource, type ReadOutcome } from '../src/load/read.ts';
import { resourcesOf } from '../src/load/resources.ts';
import { predictForTemplate } from '../src/model/injection/pod-injection.ts';
import { podTemplatesOf, templateLabel } from '../src/model/workload.ts';
import { parseFile } from '../src/parse/yaml.ts';

const MAX_FILES = 50_000;
const MAX_BYTES = 16 * 1024 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const list = args.includes('--list');
const render = args.includes('--render');
/** `--cli`: the same count as --render, through the CLI, without rendering: the baseline --render is compared with. */
const viaCli = render || args.includes('--cli');
const corpus = args.find((a) => !a.startsWith('--')) ?? join(root, '..', 'shared', 'corpus');
const chartsDir = args.find((a) => a.startsWith('--charts='))?.slice('--charts='.length);

function filesUnder(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    if (out.length >= MAX_FILES) return;
    if (name === '.git' || name === 'node_modules') continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) filesUnder(path, out);
    else if (/\.(ya?ml|json)$/.test(name) && st.size <= MAX_BYTES) out.push(path);
  }
}

interface FactsJson {
  readonly namespaces: readonly { readonly workloads: number }[];
  readonly unknowns: readonly { readonly kind: string; readonly workloads: readonly { readonly filePath: string; readonly line: number }[] }[];
}

/** The CLI's view with charts and overlays rendered: workloads are counted where facts counts them. */
function measureRendered(dir: string): { known: number; total: number } {
  const flags = render ? ['--render-charts', '--render-overlays', ...(chartsDir ? ['--charts', chartsDir] : [])] : [];
  const run = spawnSync(process.execPath, [join(root, 'bin', 'meshlint.js'), 'facts', ...flags, '-f', 'json', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`meshlint facts failed in ${dir}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as FactsJson;
  const undecided = new Set<string>();
  let withoutNamespace = 0;
  for (const u of report.unknowns) {
    if (u.kind !== 'namespace-labels' && u.kind !== 'pod-namespace') continue;
    for (const w of u.workloads) undecided.add(`${w.filePath}:${w.line}`);
    if (u.kind === 'pod-namespace') withoutNamespace += u.workloads.length;
  }
  const total = report.namespaces.reduce((n, ns) => n + ns.workloads, 0) + withoutNamespace;
  return { known: total - undecided.size, total };
}

function measure(dir: string): { known: number; total: number } {
  if (viaCli) return measureRendered(dir);
  const files: string[] = [];
  filesUnder(dir, files);
  const inputs: ReadOutcome[] = files.map((f) => readSource(f, dir));
  const facts = factsPass(inputs, EMPTY_CONFIG);
  let known = 0;
  let total = 0;
  for (const input of inputs) {
    if (!input.ok) continue;
    for (const doc of parseFile(input.file)) {
      for (const r of resourcesOf(doc, undefined).resources) {
        for (const t of podTemplatesOf(r)) {
          total++;
          const outcome = predictForTemplate(t, facts).outcome;
          if (outcome !== 'unknown') known++;
          if (list) console.log(`  ${input.file.displayPath} ${r.kind}/${r.name}${templateLabel(t)}: ${outcome}`);
        }
      }
    }
  }
  return { known, total };
}

const folders: string[] = [];
for (const name of readdirSync(corpus).sort()) {
  const path = join(corpus, name);
  if (!statSync(path).isDirectory()) continue;
  if (name === 'real-repos') {
    for (const repo of readdirSync(path).sort()) if (statSync(join(path, repo)).isDirectory()) folders.push(join(path, repo));
  } else folders.push(path);
}
const pct = (k: number, t: number): string => (t === 0 ? '-' : `${((100 * k) / t).toFixed(1)}%`);
let known = 0;
let total = 0;
for (const folder of folders) {
  const m = measure(folder);
  known += m.known;
  total += m.total;
  console.log(`${relative(corpus, folder).padEnd(44)} ${String(m.known).padStart(6)} / ${String(m.total).padEnd(6)} ${pct(m.known, m.total)}`);
}
console.log(`${'all'.padEnd(44)} ${String(known).padStart(6)} / ${String(total).padEnd(6)} ${pct(known, total)}`);
