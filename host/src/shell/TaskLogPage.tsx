import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useT, useTaskLogFollow, type TaskLogStop } from '@bastion/sdk';

/** Why the log stopped (the server's refusal in an `{error}` frame, or the session's end), shown translated. */
const STOP_KEYS: Readonly<Record<TaskLogStop, string>> = {
  not_found: 'taskLog.notFound',
  invalid_task: 'taskLog.invalidTask',
  log_unavailable: 'taskLog.logUnavailable',
  session_ended: 'taskLog.sessionEnded',
};

/**
 * The task log (legacy routes `/ops/celery/task/{id}/log/` and `/ops/task/task/{id}/log/`, also opened as a
 * 900×600 popup by the SDK's `openTaskLog`): a full-window log that follows `/ws/ops/tasks/log/`
 * (docs/architecture.md#tasks-and-their-logs-serversrcops) through the SDK's `useTaskLogFollow`
 * (docs/terminal-view.md#usetasklogfollow). Output is text, never HTML. A task the user may not read (or that
 * does not exist) is answered with one `{error}` frame, shown as a notice instead of log text.
 */
export function TaskLogPage() {
  const t = useT('host');
  const { id = '' } = useParams();
  const log = useTaskLogFollow(id);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${t('taskLog.title')} ${id}`;
  }, [id, t]);
  // A block body: recent Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.();
  }, [log.text]);
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
        {log.text}
      </pre>
      {log.stopped ? (
        <p className="text-orange-300" data-testid="task-log-error">
          {t(STOP_KEYS[log.stopped])}
        </p>
      ) : null}
      {log.failed ? (
        <p className="text-red-300" data-testid="task-log-failed">
          {t('messages.wsFailed')}
        </p>
      ) : null}
      <div ref={end} />
    </div>
  );
}
