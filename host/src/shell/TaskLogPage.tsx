import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SOCKET_SESSION_ENDED, useT } from '@bastion/sdk';

export const TASK_LOG_SOCKET_PATH = '/ws/ops/tasks/log/';

/** Refusals the server names in a frame's `error` (server/src/ops/task-log-socket.ts), shown translated. */
const ERROR_KEYS: Readonly<Record<string, string>> = {
  not_found: 'taskLog.notFound',
  invalid_task: 'taskLog.invalidTask',
  log_unavailable: 'taskLog.logUnavailable',
};

/**
 * The task log (legacy routes `/ops/celery/task/{id}/log/` and `/ops/task/task/{id}/log/`, also opened as a
 * 900×600 popup by the SDK's `openTaskLog`): a full-window log that follows `/ws/ops/tasks/log/`
 * (docs/architecture.md#tasks-and-their-logs-serversrcops), which sends `{message}` frames after `{task,
 * type: 'celery'}`. Output is text, never HTML. A task the user may not read (or that does not exist) is
 * answered with one `{error}` frame, shown as a notice instead of log text.
 */
export function TaskLogPage() {
  const t = useT('host');
  const { id = '' } = useParams();
  const [lines, setLines] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${t('taskLog.title')} ${id}`;
    if (typeof WebSocket === 'undefined') return;
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}${TASK_LOG_SOCKET_PATH}`);
    socket.onopen = () => socket.send(JSON.stringify({ task: id, type: 'celery' }));
    socket.onmessage = (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { message?: unknown; error?: unknown };
        if (typeof data.error === 'string') setError(ERROR_KEYS[data.error] ?? 'taskLog.notFound');
        else if (typeof data.message === 'string') setLines((l) => [...l, data.message as string]);
      } catch {
        // ignored
      }
    };
    socket.onerror = () => setFailed(true);
    // The server ended the session (logout, password change, disabled user): the log stops here.
    socket.onclose = (event) => {
      if (event.code === SOCKET_SESSION_ENDED) setError('taskLog.sessionEnded');
    };
    return () => {
      socket.onclose = null;
      socket.close();
    };
  }, [id, t]);
  // A block body: recent Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.();
  }, [lines]);
  return (
    <div
      className="min-h-screen p-3"
      style={{ background: '#1e1e1e', color: '#e0e0e0' }}
      data-testid="task-log"
    >
      <div className="text-sm mb-2" style={{ color: '#9e9e9e' }}>
        {t('taskLog.title')} <code data-testid="task-log-id">{id}</code>
      </div>
      <pre
        className="m-0 white-space-pre-wrap"
        style={{ fontFamily: 'monospace' }}
        data-testid="task-log-output"
      >
        {lines.join('')}
      </pre>
      {error ? (
        <p className="text-orange-300" data-testid="task-log-error">
          {t(error)}
        </p>
      ) : null}
      {failed ? (
        <p className="text-red-300" data-testid="task-log-failed">
          {t('messages.wsFailed')}
        </p>
      ) : null}
      <div ref={end} />
    </div>
  );
}
