// Notes: what a run wants said once, not per workload (DESIGN.md, "Findings and notes"). A rule
// that cannot decide because a fact is missing from the inputs does not report a finding; it
// names the fact (`context.unknown`), and the run says once which fact to state, how, and how
// many workloads it leaves undecided. The table below is data: one entry per kind of fact.
import { plural, shortList } from '../common/text.ts';
import type { Resource } from '../common/types.ts';
import { podTemplatesOf } from '../model/workload.ts';

/**
 * What a rule says once per run instead of per workload: a fact missing from the inputs, or
 * (`config-no-hold`) a mesh-wide setting stated in .meshlint.yaml rather than in a file that
 * could carry the finding.
 */
export type UnknownFact =
  | 'namespace-labels'
  | 'mesh-startup'
  | 'native-sidecars'
  | 'mesh-cni'
  | 'istio-version'
  | 'proxy-env'
  | 'install-ambiguous'
  | 'mesh-root-namespace'
  | 'config-no-hold'
  | 'deprecated-read'
  | 'traffic-bound';

/**
 * The note for a fact missing for `n` workloads; `details` names what is missing, when it has
 * names; `noun` is "workload", or "object" when some of them are not workloads (an install).
 */
type FactText = (n: number, details: string, noun: string) => string;

const count = plural;
const inParens = (details: string): string => (details ? ` (${details})` : '');

export const UNKNOWN_FACTS: Readonly<Record<UnknownFact, FactText>> = {
  'namespace-labels': (n, d, noun) =>
    `${count(n, noun)} ${n === 1 ? 'is' : 'are'} in namespaces not defined among the inputs${inParens(d)}, so whether Istio injects ${n === 1 ? 'it' : 'them'} is unknown. State their labels under \`namespaces:\` in .meshlint.yaml, or pass the files that define them with --context.`,
  'mesh-startup': (n, d) =>
    `${count(n, 'injected workload')} may start ${n === 1 ? 'its' : 'their'} app before Envoy is ready: the inputs do not say ${d || "the mesh's start-up settings"}. State istio.nativeSidecars and istio.holdApplicationUntilProxyStarts in .meshlint.yaml, or pass the mesh install with --context.`,
  'native-sidecars': (n, d, noun) =>
    `${count(n, noun)} ${n === 1 ? 'depends' : 'depend'} on whether the mesh injects native sidecars${inParens(d)}, which is not among the inputs. State istio.nativeSidecars in .meshlint.yaml, or pass the mesh install with --context.`,
  'mesh-cni': (n, d, noun) =>
    `${count(n, noun)} ${n === 1 ? 'is' : 'are'} fine with Istio CNI and broken without it, or the other way round${inParens(d)}: whether the mesh uses Istio CNI is not among the inputs. State istio.cni in .meshlint.yaml, or pass the mesh install with --context.`,
  'istio-version': (n, d, noun) =>
    `${count(n, noun)} ${n === 1 ? 'is' : 'are'} broken on some Istio versions only${inParens(d)}: which version runs is not among the inputs. State istio.version in .meshlint.yaml, or pass --istio-version.`,
  'proxy-env': (n, d) =>
    `${count(n, 'kube-apiserver')} may send Istio's webhook calls through ${n === 1 ? 'its' : 'their'} HTTPS proxy: NO_PROXY may come from ${d || 'a source'} that the inputs do not show. List .svc in NO_PROXY and no_proxy next to the proxy to be sure.`,
  'mesh-root-namespace': (n, d, noun) =>
    `${count(n, noun)} without a proxy ${n === 1 ? 'calls a Service whose' : 'call Services whose'} mTLS mode depends on whether a namespace is the mesh's root namespace${inParens(d)}, with a PeerAuthentication for the whole mesh there: no mesh config among the inputs says. State istio.rootNamespace in .meshlint.yaml, or pass the mesh config with --context.`,
  'config-no-hold': (n) =>
    `${count(n, 'injected workload')} start${n === 1 ? 's its' : ' their'} app alongside a classic sidecar: .meshlint.yaml states holdApplicationUntilProxyStarts off and native sidecars off. Turn hold on in the mesh config, or use native sidecars.`,
  'deprecated-read': (n, d) =>
    `${count(n, 'object')} use${n === 1 ? 's' : ''} names Istio deprecates but still reads${inParens(d)}: nothing breaks yet. To list them, and move those that can move without changing the outcome (the inject annotation to the pod label), run meshlint --rule annotation-deprecated=warn --fix.`,
  'traffic-bound': (_n, d) =>
    `Traffic policy was not judged where the run holds more than the traffic rules compare${inParens(d)}: a partial list of pods or Services would read as absence, so the Services, routes and policies there have no finding either way.`,
  'install-ambiguous': (n, d) =>
    `${count(n, 'object')} could not be judged against one Istio install: installs of several clusters are equally near${inParens(d)}. Lint one cluster's folders at a time, with shared files through --context.`,
};

export { shortList };

/** Ends each note of a fact: the command that shows what is known, what is missing, and the workloads each gap leaves undecided. */
export const FACTS_POINTER = '`meshlint facts` shows what is known and what is missing.';

/** Where a note's subject is written: the editor shows the note there. */
export interface NotePlace {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

/** A note of a run: an id to key it by (SARIF, JSON) and its text; `places`, the workloads it is about. */
export interface Note {
  readonly id: string;
  readonly message: string;
  readonly places?: readonly NotePlace[];
  /** Chart releases of GitOps objects the note says were not rendered: their workloads are not seen (the coverage counts them). */
  readonly releases?: number;
}

/** Files a fact keeps a place in: an editor marks a note once in a file; bounded for a large run. */
const MAX_PLACES = 200;

/** Gathers what rules could not decide, per fact, and says each fact once. */
export class UnknownFacts {
  /** Per fact: the workloads it leaves undecided, what is missing, and the first such workload of each file (where a note is placed). */
  private readonly byFact = new Map<UnknownFact, { subjects: Set<string>; details: Set<string>; firstInFile: Map<string, Resource> }>();
  /** Facts one of whose subjects is no workload (an install, a Namespace): their notes say "object". */
  private readonly notWorkloads = new Set<UnknownFact>();

  /** `subject` names the workload ("Deployment shop/web"); `detail` the missing thing (a namespace name). */
  add(fact: UnknownFact, resource: Resource, subject: string, detail?: string): void {
    if (podTemplatesOf(resource).length === 0) this.notWorkloads.add(fact);
    // A chart rendered with no namespace stated: the run's note charts-default-namespace already
    // names the fact to state (the namespace it is installed in).
    if (fact === 'namespace-labels' && resource.namespace === undefined && resource.doc.file.origin?.unstatedNamespace !== undefined) return;
    let entry = this.byFact.get(fact);
    if (!entry) this.byFact.set(fact, (entry = { subjects: new Set(), details: new Set(), firstInFile: new Map() }));
    entry.subjects.add(subject);
    const file = resource.doc.file.displayPath;
    if (entry.firstInFile.size < MAX_PLACES && !entry.firstInFile.has(file)) entry.firstInFile.set(file, resource);
    if (detail !== undefined) entry.details.add(detail);
  }

  /**
   * The notes, each with the place of its first workload in each file as `placeOf` finds it
   * (an editor marks a note once in a file): locating a workload reads its document's
   * positions, which every other workload of the note would cost again on each re-lint.
   */
  notes(placeOf: (r: Resource) => NotePlace | undefined): Note[] {
    const out: Note[] = [];
    for (const [fact, { subjects, details, firstInFile }] of this.byFact) {
      const list = [...details].sort();
      const named = fact === 'mesh-startup' ? list.join(' or ') : shortList(list);
      const places = [...firstInFile.values()].map(placeOf).filter((p): p is NotePlace => p !== undefined);
      const advice = fact === 'deprecated-read';
      // A bound reached is no fact to state: nothing in `meshlint facts` tells more.
      const bound = fact === 'traffic-bound';
      const noun = this.notWorkloads.has(fact) ? 'object' : 'workload';
      out.push({
        id: fact === 'config-no-hold' ? `stated:${fact}` : advice ? `advice:${fact}` : bound ? `bound:${fact}` : `unknown:${fact}`,
        message: advice || bound ? UNKNOWN_FACTS[fact](subjects.size, named, noun) : `${UNKNOWN_FACTS[fact](subjects.size, named, noun)} ${FACTS_POINTER}`,
        ...(places.length ? { places } : {}),
      });
    }
    return out;
  }
}
