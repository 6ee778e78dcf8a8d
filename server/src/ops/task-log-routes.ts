import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session-auth';
import { TaskLogMarks } from '../data/stores/task-log-marks';
import { ApiError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { opsMessage } from './messages';
import { mayReadTaskLog } from './task-access';
import { taskIdOf } from './task-ids';
import { toTerminal } from './task-log-reader';
import type { TaskRunner } from './task-runner';

/** One answer's share of the log (docs/architecture.md#tasks-and-their-logs-serversrcops: up to 10 KB). */
export const HTTP_CHUNK_BYTES = 10 * 1024;

function markOf(request: FastifyRequest): string | undefined {
  const mark = (request.query as Record<string, unknown> | undefined)?.mark;
  return typeof mark === 'string' && mark.length <= 64 ? mark : undefined;
}

/**
 * `GET /api/v1/ops/celery/task/{id}/log/?mark=` (and the `ansible` twin): the HTTP fallback of the task-log
 * socket, `{data, end, mark}` with up to 10 KB per call, resuming from the position kept under `mark` (in
 * the database: the next call may reach another instance). Same rules as the socket: signed in (401), and a
 * task the user may not read is a 404 like an unknown one.
 */
export function registerTaskLogRoutes(app: FastifyInstance, runner: TaskRunner): void {
  const marks = new TaskLogMarks(runner.db);
  const handler = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const language = requestLanguage(request);
    const id = taskIdOf((request.params as { id?: unknown }).id);
    if (id === null || !mayReadTaskLog(auth, await runner.findRun(id)))
      throw new ApiError(404, opsMessage('taskNotFound', language), 'not_found');
    const mark = markOf(request);
    const userId = auth.user.id;
    // Read the state first: once finished, the log was complete before this read started.
    const finished = await runner.isFinished(id);
    if (!(await runner.logs.exists(id))) {
      if (finished)
        return {
          data: opsMessage('logUnavailable', language),
          end: true,
          mark: await marks.issue(userId, id, 0),
        };
      const data = mark === 'undefined' ? '.' : opsMessage('waitingTaskStart', language);
      return { data, end: false, mark: await marks.issue(userId, id, 0) };
    }
    const start = await marks.position(mark, userId, id);
    const chunk = await runner.logs.read(id, start, HTTP_CHUNK_BYTES);
    const end =
      finished && (chunk.text === '' || (await runner.logs.read(id, chunk.position, 1)).text === '');
    return { data: toTerminal(chunk.text), end, mark: await marks.issue(userId, id, chunk.position) };
  };
  app.get('/api/v1/ops/celery/task/:id/log/', handler);
  app.get('/api/v1/ops/ansible/task/:id/log/', handler);
}
