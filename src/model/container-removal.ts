// What a node maintenance command line does to containers: enough of POSIX sh to find the
// commands in `sh -c` scripts and in command/args, which of them remove exited containers
// (docker, nerdctl, crictl), with which filters, and whether the pod reaches the node's
// container runtime at all.
import { getIn, type PodTemplate } from './workload.ts';

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

function parseScript(
  text: string,
  from: number,
  commands: { words: ShellWord[]; substitutions: number[]; pipedFrom: number | undefined }[],
  open: (pipedFrom?: number) => number,
): void {
  let i = 0;
  // Parses commands until `close` (")" or "`") or the end; returns the indexes of the top-level commands.
  const sequence = (close: string | undefined): number[] => {
    const started: number[] = [];
    let current = open();
    started.push(current);
    let word = '';
    let inWord = false;
    let expands = false;
    const endWord = (): void => {
      if (inWord) commands[current]?.words.push({ text: word, from, expands });
      word = '';
      inWord = false;
      expands = false;
    };
    const next = (pipedFrom?: number): void => {
      endWord();
      current = open(pipedFrom);
      started.push(current);
    };
    const substitution = (closer: string): void => {
      const inner = sequence(closer);
      commands[current]?.substitutions.push(...inner);
      word += closer === ')' ? '$(…)' : '`…`';
      inWord = true;
      expands = true;
    };
    while (i < text.length) {
      const ch = text[i] as string;
      if (close !== undefined && ch === close) {
        i++;
        endWord();
        return started;
      }
      if (ch === ' ' || ch === '\t' || ch === '\r') {
        endWord();
        i++;
      } else if (ch === '\n' || ch === ';' || ch === '(' || ch === ')') {
        next();
        i++;
      } else if (ch === '&') {
        next();
        i += text[i + 1] === '&' ? 2 : 1;
      } else if (ch === '|') {
        if (text[i + 1] === '|') {
          next();
          i += 2;
        } else {
          const before = current;
          next(before);
          i++;
        }
      } else if (ch === '<' || ch === '>') {
        endWord();
        i++;
      } else if (ch === '#' && !inWord) {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (ch === '\\') {
        if (text[i + 1] === '\n') i += 2;
        else {
          word += text[i + 1] ?? '';
          inWord = true;
          i += 2;
        }
      } else if (ch === "'") {
        const end = text.indexOf("'", i + 1);
        word += text.slice(i + 1, end === -1 ? text.length : end);
        inWord = true;
        i = end === -1 ? text.length : end + 1;
      } else if (ch === '"') {
        inWord = true;
        i++;
        while (i < text.length && text[i] !== '"') {
          const c = text[i] as string;
          if (c === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1] as string)) {
            if (text[i + 1] !== '\n') word += text[i + 1];
            i += 2;
          } else if (c === '$' && text[i + 1] === '(') {
            i += 2;
            substitution(')');
          } else if (c === '`') {
            i++;
            substitution('`');
          } else {
            if (c === '$') expands = true;
            word += c;
            i++;
          }
        }
        i++;
      } else if (ch === '$' && text[i + 1] === '(') {
        i += 2;
        substitution(')');
      } else if (ch === '`') {
        i++;
        substitution('`');
      } else {
        if (ch === '$') expands = true;
        word += ch;
        inWord = true;
        i++;
      }
    }
    endWord();
    return started;
  };
  sequence(undefined);
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
  /** A pattern for the line that holds it, to narrow the report inside a script. */
  readonly line: RegExp;
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

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

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
  const allWords = commands.flatMap((c) => c.words.map((w) => w.text));
  // A script that names istio-init (a grep -v, a name filter) handles it deliberately.
  const mentionsIstioInit = allWords.some((w) => w.includes('istio-init'));
  const out: ContainerRemoval[] = [];
  const listing = new Set<number>();
  commands.forEach((c, index) => {
    const at = c.words.findIndex((w) => toolOf(w.text) !== undefined);
    if (at === -1) return;
    const tool = toolOf((c.words[at] as ShellWord).text) as RemovalTool;
    if (listsExited(subcommandWords(tool, c.words.slice(at + 1)).map((w) => w.text))) listing.add(index);
  });
  const fedByListing = (c: ShellCommand, tool: RemovalTool): boolean => {
    const sameTool = (i: number): boolean => {
      const words = commands[i]?.words ?? [];
      return listing.has(i) && words.some((w) => toolOf(w.text) === tool);
    };
    const substituted = (i: number): boolean => sameTool(i) || (commands[i]?.substitutions ?? []).some(substituted);
    if (c.substitutions.some(substituted)) return true;
    for (let p = c.pipedFrom; p !== undefined; p = commands[p]?.pipedFrom) if (substituted(p)) return true;
    // `ids=$(docker ps -aq …); docker rm $ids`
    return c.words.some((w) => w.expands) && [...listing].some(sameTool);
  };
  for (const c of commands) {
    c.words.forEach((w, at) => {
      const tool = toolOf(w.text);
      if (!tool) return;
      const words = c.words.map((x) => x.text);
      const rest = c.words.slice(at + 1);
      const sub = subcommandWords(tool, rest);
      const subText = sub.map((x) => x.text);
      if (tool === 'nerdctl' && !inKubeletNamespace(words, env)) return;
      if (tool === 'docker' && remoteDocker(words, env)) return;
      if (tool !== 'crictl' && (subText[0] === 'system' || subText[0] === 'container') && subText[1] === 'prune') {
        if (filtersKeepIstioInit(filtersOf(subText))) return;
        const group = subText[0] as string;
        out.push({
          tool,
          kind: 'prune',
          command: [w.text.replace(/^.*\//, ''), ...subText].join(' '),
          from: (sub[1] as ShellWord).from,
          line: new RegExp(`^.*\\b${escape(group)}\\s+prune\\b.*$`, 'm'),
        });
        return;
      }
      const isRm = subText[0] === 'rm' || (tool !== 'crictl' && subText[0] === 'container' && (subText[1] === 'rm' || subText[1] === 'remove'));
      if (!isRm || mentionsIstioInit) return;
      const all = tool === 'crictl' && subText.some((s) => s === '-a' || s === '--all' || /^-[a-zA-Z]*a[a-zA-Z]*$/.test(s));
      if (!all && !fedByListing(c, tool)) return;
      const rmWord = sub[subText[0] === 'rm' ? 0 : 1] as ShellWord;
      out.push({
        tool,
        kind: 'rm',
        command: [w.text.replace(/^.*\//, ''), ...subText].join(' '),
        from: rmWord.from,
        line: new RegExp(`^.*\\b${escape(tool)}\\b.*(?<![-\\w])(?:rm|remove)\\b.*$`, 'm'),
      });
    });
  }
  return out;
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
