import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '@bastion/sdk';

export const TASK_LOG_SOCKET_PATH = '/ws/ops/tasks/log/';

/**
 * The task log (legacy routes `/ops/celery/task/{id}/log/` and `/ops/task/task/{id}/log/`, also opened as a
 * 900×600 popup): a full-window log that follows `/ws/ops/tasks/log/` (contract §10.7), which sends
 * `{message}` frames after `{task, type: 'celery'}`. Output is text, never HTML.
 */
export function TaskLogPage() {
  const t = useT('host');
  const { id = '' } = useParams();
  const [lines, setLines] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${t('taskLog.title')} ${id}`;
    if (typeof WebSocket === 'undefined') return;
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}${TASK_LOG_SOCKET_PATH}`);
    socket.onopen = () => socket.send(JSON.stringify({ task: id, type: 'celery' }));
    socket.onmessage = (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { message?: unknown };
        if (typeof data.message === 'string') setLines((l) => [...l, data.message as string]);
      } catch {
        // ignored
      }
    };
    socket.onerror = () => setFailed(true);
    return () => socket.close();
  }, [id, t]);
  useEffect(() => end.current?.scrollIntoView?.(), [lines]);
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
      {failed ? (
        <p className="text-red-300" data-testid="task-log-failed">
          {t('messages.wsFailed')}
        </p>
      ) : null}
      <div ref={end} />
    </div>
  );
}

/** Open a task's log in a 900×600 popup, on the hash path the v2.21 console used. */
export function openTaskLog(taskId: string): void {
  window.open(`/ui/#/ops/celery/task/${encodeURIComponent(taskId)}/log/`, '', 'width=900,height=600');
}
