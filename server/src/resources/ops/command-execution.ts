import type { Condition } from '../../data/conditions';
import { defineResource, type RequestContext, type ResourceDirectory } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { LABELS, l } from '../label';
import { OPS_COMMAND_EXECUTION, OPS_COMMAND_EXECUTION_HOSTS } from './names';

const readOnly = { readOnly: true } as const;

/** The execution's hosts, named as the link table the relation list reads. */
export const COMMAND_EXECUTION_HOSTS = {
  table: 'ops_command_execution_hosts',
  sourceColumn: 'commandexecution_id',
  targetColumn: 'asset_id',
} as const;

/** `user__username=…` / `run_as__name=…`: the rows whose user / system user has that value (exact). */
function byRelated(
  fk: 'user' | 'run_as',
  resource: string,
  column: 'name' | 'username',
): (value: string, ctx: RequestContext, resources: ResourceDirectory) => Promise<Condition> {
  return async (value, ctx, resources) => {
    const found = await resources
      .get(resource)
      .find({ field: column, op: 'eq', value }, { ...ctx, orgId: ROOT_ORG_ID });
    return { field: fk, op: 'in', values: found.map((row) => String(row.id)) };
  };
}

/**
 * Batch command executions (docs/batch-commands.md): one row per run of a command on hosts as a system
 * user, in the org of that system user. This declaration is the auditors' list
 * (`/api/v1/audits/command-execution-logs/`, `ops.view_commandexecution`, read-only); the runs themselves
 * start and are read back by their user at `/api/v1/ops/command-executions/` (server/src/ops/
 * command-executions.ts). The user and system-user texts are kept as they were at the run, so the log
 * still names them after either is renamed or deleted.
 */
export const commandExecutionResource = defineResource({
  name: OPS_COMMAND_EXECUTION,
  url: '/api/v1/audits/command-execution-logs/',
  table: 'ops_command_execution',
  orgScoped: true,
  journal: false,
  label: l('批量命令', 'Command execution', 'バッチコマンド'),
  fields: {
    // Written only by the run endpoint (add/change are disabled here): command, run_as and hosts.
    command: { kind: 'text', label: l('命令', 'Command', 'コマンド'), required: true },
    run_as: {
      kind: 'fk',
      to: 'assets.systemuser',
      label: l('运行用户', 'Run as', '実行ユーザー'),
      required: true,
      nullable: true,
    },
    run_as_display: {
      kind: 'string',
      label: l('运行用户名称', 'Run as display', '実行ユーザー表示'),
      maxLength: 256,
      ...readOnly,
    },
    user: { kind: 'fk', to: 'users.user', label: LABELS.user, ...readOnly, nullable: true },
    user_display: {
      kind: 'string',
      label: l('用户名称', 'User display', 'ユーザー表示'),
      maxLength: 256,
      ...readOnly,
    },
    hosts: {
      kind: 'm2m',
      to: 'assets.asset',
      label: l('主机', 'Hosts', 'ホスト'),
      through: COMMAND_EXECUTION_HOSTS,
      required: true,
    },
    hosts_display: {
      kind: 'json',
      label: l('主机名称', 'Hosts display', 'ホスト表示'),
      ...readOnly,
    },
    result: { kind: 'json', label: l('结果', 'Result', '結果'), ...readOnly },
    is_finished: { kind: 'boolean', label: l('是否完成', 'Is finished', '終了しました'), ...readOnly },
    is_success: {
      kind: 'boolean',
      label: l('是否成功', 'Is success', '成功です'),
      readOnly: true,
      // Finished, no run-wide `error`, and no host that failed.
      compute: (row) => {
        const result = (row.result ?? {}) as { error?: unknown; dark?: Record<string, unknown> };
        return (
          row.is_finished === true && !('error' in result) && Object.keys(result.dark ?? {}).length === 0
        );
      },
    },
    log_url: {
      kind: 'string',
      label: l('日志', 'Log URL', 'ログ'),
      readOnly: true,
      compute: (row) => `/api/v1/ops/celery/task/${String(row.id)}/log/`,
    },
    date_created: { kind: 'datetime', label: LABELS.dateCreated, ...readOnly },
    date_start: { kind: 'datetime', label: l('开始日期', 'Date start', '開始日'), ...readOnly },
    date_finished: {
      kind: 'datetime',
      label: l('结束日期', 'Date finished', '終了日'),
      ...readOnly,
      nullable: true,
    },
  },
  searchFields: ['command', 'user_display', 'run_as_display'],
  filterFields: ['command', 'is_finished', 'user', 'run_as'],
  customFilters: {
    user__name: byRelated('user', 'users.user', 'name'),
    user__username: byRelated('user', 'users.user', 'username'),
    run_as__name: byRelated('run_as', 'assets.systemuser', 'name'),
    run_as__username: byRelated('run_as', 'assets.systemuser', 'username'),
  },
  orderingFields: ['date_created', 'date_start', 'command', 'is_finished'],
  defaultOrdering: ['-date_created'],
  fieldsMini: ['id', 'command'],
  dateRangeField: 'date_start',
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
});

/**
 * `/api/v1/audits/command-executions-hosts-relations/`: the execution–host links, for the log's hosts
 * dialog; only links of executions in the current org.
 */
export const commandExecutionHostsResource = defineResource({
  name: OPS_COMMAND_EXECUTION_HOSTS,
  url: '/api/v1/audits/command-executions-hosts-relations/',
  table: COMMAND_EXECUTION_HOSTS.table,
  orgScoped: false,
  journal: false,
  label: l('批量命令主机', 'Command execution host', 'バッチコマンドホスト'),
  fields: {
    asset: { kind: 'fk', to: 'assets.asset', label: l('资产', 'Asset', 'アセット'), column: 'asset_id' },
    asset_display: {
      kind: 'string',
      label: l('资产名称', 'Asset display', 'アセット表示'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const ids = [...new Set(rows.map((row) => String(row.asset)))];
        const assets =
          ids.length === 0
            ? []
            : await resources
                .get('assets.asset')
                .find({ field: 'id', op: 'in', values: ids }, { ...ctx, orgId: ROOT_ORG_ID });
        const byId = new Map(assets.map((a) => [String(a.id), `${String(a.hostname)}(${String(a.ip)})`]));
        return rows.map((row) => byId.get(String(row.asset)) ?? '');
      },
    },
    commandexecution: {
      kind: 'fk',
      to: OPS_COMMAND_EXECUTION,
      label: l('批量命令', 'Command execution', 'バッチコマンド'),
      column: 'commandexecution_id',
    },
    commandexecution_display: {
      kind: 'string',
      label: l('命令', 'Command', 'コマンド'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const ids = [...new Set(rows.map((row) => String(row.commandexecution)))];
        const runs =
          ids.length === 0
            ? []
            : await resources
                .get(OPS_COMMAND_EXECUTION)
                .find({ field: 'id', op: 'in', values: ids }, { ...ctx, orgId: ROOT_ORG_ID });
        const byId = new Map(runs.map((run) => [String(run.id), String(run.command).slice(0, 128)]));
        return rows.map((row) => byId.get(String(row.commandexecution)) ?? '');
      },
    },
  },
  searchFields: [],
  filterFields: ['id', 'asset', 'commandexecution'],
  customFilters: {
    // v2.21's `asset__hostname` search.
    search: async (value, ctx, resources) => {
      const assets = await resources
        .get('assets.asset')
        .find({ field: 'hostname', op: 'contains', value }, { ...ctx, orgId: ROOT_ORG_ID });
      return { field: 'asset', op: 'in', values: assets.map((a) => String(a.id)) };
    },
  },
  orderingFields: [],
  defaultOrdering: [],
  fieldsMini: ['id', 'asset', 'commandexecution'],
  bulkDelete: false,
  permissions: { view: 'ops.view_commandexecution' },
  disabledActions: ['add', 'change', 'delete'],
  hooks: {
    // Only links of executions of the current org (the link table has no org column).
    scope: (ctx) =>
      ctx.orgId === ROOT_ORG_ID
        ? null
        : {
            field: 'commandexecution',
            op: 'inSubquery',
            subquery: { table: 'ops_command_execution', column: 'id', where: { org_id: ctx.orgId } },
          },
  },
});
