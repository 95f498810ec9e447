// The real renderers the render tests run: fetched by `npm run test:binaries` into
// .cache/test-bin (CI does this), or named by MESHLINT_TEST_HELM3 / _HELM4 / _KUBECTL.
// Where one is absent, its tests skip with a visible notice (tests that ask may use the one on PATH).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { REPO_ROOT } from './shared.ts';
import { skipping } from './skip.ts';

const DEFAULTS = {
  helm3: ['MESHLINT_TEST_HELM3', 'helm3/helm'],
  helm4: ['MESHLINT_TEST_HELM4', 'helm4/helm'],
  kubectl: ['MESHLINT_TEST_KUBECTL', 'kubectl/kubectl'],
} as const;

/**
 * The binary's path, or undefined (with a notice) when it is absent. `onPath`: the one on PATH
 * will do too (kubectl for its YAML decoder, go-yaml v2 in every release).
 */
export function testBinary(name: keyof typeof DEFAULTS, options: { readonly onPath?: boolean } = {}): string | undefined {
  const [envName, rel] = DEFAULTS[name];
  const p = process.env[envName] ?? join(REPO_ROOT, '.cache', 'test-bin', rel);
  if (existsSync(p)) return p;
  const command = rel.split('/').pop() as string;
  const found = options.onPath ? (process.env.PATH ?? '').split(delimiter).find((dir) => dir !== '' && existsSync(join(dir, command))) : undefined;
  if (found !== undefined) return join(found, command);
  skipping(`tests that need ${name} (run "npm run test:binaries", ${options.onPath ? `set ${envName}, or put ${command} on PATH` : `or set ${envName}`})`);
  return undefined;
}
