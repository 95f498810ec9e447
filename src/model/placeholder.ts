// Values a tool fills in before the manifest is applied: envsubst's `$X` and `${X}`, a
// shell's or Kubernetes' `$(X)`, a template's `{{ … }}`, a `REPLACE_ME`. Such a value is not a
// name: every rule treats it as unknown, never as the literal text.
const PLACEHOLDER = /\$\{[^}]*\}|\$\([^)]*\)|^\$[A-Za-z_]\w*$|\{\{.*?\}\}|\bREPLACE(?:_\w+|ME)\b|^<[^<>]+>$/;

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}
