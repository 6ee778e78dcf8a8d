// Issue 16 items 7 and 9: sessions (and what else a password opened) end when credentials change, and the
// password policy holds wherever a password is set (auth/credential-revocation.ts, auth/password-policy.ts,
// docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../server/src/auth/http-signature';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { call, createOrg, inOrg } from './identity-helpers';

const USERS = '/api/v1/users/users/';
const PROFILE = '/api/v1/users/profile/';
const OWN_PASSWORD = '/api/v1/users/profile/password/';
const KEYS = '/api/v1/authentication/access-keys/';
const TOKENS = '/api/v1/authentication/temp-tokens/';
const en = { 'Accept-Language': 'en' };
const TOO_SHORT = 'The password must be at least 6 characters long.';

let server: TestServer;
let admin: Client;
let userCount = 0;

interface Person {
  id: string;
  username: string;
  password: string;
  /** Two browsers signed in as him. */
  first: Client;
  second: Client;
  key: { id: string; secret: string };
  tempSecret: string;
}

async function signedIn(username: string, password: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  return client;
}

/** A user signed in twice, with an access key and a live temporary password. */
async function person(): Promise<Person> {
  userCount += 1;
  const username = `person${userCount}`;
  const password = `${username}-pass-1`;
  const { id } = await server.createUser({ username, email: `${username}@x.test`, password });
  const first = await signedIn(username, password);
  const second = await signedIn(username, password);
  const key = (await call<{ id: string; secret: string }>(first, 'POST', KEYS)).body;
  const temp = await call<{ secret: string }>(first, 'POST', TOKENS);
  expect(temp.status).toBe(201);
  return { id, username, password, first, second, key, tempSecret: temp.body.secret };
}

let signedSerial = 0;
/** A signed GET of the profile with the key: 200 while the key may be used. */
async function keyWorks(key: { id: string; secret: string }): Promise<boolean> {
  signedSerial += 1;
  const target = `${PROFILE}?n=${signedSerial}`;
  const headers = signRequest({
    keyId: key.id,
    secret: key.secret,
    method: 'GET',
    target,
    date: new Date().toUTCString(),
  });
  return (await fetch(server.baseUrl + target, { headers })).status === 200;
}

const alive = async (client: Client): Promise<boolean> => (await client.get(PROFILE)).status === 200;

async function loginError(username: string, password: string): Promise<string | null> {
  const response = await new Client(server.baseUrl).submitLogin(username, password, { headers: en });
  return response.status === 302 ? null : loginPageData(await response.text()).error;
}

const sessionsOf = (userId: string): number =>
  (server.app.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?').get(userId) as { n: number })
    .n;

beforeAll(async () => {
  server = await startTestServer();
  server.config.authTempToken = true;
  admin = await signedIn('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await server.close();
});

describe('sessions end on credential changes (item 7)', () => {
  it("an administrator's new password ends every session, the temporary passwords and the keys' use", async () => {
    const tina = await person();
    expect(await alive(tina.first)).toBe(true);
    expect(await keyWorks(tina.key)).toBe(true);
    const set = await call(admin, 'PUT', `${USERS}${tina.id}/password/`, { password: 'Set-by-admin-1' });
    expect(set.status).toBe(200);
    expect(await alive(tina.first)).toBe(false);
    expect(await alive(tina.second)).toBe(false);
    expect(sessionsOf(tina.id)).toBe(0);
    expect(await keyWorks(tina.key)).toBe(false);
    expect(await loginError(tina.username, tina.tempSecret)).toContain('incorrect');
    expect(await loginError(tina.username, tina.password)).toContain('incorrect');
    // The owner sees the key switched off and may switch it on again.
    const back = await signedIn(tina.username, 'Set-by-admin-1');
    const keys = await call<Array<{ id: string; is_active: boolean }>>(back, 'GET', KEYS);
    expect(keys.body).toEqual([expect.objectContaining({ id: tina.key.id, is_active: false })]);
    await call(back, 'PATCH', `${KEYS}${tina.key.id}/`, { is_active: true });
    expect(await keyWorks(tina.key)).toBe(true);
    expect(await alive(back)).toBe(true);
  });

  it('so does a reset, and a password sent in the user form', async () => {
    const rita = await person();
    expect((await call(admin, 'PATCH', `${USERS}${rita.id}/password/reset/`)).status).toBe(200);
    expect(await alive(rita.first)).toBe(false);
    expect(await alive(rita.second)).toBe(false);
    expect(await loginError(rita.username, rita.password)).toContain('incorrect');
    const fred = await person();
    const form = await call(admin, 'PATCH', `${USERS}${fred.id}/`, { password: 'Form-pass-1' });
    expect(form.status).toBe(200);
    expect(await alive(fred.first)).toBe(false);
    expect(await keyWorks(fred.key)).toBe(false);
    await signedIn(fred.username, 'Form-pass-1');
  });

  it('disabling a user ends his sessions for good, one by one or in bulk', async () => {
    const dora = await person();
    expect((await call(admin, 'PATCH', `${USERS}${dora.id}/`, { is_active: false })).status).toBe(200);
    expect(sessionsOf(dora.id)).toBe(0);
    expect(await keyWorks(dora.key)).toBe(false);
    await call(admin, 'PATCH', `${USERS}${dora.id}/`, { is_active: true });
    // Enabled again: the old browsers stay signed out and the temporary password stays spent; the key
    // (refused only while the user was inactive) works again.
    expect(await alive(dora.first)).toBe(false);
    expect(await loginError(dora.username, dora.tempSecret)).toContain('incorrect');
    expect(await loginError(dora.username, dora.password)).toBeNull();
    expect(await keyWorks(dora.key)).toBe(true);
    const bulk = [await person(), await person()];
    const answer = await call(
      admin,
      'PATCH',
      USERS,
      bulk.map((p) => ({ id: p.id, is_active: false })),
    );
    expect(answer.status).toBe(200);
    for (const p of bulk) expect(sessionsOf(p.id)).toBe(0);
  });

  it("a user's own change keeps the session that made it and ends the others", async () => {
    const sam = await person();
    const changed = await call(sam.first, 'PUT', OWN_PASSWORD, {
      old_password: sam.password,
      new_password: 'Sams-new-pass-1',
      new_password_again: 'Sams-new-pass-1',
    });
    expect(changed.status).toBe(200);
    expect(await alive(sam.first)).toBe(true);
    expect(await alive(sam.second)).toBe(false);
    expect(sessionsOf(sam.id)).toBe(1);
    // His keys stay his to manage; temporary passwords made with the old password are gone.
    expect(await keyWorks(sam.key)).toBe(true);
    expect(await loginError(sam.username, sam.tempSecret)).not.toBeNull();
    expect(await loginError(sam.username, sam.password)).toContain('incorrect');
    expect(await loginError(sam.username, 'Sams-new-pass-1')).toBeNull();
  });

  it('an administrator changing his own password through the users API keeps his session', async () => {
    const boss = await server.createUser({
      username: 'boss',
      email: 'boss@x.test',
      password: 'Boss-pass-1',
      systemRoles: ['SystemAdmin'],
    });
    const here = await signedIn('boss', 'Boss-pass-1');
    const there = await signedIn('boss', 'Boss-pass-1');
    expect(
      (await call(here, 'PUT', `${USERS}${boss.id}/password/`, { password: 'Boss-pass-2' })).status,
    ).toBe(200);
    expect(await alive(here)).toBe(true);
    expect(await alive(there)).toBe(false);
  });

  it('refuses a wrong old password, two new ones that differ, and missing fields, changing nothing', async () => {
    const vic = await person();
    const ask = (body: unknown, headers: Record<string, string> = en) =>
      call<Record<string, string[]>>(vic.first, 'PUT', OWN_PASSWORD, body, headers);
    const wrong = await ask({
      old_password: 'nope',
      new_password: 'Vic-new-1',
      new_password_again: 'Vic-new-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ old_password: ['The old password is incorrect.'] });
    const differ = await ask({
      old_password: vic.password,
      new_password: 'Vic-new-1',
      new_password_again: 'Vic-new-2',
    });
    expect(differ.body).toEqual({ new_password_again: ['The two new passwords do not match.'] });
    const ja = await ask(
      { old_password: 'nope', new_password: 'x', new_password_again: 'x' },
      { 'Accept-Language': 'ja' },
    );
    expect(ja.body).toEqual({ old_password: ['古いパスワードが正しくありません。'] });
    const missing = await ask({});
    expect(Object.keys(missing.body).sort()).toEqual(['new_password', 'new_password_again', 'old_password']);
    for (const body of [null, [], 'text', { old_password: 1, new_password: {}, new_password_again: [] }])
      expect((await ask(body)).status).toBe(400);
    expect(await alive(vic.second)).toBe(true);
    expect(await loginError(vic.username, vic.password)).toBeNull();
    expect((await new Client(server.baseUrl).request(OWN_PASSWORD, { method: 'PUT' })).status).toBe(401);
  });

  it('counts wrong old passwords against the login lock-out', async () => {
    const limited = await startTestServer({ loginLimits: { userLimitCount: 3 } });
    try {
      await limited.createUser({ username: 'lou', email: 'lou@x.test', password: 'Lou-pass-1' });
      const lou = new Client(limited.baseUrl);
      await lou.login('lou', 'Lou-pass-1');
      const guess = (old: string) =>
        call<Record<string, string[]>>(
          lou,
          'PUT',
          OWN_PASSWORD,
          { old_password: old, new_password: 'Lou-new-1', new_password_again: 'Lou-new-1' },
          en,
        );
      for (const old of ['a1', 'a2', 'a3']) expect((await guess(old)).status).toBe(400);
      const locked = await guess('Lou-pass-1');
      expect(locked.body.old_password?.[0]).toContain('The account has been locked');
    } finally {
      await limited.close();
    }
  });
});

describe('the password policy wherever a password is set (item 9)', () => {
  it('publishes the rules it enforces', async () => {
    const settings = await new Client(server.baseUrl).json<{
      data: { PASSWORD_RULE: Record<string, unknown> };
    }>('/api/v1/settings/public/');
    expect(settings.body.data.PASSWORD_RULE).toMatchObject({
      SECURITY_PASSWORD_MIN_LENGTH: 6,
      SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: 6,
    });
  });

  it('refuses "a" at user creation, in bulk and import, by an admin, in the user form and by oneself', async () => {
    const create = (body: unknown, headers: Record<string, string> = en) =>
      call(admin, 'POST', USERS, body, headers);
    const made = await create({
      username: 'weak',
      name: 'Weak',
      email: 'weak@x.test',
      password_strategy: 'custom',
      password: 'a',
    });
    expect(made.status).toBe(400);
    expect(made.body).toEqual({ password: [TOO_SHORT] });
    const zh = await create(
      { username: 'weak', name: 'Weak', email: 'weak@x.test', password_strategy: 'custom', password: 'a' },
      { 'Accept-Language': 'zh' },
    );
    expect(zh.body).toEqual({ password: ['密码长度至少为 6 位。'] });
    // Bulk create, as the import dialog sends it: the bad row is named, nothing is written.
    const rows = await create([
      {
        username: 'imp1',
        name: 'Imp 1',
        email: 'imp1@x.test',
        password_strategy: 'custom',
        password: 'Good-pass-1',
      },
      { username: 'imp2', name: 'Imp 2', email: 'imp2@x.test', password_strategy: 'custom', password: 'abc' },
    ]);
    expect(rows.status).toBe(400);
    expect(rows.body).toEqual([{}, { password: [TOO_SHORT] }]);
    const none = await call<unknown[]>(admin, 'GET', `${USERS}?username=imp1`);
    expect(none.body).toEqual([]);

    const target = await person();
    const set = await call(admin, 'PUT', `${USERS}${target.id}/password/`, { password: 'a' }, en);
    expect(set.status).toBe(400);
    expect(set.body).toEqual({ password: [TOO_SHORT] });
    const form = await call(admin, 'PATCH', `${USERS}${target.id}/`, { password: 'a' }, en);
    expect(form.body).toEqual({ password: [TOO_SHORT] });
    const update = await call(
      admin,
      'PUT',
      `${USERS}${target.id}/`,
      { username: target.username, name: 'x', email: `${target.username}@x.test`, password: 'abc' },
      en,
    );
    expect(update.body).toEqual({ password: [TOO_SHORT] });
    const own = await call(
      target.first,
      'PUT',
      OWN_PASSWORD,
      { old_password: target.password, new_password: 'a', new_password_again: 'a' },
      en,
    );
    expect(own.body).toEqual({ new_password: [TOO_SHORT] });
    // Nothing was changed by any refusal.
    expect(await alive(target.second)).toBe(true);
    expect(await loginError(target.username, target.password)).toBeNull();
    for (const password of [null, 1234567, ['Abcdef-1'], { a: 1 }])
      expect((await call(admin, 'PUT', `${USERS}${target.id}/password/`, { password })).status).toBe(400);
  });

  it('an org admin setting a password meets the same policy', async () => {
    const org = await createOrg(admin, 'Policy org');
    await server.createUser({
      username: 'oa',
      email: 'oa@x.test',
      password: 'Oa-pass-1',
      orgRoles: [{ org, role: 'OrgAdmin' }],
    });
    const member = await server.createUser({
      username: 'om',
      email: 'om@x.test',
      password: 'Om-pass-1',
      orgRoles: [{ org, role: 'OrgUser' }],
    });
    const oa = await signedIn('oa', 'Oa-pass-1');
    const weak = await call(
      oa,
      'PUT',
      `${USERS}${member.id}/password/`,
      { password: '12345' },
      { ...inOrg(org), ...en },
    );
    expect(weak.body).toEqual({ password: [TOO_SHORT] });
    const good = await call(oa, 'PUT', `${USERS}${member.id}/password/`, { password: '123456' }, inOrg(org));
    expect(good.status).toBe(200);
  });
});
