// The clusters of a fleet repository, as Flux's entry Kustomizations scope them (load/flux-clusters.ts).
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fluxClusters, MAX_CLUSTERS } from '../src/load/flux-clusters.ts';
import type { OwnKustomization } from '../src/load/flux-scope.ts';
import { overlaysAmong } from '../src/load/overlays-found.ts';

const ROOT = join('/', 'repo');
const at = (p: string): string => join(ROOT, ...p.split('/'));
const k = (file: string, path: string): OwnKustomization => ({ file: at(file), dir: at(path), spec: {}, metadata: {} });

test('each bootstrap Kustomization is a cluster; it reaches what the Kustomizations under it build, and bases their kustomizations name', () => {
  const kustomizations = [k('clusters/a/flux-system/gotk-sync.yaml', 'clusters/a'), k('clusters/b/flux-system/gotk-sync.yaml', 'clusters/b'), k('clusters/a/apps.yaml', 'apps/a'), k('clusters/b/apps.yaml', 'apps/b')];
  const texts = new Map([
    [at('apps/b/kustomization.yaml'), 'resources: [../base]\n'],
    [at('apps/base/kustomization.yaml'), 'resources: [web.yaml]\n'],
  ]);
  const paths = [...kustomizations.map((x) => x.file), at('apps/a/web.yaml'), at('apps/b/kustomization.yaml'), at('apps/base/kustomization.yaml'), at('apps/base/web.yaml'), at('apps/c/web.yaml'), at('clusters/a/ns.yaml')];
  const c = fluxClusters(kustomizations, paths, ROOT, overlaysAmong(paths, (p) => texts.get(p)));
  assert.equal(c.names, ['clusters/a', 'clusters/b']);
  assert.equal(c.clustersOf(at('apps/a/web.yaml')), ['clusters/a']);
  assert.equal(c.clustersOf(at('clusters/a/ns.yaml')), ['clusters/a']);
  assert.equal(c.clustersOf(at('apps/base/web.yaml')), ['clusters/b'], 'through the kustomization of apps/b');
  assert.equal(c.clustersOf(at('apps/b')), ['clusters/b'], 'a folder built is reached with its kustomization');
  assert.equal(c.clustersOf(at('apps/c/web.yaml')), [], 'no cluster builds it');
  assert.is(c.tooMany, undefined);
});

test('past MAX_CLUSTERS entries nothing is scoped, and the count is said', () => {
  const many = Array.from({ length: MAX_CLUSTERS + 1 }, (_, i) => k(`clusters/c${i}/flux-system/gotk-sync.yaml`, `clusters/c${i}`));
  const c = fluxClusters(many, many.map((x) => x.file), ROOT, overlaysAmong([], () => undefined));
  assert.equal(c.names, []);
  assert.is(c.tooMany, MAX_CLUSTERS + 1);
  assert.equal(c.clustersOf(at('clusters/c0/x.yaml')), []);
});

test.run();
