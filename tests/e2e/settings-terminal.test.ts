// Settings → Terminal as an administrator uses it (docs/terminal-settings.md): a terminal setting changed on
// the Basic tab reaches the component's config; an endpoint and a rule created here make the smart endpoint
// pick that endpoint for the asset's address; a component that registered through the component API is
// listed and gets a replay storage created here, whose test says plainly it cannot be reached.
import { describe, expect, it } from 'vitest';
import { ComponentClient, registerComponent } from '../api/component-client';
import { consoleForFile, signedInPage } from './harness';

const TOKEN = 'e2e-terminal-settings-token-0123456789';
const CONFIG = '/api/v1/terminal/terminals/config/';
const c = consoleForFile([]);

describe('terminal settings', () => {
  it('an admin changes a terminal setting, creates an endpoint and a rule, and assigns a component a storage', async () => {
    c.config.bootstrapToken = TOKEN;
    const registered = await registerComponent(c.baseUrl, TOKEN, { name: 'koko-settings-e2e', type: 'koko' });
    expect(registered.status).toBe(201);
    const koko = ComponentClient.of(c.baseUrl, registered.body);
    expect(
      (await koko.call('POST', '/api/v1/terminal/terminals/status/', { body: { cpu_load: 0.2 } })).status,
    ).toBe(201);

    const page = await signedInPage(c);
    await page.click('[data-testid="nav-settings"]');
    await page.click('[data-testid="menu-settings-terminal"]');
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal');
    const settings = page.locator('[data-testid="terminal-settings-page"]');
    const form = settings.locator('[data-testid="settings-form-terminal"]');
    await form.waitFor();

    // Basic: password authentication off, asset list sorted by IP — the component's config follows.
    await form.locator('[data-testid="setting-TERMINAL_PASSWORD_AUTH"]').click();
    await form.locator('[data-testid="setting-TERMINAL_ASSET_LIST_SORT_BY"]').click();
    await page.click('li[role="option"]:has-text("IP")');
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();
    const config = await koko.call<Record<string, unknown>>('GET', CONFIG);
    expect(config.body).toMatchObject({ TERMINAL_PASSWORD_AUTH: false, TERMINAL_ASSET_LIST_SORT_BY: 'ip' });

    // An endpoint…
    await settings.locator('.p-tabview-nav a:has-text("Endpoints")').click();
    await settings.locator('[data-testid="terminal-endpoint-list"] [data-testid="crud-create"]').click();
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal/endpoint/create');
    await page.fill('[data-testid="field-name"]', 'dc-gate');
    await page.fill('[data-testid="field-host"]', 'gate.dc.example.com');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal');
    await settings
      .locator('[data-testid="terminal-endpoint-list"] tbody tr', { hasText: 'dc-gate' })
      .waitFor();

    // …and a rule sending the 10.2.0.0/16 assets there.
    await settings.locator('.p-tabview-nav a:has-text("Endpoint rules")').click();
    await settings.locator('[data-testid="terminal-endpoint-rule-list"] [data-testid="crud-create"]').click();
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal/endpoint-rule/create');
    await page.fill('[data-testid="field-name"]', 'dc-net');
    const chips = page.locator('.p-chips input');
    // Whatever the form starts with goes; the data centre's network comes in.
    const tokens = page.locator('.p-chips .p-chips-token-icon');
    while ((await tokens.count()) > 0) await tokens.first().click();
    await chips.fill('10.2.0.0/16');
    await chips.press('Enter');
    await page.fill('[data-testid="field-priority"]', '10');
    await page.click('[data-testid="field-endpoint"]');
    await page.click('li[role="option"]:has-text("dc-gate")');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal');
    await settings
      .locator('[data-testid="terminal-endpoint-rule-list"] tbody tr', { hasText: 'dc-net' })
      .waitFor();
    const smart = await koko.call<{ name: string; host: string }>(
      'GET',
      '/api/v1/terminal/endpoints/smart/?protocol=ssh&target_ip=10.2.7.7',
    );
    expect(smart.body).toMatchObject({ name: 'dc-gate', host: 'gate.dc.example.com' });

    // A replay storage of a remote kind: stored, and its test says it cannot be reached from here.
    await settings.locator('.p-tabview-nav a:has-text("Replay storage")').click();
    await settings
      .locator('[data-testid="terminal-replay-storage-list"] [data-testid="crud-create"]')
      .click();
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal/replay-storage/create');
    await page.fill('[data-testid="field-name"]', 'archive-s3');
    await page.click('[data-testid="field-type"]');
    await page.click('li[role="option"]:has-text("S3")');
    await page.fill('[data-testid="field-meta"]', '{"BUCKET": "replays"}');
    await page.click('[data-testid="form-submit"]');
    // ENDPOINT is missing: the server's message, and what was typed stays.
    await expect.poll(() => page.textContent('[data-testid="error-meta"]')).toContain('ENDPOINT');
    await page.fill(
      '[data-testid="field-meta"]',
      '{"BUCKET": "replays", "ENDPOINT": "http://s3.example.com"}',
    );
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal');
    const storageRow = settings.locator('[data-testid="terminal-replay-storage-list"] tbody tr', {
      hasText: 'archive-s3',
    });
    await storageRow.locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-test"]').click();
    await page.locator('.p-toast-message-warn', { hasText: 'this server cannot reach them' }).waitFor();

    // The component registered through the component API is listed; it gets the new storage.
    await settings.locator('.p-tabview-nav a:has-text("Components")').click();
    const componentRow = settings.locator('[data-testid="terminal-components-list"] tbody tr', {
      hasText: 'koko-settings-e2e',
    });
    await componentRow.waitFor();
    await componentRow.locator('[data-testid="row-update"]').click();
    await page.waitForURL((url) =>
      /^\/ui\/settings\/terminal\/components\/[0-9a-f-]{36}\/update$/.test(url.pathname),
    );
    await page.click('[data-testid="field-replay_storage"]');
    await page.click('li[role="option"]:has-text("archive-s3")');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((url) => url.pathname === '/ui/settings/terminal');
    await expect
      .poll(
        async () =>
          (await koko.call<Record<string, { TYPE: string }>>('GET', CONFIG)).body.TERMINAL_REPLAY_STORAGE
            ?.TYPE,
      )
      .toBe('s3');
    expect(page.errors).toEqual([]);
  });
});
