// Text for `meshlint explain`.
import type { Explanation } from '../engine/explain.ts';
import type { Facts } from '../model/facts.ts';
import { painter, safeText, type Style } from './text.ts';

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
  let out = c('dim', `Istio ${facts.mesh.version.text}${facts.mesh.versionOrigin === 'default' ? ' (default; set istio.version or --istio-version)' : ''}; injector webhooks ${origin}.`) + '\n';
  for (const note of facts.mesh.notes) out += c('dim', `note: ${safeText(note)}`) + '\n';
  if (list.length === 0) return out + 'No workloads with a pod template in the inputs.\n';
  for (const e of list) {
    const colour: Style = e.outcome === 'injected' ? 'green' : e.outcome === 'unknown' ? 'yellow' : 'red';
    out += `\n${c('bold', safeText(e.resource))}  ${c('dim', `${safeText(e.filePath)}:${e.line}${e.helmSource ? ` (from ${safeText(e.helmSource)})` : ''}`)}\n`;
    out += `  ${c(colour, `→ ${OUTCOME[e.outcome]}`)}${e.via && e.outcome === 'injected' ? ` by ${safeText(e.via)}` : ''}\n`;
    for (const step of e.trace) out += `    · ${safeText(step.text)}${step.source ? c('dim', `  [${step.source}]`) : ''}\n`;
    if (e.dataPlane) {
      const d = e.dataPlane;
      out += `  ${c('bold', 'data plane')}: ${DATA_PLANE[d.outcome]}${d.unknownBecause ? ` (decided by ${safeText(d.unknownBecause)})` : ''}\n`;
      for (const step of d.trace) out += `    · ${safeText(step.text)}${step.source ? c('dim', `  [${step.source}]`) : ''}\n`;
      for (const w of d.waypoints ?? []) out += `    · ${safeText(w)}\n`;
    }
    if (e.sidecar) {
      out += `  ${c('bold', 'sidecar')}\n`;
      for (const [what, text] of [['start', e.sidecar.native], ['hold', e.sidecar.hold], ['traffic capture', e.sidecar.cni]] as const) {
        out += `    · ${what}: ${safeText(text)}\n`;
      }
    }
  }
  return out;
}
