import type { Database } from '../data/database';
import type { Label, Language, ResourceDirectory } from '../engine/declaration';
import { usersOfRole } from '../data/stores/role-bindings';
import { listSystemSubscriptions, userReceiveBackends } from '../data/stores/msg-subscriptions';
import { MessageChannels, type ChannelMessage } from './channels';

export interface SystemMessageType {
  type: string;
  category: string;
  label: Label;
  categoryLabel: Label;
}

const OPS = { zh: '作业中心', en: 'Job center', ja: 'ジョブセンター' };
const TICKETS = { zh: '工单', en: 'Tickets', ja: 'チケット' };
const SYSTEM = { zh: '系统', en: 'System', ja: 'システム' };
const SECURITY = { zh: '安全', en: 'Security', ja: 'セキュリティ' };

/**
 * The system messages an administrator can subscribe people to (docs/message-subscriptions.md), each
 * sent where its event happens. A message is listed here only once something sends it.
 */
export const SYSTEM_MESSAGE_TYPES: readonly SystemMessageType[] = [
  {
    type: 'task_result',
    category: 'ops',
    categoryLabel: OPS,
    label: { zh: '任务执行结果', en: 'Task results', ja: 'タスクの実行結果' },
  },
  {
    type: 'ticket_applied',
    category: 'tickets',
    categoryLabel: TICKETS,
    label: { zh: '新工单申请', en: 'Ticket applied', ja: '新しいチケット申請' },
  },
  {
    type: 'license_expiry',
    category: 'system',
    categoryLabel: SYSTEM,
    label: { zh: '许可证即将过期', en: 'Licence expiry', ja: 'ライセンスの期限切れ' },
  },
  {
    type: 'password_expiry',
    category: 'security',
    categoryLabel: SECURITY,
    label: { zh: '用户密码即将过期', en: 'Password expiry', ja: 'パスワードの期限切れ' },
  },
  {
    type: 'insecure_command',
    category: 'security',
    categoryLabel: SECURITY,
    label: { zh: '危险命令告警', en: 'Insecure command alert', ja: '危険なコマンドの警告' },
  },
];

export const isSystemMessageType = (type: string): boolean =>
  SYSTEM_MESSAGE_TYPES.some((m) => m.type === type);

const GROUP = 'users.usergroup';

/** The users a subscription names: its users, the members of its groups and the holders of its roles. */
export async function subscribedUsers(
  db: Database,
  resources: ResourceDirectory,
  subscription: { users: readonly string[]; groups: readonly string[]; roles: readonly string[] },
): Promise<string[]> {
  const ids = new Set(subscription.users);
  if (subscription.groups.length > 0 && resources.has(GROUP))
    for (const members of (await resources.get(GROUP).linkedMany('users', subscription.groups)).values())
      for (const id of members) ids.add(id);
  for (const role of subscription.roles) for (const user of await usersOfRole(db, role)) ids.add(user.id);
  return [...ids];
}

/**
 * Sends a system message to the people subscribed to its type, over each channel the subscription names
 * that the person has not switched off (an always-on channel reaches everybody it names). Nobody
 * subscribed: nothing is sent. Returns the user ids reached per channel.
 */
export async function publishSystemMessage(
  db: Database,
  resources: ResourceDirectory,
  type: string,
  compose: (language: Language) => ChannelMessage,
  language: Language,
): Promise<Record<string, string[]>> {
  const subscription = (await listSystemSubscriptions(db)).get(type);
  if (!subscription || subscription.receiveBackends.length === 0) return {};
  const users = await subscribedUsers(db, resources, subscription);
  if (users.length === 0) return {};
  const own = await userReceiveBackends(db, users);
  const message = compose(language);
  const reached: Record<string, string[]> = {};
  for (const name of subscription.receiveBackends) {
    const channel = MessageChannels.of(db).get(name);
    if (!channel) continue;
    const to = channel.alwaysOn ? users : users.filter((id) => own.get(id)?.includes(name) ?? true);
    if (to.length === 0) continue;
    await channel.send(db, to, message);
    reached[name] = to;
  }
  return reached;
}
