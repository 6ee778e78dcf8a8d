import type { Database } from '../data/database';
import type { ResourceDirectory } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import { taskDisplayName, type TaskRunner } from '../ops/task-runner';
import { escapeHtml } from '../resources/tickets/escape-html';
import { publishSystemMessage } from './system-messages';

const taskMessage = messageCatalogue({
  succeeded: { en: 'Task succeeded: {name}', zh: '任务成功：{name}', ja: 'タスク成功：{name}' },
  failed: { en: 'Task failed: {name}', zh: '任务失败：{name}', ja: 'タスク失敗：{name}' },
  body: {
    en: 'The task {name} ended after {seconds} s.',
    zh: '任务 {name} 已结束，用时 {seconds} 秒。',
    ja: 'タスク {name} は {seconds} 秒で終了しました。',
  },
});

/** Every finished task run tells the subscribers of `task_result` (docs/message-subscriptions.md). */
export function sendTaskResults(db: Database, resources: ResourceDirectory, runner: TaskRunner): void {
  runner.onFinished(async (run) => {
    await publishSystemMessage(
      db,
      resources,
      'task_result',
      (lang) => {
        const name = taskDisplayName(run.kind, run.subject, lang) ?? run.subject;
        return {
          subject: taskMessage(run.success ? 'succeeded' : 'failed', lang, { name }),
          message: `<p>${escapeHtml(taskMessage('body', lang, { name, seconds: run.seconds }))}</p>`,
        };
      },
      run.language,
    );
  });
}
