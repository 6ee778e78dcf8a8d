/** Resource names of the ops area, shared by the declarations and the task runner (server/src/ops). */
export const OPS_TASK = 'ops.task';
export const OPS_EXECUTION = 'ops.adhocexecution';
export const OPS_COMMAND_EXECUTION = 'ops.commandexecution';
export const OPS_COMMAND_EXECUTION_HOSTS = 'ops.commandexecutionhostrelation';

/** What a task does; its display name is translated from this and its subject (an asset, a node). */
export const TASK_KINDS = [
  'asset_connectivity',
  'node_connectivity',
  'asset_hardware',
  'node_hardware',
  'system_user_push',
  'system_user_test',
  'account_test',
  'user_gather',
  'command_execution',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
