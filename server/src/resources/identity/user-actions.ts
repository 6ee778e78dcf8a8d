import type { IdentityDeps } from './deps';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { newCompliantPassword, passwordProblems, isAdministrator } from '../../auth/password-policy';
import { passwordRules } from '../../settings/password-rules';
import { ResponseError } from '../../http/api-error';
import { currentLicense } from '../../plugins/license';
import {
  assertMayManageUser,
  checkNewMembers,
  licenseRequired,
  visibleUsers,
} from '../../rbac/user-authority';
import { deleteBlock } from '../../data/stores/login-failures';
import { addOrgBindings, listRoleBindingsForUsers, removeUserFromOrg } from '../../data/stores/role-bindings';
import { replacePassword } from '../../users/password-change';
import type { Condition } from '../../data/conditions';
import type { ExtraAction, ExtraActionCall, RequestContext, StoredRow } from '../../engine/declaration';
import { message } from '../../engine/messages';
import { checkRoles, setGroups } from './users';

const USERS = 'users.user';

/** Drops a user from the current org: its org-role bindings and its groups there. */
async function removeFromOrg(app: IdentityDeps, call: ExtraActionCall, user: StoredRow): Promise<void> {
  await assertMayManageUser(app.db, call.ctx, String(user.id), 'membership');
  await setGroups(String(user.id), [], call.ctx, call.resources);
  await removeUserFromOrg(app.db, String(user.id), call.ctx.orgId);
}

/** The detail row of an account action, once rbac/user-authority.ts allows the change. */
const target = async (app: IdentityDeps, call: ExtraActionCall): Promise<StoredRow> => {
  const row = call.row as StoredRow;
  await assertMayManageUser(app.db, call.ctx, String(row.id), 'account');
  return row;
};

const actorOf = (ctx: RequestContext) => ({
  userId: ctx.userId,
  sessionId: ctx.sessionId ?? null,
  remoteAddr: ctx.remoteAddr ?? '',
});

const isObject = (body: unknown): body is Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body);

/** Users matching `search` exactly (username, name or e-mail) within `visible`. */
const exactly = (search: string): Condition => ({
  anyOf: ['username', 'name', 'email'].map((field) => ({ field, op: 'eq' as const, value: search })),
});
const partly = (search: string): Condition => ({
  anyOf: ['username', 'name', 'email'].map((field) => ({ field, op: 'contains' as const, value: search })),
});
const within = (visible: Condition | null, where: Condition | null): Condition | null =>
  visible && where ? { allOf: [visible, where] } : (visible ?? where);

/** The truly special endpoints of users (docs/resources.md#users); everything else is the engine's. */
export function userActions(app: IdentityDeps): ExtraAction[] {
  const change = ['users.change_user'];
  return [
    {
      // v2.21 runs suggestions in the root org (it feeds the invite dialog) and so answered strangers'
      // names and confirmed their e-mail addresses; here only the users the requester may see are searched
      // (rbac/user-authority.ts rule 2). Mini fields, 10 at most; exact matches first.
      path: 'suggestions/',
      detail: false,
      methods: ['GET'],
      permissions: ['users.match_user'],
      handler: async (call) => {
        const search = (call.query.search ?? '').trim().slice(0, 128);
        const visible = await visibleUsers(app.db, call.ctx);
        const rootCtx: RequestContext = { ...call.ctx, orgId: ROOT_ORG_ID };
        const users = call.resources.get(USERS);
        const exact = search ? await users.find(within(visible, exactly(search)), rootCtx) : [];
        const rows =
          exact.length > 0
            ? exact
            : await users.find(within(visible, search ? partly(search) : null), rootCtx);
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
      handler: async (call) => {
        // Inviting existing users of other orgs is an extended-edition feature in v2.21.
        if (!(await currentLicense(app.db, app.config ?? {})).valid) throw licenseRequired(call.ctx.language);
        const body = isObject(call.body) ? call.body : {};
        const required = [message('required', call.ctx.language)];
        const ids = Array.isArray(body.users) ? [...new Set(body.users.map(String))] : [];
        const roleIds = Array.isArray(body.org_roles) ? body.org_roles.map(String) : [];
        const errors: Record<string, string[]> = {};
        if (ids.length === 0) errors.users = required;
        if (ids.length > 1000) errors.users = [message('maxLength', call.ctx.language, { n: 1000 })];
        if (roleIds.length === 0) errors.org_roles = required;
        const badRole = roleIds.length ? await checkRoles(roleIds, 'org', call.resources, call.ctx) : null;
        if (badRole) errors.org_roles = badRole;
        if (Object.keys(errors).length) throw new ResponseError(400, errors);
        // Users are global: look them up across organizations, then bind them here — only those the
        // requester may see (rbac/user-authority.ts rule 3); the others are as unknown as a wrong id.
        const rootCtx: RequestContext = { ...call.ctx, orgId: ROOT_ORG_ID };
        const found = await call.resources.get(USERS).find({ field: 'id', op: 'in', values: ids }, rootCtx);
        const hidden = await checkNewMembers(
          app.db,
          app.config ?? {},
          call.ctx,
          found.map((row) => String(row.id)),
          call.ctx.orgId,
        );
        const missing = ids.find((id) => hidden.includes(id) || !found.some((row) => row.id === id));
        if (missing !== undefined)
          throw new ResponseError(400, {
            users: [message('pkMissing', call.ctx.language, { value: missing.slice(0, 64) })],
          });
        await addOrgBindings(app.db, ids, call.ctx.orgId, roleIds);
        return { status: 201, body: { users: ids, org_roles: roleIds } };
      },
    },
    {
      path: 'remove/',
      detail: true,
      methods: ['POST'],
      permissions: ['users.remove_user'],
      needsOrg: true,
      handler: async (call) => {
        await removeFromOrg(app, call, call.row as StoredRow);
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
      handler: async (call) => {
        const ids = (call.query.ids ?? '').split(',').filter((id) => id !== '');
        const body =
          isObject(call.body) && Array.isArray(call.body.users)
            ? (call.body.users as unknown[]).map(String)
            : [];
        const wanted = [...ids, ...body];
        if (wanted.length === 0)
          throw new ResponseError(400, { users: [message('required', call.ctx.language)] });
        const users = await call.resources
          .get(USERS)
          .find({ field: 'id', op: 'in', values: wanted }, call.ctx);
        // All or nothing: every user is checked before anyone is removed.
        for (const user of users) await assertMayManageUser(app.db, call.ctx, String(user.id), 'membership');
        for (const user of users) await removeFromOrg(app, call, user);
        return { status: 204 };
      },
    },
    {
      path: 'password/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: async (call) => {
        const user = await target(app, call);
        const password = isObject(call.body) ? call.body.password : undefined;
        if (typeof password !== 'string' || password === '')
          throw new ResponseError(400, { password: [message('required', call.ctx.language)] });
        const bindings =
          (await listRoleBindingsForUsers(app.db, [String(user.id)])).get(String(user.id)) ?? [];
        const problems = passwordProblems(
          password,
          { administrator: isAdministrator(bindings) },
          call.ctx.language,
          await passwordRules(app.db),
        );
        if (problems.length > 0) throw new ResponseError(400, { password: problems });
        await replacePassword(app.db, String(user.id), password, {
          actor: actorOf(call.ctx),
          mustChange: false,
        });
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
        const user = await target(app, call);
        await replacePassword(app.db, String(user.id), newCompliantPassword(), {
          actor: actorOf(call.ctx),
          mustChange: true,
        });
        return { body: { msg: 'ok' } };
      },
    },
    {
      path: 'pubkey/reset/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: async (call) => {
        await target(app, call);
        await call.resources.get(USERS).setColumns(String(call.id), { public_key: null });
        return { body: { msg: 'ok' } };
      },
    },
    {
      path: 'unblock/',
      detail: true,
      methods: ['PUT', 'PATCH'],
      permissions: change,
      handler: async (call) => {
        const user = await target(app, call);
        await deleteBlock(app.db, 'user', String(user.username));
        return { body: { msg: 'ok' } };
      },
    },
    {
      // v2.21 asks only view_user for this GET; it changes the user, so change_user is required here.
      path: 'mfa/reset/',
      detail: true,
      methods: ['GET'],
      permissions: change,
      handler: async (call) => {
        if (call.id === call.ctx.userId)
          throw new ResponseError(400, { error: 'Could not reset self otp, use profile reset instead' });
        await target(app, call);
        // There are no MFA devices yet; a forced level stays forced (the user must bind again).
        return { body: { msg: 'success' } };
      },
    },
  ];
}
