// Generates src/model/data/mesh-config-schema.json, the MeshConfig and ProxyConfig field
// tables, from the .proto files of an istio/api git repository:
//
//   node --import tsx scripts/gen-mesh-schema.ts <istio/api git dir> [ref]
//
// The tables are read at `ref` (default: master) and at every release branch from
// release-1.18 on; a field's `since` is the first release branch that has it (none when
// release-1.18 already had it; the next minor release for a field only `ref` has), or the
// first patch tag of that branch that has it when the branch's x.y.0 tag does not (a field
// backported after the release: `1.19.1`). Messages
// and enums are those reachable from istio.mesh.v1alpha1.MeshConfig and ProxyConfig, named
// relative to their package (`MeshConfig.OutboundTrafficPolicy`, `ClientTLSSettings`), or
// fully qualified when two packages use the same name. Types outside istio/api
// (google.protobuf.Struct and the like) are `any`: what they hold is not checked.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const ROOTS = ['istio.mesh.v1alpha1.MeshConfig', 'istio.mesh.v1alpha1.ProxyConfig'];
const ENTRY = 'mesh/v1alpha1/config.proto';
const FIRST_BRANCH_MINOR = 18;
const OUT = 'src/model/data/mesh-config-schema.json';

/**
 * Fields Istio already reads whose proto is newer than the istio/api commit given: added
 * when that commit lacks them. istio/istio e68d13d0f4a (1.32) reads
 * MeshConfig.default_inbound_http_retry_policy from the api commit it pins, 5803fb6accf7.
 */
const LATER_FIELDS: readonly { message: string; field: { name: string; type: string; since: string } }[] = [
  { message: 'MeshConfig', field: { name: 'default_inbound_http_retry_policy', type: 'HTTPRetry', since: '1.32' } },
];

/** Well-known and scalar proto types → the kinds the reader knows. */
const SCALARS: Readonly<Record<string, string>> = {
  string: 'string', bytes: 'string', bool: 'bool',
  int32: 'int32', sint32: 'int32', sfixed32: 'int32',
  uint32: 'uint32', fixed32: 'uint32',
  int64: 'int64', sint64: 'int64', sfixed64: 'int64',
  uint64: 'uint64', fixed64: 'uint64',
  double: 'double', float: 'double',
  'google.protobuf.Duration': 'Duration',
  'google.protobuf.BoolValue': 'BoolValue',
  'google.protobuf.Int32Value': 'Int32Value',
  'google.protobuf.UInt32Value': 'UInt32Value',
  'google.protobuf.Int64Value': 'Int64Value',
  'google.protobuf.UInt64Value': 'UInt64Value',
  'google.protobuf.DoubleValue': 'double',
  'google.protobuf.FloatValue': 'double',
  'google.protobuf.StringValue': 'string',
};

interface ProtoField { name: string; type: string; repeated: boolean; map: boolean; oneof?: string; deprecated: boolean }
interface ProtoMessage { fqn: string; fields: ProtoField[]; reserved: string[] }
interface ProtoEnum { fqn: string; values: Record<string, number> }
interface Parsed { messages: Map<string, ProtoMessage>; enums: Map<string, ProtoEnum>; scopes: Map<string, string> }

function tokenize(src: string): string[] {
  const out: string[] = [];
  const re = /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_][\w.]*|\.[A-Za-z_][\w.]*|-?\d[\w.+-]*|./g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src)) !== null) {
    const t = m[0];
    if (/^\s/.test(t) || t.startsWith('//') || t.startsWith('/*')) continue;
    out.push(t);
  }
  return out;
}

function parseFile(src: string, into: Parsed): string[] {
  const toks = tokenize(src);
  let i = 0;
  let pkg = '';
  const imports: string[] = [];
  const peek = (): string => toks[i] ?? '';
  const next = (): string => toks[i++] ?? '';
  const skipTo = (end: string): void => {
    let depth = 0;
    while (i < toks.length) {
      const t = next();
      if (t === '{' || t === '[' || t === '(') depth++;
      else if (t === '}' || t === ']' || t === ')') {
        depth--;
        if (t === end && depth <= 0) return;
      } else if (t === end && depth <= 0) return;
    }
  };
  /** `[deprecated = true, (x) = y]` after a field: whether it says deprecated. */
  const fieldOptions = (): boolean => {
    if (peek() !== '[') return false;
    const start = i;
    skipTo(']');
    const opts = toks.slice(start, i);
    return opts.some((t, k) => t === 'deprecated' && opts[k + 1] === '=' && opts[k + 2] === 'true');
  };
  const parseEnum = (scope: string): void => {
    const name = next();
    const fqn = `${scope}.${name}`;
    const values: Record<string, number> = {};
    next(); // {
    while (i < toks.length && peek() !== '}') {
      const t = next();
      if (t === 'option' || t === 'reserved') { skipTo(';'); continue; }
      if (t === ';') continue;
      if (peek() === '=') {
        next();
        values[t] = Number(next());
        fieldOptions();
        if (peek() === ';') next();
      }
    }
    next(); // }
    into.enums.set(fqn, { fqn, values });
    into.scopes.set(fqn, scope);
  };
  const parseMessage = (scope: string): void => {
    const name = next();
    const fqn = `${scope}.${name}`;
    const msg: ProtoMessage = { fqn, fields: [], reserved: [] };
    into.messages.set(fqn, msg);
    into.scopes.set(fqn, scope);
    next(); // {
    const body = (oneof?: string): void => {
      while (i < toks.length && peek() !== '}') {
        const t = next();
        if (t === ';') continue;
        if (t === 'message') parseMessage(fqn);
        else if (t === 'enum') parseEnum(fqn);
        else if (t === 'option' || t === 'extensions' || t === 'extend') skipTo(t === 'extend' ? '}' : ';');
        else if (t === 'reserved') {
          while (i < toks.length && peek() !== ';') {
            const r = next();
            if (r.startsWith('"')) msg.reserved.push(JSON.parse(r) as string);
          }
          next();
        } else if (t === 'oneof') {
          const group = next();
          next(); // {
          body(group);
          next(); // }
        } else if (t === 'map') {
          next(); // <
          next(); // key type
          next(); // ,
          const type = next();
          next(); // >
          const fname = next();
          skipTo(';');
          msg.fields.push({ name: fname, type, repeated: false, map: true, deprecated: false, ...(oneof ? { oneof } : {}) });
        } else {
          let repeated = false;
          let type = t;
          if (t === 'repeated' || t === 'optional' || t === 'required') {
            repeated = t === 'repeated';
            type = next();
          }
          const fname = next();
          next(); // =
          next(); // number
          const deprecated = fieldOptions();
          if (peek() === ';') next();
          msg.fields.push({ name: fname, type, repeated, map: false, deprecated, ...(oneof ? { oneof } : {}) });
        }
      }
    };
    body();
    next(); // }
  };
  while (i < toks.length) {
    const t = next();
    if (t === 'package') { pkg = next(); skipTo(';'); }
    else if (t === 'import') {
      let f = next();
      if (f === 'public' || f === 'weak') f = next();
      imports.push(JSON.parse(f) as string);
      skipTo(';');
    } else if (t === 'message') parseMessage(pkg);
    else if (t === 'enum') parseEnum(pkg);
    else if (t === 'syntax' || t === 'option') skipTo(';');
    else if (t === 'service' || t === 'extend') { skipTo('}'); }
  }
  return imports;
}

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
}

function parseAt(dir: string, ref: string): Parsed {
  const parsed: Parsed = { messages: new Map(), enums: new Map(), scopes: new Map() };
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || file.startsWith('google/')) continue;
    seen.add(file);
    let src: string;
    try {
      src = git(dir, ['show', `${ref}:${file}`]);
    } catch {
      continue;
    }
    queue.push(...parseFile(src, parsed));
  }
  return parsed;
}

/** protobuf name resolution: innermost scope first, then outward, then as written. */
function resolve(parsed: Parsed, type: string, scope: string): { kind: 'message' | 'enum'; fqn: string } | undefined {
  const look = (fqn: string): { kind: 'message' | 'enum'; fqn: string } | undefined =>
    parsed.messages.has(fqn) ? { kind: 'message', fqn } : parsed.enums.has(fqn) ? { kind: 'enum', fqn } : undefined;
  if (type.startsWith('.')) return look(type.slice(1));
  let s = scope;
  for (;;) {
    const hit = look(s ? `${s}.${type}` : type);
    if (hit) return hit;
    if (!s) return undefined;
    s = s.includes('.') ? s.slice(0, s.lastIndexOf('.')) : '';
  }
}

interface OutField { name: string; type: string; repeated?: true; map?: true; oneof?: string; deprecated?: true; since?: string }

/** The reachable messages and enums at one ref, with types written as the reader names them. */
function tables(parsed: Parsed): { messages: Map<string, { fields: OutField[]; reserved: string[] }>; enums: Map<string, Record<string, number>> } {
  const reachable = new Set<string>();
  const enums = new Set<string>();
  const stack = [...ROOTS];
  while (stack.length > 0) {
    const fqn = stack.pop() as string;
    if (reachable.has(fqn)) continue;
    const msg = parsed.messages.get(fqn);
    if (!msg) throw new Error(`${fqn} not found`);
    reachable.add(fqn);
    for (const f of msg.fields) {
      if (SCALARS[f.type]) continue;
      const r = resolve(parsed, f.type, fqn);
      if (r?.kind === 'message') stack.push(r.fqn);
      else if (r?.kind === 'enum') enums.add(r.fqn);
    }
  }
  // Short names: relative to the package, unless two packages share one.
  const pkgOf = (fqn: string): string => {
    let s = parsed.scopes.get(fqn) ?? '';
    while (parsed.messages.has(s)) s = parsed.scopes.get(s) ?? '';
    return s;
  };
  const short = (fqn: string): string => fqn.slice(pkgOf(fqn).length + 1);
  const all = [...reachable, ...enums];
  const counts = new Map<string, number>();
  for (const f of all) counts.set(short(f), (counts.get(short(f)) ?? 0) + 1);
  const nameOf = (fqn: string): string => ((counts.get(short(fqn)) ?? 0) > 1 ? fqn : short(fqn));
  const messages = new Map<string, { fields: OutField[]; reserved: string[] }>();
  for (const fqn of [...reachable].sort()) {
    const msg = parsed.messages.get(fqn) as ProtoMessage;
    const fields = msg.fields.map((f): OutField => {
      let type = SCALARS[f.type];
      if (!type) {
        const r = resolve(parsed, f.type, fqn);
        type = !r ? 'any' : r.kind === 'enum' ? `enum:${nameOf(r.fqn)}` : nameOf(r.fqn);
      }
      return { name: f.name, type, ...(f.repeated ? { repeated: true as const } : {}), ...(f.map ? { map: true as const } : {}), ...(f.oneof ? { oneof: f.oneof } : {}), ...(f.deprecated ? { deprecated: true as const } : {}) };
    });
    messages.set(nameOf(fqn), { fields, reserved: msg.reserved });
  }
  const enumOut = new Map<string, Record<string, number>>();
  for (const fqn of [...enums].sort()) enumOut.set(nameOf(fqn), (parsed.enums.get(fqn) as ProtoEnum).values);
  return { messages, enums: enumOut };
}

function main(): void {
  const [dir, ref = 'master'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: gen-mesh-schema.ts <istio/api git dir> [ref]');
  const commit = git(dir, ['rev-parse', ref]).trim();
  const head = tables(parseAt(dir, ref));
  const branches = git(dir, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/', 'refs/remotes/'])
    .split('\n')
    .map((b) => /(?:^|\/)release-1\.(\d+)$/.exec(b.trim()))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) >= FIRST_BRANCH_MINOR)
    .map((m) => ({ ref: m[0], minor: Number(m[1]) }))
    .sort((a, b) => a.minor - b.minor);
  const unique = [...new Map(branches.map((b) => [b.minor, b])).values()];
  const last = unique[unique.length - 1]?.minor ?? FIRST_BRANCH_MINOR;
  const older = unique.map((b) => ({ minor: b.minor, t: tables(parseAt(dir, b.ref)) }));
  const tags = new Set(git(dir, ['tag', '--list', '1.*']).split('\n').map((t) => t.trim()));
  const atTag = new Map<string, ReturnType<typeof tables>>();
  const tableAt = (tag: string): ReturnType<typeof tables> => {
    let t = atTag.get(tag);
    if (!t) atTag.set(tag, (t = tables(parseAt(dir, tag))));
    return t;
  };
  const has = (t: ReturnType<typeof tables>, message: string, field: string): boolean => t.messages.get(message)?.fields.some((g) => g.name === field) ?? false;
  /** The first patch release of 1.minor whose tag has the field: 0 unless it came in a later patch. */
  const firstPatch = (minor: number, message: string, field: string): number => {
    for (let patch = 0; tags.has(`1.${minor}.${patch}`); patch++) if (has(tableAt(`1.${minor}.${patch}`), message, field)) return patch;
    return 0;
  };
  for (const [name, msg] of head.messages) {
    for (const f of msg.fields) {
      const first = older.find((o) => has(o.t, name, f.name));
      const minor = first ? first.minor : last + 1;
      if (minor <= FIRST_BRANCH_MINOR) continue;
      const patch = first ? firstPatch(minor, name, f.name) : 0;
      f.since = patch > 0 ? `1.${minor}.${patch}` : `1.${minor}`;
    }
  }
  for (const { message, field } of LATER_FIELDS) {
    const msg = head.messages.get(message);
    if (!msg) throw new Error(`${message} not found`);
    if (!head.messages.has(field.type)) throw new Error(`${field.type} not found`);
    if (!msg.fields.some((f) => f.name === field.name)) msg.fields.push({ ...field });
  }
  const out = {
    $comment: `Generated by scripts/gen-mesh-schema.ts from istio/api ${commit.slice(0, 12)} (${ref}) and its release branches 1.${FIRST_BRANCH_MINOR}-1.${last}; do not edit.`,
    source: { repository: 'istio/api', ref, commit },
    messages: Object.fromEntries(head.messages),
    enums: Object.fromEntries(head.enums),
  };
  writeFileSync(OUT, `${JSON.stringify(out, null, 1)}\n`);
  process.stdout.write(`${OUT}: ${head.messages.size} messages, ${head.enums.size} enums\n`);
}

main();
