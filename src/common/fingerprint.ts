// The fingerprint of a finding: what SARIF's primaryLocationLineHash carries, what the baseline
// and `meshlint diff` match findings by. Below every layer that uses it (engine, format).
import { crypto } from './builtins.ts';
import type { LintMessage } from './types.ts';

function fingerprint(uri: string, m: LintMessage): string {
  return crypto().createHash('sha256').update(`${m.ruleId}\u0000${uri}\u0000${m.identity}\u0000${m.messageId ?? ''}`).digest('hex').slice(0, 32);
}

/**
 * Each message's `primaryLocationLineHash`: rule, file, resource and path (never the line),
 * then which of the equal ones it is. The baseline (src/engine/baseline.ts) keys on it too.
 */
export function lineHashes(uri: string, messages: readonly LintMessage[]): string[] {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const fp = fingerprint(uri, m);
    const n = (seen.get(fp) ?? 0) + 1;
    seen.set(fp, n);
    return `${fp}:${n}`;
  });
}
