import type { IdentityDeps } from './deps';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { hashPassword } from '../../auth/passwords';
import { newPassword } from '../../auth/random-tokens';
import { ApiError, ResponseError } from '../../http/api-error';
import { currentLicense } from '../../plugins/license';
import { deleteBlock } from '../../storage/login-failures';
import { addOrgBindings, removeUserFromOrg } from '../../storage/role-bindings';
import type { ExtraAction, ExtraActionCall, RequestContext, StoredRow } from '../../engine/declaration';
import { message } from '../../engine/messages';
import { assertManageable, checkRoles, setGroups } from './users';

const USERS = 'users.user';

/** Drops a user from the current org: its org-role bindings and its groups there. */
function removeFromOrg(app: IdentityDeps, call: ExtraActionCall, user: StoredRow): void {
  assertManageable(app, user, call.ctx);
  setGroups(String(user.id), [], call.ctx, call.resources);
  removeUserFromOrg(app.db, String(user.id), call.ctx.orgId);
}

async function setPassword(app: IdentityDeps, call: ExtraActionCall, password: string): Promise<void> {
  call.resources.get(USERS).setColumns(String(call.id), {
    password_hash: await hashPassword(password),
    date_password_last_updated: Date.now(),
  });
}

const target = (app: IdentityDeps, call: ExtraActionCall): StoredRow => {
  const row = call.row as StoredRow;
  assertManageable(app, row, call.ctx);
  return row;
};

const isObject = (body: unknown): body is Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body);

/** The truly special endpoints of users (resources.md §2); everything else is the engine's. */
export function userActions(app: IdentityDeps): ExtraAction[] {
  const change = ['users.change_user'];
  return [
    {
      // v2.21 runs suggestions in the root org (it feeds the invite dialog); only mini fields, 10 at most.
      path: 'suggestions/',
      detail: false,
      methods: ['GET'],
      permissions: ['users.match_user'],
      handler: (call) => {
        const search = (call.query.search ?? '').slice(0, 128);
        const rootCtx: RequestContext = { ...call.ctx, orgId: ROOT_ORG_ID };
        const users = call.resources.get(USERS);
        const where = search
          ? {
              or: ['username', 'name', 'email'].map((field) => ({ field, op: 'eq' as const, value: search })),
            }
          : null;
        const exact = where ? users.find(where, rootCtx) : [];
        const rows =
          exact.length > 0
            ? exact
            : users
                .find(null, rootCtx)
                .filter((row) =>
                  search === ''
                    ? true
                    : [row.username, row.name, row.email].some((v) =>
                        String(v).toLowerCase().includes(search.toLowerCase()),
                      ),
                );
        return {
          body: rows.slice(0, 10).map((row) => ({ id: row.id, name: row.name, username: row.username })),
        };
      },
    },
    {
      path: 'invite/',
      detail: false,
      methods: ['POST'],
      permissions: ['users.invite_user'],
      needsOrg: true,
      handler: (call) => {
        // Inviting existing users of other orgs is an extended-edition feature in v2.21.
        if (!currentLicense(app.config?.licenseFile).valid)
          throw new ApiError(
            403,
            'License is invalid, this feature requires a valid license',
            'license_required',
          );
        const body = isObject(call.body) ? call.body : {};
        const required = [message('required', call.ctx.language)];
        const ids = Array.isArray(body.users) ? body.users.map(String) : [];
        const roleIds = Array.isArray(body.org_roles) ? body.org_roles.map(String) : [];
        const errors: Record<string, string[]> = {};
        if (ids.length === 0) errors.users = required;
        if (roleIds.length === 0) errors.org_roles = required;
        const badRole = roleIds.length ? checkRoles(roleIds, 'org', call.resources, call.ctx) : null;
        if (badRole) errors.org_roles = badRole;
        // Users are global: look them up across organizations, then bind them here.
        const rootCtx: RequestContext = { ...call.ctx, orgId: ROOT_ORG_ID };
        const found = ids.length
          ? call.resources.get(USERS).find({ field: 'id', op: 'in', values: ids }, rootCtx)
          : [];
        const missing = ids.find((id) => !found.some((row) => row.id === id));
        if (missing !== undefined)
          errors.users = [message('pkMissing', call.ctx.language, { value: missing })];
        if (Object.keys(errors).length) throw new ResponseError(400, errors);
        addOrgBindings(app.db, ids, call.ctx.orgId, roleIds);
        return { status: 201, body: { users: ids, org_roles: roleIds } };
      },
    },
    {
      path: 'remove/',
      detail: true,
      methods: ['POST'],
      permissions: ['users.remove_user'],
      needsOrg: true,
      handler: (call) => {
        removeFromOrg(app, call, call.row as StoredRow);
        return { status: 204 };
      },
    },
    {
      // Bulk: the users named by ids= / spm= (required, so a bare call never empties an org).
      path: 'remove/',
      detail: false,
      methods: ['POST'],
      permissions: ['users.remove_user'],
      needsOrg: true,
      handler: (call) => {
        const ids = (call.query.ids ?? '').split(',').filter((id) => id !== '');
        const body =
          isObject(call.body) && Array.isArray(call.body.users)
            ? (call.body.users as unknown[]).map(String)
            : [];
        const wanted = [...ids, ...body];
        if (wanted.length === 0)
          throw new ResponseError(400, { users: [message('required', call.ctx.language)] });
        const users = call.resources.get(USERS).find({ field: 'id', op: 'in', values: wanted }, call.ctx);
        for (const user of users) assertManageable(app, user, call.ctx);
        for (const user of users) removeFromOrg(app, call, user);
        return { status: 204 };
      },
    },
    {
      path: 'password/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: async (call) => {
        target(app, call);
        const password = isObject(call.body) ? call.body.password : undefined;
        if (typeof password !== 'string' || password === '' || password.length > 128)
          throw new ResponseError(400, {
            password: [
              message(
                typeof password === 'string' && password.length > 128 ? 'maxLength' : 'required',
                call.ctx.language,
                { n: 128 },
              ),
            ],
          });
        await setPassword(app, call, password);
        return { body: { msg: 'ok' } };
      },
    },
    {
      // No mail server here: the password becomes an unknown random one and the user must reset it.
      path: 'password/reset/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: async (call) => {
        target(app, call);
        await setPassword(app, call, newPassword());
        call.resources.get(USERS).setColumns(String(call.id), { need_update_password: true });
        return { body: { msg: 'ok' } };
      },
    },
    {
      path: 'pubkey/reset/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: (call) => {
        target(app, call);
        call.resources.get(USERS).setColumns(String(call.id), { public_key: null });
        return { body: { msg: 'ok' } };
      },
    },
    {
      path: 'unblock/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: (call) => {
        const user = target(app, call);
        deleteBlock(app.db, 'user', String(user.username));
        return { body: { msg: 'ok' } };
      },
    },
    {
      // v2.21 asks only view_user for this GET; it changes the user, so change_user is required here.
      path: 'mfa/reset/',
      detail: true,
      methods: ['GET'],
      permissions: change,
      handler: (call) => {
        if (call.id === call.ctx.userId)
          throw new ResponseError(400, { error: 'Could not reset self otp, use profile reset instead' });
        target(app, call);
        // There are no MFA devices yet; a forced level stays forced (the user must bind again).
        return { body: { msg: 'success' } };
      },
    },
  ];
}
