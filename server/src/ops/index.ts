import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { sweepTaskLogs, TASK_LOG_KEEP_DAYS } from './retention';
import { registerTaskLogRoutes } from './task-log-routes';
import { registerTaskLogSocket } from './task-log-socket';
import { TaskRunner } from './task-runner';

const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * Ops: the in-process task runner, the task-log WebSocket `/ws/ops/tasks/log/` and its HTTP fallback
 * (docs/architecture.md#tasks-and-their-logs-serversrcops), and the daily sweep of old task logs. Called once
 * the engine is installed (the runner records runs in the `ops.task` / `ops.adhocexecution` resources).
 */
export async function registerOps(app: FastifyInstance, ctx: AppContext): Promise<TaskRunner> {
  if (!ctx.resources) throw new Error('registerOps needs the engine (ctx.resources)');
  const runner = new TaskRunner(ctx.config.dataDir, ctx.resources, (text) => app.log.warn(text));
  runner.recoverInterrupted();
  await registerTaskLogSocket(app, ctx.db, runner);
  registerTaskLogRoutes(app, runner);

  const sweep = (): void => {
    sweepTaskLogs(ctx.config.dataDir, TASK_LOG_KEEP_DAYS, (id) => runner.isRunning(id)).catch(
      (error: unknown) => app.log.warn(`task log sweep: ${String(error)}`),
    );
  };
  const first = setTimeout(sweep, FIRST_SWEEP_AFTER_MS);
  const daily = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  daily.unref();
  // Before connections close: running tasks are cancelled and record their end while the database is open.
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
    await runner.shutdown();
  });
  return runner;
}
