// Session sharing and join records (docs/terminal.md#sharing-and-joining): the component opens a sharing
// link on a live session and records each join through it; the server checks the link and its code, keeps
// refused joins with their reason, and auditors read the records of their organization only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { startTestServer, type TestServer } from './harness';
import { addOrg, adminClient, call, userClient, type Page } from './asset-helpers';
import { ComponentClient, registerComponent } from './component-client';
import type { Client } from './harness';

const TOKEN = 'bootstrap-token-for-sharing-tests-1234';
const OTHER_ORG = '7e3a1c2d-0000-4000-8000-00000000b0d2';
const SESSIONS = '/api/v1/terminal/sessions/';
const SHARINGS = '/api/v1/terminal/session-sharings/';
const RECORDS = '/api/v1/terminal/session-join-records/';

interface Sharing {
  id: string;
  verify_code: string;
  creator: string;
  is_active: boolean;
}
interface JoinRecord {
  id: string;
  joiner_display: string;
  is_success: boolean;
  reason: string;
  is_finished: boolean;
  date_left: string | null;
  remote_addr: string;
  org_id: string;
}

let server: TestServer;
let koko: ComponentClient;
let auditor: Client;
let otherAuditor: Client;
let plainUser: Client;
let joinerId: string;
const live = crypto.randomUUID();
const over = crypto.randomUUID();

beforeAll(async () => {
  server = await startTestServer({ bootstrapToken: TOKEN });
  const admin = await adminClient(server);
  await addOrg(server, OTHER_ORG, 'Sharing-Other');
  auditor = await userClient(server, 'ss-auditor', [{ org: DEFAULT_ORG_ID, role: 'OrgAuditor' }]);
  otherAuditor = await userClient(server, 'ss-other', [{ org: OTHER_ORG, role: 'OrgAuditor' }]);
  plainUser = await userClient(server, 'ss-user', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  joinerId = (await call<{ id: string }>(plainUser, 'GET', '/api/v1/users/profile/')).body.id;
  void admin;
  const registered = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-sharing', type: 'koko' });
  expect(registered.status).toBe(201);
  koko = ComponentClient.of(server.baseUrl, registered.body);
  for (const [id, finished] of [
    [live, false],
    [over, true],
  ] as const) {
    const created = await koko.call('POST', SESSIONS, {
      org: DEFAULT_ORG_ID,
      body: {
        id,
        user: 'Alice(alice)',
        asset: 'web-01(10.0.0.1)',
        system_user: 'root(root)',
        protocol: 'ssh',
        remote_addr: '10.9.9.9',
        is_finished: finished,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

afterAll(async () => {
  await server.close();
});

describe('session sharing and join records', () => {
  let sharing: Sharing;

  it('opens a sharing link with a code on a live session, not on a finished one', async () => {
    const opened = await koko.call<Sharing>('POST', SHARINGS, {
      org: DEFAULT_ORG_ID,
      body: { session: live, expired_time: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    sharing = opened.body;
    expect(sharing.verify_code).toMatch(/^[a-z0-9]{4}$/);
    expect(sharing.is_active).toBe(true);
    const refused = await koko.call<Record<string, string[]>>('POST', SHARINGS, {
      org: DEFAULT_ORG_ID,
      body: { session: over },
    });
    expect(refused.status).toBe(400);
    // A component's request carries no language: the answer is in the default one (Chinese, as v2.21).
    expect(refused.body.session?.[0]).toBe('会话不存在或已结束');
  });

  it('records a join with the right code, keeps a refused one with its reason, and marks the leave', async () => {
    const joined = await koko.call<JoinRecord>('POST', RECORDS, {
      org: DEFAULT_ORG_ID,
      body: {
        session: live,
        sharing: sharing.id,
        verify_code: sharing.verify_code,
        joiner: joinerId,
        remote_addr: '10.1.2.3',
        login_from: 'WT',
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.is_success).toBe(true);
    const wrong = await koko.call<{ detail: string }>('POST', RECORDS, {
      org: DEFAULT_ORG_ID,
      body: {
        session: live,
        sharing: sharing.id,
        verify_code: 'zzzz',
        joiner: joinerId,
        remote_addr: '10.6.6.6',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('验证码无效');
    const left = await koko.call<{ msg: string }>('PATCH', `${RECORDS}${joined.body.id}/finished/`, {
      org: DEFAULT_ORG_ID,
    });
    expect(left.status).toBe(200);

    const list = await call<Page<JoinRecord>>(auditor, 'GET', `${RECORDS}?session=${live}&limit=10`, {
      org: DEFAULT_ORG_ID,
    });
    expect(list.status).toBe(200);
    const byAddr = new Map(list.body.results.map((row) => [row.remote_addr, row]));
    expect(byAddr.get('10.1.2.3')).toMatchObject({
      is_success: true,
      is_finished: true,
      joiner_display: 'ss-user(ss-user)',
    });
    expect(byAddr.get('10.1.2.3')?.date_left).not.toBeNull();
    expect(byAddr.get('10.6.6.6')).toMatchObject({ is_success: false, reason: '验证码无效' });
  });

  it('refuses a link that was switched off', async () => {
    const off = await koko.call('PATCH', `${SHARINGS}${sharing.id}/`, {
      org: DEFAULT_ORG_ID,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    const refused = await koko.call<{ detail: string }>('POST', RECORDS, {
      org: DEFAULT_ORG_ID,
      body: { session: live, sharing: sharing.id, verify_code: sharing.verify_code, joiner: joinerId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('链接未激活');
  });

  it('keeps the records to their organization, and from people without the permission', async () => {
    const other = await call<Page<JoinRecord>>(otherAuditor, 'GET', `${RECORDS}?session=${live}&limit=10`, {
      org: OTHER_ORG,
    });
    expect(other.status).toBe(200);
    expect(other.body.count).toBe(0);
    expect((await call(plainUser, 'GET', RECORDS, { org: DEFAULT_ORG_ID })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}${RECORDS}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}${SHARINGS}`)).status).toBe(401);
    // A person cannot write a join record: only the component that carries the session.
    const forged = await call(auditor, 'POST', RECORDS, {
      org: DEFAULT_ORG_ID,
      body: { session: live, sharing: sharing.id, verify_code: sharing.verify_code },
    });
    expect(forged.status).toBe(403);
  });
});
