import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerTaskLogRoutes } from './task-log-routes';
import { registerTaskLogSocket } from './task-log-socket';
import { INSTANCE_ALIVE_MS, TaskRunner } from './task-runner';

/** How often an instance says it is alive and looks for runs of instances that stopped. */
const HEARTBEAT_MS = INSTANCE_ALIVE_MS / 3;

/**
 * Ops: the task runner of this instance, the task-log WebSocket `/ws/ops/tasks/log/` and its HTTP fallback
 * (docs/architecture.md#tasks-and-their-logs-serversrcops) — logs are read from the database, so any
 * instance serves any task's log (old logs go with the retention job, server/src/retention). Called once the engine is installed (the runner records runs in the `ops.task` /
 * `ops.adhocexecution` resources).
 */
export async function registerOps(app: FastifyInstance, ctx: AppContext): Promise<TaskRunner> {
  if (!ctx.resources) throw new Error('registerOps needs the engine (ctx.resources)');
  const runner = new TaskRunner(ctx.db, ctx.resources, (text) => app.log.warn(text));
  await runner.recoverInterrupted();
  await registerTaskLogSocket(app, ctx.db, runner);
  registerTaskLogRoutes(app, runner);

  // Every instance: its heartbeat, and the runs of instances that stopped marked interrupted.
  const heartbeat = setInterval(() => {
    runner.recoverInterrupted().catch((error: unknown) => app.log.warn(`task recovery: ${String(error)}`));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Before connections close: running tasks are cancelled and record their end while the database is open.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    await runner.shutdown();
  });
  return runner;
}
