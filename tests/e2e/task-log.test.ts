// The task log as a person meets it: an administrator starts a node connectivity test, opens the old
// hash-path link of the task-log popup and watches one line per host and the final line arrive; another
// user opening the same link is told the task is not found and sees nothing of the log.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ALICE, consoleForFile, newPage, signIn } from './harness';

const c = consoleForFile([ALICE]);

let listener: net.Server;
let openPort = 0;
let closedPort = 0;
let taskId = '';

beforeAll(async () => {
  listener = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  openPort = (listener.address() as AddressInfo).port;
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

afterAll(async () => {
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
});

/**
 * The task log in a window of its own, as the console's popup opens it: the old hash link, which the host
 * turns into a real path. Page errors are collected like newPage does.
 */
async function openLogWindow(page: Page, id: string): Promise<Page & { errors: string[] }> {
  const popup = (await page.context().newPage()) as Page & { errors: string[] };
  popup.errors = [];
  popup.on('pageerror', (error) => popup.errors.push(error.message));
  await popup.goto(`${c.baseUrl}/ui/#/ops/celery/task/${id}/log/`);
  await popup.waitForURL((url) => url.pathname === `/ui/ops/celery/task/${id}/log/`);
  return popup;
}

/** A JSON POST with the page's session and csrf token, as the console sends it. */
async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'jms_csrftoken')?.value ?? '';
  const res = await page.request.post(new URL(url, page.url()).href, {
    data: body,
    headers: { 'x-csrftoken': csrf, 'accept-language': 'en' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

describe('the task log page', () => {
  it('the administrator who started a node test sees each host, the summary and the final line', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    const node = await apiPost<{ id: string }>(page, '/api/v1/assets/nodes/', { value: 'e2e probe' });
    for (const [hostname, port] of [
      ['e2e-up', openPort],
      ['e2e-down', closedPort],
    ] as const) {
      await apiPost(page, '/api/v1/assets/assets/', {
        hostname,
        ip: '127.0.0.1',
        platform: 'Linux',
        protocols: [`ssh/${port}`],
        nodes: [node.id],
      });
    }
    ({ task: taskId } = await apiPost<{ task: string }>(page, `/api/v1/assets/nodes/${node.id}/tasks/`, {
      action: 'test',
    }));
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const log = await openLogWindow(page, taskId);
    const output = log.locator('[data-testid="task-log-output"]');
    await expect.poll(() => output.textContent()).toContain(`Task ${taskId} failed in`);
    const text = (await output.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`ok +e2e-up \\(127\\.0\\.0\\.1:${openPort}\\) +\\d+ ms`));
    expect(text).toMatch(/failed +e2e-down \(127\.0\.0\.1:\d+\) +\d+ ms +connection refused/);
    expect(text).toContain('Summary: total 2, success 1, failed 1, skipped 0');
    expect(await log.textContent('[data-testid="task-log-id"]')).toBe(taskId);
    expect(await log.locator('[data-testid="task-log-error"]').count()).toBe(0);
    expect(await log.locator('[data-testid="task-log-failed"]').count()).toBe(0);
    expect([...page.errors, ...log.errors]).toEqual([]);
    await page.context().close();
  });

  it('another user opening the same link is told it is not found and sees nothing of the log', async () => {
    expect(taskId).not.toBe('');
    const page = await newPage(c);
    await signIn(c, page, ALICE.username, ALICE.password);
    const log = await openLogWindow(page, taskId);
    const notice = log.locator('[data-testid="task-log-error"]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Task not found, or you have no permission to read its log.');
    await log.waitForTimeout(1500);
    const text = (await log.locator('[data-testid="task-log-output"]').textContent()) ?? '';
    expect(text).toBe('');
    expect([...page.errors, ...log.errors]).toEqual([]);
    await page.context().close();
  });
});
