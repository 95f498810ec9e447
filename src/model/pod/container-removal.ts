// What a node maintenance command line does to containers: enough of POSIX sh to find the
// commands in `sh -c` scripts and in command/args, which of them remove exited containers
// (docker, nerdctl, crictl), with which filters, and whether the pod reaches the node's
// container runtime at all.
import { pruneLine, removalLine } from '../text-search.ts';
import type { SpanFinder } from '../../common/types.ts';
import { getIn, type PodTemplate } from '../workload.ts';

// ---------------------------------------------------------------------------------------
// Shell words.

/** One word of a command line; `from` is the command/args entry it was written in. */
export interface ShellWord {
  readonly text: string;
  readonly from: number;
  /** The word holds an unquoted or double-quoted `$var`, `$(…)` or backtick expansion. */
  readonly expands: boolean;
}

/** A simple command: its words, the command substitutions inside it, and the command piped into it. */
export interface ShellCommand {
  readonly words: ShellWord[];
  /** Indexes of the commands run in `$(…)` or backticks inside this command's words. */
  readonly substitutions: number[];
  /** Index of the command whose output is piped into this one (`a | b`). */
  readonly pipedFrom: number | undefined;
}

/**
 * Splits command and args entries into simple commands. An entry without white space is one
 * word (the exec form: ["docker", "system", "prune"]); an entry with white space is a shell
 * script (the argument of `sh -c`), split at `;`, `&&`, `||`, `|`, newlines and substitutions.
 */
export function shellCommands(entries: readonly string[]): ShellCommand[] {
  const commands: { words: ShellWord[]; substitutions: number[]; pipedFrom: number | undefined }[] = [];
  const open = (pipedFrom?: number): number => {
    commands.push({ words: [], substitutions: [], pipedFrom });
    return commands.length - 1;
  };
  let execForm: number | undefined;
  entries.forEach((entry, from) => {
    if (!/\s/.test(entry)) {
      execForm ??= open();
      commands[execForm]?.words.push({ text: entry, from, expands: /\$|`/.test(entry) });
      return;
    }
    execForm = undefined;
    parseScript(entry, from, commands, open);
  });
  // Empty commands stay: substitutions and pipes refer to commands by index.
  return commands;
}

/** One level of commands being parsed: the script itself, or a `$(…)` / backtick substitution inside it. */
interface ScriptLevel {
  /** ")" or "`" for a substitution; undefined for the script. */
  readonly close: string | undefined;
  /** The top-level commands of this level. */
  readonly started: number[];
  current: number;
  word: string;
  inWord: boolean;
  expands: boolean;
  /** Inside a double-quoted string (a substitution in one resumes there). */
  inQuotes: boolean;
  /** The closer of the substitution under way inside this level. */
  pending: string | undefined;
}

// Substitutions nest as deep as the text says (`$($($(…`): the levels are kept in a list, not
// on the call stack, so that 50,000 of them are parsed like any other script.
function parseScript(
  text: string,
  from: number,
  commands: { words: ShellWord[]; substitutions: number[]; pipedFrom: number | undefined }[],
  open: (pipedFrom?: number) => number,
): void {
  let i = 0;
  const level = (close: string | undefined): ScriptLevel => {
    const current = open();
    return { close, started: [current], current, word: '', inWord: false, expands: false, inQuotes: false, pending: undefined };
  };
  const levels: ScriptLevel[] = [level(undefined)];
  const endWord = (l: ScriptLevel): void => {
    if (l.inWord) commands[l.current]?.words.push({ text: l.word, from, expands: l.expands });
    l.word = '';
    l.inWord = false;
    l.expands = false;
  };
  const next = (l: ScriptLevel, pipedFrom?: number): void => {
    endWord(l);
    l.current = open(pipedFrom);
    l.started.push(l.current);
  };
  const substitution = (l: ScriptLevel, closer: string): void => {
    l.pending = closer;
    levels.push(level(closer));
  };
  /** Ends the innermost level: its commands are a substitution in the word of the level around it. */
  const close = (): void => {
    const done = levels.pop() as ScriptLevel;
    endWord(done);
    const outer = levels[levels.length - 1];
    if (!outer) return;
    commands[outer.current]?.substitutions.push(...done.started);
    outer.word += outer.pending === ')' ? '$(…)' : '`…`';
    outer.inWord = true;
    outer.expands = true;
    outer.pending = undefined;
  };
  while (levels.length > 0) {
    const l = levels[levels.length - 1] as ScriptLevel;
    if (l.inQuotes) {
      const c = text[i];
      if (c === undefined || c === '"') {
        l.inQuotes = false;
        i++;
      } else if (c === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1] as string)) {
        if (text[i + 1] !== '\n') l.word += text[i + 1];
        i += 2;
      } else if (c === '$' && text[i + 1] === '(') {
        i += 2;
        substitution(l, ')');
      } else if (c === '`') {
        i++;
        substitution(l, '`');
      } else {
        if (c === '$') l.expands = true;
        l.word += c;
        i++;
      }
      continue;
    }
    if (i >= text.length) {
      close();
      continue;
    }
    const ch = text[i] as string;
    if (l.close !== undefined && ch === l.close) {
      i++;
      close();
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord(l);
      i++;
    } else if (ch === '\n' || ch === ';' || ch === '(' || ch === ')') {
      next(l);
      i++;
    } else if (ch === '&') {
      next(l);
      i += text[i + 1] === '&' ? 2 : 1;
    } else if (ch === '|') {
      if (text[i + 1] === '|') {
        next(l);
        i += 2;
      } else {
        next(l, l.current);
        i++;
      }
    } else if (ch === '<' || ch === '>') {
      endWord(l);
      i++;
    } else if (ch === '#' && !l.inWord) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else {
        l.word += text[i + 1] ?? '';
        l.inWord = true;
        i += 2;
      }
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      l.word += text.slice(i + 1, end === -1 ? text.length : end);
      l.inWord = true;
      i = end === -1 ? text.length : end + 1;
    } else if (ch === '"') {
      l.inWord = true;
      l.inQuotes = true;
      i++;
    } else if (ch === '$' && text[i + 1] === '(') {
      i += 2;
      substitution(l, ')');
    } else if (ch === '`') {
      i++;
      substitution(l, '`');
    } else {
      if (ch === '$') l.expands = true;
      l.word += ch;
      l.inWord = true;
      i++;
    }
  }
}

// ---------------------------------------------------------------------------------------
// Which commands remove exited containers.

export type RemovalTool = 'docker' | 'nerdctl' | 'crictl';

export interface ContainerRemoval {
  readonly tool: RemovalTool;
  /** prune: `system prune` / `container prune`; rm: removal of listed (exited or all) containers. */
  readonly kind: 'prune' | 'rm';
  /** The command as written, for the message. */
  readonly command: string;
  /** The entry (index into the command and args entries) holding the subcommand. */
  readonly from: number;
  /** Finds the line that holds it, to narrow the report inside a script. */
  readonly line: SpanFinder;
}

const TOOLS: readonly RemovalTool[] = ['docker', 'nerdctl', 'crictl'];

/** Global options that take a separate value, so that the value is not read as the subcommand. */
const VALUE_OPTIONS: Readonly<Record<RemovalTool, readonly string[]>> = {
  docker: ['-H', '--host', '-c', '--context', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey'],
  nerdctl: ['-n', '--namespace', '-a', '--address', '-H', '--host', '--snapshotter', '--storage-driver', '--cni-path', '--cni-netconfpath', '--data-root', '--cgroup-manager', '--hosts-dir'],
  crictl: ['-r', '--runtime-endpoint', '-i', '--image-endpoint', '-c', '--config', '-t', '--timeout'],
};

const toolOf = (w: string): RemovalTool | undefined => TOOLS.find((t) => w === t || w.endsWith(`/${t}`));

/** The words after the global options: the subcommand and its arguments. */
function subcommandWords(tool: RemovalTool, rest: readonly ShellWord[]): ShellWord[] {
  let i = 0;
  while (i < rest.length) {
    const w = (rest[i] as ShellWord).text;
    if (!w.startsWith('-')) break;
    i += VALUE_OPTIONS[tool].includes(w) ? 2 : 1;
  }
  return rest.slice(i);
}

/** Values of `--filter X` / `--filter=X` (docker's prune filters; `-f` is --force there). */
export function filtersOf(words: readonly string[]): string[] {
  const out: string[] = [];
  words.forEach((w, i) => {
    if (w === '--filter' && words[i + 1] !== undefined) out.push(words[i + 1] as string);
    else if (w.startsWith('--filter=')) out.push(w.slice('--filter='.length));
  });
  return out;
}

const KUBELET_LABELS = ['io.kubernetes.container.name', 'io.kubernetes.pod.name', 'io.kubernetes.pod.namespace', 'io.kubernetes.pod.uid'];

/**
 * Whether docker's prune filters keep istio-init: `label!=io.kubernetes.container.name=istio-init`,
 * or `label!=<a label kubelet puts on every container>` (keeps every pod's containers), or a
 * positive `label=…` filter, which prunes only containers carrying that label (istio-init
 * only if the filter names it).
 */
export function filtersKeepIstioInit(filters: readonly string[]): boolean {
  for (const f of filters) {
    const neg = /^label!=(.+)$/.exec(f);
    if (neg) {
      const [key, value] = splitLabel(neg[1] as string);
      if (key === 'io.kubernetes.container.name' && value === 'istio-init') return true;
      if (value === undefined && KUBELET_LABELS.includes(key)) return true;
      continue;
    }
    const pos = /^label=(.+)$/.exec(f);
    if (pos && !(pos[1] as string).includes('istio-init')) return true;
  }
  return false;
}

const splitLabel = (s: string): [string, string | undefined] => {
  const eq = s.indexOf('=');
  return eq === -1 ? [s, undefined] : [s.slice(0, eq), s.slice(eq + 1)];
};

/** A listing of exited (or all) containers: `docker ps -a`, `docker ps -f status=exited`, `crictl ps -a`, `crictl ps --state exited`. */
function listsExited(sub: readonly string[]): boolean {
  const listing = sub[0] === 'ps' || (sub[0] === 'container' && ['ls', 'list', 'ps'].includes(sub[1] ?? ''));
  if (!listing) return false;
  return sub.some((w, i) =>
    w === '--all'
    || (/^-[a-zA-Z]+$/.test(w) && w.includes('a'))
    || /^status=(exited|created|dead)$/i.test(w)
    || /^--state=exited$/i.test(w)
    || ((w === '--state' || w === '-s') && /^exited$/i.test(sub[i + 1] ?? '')),
  );
}

/** A docker CLI pointed at a remote daemon (a docker-in-docker sidecar, say) never sees kubelet's containers. */
function remoteDocker(words: readonly string[], env: Readonly<Record<string, string>>): boolean {
  const remote = /^(?:tcp|ssh|https?):/;
  if (remote.test(env.DOCKER_HOST ?? '')) return true;
  return words.some((w, i) => (w.startsWith('DOCKER_HOST=') && remote.test(w.slice('DOCKER_HOST='.length)))
    || ((w === '-H' || w === '--host') && remote.test(words[i + 1] ?? ''))
    || (w.startsWith('--host=') && remote.test(w.slice('--host='.length))));
}

/** Whether a nerdctl command works in containerd's k8s.io namespace, where kubelet's containers are. */
function inKubeletNamespace(words: readonly string[], env: Readonly<Record<string, string>>): boolean {
  if (env.CONTAINERD_NAMESPACE === 'k8s.io') return true;
  return words.some((w, i) => ((w === '-n' || w === '--namespace') && words[i + 1] === 'k8s.io') || w === '--namespace=k8s.io' || w === '-n=k8s.io' || w === 'CONTAINERD_NAMESPACE=k8s.io');
}

/**
 * Commands among command/args entries that remove exited containers, istio-init included.
 * `env`: the container's plain env values (CONTAINERD_NAMESPACE for nerdctl).
 */
export function containerRemovals(entries: readonly string[], env: Readonly<Record<string, string>> = {}): ContainerRemoval[] {
  const commands = shellCommands(entries);
  // A script that names istio-init (a grep -v, a name filter) handles it deliberately.
  const mentionsIstioInit = commands.some((c) => c.words.some((w) => w.text.includes('istio-init')));
  const out: ContainerRemoval[] = [];
  // Tools whose listing of exited containers the script runs (`docker ps -aq`).
  const listingTools = new Set<RemovalTool>();
  const listing = commands.map((c) => {
    const at = c.words.findIndex((w) => toolOf(w.text) !== undefined);
    if (at === -1) return false;
    const tool = toolOf((c.words[at] as ShellWord).text) as RemovalTool;
    if (!listsExited(subcommandWords(tool, c.words.slice(at + 1)).map((w) => w.text))) return false;
    for (const w of c.words) {
      const t = toolOf(w.text);
      if (t) listingTools.add(t);
    }
    return true;
  });
  const hasTool = (c: ShellCommand, tool: RemovalTool): boolean => c.words.some((w) => toolOf(w.text) === tool);
  // Whether a command is, or runs in a substitution, a listing by each tool: substitutions are
  // opened after the command that holds them, so one pass from the last command back decides.
  const listedIn = new Map<RemovalTool, boolean[]>();
  const listedBy = (tool: RemovalTool): boolean[] => {
    let known = listedIn.get(tool);
    if (!known) {
      const result: boolean[] = new Array<boolean>(commands.length).fill(false);
      for (let i = commands.length - 1; i >= 0; i--) {
        const c = commands[i] as ShellCommand;
        result[i] = (listing[i] === true && hasTool(c, tool)) || c.substitutions.some((j) => result[j] === true);
      }
      // A pipe feeds each command of its chain: decided once per command, front to back.
      const piped: boolean[] = new Array<boolean>(commands.length).fill(false);
      for (let i = 0; i < commands.length; i++) {
        const p = (commands[i] as ShellCommand).pipedFrom;
        piped[i] = p !== undefined && (result[p] === true || piped[p] === true);
      }
      known = commands.map((c, i) => c.substitutions.some((j) => result[j] === true) || piped[i] === true);
      listedIn.set(tool, known);
    }
    return known;
  };
  // `ids=$(docker ps -aq …); docker rm $ids`
  const fedByListing = (index: number, c: ShellCommand, tool: RemovalTool): boolean =>
    listedBy(tool)[index] === true || (listingTools.has(tool) && c.words.some((w) => w.expands));
  commands.forEach((c, index) => {
    const words = c.words.map((x) => x.text);
    const reader = subcommandReader(words);
    // A shell runs one program per simple command: the first removal in it is the one.
    for (let at = 0; at < words.length; at++) {
      const tool = toolOf(words[at] as string);
      if (!tool) continue;
      if (tool === 'nerdctl' && !reader.inKubeletNamespace(env)) continue;
      if (tool === 'docker' && reader.remoteDocker(env)) continue;
      const s = reader.subcommandStart(tool, at + 1);
      const [first, second] = [words[s], words[s + 1]];
      if (tool !== 'crictl' && (first === 'system' || first === 'container') && second === 'prune') {
        if (reader.filtersKeepIstioInitFrom(s)) continue;
        out.push({ tool, kind: 'prune', command: [(words[at] as string).replace(/^.*\//, ''), ...words.slice(s)].join(' '), from: (c.words[s + 1] as ShellWord).from, line: pruneLine(first) });
        return;
      }
      const isRm = first === 'rm' || (tool !== 'crictl' && first === 'container' && (second === 'rm' || second === 'remove'));
      if (!isRm || mentionsIstioInit) continue;
      const all = tool === 'crictl' && reader.allFlagFrom(s);
      if (!all && !fedByListing(index, c, tool)) continue;
      const rmWord = c.words[first === 'rm' ? s : s + 1] as ShellWord;
      out.push({ tool, kind: 'rm', command: [(words[at] as string).replace(/^.*\//, ''), ...words.slice(s)].join(' '), from: rmWord.from, line: removalLine(tool) });
      return;
    }
  });
  return out;
}

/**
 * Questions about the words of one command that several tool words in it ask, each answered
 * once for the whole command: a command of many words costs in proportion to its length.
 */
function subcommandReader(words: readonly string[]): {
  /** Where the subcommand starts after the tool's global options, from word `from` on. */
  subcommandStart(tool: RemovalTool, from: number): number;
  /** Whether a --filter from word `from` on keeps istio-init. */
  filtersKeepIstioInitFrom(from: number): boolean;
  /** Whether crictl's -a / --all is among the words from `from` on. */
  allFlagFrom(from: number): boolean;
  remoteDocker(env: Readonly<Record<string, string>>): boolean;
  inKubeletNamespace(env: Readonly<Record<string, string>>): boolean;
} {
  const n = words.length;
  const starts = new Map<RemovalTool, Int32Array>();
  let keeps: Uint8Array | undefined;
  let all: Uint8Array | undefined;
  let remote: boolean | undefined;
  let kubelet: boolean | undefined;
  /** For each position, whether `test` holds at it or at any later one. */
  const fromEnd = (test: (i: number) => boolean): Uint8Array => {
    const out = new Uint8Array(n + 1);
    for (let i = n - 1; i >= 0; i--) out[i] = (out[i + 1] as number) || (test(i) ? 1 : 0);
    return out;
  };
  return {
    subcommandStart(tool, from) {
      let start = starts.get(tool);
      if (!start) {
        // Options skip one word, or two when they take a value: each position's answer is the next one's.
        start = new Int32Array(n + 2);
        start[n] = n;
        start[n + 1] = n + 1;
        for (let i = n - 1; i >= 0; i--) {
          const w = words[i] as string;
          start[i] = !w.startsWith('-') ? i : (start[i + (VALUE_OPTIONS[tool].includes(w) ? 2 : 1)] as number);
        }
        starts.set(tool, start);
      }
      return Math.min(start[Math.min(from, n + 1)] as number, n + 1);
    },
    filtersKeepIstioInitFrom(from) {
      keeps ??= fromEnd((i) => {
        const w = words[i] as string;
        const filter = w === '--filter' ? words[i + 1] : w.startsWith('--filter=') ? w.slice('--filter='.length) : undefined;
        return filter !== undefined && filtersKeepIstioInit([filter]);
      });
      return from < n && keeps[from] === 1;
    },
    allFlagFrom(from) {
      all ??= fromEnd((i) => {
        const w = words[i] as string;
        return w === '-a' || w === '--all' || /^-[a-zA-Z]*a[a-zA-Z]*$/.test(w);
      });
      return from < n && all[from] === 1;
    },
    remoteDocker: (env) => (remote ??= remoteDocker(words, env)),
    inKubeletNamespace: (env) => (kubelet ??= inKubeletNamespace(words, env)),
  };
}

// ---------------------------------------------------------------------------------------
// Does the pod reach the node's container runtime?

/**
 * A pod can remove kubelet's containers only through the node's runtime: a hostPath of the
 * runtime socket (or a directory above it: /, /run, /var/run), or nsenter into the host's
 * namespaces with hostPID (see usesNsenter). A docker CLI without either talks to some other
 * daemon (a docker-in-docker sidecar, a remote DOCKER_HOST) and never sees kubelet's containers.
 */
export function mountsNodeRuntime(t: PodTemplate): boolean {
  const volumes = Array.isArray(t.spec.volumes) ? t.spec.volumes : [];
  return volumes.some((v) => {
    const path = getIn(v, ['hostPath', 'path']);
    if (typeof path !== 'string') return false;
    const p = path.replace(/\/+$/, '') || '/';
    return p === '/' || /^\/(?:var\/)?run(?:\/|$)/.test(p);
  });
}

export const usesNsenter = (words: readonly string[]): boolean => words.some((w) => w === 'nsenter' || w.endsWith('/nsenter'));
