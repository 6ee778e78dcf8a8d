import type { Database } from '../database';
import { INSTANCE_ID } from '../periodic-jobs';

/**
 * Which instance runs which task, and when each instance was last seen alive (migration 401): runs of an
 * instance that stopped — crashed, killed, restarted — are recognised by the others and marked interrupted.
 */
export class TaskInstances {
  constructor(
    private readonly db: Database,
    readonly instance: string = INSTANCE_ID,
  ) {}

  /** Records that this instance is alive now. */
  async heartbeat(now = Date.now()): Promise<void> {
    await this.db.run(
      `INSERT INTO task_instances (instance, seen_at) VALUES (?, ?)
       ON CONFLICT (instance) DO UPDATE SET seen_at = excluded.seen_at`,
      [this.instance, now],
    );
  }

  async own(taskId: string): Promise<void> {
    await this.db.run(
      'INSERT INTO task_run_instances (task_id, instance) VALUES (?, ?) ON CONFLICT (task_id) DO NOTHING',
      [taskId, this.instance],
    );
  }

  /**
   * Of these unfinished runs, the ones no live instance runs: owned by an instance not seen since
   * `aliveAfter` (or by none); with `othersGone` (one process per SQLite file) every run not of this one.
   */
  async orphans(taskIds: readonly string[], aliveAfter: number, othersGone: boolean): Promise<string[]> {
    if (taskIds.length === 0) return [];
    const rows = await this.db.all<{ task_id: string; instance: string; seen_at: number | null }>(
      `SELECT o.task_id, o.instance, i.seen_at FROM task_run_instances o
       LEFT JOIN task_instances i ON i.instance = o.instance WHERE ${this.db.dialect.inList('o.task_id')}`,
      [this.db.dialect.listParam(taskIds)],
    );
    const owners = new Map(rows.map((row) => [row.task_id, row]));
    return taskIds.filter((id) => {
      const owner = owners.get(id);
      if (!owner) return true;
      if (owner.instance === this.instance) return false;
      return othersGone || owner.seen_at === null || Number(owner.seen_at) < aliveAfter;
    });
  }

  async forget(taskIds: readonly string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.run(`DELETE FROM task_run_instances WHERE ${this.db.dialect.inList('task_id')}`, [
      this.db.dialect.listParam(taskIds),
    ]);
  }
}
