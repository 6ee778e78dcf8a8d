import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { requireSettingsPerms } from '../api/settings-permission';
import type { Database } from '../data/database';
import { findUserCredentials } from '../data/stores/users';
import { ResponseError } from '../http/api-error';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { validateSettings } from '../settings/settings-validation';
import {
  authenticate,
  ldapSettings,
  LdapStepError,
  searchUsers,
  splitOus,
  withDirectory,
  type DirectoryUser,
  type LdapSettings,
} from './ldap-directory';
import { importDirectoryUsers, knownOrgs } from './ldap-import';

const CHANGE_AUTH = ['settings.change_auth'];

/** The directory's users as last read by this instance (refreshed on demand and by an import). */
const caches = new WeakMap<Database, DirectoryUser[]>();

const STEP_LABEL: Record<LdapStepError['step'], string> = {
  server: 'Invalid LDAP server',
  bind: 'Invalid Bind DN',
  search: 'Invalid User OU or User search filter',
  user: 'User not found',
  password: 'Invalid password',
  disabled: 'User disabled',
};

/** v2.21 answers these tests with a bare JSON string (docs/ldap.md#tests). */
const jsonString = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(text));

const describe = (error: unknown): string =>
  error instanceof LdapStepError
    ? `(${STEP_LABEL[error.step]}): ${error.detail}`
    : `(Unknown): ${error instanceof Error ? error.message : String(error)}`;

/**
 * The directory calls of the Auth tab (docs/ldap.md): test a configuration (the form's, a blank password
 * meaning the saved one), test a user's login, list the directory's users, refresh that list and import
 * chosen users into organizations. Failures answer 400 with the step that failed and the directory's own
 * words, never a 500.
 */
export function registerLdapRoutes(app: FastifyInstance, ctx: AppContext): void {
  const fill = async (): Promise<DirectoryUser[]> => {
    const settings = await ldapSettings(ctx.db, ctx.config);
    const users = await withDirectory(settings, ctx.config, (client) => searchUsers(client, settings, null));
    caches.set(ctx.db, users);
    return users;
  };

  app.post('/api/v1/settings/ldap/testing/config/', async (request, reply: FastifyReply) => {
    await requireSettingsPerms(ctx, request, CHANGE_AUTH);
    const body = { ...((request.body ?? {}) as Record<string, unknown>) };
    let form: Record<string, unknown>;
    try {
      form = validateSettings('ldap', body, true, 'en');
    } catch (error) {
      if (error instanceof ResponseError) return reply.code(400).send({ error: JSON.stringify(error.body) });
      throw error;
    }
    const saved = await ldapSettings(ctx.db, ctx.config);
    const settings: LdapSettings = {
      ...saved,
      uri: typeof form.AUTH_LDAP_SERVER_URI === 'string' ? form.AUTH_LDAP_SERVER_URI : saved.uri,
      startTls: typeof form.AUTH_LDAP_START_TLS === 'boolean' ? form.AUTH_LDAP_START_TLS : saved.startTls,
      bindDn: typeof form.AUTH_LDAP_BIND_DN === 'string' ? form.AUTH_LDAP_BIND_DN : saved.bindDn,
      bindPassword:
        typeof form.AUTH_LDAP_BIND_PASSWORD === 'string' ? form.AUTH_LDAP_BIND_PASSWORD : saved.bindPassword,
      searchOus:
        typeof form.AUTH_LDAP_SEARCH_OU === 'string' ? splitOus(form.AUTH_LDAP_SEARCH_OU) : saved.searchOus,
      filter: typeof form.AUTH_LDAP_SEARCH_FILTER === 'string' ? form.AUTH_LDAP_SEARCH_FILTER : saved.filter,
      attrMap: (form.AUTH_LDAP_USER_ATTR_MAP as LdapSettings['attrMap'] | undefined) ?? saved.attrMap,
    };
    try {
      const users = await withDirectory(settings, ctx.config, (client) =>
        searchUsers(client, settings, null),
      );
      return jsonString(reply, 200, `Succeed: Match ${users.length} s user`);
    } catch (error) {
      return jsonString(reply, 400, `Error ${describe(error)}`);
    }
  });

  app.post('/api/v1/settings/ldap/testing/login/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, CHANGE_AUTH);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (username === '' || password === '')
      return reply.code(400).send({ error: 'username and password are required' });
    try {
      const user = await authenticate(await ldapSettings(ctx.db, ctx.config), ctx.config, username, password);
      return jsonString(reply, 200, `Authentication success: ${user.username}`);
    } catch (error) {
      return jsonString(reply, 400, `Authentication failed ${describe(error)}`);
    }
  });

  app.get('/api/v1/settings/ldap/cache/refresh/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, CHANGE_AUTH);
    try {
      await fill();
    } catch (error) {
      return reply.code(400).send({ error: `Synchronization error: ${describe(error)}` });
    }
    return { msg: 'success' };
  });

  app.get('/api/v1/settings/ldap/users/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, CHANGE_AUTH);
    let users = caches.get(ctx.db);
    if (!users)
      try {
        users = await fill();
      } catch (error) {
        return reply.code(400).send({ error: `Synchronization error: ${describe(error)}` });
      }
    const query = request.query as Record<string, unknown>;
    const search = typeof query.search === 'string' ? query.search.trim().toLowerCase() : '';
    const matching = search
      ? users.filter((u) => [u.username, u.name, u.email].some((v) => v.toLowerCase().includes(search)))
      : users;
    const rows = [];
    for (const u of matching) {
      const local = await findUserCredentials(ctx.db, u.username);
      rows.push({
        id: u.username,
        username: u.username,
        name: u.name,
        email: u.email,
        existing: local !== null,
      });
    }
    return rows.sort((a, b) => a.username.localeCompare(b.username));
  });

  app.post('/api/v1/settings/ldap/users/import/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, [...CHANGE_AUTH, 'users.add_user']);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const names = Array.isArray(body.username_list)
      ? body.username_list.filter((n) => typeof n === 'string')
      : [];
    const orgIds = Array.isArray(body.org_ids)
      ? body.org_ids.filter((id): id is string => typeof id === 'string')
      : typeof body.org_id === 'string' && body.org_id !== ''
        ? [body.org_id]
        : [DEFAULT_ORG_ID];
    if (names.length === 0)
      return reply.code(400).send({ errors: ['username_list: choose users to import'] });
    const orgs = await knownOrgs(ctx, orgIds);
    if (orgs.missing.length > 0 || orgs.found.length === 0)
      return reply.code(400).send({ errors: orgs.missing.map((id) => `org_ids: no organization ${id}`) });
    let users: DirectoryUser[];
    try {
      users = await fill();
    } catch (error) {
      return reply.code(400).send({ errors: [`Synchronization error: ${describe(error)}`] });
    }
    const chosen = names.includes('*') ? users : users.filter((u) => names.includes(u.username));
    const missing = names.filter((n) => n !== '*' && !users.some((u) => u.username === n));
    const result = await importDirectoryUsers(
      ctx,
      chosen,
      orgs.found.map((o) => o.id),
    );
    const errors = [...missing.map((n) => `${n}: not in the directory`), ...result.errors];
    // Beside v2.21's msg/errors, one outcome per user so the console can show each row's result.
    const results = [
      ...missing.map((username) => ({ username, status: 'failed', detail: 'not in the directory' })),
      ...result.results,
    ];
    if (errors.length > 0 && result.imported === 0) return reply.code(400).send({ errors, results });
    return {
      msg: `Imported ${result.imported} users successfully (Organization: ${orgs.found.map((o) => o.name).join(', ')})`,
      results,
      ...(errors.length > 0 ? { errors } : {}),
    };
  });
}
