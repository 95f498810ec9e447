// The real renderers the render tests run: fetched by `npm run test:binaries` into
// .cache/test-bin (CI does this), or named by MESHLINT_TEST_HELM3 / _HELM4 / _KUBECTL.
// Where one is absent, its tests skip with a visible notice.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './shared.ts';

const DEFAULTS = {
  helm3: ['MESHLINT_TEST_HELM3', 'helm3/helm'],
  helm4: ['MESHLINT_TEST_HELM4', 'helm4/helm'],
  kubectl: ['MESHLINT_TEST_KUBECTL', 'kubectl/kubectl'],
} as const;

export function testBinary(name: keyof typeof DEFAULTS): string | undefined {
  const [envName, rel] = DEFAULTS[name];
  const p = process.env[envName] ?? join(REPO_ROOT, '.cache', 'test-bin', rel);
  if (existsSync(p)) return p;
  console.log(`notice: skipping tests that need ${name} (run "npm run test:binaries", or set ${envName})`);
  return undefined;
}
