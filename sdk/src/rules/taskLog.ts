/**
 * The task log (docs/shell.md#the-task-log-window): many actions answer `{task: <id>}`; the console shows
 * that task's log on the legacy route `/ops/celery/task/{id}/log/`, in a 900×600 popup opened on the hash
 * path (old links keep working: the host turns `/ui/#/…` into a real path at boot).
 */
export const TASK_LOG_POPUP_FEATURES = 'width=900,height=600';

/** The popup's address for a task id (encoded: the id comes from a server answer, not from us). */
export function taskLogPopupUrl(taskId: string): string {
  return `/ui/#/ops/celery/task/${encodeURIComponent(taskId)}/log/`;
}

/** The task id of an action's answer (`{task}`), or null when the answer holds none. */
export function taskIdOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const task = (answer as { task?: unknown }).task;
  return typeof task === 'string' && task !== '' ? task : null;
}

/** Opens a task's log in the 900×600 popup. `open` is injectable for tests. */
export function openTaskLog(
  taskId: string,
  open: (url: string, target: string, features: string) => unknown = (url, target, features) =>
    window.open(url, target, features),
): void {
  open(taskLogPopupUrl(taskId), '', TASK_LOG_POPUP_FEATURES);
}
