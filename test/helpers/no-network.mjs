// meshlint is offline and inert: no mode may open a connection or resolve a name. The test
// runner preloads this module (node --import) into the suite and, through NODE_OPTIONS, into
// every Node process a test starts, so any attempt fails the test that made it.
//
// Every way out throws at once. An attempt is also recorded and said on stderr, and the
// process then exits non-zero, so code that catches and ignores the error is still caught.
// A test that provokes attempts on purpose sets `expected` on the shared state meanwhile:
// they still throw, but are neither recorded nor said.
// Plain JavaScript, so that it loads before tsx. Importing it again changes nothing.
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { basename } from 'node:path';
import tls from 'node:tls';

export const GUARD_MESSAGE = 'meshlint test: network access attempted';
const STATE = Symbol.for('meshlint.test.noNetwork');
/**
 * npm and npx are not meshlint, and inherit NODE_OPTIONS too: pre-commit's node language
 * installs the hooks with them (test/pre-commit.test.ts), from the registry or its cache.
 */
const isNpm = /^np[mx](-cli)?(\.c?js)?$/.test(basename(process.argv[1] ?? ''));

if (!globalThis[STATE] && !isNpm) {
  /** What was attempted, in order. */
  const attempts = [];
  const state = { attempts, expected: false };
  globalThis[STATE] = state;

  const refuse = (what) => {
    if (state.expected) throw new Error(`${GUARD_MESSAGE}: ${what}`);
    attempts.push(what);
    process.stderr.write(`${GUARD_MESSAGE}: ${what}\n`);
    throw new Error(`${GUARD_MESSAGE}: ${what}`);
  };
  const describe = (args) => {
    const [a, b] = args;
    if (a && typeof a === 'object' && !(a instanceof URL)) return JSON.stringify({ host: a.host ?? a.hostname, port: a.port, path: a.path ?? a.socketPath });
    return [a, typeof b === 'string' || typeof b === 'number' ? b : undefined].filter((x) => x !== undefined).map(String).join(' ');
  };
  /**
   * tsx, the suite's TypeScript loader, looks for the IPC pipe of a parent tsx CLI
   * (<tmp>/tsx-<uid>/<ppid>.pipe) and carries on without it: a local pipe, no network.
   */
  const isLoaderPipe = (args) => {
    // net.connect hands Socket#connect its arguments normalized, as one array.
    const [a] = Array.isArray(args[0]) ? args[0] : args;
    const path = typeof a === 'string' ? a : a && typeof a === 'object' ? a.path : undefined;
    return typeof path === 'string' && /[\\/]tsx-[^\\/]+[\\/]\d+\.pipe$/.test(path);
  };
  const block = (owner, names, label, allow = () => false) => {
    for (const name of names) {
      const original = owner?.[name];
      if (typeof original !== 'function') continue;
      owner[name] = function blocked(...args) {
        if (allow(args)) return original.apply(this, args);
        return refuse(`${label}.${name}(${describe(args)})`);
      };
    }
  };

  // net.connect/createConnection, tls.connect and http(s) agents all end in Socket#connect;
  // the named functions are blocked as well so that the error names what was called.
  block(net.Socket.prototype, ['connect'], 'net.Socket', isLoaderPipe);
  block(net, ['connect', 'createConnection'], 'net', isLoaderPipe);
  block(tls, ['connect'], 'tls');
  block(http, ['request', 'get'], 'http');
  block(https, ['request', 'get'], 'https');
  block(http2, ['connect'], 'http2');
  block(dgram.Socket.prototype, ['connect', 'send'], 'dgram.Socket');

  const resolvers = ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'];
  block(dns, resolvers, 'dns');
  block(dns.Resolver.prototype, resolvers, 'dns.Resolver');
  block(dns.promises, resolvers, 'dns.promises');
  block(dns.promises.Resolver.prototype, resolvers, 'dns.promises.Resolver');

  block(globalThis, ['fetch'], 'globalThis');
  if (typeof globalThis.WebSocket === 'function') {
    globalThis.WebSocket = function WebSocket(url) {
      return refuse(`new WebSocket(${String(url)})`);
    };
  }
  // `import { connect } from 'node:net'` reads the ESM bindings: bring them up to date.
  syncBuiltinESMExports();

  process.on('exit', () => {
    if (attempts.length === 0) return;
    process.stderr.write(`${GUARD_MESSAGE} ${attempts.length} time(s): ${attempts.join('; ')}\n`);
    process.exitCode = 1;
  });
}
