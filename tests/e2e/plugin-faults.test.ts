// Every kind of plugin fault explains itself (PLUGINS.md "Faults"): the user keeps a working shell with a
// panel in the plugin's place, the admin "Plugins" page states the reason, and the server log has the line.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicKeyBase64, signPluginFolder } from '../../sdk/plugin-format/signature.mjs';
import { pagePlugin, writeDropIn, type DropInPlugin } from './fixtures';
import { ADMIN_PASSWORD, consoleForFile, newPage, signIn } from './harness';

const trusted = crypto.generateKeyPairSync('ed25519');
const stranger = crypto.generateKeyPairSync('ed25519');
const c = consoleForFile([], { pluginTrustedKeys: [publicKeyBase64(trusted.publicKey)] });

async function dropSigned(plugin: DropInPlugin, key = trusted.privateKey): Promise<{ url: string }> {
  const written = writeDropIn(c.pluginsDir, plugin);
  await signPluginFolder(path.join(c.pluginsDir, plugin.id), key);
  return written;
}

const logHas = (text: string): boolean => c.logLines.some((line) => line.includes(text));

function renderCrash(): DropInPlugin {
  const base = pagePlugin('render-crash', 'never shown');
  return {
    ...base,
    execute: base.execute.replace(
      "_export('default'",
      "d.routes[0].element = jsx(function Boom() { throw new Error('boom at render'); }, {});\n_export('default'",
    ),
  };
}

describe('plugin faults', () => {
  it('each fault kind: a usable shell, a reason in the plugin place, on the admin page and in the log', async () => {
    await dropSigned(pagePlugin('healthy', 'Healthy drop-in'));
    await dropSigned({ id: 'eval-crash', title: 'Eval crash', execute: "throw new Error('boom at load');" });
    await dropSigned(renderCrash());
    await dropSigned({ ...pagePlugin('future-sdk', 'never shown'), manifest: { sdkRange: '^9.0.0' } });
    await dropSigned({
      ...pagePlugin('hangs', 'never shown'),
      execute: 'return new Promise(function () {});',
      manifest: { loadTimeoutMs: 20_000 },
    });
    const missing = await dropSigned(pagePlugin('missing-file', 'never shown'));
    fs.rmSync(path.join(c.pluginsDir, 'missing-file', path.basename(missing.url)));
    const tampered = await dropSigned(pagePlugin('bad-integrity', 'never shown'));
    fs.appendFileSync(path.join(c.pluginsDir, 'bad-integrity', path.basename(tampered.url)), '// changed\n');
    await dropSigned(pagePlugin('bad-signature', 'never shown'), stranger.privateKey);
    writeDropIn(c.pluginsDir, pagePlugin('unsigned', 'never shown'));

    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    // The shell does not wait for the hung plugin: its menu shows a spinner while the rest works.
    await page.click('[data-testid="menu-healthy"]');
    await expect.poll(() => page.textContent('[data-testid="healthy-page"]')).toBe('Healthy drop-in');
    const hangsMenu = page.locator('[data-testid="menu-hangs"]');
    expect(await hangsMenu.locator('.pi-spinner').count()).toBe(1);
    await hangsMenu.click();
    await page.locator('[data-testid="plugin-loading-hangs"]').waitFor();
    // …and times out alone, after the time its manifest allows.
    await page.locator('[data-testid="plugin-unavailable-hangs"][data-reason="timeout"]').waitFor();

    for (const [id, kind, detail] of [
      ['eval-crash', 'evaluation', 'boom at load'],
      ['future-sdk', 'incompatible', 'needs sdk ^9.0.0'],
    ] as const) {
      await page.click(`[data-testid="menu-${id}"]`);
      const panel = page.locator(`[data-testid="plugin-unavailable-${id}"]`);
      await panel.waitFor();
      expect(await panel.getAttribute('data-reason')).toBe(kind);
      expect(await panel.textContent()).toContain(detail);
    }
    await page.click('[data-testid="menu-render-crash"]');
    const crashed = page.locator('[data-testid="plugin-unavailable-render-crash"]');
    await crashed.waitFor();
    expect(await crashed.getAttribute('data-reason')).toBe('render');
    // The healthy plugin still works after all of it.
    await page.click('[data-testid="menu-healthy"]');
    await expect.poll(() => page.textContent('[data-testid="healthy-page"]')).toBe('Healthy drop-in');

    // Browser-side faults reached the server log…
    for (const [id, kind] of [
      ['eval-crash', 'evaluation'],
      ['render-crash', 'render'],
      ['future-sdk', 'incompatible'],
      ['hangs', 'timeout'],
    ])
      await expect.poll(() => logHas(`plugin ${id} 1.0.0 failed in a browser (${kind})`)).toBe(true);
    // …and so did the server's own refusals.
    expect(logHas('plugin dropin/missing-file refused: module index-')).toBe(true);
    expect(logHas('plugin dropin/bad-integrity refused: module index-')).toBe(true);
    expect(logHas('plugin dropin/bad-signature refused: bad signature: signed by an untrusted key')).toBe(
      true,
    );
    expect(logHas('plugin dropin/unsigned refused: unsigned')).toBe(true);

    // The admin "Plugins" page says what became of every plugin, and why.
    await page.goto(`${c.baseUrl}/ui/settings/plugins`);
    const row = (id: string) => page.locator(`[data-testid="plugin-row-dropin-${id}"]`);
    await row('healthy').waitFor();
    expect(await row('healthy').getAttribute('data-state')).toBe('installed');
    for (const [id, reason] of [
      ['missing-file', /module index-\w+\.js is missing/],
      ['bad-integrity', /does not match its integrity/],
      ['bad-signature', /bad signature: signed by an untrusted key/],
      ['unsigned', /unsigned/],
    ] as const) {
      expect(await row(id).getAttribute('data-state')).toBe('refused');
      expect(await row(id).textContent()).toMatch(reason);
    }
    for (const id of ['eval-crash', 'render-crash', 'future-sdk', 'hangs'])
      expect(await page.locator(`[data-testid="plugin-fault-${id}"]`).count()).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid="plugins-host-version"]')).toMatch(/0\.1\.0/);
    await page.context().close();
  });
});
