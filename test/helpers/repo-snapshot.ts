// This checkout as a commit of its own: the files git would commit now (tracked and new,
// not ignored, as they are in the working tree) copied into a scratch repository with one
// commit. What installs from git (pre-commit, npm install -g git+file://) reads commits, so
// the tests install what is being tested, uncommitted changes included.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './shared.ts';

const GIT_ENV = { GIT_AUTHOR_NAME: 'meshlint test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'meshlint test', GIT_COMMITTER_EMAIL: 'test@example.com' };

/** Writes the snapshot repository at `dir`; returns its commit. */
export function snapshotRepo(dir: string): string {
  const git = (args: string[], cwd: string): string => {
    const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...GIT_ENV } });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], REPO_ROOT).split('\0').filter(Boolean);
  mkdirSync(dir, { recursive: true });
  for (const f of new Set(files)) {
    const from = join(REPO_ROOT, f);
    if (!existsSync(from)) continue; // deleted, not yet committed
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(from, join(dir, f), { verbatimSymlinks: true });
  }
  git(['init', '-q', '-b', 'main'], dir);
  git(['add', '-A'], dir);
  git(['commit', '-q', '--no-verify', '-m', 'snapshot'], dir);
  return git(['rev-parse', 'HEAD'], dir).trim();
}
