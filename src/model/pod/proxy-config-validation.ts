// agent.ValidateMeshConfigProxyConfig (pkg/config/validation/agent/validation.go) and the mesh
// config's own checks, on the code defaults with the annotation applied: durations, addresses
// and ranges as Istio's Go code parses them.
import { atLeast, type IstioVersion } from '../install/istio-version.ts';
import { type ProxyConfigProblem, PROXY_CONFIG_ENUMS, type ConfigPath, formatConfigPath, isMapping, quoted, addProblem, numericStringContent, parseGoDuration } from './proxy-config-schema.ts';

const MS = 1_000_000n;
const SECOND = 1_000_000_000n;

function isDns1123Label(label: string): boolean {
  return label.length <= 63 && /^[a-zA-Z0-9](?:[-a-zA-Z0-9]*[a-zA-Z0-9])?$/.test(label);
}

/** Go's strconv.Atoi: an optional sign and decimal digits. */
const isGoInt = (s: string): boolean => /^[+-]?\d+$/.test(s);

function validFqdn(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  const parts = host.split('.');
  if (isGoInt(parts[parts.length - 1] ?? '')) return false;
  for (let i = 0; i < parts.length; i++) {
    const label = parts[i] ?? '';
    if (i === parts.length - 1 && label === '') return true;
    if (!isDns1123Label(label)) return false;
  }
  return true;
}

function validIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** netip.ParseAddr: IPv4 dotted decimal, or IPv6 (with an optional zone and an embedded IPv4 tail). */
export function validIPAddress(s: string): boolean {
  if (validIPv4(s)) return true;
  const pct = s.indexOf('%');
  const addr = pct === -1 ? s : s.slice(0, pct);
  if (pct !== -1 && pct === s.length - 1) return false;
  if (!addr.includes(':')) return false;
  let groups = 8;
  let body = addr;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!validIPv4(tail)) return false;
    body = body.slice(0, lastColon + 1) + '0:0';
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const hex = (part: string): string[] | undefined => {
    if (part === '') return [];
    const g = part.split(':');
    return g.every((x) => /^[0-9a-fA-F]{1,4}$/.test(x)) ? g : undefined;
  };
  const left = hex(halves[0] ?? '');
  const right = halves.length === 2 ? hex(halves[1] ?? '') : [];
  if (!left || !right) return false;
  const count = left.length + right.length;
  return halves.length === 2 ? count < groups : count === groups;
}

/** ValidateProxyAddress: host:port with a port in 1..65535 and a DNS-1123 name or an IP. */
export function proxyAddressProblem(hostPort: string): string | undefined {
  const colon = hostPort.lastIndexOf(':');
  if (colon === -1) return 'missing port in address';
  let host: string;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end === -1) return 'missing \']\' in address';
    if (end + 1 === hostPort.length) return 'missing port in address';
    if (end + 1 !== colon) return hostPort[end + 1] === ':' ? 'too many colons in address' : 'missing port in address';
    host = hostPort.slice(1, end);
    if (hostPort.slice(1).includes('[')) return 'unexpected \'[\' in address';
    if (hostPort.slice(end + 1).includes(']')) return 'unexpected \']\' in address';
  } else {
    host = hostPort.slice(0, colon);
    if (host.includes(':')) return 'too many colons in address';
    if (host.includes('[')) return 'unexpected \'[\' in address';
    if (host.includes(']')) return 'unexpected \']\' in address';
  }
  const port = hostPort.slice(colon + 1);
  if (!isGoInt(port)) return `port "${port}" is not a number`;
  const n = Number(port);
  if (n < 1 || n > 65535) return `port number ${n} must be in the range 1..65535`;
  if (!validFqdn(host) && !validIPAddress(host)) return `"${host}" is not a valid hostname or an IP address`;
  return undefined;
}

/** The value jsonpb ends up with for a field: the JSON name's when written, else the proto name's; null means unset. */
export function read(obj: unknown, jsonKey: string): unknown {
  if (!isMapping(obj)) return undefined;
  const protoKey = jsonKey.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const v = jsonKey in obj ? obj[jsonKey] : obj[protoKey];
  return v === null ? undefined : v;
}

/** The member of a oneof jsonpb keeps: the last one written, in declaration order. */
function oneofMember(obj: unknown, members: readonly string[]): string | undefined {
  let chosen: string | undefined;
  for (const m of members) if (read(obj, m) !== undefined) chosen = m;
  return chosen;
}

function durationOf(v: unknown): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  const d = parseGoDuration(v);
  return typeof d === 'bigint' ? d : undefined;
}

function integerOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? numericStringContent(v) : undefined;
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function enumNumber(v: unknown, values: Readonly<Record<string, number>>): number | undefined {
  if (typeof v === 'string') return values[v];
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** The checks of ValidateMeshConfigProxyConfig that an annotation can fail (the defaults pass them all). */
export function validate(pc: Record<string, unknown>, version: IstioVersion | undefined, errors: ProxyConfigProblem[], prefix: ConfigPath = []): void {
  // A value that already failed its type check is not validated again.
  const add = (path: ConfigPath, message: string): void => {
    const where = formatConfigPath([...prefix, ...path]);
    if (!errors.some((e) => e.path === where)) addProblem(errors, { path: where, message: prefix.length > 0 ? `${formatConfigPath(prefix)}.${message}` : message, kind: 'value' });
  };
  const str = (key: string): string | undefined => {
    const v = read(pc, key);
    return typeof v === 'string' ? v : undefined;
  };
  const address = (path: ConfigPath, value: string, what: string): void => {
    const problem = proxyAddressProblem(value);
    if (problem) add(path, `${what} ${quoted(value)} is not a valid host:port: ${problem}`);
  };

  if (str('configPath') === '') add(['configPath'], 'configPath is empty');
  if (str('binaryPath') === '') add(['binaryPath'], 'binaryPath is empty');
  if (oneofMember(pc, ['serviceCluster', 'tracingServiceName']) === 'serviceCluster' && str('serviceCluster') === '') {
    add(['serviceCluster'], 'serviceCluster is empty');
  }

  const drain = durationOf(read(pc, 'drainDuration'));
  if (drain !== undefined) {
    if (drain < MS) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is shorter than 1ms`);
    else if (drain % MS !== 0n) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is finer than milliseconds`);
    else if (drain % SECOND !== 0n) add(['drainDuration'], `drainDuration ${JSON.stringify(read(pc, 'drainDuration'))} is not a whole number of seconds`);
  }

  const discovery = str('discoveryAddress');
  if (discovery === '') add(['discoveryAddress'], 'discoveryAddress is empty');
  else if (discovery !== undefined) address(['discoveryAddress'], discovery, 'discoveryAddress');

  const tracing = read(pc, 'tracing');
  if (isMapping(tracing)) {
    const tracer = oneofMember(tracing, ['zipkin', 'lightstep', 'datadog', 'stackdriver', 'openCensusAgent']);
    const conf = tracer ? read(tracing, tracer) : undefined;
    if (isMapping(conf) && (tracer === 'zipkin' || tracer === 'datadog' || tracer === 'lightstep')) {
      const raw = read(conf, 'address');
      const addr = typeof raw === 'string' ? raw : '';
      const at = ['tracing', tracer, 'address'];
      if (tracer === 'lightstep') {
        if (addr === '') add(at, 'tracing.lightstep.address is missing');
        else address(at, addr, 'tracing.lightstep.address');
        const token = read(conf, 'accessToken');
        if (typeof token !== 'string' || token === '') add(['tracing', tracer, 'accessToken'], 'tracing.lightstep.accessToken is missing');
      } else {
        // Istio substitutes the node IP variable before it checks the address.
        const problem = proxyAddressProblem(addr.replace('$(HOST_IP)', '127.0.0.1'));
        if (problem) add(addr === '' && read(conf, 'address') === undefined ? ['tracing', tracer] : at, addr === '' ? `tracing.${tracer}.address is missing` : `tracing.${tracer}.address ${quoted(addr)} is not a valid host:port: ${problem}`);
      }
    }
    const tls = read(tracing, 'tlsSettings');
    if (isMapping(tls)) {
      const mode = enumNumber(read(tls, 'mode'), PROXY_CONFIG_ENUMS['ClientTLSSettings.TLSmode'] ?? {});
      const filled = (k: string): boolean => {
        const x = read(tls, k);
        return typeof x === 'string' && x !== '';
      };
      if ((mode === 1 || mode === 2) && filled('credentialName')) {
        for (const k of ['clientCertificate', 'caCertificates', 'privateKey']) {
          if (filled(k)) add(['tracing', 'tlsSettings', k], `tracing.tlsSettings.${k} is set together with credentialName`);
        }
      } else if (mode === 2) {
        const missing = ['clientCertificate', 'privateKey'].filter((k) => !filled(k));
        if (missing.length > 0) add(['tracing', 'tlsSettings', 'mode'], `tracing.tlsSettings uses MUTUAL without ${missing.join(' and ')}`);
      }
    }
  }

  const statsd = str('statsdUdpAddress');
  if (statsd) address(['statsdUdpAddress'], statsd, 'statsdUdpAddress');
  const metricsAddr = str('envoyMetricsServiceAddress');
  if (metricsAddr) address(['envoyMetricsServiceAddress'], metricsAddr, 'envoyMetricsServiceAddress');
  for (const key of ['envoyMetricsService', 'envoyAccessLogService']) {
    const a = read(read(pc, key), 'address');
    if (typeof a === 'string' && a !== '') address([key, 'address'], a, `${key}.address`);
  }

  for (const key of ['proxyAdminPort', 'statusPort']) {
    const port = integerOf(read(pc, key));
    if (port !== undefined && (port < 1 || port > 65535)) add([key], `${key} ${port} is outside 1..65535`);
  }

  const auth = enumNumber(read(pc, 'controlPlaneAuthPolicy'), PROXY_CONFIG_ENUMS['AuthenticationPolicy'] ?? {});
  if (auth !== undefined && auth !== 0 && auth !== 1) {
    add(['controlPlaneAuthPolicy'], `controlPlaneAuthPolicy ${JSON.stringify(read(pc, 'controlPlaneAuthPolicy'))} is neither NONE nor MUTUAL_TLS`);
  }

  const pkp = read(pc, 'privateKeyProvider');
  if (isMapping(pkp)) {
    const provider = oneofMember(pkp, ['cryptomb', 'qat']);
    const conf = provider ? read(pkp, provider) : undefined;
    if (!provider) add(['privateKeyProvider'], 'privateKeyProvider names neither cryptomb nor qat');
    else if (isMapping(conf)) {
      const raw = read(conf, 'pollDelay');
      const delay = durationOf(raw);
      if (raw === undefined) add(['privateKeyProvider', provider], `privateKeyProvider.${provider}.pollDelay is missing`);
      else if (delay === 0n) add(['privateKeyProvider', provider, 'pollDelay'], `privateKeyProvider.${provider}.pollDelay is zero`);
    }
  }

  const cs = read(pc, 'connectionSettings');
  if (isMapping(cs) && (!version || atLeast(version, 1, 31))) {
    const nonNegative = ['listenerPerConnectionBufferLimitBytes', 'clusterPerConnectionBufferLimitBytes'];
    const positive = ['httpMaxConcurrentStreams', 'listenerConnectionLimit', 'globalDownstreamConnectionLimit'];
    const windows = ['http2InitialStreamWindowSize', 'http2InitialConnectionWindowSize'];
    const durations = ['httpIdleTimeout', 'httpMaxConnectionDuration', 'httpDrainTimeout', 'httpRequestTimeout', 'httpRequestHeadersTimeout', 'httpStreamIdleTimeout', 'httpMaxStreamDuration'];
    for (const k of nonNegative) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n < 0) add(['connectionSettings', k], `connectionSettings.${k} is negative`);
    }
    for (const k of positive) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n <= 0) add(['connectionSettings', k], `connectionSettings.${k} is ${n}, not positive`);
    }
    for (const k of windows) {
      const n = integerOf(read(cs, k));
      if (n !== undefined && n < 65535) add(['connectionSettings', k], `connectionSettings.${k} is ${n}, below 65535`);
    }
    for (const k of durations) {
      const d = durationOf(read(cs, k));
      if (d !== undefined && d < 0n) add(['connectionSettings', k], `connectionSettings.${k} is negative`);
    }
  }
}

/** The checks of agent.ValidateMeshConfig that a mesh config's own fields can fail (the defaults pass them all). */
export function validateMesh(mesh: Record<string, unknown>, version: IstioVersion | undefined, errors: ProxyConfigProblem[]): void {
  const add = (key: string, message: string): void => {
    if (!errors.some((e) => e.path === key)) addProblem(errors, { path: key, message, kind: 'value' });
  };
  const port = integerOf(read(mesh, 'proxyListenPort'));
  if (port !== undefined && (port < 1 || port > 65535)) add('proxyListenPort', `proxyListenPort ${port} is outside 1..65535`);
  const connectRaw = read(mesh, 'connectTimeout');
  const connect = durationOf(connectRaw);
  if (connect !== undefined) {
    if (connect < MS) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is shorter than 1ms`);
    else if (connect % MS !== 0n) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is finer than milliseconds`);
    else if (connect > 3600n * SECOND) add('connectTimeout', `connectTimeout ${JSON.stringify(connectRaw)} is longer than 1h`);
  }
  const detectionRaw = read(mesh, 'protocolDetectionTimeout');
  const detection = durationOf(detectionRaw);
  if (detection !== undefined && detection % MS !== 0n) add('protocolDetectionTimeout', `protocolDetectionTimeout ${JSON.stringify(detectionRaw)} is finer than milliseconds`);
  // Only the key spelled defaultConfig is merged into the proxy defaults and validated.
  const proxy = mesh.defaultConfig;
  if (isMapping(proxy)) validate(proxy, version, errors, ['defaultConfig']);
}
