import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { schedulePeriodic } from '../data/periodic-jobs';
import type { ResourceRegistry } from '../engine/runtime';
import fs from 'node:fs';
import path from 'node:path';
import { sweepTaskLogs } from '../ops/retention';
import { replayDir } from '../terminal/replay-store';
import type { TaskRunner } from '../ops/task-runner';
import { categoryValues } from '../settings/settings-values';
import { RETENTION_RULES, type KeepDaysSetting } from './retention-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

export interface RetentionDeps {
  ctx: Pick<AppContext, 'db' | 'config'>;
  registry: ResourceRegistry;
  runner: TaskRunner;
}

/**
 * One retention pass (docs/settings.md#clean): every kind of record older than the days of its `clean`
 * setting, read now (a changed setting holds from the next pass, no restart), is deleted. Answers how
 * many went per setting.
 */
export async function runRetention(deps: RetentionDeps, now = Date.now()): Promise<Record<string, number>> {
  const values = await categoryValues(deps.ctx.db, deps.ctx.config, 'clean');
  const cutoff = (setting: KeepDaysSetting) => now - Number(values[setting]) * DAY_MS;
  const deleted: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    if (!deps.registry.has(rule.resource)) continue;
    // `not >=` rather than `<`: the condition vocabulary has no strict bound, and a NULL time matches neither.
    const gone = await deps.registry.resource(rule.resource).store.deleteWhere({
      not: {
        field: rule.field,
        op: 'gte',
        value: rule.seconds ? Math.floor(cutoff(rule.setting) / 1000) : cutoff(rule.setting),
      },
    });
    deleted[rule.setting] = (deleted[rule.setting] ?? 0) + gone;
  }
  deleted.TASK_LOG_KEEP_DAYS = await sweepTaskLogs(
    deps.runner.logs,
    Number(values.TASK_LOG_KEEP_DAYS),
    deps.runner.runningIds(),
    now,
  );
  deleted.TERMINAL_SESSION_KEEP_DURATION =
    (deleted.TERMINAL_SESSION_KEEP_DURATION ?? 0) +
    (await sweepReplays(replayDir(deps.ctx.config.dataDir), cutoff('TERMINAL_SESSION_KEEP_DURATION')));
  return deleted;
}

/** Replay files (local storage) last written before the cut-off: their sessions went in the same pass. */
async function sweepReplays(dir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let gone = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.promises.rm(file, { force: true });
      gone += 1;
    }
  }
  return gone;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One retention pass now (tests; the daily job runs the same). */
    runRetention(now?: number): Promise<Record<string, number>>;
  }
}

/** The daily retention job, run by one instance per day across all that share the database. */
export function registerRetention(app: FastifyInstance, deps: RetentionDeps): void {
  app.decorate('runRetention', (now?: number) => runRetention(deps, now));
  const stop = schedulePeriodic(
    deps.ctx.db,
    {
      name: 'retention',
      everyMs: DAY_MS,
      firstAfterMs: FIRST_SWEEP_AFTER_MS,
      work: async () => {
        const deleted = await runRetention(deps);
        app.log.info({ deleted }, 'retention: old records deleted');
      },
    },
    (message) => app.log.warn(message),
  );
  app.addHook('preClose', async () => stop());
}
