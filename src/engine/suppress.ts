// Inline suppressions: comment directives in the YAML and the `meshlint.io/ignore` annotation.
//   # meshlint-disable-next-line rule-a, rule-b -- reason
//   # meshlint-disable-line rule-a -- reason        (at the end of the line it applies to)
//   # meshlint-disable rule-a -- reason  …  # meshlint-enable rule-a   (within one document)

export const IGNORE_ANNOTATION = 'meshlint.io/ignore';

export interface Directive {
  readonly kind: 'disable-next-line' | 'disable-line' | 'disable' | 'enable';
  /** Rule ids, or undefined for every rule. */
  readonly rules: readonly string[] | undefined;
  readonly line: number; // 1-based line of the comment
  readonly offset: number;
  readonly endOffset: number;
  readonly reason: string | undefined;
}

const DIRECTIVE = /(?:^|\s)#\s*meshlint-(disable-next-line|disable-line|disable|enable)(?=\s|$)([^\r\n]*)/;

/** Every directive of a file. Cheap when the file has none. */
export function scanDirectives(text: string): Directive[] {
  const out: Directive[] = [];
  if (!text.includes('meshlint-')) return out;
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const lineText = text.slice(start, end);
    const m = lineText.includes('meshlint-') ? DIRECTIVE.exec(lineText) : null;
    if (m) {
      const [body = '', reason] = (m[2] ?? '').split(/\s--\s?/, 2);
      const ids = body.split(',').map((s) => s.trim()).filter(Boolean);
      const hashAt = lineText.indexOf('#', m.index);
      out.push({
        kind: m[1] as Directive['kind'],
        rules: ids.length ? ids : undefined,
        line,
        offset: start + hashAt,
        // A CRLF line's \r is not part of the comment: the range ends before it.
        endOffset: lineText.endsWith('\r') ? end - 1 : end,
        reason: reason?.trim() || undefined,
      });
    }
    if (nl === -1) break;
    start = nl + 1;
    line++;
  }
  return out;
}

const covers = (d: Directive, ruleId: string): boolean => d.rules === undefined || d.rules.includes(ruleId);

/**
 * The directive that suppresses a finding of `ruleId` starting at `line`, or undefined.
 * Block directives apply from their line to a matching enable or the end of the document
 * (`docStartLine`..`docEndLine`).
 */
export function suppressingDirective(
  directives: readonly Directive[],
  ruleId: string,
  line: number,
  docStartLine: number,
  docEndLine: number,
): Directive | undefined {
  let block: Directive | undefined;
  for (const d of directives) {
    if (d.line > line) break;
    if (d.kind === 'disable-next-line' && d.line === line - 1 && covers(d, ruleId)) return d;
    if (d.kind === 'disable-line' && d.line === line && covers(d, ruleId)) return d;
    if (d.line < docStartLine || d.line > docEndLine) continue;
    if (d.kind === 'disable' && covers(d, ruleId)) block = d;
    else if (d.kind === 'enable' && block && (d.rules === undefined || d.rules.includes(ruleId))) block = undefined;
  }
  return block;
}

/** Rule ids listed in a `meshlint.io/ignore` annotation value; ["*"] means every rule. */
export function ignoredByAnnotation(value: unknown): readonly string[] {
  if (typeof value !== 'string') return [];
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}
