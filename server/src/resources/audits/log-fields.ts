import type { FieldDeclaration } from '../../engine/declaration';
import { l } from '../label';

/** Fields the audit logs share: who (a `name(username)` snapshot), from where, when. */
export const readOnly = { readOnly: true } as const;

export const userField = (writable = false): FieldDeclaration => ({
  kind: 'string',
  label: l('用户', 'User', 'ユーザー'),
  maxLength: 128,
  // `user` is a reserved word in PostgreSQL.
  column: 'user_display',
  ...(writable ? { required: true } : readOnly),
});

export const remoteAddrField = (writable = false): FieldDeclaration => ({
  kind: 'string',
  label: l('远端地址', 'Remote addr', 'リモートアドレス'),
  maxLength: 128,
  ...(writable ? { nullable: true } : readOnly),
});

export const datetimeField: FieldDeclaration = {
  kind: 'datetime',
  label: l('日期', 'Datetime', '日時'),
  ...readOnly,
};

/** The model-only user id of global logs, by which an organization lists its members' rows. */
export const userIdField: FieldDeclaration = {
  kind: 'string',
  label: l('用户 ID', 'User id', 'ユーザー ID'),
  readOnly: true,
  writeOnly: true,
  nullable: true,
};
