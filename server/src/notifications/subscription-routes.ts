import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import type { Language } from '../engine/declaration';
import { notFound, ResponseError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { systemContext } from '../ops/task-runner';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { requirePerms } from '../rbac/require-perms';
import { findRolesByIds } from '../data/stores/roles';
import {
  listSystemSubscriptions,
  saveSystemSubscription,
  saveUserReceiveBackends,
  findUserReceiveBackends,
  type SystemSubscription,
} from '../data/stores/msg-subscriptions';
import { MessageChannels } from './channels';
import { isSystemMessageType, SYSTEM_MESSAGE_TYPES } from './system-messages';

export const BACKENDS_URL = '/api/v1/notifications/backends/';
export const SYSTEM_SUBSCRIPTION_URL = '/api/v1/notifications/system-msg-subscription/';
export const USER_SUBSCRIPTION_URL = '/api/v1/notifications/user-msg-subscription/';

const PERMISSION = 'settings.change_systemmsgsubscription';
const MAX_RECEIVERS = 1000;

const subscriptionMessage = messageCatalogue({
  notList: { en: 'Expected a list of items.', zh: '应为列表。', ja: 'リストを指定してください。' },
  unknown: {
    en: 'Invalid pk "{id}" - object does not exist.',
    zh: '无效的 pk "{id}" - 对象不存在。',
    ja: '無効な pk "{id}" - オブジェクトが存在しません。',
  },
  tooMany: { en: 'At most {n} items.', zh: '最多 {n} 项。', ja: '最大 {n} 件です。' },
  badBackend: {
    en: '"{id}" is not a valid choice.',
    zh: '"{id}" 不是合法选项。',
    ja: '"{id}" は有効な選択肢ではありません。',
  },
});

/** A list of distinct strings, or its message. */
function stringList(value: unknown, lang: Language): string[] | string {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    return subscriptionMessage('notList', lang);
  if (value.length > MAX_RECEIVERS) return subscriptionMessage('tooMany', lang, { n: MAX_RECEIVERS });
  return [...new Set(value as string[])];
}

/**
 * Message subscriptions (docs/message-subscriptions.md): the channels, the system messages' receivers and
 * channels (settings.change_systemmsgsubscription), and each user's own channels.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const channels = () => MessageChannels.of(ctx.db);

  app.get(BACKENDS_URL, async (request) => {
    requireAuth(request);
    const lang = requestLanguage(request);
    return (await channels().offered()).map((channel) => ({
      name: channel.name,
      name_display: channel.label[lang],
    }));
  });

  const authorize = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    requirePerms(await resolveRequestOrg(ctx.db, request, auth.access), [PERMISSION]);
    return auth;
  };

  const names = async (resource: string, ids: readonly string[]) => {
    if (ids.length === 0 || !ctx.resources) return new Map<string, string>();
    const rows = await ctx.resources
      .get(resource)
      .find({ field: 'id', op: 'in', values: ids }, systemContext());
    return new Map(rows.map((row) => [String(row.id), String(row.name ?? row.username ?? row.id)]));
  };

  const serialize = async (lang: Language) => {
    const stored = await listSystemSubscriptions(ctx.db);
    const categories = new Map<string, { category: string; category_label: string; children: unknown[] }>();
    const offered = await channels().offered();
    for (const type of SYSTEM_MESSAGE_TYPES) {
      const s: Omit<SystemSubscription, 'messageType'> = stored.get(type.type) ?? {
        users: [],
        groups: [],
        roles: [],
        receiveBackends: [],
      };
      const users = await names('users.user', s.users);
      const entry = categories.get(type.category) ?? {
        category: type.category,
        category_label: type.categoryLabel[lang],
        children: [],
      };
      entry.children.push({
        message_type: type.type,
        message_type_label: type.label[lang],
        users: s.users,
        groups: s.groups,
        roles: s.roles,
        receive_backends: s.receiveBackends,
        receivers: s.users.map((id) => ({
          id,
          name: users.get(id) ?? id,
          ...Object.fromEntries(offered.map((c) => [c.name, s.receiveBackends.includes(c.name)])),
        })),
      });
      categories.set(type.category, entry);
    }
    return [...categories.values()];
  };

  app.get(SYSTEM_SUBSCRIPTION_URL, async (request) => {
    await authorize(request);
    return serialize(requestLanguage(request));
  });

  const save = (partial: boolean) => async (request: FastifyRequest<{ Params: { type: string } }>) => {
    await authorize(request);
    const lang = requestLanguage(request);
    const type = request.params.type;
    if (!isSystemMessageType(type)) throw notFound();
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body))
      throw new ResponseError(400, { non_field_errors: [subscriptionMessage('notList', lang)] });
    const current = (await listSystemSubscriptions(ctx.db)).get(type);
    const next: SystemSubscription = current ?? {
      messageType: type,
      users: [],
      groups: [],
      roles: [],
      receiveBackends: [],
    };
    const errors: Record<string, string[]> = {};
    const check = async (field: string, known: (ids: string[]) => Promise<Set<string>>) => {
      if (!Object.hasOwn(body, field)) return partial ? undefined : [];
      const ids = stringList(body[field], lang);
      if (typeof ids === 'string') {
        errors[field] = [ids];
        return undefined;
      }
      const found = await known(ids);
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) {
        errors[field] = [
          subscriptionMessage(field === 'receive_backends' ? 'badBackend' : 'unknown', lang, { id: missing }),
        ];
        return undefined;
      }
      return ids;
    };
    const users = await check('users', async (ids) => new Set((await names('users.user', ids)).keys()));
    const groups = await check(
      'groups',
      async (ids) => new Set((await names('users.usergroup', ids)).keys()),
    );
    const roles = await check(
      'roles',
      async (ids) => new Set((await findRolesByIds(ctx.db, ids)).map((r) => r.id)),
    );
    const backends = await check(
      'receive_backends',
      async (ids) => new Set(ids.filter((id) => channels().get(id) !== undefined)),
    );
    if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
    if (users) next.users = users;
    if (groups) next.groups = groups;
    if (roles) next.roles = roles;
    if (backends) next.receiveBackends = backends;
    await saveSystemSubscription(ctx.db, next);
    const all = await serialize(lang);
    return all
      .flatMap((c) => c.children)
      .find((child) => (child as { message_type: string }).message_type === type);
  };
  app.patch(`${SYSTEM_SUBSCRIPTION_URL}:type/`, save(true));
  app.put(`${SYSTEM_SUBSCRIPTION_URL}:type/`, save(false));

  /** A user's own channels: only one's own row exists for the caller (another id is a 404, as in v2.21). */
  const own = (request: FastifyRequest<{ Params: { userId: string } }>) => {
    const auth = requireAuth(request);
    if (request.params.userId !== auth.user.id) throw notFound();
    return auth.user.id;
  };
  app.get<{ Params: { userId: string } }>(`${USER_SUBSCRIPTION_URL}:userId/`, async (request) => {
    const userId = own(request);
    return { user_id: userId, receive_backends: await ownBackends(ctx, userId) };
  });
  app.patch<{ Params: { userId: string } }>(`${USER_SUBSCRIPTION_URL}:userId/`, async (request) => {
    const userId = own(request);
    const lang = requestLanguage(request);
    const value = stringList((request.body as Record<string, unknown> | null)?.receive_backends, lang);
    if (typeof value === 'string') throw new ResponseError(400, { receive_backends: [value] });
    const bad = value.find((name) => !channels().get(name));
    if (bad !== undefined)
      throw new ResponseError(400, {
        receive_backends: [subscriptionMessage('badBackend', lang, { id: bad })],
      });
    // The always-on channels stay on whatever is sent.
    const always = channels()
      .all()
      .filter((c) => c.alwaysOn)
      .map((c) => c.name);
    await saveUserReceiveBackends(ctx.db, userId, [...new Set([...always, ...value])]);
    return { user_id: userId, receive_backends: await ownBackends(ctx, userId) };
  });
}

/** The channels a user receives on: their own choice, or every channel when they never chose. */
export async function ownBackends(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string[]> {
  const all = await MessageChannels.of(ctx.db).offered();
  const chosen = await findUserReceiveBackends(ctx.db, userId);
  return all.filter((c) => c.alwaysOn || (chosen?.includes(c.name) ?? true)).map((c) => c.name);
}
