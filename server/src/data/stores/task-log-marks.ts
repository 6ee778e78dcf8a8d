import crypto from 'node:crypto';
import type { Database } from '../database';

/** A mark stays valid this long (the HTTP log fallback of docs/architecture.md#tasks-and-their-logs-serversrcops). */
export const MARK_TTL_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Read positions of the HTTP task-log fallback (`?mark=`), in the database so that the next call may land
 * on any instance. A mark only resumes for the user and task it was issued to; anything else starts over.
 */
export class TaskLogMarks {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async position(mark: string | undefined, userId: string, taskId: string, now = Date.now()): Promise<number> {
    if (mark === undefined) return 0;
    const row = await this.db.get<{ position: number }>(
      'SELECT position FROM task_log_marks WHERE mark = ? AND user_id = ? AND task_id = ? AND expires_at >= ?',
      [mark, userId, taskId, now],
    );
    return row ? Number(row.position) : 0;
  }

  async issue(userId: string, taskId: string, position: number, now = Date.now()): Promise<string> {
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.run('DELETE FROM task_log_marks WHERE expires_at < ?', [now]);
    }
    const mark = crypto.randomUUID();
    await this.db.run(
      'INSERT INTO task_log_marks (mark, user_id, task_id, position, expires_at) VALUES (?, ?, ?, ?, ?)',
      [mark, userId, taskId, position, now + MARK_TTL_MS],
    );
    return mark;
  }
}
