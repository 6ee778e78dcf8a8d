// Batch commands as people use them (docs/batch-commands.md): a user checks two granted hosts in the
// workbench's batch-command page, runs `echo` as a system user and sees both hosts' output stream into the
// terminal; an auditor then finds the run in the batch-command log, with its hosts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { ADMIN_PASSWORD, apiJson, consoleForFile, signedInPage } from './harness';

const ROOT_PASSWORD = 'Batch-e2e-Root-63';
const RUNNER = {
  username: 'bruno',
  name: 'Bruno Batch',
  email: 'bruno@example.com',
  password: 'Bruno-Pass-1',
  orgRoles: [{ org: 'default', role: 'OrgUser' }],
} as const;
const AUDITOR = {
  username: 'audra',
  name: 'Audra Auditor',
  email: 'audra@example.com',
  password: 'Audra-Pass-1',
  orgRoles: [{ org: 'default', role: 'OrgAuditor' }],
} as const;

const c = consoleForFile([RUNNER, AUDITOR]);
let hosts: SshTestHost[] = [];

beforeAll(async () => {
  hosts = await Promise.all([
    startSshHost({ rootPassword: ROOT_PASSWORD }),
    startSshHost({ rootPassword: ROOT_PASSWORD }),
  ]);
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  await apiJson(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
  const node = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/', { value: 'web' });
  const assets: string[] = [];
  for (const [index, host] of hosts.entries())
    assets.push(
      (
        await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
          hostname: `web-0${index + 1}`,
          ip: host.host,
          platform: 'Linux',
          protocols: [`ssh/${host.port}`],
          nodes: [node.id],
        })
      ).id,
    );
  await apiJson(admin, 'POST', '/api/v1/assets/system-users/', {
    name: 'web-root',
    username: 'root',
    password: ROOT_PASSWORD,
    nodes: [node.id],
  });
  const users = await apiJson<Array<{ id: string; username: string }>>(admin, 'GET', '/api/v1/users/users/');
  await apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
    name: 'web-batch',
    users: [users.find((user) => user.username === RUNNER.username)!.id],
    nodes: [node.id],
    actions: ['all'],
  });
});

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
});

describe('batch command', () => {
  it('a user runs echo on two granted hosts and sees both outputs; an auditor finds it in the log', async () => {
    const page = await signedInPage(c, RUNNER.username, RUNNER.password);
    await page.goto(`${c.baseUrl}/ui/workbench/ops`);
    const batch = page.locator('[data-testid="batch-command"]');
    await batch.locator('[data-testid="batch-run-as"]', { hasText: 'web-root' }).waitFor();
    // Checking the node checks both of its hosts.
    await batch
      .locator('[data-testid="batch-hosts"] .p-treenode-label', { hasText: 'web' })
      .first()
      .waitFor();
    await batch
      .locator('[data-testid="batch-hosts"] .p-treenode-content', { hasText: /^web$/ })
      .locator('.p-checkbox')
      .click();
    await batch.locator('[data-testid="batch-command-input"]').fill('echo "hello from $(hostname -s)-batch"');
    await batch.locator('[data-testid="batch-execute"]').click();
    const output = batch.locator('[data-testid="batch-output"] .xterm-rows');
    await output.locator('text=<<< web-01: exit code 0').waitFor();
    await output.locator('text=<<< web-02: exit code 0').waitFor();
    expect(await output.locator('div', { hasText: /^hello from .*-batch$/ }).count()).toBe(2);
    // The terminal takes the columns the page's width allows, not a fixed 80 (about 140 px narrower here): the
    // screen fills its box but for xterm's padding, its scrollbar and less than one character cell.
    const box = await batch.locator('[data-testid="batch-output"]').boundingBox();
    const screen = await batch.locator('[data-testid="batch-output"] .xterm-screen').boundingBox();
    expect(box && screen && box.width - screen.width).toBeLessThan(48);
    expect(page.errors).toEqual([]);
    await page.context().close();

    const auditor = await signedInPage(c, AUDITOR.username, AUDITOR.password);
    await auditor.goto(`${c.baseUrl}/ui/audit/logs/command-execution-log`);
    const logs = auditor.locator('[data-testid="batch-command-logs"]');
    const row = logs.locator('tbody tr', { hasText: 'hello from' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Bruno Batch(bruno)');
    expect(await row.textContent()).toContain('web-root(root)');
    await row.locator('[data-testid="batch-command-hosts-count"]', { hasText: '2' }).click();
    const dialog = auditor.locator('[data-testid="batch-command-hosts"]');
    await dialog.locator('li', { hasText: 'web-01' }).waitFor();
    await dialog.locator('li', { hasText: 'web-02' }).waitFor();
    expect(auditor.errors).toEqual([]);
    await auditor.context().close();
  });
});
