// Seeded mutation fuzzing through the real command line. Real manifests (the shared corpus,
// or examples/ where it is absent) are damaged the way hand edits, bad merges, editors and
// broken tooling damage them, then linted in-process with runCli. Whatever the input,
// meshlint must exit 0 or 1 without throwing, keep every position inside the file, print JSON
// that parses and SARIF that validates, and say the same thing twice.
// Shared by test/fuzz.test.ts (a short run in npm test) and scripts/fuzz.ts (npm run fuzz).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { cli, tempDir, type CliRun, type TempDir } from './cli.ts';
import { sarifValidator } from './sarif.ts';
import { REPO_ROOT, sharedPath } from './shared.ts';

// ---------------------------------------------------------------- randomness

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: tiny, fast, and its whole state is one 32-bit number. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    chance: (p) => next() < p,
  };
}

/** Each case has its own generator, derived from the run's seed and its number: any case replays alone. */
export function caseSeed(seed: number, index: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seed as written: a whole number from 0 to 2^32 - 1. */
export function parseSeed(s: string, name: string): number {
  const n = Number(s);
  if (s.trim() === '' || !Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`${name} must be a whole number from 0 to 4294967295, not "${s}"`);
  return n;
}

/** The seed of a run: MESHLINT_FUZZ_SEED when set, else the given default. */
export function seedFromEnv(fallback: number): number {
  const s = process.env.MESHLINT_FUZZ_SEED;
  return s === undefined || s.trim() === '' ? fallback : parseSeed(s, 'MESHLINT_FUZZ_SEED');
}

// ---------------------------------------------------------------- inputs

/** Larger files are left to the corpus test: a mutation in them rarely reaches anything new. */
export const MAX_SOURCE_BYTES = 32 * 1024;

export interface SourcePool {
  /** What the files are: 'corpus' or 'examples'. */
  readonly origin: string;
  /** Paths relative to the pool's root, with '/', sorted: the same list on every machine. */
  readonly files: readonly string[];
  text(name: string): string;
}

/** The corpus files to mutate; the files of examples/, with a notice, where ../shared is absent. */
export function sourcePool(): SourcePool {
  const corpus = sharedPath('corpus');
  if (!corpus) console.log('notice: fuzzing the files of examples/ instead of the shared corpus');
  const root = corpus ?? join(REPO_ROOT, 'examples');
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      // A config file of meshlint's own name would become the run's configuration.
      else if (e.isFile() && /\.(ya?ml|json)$/i.test(e.name) && !e.name.startsWith('.meshlint')) {
        const size = statSync(abs).size;
        if (size > 0 && size <= MAX_SOURCE_BYTES) files.push(relative(root, abs).split(sep).join('/'));
      }
    }
  };
  walk(root);
  files.sort();
  if (files.length === 0) throw new Error(`no YAML or JSON files to fuzz under ${root}`);
  const cache = new Map<string, string>();
  return {
    origin: corpus ? 'corpus' : 'examples',
    files,
    text(name) {
      let t = cache.get(name);
      if (t === undefined) {
        t = readFileSync(join(root, name), 'utf8');
        if (cache.size > 500) cache.clear();
        cache.set(name, t);
      }
      return t;
    },
  };
}

// ---------------------------------------------------------------- mutations

interface Mutated {
  readonly text: string;
  /** What was done, for the failure report. */
  readonly what: string;
  /** The file is written in UTF-16 with its BOM, little- or big-endian (kubectl decodes it). */
  readonly utf16?: 'le' | 'be';
}

/**
 * How far a mutation goes. Small keeps every case cheap (npm test); big adds what costs
 * seconds per lint in today's parser: nesting 20,000 deep, 70,000-character values, an alias
 * bomb that meets the expansion limit.
 */
export type Scale = 'small' | 'big';

type Mutation = (text: string, rng: Rng, scale: Scale) => Mutated;

/** `key: value # comment` lines (a sequence item's first key too): indentation, key, value. */
const KEY_LINE = /^(\s*(?:- +)?)([^\s#:][^:#]*?):( +|$)(.*?)(\s+#.*)?$/;

interface KeyLine {
  readonly index: number;
  readonly lead: string;
  readonly key: string;
  readonly value: string;
  readonly comment: string;
}

function keyLines(lines: readonly string[]): KeyLine[] {
  const out: KeyLine[] = [];
  lines.forEach((l, index) => {
    const m = KEY_LINE.exec(l.replace(/\r$/, ''));
    if (m) out.push({ index, lead: m[1] ?? '', key: m[2] ?? '', value: m[4] ?? '', comment: m[5] ?? '' });
  });
  return out;
}

const indentOf = (line: string): string => /^[ \t]*/.exec(line)?.[0] ?? '';
/** The key line's indentation for a sibling key: a sequence item's dash becomes spaces. */
const siblingIndent = (k: KeyLine): string => k.lead.replace(/-/g, ' ');
const quote = (s: string): string => JSON.stringify(s).slice(0, 120);

/** A line to work on: one with a key when there is one (they matter most), else any. */
function pickKeyLine(lines: readonly string[], rng: Rng, withValue = false): KeyLine | undefined {
  const all = keyLines(lines).filter((k) => !withValue || k.value !== '');
  return all.length ? rng.pick(all) : undefined;
}

function longValue(rng: Rng, scale: Scale): string {
  const n = rng.pick([300, 5000, scale === 'big' ? 70000 : 1000]);
  const unit = rng.pick(['x', 'ab ', 'é', '\u{1f600}', '\\', '"', "'", '{{', ': ', '# ']);
  const body = unit.repeat(Math.ceil(n / unit.length));
  return rng.pick([body, `"${body.replace(/["\\]/g, '')}"`, `'${body.replace(/'/g, '')}'`]);
}

/** The value a scalar flips to: another type, style or length than it had. */
function flippedValue(v: string, rng: Rng, scale: Scale): string {
  const quoted = /^(".*"|'.*')$/.test(v);
  switch (rng.int(8)) {
    case 0:
      return v === 'true' ? 'false' : v === 'false' ? 'true' : rng.pick(['true', 'false', 'yes', 'no', 'on', 'off', 'True', 'FALSE', 'y', 'n']);
    case 1:
      if (/^-?\d+(\.\d+)?$/.test(v)) return `"${v}"`;
      if (/^(["'])-?\d+(\.\d+)?\1$/.test(v)) return v.slice(1, -1);
      return rng.pick(['0', '8080', '-1', '0755', '0o17', '1e3', '0x1F', '.inf', '-.Inf', '.NaN', '1_000', '3.14', '99999999999999999999', '1:30', '+12']);
    case 2:
      return '';
    case 3:
      return quoted ? v.slice(1, -1) : rng.chance(0.5) ? `"${v}"` : `'${v}'`;
    case 4:
      return rng.pick(['null', '~', 'Null', 'NULL']);
    case 5:
      return longValue(rng, scale);
    case 6:
      return rng.pick(['"unterminated', "'unterminated", '[a, b', '{a: 1', '[]', '{}', '|', '>-', '|+2', '!!binary aGk=', '!!str 1', '!custom x', '"\\u00"', '"\\xZZ"', '@at', '`tick', '%pct', '? x', ': x', '- x', '& a', '2001-12-14t21:59:43.10-05:00', '=', '<<', '"a\\\nb"', "'it''s'"]);
    default:
      return rng.pick(['é', '\u{1f600}', 'ü\u0301', '\u202etxt', 'a\u00a0b', '\u3000', '"\\U0001F600"', '"\\ud800"']);
  }
}

function withValue(k: KeyLine, value: string): string {
  return `${k.lead}${k.key}:${value === '' ? '' : ' '}${value}${k.comment}`;
}

const deleteLine: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  lines.splice(i, 1);
  return { text: lines.join('\n'), what: `delete line ${i + 1}` };
};

const duplicateLine: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  lines.splice(i, 0, lines[i] ?? '');
  return { text: lines.join('\n'), what: `duplicate line ${i + 1}` };
};

const swapLines: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  // Usually neighbours (a reordered block), sometimes far apart.
  const j = rng.chance(0.6) ? Math.min(lines.length - 1, i + 1) : rng.int(lines.length);
  const a = lines[i] ?? '';
  lines[i] = lines[j] ?? '';
  lines[j] = a;
  return { text: lines.join('\n'), what: `swap lines ${i + 1} and ${j + 1}` };
};

const reindent: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng);
  const i = k && rng.chance(0.8) ? k.index : rng.int(lines.length);
  const delta = rng.pick([-2, -1, 1, 2]);
  const line = lines[i] ?? '';
  lines[i] = delta > 0 ? ' '.repeat(delta) + line : line.replace(new RegExp(`^ {0,${-delta}}`), '');
  return { text: lines.join('\n'), what: `indent line ${i + 1} by ${delta}` };
};

const cut: Mutation = (text, rng) => {
  const at = rng.int(text.length + 1);
  return { text: text.slice(0, at), what: `cut at offset ${at}` };
};

const flipScalar: Mutation = (text, rng, scale) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng, rng.chance(0.85));
  if (!k) return cut(text, rng, scale);
  const value = flippedValue(k.value, rng, scale);
  lines[k.index] = withValue(k, value);
  return { text: lines.join('\n'), what: `line ${k.index + 1}: value ${quote(k.value)} → ${quote(value)}` };
};

const insertTab: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng);
  const i = k && rng.chance(0.8) ? k.index : rng.int(lines.length);
  const line = lines[i] ?? '';
  const way = rng.int(4);
  if (way === 0) lines[i] = line.replace(/^ +/, (s) => '\t'.repeat(Math.max(1, Math.round(s.length / 2))));
  else if (way === 1) lines[i] = `\t${line}`;
  else if (way === 2) lines[i] = line.replace(/: /, ':\t');
  else {
    const at = rng.int(line.length + 1);
    lines[i] = `${line.slice(0, at)}\t${line.slice(at)}`;
  }
  return { text: lines.join('\n'), what: `tab in line ${i + 1} (way ${way})` };
};

const CONTROL = ['\u0000', '\u001b', '\u001b[2J', '\u007f', '\u0085', '\u2028', '\u2029', '\ud800', '\udfff', '\udbff', '\ufeff', '\r', '\u000b', '\u000c', '\u0007', '\u200b', '\ufffe', '\ufffd'];

const controlChar: Mutation = (text, rng) => {
  const c = rng.pick(CONTROL);
  // Mostly inside a value, where a linter echoes it in a message.
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng, true);
  if (k && rng.chance(0.6)) {
    const line = lines[k.index] ?? '';
    const at = Math.max(0, line.length - rng.int(Math.max(1, k.value.length)));
    lines[k.index] = `${line.slice(0, at)}${c}${line.slice(at)}`;
    return { text: lines.join('\n'), what: `control ${quote(c)} in line ${k.index + 1}` };
  }
  const at = rng.int(text.length + 1);
  return { text: `${text.slice(0, at)}${c}${text.slice(at)}`, what: `control ${quote(c)} at offset ${at}` };
};

const TEMPLATE_LINES = [
  '{{ .Values.x }}',
  '{{- if .Values.enabled }}',
  '{{- end }}',
  '{{- include "chart.labels" . | nindent 4 }}',
  '{{- toYaml .Values.podAnnotations | nindent 8 }}',
  'key: {{ .Values.x }}',
  '{{/* a comment */}}',
  '{{- with .Values.nodeSelector }}',
  '{{ if',
];

const template: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng, true);
  if (k && rng.chance(0.4)) {
    const value = rng.pick(['{{ .Values.x }}', '"{{ .Values.x }}"', '{{ .Values.x | quote }}', "'{{ .Release.Name }}-x'", '{{']);
    lines[k.index] = withValue(k, value);
    return { text: lines.join('\n'), what: `line ${k.index + 1}: value → ${quote(value)}` };
  }
  const i = rng.int(lines.length + 1);
  const indent = indentOf(lines[i] ?? lines[i - 1] ?? '');
  if (rng.chance(0.3)) {
    const j = Math.min(lines.length, i + 1 + rng.int(6));
    lines.splice(j, 0, `${indent}{{- end }}`);
    lines.splice(i, 0, `${indent}{{- if .Values.enabled }}`);
    return { text: lines.join('\n'), what: `{{- if }} before line ${i + 1}, {{- end }} before line ${j + 1}` };
  }
  const t = rng.pick(TEMPLATE_LINES);
  lines.splice(i, 0, indent + t);
  return { text: lines.join('\n'), what: `insert ${quote(t)} before line ${i + 1}` };
};

const MARKERS = ['---', '...', '--- # next', '--- !!map', '%YAML 1.1\n---', '%TAG ! tag:x,2000:\n---', '--- |', '---\n---', '--- {}', '--- []', '--- a: 1', '...\n...', '----', ' ---'];

const docMarker: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const i = rng.chance(0.15) ? 0 : rng.int(lines.length + 1);
  const m = rng.pick(MARKERS);
  lines.splice(i, 0, m);
  return { text: lines.join('\n'), what: `insert ${quote(m)} before line ${i + 1}` };
};

const anchors: Mutation = (text, rng, scale) => {
  const lines = text.split('\n');
  const ks = keyLines(lines);
  const a = ks.length ? rng.pick(ks) : undefined;
  const b = ks.length ? rng.pick(ks) : undefined;
  if (!a || !b) return docMarker(text, rng, scale);
  const way = rng.int(6);
  if (way === 0) {
    // An anchored value and an alias to it elsewhere.
    lines[a.index] = withValue(a, `&a ${a.value}`.trimEnd());
    lines[b.index] = withValue(b, '*a');
  } else if (way === 1) {
    // A merge key: before its anchor is defined, after it, or of a scalar.
    lines[a.index] = withValue(a, `&a ${a.value}`.trimEnd());
    lines.splice(b.index + 1, 0, `${siblingIndent(b)}${rng.chance(0.5) ? '  ' : ''}<<: ${rng.pick(['*a', '[*a, *a]', '*a\n' + siblingIndent(b) + '<<: *a'])}`);
  } else if (way === 2) {
    lines[b.index] = withValue(b, rng.pick(['*nope', '*', '&', '&a', '&a *a', '!!merge *a']));
  } else if (way === 3) {
    lines[b.index] = withValue(b, rng.pick(['&r [*r]', '&r {x: *r}', '&r\n' + siblingIndent(b) + '  x: *r']));
  } else if (way === 4) {
    // An alias bomb: levels of nine aliases each (nine levels: far past the expansion limit).
    const bomb = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
    for (let l = 1; l < (scale === 'big' ? 9 : 4); l++) bomb.push(`a${l}: &a${l} [${Array(9).fill(`*a${l - 1}`).join(', ')}]`);
    lines.splice(rng.int(lines.length + 1), 0, ...bomb);
  } else {
    // An anchor on a block mapping, used as the value of another key.
    if (a.value === '') lines[a.index] = withValue(a, '&m');
    else lines.splice(a.index, 0, `${siblingIndent(a)}m: &m`, `${siblingIndent(a)}  k: v`);
    lines[b.index] = withValue(b, '*m');
  }
  return { text: lines.join('\n'), what: `anchors/aliases (way ${way}) at lines ${a.index + 1}, ${b.index + 1}` };
};

const duplicateKey: Mutation = (text, rng, scale) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng);
  if (!k) return duplicateLine(text, rng, scale);
  const value = rng.chance(0.3) ? k.value : flippedValue(k.value, rng, scale);
  const at = Math.min(lines.length, k.index + 1 + rng.int(4));
  lines.splice(at, 0, `${siblingIndent(k)}${k.key}:${value === '' ? '' : ' '}${value}`);
  return { text: lines.join('\n'), what: `key ${quote(k.key)} of line ${k.index + 1} again before line ${at + 1}: ${quote(value)}` };
};

const lineEnds: Mutation = (text, rng) => {
  switch (rng.int(8)) {
    case 0:
      return { text: `\ufeff${text}`, what: 'BOM' };
    case 1:
      return { text: text.replace(/\r?\n/g, '\r\n'), what: 'CRLF' };
    case 2: {
      const at = rng.int(text.length + 1);
      return { text: text.slice(0, at) + text.slice(at).replace(/\r?\n/g, '\r\n'), what: `CRLF from offset ${at}` };
    }
    case 3:
      return { text: text.replace(/\r?\n/g, '\r'), what: 'CR line ends' };
    case 4:
      return { text: text.replace(/\s+$/, ''), what: 'no final newline' };
    case 5:
      return { text: `\ufeff\ufeff${text.replace(/\r?\n/g, '\r\n')}`, what: 'two BOMs, CRLF' };
    case 6: {
      const lines = text.split('\n');
      const i = rng.int(lines.length);
      lines[i] = `${lines[i] ?? ''}\r`;
      return { text: lines.join('\n'), what: `CR at the end of line ${i + 1}` };
    }
    default: {
      const lines = text.split('\n');
      const i = rng.int(lines.length);
      lines[i] = `\ufeff${lines[i] ?? ''}`;
      return { text: lines.join('\n'), what: `BOM at the start of line ${i + 1}` };
    }
  }
};

const deepNesting: Mutation = (text, rng, scale) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng);
  const way = rng.int(4);
  const depth = rng.pick([20, 200, way === 0 ? 400 : scale === 'big' ? 20000 : 1000]);
  let insert: string[];
  if (way === 0) insert = Array.from({ length: depth }, (_, d) => `${'  '.repeat(d)}n${d}:`).concat(`${'  '.repeat(depth)}leaf`);
  else if (way === 1) insert = [`deep: ${'['.repeat(depth)}${']'.repeat(depth)}`];
  else if (way === 2) insert = [`deep: ${'{a: '.repeat(depth)}x${'}'.repeat(depth)}`];
  else insert = [`deep:`, `${'- '.repeat(depth)}x`];
  const indent = k ? siblingIndent(k) : '';
  const at = k ? k.index + 1 : rng.int(lines.length + 1);
  lines.splice(at, 0, ...insert.map((l) => indent + l));
  return { text: lines.join('\n'), what: `nesting (way ${way}) ${depth} deep before line ${at + 1}` };
};

const DIRECTIVES = [
  '# meshlint-disable',
  '# meshlint-enable',
  '# meshlint-disable-next-line',
  '# meshlint-disable-next-line duplicate-key, yaml-nonstring-value -- why',
  '# meshlint-disable-line',
  '# meshlint-disable no-such-rule',
  '# meshlint-enable parse-error',
  '#meshlint-disable-next-line   ',
];

const directive: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  const d = rng.pick(DIRECTIVES);
  const way = rng.int(3);
  if (way === 0) lines.splice(i, 0, indentOf(lines[i] ?? '') + d);
  else if (way === 1) lines[i] = `${lines[i] ?? ''} ${d}`;
  else {
    const ann = lines.findIndex((l, n) => n >= i && /^\s*annotations:\s*$/.test(l));
    const at = ann === -1 ? i : ann;
    lines.splice(at + 1, 0, `${indentOf(lines[at] ?? '')}  meshlint.io/ignore: ${rng.pick(['"*"', 'duplicate-key', 'no-such-rule, parse-error', '', 'true'])}`);
    return { text: lines.join('\n'), what: `meshlint.io/ignore after line ${at + 1}` };
  }
  return { text: lines.join('\n'), what: `${quote(d)} at line ${i + 1} (way ${way})` };
};

// ---------------------------------------------------------------- values inside values

/** Text nested `depth` levels deep, in one of the ways YAML and JSON nest. */
function nestedText(rng: Rng, depth: number): { text: string; how: string } {
  switch (rng.int(5)) {
    case 0:
      return { text: `${'['.repeat(depth)}${']'.repeat(depth)}`, how: 'flow sequences' };
    case 1:
      return { text: `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`, how: 'flow mappings' };
    case 2:
      return { text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, how: 'JSON objects' };
    case 3:
      return { text: `${'- '.repeat(depth)}x`, how: 'block sequences on one line' };
    default:
      return { text: Array.from({ length: Math.min(depth, 3000) }, (_, d) => `${' '.repeat(d)}k${d}:`).join('\n'), how: 'indented block mappings' };
  }
}

/** Nine levels of nine aliases (a billion nodes expanded), or fewer. */
const aliasBomb = (levels: number): string =>
  ['a0: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: levels - 1 }, (_, l) => `a${l + 1}: &a${l + 1} [${Array(9).fill(`*a${l}`).join(', ')}]`)].join('\n');

/** YAML or JSON text for a field that holds a document of its own (proxy.istio.io/config, mesh, config, values). */
function embeddedDocument(rng: Rng, scale: Scale): { text: string; what: string } {
  const big = scale === 'big';
  switch (rng.int(8)) {
    case 0:
    case 1: {
      const depth = rng.pick([50, 99, 101, 1000, big ? 20_000 : 2000]);
      const n = nestedText(rng, depth);
      return { text: n.text, what: `${n.how} ${depth} deep` };
    }
    case 2:
      return { text: aliasBomb(big ? 9 : rng.pick([3, 6])), what: 'an alias bomb' };
    case 3:
      return { text: rng.pick(['a: &r [*r]', 'proxyMetadata: &m\n  A: *m', '&x {a: *x}']), what: 'an alias inside its own node' };
    case 4: {
      const n = rng.pick([150, 1001, big ? 5000 : 1200]);
      return { text: `extraStatTags: &t [a]\nproxyMetadata: {${Array.from({ length: n }, (_, i) => `K${i}: *t`).join(', ')}}`, what: `${n} aliases` };
    }
    case 5: {
      const n = big ? rng.pick([300_000, 1_100_000]) : rng.pick([1000, 50_000]);
      return { text: `proxyMetadata:\n  A: ${rng.pick(['x', '"x', "'x", ' '])}${'x'.repeat(n)}`, what: `a ${n}-character value` };
    }
    case 6: {
      const n = big ? 200_000 : 5000;
      return { text: `concurrency: "1${' '.repeat(n)}x"\nholdApplicationUntilProxyStart: true`, what: `a number with ${n} spaces` };
    }
    default: {
      const n = big ? 30_000 : 1000;
      return { text: `proxyMetadata:\n  A: "${'x '.repeat(n)}"\nx: 1`, what: `an unknown key after ${n} occurrences of its name` };
    }
  }
}

const TRAFFIC_KEYS = [
  'traffic.sidecar.istio.io/includeOutboundIPRanges',
  'traffic.sidecar.istio.io/excludeOutboundIPRanges',
  'traffic.sidecar.istio.io/includeInboundPorts',
  'traffic.sidecar.istio.io/excludeOutboundPorts',
  'traffic.sidecar.istio.io/includeOutboundPorts',
  'traffic.sidecar.istio.io/excludeInterfaces',
  'sidecar.istio.io/proxyCPU',
  'sidecar.istio.io/interceptionMode',
];

/** A value for one of the comma-list annotations: huge lists, huge entries, many entries. */
function trafficValue(rng: Rng, scale: Scale): { text: string; what: string } {
  const n = scale === 'big' ? rng.pick([10_000, 100_000]) : rng.pick([100, 5000]);
  switch (rng.int(5)) {
    case 0:
      return { text: `${'10.0.0.0/8,'.repeat(n)}x`, what: `${n} CIDRs and a bad one` };
    case 1:
      return { text: `10.0.0.0/8,${'x'.repeat(n * 4)}`, what: `an entry of ${n * 4} characters` };
    case 2:
      return { text: Array.from({ length: n }, (_, i) => `${i % 65536}`).join(', '), what: `${n} ports with spaces` };
    case 3:
      return { text: `${'1.2.3.4/32,'.repeat(scale === 'big' ? 110_000 : 1000)}`, what: 'a list ending with a comma' };
    default:
      return { text: `${'a'.repeat(n)}${rng.pick(['', ',', ' ', '/', ':'])}${'b'.repeat(n)}`, what: `a word of ${2 * n} characters` };
  }
}

/** An annotation with one of those values, on the first pod template (or object) of the text. */
const embeddedAnnotation: Mutation = (text, rng, scale) => {
  const lines = text.split('\n');
  const proxyConfig = rng.chance(0.5);
  const key = proxyConfig ? 'proxy.istio.io/config' : rng.pick(TRAFFIC_KEYS);
  const value = proxyConfig ? embeddedDocument(rng, scale) : trafficValue(rng, scale);
  const entry = `${key}: ${JSON.stringify(value.text)}`;
  const annotations = lines.findIndex((l) => /^\s*annotations:\s*$/.test(l));
  if (annotations !== -1) {
    lines.splice(annotations + 1, 0, `${indentOf(lines[annotations] ?? '')}  ${entry}`);
    return { text: lines.join('\n'), what: `${key} after line ${annotations + 1}: ${value.what}` };
  }
  const metadata = lines.findIndex((l) => /^\s*metadata:\s*$/.test(l));
  if (metadata === -1) return { text: `${text}\n---\n${podWith(entry)}`, what: `a Deployment with ${key}: ${value.what}` };
  const indent = indentOf(lines[metadata] ?? '');
  lines.splice(metadata + 1, 0, `${indent}  annotations:`, `${indent}    ${entry}`);
  return { text: lines.join('\n'), what: `${key} under line ${metadata + 1}: ${value.what}` };
};

/** A Deployment in an injected namespace whose pod template carries one annotation line. */
const podWith = (annotation: string): string =>
  ['apiVersion: v1', 'kind: Namespace', 'metadata: { name: fuzz, labels: { istio-injection: enabled } }', '---', 'apiVersion: apps/v1', 'kind: Deployment', 'metadata: { name: fuzz, namespace: fuzz }', 'spec:', '  template:', '    metadata:', '      annotations:', `        ${annotation}`, '    spec:', '      containers: [{ name: app, image: app }]', ''].join('\n');

/** A mesh ConfigMap or an injector ConfigMap whose text holds one of those documents. */
const embeddedConfigMap: Mutation = (text, rng, scale) => {
  const value = embeddedDocument(rng, scale);
  const [name, key] = rng.pick([['istio', 'mesh'], ['istio-canary', 'mesh'], ['istio', 'meshNetworks'], ['istio-sidecar-injector', 'config'], ['istio-sidecar-injector', 'values']] as const);
  const data = key === 'values' && rng.chance(0.5) ? { key, text: `{"revision": ${JSON.stringify(value.text)}}` } : { key, text: value.text };
  const extra = key === 'config' ? '' : key === 'values' ? '  config: "policy: enabled"\n' : '';
  const doc = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: ${name}, namespace: istio-system }\ndata:\n${extra}  ${data.key}: ${JSON.stringify(data.text)}\n`;
  return { text: rng.chance(0.5) ? `${text}\n---\n${doc}` : `${doc}---\n${text}`, what: `ConfigMap ${name} ${key}: ${value.what}` };
};

// ---------------------------------------------------------------- configuration files

export interface ConfigFile {
  /** .meshlint.yaml, .meshlint.yml or .meshlint.json: found by the command line as a user's would be. */
  readonly name: string;
  readonly text: string;
  readonly what: string;
}

const VALID_CONFIG = [
  'rules:',
  '  yaml-nonstring-value: warn',
  '  startup-order-hold: [warn, { ignore: "app in (batch)" }]',
  'ignorePatterns: [vendor/]',
  'defaultNamespace: shop',
  'namespaces:',
  '  shop: { labels: { istio-injection: enabled } }',
  'istio:',
  '  version: "1.22"',
  '  cni: false',
].join('\n');

/** A config file as a user might write one, or as an attacker would: bombs, depth, size, wrong types, unknown keys. */
export function configFile(rng: Rng, scale: Scale): ConfigFile {
  const big = scale === 'big';
  const yaml = (text: string, what: string): ConfigFile => ({ name: rng.pick(['.meshlint.yaml', '.meshlint.yml']), text, what });
  switch (rng.int(12)) {
    case 0:
      return yaml(aliasBomb(big ? 9 : rng.pick([4, 9])), 'an alias bomb');
    case 1: {
      const n = rng.pick([100, 150, 1001, big ? 20_000 : 1500]);
      return yaml(`ignorePatterns: [&p vendor/, ${Array(n).fill('*p').join(', ')}]\n`, `${n} aliases`);
    }
    case 2: {
      const depth = rng.pick([50, 101, 1000, big ? 100_000 : 5000]);
      const n = nestedText(rng, depth);
      return yaml(`rules: ${n.text.includes('\n') ? `\n${n.text}` : n.text}\n`, `rules nested as ${n.how}, ${depth} deep`);
    }
    case 3: {
      const depth = rng.pick([101, 1000, big ? 50_000 : 3000]);
      return { name: '.meshlint.json', text: `{"rules": ${'{"a": '.repeat(depth)}1${'}'.repeat(depth)}}`, what: `JSON ${depth} deep` };
    }
    case 4: {
      const n = big ? rng.pick([500_000, 1_100_000]) : 20_000;
      return yaml(`ignorePatterns: ["${'x'.repeat(n)}"]\n`, `a pattern of ${n} characters`);
    }
    case 5: {
      const n = big ? 30_000 : 2000;
      return yaml(`namespaces:\n${Array.from({ length: n }, (_, i) => `  ns-${i}: { labels: { a: b } }`).join('\n')}\n${rng.chance(0.5) ? '  ns-1: {}\n' : ''}`, `${n} namespaces`);
    }
    case 6:
      return yaml(
        rng.pick([
          'rules: 5',
          'rules: [a, b]',
          'ignorePatterns: vendor/',
          'namespaces: []',
          'namespaces: { shop: { labels: { a: 1 } } }',
          'istio: { version: 1.2 }',
          'istio: { cni: "yes" }',
          'helm: { renderCharts: "yes" }',
          'context: 7',
          'defaultNamespace: [a]',
          '- rules',
          '"just a string"',
          '~',
          '',
        ]),
        'a value of the wrong type',
      );
    case 7:
      return yaml(rng.pick(['rulez: {}', 'istio: { verison: "1.22" }', 'rules: { no-such-rule: error }', 'rules: { duplicate-key: loud }', `${'k'.repeat(big ? 200_000 : 500)}: 1`, '__proto__: { rules: {} }', 'constructor: 1']), 'an unknown key');
    case 8:
      return yaml(rng.pick(['rules:\n  a: 1\nrules:\n  b: 2', 'rules: [warn', '"unterminated', 'a:\tb', '\u0000', 'rules: !!binary x', '%YAML 1.1\n---\nrules: {}', 'rules: {}\n---\nrules: {}', 'rules: *nope']), 'broken YAML');
    case 9: {
      // A valid configuration, then damaged the way manifests are.
      const m = rng.pick([deleteLine, duplicateLine, reindent, cut, flipScalar, insertTab, controlChar, anchors, duplicateKey, lineEnds])(VALID_CONFIG, rng, scale);
      return yaml(m.text, `the sample configuration, ${m.what}`);
    }
    case 10:
      return { name: '.meshlint.json', text: rng.pick(['{"rules": {"duplicate-key": "warn",}}', '[]', '{"rules": null}', '{"__proto__": {"x": 1}}', `{"ignorePatterns": [${Array(big ? 100_000 : 2000).fill('"a"').join(',')}]}`]), what: 'JSON' };
    default:
      return yaml(VALID_CONFIG, 'the sample configuration');
  }
}

/**
 * Text whose bytes or lines go-yaml reads otherwise than a JS YAML parser would: NEL, LS and
 * PS break lines for it, a lone CR too (and a file of CR lines that starts with --- is one bad
 * separator line to kubectl), UTF-16 with a BOM is decoded, escapes of surrogates or beyond
 * U+10FFFF are refused, and so are directives, which kubectl cuts from their ---.
 */
const byteShape: Mutation = (text, rng) => {
  const lines = text.split('\n');
  const k = pickKeyLine(lines, rng, true);
  const way = rng.int(9);
  if (way === 0) {
    const i = rng.int(lines.length);
    const joined = lines.slice(0, i).join('\n') + (i > 0 ? '\u0085' : '') + lines.slice(i).join('\n');
    return { text: rng.chance(0.5) ? text.replace(/\n/g, '\u0085') : joined, what: `NEL line break(s) (at line ${i + 1})` };
  }
  if (way === 1 || way === 2) {
    const c = rng.pick(['\u0085', '\u2028', '\u2029']);
    if (!k) return { text: c + text, what: `${quote(c)} at the start` };
    const value = way === 1 ? `${k.value}${c}more` : `"${k.value.replace(/["\\]/g, '')}${c}  more"`;
    lines[k.index] = withValue(k, value);
    return { text: lines.join('\n'), what: `line ${k.index + 1}: ${quote(c)} in the value ${quote(value)}` };
  }
  if (way === 3) return { text: `---\r${text.replace(/\r?\n/g, '\r')}`, what: 'CR line ends after a first ---' };
  if (way === 4) return { text, what: 'UTF-16LE with a BOM', utf16: 'le' };
  if (way === 5) return { text, what: 'UTF-16BE with a BOM', utf16: 'be' };
  if (way === 6 && k) {
    const value = rng.pick(['"\\ud83d\\ude00"', '"\\udfff"', '"\\U00110000"', '"\\/"', '"\\x4"', "'\\ud800'"]);
    lines[k.index] = withValue(k, value);
    return { text: lines.join('\n'), what: `line ${k.index + 1}: value → ${quote(value)}` };
  }
  const directive = rng.pick(['%YAML 1.1', '%YAML 1.2', '%YAML 9.9', '%TAG !e! tag:example.com,2000:', '%FOO bar', '--- {}', '---#x', '---\u00a0']);
  const at = rng.chance(0.5) ? 0 : rng.int(lines.length + 1);
  lines.splice(at, 0, ...(directive.startsWith('%') ? [directive, '---'] : [directive]));
  return { text: lines.join('\n'), what: `${quote(directive)} before line ${at + 1}` };
};

/** Every mutation; flipScalar is listed twice, values being where most meaning lives. */
const MUTATIONS: readonly Mutation[] = [
  deleteLine,
  duplicateLine,
  swapLines,
  reindent,
  cut,
  flipScalar,
  flipScalar,
  insertTab,
  controlChar,
  template,
  docMarker,
  anchors,
  duplicateKey,
  lineEnds,
  deepNesting,
  directive,
  embeddedAnnotation,
  embeddedConfigMap,
  byteShape,
];

// ---------------------------------------------------------------- cases

/** A second file linted in the same run: facts cross files (a Namespace, a webhook, the mesh config). */
export interface Companion {
  readonly source: string;
  readonly mutations: readonly string[];
  readonly text: string;
}

export interface FuzzCase {
  readonly seed: number;
  readonly index: number;
  /** The unmutated file, relative to the pool's root. */
  readonly source: string;
  readonly mutations: readonly string[];
  readonly text: string;
  readonly companion: Companion | undefined;
  /** Lint it from standard input ('-') instead of a file. */
  readonly stdin: boolean;
  /** Also run with --fix-dry-run (the remaining findings are then positions in the fixed text). */
  readonly fixDryRun: boolean;
  readonly scale: Scale;
  /** A config file written where the command line finds it: a refusal (exit 2, one line on stderr) is allowed. */
  readonly config?: ConfigFile;
  /** The file's bytes are UTF-16 with a BOM (see byteShape). */
  readonly utf16?: 'le' | 'be';
}

function mutate(text: string, count: number, rng: Rng, scale: Scale): { text: string; mutations: string[]; utf16?: 'le' | 'be' } {
  const mutations: string[] = [];
  let utf16: 'le' | 'be' | undefined;
  for (let i = 0; i < count; i++) {
    const m = rng.pick(MUTATIONS)(text, rng, scale);
    text = m.text;
    utf16 = m.utf16 ?? utf16;
    mutations.push(m.what);
  }
  return { text, mutations, ...(utf16 ? { utf16 } : {}) };
}

/** The bytes of a case's text as written: UTF-8, or UTF-16 with its BOM. */
export function bytesOf(text: string, utf16?: 'le' | 'be'): string | Buffer {
  if (!utf16) return text;
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/^\ufeff/, ''), 'utf16le')]);
  return utf16 === 'le' ? le : le.swap16();
}

export function makeCase(seed: number, index: number, pool: SourcePool, scale: Scale = 'big'): FuzzCase {
  const rng = prng(caseSeed(seed, index));
  const source = rng.pick(pool.files);
  const { text, mutations, utf16 } = mutate(pool.text(source), 1 + rng.int(4), rng, scale);
  const stdin = rng.chance(0.2);
  const fixDryRun = rng.chance(0.25);
  let companion: Companion | undefined;
  if (rng.chance(0.2)) {
    const other = rng.pick(pool.files);
    companion = { source: other, ...mutate(pool.text(other), rng.int(3), rng, scale) };
  }
  // Drawn last, so that the other choices of a seed stay what they were.
  const config = rng.chance(0.15) ? configFile(rng, scale) : undefined;
  return { seed, index, source, mutations, text, companion, stdin, fixDryRun, scale, ...(config ? { config } : {}), ...(utf16 ? { utf16 } : {}) };
}

/** The text meshlint reads from the bytes of `text`: lone surrogates become U+FFFD, a BOM is dropped, NUL means unreadable. */
function textAsRead(text: string, utf16?: 'le' | 'be'): string {
  if (utf16) {
    const read = Buffer.from(text.replace(/^\ufeff/, ''), 'utf16le').toString('utf16le');
    return read.includes('\0') ? '' : read;
  }
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.includes(0)) return '';
  const read = bytes.toString('utf8');
  return read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
}

interface Position {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** Problems with a range: outside the text (lines end at LF, CRLF or a lone CR, as in editors), or ending before it starts. */
export function rangeProblems(text: string, r: Position, where: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  const inside = (line: number, column: number): boolean =>
    Number.isInteger(line) && Number.isInteger(column) && line >= 1 && line <= lines.length && column >= 1 && column <= (lines[line - 1]?.length ?? 0) + 1;
  const outside = (what: string, line: number, column: number): string =>
    `${where}: ${what} ${line}:${column} is outside the file (${lines.length} lines${line >= 1 && line <= lines.length ? `, line ${line} has ${lines[line - 1]?.length} columns` : ''})`;
  const out: string[] = [];
  if (!inside(r.line, r.column)) out.push(outside('start', r.line, r.column));
  if (!inside(r.endLine, r.endColumn)) out.push(outside('end', r.endLine, r.endColumn));
  if (r.endLine < r.line || (r.endLine === r.line && r.endColumn < r.column)) out.push(`${where}: end ${r.endLine}:${r.endColumn} before start ${r.line}:${r.column}`);
  return out;
}

interface JsonMessageOut extends Position {
  readonly ruleId: string;
  readonly severity: number;
  readonly message: string;
  readonly fix?: { readonly range: readonly [number, number] };
  readonly suggestions?: readonly { readonly fix: { readonly range: readonly [number, number] } }[];
  readonly related?: readonly (Position & { readonly filePath: string })[];
}

interface JsonResultOut {
  readonly filePath: string;
  readonly messages: readonly JsonMessageOut[];
  readonly errorCount: number;
  readonly output?: string;
}

interface SarifOut {
  readonly runs?: readonly {
    readonly results?: readonly {
      readonly locations?: readonly {
        readonly physicalLocation?: { readonly artifactLocation?: { readonly uri?: string }; readonly region?: { startLine: number; startColumn: number; endLine: number; endColumn: number } };
      }[];
    }[];
  }[];
}

/** Where two outputs part: the offset and a little of each around it. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const around = (s: string): string => JSON.stringify(s.slice(Math.max(0, i - 150), i + 150));
  return `from offset ${i}:\n    first:  ${around(a)}\n    second: ${around(b)}`;
}

export interface Checker {
  /** Lints one case every way it is meant to be linted; the invariants it broke (none: empty). */
  check(c: FuzzCase): string[];
  cleanup(): void;
}

const FORMATS_ALSO = ['stylish', 'github'] as const;

/** A line of a JavaScript stack trace: "    at f (file.js:1:2)". */
const STACK_LINE = /^\s+at \S.*:\d+:\d+\)?$/m;

/** Runs cases through the CLI in a temporary directory of its own. */
export function checker(): Checker {
  const tmp: TempDir = tempDir('meshlint-fuzz-');
  const validateSarif = sarifValidator();
  // Every rule on, so that every rule meets the damaged documents.
  const rules = ['--rule', 'autoscaler-safe-to-evict=warn', '--report-unused-disable-directives'];
  return {
    cleanup: () => tmp.cleanup(),
    check(c) {
      const problems: string[] = [];
      const name = c.source.split('/').pop() ?? 'input.yaml';
      const shown = c.stdin ? (c.index % 2 ? name : '<stdin>') : name;
      const input = c.stdin ? ['-', ...(c.index % 2 ? ['--stdin-filename', name] : [])] : [name];
      // What meshlint reads, by the path it reports.
      const texts = new Map([[shown, textAsRead(c.text, c.utf16)]]);
      const written: string[] = [];
      if (!c.stdin) written.push(tmp.write(name, bytesOf(c.text, c.utf16)));
      if (c.companion) {
        const other = `companion-${c.companion.source.split('/').pop() ?? 'input.yaml'}`;
        written.push(tmp.write(other, c.companion.text));
        input.push(other);
        texts.set(other, textAsRead(c.companion.text));
      }
      if (c.config) written.push(tmp.write(c.config.name, c.config.text));
      const run = (extra: readonly string[]): CliRun | undefined => {
        const argv = [...input, ...rules, ...extra];
        try {
          const r = cli(argv, { cwd: tmp.dir, ...(c.stdin ? { stdin: bytesOf(c.text, c.utf16) } : {}) });
          if (STACK_LINE.test(r.stderr)) problems.push(`meshlint ${argv.join(' ')}: a stack trace on stderr: ${r.stderr.slice(0, 2000)}`);
          // A config file may be refused, as a usage error: exit 2, nothing on stdout, one line on stderr.
          if (c.config && r.code === 2) {
            const lines = r.stderr.trimEnd().split('\n');
            if (r.stdout !== '' || lines.length !== 1 || !lines[0]?.includes(c.config.name)) {
              problems.push(`meshlint ${argv.join(' ')} with ${c.config.name} (${c.config.what}): exit 2 must be one line naming the config, got stdout ${quote(r.stdout)}, stderr ${quote(r.stderr)}`);
            }
            return undefined;
          }
          if (r.code !== 0 && r.code !== 1) problems.push(`meshlint ${argv.join(' ')}: exit ${r.code}, stderr: ${r.stderr.trim()}`);
          return r;
        } catch (e) {
          problems.push(`meshlint ${argv.join(' ')}: threw ${(e as Error).stack ?? String(e)}`);
          return undefined;
        }
      };
      const checkJson = (r: CliRun, label: string): JsonResultOut[] => {
        let results: JsonResultOut[];
        try {
          results = JSON.parse(r.stdout) as JsonResultOut[];
        } catch (e) {
          problems.push(`${label}: stdout is not JSON (${(e as Error).message}): ${quote(r.stdout)}`);
          return [];
        }
        const errors = results.reduce((n, x) => n + x.errorCount, 0);
        if ((errors > 0 ? 1 : 0) !== r.code) problems.push(`${label}: exit ${r.code} with ${errors} error(s)`);
        for (const res of results) {
          const read = texts.get(res.filePath);
          if (read === undefined) {
            problems.push(`${label}: a result for ${quote(res.filePath)}, which was not linted`);
            continue;
          }
          // After --fix-dry-run, what remains is positioned in the fixed text.
          const text = res.output ?? read;
          for (const m of res.messages) {
            const where = `${label} ${res.filePath} ${m.ruleId} at ${m.line}:${m.column}-${m.endLine}:${m.endColumn} (${quote(m.message)})`;
            problems.push(...rangeProblems(text, m, where));
            for (const rel of m.related ?? []) {
              const relText = rel.filePath === res.filePath ? text : texts.get(rel.filePath);
              if (relText === undefined) problems.push(`${where}: related place in ${quote(rel.filePath)}, which was not linted`);
              else problems.push(...rangeProblems(relText, rel, `${where} related`));
            }
            for (const f of [m.fix, ...(m.suggestions ?? []).map((s) => s.fix)]) {
              if (!f) continue;
              const [s, e] = f.range;
              if (!(Number.isInteger(s) && Number.isInteger(e) && s >= 0 && s <= e && e <= text.length)) problems.push(`${where}: fix range [${s}, ${e}] outside the text (length ${text.length})`);
            }
          }
        }
        return results;
      };
      try {
        const first = run(['-f', 'json']);
        const before = first ? checkJson(first, 'json') : [];
        const again = run(['-f', 'json']);
        if (first && again && again.stdout !== first.stdout) problems.push(`json: a second run printed something else, ${firstDifference(first.stdout, again.stdout)}`);
        const sarif = run(['-f', 'sarif']);
        if (sarif) {
          try {
            const log = JSON.parse(sarif.stdout) as SarifOut;
            problems.push(...validateSarif(log).map((p) => `sarif: schema: ${p}`));
            for (const res of log.runs?.[0]?.results ?? []) {
              const at = res.locations?.[0]?.physicalLocation;
              const uri = decodeURIComponent(at?.artifactLocation?.uri ?? '');
              const text = texts.get(uri) ?? (texts.size === 1 ? [...texts.values()][0] : undefined);
              const g = at?.region;
              if (g && text !== undefined) problems.push(...rangeProblems(text, { line: g.startLine, column: g.startColumn, endLine: g.endLine, endColumn: g.endColumn }, `sarif region in ${uri}`));
            }
          } catch (e) {
            problems.push(`sarif: stdout is not JSON (${(e as Error).message})`);
          }
        }
        run(['-f', FORMATS_ALSO[c.index % FORMATS_ALSO.length] ?? 'stylish']);
        if (c.fixDryRun) {
          const fixed = run(['--fix-dry-run', '-f', 'json']);
          for (const res of fixed ? checkJson(fixed, 'json --fix-dry-run') : []) {
            // A fix must never break the YAML it edits.
            const broken = (r: JsonResultOut | undefined): boolean => Boolean(r?.messages.some((m) => m.ruleId === 'parse-error'));
            if (res.output !== undefined && broken(res) && !broken(before.find((b) => b.filePath === res.filePath))) {
              problems.push(`json --fix-dry-run ${res.filePath}: the fixes made a parse error: ${quote(res.messages.find((m) => m.ruleId === 'parse-error')?.message ?? '')}; fixed text: ${quote(res.output)}`);
            }
          }
        }
      } finally {
        for (const w of written) rmSync(w, { force: true });
      }
      return problems;
    },
  };
}

// ---------------------------------------------------------------- runs

export interface FuzzFailure {
  readonly fuzzCase: FuzzCase;
  readonly problems: readonly string[];
  /** Where the mutated text was saved. */
  readonly savedAt: string;
}

export interface FuzzOptions {
  readonly seed: number;
  /** Default: big. */
  readonly scale?: Scale;
  /** Stop after this many cases… */
  readonly cases?: number;
  /** …or after this many seconds, whichever comes first. */
  readonly seconds?: number;
  /** Run only this case (a replay). */
  readonly only?: number;
  /** Called every few seconds with the cases done so far. */
  readonly progress?: (done: number, seconds: number, failures: number) => void;
  /** Print each failure as it is found (default: console.log). */
  readonly log?: (s: string) => void;
}

export interface FuzzSummary {
  readonly seed: number;
  readonly origin: string;
  readonly cases: number;
  readonly seconds: number;
  readonly failures: readonly FuzzFailure[];
  /** The slowest case: index and milliseconds. */
  readonly slowest: { readonly index: number; readonly ms: number };
}

/** The mutated text of a failing case (and its companion), saved under the system's temporary directory. */
function save(c: FuzzCase): string {
  const path = (suffix: string, source: string): string => join(tmpdir(), `meshlint-fuzz-seed${c.seed}-case${c.index}${suffix}.${/\.json$/i.test(source) ? 'json' : 'yaml'}`);
  const main = path('', c.source);
  writeFileSync(main, bytesOf(c.text, c.utf16));
  if (c.companion) writeFileSync(path('-companion', c.companion.source), c.companion.text);
  if (c.config) writeFileSync(path('-config', c.config.name), c.config.text);
  return main;
}

/** A problem without its numbers and quoted text: the same fault at another place or with other words matches. */
export const signature = (problem: string): string => problem.replace(/\((?:[^()]|\([^()]*\))*\)/g, '()').replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\d+/g, 'N');

/**
 * The smallest text (within a time budget) that still breaks the same invariant: whole lines
 * first, then characters, removed in ever smaller chunks (delta debugging).
 */
export function minimize(c: FuzzCase, check: Checker, seconds = 60): string {
  const wanted = new Set(check.check(c).map(signature));
  const deadline = Date.now() + seconds * 1000;
  const fails = (text: string): boolean => check.check({ ...c, text }).some((p) => wanted.has(signature(p)));
  const reduce = (units: string[]): string[] => {
    let chunk = Math.max(1, Math.floor(units.length / 2));
    while (chunk >= 1 && Date.now() < deadline) {
      let removed = false;
      for (let at = 0; at < units.length && Date.now() < deadline; ) {
        const candidate = [...units.slice(0, at), ...units.slice(at + chunk)];
        if (fails(candidate.join(''))) {
          units = candidate;
          removed = true;
        } else at += chunk;
      }
      if (!removed) chunk = Math.floor(chunk / 2);
    }
    return units;
  };
  if (wanted.size === 0) return c.text;
  const lines = reduce(c.text.split(/(?<=\n)/));
  return reduce([...lines.join('')]).join('');
}

export function describeFailure(f: FuzzFailure): string {
  const c = f.fuzzCase;
  const shown = c.text.length > 4000 ? `${JSON.stringify(c.text.slice(0, 4000))}… (${c.text.length} characters)` : JSON.stringify(c.text);
  return [
    `FUZZ FAILURE: seed ${c.seed}, case ${c.index} (replay: npm run fuzz -- --seed ${c.seed} --case ${c.index}${c.scale === 'small' ? ' --small' : ''})`,
    `  source: ${c.source}${c.stdin ? ', read from standard input' : ''}${c.fixDryRun ? ', with --fix-dry-run' : ''}`,
    `  mutations: ${c.mutations.join('; ')}`,
    ...(c.companion ? [`  linted with a second file: ${c.companion.source}, mutations: ${c.companion.mutations.join('; ') || 'none'} (saved beside it as …-companion)`] : []),
    ...(c.config ? [`  with a config file ${c.config.name}: ${c.config.what} (saved beside it as …-config)`] : []),
    `  mutated text saved at ${f.savedAt}`,
    ...f.problems.slice(0, 10).map((p) => `  - ${p.length > 2000 ? `${p.slice(0, 2000)}…` : p}`),
    ...(f.problems.length > 10 ? [`  … and ${f.problems.length - 10} more`] : []),
    `  text: ${shown}`,
  ].join('\n');
}

export function runFuzz(opts: FuzzOptions): FuzzSummary {
  const log = opts.log ?? ((s: string) => console.log(s));
  const pool = sourcePool();
  const check = checker();
  const started = Date.now();
  const failures: FuzzFailure[] = [];
  let slowest = { index: -1, ms: 0 };
  let done = 0;
  let lastProgress = started;
  try {
    for (let index = opts.only ?? 0; ; index++) {
      if (opts.only !== undefined && index > opts.only) break;
      if (opts.cases !== undefined && done >= opts.cases) break;
      if (opts.seconds !== undefined && Date.now() - started >= opts.seconds * 1000) break;
      const c = makeCase(opts.seed, index, pool, opts.scale);
      const t0 = Date.now();
      const problems = check.check(c);
      const ms = Date.now() - t0;
      if (ms > slowest.ms) slowest = { index, ms };
      done++;
      if (problems.length > 0) {
        const failure = { fuzzCase: c, problems, savedAt: save(c) };
        failures.push(failure);
        log(describeFailure(failure));
      }
      if (opts.progress && Date.now() - lastProgress >= 10_000) {
        lastProgress = Date.now();
        opts.progress(done, (lastProgress - started) / 1000, failures.length);
      }
    }
  } finally {
    check.cleanup();
  }
  return { seed: opts.seed, origin: pool.origin, cases: done, seconds: (Date.now() - started) / 1000, failures, slowest };
}

export function summaryLine(s: FuzzSummary): string {
  return `fuzz: ${s.cases} cases, seed ${s.seed}, ${s.failures.length} failure${s.failures.length === 1 ? '' : 's'}`;
}
