// `npm run pack`: the package as published, meshlint-<version>.tgz in the current folder.
// npm packs package.json as it stands, and its scripts and dev dependencies are of this
// repository: an installed package would carry a prepare script (npm warns about install
// scripts on every install) and scripts whose files it does not ship. So the files the
// package lists are staged with a package.json without them, and packed from there.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { scripts: _scripts, devDependencies: _dev, ...published } = pkg;
const destination = resolve(process.argv[2] ?? process.cwd());

const stage = mkdtempSync(join(tmpdir(), 'meshlint-pack-'));
try {
  // npm's own list of the files to pack (the `files` field, README, LICENSE), as built now.
  const list = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (list.status !== 0) process.exit(list.status ?? 1);
  const [{ files }] = JSON.parse(list.stdout);
  for (const { path } of files) if (path !== 'package.json') cpSync(join(root, path), join(stage, path));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const r = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', destination], { cwd: stage, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
