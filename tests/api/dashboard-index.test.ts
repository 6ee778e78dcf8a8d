// The dashboards' figures (docs/dashboard.md): `GET /api/v1/index/` over sessions a terminal component posted
// through its own API, counted per calendar day of the caller's zone, within the current organization, for
// console and audit viewers only.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { Client, startTestServer, type TestServer } from './harness';
import { addOrg, adminClient, userClient } from './asset-helpers';
import { ComponentClient, registerComponent } from './component-client';

const TOKEN = 'bootstrap-token-for-dashboard-1234567';
const OTHER_ORG = '7e3a1c2d-0000-4000-8000-00000000da5b';
const DAY = 86_400_000;

let server: TestServer;
let admin: Client;
let auditor: Client;
let plainUser: Client;
let koko: ComponentClient;

/** Posts a session as the component; `ago` ms before now; finished unless `online`. */
async function session(org: string, user: string, asset: string, ago: number, online = false): Promise<void> {
  const id = crypto.randomUUID();
  const created = await koko.call('POST', '/api/v1/terminal/sessions/', {
    org,
    body: {
      id,
      user: `${user}(${user})`,
      user_id: `00000000-0000-4000-8000-${user.padStart(12, '0').slice(-12)}`,
      asset: `${asset}(10.0.0.1)`,
      asset_id: `00000000-0000-4000-9000-${asset.padStart(12, '0').slice(-12)}`,
      system_user: 'root(root)',
      protocol: 'ssh',
      date_start: new Date(Date.now() - ago).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  if (!online) {
    const finished = await koko.call('PATCH', `/api/v1/terminal/sessions/${id}/`, {
      org,
      body: { is_finished: true },
    });
    expect(finished.status).toBe(200);
  }
}

async function index(
  client: Client,
  query: string,
  org = DEFAULT_ORG_ID,
  tz = 'UTC',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await client.request(`/api/v1/index/?${query}`, {
    method: 'GET',
    headers: { 'x-jms-org': org, 'x-tz': tz },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer({ bootstrapToken: TOKEN });
  admin = await adminClient(server);
  await addOrg(server, OTHER_ORG, 'Dashboard-Other');
  auditor = await userClient(server, 'db-auditor', [{ org: DEFAULT_ORG_ID, role: 'OrgAuditor' }]);
  plainUser = await userClient(server, 'db-user', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  const registered = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-dash', type: 'koko' });
  expect(registered.status).toBe(201);
  koko = ComponentClient.of(server.baseUrl, registered.body);
  // Default org: alice 3 sessions this week (one online), bob 1 this week and 1 twelve days ago; carol
  // only in the other org.
  await session(DEFAULT_ORG_ID, 'alice', 'web01', 2 * DAY);
  await session(DEFAULT_ORG_ID, 'alice', 'web01', 3 * 3_600_000);
  await session(DEFAULT_ORG_ID, 'alice', 'db01', 60_000, true);
  await session(DEFAULT_ORG_ID, 'bob', 'web01', 3 * DAY);
  await session(DEFAULT_ORG_ID, 'bob', 'db02', 12 * DAY);
  await session(OTHER_ORG, 'carol', 'app01', 60_000, true);
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/index/', () => {
  it('answers only the groups asked for, counted in the current organization', async () => {
    const counts = await index(admin, 'total_count=1');
    expect(counts.status).toBe(200);
    expect(Object.keys(counts.body).sort()).toEqual([
      'total_count_assets',
      'total_count_online_sessions',
      'total_count_online_users',
      'total_count_users',
    ]);
    expect(counts.body).toMatchObject({ total_count_online_sessions: 1, total_count_online_users: 1 });
    expect(counts.body.total_count_users).toBeGreaterThanOrEqual(2);

    const other = await index(admin, 'total_count_online_sessions=1', OTHER_ORG);
    expect(other.body).toEqual({ total_count_online_sessions: 1 });
  });

  it("gives one entry per day of the week (or month), today last, in the caller's zone", async () => {
    const week = await index(admin, 'dates_metrics=1');
    const dates = week.body.dates_metrics_date as string[];
    expect(dates).toHaveLength(7);
    const today = new Date();
    const mmdd = (d: Date) =>
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
    expect(dates[6]).toBe(mmdd(today));
    const logins = week.body.dates_metrics_total_count_login as number[];
    // Five sessions in Default, one of them twelve days ago: four in the week.
    expect(logins.reduce((a, b) => a + b, 0)).toBe(4);
    expect((week.body.dates_metrics_total_count_active_users as number[]).length).toBe(7);

    const month = await index(admin, 'dates_metrics=1&monthly=1');
    expect(month.body.dates_metrics_date as string[]).toHaveLength(30);
    expect((month.body.dates_metrics_total_count_login as number[]).reduce((a, b) => a + b, 0)).toBe(5);

    // Fourteen hours ahead of UTC the last day is that zone's today.
    const kiritimati = await index(admin, 'dates_metrics=1', DEFAULT_ORG_ID, 'Pacific/Kiritimati');
    expect((kiritimati.body.dates_metrics_date as string[])[6]).toBe(
      mmdd(new Date(Date.now() + 14 * 3_600_000)),
    );
  });

  it('splits users and assets into active, inactive and disabled, and totals the logins', async () => {
    const answer = await index(
      admin,
      'dates_total_count_users=1&dates_total_count_assets=1&dates_total_count=1',
    );
    expect(answer.body).toMatchObject({
      dates_total_count_active_users: 2,
      dates_total_count_login_users: 2,
      dates_total_count_login_times: 4,
      dates_total_count_active_assets: 2,
    });
    expect(answer.body.dates_total_count_inactive_users).toEqual(expect.any(Number));
    expect(answer.body.dates_total_count_disabled_assets).toEqual(expect.any(Number));
  });

  it('ranks users and assets of the period and lists the latest sessions', async () => {
    const answer = await index(
      admin,
      'dates_login_times_top10_users=1&dates_login_times_top10_assets=1&dates_login_record_top10_sessions=1',
    );
    const users = answer.body.dates_login_times_top10_users as Array<{ user: string; total: number }>;
    expect(users.map((u) => [u.user, u.total])).toEqual([
      ['alice(alice)', 3],
      ['bob(bob)', 1],
    ]);
    const assets = answer.body.dates_login_times_top10_assets as Array<{ asset: string; total: number }>;
    expect(assets[0]).toMatchObject({ asset: 'web01(10.0.0.1)', total: 3 });
    const latest = answer.body.dates_login_record_top10_sessions as Array<Record<string, unknown>>;
    expect(latest).toHaveLength(5);
    expect(latest[0]).toMatchObject({ user: 'alice(alice)', asset: 'db01(10.0.0.1)', is_finished: false });
    expect(latest[0]?.date_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    expect(latest.some((s) => String(s.user).startsWith('carol'))).toBe(false);
  });

  it('is for console and audit viewers: an auditor reads it, an ordinary user and a visitor do not', async () => {
    expect((await index(auditor, 'total_count=1')).status).toBe(200);
    expect((await index(plainUser, 'total_count=1')).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/index/?total_count=1`)).status).toBe(401);
    // Not an organization of the auditor's.
    expect((await index(auditor, 'total_count=1', OTHER_ORG)).status).toBe(403);
  });
});
