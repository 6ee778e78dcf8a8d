import type { Choice, Label } from '../engine/declaration';

/** A label in the three console languages (zh, en, ja). */
export const l = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

export const choice = (value: string | number, zh: string, en: string, ja: string): Choice => ({
  value,
  label: l(zh, en, ja),
});

export const LABELS = {
  name: l('名称', 'Name', '名前'),
  comment: l('备注', 'Comment', 'コメント'),
  dateCreated: l('创建日期', 'Date created', '作成日'),
  dateUpdated: l('更新日期', 'Date updated', '更新日'),
  createdBy: l('创建者', 'Created by', '作成者'),
  updatedBy: l('更新人', 'Updated by', '更新者'),
  usersAmount: l('用户数量', 'Users amount', 'ユーザー数'),
  user: l('用户', 'User', 'ユーザー'),
  users: l('用户', 'Users', 'ユーザー'),
  role: l('角色', 'Role', 'ロール'),
  isActive: l('激活', 'Active', 'アクティブ'),
} as const;
