import { defineResource } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { l, LABELS } from '../label';
import { TERMINAL_SESSION, TERMINAL_TABLES, TERMINAL_TASK, TERMINAL_TERMINAL } from './names';

export const KILL_SESSION = 'kill_session';

/**
 * Terminal tasks (`terminal.Task`, global): what a component is asked to do — today `kill_session`,
 * queued by `tasks/kill-session/` for the component carrying the session. A component lists its own
 * unfinished tasks (here or in the heartbeat's answer) and acknowledges each with
 * `PATCH tasks/{id}/ {"is_finished": true}` (docs/terminal.md#terminating-a-session).
 */
export const taskResource = defineResource({
  name: TERMINAL_TASK,
  url: '/api/v1/terminal/tasks/',
  table: TERMINAL_TABLES.task,
  orgScoped: false,
  journal: false,
  label: l('任务', 'Task', 'タスク'),
  fields: {
    name: { kind: 'string', label: LABELS.name, maxLength: 128, required: true },
    args: { kind: 'string', label: l('参数', 'Args', '引数'), maxLength: 1024, required: true },
    kwargs: { kind: 'json', label: l('关键字参数', 'Kwargs', 'キーワード引数'), default: () => ({}) },
    terminal: {
      kind: 'fk',
      to: TERMINAL_TERMINAL,
      label: l('终端', 'Terminal', 'ターミナル'),
      required: true,
    },
    is_finished: { kind: 'boolean', label: l('是否完成', 'Is finished', '完了'), default: false },
    date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
    date_finished: {
      kind: 'datetime',
      label: l('完成日期', 'Date finished', '完了日'),
      nullable: true,
      readOnly: true,
    },
  },
  searchFields: [],
  filterFields: ['name', 'args', 'is_finished', 'terminal'],
  orderingFields: ['date_created'],
  defaultOrdering: ['date_created'],
  fieldsMini: ['id', 'name', 'args', 'is_finished'],
  bulkDelete: false,
  disabledActions: ['add', 'delete'],
  hooks: {
    // A component sees only its own tasks.
    scope: (ctx) =>
      ctx.isSystemAdmin || !ctx.userId
        ? null
        : {
            field: 'terminal',
            op: 'inSubquery',
            subquery: { table: TERMINAL_TABLES.terminal, column: 'id', where: { user_id: ctx.userId } },
          },
    // An acknowledgement changes nothing but `is_finished`.
    beforeSave: (data, _ctx, existing) => {
      if (!existing) return;
      for (const key of Object.keys(data)) if (key !== 'is_finished') delete data[key];
      if (data.is_finished && !existing.date_finished) data.date_finished = Date.now();
    },
  },
  extraActions: [
    {
      path: 'kill-session/',
      detail: false,
      methods: ['POST'],
      permissions: ['terminal.terminate_session'],
      handler: async ({ ctx, body, resources }) => {
        const ids = Array.isArray(body) ? body.filter((id): id is string => typeof id === 'string') : [];
        const ok: string[] = [];
        for (const id of ids) {
          const session = await resources
            .get(TERMINAL_SESSION)
            .get(id, ctx)
            .catch(() => null);
          if (!session || Number(session.is_finished) === 1 || !session.terminal) continue;
          await resources.get(TERMINAL_TASK).create(
            {
              name: KILL_SESSION,
              args: id,
              kwargs: { terminated_by: ctx.userDisplay ?? ctx.username },
              terminal: session.terminal,
            },
            { ...ctx, orgId: ROOT_ORG_ID },
          );
          ok.push(id);
        }
        return { body: { ok } };
      },
    },
  ],
});
