// Node clean-up jobs that remove exited containers (`docker system prune`, `docker container
// prune`, `crictl rm $(crictl ps -a -q --state exited)`, …) also remove a pod's exited
// istio-init. kubelet then runs istio-init again in the pod's existing network namespace,
// where its chains already exist: up to Istio 1.23 the restore payload creates them with
// `-N ISTIO_…`, so `iptables-restore --noflush` fails with "line 2 failed" and the pod
// stays in Init:CrashLoopBackOff (istio #42792, #30393). Istio 1.24 made istio-iptables
// skip the apply step when the rules are already in place (#50328). With Istio CNI there is
// no istio-init to re-run.
import { createRule } from '../src/engine/rule-api.ts';
import { atLeast, parseIstioVersion, type IstioVersion } from '../src/model/istio-version.ts';
import { isInjectorConfigMap } from '../src/model/mesh.ts';
import { asObject, getIn, podTemplateOf, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Resource } from '../src/types.ts';

export const ISTIO_INIT_FILTER = 'label!=io.kubernetes.container.name=istio-init';

// ---------------------------------------------------------------------------------------
// Shell words: enough of POSIX sh to find commands in `sh -c` scripts and in command/args.

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
 * namespaces with hostPID. A docker CLI without either talks to some other daemon (a
 * docker-in-docker sidecar, a remote DOCKER_HOST) and never sees kubelet's containers.
 */
export function reachesNodeRuntime(t: PodTemplate, scriptWords: readonly string[]): boolean {
  return mountsNodeRuntime(t) || (t.spec.hostPID === true && usesNsenter(scriptWords));
}

/** A hostPath volume of the runtime's socket or a directory above it. */
export function mountsNodeRuntime(t: PodTemplate): boolean {
  const volumes = Array.isArray(t.spec.volumes) ? t.spec.volumes : [];
  return volumes.some((v) => {
    const path = getIn(v, ['hostPath', 'path']);
    if (typeof path !== 'string') return false;
    const p = path.replace(/\/+$/, '') || '/';
    return p === '/' || /^\/(?:var\/)?run(?:\/|$)/.test(p);
  });
}

const usesNsenter = (words: readonly string[]): boolean => words.some((w) => w === 'nsenter' || w.endsWith('/nsenter'));

// ---------------------------------------------------------------------------------------
// Which Istio the pods run: the stated version, or what the inputs show.

export interface VersionEvidence {
  readonly version: IstioVersion;
  readonly text: string;
  readonly related: RelatedLocation;
  /** Evidence from an install (istiod, IstioOperator, injector ConfigMap) is for a revision; from an injected pod, for that pod. */
  readonly revision: string | undefined;
}

/** The Istio version in an image reference: docker.io/istio/proxyv2:1.22.3-distroless → 1.22.3. */
export function imageVersion(image: string): IstioVersion | undefined {
  const noDigest = image.replace(/@.*$/, '');
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  if (colon <= slash) return undefined;
  const v = parseIstioVersion(noDigest.slice(colon + 1));
  return v && v.major === 1 ? v : undefined;
}

/** Version evidence a resource carries: an injected pod's istio-init image, istiod's image, an IstioOperator's tag, an injector ConfigMap's global.tag. */
export function versionEvidence(r: Resource): VersionEvidence[] {
  const out: VersionEvidence[] = [];
  const t = podTemplateOf(r);
  if (t) {
    for (const c of t.containers) {
      const image = typeof c.object.image === 'string' ? c.object.image : undefined;
      const v = image ? imageVersion(image) : undefined;
      if (!v || !image) continue;
      if (c.name === 'istio-init') {
        out.push({ version: v, text: `${r.kind} ${r.name} runs istio-init ${image}`, related: { target: { resource: r, path: [...c.path, 'image'] }, message: `istio-init from Istio ${v.text}` }, revision: undefined });
      } else if (c.name === 'discovery' && r.kind === 'Deployment' && /^istiod(?:-|$)/.test(r.name) && /\/pilot(?::|@|$)|^pilot:/.test(image)) {
        const revision = r.name === 'istiod' ? 'default' : r.name.slice('istiod-'.length);
        out.push({ version: v, text: `istiod ${r.name} runs ${image}`, related: { target: { resource: r, path: [...c.path, 'image'] }, message: `istiod from Istio ${v.text}` }, revision });
      }
    }
    return out;
  }
  if (r.kind === 'IstioOperator' && r.apiVersion.startsWith('install.istio.io/')) {
    const tag = getIn(r.object, ['spec', 'tag']);
    const v = typeof tag === 'string' ? parseIstioVersion(tag) : undefined;
    const rev = getIn(r.object, ['spec', 'revision']);
    if (v && v.major === 1) out.push({ version: v, text: `IstioOperator ${r.name} installs tag ${tag as string}`, related: { target: { resource: r, path: ['spec', 'tag'] }, message: `Istio ${v.text}` }, revision: typeof rev === 'string' && rev ? rev : 'default' });
    return out;
  }
  if (r.kind === 'ConfigMap' && isInjectorConfigMap(r)) {
    const raw = getIn(r.object, ['data', 'values']);
    if (typeof raw !== 'string') return out;
    let values: unknown;
    try {
      values = JSON.parse(raw);
    } catch {
      return out;
    }
    const tag = getIn(values, ['global', 'tag']);
    const v = typeof tag === 'string' ? parseIstioVersion(tag) : undefined;
    const rev = getIn(values, ['revision']);
    if (v && v.major === 1) out.push({ version: v, text: `injector ConfigMap ${r.name} has global.tag ${tag as string}`, related: { target: { resource: r, path: ['data', 'values'] }, message: `Istio ${v.text}` }, revision: typeof rev === 'string' && rev ? rev : 'default' });
  }
  return out;
}

// ---------------------------------------------------------------------------------------

const plainEnv = (c: Container): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const e of Array.isArray(c.object.env) ? c.object.env : []) {
    const o = asObject(e);
    if (o && typeof o.name === 'string' && typeof o.value === 'string') out[o.name] = o.value;
  }
  return out;
};

interface Hit {
  readonly removal: ContainerRemoval;
  readonly resource: Resource;
  readonly path: Path;
  /** Where, in words: "container cleanup" or "ConfigMap node-gc key prune.sh, mounted by CronJob x". */
  readonly where: string;
}

const FIX_FILTER = `Add --filter ${ISTIO_INIT_FILTER} so that istio-init is kept, use Istio CNI, or upgrade to Istio 1.24 or later`;
const FIX_OTHER = 'Leave containers named istio-init (label io.kubernetes.container.name=istio-init) out, use Istio CNI, or upgrade to Istio 1.24 or later';

export default createRule({
  name: 'init-rerun-prune',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'Node clean-up jobs that remove exited containers, so that istio-init runs again and fails before Istio 1.24',
      defaultLevel: 'warn',
      precision: 'medium',
      category: 'startup',
      istioVersions: '< 1.24 (without Istio CNI)',
    },
    messages: {
      oldVersion:
        '{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod\'s network namespace, and on Istio {{ version }} (stated in {{ origin }}) it fails with "iptables-restore: line 2 failed", leaving the pod in Init:CrashLoopBackOff. {{ fix }}.',
      oldIstioInit:
        '{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod\'s network namespace, and istio-init before Istio 1.24 fails there with "iptables-restore: line 2 failed" (Init:CrashLoopBackOff). The inputs show Istio before 1.24: {{ evidence }}. {{ fix }}.',
      versionUnstated:
        '{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod\'s network namespace, and before Istio 1.24 it fails there with "iptables-restore: line 2 failed" (Init:CrashLoopBackOff). The Istio version is not stated: set istio.version in .meshlint.yaml or pass --istio-version (from 1.24 this is harmless). {{ fix }}.',
      addFilter: `Add --filter ${ISTIO_INIT_FILTER} to this command.`,
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const { facts } = context;
    const hits: Hit[] = [];
    // Only old versions are kept (with their locations); of newer installs, only that one was seen.
    const evidence: VersionEvidence[] = [];
    let newerInstall = false;
    // Kept small until the end: only ConfigMaps that name a runtime CLI, and what a mount needs to know.
    const configMaps = new Map<string, Resource>();
    const mounts: { namespace: string | undefined; name: string; by: string; hostPath: boolean; hostPID: boolean; nsenter: boolean }[] = [];
    const cmKey = (ns: string | undefined, name: string): string => `${ns ?? ''}/${name}`;
    const CLI = /\b(?:docker|crictl|nerdctl)\b/;

    return {
      Resource(r) {
        for (const e of versionEvidence(r)) {
          if (!atLeast(e.version, 1, 24)) {
            if (evidence.length < 100) evidence.push(e);
          }
          else if (e.revision !== undefined) newerInstall = true;
        }
        if (r.kind === 'ConfigMap' && r.apiVersion === 'v1' && Object.values(asObject(r.object.data) ?? {}).some((v) => typeof v === 'string' && CLI.test(v))) {
          configMaps.set(cmKey(r.namespace, r.name), r);
        }
      },
      PodTemplate(t) {
        const scriptWords: string[] = [];
        const found: Hit[] = [];
        for (const c of t.containers) {
          const entries: { text: string; path: Path }[] = [];
          for (const key of ['command', 'args'] as const) {
            const list = c.object[key];
            if (!Array.isArray(list)) continue;
            list.forEach((v, i) => {
              if (typeof v === 'string') entries.push({ text: v, path: [...c.path, key, i] });
            });
          }
          if (entries.length === 0) continue;
          scriptWords.push(...shellCommands(entries.map((e) => e.text)).flatMap((s) => s.words.map((w) => w.text)));
          for (const removal of containerRemovals(entries.map((e) => e.text), plainEnv(c))) {
            const entry = entries[removal.from];
            if (entry) found.push({ removal, resource: t.resource, path: entry.path, where: `container ${c.name}` });
          }
        }
        const hostPath = mountsNodeRuntime(t);
        const hostPID = t.spec.hostPID === true;
        const nsenter = usesNsenter(scriptWords);
        if (found.length > 0 && (hostPath || (hostPID && nsenter))) hits.push(...found);
        // Scripts mounted from ConfigMaps are checked at the end, when every input has been read.
        const names: string[] = [];
        for (const v of Array.isArray(t.spec.volumes) ? t.spec.volumes : []) {
          const name = getIn(v, ['configMap', 'name']);
          if (typeof name === 'string') names.push(name);
          const sources = getIn(v, ['projected', 'sources']);
          for (const s of Array.isArray(sources) ? sources : []) {
            const n = getIn(s, ['configMap', 'name']);
            if (typeof n === 'string') names.push(n);
          }
        }
        if (names.length === 0 || (!hostPath && !hostPID)) return;
        const by = `${t.resource.kind} ${t.resource.name}`;
        for (const name of names) mounts.push({ namespace: t.resource.namespace, name, by, hostPath, hostPID, nsenter });
      },
      'Program:exit'() {
        const seen = new Set<Resource>();
        for (const m of mounts) {
          const cm = configMaps.get(cmKey(m.namespace, m.name));
          if (!cm || seen.has(cm)) continue;
          const data = asObject(cm.object.data) ?? {};
          const found: Hit[] = [];
          const words: string[] = [];
          for (const [key, value] of Object.entries(data)) {
            if (typeof value !== 'string') continue;
            words.push(...shellCommands([value]).flatMap((s) => s.words.map((w) => w.text)));
            for (const removal of containerRemovals([value])) {
              found.push({ removal, resource: cm, path: ['data', key], where: `ConfigMap ${cm.name} key ${key}, mounted by ${m.by}` });
            }
          }
          if (found.length > 0 && (m.hostPath || (m.hostPID && (m.nsenter || usesNsenter(words))))) {
            seen.add(cm);
            hits.push(...found);
          }
        }
        if (hits.length === 0) return;
        report(hits, facts, evidence, newerInstall);
      },
    };

    function report(all: readonly Hit[], f: typeof facts, oldEvidence: readonly VersionEvidence[], newer: boolean): void {
      // An install whose revision uses Istio CNI renders istio-validation, which is safe to re-run.
      const old = oldEvidence.filter((e) => e.revision === undefined || f.mesh.installFor(e.revision).cni?.value !== true);
      const cni = f.mesh.installFor('default').cni?.value === true;
      let messageId: 'oldVersion' | 'oldIstioInit' | 'versionUnstated';
      let severity: 'warn' | undefined;
      const data: Record<string, string> = {};
      let related: RelatedLocation[] = [];
      if (old.length > 0) {
        messageId = 'oldIstioInit';
        data.evidence = old.slice(0, 3).map((e) => e.text).join('; ') + (old.length > 3 ? `; and ${old.length - 3} more` : '');
        related = old.slice(0, 5).map((e) => e.related);
      } else if (f.mesh.versionOrigin !== 'default') {
        if (atLeast(f.mesh.version, 1, 24) || cni) return;
        messageId = 'oldVersion';
        data.version = f.mesh.version.text;
        data.origin = f.mesh.versionOrigin === 'cli' ? 'the --istio-version option' : 'the config file';
      } else {
        // Not stated: what the inputs install decides when they show it; otherwise say what would.
        if (cni || newer) return;
        messageId = 'versionUnstated';
        severity = 'warn';
      }
      for (const h of all) {
        const suggest = suggestionFor(h);
        context.report({
          target: { resource: h.resource, path: h.path, within: h.removal.line },
          messageId,
          data: { ...data, command: h.removal.command, where: h.where, fix: h.removal.kind === 'prune' && h.removal.tool === 'docker' ? FIX_FILTER : FIX_OTHER },
          ...(severity ? { severity } : {}),
          ...(related.length ? { related } : {}),
          ...(suggest ? { suggest: [suggest] } : {}),
        });
      }
    }

    function suggestionFor(h: Hit): { messageId: 'addFilter'; edits: [{ op: 'set'; path: Path; value: string }] } | undefined {
      // Only docker's prune takes the label filter; only a one-line entry can be rewritten faithfully.
      if (h.removal.kind !== 'prune' || h.removal.tool !== 'docker') return undefined;
      const value = getIn(h.resource.object, h.path);
      if (typeof value !== 'string' || value.includes('\n')) return undefined;
      // In the exec form each entry is one argument: a new argument cannot be added by editing one.
      if (!/\s/.test(value)) return undefined;
      const m = /\b(system|container)(\s+)prune\b/.exec(value);
      if (!m) return undefined;
      const at = m.index + m[0].length;
      return { messageId: 'addFilter', edits: [{ op: 'set', path: h.path, value: `${value.slice(0, at)} --filter ${ISTIO_INIT_FILTER}${value.slice(at)}` }] };
    }
  },
});
