import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { defineResource, type FieldErrors, type ResourceDeclaration } from '../../engine/declaration';
import { message } from '../../engine/messages';
import { LABELS, l } from '../label';
import { fkDisplayField, userDisplayText } from '../../engine/fk-display';
import { membersOf } from '../../rbac/user-authority';

const LINKS = { table: 'user_groups_users', sourceColumn: 'usergroup_id', targetColumn: 'user_id' } as const;

export function userGroupResource(): ResourceDeclaration {
  return defineResource({
    name: 'users.usergroup',
    url: '/api/v1/users/groups/',
    table: 'user_groups',
    orgScoped: true,
    label: l('用户组', 'User group', 'ユーザーグループ'),
    fields: {
      name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128, unique: 'org' },
      comment: { kind: 'text', label: LABELS.comment, default: '' },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 100 },
      users: { kind: 'm2m', to: 'users.user', label: LABELS.users, through: LINKS, default: () => [] },
      users_amount: {
        kind: 'integer',
        label: LABELS.usersAmount,
        readOnly: true,
        computeMany: async (rows, _ctx, resources) => {
          const linked = await resources.get('users.usergroup').linkedMany(
            'users',
            rows.map((row) => String(row.id)),
          );
          return rows.map((row) => linked.get(String(row.id))?.length ?? 0);
        },
      },
    },
    searchFields: ['name', 'comment'],
    filterFields: ['name', 'id'],
    orderingFields: ['name', 'date_created'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name'],
    fieldsSmall: ['id', 'name', 'comment', 'date_created', 'created_by'],
    dateRangeField: 'date_created',
    bulkDelete: 'org',
    hooks: {
      // docs/resources.md#user-groups: members must belong to the group's organization.
      validate: async (data, ctx, existing, resources) => {
        if (!Array.isArray(data.users) || data.users.length === 0) return null;
        const orgId = String(existing?.org_id ?? ctx.orgId);
        if (orgId === ROOT_ORG_ID) return null;
        const members = await resources
          .get('users.user')
          .find(
            { allOf: [{ field: 'id', op: 'in', values: data.users }, membersOf(orgId)] },
            { ...ctx, orgId },
          );
        const missing = (data.users as string[]).find((id) => !members.some((m) => m.id === id));
        return missing === undefined
          ? null
          : { users: [message('pkMissing', ctx.language, { value: missing })] };
      },
    },
  });
}

/** `/api/v1/users/users-groups-relations/`: the user–group link table as a resource of its own. */
export function userGroupRelationResource(): ResourceDeclaration {
  return defineResource({
    name: 'users.usergrouprelation',
    url: '/api/v1/users/users-groups-relations/',
    table: LINKS.table,
    orgScoped: false,
    label: l('用户组关系', 'User group relation', 'ユーザーグループ関係'),
    fields: {
      user: { kind: 'fk', to: 'users.user', label: LABELS.user, required: true, column: 'user_id' },
      user_display: fkDisplayField({
        fk: 'user',
        to: 'users.user',
        label: l('用户名', 'User display', 'ユーザー表示'),
        text: userDisplayText,
        acrossOrgs: true,
      }),
      usergroup: {
        kind: 'fk',
        to: 'users.usergroup',
        label: l('用户组', 'User group', 'ユーザーグループ'),
        required: true,
        column: 'usergroup_id',
      },
      usergroup_display: fkDisplayField({
        fk: 'usergroup',
        to: 'users.usergroup',
        label: l('用户组名', 'User group display', 'ユーザーグループ表示'),
        text: (group) => String(group.name),
      }),
    },
    searchFields: ['user', 'usergroup'],
    filterFields: ['user', 'usergroup'],
    orderingFields: [],
    defaultOrdering: [],
    fieldsMini: ['id', 'user', 'usergroup'],
    bulkDelete: 'ids',
    permissions: {
      view: 'users.view_usergroup',
      add: 'users.change_usergroup',
      change: 'users.change_usergroup',
      delete: 'users.change_usergroup',
    },
    hooks: {
      // Only links of the current org's groups (the link table itself has no org column).
      scope: (ctx) =>
        ctx.orgId === ROOT_ORG_ID
          ? null
          : {
              field: 'usergroup',
              op: 'inSubquery',
              subquery: { table: 'user_groups', column: 'id', where: { org_id: ctx.orgId } },
            },
      validate: async (data, ctx, _existing, resources): Promise<FieldErrors | null> => {
        if (ctx.orgId === ROOT_ORG_ID || typeof data.user !== 'string') return null;
        const member = await resources.get('users.user').get(data.user, ctx);
        if (!member) return { user: [message('pkMissing', ctx.language, { value: data.user })] };
        const taken = await resources.get('users.usergrouprelation').count(
          {
            allOf: [
              { field: 'user', op: 'eq', value: data.user },
              { field: 'usergroup', op: 'eq', value: String(data.usergroup) },
            ],
          },
          ctx,
        );
        return taken > 0
          ? { non_field_errors: ['The fields user, usergroup must make a unique set.'] }
          : null;
      },
    },
  });
}
