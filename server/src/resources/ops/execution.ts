import { defineResource, type StoredRow } from '../../engine/declaration';
import { taskDisplayName } from '../../ops/task-runner';
import { l } from '../label';
import { OPS_EXECUTION, OPS_TASK } from './names';

/** v2.21 AdHocExecution.summary: `{contacted: [hosts], dark: {host: reason}}`. */
function summaryOf(row: StoredRow): { contacted: string[]; dark: Record<string, string> } {
  const summary = (row.summary ?? {}) as { contacted?: unknown; dark?: unknown };
  const contacted = Array.isArray(summary.contacted)
    ? summary.contacted.filter((host): host is string => typeof host === 'string')
    : [];
  const dark =
    summary.dark && typeof summary.dark === 'object' && !Array.isArray(summary.dark)
      ? (summary.dark as Record<string, string>)
      : {};
  return { contacted, dark };
}

const readOnly = { readOnly: true } as const;

/**
 * AdHoc executions (docs/architecture.md#tasks-and-their-logs-serversrcops): one per run of the task runner
 * (server/src/ops); its id is the task id the API answers and names the run's log. Read-only; deleted with
 * their task.
 */
export const executionResource = defineResource({
  name: OPS_EXECUTION,
  url: '/api/v1/ops/adhoc-executions/',
  table: 'ops_adhoc_execution',
  orgScoped: true,
  label: l('执行历史', 'Execution', '実行'),
  fields: {
    task: { kind: 'fk', to: OPS_TASK, label: l('任务', 'Task', 'タスク'), ...readOnly, nullable: true },
    task_display: {
      kind: 'string',
      label: l('任务名称', 'Task display', 'タスク名'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const ids = [...new Set(rows.map((row) => row.task).filter((id) => typeof id === 'string'))];
        const tasks = new Map(
          (ids.length === 0
            ? []
            : await resources.get(OPS_TASK).find({ field: 'id', op: 'in', values: ids }, ctx)
          ).map((task) => [
            String(task.id),
            taskDisplayName(task.kind, task.subject, ctx.language) ?? String(task.name),
          ]),
        );
        return rows.map((row) => tasks.get(String(row.task)) ?? '');
      },
    },
    hosts_amount: { kind: 'integer', label: l('主机数量', 'Hosts amount', 'ホスト数'), ...readOnly },
    timedelta: { kind: 'float', label: l('时间', 'Time', '時間'), ...readOnly },
    summary: { kind: 'json', label: l('汇总', 'Summary', '概要'), ...readOnly },
    short_id: {
      kind: 'string',
      label: l('短 ID', 'Short id', '短い ID'),
      readOnly: true,
      compute: (row) => String(row.id).split('-').pop() ?? '',
    },
    is_finished: { kind: 'boolean', label: l('是否完成', 'Is finished', '終了しました'), ...readOnly },
    is_success: { kind: 'boolean', label: l('是否成功', 'Is success', '成功です'), ...readOnly },
    date_start: { kind: 'datetime', label: l('开始日期', 'Date start', '開始日'), ...readOnly },
    date_finished: {
      kind: 'datetime',
      label: l('结束日期', 'Date finished', '終了日'),
      ...readOnly,
      nullable: true,
    },
    stat: {
      kind: 'json',
      label: l('统计', 'Stat', '統計'),
      readOnly: true,
      compute: (row) => {
        const { contacted, dark } = summaryOf(row);
        const failed = Object.keys(dark).length;
        return { total: Number(row.hosts_amount) || 0, success: contacted.length, failed };
      },
    },
    last_success: {
      kind: 'json',
      label: l('最后成功主机', 'Last success', '最後の成功'),
      readOnly: true,
      compute: (row) => summaryOf(row).contacted,
    },
    last_failure: {
      kind: 'json',
      label: l('最后失败主机', 'Last failure', '最後の失敗'),
      readOnly: true,
      compute: (row) => summaryOf(row).dark,
    },
    // Model-only: who started the run (the owner of its log) and the asset ids it worked on.
    creator_id: {
      kind: 'string',
      label: l('创建者', 'Creator', '作成者'),
      readOnly: true,
      writeOnly: true,
      nullable: true,
    },
    hosts: { kind: 'json', label: l('主机', 'Hosts', 'ホスト'), readOnly: true, writeOnly: true },
  },
  searchFields: [],
  filterFields: ['task', 'is_finished', 'is_success'],
  orderingFields: ['date_start', 'date_finished', 'timedelta', 'hosts_amount'],
  defaultOrdering: ['-date_start'],
  fieldsMini: ['id', 'task', 'date_start', 'is_finished', 'is_success'],
  dateRangeField: 'date_start',
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
});
