// Site messages in the browser (issue 5 item 4): the unread count pushed over the WebSocket, marking read,
// and message bodies that carry markup never running it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSiteMessage } from '../../server/src/notifications';
import { newPage, signIn, startConsole, type Console } from './harness';

let c: Console;
let aliceId: string;

beforeAll(async () => {
  c = await startConsole();
  aliceId = (
    await c.createUser({
      username: 'alice',
      name: 'Alice',
      email: 'alice@example.com',
      password: 'Alice-Pass-1',
    })
  ).id;
});

afterAll(async () => {
  await c?.close();
});

const XSS =
  '<p>Hello <b>bold</b></p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>' +
  '<a href="javascript:window.__xss=3">link</a>';

describe('site messages', () => {
  it('the badge follows the pushed unread count; messages are marked read one by one and all at once', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'alice', 'Alice-Pass-1');
    await page.waitForSelector('[data-testid="nav-messages"][data-unread="0"]');
    expect(await page.locator('[data-testid="messages-badge"]').count()).toBe(0);

    await sendSiteMessage(c.db, { userIds: [aliceId], subject: 'First notice', message: '<i>one</i>' });
    await sendSiteMessage(c.db, { userIds: [aliceId], subject: 'Markup inside', message: XSS });
    await expect.poll(() => page.textContent('[data-testid="messages-badge"]')).toBe('2');

    await page.click('[data-testid="nav-messages"]');
    const items = page.locator('[data-testid="message-item"]');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.locator('[data-testid="message-unread-icon"]').count()).toBe(2);
    expect(await page.textContent('[data-testid="message-date"] >> nth=0')).toMatch(/now|second|minute/);

    // Mark one read from its hover action.
    await items.filter({ hasText: 'First notice' }).locator('[data-testid="message-mark-read"]').click();
    await expect.poll(() => items.count()).toBe(1);
    await expect.poll(() => page.textContent('[data-testid="messages-badge"]')).toBe('1');

    // The detail dialog, then "all read": the list reloads, the badge goes.
    await page.click('[data-testid="message-open"]');
    await page.waitForSelector('[data-testid="message-detail"]');
    await page.keyboard.press('Escape');
    await page.click('[data-testid="messages-mark-all"]');
    await page.waitForSelector('[data-testid="messages-empty"]');
    await expect.poll(() => page.locator('[data-testid="messages-badge"]').count()).toBe(0);

    // Read messages show the opened envelope.
    await page.click('[data-testid="messages-show-all"]');
    await expect.poll(() => page.locator('[data-testid="message-read-icon"]').count()).toBe(2);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a message body with scripts and handlers is sanitised and nothing runs', async () => {
    await sendSiteMessage(c.db, { userIds: [aliceId], subject: 'Another', message: XSS });
    const page = await newPage(c);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(c, page, 'alice', 'Alice-Pass-1');
    await page.click('[data-testid="nav-messages"]');
    const body = page.locator('[data-testid="message-body"]').first();
    await body.waitFor();
    expect(await body.locator('b').textContent()).toBe('bold');
    const html = await body.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    await page.click('[data-testid="message-open"]');
    const detail = page.locator('[data-testid="message-detail-body"]');
    await detail.waitFor();
    expect(await detail.innerHTML()).not.toMatch(/onerror|<script|javascript:/i);
    await page.click('[data-testid="message-detail-body"] a');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
