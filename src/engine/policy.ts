// What a change does to meshlint's own policy: the settings that decide what fails and what is
// assumed (diff.failOn, rule levels, ignores, the baseline, the facts stated under istio: and
// namespaces:). On pull_request the workflow and the config come from the change itself, so
// no setting can stop a change that means to pass; what protects a repository is review, and
// review needs to see such an edit. Pure: two configs in, the keys that differ out.
import { dirname, relative } from 'node:path';
import type { Config } from './config.ts';

export interface PolicyChange {
  /** The config key, as written in .meshlint.yaml ("diff.failOn", "rules.duplicate-key", ".meshlintignore"). */
  readonly key: string;
  readonly before: string;
  readonly after: string;
}

/** What a side's policy is: its config (undefined: none) and the lines of the .meshlintignore beside it. */
export interface Policy {
  readonly config: Config | undefined;
  readonly ignoreFile: readonly string[] | undefined;
}

const NOT_SET = '(not set)';
const text = (v: unknown): string => (v === undefined ? NOT_SET : JSON.stringify(v));

/** Each policy key of a side and its value as one line. */
function keysOf(p: Policy): Map<string, string> {
  const out = new Map<string, string>();
  const c = p.config;
  if (c) {
    const base = c.filePath ? dirname(c.filePath) : undefined;
    // Paths as the config writes them: relative to its folder, the same on both sides.
    const path = (abs: string): string => (base ? relative(base, abs).split('\\').join('/') : abs);
    out.set('diff.failOn', text(c.diff.failOn));
    for (const [id, setting] of Object.entries(c.rules)) out.set(`rules.${id}`, setting.options.length > 0 ? text([setting.level, ...setting.options]) : setting.level);
    out.set('ignorePatterns', text(c.ignorePatterns));
    if (c.baseline !== undefined) out.set('baseline', path(c.baseline));
    if (c.defaultNamespace !== undefined) out.set('defaultNamespace', c.defaultNamespace);
    for (const [name, ns] of Object.entries(c.namespaces)) out.set(`namespaces.${name}`, text(ns));
    for (const [key, value] of Object.entries(c.istio)) {
      if (value === undefined) continue;
      out.set(`istio.${key}`, key === 'valuesFiles' && Array.isArray(value) ? text(value.map((v) => path(String(v)))) : text(value));
    }
    if (c.context.length > 0) out.set('context', text(c.context.map(path)));
  }
  const lines = (p.ignoreFile ?? []).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length > 0) out.set('.meshlintignore', text(lines));
  return out;
}

/** The policy keys whose values differ between the sides, in a stable order. */
export function policyChanges(base: Policy, head: Policy): PolicyChange[] {
  const b = keysOf(base);
  const h = keysOf(head);
  const keys = [...new Set([...b.keys(), ...h.keys()])];
  return keys.flatMap((key) => {
    const before = b.get(key) ?? NOT_SET;
    const after = h.get(key) ?? NOT_SET;
    return before === after ? [] : [{ key, before, after }];
  });
}

/** The line a report leads with when a change edits the policy. */
export const POLICY_HEADLINE = "This change edits meshlint's policy";
