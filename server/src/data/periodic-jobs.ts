import crypto from 'node:crypto';
import type { Database } from './database';

/** This process among the instances on a database (periods it claims, tasks it runs). */
export const INSTANCE_ID = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;

/**
 * Claims the period of job `name` for this instance: true for exactly one caller across every instance
 * on the database until `everyMs` has passed since the last claim (an atomic upsert, migration 401).
 */
export async function claimPeriod(db: Database, name: string, everyMs: number, now = Date.now()): Promise<boolean> {
  const row = await db.get(
    `INSERT INTO job_claims (name, claimed_at, claimed_by) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET claimed_at = excluded.claimed_at, claimed_by = excluded.claimed_by
       WHERE job_claims.claimed_at <= ?
     RETURNING name`,
    [name, now, INSTANCE_ID, now - everyMs],
  );
  return row !== undefined;
}

export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** Delay of the first attempt after start. */
  firstAfterMs: number;
  work(): Promise<void>;
}

/**
 * Runs a job once per period across every instance: each instance wakes on its own timer, but only the
 * one that claims the period runs it, under an advisory lock so that a run longer than a period never
 * overlaps the next. Returns the stop function (timers are unref'd; stop before closing the database).
 */
export function schedulePeriodic(db: Database, job: PeriodicJob, warn: (message: string) => void): () => void {
  // Instances wake a little apart, so that one claim settles the period before the others look.
  const tick = async (): Promise<void> => {
    try {
      await db.runExclusive(`job:${job.name}`, async () => {
        if (await claimPeriod(db, job.name, job.everyMs)) await job.work();
      });
    } catch (error) {
      warn(`periodic job ${job.name}: ${(error as Error).message}`);
    }
  };
  let stopped = false;
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    if (stopped) return;
    void tick();
    interval = setInterval(() => void tick(), Math.max(1000, Math.floor(job.everyMs / 4)));
    interval.unref();
  }, job.firstAfterMs);
  first.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
