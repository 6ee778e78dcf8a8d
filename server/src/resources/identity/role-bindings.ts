import type { IdentityDeps } from './deps';
import { ResponseError } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { builtinRoleById } from '../../rbac/builtin-roles';
import { checkNewMembers } from '../../rbac/user-authority';
import { listRoleBindingsForUsers } from '../../data/stores/role-bindings';
import { findUserById } from '../../data/stores/users';
import {
  defineResource,
  type FieldDeclaration,
  type FieldErrors,
  type Label,
  type ResourceDeclaration,
  type StoredRow,
} from '../../engine/declaration';
import { message } from '../../engine/messages';
import { LABELS, choice, l } from '../label';
import { fkDisplayField, userDisplayText } from '../../engine/fk-display';

export type BindingEndpoint = 'all' | 'system' | 'org';

const NAMES: Record<BindingEndpoint, { name: string; url: string; label: Label }> = {
  all: {
    name: 'rbac.rolebinding',
    url: '/api/v1/rbac/role-bindings/',
    label: l('角色绑定', 'Role binding', 'ロールバインディング'),
  },
  system: {
    name: 'rbac.systemrolebinding',
    url: '/api/v1/rbac/system-role-bindings/',
    label: l('系统角色绑定', 'System role binding', 'システムロールバインディング'),
  },
  org: {
    name: 'rbac.orgrolebinding',
    url: '/api/v1/rbac/org-role-bindings/',
    label: l('组织角色绑定', 'Organization role binding', '組織ロールバインディング'),
  },
};

const hasBound = (lang: keyof Label): string =>
  ({ zh: '已经绑定了该角色', en: 'Has bound this role', ja: 'このロールはバインドされています' })[lang];

export function roleBindingResource(app: IdentityDeps, endpoint: BindingEndpoint): ResourceDeclaration {
  const names = NAMES[endpoint];
  const org: FieldDeclaration =
    endpoint === 'all'
      ? {
          kind: 'fk',
          to: 'orgs.organization',
          label: l('组织', 'Organization', '組織'),
          nullable: true,
          column: 'org_id',
        }
      : {
          kind: 'string',
          label: l('组织', 'Organization', '組織'),
          readOnly: true,
          compute: (row) => row.org_id ?? null,
        };
  const fields: Record<string, FieldDeclaration> = {
    user: { kind: 'fk', to: 'users.user', label: LABELS.user, required: true },
    user_display: fkDisplayField({
      fk: 'user',
      to: 'users.user',
      label: l('用户', 'User display', 'ユーザー表示'),
      text: userDisplayText,
      acrossOrgs: true,
    }),
    role: { kind: 'fk', to: 'rbac.role', label: LABELS.role, required: true },
    role_display: {
      kind: 'string',
      label: l('角色', 'Role display', 'ロール表示'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const roles = await resources
          .get('rbac.role')
          .find({ field: 'id', op: 'in', values: rows.map((r) => r.role) }, ctx);
        return rows.map((row) => {
          const builtin = builtinRoleById(String(row.role));
          return builtin?.name ?? String(roles.find((r) => r.id === row.role)?.name ?? '');
        });
      },
    },
    scope: {
      kind: 'choice',
      label: l('范围', 'Scope', 'スコープ'),
      readOnly: true,
      display: true,
      choices: [
        choice('system', '系统', 'System', 'システム'),
        choice('org', '组织', 'Organization', '組織'),
      ],
    },
    org,
    date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
  };
  if (endpoint !== 'org')
    fields.org_name = {
      kind: 'string',
      label: l('组织名称', 'Org name', '組織名'),
      readOnly: true,
      compute: async (row, _ctx, resources) => {
        if (!row.org_id) return '';
        const [found] = await resources
          .get('orgs.organization')
          .find({ field: 'id', op: 'eq', value: row.org_id }, _ctx);
        return found ? String(found.name) : '';
      },
    };
  return defineResource({
    name: names.name,
    url: names.url,
    table: 'role_bindings',
    // Org bindings belong to the current org exactly like org-scoped rows (org_id, Root refusal).
    orgScoped: endpoint === 'org',
    label: names.label,
    fields,
    searchFields: ['user__name', 'user__username', 'role__name'],
    filterFields: ['scope', 'user', 'role', 'org', 'user__name', 'user__username', 'role__name'],
    orderingFields: ['date_created'],
    defaultOrdering: ['date_created'],
    fieldsMini: ['id', 'user', 'role'],
    bulkDelete: 'ids',
    customFilters: { org: (value) => ({ field: 'org_id', op: 'eq', value }) },
    hooks: {
      scope: () => (endpoint === 'all' ? null : { field: 'scope', op: 'eq', value: endpoint }),
      validate: async (data, ctx, _existing, resources): Promise<FieldErrors | null> => {
        const [role] = await resources
          .get('rbac.role')
          .find({ field: 'id', op: 'eq', value: data.role }, ctx);
        const scope = endpoint === 'all' ? String(role?.scope ?? '') : endpoint;
        if (!role || role.scope !== scope)
          return { role: [`Invalid pk "${String(data.role)}" - object does not exist.`] };
        const orgId =
          scope === 'system' ? null : endpoint === 'org' ? ctx.orgId : ((data.org as string | null) ?? null);
        if (scope === 'org' && (orgId === null || orgId === ROOT_ORG_ID))
          return { org: ['This field is required.'] };
        // Binding a user who is not yet a member makes him one: the membership rule of users/invite/
        // (rbac/user-authority.ts rule 3) — a stranger is as unknown as a wrong id, and a licence is needed.
        if (orgId !== null) {
          const hidden = await checkNewMembers(app.db, app.config ?? {}, ctx, [String(data.user)], orgId);
          if (hidden.length > 0)
            return { user: [message('pkMissing', ctx.language, { value: String(data.user).slice(0, 64) })] };
        }
        const existing =
          (await listRoleBindingsForUsers(app.db, [String(data.user)])).get(String(data.user)) ?? [];
        if (existing.some((b) => b.roleId === data.role && b.orgId === orgId))
          return { role: [hasBound(ctx.language)] };
        data.scope = scope;
        // Written through the raw column: `org` (the /role-bindings/ fk) would name the same column twice.
        delete data.org;
        data.org_id = orgId;
        return null;
      },
      beforeDelete: async (row: StoredRow) => {
        const bindings =
          (await listRoleBindingsForUsers(app.db, [String(row.user)])).get(String(row.user)) ?? [];
        if (row.scope === 'system' && bindings.filter((b) => b.scope === 'system').length <= 1) {
          const user = (await findUserById(app.db, String(row.user)))?.username ?? String(row.user);
          throw new ResponseError(400, {
            detail: `${user} at least one system role`,
            code: 'system_role_delete_error',
          });
        }
        if (
          row.scope === 'org' &&
          bindings.filter((b) => b.scope === 'org' && b.orgId === row.org_id).length <= 1
        )
          throw new ResponseError(400, {
            error: 'User last role in org, can not be delete, you can remove user from org instead',
          });
      },
    },
  });
}
