import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { findUserById } from '../data/stores/users';
import { registerOwnList } from '../engine/own-list';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ResponseError, permissionDenied } from '../http/api-error';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { allows, holdsSystemAdmin } from '../rbac/authorize';
import { UserAccess } from '../rbac/user-permissions';
import { canJoin } from '../resources/terminal/sessions';
import {
  LOCAL_COMMAND_STORAGE_TYPE,
  TERMINAL_COMMAND,
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_SESSION,
} from '../resources/terminal/names';

export const MY_SESSIONS_URL = '/api/v1/terminal/my-sessions/';
export const JOIN_VALIDATE_URL = '/api/v1/terminal/sessions/join/validate/';
export const COMMAND_STORAGE_TREE_URL = '/api/v1/terminal/command-storages/tree/';

const JOIN_MESSAGES = {
  user: { zh: '用户无效', en: 'User is not valid', ja: 'ユーザーが無効です' },
  session: {
    zh: '会话不存在或已结束',
    en: 'Session is not active',
    ja: 'セッションがアクティブではありません',
  },
  permission: {
    zh: '没有权限加入会话',
    en: 'No permission to join the session',
    ja: 'セッションに参加する権限がありません',
  },
} as const;

/**
 * Session routes beyond the engine's (docs/terminal.md): the caller's own sessions, the join check a
 * component asks before letting a monitor in, and the tree of command storages of the command list.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const sessions = registry.resource(TERMINAL_SESSION);
  const commands = registry.resource(TERMINAL_COMMAND);
  const storages = registry.resource(TERMINAL_COMMAND_STORAGE);

  registerOwnList(app, ctx, registry, {
    url: MY_SESSIONS_URL,
    resource: TERMINAL_SESSION,
    userField: 'user_id',
    params: ['search', 'is_finished', 'protocol', 'date_from', 'date_to', 'order', 'limit', 'offset'],
  });

  // A monitor may join a live session of an org where they hold `terminal.monitor_session`.
  app.post(JOIN_VALIDATE_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['terminal.validate_sessionactionperm'])) throw permissionDenied();
    const body = (request.body ?? {}) as { user_id?: unknown; session_id?: unknown };
    const refuse = (key: keyof typeof JOIN_MESSAGES) =>
      new ResponseError(400, { ok: false, msg: JOIN_MESSAGES[key][rctx.language] });
    const user =
      typeof body.user_id === 'string' ? await findUserById(ctx.db, body.user_id).catch(() => null) : null;
    if (!user || !user.isActive) throw refuse('user');
    const session =
      typeof body.session_id === 'string'
        ? await sessions.get(body.session_id, { ...rctx, orgId: ROOT_ORG_ID }).catch(() => null)
        : null;
    if (!session || !canJoin(session)) throw refuse('session');
    const access = await UserAccess.load(ctx.db, user.id);
    const orgId = String(session.org_id ?? ROOT_ORG_ID);
    const monitor = { isSystemAdmin: holdsSystemAdmin(access), perms: access.permissionsIn(orgId) };
    if (!allows(monitor, ['terminal.monitor_session'])) throw refuse('permission');
    return { ok: true, msg: '' };
  });

  // Every configured command storage; only the server kind lives in this database and is counted and
  // listed here — the others are written by the components and cannot be read from this server.
  app.get(COMMAND_STORAGE_TREE_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['terminal.view_commandstorage|terminal.view_command'])) throw permissionDenied();
    const configured = await storages.find(null, { ...rctx, orgId: ROOT_ORG_ID, isSystemAdmin: true });
    const label = { zh: '命令存储', en: 'Command storages', ja: 'コマンドストレージ' }[rctx.language];
    const unreachable = {
      zh: '无法从此服务器访问',
      en: 'cannot be reached from here',
      ja: 'このサーバーからは参照できません',
    }[rctx.language];
    const leaves = [];
    for (const storage of configured) {
      const local = storage.type === LOCAL_COMMAND_STORAGE_TYPE;
      const count = local
        ? await commands.count(null, { ...rctx, query: { command_storage_id: String(storage.id) } })
        : null;
      leaves.push({
        id: String(storage.id),
        name: `${String(storage.name)}(${String(storage.type)})${count === null ? '' : `(${count})`}`,
        title: `${String(storage.name)}(${String(storage.type)})`,
        pId: 'root',
        isParent: false,
        open: false,
        valid: local,
        ...(local ? {} : { msg: unreachable }),
      });
    }
    return [{ id: 'root', name: label, title: label, pId: '', isParent: true, open: true }, ...leaves];
  });
}
