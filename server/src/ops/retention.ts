import fs from 'node:fs';
import path from 'node:path';
import { isTaskLogName, taskLogRoot } from './task-files';

/**
 * Task-log retention: v2.21's TASK_LOG_KEEP_DAYS (settings category `clean`, default 90 days). The settings
 * categories do not exist here yet, so the default is a constant; the sweep takes the value as a parameter.
 */
export const TASK_LOG_KEEP_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes task logs last written more than `keepDays` ago. Only `<2 hex>/<uuid>.log` entries are looked at
 * (nothing else in the folder is touched) and never the log of a running task. Returns how many went.
 */
export async function sweepTaskLogs(
  dataDir: string,
  keepDays: number,
  isRunning: (id: string) => boolean,
  now = Date.now(),
): Promise<number> {
  const root = taskLogRoot(dataDir);
  const cutoff = now - keepDays * DAY_MS;
  let removed = 0;
  let folders: string[];
  try {
    folders = await fs.promises.readdir(root);
  } catch {
    return 0;
  }
  for (const folder of folders) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    const dir = path.join(root, folder);
    let files: string[];
    try {
      files = await fs.promises.readdir(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      if (!isTaskLogName(folder, file) || isRunning(file.slice(0, -4))) continue;
      const full = path.join(dir, file);
      try {
        const stat = await fs.promises.lstat(full);
        if (stat.isFile() && stat.mtimeMs < cutoff) {
          await fs.promises.unlink(full);
          removed++;
        }
      } catch {
        // gone meanwhile
      }
    }
  }
  return removed;
}
