import type { TaskLogStore } from '../data/stores/task-log-store';

/**
 * Task-log retention: v2.21's TASK_LOG_KEEP_DAYS (settings category `clean`, default 90 days). The settings
 * categories do not exist here yet, so the default is a constant; the sweep takes the value as a parameter.
 */
export const TASK_LOG_KEEP_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the task logs last written more than `keepDays` ago, never the log of a task running in this
 * instance (a run on another instance writes, so its log is recent). Returns how many logs went.
 */
export function sweepTaskLogs(
  logs: TaskLogStore,
  keepDays: number,
  running: ReadonlySet<string>,
  now = Date.now(),
): Promise<number> {
  return logs.sweep(now - keepDays * DAY_MS, running);
}
