import { defineResource } from '../../engine/declaration';
import { l } from '../label';
import { membersOnly } from './member-scope';
import { AUDIT_PASSWORD_CHANGE_LOG, AUDIT_TABLES } from './names';

const readOnly = { readOnly: true } as const;

/**
 * Password change logs (`audits.PasswordChangeLog`): every change and reset of a user's password — by the
 * user, by an administrator, by the command line — written in the transaction that stores the new
 * password (users/password-change.ts). Global rows, listed per organization for its members.
 */
export const passwordChangeLogResource = defineResource({
  name: AUDIT_PASSWORD_CHANGE_LOG,
  url: '/api/v1/audits/password-change-logs/',
  table: AUDIT_TABLES.passwordChangeLog,
  orgScoped: false,
  journal: false,
  label: l('改密日志', 'Password change log', 'パスワード変更ログ'),
  fields: {
    user: {
      kind: 'string',
      label: l('用户', 'User', 'ユーザー'),
      maxLength: 128,
      // `user` is a reserved word in PostgreSQL.
      column: 'user_display',
      ...readOnly,
    },
    change_by: { kind: 'string', label: l('修改者', 'Change by', '変更者'), maxLength: 128, ...readOnly },
    remote_addr: {
      kind: 'string',
      label: l('远端地址', 'Remote addr', 'リモートアドレス'),
      maxLength: 128,
      ...readOnly,
    },
    datetime: { kind: 'datetime', label: l('日期', 'Datetime', '日時'), ...readOnly },
    user_id: {
      kind: 'string',
      label: l('用户 ID', 'User id', 'ユーザー ID'),
      readOnly: true,
      writeOnly: true,
      nullable: true,
    },
  },
  searchFields: ['user', 'change_by', 'remote_addr'],
  filterFields: ['user', 'change_by', 'remote_addr'],
  orderingFields: ['datetime'],
  defaultOrdering: ['-datetime'],
  fieldsMini: ['id', 'user', 'change_by', 'datetime'],
  dateRangeField: 'datetime',
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
  hooks: { scope: membersOnly },
});
