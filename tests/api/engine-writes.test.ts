import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { ROOT, call, createOrg, inOrg } from './identity-helpers';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await server.close();
});

const GROUPS = '/api/v1/users/groups/';

describe('create, update, delete (docs/http.md#lists, docs/http.md#error-bodies)', () => {
  it('creates (201), reads, PUTs, PATCHes and deletes (204); 404 in the contract shape afterwards', async () => {
    const created = await call<{ id: string; name: string; created_by: string }>(admin, 'POST', GROUPS, {
      name: '  ops  ',
      comment: 'c',
      unknown_field: 'ignored like DRF',
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('ops');
    expect(created.body.created_by).toBe('admin');
    const id = created.body.id;
    expect((await call(admin, 'GET', `${GROUPS}${id}/`)).body).toMatchObject({ name: 'ops', comment: 'c' });
    const put = await call(admin, 'PUT', `${GROUPS}${id}/`, { name: 'ops2' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'ops2', comment: '' });
    const patch = await call(admin, 'PATCH', `${GROUPS}${id}/`, { comment: 'patched' });
    expect(patch.body).toMatchObject({ name: 'ops2', comment: 'patched' });
    const putMissing = await call(admin, 'PUT', `${GROUPS}${id}/`, { comment: 'x' });
    expect(putMissing.status).toBe(400);
    expect(putMissing.body).toEqual({ name: ['该字段是必填项。'] });
    expect((await call(admin, 'DELETE', `${GROUPS}${id}/`)).status).toBe(204);
    const gone = await call(admin, 'GET', `${GROUPS}${id}/`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'User group object does not exist.', code: 'object_does_not_exist' });
  });

  it('answers 400 field errors, translated, for required, max_length, choices, types and unique', async () => {
    const en = { 'Accept-Language': 'en' };
    const missing = await call(admin, 'POST', GROUPS, {}, en);
    expect(missing.body).toEqual({ name: ['This field is required.'] });
    const long = await call(admin, 'POST', GROUPS, { name: 'x'.repeat(129) }, en);
    expect(long.body).toEqual({ name: ['Ensure this field has no more than 128 characters.'] });
    const wrong = await call(admin, 'POST', GROUPS, { name: ['a'] }, en);
    expect(wrong.body).toEqual({ name: ['Not a valid string.'] });
    await call(admin, 'POST', GROUPS, { name: 'taken' });
    const dup = await call(admin, 'POST', GROUPS, { name: 'taken' }, en);
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ name: ['User group with this Name already exists.'] });
    const ja = await call(admin, 'POST', GROUPS, {}, { 'Accept-Language': 'ja' });
    expect(ja.body).toEqual({ name: ['この項目は必須です。'] });
    const user = await call(
      admin,
      'POST',
      '/api/v1/users/users/',
      {
        username: 'u1',
        name: 'U',
        email: 'bad-email',
        mfa_level: 7,
        is_active: 'perhaps',
        date_expired: 'soon',
        groups: 'x',
      },
      en,
    );
    expect(user.body).toEqual({
      email: ['Enter a valid email address.'],
      mfa_level: ['"7" is not a valid choice.'],
      is_active: ['Must be a valid boolean.'],
      date_expired: [expect.stringContaining('Datetime has wrong format')],
      groups: ['Expected a list of items but got type "str".'],
    });
    const badRef = await call(admin, 'POST', GROUPS, { name: 'refs', users: [ROOT, 5, { a: 1 }] }, en);
    expect(badRef.body).toEqual({ users: ['Incorrect type. Expected pk value, received dict.'] });
    const missingRef = await call(admin, 'POST', GROUPS, { name: 'refs', users: [ROOT] }, en);
    expect(missingRef.body).toEqual({ users: [`Invalid pk "${ROOT}" - object does not exist.`] });
  });

  it('nests errors of nested objects and refuses non-object bodies with non_field_errors', async () => {
    const me = await call<Array<{ id: string }>>(admin, 'GET', '/api/v1/users/users/?username=admin');
    const acl = await call(
      admin,
      'POST',
      '/api/v1/acls/login-acls/',
      { name: 'n', user: me.body[0]?.id, rules: { ip_group: ['999.1.1.1'] } },
      { 'Accept-Language': 'en' },
    );
    expect(acl.status).toBe(400);
    expect(acl.body).toEqual({ rules: { ip_group: [expect.stringContaining('999.1.1.1')] } });
    const list = await call(admin, 'POST', GROUPS, 'just a string', { 'Accept-Language': 'en' });
    expect(list.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] });
  });

  it('never answers 500 to broken JSON, wrong content types, oversized or odd bodies', async () => {
    const raw = async (body: string, type: string, method = 'POST', url = GROUPS) =>
      (await admin.request(url, { method, headers: { 'content-type': type }, body, csrf: true })).status;
    expect(await raw('{"name": ', 'application/json')).toBe(400);
    expect(await raw('name=x', 'text/plain')).toBe(400);
    expect(await raw('<xml/>', 'application/xml')).toBe(400);
    expect(await raw('null', 'application/json')).toBe(400);
    expect(await raw('[]', 'application/json', 'PATCH')).toBe(200);
    expect(await raw('{}', 'application/json', 'PATCH')).toBe(400);
    expect(await raw('a,b\n1,2', 'text/csv')).toBe(400);
    expect(await raw(JSON.stringify({ name: 'x'.repeat(2_000_000) }), 'application/json')).toBeLessThan(500);
    expect(
      await raw(
        JSON.stringify({ name: 'deep', comment: { a: { b: [1, 2, { c: null }] } } }),
        'application/json',
      ),
    ).toBe(400);
    expect(await raw('{"name": "\\u0000nul"}', 'application/json')).toBeLessThan(500);
    expect(await raw('{}', 'application/json', 'PUT', `${GROUPS}not-a-uuid/`)).toBe(404);
    // Over Fastify's path-parameter limit: 414, still a clear client error.
    expect([404, 414]).toContain(await raw('', 'application/json', 'DELETE', `${GROUPS}${'z'.repeat(500)}/`));
  });

  it('refuses org-scoped creation in Root with a clear 400, and a refused org with 403', async () => {
    const root = await call(
      admin,
      'POST',
      GROUPS,
      { name: 'in-root' },
      { ...inOrg(ROOT), 'Accept-Language': 'en' },
    );
    expect(root.status).toBe(400);
    expect(root.body).toEqual({ detail: 'Please save in a organization', code: 'org_required' });
    const bulkRoot = await call(admin, 'POST', GROUPS, [{ name: 'in-root' }], inOrg(ROOT));
    expect(bulkRoot.status).toBe(400);
    await server.createUser({
      username: 'member',
      email: 'member@x.test',
      password: 'member-pass-1',
      orgRoles: [{ org: 'default', role: 'OrgAdmin' }],
    });
    const other = await createOrg(admin, 'Refused');
    const member = new Client(server.baseUrl);
    await member.login('member', 'member-pass-1');
    const refused = await call(member, 'GET', GROUPS, undefined, inOrg(other));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'org_forbidden' });
    expect((await call(member, 'GET', GROUPS, undefined, inOrg('not-a-uuid'))).status).toBe(400);
  });
});

describe('bulk operations (docs/http.md#lists)', () => {
  it('bulk-creates an array (201) and refuses it whole with per-position errors', async () => {
    const ok = await call<Array<{ name: string }>>(admin, 'POST', GROUPS, [
      { name: 'b1' },
      { name: 'b2' },
      { name: 'b3' },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.map((g) => g.name)).toEqual(['b1', 'b2', 'b3']);
    const bad = await call(admin, 'POST', GROUPS, [{ name: 'b4' }, {}], { 'Accept-Language': 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{}, { name: ['This field is required.'] }]);
    expect((await call<unknown[]>(admin, 'GET', `${GROUPS}?name=b4`)).body).toEqual([]);
  });

  it('bulk-updates with PATCH and PUT on the list URL; per-position errors; id required', async () => {
    const rows = await call<Array<{ id: string; name: string }>>(admin, 'GET', `${GROUPS}?search=b`);
    const [b1, b2] = rows.body.filter((g) => g.name === 'b1' || g.name === 'b2');
    const patched = await call<Array<{ comment: string }>>(admin, 'PATCH', GROUPS, [
      { id: b1?.id, comment: 'one' },
      { pk: b2?.id, comment: 'two' },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body.map((g) => g.comment)).toEqual(['one', 'two']);
    const errors = await call(admin, 'PUT', GROUPS, [{ id: b1?.id, name: 'b1' }, { id: b2?.id }], {
      'Accept-Language': 'en',
    });
    expect(errors.status).toBe(400);
    expect(errors.body).toEqual([{}, { name: ['This field is required.'] }]);
    const noId = await call(admin, 'PATCH', GROUPS, [{ comment: 'x' }]);
    expect(noId.status).toBe(400);
    expect(noId.body).toEqual(['id or pk not in data']);
    const notList = await call(admin, 'PATCH', GROUPS, { id: b1?.id });
    expect(notList.status).toBe(400);
  });

  it('guards bulk delete: spm, ids or a narrowing filter; refusal is an empty 400', async () => {
    const all = await call<Array<{ id: string; name: string }>>(admin, 'GET', GROUPS);
    const refused = await call(admin, 'DELETE', GROUPS);
    expect(refused.status).toBe(400);
    expect(refused.body).toBeNull();
    expect((await call<unknown[]>(admin, 'GET', GROUPS)).body).toHaveLength(all.body.length);
    const b3 = all.body.find((g) => g.name === 'b3');
    const { body: cache } = await call<{ spm: string }>(admin, 'POST', '/api/v1/common/resources/cache/', {
      resources: [b3?.id],
    });
    expect((await call(admin, 'DELETE', `${GROUPS}?spm=${cache.spm}`)).status).toBe(204);
    expect((await call(admin, 'DELETE', `${GROUPS}?name=b2`)).status).toBe(204);
    const remaining = await call<Array<{ name: string }>>(admin, 'GET', GROUPS);
    expect(remaining.body.map((g) => g.name)).not.toContain('b3');
    expect(remaining.body.map((g) => g.name)).not.toContain('b2');
    // 'ids' guard (login ACLs): a filter alone is refused
    expect((await call(admin, 'DELETE', '/api/v1/acls/login-acls/?name=x')).status).toBe(400);
    // no bulk delete at all (orgs)
    expect((await call(admin, 'DELETE', `/api/v1/orgs/orgs/?ids=${ROOT}`)).status).toBe(400);
  });
});
