// The session audit as an auditor uses it, fed by a terminal component through its signed API: an old
// session is found by its date range and its replay plays to the end inside the console; an online session
// is terminated — the kill task is queued, the component picks it up from its heartbeat and finishes it.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ComponentClient, asciicast, registerComponent } from '../api/component-client';
import { consoleForFile, signedInPage } from './harness';

const AUDITOR = {
  username: 'sally',
  name: 'Sally Auditor',
  email: 'sally@example.com',
  password: 'Sally-Pass-1',
  orgRoles: [{ org: 'default', role: 'OrgAuditor' }],
} as const;
const DEFAULT_ORG = '00000000-0000-0000-0000-000000000002';
const TOKEN = 'e2e-bootstrap-token-0123456789';
const OLD_SESSION = '2a1b3c4d-0000-4000-8000-0000000000a1';
const LIVE_SESSION = '2a1b3c4d-0000-4000-8000-0000000000a2';
const DAY = 24 * 60 * 60 * 1000;

const c = consoleForFile([AUDITOR]);

const session = (id: string, start: Date, extra: Record<string, unknown> = {}) => ({
  id,
  user: 'Alice Ordinary(alice)',
  asset: id === OLD_SESSION ? 'old-host(10.0.0.7)' : 'live-host(10.0.0.8)',
  system_user: 'root(root)',
  protocol: 'ssh',
  login_from: 'ST',
  remote_addr: '10.1.1.1',
  date_start: start.toISOString(),
  ...extra,
});

describe('session audit', () => {
  it('an auditor finds an old session by date range, plays its replay to the end and terminates a live one', async () => {
    c.config.bootstrapToken = TOKEN;
    const registered = await registerComponent(c.baseUrl, TOKEN, { name: 'koko-e2e', type: 'koko' });
    expect(registered.status).toBe(201);
    const koko = ComponentClient.of(c.baseUrl, registered.body);
    const started = new Date(Date.now() - 10 * DAY);
    const ended = new Date(started.getTime() + 60_000);
    const org = { org: DEFAULT_ORG };
    expect(
      (
        await koko.call('POST', '/api/v1/terminal/sessions/', {
          body: session(OLD_SESSION, started, { is_finished: true, date_end: ended.toISOString() }),
          ...org,
        })
      ).status,
    ).toBe(201);
    const form = new FormData();
    const cast = asciicast([
      '$ uptime\r\n',
      'up 3 days\r\n',
      '$ echo replay-finished\r\n',
      'replay-finished\r\n',
    ]);
    form.set('file', new Blob([new Uint8Array(zlib.gzipSync(cast))]), `${OLD_SESSION}.cast.gz`);
    expect(
      (await koko.call('POST', `/api/v1/terminal/sessions/${OLD_SESSION}/replay/`, { form, ...org })).status,
    ).toBe(201);
    expect(
      (
        await koko.call('POST', '/api/v1/terminal/sessions/', {
          body: session(LIVE_SESSION, new Date()),
          ...org,
        })
      ).status,
    ).toBe(201);
    await koko.call('POST', '/api/v1/terminal/terminals/status/', {
      body: { cpu_load: 0.2, sessions: [LIVE_SESSION] },
    });

    const page = await signedInPage(c, AUDITOR.username, AUDITOR.password);
    await page.goto(`${c.baseUrl}/ui/audit/sessions/sessions?activeTab=offline`);
    const offline = page.locator('[data-testid="sessions-offline"]');
    await offline.locator('tbody tr', { hasText: 'No data' }).waitFor();

    // The default range is the last 7 days: the 10-day-old session shows once the range reaches back.
    const url = new URL(page.url());
    url.searchParams.set('activeTab', 'offline');
    url.searchParams.set('date_from', new Date(started.getTime() - DAY).toISOString());
    url.searchParams.set('date_to', new Date().toISOString());
    await page.goto(url.toString());
    const oldRow = offline.locator('tbody tr', { hasText: 'old-host(10.0.0.7)' });
    await oldRow.waitFor();
    await oldRow.locator('[data-testid="row-replay"]').click();

    const player = page.locator('[data-testid="replay-player"]');
    await player.waitFor();
    await player.locator('[data-testid="replay-toggle"]').click();
    await player.locator('[data-testid="replay-ended"]').waitFor();
    expect(await player.locator('.xterm-rows').textContent()).toContain('replay-finished');
    expect(await player.locator('[data-testid="replay-time"]').textContent()).toBe('00:01 / 00:01');

    // The online tab lists the live session; terminating it queues a task for the component.
    await page.goto(`${c.baseUrl}/ui/audit/sessions/sessions?activeTab=online`);
    const online = page.locator('[data-testid="sessions-online"]');
    const liveRow = online.locator('tbody tr', { hasText: 'live-host(10.0.0.8)' });
    await liveRow.waitFor();
    await liveRow.locator('[data-testid="row-terminate"]').click();
    await page.locator('text=Termination queued for the component').waitFor();

    const tasks = await koko.call<Array<{ id: string; name: string; args: string }>>(
      'POST',
      '/api/v1/terminal/terminals/status/',
      { body: { sessions: [LIVE_SESSION] } },
    );
    expect(tasks.body.map((task) => [task.name, task.args])).toEqual([['kill_session', LIVE_SESSION]]);
    await koko.call('PATCH', `/api/v1/terminal/tasks/${tasks.body[0]!.id}/`, { body: { is_finished: true } });
    await koko.call('PATCH', `/api/v1/terminal/sessions/${LIVE_SESSION}/`, {
      body: { is_finished: true },
      ...org,
    });

    // Finished by its component, the session leaves the online tab.
    await page.reload();
    await online.locator('tbody tr', { hasText: 'No data' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
