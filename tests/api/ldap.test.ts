// The directory against a real OpenLDAP (tests/support/ldap-server.mjs; docs/ldap.md): the write-only bind
// password, test connection and test login right and wrong, the user list, importing 20 directory users
// into two organizations, signing in with the directory password (the local one ignored) and a user the
// directory disabled refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISABLED_UID,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_PEOPLE_OU,
  LDAP_STAFF_OU,
  ldapPassword,
  ldapUid,
  startLdapServer,
  type TestLdapServer,
} from '../support/ldap-server.mjs';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call, createOrg, DEFAULT_ORG, inOrg, signedIn } from './identity-helpers';

const LDAP = '/api/v1/settings/setting/?category=ldap';

describe('LDAP directory', () => {
  let server: TestServer;
  let admin: Client;
  let directory: TestLdapServer;

  beforeAll(async () => {
    directory = await startLdapServer();
    server = await startTestServer({
      outboundCa: directory.certificate.cert,
      license: { corporation: 'ACME', date_expired: '2999-01-01' },
    });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
    await directory?.stop();
  });

  const settings = {
    AUTH_LDAP: true,
    AUTH_LDAP_SERVER_URI: '',
    AUTH_LDAP_BIND_DN: LDAP_ADMIN_DN,
    AUTH_LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
    AUTH_LDAP_SEARCH_OU: `${LDAP_PEOPLE_OU}|${LDAP_STAFF_OU}`,
    AUTH_LDAP_SEARCH_FILTER: '(uid=%(user)s)',
    AUTH_LDAP_USER_ATTR_MAP: { username: 'uid', name: 'cn', email: 'mail' },
  };

  it('saves the settings with a write-only bind password and tests the connection', async () => {
    const saved = await call<Record<string, unknown>>(admin, 'PATCH', LDAP, {
      ...settings,
      AUTH_LDAP_SERVER_URI: directory.url,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('AUTH_LDAP_BIND_PASSWORD');
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', LDAP, {
      AUTH_LDAP_SERVER_URI: 'http://x',
      AUTH_LDAP_USER_ATTR_MAP: { username: 'uid' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['AUTH_LDAP_SERVER_URI', 'AUTH_LDAP_USER_ATTR_MAP']);

    const test = (body: Record<string, unknown>) =>
      call<string>(admin, 'POST', '/api/v1/settings/ldap/testing/config/', {
        ...settings,
        AUTH_LDAP_SERVER_URI: directory.url,
        AUTH_LDAP_BIND_PASSWORD: '',
        ...body,
      });
    const ok = await test({});
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('Succeed: Match 28 s user');
    const ldaps = await test({ AUTH_LDAP_SERVER_URI: directory.ldapsUrl });
    expect(ok.body).toBe(ldaps.body);
    const startTls = await test({ AUTH_LDAP_START_TLS: true });
    expect(startTls.body).toBe('Succeed: Match 28 s user');
    const wrongBind = await test({ AUTH_LDAP_BIND_PASSWORD: 'nope' });
    expect(wrongBind.status).toBe(400);
    expect(wrongBind.body).toMatch(/^Error \(Invalid Bind DN\)/);
    const down = await test({ AUTH_LDAP_SERVER_URI: 'ldap://127.0.0.1:1' });
    expect(down.status).toBe(400);
    expect(down.body).toMatch(/^Error \(Invalid LDAP server\)/);
  });

  it('tests a login against the directory, right and wrong', async () => {
    const login = (username: string, password: string) =>
      call<string>(admin, 'POST', '/api/v1/settings/ldap/testing/login/', { username, password });
    const uid = ldapUid(3);
    expect((await login(uid, ldapPassword(uid))).body).toBe(`Authentication success: ${uid}`);
    const wrong = await login(uid, 'wrong');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatch(/^Authentication failed \(Invalid password\)/);
    const injected = await login('*', 'anything');
    expect(injected.status).toBe(400);
    expect(injected.body).toMatch(/User not found/);
    expect((await login(DISABLED_UID, ldapPassword(DISABLED_UID))).status).toBe(400);
  });

  it('lists, searches and imports 20 directory users into two organizations', async () => {
    const second = await createOrg(admin, 'Directory Org');
    const list = await call<{ username: string; existing: boolean }[]>(
      admin,
      'GET',
      '/api/v1/settings/ldap/users/',
    );
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(28);
    const found = await call<{ username: string }[]>(
      admin,
      'GET',
      '/api/v1/settings/ldap/users/?search=staff',
    );
    expect(found.body.map((u) => u.username)).toEqual(['staffalice', 'staffbob']);

    const chosen = Array.from({ length: 20 }, (_, i) => ldapUid(i + 1));
    const imported = await call<{ msg: string; results: unknown[] }>(
      admin,
      'POST',
      '/api/v1/settings/ldap/users/import/',
      {
        username_list: chosen,
        org_ids: [DEFAULT_ORG, second],
      },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.msg).toBe('Imported 20 users successfully (Organization: Default, Directory Org)');
    // One outcome per user, for the console's rows.
    expect(imported.body.results).toEqual(chosen.map((username) => ({ username, status: 'created' })));
    for (const org of [DEFAULT_ORG, second]) {
      const users = await call<{ count: number }>(
        admin,
        'GET',
        '/api/v1/users/users/?source=ldap&limit=1',
        undefined,
        inOrg(org),
      );
      expect(users.body.count).toBe(20);
    }
    const after = await call<{ username: string; existing: boolean }[]>(
      admin,
      'GET',
      '/api/v1/settings/ldap/users/?search=ldapuser01',
    );
    expect(after.body[0]?.existing).toBe(true);
  });

  it('signs a directory user in with the directory password only; a disabled one is refused', async () => {
    const uid = ldapUid(5);
    const user = new Client(server.baseUrl);
    await user.login(uid, ldapPassword(uid));
    expect((await new Client(server.baseUrl).submitLogin(uid, 'not-the-directory-one')).status).toBe(200);
    // The disabled user, imported, still cannot sign in: the directory refuses the bind.
    const imported = await call(admin, 'POST', '/api/v1/settings/ldap/users/import/', {
      username_list: [DISABLED_UID],
    });
    expect(imported.status).toBe(200);
    const refused = await new Client(server.baseUrl).submitLogin(DISABLED_UID, ldapPassword(DISABLED_UID));
    expect(refused.status).toBe(200);
    // With directory sign-in off, directory users cannot sign in at all.
    expect((await call(admin, 'PATCH', LDAP, { AUTH_LDAP: false })).status).toBe(200);
    expect((await new Client(server.baseUrl).submitLogin(uid, ldapPassword(uid))).status).toBe(200);
  });

  it('gives an imported entry without an e-mail an address at EMAIL_SUFFIX', async () => {
    // `description` is not set on the directory's entries: the attribute map then reads no address.
    const saved = await call(admin, 'PATCH', LDAP, {
      AUTH_LDAP: true,
      AUTH_LDAP_USER_ATTR_MAP: { username: 'uid', name: 'cn', email: 'description' },
    });
    expect(saved.status).toBe(200);
    const other = '/api/v1/settings/setting/?category=other';
    expect((await call(admin, 'PATCH', other, { EMAIL_SUFFIX: 'corp.example' })).status).toBe(200);
    expect((await call(admin, 'GET', '/api/v1/settings/ldap/cache/refresh/')).status).toBe(200);
    const imported = await call<{ results: unknown[] }>(
      admin,
      'POST',
      '/api/v1/settings/ldap/users/import/',
      {
        username_list: ['staffalice'],
      },
    );
    expect(imported.body.results).toEqual([{ username: 'staffalice', status: 'created' }]);
    const users = await call<{ email: string }[]>(admin, 'GET', '/api/v1/users/users/?username=staffalice');
    expect(users.body.map((u) => u.email)).toEqual(['staffalice@corp.example']);
  });
});
