import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session-auth';
import { ApiError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { opsMessage } from './messages';
import { mayReadTaskLog } from './task-access';
import { taskIdOf } from './task-files';
import { fileExists, readChunk, toTerminal } from './task-log-reader';
import type { TaskRunner } from './task-runner';

/** One answer's share of the log (docs/architecture.md#tasks-and-their-logs-serversrcops: up to 10 KB). */
export const HTTP_CHUNK_BYTES = 10 * 1024;
/** Marks kept at once (oldest dropped first) and how long one stays valid. */
export const MAX_MARKS = 10_000;
export const MARK_TTL_MS = 10 * 60 * 1000;

interface Mark {
  userId: string;
  taskId: string;
  offset: number;
  expires: number;
}

/**
 * Read offsets by mark, bounded in number and age. A mark only resumes for the user and task it was
 * issued to; anything else starts from the beginning.
 */
export class MarkStore {
  private readonly marks = new Map<string, Mark>();

  constructor(
    private readonly max = MAX_MARKS,
    private readonly ttlMs = MARK_TTL_MS,
  ) {}

  offset(mark: string | undefined, userId: string, taskId: string, now = Date.now()): number {
    if (mark === undefined) return 0;
    const found = this.marks.get(mark);
    if (!found || found.expires < now || found.userId !== userId || found.taskId !== taskId) return 0;
    return found.offset;
  }

  issue(userId: string, taskId: string, offset: number, now = Date.now()): string {
    for (const [key, mark] of this.marks) {
      if (this.marks.size < this.max && mark.expires >= now) break;
      this.marks.delete(key);
    }
    const key = crypto.randomUUID();
    this.marks.set(key, { userId, taskId, offset, expires: now + this.ttlMs });
    return key;
  }

  get size(): number {
    return this.marks.size;
  }
}

function markOf(request: FastifyRequest): string | undefined {
  const mark = (request.query as Record<string, unknown> | undefined)?.mark;
  return typeof mark === 'string' && mark.length <= 64 ? mark : undefined;
}

/**
 * `GET /api/v1/ops/celery/task/{id}/log/?mark=` (and the `ansible` twin): the HTTP fallback of the task-log
 * socket, `{data, end, mark}` with up to 10 KB per call, resuming from the offset kept under `mark`. Same
 * rules as the socket: signed in (401), and a task the user may not read is a 404 like an unknown one.
 */
export function registerTaskLogRoutes(app: FastifyInstance, runner: TaskRunner): void {
  const marks = new MarkStore();
  const handler = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const language = requestLanguage(request);
    const id = taskIdOf((request.params as { id?: unknown }).id);
    if (id === null || !mayReadTaskLog(auth, runner.findRun(id)))
      throw new ApiError(404, opsMessage('taskNotFound', language), 'not_found');
    const mark = markOf(request);
    const userId = auth.user.id;
    const file = runner.logPath(id);
    if (!(await fileExists(file))) {
      if (runner.isFinished(id))
        return { data: opsMessage('logUnavailable', language), end: true, mark: marks.issue(userId, id, 0) };
      const data = mark === 'undefined' ? '.' : opsMessage('waitingTaskStart', language);
      return { data, end: false, mark: marks.issue(userId, id, 0) };
    }
    const finished = runner.isFinished(id);
    const handle = await fs.promises.open(file, 'r');
    try {
      const start = marks.offset(mark, userId, id);
      const chunk = await readChunk(handle, start, HTTP_CHUNK_BYTES, finished);
      const offset = start + chunk.bytes;
      const end = finished && offset >= (await handle.stat()).size;
      return { data: toTerminal(chunk.text), end, mark: marks.issue(userId, id, offset) };
    } finally {
      await handle.close();
    }
  };
  app.get('/api/v1/ops/celery/task/:id/log/', handler);
  app.get('/api/v1/ops/ansible/task/:id/log/', handler);
}
