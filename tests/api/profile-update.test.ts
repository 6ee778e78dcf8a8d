// The profile endpoint speaks the contract (docs/profile.md): OPTIONS, PUT and PATCH of the fields a user
// may change on their own (is_first_login included, so a v2.21 client leaves the improvement page), the SSH
// public key set, shown by its fingerprint and removed; fields that would skip a forced password change are
// not writable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';

// Made with ssh-keygen -t ed25519 -C carol@laptop; its MD5 fingerprint as `ssh-keygen -l -E md5` prints it.
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICY5UYGxuw820B7qgN0mDZmZO7zBd+m6SEO+4oaWcAtQ carol@laptop';
const KEY_MD5 = 'f1:12:1d:fd:e4:f3:a4:b2:c4:e5:94:92:ca:c0:cd:01';

interface Profile {
  username: string;
  phone: string | null;
  wechat: string;
  comment: string;
  is_first_login: boolean;
  need_update_password: boolean;
  is_service_account: boolean;
  public_key_comment: string;
  public_key_hash_md5: string;
}

describe('profile updates', () => {
  let server: TestServer;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ username: 'carol', email: 'carol@example.com', password: 'carol-pass-1' });
    carol = await signedIn(server, 'carol', 'carol-pass-1');
    carol.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('describes its writable fields with OPTIONS', async () => {
    const options = await call<{ actions: { PUT: Record<string, { type: string }> } }>(
      carol,
      'OPTIONS',
      '/api/v1/users/profile/',
    );
    expect(options.status).toBe(200);
    expect(Object.keys(options.body.actions.PUT).sort()).toEqual([
      'comment',
      'is_first_login',
      'phone',
      'public_key',
      'wechat',
    ]);
    expect((await call(new Client(server.baseUrl), 'OPTIONS', '/api/v1/users/profile/')).status).toBe(401);
  });

  it('clears is_first_login and changes the own fields, never the protected ones', async () => {
    const before = await call<Profile>(carol, 'GET', '/api/v1/users/profile/');
    expect(before.body.is_first_login).toBe(true);
    const patched = await call<Profile>(carol, 'PATCH', '/api/v1/users/profile/', {
      is_first_login: false,
      phone: '+86 138 0000 0000',
      wechat: 'carol-wx',
      need_update_password: false,
      is_service_account: true,
      username: 'mallory',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      username: 'carol',
      is_first_login: false,
      phone: '+86 138 0000 0000',
      wechat: 'carol-wx',
      is_service_account: false,
    });
    const put = await call<Profile>(carol, 'PUT', '/api/v1/users/profile/', { comment: 'on call' });
    expect(put.body).toMatchObject({ comment: 'on call', phone: '+86 138 0000 0000', is_first_login: false });
    const bad = await call<Record<string, string[]>>(carol, 'PATCH', '/api/v1/users/profile/', {
      is_first_login: 'no',
      wechat: 'x'.repeat(129),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      is_first_login: ['Must be a valid boolean.'],
      wechat: ['Ensure this field has no more than 128 characters.'],
    });
  });

  it('sets, shows and removes the SSH public key; refuses what is not one', async () => {
    const refused = await call<Record<string, string[]>>(carol, 'PUT', '/api/v1/users/profile/public-key/', {
      public_key: 'ssh-ed25519 bm90IGEga2V5 me',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.public_key?.[0]).toContain('Not a valid SSH public key');
    const set = await call(carol, 'PUT', '/api/v1/users/profile/public-key/', { public_key: `  ${KEY}\n` });
    expect(set.status).toBe(200);
    const profile = await call<Profile>(carol, 'GET', '/api/v1/users/profile/');
    expect(profile.body.public_key_hash_md5).toBe(KEY_MD5);
    expect(profile.body.public_key_comment).toBe('carol@laptop');
    expect(await call(carol, 'GET', '/api/v1/users/profile/public-key/')).toMatchObject({
      body: { public_key: KEY },
    });
    await call(carol, 'PATCH', '/api/v1/users/profile/', { public_key: '' });
    const cleared = await call<Profile>(carol, 'GET', '/api/v1/users/profile/');
    expect(cleared.body.public_key_hash_md5).toBe('');
  });
});
