// Text for `meshlint explain`.
import type { Explanation, MeshOutcome } from '../engine/explain.ts';
import type { Facts } from '../model/facts.ts';
import { NOT_DEFINED, type FactsReport } from '../engine/facts-report.ts';
import { DATAPLANE_MODE } from '../model/ambient/capture.ts';
import { NS_INJECTION_LABEL, REV_LABEL } from '../model/injection/mesh.ts';
import { USE_WAYPOINT, USE_WAYPOINT_NAMESPACE } from '../model/ambient/waypoint.ts';
import { rangeText } from '../model/install/istio-version.ts';
import { escapeMarkdown } from './summary.ts';
import { painter, plural, safeText, type Style } from '../common/text.ts';

const OUTCOME: Record<Explanation['outcome'], string> = {
  injected: 'sidecar injected',
  'not-injected': 'no sidecar',
  unknown: 'unknown',
};

const DATA_PLANE: Record<NonNullable<Explanation['dataPlane']>['outcome'], string> = {
  sidecar: 'sidecar (not ambient)',
  ambient: 'ambient: captured by ztunnel',
  none: 'not in the mesh',
  unknown: 'unknown',
};

export function formatExplanations(list: readonly Explanation[], facts: Facts, color: boolean): string {
  const c = painter(color);
  const origin = {
    input: 'from the MutatingWebhookConfigurations or IstioOperators among the inputs',
    config: 'as stated in the config (istio.revisions, istio.revisionTags)',
    assumed: 'assumed: a default install (state yours under istio: in .meshlint.yaml)',
  }[facts.mesh.webhooksOrigin];
  let out = c('dim', `Istio ${safeText(versionLine(facts))}; injector webhooks ${origin}.`) + '\n';
  for (const note of facts.mesh.notes) out += c('dim', `note: ${safeText(shown(facts, note))}`) + '\n';
  if (list.length === 0) return out + 'No workloads with a pod template in the inputs.\n';
  for (const e of list) {
    const colour: Style = e.outcome === 'injected' ? 'green' : e.outcome === 'unknown' ? 'yellow' : 'red';
    out += `\n${c('bold', safeText(e.resource))}  ${c('dim', `${safeText(e.filePath)}:${e.line}${e.helmSource ? ` (from ${safeText(e.helmSource)})` : ''}`)}\n`;
    // The headline is the mesh map's outcome: an ambient pod is "no sidecar; ambient", as its JSON says (outcome, mesh).
    const headline = e.mesh === 'ambient' ? `${OUTCOME[e.outcome]}; ${DATA_PLANE.ambient}` : OUTCOME[e.outcome];
    out += `  ${c(e.mesh === 'ambient' ? 'green' : colour, `→ ${headline}`)}${e.via && e.outcome === 'injected' ? ` by ${safeText(e.via)}` : ''}\n`;
    for (const step of e.trace) out += `    · ${safeText(step.text)}${step.source ? c('dim', `  [${step.source}]`) : ''}\n`;
    if (e.dataPlane) {
      const d = e.dataPlane;
      out += `  ${c('bold', 'data plane')}: ${DATA_PLANE[d.outcome]}${d.unknownBecause ? ` (decided by ${safeText(d.unknownBecause)})` : ''}\n`;
      for (const step of d.trace) out += `    · ${safeText(step.text)}${step.source ? c('dim', `  [${step.source}]`) : ''}\n`;
      for (const w of d.waypoints ?? []) out += `    · ${safeText(w)}\n`;
    }
    if (e.mtls) {
      const m = e.mtls;
      out += `  ${c('bold', 'mTLS')}: ${m.mode}  ${c('dim', safeText(m.why))}\n`;
      for (const p of m.ports) out += `    · port ${p.port}: ${p.mode}  ${c('dim', safeText(p.why))}\n`;
      if (m.policies.length > 0) out += `    · policies that pick it: ${safeText(m.policies.join(', '))}\n`;
    }
    if (e.calls) {
      out += `  ${c('bold', 'calls')}\n`;
      for (const call of e.calls) {
        const server = call.mode !== undefined ? `${call.server}, ${call.mode}` : call.server;
        out += `    · ${safeText(call.service)} port ${call.port}: ${safeText(server)}  ${c('dim', safeText(`${call.text}${call.from ? ` in ${call.from}` : ''}`))}\n`;
      }
    }
    if (e.sidecar) {
      out += `  ${c('bold', 'sidecar')}\n`;
      for (const [what, text] of [['start', e.sidecar.native], ['hold', e.sidecar.hold], ['traffic capture', e.sidecar.cni]] as const) {
        out += `    · ${what}: ${safeText(text)}\n`;
      }
      if (e.admission) out += `    · admission: ${e.admission.outcome}: ${safeText(e.admission.why)}\n`;
    }
  }
  return out;
}

/** The namespace labels that decide injection, ambient capture and waypoints: the map shows these. */
const MAP_LABELS: readonly string[] = [NS_INJECTION_LABEL, REV_LABEL, DATAPLANE_MODE, USE_WAYPOINT, USE_WAYPOINT_NAMESPACE];
const MAP_OUTCOME = { injected: 'sidecar injected', ambient: 'ambient: captured by ztunnel', none: 'no sidecar', unknown: 'unknown' } as const;
type MapOutcome = MeshOutcome;
/** The group of workloads whose namespace is unknown (a key no namespace name can be). */
const NO_NAMESPACE = '\u0000';
/** A reason longer than this is cut: the text format has the whole trace. */
const REASON_MAX = 200;


/** The trace step that decides: the last one, the closing "→ injected" left out as the outcome says it. */
function reason(e: Explanation, outcome: MapOutcome): string {
  const trace = e.dataPlane && (outcome === 'ambient' || (outcome === 'unknown' && e.outcome !== 'unknown')) ? e.dataPlane.trace : e.trace;
  const steps = trace.filter((s) => !s.text.startsWith('→ injected'));
  const text = (steps[steps.length - 1]?.text ?? '').replace(/^→ (unknown: )?/, '');
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}

/** "Kind/name" (and the template's role) of "Kind namespace/name". */
function workloadName(e: Explanation): string {
  const space = e.resource.indexOf(' ');
  if (space < 0) return e.resource;
  let rest = e.resource.slice(space + 1);
  if (e.namespace !== undefined && rest.startsWith(`${e.namespace}/`)) rest = rest.slice(e.namespace.length + 1);
  return `${e.resource.slice(0, space)}/${rest}`;
}

/** "native sidecar: because…" → "native sidecar". */
const head = (s: string): string => s.split(': ')[0] ?? s;

function details(e: Explanation, outcome: MapOutcome): string {
  const mtls = e.mtls ? `<br>mTLS: ${escapeMarkdown([e.mtls.mode, ...e.mtls.ports.map((p) => `${p.port} ${p.mode}`)].join(', '))}` : '';
  if (outcome === 'injected' && e.sidecar) {
    const admission = e.admission ? `<br>Pod Security: ${e.admission.outcome}` : '';
    return `start: ${escapeMarkdown(head(e.sidecar.native))}<br>hold: ${escapeMarkdown(head(e.sidecar.hold))}${admission}${mtls}`;
  }
  if (outcome === 'ambient') return [...(e.dataPlane?.waypoints ?? []).map(escapeMarkdown), ...(mtls ? [mtls.slice(4)] : [])].join('<br>');
  return '';
}

/**
 * `meshlint explain --format markdown`: the mesh map of the inputs, for a job summary or a
 * wiki page. Namespaces in order, each with the labels that decide and where they come from,
 * then a table of its workloads; last the coverage and the facts that would decide the
 * unknowns. Every value from the inputs is escaped: a manifest cannot add Markdown or HTML.
 */
export function formatExplanationsMarkdown(list: readonly Explanation[], facts: Facts, report: FactsReport): string {
  let md = `## Mesh map\n\nIstio ${escapeMarkdown(versionLine(facts))}; injector webhooks ${
    { input: 'from the inputs', config: 'as stated in the config', assumed: 'assumed: a default install' }[facts.mesh.webhooksOrigin]
  }.\n`;
  for (const note of facts.mesh.notes) md += `\n> note: ${escapeMarkdown(shown(facts, note))}\n`;
  if (list.length === 0) return `${md}\nNo workloads with a pod template in the inputs.\n`;

  const groups = new Map<string, Explanation[]>();
  for (const e of list) {
    const key = e.namespace ?? NO_NAMESPACE;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  const names = [...groups.keys()].filter((n) => n !== NO_NAMESPACE).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (groups.has(NO_NAMESPACE)) names.push(NO_NAMESPACE);
  const namespaces = new Map(report.namespaces.map((n) => [n.name, n]));
  const counts: Record<MapOutcome, number> = { injected: 0, ambient: 0, none: 0, unknown: 0 };
  const ambientUnknowns = new Map<string, number>();

  for (const name of names) {
    const entry = namespaces.get(name);
    md += `\n### ${name === NO_NAMESPACE ? '(no namespace)' : `Namespace ${escapeMarkdown(name)}`}\n\n`;
    if (name === NO_NAMESPACE) md += '- labels: unknown (set metadata.namespace, or defaultNamespace in .meshlint.yaml, or --namespace)\n';
    else if (!entry || entry.status === 'unknown') md += `- labels: ${NOT_DEFINED}\n`;
    else {
      const labels = MAP_LABELS.filter((k) => entry.labels[k] !== undefined).map((k) => escapeMarkdown(`${k}=${entry.labels[k]}`));
      md += `- labels: ${labels.length ? labels.join(', ') : 'none that concern the mesh'}\n- defined: ${escapeMarkdown(entry.source)}\n`;
    }
    md += '\n| Workload | Where | Outcome | Revision | Reason | Start-up / waypoint |\n| --- | --- | --- | --- | --- | --- |\n';
    for (const e of groups.get(name) ?? []) {
      const outcome = e.mesh;
      counts[outcome]++;
      if (outcome === 'unknown' && e.outcome !== 'unknown' && e.dataPlane?.unknownBecause) ambientUnknowns.set(e.dataPlane.unknownBecause, (ambientUnknowns.get(e.dataPlane.unknownBecause) ?? 0) + 1);
      const where = `${escapeMarkdown(e.filePath)}:${e.line}${e.helmSource ? ` (from ${escapeMarkdown(e.helmSource)})` : ''}`;
      md += `| ${escapeMarkdown(workloadName(e))} | ${where} | ${MAP_OUTCOME[outcome]} | ${outcome === 'injected' && e.revision !== undefined ? escapeMarkdown(e.revision) : ''} | ${escapeMarkdown(reason(e, outcome))} | ${details(e, outcome)} |\n`;
    }
  }

  md += `\n### Coverage\n\n| Outcome | Workloads |\n| --- | ---: |\n`;
  for (const o of ['injected', 'ambient', 'none', 'unknown'] as const) md += `| ${MAP_OUTCOME[o]} | ${counts[o]} |\n`;
  const unknowns = [
    ...report.unknowns.map((u) => `${escapeMarkdown(u.fact)} (${plural(u.workloads.length, 'workload')}): ${escapeMarkdown(u.fix)}`),
    ...[...ambientUnknowns].map(([fact, n]) => `${escapeMarkdown(fact)} (${plural(n, 'workload')}): whether ztunnel captures them`),
  ];
  if (unknowns.length) md += `\nUnknown facts to state:\n\n${unknowns.map((u) => `- ${u}`).join('\n')}\n`;
  return md;
}

/** A text as it may be shown: a value read from a Secret names the Secret instead (hidden-values.ts). */
const shown = (facts: Facts, text: string): string => facts.mesh.hidden?.hide(text) ?? text;

/** The version the predictions follow, and where it comes from. */
function versionLine(facts: Facts): string {
  return shown(facts, versionText(facts));
}

function versionText(facts: Facts): string {
  const f = facts.mesh.versionFact;
  const range = rangeText(f.range);
  if (f.origin === 'unknown') return `version unknown (predicted for ${facts.mesh.version.text}; set istio.version or --istio-version)`;
  return `${range} (${f.source})`;
}
