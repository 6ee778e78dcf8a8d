import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Database } from '../data/database';
import { taskLogChannel } from '../data/stores/task-log-store';
import type { Language } from '../engine/declaration';
import { requestLanguage } from '../http/language';
import { registerSessionSocket } from '../http/session-socket';
import { opsMessage } from './messages';
import { mayReadTaskLog } from './task-access';
import { taskIdOf } from './task-ids';
import { toTerminal } from './task-log-reader';
import type { TaskRunner } from './task-runner';

export const TASK_LOG_SOCKET_PATH = '/ws/ops/tasks/log/';

/** Timings of docs/architecture.md#tasks-and-their-logs-serversrcops, and the limits v2.21 did not have. */
export const SOCKET_TIMINGS = {
  /** A "." while the log does not exist yet. */
  waitTickMs: 500,
  /** Give up waiting for a log that never appears. */
  waitForFileMs: 60_000,
  /** Poll for new log text. */
  pollMs: 200,
  /** One frame's share of the file. */
  chunkBytes: 4096,
  /** A stream never outlives this, whatever the task does. */
  maxStreamMs: 2 * 60 * 60 * 1000,
  /** Pause reading while this much is still queued for a slow client. */
  maxBufferedBytes: 1024 * 1024,
};

/** Frames the server sends: `{message, task}`; a refusal also names its reason in `error`. */
interface Frame {
  message: string;
  task?: string;
  error?: 'invalid_task' | 'not_found' | 'log_unavailable';
}

/** `{task, type}` from a client frame; null when it is not that shape. `type` (celery|ansible) is inert. */
function parseCommand(data: RawData, isBinary: boolean): { task: unknown } | null {
  if (isBinary) return null;
  try {
    const parsed: unknown = JSON.parse(String(data));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return { task: (parsed as Record<string, unknown>).task };
  } catch {
    return null;
  }
}

interface Stream {
  socket: WebSocket;
  runner: TaskRunner;
  id: string;
  language: Language;
  signal: AbortSignal;
}

const send = (socket: WebSocket, frame: Frame): void => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

/**
 * Follows one task's log (docs/architecture.md#tasks-and-their-logs-serversrcops), from the database — the
 * task may run on another instance: "." every 0.5 s until the log exists, "\r\n" once, then frames of at most
 * about 4 KB with \n turned into \r\n, sent as the writer announces new chunks (`task-log:<id>`, through the
 * database's notifications) and at least every 0.2 s, until the task is finished and everything written has
 * been sent. Aborting `signal` (a new request, the socket closing) ends it and releases its timer and
 * subscription.
 */
async function streamLog({ socket, runner, id, language, signal }: Stream): Promise<void> {
  const waitUntil = Date.now() + SOCKET_TIMINGS.waitForFileMs;
  while (!(await runner.logs.exists(id))) {
    if (signal.aborted) return;
    if (await runner.isFinished(id)) {
      send(socket, {
        message: `${opsMessage('logUnavailable', language)}\r\n`,
        task: id,
        error: 'log_unavailable',
      });
      return;
    }
    if (Date.now() > waitUntil) {
      send(socket, { message: `${opsMessage('logWaitTimeout', language)}\r\n`, task: id });
      return;
    }
    send(socket, { message: '.', task: id });
    await sleep(SOCKET_TIMINGS.waitTickMs, undefined, { signal });
  }
  if (signal.aborted) return;
  send(socket, { message: '\r\n', task: id });
  // A new chunk wakes the loop at once; the poll interval is the fallback (a missed notification).
  let wake: (() => void) | null = null;
  const unsubscribe = await runner.db.notifications.subscribe(taskLogChannel(id), () => wake?.());
  try {
    let position = 0;
    const until = Date.now() + SOCKET_TIMINGS.maxStreamMs;
    for (;;) {
      // Read the state first: once finished, the log was complete before this read started.
      const finished = await runner.isFinished(id);
      for (;;) {
        if (signal.aborted) return;
        const chunk = await runner.logs.read(id, position, SOCKET_TIMINGS.chunkBytes);
        // Stopped while reading (a new request, a revoked right): nothing more leaves.
        if (signal.aborted) return;
        if (chunk.text === '') break;
        position = chunk.position;
        send(socket, { message: toTerminal(chunk.text), task: id });
        while (socket.bufferedAmount > SOCKET_TIMINGS.maxBufferedBytes && !signal.aborted)
          await sleep(SOCKET_TIMINGS.pollMs, undefined, { signal });
      }
      if (finished || Date.now() > until) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, SOCKET_TIMINGS.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        signal.addEventListener('abort', () => wake?.(), { once: true });
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}

/**
 * `/ws/ops/tasks/log/`: a signed-in user on our own origin (http/session-socket.ts) sends
 * `{"task": "<uuid>", "type": "celery"}` and receives the log as `{message, task}` frames. A new request on
 * the same socket replaces the previous stream (the batch-command page reuses one socket). A non-UUID id is
 * answered at once with a fixed message and never reaches the filesystem; a task the user may not read
 * (task-access.ts) is answered exactly like an unknown one.
 *
 * The reader's right is not frozen at the handshake: each request re-reads the session first, and while a
 * log streams every periodic re-check asks task-access.ts again — a demoted reader gets the `not_found`
 * frame and the stream stops; a logged-out, disabled or re-passworded one gets the socket closed (4401).
 */
export async function registerTaskLogSocket(
  app: FastifyInstance,
  db: Database,
  runner: TaskRunner,
): Promise<void> {
  await registerSessionSocket(app, db, TASK_LOG_SOCKET_PATH, (socket, request, identity) => {
    const language = requestLanguage(request);
    let current: { controller: AbortController; id: string } | null = null;
    /** Requests answered so far: only the latest one may start a stream. */
    let asked = 0;
    const stop = (): void => {
      current?.controller.abort();
      current = null;
    };
    const refuse = (id: string): void =>
      send(socket, { message: `${opsMessage('taskNotFound', language)}\r\n`, task: id, error: 'not_found' });
    socket.on('close', stop);
    socket.on('error', stop);
    identity.onRecheck(async (auth) => {
      const streaming = current;
      if (streaming && !mayReadTaskLog(auth, await runner.findRun(streaming.id)) && current === streaming) {
        stop();
        refuse(streaming.id);
      }
    });
    socket.on('message', (data, isBinary) => {
      stop();
      const order = (asked += 1);
      const command = parseCommand(data, isBinary);
      const id = command ? taskIdOf(command.task) : null;
      if (id === null) {
        send(socket, { message: `${opsMessage('invalidTaskId', language)}\r\n`, error: 'invalid_task' });
        return;
      }
      void identity.recheck().then(async (auth) => {
        // Closed (4401) when the session is gone; superseded when another request came meanwhile.
        if (auth === null || order !== asked) return;
        const run = await runner.findRun(id);
        if (order !== asked) return;
        if (!mayReadTaskLog(auth, run)) {
          refuse(id);
          return;
        }
        const controller = new AbortController();
        current = { controller, id };
        streamLog({ socket, runner, id, language, signal: controller.signal })
          .catch((error: unknown) => {
            if ((error as Error).name !== 'AbortError')
              app.log.warn(`task log stream ${id}: ${String(error)}`);
          })
          .finally(() => {
            if (current?.controller === controller) current = null;
          });
      });
    });
  });
}
