import { defineResource } from '../../engine/declaration';
import { OPERATE_ACTIONS } from '../../engine/operation-journal';
import { choice, l } from '../label';
import { datetimeField, readOnly, remoteAddrField, userField } from './log-fields';
import { AUDIT_OPERATE_LOG, AUDIT_TABLES } from './names';

/**
 * Operate logs (`audits.OperateLog`): one row per object created, changed or deleted through the engine,
 * written in the same transaction as the change (engine/operation-journal.ts), so a failed change leaves
 * none. Org-scoped by the org the change was made in (Root's id for changes made in Root).
 */
export const operateLogResource = defineResource({
  name: AUDIT_OPERATE_LOG,
  url: '/api/v1/audits/operate-logs/',
  table: AUDIT_TABLES.operateLog,
  orgScoped: true,
  journal: false,
  label: l('操作日志', 'Operate log', '操作ログ'),
  fields: {
    user: userField(),
    action: {
      kind: 'choice',
      label: l('动作', 'Action', 'アクション'),
      choices: [
        choice(OPERATE_ACTIONS.create, '创建', 'Create', '作成'),
        choice(OPERATE_ACTIONS.update, '更新', 'Update', '更新'),
        choice(OPERATE_ACTIONS.delete, '删除', 'Delete', '削除'),
      ],
      display: true,
      ...readOnly,
    },
    resource_type: {
      kind: 'string',
      label: l('资源类型', 'Resource Type', 'リソースタイプ'),
      maxLength: 64,
      ...readOnly,
    },
    resource_type_display: {
      kind: 'string',
      label: l('资源类型', 'Resource Type', 'リソースタイプ'),
      readOnly: true,
      compute: (row, ctx) => {
        const label = row.resource_type_label as string | undefined;
        if (!label) return String(row.resource_type ?? '');
        try {
          const parsed = JSON.parse(label) as Record<string, string>;
          return parsed[ctx.language] ?? String(row.resource_type ?? '');
        } catch {
          return String(row.resource_type ?? '');
        }
      },
    },
    resource: { kind: 'string', label: l('资源', 'Resource', 'リソース'), maxLength: 128, ...readOnly },
    remote_addr: remoteAddrField(),
    datetime: datetimeField,
    // Model-only: the resource type's label in every language (JSON), for resource_type_display.
    resource_type_label: {
      kind: 'text',
      label: l('资源类型', 'Resource Type', 'リソースタイプ'),
      readOnly: true,
      writeOnly: true,
      nullable: true,
    },
  },
  searchFields: ['resource'],
  filterFields: ['user', 'action', 'resource_type', 'resource', 'remote_addr'],
  orderingFields: ['datetime'],
  defaultOrdering: ['-datetime'],
  fieldsMini: ['id', 'user', 'action', 'resource', 'datetime'],
  dateRangeField: 'datetime',
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
});
