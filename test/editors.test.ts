// The editor integrations in editors/: the Neovim snippet, run by a real headless Neovim
// against `meshlint lsp` (skipped, with a notice, where Neovim is absent), and the VS Code
// client's manifest and code (VS Code itself does not run here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopNamespace, webDeployment, withTemp } from './helpers/cli.ts';
import { REPO_ROOT } from './helpers/shared.ts';
import { skipping } from './helpers/skip.ts';

const WEB = webDeployment();
const NAMESPACE = shopNamespace();

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
if (nvim.status !== 0) skipping('the Neovim test (nvim is not installed: apt-get install neovim)');
else {
  test(`headless Neovim (${nvim.stdout.split('\n')[0]}) with editors/neovim/meshlint.lua shows the diagnostic, with the Namespace from another file`, () => {
    withTemp((t) => {
      t.write('.git/HEAD', 'ref: refs/heads/main\n');
      t.write('platform/ns.yaml', NAMESPACE);
      t.write('apps/web.yaml', WEB);
      // `meshlint` on PATH, as the snippet expects.
      mkdirSync(t.path('bin'));
      symlinkSync(join(REPO_ROOT, 'bin', 'meshlint.js'), t.path('bin/meshlint'));
      const out = t.path('diagnostics.txt');
      const lua = [
        // No time limit: it waits for the diagnostics as long as the server takes.
        `while #vim.diagnostic.get(0) == 0 do vim.wait(50) end`,
        `local lines = { 'ok' }`,
        `for _, d in ipairs(vim.diagnostic.get(0)) do`,
        `  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ''`,
        `  table.insert(lines, (d.lnum + 1) .. ':' .. (d.col + 1) .. ' ' .. tostring(code) .. ' ' .. tostring(d.source) .. ' ' .. d.severity)`,
        `end`,
        `vim.fn.writefile(lines, ${JSON.stringify(out)})`,
      ].join('\n');
      const r = spawnSync('nvim', ['--headless', '-i', 'NONE', '-u', join(REPO_ROOT, 'editors', 'neovim', 'meshlint.lua'), 'apps/web.yaml', '-c', `lua ${lua}`, '-c', 'qa!'], {
        cwd: t.dir,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${t.path('bin')}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: t.path('xdg-config'), XDG_DATA_HOME: t.path('xdg-data'), XDG_STATE_HOME: t.path('xdg-state') },
      });
      assert.ok(existsSync(out), `Neovim wrote no result (exit ${r.status}): ${r.stderr}`);
      assert.equal(readFileSync(out, 'utf8').trim().split('\n'), ['ok', '12:7 injection-host-network meshlint 2']);
    });
  });
}

test('the VS Code client: a valid manifest, its entry file parses, it starts `meshlint lsp`', () => {
  const dir = join(REPO_ROOT, 'editors', 'vscode');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main: string; engines: { vscode: string }; activationEvents: string[]; dependencies: Record<string, string>; contributes: { configuration: { properties: Record<string, unknown> } } };
  assert.ok(existsSync(join(dir, manifest.main)));
  assert.ok(manifest.engines.vscode);
  assert.ok(manifest.activationEvents.includes('onLanguage:yaml'));
  assert.ok(manifest.dependencies['vscode-languageclient']);
  assert.equal(Object.keys(manifest.contributes.configuration.properties).sort(), ['meshlint.debounceMs', 'meshlint.path']);
  const check = spawnSync(process.execPath, ['--check', join(dir, manifest.main)], { encoding: 'utf8' });
  assert.is(check.status, 0, check.stderr);
  assert.match(readFileSync(join(dir, manifest.main), 'utf8'), /args: \['lsp', '--stdio'\]/);
});

test('the VS Code client validates .meshlint.yaml with the config schema, without a modeline: its copy is the schema (npm run schema writes both)', () => {
  const dir = join(REPO_ROOT, 'editors', 'vscode');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { contributes: { yamlValidation?: { fileMatch: string[]; url: string }[]; jsonValidation?: { fileMatch: string[]; url: string }[] } };
  const [yaml] = manifest.contributes.yamlValidation ?? [];
  assert.equal(yaml?.fileMatch, ['.meshlint.yaml', '.meshlint.yml']);
  assert.equal(manifest.contributes.jsonValidation?.[0]?.fileMatch, ['.meshlint.json']);
  assert.is(readFileSync(join(dir, yaml?.url ?? ''), 'utf8'), readFileSync(join(REPO_ROOT, 'schema', 'meshlint.schema.json'), 'utf8'));
});

test('the Neovim file names an install that exists (meshlint is not on the npm registry yet)', () => {
  const lua = readFileSync(join(REPO_ROOT, 'editors', 'neovim', 'meshlint.lua'), 'utf8');
  assert.not.match(lua, /npm install -g meshlint\b/);
});

test.run();
