// Benchmarks, run with `npm run bench [section]`; figures are printed, never asserted
// (machines are noisy, so the comparisons are ratios measured side by side in one run).
//
// throughput: meshlint with every rule on, against the `yaml` package's parseAllDocuments
// alone (scripts/bench/yaml-floor.mjs) and kubectl's client-side decode
// (`kubectl label --local -o name -R -f DIR meshlint=bench`), on ../shared/corpus and on the
// ~50 MB file ../shared/bench/make-big.mjs builds: wall time, MB/s, documents/s, peak RSS.
// growth: meshlint on 1×, 2× and 4× inputs (the first quarter, half and all of that file),
// on one thread at every size (`auto` would use threads below 16 MB and one thread above).
// startup: linting one small file against `node -e 0`, without a config and with a 2-line
// .meshlint.yaml.
// webhooks: 1,000 injector MutatingWebhookConfigurations in one file (revision installs side
// by side, and tags that all overlap): webhook-overlap compares webhooks pairwise at most.
//
// diff: the whole corpus against itself with one namespace changed (onlineboutique starts to
// enforce Pod Security "baseline"), as two commits of a scratch git repository: `meshlint diff
// HEAD~1` (a revision against the working tree, as the Action and `diff origin/main` run) and
// `meshlint diff HEAD~1 HEAD` (two revisions), each against one lint of the tree: the ratio
// (target: at most 2).
//
// Every ratio is printed with its target where it is measured, and again together at the end;
// a run of every section writes them, with the machine, into docs/benchmarks.md (between the
// markers of its "Last figures" section). Where /usr/bin/time is there, each process's CPU time
// (user + system) and peak memory are its own accounting: on a busy machine the CPU ratios hold
// when the wall times do not.
//
// lsp: re-linting one open 2,000-line file after an edit, measured end to end through a real
// LSP client over the server's stdio: from sending textDocument/didChange to receiving the
// diagnostics for that version (debounce set to 0), over 60 edits after 10 warm-up edits.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { buildProbe } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A realistic Deployment of 50 lines: labels, annotations, probes, resources, env; every 8th with a finding. */
function deployment(i) {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: svc-${i}
  namespace: shop
  labels:
    app: svc-${i}
    team: payments
spec:
  replicas: 2
  selector:
    matchLabels:
      app: svc-${i}
  template:
    metadata:
      labels:
        app: svc-${i}
        sidecar.istio.io/inject: "true"
      annotations:
        proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}'
        traffic.sidecar.istio.io/excludeOutboundPorts: "5432"
    spec:
      serviceAccountName: svc-${i}
      hostNetwork: ${i % 8 === 0}
      containers:
        - name: app
          image: registry.example.com/svc-${i}:1.4.${i}
          ports:
            - containerPort: 8080
              name: http
          env:
            - name: LOG_LEVEL
              value: info
            - name: DB_HOST
              value: db.shop.svc.cluster.local
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { cpu: "1", memory: 512Mi }
          readinessProbe:
            httpGet: { path: /ready, port: 8080 }
            periodSeconds: 5
          livenessProbe:
            httpGet: { path: /live, port: 8080 }
          securityContext:
            runAsUser: 10001
            allowPrivilegeEscalation: false
        - name: metrics
          image: registry.example.com/exporter:2.1
          ports: [{ containerPort: 9100 }]
---
`;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p95(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
}

async function benchLsp() {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    mkdirSync(join(dir, 'platform'));
    writeFileSync(join(dir, 'platform', 'ns.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: enabled\n');
    let text = '';
    for (let i = 0; text.split('\n').length < 2000; i++) text += deployment(i);
    const lines = text.split('\n').length;
    const file = join(dir, 'apps.yaml');
    writeFileSync(file, text);
    const uri = pathToFileURL(file).href;

    const child = spawn(process.execPath, [join(ROOT, 'bin', 'meshlint.js'), 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
    const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const waiters = new Map();
    conn.onNotification('textDocument/publishDiagnostics', (p) => {
      const w = waiters.get(p.version);
      if (w) {
        waiters.delete(p.version);
        w(p.diagnostics);
      }
    });
    conn.onRequest('client/registerCapability', () => null);
    conn.onNotification('window/logMessage', () => {});
    conn.listen();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, initializationOptions: { debounceMs: 0 } });
    await conn.sendNotification('initialized', {});
    const diagnosticsOf = (version) => new Promise((resolve) => waiters.set(version, resolve));

    let version = 1;
    const opened = diagnosticsOf(version);
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    const first = await opened;

    // Each edit flips one replica count somewhere in the file (a real keystroke's worth of change).
    const times = [];
    let cpuFrom = NaN;
    for (let n = 0; n < 70; n++) {
      version++;
      const line = 9 + 51 * (n % 38);
      const got = diagnosticsOf(version);
      const t0 = process.hrtime.bigint();
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character: 12 }, end: { line, character: 13 } }, text: String(n % 2 ? 2 : 3) }],
      });
      await got;
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (n >= 10) times.push(ms);
      if (n === 9) cpuFrom = cpuOf(child.pid);
    }
    const cpuPerEdit = (cpuOf(child.pid) - cpuFrom) / times.length;
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    conn.dispose();
    console.log(`lsp: re-lint of one open ${lines}-line file (${first.length} findings) after an edit, end to end over stdio`);
    console.log(`  median ${ratio('LSP re-lint of a 2,000-line file, median', median(times), 30, false, `p95 ${p95(times).toFixed(1)} ms; server CPU ${fmt(cpuPerEdit, 1)} ms an edit`, 'ms')}, p95 ${p95(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} edits; the server's CPU ${fmt(cpuPerEdit, 1)} ms an edit`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SHARED = join(ROOT, '..', 'shared');
const MESHLINT = join(ROOT, 'bin', 'meshlint.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** GNU time, for each process's own CPU time and peak memory; without it, memory is polled from /proc. */
const TIME = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-f', '%U', 'true'], { encoding: 'utf8' }).status === 0 ? '/usr/bin/time' : undefined;
const TIME_MARK = '@@bench-time';

/** Runs a command to its end: wall time, CPU time (user + system, when GNU time is there), peak resident memory, output. */
function measure(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const [file, argv] = TIME ? [TIME, ['-f', `${TIME_MARK} %U %S %M`, cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, { cwd: opts.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let lines = 0;
    child.stdout.on('data', (d) => {
      if (opts.countLines) lines += d.toString().split('\n').length - 1;
      else stdout += d;
    });
    child.stderr.on('data', (d) => (stderr += d));
    let peakKB = 0;
    const poll = () => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKB = Math.max(peakKB, Number(m[1]));
      } catch {
        // gone, or no /proc
      }
    };
    const timer = setInterval(poll, 5);
    // Past its time, the measured process is stopped (SIGTERM), and GNU time, its parent when
    // there is one, still reports its CPU and peak.
    let stopped = false;
    const limit = opts.timeoutMs
      ? setTimeout(() => {
          stopped = true;
          let pids = [];
          try {
            pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
          } catch {
            // no /proc: the child itself
          }
          if (TIME && pids.length > 0) for (const pid of pids) process.kill(pid, 'SIGTERM');
          else child.kill('SIGTERM');
        }, opts.timeoutMs)
      : undefined;
    child.on('exit', () => poll());
    child.on('close', (code) => {
      clearInterval(timer);
      clearTimeout(limit);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const at = stderr.lastIndexOf(TIME_MARK);
      if (at === -1) return resolve({ ms, cpuMs: NaN, peakMB: peakKB / 1024, code, stdout, stderr, lines, stopped });
      const [user, sys, maxKB] = stderr.slice(at + TIME_MARK.length).trim().split(/\s+/).map(Number);
      resolve({ ms, cpuMs: (user + sys) * 1000, peakMB: maxKB / 1024, code, stdout, stderr: stderr.slice(0, at), lines, stopped });
    });
  });
}

/** Every .yaml, .yml and .json file under a path: the inputs all three tools read. */
function inputSize(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return { files: 1, bytes: st.size };
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(path)) {
    const sub = inputSize(join(path, name));
    if (statSync(join(path, name)).isDirectory() || /\.(ya?ml|json)$/.test(name)) {
      files += sub.files;
      bytes += sub.bytes;
    }
  }
  return { files, bytes };
}

function hasKubectl() {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
}

/** `--rule ID=warn` for every rule that is off by default: the benchmark runs every rule. */
function everyRule() {
  const out = spawnSync(process.execPath, [MESHLINT, 'rules'], { encoding: 'utf8' }).stdout;
  return out.split('\n').flatMap((l) => {
    const [id, level] = l.trim().split(/\s+/);
    return level === 'off' ? ['--rule', `${id}=warn`] : [];
  });
}

function tools(path, { recursive }) {
  const list = [
    {
      name: 'meshlint, every rule',
      run: () => measure(process.execPath, [MESHLINT, path, '-f', 'json', '-o', '/dev/null', '--stats', ...everyRule()]),
      documents: (r) => Number(/(\d+) documents/.exec(r.stderr)?.[1] ?? NaN),
    },
    {
      name: 'yaml parseAllDocuments',
      run: () => measure(process.execPath, [join(ROOT, 'scripts', 'bench', 'yaml-floor.mjs'), path]),
      documents: (r) => JSON.parse(r.stdout).documents,
    },
  ];
  if (hasKubectl()) {
    list.push({
      name: 'kubectl label --local',
      run: () => measure('kubectl', ['label', '--local', '-o', 'name', ...(recursive ? ['-R'] : []), '-f', path, 'meshlint=bench'], { countLines: true }),
      documents: (r) => r.lines,
    });
  }
  return list;
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

/** The ratios of this run, each with its target: printed where measured, and together at the end. */
const RATIOS = [];
/** `atLeast`: the target is a floor (speed against another tool), else a ceiling (time against a baseline). */
function ratio(name, value, target, atLeast, detail = '', unit = '\u00d7') {
  const met = Number.isFinite(value) ? (atLeast ? value >= target : value <= target) : undefined;
  const shown = unit === '\u00d7' ? `${fmt(value, 2)}\u00d7` : `${fmt(value, 1)} ${unit}`;
  const r = { name, value: shown, target: `${atLeast ? 'at least' : unit === '\u00d7' ? 'at most' : 'under'} ${target}${unit === '\u00d7' ? '\u00d7' : ` ${unit}`}`, met, detail };
  RATIOS.push(r);
  return `${shown} (target: ${r.target}${met === undefined ? '' : met ? ', met' : ', NOT met'})`;
}

/** A figure whose run did not finish (a crash, out of memory): not met, with why. */
function notFinished(name, target, atLeast, why, unit = '\u00d7') {
  RATIOS.push({ name, value: 'none', target: `${atLeast ? 'at least' : unit === '\u00d7' ? 'at most' : 'under'} ${target}${unit === '\u00d7' ? '\u00d7' : ` ${unit}`}`, met: false, detail: why });
}

/** A process's CPU time so far (user + system), from /proc; NaN where there is none. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // utime and stime, fields 14 and 15 of the line (12 and 13 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The ratios of this run, at the end, and written into docs/benchmarks.md when every section ran. */
function summarize(all) {
  if (RATIOS.length === 0) return;
  console.log('\nratios and targets of this run:');
  for (const r of RATIOS) console.log(`  ${r.name}: ${r.value} (target: ${r.target}${r.met === undefined ? '' : r.met ? ', met' : ', NOT met'})${r.detail ? `; ${r.detail}` : ''}`);
  if (!all) return;
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const page = readFileSync(file, 'utf8');
  const start = '<!-- last-figures:start -->';
  const end = '<!-- last-figures:end -->';
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to < from) return console.log(`  (docs/benchmarks.md has no ${start} … ${end} block: not written)`);
  const kubectl = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  const kv = kubectl.status === 0 ? (JSON.parse(kubectl.stdout).clientVersion?.gitVersion ?? '') : 'not found';
  const rows = RATIOS.map((r) => `| ${r.name} | ${r.value} | ${r.target} | ${r.met === undefined ? '' : r.met ? 'met' : '**not met**'} | ${r.detail} |`);
  const block = [
    start,
    `The last full run of \`npm run bench\` (BENCH_RUNS=${RUNS}), on ${availableParallelism()} cores, Node ${process.version}, kubectl ${kv}; written by the run itself:`,
    '',
    '| figure | this run | target | | note |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    end,
  ].join('\n');
  writeFileSync(file, page.slice(0, from) + block + page.slice(to + end.length));
  console.log('  (written into docs/benchmarks.md)');
}

/** Each tool RUNS times, round by round (so that a noisy moment hits all of them): the median time, the highest peak. */
async function compare(label, path, opts) {
  const { files, bytes } = inputSize(path);
  const list = [...tools(path, opts), ...(opts.extra ?? [])];
  const runs = list.map(() => []);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, t] of list.entries()) runs[i].push(await t.run());
  }
  const mb = bytes / 1e6;
  console.log(`\n${label}: ${fmt(mb)} MB in ${files} files; median of ${RUNS} runs`);
  console.log(`  ${'tool'.padEnd(26)} ${'time s'.padStart(7)} ${'CPU s'.padStart(6)} ${'MB/s'.padStart(6)} ${'docs'.padStart(6)} ${'docs/s'.padStart(7)} ${'peak RSS MB'.padStart(11)}`);
  const rows = list.map((t, i) => {
    const ms = median(runs[i].map((r) => r.ms));
    const cpuMs = median(runs[i].map((r) => r.cpuMs));
    const docs = t.documents(runs[i][0]);
    const peak = Math.max(...runs[i].map((r) => r.peakMB));
    console.log(`  ${t.name.padEnd(26)} ${fmt(ms / 1000, 2).padStart(7)} ${fmt(cpuMs / 1000, 1).padStart(6)} ${fmt(mb / (ms / 1000)).padStart(6)} ${String(docs).padStart(6)} ${fmt(docs / (ms / 1000), 0).padStart(7)} ${fmt(peak, 0).padStart(11)}`);
    return { name: t.name, ms, peak };
  });
  const [mesh, floor, kubectl] = rows;
  console.log(`  meshlint is ${fmt(floor.ms / mesh.ms, 2)}× the speed of the yaml floor (target: above 1)`);
  if (kubectl) {
    // Each run's ratio to kubectl's run of the same round, then their median: a noisy moment hits both.
    const perRound = (i) => median(runs[2].map((k, r) => k.ms / runs[i][r].ms));
    for (const [i, t] of list.entries()) {
      if (i === 1 || i === 2) continue;
      const target = opts.kubectlTarget?.[t.name];
      const peakNote = opts.peakTarget && target !== undefined ? `; peak ${fmt(rows[i].peak, 0)} MB (target: under ${opts.peakTarget} MB${rows[i].peak < opts.peakTarget ? ', met' : ', NOT met'})` : '';
      if (target !== undefined) console.log(`  ${t.name} is ${ratio(`${opts.short}: ${t.name} vs kubectl's decode, speed`, perRound(i), target, true, peakNote ? `peak ${fmt(rows[i].peak, 0)} MB: under ${opts.peakTarget} MB ${rows[i].peak < opts.peakTarget ? 'met' : '**not met**'}` : '')} the speed of kubectl's decode${peakNote}`);
      else console.log(`  ${t.name} is ${fmt(perRound(i), 2)}× the speed of kubectl's decode`);
    }
  } else console.log('  kubectl not found on PATH: its row is skipped');
  return rows;
}

/** The ~50 MB single file from the corpus (../shared/bench/make-big.mjs), and its first quarter and half. */
function bigFiles(dir) {
  const full = join(dir, 'big-4x.yaml');
  const made = spawnSync(process.execPath, [join(SHARED, 'bench', 'make-big.mjs'), full, '50'], { cwd: ROOT, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`make-big.mjs failed: ${made.stderr}`);
  const text = readFileSync(full, 'utf8');
  const cut = (fraction) => {
    const at = text.indexOf('\n---\n', Math.floor(text.length * fraction));
    return text.slice(0, at + 1);
  };
  writeFileSync(join(dir, 'big-1x.yaml'), cut(0.25));
  writeFileSync(join(dir, 'big-2x.yaml'), cut(0.5));
  return { x1: join(dir, 'big-1x.yaml'), x2: join(dir, 'big-2x.yaml'), x4: full };
}

async function benchThroughput() {
  if (!existsSync(join(SHARED, 'corpus'))) {
    console.log('throughput: skipped, ../shared/corpus is not there');
    return;
  }
  await compare('corpus (../shared/corpus)', join(SHARED, 'corpus'), { recursive: true, short: 'corpus', kubectlTarget: { 'meshlint, every rule': 2 } });
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    const big = bigFiles(dir);
    // Also with the default rules: autoscaler-safe-to-evict, off by default, offers a suggestion
    // (a syntax tree) on thousands of its workloads.
    const defaults = {
      name: 'meshlint, default rules',
      run: () => measure(process.execPath, [MESHLINT, big.x4, '-f', 'json', '-o', '/dev/null', '--stats']),
      documents: (r) => Number(/(\d+) documents/.exec(r.stderr)?.[1] ?? NaN),
    };
    await compare('one large file (make-big.mjs, 50 MB)', big.x4, { recursive: false, short: '50 MB file', extra: [defaults], kubectlTarget: { 'meshlint, every rule': 1, 'meshlint, default rules': 1 }, peakTarget: 300 });
    console.log('\ngrowth: meshlint (every rule, one thread: the same mode at every size) on the first quarter, half and all of that file');
    const times = [];
    for (const [label, path] of [['1×', big.x1], ['2×', big.x2], ['4×', big.x4]]) {
      const rs = [];
      for (let r = 0; r < RUNS; r++) rs.push(await measure(process.execPath, [MESHLINT, path, '-f', 'json', '-o', '/dev/null', '--concurrency', 'off', ...everyRule()]));
      const ms = median(rs.map((r) => r.ms));
      times.push(ms);
      console.log(`  ${label} ${fmt(inputSize(path).bytes / 1e6).padStart(5)} MB  ${fmt(ms / 1000, 2)} s  peak ${fmt(Math.max(...rs.map((r) => r.peakMB)), 0)} MB`);
    }
    console.log(`  time ratio 2×/1× ${fmt(times[1] / times[0], 2)}, 4×/2× ${fmt(times[2] / times[1], 2)} (target: at most 2)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchStartup() {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    const small = readFileSync(join(ROOT, 'examples', 'injection-host-network', 'good.yaml'));
    mkdirSync(join(dir, 'plain'));
    mkdirSync(join(dir, 'config'));
    for (const d of ['plain', 'config']) writeFileSync(join(dir, d, 'good.yaml'), small);
    writeFileSync(join(dir, 'config', '.meshlint.yaml'), 'rules:\n  startup-order-hold: [warn, { ignore: "app in (batch)" }]\n');
    // Each run a repository of its own, so that no config above it is found.
    for (const d of ['plain', 'config']) mkdirSync(join(dir, d, '.git'));
    const rounds = { node: [], plain: [], config: [] };
    for (let i = 0; i < 21; i++) {
      rounds.node.push(await measure(process.execPath, ['-e', '0'], { cwd: dir }));
      rounds.plain.push(await measure(process.execPath, [MESHLINT, 'good.yaml'], { cwd: join(dir, 'plain') }));
      rounds.config.push(await measure(process.execPath, [MESHLINT, 'good.yaml'], { cwd: join(dir, 'config') }));
    }
    const n = median(rounds.node.map((r) => r.ms));
    const nCpu = median(rounds.node.map((r) => r.cpuMs));
    console.log(`\nstartup: one small file against node -e 0 (${fmt(n, 0)} ms, ${fmt(nCpu, 0)} ms CPU); medians of 21 alternating runs, each ratio the median of the rounds' ratios`);
    for (const [key, label] of [['plain', 'no config'], ['config', 'a 2-line .meshlint.yaml']]) {
      const wall = median(rounds[key].map((r, i) => r.ms / rounds.node[i].ms));
      const cpu = median(rounds[key].map((r, i) => r.cpuMs / rounds.node[i].cpuMs));
      console.log(`  ${label.padEnd(24)} ${fmt(median(rounds[key].map((r) => r.ms)), 0)} ms: ${ratio(`start-up, ${label}, vs node -e 0`, wall, 1.6, false, `CPU ${fmt(cpu, 2)}\u00d7`)}; CPU ${fmt(cpu, 2)}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `count` injector MutatingWebhookConfigurations as revision installs write them: each with a
 * rev.namespace entry for its own revision; every hundredth is a default tag whose
 * namespace entry overlaps the others'. With `allOverlap`, every one is such a tag.
 */
function webhookConfigurations(count, allOverlap) {
  const entry = (name, service, ns) => [
    `  - name: ${name}`,
    '    admissionReviewVersions: [v1]',
    '    sideEffects: None',
    `    clientConfig: { service: { name: ${service}, namespace: istio-system, path: /inject } }`,
    '    namespaceSelector:',
    '      matchExpressions:',
    ...ns.map((e) => `        - ${e}`),
    '    objectSelector:',
    '      matchExpressions:',
    '        - { key: sidecar.istio.io/inject, operator: NotIn, values: ["false"] }',
  ];
  let out = '';
  for (let i = 0; i < count; i++) {
    const rev = `r${i}`;
    const tag = allOverlap || i % 100 === 0;
    out += [
      'apiVersion: admissionregistration.k8s.io/v1',
      'kind: MutatingWebhookConfiguration',
      'metadata:',
      `  name: ${tag ? `istio-revision-tag-t${i}` : `istio-sidecar-injector-${rev}`}`,
      `  labels: { istio.io/rev: ${rev} }`,
      'webhooks:',
      ...entry('rev.namespace.sidecar-injector.istio.io', `istiod-${rev}`, [`{ key: istio.io/rev, operator: In, values: [${rev}] }`, '{ key: istio-injection, operator: DoesNotExist }']),
      ...(tag ? entry('namespace.sidecar-injector.istio.io', `istiod-${rev}`, ['{ key: istio-injection, operator: In, values: [enabled] }']) : []),
      '---',
      '',
    ].join('\n');
  }
  return out;
}

/** webhook-overlap and the install facts on 1,000 injector webhook configurations in one file. */
async function benchWebhooks() {
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    console.log(`\nwebhooks: 1,000 MutatingWebhookConfigurations in one file, every rule; median of ${RUNS} runs`);
    for (const [label, allOverlap] of [['revisions side by side', false], ['all overlapping', true]]) {
      const file = join(dir, `webhooks-${allOverlap ? 'overlapping' : 'revisions'}.yaml`);
      writeFileSync(file, webhookConfigurations(1000, allOverlap));
      const rs = [];
      for (let r = 0; r < RUNS; r++) rs.push(await measure(process.execPath, [MESHLINT, file, '-f', 'json', '-o', '/dev/null', ...everyRule()]));
      const ms = median(rs.map((r) => r.ms));
      console.log(`  ${label.padEnd(24)} ${fmt(inputSize(file).bytes / 1e6, 2)} MB  ${fmt(ms / 1000, 2)} s  peak ${fmt(Math.max(...rs.map((r) => r.peakMB)), 0)} MB (target: a few seconds)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Namespace the diff benchmark changes: it starts to enforce Pod Security, its workloads' admission changes. */
const DIFF_NAMESPACE = join('real-repos', 'anthos-service-mesh-samples', 'docs', 'online-boutique-asm-manifests', 'base', 'all', 'namespace.yaml');

async function benchDiff() {
  const corpus = join(SHARED, 'corpus');
  if (!existsSync(join(corpus, DIFF_NAMESPACE))) {
    console.log('\ndiff: skipped, ../shared/corpus is not there');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    const repo = join(dir, 'repo');
    const git = (...args) => {
      const r = spawnSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
    };
    spawnSync('cp', ['-r', corpus, repo]);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const ns = join(repo, DIFF_NAMESPACE);
    writeFileSync(ns, readFileSync(ns, 'utf8').replace('istio-injection: enabled', 'istio-injection: enabled\n    pod-security.kubernetes.io/enforce: baseline'));
    git('commit', '-q', '-am', 'one namespace enforces Pod Security');
    const rows = [
      ['lint of the tree', ['-f', 'json', '-o', '/dev/null']],
      ['diff HEAD~1', ['diff', 'HEAD~1', '-f', 'json']],
      ['diff HEAD~1 HEAD', ['diff', 'HEAD~1', 'HEAD', '-f', 'json']],
    ];
    const runs = rows.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      for (const [i, [, args]] of rows.entries()) runs[i].push(await measure(process.execPath, [MESHLINT, ...args], { cwd: repo }));
    }
    const changed = JSON.parse(runs[1][0].stdout).workloads.changed.length;
    const lint = median(runs[0].map((r) => r.ms));
    console.log(`\ndiff: the corpus against itself with one namespace changed (${changed} workloads change), two commits; median of ${RUNS} runs`);
    for (const [i, [label]] of rows.entries()) {
      const ms = median(runs[i].map((r) => r.ms));
      const cpu = median(runs[i].map((r) => r.cpuMs));
      // The median of each round's ratio to that round's lint.
      const against = i === 0 ? '' : `  ${ratio(`${label} vs a lint of the tree`, median(runs[i].map((r, j) => r.ms / runs[0][j].ms)), 2, false)} the lint`;
      console.log(`  ${label.padEnd(18)} ${fmt(ms / 1000, 2).padStart(6)} s  CPU ${fmt(cpu / 1000, 1).padStart(5)} s  peak ${fmt(Math.max(...runs[i].map((r) => r.peakMB)), 0).padStart(4)} MB${against}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small Deployment of the corpus, the file a "one file changed" round edits (the first in name order). */
function smallDeployment(dir) {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1)).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : /\.ya?ml$/.test(e.name) ? [join(d, e.name)] : []));
  return walk(dir).find((f) => statSync(f).size < 4000 && /^kind: Deployment$/m.test(readFileSync(f, 'utf8')));
}

/**
 * cache: the corpus (a copy) with --cache. Each round edits one file (a comment added to a small
 * Deployment), then lints with the cache the last round left (the one-file-changed run); then
 * the facts pass alone (scripts/bench/facts-pass.ts, built as the CLI is: the inputs read as a
 * lint reads them, every fact gathered, nothing linted) and a lint without the cache; then the
 * cache again with nothing changed, with each strategy.
 */
async function benchCache() {
  const corpus = join(SHARED, 'corpus');
  if (!existsSync(corpus)) {
    console.log('\ncache: skipped, ../shared/corpus is not there');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
  try {
    const tree = join(dir, 'corpus');
    spawnSync('cp', ['-r', corpus, tree]);
    const victim = smallDeployment(tree);
    const probe = await buildProbe(join(ROOT, 'scripts', 'bench', 'facts-pass.ts'), join(dir, 'probe'));
    const lint = (extra) => measure(process.execPath, [MESHLINT, '.', '-f', 'json', '-o', '/dev/null', ...extra], { cwd: tree });
    const metadata = ['--cache', '--cache-location', join(dir, 'metadata.cache')];
    const content = ['--cache', '--cache-strategy', 'content', '--cache-location', join(dir, 'content.cache')];
    await lint(metadata);
    const rows = { changed: [], facts: [], cold: [], metadata: [], content: [] };
    let out = '';
    for (let round = 0; round < RUNS; round++) {
      writeFileSync(victim, `${readFileSync(victim, 'utf8')}# round ${round}\n`);
      rows.changed.push(await lint(metadata));
      rows.facts.push(await measure(process.execPath, [probe, '.'], { cwd: tree }));
      rows.cold.push(await lint([]));
      rows.metadata.push(await lint(metadata));
      await lint(content);
      rows.content.push(await lint(content));
      out = `${rows.cold.at(-1).code}/${rows.metadata.at(-1).code}/${rows.content.at(-1).code}`;
    }
    const med = (key) => median(rows[key].map((r) => r.ms));
    console.log(`\ncache: the corpus with --cache (exit codes cold/metadata/content ${out}); median of ${RUNS} runs, each ratio the median of the rounds' ratios`);
    const line = (label, key) => `  ${label.padEnd(34)} ${fmt(med(key) / 1000, 2).padStart(6)} s  CPU ${fmt(median(rows[key].map((r) => r.cpuMs)) / 1000, 1).padStart(5)} s  peak ${fmt(Math.max(...rows[key].map((r) => r.peakMB)), 0).padStart(4)} MB`;
    console.log(line('lint, no cache', 'cold'));
    console.log(line('the facts pass alone', 'facts'));
    console.log(`${line('one file changed, --cache', 'changed')}  ${ratio('cache: one file changed vs the facts pass alone', median(rows.changed.map((r, i) => r.ms / rows.facts[i].ms)), 1.5, false, `${fmt(median(rows.changed.map((r, i) => r.ms / rows.cold[i].ms)), 2)}\u00d7 a lint without the cache`)} the facts pass`);
    for (const key of ['metadata', 'content']) {
      console.log(`${line(`unchanged, --cache-strategy ${key}`, key)}  ${ratio(`cache: an unchanged corpus, ${key}, vs a lint without it, speed`, median(rows[key].map((r, i) => rows.cold[i].ms / r.ms)), 10, true)} faster`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The monorepo sizes, in MB (BENCH_MONOREPO_SIZES=128,512,1024 by default). */
const MONOREPO_SIZES = (process.env.BENCH_MONOREPO_SIZES ?? '128,512,1024').split(',').map(Number).filter((n) => n > 0);
/**
 * How long one monorepo lint may run, in seconds (BENCH_MONOREPO_TIMEOUT, 1,500 by default:
 * twice what 1 GB takes at the 128 MB run's throughput); one still running then is stopped and
 * reported as not finished, so that a full run of the benchmarks ends by itself.
 */
const MONOREPO_TIMEOUT_S = Number(process.env.BENCH_MONOREPO_TIMEOUT ?? 1500);

/**
 * monorepo: scripts/bench/monorepo.mjs builds a synthetic monorepo at each size (teams,
 * Namespaces, apps, charts, overlays, Flux objects, webhooks, all growing with it); meshlint
 * lints each once, with the default rules: throughput (MB/s), peak memory, and how far each
 * size's throughput is from the smallest's (target: within 20%), the peak under 1 GB.
 */
async function benchMonorepo() {
  const rows = [];
  for (const mb of MONOREPO_SIZES) {
    const dir = mkdtempSync(join(tmpdir(), 'meshlint-bench-'));
    try {
      const tree = join(dir, 'monorepo');
      const made = JSON.parse(spawnSync(process.execPath, [join(ROOT, 'scripts', 'bench', 'monorepo.mjs'), tree, String(mb)], { encoding: 'utf8' }).stdout);
      const r = await measure(process.execPath, [MESHLINT, '.', '-f', 'json', '-o', '/dev/null', '--stats'], { cwd: tree, timeoutMs: MONOREPO_TIMEOUT_S * 1000 });
      // A lint ends with 0 or 1 (findings); anything else did not finish: its speed means nothing.
      const failed = r.stopped
        ? `did not finish: stopped after ${MONOREPO_TIMEOUT_S} s (BENCH_MONOREPO_TIMEOUT)`
        : r.code === 0 || r.code === 1
          ? undefined
          : `did not finish: exit ${r.code}${/heap out of memory|Reached heap limit/.test(r.stderr) ? ', out of memory' : ''}`;
      rows.push({ mb, made, r, failed });
      console.log(`  ${fmt(made.bytes / 1e6, 0)} MB, ${made.files} files, ${made.namespaces} namespaces, ${made.webhooks} webhooks: ${fmt(r.ms / 1000, 1)} s, CPU ${fmt(r.cpuMs / 1000, 1)} s, ${fmt(made.bytes / 1e6 / (r.ms / 1000), 2)} MB/s, peak ${fmt(r.peakMB, 0)} MB (exit ${r.code}${failed ? `: ${failed}` : ''})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (rows.length === 0) return;
  const speed = (row) => row.made.bytes / row.r.ms;
  const first = rows[0];
  console.log(`\nmonorepo: a synthetic monorepo at ${rows.map((x) => `${x.mb} MB`).join(', ')}, linted once each`);
  for (const row of rows.slice(1)) {
    const name = `monorepo: throughput at ${row.mb} MB vs at ${first.mb} MB`;
    if (row.failed || first.failed) notFinished(name, 0.8, true, row.failed ?? `at ${first.mb} MB: ${first.failed}`);
    else ratio(name, speed(row) / speed(first), 0.8, true, `${fmt(row.made.bytes / 1e6 / (row.r.ms / 1000), 2)} MB/s against ${fmt(first.made.bytes / 1e6 / (first.r.ms / 1000), 2)}`);
  }
  for (const row of rows) {
    const name = `monorepo: peak memory at ${row.mb} MB`;
    if (row.failed) notFinished(name, 1024, false, `${row.failed}, after ${fmt(row.r.ms / 1000, 0)} s at ${fmt(row.r.peakMB, 0)} MB`, 'MB');
    else ratio(name, row.r.peakMB, 1024, false, `${row.made.files} files`, 'MB');
  }
}

const only = process.argv[2];
const benches = { startup: benchStartup, throughput: benchThroughput, cache: benchCache, diff: benchDiff, lsp: benchLsp, webhooks: benchWebhooks, monorepo: benchMonorepo };
for (const [name, run] of Object.entries(benches)) {
  if (!only || only === name) await run();
}
summarize(!only);
