import type { IdentityDeps } from './deps';
import { ApiError, permissionDenied } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { hasPerms } from '../../rbac/has-perms';
import { builtinRoleById, type BuiltinRoleName } from '../../rbac/builtin-roles';
import { permissionIdsToCodes } from '../../rbac/permission-ids';
import { permissionTree, permissionList } from '../../rbac/permission-tree';
import { listRolePermissions, replaceRolePermissions } from '../../data/stores/role-permissions';
import { roleUserCounts, usersOfRole } from '../../data/stores/role-bindings';
import {
  defineResource,
  type ExtraAction,
  type Label,
  type RequestContext,
  type ResourceDeclaration,
  type StoredRow,
} from '../../engine/declaration';
import { message } from '../../engine/messages';
import { LABELS, choice, l } from '../label';

const BUILTIN_DISPLAY: Record<BuiltinRoleName, Label> = {
  SystemAdmin: l('系统管理员', 'System administrator', 'システム管理者'),
  SystemAuditor: l('系统审计员', 'System auditor', 'システム監査人'),
  User: l('用户', 'User', 'ユーザー'),
  SystemComponent: l('系统组件', 'System component', 'システムコンポーネント'),
  OrgAdmin: l('组织管理员', 'Organization administrator', '組織管理者'),
  OrgAuditor: l('组织审计员', 'Organization auditor', '組織監査人'),
  OrgUser: l('组织用户', 'Organization user', '組織ユーザー'),
};

export type RoleEndpoint = 'all' | 'system' | 'org';

const NAMES: Record<RoleEndpoint, { name: string; url: string; label: Label }> = {
  all: { name: 'rbac.role', url: '/api/v1/rbac/roles/', label: l('角色', 'Role', 'ロール') },
  system: {
    name: 'rbac.systemrole',
    url: '/api/v1/rbac/system-roles/',
    label: l('系统角色', 'System role', 'システムロール'),
  },
  org: {
    name: 'rbac.orgrole',
    url: '/api/v1/rbac/org-roles/',
    label: l('组织角色', 'Organization role', '組織ロール'),
  },
};

const can = (ctx: RequestContext, code: string): boolean => ctx.isSystemAdmin || hasPerms(ctx.perms, [code]);

const forbidden = (detail: string) => new ApiError(403, detail, 'permission_denied');

function roleActions(app: IdentityDeps, endpoint: RoleEndpoint): ExtraAction[] {
  const actions: ExtraAction[] = [
    {
      path: 'users/',
      detail: true,
      methods: ['GET'],
      permissions: ['rbac.view_rolebinding|rbac.view_systemrolebinding|rbac.view_orgrolebinding'],
      handler: async (call) => {
        // Org roles are shared by every org: seen from one org, a role's users are the members it binds
        // there, never those of other orgs. System roles are system business.
        const role = call.row as StoredRow;
        if (role.scope === 'system' && !can(call.ctx, 'rbac.view_rolebinding|rbac.view_systemrolebinding'))
          throw permissionDenied();
        const orgId = role.scope === 'org' && call.ctx.orgId !== ROOT_ORG_ID ? call.ctx.orgId : null;
        const users = await usersOfRole(app.db, String(call.id), orgId);
        const limit = Number(call.query.limit);
        if (!Number.isInteger(limit) || limit <= 0) return { body: users };
        const offset = Math.max(0, Number(call.query.offset) || 0);
        return {
          body: {
            count: users.length,
            next: null,
            previous: null,
            results: users.slice(offset, offset + limit),
          },
        };
      },
    },
  ];
  if (endpoint === 'all') return actions;
  const codesOf = async (row: StoredRow): Promise<Set<string>> => {
    const builtin = builtinRoleById(String(row.id));
    return new Set(
      builtin
        ? builtin.permissions
        : ((await listRolePermissions(app.db, [String(row.id)])).get(String(row.id)) ?? []),
    );
  };
  actions.push(
    {
      path: 'permissions/',
      detail: true,
      methods: ['GET'],
      permissions: ['rbac.view_permission'],
      handler: async (call) => ({
        body: permissionList(endpoint, await codesOf(call.row as StoredRow), true),
      }),
    },
    {
      path: 'permissions/tree/',
      detail: true,
      methods: ['GET'],
      permissions: ['rbac.view_permission'],
      handler: async (call) => ({
        body: permissionTree(endpoint, await codesOf(call.row as StoredRow), call.ctx.language),
      }),
    },
  );
  return actions;
}

export function roleResource(app: IdentityDeps, endpoint: RoleEndpoint): ResourceDeclaration {
  const names = NAMES[endpoint];
  return defineResource({
    name: names.name,
    url: names.url,
    table: 'roles',
    orgScoped: false,
    label: names.label,
    fields: {
      name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128 },
      display_name: {
        kind: 'string',
        label: l('显示名称', 'Display name', '表示名'),
        readOnly: true,
        compute: (row, ctx) => {
          const builtin = builtinRoleById(String(row.id));
          return builtin ? BUILTIN_DISPLAY[builtin.name][ctx.language] : row.name;
        },
      },
      scope: {
        kind: 'choice',
        label: l('范围', 'Scope', 'スコープ'),
        maxLength: 128,
        default: endpoint === 'org' ? 'org' : 'system',
        readOnly: endpoint !== 'all',
        display: true,
        choices: [
          choice('system', '系统', 'System', 'システム'),
          choice('org', '组织', 'Organization', '組織'),
        ],
      },
      users_amount: {
        kind: 'integer',
        label: LABELS.usersAmount,
        readOnly: true,
        // An org role's users are counted in the current org (every org from Root), like roles/{id}/users/.
        computeMany: async (rows, ctx) => {
          const ids = (scope: string) => rows.filter((r) => r.scope === scope).map((r) => String(r.id));
          const orgId = ctx.orgId === ROOT_ORG_ID ? null : ctx.orgId;
          const counts = new Map([
            ...(await roleUserCounts(app.db, ids('system'))),
            ...(await roleUserCounts(app.db, ids('org'), orgId)),
          ]);
          return rows.map((row) => counts.get(String(row.id)) ?? 0);
        },
      },
      builtin: { kind: 'boolean', label: l('内置', 'Built-in', '組み込み'), readOnly: true, default: false },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
      created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 32 },
      updated_by: { kind: 'string', label: LABELS.updatedBy, readOnly: true, maxLength: 32 },
      comment: { kind: 'text', label: LABELS.comment, default: '', maxLength: 128 },
      permissions: {
        kind: 'json',
        label: l('权限', 'Permissions', '権限'),
        writeOnly: true,
        virtual: true,
        default: () => [],
      },
    },
    searchFields: ['name', 'scope'],
    filterFields: ['name', 'scope', 'builtin'],
    orderingFields: ['name', 'date_created'],
    defaultOrdering: ['builtin', 'scope', 'name'],
    fieldsMini: ['id', 'name', 'display_name', 'scope'],
    bulkDelete: 'ids',
    hooks: {
      scope: () => (endpoint === 'all' ? null : { field: 'scope', op: 'eq', value: endpoint }),
      validate: async (data, ctx, existing, resources) => {
        if (existing?.builtin) throw forbidden('Built-in roles cannot be updated');
        const scope = String(data.scope ?? existing?.scope ?? (endpoint === 'org' ? 'org' : 'system'));
        const errors: Record<string, string[]> = {};
        if (data.name !== undefined) {
          const clash = (
            await resources.get('rbac.role').find(
              {
                allOf: [
                  { field: 'name', op: 'eq', value: data.name },
                  { field: 'scope', op: 'eq', value: scope },
                ],
              },
              ctx,
            )
          ).filter((row) => row.id !== existing?.id);
          if (clash.length > 0)
            errors.name = [
              message('unique', ctx.language, {
                model: names.label[ctx.language],
                field: LABELS.name[ctx.language],
              }),
            ];
        }
        if (data.permissions !== undefined) {
          const codes = permissionIdsToCodes(data.permissions, scope === 'org' ? 'org' : 'system');
          if (codes === null) errors.permissions = [message('pkType', ctx.language, { type: 'list' })];
          else data.permission_codes = codes;
        }
        return Object.keys(errors).length > 0 ? errors : null;
      },
      beforeSave: (data, _ctx, existing) => {
        if (!existing) {
          data.builtin = false;
          if (endpoint !== 'all') data.scope = endpoint;
        }
      },
      afterSave: async (row, _ctx, _created, input) => {
        if (Array.isArray(input.permission_codes))
          await replaceRolePermissions(app.db, String(row.id), input.permission_codes as string[]);
      },
      beforeDelete: async (row) => {
        if (row.builtin) throw forbidden('Built-in roles cannot be deleted');
        if (((await roleUserCounts(app.db, [String(row.id)])).get(String(row.id)) ?? 0) > 0)
          throw forbidden('The role has been bound to users, cannot be deleted');
      },
    },
    extraActions: roleActions(app, endpoint),
  });
}
