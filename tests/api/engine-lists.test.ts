import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, ROOT, call, inOrg } from './identity-helpers';

interface Group {
  id: string;
  name: string;
  comment: string;
  users: string[];
  users_amount: number;
  org_id: string;
  org_name: string;
  date_created: string;
  [key: string]: unknown;
}
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

// The metadata tree is deep and loosely shaped; the assertions below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Metadata = Record<string, any>;

let server: TestServer;
let admin: Client;
const groups: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  for (const [name, comment] of [
    ['alpha', 'first, team'],
    ['beta', 'second'],
    ['gamma', 'third team'],
    ['delta_1', 'percent 100%'],
    ['epsilon', ''],
  ]) {
    const created = await call<Group>(admin, 'POST', '/api/v1/users/groups/', { name, comment });
    expect(created.status).toBe(201);
    groups[name as string] = created.body.id;
  }
});

afterAll(async () => {
  await server.close();
});

describe('OPTIONS metadata (docs/http.md#metadata-options)', () => {
  it('has the DRF top-level shape and per-field keys', async () => {
    const { status, body } = await call<Metadata>(admin, 'OPTIONS', '/api/v1/users/users/', undefined, {
      'Accept-Language': 'en',
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['name', 'description', 'renders', 'parses', 'actions']);
    expect(body.name).toBe('User List');
    expect(body.renders).toEqual(['application/json', 'text/csv', 'application/xlsx']);
    expect(body.parses).toContain('text/xlsx');
    expect(Object.keys(body.actions).sort()).toEqual(['GET', 'PATCH', 'POST', 'PUT']);
    expect(body.actions.POST.username).toEqual({
      type: 'string',
      required: true,
      read_only: false,
      label: 'Username',
      max_length: 128,
      write_only: false,
    });
    expect(body.actions.POST.mfa_level).toEqual({
      type: 'choice',
      required: false,
      default: 0,
      read_only: false,
      label: 'MFA',
      write_only: false,
      choices: [
        { value: 0, display_name: 'Disable' },
        { value: 1, display_name: 'Enable' },
        { value: 2, display_name: 'Force enable' },
      ],
    });
    expect(body.actions.POST.groups).toMatchObject({ type: 'field', required: false, read_only: false });
    expect(body.actions.POST.password).toMatchObject({ write_only: true, read_only: false });
    expect(body.actions.POST.date_joined).toMatchObject({ read_only: true, type: 'datetime' });
    expect(body.actions.GET.username).toMatchObject({ filter: true, order: true });
    expect(body.actions.POST.username.filter).toBeUndefined();
    expect(body.actions.GET.comment.filter).toBeUndefined();
    // choices on read-only fields too; nested children
    const acl = await call<Metadata>(admin, 'OPTIONS', '/api/v1/acls/login-acls/', undefined, {
      'Accept-Language': 'en',
    });
    expect(acl.body.actions.POST.rules.type).toBe('nested object');
    expect(Object.keys(acl.body.actions.POST.rules.children)).toEqual(['ip_group', 'time_period']);
    expect(acl.body.actions.POST.priority).toMatchObject({
      min_value: 1,
      max_value: 100,
      default: 50,
      help_text: expect.any(String),
    });
    const bindings = await call<Metadata>(admin, 'OPTIONS', '/api/v1/rbac/org-role-bindings/');
    expect(bindings.body.actions.GET.scope.choices).toHaveLength(2);
    expect(bindings.body.actions.GET.scope.read_only).toBe(true);
  });

  it('answers in the request language (django_language cookie, then Accept-Language)', async () => {
    const zh = await call<Metadata>(admin, 'OPTIONS', '/api/v1/users/users/', undefined, {
      'Accept-Language': 'zh-CN',
    });
    expect(zh.body.actions.POST.username.label).toBe('用户名');
    expect(zh.body.actions.POST.mfa_level.choices[2].display_name).toBe('强制启用');
    admin.cookies.set('django_language', 'ja');
    try {
      const ja = await call<Metadata>(admin, 'OPTIONS', '/api/v1/users/users/', undefined, {
        'Accept-Language': 'en',
      });
      expect(ja.body.actions.POST.username.label).toBe('ユーザー名');
    } finally {
      admin.cookies.delete('django_language');
    }
  });

  it('describes a detail URL with GET/PUT/PATCH and 404 for a missing object', async () => {
    const detail = await call<Metadata>(admin, 'OPTIONS', `/api/v1/users/groups/${groups.alpha}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe('User group Instance');
    expect(Object.keys(detail.body.actions).sort()).toEqual(['GET', 'PATCH', 'PUT']);
    const missing = await call(admin, 'OPTIONS', `/api/v1/users/groups/${ROOT}/`);
    expect(missing.status).toBe(404);
  });

  it('needs a login, and some permission of the resource (our documented restriction)', async () => {
    const anonymous = await call(new Client(server.baseUrl), 'OPTIONS', '/api/v1/users/users/');
    expect(anonymous.status).toBe(401);
    await server.createUser({ username: 'plain', email: 'plain@x.test', password: 'plain-pass-1' });
    const plain = new Client(server.baseUrl);
    await plain.login('plain', 'plain-pass-1');
    expect((await call(plain, 'OPTIONS', '/api/v1/users/users/')).status).toBe(403);
  });
});

describe('lists (docs/http.md#lists)', () => {
  it('pages with absolute next/previous and answers a plain array without a valid limit', async () => {
    const page = await call<Page<Group>>(
      admin,
      'GET',
      '/api/v1/users/groups/?limit=2&offset=2&display=1&draw=1',
    );
    expect(page.body.count).toBe(5);
    expect(page.body.results.map((g) => g.name)).toEqual(['delta_1', 'epsilon']);
    expect(page.body.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/users\/groups\/\?.*offset=4/);
    expect(page.body.previous).toMatch(/^http:\/\//);
    for (const q of ['', '?limit=abc', '?limit=-3', '?limit=0', '?limit=', '?offset=zz']) {
      const plain = await call<Group[]>(admin, 'GET', `/api/v1/users/groups/${q}`);
      expect(plain.status).toBe(200);
      expect(plain.body).toHaveLength(5);
    }
    const absurd = await call<Page<Group>>(
      admin,
      'GET',
      '/api/v1/users/groups/?limit=99999999999999999999&offset=99999999999999999',
    );
    expect(absurd.status).toBe(200);
  });

  it('searches: all terms must match, any field, % and _ are literal', async () => {
    const team = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?search=team');
    expect(team.body.map((g) => g.name).sort()).toEqual(['alpha', 'gamma']);
    const both = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?search=team,third');
    expect(both.body.map((g) => g.name)).toEqual(['gamma']);
    const spaces = await call<Group[]>(
      admin,
      'GET',
      '/api/v1/users/groups/?search=' + encodeURIComponent('first  team'),
    );
    expect(spaces.body.map((g) => g.name)).toEqual(['alpha']);
    expect(
      (await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?search=%25')).body.map((g) => g.name),
    ).toEqual(['delta_1']);
    expect(
      (await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?search=_')).body.map((g) => g.name),
    ).toEqual(['delta_1']);
    const long = await call<Group[]>(admin, 'GET', `/api/v1/users/groups/?search=${'x'.repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.body).toEqual([]);
  });

  it('orders by allowed fields, - for descending, ignoring unknown names', async () => {
    const desc = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?order=-name');
    expect(desc.body.map((g) => g.name)).toEqual(['gamma', 'epsilon', 'delta_1', 'beta', 'alpha']);
    const unknown = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?order=comment;drop,-bogus,,');
    expect(unknown.status).toBe(200);
    expect(unknown.body[0]?.name).toBe('alpha');
  });

  it('filters exactly on filter fields (booleans true/1/True), ids= and spm=', async () => {
    expect(
      (await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?name=beta')).body.map((g) => g.name),
    ).toEqual(['beta']);
    expect((await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?comment=second')).body).toHaveLength(5);
    for (const value of ['true', '1', 'True']) {
      const active = await call<Array<{ username: string }>>(
        admin,
        'GET',
        `/api/v1/users/users/?is_active=${value}`,
      );
      expect(active.body.map((u) => u.username)).toContain('admin');
    }
    expect((await call<unknown[]>(admin, 'GET', '/api/v1/users/users/?is_active=False')).body).toEqual([]);
    expect((await call<unknown[]>(admin, 'GET', '/api/v1/users/users/?is_active=maybe')).status).toBe(200);
    const ids = await call<Group[]>(
      admin,
      'GET',
      `/api/v1/users/groups/?ids=${groups.alpha},${groups.beta},not-an-id`,
    );
    expect(ids.body.map((g) => g.name)).toEqual(['alpha', 'beta']);
    const spm = await call<{ spm: string }>(admin, 'POST', '/api/v1/common/resources/cache/', {
      resources: [groups.gamma, groups.epsilon],
    });
    expect(spm.body.spm).toMatch(/^[0-9a-f-]{36}$/);
    const cached = await call<Group[]>(admin, 'GET', `/api/v1/users/groups/?spm=${spm.body.spm}`);
    expect(cached.body.map((g) => g.name)).toEqual(['epsilon', 'gamma']);
    expect((await call<Group[]>(admin, 'GET', `/api/v1/users/groups/?spm=${ROOT}`)).body).toEqual([]);
    expect((await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?spm=garbage')).body).toEqual([]);
    const empty = await call<{ spm: string }>(admin, 'POST', '/api/v1/common/resources/cache/', {});
    expect(empty.status).toBe(200);
    expect((await call(admin, 'POST', '/api/v1/common/resources/cache/', { resources: 'x' })).status).toBe(
      400,
    );
    // another user's spm key is useless to them
    await server.createUser({
      username: 'spmother',
      email: 'spm@x.test',
      password: 'spm-pass-1',
      systemRoles: ['SystemAdmin'],
    });
    const other = new Client(server.baseUrl);
    await other.login('spmother', 'spm-pass-1');
    expect((await call<Group[]>(other, 'GET', `/api/v1/users/groups/?spm=${spm.body.spm}`)).body).toEqual([]);
  });

  it('trims fields with fields_size, fields= and fields!=', async () => {
    const mini = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/users/?fields_size=mini',
    );
    expect(Object.keys(mini.body[0] ?? {}).sort()).toEqual(['id', 'name', 'username']);
    const small = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/users/?fields_size=small',
    );
    expect(small.body[0]).toHaveProperty('email');
    expect(small.body[0]).not.toHaveProperty('groups');
    const named = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/groups/?fields=name,comment',
    );
    expect(Object.keys(named.body[0] ?? {}).sort()).toEqual(['comment', 'name']);
    const dropped = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/groups/?fields!=comment,users',
    );
    expect(dropped.body[0]).not.toHaveProperty('comment');
    expect(dropped.body[0]).toHaveProperty('name');
  });

  it('answers <field>_display in the request language', async () => {
    const en = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/users/?username=admin',
      undefined,
      { 'Accept-Language': 'en' },
    );
    expect(en.body[0]).toMatchObject({
      source: 'local',
      source_display: 'Local',
      mfa_level_display: 'Disable',
    });
    const zh = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/users/?username=admin',
      undefined,
      { 'Accept-Language': 'zh' },
    );
    expect(zh.body[0]).toMatchObject({ mfa_level_display: '禁用' });
  });

  it('filters by date range (date_from/date_to), dropping unparsable bounds', async () => {
    const future = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?date_from=2999-01-01T00:00:00Z');
    expect(future.body).toEqual([]);
    const past = await call<Group[]>(
      admin,
      'GET',
      '/api/v1/users/groups/?date_from=2000/01/01 00:00:00 +0800&date_to=' +
        encodeURIComponent(new Date(Date.now() + 60_000).toISOString()),
    );
    expect(past.body).toHaveLength(5);
    const bad = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?date_from=yesterday&date_to=%00');
    expect(bad.body).toHaveLength(5);
  });

  it('outputs org_id/org_name on org-scoped rows; Root reads across orgs', async () => {
    const list = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/?name=alpha');
    expect(list.body[0]).toMatchObject({ org_id: DEFAULT_ORG, org_name: 'Default' });
    expect(list.body[0]?.date_created).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/);
    const other = await call<{ id: string }>(admin, 'POST', '/api/v1/orgs/orgs/', { name: 'Lists Other' });
    await call(admin, 'POST', '/api/v1/users/groups/', { name: 'elsewhere' }, inOrg(other.body.id));
    const root = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/', undefined, inOrg(ROOT));
    expect(root.body.map((g) => g.name)).toContain('elsewhere');
    const def = await call<Group[]>(admin, 'GET', '/api/v1/users/groups/', undefined, inOrg(DEFAULT_ORG));
    expect(def.body.map((g) => g.name)).not.toContain('elsewhere');
  });

  it('never answers 500 to bad list parameters', async () => {
    const urls = [
      '/api/v1/users/groups/?order=' + '-'.repeat(3000),
      '/api/v1/users/groups/?ids=' + ','.repeat(5000),
      '/api/v1/users/groups/?ids=' + 'a'.repeat(10000),
      '/api/v1/users/groups/?name[]=x&name=y&name=z',
      '/api/v1/users/groups/?fields_size=huge&fields=&fields!=',
      '/api/v1/users/groups/?unknown_filter=1&format=pdf',
      '/api/v1/users/groups/?limit=1.5&offset=-1',
      '/api/v1/users/users/?system_roles=x&org_roles=%27%3B',
      '/api/v1/users/users/?mfa_level=abc&date_from=2020-13-45',
      `/api/v1/users/groups/${'%00'}/`,
      `/api/v1/users/groups/${'9'.repeat(300)}/`,
    ];
    for (const url of urls) {
      const answer = await call(admin, 'GET', url);
      expect(answer.status, url).toBeLessThan(500);
    }
  });
});
