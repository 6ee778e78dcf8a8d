import {
  defineResource,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { opsMessage } from '../../ops/messages';
import { PROBE } from '../../ops/connectivity';
import { SSH_LIMITS } from '../../ssh/ssh-client';
import { runnerFor, taskDisplayName } from '../../ops/task-runner';
import { LABELS, l } from '../label';
import { OPS_EXECUTION, OPS_TASK, type TaskKind } from './names';

/** A column the runner keeps and the API never shows nor takes (v2.21 "model-only" fields). */
const hidden = (kind: 'string' | 'integer' | 'json', en: string, zh: string, ja: string) =>
  ({ kind, label: l(zh, en, ja), readOnly: true, writeOnly: true, nullable: true }) as const;

/** v2.21 TaskSerializer.latest_execution: the nested summary of the task's last run. */
const LATEST_FIELDS = [
  'id',
  'task',
  'task_display',
  'hosts_amount',
  'date_start',
  'stat',
  'date_finished',
  'timedelta',
  'is_finished',
  'is_success',
  'short_id',
  'last_success',
  'last_failure',
] as const;

async function latestExecutions(
  rows: readonly StoredRow[],
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<unknown[]> {
  const ids = rows.map((row) => row.latest_execution_id).filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return rows.map(() => null);
  const access = resources.get(OPS_EXECUTION);
  const found = await access.find({ field: 'id', op: 'in', values: ids }, ctx);
  const byId = new Map<string, Record<string, unknown>>();
  for (const row of found) {
    const out = await access.serialize(row, ctx);
    byId.set(String(row.id), Object.fromEntries(LATEST_FIELDS.map((name) => [name, out[name] ?? null])));
  }
  return rows.map((row) => byId.get(String(row.latest_execution_id)) ?? null);
}

/** One step of what a task runs (v2.21 AdHoc.tasks: a name and the module it calls with its arguments). */
interface TaskStep {
  name: string;
  action: { module: string; args: string };
}

const LOGIN_TIMEOUT = `timeout=${SSH_LIMITS.connectTimeoutMs / 1000}s`;
const COMMAND_TIMEOUT = `command_timeout=${SSH_LIMITS.commandTimeoutMs / 1000}s`;

const CONNECTIVITY_STEPS: readonly TaskStep[] = [
  {
    name: 'Test connectivity',
    action: { module: 'ssh_login', args: `user=<admin user> via=<domain gateway> ${LOGIN_TIMEOUT}` },
  },
  {
    name: 'Test connectivity (asset without an admin user)',
    action: {
      module: 'tcp_connect',
      args: `port=<first protocol> timeout=${PROBE.timeoutMs / 1000}s concurrency=${PROBE.concurrency}`,
    },
  },
];

const HARDWARE_STEPS: readonly TaskStep[] = [
  {
    name: 'Refresh hardware info',
    action: {
      module: 'ssh_command',
      args: `user=<admin user> via=<domain gateway> reads=vendor,model,sn,cpu,memory,disks,os ${COMMAND_TIMEOUT}`,
    },
  },
];

const SYSTEM_USER_TEST_STEPS: readonly TaskStep[] = [
  {
    name: 'Test system user',
    action: { module: 'ssh_login', args: `user=<system user> via=<domain gateway> ${LOGIN_TIMEOUT}` },
  },
];

/** What each kind of task runs: the detail's `contents` (docs/architecture.md#tasks-and-their-logs-serversrcops). */
const TASK_STEPS: Record<TaskKind, readonly TaskStep[]> = {
  asset_connectivity: CONNECTIVITY_STEPS,
  node_connectivity: CONNECTIVITY_STEPS,
  asset_hardware: HARDWARE_STEPS,
  node_hardware: HARDWARE_STEPS,
  system_user_push: [
    {
      name: 'Push system user',
      action: {
        module: 'ssh_command',
        args: `user=<admin user> via=<domain gateway> creates=account,groups,password,key,sudoers ${COMMAND_TIMEOUT}`,
      },
    },
    ...SYSTEM_USER_TEST_STEPS,
  ],
  system_user_test: SYSTEM_USER_TEST_STEPS,
  account_test: [
    {
      name: 'Test asset account',
      action: { module: 'ssh_login', args: `user=<account> via=<domain gateway> ${LOGIN_TIMEOUT}` },
    },
  ],
  user_gather: [
    {
      name: 'Gather users',
      action: {
        module: 'ssh_command',
        args: `user=<admin user> via=<domain gateway> reads=passwd,lastlog ${COMMAND_TIMEOUT}`,
      },
    },
  ],
  command_execution: [
    {
      name: 'Run a batch command',
      action: { module: 'ssh_command', args: `user=<run as> via=<domain gateway> ${COMMAND_TIMEOUT}` },
    },
  ],
};

/** Deleting a task deletes its runs and their logs; a task with a running run is kept. */
async function deleteRuns(row: StoredRow, ctx: RequestContext, resources: ResourceDirectory): Promise<void> {
  const runner = runnerFor(resources);
  const executions = resources.get(OPS_EXECUTION);
  const runs = await executions.find({ field: 'task', op: 'eq', value: String(row.id) }, ctx);
  if (runs.some((run) => run.is_finished !== true))
    throw new ApiError(400, opsMessage('taskRunning', ctx.language), 'task_running');
  for (const run of runs) await executions.delete(String(run.id), ctx);
  await runner.removeLogs(runs.map((run) => String(run.id)));
}

/**
 * Ops tasks (docs/architecture.md#tasks-and-their-logs-serversrcops), read-only through the API: the runner
 * (server/src/ops) creates one per org and name and counts its runs. Deletion (`ops.delete_task`) removes the
 * runs and their logs.
 */
export const taskResource = defineResource({
  name: OPS_TASK,
  url: '/api/v1/ops/tasks/',
  table: 'ops_task',
  orgScoped: true,
  label: l('任务', 'Task', 'タスク'),
  fields: {
    name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128, unique: 'org' },
    display_name: {
      kind: 'string',
      label: l('显示名称', 'Display name', '表示名'),
      readOnly: true,
      compute: (row, ctx) => taskDisplayName(row.kind, row.subject, ctx.language) ?? row.name,
    },
    is_periodic: {
      kind: 'boolean',
      label: l('周期执行', 'Periodic perform', '定期的に実行する'),
      readOnly: true,
      compute: () => false,
    },
    date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
    date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
    latest_execution: {
      kind: 'json',
      label: l('最后执行', 'Last execution', '最後の実行'),
      readOnly: true,
      computeMany: latestExecutions,
    },
    summary: {
      kind: 'json',
      label: l('汇总', 'Summary', '概要'),
      readOnly: true,
      compute: (row) => {
        const total = Number(row.total_run_amount) || 0;
        const success = Number(row.success_run_amount) || 0;
        return { total, success, failed: total - success };
      },
    },
    contents: {
      kind: 'json',
      label: l('内容', 'Contents', '内容'),
      readOnly: true,
      detailOnly: true,
      compute: (row) => TASK_STEPS[row.kind as TaskKind] ?? [],
    },
    kind: hidden('string', 'Kind', '类型', '種類'),
    subject: hidden('string', 'Subject', '对象', '対象'),
    total_run_amount: hidden('integer', 'Run times', '运行次数', '実行回数'),
    success_run_amount: hidden('integer', 'Success times', '成功次数', '成功回数'),
    latest_execution_id: hidden('string', 'Last execution', '最后执行', '最後の実行'),
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created', 'date_updated'],
  defaultOrdering: ['-date_updated'],
  fieldsMini: ['id', 'name', 'display_name'],
  dateRangeField: 'date_updated',
  bulkDelete: 'org',
  disabledActions: ['add', 'change'],
  hooks: { beforeDelete: deleteRuns },
});
