// The shared folder beside the repository (Istio facts, the real-world corpus). Tests that
// need it skip, with a visible notice, where it is absent.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipping } from './skip.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHARED = join(REPO_ROOT, '..', 'shared');

export function sharedPath(...parts: string[]): string | undefined {
  const p = join(SHARED, ...parts);
  if (existsSync(p)) return p;
  skipping(`tests that need ../shared/${parts.join("/")} (not found: they run where the shared corpus sits beside the project)`);
  return undefined;
}

/**
 * A part of the shared folder a test reads as extra input only (it runs on examples/ without
 * it): its path, or undefined with no skip and no notice, since nothing is skipped.
 */
export function sharedExtra(...parts: string[]): string | undefined {
  const p = join(SHARED, ...parts);
  return existsSync(p) ? p : undefined;
}
