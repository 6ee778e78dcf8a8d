import type { TaskLogStore } from '../data/stores/task-log-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the task logs last written more than `keepDays` ago (the `clean` setting TASK_LOG_KEEP_DAYS,
 * swept by the retention job, server/src/retention), never the log of a task running in this instance (a
 * run on another instance writes, so its log is recent). Returns how many logs went.
 */
export function sweepTaskLogs(
  logs: TaskLogStore,
  keepDays: number,
  running: ReadonlySet<string>,
  now = Date.now(),
): Promise<number> {
  return logs.sweep(now - keepDays * DAY_MS, running);
}
