// `npm run real-repos`: lints each repository of ../shared/corpus/real-repos as a team's first
// run would (walk from its root with --render-charts, no config of its own), then again with
// the namespaces labelled as their READMEs do by hand (istio-injection=enabled on default,
// test and sample). Prints the findings per repository and rule, the notes, and the median
// and longest message, and the share of workloads judged (their place in the mesh known).
// `--list` prints every finding too; `--json FILE` writes them all.
// Needs helm for the charts: `npm run test:binaries` fetches one (else helm on PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repos = join(root, '..', 'shared', 'corpus', 'real-repos');
if (!existsSync(repos)) {
  console.log('notice: ../shared/corpus/real-repos not found; nothing to measure');
  process.exit(0);
}
const args = process.argv.slice(2);
const list = args.includes('--list');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--json');

const helm = [join(root, '.cache', 'test-bin', 'helm4', 'helm'), join(root, '.cache', 'test-bin', 'helm3', 'helm')].find((p) => existsSync(p));
const kubectl = join(root, '.cache', 'test-bin', 'kubectl', 'kubectl');
const env = { ...process.env, ...(helm ? { MESHLINT_HELM: helm } : {}), ...(existsSync(kubectl) ? { MESHLINT_KUSTOMIZE: kubectl } : {}), NO_COLOR: '1' };

const work = mkdtempSync(join(tmpdir(), 'meshlint-real-repos-'));
const labelled = join(work, 'labelled.yaml');
writeFileSync(labelled, ['namespaces:', ...['default', 'test', 'sample'].map((n) => `  ${n}: { labels: { istio-injection: enabled } }`), ''].join('\n'));

const bin = join(root, 'bin', 'meshlint.js');
const all = [];
const lengths = [];
try {
  const names = readdirSync(repos).filter((n) => statSync(join(repos, n)).isDirectory() && (only.length === 0 || only.includes(n))).sort();
  for (const run of [
    { name: 'first run', extra: [] },
    { name: 'namespaces labelled', extra: ['--config', labelled] },
  ]) {
    console.log(`\n## ${run.name}\n`);
    let total = 0;
    let workloads = 0;
    let judged = 0;
    for (const name of names) {
      const started = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, '--render-charts', '-f', 'json-with-metadata', ...run.extra, '.'], { cwd: join(repos, name), env, encoding: 'utf8', maxBuffer: 1 << 30 });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let results = [];
      try {
        const report = JSON.parse(r.stdout);
        results = report.results;
        const c = report.metadata.coverage;
        if (c) {
          workloads += c.workloads;
          judged += c.judged;
        }
      } catch {
        console.log(`${name}: exit ${r.status}, no JSON report: ${r.stderr.split('\n')[0]}`);
        continue;
      }
      const byRule = new Map();
      for (const f of results) {
        for (const m of f.messages) {
          const key = `${m.ruleId} ${m.severity === 2 ? 'error' : 'warn'}`;
          byRule.set(key, (byRule.get(key) ?? 0) + 1);
          all.push({ run: run.name, repo: name, file: f.filePath, line: m.line, rule: m.ruleId, severity: m.severity, message: m.message });
          if (run.extra.length === 0) lengths.push(m.message.length);
          total++;
        }
      }
      const counts = [...byRule].sort().map(([k, n]) => `${k} ${n}`).join(', ') || 'no findings';
      console.log(`${name}: exit ${r.status}, ${(ms / 1000).toFixed(2)} s — ${counts}`);
      const said = r.stderr.split('\n').filter(Boolean);
      for (const line of said.slice(0, 4)) console.log(`    ${line}`);
      if (said.length > 4) console.log(`    … ${said.length - 4} more lines on stderr`);
      if (list) for (const x of all.filter((a) => a.repo === name && a.run === run.name)) console.log(`    ${x.file}:${x.line} ${x.rule} ${x.severity === 2 ? 'error' : 'warn'}: ${x.message}`);
    }
    console.log(`total: ${total} findings`);
    // How much the run judged: the workloads whose place in the mesh is known (coverage.ts).
    console.log(`judged: ${judged} of ${workloads} workloads (${workloads ? Math.round((100 * judged) / workloads) : 0}%)`);
  }
  lengths.sort((a, b) => a - b);
  if (lengths.length) console.log(`\nmessages (first run): median ${lengths[Math.floor(lengths.length / 2)]} characters, longest ${lengths[lengths.length - 1]}`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(all, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
