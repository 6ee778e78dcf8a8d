// The `clean` settings (docs/settings.md#clean): the retention job deletes exactly the records older than
// the days each setting keeps, and a change of the days holds on the next pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { adminAndPlainUser, call } from './identity-helpers';
import { insertLoginLog, insertOperateLogs } from '../../server/src/data/stores/audit-logs';
import { TaskLogStore } from '../../server/src/data/stores/task-log-store';
import { AUDIT_FTP_LOG, AUDIT_LOGIN_LOG, AUDIT_OPERATE_LOG } from '../../server/src/resources/audits/names';
import { TERMINAL_COMMAND, TERMINAL_SESSION } from '../../server/src/resources/terminal/names';
import { systemContext } from '../../server/src/ops/task-runner';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const CLEAN = '/api/v1/settings/setting/?category=clean';
const DAY = 86_400_000;

describe('clean settings and the retention job', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ admin, carol } = await adminAndPlainUser(server));
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers the keep days with their defaults, to settings.change_clean only, and refuses bad ones', async () => {
    const read = await call<Record<string, unknown>>(admin, 'GET', CLEAN);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      LOGIN_LOG_KEEP_DAYS: 200,
      TASK_LOG_KEEP_DAYS: 90,
      OPERATE_LOG_KEEP_DAYS: 200,
      FTP_LOG_KEEP_DAYS: 200,
      TERMINAL_SESSION_KEEP_DURATION: 200,
    });
    expect((await call(carol, 'GET', CLEAN)).status).toBe(403);
    expect((await call(carol, 'PATCH', CLEAN, { LOGIN_LOG_KEEP_DAYS: 1 })).status).toBe(403);
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', CLEAN, {
      LOGIN_LOG_KEEP_DAYS: 0,
      FTP_LOG_KEEP_DAYS: 10000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      LOGIN_LOG_KEEP_DAYS: ['Ensure this value is greater than or equal to 1.'],
      FTP_LOG_KEEP_DAYS: ['Ensure this value is less than or equal to 9999.'],
    });
    const put = await call<Record<string, string[]>>(admin, 'PUT', CLEAN, { LOGIN_LOG_KEEP_DAYS: 5 });
    expect(put.body.TERMINAL_SESSION_KEEP_DURATION).toEqual(['This field is required.']);
    expect((await call<Record<string, unknown>>(admin, 'GET', CLEAN)).body.LOGIN_LOG_KEEP_DAYS).toBe(200);
  });

  it('deletes the records older than each setting’s days and keeps the newer ones', async () => {
    const now = Date.now();
    const db = server.app.db;
    const registry = server.app.engine.registry;
    const loginLog = (username: string, age: number) =>
      insertLoginLog(db, {
        username,
        userId: null,
        type: 'W',
        ip: '127.0.0.1',
        userAgent: null,
        mfa: 0,
        reason: '',
        backend: 'Password',
        status: true,
        datetime: now - age,
      });
    await loginLog('login-old', 31 * DAY);
    await loginLog('login-new', 29 * DAY);
    const operate = (resource: string, age: number) => ({
      user: 'admin',
      action: 'create',
      resourceType: 'User',
      resourceTypeLabel: '{}',
      resource,
      remoteAddr: '127.0.0.1',
      orgId: DEFAULT_ORG_ID,
      datetime: now - age,
    });
    await insertOperateLogs(db, [operate('operate-old', 11 * DAY), operate('operate-new', 9 * DAY)]);
    const ftp = registry.get(AUDIT_FTP_LOG);
    const ctx = { ...systemContext(), orgId: DEFAULT_ORG_ID };
    for (const [filename, age] of [
      ['ftp-old', 8 * DAY],
      ['ftp-new', 6 * DAY],
    ] as const) {
      const row = await ftp.create(
        {
          user: 'admin',
          remote_addr: '127.0.0.1',
          asset: 'web',
          system_user: 'root',
          operate: 'Upload',
          filename,
        },
        ctx,
      );
      await ftp.setColumns(String(row.id), { date_start: now - age });
    }
    // Sessions by their start (epoch ms), commands by their timestamp (epoch seconds, as components send it).
    const sessions = registry.get(TERMINAL_SESSION);
    const commands = registry.get(TERMINAL_COMMAND);
    for (const [asset, age] of [
      ['session-old', 201 * DAY],
      ['session-new', 199 * DAY],
    ] as const) {
      const row = await sessions.create({ user: 'admin', asset, system_user: 'root' }, ctx);
      await sessions.setColumns(String(row.id), { date_start: now - age });
      await commands.create(
        {
          user: 'admin',
          asset,
          system_user: 'root',
          input: `ls ${asset}`,
          session: String(row.id),
          timestamp: Math.floor((now - age) / 1000),
        },
        ctx,
      );
    }
    const logs = new TaskLogStore(db);
    await logs.append('task-old', 'old line\n', now - 4 * DAY);
    await logs.append('task-new', 'new line\n', now - 2 * DAY);

    const saved = await call(admin, 'PATCH', CLEAN, {
      LOGIN_LOG_KEEP_DAYS: 30,
      OPERATE_LOG_KEEP_DAYS: 10,
      FTP_LOG_KEEP_DAYS: 7,
      TASK_LOG_KEEP_DAYS: 3,
      TERMINAL_SESSION_KEEP_DURATION: 200,
    });
    expect(saved.status).toBe(200);
    const deleted = await server.app.runRetention(now);
    expect(deleted).toMatchObject({
      LOGIN_LOG_KEEP_DAYS: 1,
      OPERATE_LOG_KEEP_DAYS: 1,
      FTP_LOG_KEEP_DAYS: 1,
      TASK_LOG_KEEP_DAYS: 1,
    });
    const names = async (resource: string, field: string) =>
      (await registry.get(resource).find(null, systemContext())).map((row) => row[field]).sort();
    expect((await names(AUDIT_LOGIN_LOG, 'username')).filter((n) => String(n).startsWith('login-'))).toEqual([
      'login-new',
    ]);
    expect(await names(AUDIT_OPERATE_LOG, 'resource')).toContain('operate-new');
    expect(await names(AUDIT_OPERATE_LOG, 'resource')).not.toContain('operate-old');
    expect(await names(AUDIT_FTP_LOG, 'filename')).toEqual(['ftp-new']);
    expect(await names(TERMINAL_SESSION, 'asset')).toEqual(['session-new']);
    expect(await names(TERMINAL_COMMAND, 'input')).toEqual(['ls session-new']);
    expect(await logs.exists('task-old')).toBe(false);
    expect(await logs.exists('task-new')).toBe(true);

    // Fewer days keep less: the next pass takes what the shorter window no longer covers.
    await call(admin, 'PATCH', CLEAN, { LOGIN_LOG_KEEP_DAYS: 20 });
    expect((await server.app.runRetention(now)).LOGIN_LOG_KEEP_DAYS).toBe(1);
    expect((await names(AUDIT_LOGIN_LOG, 'username')).filter((n) => String(n).startsWith('login-'))).toEqual(
      [],
    );
  });
});
