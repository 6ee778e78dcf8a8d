import { useEffect, useState } from 'react';
import { SOCKET_SESSION_ENDED, TASK_LOG_SOCKET_PATH } from '../constants';

/** Why a task log stopped short: the server's refusal (`not_found`, `invalid_task`, `log_unavailable`) or the session's end. */
export type TaskLogStop = 'not_found' | 'invalid_task' | 'log_unavailable' | 'session_ended';

/** A followed task log, as useTaskLogFollow returns it. */
export interface TaskLogFollow {
  /** The task this state belongs to (null: none followed). */
  taskId: string | null;
  /** The log so far, as the server sent it (text, never HTML). */
  text: string;
  /** Set when the server refused the task or ended the session. */
  stopped: TaskLogStop | null;
  /** The socket could not connect or broke. */
  failed: boolean;
}

const REFUSALS: readonly TaskLogStop[] = ['not_found', 'invalid_task', 'log_unavailable'];

const idle = (taskId: string | null): TaskLogFollow => ({ taskId, text: '', stopped: null, failed: false });

/**
 * Follows a task's log as it grows (docs/terminal-view.md#usetasklogfollow): the task-log socket, sent
 * `{task, type: 'celery'}` once open, answers `{message}` frames (or one `{error}` frame for a task the user
 * may not read). A new `taskId` starts afresh; null follows nothing. The socket closes on unmount.
 */
export function useTaskLogFollow(taskId: string | null): TaskLogFollow {
  const [state, setState] = useState<TaskLogFollow>(() => idle(taskId));
  // A new task: the old one's text is never shown for it (state is replaced during render, not in an effect).
  if (state.taskId !== taskId) setState(idle(taskId));

  useEffect(() => {
    if (taskId === null || typeof WebSocket === 'undefined') return;
    const update = (change: (s: TaskLogFollow) => TaskLogFollow) =>
      setState((s) => (s.taskId === taskId ? change(s) : s));
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}${TASK_LOG_SOCKET_PATH}`);
    socket.onopen = () => socket.send(JSON.stringify({ task: taskId, type: 'celery' }));
    socket.onmessage = (event) => {
      let data: { message?: unknown; error?: unknown };
      try {
        data = JSON.parse(String(event.data)) as typeof data;
      } catch {
        return; // not a frame of ours
      }
      const { message, error } = data;
      if (typeof error === 'string') {
        const stopped = REFUSALS.find((code) => code === error) ?? 'not_found';
        update((s) => ({ ...s, stopped }));
      } else if (typeof message === 'string') update((s) => ({ ...s, text: s.text + message }));
    };
    socket.onerror = () => update((s) => ({ ...s, failed: true }));
    socket.onclose = (event) => {
      // The server ended the session (logout, password change, disabled user): the log stops here.
      if (event.code === SOCKET_SESSION_ENDED) update((s) => ({ ...s, stopped: 'session_ended' }));
      // A connection that never opened or broke off closes unclean (browsers also fire `error` first).
      else if (!event.wasClean) update((s) => ({ ...s, failed: true }));
    };
    return () => {
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
    };
  }, [taskId]);

  return state.taskId === taskId ? state : idle(taskId);
}
