// Kubernetes label selectors (matchLabels, matchExpressions: In, NotIn, Exists, DoesNotExist),
// evaluated in three values: labels of a namespace defined nowhere are unknown, and a
// selector over unknown labels is neither true nor false. Nor is a value a tool fills in later
// (`${REV}`, `{{ .Values.rev }}`), on either side: In and NotIn over it cannot be decided.
import { isPlaceholder } from '../placeholder.ts';
import { asObject } from '../workload.ts';

export interface Requirement {
  readonly key: string;
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  readonly values: readonly string[];
}

export interface LabelSelector {
  readonly requirements: readonly Requirement[];
  /** A selector that matches nothing (an invalid operator, as the API server would reject). */
  readonly invalid?: string;
}

/** Labels that may be only partly known: keys not in `known` are absent if `complete`, else unknown. */
export interface LabelSet {
  readonly known: Readonly<Record<string, string>>;
  readonly complete: boolean;
  /** Keys not in `known` that something outside the inputs may set (an operator's label), each with the fact that would decide it. */
  readonly open?: Readonly<Record<string, string>>;
}

export type Tri = true | false | 'unknown';

export const EVERYTHING: LabelSelector = { requirements: [] };

/** Parses a selector object as found in a webhook (null or absent: matches everything). */
export function parseSelector(raw: unknown): LabelSelector {
  const obj = asObject(raw);
  if (!obj) return EVERYTHING;
  const requirements: Requirement[] = [];
  for (const [key, value] of Object.entries(asObject(obj.matchLabels) ?? {})) {
    requirements.push({ key, operator: 'In', values: [String(value)] });
  }
  if (Array.isArray(obj.matchExpressions)) {
    for (const e of obj.matchExpressions) {
      const ex = asObject(e);
      if (!ex || typeof ex.key !== 'string') continue;
      const op = ex.operator;
      if (op !== 'In' && op !== 'NotIn' && op !== 'Exists' && op !== 'DoesNotExist') {
        return { requirements, invalid: `unknown operator ${String(op)}` };
      }
      const values = Array.isArray(ex.values) ? ex.values.map((v) => String(v)) : [];
      requirements.push({ key: ex.key, operator: op, values });
    }
  }
  return { requirements };
}

/** Parses the `selectorString` form of Istio's tests: "foo", "!foo", "foo=bar", "foo in (a,b)". */
export function parseSelectorString(s: string): LabelSelector {
  const requirements: Requirement[] = [];
  for (const part of s.split(/,(?![^()]*\))/).map((p) => p.trim()).filter(Boolean)) {
    let m: RegExpExecArray | null;
    if ((m = /^!\s*([\w./-]+)$/.exec(part))) requirements.push({ key: m[1] ?? '', operator: 'DoesNotExist', values: [] });
    else if ((m = /^([\w./-]+)\s*(==?|!=)\s*([\w./-]*)$/.exec(part))) {
      requirements.push({ key: m[1] ?? '', operator: m[2] === '!=' ? 'NotIn' : 'In', values: [m[3] ?? ''] });
    } else if ((m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part))) {
      requirements.push({ key: m[1] ?? '', operator: m[2] === 'in' ? 'In' : 'NotIn', values: (m[3] ?? '').split(',').map((v) => v.trim()) });
    } else if ((m = /^([\w./-]+)$/.exec(part))) requirements.push({ key: m[1] ?? '', operator: 'Exists', values: [] });
    else return { requirements, invalid: `cannot parse "${part}"` };
  }
  return { requirements };
}

export function isEmptySelector(sel: LabelSelector): boolean {
  return sel.requirements.length === 0 && !sel.invalid;
}

export function knownLabels(labels: Readonly<Record<string, string>>): LabelSet {
  return { known: labels, complete: true };
}

function evalRequirement(r: Requirement, labels: LabelSet): Tri {
  const has = Object.hasOwn(labels.known, r.key);
  if (!has && (!labels.complete || (labels.open !== undefined && Object.hasOwn(labels.open, r.key)))) return 'unknown';
  const value = has ? labels.known[r.key] : undefined;
  // A placeholder label still exists: only the operators that compare its value are open.
  if (value !== undefined && (r.operator === 'In' || r.operator === 'NotIn') && (isPlaceholder(value) || r.values.some(isPlaceholder))) return 'unknown';
  switch (r.operator) {
    case 'In':
      return value !== undefined && r.values.includes(value);
    case 'NotIn':
      return value === undefined || !r.values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
  }
}

/** All requirements must hold (AND), in three-valued logic. */
export function matches(sel: LabelSelector, labels: LabelSet): Tri {
  if (sel.invalid) return false;
  let result: Tri = true;
  for (const r of sel.requirements) {
    const v = evalRequirement(r, labels);
    if (v === false) return false;
    if (v === 'unknown') result = 'unknown';
  }
  return result;
}

export function describeSelector(sel: LabelSelector): string {
  if (sel.invalid) return `(invalid: ${sel.invalid})`;
  if (sel.requirements.length === 0) return '(everything)';
  return sel.requirements
    .map((r) => {
      switch (r.operator) {
        case 'In':
          return r.values.length === 1 ? `${r.key}=${r.values[0]}` : `${r.key} in (${r.values.join(',')})`;
        case 'NotIn':
          return r.values.length === 1 ? `${r.key}!=${r.values[0]}` : `${r.key} notin (${r.values.join(',')})`;
        case 'Exists':
          return r.key;
        case 'DoesNotExist':
          return `!${r.key}`;
      }
    })
    .join(', ');
}
