// The report formats CI systems read besides SARIF: JUnit XML (Jenkins, GitLab's test reports,
// most CI test tabs), GitLab Code Quality JSON (merge request widgets), and Checkstyle XML
// (Jenkins warnings-ng, reviewdog). JUnit and Checkstyle follow ESLint's own formatters' shape;
// Code Quality follows GitLab's documented fields, with the SARIF fingerprint, so an issue keeps
// its identity across pushes as a code scanning alert does.
import { resolve } from 'node:path';
import { lineHashes } from '../common/fingerprint.ts';
import { jsonText, safeText } from '../common/text.ts';
import type { LintResult } from '../common/types.ts';
import { TOOL_NAME } from '../common/meta.ts';
import { artifactLocation } from './sarif.ts';

/** Text from manifests in XML: one line (control and bidi characters shown escaped), then the five entities. */
function xml(s: string): string {
  return safeText(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

const severityWord = (severity: 1 | 2): string => (severity === 2 ? 'Error' : 'Warning');

/**
 * JUnit XML, as ESLint's junit formatter writes it: a test suite per file, a failing test case
 * per finding (its rule the case's name), a passing one for a file without findings.
 */
export function formatJunit(results: readonly LintResult[]): string {
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n';
  for (const r of results) {
    const file = xml(r.filePath);
    const classname = xml(r.filePath.replace(/\.[^./\\]*$/, ''));
    out += `<testsuite package="${TOOL_NAME}" time="0" tests="${Math.max(1, r.messages.length)}" errors="${r.messages.length}" name="${file}">\n`;
    if (r.messages.length === 0) out += `<testcase time="0" name="${file}" classname="${classname}" />\n`;
    for (const m of r.messages) {
      const text = `line ${m.line}, col ${m.column}, ${severityWord(m.severity)} - ${m.message} (${m.ruleId})`;
      out += `<testcase time="0" name="${TOOL_NAME}.${xml(m.ruleId)}" classname="${classname}"><failure message="${xml(m.message)}">${xml(text)}</failure></testcase>\n`;
    }
    out += '</testsuite>\n';
  }
  return `${out}</testsuites>\n`;
}

/** Checkstyle XML, as ESLint's checkstyle formatter writes it: a file element per file, an error element per finding. */
export function formatCheckstyle(results: readonly LintResult[]): string {
  let out = '<?xml version="1.0" encoding="utf-8"?><checkstyle version="4.3">';
  for (const r of results) {
    out += `<file name="${xml(r.filePath)}">`;
    for (const m of r.messages) {
      out += `<error line="${m.line}" column="${m.column}" severity="${m.severity === 2 ? 'error' : 'warning'}" message="${xml(`${m.message} (${m.ruleId})`)}" source="${TOOL_NAME}.rules.${xml(m.ruleId)}" />`;
    }
    out += '</file>';
  }
  return `${out}</checkstyle>\n`;
}

/**
 * GitLab Code Quality: one issue per finding with GitLab's required fields (description,
 * check_name, fingerprint, severity, location.path relative to the repository, location.lines.begin).
 * The fingerprint is SARIF's primaryLocationLineHash: rule, file, resource and path, never the line.
 */
export function formatGitlab(results: readonly LintResult[], opts: { readonly cwd: string; readonly srcRoot: string }): string {
  const issues: unknown[] = [];
  for (const r of results) {
    const artifact = artifactLocation(r.filePath, opts);
    const hashes = lineHashes(artifact.uri, r.messages);
    // GitLab shows the path as written and links it in the repository: relative to its root.
    const path = artifact.uriBaseId ? decodeURIComponent(artifact.uri) : resolve(opts.cwd, r.filePath);
    for (const [i, m] of r.messages.entries()) {
      issues.push({
        type: 'issue',
        engine_name: TOOL_NAME,
        check_name: m.ruleId,
        description: safeText(m.resource ? `${m.message} [${m.resource}]` : m.message),
        categories: ['Bug Risk'],
        severity: m.severity === 2 ? 'major' : 'minor',
        fingerprint: hashes[i] ?? '',
        location: { path, lines: { begin: m.line, end: m.endLine } },
      });
    }
  }
  return jsonText(issues, 2) + '\n';
}
