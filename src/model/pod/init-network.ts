// Does a container connect out of the pod when it runs? Read from what the manifest says it
// runs: its command and args (shell scripts given with `sh -c` included), its image when the
// image's entrypoint is a known network client, and its environment. Only strong evidence
// counts (src/model/data/network-clients.ts): a known client pointed at a host that is not
// the pod itself, or an app's `migrate` subcommand with a database address in its
// environment. Anything else is no evidence.
import {
  ADDRESS_ENV_SUFFIXES, LOCAL_HOSTS, LOCAL_SCHEMES, MIGRATE_PAIRS, MIGRATE_WORDS, NETWORK_CLIENTS, DEV_TCP_SHELLS, NON_RUNNERS, NOT_HOSTS, PLAIN_IMAGES, PREFIX_WORDS,
  SCHEME_PORTS, SELF_ADDRESS_WORDS, SHELLS, type NetworkClient,
} from '../data/network-clients.ts';
import { asObject, type Container } from '../workload.ts';
import type { Path } from '../../common/types.ts';

/** A connection a container opens: with what, to which ports ('unknown' when nothing says), and where the manifest shows it. */
export interface Dial {
  readonly client: string;
  readonly ports: readonly number[] | 'unknown';
  readonly path: Path;
}

/** Bounds on hostile input. */
const MAX_ARGS = 200;
const MAX_SCRIPT = 64 * 1024;
const MAX_COMMANDS = 500;
const MAX_WORDS = 200;
const MAX_ENV = 500;
const MAX_DEPTH = 3;
const MAX_NESTED = 20;
/** Script text read per container, nested `sh -c` scripts included. */
const MAX_SCRIPT_TOTAL = 256 * 1024;

interface Budget {
  chars: number;
}

const BY_NAME = new Map<string, NetworkClient>();
const BY_IMAGE = new Map<string, NetworkClient>();
for (const c of NETWORK_CLIENTS) {
  for (const n of c.names) BY_NAME.set(n, c);
  for (const i of c.images ?? []) BY_IMAGE.set(i, c);
}
const MIGRATION: NetworkClient = { label: 'its own', names: [], dials: 'address-env' };

interface Word {
  readonly text: string;
  readonly path: Path;
}

/** What an environment variable holds: a literal, or a reference whose value is not in the manifest. */
type EnvValue = { readonly literal: string } | { readonly from: 'secret' | 'configmap' | 'pod' };

function envOf(c: Container): Map<string, EnvValue> {
  const out = new Map<string, EnvValue>();
  const list = c.object.env;
  if (!Array.isArray(list)) return out;
  for (const item of list.slice(0, MAX_ENV)) {
    const e = asObject(item);
    if (!e || typeof e.name !== 'string') continue;
    if (typeof e.value === 'string' || typeof e.value === 'number') {
      out.set(e.name, { literal: String(e.value) });
      continue;
    }
    const from = asObject(e.valueFrom);
    if (!from) {
      out.set(e.name, { literal: '' });
      continue;
    }
    out.set(e.name, { from: asObject(from.secretKeyRef) ? 'secret' : asObject(from.configMapKeyRef) ? 'configmap' : 'pod' });
  }
  return out;
}

const basename = (s: string): string => s.slice(s.lastIndexOf('/') + 1);

/** A program's name as a migration word: `./migrate.sh` → `migrate`. */
const migrateName = (s: string): string => basename(s).replace(/\.(sh|py|js|rb)$/, '');

/** The image's repository name without registry, tag or digest: `bitnami/kubectl:1.29` → `kubectl`. */
export function imageName(image: string): string {
  const noDigest = image.split('@')[0] as string;
  const last = basename(noDigest);
  const colon = last.indexOf(':');
  return (colon >= 0 ? last.slice(0, colon) : last).toLowerCase();
}

/** A remote address, with its port when known; undefined when the text is no address or names the pod itself. */
interface Address {
  readonly port: number | undefined;
}

/** `$NAME`, `${NAME}`, `${NAME:-default}`, and Kubernetes' `$(NAME)`. */
const VAR = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}|\(([A-Za-z_][A-Za-z0-9_]*)\)|([A-Za-z_][A-Za-z0-9_]*))$/;

/** The variable a whole word reads, if it is one. */
function varName(text: string): string | undefined {
  const v = VAR.exec(text);
  return v ? ((v[1] ?? v[4] ?? v[5]) as string) : undefined;
}

/** What a variable word stands for: a literal (from the container's env, or the shell default), or opaque (a Secret, the pod, the script). */
function varValue(text: string, env: Map<string, EnvValue>): { readonly literal: string } | { readonly opaque: true } | undefined {
  const v = VAR.exec(text);
  if (!v) return undefined;
  const value = env.get((v[1] ?? v[4] ?? v[5]) as string);
  const fallback = v[2] !== undefined ? (v[3] as string) : undefined;
  if (value && 'literal' in value) return fallback !== undefined && value.literal === '' && v[2] === ':-' ? { literal: fallback } : value;
  if (value) return { opaque: true };
  return fallback !== undefined ? { literal: fallback } : { opaque: true };
}

function portOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 && n < 65536 ? n : undefined;
}

/** A host as written: local, remote, or a variable resolved through the environment. */
function hostIsRemote(host: string, env: Map<string, EnvValue>, depth = 0): boolean {
  const h = host.toLowerCase();
  if (LOCAL_HOSTS.has(h) || h.startsWith('127.') || NOT_HOSTS.has(h)) return false;
  const value = varValue(host, env);
  if (value) {
    if ('literal' in value) return depth < 2 && valueAddress(value.literal, env, depth + 1) !== undefined;
    // A host taken from a Secret, a ConfigMap, the pod or the script: not the pod's loopback.
    return true;
  }
  if (/\$/.test(host)) return true;
  return /^[A-Za-z0-9_.\-\[\]:]+$/.test(host) && (/[A-Za-z]/.test(host) || /^\d+\.\d+\.\d+\.\d+$/.test(host));
}

/** The address a value names where an address is expected (an environment variable, a host flag): a URL, host:port, or a bare host. */
function valueAddress(value: string, env: Map<string, EnvValue>, depth = 0): Address | undefined {
  const text = value.trim();
  const a = addressOf(text, env, false, depth);
  if (a) return a;
  if (/^[A-Za-z0-9_.\-]+$/.test(text) && hostIsRemote(text, env, depth)) return { port: undefined };
  if (VAR.test(text)) return hostIsRemote(text, env, depth) ? { port: undefined } : undefined;
  return undefined;
}

/**
 * The remote address a word names: `scheme://host[:port]`, `jdbc:sub://host:port`,
 * `user@host:path` (scp-like), `host:port`, or (with `bare`) a host name with a dot or a
 * `$VAR` resolved through the environment.
 */
function addressOf(word: string, env: Map<string, EnvValue>, bare: boolean, depth = 0): Address | undefined {
  const text = word.trim();
  if (text === '' || text.startsWith('/') || text.startsWith('.') || text.startsWith('-')) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.\-]*):\/\/([^/?#]*)/.exec(text.startsWith('jdbc:') ? text.slice(5) : text);
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase().split('+')[0] as string;
    if (LOCAL_SCHEMES.has(name)) return undefined;
    // Userinfo may hold '@' and ':'; the host is after the last '@'.
    const authority = (scheme[2] as string).slice((scheme[2] as string).lastIndexOf('@') + 1);
    if (authority === '') return undefined;
    const m = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority);
    const host = m?.[1] ?? authority;
    // A list of hosts (host1:5432,host2:5432) or a port that is a variable: the first host decides.
    const firstHost = host.split(',')[0] as string;
    if (!hostIsRemote(firstHost, env, depth)) return undefined;
    const written = m?.[2]?.split(',')[0];
    const fromVar = written !== undefined ? varValue(written, env) : undefined;
    const explicit = portOf(written) ?? (fromVar && 'literal' in fromVar ? portOf(fromVar.literal) : undefined);
    // A port written but not known (`:$PORT`): no default applies.
    if (written !== undefined && written !== '' && explicit === undefined) return { port: undefined };
    const fallback = SCHEME_PORTS[name] ?? undefined;
    if (explicit !== undefined || !firstHost.includes('$')) return { port: explicit ?? fallback };
    // A host from a variable may carry its own port (FRONTEND_ADDR=frontend:8080).
    const value = varValue(firstHost, env);
    if (!value || !('literal' in value)) return { port: undefined };
    const own = /:(\d{1,5})$/.exec(value.literal.trim());
    return { port: own ? portOf(own[1]) : value.literal.includes('/') ? undefined : fallback };
  }
  const scp = /^[A-Za-z0-9_.\-]+@([A-Za-z0-9_.\-]+):/.exec(text);
  if (scp) return hostIsRemote(scp[1] as string, env, depth) ? { port: 22 } : undefined;
  const hostPort = /^([A-Za-z0-9_.\-${}()]+):(\d{1,5})(?:\/.*)?$/.exec(text);
  if (hostPort) return hostIsRemote(hostPort[1] as string, env, depth) ? { port: portOf(hostPort[2]) } : undefined;
  if (!bare) return undefined;
  if (VAR.test(text)) return hostIsRemote(text, env, depth) ? { port: undefined } : undefined;
  const host = /^([A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+)(?:\/.*)?$/.exec(text);
  // A dotted word that is a file name (config.yaml) is no host.
  if (host && !/\.(ya?ml|json|sh|txt|conf|cfg|sql|py|js|xml|ini|toml|env|properties|jar|tar|gz|tgz|zip|pem|crt|key)$/i.test(host[1] as string)) {
    return hostIsRemote(host[1] as string, env, depth) ? { port: undefined } : undefined;
  }
  return undefined;
}

/** An environment variable that names where the container connects: its address, or undefined. */
function envAddress(name: string, value: EnvValue, env: Map<string, EnvValue>): Address | undefined {
  const upper = name.toUpperCase();
  if (!ADDRESS_ENV_SUFFIXES.some((s) => upper.endsWith(s))) return undefined;
  const parts = upper.split('_');
  if (parts.some((p) => SELF_ADDRESS_WORDS.includes(p))) return undefined;
  if ('from' in value) return value.from === 'pod' ? undefined : { port: undefined };
  // `$(POD_IP)`: the pod's own fields name no server.
  const ref = varName(value.literal.trim());
  const refValue = ref !== undefined ? env.get(ref) : undefined;
  if (refValue && 'from' in refValue && refValue.from === 'pod') return undefined;
  return valueAddress(value.literal, env);
}

/** The addresses in the environment: a database named by DATABASE_URL, DB_HOST, … */
function envAddresses(env: Map<string, EnvValue>): Address[] {
  const out: Address[] = [];
  for (const [name, value] of env) {
    const a = envAddress(name, value, env);
    if (a) out.push(a);
  }
  return out;
}

const portsOf = (addresses: readonly Address[], fallback: number | undefined): readonly number[] | 'unknown' => {
  const ports = addresses.map((a) => a.port ?? fallback);
  return ports.length > 0 && ports.every((p) => p !== undefined) ? [...new Set(ports as number[])] : 'unknown';
};

/** Splits a flag word: `--port=5433` → ['--port', '5433']. */
function flagParts(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined];
}

const isRedirect = (w: string): boolean => /^\d*[<>]/.test(w) || /^&?>/.test(w);

/** How one run of a client reads: does it connect out, and to which ports? */
function clientDial(client: NetworkClient, args: readonly string[], env: Map<string, EnvValue>): readonly number[] | 'unknown' | undefined {
  const local = new Set(client.local ?? []);
  const valueFlags = new Set([...(client.valueFlags ?? []), ...(client.portFlags ?? []), ...(client.hostFlags ?? [])]);
  const hostFlags = new Set(client.hostFlags ?? []);
  const portFlags = new Set(client.portFlags ?? []);
  const positional: string[] = [];
  const addresses: Address[] = [];
  let port: number | undefined;
  let portUnknown = false;
  let hostGiven: boolean | undefined;
  for (let i = 0; i < args.length && i < MAX_WORDS; i++) {
    const word = args[i] as string;
    if (isRedirect(word)) {
      if (/^\d*[<>]+&?$/.test(word)) i++;
      continue;
    }
    if (local.has(word)) return undefined;
    if (word.startsWith('-') && word.length > 1) {
      if (client.localLetters && /^-[A-Za-z]+$/.test(word) && [...word.slice(1)].some((ch) => client.localLetters?.includes(ch))) return undefined;
      let [flag, value] = flagParts(word);
      // A short host or port flag with its value attached: -hdb, -p5433.
      if (value === undefined && /^-[A-Za-z]./.test(word) && !word.startsWith('--')) {
        const short = word.slice(0, 2);
        if (hostFlags.has(short) || portFlags.has(short)) [flag, value] = [short, word.slice(2)];
      }
      if (value === undefined && valueFlags.has(flag)) value = args[++i];
      if (value === undefined) continue;
      if (hostFlags.has(flag)) hostGiven = (hostGiven ?? false) || valueAddress(value, env) !== undefined;
      else if (portFlags.has(flag)) {
        const v = varValue(value, env);
        const given = portOf(value) ?? (v && 'literal' in v ? portOf(v.literal) : undefined);
        // A port the manifest does not show (`-p $DB_PORT` from a Secret): the default no longer applies.
        if (given === undefined) portUnknown = true;
        else port = given;
      }
      else {
        // A flag's value may be the target when it is a URL: -database postgres://…, -url=jdbc:…,
        // -wait tcp://db:5432 (not `-u admin:1234`, which only looks like host:port).
        const a = value.includes('://') ? addressOf(value, env, false) : undefined;
        if (a) addresses.push(a);
      }
      continue;
    }
    positional.push(word);
  }
  const bare = client.names.includes('curl') || client.names.includes('wget');
  if (client.dials === 'host-port') {
    const [host, p] = positional;
    if (host === undefined || !hostIsRemote(host, env)) return undefined;
    const fromVar = p !== undefined ? varValue(p, env) : undefined;
    const known = portOf(p) ?? (fromVar && 'literal' in fromVar ? portOf(fromVar.literal) : undefined) ?? client.port;
    return known !== undefined ? [known] : 'unknown';
  }
  for (const w of positional) {
    const named = varName(w);
    const value = named !== undefined ? env.get(named) : undefined;
    // `psql "$DATABASE_URL"`: a variable of the environment that holds an address.
    const a = named !== undefined && value ? envAddress(named, value, env) ?? (bare ? addressOf(w, env, bare) : undefined) : addressOf(w, env, bare);
    if (a) addresses.push(a);
  }
  if (client.dials === 'address-env') {
    const fromEnv = envAddresses(env);
    return fromEnv.length > 0 ? portsOf(fromEnv, undefined) : undefined;
  }
  const hostEnv = (client.hostEnv ?? []).map((n) => env.get(n)).filter((v): v is EnvValue => v !== undefined);
  if (client.dials === 'always') {
    if (port !== undefined) return [port];
    if (portUnknown) return 'unknown';
    if (addresses.length > 0) return portsOf(addresses, client.port);
    // Its server named by the environment (VAULT_ADDR): that address's port, if it shows one.
    for (const v of hostEnv) {
      const a = 'literal' in v ? valueAddress(v.literal, env) : undefined;
      return a?.port !== undefined ? [a.port] : 'unknown';
    }
    return client.port !== undefined ? [client.port] : 'unknown';
  }
  // target: a remote URL or host:port argument, a remote host flag, or a host variable.
  if (hostGiven === false) return undefined;
  if (client.portPositional && port === undefined && !portUnknown) port = positional.map((w) => portOf(w)).find((p) => p !== undefined);
  const envRemote = hostEnv.some((v) => ('from' in v ? v.from !== 'pod' : v.literal !== '' && hostIsRemote(v.literal, env)));
  if (hostGiven || (addresses.length === 0 && envRemote)) {
    const known = port ?? (portUnknown ? undefined : client.port);
    return known !== undefined ? [known] : 'unknown';
  }
  if (addresses.length > 0) return port !== undefined ? [port] : portUnknown ? 'unknown' : portsOf(addresses, client.port);
  return undefined;
}

/** Splits a shell script into simple commands' words (quotes removed, comments dropped); approximate, never throws. */
export function scriptCommands(script: string, depth = 0): string[][] {
  const text = script.length > MAX_SCRIPT ? script.slice(0, MAX_SCRIPT) : script;
  const commands: string[][] = [];
  /** Command substitutions inside double quotes, read once the script is. */
  const nested: string[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = (): void => {
    if (inWord && words.length < MAX_WORDS) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0 && commands.length < MAX_COMMANDS) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      word += end < 0 ? text.slice(i + 1) : text.slice(i + 1, end);
      inWord = true;
      i = end < 0 ? text.length : end;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        // "…$(curl …)…": the substitution runs a command of its own.
        if (text[j] === '$' && text[j + 1] === '(' && text[j + 2] !== '(' && !/^\$\([A-Za-z_][A-Za-z0-9_]*\)/.test(text.slice(j, j + 130))) {
          const end = closingParen(text, j + 2);
          if (nested.length < MAX_NESTED) nested.push(text.slice(j + 2, end));
        }
        word += text[j];
      }
      inWord = true;
      i = j;
    } else if (ch === '\\') {
      if (text[i + 1] !== '\n' && i + 1 < text.length) {
        word += text[i + 1];
        inWord = true;
      }
      i++;
    } else if (ch === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      // A here-document is data, not commands: skip to the line that ends it.
      const m = /^<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/.exec(text.slice(i, i + 140));
      if (!m) {
        i++;
        continue;
      }
      const lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) break;
      // The rest of the line (redirections, a pipe) still belongs to the command.
      const rest = text.slice(i + m[0].length, lineEnd);
      const restWords = rest.split(/[\s;&|]+/).filter((w) => w !== '');
      endWord();
      for (const w of restWords) if (words.length < MAX_WORDS) words.push(w);
      endCommand();
      let at = lineEnd + 1;
      for (;;) {
        const next = text.indexOf('\n', at);
        const line = text.slice(at, next < 0 ? text.length : next);
        if ((m[1] ? line.replace(/^\t+/, '') : line).trim() === m[3]) {
          at = next < 0 ? text.length : next;
          break;
        }
        if (next < 0) {
          at = text.length;
          break;
        }
        at = next + 1;
      }
      i = at;
    } else if (ch === '#' && !inWord) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl - 1;
    } else if (ch === '$' && text[i + 1] === '(' && /^\$\([A-Za-z_][A-Za-z0-9_]*\)/.test(text.slice(i, i + 130))) {
      // `$(NAME)`: Kubernetes puts the container's variable NAME there before the shell runs.
      const end = text.indexOf(')', i);
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
    } else if (ch === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      endCommand();
      i++;
    } else if (ch === ';' || ch === '&' || ch === '|' || ch === '\n' || ch === '(' || ch === ')' || ch === '`') {
      // `2>&1` and `&>`: a redirection, not a command separator.
      if (ch === '&' && (text[i - 1] === '>' || text[i + 1] === '>')) {
        word += ch;
        inWord = true;
        continue;
      }
      endCommand();
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
    } else {
      word += ch;
      inWord = true;
    }
  }
  endCommand();
  if (depth < MAX_DEPTH) {
    for (const sub of nested) {
      for (const cmd of scriptCommands(sub, depth + 1)) if (commands.length < MAX_COMMANDS) commands.push(cmd);
    }
  }
  return commands;
}

/** Where the `)` that closes a `$(` opened before `from` is (or the end of the text). */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let k = from; k < text.length; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')' && --depth === 0) return k;
  }
  return text.length;
}

/** The words of a shell's `-c` script: `sh -c '…'`, `bash -ec '…'`; undefined when the words do not run a script. */
function shellScript(words: readonly Word[]): Word | undefined {
  for (let i = 1; i < words.length && i < 8; i++) {
    const w = (words[i] as Word).text;
    if (!w.startsWith('-')) return undefined;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(w)) return words[i + 1];
  }
  return undefined;
}

/** What one simple command (argv, or words of a script) connects to. */
function commandDials(words: readonly Word[], env: Map<string, EnvValue>, out: Dial[], depth: number, entrypointUnknown: boolean, budget: Budget, shell = ''): void {
  let i = 0;
  // Skip variable assignments and the words that only run what follows (exec, timeout 30, until, !).
  for (; i < words.length; i++) {
    const w = (words[i] as Word).text;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) continue;
    const skip = PREFIX_WORDS[basename(w)];
    if (skip === undefined || !Object.hasOwn(PREFIX_WORDS, basename(w))) break;
    // timeout's own options and duration: `timeout -s KILL 30 psql …`.
    if (skip > 0) {
      while (i + 1 < words.length && (words[i + 1] as Word).text.startsWith('-')) i++;
      i += skip;
    }
  }
  const rest = words.slice(i);
  const first = rest[0];
  if (!first) return;
  const name = basename(first.text);
  if (SHELLS.has(name)) {
    const script = shellScript(rest);
    const cost = script ? Math.min(script.text.length, MAX_SCRIPT) : 0;
    if (script && depth < MAX_DEPTH && budget.chars >= cost) {
      // Scripts are read up to MAX_SCRIPT characters each, MAX_SCRIPT_TOTAL in all.
      budget.chars -= cost;
      for (const cmd of scriptCommands(script.text)) commandDials(cmd.map((text) => ({ text, path: script.path })), env, out, depth + 1, false, budget, name);
    }
    return;
  }
  // bash's own TCP client: `echo > /dev/tcp/db/5432`, a common wait loop (sh and busybox have none).
  for (const w of DEV_TCP_SHELLS.has(shell) ? rest : []) {
    const tcp = /\/dev\/tcp\/([^/\s]+)\/([^/\s]+)/.exec(w.text);
    if (!tcp || !hostIsRemote(tcp[1] as string, env)) continue;
    const p = varValue(tcp[2] as string, env);
    const port = portOf(tcp[2]) ?? (p && 'literal' in p ? portOf(p.literal) : undefined);
    out.push({ client: 'bash /dev/tcp', ports: port !== undefined ? [port] : 'unknown', path: w.path });
    return;
  }
  const client = BY_NAME.get(name);
  if (client) {
    const ports = clientDial(client, rest.slice(1).map((w) => w.text), env);
    if (ports !== undefined) out.push({ client: client.label, ports, path: first.path });
    // The app's own `migrate` program, or its subcommand under an unknown entrypoint, may still follow.
    if (ports !== undefined || !(entrypointUnknown || MIGRATE_WORDS.has(migrateName(name)))) return;
  }
  if (NON_RUNNERS.has(name)) return;
  // The app's own migrations: `python manage.py migrate`, `rails db:migrate`, `superset db upgrade`,
  // a program or script named migrate, or `migrate` as the first argument of an unknown entrypoint.
  const from = entrypointUnknown || MIGRATE_WORDS.has(migrateName(name)) ? 0 : 1;
  const tail = rest.slice(from);
  const at = tail.findIndex((w, k) => MIGRATE_WORDS.has(k === 0 && from === 0 ? migrateName(w.text) : w.text) || MIGRATE_PAIRS.has(`${tail[k - 1]?.text ?? ''} ${w.text}`));
  const migrate = tail[at];
  if (migrate) {
    const ports = clientDial(MIGRATION, [], env);
    const pair = `${tail[at - 1]?.text ?? ''} ${migrate.text}`;
    if (ports !== undefined) out.push({ client: `${MIGRATION.label} ${MIGRATE_PAIRS.has(pair) ? pair : migrate.text}`, ports, path: migrate.path });
  }
}

function stringList(v: unknown, path: Path): Word[] {
  if (!Array.isArray(v)) return [];
  const out: Word[] = [];
  v.slice(0, MAX_ARGS).forEach((x, i) => {
    if (typeof x === 'string' || typeof x === 'number') out.push({ text: String(x), path: [...path, i] });
  });
  return out;
}

/** The connections a container opens when it runs, as far as its manifest shows them. */
export function dialsOf(c: Container): Dial[] {
  const o = c.object;
  const env = envOf(c);
  const command = stringList(o.command, [...c.path, 'command']);
  const args = stringList(o.args, [...c.path, 'args']);
  const image = typeof o.image === 'string' ? imageName(o.image) : '';
  const out: Dial[] = [];
  const budget: Budget = { chars: MAX_SCRIPT_TOTAL };
  if (command.length > 0) {
    commandDials([...command, ...args], env, out, 0, false, budget);
  } else {
    const fromImage = BY_IMAGE.get(image);
    if (fromImage) {
      commandDials([{ text: fromImage.names[0] as string, path: [...c.path, 'image'] }, ...args], env, out, 0, false, budget);
    } else if (args.length > 0) {
      // The image's entrypoint is not known: its args run as a command under it (or as the command, for a plain image).
      commandDials(args, env, out, 0, !PLAIN_IMAGES.has(image), budget);
    }
  }
  return out;
}
