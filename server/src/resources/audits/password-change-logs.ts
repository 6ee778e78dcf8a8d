import { defineResource } from '../../engine/declaration';
import { l } from '../label';
import { membersOnly } from './member-scope';
import { datetimeField, readOnly, remoteAddrField, userField, userIdField } from './log-fields';
import { AUDIT_PASSWORD_CHANGE_LOG, AUDIT_TABLES } from './names';

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
    user: userField(),
    change_by: { kind: 'string', label: l('修改者', 'Change by', '変更者'), maxLength: 128, ...readOnly },
    remote_addr: remoteAddrField(),
    datetime: datetimeField,
    user_id: userIdField,
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
