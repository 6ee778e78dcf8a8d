import type { IdentityDeps } from './deps';
import { revokeUserCredentials } from '../../auth/credential-revocation';
import { isAdministrator, passwordProblems } from '../../auth/password-policy';
import { passwordRules } from '../../settings/password-rules';
import { ApiError, permissionDenied } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { BUILTIN_ROLE_IDS, builtinRoleById } from '../../rbac/builtin-roles';
import { allows } from '../../rbac/authorize';
import { assertMayManageUser, membersOf } from '../../rbac/user-authority';
import { findBlockedKeys } from '../../data/stores/login-failures';
import { listRoleBindingsForUsers, replaceUserBindings } from '../../data/stores/role-bindings';
import { replacePassword } from '../../users/password-change';
import { mailNewAccountLink } from '../../mail/password-reset';
import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDeclaration,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import type { Condition } from '../../data/conditions';
import { message } from '../../engine/messages';
import { l } from '../label';
import { PASSWORD_STRATEGY, USER_SCALAR_FIELDS } from './user-fields';
import { userActions } from './user-actions';

export const USERS = 'users.user';

const can = (ctx: RequestContext, code: string): boolean => allows(ctx, [code]);

/** Fields whose change touches only the current organization (its roles and groups of the user). */
const ORG_LOCAL_FIELDS = new Set(['org_roles', 'groups', 'password_strategy']);

const sameValue = (field: string, before: unknown, after: unknown): boolean => {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(before) && blank(after)) return true;
  // The console's form sends datetimes at second precision; stored ones carry milliseconds.
  if (field.startsWith('date_') && typeof before === 'number' && typeof after === 'number')
    return Math.floor(before / 1000) === Math.floor(after / 1000);
  if (typeof after === 'boolean') return Boolean(before) === after;
  return JSON.stringify(before) === JSON.stringify(after);
};

/**
 * Whether a write changes the user's account — anything global, seen by every org he belongs to — rather
 * than only his roles and groups here. Unchanged values a form sends back do not count.
 */
export function changesAccount(data: StoredRow, existing: StoredRow): boolean {
  return Object.entries(data).some(([field, value]) => {
    if (ORG_LOCAL_FIELDS.has(field)) return false;
    if (field === 'password') return typeof value === 'string' && value !== '';
    if (field === 'system_roles') return true;
    return !sameValue(field, existing[field], value);
  });
}

/** SystemAdmin or OrgAdmin anywhere once this write is done (the stricter password length applies). */
async function administratorAfter(
  app: IdentityDeps,
  data: StoredRow,
  existing: StoredRow | null,
): Promise<boolean> {
  const current = existing
    ? ((await listRoleBindingsForUsers(app.db, [String(existing.id)])).get(String(existing.id)) ?? [])
    : [];
  const asked = [data.system_roles, data.org_roles].flatMap((ids) =>
    Array.isArray(ids) ? ids.map((roleId) => ({ roleId: String(roleId) })) : [],
  );
  return isAdministrator([...current, ...asked]);
}

const roleName = (roleId: string, name: string): string => builtinRoleById(roleId)?.name ?? name;

async function rolesOf(
  app: IdentityDeps,
  rows: readonly StoredRow[],
  ctx: RequestContext,
  scope: 'system' | 'org',
) {
  const bindings = await listRoleBindingsForUsers(
    app.db,
    rows.map((row) => String(row.id)),
  );
  return rows.map((row) =>
    (bindings.get(String(row.id)) ?? []).filter((b) =>
      scope === 'system'
        ? b.scope === 'system'
        : b.scope === 'org' && ctx.orgId !== ROOT_ORG_ID && b.orgId === ctx.orgId,
    ),
  );
}

async function groupsOf(
  rows: readonly StoredRow[],
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<Array<Array<{ id: string; name: string }>>> {
  const ids = rows.map((row) => String(row.id));
  const links = await resources
    .get('users.usergrouprelation')
    .find({ field: 'user', op: 'in', values: ids }, ctx);
  const groupIds = [...new Set(links.map((link) => String(link.usergroup)))];
  const names = new Map(
    (await resources.get('users.usergroup').find({ field: 'id', op: 'in', values: groupIds }, ctx)).map(
      (group) => [String(group.id), String(group.name)],
    ),
  );
  return ids.map((id) =>
    links
      .filter((link) => link.user === id && names.has(String(link.usergroup)))
      .map((link) => ({ id: String(link.usergroup), name: names.get(String(link.usergroup)) ?? '' })),
  );
}

/** Role ids of one scope among these; the rest are errors for the field. */
export async function checkRoles(
  ids: unknown,
  scope: 'system' | 'org',
  resources: ResourceDirectory,
  ctx: RequestContext,
): Promise<string[] | null> {
  if (!Array.isArray(ids)) return null;
  const roles = await resources.get('rbac.role').find({ field: 'id', op: 'in', values: ids }, ctx);
  const bad = (ids as string[]).find((id) => !roles.some((role) => role.id === id && role.scope === scope));
  return bad === undefined ? null : [message('pkMissing', ctx.language, { value: bad })];
}

export function userResource(app: IdentityDeps): ResourceDeclaration {
  return defineResource({
    name: USERS,
    url: '/api/v1/users/users/',
    table: 'users',
    orgScoped: false,
    label: l('用户', 'User', 'ユーザー'),
    fields: {
      ...USER_SCALAR_FIELDS,
      groups: {
        kind: 'm2m',
        to: 'users.usergroup',
        label: l('用户组', 'User group', 'ユーザーグループ'),
        virtual: true,
        default: () => [],
        computeMany: async (rows, ctx, resources) =>
          (await groupsOf(rows, ctx, resources)).map((list) => list.map((g) => g.id)),
      },
      groups_display: {
        kind: 'string',
        label: l('用户组名', 'Groups name', 'グループ名'),
        readOnly: true,
        computeMany: async (rows, ctx, resources) =>
          (await groupsOf(rows, ctx, resources)).map((list) => list.map((g) => g.name).join(' ')),
      },
      system_roles: {
        kind: 'm2m',
        to: 'rbac.role',
        label: l('系统角色', 'System roles', 'システムロール'),
        virtual: true,
        computeMany: async (rows, ctx) =>
          (await rolesOf(app, rows, ctx, 'system')).map((list) => list.map((b) => b.roleId)),
      },
      org_roles: {
        kind: 'm2m',
        to: 'rbac.role',
        label: l('组织角色', 'Org roles', '組織ロール'),
        virtual: true,
        computeMany: async (rows, ctx) =>
          (await rolesOf(app, rows, ctx, 'org')).map((list) => list.map((b) => b.roleId)),
      },
      system_roles_display: {
        kind: 'string',
        label: l('系统角色', 'System roles', 'システムロール'),
        readOnly: true,
        computeMany: async (rows, ctx) =>
          (await rolesOf(app, rows, ctx, 'system')).map((list) =>
            list.map((b) => roleName(b.roleId, b.roleName)).join(', '),
          ),
      },
      org_roles_display: {
        kind: 'string',
        label: l('组织角色', 'Org roles', '組織ロール'),
        readOnly: true,
        computeMany: async (rows, ctx) =>
          (await rolesOf(app, rows, ctx, 'org')).map((list) =>
            list.map((b) => roleName(b.roleId, b.roleName)).join(', '),
          ),
      },
      login_blocked: {
        kind: 'boolean',
        label: l('登录被锁定', 'Login blocked', 'ログインブロック'),
        readOnly: true,
        computeMany: async (rows) => {
          const blocked = await findBlockedKeys(
            app.db,
            'user',
            rows.map((row) => String(row.username)),
          );
          return rows.map((row) => blocked.has(String(row.username)));
        },
      },
      password_strategy: PASSWORD_STRATEGY,
    },
    searchFields: ['username', 'email', 'name', 'id', 'source'],
    filterFields: ['id', 'username', 'email', 'name', 'source', 'is_active', 'system_roles', 'org_roles'],
    orderingFields: ['name', 'username', 'date_joined', 'last_login', 'email'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name', 'username'],
    fieldsSmall: [
      'id',
      'name',
      'username',
      'email',
      'wechat',
      'phone',
      'mfa_level',
      'source',
      'is_active',
      'date_expired',
      'date_joined',
      'last_login',
      'created_by',
      'comment',
    ],
    dateRangeField: 'date_joined',
    bulkDelete: 'org',
    // Hidden unless the requester may see that kind of binding (docs/resources.md#users field-hiding rule).
    fieldPermissions: {
      system_roles: 'rbac.view_systemrolebinding',
      system_roles_display: 'rbac.view_systemrolebinding',
      org_roles: 'rbac.view_orgrolebinding',
    },
    customFilters: {
      system_roles: (value) => ({
        field: 'id',
        op: 'inSubquery',
        subquery: { table: 'role_bindings', column: 'user_id', where: { role_id: value, scope: 'system' } },
      }),
      org_roles: (value, ctx) => ({
        field: 'id',
        op: 'inSubquery',
        subquery: {
          table: 'role_bindings',
          column: 'user_id',
          where:
            ctx.orgId === ROOT_ORG_ID
              ? { role_id: value, scope: 'org' }
              : { role_id: value, org_id: ctx.orgId },
        },
      }),
    },
    hooks: {
      // Members of the current org; every user in Root; service accounts never (docs/resources.md#users).
      scope: (ctx) => {
        const people: Condition = { field: 'is_service_account', op: 'eq', value: 0 };
        return ctx.orgId === ROOT_ORG_ID ? people : { allOf: [people, membersOf(ctx.orgId)] };
      },
      validate: async (data, ctx, existing, resources) => {
        // rbac/user-authority.ts: an account change needs the right in every org of the user.
        if (existing)
          await assertMayManageUser(
            app.db,
            ctx,
            String(existing.id),
            changesAccount(data, existing) ? 'account' : 'membership',
          );
        const errors: FieldErrors = {};
        if (data.system_roles !== undefined) {
          if (!can(ctx, 'rbac.add_systemrolebinding')) throw permissionDenied();
          const bad = await checkRoles(data.system_roles, 'system', resources, ctx);
          if (bad) errors.system_roles = bad;
          else if ((data.system_roles as string[]).length === 0)
            errors.system_roles = [message('required', ctx.language)];
        }
        if (data.org_roles !== undefined && ctx.orgId === ROOT_ORG_ID) delete data.org_roles;
        if (data.org_roles !== undefined) {
          if (!can(ctx, 'rbac.add_orgrolebinding')) throw permissionDenied();
          const bad = await checkRoles(data.org_roles, 'org', resources, ctx);
          if (bad) errors.org_roles = bad;
          // Removing every org role would silently drop the user from the org: use remove/ for that.
          else if ((data.org_roles as string[]).length === 0)
            errors.org_roles = [message('required', ctx.language)];
        }
        if (existing && existing.id === ctx.userId && data.is_active === false)
          errors.is_active = [
            l('不能禁用自己', 'You cannot disable yourself', '自分自身を無効にすることはできません')[
              ctx.language
            ],
          ];
        if (!existing && data.password_strategy === 'custom' && !data.password)
          errors.password = [message('required', ctx.language)];
        else if (typeof data.password === 'string' && data.password !== '') {
          const administrator = await administratorAfter(app, data, existing);
          const problems = passwordProblems(
            data.password,
            { administrator },
            ctx.language,
            await passwordRules(app.db),
          );
          if (problems.length > 0) errors.password = problems;
        }
        return Object.keys(errors).length > 0 ? errors : null;
      },
      beforeSave: (data, ctx, existing) => {
        if (!existing) {
          if (!data.name) data.name = data.username;
          data.date_joined = Date.now();
          data.created_by = ctx.username.slice(0, 30);
        }
      },
      afterSave: async (row, ctx, created, input, resources) => {
        const id = String(row.id);
        if (created || input.system_roles !== undefined) {
          const roles = (input.system_roles as string[] | undefined) ?? [BUILTIN_ROLE_IDS.User];
          await replaceUserBindings(app.db, id, 'system', null, roles);
        }
        if (ctx.orgId !== ROOT_ORG_ID && (created || input.org_roles !== undefined)) {
          const roles = (input.org_roles as string[] | undefined) ?? [BUILTIN_ROLE_IDS.OrgUser];
          await replaceUserBindings(app.db, id, 'org', ctx.orgId, roles);
        }
        if (Array.isArray(input.groups)) await setGroups(id, input.groups as string[], ctx, resources);
        // users/password-change.ts and auth/credential-revocation.ts: a new password or a disabled account
        // ends what the user's old credentials opened.
        if (typeof input.password === 'string' && input.password !== '')
          await replacePassword(app.db, id, input.password, {
            actor: { userId: ctx.userId, sessionId: ctx.sessionId ?? null, remoteAddr: ctx.remoteAddr ?? '' },
            mustChange: row.need_update_password === true,
            firstPassword: created,
          });
        if (!created && input.is_active === false) await revokeUserCredentials(app.db, id, 'disabled');
        // The "reset link" strategy of an administrator's API call (not the server's own creations: first
        // start, seeds, imports): the new user sets the password through a mailed link (docs/mail.md).
        const strategy = input.password_strategy ?? 'email';
        if (created && ctx.userId !== '' && strategy === 'email' && !input.password && row.source === 'local')
          await mailNewAccountLink(app.db, {
            id,
            username: String(row.username),
            name: String(row.name ?? ''),
            email: String(row.email ?? ''),
          });
      },
      beforeDelete: async (row, ctx) => {
        if (row.id === ctx.userId) throw new ApiError(400, 'You cannot delete yourself', 'invalid');
        await assertMayManageUser(app.db, ctx, String(row.id), 'delete');
      },
    },
    extraActions: userActions(app),
  });
}

/** The user's groups in the current org become exactly `groupIds`; groups of other orgs are untouched. */
export async function setGroups(
  userId: string,
  groupIds: readonly string[],
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<void> {
  const relations = resources.get('users.usergrouprelation');
  const current = await relations.find({ field: 'user', op: 'eq', value: userId }, ctx);
  const groups = resources.get('users.usergroup');
  for (const link of current)
    if (!groupIds.includes(String(link.usergroup)))
      await groups.link('users', String(link.usergroup), [userId], 'remove');
  for (const groupId of groupIds) await groups.link('users', groupId, [userId], 'add');
}
