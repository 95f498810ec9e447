// Text for `meshlint facts`.
import type { FactsReport, FactValue } from '../engine/facts-report.ts';
import { painter, plural, safeText } from '../common/text.ts';
import { unreadPlace } from '../engine/unread.ts';

const show = (v: FactValue['value']): string => (v === null ? 'unknown' : typeof v === 'string' ? v : String(v));

export function formatFactsReport(report: FactsReport, color: boolean): string {
  const c = painter(color);
  const fact = (name: string, f: FactValue): string => {
    if (f.status === 'unknown') return `  ${name}: ${c('yellow', 'unknown')}${f.detail ? c('dim', `  (${safeText(f.detail)})`) : ''}\n`;
    return `  ${name}: ${safeText(show(f.value))}  ${c('dim', `(${safeText(f.source)})`)}\n`;
  };
  let out = c('bold', 'Istio') + '\n';
  out += fact('version', report.istioVersion);
  if (report.versionEvidence.length > 1 || (report.versionEvidence.length === 1 && report.istioVersion.status !== 'input')) {
    out += '  versions the inputs show:\n';
    for (const e of report.versionEvidence) out += `    · ${safeText(e)}\n`;
  }
  for (const note of report.notes) out += c('dim', `note: ${safeText(note)}`) + '\n';

  out += '\n' + c('bold', 'Namespaces') + '\n';
  if (report.namespaces.length === 0) out += '  none defined or used\n';
  for (const ns of report.namespaces) {
    const labels = Object.entries(ns.labels).map(([k, v]) => `${k}=${v}`).join(', ');
    if (ns.status === 'unknown') out += `  ${safeText(ns.name)}: ${c('yellow', ns.source)}`;
    else out += `  ${safeText(ns.name)}: ${safeText(labels || 'no labels')}  ${c('dim', `(${safeText(ns.source)})`)}`;
    out += ns.workloads > 0 ? c('dim', `  ${plural(ns.workloads, 'workload')}`) + '\n' : '\n';
    for (const k of ns.clusters ?? []) {
      const own = Object.entries(k.labels).map(([key, v]) => `${key}=${v}`).join(', ');
      out += `    in cluster ${safeText(k.cluster)}: ${safeText(own || 'no labels')}  ${c('dim', `(${safeText(k.source)})`)}\n`;
    }
  }

  out += '\n' + c('bold', 'Injector webhooks') + '\n';
  for (const w of report.webhooks) {
    const what = w.tag === null ? `revision ${w.revision}` : `tag ${w.tag} → revision ${w.revision}`;
    const source = w.status === 'unknown' ? `${c('yellow', 'unknown')}${w.detail ? c('dim', `: ${safeText(w.detail)}`) : ''}` : c('dim', `(${safeText(w.source)})`);
    out += `  ${safeText(what)}  ${source}\n`;
  }

  for (const i of report.installs) {
    out += '\n' + c('bold', `Install of revision ${safeText(i.revision)}`) + '\n';
    out += i.install.status === 'unknown' ? fact('install', i.install) : `  install: ${safeText(i.install.source)}\n`;
    out += fact('injector policy', i.injectionPolicy);
    out += fact('native sidecars (ENABLE_NATIVE_SIDECARS)', i.nativeSidecars);
    out += fact('hold (meshConfig holdApplicationUntilProxyStarts)', i.hold);
    out += fact('hold (global.proxy.holdApplicationUntilProxyStarts)', i.holdValues);
    out += fact('Istio CNI', i.cni);
  }

  if (report.mtls.peerAuthentications.length > 0 || report.mtls.rootNamespace.status !== 'unknown') {
    const m = report.mtls;
    out += '\n' + c('bold', 'mTLS') + '\n';
    out += fact('root namespace (meshConfig.rootNamespace)', m.rootNamespace);
    for (const p of m.peerAuthentications) {
      const selector = p.selector ? ` {${Object.entries(p.selector).map(([k, v]) => `${k}=${v}`).join(', ')}}` : '';
      const ports = Object.entries(p.ports).map(([port, mode]) => ` port ${port}: ${mode}`).join(',');
      out += `  PeerAuthentication ${safeText(`${p.namespace}/${p.name}`)}: ${safeText(p.mode)}${safeText(ports)} for ${p.scope === 'unknown' ? 'the mesh, if its namespace is the root one, else its namespace' : `the ${p.scope}`}${safeText(selector)}  ${c('dim', `(${safeText(p.source)})`)}\n`;
    }
  }

  if (report.ambient.relevant) {
    const a = report.ambient;
    out += '\n' + c('bold', 'Ambient') + '\n';
    out += fact('istiod with ambient (PILOT_ENABLE_AMBIENT)', a.istiodAmbient);
    out += `  ztunnel: ${a.ztunnel.length === 0 ? 'not among the inputs' : safeText(a.ztunnel.join('; '))}\n`;
    out += fact('istio-cni runs with ambient on', a.enabled);
    out += fact('excluded namespaces', a.excludeNamespaces);
    out += fact('enablement selectors', a.enablementSelectors);
    out += `  waypoints: ${a.waypoints.length === 0 ? 'none among the inputs' : ''}\n`;
    for (const w of a.waypoints) out += `    · ${safeText(w)}\n`;
  }

  out += '\n' + c('bold', 'Unknown') + '\n';
  if (report.unknowns.length === 0 && report.unread.length === 0) out += '  nothing: every workload is decided\n';
  else if (report.unknowns.length === 0) out += '  nothing among the documents read: every workload there is decided\n';
  for (const u of report.unknowns) {
    out += `  ${c('yellow', safeText(u.fact))}: ${plural(u.workloads.length, 'workload')} undecided\n`;
    for (const w of u.workloads) out += `    · ${safeText(w.resource)}  ${c('dim', `${safeText(w.filePath)}:${w.line}`)}: ${safeText(w.why)}\n`;
    out += `    ${c('dim', `to decide: ${safeText(u.fix)}`)}\n`;
  }
  if (report.unread.length > 0) {
    out += '\n' + c('bold', 'Not read') + '\n';
    for (const u of report.unread) out += `  ${c('red', safeText(unreadPlace(u)))}: ${safeText(u.reason)}\n`;
    out += `  ${c('dim', 'what these files hold is not judged: fix them, or `meshlint` them to see why')}\n`;
  }
  return out;
}
