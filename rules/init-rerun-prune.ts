// Node clean-up jobs that remove exited containers (`docker system prune`, `docker container
// prune`, `crictl rm $(crictl ps -a -q --state exited)`, …) also remove a pod's exited
// istio-init. kubelet then runs istio-init again in the pod's existing network namespace,
// where its chains already exist: up to Istio 1.23 the restore payload creates them with
// `-N ISTIO_…`, so `iptables-restore --noflush` fails with "line 2 failed" and the pod
// stays in Init:CrashLoopBackOff (istio #42792, #30393). Istio 1.24 made istio-iptables
// skip the apply step when the rules are already in place (#50328). With Istio CNI there is
// no istio-init to re-run.
import { createRule } from '../src/engine/rule-api.ts';
import { containerRemovals, mountsNodeRuntime, shellCommands, usesNsenter, type ContainerRemoval } from '../src/model/pod/container-removal.ts';
import { atLeast, compareVersions, parseIstioVersion, type IstioVersion } from '../src/model/install/istio-version.ts';
import { versionEvidence, type VersionEvidence } from '../src/model/install/version-evidence.ts';
import { asObject, getIn, podTemplateOf, type Container, type PodTemplate } from '../src/model/workload.ts';
import type { Path, RelatedLocation, Resource } from '../src/common/types.ts';

export const ISTIO_INIT_FILTER = 'label!=io.kubernetes.container.name=istio-init';

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

const FIX_FILTER = `Add --filter ${ISTIO_INIT_FILTER}, or use Istio CNI`;
const FIX_OTHER = 'Keep containers named istio-init, or use Istio CNI';

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
      dataPlane: 'sidecar',
      istioVersions: '< 1.24 (without Istio CNI)',
    },
    messages: {
      oldVersion: '{{ command }}{{ where }} removes exited istio-init containers, which fail when re-run on Istio {{ version }}. {{ fix }}.',
      oldIstioInit: '{{ command }}{{ where }} removes exited istio-init containers; the inputs run Istio {{ version }}, where they fail when re-run. {{ fix }}.',
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
            if (entry) found.push({ removal, resource: t.resource, path: entry.path, where: '' });
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
        // Many workloads may mount one script: each ConfigMap's scripts are read once.
        const scripts = new Map<Resource, { removals: { key: string; removal: ContainerRemoval }[]; nsenter: boolean }>();
        const scriptsOf = (cm: Resource): { removals: { key: string; removal: ContainerRemoval }[]; nsenter: boolean } => {
          let read = scripts.get(cm);
          if (!read) {
            const removals: { key: string; removal: ContainerRemoval }[] = [];
            const words: string[] = [];
            for (const [key, value] of Object.entries(asObject(cm.object.data) ?? {})) {
              if (typeof value !== 'string') continue;
              words.push(...shellCommands([value]).flatMap((s) => s.words.map((w) => w.text)));
              for (const removal of containerRemovals([value])) removals.push({ key, removal });
            }
            read = { removals, nsenter: usesNsenter(words) };
            scripts.set(cm, read);
          }
          return read;
        };
        for (const m of mounts) {
          const cm = configMaps.get(cmKey(m.namespace, m.name));
          if (!cm || seen.has(cm)) continue;
          const { removals, nsenter } = scriptsOf(cm);
          if (removals.length > 0 && (m.hostPath || (m.hostPID && (m.nsenter || nsenter)))) {
            seen.add(cm);
            hits.push(...removals.map(({ key, removal }) => ({ removal, resource: cm, path: ['data', key], where: ` (mounted by ${m.by})` })));
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
      let messageId: 'oldVersion' | 'oldIstioInit';
      const data: Record<string, string> = {};
      let related: RelatedLocation[] = [];
      if (old.length > 0) {
        messageId = 'oldIstioInit';
        const oldest = old.reduce((a, b) => (compareVersions(a.version, b.version) <= 0 ? a : b));
        data.version = oldest.version.text;
        related = old.slice(0, 5).map((e) => e.related);
      } else if (f.mesh.versionOrigin !== 'unknown') {
        if (atLeast(f.mesh.version, 1, 24) || cni) return;
        messageId = 'oldVersion';
        data.version = f.mesh.version.text;
      } else {
        // Not stated, and the inputs show no install: harmless from 1.24, broken before.
        if (cni || newer) return;
        for (const h of all) context.unknown('istio-version', h.resource, 'container prunes break istio-init before Istio 1.24');
        return;
      }
      for (const h of all) {
        const suggest = suggestionFor(h);
        context.report({
          target: { resource: h.resource, path: h.path, within: h.removal.line },
          messageId,
          data: { ...data, command: h.removal.command, where: h.where, fix: h.removal.kind === 'prune' && h.removal.tool === 'docker' ? FIX_FILTER : FIX_OTHER },
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
