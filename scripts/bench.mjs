// Benchmarks, run with `npm run bench`; figures are printed, never asserted (machines are noisy).
//
// lsp: re-linting one open 2,000-line file after an edit, measured end to end through a real
// LSP client over the server's stdio: from sending textDocument/didChange to receiving the
// diagnostics for that version (debounce set to 0), over 60 edits after 10 warm-up edits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

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
    }
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    conn.dispose();
    console.log(`lsp: re-lint of one open ${lines}-line file (${first.length} findings) after an edit, end to end over stdio`);
    console.log(`  median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} edits (target: under 30 ms)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
const benches = { lsp: benchLsp };
for (const [name, run] of Object.entries(benches)) {
  if (!only || only === name) await run();
}
