// A write that finds the SQLite file locked by another writer for longer than the busy time-out answers 503
// with Retry-After and a translated message, on the engine's path (an asset) and a store's (the profile's
// public key), is logged once, and succeeds once the lock is gone
// (docs/data-layer.md#a-busy-database-answers-503).
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { ASSETS, adminClient, call } from './asset-helpers';
import { type Client, startTestServer, type TestServer } from './harness';
import { testBackend } from './test-database';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICY5UYGxuw820B7qgN0mDZmZO7zBd+m6SEO+4oaWcAtQ busy@laptop';

describe.runIf(testBackend() === 'sqlite')('a busy SQLite file', () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer({ sqliteBusyTimeoutMs: 100 });
    admin = await adminClient(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Runs `work` while a second connection (another process, as far as the server knows) holds the write lock. */
  async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
    const other = new Database(path.join(server.config.dataDir, 'bastion.sqlite3'));
    try {
      other.exec('BEGIN IMMEDIATE');
      try {
        return await work();
      } finally {
        other.exec('ROLLBACK');
      }
    } finally {
      other.close();
    }
  }

  const newAsset = (hostname: string) => ({
    hostname,
    ip: '10.9.0.7',
    platform: 'Linux',
    protocols: ['ssh/22'],
  });

  it('answers 503 with Retry-After and the message in the caller language, then serves the retry', async () => {
    const busyLines = () => server.logLines.filter((line) => line.includes('database busy')).length;
    const { asset, key, zh, ja } = await whileLocked(async () => ({
      asset: await admin.request(ASSETS, {
        method: 'POST',
        csrf: true,
        headers: { 'content-type': 'application/json', 'x-jms-org': DEFAULT_ORG_ID, 'accept-language': 'en' },
        body: JSON.stringify(newAsset('busy-a')),
      }),
      key: await admin.request('/api/v1/users/profile/public-key/', {
        method: 'PUT',
        csrf: true,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ public_key: KEY }),
      }),
      zh: await call<{ detail: string }>(admin, 'POST', ASSETS, {
        org: DEFAULT_ORG_ID,
        body: newAsset('busy-b'),
      }),
      ja: await admin.request(ASSETS, {
        method: 'POST',
        csrf: true,
        headers: { 'content-type': 'application/json', 'x-jms-org': DEFAULT_ORG_ID, 'accept-language': 'ja' },
        body: JSON.stringify(newAsset('busy-c')),
      }),
    }));
    for (const response of [asset, key, ja]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
    }
    expect(await asset.json()).toEqual({
      detail: 'The server is busy saving other changes; please try again in a moment.',
      code: 'database_busy',
    });
    expect(((await key.json()) as { code: string }).code).toBe('database_busy');
    // The site's default language (zh) without a choice; Japanese when asked.
    expect(zh.status).toBe(503);
    expect(zh.body.detail).toBe('服务器正忙于保存其他更改，请稍后重试。');
    expect(((await ja.json()) as { detail: string }).detail).toBe(
      'サーバーはほかの変更を保存中です。しばらくしてからもう一度お試しください。',
    );
    // Four busy answers, one warning (never the 500 "unhandled error").
    expect(busyLines()).toBe(1);
    expect(server.logLines.some((line) => line.includes('unhandled error'))).toBe(false);

    // The lock gone, the same requests are served, and nothing of the refused ones was written.
    const created = await call<{ hostname: string }>(admin, 'POST', ASSETS, {
      org: DEFAULT_ORG_ID,
      body: newAsset('busy-a'),
    });
    expect(created.status).toBe(201);
    const listed = await call<{ count: number }>(admin, 'GET', `${ASSETS}?search=busy-&limit=10`, {
      org: DEFAULT_ORG_ID,
    });
    expect(listed.body.count).toBe(1);
    const stored = await call(admin, 'PUT', '/api/v1/users/profile/public-key/', {
      body: { public_key: KEY },
    });
    expect(stored.status).toBe(200);
  });

  it('still serves reads while another process writes (WAL)', async () => {
    const page = await whileLocked(() =>
      call<{ count: number }>(admin, 'GET', `${ASSETS}?limit=1`, { org: DEFAULT_ORG_ID }),
    );
    expect(page.status).toBe(200);
  });
});
